// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-rwsem.c - the xadd-era rwsems on scripted interleavings: who spins,
 * who sleeps, and exactly which counters move
 *
 * The test compiles the shared slow paths (locks/rwsem-common.c) with the
 * step hook LB_RWX_TEST_STEP, so that one thread runs the verb under test
 * ("main") and, at chosen steps of its slow path, plays the other threads
 * with verbs that never block (trylocks, unlocks, a fast-path read on a
 * lock it can have) or pokes the state a thread would leave there (the
 * owner field between a writer's count update and its owner store; a
 * reader that queued and went to sleep). A thread that would sleep on a
 * word the script has already changed returns at once, so a whole
 * interleaving runs in one thread and ends the same way every time.
 *
 * Each script runs on every era (rwsem-xadd 3.15, rwsem-wspin 3.16,
 * rwsem-rspin 2014, rwsem-4.18, rwsem-qexit 4.20) and checks each actor's
 * counters against the era's own expectation, all of them: a counter that
 * moves where it should not fails too.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "actors.h"
#include "check.h"

struct lb_rwx;
struct lb_tctx;
static void test_step(struct lb_rwx *sem, struct lb_tctx *t, int step);
#define LB_RWX_TEST_STEP(sem, t, s) test_step((sem), (t), (s))
#include "locks/rwsem-common.c"

/* The eras, as the lock files build them (rwsem-*.c). */
enum { XADD, WSPIN, RSPIN, V418, QEXIT, NERAS };
static const struct era {
	const char *name;
	unsigned features, ctr_extra, ctr_wait_lock, wake;
	const char *extra;	/* the era's own counter, NULL if none */
} eras[NERAS] = {
	[XADD] = { "rwsem-xadd", 0, 0, RWX_CTR_NEXT, LB_WAKE_IN_LOCK, NULL },
	[WSPIN] = { "rwsem-wspin", RWX_WSPIN, 0, RWX_CTR_NEXT, LB_WAKE_IN_LOCK, NULL },
	[RSPIN] = { "rwsem-rspin", RWX_WSPIN | RWX_RSPIN, RWX_CTR_NEXT, RWX_CTR_NEXT + 1,
		    LB_WAKE_IN_LOCK, "writer-respins" },
	[V418] = { "rwsem-4.18", RWX_WSPIN | RWX_V418 | RWX_RUNS, 0, RWX_CTR_RUNS_NEXT,
		   LB_WAKE_AFTER_UNLOCK, NULL },
	[QEXIT] = { "rwsem-qexit", RWX_WSPIN | RWX_V418 | RWX_RUNS | RWX_QEXIT,
		    RWX_CTR_RUNS_NEXT, RWX_CTR_RUNS_NEXT + 1, LB_WAKE_AFTER_UNLOCK,
		    "queue-empty-exits" },
};

enum { MAIN, R1, R2, W1, NACTORS };
static const char *const actor_name[NACTORS] = { "main", "R1", "R2", "W1" };

enum act {
	RLOCK,		/* read_lock on a lock it can have at once (the fast path) */
	RUNLOCK,	/* read_unlock of a read lock it holds or was granted */
	WTRY,		/* write trylock */
	WUNLOCK,	/* write unlock */
	CLEAR_OWNER,	/* the owner field back to NULL: a writer between count and owner */
	QUEUE_READER,	/* the actor queued as a reader and went to sleep (state only) */
};

struct action {
	int step;	/* at this step (-1 ends a list) ... */
	unsigned nth;	/* ... on its nth occurrence (1-based; 0 in a setup) */
	int who;
	enum act what;
};

#define END { -1, 0, 0, 0 }

/* counters: sleeps wakeups spin-acquired spin-failed read-slowpaths write-slowpaths
 * read-wait-locks longest-slow-run extra (the last three only where the era has them) */
enum { C_SLEEPS, C_WAKEUPS, C_SPIN_ACQ, C_SPIN_FAILED, C_RSLOW, C_WSLOW, C_RWL, C_RUN, C_EXTRA,
       NC };
static const char *const cname[NC] = { "sleeps", "wakeups", "spin-acquired", "spin-failed",
	"read-slowpaths", "write-slowpaths", "read-wait-locks", "longest-slow-run", "extra" };

struct expect {
	unsigned eras;			/* bit per era this row is for */
	int who;
	unsigned c[NC];
	unsigned spins_seen;		/* main's LB_RWX_S_SPIN steps: 0 none, 1 at least one */
};

struct script {
	const char *name;
	const struct action *setup;
	bool main_reads;
	const struct action *acts;
	const struct expect *want;	/* rows; an actor without a row must count nothing */
	unsigned wakeups_at_woke;	/* main's wakeups at LB_RWX_S_WOKE_READERS, 4.18 on */
};

#define ALL	((1u << NERAS) - 1)
#define E(x)	(1u << (x))
#define SPINNERS (E(RSPIN) | E(V418) | E(QEXIT))

/*
 * S1: a writer meets a write-held lock whose owner field is still NULL (the
 * holder between its count update and its owner store). 3.16 does not spin
 * on it; the 2014 series and 4.9-4.20 do ("!owner is considered
 * spinnable"), and the holder's release lets the spinner in.
 */
static const struct action s1_setup[] = { { 0, 0, W1, WTRY }, { 0, 0, W1, CLEAR_OWNER }, END };
static const struct action s1[] = {
	{ LB_RWX_S_SPIN, 1, W1, WUNLOCK },
	{ LB_RWX_S_WRITE_SLEEP, 1, W1, WUNLOCK },
	END,
};
static const struct expect s1_want[] = {
	{ SPINNERS, MAIN, { [C_SPIN_ACQ] = 1, [C_WSLOW] = 1 }, 1 },
	{ E(XADD) | E(WSPIN), MAIN, { [C_WSLOW] = 1 }, 0 },
	{ E(XADD) | E(WSPIN), W1, { [C_WAKEUPS] = 1 }, 0 },
	{ .eras = 0 },
};

/*
 * S2: a writer meets a read-held lock. 4.18 records the readers
 * (RWSEM_READER_OWNED) and does not spin on them, nor does 3.16 (no owner);
 * the 2014 series spins on the ownerless lock and gets it when the reader
 * leaves. The reader's up_read() wakes the queued writer through the
 * wait_lock: a reader's wait_lock acquisition (read-wait-locks, 4.18 on).
 */
static const struct action s2_setup[] = { { 0, 0, R1, RLOCK }, END };
static const struct action s2[] = {
	{ LB_RWX_S_SPIN, 1, R1, RUNLOCK },
	{ LB_RWX_S_WRITE_SLEEP, 1, R1, RUNLOCK },
	END,
};
static const struct expect s2_want[] = {
	{ E(RSPIN), MAIN, { [C_SPIN_ACQ] = 1, [C_WSLOW] = 1 }, 1 },
	{ E(XADD) | E(WSPIN) | E(V418) | E(QEXIT), MAIN, { [C_WSLOW] = 1 }, 0 },
	{ E(XADD) | E(WSPIN), R1, { [C_WAKEUPS] = 1 }, 0 },
	{ E(V418) | E(QEXIT), R1, { [C_WAKEUPS] = 1, [C_RWL] = 1 }, 0 },
	{ .eras = 0 },
};

/*
 * S3: a writer queues behind a reader (R2, asleep in the queue) while R1
 * holds the lock for reading: it grants R2 the lock and wakes it. 4.18
 * issues that wake-up at once, with the wait_lock still held; before, it
 * went out when the writer dropped the wait_lock to sleep.
 */
static const struct action s3_setup[] = { { 0, 0, R1, RLOCK }, { 0, 0, R2, QUEUE_READER }, END };
static const struct action s3[] = {
	{ LB_RWX_S_WRITE_SLEEP, 1, R1, RUNLOCK },
	{ LB_RWX_S_WRITE_SLEEP, 1, R2, RUNLOCK },
	END,
};
static const struct expect s3_want[] = {
	/* the 2014 series spins its 64 rounds on the ownerless lock, then queues */
	{ E(RSPIN), MAIN, { [C_WAKEUPS] = 1, [C_SPIN_FAILED] = 1, [C_WSLOW] = 1 }, 1 },
	{ E(XADD) | E(WSPIN) | E(V418) | E(QEXIT), MAIN, { [C_WAKEUPS] = 1, [C_WSLOW] = 1 }, 0 },
	{ E(XADD) | E(WSPIN) | E(RSPIN), R2, { [C_WAKEUPS] = 1 }, 0 },
	{ E(V418) | E(QEXIT), R2, { [C_WAKEUPS] = 1, [C_RWL] = 1 }, 0 },
	{ .eras = 0 },
};

/*
 * S4: a reader misses the fast path behind a writer, which leaves before
 * the reader has the wait_lock. 4.20's exit keeps the read lock (empty
 * queue, count >= 0: queue-empty-exits); 4.18 queues, finds nobody active
 * and grants itself; the 2014 series spins and joins; 3.1x queue and grant
 * themselves as 4.18.
 */
static const struct action s4_setup[] = { { 0, 0, W1, WTRY }, END };
static const struct action s4[] = { { LB_RWX_S_READ_SLOW, 1, W1, WUNLOCK }, END };
static const struct expect s4_want[] = {
	{ E(XADD) | E(WSPIN), MAIN, { [C_RSLOW] = 1 }, 0 },
	{ E(RSPIN), MAIN, { [C_SPIN_ACQ] = 1, [C_RSLOW] = 1 }, 0 },
	{ E(V418), MAIN, { [C_RSLOW] = 1, [C_RWL] = 1, [C_RUN] = 1 }, 0 },
	{ E(QEXIT), MAIN, { [C_RSLOW] = 1, [C_RWL] = 1, [C_RUN] = 1, [C_EXTRA] = 1 }, 0 },
	{ .eras = 0 },
};

static const struct script scripts[] = {
	{ "S1 writer on an ownerless write-held lock", s1_setup, false, s1, s1_want, 0 },
	{ "S2 writer on a read-held lock", s2_setup, false, s2, s2_want, 0 },
	{ "S3 writer queues behind a sleeping reader", s3_setup, false, s3, s3_want, 1 },
	{ "S4 reader behind a writer that leaves", s4_setup, true, s4, s4_want, 0 },
};

#define MAXSTEPS 300

static struct {
	const struct era *e;
	const struct script *s;
	struct lb_rwx *sem;
	ACTORS_FIELDS(NACTORS);
	unsigned reads_held[NACTORS];
	bool write_held[NACTORS], queued[NACTORS];
	unsigned seen[LB_RWX_NSTEPS];
	uint64_t wakeups_at_woke;
	unsigned nsteps;
	bool acting, runaway;
} st;

static void (*era_read_lock(void))(void *, struct lb_tctx *)
{
	return (st.e->features & RWX_V418) ? lb_rwx_read_lock_418 : lb_rwx_read_lock;
}

/* The state down_read_failed() leaves for a reader that queued and sleeps. */
static void queue_reader(int who)
{
	struct lb_sleep_thread *ts = lb_sleep_thread(&st.t[who]);
	struct lb_list *h = &st.sem->wait_list;

	lb_wait_lock(&st.sem->s, &st.t[who]);
	if (lb_list_empty(h))
		lb_add_return_full(&st.sem->count, RWSEM_WAITING_BIAS);
	ts->waiter.type = LB_WAIT_READ;
	lb_store_relaxed(&ts->waiter.granted, 0);
	lb_list_add_tail(&ts->waiter.node, h);
	lb_wait_unlock(&st.sem->s, &st.t[who]);
	lb_store_relaxed(&ts->task.park, 1);	/* TASK_UNINTERRUPTIBLE, asleep */
	st.queued[who] = true;
}

static void perform(const struct action *a)
{
	struct lb_tctx *t = &st.t[a->who];

	st.acting = true;
	switch (a->what) {
	case RLOCK:
		era_read_lock()(st.sem, t);
		st.reads_held[a->who]++;
		break;
	case RUNLOCK:
		if (st.queued[a->who] && lb_load_acquire(&lb_sleep_thread(t)->waiter.granted)) {
			st.queued[a->who] = false;	/* granted: it holds a read lock */
			lb_store_relaxed(&lb_sleep_thread(t)->task.park, 0);
			st.reads_held[a->who]++;
		}
		if (st.reads_held[a->who]) {
			lb_rwx_read_unlock(st.sem, t);
			st.reads_held[a->who]--;
		}
		break;
	case WTRY:
		st.write_held[a->who] = lb_rwx_write_trylock(st.sem, t);
		CHECK(st.write_held[a->who], "%s/%s: %s's write trylock failed", st.s->name,
		      st.e->name, actor_name[a->who]);
		break;
	case WUNLOCK:
		if (st.write_held[a->who]) {
			lb_rwx_write_unlock(st.sem, t);
			st.write_held[a->who] = false;
		}
		break;
	case CLEAR_OWNER:
		lb_store_relaxed(&st.sem->owner, NULL);
		break;
	case QUEUE_READER:
		queue_reader(a->who);
		break;
	}
	st.acting = false;
}

static void test_step(struct lb_rwx *sem, struct lb_tctx *t, int step)
{
	(void)sem;
	if (st.acting || t != &st.t[MAIN])
		return;		/* a step of an actor's own verb */
	st.seen[step]++;
	if (step == LB_RWX_S_WOKE_READERS)
		st.wakeups_at_woke = st.ctr[MAIN][LB_SC_WAKEUPS];
	if (++st.nsteps > MAXSTEPS) {
		if (!st.runaway)
			CHECK(0, "%s/%s: more than %d steps", st.s->name, st.e->name, MAXSTEPS);
		st.runaway = true;
		for (int w = R1; w < NACTORS; w++) {
			perform(&(struct action){ step, 0, w, WUNLOCK });
			do
				perform(&(struct action){ step, 0, w, RUNLOCK });
			while (st.reads_held[w]);
		}
		return;
	}
	for (const struct action *a = st.s->acts; a->step >= 0; a++)
		if (a->step == step && a->nth == st.seen[step])
			perform(a);
}

/* An actor's counter in the test's order (C_*), 0 where the era has none. */
static uint64_t counter(int who, unsigned c)
{
	const uint64_t *ctr = st.ctr[who];

	switch (c) {
	case C_SLEEPS: return ctr[LB_SC_SLEEPS];
	case C_WAKEUPS: return ctr[LB_SC_WAKEUPS];
	case C_SPIN_ACQ: return ctr[LB_SC_SPIN_ACQUIRED];
	case C_SPIN_FAILED: return ctr[LB_SC_SPIN_FAILED];
	case C_RSLOW: return ctr[RWX_CTR_READ_SLOWPATHS];
	case C_WSLOW: return ctr[RWX_CTR_WRITE_SLOWPATHS];
	case C_RWL: return (st.e->features & RWX_RUNS) ? ctr[RWX_CTR_READ_WAIT_LOCKS] : 0;
	case C_RUN: return (st.e->features & RWX_RUNS) ? ctr[RWX_CTR_SLOW_RUN] : 0;
	case C_EXTRA: return st.e->extra ? ctr[st.e->ctr_extra] : 0;
	}
	return 0;
}

static void run(const struct era *e, const struct script *s)
{
	struct lb_rwx *sem = aligned_alloc(64, (sizeof(*sem) + 63) / 64 * 64);
	static struct lb_sleep_thread priv[NACTORS];
	struct lb_lock_cfg cfg = { .nthreads = NACTORS, .ndomains = 1, .tsc_per_ns = 1.0,
				   .pause_ns = 1.0 };
	unsigned eb = 1u << (e - eras);

	memset(&st, 0, sizeof(st));
	memset(priv, 0, sizeof(priv));
	memset(sem, 0, sizeof(*sem));
	st.e = e;
	st.s = s;
	st.sem = sem;
	ACTORS_INIT(&st, priv, NACTORS);
	CHECK(lb_rwx_init(sem, &cfg, e->features, LB_WAIT_LOCK_TICKET, LB_BUDGET_DEFAULT_NS,
			  RWX_ARCH_X86, e->ctr_extra, e->ctr_wait_lock, e->wake) == 0, "init");
	for (int i = 0; i < NACTORS; i++)
		CHECK(lb_rwx_thread_init(sem, &st.t[i]) == 0, "thread_init");
	for (const struct action *a = s->setup; a->step >= 0; a++)
		perform(a);
	memset(st.ctr, 0, sizeof(st.ctr));	/* the script's counts only */
	if (s->main_reads) {
		era_read_lock()(sem, &st.t[MAIN]);
		CHECK((lb_load_relaxed(&sem->count) & RWSEM_ACTIVE_MASK) >= 1 &&
		      lb_load_relaxed(&sem->count) >= RWSEM_WAITING_BIAS,
		      "%s/%s: reader in beside a writer: count %#llx", s->name, e->name,
		      (unsigned long long)lb_load_relaxed(&sem->count));
	} else {
		lb_rwx_write_lock(sem, &st.t[MAIN]);
		CHECK(lb_load_relaxed(&sem->count) == RWSEM_ACTIVE_WRITE_BIAS &&
		      (!(e->features & RWX_WSPIN) ||
		       lb_load_relaxed(&sem->owner) == lb_rwx_me(&st.t[MAIN])) &&
		      !st.reads_held[R1] && !st.reads_held[R2] && !st.write_held[W1],
		      "%s/%s: writer in beside others", s->name, e->name);
	}
	st.acting = true;
	if (s->main_reads)
		lb_rwx_read_unlock(sem, &st.t[MAIN]);
	else
		lb_rwx_write_unlock(sem, &st.t[MAIN]);
	st.acting = false;
	CHECK(lb_load_relaxed(&sem->count) == 0 && lb_list_empty(&sem->wait_list),
	      "%s/%s: count %#llx after everyone left", s->name, e->name,
	      (unsigned long long)lb_load_relaxed(&sem->count));
	if (s->wakeups_at_woke && (e->features & RWX_V418))
		CHECK(st.wakeups_at_woke == s->wakeups_at_woke, "%s/%s: %llu wake-ups issued while "
		      "the writer held the wait_lock, want %u", s->name, e->name,
		      (unsigned long long)st.wakeups_at_woke, s->wakeups_at_woke);
	else if (s->wakeups_at_woke)
		CHECK(st.wakeups_at_woke == 0, "%s/%s: %llu wake-ups before the wait_lock was "
		      "dropped, want 0", s->name, e->name, (unsigned long long)st.wakeups_at_woke);
	for (int who = 0; who < NACTORS; who++) {
		const struct expect *w = NULL;

		for (const struct expect *x = s->want; x->eras; x++)
			if ((x->eras & eb) && x->who == who)
				w = x;
		for (unsigned c = 0; c < NC; c++) {
			uint64_t got = counter(who, c), want = w ? w->c[c] : 0;

			CHECK(got == want, "%s/%s: %s's %s is %llu, want %llu", s->name, e->name,
			      actor_name[who], c == C_EXTRA && e->extra ? e->extra : cname[c],
			      (unsigned long long)got, (unsigned long long)want);
		}
		if (who == MAIN && w)
			CHECK((st.seen[LB_RWX_S_SPIN] > 0) == (w->spins_seen > 0),
			      "%s/%s: main spun %u rounds, want %s", s->name, e->name,
			      st.seen[LB_RWX_S_SPIN], w->spins_seen ? "some" : "none");
	}
	free(sem);
}

int main(void)
{
	for (unsigned i = 0; i < LB_ARRAY_SIZE(scripts); i++) {
		int failed = check_failed;

		for (unsigned e = 0; e < NERAS; e++)
			run(&eras[e], &scripts[i]);
		printf("%s: %s\n", check_failed == failed ? "ok" : "FAILED", scripts[i].name);
	}
	return check_done();
}

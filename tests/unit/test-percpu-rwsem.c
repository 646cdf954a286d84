// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-percpu-rwsem.c - percpu-rwsem on scripted interleavings: the
 * grace periods it runs or skips, who queues and who really sleeps
 *
 * The lock (locks/percpu-rwsem.c) is compiled here with the step hook
 * LB_PCPU_TEST_STEP: one thread runs the verb under test ("main") and, at
 * chosen steps, plays the other threads with verbs that do not block at
 * that moment. A waiter whose grant or wake-up the script has already
 * made does not sleep, so the sleep counters must stay 0 while the
 * queueing ones move: each script checks every counter of every actor.
 * One script checks that the entering grace period lasts its stated
 * length at least (a lower bound on a sleep, which load only lengthens).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "actors.h"
#include "check.h"

struct pcpu_rwsem;
struct lb_tctx;
static void test_step(struct pcpu_rwsem *s, struct lb_tctx *t, int step);
#define LB_PCPU_TEST_STEP(s, t, step) test_step((s), (t), (step))
#include "locks/percpu-rwsem.c"

enum { MAIN, R1, W1, NACTORS };
static const char *const actor_name[NACTORS] = { "main", "R1", "W1" };

enum act { RLOCK, RUNLOCK, WLOCK, WUNLOCK };

struct action {
	int step;	/* -1 ends a list */
	unsigned nth;
	int who;
	enum act what;
};

#define END { -1, 0, 0, 0 }

struct script {
	const char *name;
	uint64_t exit_us, enter_us;
	const struct action *setup;
	bool main_reads;
	const struct action *acts;
	unsigned want[NACTORS][PCPU_NCTR];
	uint64_t min_ns;	/* main's verb lasts at least this long */
};

/* P1: the writer finds a reader inside and waits for it; its leaving wakes it first */
static const struct action p1_setup[] = { { 0, 0, R1, RLOCK }, END };
static const struct action p1[] = { { LB_PCPU_S_DRAIN_SLEEP, 1, R1, RUNLOCK }, END };
/* P2: a reader finds a writer inside and queues; the writer's unlock grants it */
static const struct action p2_setup[] = { { 0, 0, W1, WLOCK }, END };
static const struct action p2[] = { { LB_PCPU_S_WAIT_SLEEP, 1, W1, WUNLOCK }, END };
/* P4: a writer during the exit grace period of the last one runs none */
static const struct action p4_setup[] = { { 0, 0, W1, WLOCK }, { 0, 0, W1, WUNLOCK }, END };
static const struct action none[] = { END };

static const struct script scripts[] = {
	{ "P1 writer drains a reader", 0, 0, p1_setup, false, p1,
	  { [MAIN] = { [CTR_GP_STARTED] = 1, [CTR_GP_FENCE] = 1 } }, 0 },
	{ "P2 reader queues behind a writer", 0, 0, p2_setup, true, p2,
	  { [MAIN] = { [CTR_READ_SLOW] = 1, [CTR_READ_QUEUED] = 1 } }, 0 },
	/* P5: a second writer skips the grace period (the first is in) and queues for block */
	{ "P5 writer queues behind a writer", 0, 0, p2_setup, false, p2,
	  { [MAIN] = { [CTR_GP_SKIPPED] = 1, [CTR_WRITE_QUEUED] = 1 } }, 0 },
	{ "P4 writer during the exit grace period", 10000000, 0, p4_setup, false, none,
	  { [MAIN] = { [CTR_GP_SKIPPED] = 1 } }, 0 },
	/* P3: from idle the writer waits the entering grace period's length */
	{ "P3 writer waits the entering grace period", 0, 2000, NULL, false, none,
	  { [MAIN] = { [CTR_GP_STARTED] = 1, [CTR_GP_FENCE] = 1 } }, 2000000 },
};

static struct {
	const struct script *s;
	struct pcpu_rwsem *l;
	ACTORS_FIELDS(NACTORS);
	unsigned reads_held[NACTORS];
	bool write_held[NACTORS];
	unsigned seen[LB_PCPU_NSTEPS], nsteps;
	bool acting;
} st;

static void perform(const struct action *a)
{
	struct lb_tctx *t = &st.t[a->who];

	st.acting = true;
	switch (a->what) {
	case RLOCK:
		percpu_rwsem_read_lock(st.l, t);
		st.reads_held[a->who]++;
		break;
	case RUNLOCK:
		if (st.reads_held[a->who]) {
			percpu_rwsem_read_unlock(st.l, t);
			st.reads_held[a->who]--;
		}
		break;
	case WLOCK:
		percpu_rwsem_lock(st.l, t);
		st.write_held[a->who] = true;
		break;
	case WUNLOCK:
		if (st.write_held[a->who]) {
			percpu_rwsem_unlock(st.l, t);
			st.write_held[a->who] = false;
		}
		break;
	}
	st.acting = false;
}

static void test_step(struct pcpu_rwsem *s, struct lb_tctx *t, int step)
{
	(void)s;
	if (st.acting || t != &st.t[MAIN])
		return;
	st.seen[step]++;
	if (++st.nsteps > 100) {
		CHECK(st.nsteps != 101, "%s: more than 100 steps", st.s->name);
		for (int w = R1; w < NACTORS; w++) {
			perform(&(struct action){ step, 0, w, WUNLOCK });
			perform(&(struct action){ step, 0, w, RUNLOCK });
		}
		return;
	}
	for (const struct action *a = st.s->acts; a->step >= 0; a++)
		if (a->step == step && a->nth == st.seen[step])
			perform(a);
}

static uint32_t read_sum(void)
{
	uint32_t sum = 0;

	for (int i = 0; i < NACTORS; i++)
		sum += ((struct pcpu_tctx *)st.peer_priv[i])->read_count;
	return sum;
}

static void run(const struct script *s)
{
	static unsigned char priv[NACTORS][PCPU_RSS_OFF + LB_INNER_MAX_TCTX] LB_ALIGNED;
	struct pcpu_rwsem *l = aligned_alloc(64, (sizeof(*l) + 63) / 64 * 64);
	/* the fence variant: the same every run, wherever membarrier is missing */
	uint64_t opts[] = { 1, LB_WAIT_LOCK_QSPINLOCK, s->exit_us, s->enter_us };
	struct lb_lock_cfg cfg = { .nthreads = NACTORS, .ndomains = 1, .opts = opts,
				   .tsc_per_ns = 1.0, .pause_ns = 1.0 };
	uint64_t t0;

	memset(&st, 0, sizeof(st));
	memset(priv, 0, sizeof(priv));
	memset(l, 0, sizeof(*l));
	st.s = s;
	st.l = l;
	ACTORS_INIT(&st, priv, NACTORS);
	CHECK(percpu_rwsem_init(l, &cfg) == 0, "%s: init", s->name);
	for (int i = 0; i < NACTORS; i++)
		CHECK(percpu_rwsem_thread_init(l, &st.t[i]) == 0, "thread_init");
	for (const struct action *a = s->setup; a && a->step >= 0; a++)
		perform(a);
	memset(st.ctr, 0, sizeof(st.ctr));
	t0 = lb_now_ns();
	if (s->main_reads) {
		percpu_rwsem_read_lock(l, &st.t[MAIN]);
		CHECK(!lb_load_relaxed(&l->block), "%s: reader in beside a writer", s->name);
	} else {
		percpu_rwsem_lock(l, &st.t[MAIN]);
		CHECK(lb_load_relaxed(&l->block) && read_sum() == 0 && !st.write_held[W1],
		      "%s: writer in beside others (block %u, readers %u)", s->name,
		      lb_load_relaxed(&l->block), read_sum());
	}
	CHECK(lb_now_ns() - t0 >= s->min_ns, "%s: %llu ns, less than the grace period's %llu",
	      s->name, (unsigned long long)(lb_now_ns() - t0), (unsigned long long)s->min_ns);
	st.acting = true;
	if (s->main_reads)
		percpu_rwsem_read_unlock(l, &st.t[MAIN]);
	else
		percpu_rwsem_unlock(l, &st.t[MAIN]);
	st.acting = false;
	CHECK(!lb_load_relaxed(&l->block) && read_sum() == 0 && !l->head,
	      "%s: left held: block %u, readers %u, queue head %u", s->name,
	      lb_load_relaxed(&l->block), read_sum(), l->head);
	for (int who = 0; who < NACTORS; who++)
		for (unsigned c = 0; c < PCPU_NCTR; c++)
			CHECK(st.ctr[who][c] == s->want[who][c], "%s: %s's %s is %llu, want %u",
			      s->name, actor_name[who], percpu_rwsem_counters[c],
			      (unsigned long long)st.ctr[who][c], s->want[who][c]);
	free(l);
}

int main(void)
{
	/* lb_budget_cycles() of the exit grace period reads the clock's rate from cfg */
	for (unsigned i = 0; i < LB_ARRAY_SIZE(scripts); i++) {
		int failed = check_failed;

		run(&scripts[i]);
		printf("%s: %s\n", check_failed == failed ? "ok" : "FAILED", scripts[i].name);
	}
	/* the writer reads as many counters as the kernel's: one per possible CPU */
	{
		struct pcpu_rwsem l = { 0 };
		uint64_t opts[] = { 1, LB_WAIT_LOCK_QSPINLOCK, 0, 0 };
		struct lb_lock_cfg cfg = { .nthreads = 1, .ndomains = 1, .opts = opts,
					   .tsc_per_ns = 1.0 };
		unsigned possible = pcpu_possible_cpus();

		CHECK(percpu_rwsem_init(&l, &cfg) == 0, "init");
		CHECK(l.idle_cpus + 1 == (possible > 1 ? possible : 1),
		      "1 thread on %u possible CPUs: %u idle lines, want %u", possible, l.idle_cpus,
		      possible - 1);
	}
	return check_done();
}

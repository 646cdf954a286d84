// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-numa-locks.c - qspinlock and the numa locks on scripted
 * interleavings: exactly which hand-off counters move, and who counts them
 *
 * A spinning waiter cannot be played from one thread (it spins until
 * another thread acts), so each actor is a thread of its own that locks
 * and unlocks on command, and the script orders them by what it can see:
 * the next actor is sent only once the previous one is visibly waiting
 * where the script wants it (the pending bit or the queue tail in
 * qspinlock's word, its node linked behind its predecessor's, its ticket
 * taken, its remote hand-off counted). Once everyone waits, the holder
 * lets go and the lock decides every hand-off from a state that no longer
 * moves, so the counters are the same on every run, whatever the
 * scheduler does. Every counter of every actor is checked.
 *
 * The lock domains are given to the actors directly (t->domain), two of
 * them; the locks are reached through the registry, their words and
 * nodes through qspinlock-common.h (the queued locks) and describe()
 * (cohort-tkt's tickets). A wait that does not come true in 10 s fails
 * the script and releases everyone.
 */
#include "config.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "base/clock.h"
#include "locks/qspinlock-common.h"
#include "locks/registry.h"

#define NACT 5
enum { CMD_NONE, CMD_LOCK, CMD_UNLOCK, CMD_QUIT };

struct actor {
	pthread_t th;
	struct lb_tctx t;
	uint64_t ctr[LB_LOCK_MAX_COUNTERS];
	int cmd;		/* CMD_*, set by the driver, cleared by the actor */
	unsigned done;		/* commands finished */
	bool held;
};

static struct {
	const struct lb_lock_ops *ops;
	void *lock;
	struct actor a[NACT];
	struct lb_tctx *peers[NACT];
	void *peer_priv[NACT];
	const char *script;
	bool stuck;
} w;

static void *actor_main(void *arg)
{
	struct actor *a = arg;

	for (;;) {
		int c;

		while (!(c = __atomic_load_n(&a->cmd, __ATOMIC_ACQUIRE)))
			sched_yield();
		if (c == CMD_QUIT)
			return NULL;
		if (c == CMD_LOCK)
			w.ops->lock(w.lock, &a->t);
		else
			w.ops->unlock(w.lock, &a->t);
		__atomic_store_n(&a->cmd, CMD_NONE, __ATOMIC_RELAXED);
		__atomic_add_fetch(&a->done, 1, __ATOMIC_RELEASE);
	}
}

/* send(): give actor @i a command (the previous one must be done) */
static void send(int i, int cmd)
{
	__atomic_store_n(&w.a[i].cmd, cmd, __ATOMIC_RELEASE);
}

/* wait_for(): poll @cond (10 s at most); false, once reported, if it never came true */
#define wait_for(cond, what)							\
	({									\
		uint64_t t0_ = lb_now_ns();					\
		bool ok_ = true;						\
		while (!w.stuck && !(cond)) {					\
			if (lb_now_ns() - t0_ > 10000000000ull) {		\
				CHECK(0, "%s: %s never happened", w.script, (what)); \
				w.stuck = ok_ = false;				\
				break;						\
			}							\
			sched_yield();						\
		}								\
		ok_ && !w.stuck;						\
	})

static bool lock_done(int i)
{
	return __atomic_load_n(&w.a[i].done, __ATOMIC_ACQUIRE) >= 1;
}

static uint64_t ctr(int i, unsigned k)
{
	return __atomic_load_n(&w.a[i].ctr[k], __ATOMIC_RELAXED);
}

/* the queued locks: the tail names actor @i's first node */
static bool qs_tail_is(int i)
{
	uint32_t v = __atomic_load_n(&((struct qspinlock *)w.lock)->val, __ATOMIC_ACQUIRE);

	return (v & QS_TAIL_MASK) == qs_encode_tail((unsigned)i, 0);
}

/* every per-thread node here begins with its next pointer: @i's is @j's node */
static bool linked(int i, int j)
{
	return __atomic_load_n((void **)w.a[i].t.priv, __ATOMIC_ACQUIRE) == w.a[j].t.priv;
}

/* cohort-tkt: tickets out (tail - head) of the global lock (@d < 0) or of domain @d */
static unsigned tickets_out(int d)
{
	char buf[4096], key[32];
	const char *p;
	unsigned head, tail;

	w.ops->describe(w.lock, buf, sizeof(buf));
	if (d < 0)
		snprintf(key, sizeof(key), "global head=");
	else
		snprintf(key, sizeof(key), "; domain %d head=", d);
	p = strstr(buf, key);
	if (!p || sscanf(p + strlen(key), "%u tail=%u", &head, &tail) != 2)
		return 0;
	return (tail - head) & 0xffff;
}

static void setup(const char *lock, const char *script, const uint64_t *opts_set,
		  const unsigned *domains)
{
	static uint64_t opts[32];
	static unsigned char priv[NACT][4096] __attribute__((aligned(64)));
	struct lb_lock_cfg cfg = { .nthreads = NACT, .ndomains = 2, .opts = opts,
				   .tsc_per_ns = 1.0, .pause_ns = 1.0 };
	unsigned n = 0;

	memset(&w, 0, sizeof(w));
	memset(priv, 0, sizeof(priv));
	w.script = script;
	w.ops = lb_lock_find(lock);
	CHECK(w.ops && w.ops->tctx_size <= sizeof(priv[0]), "%s: the lock %s", script, lock);
	for (; w.ops->options && w.ops->options[n].name; n++)
		opts[n] = opts_set && opts_set[n] != UINT64_MAX ? opts_set[n] :
			  w.ops->options[n].def;
	w.lock = aligned_alloc(64, (w.ops->lock_size + 63) / 64 * 64);
	memset(w.lock, 0, w.ops->lock_size);
	CHECK(w.ops->init(w.lock, &cfg) == 0, "%s: init", script);
	for (int i = 0; i < NACT; i++) {
		w.a[i].t = (struct lb_tctx){ .tid = (unsigned)i, .nthreads = NACT, .priv = priv[i],
					     .ctr = w.a[i].ctr, .cpu = -1, .peers = w.peers,
					     .peer_priv = w.peer_priv, .domain = domains[i],
					     .ndomains = 2 };
		w.peers[i] = &w.a[i].t;
		w.peer_priv[i] = priv[i];
	}
	for (int i = 0; i < NACT; i++)
		pthread_create(&w.a[i].th, NULL, actor_main, &w.a[i]);
}

/*
 * Let everyone finish: each actor that got the lock releases it, in the
 * order the lock grants it; then the actors quit and the counters are
 * compared with @want (a row per actor, in the lock's counter order).
 */
static void finish_script(unsigned nact, const uint64_t want[][8], unsigned nctr)
{
	unsigned left = nact;
	bool unlocked[NACT] = { false };

	for (uint64_t t0 = lb_now_ns(); left && lb_now_ns() - t0 < 10000000000ull;) {
		for (unsigned i = 0; i < nact; i++) {
			if (!unlocked[i] && __atomic_load_n(&w.a[i].done, __ATOMIC_ACQUIRE) >= 2) {
				unlocked[i] = true;	/* the script released it already */
				left--;
			}
			if (unlocked[i] || !lock_done((int)i) ||
			    __atomic_load_n(&w.a[i].cmd, __ATOMIC_ACQUIRE))
				continue;
			send((int)i, CMD_UNLOCK);
			wait_for(__atomic_load_n(&w.a[i].done, __ATOMIC_ACQUIRE) >= 2, "an unlock");
			unlocked[i] = true;
			left--;
		}
		sched_yield();
	}
	CHECK(left == 0, "%s: %u actor(s) never got the lock", w.script, left);
	for (int i = 0; i < NACT; i++) {
		if (!left)
			send(i, CMD_QUIT);
		else
			pthread_detach(w.a[i].th);	/* stuck in the lock: leave it */
	}
	if (left)
		return;
	for (int i = 0; i < NACT; i++)
		pthread_join(w.a[i].th, NULL);
	for (unsigned i = 0; i < nact; i++)
		for (unsigned k = 0; k < nctr; k++)
			CHECK(w.a[i].ctr[k] == want[i][k], "%s: actor %u's %s is %llu, want %llu",
			      w.script, i, w.ops->counters[k], (unsigned long long)w.a[i].ctr[k],
			      (unsigned long long)want[i][k]);
	CHECK(!w.ops->is_locked(w.lock), "%s: still locked at the end", w.script);
	free(w.lock);
}

static void report(const char *script, int failed)
{
	printf("%s: %s\n", check_failed == failed ? "ok" : "FAILED", script);
}

/*
 * The queued locks: H holds; P becomes the pending waiter; C, B, D queue
 * in that order (domains 0, 1, 1, 0, 1). When H lets go, P takes the lock
 * by the pending path; C is queue head and passes headship on.
 */
static const unsigned q_dom[NACT] = { 0, 1, 1, 0, 1 };
enum { H, P, C, B, D };

static void queue_up(void)
{
	send(H, CMD_LOCK);
	wait_for(lock_done(H), "H holds the lock");
	send(P, CMD_LOCK);
	wait_for(__atomic_load_n(&((struct qspinlock *)w.lock)->val, __ATOMIC_ACQUIRE) &
		 QS_PENDING_MASK, "P is the pending waiter");
	send(C, CMD_LOCK);
	wait_for(qs_tail_is(C), "C queued");
	send(B, CMD_LOCK);
	wait_for(qs_tail_is(B) && linked(C, B), "B queued behind C");
	send(D, CMD_LOCK);
	wait_for(qs_tail_is(D) && linked(B, D), "D queued behind B");
	send(H, CMD_UNLOCK);
	wait_for(__atomic_load_n(&w.a[H].done, __ATOMIC_ACQUIRE) >= 2, "H's unlock");
}

static void queued_locks(void)
{
	/* slow pending queued; then cna's local remote longest moves flushes */
	static const uint64_t qs_want[NACT][8] = {
		[P] = { 1, 1, 0 }, [C] = { 1, 0, 1 }, [B] = { 1, 0, 1 }, [D] = { 1, 0, 1 },
	};
	/* C passes headship to D, its domain's, moving B aside; D's exit makes B head */
	static const uint64_t cna_want[NACT][8] = {
		[P] = { 1, 1, 0 }, [C] = { 1, 0, 1, 1, 0, 1, 1, 0 }, [B] = { 1, 0, 1 },
		[D] = { 1, 0, 1, 0, 1, 0, 0, 0 },
	};
	/* shuffle reduction (31 bits: the coin always says MCS here): FIFO, two remote */
	static const uint64_t cna_fifo_want[NACT][8] = {
		[P] = { 1, 1, 0 }, [C] = { 1, 0, 1, 0, 1 }, [B] = { 1, 0, 1, 0, 1 },
		[D] = { 1, 0, 1 },
	};
	/* cna's options: threshold, pending-loops, shuffle-reduction */
	static const uint64_t shuffle31[] = { UINT64_MAX, UINT64_MAX, 31 };
	int failed;

	failed = check_failed;
	setup("qspinlock", "Q1 qspinlock: pending, then three queued", NULL, q_dom);
	queue_up();
	finish_script(NACT, qs_want, 3);
	report("Q1 qspinlock: pending, then three queued", failed);

	failed = check_failed;
	setup("cna", "C1 cna: a local successor past a remote one", NULL, q_dom);
	queue_up();
	finish_script(NACT, cna_want, 8);
	report("C1 cna: a local successor past a remote one", failed);

	failed = check_failed;
	setup("cna", "C2 cna: shuffle reduction hands off as MCS", shuffle31, q_dom);
	queue_up();
	finish_script(NACT, cna_fifo_want, 8);
	report("C2 cna: shuffle reduction hands off as MCS", failed);
}

/*
 * The two-level locks: H (domain 0) holds; C (domain 1) waits at the top
 * level; B (domain 0) waits behind H in its domain. Counters: local-handoffs,
 * remote-handoffs, longest-local-run.
 */
static const unsigned t_dom[NACT] = { 0, 1, 0, 0, 0 };
enum { TH, TC, TB };

static void two_level(const char *lock, const char *script, const uint64_t *opts,
		      const uint64_t want[][8], bool then_b_remote)
{
	int failed = check_failed;
	bool tkt = strcmp(lock, "cohort-tkt") == 0;

	setup(lock, script, opts, t_dom);
	send(TH, CMD_LOCK);
	wait_for(lock_done(TH), "H holds the lock");
	send(TC, CMD_LOCK);
	/* C waits for the top level: its remote hand-off counted, or its global ticket out */
	wait_for(tkt ? tickets_out(-1) == 2 : ctr(TC, 1) == 1, "C waits at the top level");
	send(TB, CMD_LOCK);
	wait_for(tkt ? tickets_out(0) == 2 : linked(TH, TB), "B waits behind H");
	send(TH, CMD_UNLOCK);
	wait_for(__atomic_load_n(&w.a[TH].done, __ATOMIC_ACQUIRE) >= 2, "H's unlock");
	if (then_b_remote) {
		/* the domain's turn is over: B must queue at the top, behind C */
		wait_for(lock_done(TC) && ctr(TB, 1) == 1, "B queues behind C at the top");
	}
	finish_script(3, want, 3);
	report(script, failed);
}

static void two_level_locks(void)
{
	/* H passes to B in its domain; C gets the top level when B leaves */
	static const uint64_t pass[NACT][8] = { [TH] = { 1, 0, 1 }, [TC] = { 0, 1, 0 } };
	/* hmcs threshold 1: one section per turn, so H releases the root: no pass */
	static const uint64_t no_pass[NACT][8] = { [TC] = { 0, 1, 0 }, [TB] = { 0, 1, 0 } };
	static const uint64_t h1[] = { 1 };

	two_level("cohort-tkt", "T1 cohort-tkt: a local pass, then the other domain", NULL,
		  pass, false);
	two_level("cohort-mcs", "M1 cohort-mcs: a local pass, then the other domain", NULL,
		  pass, false);
	two_level("hmcs", "H1 hmcs: a local pass, then the other domain", NULL, pass, false);
	two_level("hmcs", "H2 hmcs threshold 1: no pass within the domain", h1, no_pass, true);
}

int main(void)
{
	queued_locks();
	two_level_locks();
	return check_done();
}

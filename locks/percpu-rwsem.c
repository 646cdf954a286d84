// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * percpu-rwsem.c - the per-CPU reader-writer semaphore (Linux 5.8+ form)
 *
 * Algorithm: percpu_rw_semaphore (Mikulas Patocka, 3.8, after an idea of
 * Eric Dumazet; Oleg Nesterov's rcu_sync, 4.4; Peter Zijlstra's rewrite
 * without the embedded rwsem, 5.8: kernel/locking/percpu-rwsem.c and
 * Documentation/locking/percpu-rw-semaphore.rst). Readers count themselves
 * in a counter of their own CPU and touch no shared line while no writer
 * is about; a writer first switches every reader to the slow path and
 * waits for a grace period, then takes `block`, then waits for the sum of
 * the counters to reach 0. Reimplemented from the published description cited here;
 * no code was taken from the kernel. Userspace stand-ins:
 *   - per-CPU counters are per-thread counters (each in its thread's own
 *     area, summed by the writer over every thread, then over one zero
 *     line per possible CPU that runs no thread: the kernel's writer sums
 *     every possible CPU's);
 *   - the grace period's ordering is membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED),
 *     with the reader fast path turned round to increment-then-check
 *     (asymmetric Dekker: membarrier orders but does not wait, so a reader
 *     that checked but had not yet incremented would be missed), or, with
 *     --percpu-rwsem-gp=fence or where membarrier is unavailable, a seq_cst
 *     fence in every reader and no grace period; the gp-membarrier and
 *     gp-fence counters show which one ran. Its length is a timed sleep
 *     (--percpu-rwsem-enter-gp, 4 ms): the kernel's rcu_sync_enter() from
 *     idle waits a synchronize_rcu(), milliseconds, where membarrier
 *     takes microseconds;
 *   - rcu_sync (Oleg Nesterov, 4.4; the 5.x form) with its five states:
 *     the first writer's grace period (IDLE -> ENTER -> PASSED) is the
 *     membarrier above; the last writer's exit (PASSED -> EXIT) starts the
 *     exit grace period, at whose end the kernel's RCU callback returns the
 *     readers to the fast path (EXIT -> IDLE) or, if a writer exited again
 *     meanwhile (EXIT -> REPLAY), waits one more (REPLAY -> EXIT). A writer
 *     that enters during EXIT or REPLAY skips the grace period: readers are
 *     still on the slow path. There is no RCU here: the exit grace period
 *     is a time (--percpu-rwsem-exit-gp, 4 ms, about what a normal grace
 *     period takes at HZ=250) after which the next writer or slow reader
 *     runs the callback itself; the callback's store of IDLE is a release
 *     that the readers' acquire load pairs with (what the kernel's grace
 *     period provides). Counters gp-started (ENTER and exit grace periods)
 *     and gp-skipped (writers that entered with no grace period);
 *   - rcu_sync's lock (rss_lock) is one of our spinlocks, as the wait
 *     queue's;
 *   - sleeping is futex (park.h), the wait queue is a FIFO of the waiting
 *     threads' own records, and the waker takes the lock on behalf of each
 *     waiter it wakes (the 5.8 custom wake function).
 *
 * Lock word(s), in 5.8's two lines (the first read by every reader: gp,
 * gp_count, rss_lock, exit_due, writer and read-only words; the second:
 * block, the queue and its lock):
 *	gp     rcu_sync state: 0 GP_IDLE (readers' fast path), 1 GP_ENTER (a
 *	       grace period is running), 2 GP_PASSED (every reader is on the
 *	       slow path), 3 GP_EXIT (the exit grace period runs), 4 GP_REPLAY
 *	       (it must run again), | 8 GP_WAITERS (writers sleep until
 *	       GP_PASSED); readers use the fast path only in GP_IDLE
 *	exit_due  cycle counter at which the exit grace period ends (rss_lock)
 *	block  0 free, 1 a writer holds the lock or is draining readers
 *	writer tid+1 of the writer sleeping until the readers drain (rcuwait)
 *	gp_count  writers between enter and exit (rss_lock)
 *	head, tail: the FIFO queue (tid+1), under wait_lock
 *	per thread: read_count (this thread's readers, plus those it let in
 *	       on their behalf: only the sum means anything), the queue entry
 *	initial value all 0
 *
 * States: (gp, block, sum of read counts).
 *	read, fast:  (IDLE, *, n) -> (IDLE, *, n+1), increment then check
 *	read, slow:  (!IDLE, 0, n) -> (!IDLE, 0, n+1) after a full barrier;
 *	             with block set: undo, wake the writer, queue and sleep
 *	write:       (IDLE, 0, n) -> (ENTER, 0, n) -> grace period ->
 *	             (PASSED, 0, n) -> (PASSED, 1, n) -> wait for n == 0
 *	             (EXIT or REPLAY, 0, n): no grace period, on to block
 *	write unlock: (PASSED, 1, 0) -> (PASSED, 0, 0), grant the queue
 *	             (readers up to and including one writer), then, for the
 *	             last writer, PASSED -> EXIT or EXIT -> REPLAY
 *	exit grace period over: with writers in, -> PASSED; REPLAY -> EXIT
 *	             (one more); EXIT -> IDLE
 *
 * Ordering: the reader's count store, then (membarrier: a compiler
 * barrier, the writer's membarrier supplies the rest; fence: a seq_cst
 * fence), then an acquire load of gp that pairs with the release store of
 * GP_IDLE after the last writer's unlock. The slow reader's full barrier
 * pairs with the writer's fully ordered xchg of block; its acquire load of
 * block with the release store clearing it. The writer's final full
 * barrier after the sum reads 0 pairs with the readers' release decrement.
 * Grants are release stores the waiter loads with acquire.
 *
 * Progress and fairness: readers never wait while no writer is about; a
 * writer waits for a grace period and for every reader. The queue is FIFO
 * and the waker stops at the first waiter that cannot have the lock, but
 * new slow-path readers may barge while `block` is clear. Sleeping lock:
 * more threads than CPUs are fine. Counters: read-slow, read-queued,
 * write-queued, read-sleeps, write-sleeps, drain-sleeps (FUTEX_WAITs that
 * slept, not queueings), gp-membarrier, gp-fence, gp-started, gp-skipped.
 */
#include "config.h"

#include <errno.h>
#include <linux/membarrier.h>
#include <stdio.h>

#include "inner.h"
#include "base/lb-atomic.h"
#include "lock.h"
#include "base/log.h"
#include "harness/loop.h"
#include "park.h"
#include "resched.h"
#include "wait-lock.h"

#define PCPU_GP_IDLE	0u	/* readers use the fast path */
#define PCPU_GP_ENTER	1u	/* a writer runs the grace period */
#define PCPU_GP_PASSED	2u	/* every reader takes the slow path */
#define PCPU_GP_EXIT	3u	/* the last writer left; the exit grace period runs */
#define PCPU_GP_REPLAY	4u	/* another writer left meanwhile: one more grace period */
#define PCPU_GP_STATE	7u
#define PCPU_GP_WAITERS	8u	/* writers sleep until PASSED */

/*
 * 5.8's struct percpu_rw_semaphore on x86-64: rss (gp_state, gp_count,
 * gp_wait whose lock is rss_lock, cb_head), read_count, writer (rcuwait)
 * in the first line, the one every reader reads; waiters (the wait
 * queue's lock and list) and block in the second. Ours: gp, gp_count,
 * rss_lock, exit_due (for cb_head), writer and the read-only words in the
 * first line; block, the queue and its lock in the second.
 */
struct pcpu_rwsem {
	uint32_t gp;			/* rss.gp_state: read by every reader */
	uint32_t gp_count;		/* rss.gp_count, under rss_lock */
	uint32_t rss_lock[2];		/* rss.gp_wait.lock: one of our spinlocks (8 bytes) */
	uint64_t exit_due;		/* under rss_lock (read unlocked as a hint) */
	uint32_t writer;		/* rcuwait: tid+1 of the writer draining readers */
	uint32_t use_fence;		/* read-only after init, as read_count's pointer */
	uint64_t exit_cycles;		/* read-only: the exit grace period */
	uint64_t enter_ns;		/* read-only: the entering grace period */
	uint32_t idle_cpus;		/* read-only: possible CPUs without a thread */
	uint32_t block LB_ALIGNED;
	uint32_t head, tail;		/* the wait queue, under wait_lock */
	unsigned char wait_lock[LB_INNER_MAX_SIZE] __attribute__((aligned(8)));
	struct lb_inner wq;		/* read-mostly: the two spinlocks' records */
	struct lb_inner rss;
};

_Static_assert(offsetof(struct pcpu_rwsem, idle_cpus) + sizeof(uint32_t) <= LB_CACHELINE,
	       "percpu-rwsem: rcu_sync's words and writer share the readers' line");
_Static_assert(offsetof(struct pcpu_rwsem, block) == LB_CACHELINE,
	       "percpu-rwsem: block and the wait queue start the second line");

/* A thread's part: its reader count (read by the writer), its queue entry. */
struct pcpu_tctx {
	uint32_t read_count LB_ALIGNED;
	uint32_t park LB_ALIGNED;	/* rcuwait sleep of a draining writer */
	uint32_t waiting;		/* queued, not granted yet (the wait entry's task) */
	uint32_t next;			/* tid+1 of the next in the queue */
	uint32_t reader;		/* queued as a reader */
};

#define PCPU_INNER_OFF	((sizeof(struct pcpu_tctx) + LB_CACHELINE - 1) / LB_CACHELINE * LB_CACHELINE)
#define PCPU_RSS_OFF	(PCPU_INNER_OFF + LB_INNER_MAX_TCTX)
#define PCPU_INNER_NCTR	3	/* counters a spinlock of lb_wait_lock_names[] may have */

static const char *const percpu_rwsem_counters[] = {
	"read-slow",		/* readers that found the fast path off */
	"read-queued",		/* readers that queued in the wait queue */
	"write-queued",		/* writers that queued for block */
	"read-sleeps",		/* FUTEX_WAITs that slept: a queued reader */
	"write-sleeps",		/* FUTEX_WAITs that slept: a queued writer */
	"drain-sleeps",		/* FUTEX_WAITs that slept: a writer waiting for readers to drain */
	"gp-membarrier",	/* grace periods by membarrier */
	"gp-fence",		/* grace periods of the fence variant (none needed) */
	"gp-started",		/* rcu_sync grace periods: entering (ENTER) and exit (EXIT) */
	"gp-skipped",		/* writers that entered during EXIT/REPLAY, with no grace period */
	NULL,
};

enum { CTR_READ_SLOW, CTR_READ_QUEUED, CTR_WRITE_QUEUED, CTR_READ_SLEEPS, CTR_WRITE_SLEEPS,
       CTR_DRAIN_SLEEPS, CTR_GP_MEMBARRIER, CTR_GP_FENCE, CTR_GP_STARTED, CTR_GP_SKIPPED,
       PCPU_NCTR };

/* A test's view (tests/unit/test-percpu-rwsem.c defines LB_PCPU_TEST_STEP); nothing otherwise. */
enum lb_pcpu_step {
	LB_PCPU_S_GP,		/* the entering grace period's leader, before its wait */
	LB_PCPU_S_WAIT_SLEEP,	/* a queued reader or writer, not granted, about to sleep */
	LB_PCPU_S_DRAIN_SLEEP,	/* the writer, readers inside, about to sleep */
	LB_PCPU_NSTEPS,
};
#ifdef LB_PCPU_TEST_STEP
#define PCPU_STEP(s, t, step)	LB_PCPU_TEST_STEP(s, t, step)
#else
#define PCPU_STEP(s, t, step)	do { } while (0)
#endif

static const char *const percpu_rwsem_gp_values[] = { "membarrier", "fence", NULL };

static const struct lb_lock_option percpu_rwsem_options[] = {
	{ .name = "gp", .type = LB_LOCK_OPT_ENUM, .def = 0, .values = percpu_rwsem_gp_values,
	  .help = "grace period: membarrier (MEMBARRIER_CMD_PRIVATE_EXPEDITED; the fence variant "
		  "where unavailable) or fence (a seq_cst fence in every reader instead)" },
	LB_WAIT_LOCK_OPTION(LB_WAIT_LOCK_QSPINLOCK, "the spinlock that guards the wait queue, "
			    "and rcu_sync's (one of lockbench's own; the 5.8+ kernel's are "
			    "qspinlocks)"),
	{ .name = "exit-gp", .type = LB_LOCK_OPT_U64, .min = 0, .max = 10000000, .def = 4000,
	  .help = "microseconds of rcu_sync's exit grace period, during which readers stay on "
		  "the slow path and a new writer needs no grace period (0: none, the "
		  "readers' fast path comes back at once)" },
	{ .name = "enter-gp", .type = LB_LOCK_OPT_U64, .min = 0, .max = 10000000, .def = 4000,
	  .help = "microseconds the first writer waits in rcu_sync_enter() from idle, the "
		  "kernel's synchronize_rcu() (membarrier or the fence gives the ordering; "
		  "this the length; 0: only theirs)" },
	{ .name = NULL },
};

enum { OPT_GP, OPT_WAIT_LOCK, OPT_EXIT_GP, OPT_ENTER_GP };

#define PCPU_GP_US_DEFAULT	4000	/* both grace periods: one jiffy at HZ=250 */
#define PCPU_MAX_IDLE_CPUS	4096	/* possible CPUs without a thread the writer reads */

/*
 * The counters of the possible CPUs that run no thread of the point: the
 * kernel's writer sums every possible CPU's, and those lines are never
 * written, so they stay in its cache. Zero, never written, one per line.
 */
static struct {
	uint32_t count;
} LB_ALIGNED pcpu_idle_counts[PCPU_MAX_IDLE_CPUS];

/* The possible CPUs (/sys/devices/system/cpu/possible, "0-3,8-11"), or the configured ones. */
static unsigned pcpu_possible_cpus(void)
{
	FILE *f = fopen("/sys/devices/system/cpu/possible", "r");
	unsigned n = 0, a, b;
	int c = ',';

	if (f) {
		while (c == ',' && fscanf(f, "%u", &a) == 1) {
			b = a;
			c = fgetc(f);
			if (c == '-' && fscanf(f, "%u", &b) == 1)
				c = fgetc(f);
			n += b >= a ? b - a + 1 : 0;
		}
		fclose(f);
	}
	if (!n) {
		long conf = sysconf(_SC_NPROCESSORS_CONF);

		n = conf > 0 ? (unsigned)conf : 1;
	}
	return n;
}

/* Is private expedited membarrier usable? Registered once per process. */
static bool pcpu_membarrier_ready(void)
{
	static int state;	/* 0 unknown, 1 ready, 2 unavailable */
	int s = lb_load_acquire(&state);

	if (s == 0) {
		long q = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);

		s = q >= 0 && (q & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
		    syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0 ?
		    1 : 2;
		if (s == 2)
			lb_warn("percpu-rwsem: membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) is not "
				"available here; using the seq_cst-fence variant (counter gp-fence)");
		lb_store_release(&state, s);
	}
	return s == 1;
}

static int percpu_rwsem_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct pcpu_rwsem *s = lock;
	const uint64_t *o = cfg->opts;
	uint64_t wl = o ? o[OPT_WAIT_LOCK] : LB_WAIT_LOCK_QSPINLOCK;
	unsigned possible = pcpu_possible_cpus();
	int err;

	s->use_fence = (o && o[OPT_GP] == 1) || !pcpu_membarrier_ready();
	s->exit_cycles = lb_budget_cycles(cfg, (o ? o[OPT_EXIT_GP] : PCPU_GP_US_DEFAULT) * 1000);
	s->enter_ns = (o ? o[OPT_ENTER_GP] : PCPU_GP_US_DEFAULT) * 1000;
	s->idle_cpus = possible > cfg->nthreads ? possible - cfg->nthreads : 0;
	if (s->idle_cpus > PCPU_MAX_IDLE_CPUS)
		s->idle_cpus = PCPU_MAX_IDLE_CPUS;
	/* rss_lock lives in 8 bytes of the readers' line: the spinlock must fit */
	if (!lb_wait_lock_ops(wl) || lb_wait_lock_ops(wl)->lock_size > sizeof(s->rss_lock))
		return -EINVAL;
	err = lb_wait_lock_init(&s->wq, wl, s->wait_lock, cfg, PCPU_INNER_OFF, PCPU_NCTR);
	if (!err)
		err = lb_wait_lock_init(&s->rss, wl, s->rss_lock, cfg, PCPU_RSS_OFF,
					PCPU_NCTR + PCPU_INNER_NCTR);
	return err;
}

static int percpu_rwsem_thread_init(void *lock, struct lb_tctx *t)
{
	struct pcpu_rwsem *s = lock;
	int err = lb_inner_thread_init(&s->wq, s->wait_lock, t);

	return err ? err : lb_inner_thread_init(&s->rss, s->rss_lock, t);
}

static void pcpu_rss_lock(struct pcpu_rwsem *s, struct lb_tctx *t)
{
	lb_inner_lock(&s->rss, s->rss_lock, t);
}

static void pcpu_rss_unlock(struct pcpu_rwsem *s, struct lb_tctx *t)
{
	lb_inner_unlock(&s->rss, s->rss_lock, t);
}

static LB_ALWAYS_INLINE struct pcpu_tctx *pcpu_peer(const struct lb_tctx *t, unsigned tid)
{
	return lb_peer_priv(t, tid);
}

/* this_cpu_inc/dec: only the owning thread writes its counter; the writer sums them */
static LB_ALWAYS_INLINE void pcpu_count_inc(struct pcpu_tctx *me)
{
	lb_store_relaxed(&me->read_count, lb_load_relaxed(&me->read_count) + 1);
}

static LB_ALWAYS_INLINE void pcpu_count_dec(struct pcpu_tctx *me)
{
	/* release: the read section happens before a writer sees the count drop */
	lb_store_release(&me->read_count, lb_load_relaxed(&me->read_count) - 1);
}

/* Between a reader's count store and its load of gp. */
static LB_ALWAYS_INLINE void pcpu_reader_barrier(const struct pcpu_rwsem *s)
{
	if (s->use_fence)
		lb_fence_full();	/* fence variant: Dekker with the writer's seq_cst store */
	else
		lb_barrier();		/* membarrier: the writer's grace period orders the rest */
}

/* rcuwait_wake_up(): wake the writer waiting for the readers to drain */
static void pcpu_wake_writer(struct pcpu_rwsem *s, const struct lb_tctx *t)
{
	uint32_t w;

	/* our count change is visible before we look for a sleeper (pairs with lb_park_arm()) */
	lb_fence_full();
	w = lb_load_acquire(&s->writer);
	if (w)
		lb_park_wake(&pcpu_peer(t, w - 1)->park);
}

/* __percpu_down_read_trylock() once the count is in: keep it unless a writer has block */
static bool pcpu_read_keep(struct pcpu_rwsem *s, struct lb_tctx *t, struct pcpu_tctx *cnt)
{
	/* smp_mb(): pairs with the writer's fully ordered xchg of block */
	lb_fence_full();
	/* acquire: pairs with the release store that cleared block */
	if (!lb_load_acquire(&s->block))
		return true;
	pcpu_count_dec(cnt);
	pcpu_wake_writer(s, t);
	return false;
}

/* __percpu_down_write_trylock() */
static bool pcpu_block_trylock(struct pcpu_rwsem *s)
{
	if (lb_load_relaxed(&s->block))
		return false;
	/* 0 -> 1; fully ordered (atomic_xchg): pairs with the slow readers' barrier */
	return lb_xchg_full(&s->block, 1) == 0;
}

/* percpu_rwsem_wait(): queue under wait_lock unless the lock can be had now, then sleep */
static void pcpu_wait(struct pcpu_rwsem *s, struct lb_tctx *t, bool reader)
{
	struct pcpu_tctx *me = t->priv;
	bool wait;

	lb_inner_lock(&s->wq, s->wait_lock, t);
	if (reader) {
		pcpu_count_inc(me);
		wait = !pcpu_read_keep(s, t, me);
	} else {
		wait = !pcpu_block_trylock(s);
	}
	if (wait) {
		lb_store_relaxed(&me->waiting, 1);
		me->reader = reader;
		me->next = 0;
		if (s->tail)
			pcpu_peer(t, s->tail - 1)->next = t->tid + 1;
		else
			s->head = t->tid + 1;
		s->tail = t->tid + 1;
	}
	lb_inner_unlock(&s->wq, s->wait_lock, t);
	if (!wait)
		return;
	lb_count(t, reader ? CTR_READ_QUEUED : CTR_WRITE_QUEUED);
	/* acquire: pairs with the waker's release grant */
	while (lb_load_acquire(&me->waiting)) {
		PCPU_STEP(s, t, LB_PCPU_S_WAIT_SLEEP);
		if (lb_futex_sleep(&me->waiting, 1) == 0)
			lb_count(t, reader ? CTR_READ_SLEEPS : CTR_WRITE_SLEEPS);
	}
}

/*
 * The 5.8 wake function over the queue, under wait_lock: take the lock on
 * behalf of each waiter in turn (a reader is counted in the waker's own
 * counter: only the sum matters), stop at the first that cannot have it,
 * and after one writer.
 */
static void pcpu_wake_queue(struct pcpu_rwsem *s, struct lb_tctx *t)
{
	struct pcpu_tctx *me = t->priv;

	lb_inner_lock(&s->wq, s->wait_lock, t);
	while (s->head) {
		struct pcpu_tctx *w = pcpu_peer(t, s->head - 1);
		bool reader = w->reader;

		if (reader) {
			pcpu_count_inc(me);
			if (!pcpu_read_keep(s, t, me))
				break;
		} else if (!pcpu_block_trylock(s)) {
			break;
		}
		s->head = w->next;
		if (!s->head)
			s->tail = 0;
		/* grant; release: pairs with the waiter's acquire; it may return at once */
		lb_store_release(&w->waiting, 0);
		/* a late wake of a reused entry is only a spurious wake-up */
		lb_futex_wake(&w->waiting, 1);
		if (!reader)
			break;
	}
	lb_inner_unlock(&s->wq, s->wait_lock, t);
}

/*
 * rcu_sync_func() once the exit grace period is over: the RCU callback,
 * run by the next writer or slow reader that comes along (caller holds
 * rss_lock).
 */
static void pcpu_rss_func_locked(struct pcpu_rwsem *s, struct lb_tctx *t)
{
	uint32_t v = lb_load_relaxed(&s->gp);

	if ((v != PCPU_GP_EXIT && v != PCPU_GP_REPLAY) || lb_cycles() < s->exit_due)
		return;
	if (s->gp_count) {
		/* writers came in during the exit: EXIT|REPLAY -> PASSED (no waiter: PASSED was seen) */
		lb_store_relaxed(&s->gp, PCPU_GP_PASSED);
	} else if (v == PCPU_GP_REPLAY) {
		/* REPLAY -> EXIT: another writer left meanwhile, one more grace period */
		lb_store_relaxed(&s->gp, PCPU_GP_EXIT);
		s->exit_due = lb_cycles() + s->exit_cycles;
		lb_count(t, CTR_GP_STARTED);
	} else {
		/* EXIT -> IDLE; release: pairs with the fast readers' acquire load */
		lb_store_release(&s->gp, PCPU_GP_IDLE);
	}
}

/* Run the exit grace period's callback if it is due (a hint first, unlocked). */
static void pcpu_rss_poll(struct pcpu_rwsem *s, struct lb_tctx *t)
{
	uint32_t v = lb_load_relaxed(&s->gp);

	if ((v != PCPU_GP_EXIT && v != PCPU_GP_REPLAY) || lb_cycles() < lb_load_relaxed(&s->exit_due))
		return;
	pcpu_rss_lock(s, t);
	pcpu_rss_func_locked(s, t);
	pcpu_rss_unlock(s, t);
}

static LB_NOINLINE void percpu_rwsem_read_slow(struct pcpu_rwsem *s, struct lb_tctx *t)
{
	lb_count(t, CTR_READ_SLOW);
	pcpu_rss_poll(s, t);
	if (!pcpu_read_keep(s, t, t->priv))
		pcpu_wait(s, t, true);
}

static inline void percpu_rwsem_read_lock(void *lock, struct lb_tctx *t)
{
	struct pcpu_rwsem *s = lock;

	/* increment, then check (see the header): (IDLE, *, n) -> (IDLE, *, n+1) */
	pcpu_count_inc(t->priv);
	pcpu_reader_barrier(s);
	/* acquire: pairs with the release store of GP_IDLE after the last writer's unlock */
	if (lb_likely(lb_load_acquire(&s->gp) == PCPU_GP_IDLE))
		return;
	percpu_rwsem_read_slow(s, t);
}

static bool percpu_rwsem_read_trylock(void *lock, struct lb_tctx *t)
{
	struct pcpu_rwsem *s = lock;

	pcpu_count_inc(t->priv);
	pcpu_reader_barrier(s);
	/* acquire as in read_lock */
	if (lb_load_acquire(&s->gp) == PCPU_GP_IDLE)
		return true;
	lb_count(t, CTR_READ_SLOW);
	return pcpu_read_keep(s, t, t->priv);
}

static LB_NOINLINE void percpu_rwsem_read_unlock_slow(struct pcpu_rwsem *s, struct lb_tctx *t)
{
	pcpu_wake_writer(s, t);
}

static inline void percpu_rwsem_read_unlock(void *lock, struct lb_tctx *t)
{
	struct pcpu_rwsem *s = lock;

	/* decrement, then check: a writer about means it may be waiting for us */
	pcpu_count_dec(t->priv);
	pcpu_reader_barrier(s);
	if (lb_unlikely(lb_load_relaxed(&s->gp) != PCPU_GP_IDLE))
		percpu_rwsem_read_unlock_slow(s, t);
}

/*
 * The length of synchronize_rcu(): sleep until @ns after the start of the
 * wait (the time asleep is lb_slept_cycles', as a futex sleep's). The
 * ordering came from membarrier or the fence already.
 */
#ifdef LB_SIM
/*
 * In virtual time (--simulate): a timed futex wait that nobody wakes, so
 * the simulated CPU idles for @ns and the wake-up latency of the profile
 */
static void pcpu_gp_wait(uint64_t ns)
{
	struct timespec ts = { .tv_sec = (time_t)(ns / 1000000000u),
			       .tv_nsec = (long)(ns % 1000000000u) };
	uint64_t c0 = lb_cycles();
	uint32_t word = 0;

	if (!ns)
		return;
	lb_futex(&word, FUTEX_WAIT, 0, &ts);
	lb_slept_cycles += lb_cycles() - c0;
}

/* membarrier() simulated: the order of a fence, the cost of a system call (a futex wake) */
static void pcpu_membarrier(void)
{
	uint32_t word = 0;

	lb_fence_full();
	lb_futex(&word, FUTEX_WAKE, 0, NULL);
}
#else
static void pcpu_membarrier(void)
{
	syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
}

static void pcpu_gp_wait(uint64_t ns)
{
	uint64_t c0 = lb_cycles(), end = lb_now_ns() + ns;
	struct timespec ts = { .tv_sec = (time_t)(end / 1000000000u),
			       .tv_nsec = (long)(end % 1000000000u) };

	if (!ns)
		return;
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
	lb_slept_cycles += lb_cycles() - c0;
}
#endif

/* rcu_sync_enter(): readers to the slow path; the first writer runs the grace period */
static void pcpu_rss_enter(struct pcpu_rwsem *s, struct lb_tctx *t)
{
	bool leader;
	uint32_t v;

	pcpu_rss_lock(s, t);
	pcpu_rss_func_locked(s, t);
	v = lb_load_relaxed(&s->gp);
	leader = v == PCPU_GP_IDLE;
	s->gp_count++;
	if (leader)
		/* IDLE -> ENTER; seq_cst: the store precedes the grace period (Dekker) */
		lb_store_full(&s->gp, PCPU_GP_ENTER);
	pcpu_rss_unlock(s, t);
	/* PASSED (other writers in), EXIT, REPLAY: readers are slow already, no grace period */
	if ((v & PCPU_GP_STATE) >= PCPU_GP_PASSED)
		lb_count(t, CTR_GP_SKIPPED);
	if (leader) {
		lb_count(t, CTR_GP_STARTED);
		if (s->use_fence) {
			lb_fence_full();
			lb_count(t, CTR_GP_FENCE);
		} else {
			pcpu_membarrier();
			lb_count(t, CTR_GP_MEMBARRIER);
		}
		PCPU_STEP(s, t, LB_PCPU_S_GP);
		pcpu_gp_wait(s->enter_ns);
		/* ENTER -> PASSED; release: pairs with the waiting writers' acquire */
		if (lb_xchg_release(&s->gp, PCPU_GP_PASSED) & PCPU_GP_WAITERS)
			lb_futex_wake(&s->gp, INT_MAX);
		return;
	}
	/* ENTER: wait for the leader's grace period; acquire: pairs with its release of PASSED */
	while (((v = lb_load_acquire(&s->gp)) & PCPU_GP_STATE) < PCPU_GP_PASSED) {
		if (!(v & PCPU_GP_WAITERS) &&
		    !lb_cmpxchg_relaxed(&s->gp, &v, v | PCPU_GP_WAITERS))
			continue;
		lb_futex_sleep(&s->gp, v | PCPU_GP_WAITERS);
	}
}

/* rcu_sync_exit(): the last writer out gives the readers their fast path back */
static void pcpu_rss_exit(struct pcpu_rwsem *s, struct lb_tctx *t)
{
	pcpu_rss_lock(s, t);
	pcpu_rss_func_locked(s, t);
	if (--s->gp_count == 0) {
		uint32_t v = lb_load_relaxed(&s->gp);

		if (v == PCPU_GP_PASSED && !s->exit_cycles) {
			/* no exit grace period: PASSED -> IDLE; release, as the callback's */
			lb_store_release(&s->gp, PCPU_GP_IDLE);
		} else if (v == PCPU_GP_PASSED) {
			/* PASSED -> EXIT: the exit grace period starts (call_rcu) */
			lb_store_relaxed(&s->gp, PCPU_GP_EXIT);
			s->exit_due = lb_cycles() + s->exit_cycles;
			lb_count(t, CTR_GP_STARTED);
		} else if (v == PCPU_GP_EXIT) {
			/* EXIT -> REPLAY: the running one is too early for this exit */
			lb_store_relaxed(&s->gp, PCPU_GP_REPLAY);
		}
	}
	pcpu_rss_unlock(s, t);
}

/*
 * readers_active_check(): the sum of every possible CPU's count is 0. Ours
 * are the threads' counters, then the idle CPUs' lines (zero), so the
 * writer reads as many lines as the kernel's would on this machine.
 */
static bool pcpu_readers_gone(struct pcpu_rwsem *s, struct lb_tctx *t)
{
	uint32_t sum = 0;

	for (unsigned i = 0; i < t->nthreads; i++)
		sum += lb_load_relaxed(&pcpu_peer(t, i)->read_count);
	for (unsigned i = 0; i < s->idle_cpus; i++)
		sum += lb_load_relaxed(&pcpu_idle_counts[i].count);
	if (sum)
		return false;
	/* smp_mb(): pairs with the readers' release decrement and their barrier */
	lb_fence_full();
	return true;
}

static void percpu_rwsem_lock(void *lock, struct lb_tctx *t)
{
	struct pcpu_rwsem *s = lock;
	struct pcpu_tctx *me = t->priv;

	pcpu_rss_enter(s, t);
	if (!pcpu_block_trylock(s))
		pcpu_wait(s, t, false);
	/* block is ours: no new reader gets in; wait for the ones inside (rcuwait) */
	lb_store_release(&s->writer, t->tid + 1);
	for (;;) {
		lb_park_arm(&me->park);
		if (pcpu_readers_gone(s, t))
			break;
		PCPU_STEP(s, t, LB_PCPU_S_DRAIN_SLEEP);
		/* acquire: pairs with the release in lb_park_wake(), as lb_park_sleep() */
		if (lb_load_acquire(&me->park) && lb_futex_sleep(&me->park, 1) == 0)
			lb_count(t, CTR_DRAIN_SLEEPS);
	}
	lb_park_disarm(&me->park);
	lb_store_relaxed(&s->writer, 0);
}

static void percpu_rwsem_unlock(void *lock, struct lb_tctx *t)
{
	struct pcpu_rwsem *s = lock;

	/* (PASSED, 1, 0) -> (PASSED, 0, 0); release: the write section before the next owner */
	lb_store_release(&s->block, 0);
	pcpu_wake_queue(s, t);
	pcpu_rss_exit(s, t);
}

static bool percpu_rwsem_is_locked(void *lock)
{
	struct pcpu_rwsem *s = lock;

	return lb_load_relaxed(&s->block) != 0;
}

static int percpu_rwsem_describe(void *lock, char *buf, size_t len)
{
	struct pcpu_rwsem *s = lock;
	static const char *const gp_names[] = { "IDLE", "ENTER", "PASSED", "EXIT", "REPLAY",
						"?", "?", "?" };
	uint32_t gp = lb_load_relaxed(&s->gp);

	return snprintf(buf, len, "gp=%s%s block=%u writer(draining)=%d gp_count=%u queue "
			"head=%d tail=%d; grace period: %s", gp_names[gp & PCPU_GP_STATE],
			gp & PCPU_GP_WAITERS ? "|WAITERS" : "", lb_load_relaxed(&s->block),
			(int)lb_load_relaxed(&s->writer) - 1, lb_load_relaxed(&s->gp_count),
			(int)lb_load_relaxed(&s->head) - 1, (int)lb_load_relaxed(&s->tail) - 1,
			s->use_fence ? "fence" : "membarrier");
}

LB_LOCK_LOOP(percpu_rwsem_loop, percpu_rwsem_lock, percpu_rwsem_unlock, percpu_rwsem_read_lock,
	     percpu_rwsem_read_unlock)

const struct lb_lock_ops lb_lock_percpu_rwsem = {
	.name = "percpu-rwsem",
	.desc = "per-CPU rw semaphore 5.8+ with rcu_sync: per-thread read counts; grace periods "
		"of a stated length (membarrier orders, a timed sleep lasts)",
	.follows = "Linux 5.8+ kernel/locking/percpu-rwsem.c with rcu_sync as of 5.x",
	.deviations = "membarrier or a fence orders the grace periods and a timed sleep is their "
		"length (enter-gp and exit-gp, 4000 us each by default, one jiffy at HZ=250; the "
		"kernel's synchronize_rcu() and call_rcu() take milliseconds, with HZ and load); "
		"per-thread read counters, plus a zero line per possible CPU no thread runs on; "
		"futex sleep",
	.family = "sleep",
	.kind = LB_LOCK_RW,
	.flags = LB_LOCK_F_BLOCKING | LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct pcpu_rwsem),
	.tctx_size = PCPU_RSS_OFF + LB_INNER_MAX_TCTX,
	.init = percpu_rwsem_init,
	.thread_init = percpu_rwsem_thread_init,
	.lock = percpu_rwsem_lock,
	.unlock = percpu_rwsem_unlock,
	.read_lock = percpu_rwsem_read_lock,
	.read_unlock = percpu_rwsem_read_unlock,
	.read_trylock = percpu_rwsem_read_trylock,
	.loop = percpu_rwsem_loop,
	.is_locked = percpu_rwsem_is_locked,
	.describe = percpu_rwsem_describe,
	.options = percpu_rwsem_options,
	.counters = percpu_rwsem_counters,
};

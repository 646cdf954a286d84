/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rwsem-common.h - the xadd-era rwsem (Linux 2.6 - 4.20), shared by
 * rwsem-xadd, rwsem-wspin, rwsem-rspin and rwsem-qexit
 *
 * The four locks are one rwsem at four points of its history; each lock
 * file names its point with a set of feature bits and documents it. The
 * count layout, the fast paths (inline here, so each lock's measured loop
 * inlines them), the queueing slow paths, __rwsem_do_wake() and the
 * optimistic spinning live in rwsem-common.c.
 *
 * Count (64 bits, signed):
 *	bits  0-31: active part - readers holding or trying, plus a writer
 *	bits 32-63: the waiting part: WAITING_BIAS (-2^32) is added once while
 *	            the wait list is not empty; a writer adds ACTIVE_WRITE_BIAS
 *	            (= WAITING_BIAS + 1), so a negative count means "a writer
 *	            is active, or there are waiters" (ambiguous by design)
 *	0 free; X > 0 X readers; WAITING_BIAS waiters, nobody active;
 *	WAITING_BIAS + X: X active with waiters, or a writer and X - 1 trying;
 *	ACTIVE_WRITE_BIAS + WAITING_BIAS: a writer holds it, waiters queued
 * Owner (3.16+): the writer's struct lb_task, set after a write
 * acquisition, cleared before the release; readers never set it before
 * 4.18, which marks a read-held lock RWSEM_READER_OWNED (1), left there
 * when the readers leave (a hint, as the kernel's).
 */
#ifndef LB_LOCKS_RWSEM_COMMON_H
#define LB_LOCKS_RWSEM_COMMON_H

#include "sleep.h"

#define RWSEM_ACTIVE_MASK	0xffffffffLL
#define RWSEM_ACTIVE_BIAS	1LL
#define RWSEM_WAITING_BIAS	(-RWSEM_ACTIVE_MASK - 1)
#define RWSEM_ACTIVE_READ_BIAS	RWSEM_ACTIVE_BIAS
#define RWSEM_ACTIVE_WRITE_BIAS	(RWSEM_WAITING_BIAS + RWSEM_ACTIVE_BIAS)

/* The history, one bit per behaviour change (struct lb_rwx.features). */
#define RWX_WSPIN	0x1u	/* 3.16: owner field, writer optimistic spinning on the OSQ */
#define RWX_RSPIN	0x2u	/* Waiman Long 2014: reader spinning, writer re-spin, wake suppression */
#define RWX_QEXIT	0x4u	/* 4.20: reader slow path exits when the queue is empty and count >= 0 */
#define RWX_V418	0x8u	/* 4.18: reader-owned marker, 4.1+ owner rules, no spin on readers,
				 * spinner-aware wake suppression; with RWX_WSPIN */
#define RWX_RUNS	0x10u	/* the 2018 mechanism's counters (read-wait-locks, longest-slow-run) */

/* 4.18: the owner of a read-held lock (rwsem_set_reader_owned()); never cleared by readers */
#define RWSEM_READER_OWNED	((struct lb_task *)1)

#define RWX_SPIN_READ_THRESHOLD	64	/* RSPIN: spins on an ownerless (maybe reader-owned) lock */

/* Fast-path flavour (the arch option): which asm/rwsem.h the kernel was built with. */
enum lb_rwx_arch {
	RWX_ARCH_GENERIC = 0,	/* asm-generic: a writer takes the fast path only on a free lock */
	RWX_ARCH_X86 = 1,	/* x86: only the active half is tested (steals past waiters) */
};

/* struct rw_semaphore of 3.16-4.20 (x86-64), in its field order, in one line */
struct lb_rwx {
	int64_t count;
	struct lb_list wait_list;
	struct lb_wait_lock_mem wait_lock;
	struct lb_osq osq;
	struct lb_task *owner;	/* RWX_WSPIN: the writer holding it, else NULL */
	struct lb_sleep s;	/* read-mostly, the second line */
	/* read-mostly, set at init */
	unsigned features;	/* RWX_* */
	unsigned arch;		/* enum lb_rwx_arch */
	unsigned ctr_extra;	/* the variant's own counter (re-spins, queue-empty exits) */
	unsigned slow_pauses;	/* RWX_RUNS: slow-path-ns in pauses (lb_rwx_set_slow_path()) */
};

/*
 * The counters of the xadd-era locks, in this order; RWX_RUNS locks then
 * have read-wait-locks and longest-slow-run; ctr_extra and the wait_lock's
 * come next.
 */
#define LB_RWX_COUNTER_NAMES \
	LB_SLEEP_COUNTER_NAMES, "read-slowpaths", "write-slowpaths"

enum {
	RWX_CTR_READ_SLOWPATHS = LB_SC_COMMON,	/* down_read()s that missed the fast path */
	RWX_CTR_WRITE_SLOWPATHS,		/* down_write()s that missed it */
	RWX_CTR_NEXT,				/* the variant's own, then the wait_lock's */
	RWX_CTR_READ_WAIT_LOCKS = RWX_CTR_NEXT,	/* RWX_RUNS: wait_lock taken by a reader */
	RWX_CTR_SLOW_RUN,			/* RWX_RUNS: longest run of slow-path reads (a maximum) */
	RWX_CTR_RUNS_NEXT,
};
#define LB_RWX_RUNS_COUNTER_NAMES "read-wait-locks", "longest-slow-run"

/*
 * The steps of the slow paths a test sees when it defines
 * LB_RWX_TEST_STEP(sem, t, step) and compiles rwsem-common.c itself
 * (tests/unit/test-rwsem.c): at each, the test may act as other threads.
 */
enum lb_rwx_step {
	LB_RWX_S_READ_SLOW,	/* a reader missed the fast path (its bias still counted) */
	LB_RWX_S_SPIN,		/* an optimistic spinner's round, before its pause */
	LB_RWX_S_READ_SLEEP,	/* a queued reader, not granted yet, about to sleep */
	LB_RWX_S_WRITE_SLEEP,	/* a queued writer, wait_lock dropped, about to sleep */
	LB_RWX_S_WOKE_READERS,	/* a writer queued behind readers has marked them woken */
	LB_RWX_NSTEPS,
};

/*
 * rwsem-4.18's and rwsem-qexit's waker grants queued readers as 5.1 does:
 * the count raised for the whole run, then the grants. 4.9-5.0 granted in
 * the counting pass and raised the count after it, so a woken reader's
 * up_read() could come first, and a writer enter beside a reader: the
 * exclusion bug a9e9bcb45b15 fixed, which --validate would catch.
 */
#define LB_RWX_TWO_PASS_DEVIATION						\
	"queued readers granted in two passes, the count raised before the grants "	\
	"(5.1's a9e9bcb45b15): 4.18 granted as it counted, so a woken reader's up_read() "	\
	"could come before the increment, a window of one atomic add in which a writer "	\
	"could enter beside a reader, which the model does not reproduce"

extern const char *const lb_rwx_arch_names[];
extern const struct lb_lock_field lb_rwx_layout[];

/*
 * slow-path-ns (rwsem-4.18, rwsem-qexit): an experiment for the 2018
 * chain, not the kernel. A slow-path reader pauses this long under the
 * wait_lock between raising the waiting bias and the wake-up that drops it:
 * the kernel's longer path there (interrupts off, the wake queue's atomic,
 * the task state), or a reader preempted inside it. 0, the default: the
 * model's own length.
 */
#define LB_RWX_OPT_SLOW_PATH							\
	{ .name = "slow-path-ns", .type = LB_LOCK_OPT_U64, .min = 0, .max = 1000000,	\
	  .def = 0,								\
	  .help = "ns a slow-path reader pauses under the wait_lock while the "	\
		  "waiting bias makes the count negative (the kernel's longer path, "	\
		  "or a preempted reader; an experiment for the 2018 chain; 0: none)" }

#define LB_RWX_OPT_ARCH								\
	{ .name = "arch", .type = LB_LOCK_OPT_ENUM, .def = RWX_ARCH_X86,	\
	  .values = lb_rwx_arch_names,						\
	  .help = "fast paths of asm-generic/rwsem.h (a writer's fast path "	\
		  "needs a free lock) or of x86 (it needs no active locker, so "	\
		  "it may pass queued waiters; up_write wakes only with no "	\
		  "active locker left)" }

/* rwsem-4.18 and rwsem-qexit: the same options, in this order */
static const struct lb_lock_option lb_rwx_418_options[] LB_UNUSED = {
	LB_SLEEP_OPT_WAIT_LOCK(LB_WAIT_LOCK_QSPINLOCK),
	LB_SLEEP_OPT_SPIN_BUDGET,
	LB_RWX_OPT_ARCH,
	LB_SLEEP_OPT_WAKE(LB_WAKE_AFTER_UNLOCK),
	LB_RWX_OPT_SLOW_PATH,
	{ .name = NULL },
};

enum {
	RWX_418_OPT_WAIT_LOCK, RWX_418_OPT_SPIN_BUDGET, RWX_418_OPT_ARCH, RWX_418_OPT_WAKE,
	RWX_418_OPT_SLOW_PATH,
};

/**
 * lb_rwx_init() - an xadd-era rwsem at one point of its history
 * @features:  RWX_* bits
 * @wait_lock, @budget_ns, @arch: option values
 * @ctr_extra: counter index of the variant's own counter, 0 if it has none
 * @ctr_wait_lock: counter index of "wait-lock-waits"
 * @wake:      the wake option's value (LB_WAKE_IN_LOCK or LB_WAKE_AFTER_UNLOCK)
 */
int lb_rwx_init(struct lb_rwx *sem, const struct lb_lock_cfg *cfg, unsigned features,
		uint64_t wait_lock, uint64_t budget_ns, uint64_t arch, unsigned ctr_extra,
		unsigned ctr_wait_lock, uint64_t wake);

/*
 * lb_rwx_init_418() - rwsem-4.18's and rwsem-qexit's init from the values
 * of lb_rwx_418_options: the 4.18 features plus @features, slow-path-ns
 * in pauses
 */
static inline int lb_rwx_init_418(struct lb_rwx *sem, const struct lb_lock_cfg *cfg,
				  unsigned features, unsigned ctr_extra, unsigned ctr_wait_lock)
{
	const uint64_t *o = cfg->opts;
	double ns = (double)o[RWX_418_OPT_SLOW_PATH];
	int err = lb_rwx_init(sem, cfg, RWX_WSPIN | RWX_V418 | RWX_RUNS | features,
			      o[RWX_418_OPT_WAIT_LOCK], o[RWX_418_OPT_SPIN_BUDGET],
			      o[RWX_418_OPT_ARCH], ctr_extra, ctr_wait_lock, o[RWX_418_OPT_WAKE]);

	sem->slow_pauses = ns > 0 && cfg->pause_ns > 0 ? (unsigned)(ns / cfg->pause_ns + 0.5) : 0;
	return err;
}

int lb_rwx_thread_init(void *lock, struct lb_tctx *t);
void lb_rwx_down_read_failed(struct lb_rwx *sem, struct lb_tctx *t);
void lb_rwx_down_write_failed(struct lb_rwx *sem, struct lb_tctx *t);
/* rwsem_wake(): an unlock left the count negative with no active locker */
void lb_rwx_wake(struct lb_rwx *sem, struct lb_tctx *t);
/* lb_rwx_read_wake() - rwsem_wake() called by up_read() (read-wait-locks counts it) */
void lb_rwx_read_wake(struct lb_rwx *sem, struct lb_tctx *t);
bool lb_rwx_is_locked(void *lock);
int lb_rwx_describe(void *lock, char *buf, size_t len);

static inline struct lb_task *lb_rwx_me(struct lb_tctx *t)
{
	return &lb_sleep_thread(t)->task;
}

static inline void lb_rwx_set_owner(struct lb_rwx *sem, struct lb_tctx *t)
{
	/* relaxed: a hint for spinners, who acquire through the count */
	if (sem->features & RWX_WSPIN)
		lb_store_relaxed(&sem->owner, lb_rwx_me(t));
}

/* down_read(): (c) -> (c + 1); a negative result takes the slow path */
static inline void lb_rwx_read_lock(void *lock, struct lb_tctx *t)
{
	struct lb_rwx *sem = lock;

	/* acquire: pairs with the release of up_write() (and of up_read() for writers) */
	if (lb_unlikely(lb_add_return_acquire(&sem->count, RWSEM_ACTIVE_READ_BIAS) < 0))
		lb_rwx_down_read_failed(sem, t);
}

/*
 * down_read() of 4.18 (RWX_V418): as above, then rwsem_set_reader_owned()
 * (a relaxed hint, stored only when not already there). RWX_RUNS: a
 * read that took the fast path ends this thread's run of slow-path reads
 * (its own line; stored only when a run was going).
 */
static inline void lb_rwx_read_lock_418(void *lock, struct lb_tctx *t)
{
	struct lb_rwx *sem = lock;

	/* acquire: pairs with the release of up_write() (and of up_read() for writers) */
	if (lb_unlikely(lb_add_return_acquire(&sem->count, RWSEM_ACTIVE_READ_BIAS) < 0)) {
		lb_rwx_down_read_failed(sem, t);
	} else {
		struct lb_sleep_thread *st = lb_sleep_thread(t);

		if (lb_unlikely(st->slow_run))
			st->slow_run = 0;
	}
	if (lb_load_relaxed(&sem->owner) != RWSEM_READER_OWNED)
		lb_store_relaxed(&sem->owner, RWSEM_READER_OWNED);
}

/* up_read(): (c) -> (c - 1); wake when negative with no active locker left */
static inline void lb_rwx_read_unlock(void *lock, struct lb_tctx *t)
{
	struct lb_rwx *sem = lock;
	/* release: the critical section before a writer's acquire */
	int64_t c = lb_add_return_release(&sem->count, -RWSEM_ACTIVE_READ_BIAS);

	if (lb_unlikely(c < 0) && (c & RWSEM_ACTIVE_MASK) == 0)
		lb_rwx_read_wake(sem, t);
}

/* down_write(): (c) -> (c + ACTIVE_WRITE_BIAS); the old value says whether it was free */
static inline void lb_rwx_write_lock(void *lock, struct lb_tctx *t)
{
	struct lb_rwx *sem = lock;
	/* acquire: pairs with the release of the previous up_read()/up_write() */
	int64_t old = lb_fetch_add_acquire(&sem->count, RWSEM_ACTIVE_WRITE_BIAS);

	if (lb_unlikely(sem->arch == RWX_ARCH_X86 ? (old & RWSEM_ACTIVE_MASK) != 0 : old != 0))
		lb_rwx_down_write_failed(sem, t);
	lb_rwx_set_owner(sem, t);
}

/* up_write(): (c) -> (c - ACTIVE_WRITE_BIAS), owner cleared first */
static inline void lb_rwx_write_unlock(void *lock, struct lb_tctx *t)
{
	struct lb_rwx *sem = lock;
	int64_t c;

	if (sem->features & RWX_WSPIN)
		lb_store_relaxed(&sem->owner, NULL);
	/* release: the critical section before the next acquire */
	c = lb_add_return_release(&sem->count, -RWSEM_ACTIVE_WRITE_BIAS);
	if (lb_unlikely(c < 0) && (sem->arch == RWX_ARCH_GENERIC || (c & RWSEM_ACTIVE_MASK) == 0))
		lb_rwx_wake(sem, t);
}

/* down_read_trylock(): (c >= 0) -> (c + 1) */
static inline bool lb_rwx_read_trylock(void *lock, struct lb_tctx *t)
{
	struct lb_rwx *sem = lock;
	int64_t c = lb_load_relaxed(&sem->count);

	while (c >= 0)
		/* acquire, as down_read() */
		if (lb_cmpxchg_acquire(&sem->count, &c, c + RWSEM_ACTIVE_READ_BIAS)) {
			/* 4.18: rwsem_set_reader_owned(), as down_read() */
			if ((sem->features & RWX_V418) &&
			    lb_load_relaxed(&sem->owner) != RWSEM_READER_OWNED)
				lb_store_relaxed(&sem->owner, RWSEM_READER_OWNED);
			return true;
		}
	return false;
}

/* down_write_trylock(): generic (0) -> (ACTIVE_WRITE_BIAS); x86 any c without active lockers */
static inline bool lb_rwx_write_trylock(void *lock, struct lb_tctx *t)
{
	struct lb_rwx *sem = lock;
	int64_t c = sem->arch == RWX_ARCH_X86 ? lb_load_relaxed(&sem->count) : 0;

	do {
		if (c & RWSEM_ACTIVE_MASK)
			return false;
		/* acquire, as down_write() */
		if (lb_cmpxchg_acquire(&sem->count, &c, c + RWSEM_ACTIVE_WRITE_BIAS)) {
			lb_rwx_set_owner(sem, t);
			return true;
		}
	} while (sem->arch == RWX_ARCH_X86);
	return false;
}

/*
 * LB_RWX_OPS(loop) - the lb_lock_ops members the four locks share; each
 * adds its name, description, init, options and counters.
 */
#define LB_RWX_OPS(loopfn) LB_RWX_OPS_RL(loopfn, lb_rwx_read_lock)
/* LB_RWX_OPS_RL(loop, read_lock) - the same with another down_read() (4.18's) */
#define LB_RWX_OPS_RL(loopfn, rl)					\
	.family = "sleep",						\
	.kind = LB_LOCK_RW,						\
	.flags = LB_LOCK_F_BLOCKING | LB_LOCK_F_PSHARED,		\
	.lock_size = sizeof(struct lb_rwx),				\
	.tctx_size = sizeof(struct lb_sleep_thread),			\
	.thread_init = lb_rwx_thread_init,				\
	.lock = lb_rwx_write_lock,					\
	.unlock = lb_rwx_write_unlock,					\
	.trylock = lb_rwx_write_trylock,				\
	.read_lock = rl,						\
	.read_unlock = lb_rwx_read_unlock,				\
	.read_trylock = lb_rwx_read_trylock,				\
	.loop = loopfn,							\
	.is_locked = lb_rwx_is_locked,					\
	.layout = lb_rwx_layout,					\
	.describe = lb_rwx_describe

#endif /* LB_LOCKS_RWSEM_COMMON_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sleep.h - the kernel's scheduler as the sleeping locks see it, in userspace
 *
 * The kernel's mutex and rwsem sleep in schedule() and are woken with
 * wake_up_process(); their optimistic spinners look at the owner's on_cpu
 * and stop when need_resched() says so. This file is the one place where
 * lockbench emulates those pieces, after the kernel's
 * scheduler (no code was taken from the kernel):
 *
 * - struct lb_task, one per thread per lock (the thread's task_struct, as
 *   far as a lock needs one): a 32-bit park word for futex(2), the
 *   "owner running" flag on_cpu, and the wake-queue link. A lock's owner
 *   field holds a pointer to the owner's lb_task (64-byte aligned, so the
 *   low bits are free for flags, as in the kernel).
 * - The task state: park == 1 is TASK_UNINTERRUPTIBLE (set_current_state),
 *   park == 0 is TASK_RUNNING. lb_schedule() sleeps in FUTEX_WAIT_PRIVATE
 *   while the word is 1; on_cpu is cleared just before each FUTEX_WAIT and
 *   set again after it. Never sched_yield(): its wake-up profile is not a
 *   sleeping lock's.
 * - A wake queue (the kernel's wake_q): wakers collect tasks while they
 *   hold the wait_lock, storing TASK_RUNNING into each park word there, and
 *   issue the FUTEX_WAKEs with lb_wake_up_q() after dropping it.
 * - struct lb_waiter, one per thread per lock: the waiter record the
 *   kernel keeps on the waiting task's stack, linked into the lock's FIFO
 *   wait list. rwsem readers are granted the lock by the waker setting
 *   `granted` (the kernel's waiter.task = NULL), a flag of its own and not
 *   the park word, which the waiter may legitimately re-arm.
 * - The wait_lock: one of lockbench's own spinlocks (locks/inner.h),
 *   chosen with each lock's --<lock>-wait-lock option (wait-lock.h, the
 *   list the queued rwlocks use too, defaulting to the spinlock of the
 *   era the lock models); its first event counter is shown as
 *   "wait-lock-waits".
 * - need_resched(): the spin budget of locks/resched.h; the rwsem
 *   handoff timeout (4 ms, RWSEM_WAIT_TIMEOUT) on the calibrated counter.
 *
 * Waiter-record lifetime (section 1.5): once a waker has made the
 * granting store, the waiter may return and reuse its record for its next
 * wait. A waker therefore reads everything it needs from the record (the
 * task, the next waiter) before that store and touches nothing in the
 * record afterwards; the lb_task itself lives for the whole point, so a
 * late FUTEX_WAKE on it is at most a spurious wake-up.
 *
 * Involuntary preemption is invisible: on_cpu only says whether the
 * thread sleeps in the lock's own FUTEX_WAIT. vcpu_is_preempted() and
 * rt_task() are false.
 */
#ifndef LB_LOCKS_SLEEP_H
#define LB_LOCKS_SLEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "inner.h"
#include "base/lb-atomic.h"
#include "lock.h"
#include "osq.h"
#include "resched.h"
#include "wait-lock.h"


/* ---- tasks: park word, on_cpu, wake-queue link */

struct lb_task {
	uint32_t park;			/* futex word: 1 TASK_UNINTERRUPTIBLE, 0 TASK_RUNNING */
	uint32_t on_cpu;		/* 1 unless sleeping in the lock's FUTEX_WAIT */
	struct lb_task *wake_next;	/* NULL: not on a wake queue; LB_WAKE_Q_TAIL: last */
	unsigned tid;
} LB_ALIGNED;

#define LB_WAKE_Q_TAIL ((struct lb_task *)1)

struct lb_wake_q {
	struct lb_task *first;		/* LB_WAKE_Q_TAIL when empty */
	struct lb_task **lastp;
};

static inline void lb_wake_q_init(struct lb_wake_q *q)
{
	q->first = LB_WAKE_Q_TAIL;
	q->lastp = &q->first;
}

static inline bool lb_wake_q_empty(const struct lb_wake_q *q)
{
	return q->first == LB_WAKE_Q_TAIL;
}

/**
 * lb_wake_q_add() - mark @task runnable and queue its FUTEX_WAKE
 *
 * The kernel's wake_q_add(): called under the wait_lock. The park store is
 * made here (it is what the woken task re-checks); the system call waits
 * for lb_wake_up_q(). A task that is running already is not queued (the
 * kernel's try_to_wake_up() would do nothing for it), nor is one already
 * on another wake queue: that queue's wake comes after this store (see
 * sleep.c).
 */
void lb_wake_q_add(struct lb_wake_q *q, struct lb_task *task);
/**
 * lb_wake_up_q() - issue the queued wake-ups (after dropping the wait_lock)
 * @ctr_wakeups: the caller's counter index for FUTEX_WAKE calls issued
 */
void lb_wake_up_q(struct lb_wake_q *q, struct lb_tctx *t, unsigned ctr_wakeups);

/* lb_set_state_sleeping() - set_current_state(TASK_UNINTERRUPTIBLE): fully ordered, as smp_store_mb() */
static inline void lb_set_state_sleeping(struct lb_task *me)
{
	/*
	 * full: the store of 1 is ordered before the caller's re-check of the
	 * lock state (a grant flag, the count), pairing with the waker, who
	 * changes that state before it stores 0 here (lb_wake_q_add()).
	 */
	(void)lb_xchg_full(&me->park, 1);
}

/* lb_set_state_running() - __set_current_state(TASK_RUNNING): our own word, no ordering */
static inline void lb_set_state_running(struct lb_task *me)
{
	lb_store_relaxed(&me->park, 0);
}

/**
 * lb_schedule() - schedule() for a task that may have set itself sleeping
 * @ctr_sleeps: counter index for FUTEX_WAITs that slept (returned 0)
 *
 * Returns at once when a waker already stored TASK_RUNNING; otherwise
 * sleeps in FUTEX_WAIT until one does, with on_cpu cleared meanwhile.
 * Return: true when it slept.
 */
bool lb_schedule(struct lb_task *me, struct lb_tctx *t, unsigned ctr_sleeps);

/* lb_owner_on_cpu() - the kernel's owner->on_cpu (relaxed: a hint, re-read in every spin) */
static inline bool lb_owner_on_cpu(const struct lb_task *owner)
{
#ifdef LB_SIM
	/* simulated: an owner its CPU's time slice took off it is not running either */
	if (lb_sim_owner_running(owner) == 0)
		return false;
#endif
	return lb_load_relaxed(&owner->on_cpu) != 0;
}

/* ---- the wait list: a circular doubly linked list, as the kernel's list_head */

struct lb_list {
	struct lb_list *next, *prev;
};

/*
 * Modified only under the wait_lock; the links are atomic (relaxed)
 * because a few checks read the head without it (mutex: "am I first?",
 * both as the kernel does).
 */
static inline void lb_list_init(struct lb_list *h)
{
	lb_store_relaxed(&h->next, h);
	lb_store_relaxed(&h->prev, h);
}

static inline bool lb_list_empty(struct lb_list *h)
{
	return lb_load_relaxed(&h->next) == h;
}

static inline bool lb_list_is_singular(struct lb_list *h)
{
	struct lb_list *n = lb_load_relaxed(&h->next);

	return n != h && n == lb_load_relaxed(&h->prev);
}

static inline void lb_list_add_tail(struct lb_list *n, struct lb_list *h)
{
	struct lb_list *last = lb_load_relaxed(&h->prev);

	lb_store_relaxed(&n->next, h);
	lb_store_relaxed(&n->prev, last);
	lb_store_relaxed(&last->next, n);
	lb_store_relaxed(&h->prev, n);
}

static inline void lb_list_del(struct lb_list *n)
{
	struct lb_list *p = lb_load_relaxed(&n->prev), *x = lb_load_relaxed(&n->next);

	lb_store_relaxed(&p->next, x);
	lb_store_relaxed(&x->prev, p);
}

/* ---- waiter records */

enum lb_waiter_type {
	LB_WAIT_READ = 0,
	LB_WAIT_WRITE = 1,
};

struct lb_waiter {
	struct lb_list node;		/* first: a list node is its waiter */
	struct lb_task *task;		/* the waiting thread */
	uint32_t type;			/* LB_WAIT_READ or LB_WAIT_WRITE */
	uint32_t granted;		/* rwsem readers: set (release) by the waker */
	uint64_t timeout;		/* cycle-counter deadline for a handoff request */
	bool handoff_set;		/* modern rwsem: this waiter set the handoff bit */
} LB_ALIGNED;

static inline struct lb_waiter *lb_waiter_of(struct lb_list *n)
{
	return (struct lb_waiter *)n;	/* node is the first member */
}

static inline struct lb_waiter *lb_first_waiter(struct lb_list *h)
{
	return lb_waiter_of(lb_load_relaxed(&h->next));
}

/* ---- a sleeping lock's common parts and per-thread area */

/*
 * The wait_lock's words inside the lock's own line: the kernel's
 * raw_spinlock_t is 4 bytes; our qspinlock keeps its pending-loop bound
 * beside its word, so 8 bytes hold either (lb_sleep_init() checks).
 */
struct lb_wait_lock_mem {
	uint32_t w[2];
};

/**
 * struct lb_sleep - the read-mostly part every sleeping lock has
 * @wl:        which spinlock the wait_lock is, and where its per-thread data
 *             and counters are
 * @wait_lock: the lock's wait_lock words (in the lock's first line)
 * @osq:       the lock's optimistic spinners' queue (in the same line)
 * @wait_list: FIFO of struct lb_waiter, under the wait_lock (same line)
 * @spin_budget:    need_resched() after this many counter cycles of spinning
 * @handoff_cycles: the 4 ms handoff timeout in counter cycles
 *
 * The kernel's struct mutex and struct rw_semaphore are each under one
 * 64-byte line on x86-64, so that the OSQ tail, the wait_lock and the
 * wait list share the line that fast-path lockers and owner spinners read.
 * A model therefore declares its words (count, owner,
 * wait_lock, wait_list, osq) itself, in its kernel's field order, in its
 * first line, and this struct after them on a line of its own
 * (LB_ALIGNED): written once at init, read by everyone afterwards, never
 * invalidated. LB_SLEEP_LAYOUT() asserts the arrangement at compile time.
 */
struct lb_sleep {
	struct lb_inner wl;
	struct lb_wait_lock_mem *wait_lock;
	struct lb_osq *osq;
	struct lb_list *wait_list;
	uint64_t spin_budget;
	uint64_t handoff_cycles;
	bool wake_in_lock;	/* LB_WAKE_IN_LOCK: issue wake-ups before dropping wait_lock */
} LB_ALIGNED;

/*
 * LB_SLEEP_LAYOUT(type, last) - the model's words end (with member @last)
 * within its first line, and its struct lb_sleep `s` starts the second.
 */
#define LB_SLEEP_LAYOUT(type, last)						\
	_Static_assert(offsetof(type, last) + sizeof(((type *)0)->last) <= LB_CACHELINE, \
		       #type ": the kernel's words must share one line");	\
	_Static_assert(offsetof(type, s) == LB_CACHELINE,			\
		       #type ": the read-mostly part starts the second line")

/* LB_SLEEP_FIELD() - a row of a model's lb_lock_ops.layout (the unit test prints them) */
#define LB_SLEEP_FIELD(type, f) \
	{ .name = #f, .offset = offsetof(type, f), .size = sizeof(((type *)0)->f) }

/* Per-thread area of a sleeping lock (lb_lock_ops.tctx_size). */
struct lb_sleep_thread {
	struct lb_task task;
	struct lb_waiter waiter;
	struct lb_osq_node osq_node;
	unsigned char wait_lock[LB_INNER_MAX_TCTX] LB_ALIGNED;	/* the wait_lock's own */
	uint32_t slow_run LB_ALIGNED;	/* rwsem: slow-path reads in a row (counters only) */
};

static inline struct lb_sleep_thread *lb_sleep_thread(struct lb_tctx *t)
{
	return t->priv;
}

/* The counters every sleeping lock declares first, in this order (LB_SLEEP_COUNTER_NAMES). */
enum lb_sleep_ctr {
	LB_SC_SLEEPS = 0,	/* FUTEX_WAITs that slept */
	LB_SC_WAKEUPS,		/* FUTEX_WAKEs issued */
	LB_SC_SPIN_ACQUIRED,	/* optimistic spins that ended holding the lock */
	LB_SC_SPIN_FAILED,	/* optimistic spins begun (the OSQ joined) that gave up */
	LB_SC_COMMON,		/* the lock's own counters start here */
};

#define LB_SLEEP_COUNTER_NAMES "sleeps", "wakeups", "spin-acquired", "spin-failed"

/* The deviations from the kernel every lock on this emulation has (lb_lock_ops.deviations). */
#define LB_SLEEP_DEVIATIONS "futex sleep for schedule(); on_cpu only for sleeping in the " \
	"lock; need_resched() a spin budget"
#define LB_WAIT_LOCK_COUNTER_NAME "wait-lock-waits"

/*
 * Lock options every sleeping lock offers (its table starts with these);
 * @d is the wait_lock of the era the lock models (LB_WAIT_LOCK_TICKET up to
 * x86 4.1, LB_WAIT_LOCK_QSPINLOCK from 4.2).
 */
#define LB_SLEEP_OPT_WAIT_LOCK(d)						\
	LB_WAIT_LOCK_OPTION((d), "the spinlock that guards the wait list (the kernel's raw " \
			    "spinlock wait_lock; qspinlock from 4.2, ticket before)")
#define LB_SLEEP_OPT_SPIN_BUDGET						\
	{ .name = "spin-budget", .type = LB_LOCK_OPT_U64, .min = 100,		\
	  .max = 1000000000, .def = LB_BUDGET_DEFAULT_NS,			\
	  .help = "nanoseconds an optimistic spinner spins before need_resched() " \
		  "turns true" }

/*
 * The wake option of the locks whose history has both forms: 3.x kernels
 * called wake_up_process() with the wait_lock held; the wake queue
 * (wake_q, mutex and rwsem from about 4.9) issues them after dropping it.
 * @d is the era's form; the lock stores the value in lb_sleep.wake_in_lock.
 */
static const char *const lb_wake_names[] LB_UNUSED = { "in-lock", "after-unlock", NULL };
#define LB_WAKE_IN_LOCK		0
#define LB_WAKE_AFTER_UNLOCK	1
#define LB_SLEEP_OPT_WAKE(d)							\
	{ .name = "wake", .type = LB_LOCK_OPT_ENUM, .def = (d), .values = lb_wake_names, \
	  .help = "when an unlocker's wake-ups (FUTEX_WAKE) are issued: in-lock, with " \
		  "the wait_lock held (3.x's wake_up_process()), or after-unlock (the " \
		  "wake queue of 4.9 on)" }

/**
 * lb_sleep_init() - set up the common parts
 * @osq, @wait_lock_mem, @wait_list: the lock's own words (LB_SLEEP_WORDS())
 * @wait_lock: the wait-lock option's value (wait-lock.h)
 * @budget_ns: the spin budget; @handoff_ns: the handoff timeout (0 if none)
 * @ctr_base:  index of the lock's "wait-lock-waits" counter (its last), where
 *             the wait_lock's own counters start
 */
int lb_sleep_init(struct lb_sleep *s, struct lb_osq *osq, struct lb_wait_lock_mem *wait_lock_mem,
		  struct lb_list *wait_list, const struct lb_lock_cfg *cfg, uint64_t wait_lock,
		  uint64_t budget_ns, uint64_t handoff_ns, unsigned ctr_base);
/* LB_SLEEP_WORDS(l) - the osq, wait_lock and wait_list arguments of lb_sleep_init() */
#define LB_SLEEP_WORDS(l) &(l)->osq, &(l)->wait_lock, &(l)->wait_list
/* lb_sleep_thread_init() - the thread's task (running, on its CPU) and the wait_lock's part */
int lb_sleep_thread_init(struct lb_sleep *s, struct lb_tctx *t);

static inline void lb_wait_lock(struct lb_sleep *s, struct lb_tctx *t)
{
	lb_inner_lock(&s->wl, s->wait_lock, t);
}

static inline bool lb_wait_trylock(struct lb_sleep *s, struct lb_tctx *t)
{
	return lb_inner_trylock(&s->wl, s->wait_lock, t);
}

static inline void lb_wait_unlock(struct lb_sleep *s, struct lb_tctx *t)
{
	lb_inner_unlock(&s->wl, s->wait_lock, t);
}

/**
 * lb_wait_unlock_wake() - drop the wait_lock and issue the wake-ups of @q
 * @ctr_wakeups: the caller's counter of FUTEX_WAKEs
 *
 * After the unlock (the wake queue), or before it when the lock models a
 * kernel that woke with the wait_lock held (s->wake_in_lock).
 */
static inline void lb_wait_unlock_wake(struct lb_sleep *s, struct lb_tctx *t, struct lb_wake_q *q,
				       unsigned ctr_wakeups)
{
	if (s->wake_in_lock)
		lb_wake_up_q(q, t, ctr_wakeups);
	lb_wait_unlock(s, t);
	if (!s->wake_in_lock)
		lb_wake_up_q(q, t, ctr_wakeups);
}

/* lb_sleep_osq_lock() - join the spinners' queue with budget @b */
static inline bool lb_sleep_osq_lock(struct lb_sleep *s, struct lb_tctx *t, struct lb_budget *b)
{
	struct lb_tctx sub = lb_tctx_sub(t, offsetof(struct lb_sleep_thread, osq_node), 0);

	return lb_osq_lock(s->osq, &sub, b);
}

static inline void lb_sleep_osq_unlock(struct lb_sleep *s, struct lb_tctx *t)
{
	struct lb_tctx sub = lb_tctx_sub(t, offsetof(struct lb_sleep_thread, osq_node), 0);

	lb_osq_unlock(s->osq, &sub);
}

/* lb_handoff_deadline() - the cycle-counter value at which a waiter may demand a handoff */
static inline uint64_t lb_handoff_deadline(const struct lb_sleep *s)
{
	return lb_cycles() + s->handoff_cycles;
}

/**
 * lb_sleep_describe() - append the OSQ tail and the waiters to a lock's describe()
 * @n: what the lock already wrote into @buf (snprintf's return)
 *
 * For the watchdog: a racy snapshot of a lock that is stuck.
 * Return: the total length, as snprintf's.
 */
int lb_sleep_describe(struct lb_sleep *s, char *buf, size_t len, int n);

#endif /* LB_LOCKS_SLEEP_H */

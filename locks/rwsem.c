// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rwsem.c - the modern kernel rwsem (5.11+ reader lock stealing, 6.x form)
 *
 * Algorithm: kernel/locking/rwsem.c after the 5.3 rearchitecture by
 * Waiman Long and Peter Zijlstra (writer-locked bit, waiters and handoff
 * flags, a reader count in the high bits, owner word with reader-owned
 * and non-spinnable bits, phase-fair reader wake-ups, writer optimistic
 * spinning with a time limit on reader-owned locks, the 4 ms handoff), in
 * the form it has had since 5.11, when reader optimistic spinning was
 * removed and replaced by reader lock stealing ("locking/rwsem: Enable
 * reader optimistic lock stealing", "Remove reader optimistic spinning"),
 * with the 6.x refinements: a reader does not steal from a lock that is
 * likely owned by several readers (it queues, so that a waiting writer is
 * not starved), wake-ups in the slow paths are conditional
 * (rwsem_cond_wake_waiter()), and the handoff bit belongs to the first
 * waiter (handoff_set), which then spins on the owner before it sleeps.
 * We chose reader stealing over the 5.3-5.10 reader spinning. This is the
 * rwsem the default experiment runs. Reimplemented from the published
 * description; no code was taken. Sleeping,
 * waking, on_cpu and need_resched() are the emulation of locks/sleep.h.
 *
 * Lock word:
 *	count (64 bits):
 *	  bit  0:    WRITER_LOCKED  a writer holds it
 *	  bit  1:    WAITERS        the wait list is not empty
 *	  bit  2:    HANDOFF        the first waiter demands the lock: no stealing
 *	  bits 3-7:  reserved
 *	  bits 8-62: reader count (READER_BIAS = 1 << 8): readers holding or trying
 *	  bit  63:   READFAIL       reader-count overflow guard (never reached here)
 *	owner (pointer-sized): the writer's struct lb_task, or the last reader's
 *	  | READER_OWNED (bit 0) - a hint, not cleared by up_read - | NONSPINNABLE
 *	  (bit 1: a writer gave up spinning on this reader-owned lock)
 *	then the OSQ tail, the wait list and the wait_lock
 *	initial value: count 0, owner 0
 *
 * States: (count) and the wait list
 *	down_read:  (c) -> (c + READER_BIAS); fast when no WRITER_LOCKED,
 *	            WAITERS, HANDOFF or READFAIL bit is set in the result;
 *	            else the slow path: steal (keep the bias) when no writer
 *	            or handoff and not likely reader-owned by several; else
 *	            queue: an empty queue and no writer keeps the bias (with an
 *	            acquire fence); otherwise (c) -> (c - READER_BIAS [+ WAITERS])
 *	            and sleep until granted
 *	down_write: (0) -> (WRITER_LOCKED) by cmpxchg; else spin at the OSQ
 *	            head while a writer owner runs or, on a reader-owned lock,
 *	            for (10 + readers / 2) us at most, trying (no LOCK or
 *	            HANDOFF bits) -> (| WRITER_LOCKED); else queue and, under
 *	            wait_lock, (free) -> (| WRITER_LOCKED, HANDOFF and, if last,
 *	            WAITERS cleared), or set HANDOFF once waited 4 ms
 *	up_read:    (c) -> (c - READER_BIAS); wake when only WAITERS is left
 *	up_write:   (c) -> (c - WRITER_LOCKED); wake when WAITERS is set
 *	mark_wake:  head writer: woken, no grant; head reader: one bias granted
 *	            first (undone if a writer holds it, then HANDOFF after 4 ms);
 *	            then up to 256 readers from anywhere in the queue granted
 *	            together (phase-fair); WAITERS and HANDOFF cleared as it empties
 *
 * Ordering: acquisitions are acquire RMWs on the count (fast paths,
 * stealing readers' own add, the queued writer's cmpxchg, the spinner's
 * cmpxchg) or, for a queued reader, the acquire load of its grant flag,
 * which pairs with the waker's release store made after the count update
 * that holds the read lock for it. Unlocks are release RMWs. The owner
 * word is relaxed both ways (a hint for spinners). The queue-empty exit
 * has the acquire fence of the 2019 fix.
 *
 * Progress and fairness: writers may steal from sleeping waiters until a
 * waiter has waited 4 ms (--rwsem-handoff-ns): it then sets HANDOFF and
 * nobody but it may take the lock; a reader that times out at the head
 * does the same. Readers are woken phase-fair: all queued readers (up to
 * 256) at once, past queued writers. With more threads than CPUs a
 * preempted writer owner still looks running, so spinners use up their
 * budget before they queue.
 */
#include "config.h"

#include <stdio.h>

#include "harness/loop.h"
#include "sleep.h"

#define RWSEM_WRITER_LOCKED	(1LL << 0)
#define RWSEM_FLAG_WAITERS	(1LL << 1)
#define RWSEM_FLAG_HANDOFF	(1LL << 2)
#define RWSEM_FLAG_READFAIL	((int64_t)(1ULL << 63))
#define RWSEM_READER_SHIFT	8
#define RWSEM_READER_BIAS	(1LL << RWSEM_READER_SHIFT)
#define RWSEM_READER_MASK	(~(RWSEM_READER_BIAS - 1))
#define RWSEM_WRITER_MASK	RWSEM_WRITER_LOCKED
#define RWSEM_LOCK_MASK		(RWSEM_WRITER_MASK | RWSEM_READER_MASK)
#define RWSEM_READ_FAILED_MASK	(RWSEM_WRITER_MASK | RWSEM_FLAG_WAITERS | RWSEM_FLAG_HANDOFF | \
				 RWSEM_FLAG_READFAIL)

#define RWSEM_READER_OWNED	0x1ul
#define RWSEM_NONSPINNABLE	0x2ul
#define RWSEM_OWNER_FLAGS_MASK	(RWSEM_READER_OWNED | RWSEM_NONSPINNABLE)

#define RWSEM_MAX_READERS_WAKEUP	256
#define RWSEM_RSPIN_MAX_READERS		30	/* the writer's reader-owned spin: at most 25 us */

enum rwsem_wake_type {
	RWSEM_WAKE_ANY,		/* wake the head writer, or readers */
	RWSEM_WAKE_READERS,	/* wake readers only */
	RWSEM_WAKE_READ_OWNED,	/* the waker holds a read lock: no first grant */
};

enum rwsem_owner_state {
	OWNER_NULL = 1 << 0,
	OWNER_WRITER = 1 << 1,
	OWNER_READER = 1 << 2,
	OWNER_NONSPINNABLE = 1 << 3,
};
#define OWNER_SPINNABLE (OWNER_NULL | OWNER_WRITER | OWNER_READER)

/* struct rw_semaphore of 5.3+, in its field order, in one line */
struct rwsem {
	int64_t count;
	uintptr_t owner;	/* struct lb_task * | RWSEM_READER_OWNED | RWSEM_NONSPINNABLE */
	struct lb_osq osq;
	struct lb_wait_lock_mem wait_lock;
	struct lb_list wait_list;
	struct lb_sleep s;	/* read-mostly, the second line */
	uint64_t cycles_per_us;
};

LB_SLEEP_LAYOUT(struct rwsem, wait_list);

static const struct lb_lock_field rwsem_layout[] = {
	LB_SLEEP_FIELD(struct rwsem, count),
	LB_SLEEP_FIELD(struct rwsem, owner),
	LB_SLEEP_FIELD(struct rwsem, osq),
	LB_SLEEP_FIELD(struct rwsem, wait_lock),
	LB_SLEEP_FIELD(struct rwsem, wait_list),
	{ .name = NULL },
};

static const char *const rwsem_counters[] = {
	LB_SLEEP_COUNTER_NAMES,
	"read-slowpaths",	/* down_read()s that missed the fast path */
	"write-slowpaths",	/* down_write()s that missed it */
	"read-steals",		/* slow-path readers that kept the lock without queueing */
	"handoff-requests",	/* HANDOFF bits set (a waiter waited 4 ms) */
	LB_WAIT_LOCK_COUNTER_NAME,
	NULL,
};

enum { CTR_READ_SLOW = LB_SC_COMMON, CTR_WRITE_SLOW, CTR_READ_STEALS, CTR_HANDOFFS, CTR_WAIT_LOCK };

static const struct lb_lock_option rwsem_options[] = {
	LB_SLEEP_OPT_WAIT_LOCK(LB_WAIT_LOCK_QSPINLOCK),
	LB_SLEEP_OPT_SPIN_BUDGET,
	{ .name = "handoff-ns", .type = LB_LOCK_OPT_U64, .min = 1000, .max = 10000000000ull,
	  .def = 4000000,
	  .help = "nanoseconds a waiter waits before it may set the handoff bit "
		  "(RWSEM_WAIT_TIMEOUT, 4 ms)" },
	{ .name = NULL },
};

enum { OPT_WAIT_LOCK, OPT_SPIN_BUDGET, OPT_HANDOFF_NS };

static inline struct lb_task *rwsem_me(struct lb_tctx *t)
{
	return &lb_sleep_thread(t)->task;
}

/* the owner, and its flags in *@flags */
static inline struct lb_task *rwsem_owner_flags(struct rwsem *sem, uintptr_t *flags)
{
	uintptr_t o = lb_load_relaxed(&sem->owner);

	*flags = o & RWSEM_OWNER_FLAGS_MASK;
	return (struct lb_task *)(o & ~RWSEM_OWNER_FLAGS_MASK);
}

/* The owner word is a hint: relaxed stores, relaxed loads. */
static inline void rwsem_set_owner(struct rwsem *sem, struct lb_task *me)
{
	lb_store_relaxed(&sem->owner, (uintptr_t)me);
}

static inline void rwsem_set_reader_owned(struct rwsem *sem, struct lb_task *task)
{
	uintptr_t keep = lb_load_relaxed(&sem->owner) & RWSEM_NONSPINNABLE;

	lb_store_relaxed(&sem->owner, (uintptr_t)task | RWSEM_READER_OWNED | keep);
}

/* Only on a reader-owned lock: a writer timed out spinning on it. */
static void rwsem_set_nonspinnable(struct rwsem *sem)
{
	uintptr_t o = lb_load_relaxed(&sem->owner);

	do {
		if (!(o & RWSEM_READER_OWNED) || (o & RWSEM_NONSPINNABLE))
			return;
	} while (!lb_cmpxchg_relaxed(&sem->owner, &o, o | RWSEM_NONSPINNABLE));
}

static inline void rwsem_clear_nonspinnable(struct rwsem *sem)
{
	if (lb_unlikely(lb_load_relaxed(&sem->owner) & RWSEM_NONSPINNABLE))
		lb_fetch_and_relaxed(&sem->owner, ~RWSEM_NONSPINNABLE);
}

static int rwsem_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct rwsem *sem = lock;

	lb_store_relaxed(&sem->count, 0);
	lb_store_relaxed(&sem->owner, 0);
	sem->cycles_per_us = lb_budget_cycles(cfg, 1000);
	return lb_sleep_init(&sem->s, LB_SLEEP_WORDS(sem), cfg, cfg->opts[OPT_WAIT_LOCK], cfg->opts[OPT_SPIN_BUDGET],
			     cfg->opts[OPT_HANDOFF_NS], CTR_WAIT_LOCK);
}

static int rwsem_thread_init(void *lock, struct lb_tctx *t)
{
	struct rwsem *sem = lock;

	return lb_sleep_thread_init(&sem->s, t);
}

/*
 * rwsem_mark_wake(): the caller holds the wait_lock, the list is not
 * empty. Wake-ups go on @q, issued after the wait_lock is dropped.
 */
static void rwsem_mark_wake(struct rwsem *sem, enum rwsem_wake_type type, struct lb_wake_q *q,
			    struct lb_tctx *t)
{
	struct lb_list *h = &sem->wait_list, wlist, *n, *next;
	struct lb_waiter *w = lb_first_waiter(h);
	int64_t adjustment = 0, oldcount, woken = 0;

	if (w->type == LB_WAIT_WRITE) {
		/* no grant: writers may steal it until this one runs; readers will queue */
		if (type == RWSEM_WAKE_ANY)
			lb_wake_q_add(q, w->task);
		return;
	}
	if (lb_unlikely(lb_load_relaxed(&sem->count) < 0))
		return;	/* READFAIL: too many readers already */
	if (type != RWSEM_WAKE_READ_OWNED) {
		/* grant one read lock first, to see early whether a writer holds it */
		adjustment = RWSEM_READER_BIAS;
		oldcount = lb_fetch_add_full(&sem->count, adjustment);
		if (lb_unlikely(oldcount & RWSEM_WRITER_MASK)) {
			/* waited too long behind writers: demand the lock */
			if (lb_cycles() > w->timeout) {
				if (!(oldcount & RWSEM_FLAG_HANDOFF)) {
					adjustment -= RWSEM_FLAG_HANDOFF;
					lb_count(t, CTR_HANDOFFS);
				}
				w->handoff_set = true;
			}
			/* (c) -> (c - READER_BIAS [+ HANDOFF]) */
			lb_fetch_add_relaxed(&sem->count, -adjustment);
			return;
		}
		rwsem_set_reader_owned(sem, w->task);
	}
	/*
	 * Phase-fair: every queued reader (up to 256) goes, skipping writers.
	 * Two passes: move them aside and add their biases in one shot
	 * before any of them can run and unlock.
	 */
	lb_list_init(&wlist);
	for (n = lb_load_relaxed(&h->next); n != h; n = next) {
		next = lb_load_relaxed(&n->next);
		if (lb_waiter_of(n)->type == LB_WAIT_WRITE)
			continue;
		lb_list_del(n);
		lb_list_add_tail(n, &wlist);
		if (++woken >= RWSEM_MAX_READERS_WAKEUP)
			break;
	}
	adjustment = woken * RWSEM_READER_BIAS - adjustment;
	oldcount = lb_load_relaxed(&sem->count);
	if (lb_list_empty(h)) {
		adjustment -= RWSEM_FLAG_WAITERS;
		if (oldcount & RWSEM_FLAG_HANDOFF)
			adjustment -= RWSEM_FLAG_HANDOFF;
	} else if (woken && (oldcount & RWSEM_FLAG_HANDOFF)) {
		adjustment -= RWSEM_FLAG_HANDOFF;	/* a reader got it: no writer to force */
	}
	/* relaxed, as the kernel's void add: the grant stores below publish it */
	if (adjustment)
		lb_fetch_add_relaxed(&sem->count, adjustment);
	for (n = lb_load_relaxed(&wlist.next); n != &wlist; n = next) {
		struct lb_waiter *rw = lb_waiter_of(n);
		struct lb_task *task = rw->task;

		next = lb_load_relaxed(&n->next);	/* before the grant: touch nothing after */
		/* release: the count update above before the reader's acquire of its grant */
		lb_store_release(&rw->granted, 1);
		lb_wake_q_add(q, task);
	}
}

/* rwsem_cond_wake_waiter(): after queueing, wake whom the count allows */
static void rwsem_cond_wake_waiter(struct rwsem *sem, int64_t count, struct lb_wake_q *q,
				   struct lb_tctx *t)
{
	enum rwsem_wake_type type;

	if (count & RWSEM_WRITER_MASK)
		return;
	if (count & RWSEM_READER_MASK) {
		type = RWSEM_WAKE_READERS;
	} else {
		type = RWSEM_WAKE_ANY;
		rwsem_clear_nonspinnable(sem);
	}
	rwsem_mark_wake(sem, type, q, t);
}

static LB_NOINLINE void rwsem_down_read_slowpath(struct rwsem *sem, struct lb_tctx *t,
						 int64_t count)
{
	struct lb_sleep_thread *st = lb_sleep_thread(t);
	struct lb_waiter *w = &st->waiter;
	int64_t adjustment = -RWSEM_READER_BIAS, rcnt = count >> RWSEM_READER_SHIFT;
	struct lb_wake_q q;

	lb_torture_point(t);	/* --torture: widen the window the fast path left */
	lb_count(t, CTR_READ_SLOW);
	lb_wake_q_init(&q);
	/* likely owned by several readers: queue, so that a waiting writer is not starved */
	if ((lb_load_relaxed(&sem->owner) & RWSEM_READER_OWNED) && rcnt > 1 &&
	    !(count & RWSEM_WRITER_LOCKED))
		goto queue;
	/*
	 * Reader lock stealing: no writer and no handoff: the bias our fast
	 * path added (an acquire RMW) holds the lock.
	 */
	if (!(count & (RWSEM_WRITER_LOCKED | RWSEM_FLAG_HANDOFF))) {
		rwsem_set_reader_owned(sem, &st->task);
		lb_count(t, CTR_READ_STEALS);
		/* the first reader wakes the queued readers to join it */
		if (rcnt == 1 && (count & RWSEM_FLAG_WAITERS)) {
			lb_wait_lock(&sem->s, t);
			if (!lb_list_empty(&sem->wait_list))
				rwsem_mark_wake(sem, RWSEM_WAKE_READ_OWNED, &q, t);
			lb_wait_unlock(&sem->s, t);
			lb_wake_up_q(&q, t, LB_SC_WAKEUPS);
		}
		return;
	}
queue:
	w->type = LB_WAIT_READ;
	w->timeout = lb_handoff_deadline(&sem->s);
	w->handoff_set = false;
	lb_store_relaxed(&w->granted, 0);	/* published by the list, under wait_lock */
	lb_wait_lock(&sem->s, t);
	if (lb_list_empty(&sem->wait_list)) {
		/* nobody queued and no writer: our bias is the read lock */
		if (!(lb_load_relaxed(&sem->count) & RWSEM_WRITER_MASK)) {
			/* acquire: the lock is taken here, after the last writer's release */
			lb_fence_acquire();
			lb_wait_unlock(&sem->s, t);
			rwsem_set_reader_owned(sem, &st->task);
			return;
		}
		adjustment += RWSEM_FLAG_WAITERS;
	}
	lb_list_add_tail(&w->node, &sem->wait_list);
	/* now waiting, no longer trying: (c) -> (c - READER_BIAS [+ WAITERS]) */
	count = lb_add_return_full(&sem->count, adjustment);
	rwsem_cond_wake_waiter(sem, count, &q, t);
	lb_wait_unlock(&sem->s, t);
	lb_wake_up_q(&q, t, LB_SC_WAKEUPS);
	for (;;) {
		lb_set_state_sleeping(&st->task);
		/* acquire: pairs with the release store of the grant in rwsem_mark_wake() */
		if (lb_load_acquire(&w->granted))
			break;
		lb_schedule(&st->task, t, LB_SC_SLEEPS);
	}
	lb_set_state_running(&st->task);
}

static void rwsem_read_lock(void *lock, struct lb_tctx *t)
{
	struct rwsem *sem = lock;
	/* (c) -> (c + READER_BIAS); acquire: pairs with the release of up_write() */
	int64_t c = lb_add_return_acquire(&sem->count, RWSEM_READER_BIAS);

	if (lb_likely(!(c & RWSEM_READ_FAILED_MASK)))
		rwsem_set_reader_owned(sem, rwsem_me(t));
	else
		rwsem_down_read_slowpath(sem, t, c);
}

static bool rwsem_read_trylock(void *lock, struct lb_tctx *t)
{
	struct rwsem *sem = lock;
	int64_t c = lb_load_relaxed(&sem->count);

	while (!(c & RWSEM_READ_FAILED_MASK)) {
		/* (c) -> (c + READER_BIAS); acquire, as rwsem_read_lock() */
		if (lb_cmpxchg_acquire(&sem->count, &c, c + RWSEM_READER_BIAS)) {
			rwsem_set_reader_owned(sem, rwsem_me(t));
			return true;
		}
	}
	return false;
}

/* rwsem_wake(): an unlock found WAITERS with the lock now free (of its kind) */
static LB_NOINLINE void rwsem_wake(struct rwsem *sem, struct lb_tctx *t)
{
	struct lb_wake_q q;

	lb_wake_q_init(&q);
	lb_wait_lock(&sem->s, t);
	if (!lb_list_empty(&sem->wait_list))
		rwsem_mark_wake(sem, RWSEM_WAKE_ANY, &q, t);
	lb_wait_unlock(&sem->s, t);
	lb_wake_up_q(&q, t, LB_SC_WAKEUPS);
}

static void rwsem_read_unlock(void *lock, struct lb_tctx *t)
{
	struct rwsem *sem = lock;
	/* (c) -> (c - READER_BIAS); release: the critical section before a writer's acquire */
	int64_t c = lb_add_return_release(&sem->count, -RWSEM_READER_BIAS);

	if (lb_unlikely((c & (RWSEM_LOCK_MASK | RWSEM_FLAG_WAITERS)) == RWSEM_FLAG_WAITERS)) {
		rwsem_clear_nonspinnable(sem);
		rwsem_wake(sem, t);
	}
}

/* rwsem_can_spin_on_owner(): a writer owner must run; never trust a reader owner */
static bool rwsem_can_spin_on_owner(struct rwsem *sem, struct lb_budget *b)
{
	uintptr_t flags;
	struct lb_task *owner;

	if (lb_need_resched(b))
		return false;
	owner = rwsem_owner_flags(sem, &flags);
	if ((flags & RWSEM_NONSPINNABLE) ||
	    (owner && !(flags & RWSEM_READER_OWNED) && !lb_owner_on_cpu(owner)))
		return false;
	return true;
}

static enum rwsem_owner_state rwsem_owner_state(struct lb_task *owner, uintptr_t flags)
{
	if (flags & RWSEM_NONSPINNABLE)
		return OWNER_NONSPINNABLE;
	if (flags & RWSEM_READER_OWNED)
		return OWNER_READER;
	return owner ? OWNER_WRITER : OWNER_NULL;
}

/* rwsem_spin_on_owner(): spin while a writer owner runs; what the owner became */
static enum rwsem_owner_state rwsem_spin_on_owner(struct rwsem *sem, struct lb_budget *b)
{
	uintptr_t flags, nflags;
	struct lb_task *owner = rwsem_owner_flags(sem, &flags), *new;
	enum rwsem_owner_state state = rwsem_owner_state(owner, flags);

	if (state != OWNER_WRITER)
		return state;
	for (;;) {
		/* a handoff writer may become a spinnable owner: keep going on HANDOFF */
		new = rwsem_owner_flags(sem, &nflags);
		if (new != owner || nflags != flags)
			return rwsem_owner_state(new, nflags);
		if (lb_need_resched(b) || !lb_owner_on_cpu(owner))
			return OWNER_NONSPINNABLE;
		lb_spin_wait_budget(&sem->owner, b);
	}
}

/* rwsem_try_write_lock_unqueued(): (no LOCK, no HANDOFF bits) -> (| WRITER_LOCKED) */
static bool rwsem_try_write_unqueued(struct rwsem *sem, struct lb_tctx *t)
{
	int64_t c = lb_load_relaxed(&sem->count);

	while (!(c & (RWSEM_LOCK_MASK | RWSEM_FLAG_HANDOFF))) {
		/* acquire: pairs with the release of the last unlock */
		if (lb_cmpxchg_acquire(&sem->count, &c, c | RWSEM_WRITER_LOCKED)) {
			rwsem_set_owner(sem, rwsem_me(t));
			return true;
		}
	}
	return false;
}

/* the end of a writer's spin on a reader-owned lock: (10 + readers / 2) us from now */
static uint64_t rwsem_rspin_threshold(struct rwsem *sem)
{
	int64_t readers = lb_load_relaxed(&sem->count) >> RWSEM_READER_SHIFT;

	if (readers > RWSEM_RSPIN_MAX_READERS)
		readers = RWSEM_RSPIN_MAX_READERS;
	return lb_cycles() + (uint64_t)(20 + readers) * sem->cycles_per_us / 2;
}

static bool rwsem_optimistic_spin(struct rwsem *sem, struct lb_tctx *t, struct lb_budget *b)
{
	enum rwsem_owner_state prev = OWNER_NULL;
	uint64_t rspin_end = 0;
	unsigned loop = 0;
	bool taken = false;

	if (!lb_sleep_osq_lock(&sem->s, t, b))
		goto done;
	for (;;) {
		enum rwsem_owner_state state = rwsem_spin_on_owner(sem, b);

		if (!(state & OWNER_SPINNABLE))
			break;
		taken = rwsem_try_write_unqueued(sem, t);
		if (taken)
			break;
		if (state == OWNER_READER) {
			/* a new reader phase re-arms the time limit */
			if (prev != OWNER_READER) {
				if (lb_load_relaxed(&sem->owner) & RWSEM_NONSPINNABLE)
					break;
				rspin_end = rwsem_rspin_threshold(sem);
				loop = 0;
			} else if (!(++loop & 0xf) && lb_cycles() > rspin_end) {
				rwsem_set_nonspinnable(sem);
				break;
			}
		}
		if (state != OWNER_WRITER && lb_need_resched(b))
			break;
		prev = state;
		lb_spin_wait_budget(&sem->count, b);
	}
	lb_sleep_osq_unlock(&sem->s, t);
done:
	lb_count(t, taken ? LB_SC_SPIN_ACQUIRED : LB_SC_SPIN_FAILED);
	return taken;
}

/*
 * rwsem_try_write_lock(): under wait_lock. Take a free lock, or set
 * HANDOFF after waiting 4 ms; honour a HANDOFF the first waiter set.
 */
static bool rwsem_try_write_lock(struct rwsem *sem, struct lb_waiter *w, struct lb_tctx *t)
{
	struct lb_list *h = &sem->wait_list;
	struct lb_waiter *first = lb_first_waiter(h);
	int64_t c = lb_load_relaxed(&sem->count), new;

	do {
		bool has_handoff = c & RWSEM_FLAG_HANDOFF;

		if (has_handoff && first->handoff_set && w != first)
			return false;
		new = c;
		if (c & RWSEM_LOCK_MASK) {
			if (has_handoff || lb_cycles() <= w->timeout)
				return false;
			new |= RWSEM_FLAG_HANDOFF;
		} else {
			new |= RWSEM_WRITER_LOCKED;
			new &= ~RWSEM_FLAG_HANDOFF;
			if (lb_list_is_singular(h))
				new &= ~RWSEM_FLAG_WAITERS;
		}
		/* acquire on taking it: pairs with the release of the last unlock */
	} while (!lb_cmpxchg_acquire(&sem->count, &c, new));
	if (new & RWSEM_FLAG_HANDOFF) {
		first->handoff_set = true;
		lb_count(t, CTR_HANDOFFS);
		return false;
	}
	lb_list_del(&w->node);
	rwsem_set_owner(sem, rwsem_me(t));
	return true;
}

static LB_NOINLINE void rwsem_down_write_slowpath(struct rwsem *sem, struct lb_tctx *t)
{
	struct lb_sleep_thread *st = lb_sleep_thread(t);
	struct lb_waiter *w = &st->waiter;
	struct lb_budget b;
	struct lb_wake_q q;

	lb_torture_point(t);	/* --torture: widen the window the fast path left */
	lb_count(t, CTR_WRITE_SLOW);
	lb_budget_start(&b, sem->s.spin_budget);
	if (rwsem_can_spin_on_owner(sem, &b) && rwsem_optimistic_spin(sem, t, &b))
		return;
	lb_wake_q_init(&q);
	w->type = LB_WAIT_WRITE;
	w->timeout = lb_handoff_deadline(&sem->s);
	w->handoff_set = false;
	lb_wait_lock(&sem->s, t);
	lb_list_add_tail(&w->node, &sem->wait_list);
	if (lb_first_waiter(&sem->wait_list) != w) {
		rwsem_cond_wake_waiter(sem, lb_load_relaxed(&sem->count), &q, t);
		if (!lb_wake_q_empty(&q)) {
			/* do not hold the wait_lock over many wake-ups */
			lb_wait_unlock(&sem->s, t);
			lb_wake_up_q(&q, t, LB_SC_WAKEUPS);
			lb_wait_lock(&sem->s, t);
		}
	} else {
		/* (c) -> (c | WAITERS): unlocks now take the slow path */
		lb_fetch_or_relaxed(&sem->count, RWSEM_FLAG_WAITERS);
	}
	lb_set_state_sleeping(&st->task);
	for (;;) {
		if (rwsem_try_write_lock(sem, w, t))
			break;
		lb_wait_unlock(&sem->s, t);
		/*
		 * Holding HANDOFF, spin on a running writer owner: if it just
		 * released (OWNER_NULL), try again without sleeping.
		 */
		if (w->handoff_set) {
			lb_budget_start(&b, sem->s.spin_budget);
			if (rwsem_spin_on_owner(sem, &b) == OWNER_NULL) {
				lb_wait_lock(&sem->s, t);
				continue;
			}
		}
		lb_schedule(&st->task, t, LB_SC_SLEEPS);
		lb_set_state_sleeping(&st->task);
		lb_wait_lock(&sem->s, t);
	}
	lb_set_state_running(&st->task);
	lb_wait_unlock(&sem->s, t);
}

static void rwsem_write_lock(void *lock, struct lb_tctx *t)
{
	struct rwsem *sem = lock;
	int64_t zero = 0;

	/* (0) -> (WRITER_LOCKED); acquire: pairs with the release of the last unlock */
	if (lb_likely(lb_cmpxchg_acquire(&sem->count, &zero, RWSEM_WRITER_LOCKED)))
		rwsem_set_owner(sem, rwsem_me(t));
	else
		rwsem_down_write_slowpath(sem, t);
}

static bool rwsem_write_trylock(void *lock, struct lb_tctx *t)
{
	struct rwsem *sem = lock;
	int64_t zero = 0;

	/* (0) -> (WRITER_LOCKED); acquire, as rwsem_write_lock() */
	if (!lb_cmpxchg_acquire(&sem->count, &zero, RWSEM_WRITER_LOCKED))
		return false;
	rwsem_set_owner(sem, rwsem_me(t));
	return true;
}

static void rwsem_write_unlock(void *lock, struct lb_tctx *t)
{
	struct rwsem *sem = lock;
	int64_t old;

	lb_store_relaxed(&sem->owner, 0);	/* rwsem_clear_owner() */
	/* (c) -> (c - WRITER_LOCKED); release: the critical section before the next acquire */
	old = lb_fetch_add_release(&sem->count, -RWSEM_WRITER_LOCKED);
	if (lb_unlikely(old & RWSEM_FLAG_WAITERS))
		rwsem_wake(sem, t);
}

static bool rwsem_is_locked(void *lock)
{
	struct rwsem *sem = lock;

	return (lb_load_relaxed(&sem->count) & RWSEM_LOCK_MASK) != 0;
}

static int rwsem_describe(void *lock, char *buf, size_t len)
{
	struct rwsem *sem = lock;
	int64_t c = lb_load_relaxed(&sem->count);
	uintptr_t flags;
	struct lb_task *owner = rwsem_owner_flags(sem, &flags);
	int n = snprintf(buf, len, "count=%#llx (%lld reader(s)%s%s%s) owner=%d%s%s",
			 (unsigned long long)c, (long long)((c & ~RWSEM_FLAG_READFAIL) >>
			 RWSEM_READER_SHIFT), c & RWSEM_WRITER_LOCKED ? " WRITER_LOCKED" : "",
			 c & RWSEM_FLAG_WAITERS ? " WAITERS" : "",
			 c & RWSEM_FLAG_HANDOFF ? " HANDOFF" : "", owner ? (int)owner->tid : -1,
			 flags & RWSEM_READER_OWNED ? " READER_OWNED" : "",
			 flags & RWSEM_NONSPINNABLE ? " NONSPINNABLE" : "");

	return lb_sleep_describe(&sem->s, buf, len, n);
}

LB_LOCK_LOOP(rwsem_loop, rwsem_write_lock, rwsem_write_unlock, rwsem_read_lock, rwsem_read_unlock)

const struct lb_lock_ops lb_lock_rwsem = {
	.name = "rwsem",
	.desc = "kernel rwsem 5.11+ (6.x form): flag bits, 4 ms handoff, writer spinning, "
		"reader lock stealing, phase-fair wake-ups",
	.follows = "Linux 6.x kernel/locking/rwsem.c (the 5.11+ form, reader lock stealing)",
	.deviations = LB_SLEEP_DEVIATIONS "; the 4 ms handoff timed on the cycle counter; fast "
		      "paths inlined into the loop with no preemption count, where 6.1's "
		      "down_*() and up_*() are calls that disable preemption around them (a "
		      "tree's ran at about 0.8x at 1 thread: scripts/tree-compare)",
	.family = "sleep",
	.kind = LB_LOCK_RW,
	.flags = LB_LOCK_F_BLOCKING | LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct rwsem),
	.tctx_size = sizeof(struct lb_sleep_thread),
	.init = rwsem_init,
	.thread_init = rwsem_thread_init,
	.lock = rwsem_write_lock,
	.unlock = rwsem_write_unlock,
	.trylock = rwsem_write_trylock,
	.read_lock = rwsem_read_lock,
	.read_unlock = rwsem_read_unlock,
	.read_trylock = rwsem_read_trylock,
	.loop = rwsem_loop,
	.is_locked = rwsem_is_locked,
	.describe = rwsem_describe,
	.options = rwsem_options,
	.counters = rwsem_counters,
	.layout = rwsem_layout,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mutex.c - the kernel mutex of Linux 4.11+: owner word, handoff, PICKUP
 *
 * Algorithm: kernel/locking/mutex.c after Peter Zijlstra's "Rework
 * mutex::owner" and "Add lock handoff to avoid starvation" (4.10), Waiman
 * Long's "Enable optimistic spinning of woken waiter" (4.10) and Peter
 * Zijlstra's "Fix mutex handoff" (4.11, the PICKUP flag). This is the
 * 4.11+ form with PICKUP (the 4.10 form had only WAITERS and HANDOFF).
 * Reimplemented from the published description cited here (lockbench(1), REFERENCES); no code
 * was taken. Sleeping, waking, on_cpu and need_resched() are the emulation
 * of locks/sleep.h.
 *
 * Lock word (a pointer-sized word):
 *	bit 0:    WAITERS  the wait list is not empty: unlock takes the slow path
 *	bit 1:    HANDOFF  the first waiter demands the lock be handed to it
 *	bit 2:    PICKUP   handed off: the named task must pick the lock up
 *	bits 6-:  the owner's struct lb_task (64-byte aligned), 0 when free
 *	then, in the same line and the kernel's order, the wait_lock, the OSQ
 *	tail and the wait list; the read-mostly struct lb_sleep on the next
 *	initial value 0
 *
 * States: (owner, flags)
 *	fast lock:   (0, 0) -> (me, 0) by cmpxchg; fast unlock (me, 0) -> (0, 0)
 *	trylock:     (0, f) -> (me, f & ~HANDOFF); (me, f|PICKUP) -> (me, f & ~PICKUP)
 *	wait:        add to the list; (o, f) -> (o, f|WAITERS) for the first waiter;
 *	             a woken first waiter sets HANDOFF and may spin on the owner
 *	slow unlock: without HANDOFF (me, f) -> (0, f) and wake the first waiter if
 *	             WAITERS; with HANDOFF the lock never becomes free:
 *	             (me, f) -> (first, (f & WAITERS)|PICKUP), then wake it
 *	last waiter leaves: (o, f) -> (o, 0)
 *
 * Ordering: every acquisition is an acquire cmpxchg on the owner word,
 * every release (plain unlock or handoff) a release cmpxchg on it, and
 * they pair with each other. Flag updates (fetch_or, fetch_and) are
 * relaxed: they publish nothing. The wait list is ordered by wait_lock,
 * park words by sleep.c's protocol.
 *
 * Progress and fairness: a new locker may take a free lock past sleeping
 * waiters, but only until the first waiter has woken once and found the
 * lock taken: from then on it holds HANDOFF and the next unlock hands the
 * lock to it. Only the OSQ head spins (plus the woken first waiter, which
 * spins without the OSQ); a spinner stops when the owner sleeps or its
 * spin budget runs out. With more threads than CPUs a preempted owner
 * still looks running: spinners burn their budget, then sleep.
 */
#include "config.h"

#include <stdio.h>

#include "harness/loop.h"
#include "sleep.h"

#define MUTEX_FLAG_WAITERS	0x01ul
#define MUTEX_FLAG_HANDOFF	0x02ul
#define MUTEX_FLAG_PICKUP	0x04ul
#define MUTEX_FLAGS		0x07ul

/* struct mutex of 4.10+, in its field order, in one line */
struct mutex {
	uintptr_t owner;	/* struct lb_task * | MUTEX_FLAG_* */
	struct lb_wait_lock_mem wait_lock;
	struct lb_osq osq;
	struct lb_list wait_list;
	struct lb_sleep s;	/* read-mostly, the second line */
};

LB_SLEEP_LAYOUT(struct mutex, wait_list);

static const struct lb_lock_field mutex_layout[] = {
	LB_SLEEP_FIELD(struct mutex, owner),
	LB_SLEEP_FIELD(struct mutex, wait_lock),
	LB_SLEEP_FIELD(struct mutex, osq),
	LB_SLEEP_FIELD(struct mutex, wait_list),
	{ .name = NULL },
};

static const char *const mutex_counters[] = {
	LB_SLEEP_COUNTER_NAMES,
	"slowpaths",		/* acquisitions that missed the fast path */
	"handoffs",		/* unlocks that handed the lock to the first waiter */
	LB_WAIT_LOCK_COUNTER_NAME,
	NULL,
};

enum { CTR_SLOWPATHS = LB_SC_COMMON, CTR_HANDOFFS, CTR_WAIT_LOCK };

static const struct lb_lock_option mutex_options[] = {
	LB_SLEEP_OPT_WAIT_LOCK(LB_WAIT_LOCK_QSPINLOCK),
	LB_SLEEP_OPT_SPIN_BUDGET,
	{ .name = NULL },
};

enum { OPT_WAIT_LOCK, OPT_SPIN_BUDGET };

static inline struct lb_task *mutex_owner_task(uintptr_t owner)
{
	return (struct lb_task *)(owner & ~MUTEX_FLAGS);
}

static inline struct lb_task *mutex_me(struct lb_tctx *t)
{
	return &lb_sleep_thread(t)->task;
}

static int mutex_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct mutex *l = lock;

	lb_store_relaxed(&l->owner, 0);
	return lb_sleep_init(&l->s, LB_SLEEP_WORDS(l), cfg, cfg->opts[OPT_WAIT_LOCK], cfg->opts[OPT_SPIN_BUDGET], 0,
			     CTR_WAIT_LOCK);
}

static int mutex_thread_init(void *lock, struct lb_tctx *t)
{
	struct mutex *l = lock;

	return lb_sleep_thread_init(&l->s, t);
}

/*
 * __mutex_trylock_or_owner(): NULL when we took the lock (a free one, or
 * one handed off to us), else the task that owns it.
 */
static struct lb_task *mutex_trylock_or_owner(struct mutex *l, struct lb_task *me)
{
	uintptr_t owner = lb_load_relaxed(&l->owner);

	for (;;) {
		uintptr_t flags = owner & MUTEX_FLAGS;
		struct lb_task *task = mutex_owner_task(owner);

		if (task) {
			if (task != me || !(flags & MUTEX_FLAG_PICKUP))
				return task;
			flags &= ~MUTEX_FLAG_PICKUP;	/* handed to us: pick it up */
		}
		/* a HANDOFF set on a free lock must not outlive our acquisition */
		flags &= ~MUTEX_FLAG_HANDOFF;
		/*
		 * (0 or me|PICKUP, f) -> (me, f'); acquire: pairs with the
		 * release cmpxchg of the unlock or of the handoff.
		 */
		if (lb_cmpxchg_acquire(&l->owner, &owner, (uintptr_t)me | flags))
			return NULL;
	}
}

static bool mutex_is_first(struct mutex *l, struct lb_waiter *w)
{
	return lb_first_waiter(&l->wait_list) == w;
}

/* mutex_spin_on_owner(): true when the owner changed, false to stop spinning */
static bool mutex_spin_on_owner(struct mutex *l, struct lb_task *owner, struct lb_waiter *waiter,
				struct lb_budget *b)
{
	while (mutex_owner_task(lb_load_relaxed(&l->owner)) == owner) {
		/*
		 * No "still the first waiter?" check here: the kernel makes it
		 * only for a ww_mutex (ww_mutex_spin_on_owner()), whose wait list
		 * is ordered by stamp; a plain mutex's first waiter stays first
		 */
		if (!lb_owner_on_cpu(owner) || lb_need_resched(b))
			return false;
		lb_spin_wait_budget(&l->owner, b);
	}
	return true;
}

/*
 * mutex_optimistic_spin(): a new locker spins at the head of the OSQ; the
 * woken first waiter (@waiter) spins without it.
 */
static bool mutex_optimistic_spin(struct mutex *l, struct lb_tctx *t, struct lb_waiter *waiter)
{
	struct lb_task *me = mutex_me(t), *owner;
	struct lb_budget b;

	lb_budget_start(&b, l->s.spin_budget);
	if (!waiter) {
		/* mutex_can_spin_on_owner(): no owner counts as spinnable */
		owner = mutex_owner_task(lb_load_relaxed(&l->owner));
		if (lb_need_resched(&b) || (owner && !lb_owner_on_cpu(owner)))
			return false;	/* no spin begun: not a failed one */
		if (!lb_sleep_osq_lock(&l->s, t, &b))
			goto fail;
	}
	for (;;) {
		owner = mutex_trylock_or_owner(l, me);
		if (!owner)
			break;
		if (!mutex_spin_on_owner(l, owner, waiter, &b))
			goto fail_unlock;
		lb_spin_wait_budget(&l->owner, &b);
	}
	if (!waiter)
		lb_sleep_osq_unlock(&l->s, t);
	lb_count(t, LB_SC_SPIN_ACQUIRED);
	return true;

fail_unlock:
	if (!waiter)
		lb_sleep_osq_unlock(&l->s, t);
fail:
	lb_count(t, LB_SC_SPIN_FAILED);
	return false;
}

static LB_NOINLINE void mutex_lock_slowpath(struct mutex *l, struct lb_tctx *t)
{
	struct lb_sleep_thread *st = lb_sleep_thread(t);
	struct lb_task *me = &st->task;
	struct lb_waiter *w = &st->waiter;
	bool first = false;

	lb_torture_point(t);	/* --torture: widen the window the fast path left */
	lb_count(t, CTR_SLOWPATHS);
	if (!mutex_trylock_or_owner(l, me) || mutex_optimistic_spin(l, t, NULL))
		return;

	lb_wait_lock(&l->s, t);
	if (!mutex_trylock_or_owner(l, me))
		goto skip_wait;
	lb_list_add_tail(&w->node, &l->wait_list);
	/* (o, f) -> (o, f|WAITERS): the unlock must now take the slow path */
	if (mutex_is_first(l, w))
		lb_fetch_or_relaxed(&l->owner, MUTEX_FLAG_WAITERS);
	lb_set_state_sleeping(me);
	for (;;) {
		/* under wait_lock: serialised with an unlock handing the lock to us */
		if (!mutex_trylock_or_owner(l, me))
			goto acquired;
		lb_wait_unlock(&l->s, t);
		lb_schedule(me, t, LB_SC_SLEEPS);
		if (!first) {
			first = mutex_is_first(l, w);
			/* (o, f) -> (o, f|HANDOFF): the next unlock hands the lock to us */
			if (first)
				lb_fetch_or_relaxed(&l->owner, MUTEX_FLAG_HANDOFF);
		}
		lb_set_state_sleeping(me);
		if (!mutex_trylock_or_owner(l, me) || (first && mutex_optimistic_spin(l, t, w)))
			break;
		lb_wait_lock(&l->s, t);
	}
	lb_wait_lock(&l->s, t);
acquired:
	lb_set_state_running(me);
	lb_list_del(&w->node);
	/* the last waiter left: (me, f) -> (me, 0) */
	if (lb_list_empty(&l->wait_list))
		lb_fetch_and_relaxed(&l->owner, ~MUTEX_FLAGS);
skip_wait:
	lb_wait_unlock(&l->s, t);
}

static void mutex_lock(void *lock, struct lb_tctx *t)
{
	struct mutex *l = lock;
	uintptr_t zero = 0;

	/* (0, 0) -> (me, 0); acquire: pairs with the release of the previous unlock */
	if (lb_unlikely(!lb_cmpxchg_acquire(&l->owner, &zero, (uintptr_t)mutex_me(t))))
		mutex_lock_slowpath(l, t);
}

static bool mutex_trylock(void *lock, struct lb_tctx *t)
{
	return !mutex_trylock_or_owner(lock, mutex_me(t));
}

/* __mutex_handoff(): (me, f) -> (task, (f & WAITERS)|PICKUP); release */
static void mutex_handoff(struct mutex *l, struct lb_task *task)
{
	uintptr_t owner = lb_load_relaxed(&l->owner), new;

	do {
		new = (owner & MUTEX_FLAG_WAITERS) | (uintptr_t)task;
		if (task)
			new |= MUTEX_FLAG_PICKUP;
		/* release: the critical section before the new owner's acquire */
	} while (!lb_cmpxchg_release(&l->owner, &owner, new));
}

static LB_NOINLINE void mutex_unlock_slowpath(struct mutex *l, struct lb_tctx *t)
{
	uintptr_t owner = lb_load_relaxed(&l->owner);
	struct lb_task *next = NULL;
	struct lb_wake_q q;

	for (;;) {
		if (owner & MUTEX_FLAG_HANDOFF)
			break;	/* do not release: hand over below */
		/* (me, f) -> (0, f); release: pairs with the next acquire */
		if (lb_cmpxchg_release(&l->owner, &owner, owner & MUTEX_FLAGS)) {
			if (owner & MUTEX_FLAG_WAITERS)
				break;
			return;
		}
	}
	lb_wake_q_init(&q);
	lb_wait_lock(&l->s, t);
	if (!lb_list_empty(&l->wait_list)) {
		next = lb_first_waiter(&l->wait_list)->task;
		lb_wake_q_add(&q, next);
	}
	if (owner & MUTEX_FLAG_HANDOFF) {
		mutex_handoff(l, next);
		lb_count(t, CTR_HANDOFFS);
	}
	lb_wait_unlock(&l->s, t);
	lb_wake_up_q(&q, t, LB_SC_WAKEUPS);
}

static void mutex_unlock(void *lock, struct lb_tctx *t)
{
	struct mutex *l = lock;
	uintptr_t me = (uintptr_t)mutex_me(t);

	/* (me, 0) -> (0, 0); release: pairs with the next acquire; fails when a flag is set */
	if (lb_unlikely(!lb_cmpxchg_release(&l->owner, &me, 0)))
		mutex_unlock_slowpath(l, t);
}

static bool mutex_is_locked(void *lock)
{
	struct mutex *l = lock;

	return mutex_owner_task(lb_load_relaxed(&l->owner)) != NULL;
}

static int mutex_describe(void *lock, char *buf, size_t len)
{
	struct mutex *l = lock;
	uintptr_t o = lb_load_relaxed(&l->owner);
	struct lb_task *owner = mutex_owner_task(o);
	int n = snprintf(buf, len, "owner=%d (%s)%s%s%s", owner ? (int)owner->tid : -1,
			 owner ? (lb_owner_on_cpu(owner) ? "running" : "sleeping") : "free",
			 o & MUTEX_FLAG_WAITERS ? " WAITERS" : "",
			 o & MUTEX_FLAG_HANDOFF ? " HANDOFF" : "",
			 o & MUTEX_FLAG_PICKUP ? " PICKUP" : "");

	return lb_sleep_describe(&l->s, buf, len, n);
}

LB_LOCK_LOOP(mutex_loop, mutex_lock, mutex_unlock, mutex_lock, mutex_unlock)

const struct lb_lock_ops lb_lock_mutex = {
	.name = "mutex",
	.desc = "kernel mutex 4.11+: owner word with WAITERS/HANDOFF/PICKUP, OSQ and "
		"woken-waiter spinning, futex sleep",
	.follows = "Linux 4.11+ kernel/locking/mutex.c: owner word with WAITERS, HANDOFF and "
		"PICKUP",
	.deviations = LB_SLEEP_DEVIATIONS "; fast paths inlined into the loop, where the kernel "
		      "calls mutex_lock() and mutex_unlock() (a tree's ran at about 0.9x at 1 "
		      "thread: scripts/tree-compare)",
	.family = "sleep",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_BLOCKING | LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct mutex),
	.tctx_size = sizeof(struct lb_sleep_thread),
	.init = mutex_init,
	.thread_init = mutex_thread_init,
	.lock = mutex_lock,
	.unlock = mutex_unlock,
	.trylock = mutex_trylock,
	.loop = mutex_loop,
	.is_locked = mutex_is_locked,
	.describe = mutex_describe,
	.options = mutex_options,
	.counters = mutex_counters,
	.layout = mutex_layout,
};

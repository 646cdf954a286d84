// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mutex-osq.c - the kernel mutex of Linux 3.15 - 4.9: count + OSQ spinning
 *
 * Algorithm: the mutex of kernel/locking/mutex.c from 3.15 (when the OSQ
 * replaced the MCS "mspin" lock of 3.10) to 4.9 (the last release before
 * the owner-word rework), with the x86 fast paths: Ingo Molnar's count
 * mutex, Peter Zijlstra's and Waiman Long's optimistic spinning, Jason
 * Low's and Davidlohr Bueso's OSQ. This is the "mutex" row of Long 2014
 * (3.16-rc7), and by default it follows 3.16 where the history changed:
 * spin-on-owner as in 3.10-4.0 (spin while the same owner runs; after
 * that go on only if the lock became free, owner == NULL; 4.1+ goes on
 * when the owner merely changed: option owner-change=spin), and the
 * unlocker wakes the first waiter with the wait_lock held (3.x's
 * wake_up_process(); option wake=after-unlock for the later wake queue).
 * Reimplemented from the published description cited here (lockbench(1), REFERENCES) and
 * 16; no code was taken. Sleeping, waking, on_cpu and need_resched() are
 * the emulation of locks/sleep.h.
 *
 * Lock word:
 *	count (32 bits, signed):  1 unlocked, 0 locked, < 0 locked, waiters possible
 *	owner (pointer): the holder's struct lb_task, set after acquiring and
 *	        cleared before releasing (a hint for the spinners, not the lock)
 *	in the kernel's order: count, wait_lock, wait_list, owner, OSQ tail,
 *	all in one line; the read-mostly struct lb_sleep on the next
 *	initial value: count 1, owner NULL, empty queue and list
 *
 * States: (count, owner)
 *	fast lock:    1 -> 0 by atomic decrement; a result < 0 takes the slow path
 *	spin:         (1, NULL) -> (0, me) by cmpxchg while the owner runs
 *	slow:         under wait_lock, xchg(count, -1) == 1 acquires (-1 so that
 *	              the unlock takes the slow path and wakes the next waiter);
 *	              the last waiter to leave sets count 0
 *	fast unlock:  owner -> NULL, then count + 1; a result <= 0 means there
 *	              may be waiters: count := 1 (free), wake the first waiter
 *	              (no grant: it must take the lock itself, spinners and
 *	              newcomers may take it first)
 *
 * Ordering: the acquisitions (decrement, cmpxchg, xchg) are acquire RMWs;
 * the unlock's increment is a release RMW that pairs with them. The owner
 * field is relaxed both ways: spinners only use it to decide whether to
 * keep spinning and always acquire through count. The wait list is
 * ordered by wait_lock; park words by sleep.c's protocol.
 *
 * Progress and fairness: none guaranteed. A woken waiter competes with
 * spinners and fast-path lockers and may lose and sleep again repeatedly
 * (waiter starvation, the reason for the 4.10 handoff in `mutex`). Only
 * the OSQ head spins on the owner; a spinner stops when the owner is not
 * running (sleeps in FUTEX_WAIT) or its spin budget (need_resched) runs
 * out. With more threads than CPUs a preempted owner still looks running,
 * so spinners burn their budget before they sleep.
 */
#include "config.h"

#include <stdio.h>

#include "harness/loop.h"
#include "sleep.h"

/* struct mutex of 3.15-4.9 (x86-64, no debug options), in its field order, in one line */
struct mutex_osq {
	int32_t count;
	struct lb_wait_lock_mem wait_lock;
	struct lb_list wait_list;
	struct lb_task *owner;
	struct lb_osq osq;
	struct lb_sleep s;	/* read-mostly, the second line */
	bool owner_change_spin;	/* OWNER_CHANGE_SPIN */
};

LB_SLEEP_LAYOUT(struct mutex_osq, osq);

static const struct lb_lock_field mutex_osq_layout[] = {
	LB_SLEEP_FIELD(struct mutex_osq, count),
	LB_SLEEP_FIELD(struct mutex_osq, wait_lock),
	LB_SLEEP_FIELD(struct mutex_osq, wait_list),
	LB_SLEEP_FIELD(struct mutex_osq, owner),
	LB_SLEEP_FIELD(struct mutex_osq, osq),
	{ .name = NULL },
};

static const char *const mutex_osq_counters[] = {
	LB_SLEEP_COUNTER_NAMES,
	"slowpaths",		/* acquisitions that missed the fast path */
	"owner-changes",	/* owner spins that ended because another task became owner */
	LB_WAIT_LOCK_COUNTER_NAME,
	NULL,
};

enum { CTR_SLOWPATHS = LB_SC_COMMON, CTR_OWNER_CHANGES, CTR_WAIT_LOCK };

static const char *const mutex_osq_owner_change_names[] = { "stop", "spin", NULL };
#define OWNER_CHANGE_STOP	0	/* 3.10-4.0: only a free lock (owner NULL) keeps us spinning */
#define OWNER_CHANGE_SPIN	1	/* 4.1-4.9: a new running owner is spun on too */

static const struct lb_lock_option mutex_osq_options[] = {
	LB_SLEEP_OPT_WAIT_LOCK(LB_WAIT_LOCK_TICKET),
	LB_SLEEP_OPT_SPIN_BUDGET,
	{ .name = "owner-change", .type = LB_LOCK_OPT_ENUM, .def = OWNER_CHANGE_STOP,
	  .values = mutex_osq_owner_change_names,
	  .help = "what a spinner does when the owner it watched is replaced by another: "
		  "stop (3.10-4.0: go on only if the lock became free) or spin (4.1+)" },
	LB_SLEEP_OPT_WAKE(LB_WAKE_IN_LOCK),
	{ .name = NULL },
};

enum { OPT_WAIT_LOCK, OPT_SPIN_BUDGET, OPT_OWNER_CHANGE, OPT_WAKE };

static int mutex_osq_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct mutex_osq *l = lock;

	lb_store_relaxed(&l->count, 1);
	lb_store_relaxed(&l->owner, NULL);
	l->owner_change_spin = cfg->opts[OPT_OWNER_CHANGE] == OWNER_CHANGE_SPIN;
	l->s.wake_in_lock = cfg->opts[OPT_WAKE] == LB_WAKE_IN_LOCK;
	return lb_sleep_init(&l->s, LB_SLEEP_WORDS(l), cfg, cfg->opts[OPT_WAIT_LOCK], cfg->opts[OPT_SPIN_BUDGET], 0,
			     CTR_WAIT_LOCK);
}

static int mutex_osq_thread_init(void *lock, struct lb_tctx *t)
{
	struct mutex_osq *l = lock;

	return lb_sleep_thread_init(&l->s, t);
}

/*
 * mutex_spin_on_owner(): spin while @owner holds the lock and runs; true
 * to go on spinning. 3.10-4.0: go on only if the lock is now free (owner
 * NULL): a new owner ends the spin, counted as owner-changes (the
 * kernel's comment calls it "a sign for heavy contention"). 4.1+: go on
 * whenever the owner changed (it returned false only for a non-running
 * owner or need_resched()).
 */
static bool mutex_osq_spin_on_owner(struct mutex_osq *l, struct lb_task *owner, struct lb_budget *b,
				    struct lb_tctx *t)
{
	struct lb_task *now;

	while ((now = lb_load_relaxed(&l->owner)) == owner) {
		if (!lb_owner_on_cpu(owner) || lb_need_resched(b))
			return false;
		lb_spin_wait_budget(&l->owner, b);
	}
	if (now && !l->owner_change_spin) {
		lb_count(t, CTR_OWNER_CHANGES);
		return false;
	}
	return true;
}

/* mutex_try_to_acquire(): (1) -> (0); acquire, pairs with the unlock's release */
static bool mutex_osq_try_acquire(struct mutex_osq *l)
{
	int32_t one = 1;

	return lb_load_relaxed(&l->count) == 1 && lb_cmpxchg_acquire(&l->count, &one, 0);
}

static bool mutex_osq_optimistic_spin(struct mutex_osq *l, struct lb_tctx *t)
{
	struct lb_task *me = &lb_sleep_thread(t)->task, *owner;
	struct lb_budget b;

	lb_budget_start(&b, l->s.spin_budget);
	/* mutex_can_spin_on_owner(): no owner recorded counts as spinnable */
	owner = lb_load_relaxed(&l->owner);
	if (lb_need_resched(&b) || (owner && !lb_owner_on_cpu(owner)))
		return false;	/* no spin begun: not a failed one */
	if (!lb_sleep_osq_lock(&l->s, t, &b))
		goto fail;
	for (;;) {
		owner = lb_load_relaxed(&l->owner);
		if (owner && !mutex_osq_spin_on_owner(l, owner, &b, t))
			break;
		if (mutex_osq_try_acquire(l)) {
			lb_store_relaxed(&l->owner, me);
			lb_sleep_osq_unlock(&l->s, t);
			lb_count(t, LB_SC_SPIN_ACQUIRED);
			return true;
		}
		/* no owner: it may be between acquiring and recording itself */
		if (!owner && lb_need_resched(&b))
			break;
		lb_spin_wait_budget(&l->count, &b);
	}
	lb_sleep_osq_unlock(&l->s, t);
fail:
	lb_count(t, LB_SC_SPIN_FAILED);
	return false;
}

static LB_NOINLINE void mutex_osq_lock_slowpath(struct mutex_osq *l, struct lb_tctx *t)
{
	struct lb_sleep_thread *st = lb_sleep_thread(t);

	lb_torture_point(t);	/* --torture: widen the window the fast path left */
	lb_count(t, CTR_SLOWPATHS);
	if (mutex_osq_optimistic_spin(l, t))
		return;
	lb_wait_lock(&l->s, t);
	/* once more: (1) -> (0); acquire */
	if (lb_load_relaxed(&l->count) == 1 && lb_xchg_acquire(&l->count, 0) == 1)
		goto skip_wait;
	lb_list_add_tail(&st->waiter.node, &l->wait_list);
	for (;;) {
		/*
		 * (c) -> (-1): acquired when c was 1; -1 marks waiters so that
		 * the unlock takes its slow path. Acquire, pairs with the
		 * unlock's release increment.
		 */
		if (lb_load_relaxed(&l->count) >= 0 && lb_xchg_acquire(&l->count, -1) == 1)
			break;
		lb_set_state_sleeping(&st->task);
		lb_wait_unlock(&l->s, t);
		lb_schedule(&st->task, t, LB_SC_SLEEPS);
		lb_wait_lock(&l->s, t);
	}
	lb_set_state_running(&st->task);
	lb_list_del(&st->waiter.node);
	/* the last waiter left: (-1) -> (0), the unlock may take the fast path again */
	if (lb_list_empty(&l->wait_list))
		lb_store_relaxed(&l->count, 0);
skip_wait:
	lb_wait_unlock(&l->s, t);
}

static void mutex_osq_lock(void *lock, struct lb_tctx *t)
{
	struct mutex_osq *l = lock;

	/* (1) -> (0); acquire: pairs with the release increment of the unlock */
	if (lb_unlikely(lb_add_return_acquire(&l->count, -1) < 0))
		mutex_osq_lock_slowpath(l, t);
	/* relaxed: a hint for spinners (mutex_set_owner) */
	lb_store_relaxed(&l->owner, &lb_sleep_thread(t)->task);
}

static bool mutex_osq_trylock(void *lock, struct lb_tctx *t)
{
	struct mutex_osq *l = lock;

	if (!mutex_osq_try_acquire(l))
		return false;
	lb_store_relaxed(&l->owner, &lb_sleep_thread(t)->task);
	return true;
}

static LB_NOINLINE void mutex_osq_unlock_slowpath(struct mutex_osq *l, struct lb_tctx *t)
{
	struct lb_wake_q q;

	lb_wake_q_init(&q);
	/*
	 * (c <= 0) -> (1): the lock is free, as x86's __mutex_slowpath_needs_to_unlock().
	 * release: a locker that takes it from this 1 must see our critical
	 * section (the kernel's increment before it was a full barrier).
	 */
	lb_store_release(&l->count, 1);
	lb_wait_lock(&l->s, t);
	if (!lb_list_empty(&l->wait_list))
		lb_wake_q_add(&q, lb_first_waiter(&l->wait_list)->task);
	/* 3.x: wake_up_process() with wait_lock held; wake=after-unlock: the wake queue */
	lb_wait_unlock_wake(&l->s, t, &q, LB_SC_WAKEUPS);
}

static void mutex_osq_unlock(void *lock, struct lb_tctx *t)
{
	struct mutex_osq *l = lock;

	lb_store_relaxed(&l->owner, NULL);	/* mutex_clear_owner: a hint */
	/* (0) -> (1); release: the critical section before the next acquire */
	if (lb_unlikely(lb_add_return_release(&l->count, 1) <= 0))
		mutex_osq_unlock_slowpath(l, t);
}

static bool mutex_osq_is_locked(void *lock)
{
	struct mutex_osq *l = lock;

	return lb_load_relaxed(&l->count) != 1;
}

static int mutex_osq_describe(void *lock, char *buf, size_t len)
{
	struct mutex_osq *l = lock;
	struct lb_task *owner = lb_load_relaxed(&l->owner);
	int n = snprintf(buf, len, "count=%d owner=%d (%s)", lb_load_relaxed(&l->count),
			 owner ? (int)owner->tid : -1,
			 owner ? (lb_owner_on_cpu(owner) ? "running" : "sleeping") : "none");

	return lb_sleep_describe(&l->s, buf, len, n);
}

LB_LOCK_LOOP(mutex_osq_loop, mutex_osq_lock, mutex_osq_unlock, mutex_osq_lock, mutex_osq_unlock)

const struct lb_lock_ops lb_lock_mutex_osq = {
	.name = "mutex-osq",
	.desc = "kernel mutex 3.15-4.9 as of 3.16 (Long 2014's mutex): count word, OSQ spinning "
		"with 3.10-4.0 owner rule, wake in wait_lock; deviation: futex sleep",
	.follows = "Linux 3.16 kernel/locking/mutex.c, x86 fast paths (count mutex, OSQ spinning)",
	.deviations = LB_SLEEP_DEVIATIONS,
	.family = "sleep",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_BLOCKING | LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct mutex_osq),
	.tctx_size = sizeof(struct lb_sleep_thread),
	.init = mutex_osq_init,
	.thread_init = mutex_osq_thread_init,
	.lock = mutex_osq_lock,
	.unlock = mutex_osq_unlock,
	.trylock = mutex_osq_trylock,
	.loop = mutex_osq_loop,
	.is_locked = mutex_osq_is_locked,
	.describe = mutex_osq_describe,
	.options = mutex_osq_options,
	.counters = mutex_osq_counters,
	.layout = mutex_osq_layout,
};

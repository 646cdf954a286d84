// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * stall-sleep.c - a futex lock that stops releasing (hidden): the
 * watchdog's control with sleeping waiters
 *
 * Algorithm: a three-state futex mutex (Drepper, "Futexes Are Tricky",
 * 2011, mutex #2) whose unlock, from the STALL_AFTER-th acquisition on,
 * returns without releasing. Every other thread then sleeps in FUTEX_WAIT
 * for ever: the point makes no progress and no thread spins, which is what
 * --timeout must still catch (exit 4) and explain, as it does for `stall`,
 * whose waiters spin. It stands in for a sleeping lock with a lost wake-up
 * or a leaked hold. Never use it for anything else.
 *
 * Lock word:
 *	 0-31: state - 0 free, 1 held, 2 held and maybe sleepers
 *	initial value 0
 * A second cache line holds the owner (tid + 1, for the report) and counts
 * the acquisitions (only the holder writes them).
 *
 * States: (state) 0 -> 1 by cmpxchg on an uncontended lock; x -> 2 by xchg
 * on a contended one (which owns the lock when x was 0); 1|2 -> 0 on
 * unlock while fewer than STALL_AFTER acquisitions were made, then never
 * again.
 *
 * Ordering: the winning cmpxchg and xchg are acquires; the release xchg of
 * unlock pairs with them; owner and the count are written under the lock.
 *
 * Progress and fairness: none once it stalls, by design; before, none
 * either (a woken sleeper races with newcomers).
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "park.h"
#include "harness/loop.h"

#define STALL_AFTER	1000	/* acquisitions before unlock stops releasing */

struct stall_sleep {
	uint32_t state;			/* 0 free, 1 held, 2 held with sleepers */
	uint32_t owner LB_ALIGNED;	/* tid + 1 of the holder, for describe() */
	uint64_t acquisitions;		/* written by the holder only */
};

static int stall_sleep_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return 0;
}

static LB_NOINLINE void stall_sleep_slow(struct stall_sleep *l)
{
	/* x -> 2; acquire: pairs with the release xchg of stall_sleep_unlock() */
	while (lb_xchg_acquire(&l->state, 2) != 0)
		lb_futex_sleep(&l->state, 2);	/* sleeps while state is 2 */
}

static void stall_sleep_lock(void *lock, struct lb_tctx *t)
{
	struct stall_sleep *l = lock;
	uint32_t free_ = 0;

	/* 0 -> 1; acquire: pairs with the release xchg of stall_sleep_unlock() */
	if (!lb_cmpxchg_acquire(&l->state, &free_, 1))
		stall_sleep_slow(l);
	/* relaxed: under the lock; the watchdog's read is only a report */
	lb_store_relaxed(&l->owner, t->tid + 1);
}

static void stall_sleep_unlock(void *lock, struct lb_tctx *t)
{
	struct stall_sleep *l = lock;
	/* relaxed: written under the lock; the watchdog's read is only a report */
	uint64_t n = lb_load_relaxed(&l->acquisitions) + 1;

	lb_store_relaxed(&l->acquisitions, n);
	if (n >= STALL_AFTER)
		return;		/* the leak: the lock stays held, its sleepers asleep */
	lb_store_relaxed(&l->owner, 0);
	/* 1|2 -> 0; release: the critical section before the next owner's acquire */
	if (lb_xchg_release(&l->state, 0) == 2)
		lb_futex(&l->state, FUTEX_WAKE, 1, NULL);
}

static bool stall_sleep_is_locked(void *lock)
{
	struct stall_sleep *l = lock;

	return lb_load_relaxed(&l->state) != 0;
}

static int stall_sleep_describe(void *lock, char *buf, size_t len)
{
	struct stall_sleep *l = lock;
	uint32_t state = lb_load_relaxed(&l->state);
	uint32_t owner = lb_load_relaxed(&l->owner);
	unsigned long long n = lb_load_relaxed(&l->acquisitions);

	if (!state)
		return snprintf(buf, len, "state=0 (free) after %llu acquisitions", n);
	return snprintf(buf, len, "state=%u (held by thread %u%s%s) after %llu acquisitions",
			state, owner ? owner - 1 : 0, state == 2 ? ", sleepers in FUTEX_WAIT" : "",
			n >= STALL_AFTER ? ", never to be released" : "", n);
}

LB_LOCK_LOOP(stall_sleep_loop, stall_sleep_lock, stall_sleep_unlock, stall_sleep_lock,
	     stall_sleep_unlock)

const struct lb_lock_ops lb_lock_stall_sleep = {
	.name = "stall-sleep",
	.desc = "a futex lock whose unlock stops releasing (hidden): proves --timeout stops a "
		"point whose waiters sleep",
	.follows = "Drepper, Futexes Are Tricky (2011), the three-state futex mutex (mutex3) as "
		"glibc's",
	.deviations = "unlock by exchange, not mutex3's decrement; unlock stops releasing after "
		"1000 acquisitions, by design",
	.family = "harness",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_HIDDEN,
	.unshared = "its waiters sleep on a private futex (FUTEX_PRIVATE_FLAG)",
	.lock_size = sizeof(struct stall_sleep),
	.init = stall_sleep_init,
	.lock = stall_sleep_lock,
	.unlock = stall_sleep_unlock,
	.loop = stall_sleep_loop,
	.is_locked = stall_sleep_is_locked,
	.describe = stall_sleep_describe,
};

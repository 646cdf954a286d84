// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tas.c - test-and-set spinlock
 *
 * Algorithm: the simplest spinlock: an atomic exchange of 1 into the lock
 * word until the old value was 0 (Anderson, "The performance of spin lock
 * alternatives for shared-memory multiprocessors", IEEE TPDS 1(1), 1990,
 * section 2, "spin on test-and-set"). Every waiter writes the line on every
 * attempt, which is what the later locks (ttas, ticket, mcs) improve on.
 *
 * Lock word:
 *	 0-31: 0 free, 1 held
 *	initial value 0
 *
 * States: (locked) 0 -> 1 by xchg in tas_lock()/tas_trylock(),
 * 1 -> 0 by the owner's store in tas_unlock().
 *
 * Ordering: the winning xchg is an acquire (pairs with the release store
 * in tas_unlock()); unlock is a release store.
 *
 * Progress and fairness: deadlock-free, not starvation-free: the thread
 * whose xchg reaches the line first wins, whatever the arrival order. With
 * more threads than CPUs a preempted holder stalls all spinners for a
 * time slice.
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"

struct tas {
	uint32_t locked;	/* 0 free, 1 held */
};

static const char *const tas_counters[] = {
	"spin-waits",	/* acquisitions that did not get the lock at the first try */
	"xchg-fails",	/* exchanges that found the word taken, each followed by a pause */
	NULL,
};

enum { CTR_SPIN_WAITS, CTR_XCHG_FAILS };

static int tas_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return 0;
}

/* the exchanges after the first failed one, counted: only a waiter pays for the counts */
static LB_NOINLINE void tas_lock_slow(struct tas *l, struct lb_tctx *t)
{
	lb_count(t, CTR_SPIN_WAITS);
	do {
		lb_count(t, CTR_XCHG_FAILS);
		lb_cpu_relax();
	} while (lb_xchg_acquire(&l->locked, 1) != 0);	/* acquire as in tas_lock() */
}

static void tas_lock(void *lock, struct lb_tctx *t)
{
	struct tas *l = lock;

	/* 0 -> 1; acquire: pairs with the release store in tas_unlock() */
	if (lb_likely(lb_xchg_acquire(&l->locked, 1) == 0))
		return;
	tas_lock_slow(l, t);
}

static bool tas_trylock(void *lock, struct lb_tctx *t)
{
	struct tas *l = lock;

	/* 0 -> 1; acquire as in tas_lock() */
	return lb_xchg_acquire(&l->locked, 1) == 0;
}

static void tas_unlock(void *lock, struct lb_tctx *t)
{
	struct tas *l = lock;

	/* 1 -> 0; release: the critical section happens before the next owner's xchg */
	lb_store_release(&l->locked, 0);
}

static bool tas_is_locked(void *lock)
{
	struct tas *l = lock;

	return lb_load_relaxed(&l->locked) != 0;
}

static int tas_describe(void *lock, char *buf, size_t len)
{
	struct tas *l = lock;

	return snprintf(buf, len, "locked=%u", lb_load_relaxed(&l->locked));
}

LB_LOCK_LOOP(tas_loop, tas_lock, tas_unlock, tas_lock, tas_unlock)

const struct lb_lock_ops lb_lock_tas = {
	.name = "tas",
	.desc = "test-and-set spinlock: xchg until the old value is 0 (Anderson 1990)",
	.follows = "Anderson, IEEE TPDS 1(1) 1990, section 2: spin on test-and-set",
	.deviations = "a pause (cpu_relax) between failed exchanges",
	.family = "spin",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct tas),
	.init = tas_init,
	.lock = tas_lock,
	.unlock = tas_unlock,
	.loop = tas_loop,
	.trylock = tas_trylock,
	.is_locked = tas_is_locked,
	.describe = tas_describe,
	.counters = tas_counters,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * stall.c - a lock that stops releasing (hidden): the watchdog's control
 *
 * Algorithm: a test-and-set lock (as tas.c) whose unlock, from the
 * STALL_AFTER-th acquisition on, returns without releasing. Every thread
 * then spins in lock() for ever and the point makes no progress, which is
 * what --timeout must catch (exit 4) and explain: which threads wait and
 * what the lock word holds. It stands in for a lock with a lost wake-up
 * or a leaked hold, as `busted` stands in for a lock that fails to
 * exclude. Never use it for anything else.
 *
 * Lock word:
 *	 0-31: owner - 0 free, else tid + 1 of the holder
 *	initial value 0
 * A second cache line counts the acquisitions (only the holder writes it).
 *
 * States: (owner) 0 -> tid+1 by cmpxchg on lock; tid+1 -> 0 on unlock
 * while fewer than STALL_AFTER acquisitions were made, then never again.
 *
 * Ordering: the winning cmpxchg is an acquire, the release store of unlock
 * pairs with it; the acquisition count is written under the lock.
 *
 * Progress and fairness: none once it stalls, by design.
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"

#define STALL_AFTER	1000	/* acquisitions before unlock stops releasing */

struct stall {
	uint32_t owner;			/* 0 free, else tid + 1 */
	uint64_t acquisitions LB_ALIGNED;	/* written by the holder only */
};

static int stall_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return 0;
}

static void stall_lock(void *lock, struct lb_tctx *t)
{
	struct stall *l = lock;
	uint32_t free_ = 0;

	/* 0 -> tid+1; acquire: pairs with the release store in stall_unlock() */
	while (!lb_cmpxchg_acquire(&l->owner, &free_, t->tid + 1)) {
		free_ = 0;
		lb_cpu_relax();
	}
}

static void stall_unlock(void *lock, struct lb_tctx *t)
{
	struct stall *l = lock;
	/* relaxed: written under the lock; the watchdog's read is only a report */
	uint64_t n = lb_load_relaxed(&l->acquisitions) + 1;

	lb_store_relaxed(&l->acquisitions, n);
	if (n >= STALL_AFTER)
		return;		/* the leak: the lock stays held for ever */
	/* tid+1 -> 0; release: the critical section before the next owner's cmpxchg */
	lb_store_release(&l->owner, 0);
}

static bool stall_is_locked(void *lock)
{
	struct stall *l = lock;

	return lb_load_relaxed(&l->owner) != 0;
}

static int stall_describe(void *lock, char *buf, size_t len)
{
	struct stall *l = lock;
	uint32_t owner = lb_load_relaxed(&l->owner);
	unsigned long long n = lb_load_relaxed(&l->acquisitions);

	if (!owner)
		return snprintf(buf, len, "owner=0 (free) after %llu acquisitions", n);
	return snprintf(buf, len, "owner=%u (held by thread %u%s) after %llu acquisitions", owner,
			owner - 1, n >= STALL_AFTER ? ", never to be released" : "", n);
}

LB_LOCK_LOOP(stall_loop, stall_lock, stall_unlock, stall_lock, stall_unlock)

const struct lb_lock_ops lb_lock_stall = {
	.name = "stall",
	.desc = "a lock whose unlock stops releasing (hidden): proves --timeout stops a stuck point",
	.follows = "tas (Anderson, IEEE TPDS 1990) that stops releasing: the watchdog's control",
	.deviations = "cmpxchg of tid+1, not xchg of 1 (names the holder); unlock stops releasing "
		"after 1000 acquisitions, by design",
	.family = "harness",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_HIDDEN | LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct stall),
	.init = stall_init,
	.lock = stall_lock,
	.unlock = stall_unlock,
	.loop = stall_loop,
	.is_locked = stall_is_locked,
	.describe = stall_describe,
};

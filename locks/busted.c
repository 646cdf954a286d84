// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * busted.c - a deliberately broken lock (hidden): the negative control
 *
 * Algorithm: test-then-set done as two separate accesses, a plain load
 * until the flag reads 0 followed by a plain store of 1. Two threads that
 * see the flag clear at the same moment both store 1 and both enter. The
 * kernel's locktorture has the same kind of control ("lock_busted ...
 * BUGGY, do not use in real life!!!"); this one at least looks like a lock,
 * so --validate must catch a race, not an empty function.
 *
 * Lock word:
 *	 0- 7: locked flag (0 free, 1 taken)
 *	 8-31: unused
 *	initial value 0
 *
 * States: (locked) 0 -> 1 on lock, 1 -> 0 on unlock; the 0 -> 1 step is
 * not atomic, which is the bug.
 *
 * Ordering: acquire load while waiting, release store on unlock; the
 * missing read-modify-write is what breaks exclusion, not the ordering.
 *
 * Progress and fairness: none guaranteed; exclusion is not guaranteed
 * either. Never use it for anything but proving that --validate can fail.
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"

struct busted {
	uint32_t locked;
};

static int busted_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return 0;
}

static void busted_lock(void *lock, struct lb_tctx *t)
{
	struct busted *l = lock;

	/* acquire: pairs with the release store in busted_unlock() */
	while (lb_load_acquire(&l->locked) != 0)
		lb_cpu_relax();
	/* 0 -> 1, but not atomically with the load above: the bug */
	lb_store_relaxed(&l->locked, 1);
}

static void busted_unlock(void *lock, struct lb_tctx *t)
{
	struct busted *l = lock;

	/* release: orders the critical section before the flag clears (1 -> 0) */
	lb_store_release(&l->locked, 0);
}

static bool busted_is_locked(void *lock)
{
	struct busted *l = lock;

	return lb_load_relaxed(&l->locked) != 0;
}

static int busted_describe(void *lock, char *buf, size_t len)
{
	struct busted *l = lock;

	return snprintf(buf, len, "locked=%u", lb_load_relaxed(&l->locked));
}

LB_LOCK_LOOP(busted_loop, busted_lock, busted_unlock, busted_lock, busted_unlock)

const struct lb_lock_ops lb_lock_busted = {
	.name = "busted",
	.desc = "deliberately broken test-then-set (hidden): proves --validate can fail",
	.follows = "the kernel's locktorture lock_busted control, as a test-then-set that looks "
		"like a lock",
	.deviations = "a plain load then a plain store, where lock_busted does nothing; no "
		"exclusion, by design",
	.family = "harness",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_HIDDEN | LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct busted),
	.init = busted_init,
	.lock = busted_lock,
	.unlock = busted_unlock,
	.loop = busted_loop,
	.is_locked = busted_is_locked,
	.describe = busted_describe,
};

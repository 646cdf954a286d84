// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * null.c - no lock at all: the harness's own cost
 *
 * Algorithm: none. lock() and unlock() return at once. A run of "null"
 * measures what every other result includes: the indirect calls, the
 * read:write interleave, the pause loops and the per-operation counting
 * (fio's null engine: "the main purpose is to test fio itself").
 *
 * Lock word: none (one unused byte).
 *
 * States: none.
 *
 * Ordering: none. The lock provides no exclusion, and says so with
 * LB_LOCK_F_NOEXCL so that --validate checks only the harness's own
 * invariants for it (operation counts, the read:write interleave).
 *
 * Progress and fairness: every thread always proceeds.
 */
#include "config.h"

#include "lock.h"
#include "harness/loop.h"

static int null_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return 0;
}

static void null_lock(void *lock, struct lb_tctx *t)
{
}

static void null_unlock(void *lock, struct lb_tctx *t)
{
}

static bool null_trylock(void *lock, struct lb_tctx *t)
{
	return true;
}

LB_LOCK_LOOP(null_loop, null_lock, null_unlock, null_lock, null_unlock)

const struct lb_lock_ops lb_lock_null = {
	.name = "null",
	.desc = "no lock: measures the harness's own cost per operation",
	.follows = "nothing: no lock at all, the harness's own cost (after fio's null engine)",
	.deviations = "none; it gives no exclusion, by design",
	.family = "harness",
	.kind = LB_LOCK_RW,
	.flags = LB_LOCK_F_NOEXCL | LB_LOCK_F_SIGSAFE_READ | LB_LOCK_F_PSHARED,
	.lock_size = 1,
	.init = null_init,
	.lock = null_lock,
	.unlock = null_unlock,
	.loop = null_loop,
	.trylock = null_trylock,
	.read_lock = null_lock,
	.read_unlock = null_unlock,
	.read_trylock = null_trylock,
};

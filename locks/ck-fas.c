// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ck-fas.c - Concurrency Kit's fetch-and-store spinlock, as a peer of `tas`
 *
 * Algorithm: test-and-test-and-set on an atomic exchange (Rudolph and
 * Segall, ISCA 1984) as Concurrency Kit implements it (ck_spinlock_fas in
 * <spinlock/fas.h>, documented in ck_spinlock(3); ck 0.7.1 from Debian's
 * libck-dev): the plain lock, without ck's exponential-backoff variant.
 * The lock code is ck's, called from lockbench's measured loop; nothing
 * of it is copied here (see ck-peer.h).
 *
 * Lock word, as ck's header declares it:
 *	 0-31: value - 0 (false) free, 1 (true) held
 *	initial value 0
 *
 * States: (value)
 *	lock:    0 -> 1 by fetch-and-store; while it returns 1, spin (pause)
 *	         loading the word until it reads 0, then try again
 *	unlock:  1 -> 0 by a store
 *	trylock: one fetch-and-store
 *
 * Ordering: ck_pr_fence_lock() after the winning exchange (acquire),
 * ck_pr_fence_unlock() before the store (release).
 *
 * Progress and fairness: not FIFO, not starvation-free, like `tas` and
 * `ttas` (which backs off between attempts; this one does not).
 */
#include "config.h"

#include <stdio.h>

#include "ck-peer.h"

#define CK_FAS_FIELDS LB_CK_FIELDS("ck-fas", LB_LOCK_EXCL, 0, \
	"Concurrency Kit's ck_spinlock_fas: test-and-test-and-set, no backoff", \
	"ck_spinlock_fas")

#ifdef HAVE_CK
#include <ck_spinlock.h>

#include "harness/loop.h"

static int ck_fas_init(void *lock, const struct lb_lock_cfg *cfg)
{
	ck_spinlock_fas_init(lock);
	return 0;
}

static void ck_fas_lock(void *lock, struct lb_tctx *t)
{
	ck_spinlock_fas_lock(lock);
}

static void ck_fas_unlock(void *lock, struct lb_tctx *t)
{
	ck_spinlock_fas_unlock(lock);
}

static bool ck_fas_trylock(void *lock, struct lb_tctx *t)
{
	return ck_spinlock_fas_trylock(lock);
}

static bool ck_fas_is_locked(void *lock)
{
	return ck_spinlock_fas_locked(lock);
}

static int ck_fas_describe(void *lock, char *buf, size_t len)
{
	ck_spinlock_fas_t *l = lock;

	return snprintf(buf, len, "value=%u", ck_pr_load_uint(&l->value));
}

LB_LOCK_LOOP(ck_fas_loop, ck_fas_lock, ck_fas_unlock, ck_fas_lock, ck_fas_unlock)

const struct lb_lock_ops lb_lock_ck_fas = {
	CK_FAS_FIELDS,
	.lock_size = sizeof(ck_spinlock_fas_t),
	.init = ck_fas_init,
	.lock = ck_fas_lock,
	.unlock = ck_fas_unlock,
	.trylock = ck_fas_trylock,
	.loop = ck_fas_loop,
	.is_locked = ck_fas_is_locked,
	.describe = ck_fas_describe,
	LB_NOSIM(LB_NOSIM_PEER),
};
#else
const struct lb_lock_ops lb_lock_ck_fas = {
	CK_FAS_FIELDS,
	.unavailable = LB_CK_UNAVAILABLE,
	LB_NOSIM(LB_NOSIM_PEER),
};
#endif

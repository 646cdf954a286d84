// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ck-rwlock.c - Concurrency Kit's reader-writer spinlock
 *
 * Algorithm: a centralized reader-writer spinlock with a writer flag and a
 * reader count, as Concurrency Kit implements it (ck_rwlock in
 * <ck_rwlock.h>, documented in ck_rwlock(3); ck 0.7.1 from Debian's
 * libck-dev). The lock code is ck's, called from lockbench's measured
 * loop; nothing of it is copied here (see ck-peer.h).
 *
 * Lock word, as ck's header declares it (two unsigned words):
 *	writer    - 1 while a writer holds or waits for the lock, else 0
 *	n_readers - readers inside (or about to back out)
 *	initial value {0, 0}
 *
 * States: (writer, n_readers)
 *	write lock:   (0, r) -> (1, r) by fetch-and-store (spin while it
 *	              returns 1), then wait for (1, 0)
 *	write unlock: (1, 0) -> (0, 0) by a store
 *	read lock:    wait for writer 0; (0, r) -> (0, r+1) by an atomic
 *	              increment; if writer reads 1 now, back out (r+1 -> r)
 *	              and wait again
 *	read unlock:  (w, r) -> (w, r-1) by an atomic decrement
 *	trylocks:     one attempt of each
 *
 * Ordering: the reader's increment and the writer's exchange are each
 * followed by ck_pr_fence_atomic_load() (store-load ordering of the
 * two-sided check); ck_pr_fence_lock()/ck_pr_fence_load() after taking,
 * ck_pr_fence_unlock()/ck_pr_fence_load_atomic() before releasing.
 *
 * Progress and fairness: a writer that has set its flag holds new readers
 * off and waits for the readers inside to leave (writer preference);
 * writers among themselves, and readers, race without order. Readers can
 * be starved by a stream of writers.
 */
#include "config.h"

#include <stdio.h>

#include "ck-peer.h"

#define CK_RWLOCK_FIELDS LB_CK_FIELDS("ck-rwlock", LB_LOCK_RW, 0, \
	"Concurrency Kit's ck_rwlock: writer flag and reader count, writers first", "ck_rwlock")

#ifdef HAVE_CK
#include <ck_rwlock.h>

#include "harness/loop.h"

static int ck_rw_init(void *lock, const struct lb_lock_cfg *cfg)
{
	ck_rwlock_init(lock);
	return 0;
}

static void ck_rw_write_lock(void *lock, struct lb_tctx *t)
{
	ck_rwlock_write_lock(lock);
}

static void ck_rw_write_unlock(void *lock, struct lb_tctx *t)
{
	ck_rwlock_write_unlock(lock);
}

static bool ck_rw_write_trylock(void *lock, struct lb_tctx *t)
{
	return ck_rwlock_write_trylock(lock);
}

static void ck_rw_read_lock(void *lock, struct lb_tctx *t)
{
	ck_rwlock_read_lock(lock);
}

static void ck_rw_read_unlock(void *lock, struct lb_tctx *t)
{
	ck_rwlock_read_unlock(lock);
}

static bool ck_rw_read_trylock(void *lock, struct lb_tctx *t)
{
	return ck_rwlock_read_trylock(lock);
}

static bool ck_rw_is_locked(void *lock)
{
	return ck_rwlock_locked(lock);
}

static int ck_rw_describe(void *lock, char *buf, size_t len)
{
	ck_rwlock_t *l = lock;

	return snprintf(buf, len, "writer=%u n_readers=%u", ck_pr_load_uint(&l->writer),
			ck_pr_load_uint(&l->n_readers));
}

LB_LOCK_LOOP(ck_rw_loop, ck_rw_write_lock, ck_rw_write_unlock, ck_rw_read_lock, ck_rw_read_unlock)

const struct lb_lock_ops lb_lock_ck_rwlock = {
	CK_RWLOCK_FIELDS,
	.lock_size = sizeof(ck_rwlock_t),
	.init = ck_rw_init,
	.lock = ck_rw_write_lock,
	.unlock = ck_rw_write_unlock,
	.trylock = ck_rw_write_trylock,
	.read_lock = ck_rw_read_lock,
	.read_unlock = ck_rw_read_unlock,
	.read_trylock = ck_rw_read_trylock,
	.loop = ck_rw_loop,
	.is_locked = ck_rw_is_locked,
	.describe = ck_rw_describe,
	LB_NOSIM(LB_NOSIM_PEER),
};
#else
const struct lb_lock_ops lb_lock_ck_rwlock = {
	CK_RWLOCK_FIELDS,
	.unavailable = LB_CK_UNAVAILABLE,
	LB_NOSIM(LB_NOSIM_PEER),
};
#endif

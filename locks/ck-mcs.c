// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ck-mcs.c - Concurrency Kit's MCS queue spinlock, as a peer of `mcs`
 *
 * Algorithm: the list-based queuing lock of Mellor-Crummey and Scott (ACM
 * TOCS 9(1), 1991, section 2.4) as Concurrency Kit implements it
 * (ck_spinlock_mcs in <spinlock/mcs.h>, documented in ck_spinlock(3); ck
 * 0.7.1 from Debian's libck-dev). The lock code is ck's, called from
 * lockbench's measured loop; nothing of it is copied here (see
 * ck-peer.h). Each thread's queue node lives in its private area.
 *
 * Lock word, as ck's header declares it:
 *	0-63: the queue's tail - the last waiter's node, NULL when free
 *	initial value NULL
 * Queue node (one per thread, own cache line): locked - true while the
 * node must wait (the inverse of the kernel's flag), next - the successor.
 *
 * States: (tail), and for a node (locked, next).
 *	lock:    node := (true, NULL); fetch-and-store of tail; with a
 *	         predecessor, link prev.next := node and spin (pause) while
 *	         node.locked
 *	unlock:  with no successor linked, compare-and-swap tail node -> NULL;
 *	         else (or if that fails) wait for next, then next.locked := false
 *	trylock: compare-and-swap tail NULL -> node
 *
 * Ordering: ck_pr_fence_store_atomic() orders the node's initialisation
 * before the exchange; ck_pr_fence_lock() after the wait (acquire),
 * ck_pr_fence_unlock() before the hand-off (release).
 *
 * Progress and fairness: strict FIFO, each waiter spinning on its own
 * line, as `mcs`.
 */
#include "config.h"

#include <stdio.h>

#include "ck-peer.h"

#define CK_MCS_FIELDS LB_CK_FIELDS("ck-mcs", LB_LOCK_EXCL, LB_LOCK_F_FIFO, \
	"Concurrency Kit's ck_spinlock_mcs: MCS queue lock, spin on one's own node", "ck_spinlock_mcs")

#ifdef HAVE_CK
#include <ck_spinlock.h>

#include "harness/loop.h"

struct ck_mcs_lock {
	ck_spinlock_mcs_t tail;			/* struct ck_spinlock_mcs *: the queue */
};

struct ck_mcs_thread {
	struct ck_spinlock_mcs node LB_ALIGNED;	/* this thread's queue node */
};

static int ck_mcs_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct ck_mcs_lock *l = lock;

	ck_spinlock_mcs_init(&l->tail);
	return 0;
}

static void ck_mcs_lock(void *lock, struct lb_tctx *t)
{
	struct ck_mcs_lock *l = lock;
	struct ck_mcs_thread *me = t->priv;

	ck_spinlock_mcs_lock(&l->tail, &me->node);
}

static void ck_mcs_unlock(void *lock, struct lb_tctx *t)
{
	struct ck_mcs_lock *l = lock;
	struct ck_mcs_thread *me = t->priv;

	ck_spinlock_mcs_unlock(&l->tail, &me->node);
}

static bool ck_mcs_trylock(void *lock, struct lb_tctx *t)
{
	struct ck_mcs_lock *l = lock;
	struct ck_mcs_thread *me = t->priv;

	return ck_spinlock_mcs_trylock(&l->tail, &me->node);
}

static bool ck_mcs_is_locked(void *lock)
{
	struct ck_mcs_lock *l = lock;

	return ck_spinlock_mcs_locked(&l->tail);
}

static int ck_mcs_describe(void *lock, char *buf, size_t len)
{
	struct ck_mcs_lock *l = lock;
	struct ck_spinlock_mcs *tail = ck_pr_load_ptr(&l->tail);

	if (!tail)
		return snprintf(buf, len, "tail=NULL (free)");
	return snprintf(buf, len, "tail=%p (held; last node locked=%u next=%p)", (void *)tail,
			ck_pr_load_uint(&tail->locked), ck_pr_load_ptr(&tail->next));
}

LB_LOCK_LOOP(ck_mcs_loop, ck_mcs_lock, ck_mcs_unlock, ck_mcs_lock, ck_mcs_unlock)

const struct lb_lock_ops lb_lock_ck_mcs = {
	CK_MCS_FIELDS,
	.lock_size = sizeof(struct ck_mcs_lock),
	.tctx_size = sizeof(struct ck_mcs_thread),
	.init = ck_mcs_init,
	.lock = ck_mcs_lock,
	.unlock = ck_mcs_unlock,
	.trylock = ck_mcs_trylock,
	.loop = ck_mcs_loop,
	.is_locked = ck_mcs_is_locked,
	.describe = ck_mcs_describe,
	LB_NOSIM(LB_NOSIM_PEER),
};
#else
const struct lb_lock_ops lb_lock_ck_mcs = {
	CK_MCS_FIELDS,
	.unavailable = LB_CK_UNAVAILABLE,
	LB_NOSIM(LB_NOSIM_PEER),
};
#endif

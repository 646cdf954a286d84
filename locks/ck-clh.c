// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ck-clh.c - Concurrency Kit's CLH queue spinlock
 *
 * Algorithm: the queue lock of Craig ("Building FIFO and priority-queuing
 * spin locks from atomic swap", TR 93-02-02, University of Washington,
 * 1993) and of Landin and Hagersten (1994), as Concurrency Kit implements
 * it (ck_spinlock_clh in <spinlock/clh.h>, documented in ck_spinlock(3);
 * ck 0.7.1 from Debian's libck-dev). The lock code is ck's, called from
 * lockbench's measured loop; nothing of it is copied here (see
 * ck-peer.h). Unlike MCS, a waiter spins on its predecessor's node, and a
 * releasing thread adopts its predecessor's node for its next acquisition,
 * so nodes wander between threads; all of them (one per thread, one for
 * the lock) live until the point ends.
 *
 * Lock word, as ck's header declares it:
 *	0-63: the queue's tail - the last request's node (never NULL: an
 *	      unowned node with wait = false when free)
 *	initial value &unowned
 * Node: wait - true while its owner holds or waits for the lock,
 * previous - the node its owner spins on.
 *
 * States: (tail), and for a node (wait, previous).
 *	lock:    mine.wait := true; fetch-and-store tail := mine, keeping the
 *	         old tail as mine.previous; spin (pause) while previous.wait
 *	unlock:  p := mine.previous; mine.wait := false (hands over to whoever
 *	         spins on it); mine := p for the next acquisition
 *
 * Ordering: ck_pr_fence_store_atomic() before the exchange,
 * ck_pr_fence_load() and ck_pr_fence_lock() after the wait (acquire),
 * ck_pr_fence_unlock() before clearing wait (release).
 *
 * Progress and fairness: strict FIFO; no trylock (ck has none for CLH).
 */
#include "config.h"

#include <stdio.h>

#include "ck-peer.h"

#define CK_CLH_FIELDS LB_CK_FIELDS("ck-clh", LB_LOCK_EXCL, LB_LOCK_F_FIFO, \
	"Concurrency Kit's ck_spinlock_clh: CLH queue lock, spin on the predecessor's node", \
	"ck_spinlock_clh")

#ifdef HAVE_CK
#include <ck_spinlock.h>

#include "harness/loop.h"

struct ck_clh_lock {
	struct ck_spinlock_clh *tail;		/* the queue */
	struct ck_spinlock_clh unowned LB_ALIGNED;	/* the node of the free lock */
};

struct ck_clh_thread {
	struct ck_spinlock_clh node LB_ALIGNED;	/* the node this thread started with */
	struct ck_spinlock_clh *mine LB_ALIGNED;	/* the node it uses now */
};

static int ck_clh_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct ck_clh_lock *l = lock;

	ck_spinlock_clh_init(&l->tail, &l->unowned);
	return 0;
}

static int ck_clh_thread_init(void *lock, struct lb_tctx *t)
{
	struct ck_clh_thread *me = t->priv;

	me->mine = &me->node;
	return 0;
}

static void ck_clh_lock(void *lock, struct lb_tctx *t)
{
	struct ck_clh_lock *l = lock;
	struct ck_clh_thread *me = t->priv;

	ck_spinlock_clh_lock(&l->tail, me->mine);
}

static void ck_clh_unlock(void *lock, struct lb_tctx *t)
{
	struct ck_clh_thread *me = t->priv;

	ck_spinlock_clh_unlock(&me->mine);
}

static bool ck_clh_is_locked(void *lock)
{
	struct ck_clh_lock *l = lock;

	return ck_spinlock_clh_locked(&l->tail);
}

static int ck_clh_describe(void *lock, char *buf, size_t len)
{
	struct ck_clh_lock *l = lock;
	struct ck_spinlock_clh *tail = ck_pr_load_ptr(&l->tail);

	return snprintf(buf, len, "tail=%p%s (last request wait=%u, %s)", (void *)tail,
			tail == &l->unowned ? " (the unowned node)" : "", ck_pr_load_uint(&tail->wait),
			ck_pr_load_uint(&tail->wait) ? "held" : "free");
}

LB_LOCK_LOOP(ck_clh_loop, ck_clh_lock, ck_clh_unlock, ck_clh_lock, ck_clh_unlock)

const struct lb_lock_ops lb_lock_ck_clh = {
	CK_CLH_FIELDS,
	.lock_size = sizeof(struct ck_clh_lock),
	.tctx_size = sizeof(struct ck_clh_thread),
	.init = ck_clh_init,
	.thread_init = ck_clh_thread_init,
	.lock = ck_clh_lock,
	.unlock = ck_clh_unlock,
	.loop = ck_clh_loop,
	.is_locked = ck_clh_is_locked,
	.describe = ck_clh_describe,
	LB_NOSIM(LB_NOSIM_PEER),
};
#else
const struct lb_lock_ops lb_lock_ck_clh = {
	CK_CLH_FIELDS,
	.unavailable = LB_CK_UNAVAILABLE,
	LB_NOSIM(LB_NOSIM_PEER),
};
#endif

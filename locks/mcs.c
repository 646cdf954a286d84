// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mcs.c - the MCS queue spinlock
 *
 * Algorithm: Mellor-Crummey and Scott, "Algorithms for scalable
 * synchronization on shared-memory multiprocessors", ACM TOCS 9(1), 1991,
 * section 2.4 (the list-based queuing lock), in the form of the Linux
 * kernel's kernel/locking/mcs_spinlock.h (3.x; reimplemented from the published
 * description, no code taken). The lock is a
 * pointer to the last waiter's queue node; each waiter spins on the
 * `locked` flag of its own node, so a hand-off touches one remote line.
 *
 * Lock word (one pointer, 64 bits on x86-64):
 *	0-63: tail - the last queued node, NULL when free
 *	initial value NULL
 * Queue node (one per thread, in its private area, own cache line):
 *	next   - the successor's node, set by the successor after its xchg
 *	locked - set to 1 by the predecessor to hand the lock over
 *
 * States: (tail), and for a node (next, locked).
 *	lock:   NULL -> me                   uncontended, we own it
 *	        prev -> me, prev.next := me, wait for me.locked 0 -> 1
 *	unlock: me -> NULL by cmpxchg        no successor
 *	        else wait for me.next, then next.locked 0 -> 1
 *
 * Ordering: the xchg of tail is fully ordered: acquire for the lock
 * (pairs with the release cmpxchg of an uncontended unlock) and release of
 * our node's initialisation to the successor. The link store of prev.next
 * is a release (pairs with the acquire load in the predecessor's unlock),
 * the wait for locked an acquire that pairs with the release store of the
 * hand-off, which carries the critical section to the next owner.
 *
 * Progress and fairness: strict FIFO, starvation-free, O(1) coherence
 * traffic per hand-off. Not abortable: a waiter that is not running blocks
 * everyone behind it, so with more threads than CPUs it convoys like the
 * ticket lock (osq is the abortable variant).
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"

struct mcs_node {
	struct mcs_node *next;
	uint32_t locked;
} LB_ALIGNED;

struct mcs {
	struct mcs_node *tail;
};

static const char *const mcs_counters[] = {
	"queued",	/* acquisitions that found a predecessor and spun on their node */
	"unlock-waits",	/* unlocks that had to wait for a successor to link itself */
	NULL,
};

enum { CTR_QUEUED, CTR_UNLOCK_WAITS };

static int mcs_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return 0;
}

static void mcs_lock(void *lock, struct lb_tctx *t)
{
	struct mcs *l = lock;
	struct mcs_node *me = t->priv, *prev;

	/* relaxed: the node is not published yet; the xchg below orders it */
	lb_store_relaxed(&me->locked, 0);
	lb_store_relaxed(&me->next, NULL);
	/* prev -> me; full: acquire for the lock, release of our node to the successor */
	prev = lb_xchg_full(&l->tail, me);
	if (!prev)
		return;
	lb_count(t, CTR_QUEUED);
	/* release: pairs with the acquire load of next in the predecessor's unlock */
	lb_store_release(&prev->next, me);
	/* acquire: pairs with the hand-off's release store (locked 0 -> 1) */
	lb_cond_load_acquire(&me->locked, VAL);
}

static bool mcs_trylock(void *lock, struct lb_tctx *t)
{
	struct mcs *l = lock;
	struct mcs_node *me = t->priv, *expected = NULL;

	lb_store_relaxed(&me->locked, 0);
	lb_store_relaxed(&me->next, NULL);
	/* NULL -> me; acquire: pairs with the release cmpxchg in mcs_unlock() */
	return lb_cmpxchg_acq_rel(&l->tail, &expected, me);
}

static void mcs_unlock(void *lock, struct lb_tctx *t)
{
	struct mcs *l = lock;
	struct mcs_node *me = t->priv;
	/* acquire: pairs with the successor's release link store */
	struct mcs_node *next = lb_load_acquire(&me->next);

	if (!next) {
		struct mcs_node *expected = me;

		/* me -> NULL; release: the critical section before the lock looks free */
		if (lb_cmpxchg_release(&l->tail, &expected, NULL))
			return;
		/* a successor swapped itself in but has not linked yet */
		lb_count(t, CTR_UNLOCK_WAITS);
		next = lb_cond_load_acquire(&me->next, VAL);
	}
	/* locked 0 -> 1; release: hands the critical section to the successor */
	lb_store_release(&next->locked, 1);
}

static bool mcs_is_locked(void *lock)
{
	struct mcs *l = lock;

	return lb_load_relaxed(&l->tail) != NULL;
}

static int mcs_describe(void *lock, char *buf, size_t len)
{
	struct mcs *l = lock;
	struct mcs_node *tail = lb_load_relaxed(&l->tail);

	if (!tail)
		return snprintf(buf, len, "tail=NULL (free)");
	return snprintf(buf, len, "tail=%p (held; last node locked=%u next=%p)", (void *)tail,
			lb_load_relaxed(&tail->locked), (void *)lb_load_relaxed(&tail->next));
}

LB_LOCK_LOOP(mcs_loop, mcs_lock, mcs_unlock, mcs_lock, mcs_unlock)

const struct lb_lock_ops lb_lock_mcs = {
	.name = "mcs",
	.desc = "MCS queue spinlock (Mellor-Crummey & Scott 1991): FIFO, spin on own node",
	.follows = "Mellor-Crummey & Scott, TOCS 1991, section 2.4, as the kernel's mcs_spinlock.h "
		"(3.x)",
	.deviations = "none",
	.family = "spin",
	.peer = "ck-mcs",	/* the same algorithm from Concurrency Kit */
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_FIFO | LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct mcs),
	.tctx_size = sizeof(struct mcs_node),
	.init = mcs_init,
	.lock = mcs_lock,
	.unlock = mcs_unlock,
	.loop = mcs_loop,
	.trylock = mcs_trylock,
	.is_locked = mcs_is_locked,
	.describe = mcs_describe,
	.counters = mcs_counters,
};

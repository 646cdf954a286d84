// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * osq.c - the optimistic spin queue (OSQ), and `osq` as a stand-alone lock
 *
 * Algorithm: the cancellable MCS queue of the Linux kernel's
 * kernel/locking/osq_lock.c (3.15+, Jason Low and Peter Zijlstra, from
 * Waiman Long's and Tim Chen's MCS work), reimplemented from the published
 * description; no code was taken. It is the
 * MCS lock of mcs.c (Mellor-Crummey and Scott 1991) with two changes: the
 * tail holds a CPU number (here tid + 1) instead of a pointer, and a waiter
 * can leave the queue ("unqueue") when it should stop spinning, in three
 * steps that keep the list intact while its neighbours come and go.
 *
 * Lock word (32 bits):
 *	0-31: tail - tid + 1 of the last queued node; 0 when nobody is queued
 *	initial value 0
 * Queue node (one per thread, in its private area, own cache line):
 *	next, prev - neighbours; prev is rewritten by a leaving predecessor
 *	locked     - set to 1 by the predecessor: we are the head of the queue
 *	cpu        - our tid + 1
 *
 * States: (tail) and the doubly linked nodes.
 *	lock:    old -> me; if old was 0 we are head, else link to old's node
 *	         and wait for locked 0 -> 1
 *	unlock:  me -> 0 by cmpxchg if we are last, else hand locked 0 -> 1 to
 *	         next (waiting for a successor that has swapped tail but not
 *	         yet linked itself)
 *	unqueue: A) detach from prev: prev.next me -> NULL by cmpxchg (failing
 *	            means prev is handing over to us, or left and gave us a new
 *	            prev); B) stabilise next: if tail is still me, tail me ->
 *	            prev and we are done, else take next by xchg(next, NULL);
 *	         C) splice: next.prev = prev, prev.next = next
 *
 * Ordering: the tail xchg is fully ordered (it publishes the node's
 * initialisation and orders the link). The node.prev store is ordered
 * before the link store of prev.next (release): a leaving predecessor
 * writes node.prev after it has seen the link, so the two writes must not
 * be reordered. The wait for locked is an acquire that pairs with the
 * release store of the hand-off. Step B's tail cmpxchg is an acquire, as in
 * the kernel; the xchg of next (not a plain load) is what stops a leaving
 * successor from still taking us for its prev. The OSQ itself protects no
 * data; the lock built on it takes its own acquire.
 *
 * Progress and fairness: FIFO among the spinners that stay; a spinner that
 * leaves loses its place. As a stand-alone lock `osq` a waiter whose budget
 * ran out rejoins at the tail (counted as an unqueue), so with more threads
 * than CPUs it degrades less than mcs: a preempted waiter is eventually
 * skipped by the ones behind it leaving and rejoining around it.
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"
#include "osq.h"

static struct lb_osq_node *node_of(const struct lb_tctx *t, uint32_t cpu)
{
	return lb_peer_priv(t, cpu - 1);
}

/*
 * osq_wait_next() - get a stable successor, or leave the queue empty
 * behind @node (tail me -> prev's cpu, or 0 when @prev is NULL).
 */
static struct lb_osq_node *osq_wait_next(struct lb_osq *q, struct lb_osq_node *node,
					 struct lb_osq_node *prev)
{
	uint32_t curr = node->cpu, old = prev ? prev->cpu : 0;

	for (;;) {
		struct lb_osq_node *next;
		uint32_t expected = curr;

		/* me -> old; acquire, as the kernel's cmpxchg_acquire: we were last */
		if (lb_load_relaxed(&q->tail) == curr &&
		    lb_cmpxchg_acquire(&q->tail, &expected, old))
			return NULL;
		/*
		 * A successor exists (or is linking). Take it with xchg, not a
		 * load, so that a successor unqueueing at the same time cannot
		 * still see us as its prev's next.
		 */
		if (lb_load_relaxed(&node->next)) {
			next = lb_xchg_full(&node->next, NULL);
			if (next)
				return next;
		}
		lb_cpu_relax();
	}
}

bool lb_osq_lock(struct lb_osq *q, struct lb_tctx *t, struct lb_budget *budget)
{
	struct lb_osq_node *node = t->priv, *prev, *next;
	uint32_t curr = t->tid + 1, old;

	/* relaxed: not yet published; the xchg below orders these stores */
	lb_store_relaxed(&node->locked, 0);
	lb_store_relaxed(&node->next, NULL);
	node->cpu = curr;
	/* old -> me; full: publishes the node and orders everything after it */
	old = lb_xchg_full(&q->tail, curr);
	if (old == 0)
		return true;	/* the queue was empty: we are its head */
	prev = node_of(t, old);
	lb_store_relaxed(&node->prev, prev);
	/*
	 * release: node.prev is written before we become visible as prev's
	 * successor; a leaving prev rewrites node.prev only after it saw us.
	 */
	lb_store_release(&prev->next, node);

	while (!lb_load_acquire(&node->locked)) {	/* pairs with the hand-off's release */
		if (lb_need_resched(budget))
			goto unqueue;
		lb_spin_wait_budget(&node->locked, budget);
	}
	return true;

unqueue:
	/* step A: prev.next me -> NULL, unless prev is handing over to us */
	for (;;) {
		struct lb_osq_node *expected = node;

		if (lb_load_relaxed(&prev->next) == node &&
		    lb_cmpxchg_full(&prev->next, &expected, NULL))
			break;
		/* acquire: the hand-off raced with us and won */
		if (lb_load_acquire(&node->locked))
			return true;
		lb_cpu_relax();
		/* prev may have left, giving us its own prev */
		prev = lb_load_relaxed(&node->prev);
	}
	/* step B: a stable next, or the queue ends at prev now */
	next = osq_wait_next(q, node, prev);
	if (!next)
		return false;
	/* step C: splice prev <-> next around us */
	lb_store_relaxed(&next->prev, prev);
	lb_store_release(&prev->next, next);
	return false;
}

void lb_osq_unlock(struct lb_osq *q, struct lb_tctx *t)
{
	struct lb_osq_node *node = t->priv, *next;
	uint32_t curr = t->tid + 1;

	/* me -> 0 when we are the only one; release, as the kernel's cmpxchg_release */
	if (lb_cmpxchg_release(&q->tail, &curr, 0))
		return;
	next = lb_xchg_full(&node->next, NULL);
	if (!next)
		next = osq_wait_next(q, node, NULL);
	/* locked 0 -> 1; release: pairs with the acquire wait in lb_osq_lock() */
	if (next)
		lb_store_release(&next->locked, 1);
}

/* ---- `osq` as a stand-alone lock: spin in the queue, rejoin when the budget runs out */

struct osq_lock {
	struct lb_osq q;
	uint64_t budget_cycles;
};

static const struct lb_lock_option osq_options[] = {
	{ .name = "spin-budget", .type = LB_LOCK_OPT_U64, .min = 100, .max = 1000000000,
	  .def = LB_BUDGET_DEFAULT_NS,
	  .help = "nanoseconds a queued waiter spins before it leaves the queue and rejoins "
		  "(the need_resched() stand-in)" },
	{ .name = NULL },
};

enum { OPT_SPIN_BUDGET };

static const char *const osq_counters[] = {
	"queued",	/* acquisitions that found the queue non-empty */
	"unqueued",	/* times a waiter's budget ran out and it left the queue */
	NULL,
};

enum { CTR_QUEUED, CTR_UNQUEUED };

static int osq_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct osq_lock *l = lock;

	l->budget_cycles = lb_budget_cycles(cfg, cfg->opts[OPT_SPIN_BUDGET]);
	return 0;
}

static bool osq_trylock(void *lock, struct lb_tctx *t)
{
	struct osq_lock *l = lock;
	struct lb_osq_node *node = t->priv;
	uint32_t zero = 0;

	lb_store_relaxed(&node->locked, 0);
	lb_store_relaxed(&node->next, NULL);
	node->cpu = t->tid + 1;
	/* 0 -> me; acquire: pairs with the release cmpxchg of an unlock that emptied the queue */
	return lb_cmpxchg_acq_rel(&l->q.tail, &zero, t->tid + 1);
}

static void osq_lock(void *lock, struct lb_tctx *t)
{
	struct osq_lock *l = lock;
	struct lb_budget b;

	if (osq_trylock(lock, t))	/* fast path: the queue was empty */
		return;
	lb_count(t, CTR_QUEUED);
	lb_budget_start(&b, l->budget_cycles);
	while (!lb_osq_lock(&l->q, t, &b)) {
		lb_count(t, CTR_UNQUEUED);
		lb_budget_start(&b, l->budget_cycles);
	}
	/*
	 * acquire: lb_osq_lock() ends with an acquire load of locked (or the
	 * full xchg of tail), which pairs with the previous head's release.
	 */
}

static void osq_unlock(void *lock, struct lb_tctx *t)
{
	struct osq_lock *l = lock;

	lb_osq_unlock(&l->q, t);
}

static bool osq_is_locked(void *lock)
{
	struct osq_lock *l = lock;

	return lb_osq_is_locked(&l->q);
}

static int osq_describe(void *lock, char *buf, size_t len)
{
	struct osq_lock *l = lock;
	uint32_t tail = lb_load_relaxed(&l->q.tail);

	if (!tail)
		return snprintf(buf, len, "tail=0 (free)");
	return snprintf(buf, len, "tail=%u (thread %u is the last queued)", tail, tail - 1);
}

LB_LOCK_LOOP(osq_loop, osq_lock, osq_unlock, osq_lock, osq_unlock)

const struct lb_lock_ops lb_lock_osq = {
	.name = "osq",
	.desc = "optimistic spin queue (kernel 3.15+): MCS queue whose waiters leave on need_resched",
	.follows = "Linux 3.15+ kernel/locking/osq_lock.c",
	.deviations = "need_resched() is a spin budget; vcpu_is_preempted() false; as a lock, a "
		"waiter that leaves rejoins at the tail; the uncontended path inlined into "
		"the loop, where the kernel calls osq_lock() and osq_unlock() (a tree's ran "
		"at about 0.85x at 1 thread: scripts/tree-compare)",
	.family = "spin",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_FIFO | LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct osq_lock),
	.tctx_size = sizeof(struct lb_osq_node),
	.init = osq_init,
	.lock = osq_lock,
	.unlock = osq_unlock,
	.loop = osq_loop,
	.trylock = osq_trylock,
	.is_locked = osq_is_locked,
	.describe = osq_describe,
	.options = osq_options,
	.counters = osq_counters,
};

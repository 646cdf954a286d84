// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cohort-mcs.c - the C-BO-MCS cohort lock: a global test-and-set lock with
 * exponential backoff and one local MCS lock per lock domain
 *
 * Algorithm: David Dice, Virendra J. Marathe and Nir Shavit, "Lock
 * Cohorting: A General Technique for Designing NUMA Locks", PPoPP 2012
 * (and ACM TOPC 1(2), 2015), the C-BO-MCS lock; reimplemented from the
 * paper's description, no code taken. The
 * *global* lock is a backoff (BO) test-and-test-and-set lock, which is
 * *thread-oblivious*: any thread may clear it. The *local* lock of each
 * *cohort* (here: lock domain) is an MCS lock, which is *cohort-detecting*:
 * its holder sees a successor in its queue node's next field. The MCS
 * node's state word tells a thread that got its local lock whether the
 * global one came with it (the paper's *local release*) or must still be
 * acquired (*global release*). The holder passes locally while a successor
 * is linked and fewer than --cohort-mcs-threshold (default 64) local
 * hand-offs were made in a row (the paper's may-pass-local test, PPoPP 2012
 * section 3: a count of consecutive local hand-offs against a bound, so at
 * most threshold + 1 critical sections per turn [R: the bound's value in
 * the paper's experiments was not checked: the search tool holds the
 * papers' first pages only; 64 is lockbench's]); otherwise it clears the
 * global lock, then hands its MCS successor
 * the lock with "acquire global", or leaves the queue. A successor that
 * is still between its exchange and its link store is not seen: the
 * holder then releases globally, which is correct, only less local.
 *
 * Lock word: the global lock, a 32-bit word on its own cache line
 * (0 free, 1 held), initial value 0; then one cache line per domain
 * (LB_MAX_DOMAINS), each the local MCS tail (last queued node, NULL when
 * free) and a copy of the threshold. Queue node (per thread, own line):
 *	next   - successor, linked by it after its exchange
 *	status - 0 wait; 1 acquire global; 2 global held (local release)
 *	run    - local hand-offs in a row, written by the predecessor
 *
 * States: global G in {0,1}; per domain the MCS queue; per node status.
 *	lock:   node (NULL, 0, 0); prev := xchg(tail_d, node); if prev: link,
 *	        wait for status != 0; status 2: done; else (no prev, or 1):
 *	        G 0 -> 1 by test-and-test-and-set with backoff
 *	unlock: next linked and run < threshold: next.run := run + 1,
 *	        next.status 0 -> 2 (local hand-off); else G 1 -> 0, then
 *	        next.status 0 -> 1, or tail_d node -> NULL when none
 *
 * Ordering: the exchange of tail_d is fully ordered (MCS); the link store
 * is a release paired with the holder's acquire load of next; the status
 * stores are releases paired with the waiter's acquire wait; G's exchange
 * is an acquire, its clearing store a release. A thread that receives
 * status 1 acquires G afresh; one that receives status 2 inherits G
 * through the release/acquire of the status word.
 *
 * Progress and fairness: FIFO within a domain; among domains it is the
 * backoff lock's race, unfair and unbounded in principle (the paper's
 * C-BO-MCS is the same). A domain keeps the lock for at most threshold + 1
 * critical sections in a row. Counters (lockbench(1), COUNTERS):
 * local-handoffs, remote-handoffs (G passed to a waiting domain, counted
 * by the receiver: a global acquisition that found G held and backed off;
 * a thread contends for G only while its own cohort does not hold it, so
 * another domain's cohort held it), longest-local-run. Backoff: 8 pauses
 * doubling to 1024, fixed.
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"

#define CM_WAIT		0u
#define CM_ACQUIRE_GLOBAL 1u
#define CM_GLOBAL_HELD	2u
#define CM_BACKOFF_MIN	8
#define CM_BACKOFF_MAX	1024

struct cm_node {
	struct cm_node *next;
	uint32_t status;
	uint32_t run;
} LB_ALIGNED;

struct cm_local {
	struct cm_node *tail;
	uint32_t threshold;
} LB_ALIGNED;

struct cohort_mcs {
	struct {
		uint32_t locked;
	} global LB_ALIGNED;
	struct cm_local local[LB_MAX_DOMAINS];
};

static const char *const cm_counters[] = {
	"local-handoffs",	/* the lock to a waiter of the domain, the global lock kept */
	"remote-handoffs",	/* the global lock to a waiting domain (its receiver counts) */
	"longest-local-run",	/* most local hand-offs in one turn (a maximum) */
	NULL,
};

enum { CTR_LOCAL, CTR_REMOTE, CTR_LONGEST };

static const struct lb_lock_option cm_options[] = {
	{ .name = "threshold", .type = LB_LOCK_OPT_U64, .min = 0, .max = 1u << 30, .def = 64,
	  .help = "local hand-offs in a row before the holder releases the global lock "
		  "(the paper's may-pass-local bound; 0: never pass locally)" },
	{ .name = NULL },
};

enum { OPT_THRESHOLD };

static int cm_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct cohort_mcs *l = lock;

	for (unsigned d = 0; d < LB_MAX_DOMAINS; d++)
		l->local[d].threshold = (uint32_t)cfg->opts[OPT_THRESHOLD];
	return 0;
}

static LB_NOINLINE void cm_global_slow(struct cohort_mcs *l, struct lb_tctx *t)
{
	uint32_t backoff = CM_BACKOFF_MIN;

	lb_count(t, CTR_REMOTE);
	for (;;) {
		for (uint32_t i = 0; i < backoff; i++)
			lb_cpu_relax();
		if (backoff < CM_BACKOFF_MAX)
			backoff *= 2;
		/* test, then test-and-set: G 0 -> 1; acquire: pairs with the clearing release */
		if (!lb_load_relaxed(&l->global.locked) && !lb_xchg_acquire(&l->global.locked, 1))
			return;
	}
}

static LB_NOINLINE void cm_wait_local(struct cm_node *me, struct cm_node *prev)
{
	/* release: pairs with the acquire load of next in the predecessor's unlock */
	lb_store_release(&prev->next, me);
	/* acquire: pairs with the release store of status by the predecessor */
	lb_cond_load_acquire(&me->status, VAL != CM_WAIT);
}

static void cm_lock(void *lock, struct lb_tctx *t)
{
	struct cohort_mcs *l = lock;
	struct cm_local *loc = &l->local[t->domain];
	struct cm_node *me = t->priv, *prev;

	/* relaxed: published by the exchange below */
	lb_store_relaxed(&me->next, NULL);
	lb_store_relaxed(&me->status, CM_WAIT);
	lb_store_relaxed(&me->run, 0);
	/* prev -> me; full: acquire for the local lock, release of our node */
	prev = lb_xchg_full(&loc->tail, me);
	if (prev) {
		cm_wait_local(me, prev);
		if (lb_load_relaxed(&me->status) == CM_GLOBAL_HELD)
			return;		/* local release: the cohort holds G */
	}
	/* G 0 -> 1; acquire: pairs with the release store in cm_unlock() */
	if (lb_unlikely(lb_load_relaxed(&l->global.locked) || lb_xchg_acquire(&l->global.locked, 1)))
		cm_global_slow(l, t);
}

static void cm_unlock(void *lock, struct lb_tctx *t)
{
	struct cohort_mcs *l = lock;
	struct cm_local *loc = &l->local[t->domain];
	struct cm_node *me = t->priv;
	/* acquire: pairs with the successor's release link store */
	struct cm_node *next = lb_load_acquire(&me->next);
	uint32_t run = lb_load_relaxed(&me->run);

	if (next && run < loc->threshold) {
		lb_store_relaxed(&next->run, run + 1);
		lb_count(t, CTR_LOCAL);
		lb_count_max(t, CTR_LONGEST, run + 1);
		/* status 0 -> 2; release: G and the critical section go with it */
		lb_store_release(&next->status, CM_GLOBAL_HELD);
		return;
	}
	/* G 1 -> 0; release: the critical section before the next global holder */
	lb_store_release(&l->global.locked, 0);
	if (!next) {
		struct cm_node *expected = me;

		/* me -> NULL; release: our node is done with */
		if (lb_cmpxchg_release(&loc->tail, &expected, NULL))
			return;
		/* acquire: a successor exchanged itself in; wait for its link */
		next = lb_cond_load_acquire(&me->next, VAL != NULL);
	}
	/* status 0 -> 1; release: pairs with the successor's acquire wait */
	lb_store_release(&next->status, CM_ACQUIRE_GLOBAL);
}

static bool cm_is_locked(void *lock)
{
	struct cohort_mcs *l = lock;

	return lb_load_relaxed(&l->global.locked) != 0;
}

static int cm_describe(void *lock, char *buf, size_t len)
{
	struct cohort_mcs *l = lock;
	int n = snprintf(buf, len, "global=%u", lb_load_relaxed(&l->global.locked));

	for (unsigned d = 0; d < LB_MAX_DOMAINS && n > 0 && (size_t)n < len; d++) {
		struct cm_node *tail = lb_load_relaxed(&l->local[d].tail);

		if (tail)
			n += snprintf(buf + n, len - (size_t)n, "; domain %u tail=%p status=%u", d,
				      (void *)tail, lb_load_relaxed(&tail->status));
	}
	return n;
}

LB_LOCK_LOOP(cm_loop, cm_lock, cm_unlock, cm_lock, cm_unlock)

const struct lb_lock_ops lb_lock_cohort_mcs = {
	.name = "cohort-mcs",
	.desc = "C-BO-MCS cohort lock (Dice, Marathe & Shavit 2012): backoff global, MCS per domain",
	.follows = "Dice, Marathe & Shavit, Lock Cohorting, PPoPP 2012: C-BO-MCS",
	.deviations = "cohorts are lock domains, not only NUMA nodes; the global lock's backoff "
		"fixed at 8 to 1024 pauses",
	.family = "numa",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct cohort_mcs),
	.tctx_size = sizeof(struct cm_node),
	.init = cm_init,
	.lock = cm_lock,
	.unlock = cm_unlock,
	.loop = cm_loop,
	.is_locked = cm_is_locked,
	.describe = cm_describe,
	.options = cm_options,
	.counters = cm_counters,
	.counters_max = 1u << CTR_LONGEST,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hmcs.c - the hierarchical MCS lock, two levels
 *
 * Algorithm: Milind Chabbi, Michael Fagan and John Mellor-Crummey, "High
 * Performance Locks for Multi-level NUMA Systems", PPoPP 2015 (HMCS),
 * reimplemented from the paper's description,
 * no code taken. HMCS is a tree of MCS locks mirroring the machine's
 * hierarchy; here two levels: a *leaf* MCS lock per lock domain
 * (lb_tctx.domain) and the *root* MCS lock. A thread enqueues its node at
 * its leaf. The first of a leaf's queue (or one handed "acquire parent")
 * acquires the root on behalf of its whole domain, with the leaf's own
 * root-level queue node (one per leaf: only the leaf's holder uses it).
 * A node's status is either WAIT, ACQUIRE_PARENT, or the count of passes
 * within the level so far (COHORT_START = 1 for the holder that took the
 * root). At release, while a successor is linked at the leaf and the count
 * has not passed the level's *threshold* (--hmcs-threshold, default 64
 * [R: best known; the paper tunes it per level and machine]), the holder
 * passes the lock within the level with count + 1; otherwise it releases
 * the root first, then hands its leaf successor ACQUIRE_PARENT (or leaves
 * the empty leaf queue).
 *
 * Lock word: the root MCS tail (a pointer to the last queued leaf node,
 * NULL when free) on its own cache line; then per domain (LB_MAX_DOMAINS)
 * a line with the leaf MCS tail and the threshold, and a line with the
 * leaf's root-level queue node. Queue node (per thread for the leaf; per
 * leaf for the root; own line): next, status (32 bits: 0xffffffff WAIT,
 * 0xfffffffe ACQUIRE_PARENT, else the pass count; the root level uses
 * WAIT and 1 = granted). All initially NULL/0.
 *
 * States: leaf node status s, root queue as MCS.
 *	lock:    status := WAIT; prev := xchg(leaf tail, me); prev: link, wait
 *	         for status != WAIT; s < ACQUIRE_PARENT: held, done; else
 *	         status := COHORT_START and acquire the root with the leaf's
 *	         root node (MCS)
 *	unlock:  s <= threshold and a linked successor: its status WAIT -> s+1
 *	         (a local hand-off); else release the root (MCS unlock of the
 *	         leaf's root node), then successor status WAIT -> ACQUIRE_PARENT
 *	         or leaf tail me -> NULL
 *
 * Ordering: MCS at both levels: fully ordered exchanges of the tails,
 * release link stores paired with acquire loads of next, release status
 * stores paired with acquire waits, release cmpxchgs to leave a queue. The
 * root is released before the leaf successor learns ACQUIRE_PARENT, so the
 * leaf's root node is free again by the time that successor reuses it.
 *
 * Progress and fairness: FIFO at each level; a domain keeps the lock for
 * at most threshold + 1 critical sections in a row while other domains
 * queue at the root. Counters: local hand-offs (passes within the leaf),
 * remote hand-offs (root acquisitions that queued behind another leaf,
 * i.e. received the lock from another domain), longest run of local
 * hand-offs. Not abortable; with more threads than CPUs it convoys.
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"

#define HM_WAIT			0xffffffffu
#define HM_ACQUIRE_PARENT	0xfffffffeu
#define HM_COHORT_START		1u
#define HM_GRANTED		1u	/* root level */

struct hm_node {
	struct hm_node *next;
	uint32_t status;
} LB_ALIGNED;

struct hm_leaf {
	struct hm_node *tail;
	uint32_t threshold;
	struct hm_node root_node LB_ALIGNED;	/* this domain's node in the root queue */
} LB_ALIGNED;

struct hmcs {
	struct {
		struct hm_node *tail;
	} root LB_ALIGNED;
	struct hm_leaf leaf[LB_MAX_DOMAINS];
};

static const char *const hm_counters[] = {
	"local-handoffs",	/* passes within the leaf (the domain) */
	"remote-handoffs",	/* root acquisitions that queued behind another domain */
	"longest-local-run",	/* most local hand-offs in a row (a maximum) */
	NULL,
};

enum { CTR_LOCAL, CTR_REMOTE, CTR_LONGEST };

static const struct lb_lock_option hm_options[] = {
	{ .name = "threshold", .type = LB_LOCK_OPT_U64, .min = 0, .max = 1u << 30, .def = 64,
	  .help = "passes within a domain in a row before the holder releases the root "
		  "(the paper's per-level threshold; 0: never pass within the domain)" },
	{ .name = NULL },
};

enum { OPT_THRESHOLD };

static int hm_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct hmcs *l = lock;

	for (unsigned d = 0; d < LB_MAX_DOMAINS; d++)
		l->leaf[d].threshold = (uint32_t)cfg->opts[OPT_THRESHOLD];
	return 0;
}

/* MCS acquire of the root with the leaf's node (a remote hand-off when it queues) */
static LB_NOINLINE void hm_root_lock(struct hmcs *l, struct hm_node *rn, struct lb_tctx *t)
{
	struct hm_node *prev;

	lb_store_relaxed(&rn->next, NULL);
	lb_store_relaxed(&rn->status, HM_WAIT);
	/* prev -> rn; full: acquire for the root, release of the node */
	prev = lb_xchg_full(&l->root.tail, rn);
	if (!prev)
		return;
	lb_count(t, CTR_REMOTE);
	/* release: pairs with the acquire load of next in the root release */
	lb_store_release(&prev->next, rn);
	/* acquire: pairs with the release store of HM_GRANTED */
	while (lb_load_acquire(&rn->status) == HM_WAIT)
		lb_cpu_relax();
}

static LB_NOINLINE void hm_root_unlock(struct hmcs *l, struct hm_node *rn)
{
	/* acquire: pairs with the successor's release link store */
	struct hm_node *next = lb_load_acquire(&rn->next);

	if (!next) {
		struct hm_node *expected = rn;

		/* rn -> NULL; release: the critical section before the root looks free */
		if (lb_cmpxchg_release(&l->root.tail, &expected, NULL))
			return;
		while (!(next = lb_load_acquire(&rn->next)))
			lb_cpu_relax();
	}
	/* WAIT -> GRANTED; release: the critical section goes to the next domain */
	lb_store_release(&next->status, HM_GRANTED);
}

static LB_NOINLINE uint32_t hm_wait_leaf(struct hm_node *me, struct hm_node *prev)
{
	uint32_t s;

	/* release: pairs with the acquire load of next in the predecessor's unlock */
	lb_store_release(&prev->next, me);
	/* acquire: pairs with the predecessor's release status store */
	while ((s = lb_load_acquire(&me->status)) == HM_WAIT)
		lb_cpu_relax();
	return s;
}

static void hm_lock(void *lock, struct lb_tctx *t)
{
	struct hmcs *l = lock;
	struct hm_leaf *leaf = &l->leaf[t->domain];
	struct hm_node *me = t->priv, *prev;

	lb_store_relaxed(&me->next, NULL);
	lb_store_relaxed(&me->status, HM_WAIT);
	/* prev -> me; full: acquire for the leaf, release of our node */
	prev = lb_xchg_full(&leaf->tail, me);
	if (prev && hm_wait_leaf(me, prev) < HM_ACQUIRE_PARENT)
		return;		/* passed within the domain: the root is ours */
	/* relaxed: only we read our status from here on */
	lb_store_relaxed(&me->status, HM_COHORT_START);
	hm_root_lock(l, &leaf->root_node, t);
}

static void hm_unlock(void *lock, struct lb_tctx *t)
{
	struct hmcs *l = lock;
	struct hm_leaf *leaf = &l->leaf[t->domain];
	struct hm_node *me = t->priv, *next;
	uint32_t s = lb_load_relaxed(&me->status);

	/* s - 1 passes so far: pass again while that is below the threshold */
	if (s <= leaf->threshold) {
		/* acquire: pairs with the successor's release link store */
		next = lb_load_acquire(&me->next);
		if (next) {
			lb_count(t, CTR_LOCAL);
			lb_count_max(t, CTR_LONGEST, s);
			/* WAIT -> s + 1; release: the root and the critical section go with it */
			lb_store_release(&next->status, s + 1);
			return;
		}
	}
	hm_root_unlock(l, &leaf->root_node);
	/* acquire: pairs with the successor's release link store */
	next = lb_load_acquire(&me->next);
	if (!next) {
		struct hm_node *expected = me;

		/* me -> NULL; release: our node is done with */
		if (lb_cmpxchg_release(&leaf->tail, &expected, NULL))
			return;
		while (!(next = lb_load_acquire(&me->next)))
			lb_cpu_relax();
	}
	/* WAIT -> ACQUIRE_PARENT; release: pairs with the successor's acquire wait */
	lb_store_release(&next->status, HM_ACQUIRE_PARENT);
}

static bool hm_is_locked(void *lock)
{
	struct hmcs *l = lock;

	return lb_load_relaxed(&l->root.tail) != NULL;
}

static int hm_describe(void *lock, char *buf, size_t len)
{
	struct hmcs *l = lock;
	int n = snprintf(buf, len, "root tail=%p", (void *)lb_load_relaxed(&l->root.tail));

	for (unsigned d = 0; d < LB_MAX_DOMAINS && n > 0 && (size_t)n < len; d++) {
		struct hm_node *tail = lb_load_relaxed(&l->leaf[d].tail);

		if (tail)
			n += snprintf(buf + n, len - (size_t)n, "; domain %u tail=%p status=0x%x", d,
				      (void *)tail, lb_load_relaxed(&tail->status));
	}
	return n;
}

LB_LOCK_LOOP(hm_loop, hm_lock, hm_unlock, hm_lock, hm_unlock)

const struct lb_lock_ops lb_lock_hmcs = {
	.name = "hmcs",
	.desc = "hierarchical MCS lock, two levels (Chabbi, Fagan & Mellor-Crummey 2015)",
	.follows = "Chabbi, Fagan & Mellor-Crummey, HMCS, PPoPP 2015",
	.deviations = "two levels only (a leaf per lock domain, the root); one pass threshold, not "
		"tuned per level",
	.family = "numa",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct hmcs),
	.tctx_size = sizeof(struct hm_node),
	.init = hm_init,
	.lock = hm_lock,
	.unlock = hm_unlock,
	.loop = hm_loop,
	.is_locked = hm_is_locked,
	.describe = hm_describe,
	.options = hm_options,
	.counters = hm_counters,
	.counters_max = 1u << CTR_LONGEST,
};

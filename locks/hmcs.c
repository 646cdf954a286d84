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
 * is below the level's *threshold* h (--hmcs-threshold, default 64), the
 * holder passes the lock within the level with count + 1; the holder whose
 * count reached h releases the root first, then hands its leaf successor
 * ACQUIRE_PARENT (or leaves the empty leaf queue): at most h critical
 * sections of a domain per turn, h - 1 passes. That is the paper's release
 * (PPoPP 2015, section 3, the Release procedure: "curCount == threshold"
 * releases the parent), checked against the release Chabbi contributed to
 * MPICH's izem (zm_hmcs.c: cur_count == threshold releases the parent,
 * else a linked successor gets cur_count + 1); until this was checked the
 * model passed while count <= h, one section more. The default 64 is not
 * the paper's: it tunes h per level and machine, and the text at hand
 * [R: the paper's own pages were not available to the search tool; its
 * first page only] gives no single value.
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
 *	unlock:  s < threshold and a linked successor: its status WAIT -> s+1
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
 * at most threshold critical sections in a row (threshold 0 or 1: one)
 * while other domains queue at the root. Counters (lockbench(1), COUNTERS):
 * local-handoffs (passes within the leaf), remote-handoffs (the root passed
 * to another domain's waiting node; counted by the receiver, a root
 * acquisition that queued), longest-local-run. Not abortable; with more
 * threads than CPUs it convoys.
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
	"local-handoffs",	/* passes within the leaf (the domain keeps the root) */
	"remote-handoffs",	/* the root passed to a waiting domain (its receiver counts) */
	"longest-local-run",	/* most local hand-offs in one turn (a maximum) */
	NULL,
};

enum { CTR_LOCAL, CTR_REMOTE, CTR_LONGEST };

static const struct lb_lock_option hm_options[] = {
	{ .name = "threshold", .type = LB_LOCK_OPT_U64, .min = 0, .max = 1u << 30, .def = 64,
	  .help = "critical sections a domain runs in a row at most before its holder "
		  "releases the root, the paper's threshold (threshold - 1 passes; 0 or 1: "
		  "never pass within the domain)" },
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
	lb_cond_load_acquire(&rn->status, VAL != HM_WAIT);
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
		next = lb_cond_load_acquire(&rn->next, VAL != NULL);
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
	s = lb_cond_load_acquire(&me->status, VAL != HM_WAIT);
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

	/* s sections of this turn so far: pass on while below the threshold (the paper's h) */
	if (s < leaf->threshold) {
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
		next = lb_cond_load_acquire(&me->next, VAL != NULL);
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

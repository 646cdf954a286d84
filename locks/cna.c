// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cna.c - qspinlock with the compact NUMA-aware (CNA) slow path
 *
 * Algorithm: Dave Dice and Alex Kogan, "Compact NUMA-aware Locks", EuroSys
 * 2019 (arXiv 1810.05600), in the form Alex Kogan proposed it for the Linux
 * qspinlock slow path (LKML "Add NUMA-awareness to qspinlock", many
 * revisions from 2019), reimplemented from the paper's
 * description; no code was taken from the paper, the patches
 * or any port. The lock word and the uncontended and pending paths are
 * qspinlock's (qspinlock-common.h, the same code as locks/qspinlock.c):
 * CNA changes only how the queue head hands queue headship on. In the
 * paper's words, waiters in the MCS *main queue* that run on another
 * *socket* (here: another lock domain, lb_tctx.domain) than the holder
 * are moved to a *secondary queue*, so that the lock is handed to a waiter
 * of the holder's own domain; when none is left in the main queue, the
 * secondary queue is spliced back in front of it. To keep this fair the
 * paper flips a coin at each hand-off (keep_lock_local(): pass locally
 * unless a pseudo-random number has its low 16 bits clear [R: section and
 * page not checked against the text: the search tool holds the paper's
 * first page only]); the Linux series of December 2019 counts instead
 * (intra_node_handoff_threshold = 1 << 16 local hand-offs in a row) and
 * later revisions bound the time. lockbench counts, as that revision:
 * after --cna-threshold local hand-offs in a row (default 65536) the
 * holder *flushes*: headship goes to the oldest waiter, the secondary
 * queue's head, whatever its domain.
 *
 * Where the search runs: the paper's, not the series'. The series has the
 * queue head order the queue while it waits for the lock (its
 * wait_head_or_lock hook, cna_pre_scan(): off the critical path); here
 * the search runs at hand-off, with the lock held, as the paper's
 * find_successor(), because qspinlock-common.h has no hook in the head's
 * wait: its cost is inside the measured hand-off. The series' shuffle
 * reduction is an option: with --cna-shuffle-reduction=N (the series' 7,
 * SHUFFLE_REDUCTION_PROB_ARG) a holder whose secondary queue is empty
 * skips the search with probability 1 - 2^-N and hands headship to its
 * successor as MCS does, so a lightly contended lock shuffles rarely;
 * 0, the default, is the paper's search at every hand-off.
 *
 * Lock word (32 bits, as qspinlock):
 *	 0- 7: locked byte; 8: pending; 16-17: tail index; 18-31: tail thread
 *	initial value 0
 * The threshold (read-only) follows the word and the pending bound.
 * Queue node (32 bytes, four per thread: the kernel's struct cna_node
 * over its struct mcs_spinlock):
 *	next    - successor in the main (or, while moved, secondary) queue
 *	locked  - 0 waiting; 1 queue head, no secondary queue; else queue head
 *	          and the secondary queue, given as its tail's encoded tail
 *	          (the secondary queue is a ring: its tail's next is its head)
 *	count   - nesting counter (node 0)
 *	domain  - the waiter's lock domain; encoded_tail - this node's tail value
 *	run     - local hand-offs in a row, written by the predecessor
 *	pad     - node 0 only: the thread's pseudo-random state (shuffle reduction)
 *
 * States: qspinlock's (tail, pending, locked), and the queue head's
 * secondary queue S (empty, or a ring of nodes none of which is in the
 * main queue or named by the tail).
 *	head, successor of my domain: pass headship, locked := S (1 if empty)
 *	head, successor elsewhere, a node of my domain further on: the nodes
 *	        before it move to the end of S; pass it headship with the new S
 *	head, none of my domain, or run >= threshold (flush): S's head gets
 *	        headship, S's tail links to my successor, locked := 1
 *	head, no successor, S empty: (me,0,0) -> (0,0,1) as qspinlock
 *	head, no successor, S not empty: (me,0,0) -> (S tail,0,1), and S's
 *	        head gets headship: the secondary queue becomes the queue
 *
 * Ordering: qspinlock's, plus: the hand-off's release store of locked
 * publishes the rewired next pointers, the run count and S to the new
 * head (its acquire wait). The head that makes S the queue breaks the ring
 * (S tail's next := NULL) before its cmpxchg of the word, which is a
 * release, so that a newcomer who finds S's tail in the tail (its acquire
 * fence after the exchange) links behind a node whose next is already
 * NULL; if the cmpxchg fails the ring is restored. The scan reads next
 * pointers with acquire loads (each pairs with its writer's release link
 * store).
 *
 * Progress and fairness: not FIFO. A waiter of another domain may be
 * passed over up to --cna-threshold times in a row per domain run, then
 * the flush hands headship to the oldest moved waiter. Counters
 * (lockbench(1), COUNTERS): qspinlock's three, local-handoffs and
 * remote-handoffs (of queue headship, counted by the holder that passes
 * it; the pending path and the uncontended exit hand off nothing),
 * longest-local-run, secondary-moves and flushes (threshold reached with
 * a non-empty secondary queue).
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"
#include "qspinlock-common.h"

struct cna_node {
	struct qs_node mcs;	/* next, locked (1 or the secondary tail's encoded tail), count */
	uint32_t domain;
	uint32_t encoded_tail;
	uint32_t run;
	uint32_t pad;		/* node 0: the thread's pseudo-random state */
};

struct cna_lock {
	struct qspinlock qs;	/* the word and the pending bound, as qspinlock */
	uint32_t threshold;
	uint32_t shuffle_mask;	/* 2^N - 1 for --cna-shuffle-reduction=N; 0: off */
};

static const char *const cna_counters[] = {
	QS_COUNTER_NAMES,
	"local-handoffs",	/* headship passed to a waiter of the holder's domain */
	"remote-handoffs",	/* headship passed to a waiter of another domain */
	"longest-local-run",	/* most local hand-offs in one turn (a maximum) */
	"secondary-moves",	/* waiters moved from the main to the secondary queue */
	"flushes",		/* threshold reached: the secondary queue went first */
	NULL,
};

enum { CTR_LOCAL = QS_NCTR, CTR_REMOTE, CTR_LONGEST, CTR_MOVES, CTR_FLUSHES };

static const struct lb_lock_option cna_options[] = {
	{ .name = "threshold", .type = LB_LOCK_OPT_U64, .min = 0, .max = 1u << 30, .def = 65536,
	  .help = "local hand-offs in a row before the holder flushes the secondary queue "
		  "(the paper's keep_lock_local() coin, 1 in 2^16, as a count; 0: plain FIFO)" },
	{ .name = "pending-loops", .type = LB_LOCK_OPT_U64, .min = 0, .max = 1048576, .def = 512,
	  .help = "as qspinlock's: spins a newcomer waits for a pending hand-over" },
	{ .name = "shuffle-reduction", .type = LB_LOCK_OPT_U64, .min = 0, .max = 31, .def = 0,
	  .help = "the Linux series' shuffle reduction: with an empty secondary queue, skip the "
		  "search for a local successor with probability 1 - 2^-N (the series: 7; "
		  "0: search at every hand-off, the paper's)" },
	{ .name = NULL },
};

enum { OPT_THRESHOLD, OPT_PENDING_LOOPS, OPT_SHUFFLE };

static int cna_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct cna_lock *l = lock;

	l->qs.pending_loops = (uint32_t)cfg->opts[OPT_PENDING_LOOPS];
	l->threshold = (uint32_t)cfg->opts[OPT_THRESHOLD];
	l->shuffle_mask = (uint32_t)((1ull << cfg->opts[OPT_SHUFFLE]) - 1);
	return 0;
}

/*
 * The series' probably(): true (skip the search) unless N bits of the
 * thread's next pseudo-random number are clear (bits 8 on: a linear
 * congruential generator's low bits repeat with short periods). The state
 * is the thread's own (node 0's pad); the step is the textbook one
 * (Numerical Recipes' constants), seeded from the tid, so a run repeats.
 */
static inline bool cna_skip_search(const struct cna_lock *l, struct lb_tctx *t)
{
	struct cna_node *n0 = t->priv;
	uint32_t s = n0->pad ? n0->pad : t->tid + 1;

	s = s * 1664525u + 1013904223u;
	n0->pad = s;
	return (s >> 8) & l->shuffle_mask;
}

static inline struct cna_node *cna_decode(const struct lb_tctx *t, uint32_t tail)
{
	return (struct cna_node *)qs_decode_tail(t, tail, sizeof(struct cna_node));
}

static inline void cna_init_node(struct qs_node *node, struct lb_tctx *t)
{
	struct cna_node *cn = (struct cna_node *)node;
	uint32_t idx = (uint32_t)(cn - (struct cna_node *)t->priv);

	/* relaxed: published with the node by the release fence before the tail exchange */
	cn->domain = t->domain;
	cn->encoded_tail = qs_encode_tail(t->tid, idx);
	cn->run = 0;
}

/* Headship to @succ: count the hand-off, give it the run and the secondary queue @sec. */
static inline void cna_handoff(struct cna_node *me, struct cna_node *succ, uint32_t sec,
			       struct lb_tctx *t)
{
	if (succ->domain == me->domain) {
		uint32_t run = me->run + 1;

		lb_count(t, CTR_LOCAL);
		lb_count_max(t, CTR_LONGEST, run);
		lb_store_relaxed(&succ->run, run);
	} else {
		lb_count(t, CTR_REMOTE);
		lb_store_relaxed(&succ->run, 0);
	}
	/* locked 0 -> sec; release: the run, S and the rewired links before headship */
	lb_store_release(&succ->mcs.locked, sec);
}

static inline bool cna_try_clear_tail(struct qspinlock *l, uint32_t val, struct qs_node *node,
				      struct lb_tctx *t)
{
	struct cna_node *me = (struct cna_node *)node, *stail, *shead;
	uint32_t sec = lb_load_relaxed(&me->mcs.locked);

	if (sec <= 1)	/* no secondary queue: (me,0,0) -> (0,0,1) as qspinlock */
		return lb_cmpxchg_relaxed(&l->val, &val, QS_LOCKED_VAL);
	/* the secondary queue becomes the queue: break its ring first */
	stail = cna_decode(t, sec);
	shead = (struct cna_node *)lb_load_relaxed(&stail->mcs.next);
	lb_store_relaxed(&stail->mcs.next, NULL);
	/* (me,0,0) -> (S tail,0,1); release: the NULL link before a newcomer links behind S's tail */
	if (!lb_cmpxchg_release(&l->val, &val, sec | QS_LOCKED_VAL)) {
		lb_store_relaxed(&stail->mcs.next, &shead->mcs);	/* someone queued: ring back */
		return false;
	}
	cna_handoff(me, shead, 1, t);
	return true;
}

static inline void cna_pass_lock(struct qspinlock *lq, struct qs_node *node, struct qs_node *nextq,
				 struct lb_tctx *t)
{
	struct cna_lock *l = (struct cna_lock *)lq;
	struct cna_node *me = (struct cna_node *)node;
	/* acquire: the slow path may have read next relaxed; we read its domain */
	struct cna_node *next = (struct cna_node *)lb_load_acquire(&me->mcs.next);
	uint32_t sec = lb_load_relaxed(&me->mcs.locked);
	struct cna_node *succ = NULL;

	(void)nextq;	/* the same node */
	if (sec == 0)	/* became head without a predecessor: no secondary queue */
		sec = 1;
	if (sec == 1 && l->shuffle_mask && cna_skip_search(l, t)) {
		/* shuffle reduction: an empty secondary queue, and the coin says MCS */
		cna_handoff(me, next, 1, t);
		return;
	}
	if (me->run < l->threshold) {
		/* look for a waiter of my domain, moving the others to the secondary queue */
		if (next->domain == me->domain) {
			succ = next;
		} else {
			struct cna_node *first = next, *last = next, *cur;
			uint64_t moved = 1;

			/* acquire: pairs with each waiter's release link store */
			while ((cur = (struct cna_node *)lb_load_acquire(&last->mcs.next)) &&
			       cur->domain != me->domain) {
				last = cur;
				moved++;
			}
			if (cur) {
				/* first..last (none of them the tail: cur came after) go to S's end */
				if (sec == 1) {
					lb_store_relaxed(&last->mcs.next, &first->mcs);
				} else {
					struct cna_node *stail = cna_decode(t, sec);

					lb_store_relaxed(&last->mcs.next, stail->mcs.next);
					lb_store_relaxed(&stail->mcs.next, &first->mcs);
				}
				sec = last->encoded_tail;
				t->ctr[CTR_MOVES] += moved;
				succ = cur;
			}
		}
		if (succ) {
			cna_handoff(me, succ, sec, t);
			return;
		}
	} else if (sec > 1) {
		lb_count(t, CTR_FLUSHES);
	}
	if (sec > 1) {
		/* no local waiter left (or a flush): S goes first, then my successor */
		struct cna_node *stail = cna_decode(t, sec);

		succ = (struct cna_node *)lb_load_relaxed(&stail->mcs.next);
		lb_store_relaxed(&stail->mcs.next, &next->mcs);
	} else {
		succ = next;
	}
	cna_handoff(me, succ, 1, t);
}

static LB_NOINLINE void cna_lock_slow(struct qspinlock *l, struct lb_tctx *t, uint32_t val)
{
	qs_lock_slowpath(l, t, val, sizeof(struct cna_node), cna_init_node, cna_try_clear_tail,
			 cna_pass_lock);
}

static void cna_lock(void *lock, struct lb_tctx *t)
{
	struct qspinlock *l = lock;
	uint32_t val;

	if (qs_lock_fast(l, &val))
		return;
	lb_count(t, QS_CTR_SLOW);
	cna_lock_slow(l, t, val);
}

static bool cna_trylock(void *lock, struct lb_tctx *t)
{
	return qs_trylock_word(lock);
}

static void cna_unlock(void *lock, struct lb_tctx *t)
{
	qs_unlock_word(lock);
}

static bool cna_is_locked(void *lock)
{
	return qs_is_locked_word(lock);
}

static int cna_describe(void *lock, char *buf, size_t len)
{
	return qs_describe_word(lock, buf, len);
}

LB_LOCK_LOOP(cna_loop, cna_lock, cna_unlock, cna_lock, cna_unlock)

const struct lb_lock_ops lb_lock_cna = {
	.name = "cna",
	.desc = "compact NUMA-aware qspinlock (Dice & Kogan 2019): secondary queue for other domains",
	.follows = "Dice & Kogan, Compact NUMA-aware Locks, EuroSys 2019: the successor search "
		"at hand-off, with the lock held (the paper's, not the series'); on qspinlock as "
		"Kogan's LKML series, its December 2019 count of local hand-offs, its shuffle "
		"reduction an option",
	.deviations = "local runs bounded by a hand-off count (the December 2019 series'), not "
		"the paper's coin (1 in 2^16) or the later series' time; the search runs at "
		"hand-off, inside the critical path, where the series orders the queue while the "
		"head waits; shuffle reduction off by default (the series' is 7)",
	.family = "numa",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct cna_lock),
	.tctx_size = QS_MAX_NODES * sizeof(struct cna_node),
	.init = cna_init,
	.lock = cna_lock,
	.unlock = cna_unlock,
	.loop = cna_loop,
	.trylock = cna_trylock,
	.is_locked = cna_is_locked,
	.describe = cna_describe,
	.options = cna_options,
	.counters = cna_counters,
	.counters_max = 1u << CTR_LONGEST,
};

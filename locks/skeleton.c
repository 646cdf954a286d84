// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * skeleton.c - the template of a new lock: a CLH queue lock, commented
 *
 * Not built into lockbench (tests/unit/test-skeleton.c compiles it and
 * checks it against the registry's contract). To add a lock, HACKING.md
 * "Adding a lock" has the steps; in short:
 *	sed 's/skeleton/mylock/g' locks/skeleton.c >locks/mylock.c
 *	echo 'LB_LOCK(mylock)' >>locks/locks.def	(the build reads it)
 * then write the algorithm, and its entry in man/lockbench.1.in's LOCKS
 * section, which `make check` asks for (tests/cli/docs-sync.sh) and whose
 * last sentence is "Follows <.follows>; deviations: <.deviations>."
 * (tests/cli/list-locks.sh). Every listed lock runs under --validate in
 * make check without anything more (tests/validate/run-shard.sh).
 *
 * The header has five paragraphs, in this order:
 *
 * Algorithm: what it is and where it comes from: the paper, or the kernel
 * file and version that was read, with "reimplemented from the
 * description". Never paste code from another project. Here: the CLH
 * queue lock (Craig, "Building FIFO and priority-queuing spin locks from
 * atomic swap", TR 93-02-02, University of Washington, 1993; Magnusson,
 * Landin and Hagersten, "Queue locks on cache coherent multiprocessors",
 * IPPS 1994): a waiter swaps its own node into the tail and spins on its
 * predecessor's; the releaser clears its own node, and takes over its
 * predecessor's node for its next acquisition.
 *
 * Lock word: a bit table, one row per field, and the initial value:
 *	tail:  pointer to the last node queued (64 bits)
 *	node.locked (one per node, 32 bits): 1 while its owner holds or waits
 *	initial value: tail = &lock->dummy, dummy.locked = 0
 *
 * States: the tuple notation and the legal transitions, here
 * (tail, my node's locked):
 *	lock:    (p, -) -> (me, 1), then wait for p->locked == 0
 *	unlock:  (*, 1) -> (*, 0); my node for next time is p
 *
 * Ordering: which operation is the acquire and which the release, and
 * what each pairs with: the tail exchange publishes my node (locked = 1
 * before it: a full exchange); the wait on the predecessor's locked is an
 * acquire that pairs with the release store of 0 in its owner's unlock.
 *
 * Progress and fairness: FIFO by the tail exchange, starvation-free; each
 * waiter spins on its own predecessor's line only, so a hand-off touches
 * one waiter. With more threads than CPUs a preempted waiter holds up the
 * queue behind it (as every FIFO spinlock's).
 *
 * Per-thread state: what the lock keeps for each thread is its private
 * area (lb_lock_ops.tctx_size bytes, zeroed, first touched by the thread
 * on its own NUMA node); thread_init() sets it up; another thread's is
 * lb_peer_priv(t, tid) (a queue lock that names its waiters by index, as
 * qspinlock's tail does, reaches their nodes that way). Here the area
 * holds the node the thread owns at first and a pointer to the one it
 * owns now (nodes move between threads, and all live in the lock or the
 * private areas, so the lock may be shared by processes).
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"

struct skeleton_node {
	uint32_t locked LB_ALIGNED;	/* 1: the owner holds or waits; own line: waiters spin on it */
};

struct skeleton {
	struct skeleton_node *tail LB_ALIGNED;	/* see "Lock word" */
	uint64_t pause;				/* --skeleton-pause, read-only once set */
	struct skeleton_node dummy;		/* the first predecessor */
};

/* the thread's private area (tctx_size): its node, and the one it owns now */
struct skeleton_thread {
	struct skeleton_node node;
	struct skeleton_node *mine;	/* the node to queue next time */
	struct skeleton_node *pred;	/* while holding: the predecessor's node */
};

/* Event counters: names shown with -v and in the CSV's counter columns. */
static const char *const skeleton_counters[] = {
	"spin-waits",		/* acquisitions that had to wait */
	NULL,
};

enum { CTR_SPIN_WAITS };

/* Per-lock options: --skeleton-<name>=V on the command line. */
static const struct lb_lock_option skeleton_options[] = {
	{ .name = "pause", .type = LB_LOCK_OPT_U64, .min = 1, .max = 1000, .def = 1,
	  .help = "pauses between two looks at the predecessor's node" },
	{ .name = NULL },
};

enum { OPT_PAUSE };

static int skeleton_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct skeleton *l = lock;

	/* the memory is zeroed; cfg->opts[OPT_PAUSE] holds --skeleton-pause */
	l->pause = cfg->opts[OPT_PAUSE];
	lb_store_relaxed(&l->tail, &l->dummy);
	return 0;
}

/* once per thread, pinned, before the start barrier: its own node */
static int skeleton_thread_init(void *lock, struct lb_tctx *t)
{
	struct skeleton_thread *me = t->priv;

	me->mine = &me->node;
	return 0;
}

static void skeleton_lock(void *lock, struct lb_tctx *t)
{
	struct skeleton *l = lock;
	struct skeleton_thread *me = t->priv;
	struct skeleton_node *n = me->mine, *p;

	lb_store_relaxed(&n->locked, 1);
	/* (p, -) -> (me, 1); full: my locked = 1 is visible before my node is */
	p = lb_xchg_full(&l->tail, n);
	me->pred = p;
	/* acquire: pairs with the release store of 0 in the predecessor's unlock */
	if (lb_load_acquire(&p->locked) == 0)
		return;
	lb_count(t, CTR_SPIN_WAITS);
	while (lb_load_acquire(&p->locked) != 0)
		lb_pause_n(l->pause);
}

static void skeleton_unlock(void *lock, struct lb_tctx *t)
{
	struct skeleton_thread *me = t->priv;
	struct skeleton_node *n = me->mine;

	/* my next node is the predecessor's, which nobody else can reach now */
	me->mine = me->pred;
	/* (*, 1) -> (*, 0); release: the critical section before the successor's acquire */
	lb_store_release(&n->locked, 0);
}

static bool skeleton_is_locked(void *lock)
{
	struct skeleton *l = lock;

	return lb_load_relaxed(&lb_load_relaxed(&l->tail)->locked) != 0;
}

static int skeleton_describe(void *lock, char *buf, size_t len)
{
	struct skeleton *l = lock;
	struct skeleton_node *tail = lb_load_relaxed(&l->tail);

	return snprintf(buf, len, "tail=%p%s (locked=%u)", (void *)tail,
			tail == &l->dummy ? " (the dummy)" : "", lb_load_relaxed(&tail->locked));
}

/* The measured loop with this lock's verbs inlined (loop.h). */
LB_LOCK_LOOP(skeleton_loop, skeleton_lock, skeleton_unlock, skeleton_lock, skeleton_unlock)

const struct lb_lock_ops lb_lock_skeleton = {
	.name = "skeleton",
	.desc = "CLH queue lock (Craig 1993; Magnusson, Landin & Hagersten 1994): spin on the "
		"predecessor's node",
	/* one line each; --list-locks -v prints them and the man entry says them in the same words */
	.follows = "Craig, TR 93-02-02, 1993, and Magnusson, Landin & Hagersten, IPPS 1994: the "
		   "CLH lock",
	.deviations = "none",
	.family = "spin",
	.kind = LB_LOCK_EXCL,
	/* may live in memory shared by processes: every pointer points into the lock or a
	 * private area, which the harness maps at one address in every process */
	.flags = LB_LOCK_F_FIFO | LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct skeleton),
	.tctx_size = sizeof(struct skeleton_thread),
	.init = skeleton_init,
	.thread_init = skeleton_thread_init,
	.lock = skeleton_lock,
	.unlock = skeleton_unlock,
	/*
	 * no trylock (a NULL verb is "not supported"): a CLH waiter cannot
	 * leave the queue, and a cmpxchg of the tail that found its node
	 * free can be fooled by that node coming back as the tail (ABA)
	 */
	.is_locked = skeleton_is_locked,
	.loop = skeleton_loop,
	.describe = skeleton_describe,
	.options = skeleton_options,
	.counters = skeleton_counters,
	/* the same algorithm from a library that --lock=peer runs: selfbench compares the two */
	.peer = "ck-clh",
};

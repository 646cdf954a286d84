// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * qspinlock.c - the kernel's queued spinlock, modern slow path (4.18+)
 *
 * Algorithm: Waiman Long's "qspinlock: a simple generic 4-byte queue
 * spinlock" series (LKML 2014-2015), as reworked by Peter Zijlstra and
 * merged in Linux 4.2 (kernel/locking/qspinlock.c), in the slow path of
 * 4.20 and later on x86: a bounded wait for a pending hand-over, a locked
 * bit-test-and-set of the pending bit followed by a plain read of the rest
 * of the word (x86's queued_fetch_set_pending_acquire(), 4.20+; the
 * `pending` option's default, `bts`) or the generic atomic fetch_or, which
 * x86 compilers build as a cmpxchg loop (`pending=cmpxchg`, 4.18-4.19 and
 * other architectures), and the fallback for more than four nesting
 * levels. Reimplemented from the published description cited here (lockbench(1), REFERENCES);
 * no code was taken from the kernel. The word stays 4 bytes like the
 * ticket lock's, yet waiters queue MCS-style: a thread spins on at most
 * four spinlocks at once (task, softirq, hardirq, NMI), so (thread,
 * nesting index) names a queue node in a few bits, and the nodes live in
 * each thread's own area, four per thread (the kernel's per-CPU qnodes).
 *
 * Lock word (32 bits, little-endian sub-objects):
 *	 0- 7: locked byte - 1 when held
 *	    8: pending - one waiter spins on the word itself (9-15 unused, so
 *	       bits 8-15 form the pending byte and 0-15 the locked_pending half)
 *	16-17: tail index - nesting index (0-3) of the last queued node
 *	18-31: tail thread - tid + 1 of the last queued node, 0 = no queue
 *	initial value 0
 * The bound of the pending wait and the pending form (read-only, 31 bits
 * and 1) follow the word: they are read only right after the word was, so
 * they cost no extra miss, and the lock stays 8 bytes, small enough to
 * serve inside another lock (inner.h, a sleeping lock's wait_lock).
 * Queue node (16 bytes, four per thread in one cache line): next, locked,
 * count (the nesting counter, in node 0).
 *
 * States: (tail, pending, locked).
 *	fast:    (0,0,0) -> (0,0,1) by cmpxchg
 *	pending: (0,0,*) -> (0,1,*) by lock bts (or fetch_or); wait for
 *	         locked == 0; then
 *	         (0,1,0) -> (0,0,1) by one 16-bit store (clear_pending_set_locked)
 *	queue:   (t,p,l) -> (me,p,l) by a 16-bit xchg of the tail half; link
 *	         behind the old tail and wait for our node's locked flag; as
 *	         queue head wait for (me|n,0,0), then either (me,0,0) -> (0,0,1)
 *	         by cmpxchg (nobody behind us) or set the locked byte,
 *	         (n,0,0) -> (n,0,1), and pass headship on (next.locked 0 -> 1)
 *	unlock:  (*,*,1) -> (*,*,0) by a byte store
 *
 * Ordering: the fast-path cmpxchg and the fetch_or are acquires; the wait
 * for the locked byte (pending path) and the waits for our node's locked
 * flag and for locked == pending == 0 (queue head) are acquire loads that
 * pair with the release store of the unlock or of the MCS hand-off. Node
 * initialisation is ordered before the relaxed tail exchange by a release
 * fence (the kernel's smp_wmb()); the successor reads its predecessor
 * from the old tail and uses an acquire fence where the kernel relies on
 * the address dependency. The link store prev.next is a release (pairs
 * with the predecessor's acquire load of next before it hands over).
 *
 * Progress and fairness: while a node is queued the tail is non-zero, so
 * the word is never 0 (no fast-path or trylock steal) and a newcomer's
 * fetch_or sees the tail and queues: at most one pending waiter (which
 * came before the queue), then strict MCS FIFO. The pending bit keeps
 * 2-thread contention off the queue entirely. Not abortable: a queued
 * waiter that is not running stalls everyone behind it.
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"
#include "qspinlock-common.h"

/*
 * The first counter is the contended acquisitions, as ticket's is: a lock
 * built from either (a wait_lock) reports it as "wait-lock-waits". The
 * fast-path acquisitions are the operations less "slow".
 */
static const char *const qs_counters[] = {
	QS_COUNTER_NAMES,
	NULL,
};

static const struct lb_lock_option qs_options[] = {
	{ .name = "pending-loops", .type = LB_LOCK_OPT_U64, .min = 0, .max = 1048576, .def = 512,
	  .help = "spins a newcomer waits for a pending waiter's hand-over before it queues "
		  "(the kernel's _Q_PENDING_LOOPS: 512 on x86, 1 elsewhere)" },
	{ .name = "pending", .type = LB_LOCK_OPT_ENUM, .def = 0, .values = qs_pending_names,
	  .help = "how a newcomer sets the pending bit: bts, x86's locked bit-test-and-set "
		  "and a plain read (4.20+), or cmpxchg, the generic atomic fetch_or (a "
		  "cmpxchg loop on x86)" },
	{ .name = NULL },
};

enum { OPT_PENDING_LOOPS, OPT_PENDING };

static int qs_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct qspinlock *l = lock;

	l->pending_loops = (uint32_t)cfg->opts[OPT_PENDING_LOOPS];
	l->pending_cmpxchg = cfg->opts[OPT_PENDING] == QS_PENDING_CMPXCHG;
	return 0;
}

static LB_NOINLINE void qs_lock_slow(struct qspinlock *l, struct lb_tctx *t, uint32_t val)
{
	qs_lock_slowpath(l, t, val, sizeof(struct qs_node), qs_native_init_node,
			 qs_native_try_clear_tail, qs_native_pass_lock);
}

static void qs_lock(void *lock, struct lb_tctx *t)
{
	struct qspinlock *l = lock;
	uint32_t val;

	if (qs_lock_fast(l, &val))
		return;
	lb_count(t, QS_CTR_SLOW);
	qs_lock_slow(l, t, val);
}

static bool qs_trylock(void *lock, struct lb_tctx *t)
{
	return qs_trylock_word(lock);
}

static void qs_unlock(void *lock, struct lb_tctx *t)
{
	qs_unlock_word(lock);
}

static bool qs_is_locked(void *lock)
{
	return qs_is_locked_word(lock);
}

static int qs_describe(void *lock, char *buf, size_t len)
{
	return qs_describe_word(lock, buf, len);
}

LB_LOCK_LOOP(qs_loop, qs_lock, qs_unlock, qs_lock, qs_unlock)

const struct lb_lock_ops lb_lock_qspinlock = {
	.name = "qspinlock",
	.desc = "Linux queued spinlock (x86 4.20+ slow path: pending by lock bts): locked byte, "
		"pending bit, MCS tail",
	.follows = "Linux 4.20+ kernel/locking/qspinlock.c, x86 slow path (pending by lock bts)",
	.deviations = "no paravirt paths; queue nodes in each thread's area instead of per-CPU",
	.family = "spin",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_FIFO | LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct qspinlock),
	.tctx_size = QS_MAX_NODES * sizeof(struct qs_node),
	.init = qs_init,
	.lock = qs_lock,
	.unlock = qs_unlock,
	.loop = qs_loop,
	.trylock = qs_trylock,
	.is_locked = qs_is_locked,
	.describe = qs_describe,
	.options = qs_options,
	.counters = qs_counters,
};

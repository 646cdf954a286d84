// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * qrwlock.c - queued rwlock, the modern form (Linux 4.15+)
 *
 * Algorithm: Waiman Long's qrwlock with the later changes: the reader slow
 * path of 4.3+ ("locking/qrwlock: Reduce reader/writer to reader lock
 * transfer latency", July 2015: the reader at the head of the queue adds
 * its bias at once and waits only for a holding writer), the acquire and
 * relaxed orderings of 4.3+, and Will Deacon's 4.15 layout that moved
 * _QW_WAITING to bit 8 so that a writer announces itself with a plain
 * atomic OR. Body in qrwlock-common.h; reimplemented from the published
 * description cited here.
 *
 * Lock word (cnts, 32 bits, 4.15+ layout):
 *	 0- 7: writer locked byte: 0x00 none, 0xff a writer holds it
 *	    8: a writer is waiting
 *	 9-31: reader count
 *	initial value 0; the wait queue's spinlock (--qrwlock-wait-lock) sits
 *	in the same cache line
 *
 * States: (readers, waiting, locked); see qrwlock-common.h. The
 * announcement here: (r, 0, l) -> (r, 1, l) by atomic OR, which cannot
 * fail, so a writer may announce itself while an earlier writer still
 * holds the lock.
 *
 * Ordering: acquire on the reader's bias add and the writer's cmpxchgs,
 * release on both unlocks, relaxed OR and head bias add followed by
 * acquire loads; see qrwlock-common.h.
 *
 * Progress and fairness: FIFO through the wait queue apart from fast-path
 * stealing and interrupt-context readers. Counters: read-slow, write-slow,
 * lock-cas-fails.
 */
#include "config.h"

#include "harness/loop.h"
#include "qrwlock-common.h"

LB_QRWLOCK_DEFINE(qrwlock, LB_QRW_MODERN, 0)
LB_LOCK_LOOP(qrwlock_loop, qrwlock_lock, qrwlock_unlock, qrwlock_read_lock, qrwlock_read_unlock)

static const char *const qrwlock_counters[] = {
	LB_QRW_COUNTER_NAMES, NULL,
};

const struct lb_lock_ops lb_lock_qrwlock = {
	.name = "qrwlock",
	.desc = "queued rwlock, 4.15+: WAITING at bit 8 set by atomic OR, 4.3+ reader slow path",
	.follows = "Linux 4.15+ kernel/locking/qrwlock.c",
	.deviations = LB_QRW_DEVIATIONS,
	LB_QRWLOCK_OPS_FIELDS(qrwlock),
	.counters = qrwlock_counters,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * qrwlock-wcas.c - queued rwlock, 3.16-4.1 waiting-writer announcement
 *
 * Algorithm: Waiman Long's qrwlock as of Linux 3.16-4.1: a writer that
 * finds readers sets _QW_WAITING with a cmpxchg loop on the whole 32-bit
 * word, so every reader that arrives or leaves between the writer's load
 * and its cmpxchg fails the cmpxchg and sends the writer round again. The
 * "w/o patch" column of Long 2015 (LKML, June 2015, "locking/qrwlock: Don't
 * contend with readers when setting _QW_WAITING"). The body, shared with
 * qrwlock-bcas so that the two differ in that loop only, is in
 * qrwlock-common.h; reimplemented from the published description cited here.
 *
 * Lock word (cnts, 32 bits, 3.16-4.14 layout):
 *	 0- 7: writer byte: 0x00 none, 0x01 a writer waits, 0xff a writer holds it
 *	 8-31: reader count
 *	initial value 0; the wait queue's spinlock (--qrwlock-wcas-wait-lock)
 *	sits in the same cache line
 *
 * States: (readers, waiting, locked); see qrwlock-common.h. The
 * announcement here: load c; if the writer byte is 0,
 * (r, 0, 0) -> (r, 1, 0) by cmpxchg(cnts, c, c | 0x01), retried on failure.
 *
 * Ordering: fully ordered RMWs as in 3.16-4.2 (atomic_add_return,
 * atomic_cmpxchg); release on both unlocks; see qrwlock-common.h.
 *
 * Progress and fairness: FIFO through the wait queue apart from fast-path
 * stealing and interrupt-context readers; a waiting writer blocks new
 * readers. Counters: read-slow, write-slow, lock-cas-fails and
 * announce-cas-fails (the cmpxchg failures the 2015 change removes).
 */
#include "config.h"

#include "harness/loop.h"
#include "qrwlock-common.h"

LB_QRWLOCK_DEFINE(qrwlock_wcas, LB_QRW_WCAS, 0)
LB_LOCK_LOOP(qrwlock_wcas_loop, qrwlock_wcas_lock, qrwlock_wcas_unlock, qrwlock_wcas_read_lock,
	     qrwlock_wcas_read_unlock)

static const char *const qrwlock_wcas_counters[] = {
	LB_QRW_COUNTER_NAMES, "announce-cas-fails", NULL,
};

const struct lb_lock_ops lb_lock_qrwlock_wcas = {
	.name = "qrwlock-wcas",
	.desc = "queued rwlock, 3.16-4.1: waiting writer announced by a full-word cmpxchg loop",
	.follows = "Linux 3.16-4.1 kernel/locking/qrwlock.c (a full-word cmpxchg sets "
		"_QW_WAITING)",
	.deviations = "wait_lock defaults to qspinlock (the 2015 posting's 4.0 had its patches; "
		"x86 3.16-4.1 used the ticket lock); " LB_QRW_DEVIATIONS,
	LB_QRWLOCK_OPS_FIELDS(qrwlock_wcas),
	.counters = qrwlock_wcas_counters,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * qrwlock-bcas.c - queued rwlock, 4.2 waiting-writer announcement
 *
 * Algorithm: Waiman Long's qrwlock as of Linux 4.2: a writer that finds
 * readers sets _QW_WAITING with a cmpxchg on the writer byte alone, which
 * changes of the reader count in the upper bytes cannot fail ("locking/
 * qrwlock: Don't contend with readers when setting _QW_WAITING", June
 * 2015: the "with patch" column of Long 2015). Everything else is
 * qrwlock-wcas's, from the same body in qrwlock-common.h; reimplemented
 * from the published description (the byte cmpxchg needs a byte-sized
 * atomic on a byte of the word, which lb-atomic.h provides).
 *
 * Lock word (cnts, 32 bits, 3.16-4.14 layout):
 *	 0- 7: writer byte: 0x00 none, 0x01 a writer waits, 0xff a writer holds it
 *	 8-31: reader count
 *	initial value 0; the wait queue's spinlock (--qrwlock-bcas-wait-lock)
 *	sits in the same cache line
 *
 * States: (readers, waiting, locked); see qrwlock-common.h. The
 * announcement here: if the writer byte reads 0, (r, 0, 0) -> (r, 1, 0) by
 * a byte cmpxchg 0 -> 0x01, retried on failure (only a writer that took or
 * left the lock in between can fail it).
 *
 * Ordering: fully ordered RMWs as in 4.2 (its byte cmpxchg included);
 * release on both unlocks; see qrwlock-common.h.
 *
 * Progress and fairness: as qrwlock-wcas. Counters: read-slow, write-slow,
 * lock-cas-fails, announce-cas-fails.
 */
#include "config.h"

#include "harness/loop.h"
#include "qrwlock-common.h"

LB_QRWLOCK_DEFINE(qrwlock_bcas, LB_QRW_BCAS, 0)
LB_LOCK_LOOP(qrwlock_bcas_loop, qrwlock_bcas_lock, qrwlock_bcas_unlock, qrwlock_bcas_read_lock,
	     qrwlock_bcas_read_unlock)

static const char *const qrwlock_bcas_counters[] = {
	LB_QRW_COUNTER_NAMES, "announce-cas-fails", NULL,
};

const struct lb_lock_ops lb_lock_qrwlock_bcas = {
	.name = "qrwlock-bcas",
	.desc = "queued rwlock, 4.2: waiting writer announced by a byte cmpxchg on the writer byte",
	.follows = "Linux 4.2 kernel/locking/qrwlock.c (a byte cmpxchg sets _QW_WAITING)",
	.deviations = LB_QRW_DEVIATIONS,
	LB_QRWLOCK_OPS_FIELDS(qrwlock_bcas),
	.counters = qrwlock_bcas_counters,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rwsem-qexit.c - rwsem-4.18 plus the 2018 "queue empty, no writer" exit
 *
 * Algorithm: rwsem-4.18 (the rwsem the patch was written against; lockbench
 * 0.1.0 built this lock on 3.16's rwsem-wspin) with one change,
 * Waiman Long's "locking/rwsem:
 * Exit read lock slowpath if queue empty & no writer" (kernel commit
 * 4b486b535c33, v4.20; posted in July 2018 as "Take read lock immediate
 * if queue empty with no writer", Long 2018), together with the acquire
 * barrier Jan Stancek added to that exit in 2019 ("locking/rwsem: add
 * acquire barrier to read_slowpath exit when queue is empty"). A steady
 * stream of readers after one writer keeps seeing a transiently negative
 * count and serialises on the wait_lock; with the change, a reader that
 * finds the queue empty and count >= 0 once it holds the wait_lock just
 * keeps the read lock its fast path took. Reimplemented from the published
 * description; no code was taken. The shared
 * code is rwsem-common.{h,c} with RWX_WSPIN | RWX_V418 | RWX_QEXIT.
 *
 * Lock word: as rwsem-4.18 (count, wait list, wait_lock, OSQ tail, owner
 * with the reader-owned marker, in one line).
 *	initial value: count 0, owner NULL
 *
 * States: as rwsem-4.18, plus in down_read_failed(), under wait_lock:
 *	empty list and (c >= 0): return holding the read lock, the count
 *	unchanged (the fast path's + 1 is the lock)
 *
 * Ordering: the exit's count load is followed by an acquire fence (the
 * kernel's smp_acquire__after_ctrl_dep()): the reader's fast-path add may
 * have come before the last writer's release, so the acquire that orders
 * the critical section after that release is this one. Without it a
 * reader on a weakly ordered machine could read data from before a
 * downgrading writer's stores (arm64, Jan Stancek). On x86 the fence is
 * only a compiler barrier.
 *
 * Progress and fairness: as rwsem-4.18; the exit only shortens the
 * readers' slow path when nobody waits. The counter queue-empty-exits
 * shows how many reader slow-path entries ended there; read-wait-locks
 * and longest-slow-run are rwsem-4.18's, for the comparison
 * (scripts/reproduce-rwsem-reader-exit-2018).
 */
#include "config.h"

#include "harness/loop.h"
#include "rwsem-common.h"

static const char *const rwsem_qexit_counters[] = {
	LB_RWX_COUNTER_NAMES,
	LB_RWX_RUNS_COUNTER_NAMES,
	"queue-empty-exits",	/* reader slow paths that kept the lock: empty queue, count >= 0 */
	LB_WAIT_LOCK_COUNTER_NAME,
	NULL,
};

enum { CTR_QEXITS = RWX_CTR_RUNS_NEXT, CTR_WAIT_LOCK };

static int rwsem_qexit_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return lb_rwx_init_418(lock, cfg, RWX_QEXIT, CTR_QEXITS, CTR_WAIT_LOCK);
}

LB_LOCK_LOOP(rwsem_qexit_loop, lb_rwx_write_lock, lb_rwx_write_unlock, lb_rwx_read_lock_418,
	     lb_rwx_read_unlock)

const struct lb_lock_ops lb_lock_rwsem_qexit = {
	.name = "rwsem-qexit",
	.desc = "rwsem-4.18 plus the 2018 exit (4.20): queue empty and no writer keeps the "
		"read lock (Long 2018 after); deviation: futex sleep",
	.follows = "Linux 4.20 kernel/locking/rwsem-xadd.c (4.18 plus commit 4b486b535c33), x86, "
		"with the 2019 acquire fence",
	.deviations = LB_SLEEP_DEVIATIONS "; no RWSEM_ANONYMOUSLY_OWNED; " LB_RWX_TWO_PASS_DEVIATION,
	.init = rwsem_qexit_init,
	LB_RWX_OPS_RL(rwsem_qexit_loop, lb_rwx_read_lock_418),
	.options = lb_rwx_418_options,
	.counters = rwsem_qexit_counters,
	.counters_max = 1u << RWX_CTR_SLOW_RUN,
};

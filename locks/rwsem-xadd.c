// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rwsem-xadd.c - the classic xadd rwsem (Linux 3.10 - 3.15): no spinning
 *
 * Algorithm: David Howells' xadd rw_semaphore with the slow path Michel
 * Lespinasse rewrote for 3.10 (writer lock stealing, readers granted in
 * batches), kernel/locking/rwsem-xadd.c and asm-generic/rwsem.h as of
 * 3.15. Reimplemented from the published description cited here (lockbench(1), REFERENCES);
 * no code was taken. The count, the fast paths and the slow paths are the
 * shared ones of rwsem-common.{h,c} with no feature bit set; sleeping and
 * waking are the emulation of locks/sleep.h.
 *
 * Lock word: the 64-bit count of rwsem-common.h (active part in bits 0-31,
 * WAITING_BIAS once while anyone is queued, ACTIVE_WRITE_BIAS for a
 * writer), then the wait list and the wait_lock. No owner field is used.
 *	initial value 0
 *
 * States: (count) and the wait list
 *	down_read:  (c) -> (c + 1), slow path if the result is negative: queue,
 *	            (c) -> (c - 1 [+ WAITING_BIAS if first]); wake the head if
 *	            nobody is active (or only readers and we are first); sleep
 *	            until a waker grants the read lock
 *	down_write: (c) -> (c + ACTIVE_WRITE_BIAS), slow path unless c was 0
 *	            (--rwsem-xadd-arch=x86: unless c had no active locker):
 *	            queue, (c) -> (c - ACTIVE_WRITE_BIAS [+ WAITING_BIAS]);
 *	            under wait_lock (WAITING_BIAS) -> (ACTIVE_WRITE_BIAS
 *	            [+ WAITING_BIAS]) when nobody is active; else sleep
 *	up_read:    (c) -> (c - 1); wake if negative and nobody active
 *	up_write:   (c) -> (c - ACTIVE_WRITE_BIAS); wake if negative
 *	do_wake:    head writer: woken, no grant; head readers: one grant
 *	            (c) -> (c + 1) first (undone if a writer stole the lock),
 *	            then the whole run of readers at the head granted at once
 *
 * Ordering: see rwsem-common.c: acquire RMWs on the fast paths and the
 * writer's slow-path cmpxchg; a queued reader's acquire load of its grant
 * flag pairs with the waker's release store; unlocks are release RMWs.
 *
 * Progress and fairness: new readers queue behind any waiter (a negative
 * count sends them to the slow path), but writers steal: the fast path
 * and the queued writer's cmpxchg both take a free lock past sleeping
 * waiters, and a woken writer gets no grant. Readers are woken in FIFO
 * runs up to the next queued writer. No handoff: waiters can be delayed
 * by a stream of writers. Nobody spins; every contended acquisition
 * sleeps (about 55 us per cross-CPU wake-up on the build VM).
 */
#include "config.h"

#include "harness/loop.h"
#include "rwsem-common.h"

static const char *const rwsem_xadd_counters[] = {
	LB_RWX_COUNTER_NAMES,
	LB_WAIT_LOCK_COUNTER_NAME,
	NULL,
};

enum { CTR_WAIT_LOCK = RWX_CTR_NEXT };

static const struct lb_lock_option rwsem_xadd_options[] = {
	LB_SLEEP_OPT_WAIT_LOCK(LB_WAIT_LOCK_TICKET),
	LB_RWX_OPT_ARCH,
	LB_SLEEP_OPT_WAKE(LB_WAKE_IN_LOCK),
	{ .name = NULL },
};

enum { OPT_WAIT_LOCK, OPT_ARCH, OPT_WAKE };

static int rwsem_xadd_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return lb_rwx_init(lock, cfg, 0, cfg->opts[OPT_WAIT_LOCK], LB_BUDGET_DEFAULT_NS,
			   cfg->opts[OPT_ARCH], 0, CTR_WAIT_LOCK, cfg->opts[OPT_WAKE]);
}

LB_LOCK_LOOP(rwsem_xadd_loop, lb_rwx_write_lock, lb_rwx_write_unlock, lb_rwx_read_lock,
	     lb_rwx_read_unlock)

const struct lb_lock_ops lb_lock_rwsem_xadd = {
	.name = "rwsem-xadd",
	.desc = "kernel rwsem 3.10-3.15: xadd count, writer stealing, batched reader grants, "
		"no spinning",
	.follows = "Linux 3.15 kernel/locking/rwsem-xadd.c (the 3.10 slow path), x86 fast paths",
	.deviations = "futex sleep for schedule()",
	.init = rwsem_xadd_init,
	LB_RWX_OPS(rwsem_xadd_loop),
	.options = rwsem_xadd_options,
	.counters = rwsem_xadd_counters,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rwsem-wspin.c - the rwsem of Linux 3.16: writer optimistic spinning
 *
 * Algorithm: rwsem-xadd plus the optimistic spinning of Tim Chen,
 * Davidlohr Bueso and Jason Low, merged for 3.16 (kernel/locking/
 * rwsem-xadd.c of 3.16): writers record themselves as owner, and a writer
 * that misses the fast path first spins at the head of the OSQ while that
 * owner runs. This is Long 2014's "Before patch" (3.16-rc7). Reimplemented
 * from the published description, with 3.16's
 * conservative start check (spin only when a running owner is recorded);
 * the 4.0 refinement and 4.2's wake suppression are not in it. No code
 * was taken. The shared code is rwsem-common.{h,c} with RWX_WSPIN.
 *
 * Lock word: rwsem-xadd's 64-bit count, plus owner: the writer's struct
 * lb_task, set after a write acquisition and cleared before the release
 * (readers never set it), then the OSQ tail, the wait list and the
 * wait_lock. initial value: count 0, owner NULL
 *
 * States: as rwsem-xadd, except the writer's slow path:
 *	(c) -> (c - ACTIVE_WRITE_BIAS) at once (stop counting as active);
 *	spin at the OSQ head while owner is unchanged and running, trying
 *	(0 or WAITING_BIAS) -> (+ ACTIVE_WRITE_BIAS) whenever it is NULL;
 *	stop when the owner stops running, another writer replaces it, or
 *	the spin budget (need_resched) runs out; then queue as rwsem-xadd,
 *	adding WAITING_BIAS only when first
 *
 * Ordering: as rwsem-xadd; the owner field is relaxed both ways (a hint:
 * spinners acquire through the count with an acquire cmpxchg).
 *
 * Progress and fairness: writers steal even more: a spinning writer takes
 * a free lock before any sleeping waiter. While readers own the lock no
 * owner is recorded, so a writer that is already spinning keeps spinning
 * until its budget runs out (the 3.16 xfs_repair slowdown), and one that
 * arrives then does not spin at all. Readers never spin. With more
 * threads than CPUs a preempted owner still looks running.
 */
#include "config.h"

#include "harness/loop.h"
#include "rwsem-common.h"

static const char *const rwsem_wspin_counters[] = {
	LB_RWX_COUNTER_NAMES,
	LB_WAIT_LOCK_COUNTER_NAME,
	NULL,
};

enum { CTR_WAIT_LOCK = RWX_CTR_NEXT };

static const struct lb_lock_option rwsem_wspin_options[] = {
	LB_SLEEP_OPT_WAIT_LOCK(LB_WAIT_LOCK_TICKET),
	LB_SLEEP_OPT_SPIN_BUDGET,
	LB_RWX_OPT_ARCH,
	LB_SLEEP_OPT_WAKE(LB_WAKE_IN_LOCK),
	{ .name = NULL },
};

enum { OPT_WAIT_LOCK, OPT_SPIN_BUDGET, OPT_ARCH, OPT_WAKE };

static int rwsem_wspin_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return lb_rwx_init(lock, cfg, RWX_WSPIN, cfg->opts[OPT_WAIT_LOCK],
			   cfg->opts[OPT_SPIN_BUDGET], cfg->opts[OPT_ARCH], 0, CTR_WAIT_LOCK,
			   cfg->opts[OPT_WAKE]);
}

LB_LOCK_LOOP(rwsem_wspin_loop, lb_rwx_write_lock, lb_rwx_write_unlock, lb_rwx_read_lock,
	     lb_rwx_read_unlock)

const struct lb_lock_ops lb_lock_rwsem_wspin = {
	.name = "rwsem-wspin",
	.desc = "kernel rwsem 3.16: rwsem-xadd plus writer optimistic spinning on the OSQ "
		"(Long 2014 before)",
	.follows = "Linux 3.16 kernel/locking/rwsem-xadd.c (writer optimistic spinning), x86 fast "
		"paths",
	.deviations = LB_SLEEP_DEVIATIONS,
	.init = rwsem_wspin_init,
	LB_RWX_OPS(rwsem_wspin_loop),
	.options = rwsem_wspin_options,
	.counters = rwsem_wspin_counters,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rwsem-rspin.c - Waiman Long's 2014 rwsem: reader spinning, writer re-spin
 *
 * Algorithm: rwsem-wspin plus the series "locking/rwsem: enable reader
 * opt-spinning & writer respin" (Waiman Long, LKML, August 2014, on
 * 3.16-rc7; Long 2014's "After patch"), not merged in this form.
 * Reimplemented from the published description cited here (lockbench(1), REFERENCES), itself
 * read from the cover letter and a 3.16/3.17-era tree that carried the
 * behavioural patches; no code was taken. The shared code is
 * rwsem-common.{h,c} with RWX_WSPIN | RWX_RSPIN. Behaviour relative to
 * rwsem-wspin:
 *	1. a lock with no recorded owner counts as spinnable for a first-time
 *	   spinner (the owner's on_cpu when one is recorded);
 *	2. while no owner is recorded (maybe readers own it) the spin gives
 *	   up after SPIN_READ_THRESHOLD (64) rounds; the count restarts after
 *	   a recorded owner released the lock;
 *	3. readers spin too: a reader that missed the fast path undoes its
 *	   bias and spins, joining active readers by cmpxchg - past queued
 *	   waiters, a queued writer included - and waking the readers queued
 *	   at the head when it took the lock from a free, queued state;
 *	4. a queued writer woken to find the lock busy leaves the queue and
 *	   spins again if a spinner is present and the owner runs;
 *	5. rwsem_wake() only tries the wait_lock when a spinner is present,
 *	   and __rwsem_do_wake() does nothing while a writer owner is recorded;
 *	6. a reader whose spin failed queues without a bias to undo.
 *
 * Lock word: as rwsem-wspin (count, owner, OSQ tail, wait list, wait_lock).
 *	initial value: count 0, owner NULL
 *
 * States: as rwsem-wspin, plus the reader's spin:
 *	(c >= 0 or WAITING_BIAS) -> (c + 1) by cmpxchg;
 *	(WAITING_BIAS < c < 0, no owner) -> (c + 1) under wait_lock when the
 *	queue is not empty (with an empty queue that range is a writer);
 *	and the writer's re-spin: leave the list, (c) -> (c - WAITING_BIAS)
 *	if it empties
 *
 * Ordering: as rwsem-wspin; a spinning reader's cmpxchg is an acquire.
 * rwsem_wake() puts a full fence between the unlock's count update and
 * its look at the OSQ, so that a spinner it leaves the wake-up to has not
 * missed the update (4.2's argument).
 *
 * Progress and fairness: readers barge past queued writers by design;
 * writers keep rwsem-wspin's stealing and may leave the queue to spin.
 * Far fewer sleeps and wake-ups than rwsem-wspin under contention; no
 * handoff, so a waiter can be passed over repeatedly.
 */
#include "config.h"

#include "harness/loop.h"
#include "rwsem-common.h"

static const char *const rwsem_rspin_counters[] = {
	LB_RWX_COUNTER_NAMES,
	"writer-respins",	/* queued writers that left the queue to spin again */
	LB_WAIT_LOCK_COUNTER_NAME,
	NULL,
};

enum { CTR_RESPINS = RWX_CTR_NEXT, CTR_WAIT_LOCK };

static const struct lb_lock_option rwsem_rspin_options[] = {
	LB_SLEEP_OPT_WAIT_LOCK(LB_WAIT_LOCK_TICKET),
	LB_SLEEP_OPT_SPIN_BUDGET,
	LB_RWX_OPT_ARCH,
	LB_SLEEP_OPT_WAKE(LB_WAKE_IN_LOCK),
	{ .name = NULL },
};

enum { OPT_WAIT_LOCK, OPT_SPIN_BUDGET, OPT_ARCH, OPT_WAKE };

static int rwsem_rspin_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return lb_rwx_init(lock, cfg, RWX_WSPIN | RWX_RSPIN, cfg->opts[OPT_WAIT_LOCK],
			   cfg->opts[OPT_SPIN_BUDGET], cfg->opts[OPT_ARCH], CTR_RESPINS,
			   CTR_WAIT_LOCK, cfg->opts[OPT_WAKE]);
}

LB_LOCK_LOOP(rwsem_rspin_loop, lb_rwx_write_lock, lb_rwx_write_unlock, lb_rwx_read_lock,
	     lb_rwx_read_unlock)

const struct lb_lock_ops lb_lock_rwsem_rspin = {
	.name = "rwsem-rspin",
	.desc = "Waiman Long 2014 rwsem: reader spinning, writer re-spin, wake suppression "
		"(Long 2014 after)",
	.follows = "Waiman Long's August 2014 series, reader opt-spinning and writer respin, on "
		"Linux 3.16-rc7 (x86)",
	.deviations = LB_SLEEP_DEVIATIONS,
	.init = rwsem_rspin_init,
	LB_RWX_OPS(rwsem_rspin_loop),
	.options = rwsem_rspin_options,
	.counters = rwsem_rspin_counters,
};

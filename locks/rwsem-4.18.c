// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rwsem-4.18.c - the xadd rwsem as of Linux 4.18, the base of the 2018 patch
 *
 * Algorithm: kernel/locking/rwsem-xadd.c and rwsem.h of Linux 4.18, the
 * rwsem that Waiman Long's July 2018 "locking/rwsem: Exit read lock
 * slowpath if queue empty & no writer" changed (rwsem-qexit is this lock
 * plus that patch). On top of 3.16's writer spinning (rwsem-wspin) it has
 * what 4.1-4.18 added, as the kernel's history of the file shows
 * them (no code was taken):
 *   - the reader-owned marker: down_read() stores RWSEM_READER_OWNED into
 *     the owner field when it is not there already (and the waker that
 *     grants readers does too); readers never clear it, the next writer
 *     overwrites it;
 *   - spin limits on a reader-owned lock: rwsem_can_spin_on_owner() says
 *     no when readers own the lock, and the spin stops as soon as they do
 *     (readers cannot be watched running);
 *   - the 4.1+ owner rule: spin while the same writer runs; when it
 *     changes, go on (try the lock) unless readers own it now;
 *   - spinner-aware wake suppression (4.2, rwsem_has_spinner()): an
 *     unlocker that sees a spinner on the OSQ only trylocks the wait_lock
 *     and leaves the wake-up to the spinner if that fails;
 *   - wake-ups through the wake queue, after dropping the wait_lock (4.9
 *     on; option wake), a qspinlock wait_lock (4.2 on), and x86's fast
 *     paths (option arch).
 * The reader slow path is 3.10's queueing one: a reader that missed the
 * fast path takes the wait_lock, adds WAITING_BIAS when the list was
 * empty, queues and sleeps until a waker grants it the lock.
 *
 * Lock word (struct rw_semaphore of 4.18 on x86-64, one line): count (as
 * rwsem-common.h), wait_list, wait_lock, OSQ tail, owner (NULL, a writer's
 * struct lb_task, or RWSEM_READER_OWNED = 1). Initial value: all 0.
 *
 * States: as rwsem-wspin, plus owner: (w) -> (READER_OWNED) on every read
 * acquisition that finds another value, (*) -> (me) on a write
 * acquisition, (me) -> (NULL) before the write release.
 *
 * Ordering: as rwsem-wspin; the owner field is a relaxed hint both ways.
 * rwsem_wake()'s look at the OSQ comes after the unlock's count update by
 * an acquire fence (the kernel's smp_rmb(): nothing on x86).
 *
 * Progress and fairness: as rwsem-wspin: writers steal past queued
 * waiters, readers are granted in FIFO runs up to the next writer, no
 * handoff. The 2018 effect: a reader stream after one writer keeps seeing
 * a negative count (WAITING_BIAS while the queue is not empty), every
 * reader takes the slow path and the wait_lock; the counters
 * read-wait-locks and longest-slow-run (each thread's longest run of
 * consecutive slow-path reads; -v shows the longest thread's, -vv each)
 * measure it.
 */
#include "config.h"

#include "harness/loop.h"
#include "rwsem-common.h"

static const char *const rwsem_418_counters[] = {
	LB_RWX_COUNTER_NAMES,
	LB_RWX_RUNS_COUNTER_NAMES,
	LB_WAIT_LOCK_COUNTER_NAME,
	NULL,
};

enum { CTR_WAIT_LOCK = RWX_CTR_RUNS_NEXT };

static int rwsem_418_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return lb_rwx_init_418(lock, cfg, 0, 0, CTR_WAIT_LOCK);
}

LB_LOCK_LOOP(rwsem_418_loop, lb_rwx_write_lock, lb_rwx_write_unlock, lb_rwx_read_lock_418,
	     lb_rwx_read_unlock)

const struct lb_lock_ops lb_lock_rwsem_4_18 = {
	.name = "rwsem-4.18",
	.desc = "kernel rwsem-xadd as of 4.18 (the 2018 patch's base): reader-owned marker, no "
		"spin on readers, wake suppression; deviation: futex sleep",
	.follows = "Linux 4.18 kernel/locking/rwsem-xadd.c, x86",
	.deviations = LB_SLEEP_DEVIATIONS "; no RWSEM_ANONYMOUSLY_OWNED; " LB_RWX_TWO_PASS_DEVIATION,
	.init = rwsem_418_init,
	LB_RWX_OPS_RL(rwsem_418_loop, lb_rwx_read_lock_418),
	.options = lb_rwx_418_options,
	.counters = rwsem_418_counters,
	.counters_max = 1u << RWX_CTR_SLOW_RUN,
};

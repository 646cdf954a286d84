// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kernel-futex.c - the running kernel's futex hash-bucket spinlock, through futex(2)
 *
 * Algorithm: none of lockbench's: the lock is the kernel's own, the
 * spinlock of the futex hash bucket that one futex word hashes to
 * (kernel/futex/: struct futex_hash_bucket.lock; since Linux 6.16 the
 * bucket of the process's private hash). All threads use one shared word,
 * so they all hash to one bucket. Each verb is one system call:
 *	lock    FUTEX_WAIT_PRIVATE with an expected value the word never holds:
 *	        futex_wait_setup() takes the bucket lock, reads the word, finds
 *	        the value changed, unlocks and returns EAGAIN; it never sleeps
 *	unlock  FUTEX_WAKE_PRIVATE of one waiter on the same word, which has
 *	        none
 * A FUTEX_WAKE with no waiters alone would not do: since Linux 3.14
 * futex_wake() reads the bucket's waiter count first and returns without
 * the lock when it is zero (on the build VM, --trace saw no contention on
 * the bucket from wakes alone). It does take the lock when a FUTEX_WAIT of
 * another thread is between its increment of that count and its unlock,
 * which is exactly when the two contend. So an operation is one sure and
 * one contended-only acquisition of the bucket lock; --load runs between
 * the two calls, outside the lock. --trace verifies it
 * (tests/cli/trace-kernel.sh): contention_begin events with flags SPIN,
 * nearly all on one lock address.
 *
 * Lock word: the kernel's queued spinlock in the bucket, not visible
 * from user space; the futex word itself is 0 and stays 0.
 *
 * States: those of the kernel's qspinlock (a raw spinlock, or an rt_mutex
 * based one on PREEMPT_RT: --trace then shows RT).
 *
 * Ordering: the kernel's; user space gets no exclusion from these verbs
 * (LB_LOCK_F_NOEXCL): --validate checks only the harness's own invariants.
 *
 * Progress and fairness: the qspinlock's: FIFO through its MCS queue;
 * waiters spin, never sleep.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>

#include "kernel-common.h"
#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"
#include "park.h"

#define KFUTEX_NEVER 1u		/* the value FUTEX_WAIT expects; the word holds 0 */

struct kfutex {
	uint32_t word;		/* 0, always */
};

static const char *const kfutex_counters[] = {
	LB_KERNEL_COUNTER_NAMES,	/* a wait that did not fail with EAGAIN, a wake that woke */
	NULL,
};

static int kfutex_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return 0;
}

/* futex_wait_setup(): the bucket lock, the word read under it, EAGAIN */
static void kfutex_lock(void *lock, struct lb_tctx *t)
{
	struct kfutex *l = lock;

	if (lb_futex(&l->word, FUTEX_WAIT, KFUTEX_NEVER, NULL) != -1 || errno != EAGAIN)
		lb_kernel_error(t);
}

/* futex_wake(): the bucket lock only while another thread is in its wait set-up */
static void kfutex_unlock(void *lock, struct lb_tctx *t)
{
	struct kfutex *l = lock;

	if (lb_futex(&l->word, FUTEX_WAKE, 1, NULL) != 0)
		lb_kernel_error(t);
}

static int kfutex_describe(void *lock, char *buf, size_t len)
{
	struct kfutex *l = lock;

	return snprintf(buf, len, "the kernel's futex hash-bucket lock of word %p (= %u; "
			"FUTEX_WAIT expects %u, so it never sleeps)", (void *)&l->word,
			lb_load_relaxed(&l->word), KFUTEX_NEVER);
}

LB_LOCK_LOOP(kfutex_loop, kfutex_lock, kfutex_unlock, kfutex_lock, kfutex_unlock)

const struct lb_lock_ops lb_lock_kernel_futex = {
	.name = "kernel-futex",
	.desc = "the kernel's futex hash-bucket spinlock: FUTEX_WAIT that fails at once, then "
		"FUTEX_WAKE with no waiters (no exclusion in user space)",
	.follows = "the running kernel's futex hash-bucket spinlock",
	.deviations = "no exclusion in user space; the unlock's FUTEX_WAKE takes it only while a "
		"FUTEX_WAIT is inside",
	.family = "kernel",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_NOEXCL | LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct kfutex),
	.init = kfutex_init,
	.lock = kfutex_lock,
	.unlock = kfutex_unlock,
	.loop = kfutex_loop,
	.describe = kfutex_describe,
	.counters = kfutex_counters,
	LB_NOSIM(LB_NOSIM_KERNEL),
};

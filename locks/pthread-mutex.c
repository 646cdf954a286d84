// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread-mutex.c - glibc's default pthread mutex (PTHREAD_MUTEX_NORMAL)
 *
 * Algorithm: the C library's own lock, not a model. glibc's normal mutex
 * is the three-state futex mutex of Drepper, "Futexes Are Tricky" (2011,
 * "mutex3"): a cmpxchg 0 -> 1 takes a free lock; a contender exchanges in
 * 2 and sleeps in FUTEX_WAIT while the old value was not 0; unlock
 * exchanges in 0 and issues FUTEX_WAKE when the old value was 2.
 *
 * Lock word (glibc's int __data.__lock):
 *	0: free
 *	1: held, no waiters known
 *	2: held, waiters may sleep in the kernel
 *	initial value 0; __data.__owner holds the owner's TID
 *
 * States: 0 -> 1 (uncontended lock), 1|2 -> 2 (contended lock, then
 * sleep), 1 -> 0 (unlock, no wake), 2 -> 0 (unlock + FUTEX_WAKE of one).
 *
 * Ordering: glibc's atomics give acquire on lock, release on unlock.
 *
 * Progress and fairness: no FIFO; a running thread may take the lock
 * again before a woken waiter gets there (barging), so waiters can be
 * passed over repeatedly. Each contended hand-off costs a futex wake-up
 * (about 55 us across CPUs on the build VM: platform-notes.md section 6).
 */
#include "config.h"

#include "harness/loop.h"
#include "pthread-common.h"

static int pthread_mutex_lb_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return lb_pthread_mutex_init_type(lock, PTHREAD_MUTEX_NORMAL);
}

LB_LOCK_LOOP(pthread_mutex_loop, lb_pthread_mutex_lock, lb_pthread_mutex_unlock, lb_pthread_mutex_lock, lb_pthread_mutex_unlock)

const struct lb_lock_ops lb_lock_pthread_mutex = {
	.name = "pthread-mutex",
	.desc = "glibc pthread_mutex_t, normal type: three-state futex mutex",
	.follows = "glibc pthread_mutex_lock(3), PTHREAD_MUTEX_NORMAL, the glibc it runs with "
		"(2.36 on Debian 12)",
	.deviations = "none: the library's own code",
	.family = "sleep",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_BLOCKING,
	.unshared = "initialised PTHREAD_PROCESS_PRIVATE: glibc then uses private futexes, "
		    "which do not wake a waiter in another process (use "
		    "pthread-mutex-shared)",
	.lock_size = sizeof(pthread_mutex_t),
	.init = pthread_mutex_lb_init,
	.fini = lb_pthread_mutex_fini,
	.lock = lb_pthread_mutex_lock,
	.unlock = lb_pthread_mutex_unlock,
	.loop = pthread_mutex_loop,
	.trylock = lb_pthread_mutex_trylock,
	.describe = lb_pthread_mutex_describe,
	LB_NOSIM(LB_NOSIM_LIBC),
};

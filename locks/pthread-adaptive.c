// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread-adaptive.c - glibc's adaptive mutex (PTHREAD_MUTEX_ADAPTIVE_NP)
 *
 * Algorithm: the C library's own lock, not a model. The same three-state
 * futex mutex as pthread-mutex, but a contender first spins with trylock
 * for a bounded number of rounds before it sleeps; glibc adapts the bound
 * per mutex (__data.__spins, a running average of the spins that
 * succeeded, capped by the tunable glibc.pthread.mutex_spin_count, 100 by
 * default). This is userspace's counterpart of the kernel mutex's
 * optimistic spinning, without the "is the owner running?" test.
 *
 * Lock word (glibc's int __data.__lock), as for pthread-mutex:
 *	0 free, 1 held, 2 held with sleepers; __data.__spins: the adaptive bound
 *
 * States: as pthread-mutex, with a spin phase before 1|2 -> 2.
 *
 * Ordering: glibc's atomics give acquire on lock, release on unlock.
 *
 * Progress and fairness: no FIFO; spinners barge past sleepers.
 */
#include "config.h"

#include "harness/loop.h"
#include "pthread-common.h"

static int pthread_adaptive_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return lb_pthread_mutex_init_type(lock, PTHREAD_MUTEX_ADAPTIVE_NP);
}

LB_LOCK_LOOP(pthread_adaptive_loop, lb_pthread_mutex_lock, lb_pthread_mutex_unlock, lb_pthread_mutex_lock, lb_pthread_mutex_unlock)

const struct lb_lock_ops lb_lock_pthread_adaptive = {
	.name = "pthread-adaptive",
	.desc = "glibc pthread_mutex_t, adaptive type: bounded trylock spinning, then futex",
	.follows = "glibc pthread_mutex_lock(3), PTHREAD_MUTEX_ADAPTIVE_NP, the glibc it runs with "
		"(2.36 on Debian 12)",
	.deviations = "none: the library's own code",
	.family = "sleep",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_BLOCKING,
	.unshared = "initialised PTHREAD_PROCESS_PRIVATE: glibc then uses private futexes, "
		    "which do not wake a waiter in another process (use "
		    "pthread-mutex-shared)",
	.lock_size = sizeof(pthread_mutex_t),
	.init = pthread_adaptive_init,
	.fini = lb_pthread_mutex_fini,
	.lock = lb_pthread_mutex_lock,
	.unlock = lb_pthread_mutex_unlock,
	.loop = pthread_adaptive_loop,
	.trylock = lb_pthread_mutex_trylock,
	.describe = lb_pthread_mutex_describe,
	LB_NOSIM(LB_NOSIM_LIBC),
};

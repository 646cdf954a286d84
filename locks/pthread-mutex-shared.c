// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread-mutex-shared.c - glibc's normal pthread mutex, PTHREAD_PROCESS_SHARED
 *
 * Algorithm: the C library's own lock, not a model: pthread-mutex's
 * three-state futex mutex (Drepper, "Futexes Are Tricky", 2011, "mutex3")
 * initialised with pthread_mutexattr_setpshared(PTHREAD_PROCESS_SHARED), so
 * that glibc issues shared futex operations (no FUTEX_PRIVATE_FLAG): the
 * kernel keys a waiter by the page and offset of the word rather than by
 * the address space, which lets processes that map the word share it
 * (--processes) and takes a different path through the futex hash. With
 * threads it measures what the shared key costs a single process.
 *
 * Lock word (glibc's int __data.__lock), as pthread-mutex:
 *	0: free
 *	1: held, no waiters known
 *	2: held, waiters may sleep in the kernel
 *	initial value 0; __data.__owner holds the owner's TID
 *
 * States: 0 -> 1 (uncontended lock), 1|2 -> 2 (contended lock, then
 * sleep), 1 -> 0 (unlock, no wake), 2 -> 0 (unlock + shared FUTEX_WAKE).
 *
 * Ordering: glibc's atomics give acquire on lock, release on unlock.
 *
 * Progress and fairness: no FIFO; barging, as pthread-mutex.
 */
#include "config.h"

#include "harness/loop.h"
#include "pthread-common.h"

static int pthread_mutex_shared_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return lb_pthread_mutex_init_pshared(lock, PTHREAD_MUTEX_NORMAL, PTHREAD_PROCESS_SHARED);
}

LB_LOCK_LOOP(pthread_mutex_shared_loop, lb_pthread_mutex_lock, lb_pthread_mutex_unlock,
	     lb_pthread_mutex_lock, lb_pthread_mutex_unlock)

const struct lb_lock_ops lb_lock_pthread_mutex_shared = {
	.name = "pthread-mutex-shared",
	.desc = "glibc pthread_mutex_t, normal type, PTHREAD_PROCESS_SHARED: shared futexes",
	.follows = "glibc pthread_mutex_lock(3), normal type, PTHREAD_PROCESS_SHARED, the glibc it "
		"runs with (2.36 on Debian 12)",
	.deviations = "none: the library's own code",
	.family = "sleep",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_BLOCKING | LB_LOCK_F_PSHARED,
	.lock_size = sizeof(pthread_mutex_t),
	.init = pthread_mutex_shared_init,
	.fini = lb_pthread_mutex_fini,
	.lock = lb_pthread_mutex_lock,
	.unlock = lb_pthread_mutex_unlock,
	.loop = pthread_mutex_shared_loop,
	.trylock = lb_pthread_mutex_trylock,
	.describe = lb_pthread_mutex_describe,
	LB_NOSIM(LB_NOSIM_LIBC),
};

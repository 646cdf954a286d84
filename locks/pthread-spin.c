// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread-spin.c - glibc's pthread_spinlock_t
 *
 * Algorithm: the C library's own lock, not a model. On x86-64 glibc's
 * spinlock is a test-and-test-and-set lock (Rudolph and Segall 1984;
 * Anderson 1990 section 2): an atomic exchange, and on failure a read-only
 * spin with pause until the word looks free, then another exchange.
 *
 * Lock word (int):
 *	0: free
 *	1: held (glibc's generic code stores 1; it only ever tests != 0)
 *	initial value 0
 *
 * States: 0 -> 1 by the winning atomic; 1 -> 0 by the owner's store.
 *
 * Ordering: acquire on the winning atomic, release on unlock.
 *
 * Progress and fairness: no FIFO; whichever spinner's atomic reaches the
 * line first after a release wins.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>

#include "lock.h"
#include "harness/loop.h"

static int pthread_spin_lb_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return -pthread_spin_init(lock, PTHREAD_PROCESS_PRIVATE);
}

static void pthread_spin_lb_fini(void *lock)
{
	pthread_spin_destroy(lock);
}

static void pthread_spin_lb_lock(void *lock, struct lb_tctx *t)
{
	pthread_spin_lock(lock);
}

static void pthread_spin_lb_unlock(void *lock, struct lb_tctx *t)
{
	pthread_spin_unlock(lock);
}

static bool pthread_spin_lb_trylock(void *lock, struct lb_tctx *t)
{
	return pthread_spin_trylock(lock) == 0;
}

static int pthread_spin_lb_describe(void *lock, char *buf, size_t len)
{
	return snprintf(buf, len, "word=%d", __atomic_load_n((int *)lock, __ATOMIC_RELAXED));
}

LB_LOCK_LOOP(pthread_spin_loop, pthread_spin_lb_lock, pthread_spin_lb_unlock, pthread_spin_lb_lock, pthread_spin_lb_unlock)

const struct lb_lock_ops lb_lock_pthread_spin = {
	.name = "pthread-spin",
	.desc = "glibc pthread_spinlock_t: test-and-test-and-set",
	.follows = "glibc pthread_spin_lock(3), the glibc it runs with (2.36 on Debian 12)",
	.deviations = "none: the library's own code",
	.family = "spin",
	.kind = LB_LOCK_EXCL,
	.unshared = "initialised PTHREAD_PROCESS_PRIVATE, which POSIX leaves undefined "
		    "across processes",
	.lock_size = sizeof(pthread_spinlock_t),
	.init = pthread_spin_lb_init,
	.fini = pthread_spin_lb_fini,
	.lock = pthread_spin_lb_lock,
	.unlock = pthread_spin_lb_unlock,
	.loop = pthread_spin_loop,
	.trylock = pthread_spin_lb_trylock,
	.describe = pthread_spin_lb_describe,
	LB_NOSIM(LB_NOSIM_LIBC),
};

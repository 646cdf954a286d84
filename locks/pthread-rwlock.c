// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread-rwlock.c - glibc's pthread_rwlock_t, default (reader-preferring)
 *
 * Algorithm: the C library's own lock, not a model. glibc 2.25+ uses
 * Torvald Riegel's rwlock (nptl/pthread_rwlock_common.c, described in its
 * design comment): one __readers word holds the reader count and phase
 * bits; readers join a read phase with one atomic add; a writer that finds
 * readers sets a flag and sleeps on a futex. With the default
 * PTHREAD_RWLOCK_PREFER_READER_NP kind, arriving readers keep joining a
 * read phase while writers wait, so writers can starve.
 *
 * Lock word (glibc's unsigned int __data.__readers):
 *	   0: WRPHASE  - the lock is in a write phase
 *	   1: WRLOCKED - a writer holds or is acquiring it
 *	   2: RWAITING - readers wait for the write phase to end
 *	3-31: number of readers (READER_SHIFT 3)
 *	initial value 0; __cur_writer holds the writer's TID
 *
 * States: read phase <-> write phase, switched by the last reader out
 * (to a waiting writer) or by the writer's unlock (to waiting readers).
 *
 * Ordering: glibc's atomics give acquire on lock, release on unlock.
 *
 * Progress and fairness: reader preference; writers may starve under a
 * steady read load (pthread-rwlock-wp prefers writers).
 */
#include "config.h"

#include "harness/loop.h"
#include "pthread-common.h"

static int pthread_rwlock_lb_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return lb_pthread_rwlock_init_kind(lock, PTHREAD_RWLOCK_PREFER_READER_NP);
}

LB_LOCK_LOOP(pthread_rwlock_loop, lb_pthread_rwlock_wrlock, lb_pthread_rwlock_unlock, lb_pthread_rwlock_rdlock, lb_pthread_rwlock_unlock)

const struct lb_lock_ops lb_lock_pthread_rwlock = {
	.name = "pthread-rwlock",
	.desc = "glibc pthread_rwlock_t, default kind: reader-preferring",
	.follows = "glibc 2.25+ pthread_rwlock_t (Riegel's), default reader-preferring kind, the "
		"glibc it runs with (2.36 on Debian 12)",
	.deviations = "none: the library's own code",
	.family = "sleep",
	.kind = LB_LOCK_RW,
	.flags = LB_LOCK_F_BLOCKING,
	.unshared = "initialised PTHREAD_PROCESS_PRIVATE: glibc then uses private futexes, "
		    "which do not wake a waiter in another process (use "
		    "pthread-rwlock-shared)",
	.lock_size = sizeof(pthread_rwlock_t),
	.init = pthread_rwlock_lb_init,
	.fini = lb_pthread_rwlock_fini,
	.lock = lb_pthread_rwlock_wrlock,
	.unlock = lb_pthread_rwlock_unlock,
	.loop = pthread_rwlock_loop,
	.trylock = lb_pthread_rwlock_trywrlock,
	.read_lock = lb_pthread_rwlock_rdlock,
	.read_unlock = lb_pthread_rwlock_unlock,
	.read_trylock = lb_pthread_rwlock_tryrdlock,
	.describe = lb_pthread_rwlock_describe,
	LB_NOSIM(LB_NOSIM_LIBC),
};

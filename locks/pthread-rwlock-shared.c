// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread-rwlock-shared.c - glibc's pthread_rwlock_t, PTHREAD_PROCESS_SHARED
 *
 * Algorithm: the C library's own lock, not a model: pthread-rwlock
 * (Torvald Riegel's rwlock of glibc 2.25+, reader-preferring default kind)
 * initialised with pthread_rwlockattr_setpshared(PTHREAD_PROCESS_SHARED),
 * so that its futex operations are shared ones (no FUTEX_PRIVATE_FLAG) and
 * processes that map the lock can use it (--processes).
 *
 * Lock word (glibc's unsigned int __data.__readers), as pthread-rwlock:
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
 * steady read load, as pthread-rwlock.
 */
#include "config.h"

#include "harness/loop.h"
#include "pthread-common.h"

static int pthread_rwlock_shared_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return lb_pthread_rwlock_init_pshared(lock, PTHREAD_RWLOCK_PREFER_READER_NP,
					      PTHREAD_PROCESS_SHARED);
}

LB_LOCK_LOOP(pthread_rwlock_shared_loop, lb_pthread_rwlock_wrlock, lb_pthread_rwlock_unlock,
	     lb_pthread_rwlock_rdlock, lb_pthread_rwlock_unlock)

const struct lb_lock_ops lb_lock_pthread_rwlock_shared = {
	.name = "pthread-rwlock-shared",
	.desc = "glibc pthread_rwlock_t, default kind, PTHREAD_PROCESS_SHARED: shared futexes",
	.follows = "glibc 2.25+ pthread_rwlock_t (Riegel's), default kind, PTHREAD_PROCESS_SHARED, "
		"the glibc it runs with (2.36 on Debian 12)",
	.deviations = "none: the library's own code",
	.family = "sleep",
	.kind = LB_LOCK_RW,
	.flags = LB_LOCK_F_BLOCKING | LB_LOCK_F_PSHARED,
	.lock_size = sizeof(pthread_rwlock_t),
	.init = pthread_rwlock_shared_init,
	.fini = lb_pthread_rwlock_fini,
	.lock = lb_pthread_rwlock_wrlock,
	.unlock = lb_pthread_rwlock_unlock,
	.loop = pthread_rwlock_shared_loop,
	.trylock = lb_pthread_rwlock_trywrlock,
	.read_lock = lb_pthread_rwlock_rdlock,
	.read_unlock = lb_pthread_rwlock_unlock,
	.read_trylock = lb_pthread_rwlock_tryrdlock,
	.describe = lb_pthread_rwlock_describe,
	LB_NOSIM(LB_NOSIM_LIBC),
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread-rwlock-wp.c - glibc's pthread_rwlock_t preferring writers
 *
 * Algorithm: the same glibc rwlock as pthread-rwlock (see that file for
 * the lock word), initialised with PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP:
 * once a writer waits, arriving readers wait too (they do not join the
 * current read phase), so a steady read load cannot starve writers.
 * Recursive read locking can then deadlock, which the benchmark never does.
 *
 * Lock word: glibc's __readers word, as in pthread-rwlock.c; the
 * preference is in __data.__flags (PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP).
 *
 * States and ordering: as pthread-rwlock.
 *
 * Progress and fairness: writer preference; readers may starve under a
 * steady write load.
 */
#include "config.h"

#include "harness/loop.h"
#include "pthread-common.h"

static int pthread_rwlock_wp_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return lb_pthread_rwlock_init_kind(lock, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
}

LB_LOCK_LOOP(pthread_rwlock_wp_loop, lb_pthread_rwlock_wrlock, lb_pthread_rwlock_unlock, lb_pthread_rwlock_rdlock, lb_pthread_rwlock_unlock)

const struct lb_lock_ops lb_lock_pthread_rwlock_wp = {
	.name = "pthread-rwlock-wp",
	.desc = "glibc pthread_rwlock_t, writer-preferring (non-recursive) kind",
	.follows = "glibc 2.25+ pthread_rwlock_t (Riegel's), PREFER_WRITER_NONRECURSIVE_NP kind, "
		"the glibc it runs with (2.36 on Debian 12)",
	.deviations = "none: the library's own code",
	.family = "sleep",
	.kind = LB_LOCK_RW,
	.flags = LB_LOCK_F_BLOCKING,
	.unshared = "initialised PTHREAD_PROCESS_PRIVATE: glibc then uses private futexes, "
		    "which do not wake a waiter in another process (use "
		    "pthread-rwlock-shared)",
	.lock_size = sizeof(pthread_rwlock_t),
	.init = pthread_rwlock_wp_init,
	.fini = lb_pthread_rwlock_fini,
	.lock = lb_pthread_rwlock_wrlock,
	.unlock = lb_pthread_rwlock_unlock,
	.loop = pthread_rwlock_wp_loop,
	.trylock = lb_pthread_rwlock_trywrlock,
	.read_lock = lb_pthread_rwlock_rdlock,
	.read_unlock = lb_pthread_rwlock_unlock,
	.read_trylock = lb_pthread_rwlock_tryrdlock,
	.describe = lb_pthread_rwlock_describe,
	LB_NOSIM(LB_NOSIM_LIBC),
};

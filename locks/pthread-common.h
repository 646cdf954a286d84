/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pthread-common.h - verbs shared by the glibc pthread lock wrappers
 *
 * The pthread-* locks are not models: they are the C library's own locks,
 * run by the same harness so that a model can be compared with what
 * applications get. Their lock words are glibc's (nptl), described in
 * each lock's file from the published futex protocol; the wrappers here
 * only translate the verbs.
 */
#ifndef LB_LOCKS_PTHREAD_COMMON_H
#define LB_LOCKS_PTHREAD_COMMON_H

#include <errno.h>
#include <pthread.h>
#include <stdio.h>

#include "lock.h"

/*
 * lb_pthread_mutex_init_pshared() - initialise a mutex of the given glibc
 * type, PTHREAD_PROCESS_PRIVATE or PTHREAD_PROCESS_SHARED (@pshared)
 */
static inline int lb_pthread_mutex_init_pshared(pthread_mutex_t *m, int type, int pshared)
{
	pthread_mutexattr_t a;
	int rc;

	if (pthread_mutexattr_init(&a))
		return -ENOMEM;
	rc = pthread_mutexattr_settype(&a, type);
	if (!rc)
		rc = pthread_mutexattr_setpshared(&a, pshared);
	if (!rc)
		rc = pthread_mutex_init(m, &a);
	pthread_mutexattr_destroy(&a);
	return -rc;
}

/* lb_pthread_mutex_init_type() - a process-private mutex of the given glibc type */
static inline int lb_pthread_mutex_init_type(pthread_mutex_t *m, int type)
{
	return lb_pthread_mutex_init_pshared(m, type, PTHREAD_PROCESS_PRIVATE);
}

static inline void lb_pthread_mutex_fini(void *lock)
{
	pthread_mutex_destroy(lock);
}

static inline void lb_pthread_mutex_lock(void *lock, struct lb_tctx *t)
{
	pthread_mutex_lock(lock);
}

static inline void lb_pthread_mutex_unlock(void *lock, struct lb_tctx *t)
{
	pthread_mutex_unlock(lock);
}

static inline bool lb_pthread_mutex_trylock(void *lock, struct lb_tctx *t)
{
	return pthread_mutex_trylock(lock) == 0;
}

static inline int lb_pthread_mutex_describe(void *lock, char *buf, size_t len)
{
#ifdef __GLIBC__
	pthread_mutex_t *m = lock;

	return snprintf(buf, len, "__lock=%d (0 free, 1 held, 2 held with waiters) __owner=%d",
			__atomic_load_n(&m->__data.__lock, __ATOMIC_RELAXED),
			__atomic_load_n(&m->__data.__owner, __ATOMIC_RELAXED));
#else
	return snprintf(buf, len, "(opaque pthread_mutex_t)");
#endif
}

/*
 * lb_pthread_rwlock_init_pshared() - initialise an rwlock with a glibc
 * preference, PTHREAD_PROCESS_PRIVATE or PTHREAD_PROCESS_SHARED (@pshared)
 */
static inline int lb_pthread_rwlock_init_pshared(pthread_rwlock_t *rw, int kind, int pshared)
{
	pthread_rwlockattr_t a;
	int rc;

	if (pthread_rwlockattr_init(&a))
		return -ENOMEM;
	rc = pthread_rwlockattr_setkind_np(&a, kind);
	if (!rc)
		rc = pthread_rwlockattr_setpshared(&a, pshared);
	if (!rc)
		rc = pthread_rwlock_init(rw, &a);
	pthread_rwlockattr_destroy(&a);
	return -rc;
}

/* lb_pthread_rwlock_init_kind() - a process-private rwlock with a glibc preference */
static inline int lb_pthread_rwlock_init_kind(pthread_rwlock_t *rw, int kind)
{
	return lb_pthread_rwlock_init_pshared(rw, kind, PTHREAD_PROCESS_PRIVATE);
}

static inline void lb_pthread_rwlock_fini(void *lock)
{
	pthread_rwlock_destroy(lock);
}

static inline void lb_pthread_rwlock_wrlock(void *lock, struct lb_tctx *t)
{
	pthread_rwlock_wrlock(lock);
}

static inline void lb_pthread_rwlock_unlock(void *lock, struct lb_tctx *t)
{
	pthread_rwlock_unlock(lock);
}

static inline bool lb_pthread_rwlock_trywrlock(void *lock, struct lb_tctx *t)
{
	return pthread_rwlock_trywrlock(lock) == 0;
}

static inline void lb_pthread_rwlock_rdlock(void *lock, struct lb_tctx *t)
{
	pthread_rwlock_rdlock(lock);
}

static inline bool lb_pthread_rwlock_tryrdlock(void *lock, struct lb_tctx *t)
{
	return pthread_rwlock_tryrdlock(lock) == 0;
}

static inline int lb_pthread_rwlock_describe(void *lock, char *buf, size_t len)
{
#ifdef __GLIBC__
	pthread_rwlock_t *rw = lock;
	unsigned r = __atomic_load_n(&rw->__data.__readers, __ATOMIC_RELAXED);

	return snprintf(buf, len,
			"__readers=0x%08x (readers=%u wrphase=%u wrlocked=%u rwaiting=%u) __cur_writer=%d",
			r, r >> 3, r & 1, (r >> 1) & 1, (r >> 2) & 1,
			__atomic_load_n(&rw->__data.__cur_writer, __ATOMIC_RELAXED));
#else
	return snprintf(buf, len, "(opaque pthread_rwlock_t)");
#endif
}

#endif /* LB_LOCKS_PTHREAD_COMMON_H */

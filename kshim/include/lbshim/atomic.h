/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * atomic.h - the kernel's atomics and barriers on lockbench's lb-atomic.h
 *
 * Every shared access the tree's code makes through the kernel's
 * primitives lands on src/base/lb-atomic.h, as the models' do, with the
 * kernel's orderings (algorithms.md 1.1): a value-returning RMW without
 * a suffix is fully ordered (_full), a void RMW relaxed, _acquire,
 * _release and _relaxed as named. READ_ONCE/WRITE_ONCE are relaxed
 * loads and stores. On x86 every locked RMW is a full barrier, so
 * smp_mb__before_atomic() and smp_mb__after_atomic() are compiler
 * barriers, as the kernel's x86 definitions.
 */
#ifndef LB_KSHIM_ATOMIC_H
#define LB_KSHIM_ATOMIC_H

#include "base/lb-atomic.h"
#include "lbshim/core.h"

#define READ_ONCE(x)		lb_load_relaxed(&(x))
#define WRITE_ONCE(x, v)	lb_store_relaxed(&(x), (v))
#define __READ_ONCE(x)		READ_ONCE(x)
#define __WRITE_ONCE(x, v)	WRITE_ONCE(x, v)
#define data_race(x)		(x)
#define ACCESS_ONCE(x)		(*(volatile __typeof__(x) *)&(x))

#define barrier()		lb_barrier()
#define cpu_relax()		lb_cpu_relax()
#define smp_mb()		lb_fence_full()
#define smp_rmb()		lb_fence_acquire()
#define smp_wmb()		lb_fence_release()
#define mb()			lb_fence_full()
#define rmb()			lb_fence_acquire()
#define wmb()			lb_fence_release()
#define __smp_mb()		smp_mb()
#define smp_mb__before_atomic()	lb_barrier()
#define smp_mb__after_atomic()	lb_barrier()
#define smp_mb__after_spinlock() lb_barrier()
#define smp_mb__after_unlock_lock() do { } while (0)
#define smp_acquire__after_ctrl_dep() lb_fence_acquire()
#define smp_store_release(p, v)	lb_store_release((p), (v))
#define smp_load_acquire(p)	lb_load_acquire(p)
#define smp_store_mb(x, v)	((void)lb_xchg_full(&(x), (v)))
#define prefetch(x)		__builtin_prefetch(x)
#define prefetchw(x)		__builtin_prefetch((x), 1)

/*
 * smp_cond_load_*(ptr, cond): spin until cond (an expression in VAL, the
 * value read) holds; the acquire form orders what follows after the read
 * that satisfied it. lb-atomic.h's own spin-until primitive when it has one
 * (the simulator parks a CPU on it), else relaxed loads and lb_cpu_relax().
 */
#ifdef lb_cond_load_relaxed
#define smp_cond_load_relaxed(ptr, cond_expr)	lb_cond_load_relaxed(ptr, cond_expr)
#define smp_cond_load_acquire(ptr, cond_expr)	lb_cond_load_acquire(ptr, cond_expr)
#else
#define smp_cond_load_relaxed(ptr, cond_expr) ({				\
	__typeof__(ptr) __lbp = (ptr);						\
	__unqual_scalar_typeof(*(ptr)) VAL;					\
	for (;;) {								\
		VAL = lb_load_relaxed(__lbp);					\
		if (cond_expr)							\
			break;							\
		lb_cpu_relax();							\
	}									\
	(__typeof__(*(ptr)))VAL;						\
})
#define smp_cond_load_acquire(ptr, cond_expr) ({				\
	__unqual_scalar_typeof(*(ptr)) __lbv =					\
		smp_cond_load_relaxed(ptr, cond_expr);				\
	lb_fence_acquire();							\
	__lbv;									\
})
#endif

/* xchg and cmpxchg on any word; cmpxchg returns the value found */
#define xchg(p, v)		lb_xchg_full((p), (v))
#define xchg_relaxed(p, v)	lb_xchg_relaxed((p), (v))
#define xchg_acquire(p, v)	lb_xchg_acquire((p), (v))
#define xchg_release(p, v)	lb_xchg_release((p), (v))
#define LB_KS_CMPXCHG(order, p, o, n) ({					\
	__typeof__(*(p)) __lbo = (o);						\
	(void)lb_cmpxchg_##order((p), &__lbo, (n));				\
	__lbo;									\
})
#define cmpxchg(p, o, n)		LB_KS_CMPXCHG(full, p, o, n)
#define cmpxchg_relaxed(p, o, n)	LB_KS_CMPXCHG(relaxed, p, o, n)
#define cmpxchg_acquire(p, o, n)	LB_KS_CMPXCHG(acquire, p, o, n)
#define cmpxchg_release(p, o, n)	LB_KS_CMPXCHG(release, p, o, n)
#define cmpxchg_local(p, o, n)		LB_KS_CMPXCHG(full, p, o, n)
#define cmpxchg64(p, o, n)		LB_KS_CMPXCHG(full, p, o, n)
#define try_cmpxchg(p, op, n)		lb_cmpxchg_full((p), (op), (n))
#define try_cmpxchg_relaxed(p, op, n)	lb_cmpxchg_relaxed((p), (op), (n))
#define try_cmpxchg_acquire(p, op, n)	lb_cmpxchg_acquire((p), (op), (n))
#define try_cmpxchg_release(p, op, n)	lb_cmpxchg_release((p), (op), (n))

/*
 * LB_KS_ATOMIC_OPS(prefix, type, val) - the kernel's atomic API for one
 * counter type: atomic_ (int), atomic64_ (s64), atomic_long_ (long, over
 * atomic64_t as on a 64-bit kernel).
 */
#define LB_KS_ATOMIC_RMW(pfx, T, V, op, lbop)					\
static __always_inline V pfx##_##op(V i, T *v) { return lbop##_full(&v->counter, i); } \
static __always_inline V pfx##_##op##_acquire(V i, T *v)			\
	{ return lbop##_acquire(&v->counter, i); }				\
static __always_inline V pfx##_##op##_release(V i, T *v)			\
	{ return lbop##_release(&v->counter, i); }				\
static __always_inline V pfx##_##op##_relaxed(V i, T *v)			\
	{ return lbop##_relaxed(&v->counter, i); }

#define LB_KS_ATOMIC_ORDERS(pfx, T, V, ord)					\
static __always_inline V pfx##_xchg##ord(T *v, V n)				\
	{ return lb_xchg##ord##_lbs(&v->counter, n); }				\
static __always_inline V pfx##_cmpxchg##ord(T *v, V o, V n)			\
	{ __typeof__(v->counter) c = o;						\
	  (void)lb_cmpxchg##ord##_lbs(&v->counter, &c, n); return (V)c; }	\
static __always_inline bool pfx##_try_cmpxchg##ord(T *v, V *o, V n)		\
	{ return lb_cmpxchg##ord##_lbs(&v->counter, (__typeof__(v->counter) *)o, n); } \
static __always_inline V pfx##_inc_return##ord(T *v)				\
	{ return pfx##_add_return##ord(1, v); }					\
static __always_inline V pfx##_dec_return##ord(T *v)				\
	{ return pfx##_add_return##ord(-1, v); }				\
static __always_inline V pfx##_sub_return##ord(V i, T *v)			\
	{ return pfx##_add_return##ord(-i, v); }				\
static __always_inline V pfx##_fetch_inc##ord(T *v)				\
	{ return pfx##_fetch_add##ord(1, v); }					\
static __always_inline V pfx##_fetch_dec##ord(T *v)				\
	{ return pfx##_fetch_sub##ord(1, v); }					\
static __always_inline V pfx##_fetch_andnot##ord(V i, T *v)			\
	{ return pfx##_fetch_and##ord(~i, v); }

/* the _lbs spellings: the kernel's empty suffix is lb-atomic.h's _full */
#define lb_xchg_lbs		lb_xchg_full
#define lb_xchg_acquire_lbs	lb_xchg_acquire
#define lb_xchg_release_lbs	lb_xchg_release
#define lb_xchg_relaxed_lbs	lb_xchg_relaxed
#define lb_cmpxchg_lbs		lb_cmpxchg_full
#define lb_cmpxchg_acquire_lbs	lb_cmpxchg_acquire
#define lb_cmpxchg_release_lbs	lb_cmpxchg_release
#define lb_cmpxchg_relaxed_lbs	lb_cmpxchg_relaxed

/* lb-atomic.h has no acquire fetch_and: the full one is as strong, and the same x86 instruction */
#ifndef lb_fetch_and_acquire
#define lb_fetch_and_acquire(p, v)	lb_fetch_and_full((p), (v))
#endif

#define LB_KS_ATOMIC_OPS(pfx, T, V)						\
static __always_inline V pfx##_read(const T *v) { return lb_load_relaxed(&v->counter); } \
static __always_inline V pfx##_read_acquire(const T *v)				\
	{ return lb_load_acquire(&v->counter); }				\
static __always_inline void pfx##_set(T *v, V i) { lb_store_relaxed(&v->counter, i); } \
static __always_inline void pfx##_set_release(T *v, V i)			\
	{ lb_store_release(&v->counter, i); }					\
static __always_inline void pfx##_add(V i, T *v) { (void)lb_fetch_add_relaxed(&v->counter, i); } \
static __always_inline void pfx##_sub(V i, T *v) { (void)lb_fetch_sub_relaxed(&v->counter, i); } \
static __always_inline void pfx##_inc(T *v) { pfx##_add(1, v); }		\
static __always_inline void pfx##_dec(T *v) { pfx##_sub(1, v); }		\
static __always_inline void pfx##_or(V i, T *v) { (void)lb_fetch_or_relaxed(&v->counter, i); } \
static __always_inline void pfx##_and(V i, T *v) { (void)lb_fetch_and_relaxed(&v->counter, i); } \
static __always_inline void pfx##_andnot(V i, T *v) { pfx##_and(~i, v); }	\
LB_KS_ATOMIC_RMW(pfx, T, V, add_return, lb_add_return)				\
LB_KS_ATOMIC_RMW(pfx, T, V, fetch_add, lb_fetch_add)				\
LB_KS_ATOMIC_RMW(pfx, T, V, fetch_sub, lb_fetch_sub)				\
LB_KS_ATOMIC_RMW(pfx, T, V, fetch_or, lb_fetch_or)				\
LB_KS_ATOMIC_RMW(pfx, T, V, fetch_and, lb_fetch_and)				\
LB_KS_ATOMIC_ORDERS(pfx, T, V, )						\
LB_KS_ATOMIC_ORDERS(pfx, T, V, _acquire)					\
LB_KS_ATOMIC_ORDERS(pfx, T, V, _release)					\
LB_KS_ATOMIC_ORDERS(pfx, T, V, _relaxed)					\
static __always_inline bool pfx##_inc_and_test(T *v) { return pfx##_add_return(1, v) == 0; } \
static __always_inline bool pfx##_dec_and_test(T *v) { return pfx##_add_return(-1, v) == 0; } \
static __always_inline bool pfx##_sub_and_test(V i, T *v)			\
	{ return pfx##_add_return(-i, v) == 0; }				\
static __always_inline bool pfx##_add_negative(V i, T *v)			\
	{ return pfx##_add_return(i, v) < 0; }					\
static __always_inline bool pfx##_add_unless(T *v, V a, V u)			\
	{ V c = pfx##_read(v);							\
	  do { if (c == u) return false; } while (!pfx##_try_cmpxchg(v, &c, c + a)); \
	  return true; }							\
static __always_inline bool pfx##_inc_not_zero(T *v) { return pfx##_add_unless(v, 1, 0); }

LB_KS_ATOMIC_OPS(atomic, atomic_t, int)
LB_KS_ATOMIC_OPS(atomic64, atomic64_t, s64)
LB_KS_ATOMIC_OPS(atomic_long, atomic_long_t, long)

#define atomic_cond_read_acquire(v, c)		smp_cond_load_acquire(&(v)->counter, (c))
#define atomic_cond_read_relaxed(v, c)		smp_cond_load_relaxed(&(v)->counter, (c))
#define atomic64_cond_read_acquire(v, c)	smp_cond_load_acquire(&(v)->counter, (c))
#define atomic64_cond_read_relaxed(v, c)	smp_cond_load_relaxed(&(v)->counter, (c))
#define atomic_long_cond_read_acquire(v, c)	smp_cond_load_acquire(&(v)->counter, (c))
#define atomic_long_cond_read_relaxed(v, c)	smp_cond_load_relaxed(&(v)->counter, (c))

#endif /* LB_KSHIM_ATOMIC_H */

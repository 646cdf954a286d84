/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * core.h - the kernel's base types, compiler words and checks, in lockbench's terms
 *
 * The first file of lockbench's kernel shim: what <linux/types.h>,
 * <linux/compiler.h>, <linux/kernel.h> and <linux/bug.h> give the tree's
 * locking files, written for lockbench (nothing here is taken from the
 * kernel; the names are the kernel's interface, the definitions ours).
 * Configuration: a generic x86-64 SMP kernel without paravirt (config.h).
 */
#ifndef LB_KSHIM_CORE_H
#define LB_KSHIM_CORE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lbshim/config.h"
#include "kshim/runtime.h"

#ifndef __x86_64__
#error "lockbench's kernel shim models an x86-64 kernel"
#endif

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef unsigned long long u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef long long s64;
typedef u8 __u8;
typedef u16 __u16;
typedef u32 __u32;
typedef u64 __u64;
typedef s8 __s8;
typedef s16 __s16;
typedef s32 __s32;
typedef s64 __s64;
typedef unsigned long ulong;
typedef unsigned int uint;
typedef long ssize_t;

typedef int pid_t;
typedef unsigned int gfp_t;
typedef u64 phys_addr_t;

typedef struct {
	int counter;
} atomic_t;

typedef struct {
	s64 counter;
} atomic64_t;

typedef atomic64_t atomic_long_t;

#define ATOMIC_INIT(i)		{ (i) }
#define ATOMIC64_INIT(i)	{ (i) }
#define ATOMIC_LONG_INIT(i)	ATOMIC64_INIT(i)

struct list_head {
	struct list_head *next, *prev;
};

struct hlist_node {
	struct hlist_node *next, **pprev;
};

struct callback_head {
	struct callback_head *next;
	void (*func)(struct callback_head *head);
} __attribute__((aligned(sizeof(void *))));
#define rcu_head callback_head

/* compiler words */
#undef __always_inline
#define __always_inline		inline __attribute__((always_inline))
#define noinline		__attribute__((noinline))
#define __noinline		noinline
#define __pure			__attribute__((pure))
#define __packed		__attribute__((packed))
#define __aligned(x)		__attribute__((aligned(x)))
#define __maybe_unused		__attribute__((unused))
#define __always_unused		__attribute__((unused))
#define __used			__attribute__((used))
#define __cold			__attribute__((cold))
#define __weak			__attribute__((weak))
#define __must_check		__attribute__((warn_unused_result))
#define __cleanup(f)		__attribute__((cleanup(f)))
#define __nonnull_args(...)	__attribute__((nonnull(__VA_ARGS__)))
#define __noreturn		__attribute__((noreturn))
#define __printf(a, b)		__attribute__((format(printf, a, b)))
#define __section(s)		__attribute__((section(s)))
#define __visible
#define __init
#define __exit
#define __initdata
#define __read_mostly
#define __ro_after_init
#define __cacheline_aligned	__attribute__((aligned(LB_CACHELINE)))
#define __cacheline_aligned_in_smp __cacheline_aligned
#define ____cacheline_aligned	__cacheline_aligned
#define ____cacheline_aligned_in_smp __cacheline_aligned
#define L1_CACHE_BYTES		LB_CACHELINE
#define SMP_CACHE_BYTES		LB_CACHELINE
#define __user
#define __kernel
#define __iomem
#define __rcu
#define __percpu
#define __force
#define __bitwise
#define __private
/*
 * Lock annotations: sparse's (__acquires() ...) and, from 7.0, Clang's
 * context analysis (context_lock_struct(), __guarded_by(), the _shared
 * and __cond_ forms). The shim, like a gcc build of the kernel, checks
 * none: a declaration's word is empty, a statement's does nothing,
 * and a lock type is a plain struct (the analysis' attributes dropped).
 */
#define __acquires(...)
#define __releases(...)
#define __must_hold(...)
#define __must_not_hold(...)
#define __acquires_shared(...)
#define __releases_shared(...)
#define __must_hold_shared(...)
#define __cond_acquires(...)
#define __cond_acquires_shared(...)
#define __guarded_by(...)
#define __pt_guarded_by(...)
#define __assumes_ctx_lock(...)
#define __assumes_shared_ctx_lock(...)
#define __no_context_analysis
#define __cond_lock(x, c)	(c)
#define __acquire(x)		((void)0)
#define __release(x)		((void)0)
#define __acquire_shared(x)	((void)0)
#define __release_shared(x)	((void)0)
#define __assume_ctx_lock(x)	((void)(x))
#define __assume_shared_ctx_lock(x) ((void)(x))
#define context_lock_struct(name, ...)	struct name
#define disable_context_analysis()
#define enable_context_analysis()
#define notrace
#define __kprobes
#define nokprobe_inline		__always_inline
#define NOKPROBE_SYMBOL(f)
#define __no_kcsan
#define __flatten		__attribute__((flatten))
#define fallthrough		__attribute__((__fallthrough__))
#define asmlinkage
#define __visible
/*
 * The kernel keeps its spinlock functions (__lockfunc) out of line, in
 * another object than their callers: so does the shim, as lockbench's
 * models keep their slow paths (LB_NOINLINE). Scheduling functions
 * (__sched) are left to the compiler, so the loop inlines the verbs.
 */
#define __lockfunc		noinline
#define __sched
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define likely_notrace(x)	likely(x)
#define unlikely_notrace(x)	unlikely(x)
#define __same_type(a, b)	__builtin_types_compatible_p(__typeof__(a), __typeof__(b))
#define __unqual_scalar_typeof(x) __typeof__((void)0, (x))
#define __stringify_1(x)	#x
#define __stringify(x)		__stringify_1(x)
#define ___PASTE(a, b)		a##b
#define __PASTE(a, b)		___PASTE(a, b)
#define __UNIQUE_ID(p)		__PASTE(__PASTE(__UNIQUE_ID_, p), __COUNTER__)
#define _RET_IP_		((unsigned long)__builtin_return_address(0))
#define _THIS_IP_		({ __label__ __here; __here: (unsigned long)&&__here; })
#define EXPORT_SYMBOL(s)
#define EXPORT_SYMBOL_GPL(s)
#define EXPORT_SYMBOL_NS_GPL(s, ns)
#define EXPORT_PER_CPU_SYMBOL(s)
#define EXPORT_PER_CPU_SYMBOL_GPL(s)
#define ALLOW_ERROR_INJECTION(f, t)
#define early_param(s, f)
#define core_initcall(f)
#define early_initcall(f)
#define late_initcall(f)
#define fs_initcall(f)
#define module_param(n, t, p)
#define LOCK_PREFIX		"lock; "
#define kcsan_release()		do { } while (0)
#define kcsan_acquire()		do { } while (0)
#define instrument_atomic_read_write(p, s) do { } while (0)

#define container_of(ptr, type, member) \
	((type *)(void *)((char *)(ptr) - offsetof(type, member)))
#define typeof_member(type, member)	__typeof__(((type *)0)->member)
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define BIT(n)			(1UL << (n))
#define BITS_PER_LONG		64
#define BITS_PER_BYTE		8
#define min(a, b)		({ __typeof__(a) _a = (a); __typeof__(b) _b = (b);	\
				   _a < _b ? _a : _b; })
#define max(a, b)		({ __typeof__(a) _a = (a); __typeof__(b) _b = (b);	\
				   _a > _b ? _a : _b; })
#define min_t(t, a, b)		min((t)(a), (t)(b))
#define max_t(t, a, b)		max((t)(a), (t)(b))
#define ERR_PTR(e)		((void *)(long)(e))
#define PTR_ERR(p)		((long)(p))
#define MAX_ERRNO		4095
#define IS_ERR_VALUE(x)		((unsigned long)(x) >= (unsigned long)-MAX_ERRNO)
#define IS_ERR(p)		IS_ERR_VALUE((unsigned long)(void *)(p))
#define IS_ERR_OR_NULL(p)	(!(p) || IS_ERR(p))
#define ERR_CAST(p)		((void *)(p))

#define EINTR			4
#define EAGAIN			11
#define ENOMEM			12
#define EBUSY			16
#define EINVAL			22
#define EDEADLK			35
#define EALREADY		114
#define ESTALE			116
#define ETIMEDOUT		110
#define EBADF			9

/* checks */
#define BUILD_BUG_ON(c)		((void)sizeof(char[1 - 2 * !!(c)]))
#define BUILD_BUG_ON_MSG(c, m)	BUILD_BUG_ON(c)
#define BUILD_BUG()		do { } while (0)
#define compiletime_assert(c, m) _Static_assert(c, m)
#define compiletime_assert_atomic_type(t) \
	_Static_assert(sizeof(t) == 1 || sizeof(t) == 2 || sizeof(t) == 4 || sizeof(t) == 8, \
		       "not an atomic type")
#define BUG()			lb_ks_bug(__FILE__, __LINE__, "BUG()")
#define BUG_ON(c)		do { if (unlikely(c))					\
					lb_ks_bug(__FILE__, __LINE__, #c); } while (0)
#define WARN_ON(c)		({ bool __w = !!(c); if (unlikely(__w)) \
					lb_ks_warn(__FILE__, __LINE__, #c); unlikely(__w); })
#define WARN_ON_ONCE(c)		WARN_ON(c)
#define WARN(c, ...)		WARN_ON(c)
#define WARN_ONCE(c, ...)	WARN_ON(c)
#define VM_BUG_ON(c)		do { } while (0)
#define might_sleep()		do { } while (0)
#define might_sleep_if(c)	do { } while (0)
#define might_lock(l)		do { } while (0)
#define might_resched()		do { } while (0)
#define cant_sleep()		do { } while (0)
#define pr_warn(...)		do { } while (0)
#define pr_err(...)		do { } while (0)
#define pr_info(...)		do { } while (0)
#define pr_debug(...)		do { } while (0)
#define pr_cont(...)		do { } while (0)
#define printk(...)		do { } while (0)
#define pr_warn_once(...)	do { } while (0)
#define pr_info_once(...)	do { } while (0)
#define dump_stack()		do { } while (0)

/* lockdep and the debug checks: off (CONFIG_LOCKDEP, CONFIG_DEBUG_* are not set) */
struct lock_class_key {
	char unused;
};
struct lockdep_map {
	char unused;
};
#define lockdep_init_map(...)			do { } while (0)
#define lockdep_init_map_wait(...)		do { } while (0)
#define lockdep_set_class(...)			do { } while (0)
#define lockdep_assert_held(l)			do { } while (0)
#define lockdep_assert_held_write(l)		do { } while (0)
#define lockdep_assert_held_read(l)		do { } while (0)
#define lockdep_assert_irqs_disabled()		do { } while (0)
#define lockdep_assert_irqs_enabled()		do { } while (0)
#define lockdep_assert_preemption_disabled()	do { } while (0)
#define lockdep_assert_not_held(l)		do { } while (0)
#define lockdep_is_held(l)			1
#define lockdep_recursing(t)			0
#define lock_acquire(...)			do { } while (0)
#define lock_release(...)			do { } while (0)
#define lock_acquired(...)			do { } while (0)
#define lock_downgrade(...)			do { } while (0)
#define lock_set_class(...)			do { } while (0)
#define lock_set_subclass(...)			do { } while (0)
#define lock_is_held(...)			1
#define lockdep_assert(...)			do { } while (0)
#define lockdep_set_class_and_name(...)		do { } while (0)
#define lock_map_acquire(...)			do { } while (0)
#define lock_map_release(...)			do { } while (0)
#define lock_contended(...)			do { } while (0)
#define lock_acquire_exclusive(...)		do { } while (0)
#define lock_acquire_shared(...)		do { } while (0)
#define mutex_acquire(...)			do { } while (0)
#define mutex_acquire_nest(...)			do { } while (0)
#define mutex_release(...)			do { } while (0)
#define rwsem_acquire(...)			do { } while (0)
#define rwsem_acquire_nest(...)			do { } while (0)
#define rwsem_acquire_read(...)			do { } while (0)
#define rwsem_release(...)			do { } while (0)
#define spin_acquire(...)			do { } while (0)
#define spin_release(...)			do { } while (0)
#define LOCK_CONTENDED(l, t, lk)		lk(l)
#define LOCK_CONTENDED_RETURN(l, t, lk)		lk(l)
#define debug_check_no_locks_freed(a, l)	do { } while (0)
#define debug_locks				0
#define debug_locks_off()			0
#define DEBUG_LOCKS_WARN_ON(c)			0
#define SINGLE_DEPTH_NESTING			1
#define STATIC_LOCKDEP_MAP_INIT(n, k)		{ 0 }
#define RCU_LOCKDEP_WARN(c, s)			do { } while (0)

/* tracepoints: none */
#define trace_contention_begin(lock, flags)	do { (void)(lock); } while (0)
#define trace_contention_end(lock, ret)		do { (void)(lock); } while (0)
#define LCB_F_SPIN	(1U << 0)
#define LCB_F_READ	(1U << 1)
#define LCB_F_WRITE	(1U << 2)
#define LCB_F_RT	(1U << 3)
#define LCB_F_PERCPU	(1U << 4)
#define LCB_F_MUTEX	(1U << 5)

#endif /* LB_KSHIM_CORE_H */

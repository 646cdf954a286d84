/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * config.h - the configuration the shim builds a tree's lock files with
 *
 * A generic x86-64 SMP kernel without paravirt: queued spinlocks and
 * rwlocks, no PARAVIRT or PARAVIRT_SPINLOCKS, no lockdep, no DEBUG_*, no
 * PREEMPT_RT. The choices a user may change (--kernel-config) come on the
 * compiler's command line from the builder (src/tree/build.c), which also
 * shows them in --list-locks -v: CONFIG_MUTEX_SPIN_ON_OWNER,
 * CONFIG_RWSEM_SPIN_ON_OWNER and CONFIG_LOCK_EVENT_COUNTS (all y by
 * default), CONFIG_HZ (250, Debian's).
 *
 * CONFIG_NR_CPUS is the compile-time bound, lockbench's thread limit
 * (8192, as Debian's kernel; the qspinlock tail layout follows from it);
 * the CPUs of a point are its threads plus two (runtime.h), nr_cpu_ids.
 */
#ifndef LB_KSHIM_CONFIG_H
#define LB_KSHIM_CONFIG_H

#define __KERNEL__			1
#define CONFIG_64BIT			1
#define CONFIG_X86			1
#define CONFIG_X86_64			1
#define CONFIG_SMP			1
#define CONFIG_MMU			1
#define CONFIG_GENERIC_ATOMIC64		1
#define CONFIG_ARCH_USE_QUEUED_SPINLOCKS	1
#define CONFIG_ARCH_USE_QUEUED_RWLOCKS	1
#define CONFIG_QUEUED_SPINLOCKS		1
#define CONFIG_QUEUED_RWLOCKS		1
#define CONFIG_INLINE_SPIN_UNLOCK_IRQ	1
#define CONFIG_PREEMPT_COUNT		1
#define CONFIG_NR_CPUS			8192
#ifndef CONFIG_HZ
#define CONFIG_HZ			250
#endif
#define HZ				CONFIG_HZ

/* IS_ENABLED(CONFIG_X): 1 when the option is defined to 1, else 0 (usable in #if) */
#define LB_KS_PLACEHOLDER_1		0,
#define LB_KS_SECOND(a, b, ...)		b
#define LB_KS_DEFINED3(junk)		LB_KS_SECOND(junk 1, 0, 0)
#define LB_KS_DEFINED2(v)		LB_KS_DEFINED3(LB_KS_PLACEHOLDER_##v)
#define __is_defined(x)			LB_KS_DEFINED2(x)
#define IS_ENABLED(x)			__is_defined(x)
#define IS_BUILTIN(x)			__is_defined(x)
#define IS_REACHABLE(x)			__is_defined(x)

#endif /* LB_KSHIM_CONFIG_H */

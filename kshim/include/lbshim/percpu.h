/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * percpu.h - per-CPU variables as the kernel lays them out
 *
 * DEFINE_PER_CPU puts the variable in the section "lb_percpu" of the
 * tree's shared object; the runtime makes one copy of the section per CPU
 * of the point (runtime.h), and a per-CPU pointer is the address of the
 * original plus the copy's offset: per_cpu_ptr(p, cpu) adds
 * lb_ks_percpu_off[cpu], this_cpu_ptr(p) the calling thread's
 * (lb_ks_this_off). The original itself is never used. The this_cpu_*
 * operations are a relaxed load and store of the CPU's own copy (only its
 * CPU writes it; others may read it, as per_cpu_sum() does), as the
 * kernel's x86 `incl %gs:...` is not a locked instruction.
 */
#ifndef LB_KSHIM_PERCPU_H
#define LB_KSHIM_PERCPU_H

#include "lbshim/atomic.h"

#define PER_CPU_ATTR		__attribute__((section("lb_percpu")))
#define DECLARE_PER_CPU(type, name)		extern __typeof__(type) name
#define DEFINE_PER_CPU(type, name)		PER_CPU_ATTR __typeof__(type) name
#define DEFINE_PER_CPU_ALIGNED(type, name)	\
	PER_CPU_ATTR __attribute__((aligned(LB_CACHELINE))) __typeof__(type) name
#define DEFINE_PER_CPU_SHARED_ALIGNED(type, name) DEFINE_PER_CPU_ALIGNED(type, name)
#define DECLARE_PER_CPU_SHARED_ALIGNED(type, name) DECLARE_PER_CPU(type, name)
#define DEFINE_PER_CPU_READ_MOSTLY(type, name)	DEFINE_PER_CPU(type, name)

#define per_cpu_offset(cpu)	(lb_ks_percpu_off[cpu])
#define per_cpu_ptr(p, cpu)	((__typeof__(p))((uintptr_t)(p) + lb_ks_percpu_off[cpu]))
#define per_cpu(var, cpu)	(*per_cpu_ptr(&(var), (cpu)))
#define this_cpu_ptr(p)		((__typeof__(p))((uintptr_t)(p) + lb_ks_this_off))
#define raw_cpu_ptr(p)		this_cpu_ptr(p)
#define get_cpu_ptr(p)		({ preempt_disable(); this_cpu_ptr(p); })
#define put_cpu_ptr(p)		preempt_enable()
#define get_cpu_var(v)		(*({ preempt_disable(); this_cpu_ptr(&(v)); }))
#define put_cpu_var(v)		preempt_enable()

#define LB_KS_THIS_OP(pcp, op, v) do {						\
	__typeof__(&(pcp)) __lbp = this_cpu_ptr(&(pcp));			\
	lb_store_relaxed(__lbp, (__typeof__(pcp))(lb_load_relaxed(__lbp) op (v))); \
} while (0)
#define this_cpu_read(pcp)	lb_load_relaxed(this_cpu_ptr(&(pcp)))
#define this_cpu_write(pcp, v)	lb_store_relaxed(this_cpu_ptr(&(pcp)), (v))
#define this_cpu_add(pcp, v)	LB_KS_THIS_OP(pcp, +, v)
#define this_cpu_sub(pcp, v)	LB_KS_THIS_OP(pcp, -, v)
#define this_cpu_inc(pcp)	LB_KS_THIS_OP(pcp, +, 1)
#define this_cpu_dec(pcp)	LB_KS_THIS_OP(pcp, -, 1)
#define __this_cpu_read(pcp)	this_cpu_read(pcp)
#define __this_cpu_write(pcp, v) this_cpu_write(pcp, v)
#define __this_cpu_add(pcp, v)	this_cpu_add(pcp, v)
#define __this_cpu_sub(pcp, v)	this_cpu_sub(pcp, v)
#define __this_cpu_inc(pcp)	this_cpu_inc(pcp)
#define __this_cpu_dec(pcp)	this_cpu_dec(pcp)
#define raw_cpu_read(pcp)	this_cpu_read(pcp)
#define raw_cpu_write(pcp, v)	this_cpu_write(pcp, v)
#define raw_cpu_add(pcp, v)	this_cpu_add(pcp, v)
#define raw_cpu_inc(pcp)	this_cpu_inc(pcp)
#define raw_cpu_dec(pcp)	this_cpu_dec(pcp)

#define alloc_percpu(type)	\
	((type __percpu *)lb_ks_alloc_percpu(sizeof(type), __alignof__(type)))
#define alloc_percpu_gfp(type, gfp)	alloc_percpu(type)
#define free_percpu(p)		((void)(p))

/* CPUs: the point's threads, then the RCU and control threads */
#define nr_cpu_ids		lb_ks_nr_cpus
#define num_possible_cpus()	lb_ks_nr_cpus
#define num_online_cpus()	lb_ks_nr_cpus
#define for_each_possible_cpu(cpu) for ((cpu) = 0; (cpu) < (int)lb_ks_nr_cpus; (cpu)++)
#define for_each_online_cpu(cpu)   for_each_possible_cpu(cpu)
#define cpu_online(cpu)		((unsigned)(cpu) < lb_ks_nr_cpus)
#define smp_processor_id()	(lb_ks_current->cpu)
#define raw_smp_processor_id()	smp_processor_id()
#define get_cpu()		({ preempt_disable(); smp_processor_id(); })
#define put_cpu()		preempt_enable()
#define task_cpu(p)		((p)->cpu)

#endif /* LB_KSHIM_PERCPU_H */

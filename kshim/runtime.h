/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runtime.h - what the kernel shim and its runtime share
 *
 * A tree's lock files are compiled against the shim (kshim/include/): the
 * kernel's names over lockbench's own layers. The shim's state lives in
 * kshim/runtime.c, compiled into the same shared object but without the
 * shim's include path (it makes system calls through the C library, whose
 * <linux/...> headers the shim's would shadow). This header is plain C on
 * lockbench's headers only, so both sides can include it.
 *
 * The emulated machine of one measured point:
 * - CPUs: one per worker thread (smp_processor_id() is the thread's index,
 *   tid), then two more: the RCU callback thread's and the control
 *   thread's (the harness's main thread, which runs init() and fini()).
 *   More threads than the placement's CPUs still get one CPU each: a
 *   kernel CPU with preemption off keeps its per-CPU data to itself while
 *   a lock is held, which a time-sliced thread sharing a copy would not.
 * - Per-CPU data as the kernel lays it out: DEFINE_PER_CPU puts a
 *   variable in the section "lb_percpu"; the runtime makes one copy of that
 *   section per CPU (plus room for alloc_percpu()), and per_cpu_ptr(p, cpu)
 *   adds that copy's offset, lb_ks_percpu_off[cpu], to p.
 * - Tasks: one struct task_struct per CPU, `current` the calling thread's.
 *   Its head is the models' struct lb_task (locks/sleep.h): the park word
 *   set_current_state() and schedule() use, on_cpu, the wake-queue link.
 */
#ifndef LB_KSHIM_RUNTIME_H
#define LB_KSHIM_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "locks/lock.h"
#include "locks/resched.h"
#include "locks/sleep.h"

#ifndef LB_KS_HZ
#define LB_KS_HZ		250	/* CONFIG_HZ, from the builder */
#endif
#define LB_KS_EXTRA_CPUS	2	/* the RCU callback thread's and the control thread's */
#define LB_KS_PERCPU_DYN	4096	/* bytes per CPU for alloc_percpu() */

/**
 * struct task_struct - a CPU's task, as far as the tree's lock files look
 * @lbt:     the models' task: park word, on_cpu, wake-queue link
 * @on_cpu:  lbt.on_cpu under the kernel's name (owner->on_cpu)
 * @__state: the last set_current_state() value (for readers of ->__state)
 * @prio:    120, a normal task (rt_task() is false)
 * @cpu:     the CPU index (task_cpu())
 * @tctx:    the thread's lockbench context (its counters); a dummy one
 *           for the RCU and control threads
 * @ctr_sleeps, @ctr_wakeups: where schedule() and wake-ups count, in @tctx
 * @preempt_count: preempt_disable() nesting
 * @rcu_seq: raised by every outermost preempt_enable(): a quiescent state
 * @budget_seq: the @rcu_seq at which @budget was started (need_resched())
 * @budget:  the spin budget of the current preemption-off section
 */
struct task_struct {
	union {
		struct lb_task lbt;
		struct {
			uint32_t lb_park;
			uint32_t on_cpu;
		};
	};
	unsigned int __state;
	int prio;
	int cpu;
	struct lb_tctx *tctx;
	unsigned ctr_sleeps, ctr_wakeups;
	uint32_t preempt_count LB_ALIGNED;
	uint64_t rcu_seq;
	uint64_t budget_seq;
	struct lb_budget budget;
	uint64_t dummy_ctr[LB_LOCK_MAX_COUNTERS];
	struct lb_tctx dummy_tctx;
} LB_ALIGNED;

_Static_assert(offsetof(struct task_struct, on_cpu) == offsetof(struct lb_task, on_cpu),
	       "task_struct.on_cpu is lb_task.on_cpu");

/* The calling thread's task and per-CPU offset (initial-exec TLS: one %fs load). */
extern __thread struct task_struct *lb_ks_current;
extern __thread intptr_t lb_ks_this_off;
/* Per CPU: the offset of its copy of the per-CPU section; lb_ks_nr_cpus of them. */
extern intptr_t *lb_ks_percpu_off;
extern unsigned lb_ks_nr_cpus;
/* The spin budget (need_resched()) and a jiffy, in counter cycles; cycles per ns. */
extern uint64_t lb_ks_budget_cycles, lb_ks_jiffy_cycles;
extern double lb_ks_tsc_per_ns;

/* lb_ks_setup() - the point's CPUs, per-CPU copies and tasks (init()) */
int lb_ks_setup(const struct lb_lock_cfg *cfg);
/* lb_ks_teardown() - undo lb_ks_setup() (fini()); stops the RCU thread */
void lb_ks_teardown(void);
/* lb_ks_thread_enter() - the calling worker becomes CPU @t->tid (thread_init()) */
void lb_ks_thread_enter(struct lb_tctx *t, unsigned ctr_sleeps, unsigned ctr_wakeups);
/* lb_ks_control_enter() - the calling thread becomes the control CPU (init(), fini()) */
void lb_ks_control_enter(void);

/* alloc_percpu(): @size bytes in each CPU's dynamic area; NULL when full */
void *lb_ks_alloc_percpu(size_t size, size_t align);

/*
 * RCU: a grace period (synchronize_rcu(): at least a jiffy; the expedited
 * one: as soon as every reader has left), callbacks after a normal one
 * (call_rcu()), rcu_barrier()
 */
void lb_ks_synchronize_rcu(void);
void lb_ks_synchronize_rcu_expedited(void);
void lb_ks_call_rcu(void *head, void (*func)(void *head));
void lb_ks_rcu_barrier(void);

/* WARN_ON(): one line on stderr per place, the first time it fires */
void lb_ks_warn(const char *file, int line, const char *what);
/* BUG_ON(): a line, then abort() */
LB_NORETURN void lb_ks_bug(const char *file, int line, const char *what);

#endif /* LB_KSHIM_RUNTIME_H */

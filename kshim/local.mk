# SPDX-License-Identifier: GPL-2.0-or-later
# The kernel shim (--kernel-tree, src/tree/): installed into $(pkgdatadir)/kshim
# with the lockbench headers its glue builds against, in the source tree's
# layout (kshim/..., src/..., locks/...), so that the builder uses one set of
# include paths for both.
kshimdir = $(pkgdatadir)/kshim
kshim_topdir = $(kshimdir)/kshim
kshim_top_DATA = kshim/runtime.c kshim/runtime.h kshim/README
kshim_gluedir = $(kshimdir)/kshim/glue
kshim_glue_DATA = kshim/glue/glue.h kshim/glue/events.c kshim/glue/qspinlock.c \
	kshim/glue/qrwlock.c kshim/glue/osq.c kshim/glue/mutex.c kshim/glue/rwsem.c \
	kshim/glue/percpu-rwsem.c
kshim_lbshimdir = $(kshimdir)/kshim/include/lbshim
kshim_lbshim_DATA = \
	kshim/include/lbshim/atomic.h \
	kshim/include/lbshim/config.h \
	kshim/include/lbshim/core.h \
	kshim/include/lbshim/kernel.h \
	kshim/include/lbshim/list.h \
	kshim/include/lbshim/percpu.h \
	kshim/include/lbshim/sched.h \
	kshim/include/lbshim/spinlock.h \
	kshim/include/lbshim/wait.h
kshim_linuxdir = $(kshimdir)/kshim/include/linux
kshim_linux_DATA = \
	kshim/include/linux/args.h \
	kshim/include/linux/atomic.h \
	kshim/include/linux/bitops.h \
	kshim/include/linux/bits.h \
	kshim/include/linux/bug.h \
	kshim/include/linux/build_bug.h \
	kshim/include/linux/cache.h \
	kshim/include/linux/cleanup.h \
	kshim/include/linux/compiler.h \
	kshim/include/linux/compiler_types.h \
	kshim/include/linux/const.h \
	kshim/include/linux/cpumask.h \
	kshim/include/linux/debug_locks.h \
	kshim/include/linux/err.h \
	kshim/include/linux/errno.h \
	kshim/include/linux/export.h \
	kshim/include/linux/gfp.h \
	kshim/include/linux/hardirq.h \
	kshim/include/linux/init.h \
	kshim/include/linux/interrupt.h \
	kshim/include/linux/irqflags.h \
	kshim/include/linux/jiffies.h \
	kshim/include/linux/jump_label.h \
	kshim/include/linux/kernel.h \
	kshim/include/linux/ktime.h \
	kshim/include/linux/linkage.h \
	kshim/include/linux/list.h \
	kshim/include/linux/lockdep.h \
	kshim/include/linux/lockdep_types.h \
	kshim/include/linux/mm.h \
	kshim/include/linux/module.h \
	kshim/include/linux/mutex.h \
	kshim/include/linux/mutex_types.h \
	kshim/include/linux/osq_lock.h \
	kshim/include/linux/percpu-defs.h \
	kshim/include/linux/percpu-rwsem.h \
	kshim/include/linux/percpu.h \
	kshim/include/linux/preempt.h \
	kshim/include/linux/prefetch.h \
	kshim/include/linux/printk.h \
	kshim/include/linux/processor.h \
	kshim/include/linux/rcu_sync.h \
	kshim/include/linux/rcupdate.h \
	kshim/include/linux/rcuwait.h \
	kshim/include/linux/rtmutex.h \
	kshim/include/linux/rwlock.h \
	kshim/include/linux/rwlock_types.h \
	kshim/include/linux/rwsem.h \
	kshim/include/linux/sched.h \
	kshim/include/linux/sched_clock.h \
	kshim/include/linux/slab.h \
	kshim/include/linux/smp.h \
	kshim/include/linux/smp_types.h \
	kshim/include/linux/spinlock.h \
	kshim/include/linux/spinlock_types.h \
	kshim/include/linux/spinlock_types_raw.h \
	kshim/include/linux/stddef.h \
	kshim/include/linux/stringify.h \
	kshim/include/linux/time.h \
	kshim/include/linux/types.h \
	kshim/include/linux/wait.h \
	kshim/include/linux/wait_bit.h \
	kshim/include/linux/ww_mutex.h
kshim_schedhdir = $(kshimdir)/kshim/include/linux/sched
kshim_schedh_DATA = \
	kshim/include/linux/sched/clock.h \
	kshim/include/linux/sched/debug.h \
	kshim/include/linux/sched/rt.h \
	kshim/include/linux/sched/signal.h \
	kshim/include/linux/sched/task.h \
	kshim/include/linux/sched/wake_q.h
kshim_asmdir = $(kshimdir)/kshim/include/asm
kshim_asm_DATA = \
	kshim/include/asm/alternative.h \
	kshim/include/asm/atomic.h \
	kshim/include/asm/barrier.h \
	kshim/include/asm/byteorder.h \
	kshim/include/asm/cmpxchg.h \
	kshim/include/asm/cpufeature.h \
	kshim/include/asm/current.h \
	kshim/include/asm/mcs_spinlock.h \
	kshim/include/asm/paravirt.h \
	kshim/include/asm/percpu.h \
	kshim/include/asm/processor.h \
	kshim/include/asm/qrwlock.h \
	kshim/include/asm/qspinlock.h \
	kshim/include/asm/rmwcc.h \
	kshim/include/asm/smp.h \
	kshim/include/asm/spinlock.h \
	kshim/include/asm/spinlock_types.h
kshim_asmgendir = $(kshimdir)/kshim/include/asm-generic
kshim_asmgen_DATA = \
	kshim/include/asm-generic/mcs_spinlock.h \
	kshim/include/asm-generic/percpu.h \
	kshim/include/asm-generic/qrwlock.h \
	kshim/include/asm-generic/qrwlock_types.h \
	kshim/include/asm-generic/qspinlock.h \
	kshim/include/asm-generic/qspinlock_types.h
kshim_tracedir = $(kshimdir)/kshim/include/trace/events
kshim_trace_DATA = kshim/include/trace/events/lock.h
kshim_basedir = $(kshimdir)/src/base
kshim_base_DATA = src/base/compiler.h src/base/limits.h src/base/lb-atomic.h src/base/clock.h
kshim_measuredir = $(kshimdir)/src/measure
kshim_measure_DATA = src/measure/hist.h
kshim_harnessdir = $(kshimdir)/src/harness
kshim_harness_DATA = src/harness/loop.h src/harness/check.h
kshim_locksdir = $(kshimdir)/locks
kshim_locks_DATA = locks/lock.h locks/sleep.h locks/inner.h locks/osq.h locks/resched.h \
	locks/wait-lock.h locks/registry.h
EXTRA_DIST += $(kshim_top_DATA) $(kshim_glue_DATA) $(kshim_lbshim_DATA) $(kshim_linux_DATA) \
	$(kshim_schedh_DATA) $(kshim_asm_DATA) $(kshim_asmgen_DATA) $(kshim_trace_DATA) \
	kshim/local.mk

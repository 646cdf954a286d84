// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * qspinlock.c - the tree's qspinlock (kernel/locking/qspinlock.c) as a lockbench lock
 *
 * The verbs are the arch spinlock's, as the kernel's spin_lock() reaches
 * them: the tree's queued_spin_lock(), queued_spin_trylock() and
 * queued_spin_unlock() fast paths (asm-generic/qspinlock.h, inlined into
 * the measured loop) and the tree's queued_spin_lock_slowpath(), out of
 * line. No preemption count is taken around them (lockbench's qspinlock
 * model takes none either). Counters: the tree's lock_* events.
 */
#include "glue.h"

static struct lb_ks_events ev;

static int tq_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct qspinlock *q = lock;

	atomic_set(&q->val, 0);
	return lb_ks_setup(cfg);
}

LB_KS_THREAD_INIT(tq_thread_init, &ev)

static inline void tq_lock(void *lock, struct lb_tctx *t)
{
	(void)t;
	queued_spin_lock(lock);
}

static inline void tq_unlock(void *lock, struct lb_tctx *t)
{
	(void)t;
	queued_spin_unlock(lock);
}

static bool tq_trylock(void *lock, struct lb_tctx *t)
{
	(void)t;
	return queued_spin_trylock(lock);
}

static bool tq_is_locked(void *lock)
{
	return queued_spin_is_locked(lock);
}

static int tq_describe(void *lock, char *buf, size_t len)
{
	u32 v = (u32)atomic_read(&((struct qspinlock *)lock)->val);

	return snprintf(buf, len, "val=0x%08x (tail cpu %u idx %u, pending %u, locked 0x%x)", v,
			(v >> _Q_TAIL_CPU_OFFSET), (v & _Q_TAIL_IDX_MASK) >> _Q_TAIL_IDX_OFFSET,
			(v & _Q_PENDING_MASK) >> _Q_PENDING_OFFSET, v & _Q_LOCKED_MASK);
}

LB_LOCK_LOOP(tq_loop_inner, tq_lock, tq_unlock, tq_lock, tq_unlock)
LB_KS_LOOP(tq_loop, tq_loop_inner, &ev)
LB_KS_PREPARE(qspinlock, &ev, false, "lock_")

LB_KS_EXPORT const struct lb_lock_ops lb_tree_lock_qspinlock = {
	.name = "qspinlock",
	.desc = "the tree's queued spinlock (kernel/locking/qspinlock.c)",
	.family = "spin",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_FIFO,
	.lock_size = sizeof(struct qspinlock),
	.init = tq_init,
	.fini = lb_ks_fini,
	.thread_init = tq_thread_init,
	.lock = tq_lock,
	.unlock = tq_unlock,
	.trylock = tq_trylock,
	.is_locked = tq_is_locked,
	.describe = tq_describe,
	.loop = tq_loop,
	.unshared = "a tree lock: its per-CPU copies and tasks are the process's own memory",
	.follows = "kernel/locking/qspinlock.c",
	.deviations = LB_KS_DEVIATIONS "; x86 hooks: " LB_KS_X86_HOOKS,
};

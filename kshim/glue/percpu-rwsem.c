// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * percpu-rwsem.c - the tree's percpu_rw_semaphore (kernel/locking/percpu-rwsem.c)
 *
 * The read side is the tree's own inline percpu_down_read() and
 * percpu_up_read() (include/linux/percpu-rwsem.h, inlined into the
 * measured loop: a per-CPU count while rcu_sync says idle); the write side
 * the exported percpu_down_write() and percpu_up_write(). The writers'
 * gate is the tree's own kernel/rcu/sync.c over the shim's RCU: a real
 * grace period (every thread out of the preemption-off section it was in,
 * with membarrier(2), and a jiffy at the least, kshim/runtime.c) and
 * call_rcu() on a thread of its own. rcuwait_wake_up() and finish_rcuwait() (kernel/exit.c's, not a
 * locking file) are the shim's, below. Counters: the wait queue's
 * lock_* events, then sleeps and wakeups.
 */
#include "glue.h"

#include <linux/percpu-rwsem.h>

static struct lb_ks_events ev;
static struct lock_class_key key;

/* kernel/exit.c's half of rcuwait, in the shim's words */
int rcuwait_wake_up(struct rcuwait *w)
{
	struct task_struct *task;
	int ret = 0;

	rcu_read_lock();
	smp_mb();	/* orders the caller's condition change before the read of the waiter */
	task = rcu_dereference(w->task);
	if (task)
		ret = wake_up_process(task);
	rcu_read_unlock();
	return ret;
}

void finish_rcuwait(struct rcuwait *w)
{
	rcu_assign_pointer(w->task, NULL);
	__set_current_state(TASK_RUNNING);
}

static int tp_init(void *lock, const struct lb_lock_cfg *cfg)
{
	int rc = lb_ks_setup(cfg);

	if (!rc)
		rc = __percpu_init_rwsem(lock, "tree-percpu-rwsem", &key);
	return rc;
}

static void tp_fini(void *lock)
{
	lb_ks_control_enter();
	percpu_free_rwsem(lock);
	lb_ks_teardown();
}

LB_KS_THREAD_INIT(tp_thread_init, &ev)

static inline void tp_write_lock(void *lock, struct lb_tctx *t)
{
	(void)t;
	percpu_down_write(lock);
}

static inline void tp_write_unlock(void *lock, struct lb_tctx *t)
{
	(void)t;
	percpu_up_write(lock);
}

static inline void tp_read_lock(void *lock, struct lb_tctx *t)
{
	(void)t;
	percpu_down_read(lock);
}

static inline void tp_read_unlock(void *lock, struct lb_tctx *t)
{
	(void)t;
	percpu_up_read(lock);
}

static bool tp_read_trylock(void *lock, struct lb_tctx *t)
{
	(void)t;
	return percpu_down_read_trylock(lock);
}

static bool tp_is_locked(void *lock)
{
	return percpu_is_write_locked(lock) || percpu_is_read_locked(lock);
}

static int tp_describe(void *lock, char *buf, size_t len)
{
	struct percpu_rw_semaphore *s = lock;

	return snprintf(buf, len, "block=%d, rcu_sync state %d count %d, writer %s, waiters %s",
			atomic_read(&s->block), READ_ONCE(s->rss.gp_state),
			READ_ONCE(s->rss.gp_count),
			READ_ONCE(s->writer.task) ? "waiting" : "none",
			list_empty(&s->waiters.head) ? "none" : "queued");
}

LB_LOCK_LOOP(tp_loop_inner, tp_write_lock, tp_write_unlock, tp_read_lock, tp_read_unlock)
LB_KS_LOOP(tp_loop, tp_loop_inner, &ev)
LB_KS_PREPARE(percpu_rwsem, &ev, true, "lock_")

LB_KS_EXPORT const struct lb_lock_ops lb_tree_lock_percpu_rwsem = {
	.name = "percpu-rwsem",
	.desc = "the tree's percpu_rw_semaphore (kernel/locking/percpu-rwsem.c, rcu/sync.c)",
	.family = "sleep",
	.kind = LB_LOCK_RW,
	.flags = LB_LOCK_F_BLOCKING,
	.lock_size = sizeof(struct percpu_rw_semaphore),
	.init = tp_init,
	.fini = tp_fini,
	.thread_init = tp_thread_init,
	.lock = tp_write_lock,
	.unlock = tp_write_unlock,
	.read_lock = tp_read_lock,
	.read_unlock = tp_read_unlock,
	.read_trylock = tp_read_trylock,
	.is_locked = tp_is_locked,
	.describe = tp_describe,
	.loop = tp_loop,
	.unshared = "a tree lock: its per-CPU copies and tasks are the process's own memory",
	.deviations = LB_KS_SLEEP_DEVIATIONS "; RCU grace periods from the shim (membarrier(2) "
		      "and every thread's preemption-off sections, a jiffy at the least), "
		      "call_rcu() on a thread of its own",
};

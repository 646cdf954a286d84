// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mutex.c - the tree's mutex (kernel/locking/mutex.c) as a lockbench lock
 *
 * The verbs are the kernel's exported mutex_lock(), mutex_unlock() and
 * mutex_trylock(), called as any kernel caller calls them (they are out of
 * line in the kernel; their fast paths are inside them). The wait_lock is
 * the tree's qspinlock, the spinners' queue the tree's osq_lock.c; owner
 * spinning reads owner->on_cpu, sleeping is schedule() over the models'
 * futex park (locks/sleep.h). Counters: the wait_lock's lock_* events,
 * any mutex_* events of the tree, then sleeps and wakeups.
 */
#include "glue.h"

#include <linux/mutex.h>

static struct lb_ks_events ev;
static struct lock_class_key key;

static int tm_init(void *lock, const struct lb_lock_cfg *cfg)
{
	int rc = lb_ks_setup(cfg);

	if (!rc)
		__mutex_init(lock, "tree-mutex", &key);
	return rc;
}

LB_KS_THREAD_INIT(tm_thread_init, &ev)

static inline void tm_lock(void *lock, struct lb_tctx *t)
{
	(void)t;
	mutex_lock(lock);
}

static inline void tm_unlock(void *lock, struct lb_tctx *t)
{
	(void)t;
	mutex_unlock(lock);
}

static bool tm_trylock(void *lock, struct lb_tctx *t)
{
	(void)t;
	return mutex_trylock(lock);
}

static bool tm_is_locked(void *lock)
{
	return mutex_is_locked(lock);
}

static int tm_describe(void *lock, char *buf, size_t len)
{
	struct mutex *m = lock;
	unsigned long owner = (unsigned long)atomic_long_read(&m->owner);
	struct task_struct *task = (struct task_struct *)(owner & ~0x07ul);

	return snprintf(buf, len, "owner=%s%d flags=0x%lx, wait list %s, osq tail=%d",
			task ? "cpu " : "", task ? task->cpu : -1, owner & 0x07,
			list_empty(&m->wait_list) ? "empty" : "not empty",
#ifdef CONFIG_MUTEX_SPIN_ON_OWNER
			atomic_read(&m->osq.tail));
#else
			-1);
#endif
}

LB_LOCK_LOOP(tm_loop_inner, tm_lock, tm_unlock, tm_lock, tm_unlock)
LB_KS_LOOP(tm_loop, tm_loop_inner, &ev)
LB_KS_PREPARE(mutex, &ev, true, "lock_", "mutex_")

LB_KS_EXPORT const struct lb_lock_ops lb_tree_lock_mutex = {
	.name = "mutex",
	.desc = "the tree's mutex (kernel/locking/mutex.c)",
	.family = "sleep",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_BLOCKING,
	.lock_size = sizeof(struct mutex),
	.init = tm_init,
	.fini = lb_ks_fini,
	.thread_init = tm_thread_init,
	.lock = tm_lock,
	.unlock = tm_unlock,
	.trylock = tm_trylock,
	.is_locked = tm_is_locked,
	.describe = tm_describe,
	.loop = tm_loop,
	.unshared = "a tree lock: its per-CPU copies and tasks are the process's own memory",
	.deviations = LB_KS_SLEEP_DEVIATIONS,
};

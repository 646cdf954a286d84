// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rwsem.c - the tree's rw_semaphore (kernel/locking/rwsem.c) as a lockbench lock
 *
 * The verbs are the kernel's exported down_write(), up_write(),
 * down_read(), up_read() and their trylocks, called as kernel callers call
 * them. The wait_lock is the tree's qspinlock, the writers' spin queue the
 * tree's osq_lock.c; the hand-off timeout is in jiffies of the cycle
 * counter (HZ 250: RWSEM_WAIT_TIMEOUT is 4 ms), the reader spin threshold
 * in sched_clock() ns. Counters: the tree's rwsem_* lock events, the
 * wait_lock's lock_* events, then sleeps and wakeups.
 */
#include "glue.h"

#include <linux/rwsem.h>

static struct lb_ks_events ev;
static struct lock_class_key key;

static int tw_init(void *lock, const struct lb_lock_cfg *cfg)
{
	int rc = lb_ks_setup(cfg);

	if (!rc)
		__init_rwsem(lock, "tree-rwsem", &key);
	return rc;
}

LB_KS_THREAD_INIT(tw_thread_init, &ev)

static inline void tw_write_lock(void *lock, struct lb_tctx *t)
{
	(void)t;
	down_write(lock);
}

static inline void tw_write_unlock(void *lock, struct lb_tctx *t)
{
	(void)t;
	up_write(lock);
}

static inline void tw_read_lock(void *lock, struct lb_tctx *t)
{
	(void)t;
	down_read(lock);
}

static inline void tw_read_unlock(void *lock, struct lb_tctx *t)
{
	(void)t;
	up_read(lock);
}

static bool tw_write_trylock(void *lock, struct lb_tctx *t)
{
	(void)t;
	return down_write_trylock(lock);
}

static bool tw_read_trylock(void *lock, struct lb_tctx *t)
{
	(void)t;
	return down_read_trylock(lock);
}

static bool tw_is_locked(void *lock)
{
	return rwsem_is_locked(lock);
}

static int tw_describe(void *lock, char *buf, size_t len)
{
	struct rw_semaphore *s = lock;

	return snprintf(buf, len, "count=0x%lx owner=0x%lx, wait list %s, osq tail=%d",
			(unsigned long)atomic_long_read(&s->count),
			(unsigned long)atomic_long_read(&s->owner),
			list_empty(&s->wait_list) ? "empty" : "not empty",
#ifdef CONFIG_RWSEM_SPIN_ON_OWNER
			atomic_read(&s->osq.tail));
#else
			-1);
#endif
}

LB_LOCK_LOOP(tw_loop_inner, tw_write_lock, tw_write_unlock, tw_read_lock, tw_read_unlock)
LB_KS_LOOP(tw_loop, tw_loop_inner, &ev)
LB_KS_PREPARE(rwsem, &ev, true, "rwsem_", "lock_")

LB_KS_EXPORT const struct lb_lock_ops lb_tree_lock_rwsem = {
	.name = "rwsem",
	.desc = "the tree's rw_semaphore (kernel/locking/rwsem.c)",
	.family = "sleep",
	.kind = LB_LOCK_RW,
	.flags = LB_LOCK_F_BLOCKING,
	.lock_size = sizeof(struct rw_semaphore),
	.init = tw_init,
	.fini = lb_ks_fini,
	.thread_init = tw_thread_init,
	.lock = tw_write_lock,
	.unlock = tw_write_unlock,
	.trylock = tw_write_trylock,
	.read_lock = tw_read_lock,
	.read_unlock = tw_read_unlock,
	.read_trylock = tw_read_trylock,
	.is_locked = tw_is_locked,
	.describe = tw_describe,
	.loop = tw_loop,
	.unshared = "a tree lock: its per-CPU copies and tasks are the process's own memory",
	.deviations = LB_KS_SLEEP_DEVIATIONS "; jiffies (HZ 250) and sched_clock() from the "
		      "cycle counter",
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * osq.c - the tree's optimistic spin queue (kernel/locking/osq_lock.c) as a lock
 *
 * osq_lock() is the queue the sleeping locks' spinners wait in; it gives up
 * (returns false, having left the queue) when need_resched() turns true.
 * As a lock of its own, like lockbench's `osq`, a waiter that gave up
 * enables preemption (the end of its spin budget), counts "unqueued" and
 * joins again; preemption stays disabled from the acquisition to the
 * release, as around the kernel's callers' spinning.
 */
#include "glue.h"

#include <linux/osq_lock.h>

static struct lb_ks_events ev;

static int to_init(void *lock, const struct lb_lock_cfg *cfg)
{
	osq_lock_init(lock);
	return lb_ks_setup(cfg);
}

LB_KS_THREAD_INIT(to_thread_init, &ev)

static inline void to_lock(void *lock, struct lb_tctx *t)
{
	preempt_disable();
	while (!osq_lock(lock)) {
		lb_count(t, ev.n);	/* unqueued */
		preempt_enable();	/* a new spin budget */
		preempt_disable();
	}
}

static inline void to_unlock(void *lock, struct lb_tctx *t)
{
	(void)t;
	osq_unlock(lock);
	preempt_enable();
}

static bool to_is_locked(void *lock)
{
	return osq_is_locked(lock);
}

static int to_describe(void *lock, char *buf, size_t len)
{
	struct optimistic_spin_queue *q = lock;

	return snprintf(buf, len, "tail=%d (cpu + 1)", atomic_read(&q->tail));
}

LB_LOCK_LOOP(to_loop_inner, to_lock, to_unlock, to_lock, to_unlock)
LB_KS_LOOP(to_loop, to_loop_inner, &ev)

LB_KS_EXPORT void lb_tree_prepare_osq(struct lb_lock_ops *o)
{
	static const char *const pfx[] = { "osq_", NULL };

	lb_ks_events_select(&ev, pfx, false);
	ev.names[ev.n] = "unqueued";
	ev.names[ev.n + 1] = NULL;
	o->counters = ev.names;
}

LB_KS_EXPORT const struct lb_lock_ops lb_tree_lock_osq = {
	.name = "osq",
	.desc = "the tree's optimistic spin queue (kernel/locking/osq_lock.c)",
	.family = "spin",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_FIFO,
	.lock_size = sizeof(struct optimistic_spin_queue),
	.init = to_init,
	.fini = lb_ks_fini,
	.thread_init = to_thread_init,
	.lock = to_lock,
	.unlock = to_unlock,
	.is_locked = to_is_locked,
	.describe = to_describe,
	.loop = to_loop,
	.unshared = "a tree lock: its per-CPU copies and tasks are the process's own memory",
	.deviations = LB_KS_DEVIATIONS "; need_resched() a spin budget (about a tick); "
		      "vcpu_is_preempted() false; as a lock, a waiter whose budget ran out rejoins",
};

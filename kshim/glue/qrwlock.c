// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * qrwlock.c - the tree's queued rwlock (kernel/locking/qrwlock.c) as a lockbench lock
 *
 * The arch rwlock's verbs, as read_lock() and write_lock() reach them: the
 * tree's queued_read_lock(), queued_write_lock() and their unlocks and
 * trylocks (asm-generic/qrwlock.h, inlined into the measured loop), the
 * tree's queued_read_lock_slowpath() and queued_write_lock_slowpath()
 * out of line, waiting in the queue of the tree's own qspinlock (its
 * wait_lock). No preemption count is taken around them. The read side is
 * not offered to interrupt readers: in_interrupt() is the thread's own
 * context class. Counters: the wait_lock's lock_* events.
 */
#include "glue.h"

static struct lb_ks_events ev;

static int tr_init(void *lock, const struct lb_lock_cfg *cfg)
{
	*(struct qrwlock *)lock = (struct qrwlock)__ARCH_RW_LOCK_UNLOCKED;
	return lb_ks_setup(cfg);
}

LB_KS_THREAD_INIT(tr_thread_init, &ev)

static inline void tr_write_lock(void *lock, struct lb_tctx *t)
{
	(void)t;
	queued_write_lock(lock);
}

static inline void tr_write_unlock(void *lock, struct lb_tctx *t)
{
	(void)t;
	queued_write_unlock(lock);
}

static inline void tr_read_lock(void *lock, struct lb_tctx *t)
{
	(void)t;
	queued_read_lock(lock);
}

static inline void tr_read_unlock(void *lock, struct lb_tctx *t)
{
	(void)t;
	queued_read_unlock(lock);
}

static bool tr_write_trylock(void *lock, struct lb_tctx *t)
{
	(void)t;
	return queued_write_trylock(lock);
}

static bool tr_read_trylock(void *lock, struct lb_tctx *t)
{
	(void)t;
	return queued_read_trylock(lock);
}

static bool tr_is_locked(void *lock)
{
	return atomic_read(&((struct qrwlock *)lock)->cnts) != 0;
}

static int tr_describe(void *lock, char *buf, size_t len)
{
	struct qrwlock *q = lock;
	u32 c = (u32)atomic_read(&q->cnts);

	return snprintf(buf, len, "cnts=0x%08x (readers %u, writer byte 0x%02x), wait_lock "
			"val=0x%08x", c, c >> _QR_SHIFT, c & 0xff,
			(u32)atomic_read(&q->wait_lock.val));
}

LB_LOCK_LOOP(tr_loop_inner, tr_write_lock, tr_write_unlock, tr_read_lock, tr_read_unlock)
LB_KS_LOOP(tr_loop, tr_loop_inner, &ev)
LB_KS_PREPARE(qrwlock, &ev, false, "lock_")

LB_KS_EXPORT const struct lb_lock_ops lb_tree_lock_qrwlock = {
	.name = "qrwlock",
	.desc = "the tree's queued rwlock (kernel/locking/qrwlock.c)",
	.family = "spin",
	.kind = LB_LOCK_RW,
	.lock_size = sizeof(struct qrwlock),
	.init = tr_init,
	.fini = lb_ks_fini,
	.thread_init = tr_thread_init,
	.lock = tr_write_lock,
	.unlock = tr_write_unlock,
	.trylock = tr_write_trylock,
	.read_lock = tr_read_lock,
	.read_unlock = tr_read_unlock,
	.read_trylock = tr_read_trylock,
	.is_locked = tr_is_locked,
	.describe = tr_describe,
	.loop = tr_loop,
	.unshared = "a tree lock: its per-CPU copies and tasks are the process's own memory",
	.deviations = LB_KS_DEVIATIONS "; no interrupt readers (in_interrupt() is the thread's "
		      "context class)",
};

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * wait.h - wait queues (wait_queue_head_t) for percpu-rwsem and rcu_sync
 *
 * The interface of <linux/wait.h> those files use, written for the shim:
 * a list of entries under the head's spinlock (the tree's qspinlock);
 * __wake_up() calls each entry's function until @nr_exclusive exclusive
 * entries said they woke; the default function wakes the entry's task
 * (wake_up_process(), sleep.h's wake queue) and takes the entry off the
 * list. wait_event() is the kernel's loop: queue, set the state, test,
 * schedule().
 */
#ifndef LB_KSHIM_WAIT_H
#define LB_KSHIM_WAIT_H

#include "lbshim/list.h"
#include "lbshim/sched.h"
#include "lbshim/spinlock.h"

#define WQ_FLAG_EXCLUSIVE	0x01
#define WQ_FLAG_WOKEN		0x02
#define WQ_FLAG_CUSTOM		0x04
#define WQ_FLAG_DONE		0x08

struct wait_queue_entry;
typedef int (*wait_queue_func_t)(struct wait_queue_entry *wq_entry, unsigned mode, int flags,
				 void *key);

struct wait_queue_entry {
	unsigned int flags;
	void *private;
	wait_queue_func_t func;
	struct list_head entry;
};

struct wait_queue_head {
	spinlock_t lock;
	struct list_head head;
};
typedef struct wait_queue_head wait_queue_head_t;
typedef struct wait_queue_entry wait_queue_entry_t;

#define __WAIT_QUEUE_HEAD_INITIALIZER(name)					\
	{ .lock = __SPIN_LOCK_INITIALIZER(name.lock), .head = { &(name).head, &(name).head } }
#define DECLARE_WAIT_QUEUE_HEAD(name)	\
	wait_queue_head_t name = __WAIT_QUEUE_HEAD_INITIALIZER(name)

static inline void init_waitqueue_head(struct wait_queue_head *wq)
{
	spin_lock_init(&wq->lock);
	INIT_LIST_HEAD(&wq->head);
}

static inline int default_wake_function(struct wait_queue_entry *e, unsigned mode, int flags,
					void *key)
{
	return wake_up_process(e->private);
}

static inline int autoremove_wake_function(struct wait_queue_entry *e, unsigned mode, int flags,
					   void *key)
{
	int ret = default_wake_function(e, mode, flags, key);

	if (ret)
		list_del_init(&e->entry);
	return ret;
}

#define DEFINE_WAIT_FUNC(name, function)					\
	struct wait_queue_entry name = {					\
		.private = current, .func = (function),				\
		.entry = LIST_HEAD_INIT((name).entry),				\
	}
#define DEFINE_WAIT(name)	DEFINE_WAIT_FUNC(name, autoremove_wake_function)

static inline void __add_wait_queue_entry_tail(struct wait_queue_head *wq,
					       struct wait_queue_entry *e)
{
	list_add_tail(&e->entry, &wq->head);
}

static inline void __add_wait_queue(struct wait_queue_head *wq, struct wait_queue_entry *e)
{
	list_add(&e->entry, &wq->head);
}

static inline void __remove_wait_queue(struct wait_queue_head *wq, struct wait_queue_entry *e)
{
	list_del(&e->entry);
}

static inline int waitqueue_active(struct wait_queue_head *wq)
{
	return !list_empty(&wq->head);
}

/* __wake_up_common() - with wq->lock held */
static inline void __wake_up_locked_key(struct wait_queue_head *wq, unsigned mode,
					int nr_exclusive, void *key)
{
	struct wait_queue_entry *e, *n;

	list_for_each_entry_safe(e, n, &wq->head, entry) {
		unsigned flags = e->flags;
		int ret = e->func(e, mode, 0, key);

		if (ret < 0)
			break;
		if (ret && (flags & WQ_FLAG_EXCLUSIVE) && !--nr_exclusive)
			break;
	}
}

static inline void __wake_up(struct wait_queue_head *wq, unsigned mode, int nr_exclusive,
			     void *key)
{
	unsigned long flags;

	spin_lock_irqsave(&wq->lock, flags);
	__wake_up_locked_key(wq, mode, nr_exclusive, key);
	spin_unlock_irqrestore(&wq->lock, flags);
}

#define wake_up(wq)		__wake_up((wq), TASK_NORMAL, 1, NULL)
#define wake_up_all(wq)		__wake_up((wq), TASK_NORMAL, 0, NULL)
#define wake_up_locked(wq)	__wake_up_locked_key((wq), TASK_NORMAL, 1, NULL)
#define wake_up_all_locked(wq)	__wake_up_locked_key((wq), TASK_NORMAL, 0, NULL)
#define __wake_up_locked(wq, m, n) __wake_up_locked_key((wq), (m), (n), NULL)

static inline void prepare_to_wait(struct wait_queue_head *wq, struct wait_queue_entry *e,
				   int state)
{
	unsigned long flags;

	spin_lock_irqsave(&wq->lock, flags);
	if (list_empty(&e->entry))
		__add_wait_queue(wq, e);
	set_current_state(state);
	spin_unlock_irqrestore(&wq->lock, flags);
}

static inline void prepare_to_wait_exclusive(struct wait_queue_head *wq,
					     struct wait_queue_entry *e, int state)
{
	unsigned long flags;

	e->flags |= WQ_FLAG_EXCLUSIVE;
	spin_lock_irqsave(&wq->lock, flags);
	if (list_empty(&e->entry))
		__add_wait_queue_entry_tail(wq, e);
	set_current_state(state);
	spin_unlock_irqrestore(&wq->lock, flags);
}

static inline void finish_wait(struct wait_queue_head *wq, struct wait_queue_entry *e)
{
	unsigned long flags;

	__set_current_state(TASK_RUNNING);
	if (!list_empty_careful(&e->entry)) {
		spin_lock_irqsave(&wq->lock, flags);
		list_del_init(&e->entry);
		spin_unlock_irqrestore(&wq->lock, flags);
	}
}

#define wait_event(wq, cond) do {						\
	DEFINE_WAIT(__lbw);							\
	for (;;) {								\
		prepare_to_wait(&(wq), &__lbw, TASK_UNINTERRUPTIBLE);		\
		if (cond)							\
			break;							\
		schedule();							\
	}									\
	finish_wait(&(wq), &__lbw);						\
} while (0)

/* rcuwait (kernel/exit.c's half): wake the one waiter, if any */
struct rcuwait;
int rcuwait_wake_up(struct rcuwait *w);
void finish_rcuwait(struct rcuwait *w);

#endif /* LB_KSHIM_WAIT_H */

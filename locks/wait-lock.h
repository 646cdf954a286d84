/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * wait-lock.h - the "wait-lock" lock option: which spinlock guards a queue
 *
 * qrwlock queues its waiters on an arch spinlock (a ticket lock up to x86
 * 4.1, a qspinlock from 4.2) and percpu-rwsem guards its wait queue with a
 * raw spinlock. lockbench builds both from its own spinlocks (inner.h); the
 * option --<lock>-wait-lock=NAME chooses which, and its value is reported
 * with every result (CSV and JSON lock_options), since the wait_lock's
 * kind moves the results.
 *
 * The sleeping locks' wait_lock (sleep.h) is chosen the same way. Each
 * lock's default is the spinlock of the kernel era it models: a ticket lock
 * up to x86 4.1, a qspinlock from 4.2 (Long 2015's qrwlock numbers were taken
 * on a 4.0 kernel with the qspinlock patch applied, so its two variants
 * default to qspinlock too).
 *
 * The values are lock names looked up in the registry. Another spinlock is
 * one more line in lb_wait_lock_names[] below; nothing else changes.
 */
#ifndef LB_LOCKS_WAIT_LOCK_H
#define LB_LOCKS_WAIT_LOCK_H

#include "inner.h"
#include "lock.h"
#include "registry.h"

/* The spinlocks a wait queue may be built from, by the option's value. */
static const char *const lb_wait_lock_names[] LB_UNUSED = {
	"ticket",	/* LB_WAIT_LOCK_TICKET: x86 up to 4.1 */
	"qspinlock",	/* LB_WAIT_LOCK_QSPINLOCK: 4.2 on */
	NULL,
};

#define LB_WAIT_LOCK_TICKET	0
#define LB_WAIT_LOCK_QSPINLOCK	1

/* LB_WAIT_LOCK_OPTION(def, help) - the option's row in a lock's options table */
#define LB_WAIT_LOCK_OPTION(d, h)						\
	{ .name = "wait-lock", .type = LB_LOCK_OPT_ENUM, .def = (d),		\
	  .values = lb_wait_lock_names, .help = (h) }

/* lb_wait_lock_ops() - the spinlock an option value names; NULL if unknown or not built */
static inline const struct lb_lock_ops *lb_wait_lock_ops(uint64_t value)
{
	const struct lb_lock_ops *ops;

	if (value >= LB_ARRAY_SIZE(lb_wait_lock_names) - 1)
		return NULL;
	ops = lb_lock_find(lb_wait_lock_names[value]);
	return ops && !ops->unavailable ? ops : NULL;
}

/**
 * lb_wait_lock_init() - set up the wait lock chosen by a wait-lock option
 * @in:       the outer lock's inner-lock record
 * @value:    the option's value (an index into lb_wait_lock_names[])
 * @mem:      LB_INNER_MAX_SIZE zeroed bytes in the outer lock
 * @cfg:      the outer lock's configuration
 * @priv_off: where the wait lock's per-thread data starts in the outer's
 * @ctr_base: the outer lock's first counter index the wait lock may use
 *
 * Return: 0 or -errno.
 */
static inline int lb_wait_lock_init(struct lb_inner *in, uint64_t value, void *mem,
				    const struct lb_lock_cfg *cfg, size_t priv_off,
				    unsigned ctr_base)
{
	const struct lb_lock_ops *ops = lb_wait_lock_ops(value);

	if (!ops)
		return -22;	/* -EINVAL */
	return lb_inner_init(in, ops, mem, cfg, priv_off, ctr_base);
}

#endif /* LB_LOCKS_WAIT_LOCK_H */

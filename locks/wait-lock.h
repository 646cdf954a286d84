/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * wait-lock.h - the "wait-lock" lock option: which spinlock guards a queue
 *
 * qrwlock queues its waiters on an arch spinlock (a ticket lock up to x86
 * 4.1, a qspinlock from 4.2) and percpu-rwsem guards its wait queue with a
 * raw spinlock. lockbench builds both from its own spinlocks (inner.h); the
 * option --<lock>-wait-lock=NAME chooses which, and its value is reported
 * with every result (CSV and JSON lock_options), as algorithms.md sections
 * 1.5 and 8 ask.
 *
 * The values are lock names looked up in the registry. Another spinlock is
 * one more line in lb_wait_lock_names[] below (e.g. "qspinlock", once that
 * lock exists); nothing else changes.
 */
#ifndef LB_LOCKS_WAIT_LOCK_H
#define LB_LOCKS_WAIT_LOCK_H

#include "inner.h"
#include "lock.h"
#include "registry.h"

/* The spinlocks a wait queue may be built from; the first is the default. */
static const char *const lb_wait_lock_names[] LB_UNUSED = {
	"ticket",
	NULL,
};

/* LB_WAIT_LOCK_OPTION - the option's row in a lock's options table */
#define LB_WAIT_LOCK_OPTION							\
	{ .name = "wait-lock", .type = LB_LOCK_OPT_ENUM, .def = 0,			\
	  .values = lb_wait_lock_names,						\
	  .help = "the spinlock that queues the waiters (one of lockbench's own)" }

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
	const struct lb_lock_ops *ops;

	if (value >= LB_ARRAY_SIZE(lb_wait_lock_names) - 1)
		return -22;	/* -EINVAL */
	ops = lb_lock_find(lb_wait_lock_names[value]);
	if (!ops || ops->unavailable)
		return -95;	/* -EOPNOTSUPP */
	return lb_inner_init(in, ops, mem, cfg, priv_off, ctr_base);
}

#endif /* LB_LOCKS_WAIT_LOCK_H */

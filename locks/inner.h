/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * inner.h - one of lockbench's spinlocks used as a part of another lock
 *
 * The kernel's sleeping locks guard their wait list with a raw spinlock
 * (wait_lock), and qrwlock queues its waiters on an arch spinlock: a ticket
 * lock up to x86 4.1, a qspinlock from 4.2. lockbench builds those parts
 * from its own spinlocks, chosen by a lock option and reported with the
 * results.
 *
 * The outer lock reserves LB_INNER_MAX_SIZE bytes for the inner lock, adds
 * the inner lock's tctx_size to its own and reserves counters for it.
 */
#ifndef LB_LOCKS_INNER_H
#define LB_LOCKS_INNER_H

#include "lock.h"

#define LB_INNER_MAX_SIZE	64	/* bytes an outer lock reserves for its inner lock */
#define LB_INNER_MAX_TCTX	512	/* per-thread bytes it may need (qspinlock: 4 nodes) */
#define LB_INNER_MAX_OPTS	16	/* options an inner lock may declare */

/* The spinlocks an outer lock may be built from, by name. */
extern const struct lb_lock_ops lb_lock_ticket;
extern const struct lb_lock_ops lb_lock_qspinlock;

/**
 * struct lb_inner - an inner lock and where its per-thread data lives
 * @ops:      the inner lock
 * @priv_off: offset of its per-thread area in the outer lock's
 * @ctr_base: index of its first counter among the outer lock's counters
 */
struct lb_inner {
	const struct lb_lock_ops *ops;
	size_t priv_off;
	unsigned ctr_base;
};

/* lb_inner_init() - set up @in over @mem (LB_INNER_MAX_SIZE bytes, zeroed) */
/*
 * The inner lock is initialised with its own options' defaults (cfg->opts
 * holds the outer lock's options, in the outer lock's order), and its
 * counters must fit after the outer lock's among LB_LOCK_MAX_COUNTERS.
 */
static inline int lb_inner_init(struct lb_inner *in, const struct lb_lock_ops *ops, void *mem,
				const struct lb_lock_cfg *cfg, size_t priv_off, unsigned ctr_base)
{
	uint64_t defs[LB_INNER_MAX_OPTS] = { 0 };
	struct lb_lock_cfg icfg = *cfg;
	unsigned n = 0;

	if (ops->lock_size > LB_INNER_MAX_SIZE || ops->tctx_size > LB_INNER_MAX_TCTX ||
	    ops->kind != LB_LOCK_EXCL)
		return -22;	/* -EINVAL: not usable as an inner lock */
	while (ops->counters && ops->counters[n])
		n++;
	if (ctr_base + n > LB_LOCK_MAX_COUNTERS)
		return -22;
	for (n = 0; ops->options && ops->options[n].name; n++) {
		if (n == LB_INNER_MAX_OPTS)
			return -22;
		defs[n] = ops->options[n].def;
	}
	icfg.opts = defs;
	in->ops = ops;
	in->priv_off = priv_off;
	in->ctr_base = ctr_base;
	return ops->init(mem, &icfg);
}

static inline int lb_inner_thread_init(const struct lb_inner *in, void *mem, struct lb_tctx *t)
{
	struct lb_tctx s = lb_tctx_sub(t, in->priv_off, in->ctr_base);

	return in->ops->thread_init ? in->ops->thread_init(mem, &s) : 0;
}

static inline void lb_inner_lock(const struct lb_inner *in, void *mem, struct lb_tctx *t)
{
	struct lb_tctx s = lb_tctx_sub(t, in->priv_off, in->ctr_base);

	in->ops->lock(mem, &s);
}

static inline bool lb_inner_trylock(const struct lb_inner *in, void *mem, struct lb_tctx *t)
{
	struct lb_tctx s = lb_tctx_sub(t, in->priv_off, in->ctr_base);

	return in->ops->trylock(mem, &s);
}

static inline void lb_inner_unlock(const struct lb_inner *in, void *mem, struct lb_tctx *t)
{
	struct lb_tctx s = lb_tctx_sub(t, in->priv_off, in->ctr_base);

	in->ops->unlock(mem, &s);
}

#endif /* LB_LOCKS_INNER_H */

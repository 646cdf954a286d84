// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ttas.c - test-and-test-and-set spinlock with exponential backoff
 *
 * Algorithm: Rudolph and Segall's "test-and-test-and-set" (ISCA 1984):
 * waiters spin reading the lock word in their own cache and try the
 * atomic exchange only when it reads free, so a held lock costs no
 * coherence traffic until it is released. When the exchange still fails
 * (another waiter got there first), the waiter backs off for an
 * exponentially growing number of pauses before it looks again: the
 * "test_and_set lock with exponential backoff" of Mellor-Crummey and
 * Scott, "Algorithms for scalable synchronization on shared-memory
 * multiprocessors", ACM TOCS 9(1), 1991, section 2.1, and Anderson, "The
 * performance of spin lock alternatives for shared-memory
 * multiprocessors", IEEE TPDS 1(1), 1990, section 3. The delay starts at
 * --ttas-backoff-min pauses and doubles after each failed exchange up to
 * --ttas-backoff-max; it starts over at every acquisition.
 *
 * Lock word:
 *	 0-31: 0 free, 1 held
 *	initial value 0
 * The backoff bounds sit on the next cache line, read-only, so that a
 * waiter reading them does not touch the contended line.
 *
 * States: (locked)
 *	lock:    0 -> 1 by xchg, tried only after a plain load read 0
 *	unlock:  1 -> 0 by the owner's store
 *	trylock: 0 -> 1 by xchg, once
 *
 * Ordering: the winning xchg is an acquire (pairs with the release store
 * in ttas_unlock()); the read-only spin is relaxed because the xchg that
 * follows it is what takes the lock; unlock is a release store.
 *
 * Progress and fairness: deadlock-free, not starvation-free: whoever's
 * exchange reaches the line first after a release wins, whatever the
 * arrival order, and a waiter in a long backoff loses to fresh arrivals.
 * Counters show how often exchanges lost: "backoffs" per "spin-waits".
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"

struct ttas {
	uint32_t locked;		/* 0 free, 1 held */
	struct {
		uint64_t backoff_min;	/* pauses after the first failed exchange */
		uint64_t backoff_max;	/* the cap of the doubling */
	} cfg LB_ALIGNED;
};

static const char *const ttas_counters[] = {
	"spin-waits",	/* acquisitions that did not get the lock at the first try */
	"backoffs",	/* exchanges that lost the race after the word read free */
	NULL,
};

enum { CTR_SPIN_WAITS, CTR_BACKOFFS };

static const struct lb_lock_option ttas_options[] = {
	{ .name = "backoff-min", .type = LB_LOCK_OPT_U64, .min = 1, .max = 1048576, .def = 4,
	  .help = "pauses a waiter backs off after its first failed exchange" },
	{ .name = "backoff-max", .type = LB_LOCK_OPT_U64, .min = 1, .max = 1048576, .def = 1024,
	  .help = "pauses the doubling backoff stops growing at" },
	{ .name = NULL },
};

enum { OPT_BACKOFF_MIN, OPT_BACKOFF_MAX };

static int ttas_check_options(const uint64_t *opts, char *why, size_t len)
{
	if (opts[OPT_BACKOFF_MIN] <= opts[OPT_BACKOFF_MAX])
		return 0;
	snprintf(why, len, "--ttas-backoff-min=%llu: above --ttas-backoff-max=%llu",
		 (unsigned long long)opts[OPT_BACKOFF_MIN], (unsigned long long)opts[OPT_BACKOFF_MAX]);
	return -1;
}

static int ttas_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct ttas *l = lock;

	l->cfg.backoff_min = cfg->opts[OPT_BACKOFF_MIN];
	l->cfg.backoff_max = cfg->opts[OPT_BACKOFF_MAX];
	return 0;
}

static LB_NOINLINE void ttas_lock_slow(struct ttas *l, struct lb_tctx *t)
{
	uint64_t delay = l->cfg.backoff_min, max = l->cfg.backoff_max;

	lb_count(t, CTR_SPIN_WAITS);
	for (;;) {
		/* test: relaxed, read-only; the xchg below is the acquire */
		while (lb_load_relaxed(&l->locked))
			lb_cpu_relax();
		/* and set: 0 -> 1; acquire: pairs with the release store in ttas_unlock() */
		if (lb_xchg_acquire(&l->locked, 1) == 0)
			return;
		/* someone else's exchange came first: back off, then look again */
		lb_count(t, CTR_BACKOFFS);
		lb_pause_n(delay);
		delay = delay > max / 2 ? max : delay * 2;
	}
}

static void ttas_lock(void *lock, struct lb_tctx *t)
{
	struct ttas *l = lock;

	/* 0 -> 1; acquire as in ttas_lock_slow(); test first, as every waiter does */
	if (lb_likely(lb_load_relaxed(&l->locked) == 0 && lb_xchg_acquire(&l->locked, 1) == 0))
		return;
	ttas_lock_slow(l, t);
}

static bool ttas_trylock(void *lock, struct lb_tctx *t)
{
	struct ttas *l = lock;

	/* 0 -> 1; acquire as in ttas_lock() */
	return lb_load_relaxed(&l->locked) == 0 && lb_xchg_acquire(&l->locked, 1) == 0;
}

static void ttas_unlock(void *lock, struct lb_tctx *t)
{
	struct ttas *l = lock;

	/* 1 -> 0; release: the critical section before the next owner's xchg */
	lb_store_release(&l->locked, 0);
}

static bool ttas_is_locked(void *lock)
{
	struct ttas *l = lock;

	return lb_load_relaxed(&l->locked) != 0;
}

static int ttas_describe(void *lock, char *buf, size_t len)
{
	struct ttas *l = lock;

	return snprintf(buf, len, "locked=%u (backoff %llu..%llu pauses)",
			lb_load_relaxed(&l->locked), (unsigned long long)l->cfg.backoff_min,
			(unsigned long long)l->cfg.backoff_max);
}

LB_LOCK_LOOP(ttas_loop, ttas_lock, ttas_unlock, ttas_lock, ttas_unlock)

const struct lb_lock_ops lb_lock_ttas = {
	.name = "ttas",
	.desc = "test-and-test-and-set with exponential backoff (Rudolph & Segall 1984, MCS 1991)",
	.follows = "Rudolph & Segall, ISCA 1984, with the exponential backoff of Mellor-Crummey & "
		"Scott, TOCS 1991, section 2.1",
	.deviations = "backs off only after an exchange lost once the word read free; delays "
		"counted in pauses",
	.family = "spin",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct ttas),
	.init = ttas_init,
	.lock = ttas_lock,
	.unlock = ttas_unlock,
	.loop = ttas_loop,
	.trylock = ttas_trylock,
	.is_locked = ttas_is_locked,
	.describe = ttas_describe,
	.options = ttas_options,
	.check_options = ttas_check_options,
	.counters = ttas_counters,
};

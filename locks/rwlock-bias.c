// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rwlock-bias.c - the x86 rwlock before qrwlock (RW_LOCK_BIAS)
 *
 * Algorithm: the arch rwlock of x86 Linux up to 4.1 (arch/x86/include/
 * asm/spinlock.h and rwlock.h, arch/x86/lib/rwlock.S of the 3.x series):
 * one counter that starts at a large bias; a reader takes one unit, a
 * writer takes the whole bias, and a failed attempt gives its share back
 * and spins until the counter says the attempt could succeed. The
 * reference baseline qrwlock replaced. Reimplemented from the description
 * in the published description; no code was taken from the kernel.
 *
 * Lock word (a signed 32-bit counter):
 *	 0-31: RW_LOCK_BIAS - readers - RW_LOCK_BIAS * writer,
 *	       RW_LOCK_BIAS = 0x00100000 (3.x, up to 2048 CPUs)
 *	initial value RW_LOCK_BIAS (free); transiently lower by the shares of
 *	attempts that are about to be given back
 *
 * States: (c) the counter.
 *	read lock:    c -> c-1, kept if c-1 >= 0; else c-1 -> c (undo), spin
 *	              while c < 1, retry
 *	write lock:   c -> c-BIAS, kept if c-BIAS == 0; else back to c, spin
 *	              while c != BIAS, retry
 *	read unlock:  c -> c+1          write unlock: c -> c+BIAS
 *	trylocks:     the same first step, undone on failure
 *
 * Ordering: the lock-side decrement and subtraction are fully ordered (x86
 * LOCK decl/subl); the unlocks are releases that pair with them; the
 * undos are relaxed (they give back a share that never entered), and the
 * spins are relaxed loads followed by a fully ordered retry.
 *
 * Progress and fairness: reader-preferring. A waiting writer does not keep
 * new readers out (it only waits for the counter to read BIAS), so a
 * steady stream of overlapping readers starves writers; reads nest and may
 * be taken from interrupts. Under contention the undo/redo pairs keep the
 * line bouncing. Counters: read-undos, write-undos (failed first steps).
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"

#define RWB_BIAS	0x00100000	/* RW_LOCK_BIAS: a writer's share; free value */

struct rwlock_bias {
	int32_t cnt;	/* BIAS - readers - BIAS * writer */
};

static const char *const rwlock_bias_counters[] = {
	"read-undos",	/* reader decrements that had to be given back */
	"write-undos",	/* writer subtractions that had to be given back */
	NULL,
};

enum { CTR_READ_UNDOS, CTR_WRITE_UNDOS };

static int rwlock_bias_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct rwlock_bias *l = lock;

	/* (0) -> (BIAS): free; published to the threads by their creation */
	lb_store_relaxed(&l->cnt, RWB_BIAS);
	return 0;
}

/* __read_lock_failed: give the unit back, wait until one is free, retry */
static LB_NOINLINE void rwlock_bias_read_slow(struct rwlock_bias *l, struct lb_tctx *t)
{
	do {
		lb_count(t, CTR_READ_UNDOS);
		/* c-1 -> c; relaxed: this share never entered */
		lb_fetch_add_relaxed(&l->cnt, 1);
		lb_cond_load_relaxed(&l->cnt, !(VAL < 1));
		/* c -> c-1; fully ordered: the acquire that pairs with both unlocks */
	} while (lb_fetch_sub_full(&l->cnt, 1) - 1 < 0);
}

static inline void rwlock_bias_read_lock(void *lock, struct lb_tctx *t)
{
	struct rwlock_bias *l = lock;

	/* c -> c-1; fully ordered (LOCK decl): pairs with the unlocks' releases */
	if (lb_unlikely(lb_fetch_sub_full(&l->cnt, 1) - 1 < 0))
		rwlock_bias_read_slow(l, t);
}

static inline void rwlock_bias_read_unlock(void *lock, struct lb_tctx *t)
{
	struct rwlock_bias *l = lock;

	/* c -> c+1; release: the read section before a writer's subtraction */
	lb_fetch_add_release(&l->cnt, 1);
}

static bool rwlock_bias_read_trylock(void *lock, struct lb_tctx *t)
{
	struct rwlock_bias *l = lock;

	/* c -> c-1; fully ordered as in read_lock */
	if (lb_fetch_sub_full(&l->cnt, 1) - 1 >= 0)
		return true;
	/* c-1 -> c; relaxed: we never entered */
	lb_fetch_add_relaxed(&l->cnt, 1);
	return false;
}

/* __write_lock_failed: give the bias back, wait for a free lock, retry */
static LB_NOINLINE void rwlock_bias_write_slow(struct rwlock_bias *l, struct lb_tctx *t)
{
	do {
		lb_count(t, CTR_WRITE_UNDOS);
		/* c-BIAS -> c; relaxed: this share never entered */
		lb_fetch_add_relaxed(&l->cnt, RWB_BIAS);
		lb_cond_load_relaxed(&l->cnt, VAL == RWB_BIAS);
		/* BIAS -> 0; fully ordered: pairs with both unlocks */
	} while (lb_fetch_sub_full(&l->cnt, RWB_BIAS) != RWB_BIAS);
}

static inline void rwlock_bias_lock(void *lock, struct lb_tctx *t)
{
	struct rwlock_bias *l = lock;

	/* c -> c-BIAS, kept when it reaches 0; fully ordered (LOCK subl) */
	if (lb_unlikely(lb_fetch_sub_full(&l->cnt, RWB_BIAS) != RWB_BIAS))
		rwlock_bias_write_slow(l, t);
}

static inline void rwlock_bias_unlock(void *lock, struct lb_tctx *t)
{
	struct rwlock_bias *l = lock;

	/* 0 -> BIAS; release: the write section before the next acquire */
	lb_fetch_add_release(&l->cnt, RWB_BIAS);
}

static bool rwlock_bias_trylock(void *lock, struct lb_tctx *t)
{
	struct rwlock_bias *l = lock;

	/* BIAS -> 0; fully ordered as in lock */
	if (lb_fetch_sub_full(&l->cnt, RWB_BIAS) == RWB_BIAS)
		return true;
	/* c-BIAS -> c; relaxed: we never entered */
	lb_fetch_add_relaxed(&l->cnt, RWB_BIAS);
	return false;
}

static bool rwlock_bias_is_locked(void *lock)
{
	struct rwlock_bias *l = lock;

	/* a holding writer leaves at most 0 (less while failing attempts are in flight) */
	return lb_load_relaxed(&l->cnt) <= 0;
}

static int rwlock_bias_describe(void *lock, char *buf, size_t len)
{
	struct rwlock_bias *l = lock;
	int32_t c = lb_load_relaxed(&l->cnt);

	return snprintf(buf, len, "cnt=%d (0x%08x; free at 0x%08x): %s, %d unit(s) taken", c,
			(uint32_t)c, RWB_BIAS, c <= 0 ? "a writer's share is in" :
			c == RWB_BIAS ? "free" : "readers only", RWB_BIAS - c);
}

LB_LOCK_LOOP(rwlock_bias_loop, rwlock_bias_lock, rwlock_bias_unlock, rwlock_bias_read_lock,
	     rwlock_bias_read_unlock)

const struct lb_lock_ops lb_lock_rwlock_bias = {
	.name = "rwlock-bias",
	.desc = "x86 rwlock before qrwlock (RW_LOCK_BIAS counter): reader-preferring, undo and retry",
	.follows = "the x86 arch rwlock of Linux 3.x (RW_LOCK_BIAS, arch/x86/lib/rwlock.S)",
	.deviations = "none",
	.family = "spin",
	.kind = LB_LOCK_RW,
	.flags = LB_LOCK_F_SIGSAFE_READ | LB_LOCK_F_PSHARED, /* readers spin only; recursive reads always get in */
	.lock_size = sizeof(struct rwlock_bias),
	.init = rwlock_bias_init,
	.lock = rwlock_bias_lock,
	.unlock = rwlock_bias_unlock,
	.trylock = rwlock_bias_trylock,
	.read_lock = rwlock_bias_read_lock,
	.read_unlock = rwlock_bias_read_unlock,
	.read_trylock = rwlock_bias_read_trylock,
	.loop = rwlock_bias_loop,
	.is_locked = rwlock_bias_is_locked,
	.describe = rwlock_bias_describe,
	.counters = rwlock_bias_counters,
};

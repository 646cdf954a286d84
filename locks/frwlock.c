// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * frwlock.c - Mathieu Desnoyers' fair low-latency rwlock (v5, August 2008)
 *
 * Algorithm: "[RFC PATCH] Fair low-latency rwlock v5" (LKML, 17-19 August
 * 2008, Desnoyers 2008) and its test module test-fair-rwlock.c. One word holds a
 * reader count per context class (thread, softirq, hardirq), a count of
 * subscribed writers and three writer bits. A writer first subscribes,
 * which keeps new thread readers out (fairness for writers), then takes
 * WRITER_MUTEX once the thread readers are gone, and only then excludes
 * softirq and then hardirq readers, disabling each class locally just
 * before, so interrupt readers wait at most for a write critical section,
 * never for a slow thread reader (low interrupt latency). Readers enter by
 * cmpxchg, never by a blind add, so a reader is counted only when nothing
 * excluded it. Reimplemented from the published description cited here: the bit layout,
 * the API and the writer fast path's shape are Desnoyers'; the step order,
 * the exclusion sets, the trylocks and the memory orders are that
 * section's reconstruction (the v5 code itself was not retrievable).
 *
 * Lock word (64 bits; NR = the smallest power of two greater than the
 * thread count, k = log2(NR), so no count can carry into the next field;
 * NR = 16, k = 4 gives Desnoyers' example 0xf, 0xf0, 0xf00, 0xf000,
 * 0x10000, 0x20000, 0x40000):
 *	      0 .. k-1 : thread reader count     (THREAD_ROFFSET = 1)
 *	     k .. 2k-1 : softirq reader count    (SOFTIRQ_ROFFSET = NR)
 *	    2k .. 3k-1 : hardirq reader count    (HARDIRQ_ROFFSET = NR^2)
 *	    3k .. 4k-1 : subscribed writers      (SUBSCRIBERS_WOFFSET = NR^3)
 *	            4k : WRITER_MUTEX
 *	          4k+1 : SOFTIRQ_WMASK
 *	          4k+2 : HARDIRQ_WMASK
 *	initial value 0
 *
 * States: (t, s, h, subs, M, S, H).
 *	reader in context C: if C's exclusion is clear, +1 on C's count by
 *	    cmpxchg; exclusion: thread - subs > 0 or M; softirq - S; hardirq - H
 *	write_lock_irq: fast: (0,0,0,0,0,0,0) -> (0,0,0,0,1,1,1) with bh and
 *	    irq disabled; slow: (subs) -> (subs+1); wait for t == 0 and M == 0,
 *	    then (0,s,h,subs,0,0,0) -> (0,s,h,subs-1,1,0,0); disable bh,
 *	    S := 1, wait for s == 0; disable irq, H := 1, wait for h == 0
 *	write_unlock_irq: (0,0,0,subs,1,1,1) -> (0,0,0,subs,0,0,0), enable
 *	    irq, then bh
 *	write_lock (thread readers only): steps up to M; unlock clears M
 *	trylock (subscribed): subscribe once; each attempt: if no reader, no
 *	    M, S or H: (0,0,0,subs,0,0,0) -> (0,0,0,subs-1,1,1,1)
 *
 * Ordering: a reader's cmpxchg is the acquire (failure relaxed) that pairs
 * with the writer's release fetch_sub at unlock; reader unlock is a release
 * fetch_sub that pairs with the writer's acquire cmpxchg taking M and its
 * acquire loads waiting for the softirq and hardirq counts to drain.
 * Setting S and H is fully ordered (a reader counted before it is seen by
 * the drain loop; one after it sees the bit); subscription and
 * unsubscription are relaxed (they admit no one).
 *
 * Progress and fairness: writers are favoured over thread readers (a
 * subscription keeps new ones out; frequent writers can starve them);
 * interrupt readers are held off only for the last stages; writers among
 * themselves race for M. Nested thread read locking while a writer is
 * subscribed deadlocks, as in the original; interrupt readers nested in a
 * thread reader do not. Spinning only: the read side is async-signal-safe
 * (LB_LOCK_F_SIGSAFE_READ), and the writer masks the emulated interrupt
 * classes (lb_local_bh/irq_disable() in lock.h) for exactly the stretches
 * the kernel disables them (LB_LOCK_F_IRQ_WRITE).
 * Counters: read-waits (reader attempts that found their exclusion set),
 * write-slow, trylock-fails.
 */
#include "config.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>

#include "frwlock.h"
#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"

/* The per-thread part: whether this thread holds a writer subscription. */
struct frw_tctx {
	uint32_t subscribed;
};

static const char *const frwlock_counters[] = {
	"read-waits",		/* reader attempts that found their context excluded */
	"write-slow",		/* writers that subscribed and waited */
	"trylock-fails",	/* failed subscribed writer trylocks */
	NULL,
};

enum { CTR_READ_WAITS, CTR_WRITE_SLOW, CTR_TRYLOCK_FAILS };

static const char *const frwlock_fast_values[] = { "read-first", "cmpxchg", NULL };

static const struct lb_lock_option frwlock_options[] = {
	{ .name = "writer-fast", .type = LB_LOCK_OPT_ENUM, .def = 0, .values = frwlock_fast_values,
	  .help = "writer fast path: read-first (v5: read the word, cmpxchg only if it is 0) or "
		  "cmpxchg (at once, as Linus Torvalds asked in review)" },
	{ .name = NULL },
};

enum { OPT_WRITER_FAST };

static int frwlock_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct lb_frwlock *l = lock;
	unsigned k = 1;

	/* NR strictly greater than the thread count: no count field can fill up */
	while ((1ull << k) <= cfg->nthreads)
		k++;
	if (k > LB_FRW_MAX_BITS)
		return -EINVAL;
	l->nr = 1ull << k;
	l->bits = k;
	for (unsigned c = 0; c < LB_FRW_NCTX; c++) {
		l->roffset[c] = 1ull << (c * k);
		l->rmask[c] = (l->nr - 1) << (c * k);
	}
	l->sub_off = 1ull << (3 * k);
	l->sub_mask = (l->nr - 1) << (3 * k);
	l->mutex = 1ull << (4 * k);
	l->soft_wmask = l->mutex << 1;
	l->hard_wmask = l->mutex << 2;
	l->rexcl[LB_CTX_THREAD] = l->sub_mask | l->mutex;
	l->rexcl[LB_CTX_SOFTIRQ] = l->soft_wmask;
	l->rexcl[LB_CTX_HARDIRQ] = l->hard_wmask;
	l->cas_first = cfg->opts && cfg->opts[OPT_WRITER_FAST] == 1;
	return 0;
}

/* Every count field stays at most NR - 1 (the field below may not carry). */
static LB_ALWAYS_INLINE void frw_check_room(const struct lb_frwlock *l, uint64_t v, uint64_t mask)
{
	assert((v & mask) != mask && "frwlock: a count field is full");
	(void)l, (void)v, (void)mask;
}

/* Spin until context @c may try again; returns the word last read. */
static LB_NOINLINE uint64_t frw_read_wait(struct lb_frwlock *l, struct lb_tctx *t, unsigned c)
{
	uint64_t v;

	lb_count(t, CTR_READ_WAITS);
	do {
		lb_cpu_relax();
		v = lb_load_relaxed(&l->word);
	} while (v & l->rexcl[c]);
	return v;
}

static inline void frwlock_read_lock(void *lock, struct lb_tctx *t)
{
	struct lb_frwlock *l = lock;
	const unsigned c = t->context;
	uint64_t v = lb_load_relaxed(&l->word);

	for (;;) {
		if (lb_unlikely(v & l->rexcl[c])) {
			v = frw_read_wait(l, t, c);
			continue;
		}
		frw_check_room(l, v, l->rmask[c]);
		/* (.., n_c, ..) -> (.., n_c + 1, ..); acquire: pairs with the writer's release */
		if (lb_cmpxchg_acquire(&l->word, &v, v + l->roffset[c]))
			return;
	}
}

static bool frwlock_read_trylock(void *lock, struct lb_tctx *t)
{
	struct lb_frwlock *l = lock;
	const unsigned c = t->context;
	uint64_t v = lb_load_relaxed(&l->word);

	/* retry only while what changed the word does not exclude us (another reader) */
	while (!(v & l->rexcl[c])) {
		frw_check_room(l, v, l->rmask[c]);
		/* (.., n_c, ..) -> (.., n_c + 1, ..); acquire as in read_lock */
		if (lb_cmpxchg_acquire(&l->word, &v, v + l->roffset[c]))
			return true;
	}
	return false;
}

static inline void frwlock_read_unlock(void *lock, struct lb_tctx *t)
{
	struct lb_frwlock *l = lock;

	/* (.., n_c + 1, ..) -> (.., n_c, ..); release: the read section before a writer's acquire */
	lb_fetch_sub_release(&l->word, l->roffset[t->context]);
}

/* Steps 1 and 2: subscribe, then trade the subscription for WRITER_MUTEX. */
static void frw_write_mutex(struct lb_frwlock *l, struct lb_tctx *t)
{
	uint64_t v;

	lb_count(t, CTR_WRITE_SLOW);
	/* (subs) -> (subs+1); relaxed: it only turns new thread readers away */
	v = lb_fetch_add_relaxed(&l->word, l->sub_off) + l->sub_off;
	frw_check_room(l, v - l->sub_off, l->sub_mask);
	for (;;) {
		if (v & (l->rmask[LB_CTX_THREAD] | l->mutex)) {
			lb_cpu_relax();
			v = lb_load_relaxed(&l->word);
			continue;
		}
		/*
		 * (0, s, h, subs, 0, 0, 0) -> (0, s, h, subs-1, 1, 0, 0); acquire:
		 * pairs with the last thread reader's and the last writer's release
		 */
		if (lb_cmpxchg_acquire(&l->word, &v, v - l->sub_off + l->mutex))
			return;
	}
}

/* Set one writer mask bit (fully ordered), then wait for that class to drain. */
static void frw_exclude(struct lb_frwlock *l, uint64_t bit, uint64_t count_mask)
{
	/* (.., X=0) -> (.., X=1); seq_cst: a reader counted before it shows in the loads below */
	uint64_t v = lb_fetch_add_full(&l->word, bit) + bit;

	while (v & count_mask) {
		lb_cpu_relax();
		/* acquire: pairs with the class's last reader's release */
		v = lb_load_acquire(&l->word);
	}
}

static LB_NOINLINE void frwlock_lock_slow(struct lb_frwlock *l, struct lb_tctx *t)
{
	lb_torture_point(t);	/* --torture: widen the window the fast path left */
	frw_write_mutex(l, t);
	lb_local_bh_disable(t);
	frw_exclude(l, l->soft_wmask, l->rmask[LB_CTX_SOFTIRQ]);
	lb_local_irq_disable(t);
	frw_exclude(l, l->hard_wmask, l->rmask[LB_CTX_HARDIRQ]);
}

/* write_lock_irq: exclusion against every reader class */
static inline void frwlock_lock(void *lock, struct lb_tctx *t)
{
	struct lb_frwlock *l = lock;
	const uint64_t all = l->mutex | l->soft_wmask | l->hard_wmask;
	uint64_t zero = 0;

	/* v5's fast path reads first and tries only a free word; "cmpxchg" tries at once */
	if (l->cas_first || lb_load_relaxed(&l->word) == 0) {
		lb_local_bh_disable(t);
		lb_local_irq_disable(t);
		/* (0,0,0,0,0,0,0) -> (0,0,0,0,1,1,1); acquire: pairs with every unlock's release */
		if (lb_likely(lb_cmpxchg_acquire(&l->word, &zero, all)))
			return;
		lb_local_irq_enable(t);
		lb_local_bh_enable(t);
	}
	frwlock_lock_slow(l, t);
}

/* write_unlock_irq */
static inline void frwlock_unlock(void *lock, struct lb_tctx *t)
{
	struct lb_frwlock *l = lock;

	/* (0,0,0,subs,1,1,1) -> (0,0,0,subs,0,0,0); release: the write section first */
	lb_fetch_sub_release(&l->word, l->mutex | l->soft_wmask | l->hard_wmask);
	lb_local_irq_enable(t);
	lb_local_bh_enable(t);
}

void lb_frwlock_write_lock(void *lock, struct lb_tctx *t)
{
	struct lb_frwlock *l = lock;
	uint64_t zero = 0;

	/* (0,0,0,0,0,0,0) -> (0,0,0,0,1,0,0); acquire as in frwlock_lock() */
	if ((l->cas_first || lb_load_relaxed(&l->word) == 0) &&
	    lb_cmpxchg_acquire(&l->word, &zero, l->mutex))
		return;
	frw_write_mutex(l, t);
}

void lb_frwlock_write_unlock(void *lock, struct lb_tctx *t)
{
	struct lb_frwlock *l = lock;

	/* (0,s,h,subs,1,0,0) -> (0,s,h,subs,0,0,0); release: the write section first */
	lb_fetch_sub_release(&l->word, l->mutex);
}

bool lb_frwlock_subscribed(const struct lb_tctx *t)
{
	const struct frw_tctx *me = t->priv;

	return me->subscribed != 0;
}

void lb_frwlock_write_subscribe(void *lock, struct lb_tctx *t)
{
	struct lb_frwlock *l = lock;
	struct frw_tctx *me = t->priv;

	if (me->subscribed)
		return;
	/* (subs) -> (subs+1); relaxed: it admits no one */
	frw_check_room(l, lb_fetch_add_relaxed(&l->word, l->sub_off), l->sub_mask);
	me->subscribed = 1;
}

void lb_frwlock_write_unsubscribe(void *lock, struct lb_tctx *t)
{
	struct lb_frwlock *l = lock;
	struct frw_tctx *me = t->priv;

	if (!me->subscribed)
		return;
	/* (subs+1) -> (subs); relaxed: it only lets thread readers try again */
	lb_fetch_sub_relaxed(&l->word, l->sub_off);
	me->subscribed = 0;
}

bool lb_frwlock_write_trylock_subscribed(void *lock, struct lb_tctx *t)
{
	struct lb_frwlock *l = lock;
	struct frw_tctx *me = t->priv;
	const uint64_t busy = l->rmask[LB_CTX_THREAD] | l->rmask[LB_CTX_SOFTIRQ] |
			      l->rmask[LB_CTX_HARDIRQ] | l->mutex | l->soft_wmask | l->hard_wmask;
	uint64_t v;

	lb_local_bh_disable(t);
	lb_local_irq_disable(t);
	v = lb_load_relaxed(&l->word);
	while (!(v & busy)) {
		/*
		 * (0,0,0,subs,0,0,0) -> (0,0,0,subs-1,1,1,1): the subscription
		 * becomes ownership; acquire: pairs with every unlock's release
		 */
		if (lb_cmpxchg_acquire(&l->word, &v, v - l->sub_off + (l->mutex | l->soft_wmask |
									 l->hard_wmask))) {
			me->subscribed = 0;
			return true;
		}
	}
	lb_local_irq_enable(t);
	lb_local_bh_enable(t);
	return false;
}

/*
 * The ops' trylock: write_trylock_irq_else_subscribe. The first failure
 * leaves the caller subscribed, so that repeated attempts win against
 * thread readers; a success ends the subscription. A caller that gives up
 * calls lb_frwlock_write_unsubscribe() (thread_fini() does it too).
 */
static bool frwlock_trylock(void *lock, struct lb_tctx *t)
{
	lb_frwlock_write_subscribe(lock, t);
	if (lb_frwlock_write_trylock_subscribed(lock, t))
		return true;
	lb_count(t, CTR_TRYLOCK_FAILS);
	return false;
}

static void frwlock_thread_fini(void *lock, struct lb_tctx *t)
{
	lb_frwlock_write_unsubscribe(lock, t);
}

static bool frwlock_is_locked(void *lock)
{
	struct lb_frwlock *l = lock;

	return (lb_load_relaxed(&l->word) & l->mutex) != 0;
}

static int frwlock_describe(void *lock, char *buf, size_t len)
{
	struct lb_frwlock *l = lock;
	uint64_t v = lb_load_relaxed(&l->word), f = l->nr - 1;
	unsigned k = l->bits;

	return snprintf(buf, len, "word=0x%016llx (NR=%llu): readers thread=%llu softirq=%llu "
			"hardirq=%llu, subscribers=%llu, WRITER_MUTEX=%d SOFTIRQ_WMASK=%d "
			"HARDIRQ_WMASK=%d", (unsigned long long)v, (unsigned long long)l->nr,
			(unsigned long long)(v & f), (unsigned long long)((v >> k) & f),
			(unsigned long long)((v >> 2 * k) & f), (unsigned long long)((v >> 3 * k) & f),
			!!(v & l->mutex), !!(v & l->soft_wmask), !!(v & l->hard_wmask));
}

LB_LOCK_LOOP(frwlock_loop, frwlock_lock, frwlock_unlock, frwlock_read_lock, frwlock_read_unlock)

const struct lb_lock_ops lb_lock_frwlock = {
	.name = "frwlock",
	.desc = "Desnoyers' fair low-latency rwlock v5 (2008): writer subscription, per-context readers",
	.follows = "Desnoyers, Fair low-latency rwlock v5 (LKML RFC, August 2008)",
	.deviations = "v5's code not found: step order, exclusion sets, trylocks and memory orders "
		"reconstructed; interrupts emulated",
	.family = "spin",
	.kind = LB_LOCK_RW,
	.flags = LB_LOCK_F_SIGSAFE_READ | LB_LOCK_F_IRQ_WRITE | LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct lb_frwlock),
	.tctx_size = sizeof(struct frw_tctx),
	.init = frwlock_init,
	.thread_fini = frwlock_thread_fini,
	.lock = frwlock_lock,
	.unlock = frwlock_unlock,
	.trylock = frwlock_trylock,
	.write_subscribe = lb_frwlock_write_subscribe,
	.write_trylock_subscribed = lb_frwlock_write_trylock_subscribed,
	.write_unsubscribe = lb_frwlock_write_unsubscribe,
	.read_lock = frwlock_read_lock,
	.read_unlock = frwlock_read_unlock,
	.read_trylock = frwlock_read_trylock,
	.loop = frwlock_loop,
	.is_locked = frwlock_is_locked,
	.describe = frwlock_describe,
	.options = frwlock_options,
	.counters = frwlock_counters,
};

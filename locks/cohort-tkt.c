// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cohort-tkt.c - the C-TKT-TKT cohort lock: a global ticket lock and one
 * local ticket lock per lock domain
 *
 * Algorithm: David Dice, Virendra J. Marathe and Nir Shavit, "Lock
 * Cohorting: A General Technique for Designing NUMA Locks", PPoPP 2012
 * (and ACM TOPC 1(2), 2015), the C-TKT-TKT lock; reimplemented from the
 * paper's description, no code taken. In the
 * paper's words: a *global* lock that is *thread-oblivious* (it may be
 * released by a thread other than the one that acquired it: a ticket lock,
 * whose release is an increment of the grant field) and, per NUMA node, a
 * *local* lock that is *cohort-detecting* (its holder can tell whether
 * another thread of its *cohort* waits for it: for a ticket lock, a
 * request field more than one ahead of the grant). A thread takes its
 * local lock, then the global one, unless the local lock was released to
 * it in the *local release* state, with the global lock still held for
 * the cohort. The holder releases locally (keeps the global lock) while a
 * cohort member waits and fewer than the *may-pass-local* bound of
 * consecutive local hand-offs were made (--cohort-tkt-threshold, default
 * 64: the paper's may-pass-local test, PPoPP 2012 section 3, a count of
 * consecutive local hand-offs against a bound, so at most threshold + 1
 * critical sections per turn [R: the bound's value in the paper's
 * experiments was not checked: the search tool holds the papers' first
 * pages only; 64 is lockbench's]); else it releases the global lock, then
 * the local one. Cohorts here are lock
 * domains (lb_tctx.domain: NUMA node, package, L3 group, or pretend).
 *
 * Lock word: the global ticket lock, on its own cache line:
 *	 0-15: grant (head) - the ticket being served
 *	16-31: request (tail) - the next ticket
 *	initial value 0
 * then two cache lines per domain (LB_MAX_DOMAINS of them, so the object's
 * size does not depend on the run):
 *	line 1: word - the local ticket lock, 64 bits, the line the domain's
 *	        waiters spin on, nothing else on it:
 *	         0-15: grant - the ticket being served
 *	           16: passed - released locally: the global lock is the
 *	               cohort's (the paper's top-granted)
 *	        17-31: run - local hand-offs in a row before this grant
 *	        32-47: request - the next ticket (48-63: its carries, unused)
 *	        initial value 0. The holder writes bits 0-31 with one release
 *	        store (only it writes them; arrivals add to bits 32-63), so the
 *	        state of a hand-off comes with the grant its receiver spins on.
 *	        (With top_granted and run on a line of their own, written by
 *	        each holder and read by the next, a local hand-off cost two
 *	        more transfers: at 4-32 simulated threads of one socket (a
 *	        synthetic machine, the generic profile) it ran 11-19% below
 *	        ticket.)
 *	line 2: threshold - the bound, a copy per domain, read-only
 *
 * States: per domain d (L_d with its passed and run), global G.
 *	lock:   take a ticket of L_d, wait for it; if passed: done (the cohort
 *	        holds G); else take a ticket of G, wait for it (run is 0)
 *	unlock: another ticket of L_d is out and run < threshold: grant L_d +
 *	        1 with passed and run + 1 (local hand-off); else grant G + 1,
 *	        then grant L_d + 1 with passed and run 0
 *
 * Ordering: each ticket take is a fully ordered xadd; each wait for a
 * grant is an acquire that pairs with the release store of that grant,
 * which carries passed and run; the global grant is released before the
 * local one, so a local successor that was not passed the global lock
 * queues behind the release.
 *
 * Progress and fairness: FIFO within a domain and among domains (both
 * ticket locks), but a domain keeps the lock for up to threshold + 1
 * critical sections in a row while its threads wait: other domains wait
 * that long. Counters (lockbench(1), COUNTERS): local-handoffs,
 * remote-handoffs (G passed to a waiting domain, counted by the receiver:
 * a global acquisition that had to wait; a thread waits for G only while
 * its own cohort does not hold it), longest-local-run. With more threads
 * than CPUs both ticket locks convoy.
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"

#define CT_TAIL_OFFSET	16
#define CT_TAIL_INC	(1u << CT_TAIL_OFFSET)
#define CT_HALF_MASK	0xffffu
/* the local word */
#define CT_PASSED	(1u << 16)
#define CT_RUN_SHIFT	17
#define CT_RUN_MAX	0x7fffu
#define CT_REQ_SHIFT	32
#define CT_REQ_INC	(1ull << CT_REQ_SHIFT)

/* the index of a word's low half: the global grant, the local run:passed:grant */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CT_HEAD_IDX 0
#else
#define CT_HEAD_IDX 1
#endif
#define CT_GRANT_IDX CT_HEAD_IDX

struct ct_ticket {
	union {
		uint32_t word;		/* request:grant */
		uint16_t half[2];
	};
};

struct ct_local {
	union {
		uint64_t word;		/* request:run:passed:grant */
		uint32_t half[2];	/* [CT_GRANT_IDX]: run:passed:grant, the holder's */
	} tkt;				/* the spinners' line */
	uint32_t threshold LB_ALIGNED;	/* read-only after init */
} LB_ALIGNED;

struct cohort_tkt {
	struct {
		struct ct_ticket tkt;
	} global LB_ALIGNED;
	struct ct_local local[LB_MAX_DOMAINS];
};

static const char *const ct_counters[] = {
	"local-handoffs",	/* the lock to a waiter of the domain, the global lock kept */
	"remote-handoffs",	/* the global lock to a waiting domain (its receiver counts) */
	"longest-local-run",	/* most local hand-offs in one turn (a maximum) */
	NULL,
};

enum { CTR_LOCAL, CTR_REMOTE, CTR_LONGEST };

static const struct lb_lock_option ct_options[] = {
	{ .name = "threshold", .type = LB_LOCK_OPT_U64, .min = 0, .max = CT_RUN_MAX, .def = 64,
	  .help = "local hand-offs in a row before the holder releases the global lock "
		  "(the paper's may-pass-local bound; 0: never pass locally; the grant word "
		  "carries the run in 15 bits)" },
	{ .name = NULL },
};

enum { OPT_THRESHOLD };

static int ct_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct cohort_tkt *l = lock;

	for (unsigned d = 0; d < LB_MAX_DOMAINS; d++)
		l->local[d].threshold = (uint32_t)cfg->opts[OPT_THRESHOLD];
	return 0;
}

/* Take a ticket of the global lock and wait for it; true when we had to wait. */
static inline bool ct_ticket_lock(struct ct_ticket *k)
{
	/* (t, h) -> (t+1, h); fully ordered like the kernel's xadd */
	uint32_t old = lb_fetch_add_full(&k->word, CT_TAIL_INC);
	uint16_t me = (uint16_t)(old >> CT_TAIL_OFFSET);

	if ((uint16_t)(old & CT_HALF_MASK) == me)
		return false;
	/* acquire: pairs with the release increment of the grant */
	lb_cond_load_acquire(&k->half[CT_HEAD_IDX], VAL == me);
	return true;
}

static inline void ct_ticket_unlock(struct ct_ticket *k)
{
	/* (t, h) -> (t, h+1); release: the critical section before the next holder's acquire */
	lb_add_owner_release16(&k->half[CT_HEAD_IDX], 1);
}

/* Take a ticket of a domain's lock and wait for it: the grant word it came with. */
static inline uint32_t ct_local_lock(struct ct_local *loc)
{
	uint64_t old = lb_fetch_add_full(&loc->tkt.word, CT_REQ_INC);
	uint16_t me = (uint16_t)(old >> CT_REQ_SHIFT);

	if ((uint16_t)(old & CT_HALF_MASK) == me)
		return (uint32_t)old;
	/* acquire: pairs with the release store of the grant (and its passed and run) */
	return lb_cond_load_acquire(&loc->tkt.half[CT_GRANT_IDX],
				    (uint16_t)(VAL & CT_HALF_MASK) == me);
}

static void ct_lock(void *lock, struct lb_tctx *t)
{
	struct cohort_tkt *l = lock;

	if (ct_local_lock(&l->local[t->domain]) & CT_PASSED)
		return;		/* local release: the cohort holds the global lock */
	if (ct_ticket_lock(&l->global.tkt))
		lb_count(t, CTR_REMOTE);
}

static void ct_unlock(void *lock, struct lb_tctx *t)
{
	struct cohort_tkt *l = lock;
	struct ct_local *loc = &l->local[t->domain];
	uint64_t w = lb_load_relaxed(&loc->tkt.word);
	uint16_t grant = (uint16_t)(w & CT_HALF_MASK);
	/* cohort detection: a ticket beyond ours is out */
	bool waiter = (uint16_t)((uint16_t)(w >> CT_REQ_SHIFT) - grant) > 1;
	uint32_t run = (uint32_t)(w >> CT_RUN_SHIFT) & CT_RUN_MAX;
	uint32_t next = (uint16_t)(grant + 1);

	if (waiter && run < loc->threshold) {
		lb_count(t, CTR_LOCAL);
		lb_count_max(t, CTR_LONGEST, run + 1);
		/* the grant, passed and run + 1 in one release store */
		lb_store_release(&loc->tkt.half[CT_GRANT_IDX],
				 next | CT_PASSED | (run + 1) << CT_RUN_SHIFT);
		return;
	}
	ct_ticket_unlock(&l->global.tkt);
	lb_store_release(&loc->tkt.half[CT_GRANT_IDX], next);
}

static bool ct_is_locked(void *lock)
{
	struct cohort_tkt *l = lock;
	uint32_t w = lb_load_relaxed(&l->global.tkt.word);

	return (w >> CT_TAIL_OFFSET) != (w & CT_HALF_MASK);
}

static int ct_describe(void *lock, char *buf, size_t len)
{
	struct cohort_tkt *l = lock;
	uint32_t g = lb_load_relaxed(&l->global.tkt.word);
	int n = snprintf(buf, len, "global head=%u tail=%u", g & CT_HALF_MASK, g >> CT_TAIL_OFFSET);

	for (unsigned d = 0; d < LB_MAX_DOMAINS && n > 0 && (size_t)n < len; d++) {
		uint64_t w = lb_load_relaxed(&l->local[d].tkt.word);

		if (w)
			n += snprintf(buf + n, len - (size_t)n, "; domain %u head=%u tail=%u%s", d,
				      (unsigned)(w & CT_HALF_MASK),
				      (unsigned)(w >> CT_REQ_SHIFT) & CT_HALF_MASK,
				      w & CT_PASSED ? " top-granted" : "");
	}
	return n;
}

LB_LOCK_LOOP(ct_loop, ct_lock, ct_unlock, ct_lock, ct_unlock)

const struct lb_lock_ops lb_lock_cohort_tkt = {
	.name = "cohort-tkt",
	.desc = "C-TKT-TKT cohort lock (Dice, Marathe & Shavit 2012): global and per-domain tickets",
	.follows = "Dice, Marathe & Shavit, Lock Cohorting, PPoPP 2012: C-TKT-TKT",
	.deviations = "cohorts are lock domains (NUMA node, package, L3 or pretend), not only NUMA "
		"nodes",
	.family = "numa",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct cohort_tkt),
	.init = ct_init,
	.lock = ct_lock,
	.unlock = ct_unlock,
	.loop = ct_loop,
	.is_locked = ct_is_locked,
	.describe = ct_describe,
	.options = ct_options,
	.counters = ct_counters,
	.counters_max = 1u << CTR_LONGEST,
};

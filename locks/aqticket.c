// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aqticket.c - McKenney's auto-queued ticketlock
 *
 * Algorithm: Paul E. McKenney, "[PATCH RFC ticketlock] Auto-queued
 * ticketlock" (LKML, June 2013, v1 to v3, with review by Steven Rostedt,
 * Waiman Long, Lai Jiangshan and others; never merged) and US patent
 * 9,830,201, "low overhead contention-based switching between ticket
 * locking and queued locking". Reimplemented from the description in
 * the posting and the patent; no code was taken from the patch or its
 * userspace port. A ticket lock while few threads wait; when a waiter
 * finds --aqticket-threshold tickets ahead of its own it borrows a queue
 * header from a static, hashed array, marks the lock as queued, and the
 * waiters then spin on their own queue elements (MCS-like) instead of the
 * shared word. The last release with nobody left returns the lock to
 * ticket mode and frees the header.
 *
 * Lock word (32 bits, little-endian sub-objects; tickets advance by 2):
 *	    0: Q - queued mode (the low bit of head)
 *	 1-15: head - the ticket now served, bits 1-15
 *	16-31: tail - the next ticket to hand out, always even
 *	initial value 0 (head == tail: free, ticket mode)
 * With Q set head is odd and can never equal a ticket, which forces every
 * arrival into the slow path. Unlock adds 2 to the 16-bit head only, so a
 * head wrap cannot carry into tail.
 * Queue header (static array aqt_heads[], one cache line each), found by
 * hashing the lock's address ((address >> 8) mod nq) and probing linearly:
 *	ref       - the lock it serves; NULL free, AQT_REF_INIT being set up,
 *	            AQT_REF_CLOSING being torn down
 *	head_tkt  - head when queuing began (a waiter holding that ticket
 *	            already owns the lock), -1 once used
 *	first     - the first queue element, NULL when empty
 *	last_next - the next field of the last element (&first when empty)
 * nq = 2 * ceil(threads / threshold): at most threads / threshold locks
 * can be queued at once, doubled for hashing slack.
 * Queue element (per thread, in its private area): next, granted.
 *
 * States: (tail, head, Q), free when tail == head and Q clear.
 *	lock:    (t, h, Q) -> (t+2, h, Q); own it when head == t, else spin
 *	         on head; the waiter exactly threshold tickets behind head
 *	         switches: (t, h, 0) -> (t, h, 1) by cmpxchg, after claiming a
 *	         header (ref NULL -> INIT -> lock); with Q set a waiter
 *	         enqueues (last_next xchg, link) and spins on its granted flag
 *	unlock:  (t, h, Q) -> (t, h+2, Q) by a 16-bit add; with Q set the
 *	         releaser then grants the first element (granted 0 -> 1), or
 *	         when the queue is empty and no ticket is outstanding leaves
 *	         queued mode: ref lock -> CLOSING, (t, t, 1) -> (t, t, 0),
 *	         ref CLOSING -> NULL
 *	trylock: (h, h, 0) -> (h+2, h, 0) by cmpxchg
 * lockbench adds the CLOSING step to the tear-down: the description frees
 * the header after the word leaves queued mode, and a releaser delayed in
 * between (preempted: likely when overcommitted) would leave a stale
 * header that still names the lock while a new queue forms in the next
 * slot, which the probe from the hash slot finds first. While CLOSING
 * the header names no lock and is not free, so nobody finds or claims it.
 *
 * Ordering: the ticket xadd is fully ordered (acquire on the fast path,
 * pairs with the release-side add); the spin on head is an acquire that
 * pairs with that add too. The release-side add on head is fully ordered:
 * it releases the critical section and must observe the Q bit that a
 * switcher's cmpxchg set. Header claim and word cmpxchg are acq_rel; the
 * header is published with a release store of ref, found with an acquire
 * load. The enqueue xchg of last_next is fully ordered, the link store a
 * release that pairs with the acquire loads of first (releaser) and next
 * (dequeue); the grant is a release store that pairs with the waiter's
 * acquire load of granted, which carries the critical section over.
 *
 * Progress and fairness: ticket order in ticket mode; in queued mode
 * enqueue order, which may differ slightly from ticket order for waiters
 * that were ticket-spinning at the switch; no starvation. Like any FIFO
 * spinlock it convoys when the next waiter is not running; queued mode
 * takes the hand-off off the shared line (McKenney 2013 measures the trade at
 * 1x, 2x and 3x overcommit). If every header is busy the lock keeps
 * ticket-spinning.
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"

#define AQT_INC		2u			/* one ticket */
#define AQT_Q		1u			/* queued mode: bit 0 of head */
#define AQT_TAIL_SHIFT	16
#define AQT_TAIL_INC	(AQT_INC << AQT_TAIL_SHIFT)
#define AQT_HALF_MASK	0xffffu
#define AQT_MAX_HEADS	(2 * LB_MAX_THREADS)	/* nq at threshold 1 and the most threads */

#define AQT_REF_INIT	((void *)1)		/* header claimed, being set up */
#define AQT_REF_CLOSING	((void *)2)		/* header being torn down */

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define AQT_HEAD_IDX 0
#else
#define AQT_HEAD_IDX 1
#endif

struct aqt_elem {
	struct aqt_elem *next;
	uint32_t granted;
} LB_ALIGNED;

struct aqt_head {
	void *ref;
	int32_t head_tkt;
	struct aqt_elem *first;
	struct aqt_elem **last_next;
} LB_ALIGNED;

/* The static, hashed queue headers, shared by every aqticket lock. */
static struct aqt_head aqt_heads[AQT_MAX_HEADS];

struct aqticket {
	union {
		uint32_t word;		/* tail:head, Q in bit 0 */
		uint16_t half[2];
	};
	struct {
		uint16_t switch_tkts;	/* the threshold in ticket units: 2 per waiting thread */
		uint32_t nq;		/* headers this lock probes */
		uint32_t hash;		/* its first slot */
	} cfg LB_ALIGNED;
};

static const char *const aqt_counters[] = {
	"spin-waits",		/* acquisitions that found the lock held */
	"to-queued",		/* switches to queued mode */
	"to-ticket",		/* switches back to ticket mode */
	"queued-handoffs",	/* releases that granted the lock to a queue element */
	"queued-waits",		/* acquisitions that waited in the queue */
	NULL,
};

enum { CTR_SPIN_WAITS, CTR_TO_QUEUED, CTR_TO_TICKET, CTR_HANDOFFS, CTR_QUEUED_WAITS };

static const struct lb_lock_option aqt_options[] = {
	{ .name = "threshold", .type = LB_LOCK_OPT_U64, .min = 1, .max = LB_MAX_THREADS, .def = 8,
	  .help = "waiting threads that switch the lock to queued mode: a waiter that finds this "
		  "many tickets ahead of its own (the holder's included) queues the lock" },
	{ .name = NULL },
};

enum { OPT_THRESHOLD };

static int aqt_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct aqticket *l = lock;
	uint64_t thr = cfg->opts[OPT_THRESHOLD];
	uint64_t nq = 2 * ((cfg->nthreads + thr - 1) / thr);

	l->cfg.switch_tkts = (uint16_t)(thr * AQT_INC);
	l->cfg.nq = (uint32_t)(nq < 2 ? 2 : nq > AQT_MAX_HEADS ? AQT_MAX_HEADS : nq);
	l->cfg.hash = (uint32_t)(((uintptr_t)lock >> 8) % l->cfg.nq);
	return 0;
}

static inline uint32_t aqt_next_slot(const struct aqticket *l, uint32_t i)
{
	return i + 1 == l->cfg.nq ? 0 : i + 1;
}

static void aqt_fini(void *lock)
{
	struct aqticket *l = lock;
	uint32_t i = l->cfg.hash;

	/* every episode ends in ticket mode; make sure no header outlives the lock */
	for (uint32_t n = 0; n < l->cfg.nq; n++, i = aqt_next_slot(l, i))
		if (lb_load_relaxed(&aqt_heads[i].ref) == (void *)l)
			lb_store_relaxed(&aqt_heads[i].ref, NULL);
}

/* The header serving @l, or NULL while none does (being set up or torn down). */
static struct aqt_head *aqt_find(struct aqticket *l)
{
	uint32_t i = l->cfg.hash;

	for (uint32_t n = 0; n < l->cfg.nq; n++, i = aqt_next_slot(l, i))
		/* acquire: pairs with the release store of ref that published the header */
		if (lb_load_acquire(&aqt_heads[i].ref) == (void *)l)
			return &aqt_heads[i];
	return NULL;
}

/*
 * Wait in @l's queue with ticket @me. Return true once we own the lock,
 * false if the lock has no header just now (the caller spins on).
 */
static bool aqt_queue_wait(struct aqticket *l, struct lb_tctx *t, uint16_t me)
{
	struct aqt_head *h = aqt_find(l);
	struct aqt_elem *e = t->priv, **prev_link, *next;

	if (!h)
		return false;
	/* relaxed: the acquire load of ref in aqt_find() made the switcher's store visible */
	if (lb_load_relaxed(&h->head_tkt) == (int32_t)me) {
		/* the holder released before the queue formed: the lock was already ours */
		lb_store_relaxed(&h->head_tkt, -1);
		return true;
	}
	lb_count(t, CTR_QUEUED_WAITS);
	/* relaxed: the element is published by the release link store below */
	lb_store_relaxed(&e->next, NULL);
	lb_store_relaxed(&e->granted, 0);
	/* last_next: (.., prev) -> (.., &e->next); full: orders our init before the link */
	prev_link = lb_xchg_full(&h->last_next, &e->next);
	/* release: pairs with the acquire loads of first (releaser) and next (dequeue) */
	lb_store_release(prev_link, e);
	/* acquire: pairs with the grant's release store in aqt_queued_wake() */
	lb_cond_load_acquire(&e->granted, VAL);

	/* we hold the lock and are first in the queue: dequeue ourselves */
	next = lb_load_acquire(&e->next);
	if (!next) {
		struct aqt_elem **expect = &e->next;

		lb_store_relaxed(&h->first, NULL);
		/* last_next: &e->next -> &first (queue empty); a later enqueuer links at first */
		if (lb_cmpxchg_acq_rel(&h->last_next, &expect, &h->first))
			return true;
		/* an enqueuer swapped last_next but has not linked to us yet */
		next = lb_cond_load_acquire(&e->next, VAL);
	}
	/* relaxed: only the lock holder writes first while the queue is not empty */
	lb_store_relaxed(&h->first, next);
	return true;
}

/* Switch @l to queued mode with a free header, then wait in the queue. */
static bool aqt_start_queue(struct aqticket *l, struct lb_tctx *t, uint16_t me)
{
	uint32_t i = l->cfg.hash;

	for (uint32_t n = 0; n < l->cfg.nq; n++, i = aqt_next_slot(l, i)) {
		struct aqt_head *h = &aqt_heads[i];
		void *expect = NULL;
		uint32_t w;

		/* ref NULL -> INIT; acq_rel: we own the header's fields from here */
		if (lb_load_relaxed(&h->ref) == NULL && lb_cmpxchg_acq_rel(&h->ref, &expect, AQT_REF_INIT)) {
			lb_store_relaxed(&h->first, NULL);
			lb_store_relaxed(&h->last_next, &h->first);
			w = lb_load_relaxed(&l->word);
			do {
				if (w & AQT_Q) {
					/* someone else queued the lock first: give the header back */
					lb_store_release(&h->ref, NULL);
					return aqt_queue_wait(l, t, me);
				}
				lb_store_relaxed(&h->head_tkt, (int32_t)(w & AQT_HALF_MASK));
				/* (t, h, 0) -> (t, h, 1); acq_rel: pairs with the releases on the word */
			} while (!lb_cmpxchg_acq_rel(&l->word, &w, w | AQT_Q));
			lb_count(t, CTR_TO_QUEUED);
			/* ref INIT -> lock; release: the header's fields before anyone finds it */
			lb_store_release(&h->ref, (void *)l);
			return aqt_queue_wait(l, t, me);
		}
		/* relaxed: a hint; aqt_queue_wait() finds the header with an acquire */
		if (lb_load_relaxed(&l->half[AQT_HEAD_IDX]) & AQT_Q)
			return aqt_queue_wait(l, t, me);
	}
	return false;	/* every header is busy: keep ticket-spinning */
}

static LB_NOINLINE void aqt_lock_slow(struct aqticket *l, struct lb_tctx *t, uint16_t me,
				      uint16_t head)
{
	const uint16_t sw = l->cfg.switch_tkts;

	lb_count(t, CTR_SPIN_WAITS);
	for (;;) {
		/* the spin-pass: queued mode, or are we the one to switch? */
		if (head & AQT_Q) {
			if (aqt_queue_wait(l, t, me))
				return;
		} else if ((uint16_t)(me - sw) == head) {
			if (aqt_start_queue(l, t, me))
				return;
		}
		lb_cpu_relax();
		/* acquire: pairs with the release-side add on head in aqt_unlock() */
		head = lb_load_acquire(&l->half[AQT_HEAD_IDX]);
		if (head == me)
			return;
	}
}

static void aqt_lock(void *lock, struct lb_tctx *t)
{
	struct aqticket *l = lock;
	/* (t, h, Q) -> (t+2, h, Q); fully ordered like the kernel's xadd */
	uint32_t old = lb_fetch_add_full(&l->word, AQT_TAIL_INC);
	uint16_t me = (uint16_t)(old >> AQT_TAIL_SHIFT), head = (uint16_t)(old & AQT_HALF_MASK);

	if (lb_likely(head == me))
		return;		/* uncontended (never with Q set: head is odd then) */
	aqt_lock_slow(l, t, me, head);
}

static bool aqt_trylock(void *lock, struct lb_tctx *t)
{
	struct aqticket *l = lock;
	uint32_t old = lb_load_relaxed(&l->word);

	/* held, or queued mode (head odd never equals tail) */
	if ((uint16_t)(old >> AQT_TAIL_SHIFT) != (uint16_t)(old & AQT_HALF_MASK))
		return false;
	/* (h, h, 0) -> (h+2, h, 0); acquire as in aqt_lock() */
	return lb_cmpxchg_acquire(&l->word, &old, old + AQT_TAIL_INC);
}

/* The release found Q set: hand over to the queue, or leave queued mode. */
static LB_NOINLINE void aqt_queued_wake(struct aqticket *l, struct lb_tctx *t)
{
	struct aqt_head *h;
	struct aqt_elem *first;

	/* the switcher sets Q before it publishes the header: wait for it */
	while (!(h = aqt_find(l)))
		lb_cpu_relax();
	for (;;) {
		uint32_t w;

		/* acquire: pairs with the enqueuer's release link store */
		first = lb_load_acquire(&h->first);
		if (first)
			break;
		w = lb_load_relaxed(&l->word);
		if ((uint16_t)((w & AQT_HALF_MASK) & ~AQT_Q) == (uint16_t)(w >> AQT_TAIL_SHIFT)) {
			/*
			 * No ticket outstanding: leave queued mode. ref lock -> CLOSING
			 * first (relaxed: the release cmpxchg below publishes it to whoever
			 * sees the word after it), so that no one finds this header once
			 * the word is back in ticket mode.
			 */
			lb_store_relaxed(&h->ref, AQT_REF_CLOSING);
			/* (t, t, 1) -> (t, t, 0); acq_rel: fails if a ticket was taken meanwhile */
			if (lb_cmpxchg_acq_rel(&l->word, &w, w & ~AQT_Q)) {
				lb_count(t, CTR_TO_TICKET);
				/* ref CLOSING -> NULL; release: our last use of the header */
				lb_store_release(&h->ref, NULL);
				return;
			}
			/* ref CLOSING -> lock; release: pairs with the acquire in aqt_find() */
			lb_store_release(&h->ref, (void *)l);
		}
		/* a ticket holder has not enqueued yet */
		lb_cpu_relax();
	}
	lb_store_relaxed(&h->head_tkt, -1);
	lb_count(t, CTR_HANDOFFS);
	/* granted 0 -> 1; release: hands the critical section to the first waiter */
	lb_store_release(&first->granted, 1);
}

static void aqt_unlock(void *lock, struct lb_tctx *t)
{
	struct aqticket *l = lock;
	/* (t, h, Q) -> (t, h+2, Q); full: releases the critical section and sees Q */
	uint16_t old = lb_fetch_add_full(&l->half[AQT_HEAD_IDX], (uint16_t)AQT_INC);

	if (lb_unlikely(old & AQT_Q))
		aqt_queued_wake(l, t);
}

static bool aqt_is_locked(void *lock)
{
	struct aqticket *l = lock;
	uint32_t w = lb_load_relaxed(&l->word);

	return (uint16_t)(w >> AQT_TAIL_SHIFT) != (uint16_t)((w & AQT_HALF_MASK) & ~AQT_Q);
}

static int aqt_describe(void *lock, char *buf, size_t len)
{
	struct aqticket *l = lock;
	uint32_t w = lb_load_relaxed(&l->word);
	unsigned head = w & AQT_HALF_MASK & ~AQT_Q, tail = w >> AQT_TAIL_SHIFT;
	unsigned out = ((tail - head) & AQT_HALF_MASK) / AQT_INC;

	return snprintf(buf, len, "word=0x%08x head=%u tail=%u %s mode (%s, %u waiting)%s", w,
			head, tail, (w & AQT_Q) ? "queued" : "ticket", out ? "held" : "free",
			out ? out - 1 : 0, (w & AQT_Q) && !aqt_find(l) ? ", no header found" : "");
}

LB_LOCK_LOOP(aqt_loop, aqt_lock, aqt_unlock, aqt_lock, aqt_unlock)

const struct lb_lock_ops lb_lock_aqticket = {
	.name = "aqticket",
	.desc = "McKenney's auto-queued ticketlock (RFC 2013): ticket mode, queued when crowded",
	.follows = "McKenney's auto-queued ticketlock RFC (LKML, June 2013, v1-v3) and US patent "
		"9,830,201",
	.deviations = "a CLOSING step added to the queue header's tear-down (a stale-header race)",
	.family = "spin",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_FIFO,
	.unshared = "its queue headers are a static table, a copy in each process: a waiter "
		    "queued by one process would never be granted by another",
	.lock_size = sizeof(struct aqticket),
	.tctx_size = sizeof(struct aqt_elem),
	.init = aqt_init,
	.fini = aqt_fini,
	.lock = aqt_lock,
	.unlock = aqt_unlock,
	.loop = aqt_loop,
	.trylock = aqt_trylock,
	.is_locked = aqt_is_locked,
	.describe = aqt_describe,
	.options = aqt_options,
	.counters = aqt_counters,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ticket.c - the x86 ticket spinlock (Linux 2.6.25 - 4.1)
 *
 * Algorithm: Mellor-Crummey and Scott's ticket lock ("Algorithms for
 * scalable synchronization on shared-memory multiprocessors", ACM TOCS
 * 9(1), 1991, section 2.2) in the form Nick Piggin gave it for x86 in
 * Linux 2.6.25: both counters share one 32-bit word, a single xadd takes a
 * ticket and reads the head at once, and the owner releases with a plain
 * (non-locked) increment of the head half. Reimplemented from the published
 * description (arch/x86/include/asm/spinlock.h
 * of the 3.x series was the model; no code was taken from it).
 *
 * Lock word (32 bits, little-endian sub-objects):
 *	 0-15: head - the ticket now being served
 *	16-31: tail - the next ticket to hand out
 *	initial value 0 (head == tail: free)
 * The tail sits in the high half so that the 32-bit xadd of 1 << 16 that
 * takes a ticket can never carry into head: a tail overflow falls off the
 * top of the word. For the same reason unlock must touch the head half
 * only: a 32-bit add would carry a head wrap from 0xffff into tail.
 *
 * States: (tail, head), free when tail == head.
 *	lock:    (t, h) -> (t+1, h), then wait until head == my ticket (t)
 *	unlock:  (t, h) -> (t, h+1)
 *	trylock: (h, h) -> (h+1, h) by cmpxchg of the whole word
 *
 * Ordering: the ticket xadd is a full barrier (kernel xadd); the wait for
 * head is an acquire load that pairs with the release store of head in
 * ticket_unlock(). The unlock is a release add to the 16-bit head by its
 * only writer, the owner (x86: plain add to memory, no lock prefix, as the
 * kernel does: lb_add_owner_release16()).
 *
 * Progress and fairness: strict FIFO by ticket, starvation-free. Every
 * release invalidates the line in all N spinners (O(N) coherence traffic
 * per hand-off), and if the next ticket holder is not running the lock
 * stays idle: with more threads than CPUs it convoys (McKenney 2013).
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"

#define TICKET_HEAD_OFFSET	0
#define TICKET_HEAD_BITS	16
#define TICKET_TAIL_OFFSET	(TICKET_HEAD_OFFSET + TICKET_HEAD_BITS)
#define TICKET_TAIL_BITS	16
#define TICKET_TAIL_INC		(1u << TICKET_TAIL_OFFSET)	/* one ticket */
#define TICKET_HALF_MASK	0xffffu

struct ticket {
	union {
		uint32_t word;		/* tail:head */
		uint16_t half[2];	/* the two halves, for the head-only unlock */
	};
};

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define TICKET_HEAD_IDX 0
#else
#define TICKET_HEAD_IDX 1
#endif

static const char *const ticket_counters[] = {
	"spin-waits",	/* acquisitions that found the lock held */
	NULL,
};

enum { CTR_SPIN_WAITS };

static int ticket_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return 0;
}

static void ticket_lock(void *lock, struct lb_tctx *t)
{
	struct ticket *l = lock;
	/* (t, h) -> (t+1, h); fully ordered like the kernel's xadd */
	uint32_t old = lb_fetch_add_full(&l->word, TICKET_TAIL_INC);
	uint16_t me = (uint16_t)(old >> TICKET_TAIL_OFFSET);

	if ((uint16_t)(old & TICKET_HALF_MASK) == me)
		return;		/* uncontended: head was our ticket */
	lb_count(t, CTR_SPIN_WAITS);
	/* acquire: pairs with the release store of head in ticket_unlock() */
	lb_cond_load_acquire(&l->half[TICKET_HEAD_IDX], VAL == me);
}

static bool ticket_trylock(void *lock, struct lb_tctx *t)
{
	struct ticket *l = lock;
	uint32_t old = lb_load_relaxed(&l->word);

	if ((uint16_t)(old >> TICKET_TAIL_OFFSET) != (uint16_t)(old & TICKET_HALF_MASK))
		return false;
	/* (h, h) -> (h+1, h); acquire on success, as in ticket_lock() */
	return lb_cmpxchg_acquire(&l->word, &old, old + TICKET_TAIL_INC);
}

static void ticket_unlock(void *lock, struct lb_tctx *t)
{
	struct ticket *l = lock;

	/*
	 * (t, h) -> (t, h+1); release: the critical section before the
	 * hand-off. Only the owner writes head, so x86 uses a plain
	 * (non-locked) add, one instruction and one read-for-ownership.
	 */
	lb_add_owner_release16(&l->half[TICKET_HEAD_IDX], 1);
}

static bool ticket_is_locked(void *lock)
{
	struct ticket *l = lock;
	uint32_t w = lb_load_relaxed(&l->word);

	return (w >> TICKET_TAIL_OFFSET) != (w & TICKET_HALF_MASK);
}

static int ticket_describe(void *lock, char *buf, size_t len)
{
	struct ticket *l = lock;
	uint32_t w = lb_load_relaxed(&l->word);
	unsigned head = w & TICKET_HALF_MASK, tail = w >> TICKET_TAIL_OFFSET;
	unsigned out = (tail - head) & TICKET_HALF_MASK;

	return snprintf(buf, len, "word=0x%08x head=%u tail=%u (%s, %u waiting)", w, head, tail,
			out ? "held" : "free", out ? out - 1 : 0);
}

LB_LOCK_LOOP(ticket_loop, ticket_lock, ticket_unlock, ticket_lock, ticket_unlock)

const struct lb_lock_ops lb_lock_ticket = {
	.name = "ticket",
	.desc = "x86 ticket spinlock (2.6.25-4.1): one-word xadd, half-word unlock, FIFO",
	.follows = "Linux 2.6.25-4.1 x86 ticket spinlock (arch/x86/include/asm/spinlock.h of 3.x)",
	.deviations = "16-bit head and tail at any CPU count (8-bit below 256 CPUs in the kernel); "
		"no paravirt slow path",
	.family = "spin",
	.peer = "ck-ticket",	/* the same algorithm from Concurrency Kit */
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_FIFO | LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct ticket),
	.init = ticket_init,
	.lock = ticket_lock,
	.unlock = ticket_unlock,
	.loop = ticket_loop,
	.trylock = ticket_trylock,
	.is_locked = ticket_is_locked,
	.describe = ticket_describe,
	.counters = ticket_counters,
};

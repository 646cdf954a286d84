// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ck-ticket.c - Concurrency Kit's ticket spinlock, as a peer of `ticket`
 *
 * Algorithm: the ticket lock of Mellor-Crummey and Scott (ACM TOCS 9(1),
 * 1991, section 2.2) as Concurrency Kit implements it (ck_spinlock_ticket
 * in <spinlock/ticket.h>, documented in ck_spinlock(3); ck 0.7.1 from
 * Debian's libck-dev). The lock code is ck's, called from lockbench's
 * measured loop; nothing of it is copied here (see ck-peer.h).
 *
 * Lock word, as ck's header lays it out on x86-64 (a TSO machine with
 * 32-bit fetch-and-add and compare-and-swap and a 16-bit increment; the
 * only layout that also gives a trylock):
 *	 0-15: position - the ticket now served
 *	16-31: next - the next ticket to hand out
 *	initial value 0
 * Elsewhere ck uses two separate unsigned counters (next, position) and
 * has no trylock; this file works with either.
 *
 * States: (next, position), free when equal.
 *	lock:    fetch-and-add of 1 << 16 takes a ticket; spin (pause) loading
 *	         the word until position equals it
 *	unlock:  position += 1 by an atomic 16-bit increment (ck_pr_inc_16: a
 *	         locked instruction, where lockbench's `ticket` uses a plain
 *	         release store, as the kernel did)
 *	trylock: compare-and-swap (p, p) -> (p+1, p)
 *
 * Ordering: ck_pr_fence_lock() after the wait (acquire), ck_pr_fence_unlock()
 * before the increment (release); on x86 both are compiler barriers.
 *
 * Progress and fairness: strict FIFO by ticket, as `ticket`.
 */
#include "config.h"

#include <stdio.h>

#include "ck-peer.h"

#define CK_TICKET_FIELDS LB_CK_FIELDS("ck-ticket", LB_LOCK_EXCL, LB_LOCK_F_FIFO, \
	"Concurrency Kit's ck_spinlock_ticket: ticket lock, FIFO", "ck_spinlock_ticket")

#ifdef HAVE_CK
#include <ck_spinlock.h>

#include "harness/loop.h"

static int ck_ticket_init(void *lock, const struct lb_lock_cfg *cfg)
{
	ck_spinlock_ticket_init(lock);
	return 0;
}

static void ck_ticket_lock(void *lock, struct lb_tctx *t)
{
	ck_spinlock_ticket_lock(lock);
}

static void ck_ticket_unlock(void *lock, struct lb_tctx *t)
{
	ck_spinlock_ticket_unlock(lock);
}

#ifdef CK_F_SPINLOCK_TICKET_TRYLOCK
static bool ck_ticket_trylock(void *lock, struct lb_tctx *t)
{
	return ck_spinlock_ticket_trylock(lock);
}
#endif

static bool ck_ticket_is_locked(void *lock)
{
	return ck_spinlock_ticket_locked(lock);
}

static int ck_ticket_describe(void *lock, char *buf, size_t len)
{
	ck_spinlock_ticket_t *l = lock;
	const char *state = ck_ticket_is_locked(lock) ? "held" : "free";
#ifdef CK_F_SPINLOCK_TICKET_TRYLOCK	/* the one-word layout */
	uint64_t w = sizeof(l->value) == 4 ? ck_pr_load_32((void *)&l->value) :
			ck_pr_load_64((void *)&l->value);
	unsigned shift = sizeof(l->value) * 4;

	return snprintf(buf, len, "value=0x%llx (next=%llu position=%llu, %s)", (unsigned long long)w,
			(unsigned long long)(w >> shift),
			(unsigned long long)(w & ((1ull << shift) - 1)), state);
#else
	return snprintf(buf, len, "next=%u position=%u (%s)", ck_pr_load_uint(&l->next),
			ck_pr_load_uint(&l->position), state);
#endif
}

LB_LOCK_LOOP(ck_ticket_loop, ck_ticket_lock, ck_ticket_unlock, ck_ticket_lock, ck_ticket_unlock)

const struct lb_lock_ops lb_lock_ck_ticket = {
	CK_TICKET_FIELDS,
	.lock_size = sizeof(ck_spinlock_ticket_t),
	.init = ck_ticket_init,
	.lock = ck_ticket_lock,
	.unlock = ck_ticket_unlock,
#ifdef CK_F_SPINLOCK_TICKET_TRYLOCK
	.trylock = ck_ticket_trylock,
#endif
	.loop = ck_ticket_loop,
	.is_locked = ck_ticket_is_locked,
	.describe = ck_ticket_describe,
	LB_NOSIM(LB_NOSIM_PEER),
};
#else
const struct lb_lock_ops lb_lock_ck_ticket = {
	CK_TICKET_FIELDS,
	.unavailable = LB_CK_UNAVAILABLE,
	LB_NOSIM(LB_NOSIM_PEER),
};
#endif

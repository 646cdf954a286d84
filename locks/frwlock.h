/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * frwlock.h - Desnoyers' fair low-latency rwlock: the lock and its write API
 *
 * The harness reaches frwlock through lb_lock_frwlock (its lock() is
 * write_lock_irq, its trylock() the subscribed writer trylock); the posting
 * 002 scenario and the unit test also need the rest of the v5-era write
 * API, declared here. See frwlock.c for the algorithm and the lock word.
 */
#ifndef LB_LOCKS_FRWLOCK_H
#define LB_LOCKS_FRWLOCK_H

#include <stdbool.h>
#include <stdint.h>

#include "base/compiler.h"
#include "lock.h"

#define LB_FRW_NCTX	3	/* thread, softirq, hardirq (enum lb_context) */
#define LB_FRW_MAX_BITS	15	/* bits per count field: 4 * 15 + 3 <= 64 */

/**
 * struct lb_frwlock - the state word and its layout for this point
 * @word:    the lock word, alone in its cache line
 * @nr:      NR, a power of two greater than the thread count; a count
 *           field holds at most NR - 1
 * @bits:    log2(NR), the width of a count field
 * @roffset: one reader of each context (THREAD_ROFFSET, SOFTIRQ_ROFFSET,
 *           HARDIRQ_ROFFSET)
 * @rmask:   that context's reader count field
 * @rexcl:   what keeps a reader of that context out
 * @sub_off: one writer subscription (SUBSCRIBERS_WOFFSET)
 * @sub_mask: the subscriber count field
 * @mutex:   WRITER_MUTEX
 * @soft_wmask: SOFTIRQ_WMASK
 * @hard_wmask: HARDIRQ_WMASK
 * @cas_first: writer fast path issues the cmpxchg without reading first
 */
struct lb_frwlock {
	uint64_t word LB_ALIGNED;
	uint64_t nr LB_ALIGNED;
	unsigned bits;
	uint64_t roffset[LB_FRW_NCTX], rmask[LB_FRW_NCTX], rexcl[LB_FRW_NCTX];
	uint64_t sub_off, sub_mask, mutex, soft_wmask, hard_wmask;
	bool cas_first;
};

/* lb_frwlock_write_lock() - write_lock: excludes thread readers only (steps 1-2) */
void lb_frwlock_write_lock(void *lock, struct lb_tctx *t);
/* lb_frwlock_write_unlock() - write_unlock, after lb_frwlock_write_lock() */
void lb_frwlock_write_unlock(void *lock, struct lb_tctx *t);
/* lb_frwlock_write_subscribe() - write_subscribe: new thread readers stay out */
void lb_frwlock_write_subscribe(void *lock, struct lb_tctx *t);
/* lb_frwlock_write_unsubscribe() - write_unsubscribe: a subscribed writer gives up */
void lb_frwlock_write_unsubscribe(void *lock, struct lb_tctx *t);
/**
 * lb_frwlock_write_trylock_subscribed() - write_trylock_subscribed_irq
 * @lock: the lock
 * @t:    the caller, subscribed (lb_frwlock_write_subscribe())
 *
 * One attempt at full exclusion (all three reader classes) without
 * waiting. Success converts the subscription into ownership (release with
 * the ops' unlock(), write_unlock_irq); failure keeps it.
 */
bool lb_frwlock_write_trylock_subscribed(void *lock, struct lb_tctx *t);
/* lb_frwlock_subscribed() - does @t hold a subscription on this lock? */
bool lb_frwlock_subscribed(const struct lb_tctx *t);

#endif /* LB_LOCKS_FRWLOCK_H */

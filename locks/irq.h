/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * irq.h - emulated local interrupt masking (algorithms.md sections 1.4, 1.7)
 *
 * A kernel lock that interrupt handlers also take disables bottom halves
 * or interrupts on the local CPU for the stretch of its write side during
 * which an interrupt reader on that CPU would deadlock against it (frwlock
 * does so only for its last stages, which is the point of that lock).
 * lockbench emulates interrupts two ways: as context classes (a thread
 * labelled softirq or hardirq in struct lb_tctx.context), where nothing
 * interrupts a thread and these calls only cost their counter updates; and
 * as signals whose handler runs a read-side critical section on the thread
 * it interrupts, where they matter.
 *
 * The calls keep a per-thread mask that such a handler consults with
 * lb_irq_masked(): a handler whose class is masked records itself with
 * lb_irq_defer() and returns at once; the enable that unmasks it runs the
 * deferred class through lb_irq_replay, which the code that raises the
 * emulated interrupts sets. No system call (pthread_sigmask would cost one
 * per disable), and exact: a handler never runs while its class is masked.
 * Async-signal-safe: the handler only reads the depths and sets bits in
 * `pending` with one atomic OR.
 */
#ifndef LB_LOCKS_IRQ_H
#define LB_LOCKS_IRQ_H

#include <stdbool.h>

#include "lb-atomic.h"
#include "lock.h"

#define LB_IRQ_PENDING_SOFTIRQ	1u	/* a softirq-class handler was deferred */
#define LB_IRQ_PENDING_HARDIRQ	2u	/* a hardirq-class handler was deferred */

/**
 * struct lb_irq_state - the calling thread's emulated interrupt mask
 * @bh_off:  nesting depth of lb_local_bh_disable()
 * @irq_off: nesting depth of lb_local_irq_disable()
 * @pending: LB_IRQ_PENDING_* classes deferred while masked
 */
struct lb_irq_state {
	volatile int bh_off;
	volatile int irq_off;
	unsigned pending;
};

extern __thread struct lb_irq_state lb_irq;
/* lb_irq_replay - runs deferred handlers (NULL: nothing raises interrupts) */
extern void (*lb_irq_replay)(unsigned pending);

/* lb_irq_run_pending() - run what was deferred and is no longer masked */
void lb_irq_run_pending(void);

static inline void lb_local_bh_disable(void)
{
	lb_irq.bh_off++;
	lb_barrier();	/* the masked section starts after the depth is raised */
}

static inline void lb_local_bh_enable(void)
{
	lb_barrier();	/* the masked section ends before the depth drops */
	if (--lb_irq.bh_off == 0 && lb_unlikely(lb_load_relaxed(&lb_irq.pending)))
		lb_irq_run_pending();
}

static inline void lb_local_irq_disable(void)
{
	lb_irq.irq_off++;
	lb_barrier();
}

static inline void lb_local_irq_enable(void)
{
	lb_barrier();
	if (--lb_irq.irq_off == 0 && lb_unlikely(lb_load_relaxed(&lb_irq.pending)))
		lb_irq_run_pending();
}

/* lb_irq_masked() - would a handler of class @ctx have to wait? (for signal handlers) */
static inline bool lb_irq_masked(enum lb_context ctx)
{
	if (ctx == LB_CTX_HARDIRQ)
		return lb_irq.irq_off > 0;
	return lb_irq.irq_off > 0 || lb_irq.bh_off > 0;
}

/* lb_irq_defer() - record a masked handler of class @ctx (async-signal-safe) */
static inline void lb_irq_defer(enum lb_context ctx)
{
	/* relaxed: the same thread reads it; one locked OR cannot be torn by a signal */
	lb_fetch_or_relaxed(&lb_irq.pending, ctx == LB_CTX_HARDIRQ ? LB_IRQ_PENDING_HARDIRQ :
			    LB_IRQ_PENDING_SOFTIRQ);
}

#endif /* LB_LOCKS_IRQ_H */

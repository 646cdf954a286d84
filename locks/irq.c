// SPDX-License-Identifier: GPL-2.0-or-later
/* irq.c - the per-thread emulated interrupt mask (see irq.h) */
#include "config.h"

#include "irq.h"

__thread struct lb_irq_state lb_irq;
void (*lb_irq_replay)(unsigned pending);

void lb_irq_run_pending(void)
{
	unsigned run = 0;

	/* hardirqs once interrupts are on; softirqs once both are on */
	if (lb_irq.irq_off == 0)
		run |= LB_IRQ_PENDING_HARDIRQ;
	if (lb_irq.irq_off == 0 && lb_irq.bh_off == 0)
		run |= LB_IRQ_PENDING_SOFTIRQ;
	/* relaxed: only this thread and its own signal handlers touch it */
	run &= lb_fetch_and_relaxed(&lb_irq.pending, ~run);
	if (run && lb_irq_replay)
		lb_irq_replay(run);
}

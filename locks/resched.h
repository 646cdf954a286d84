/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * resched.h - need_resched() for userspace: a spin budget
 *
 * The kernel's optimistic spinners (OSQ, the mutex and rwsem owner spin)
 * stop when the scheduler wants the CPU back. A userspace thread cannot
 * ask, so lockbench gives each spin a budget of time, about one scheduler
 * tick by default, and reads the cycle counter
 * only every 64 checks so the check stays cheap. The budget is a lock
 * option wherever a lock spins this way, so that tests can make it short
 * enough to exercise the give-up paths.
 */
#ifndef LB_LOCKS_RESCHED_H
#define LB_LOCKS_RESCHED_H

#include <stdbool.h>
#include <stdint.h>

#include "base/clock.h"
#include "base/lb-atomic.h"
#include "lock.h"

#define LB_BUDGET_CHECK_EVERY	64	/* spins between two reads of the counter */
#define LB_BUDGET_DEFAULT_NS	1000000	/* one tick at HZ=1000 */

struct lb_budget {
	uint64_t deadline;	/* cycle counter value at which "need_resched" turns true */
	uint32_t spins;
};

/* lb_budget_cycles() - a budget of @ns nanoseconds in counter ticks */
static inline uint64_t lb_budget_cycles(const struct lb_lock_cfg *cfg, uint64_t ns)
{
	return (uint64_t)((double)ns * cfg->tsc_per_ns);
}

/* lb_budget_start() - start spinning with @cycles to spend */
static inline void lb_budget_start(struct lb_budget *b, uint64_t cycles)
{
	b->deadline = lb_cycles() + cycles;
	b->spins = 0;
}

/* lb_need_resched() - has the spin budget run out? */
static inline bool lb_need_resched(struct lb_budget *b)
{
	if (++b->spins % LB_BUDGET_CHECK_EVERY)
		return false;
	return lb_cycles() >= b->deadline;
}

/*
 * lb_spin_wait_budget(p, b) - the wait between two looks of a spin that
 * watches *@p and ends with budget @b (the owner spins, OSQ's queue):
 * natively lb_cpu_relax(), the same code; simulated (-DLB_SIM), the CPU
 * parks until the line of @p is written or the budget's end, and the loop
 * then looks again and makes its other checks (an owner that a time slice
 * took off its CPU meanwhile is noticed then, not at once)
 */
#ifdef LB_SIM
#define lb_spin_wait_budget(p, b) \
	lb_sim_park_until((const void *)(p), sizeof(*(p)), (b)->deadline)
#else
#define lb_spin_wait_budget(p, b)	lb_cpu_relax()
#endif

#endif /* LB_LOCKS_RESCHED_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sim.h - the hooks through which code compiled with -DLB_SIM reaches the
 * simulator (src/sim/), declarations only
 *
 * A lock file compiled a second time with -DLB_SIM has every shared access
 * of lb-atomic.h, every pause and spin of the load, the cycle counter of
 * clock.h and the futex of futex.h routed here: the access is charged in
 * virtual time and returns when it is due, then the plain __atomic
 * operation runs (the simulated threads are coroutines of one OS thread,
 * so it is the only one running). Called outside a simulation (a lock's
 * init() on the caller's thread), every hook does nothing and the
 * futex is the real system call.
 */
#ifndef LB_SRC_BASE_SIM_H
#define LB_SRC_BASE_SIM_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

/* What an access asks of its cache line. */
enum lb_sim_kind {
	LB_SIM_READ = 0,	/* a load: shared suffices */
	LB_SIM_WRITE = 1,	/* a store: the line exclusive */
	LB_SIM_RMW = 2,		/* a locked read-modify-write: exclusive, plus its own cost */
	LB_SIM_FENCE = 3,	/* a fence: no line, its own cost */
	LB_SIM_CAS = 4,		/* a locked compare-and-swap: an RMW, whose failed store-to-load
				 * forwarding waits forward_cas_ns, not forward_ns */
};

/* lb_sim_access() - charge an access of @size bytes at @addr; returns when it is due */
void lb_sim_access(enum lb_sim_kind kind, const void *addr, size_t size);
/*
 * lb_sim_park() - the spin-until primitive's wait: the caller just read
 * @addr and its condition was false; returns once the line holding @addr
 * has been written (or the time slice took the CPU away and gave it back)
 */
void lb_sim_park(const void *addr, size_t size);
/*
 * lb_sim_park_until() - lb_sim_park(), and back at the latest when the
 * calling CPU's counter reaches @until (a spin budget's end): at once when
 * it already has
 */
void lb_sim_park_until(const void *addr, size_t size, uint64_t until);
/* lb_sim_pause() - @n spin-wait hints (lb_cpu_relax(), lb_pause_n()) as one virtual delay */
void lb_sim_pause(uint64_t n);
/* lb_sim_spin() - @n iterations of lb_spin_n() as one virtual delay */
void lb_sim_spin(uint64_t n);
/*
 * lb_sim_op() - the measured loop's own work of one operation beyond its
 * accesses (counting, the stop flag's test, the loop), op_ns, as a delay
 */
void lb_sim_op(void);
/* lb_sim_cycles() - the calling simulated CPU's clock in counter cycles (0 outside) */
uint64_t lb_sim_cycles(void);
/*
 * lb_sim_owner_running() - is the simulated thread whose area holds @addr
 * (lb_sim_thread_area(): its private area, where a sleeping lock keeps its
 * task) its CPU's current thread? 1 or 0; -1 when no thread's area holds
 * it, or outside a simulation (the caller then decides as natively)
 */
int lb_sim_owner_running(const void *addr);
/* lb_sim_futex() - futex(2) in virtual time: FUTEX_WAIT (with @ts, relative) and FUTEX_WAKE */
long lb_sim_futex(uint32_t *uaddr, int op, uint32_t val, const struct timespec *ts);

#endif /* LB_SRC_BASE_SIM_H */

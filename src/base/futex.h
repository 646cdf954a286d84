/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * futex.h - the one futex(2) call of lockbench
 *
 * The locks' sleep and wake-up (locks/park.h) and the harness's wait for
 * its workers (harness.c, watch.c) go through lb_futex(). The flag every
 * call ORs into its op is lb_futex_flags: FUTEX_PRIVATE_FLAG, or 0 while
 * a --processes point runs (set by the harness before the lock's init(),
 * read once per system call, never a branch of the measured loop).
 * Compiled with -DLB_SIM it is the simulator's futex, in virtual time
 * (base/sim.h).
 */
#ifndef LB_SRC_FUTEX_H
#define LB_SRC_FUTEX_H

#include <linux/futex.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifdef LB_SIM
#include "base/sim.h"
#endif

/* FUTEX_PRIVATE_FLAG, or 0 while a --processes point runs (defined in locks/registry.c) */
extern int lb_futex_flags;

/* lb_futex() - futex(2) on @uaddr: FUTEX_WAIT for @val (until @ts, NULL: no limit) or FUTEX_WAKE */
static inline long lb_futex(uint32_t *uaddr, int op, uint32_t val, const struct timespec *ts)
{
#ifdef LB_SIM
	return lb_sim_futex(uaddr, op, val, ts);
#else
	return syscall(SYS_futex, uaddr, op | lb_futex_flags, val, ts, NULL, 0);
#endif
}

#endif /* LB_SRC_FUTEX_H */

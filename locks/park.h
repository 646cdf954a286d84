/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * park.h - futex sleep and wake-up, the bottom layer (algorithms.md 1.5)
 *
 * The one FUTEX_WAIT/WAKE wrapper of the locks (private, or shared while
 * a --processes point runs: lb_futex_flags in lock.h), sleep while a word
 * holds a value, and the "park word" recipe for a sleeper whose condition
 * is not a single word (arm, re-check the condition, sleep; the waker
 * changes the condition, clears the word, wakes): what percpu-rwsem's wait
 * queue needs. sleep.h builds the kernel-scheduler emulation of the mutex
 * and rwsem models (tasks, wake queues, grants, on_cpu) on lb_futex().
 */
#ifndef LB_LOCKS_PARK_H
#define LB_LOCKS_PARK_H

#include <limits.h>
#include <stdint.h>

#include "base/clock.h"
#include "base/futex.h"
#include "base/lb-atomic.h"
#include "lock.h"

/*
 * lb_futex_sleep() - FUTEX_WAIT while *w holds @val, the time (wake-up
 * latency included) added to lb_slept_cycles: two counter reads around a
 * system call that sleeps, nothing on a path that does not
 */
static inline long lb_futex_sleep(uint32_t *w, uint32_t val)
{
	uint64_t t0 = lb_cycles();
	long rc = lb_futex(w, FUTEX_WAIT, val, NULL);

	lb_slept_cycles += lb_cycles() - t0;
	return rc;
}

/* lb_futex_wait_while() - sleep until *w no longer holds @val */
static inline void lb_futex_wait_while(uint32_t *w, uint32_t val)
{
	/* acquire: pairs with the release store that changed *w (a grant) */
	while (lb_load_acquire(w) == val)
		lb_futex_sleep(w, val);
}

/* lb_futex_wake() - wake up to @n sleepers on @w */
static inline void lb_futex_wake(uint32_t *w, int n)
{
	lb_futex(w, FUTEX_WAKE, (uint32_t)n, NULL);
}

/* lb_park_arm() - about to sleep (set_current_state): arm, then re-check the condition */
static inline void lb_park_arm(uint32_t *park)
{
	lb_store_relaxed(park, 1);
	/* the arm is visible before the caller's re-check reads (set_current_state's barrier) */
	lb_fence_full();
}

/* lb_park_sleep() - sleep once unless woken since lb_park_arm(); the caller re-checks */
static inline void lb_park_sleep(uint32_t *park)
{
	/* acquire: pairs with the release in lb_park_wake() */
	if (lb_load_acquire(park))
		lb_futex_sleep(park, 1);
}

/* lb_park_disarm() - the condition held: no sleep after all */
static inline void lb_park_disarm(uint32_t *park)
{
	lb_store_relaxed(park, 0);
}

/* lb_park_wake() - wake_up_process(): clear an armed park word, wake its sleeper */
static inline void lb_park_wake(uint32_t *park)
{
	/* release: the waker's condition change is visible to the woken re-check */
	if (lb_xchg_release(park, 0))
		lb_futex_wake(park, 1);
}

#endif /* LB_LOCKS_PARK_H */

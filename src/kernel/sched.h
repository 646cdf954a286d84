/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sched.h - did the threads of a point really run: a thread's CPU time,
 * involuntary switches and time waiting for a CPU
 *
 * A worker reads its own CPU time (CLOCK_THREAD_CPUTIME_ID) and its
 * involuntary context switches (getrusage RUSAGE_THREAD) before the common
 * start and after its loop, outside the measured loop (the host's steal
 * during the point is machine/hygiene.h's). On a busy machine or an
 * overcommitted host a thread that did not run for part of the point
 * makes a figure of the scheduler, not of the lock.
 */
#ifndef LB_SRC_KERNEL_SCHED_H
#define LB_SRC_KERNEL_SCHED_H

#include <stdbool.h>
#include <stdint.h>

/* What one thread's clock says at one moment. */
struct lb_sched_mark {
	uint64_t cpu_ns;	/* CPU time of the calling thread */
	uint64_t nivcsw;	/* its involuntary context switches */
	uint64_t rq_ns;		/* its time runnable but waiting for a CPU (schedstat) */
	bool rq_ok;		/* rq_ns was read (a kernel without schedstats has none) */
};

/* lb_sched_mark() - the calling thread's CPU time, involuntary switches and run-queue wait now */
void lb_sched_mark(struct lb_sched_mark *m);
/*
 * lb_sched_rq_wait() - the calling thread's time on a run queue, runnable
 * but not running, from /proc/thread-self/schedstat (its second field);
 * -1 where the kernel has none (CONFIG_SCHED_INFO off)
 */
int lb_sched_rq_wait(uint64_t *ns);

/*
 * LB_RAN_PCT - below this share of the wall time (CPU time over wall time)
 * a thread did not really run the point
 */
#define LB_RAN_PCT 90.0

#endif /* LB_SRC_KERNEL_SCHED_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run.h - the one list of a run's points, running it, and --plan */
#ifndef LB_SRC_RUN_H
#define LB_SRC_RUN_H

#include <stdio.h>

#include "plan/plan.h"

/**
 * lb_plan_points() - the measured points of every scenario, in run order
 * @pts: filled (lb_points_free() when done)
 *
 * Mix and roles: repetitions outermost, then lock, thread count, ratio and
 * load. Fair: each lock's phases (lb_fair_points(); it has no repetitions).
 * A point's load in pauses comes from the calibrated pause cost with
 * --load-ns, and its trace collector from the plan: build the list for a
 * run after lb_clock_calibrate() and lb_trace_open().
 * Return: 0, or -1 when out of memory.
 */
int lb_plan_points(const struct lb_plan *plan, struct lb_points *pts);

/*
 * lb_point_done - called after each point that ran (main's -v report); the
 * plan knows nothing of how results are shown
 */
typedef void (*lb_point_done)(const struct lb_plan *plan, const struct lb_result *r);

/**
 * lb_run_all() - run every point of @pts, in its order
 * @done:       NULL, or called after each point
 * @out, @nout: malloc'ed results in run order
 *
 * A point timed out (--point-timeout) is kept, marked; when a signal set
 * lb_stop_requested, the run stops and *nout counts the points finished
 * before it (the interrupted one is dropped).
 * Return: 0 or an exit status; a failing point stops the run.
 */
int lb_run_all(const struct lb_plan *plan, const struct lb_points *pts, lb_point_done done,
	       struct lb_result **out, unsigned *nout);
/*
 * lb_run_announce() - before the run: the estimated time (from 10 s, or
 * with -v) and a warning when a spinning lock gets more threads than CPUs
 */
void lb_run_announce(const struct lb_plan *plan, const struct lb_points *pts);
/**
 * lb_points_estimate() - each fixed-work point's expected seconds (est_s)
 * from a short fixed-time probe of it (estimate.c); nothing unless
 * @thissystem (a planned machine cannot be probed)
 */
void lb_points_estimate(struct lb_points *pts, bool thissystem);
/* lb_run_progress_erase() - erase the progress line if shown (async-signal-safe) */
void lb_run_progress_erase(void);
/* lb_plan_print() - the --plan report: each thread's place, then the points of @pts */
void lb_plan_print(FILE *f, const struct lb_plan *plan, const struct lb_points *pts);

#endif /* LB_SRC_RUN_H */

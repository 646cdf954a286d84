/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run.h - running the measured points of a plan, and --plan */
#ifndef LB_SRC_RUN_H
#define LB_SRC_RUN_H

#include <stdio.h>

#include "plan/plan.h"

/*
 * lb_point_done - called after each point that ran (main's -v report); the
 * plan knows nothing of how results are shown
 */
typedef void (*lb_point_done)(const struct lb_plan *plan, const struct lb_result *r);

/**
 * lb_run_all() - run every point, repetitions outermost (interleaved)
 * @done:       NULL, or called after each point
 * @out, @nout: malloc'ed results in run order
 *
 * Return: 0 or an exit status; a failing point stops the run.
 */
int lb_run_all(const struct lb_plan *plan, lb_point_done done, struct lb_result **out,
	       unsigned *nout);
/* lb_plan_print() - the --plan report: each thread's place, then the points */
void lb_plan_print(FILE *f, const struct lb_plan *plan);

#endif /* LB_SRC_RUN_H */

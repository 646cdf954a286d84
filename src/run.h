/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run.h - from the configuration to the list of measured points, and --plan */
#ifndef LB_SRC_RUN_H
#define LB_SRC_RUN_H

#include <stdio.h>

#include "harness.h"
#include "options.h"
#include "topology.h"

struct lb_plan {
	const struct lb_config *cfg;
	const struct lb_pu *pus;	/* placement order */
	unsigned npus;
	unsigned *threads;		/* expanded --threads */
	unsigned *tgroup;		/* index of the --threads element of each */
	unsigned nthreads;
};

/**
 * lb_run_all() - run every point, repetitions outermost (interleaved)
 * @out, @nout: malloc'ed results in run order
 *
 * Return: 0 or an exit status; a failing point stops the run.
 */
int lb_run_all(const struct lb_plan *plan, struct lb_result **out, unsigned *nout);
/* lb_plan_print() - the --plan report: each thread's place, then the points */
void lb_plan_print(FILE *f, const struct lb_plan *plan);

#endif /* LB_SRC_RUN_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stats.h - summary statistics of repeated measurements */
#ifndef LB_SRC_STATS_H
#define LB_SRC_STATS_H

#include <stdint.h>

struct lb_summary {
	unsigned n;
	double mean, stdev;	/* stdev: sample (n - 1) standard deviation, 0 when n < 2 */
	double median, min, max;
};

/* lb_summarize() - mean, sample stdev, median, min and max of @n values */
void lb_summarize(const double *v, unsigned n, struct lb_summary *s);
/* lb_jain() - Jain's fairness index of @n counts: 1 = perfectly even, 1/n = one did all */
double lb_jain(const uint64_t *v, unsigned n);

#endif /* LB_SRC_STATS_H */

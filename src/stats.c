// SPDX-License-Identifier: GPL-2.0-or-later
/* stats.c - summary statistics of repeated measurements */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void lb_summarize(const double *v, unsigned n, struct lb_summary *s)
{
	double sum = 0, ss = 0, *sorted;

	memset(s, 0, sizeof(*s));
	s->n = n;
	if (n == 0)
		return;
	for (unsigned i = 0; i < n; i++)
		sum += v[i];
	s->mean = sum / n;
	for (unsigned i = 0; i < n; i++)
		ss += (v[i] - s->mean) * (v[i] - s->mean);
	s->stdev = n > 1 ? sqrt(ss / (n - 1)) : 0;
	sorted = malloc(n * sizeof(*sorted));
	if (!sorted) {
		s->median = s->min = s->max = v[0];
		return;
	}
	memcpy(sorted, v, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_double);
	s->min = sorted[0];
	s->max = sorted[n - 1];
	s->median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	free(sorted);
}

double lb_jain(const uint64_t *v, unsigned n)
{
	double sum = 0, sq = 0;

	for (unsigned i = 0; i < n; i++) {
		sum += (double)v[i];
		sq += (double)v[i] * (double)v[i];
	}
	return sq > 0 ? sum * sum / (n * sq) : 0;
}

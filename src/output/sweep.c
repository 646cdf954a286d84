// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * output-sweep.c - the 2015 qrwlock byte-cmpxchg thread sweep: before and after per thread count
 *
 *	With R:W ratio = 5:1
 *
 *	Threads    w/o patch    with patch    % change
 *	-------    ---------    ----------    --------
 *	      2          990           895       -9.6%
 *	     10         7599          7599        0.0%
 *	     20        13767         13817       +0.4%
 *
 *	(execution time in ms, load 1; % change: after against before,
 *	negative is better)
 *
 * The two column titles are the two locks, in --lock order ("before" is the
 * first); one row per thread count in the order the points ran. Figures as
 * in the posting: integers from 100 up, three significant digits below; the
 * change with its sign and one decimal, "0.0%" when it rounds to nothing.
 * With --repeat each figure is the mean of the repetitions. With
 * --duration the figures are Mops/s and a positive change is better.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "output/output.h"

#define SWEEP_GAP "    "	/* between columns */

int lb_sweep_check(const struct lb_config *c, char *why, size_t len)
{
	if (c->nlocks != 2)
		snprintf(why, len, "needs exactly two locks (before and after), got %u", c->nlocks);
	else if (c->nratios != 1)
		snprintf(why, len, "needs exactly one --ratio, got %u", c->nratios);
	else if (c->nloads != 1)
		snprintf(why, len, "needs exactly one --load, got %u", c->nloads);
	else
		return 0;
	return -1;
}

char *lb_sweep_figure(double v, char *buf, size_t len)
{
	if (v >= 99.5)
		snprintf(buf, len, "%.0f", v);
	else if (v >= 9.995)
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%.2f", v);
	return buf;
}

char *lb_sweep_change(double before, double after, char *buf, size_t len)
{
	double pct = before > 0 ? (after - before) / before * 100.0 : 0.0;
	double tenths = round(pct * 10.0);

	if (tenths == 0)
		snprintf(buf, len, "0.0%%");
	else
		snprintf(buf, len, "%+.1f%%", tenths / 10.0);
	return buf;
}

/* Mean figure of (lock, threads) over the repetitions; NAN when there is none. */
static double mean_of(const struct lb_report *rep, const char *lock, unsigned threads, unsigned *n)
{
	double sum = 0;

	*n = 0;
	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_result *r = &rep->results[i];

		if (strcmp(r->point.ops->name, lock) == 0 && r->point.nthreads == threads) {
			sum += lb_point_figure(r, rep->fixed_time);
			(*n)++;
		}
	}
	return *n ? sum / *n : NAN;
}

static void rule(FILE *f, size_t w)
{
	for (size_t i = 0; i < w; i++)
		fputc('-', f);
}

int lb_output_sweep(FILE *f, const struct lb_report *rep)
{
	static const char *const h_threads = "Threads", *const h_change = "% change";
	const char *lock[2] = { NULL, NULL };
	unsigned *threads = calloc(rep->nresults + 1, sizeof(*threads)), nrows = 0, nrep = 0;
	size_t w[4] = { strlen(h_threads), 0, 0, strlen(h_change) };
	const struct lb_point *p0 = rep->nresults ? &rep->results[0].point : NULL;

	if (!threads)
		return -1;
	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_point *p = &rep->results[i].point;
		unsigned k;

		if (!lock[0])
			lock[0] = p->ops->name;
		else if (!lock[1] && strcmp(p->ops->name, lock[0]) != 0)
			lock[1] = p->ops->name;
		for (k = 0; k < nrows; k++)
			if (threads[k] == p->nthreads)
				break;
		if (k == nrows)
			threads[nrows++] = p->nthreads;
	}
	if (!lock[1]) {
		free(threads);
		return -1;	/* check() lets only two locks through */
	}
	w[1] = strlen(lock[0]);
	w[2] = strlen(lock[1]);
	for (unsigned k = 0; k < nrows; k++) {
		char fig[32];
		unsigned n;

		for (unsigned j = 0; j < 2; j++) {
			double v = mean_of(rep, lock[j], threads[k], &n);

			if (n > nrep)
				nrep = n;
			if (!isnan(v) && strlen(lb_sweep_figure(v, fig, sizeof(fig))) > w[1 + j])
				w[1 + j] = strlen(fig);
		}
	}

	fprintf(f, "With R:W ratio = %u:%u\n\n", lb_point_ratio(p0).r, lb_point_ratio(p0).w);
	fprintf(f, "%*s" SWEEP_GAP "%*s" SWEEP_GAP "%*s" SWEEP_GAP "%*s\n", (int)w[0], h_threads,
		(int)w[1], lock[0], (int)w[2], lock[1], (int)w[3], h_change);
	for (unsigned j = 0; j < 4; j++) {
		if (j)
			fputs(SWEEP_GAP, f);
		rule(f, w[j]);
	}
	fputc('\n', f);
	for (unsigned k = 0; k < nrows; k++) {
		char b[32] = "-", a[32] = "-", ch[32] = "-";
		unsigned nb, na;
		double vb = mean_of(rep, lock[0], threads[k], &nb);
		double va = mean_of(rep, lock[1], threads[k], &na);

		if (nb)
			lb_sweep_figure(vb, b, sizeof(b));
		if (na)
			lb_sweep_figure(va, a, sizeof(a));
		if (nb && na)
			lb_sweep_change(vb, va, ch, sizeof(ch));
		fprintf(f, "%*u" SWEEP_GAP "%*s" SWEEP_GAP "%*s" SWEEP_GAP "%*s\n", (int)w[0],
			threads[k], (int)w[1], b, (int)w[2], a, (int)w[3], ch);
	}
	fprintf(f, "\n(%s, load %llu%s", rep->fixed_time ? "throughput in Mops/s" :
		"execution time in ms", (unsigned long long)p0->load_arg, p0->load_ns ? " ns" : "");
	if (nrep > 1)
		fprintf(f, ", mean of %u runs", nrep);
	fprintf(f, "; %% change: %s against %s, %s is better)\n", lock[1], lock[0],
		rep->fixed_time ? "positive" : "negative");
	free(threads);
	return ferror(f) ? -1 : 0;
}

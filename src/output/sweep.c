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

#include "kernel/sched.h"
#include "measure/statistics.h"
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

/*
 * The figures of (lock, threads) over the repetitions: their mean and
 * coefficient of variation (%), whether one timed out or ran short, and the
 * figures themselves (for the noise test), at most LB_SWEEP_MAX_REP.
 */
#define LB_SWEEP_MAX_REP 64
struct sweep_cell {
	double mean, cv;
	unsigned n;
	bool timed_out, ran_short;
	double v[LB_SWEEP_MAX_REP];
};

static void cell_of(const struct lb_report *rep, const char *lock, unsigned threads,
		    struct sweep_cell *c)
{
	struct lb_summary sum;

	memset(c, 0, sizeof(*c));
	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_result *r = &rep->results[i];

		if (strcmp(r->point.ops->name, lock) != 0 || r->point.nthreads != threads)
			continue;
		c->timed_out |= r->timed_out;
		c->ran_short |= r->short_threads > 0;
		if (c->n < LB_SWEEP_MAX_REP)
			c->v[c->n++] = lb_point_figure(r, rep->fixed_time);
	}
	if (!c->n) {
		c->mean = NAN;
		return;
	}
	lb_summarize(c->v, c->n, &sum);
	c->mean = sum.mean;
	c->cv = sum.mean > 0 ? 100 * sum.stdev / sum.mean : 0;
}

/* a figure and its marks: ! timed out, * a thread ran short (as in the table) */
static char *cell_text(const struct sweep_cell *c, char *buf, size_t len)
{
	char fig[32];

	if (!c->n)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%s%s%s", lb_sweep_figure(c->mean, fig, sizeof(fig)),
			 c->timed_out ? "!" : "", c->ran_short ? "*" : "");
	return buf;
}

static char *cv_text(const struct sweep_cell *c, char *buf, size_t len)
{
	if (c->n > 1)
		snprintf(buf, len, "%.1f%%", c->cv);
	else
		snprintf(buf, len, "-");
	return buf;
}

static void rule(FILE *f, size_t w)
{
	for (size_t i = 0; i < w; i++)
		fputc('-', f);
}

/*
 * The posting's columns; with repetitions each lock's also has its spread
 * (the coefficient of variation over them, "cv") and a change within the
 * noise (Welch's test, 3 or more a side, p > 0.05) is marked "~"
 */
int lb_output_sweep(FILE *f, const struct lb_report *rep)
{
	static const char *const h_threads = "Threads", *const h_change = "% change";
	static const char *const h_cv = "cv";
	const char *lock[2] = { NULL, NULL };
	unsigned *threads = calloc(rep->nresults + 1, sizeof(*threads)), nrows = 0, nrep = 0;
	size_t w[6] = { strlen(h_threads), 0, strlen(h_cv), 0, strlen(h_cv), strlen(h_change) };
	const struct lb_point *p0 = rep->nresults ? &rep->results[0].point : NULL;
	struct sweep_cell *cb = malloc(sizeof(*cb)), *ca = malloc(sizeof(*ca));
	bool marks[3] = { false, false, false };	/* timed out, ran short, noisy */

	if (!threads || !cb || !ca) {
		free(threads);
		free(cb);
		free(ca);
		return -1;
	}
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
		free(cb);
		free(ca);
		return -1;	/* check() lets only two locks through */
	}
	w[1] = strlen(lock[0]);
	w[3] = strlen(lock[1]);
	for (unsigned k = 0; k < nrows; k++) {
		char t[48];

		cell_of(rep, lock[0], threads[k], cb);
		cell_of(rep, lock[1], threads[k], ca);
		nrep = cb->n > nrep ? cb->n : nrep;
		nrep = ca->n > nrep ? ca->n : nrep;
		w[1] = strlen(cell_text(cb, t, sizeof(t))) > w[1] ? strlen(t) : w[1];
		w[3] = strlen(cell_text(ca, t, sizeof(t))) > w[3] ? strlen(t) : w[3];
		w[2] = strlen(cv_text(cb, t, sizeof(t))) > w[2] ? strlen(t) : w[2];
		w[4] = strlen(cv_text(ca, t, sizeof(t))) > w[4] ? strlen(t) : w[4];
	}

	fprintf(f, "With R:W ratio = %u:%u\n\n", lb_point_ratio(p0).r, lb_point_ratio(p0).w);
	for (unsigned j = 0; j < 6; j++) {
		const char *h[6] = { h_threads, lock[0], h_cv, lock[1], h_cv, h_change };

		if (nrep < 2 && (j == 2 || j == 4))
			continue;
		fprintf(f, "%s%*s", j ? SWEEP_GAP : "", (int)w[j], h[j]);
	}
	fputc('\n', f);
	for (unsigned j = 0; j < 6; j++) {
		if (nrep < 2 && (j == 2 || j == 4))
			continue;
		if (j)
			fputs(SWEEP_GAP, f);
		rule(f, w[j]);
	}
	fputc('\n', f);
	for (unsigned k = 0; k < nrows; k++) {
		char b[48], a[48], cvb[32], cva[32], ch[32] = "-";
		bool noisy;

		cell_of(rep, lock[0], threads[k], cb);
		cell_of(rep, lock[1], threads[k], ca);
		noisy = lb_noisy(cb->v, cb->n, ca->v, ca->n);
		if (cb->n && ca->n) {
			lb_sweep_change(cb->mean, ca->mean, ch, sizeof(ch));
			if (noisy)
				strcat(ch, "~");
		}
		marks[0] |= cb->timed_out || ca->timed_out;
		marks[1] |= cb->ran_short || ca->ran_short;
		marks[2] |= noisy;
		fprintf(f, "%*u" SWEEP_GAP "%*s", (int)w[0], threads[k], (int)w[1],
			cell_text(cb, b, sizeof(b)));
		if (nrep > 1)
			fprintf(f, SWEEP_GAP "%*s", (int)w[2], cv_text(cb, cvb, sizeof(cvb)));
		fprintf(f, SWEEP_GAP "%*s", (int)w[3], cell_text(ca, a, sizeof(a)));
		if (nrep > 1)
			fprintf(f, SWEEP_GAP "%*s", (int)w[4], cv_text(ca, cva, sizeof(cva)));
		fprintf(f, SWEEP_GAP "%*s\n", (int)w[5], ch);
	}
	fprintf(f, "\n(%s, load %llu%s", rep->fixed_time ? "throughput in Mops/s" :
		"execution time in ms", (unsigned long long)p0->load_arg, p0->load_ns ? " ns" : "");
	if (nrep > 1)
		fprintf(f, ", mean of %u runs, cv their coefficient of variation", nrep);
	fprintf(f, "; %% change: %s against %s, %s is better)\n", lock[1], lock[0],
		rep->fixed_time ? "positive" : "negative");
	if (marks[2])
		fprintf(f, "~ within the noise: Welch's test over the runs, p > 0.05\n");
	if (marks[0])
		fprintf(f, "! a run of the point timed out (--point-timeout): its figure counts "
			"the operations done before the stop\n");
	if (marks[1])
		fprintf(f, "* in a run of the point a thread got less than %.0f%% of the time it "
			"was runnable or of its share of the CPUs: the figure measures the scheduler "
			"too\n", LB_RAN_PCT);
	free(threads);
	free(cb);
	free(ca);
	return ferror(f) ? -1 : 0;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * output-stats.c - the 2013 aqticket table: base against patched, mean and
 * sample stdev over --repeat, per overcommit level
 *
 *	+---+-----------+-----------+-----------+------------+-----------+
 *	ticket vs aqticket, ratio 0:1, load 1 (throughput: ops/s, higher is better)
 *	+---+-----------+-----------+-----------+------------+-----------+
 *	    base        stdev       patched     stdev        %improvement
 *	+---+-----------+-----------+-----------+------------+-----------+
 *	1x  5574.9000   237.4997    7851.9000   148.6737     40.84378
 *	2x  2741.5000   561.3090    1620.9000   410.8299     -40.87543
 *	+---+-----------+-----------+-----------+------------+-----------+
 *
 * The first lock is "base", the second "patched". One block per ratio and
 * load, one row per thread count, labelled as --threads gave it: `2x` for
 * an overcommit element, the number otherwise. The figure is a throughput,
 * so higher is better in both modes: ops/s with --duration (the CSV's
 * ops_per_s), 1/execution time with --ops (1000 / the CSV's exec_time_ms).
 * %improvement = (patched - base) / base * 100 of the means, with one
 * decimal and compare's "~" when Welch's t-test over the repetitions says
 * the change is within the noise (lb_noisy(): 3 or more each), explained
 * under the table; figures to five significant digits (one decimal at
 * least, four at most: ops/s to one). The posting's four decimals
 * (five for the change) overstate what a few repetitions can say, and are
 * kept only for the layout test (lb_output_stats_posting()). Columns are as wide as the posting's,
 * wider where a figure needs it.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "output/output.h"
#include "measure/statistics.h"

#define NCOLS 5

static const char *const col_names[NCOLS] = { "base", "stdev", "patched", "stdev", "%improvement" };
static const size_t posting_widths[NCOLS + 1] = { 3, 11, 11, 11, 12, 11 };	/* label, then columns */

int lb_stats_check(const struct lb_config *c, char *why, size_t len)
{
	if (c->nlocks != 2) {
		snprintf(why, len, "compares two locks, base then patched (--lock=BASE,PATCHED); "
			 "got %u", c->nlocks);
		return -1;
	}
	if (c->repeat < 2) {
		snprintf(why, len, "needs --repeat=2 or more for a standard deviation (got %u)",
			 c->repeat);
		return -1;
	}
	return 0;
}

/* The figure of one repetition: throughput, higher is better. */
static double stats_figure(const struct lb_result *r, bool fixed_time)
{
	if (fixed_time)
		return r->ops_per_s;
	return r->exec_ms > 0 ? 1000.0 / r->exec_ms : 0;
}

/* A row label: "Nx" when the --threads element that gave @n was Nx, else the number. */
static void thread_label(const struct lb_report *rep, unsigned n, char *buf, size_t len)
{
	const struct lb_config *c = rep->cfg;

	for (unsigned i = 0; c && i < c->ntelems; i++) {
		const struct lb_telem *e = &c->telems[i];

		if (e->kind == LB_T_X && e->mult * rep->npus == n) {
			snprintf(buf, len, "%ux", e->mult);
			return;
		}
		if ((e->kind == LB_T_MAX && e->off == 0 && n == rep->npus) ||
		    (e->kind == LB_T_NUM && n >= e->lo && n <= e->hi && (n - e->lo) % e->step == 0))
			break;	/* the first element that gives n is a plain count */
	}
	snprintf(buf, len, "%u", n);
}

static bool same_cell(const struct lb_result *a, const struct lb_result *b)
{
	return lb_point_same_ratio(&a->point, &b->point) &&
	       a->point.load_arg == b->point.load_arg;
}

/*
 * Mean and stdev of @lock's repetitions at the cell of @cell and @threads,
 * their figures in @buf. Return: whether a thread of one ran short.
 */
static bool summarize(const struct lb_report *rep, const struct lb_lock_ops *lock,
		      const struct lb_result *cell, unsigned threads, double *buf,
		      struct lb_summary *s)
{
	unsigned n = 0;
	bool ran_short = false;

	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_result *r = &rep->results[i];

		if (r->point.ops == lock && r->point.nthreads == threads && same_cell(r, cell)) {
			buf[n++] = stats_figure(r, rep->fixed_time);
			ran_short |= r->short_threads > 0;
		}
	}
	lb_summarize(buf, n, s);
	return ran_short;
}

static void rule(FILE *f, const size_t *w)
{
	for (unsigned c = 0; c <= NCOLS; c++) {
		fputc('+', f);
		for (size_t k = 0; k < w[c]; k++)
			fputc('-', f);
	}
	fputs("+\n", f);
}

/* One block's options and what it saw. */
struct stats_opts {
	bool posting;		/* the posting's precision: five decimals, no mark */
	bool noisy;		/* out: a change was marked "~" */
	bool ran_short;		/* out: a repetition had a thread that ran short */
};

/* %improvement of @s[1] over @s[0] (@v their repetitions) into @buf */
static void improvement(const struct lb_summary *s, double *const v[2], struct stats_opts *o,
			char *buf, size_t len)
{
	bool noisy;

	if (!(s[0].mean > 0)) {
		snprintf(buf, len, "-");
		return;
	}
	if (o->posting) {
		snprintf(buf, len, "%.5f", (s[1].mean - s[0].mean) / s[0].mean * 100);
		return;
	}
	noisy = lb_noisy(v[0], s[0].n, v[1], s[1].n);
	o->noisy |= noisy;
	snprintf(buf, len, "%.1f%s", (s[1].mean - s[0].mean) / s[0].mean * 100, noisy ? "~" : "");
}

/*
 * A figure's decimals: five significant digits, one decimal at least and
 * four at most (ops/s 5465688.7, a fixed-work rate 15.385, 1.5000)
 */
static int decimals(double v)
{
	int d = v > 0 ? 4 - (int)floor(log10(v)) : 1;

	return d < 1 ? 1 : d > 4 ? 4 : d;
}

static int block(FILE *f, const struct lb_report *rep, const struct lb_lock_ops *const lk[2],
		  const struct lb_result *cell, const unsigned *threads, unsigned nthreads,
		  double *const buf[2], struct stats_opts *o)
{
	char (*cells)[NCOLS + 1][48] = calloc(nthreads ? nthreads : 1, sizeof(*cells));
	size_t w[NCOLS + 1];
	char ratio[32];

	if (!cells)
		return -1;
	memcpy(w, posting_widths, sizeof(w));
	for (unsigned t = 0; t < nthreads; t++) {
		struct lb_summary s[2];

		thread_label(rep, threads[t], cells[t][0], sizeof(cells[t][0]));
		for (unsigned k = 0; k < 2; k++) {
			bool ran_short = summarize(rep, lk[k], cell, threads[t], buf[k], &s[k]);

			int dec = o->posting ? 4 : decimals(s[k].mean);

			snprintf(cells[t][1 + 2 * k], sizeof(cells[t][0]), "%.*f%s", dec, s[k].mean,
				 ran_short ? "*" : "");
			snprintf(cells[t][2 + 2 * k], sizeof(cells[t][0]), "%.*f", dec, s[k].stdev);
			o->ran_short |= ran_short;
		}
		improvement(s, buf, o, cells[t][5], sizeof(cells[t][0]));
		for (unsigned c = 0; c <= NCOLS; c++)
			if (strlen(cells[t][c]) > w[c])
				w[c] = strlen(cells[t][c]);
	}

	rule(f, w);
	fprintf(f, "%s vs %s, ratio %s, load %llu%s (throughput: %s, higher is better)\n",
		lk[0]->name, lk[1]->name, lb_point_ratio_str(&cell->point, ratio, sizeof(ratio)),
		(unsigned long long)cell->point.load_arg, cell->point.load_ns ? " ns" : "",
		rep->fixed_time ? "ops/s" : "1/execution time in 1/s");
	rule(f, w);
	fprintf(f, "%-*s", (int)w[0] + 1, "");
	for (unsigned c = 0; c + 1 < NCOLS; c++)
		fprintf(f, "%-*s", (int)w[c + 1] + 1, col_names[c]);
	fprintf(f, "%s\n", col_names[NCOLS - 1]);
	rule(f, w);
	for (unsigned t = 0; t < nthreads; t++) {
		for (unsigned c = 0; c < NCOLS; c++)
			fprintf(f, "%-*s", (int)w[c] + 1, cells[t][c]);
		fprintf(f, "%s\n", cells[t][NCOLS]);
	}
	rule(f, w);
	free(cells);
	return 0;
}

static int stats_write(FILE *f, const struct lb_report *rep, struct stats_opts *o)
{
	const struct lb_lock_ops *lk[2] = { NULL, NULL };
	unsigned *threads = calloc(rep->nresults + 1, sizeof(*threads));
	double *buf[2] = { calloc(rep->nresults + 1, sizeof(double)),
			   calloc(rep->nresults + 1, sizeof(double)) };
	unsigned nthreads = 0;
	int rc = 0;

	if (!threads || !buf[0] || !buf[1]) {
		free(threads);
		free(buf[0]);
		free(buf[1]);
		return -1;
	}
	/* the two locks, in run order; the thread counts, in run order */
	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_result *r = &rep->results[i];
		unsigned k;

		if (!lk[0])
			lk[0] = r->point.ops;
		else if (!lk[1] && r->point.ops != lk[0])
			lk[1] = r->point.ops;
		for (k = 0; k < nthreads; k++)
			if (threads[k] == r->point.nthreads)
				break;
		if (k == nthreads)
			threads[nthreads++] = r->point.nthreads;
	}
	if (!lk[1]) {
		free(threads);
		free(buf[0]);
		free(buf[1]);
		return -1;	/* check() refuses such a run */
	}
	/* one block per ratio and load, in the order they first ran */
	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_result *r = &rep->results[i];
		bool seen = false;

		for (unsigned j = 0; j < i && !seen; j++)
			seen = same_cell(&rep->results[j], r);
		if (!seen && block(f, rep, lk, r, threads, nthreads, buf, o))
			rc = -1;
	}
	free(threads);
	free(buf[0]);
	free(buf[1]);
	return rc || ferror(f) ? -1 : 0;
}

int lb_output_stats(FILE *f, const struct lb_report *rep)
{
	struct stats_opts o = { .posting = false };
	int rc = stats_write(f, rep, &o);

	if (!rc && o.noisy)
		fprintf(f, "~ the change is within the run-to-run noise: Welch's t-test over the "
			"repetitions gives p > 0.05\n");
	if (!rc && o.ran_short)
		lb_short_note(f, rep);
	if (!rc)
		lb_disturbed_note(f, rep);
	return rc || ferror(f) ? -1 : 0;
}

int lb_output_stats_posting(FILE *f, const struct lb_report *rep)
{
	struct stats_opts o = { .posting = true };

	return stats_write(f, rep, &o);
}

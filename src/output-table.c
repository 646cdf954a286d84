// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * output-table.c - the seed 000 table
 *
 *	lock/r:w ratio # of threads Load:Execution Time (ms)
 *	-------------- ------------ ------------------------
 *	rwsem/10:1     2            1:168.8, 5:179.5, 10:209.8
 *	rwsem/0:1      10           1:1306 , 5:1733 , 10:1998
 *
 * One row per lock/ratio and thread count, in the order the points ran;
 * one "load:figure" element per load. Every element but the last is padded
 * to the width of "999.9" before its comma, as in the seed. With --repeat
 * the figure is the mean of the repetitions. A phase of --scenario=fair is
 * labelled lock/phase (its threads have roles rather than a ratio).
 *
 * With -v a fairness block follows: per point the operations per thread
 * (min/mean/max), Jain's index and the starvation watch.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fair.h"
#include "log.h"
#include "output.h"

struct row {
	const char *lock;
	struct lb_ratio ratio;
	unsigned threads;
	unsigned phase;
};

static bool same_row(const struct row *a, const struct lb_result *r)
{
	return strcmp(a->lock, r->point.ops->name) == 0 && a->ratio.r == r->point.ratio.r &&
	       a->ratio.w == r->point.ratio.w && a->threads == r->point.nthreads &&
	       a->phase == r->point.phase;
}

/* "rwsem/10:1", or "frwlock/high-contention" for a phase of --scenario=fair */
static char *row_label(const char *lock, const struct lb_ratio *ratio, unsigned phase, char *buf,
		       size_t len)
{
	if (phase)
		snprintf(buf, len, "%s/%s", lock, lb_fair_phase_name(phase));
	else
		snprintf(buf, len, "%s/%u:%u", lock, ratio->r, ratio->w);
	return buf;
}

/* -v: the fairness of each point */
static void fairness_block(FILE *f, const struct lb_report *rep)
{
	fprintf(f, "\nFairness: operations per thread min/mean/max, Jain's index, starvation "
		"(a population without an acquisition for a whole window)\n");
	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_result *r = &rep->results[i];
		char label[160];

		fprintf(f, "%s  %u  load %llu%s: %llu/%.1f/%llu, Jain %.4f, starvation (window %.0f ms): ",
			row_label(r->point.ops->name, &r->point.ratio, r->point.phase, label,
				  sizeof(label)), r->point.nthreads, (unsigned long long)r->point.load_arg,
			r->point.load_ns ? "ns" : "", (unsigned long long)r->ops_min, r->ops_mean,
			(unsigned long long)r->ops_max, lb_result_jain(r, -1), r->starve_window_ms);
		lb_fmt_starvation(f, r);
		fputc('\n', f);
	}
}

int lb_output_table(FILE *f, const struct lb_report *rep)
{
	static const char *const h1 = "lock/r:w ratio", *const h2 = "# of threads";
	const char *h3 = rep->fixed_time ? "Load:Throughput (Mops/s)" : "Load:Execution Time (ms)";
	struct row *rows = calloc(rep->nresults + 1, sizeof(*rows));
	uint64_t *loads = calloc(rep->nresults + 1, sizeof(*loads));
	unsigned nrows = 0;
	size_t w1 = strlen(h1), w2 = strlen(h2);

	if (!rows || !loads) {
		free(rows);
		free(loads);
		return -1;
	}
	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_result *r = &rep->results[i];
		unsigned k;

		for (k = 0; k < nrows; k++)
			if (same_row(&rows[k], r))
				break;
		if (k == nrows) {
			char label[160];

			rows[nrows].lock = r->point.ops->name;
			rows[nrows].ratio = r->point.ratio;
			rows[nrows].threads = r->point.nthreads;
			rows[nrows].phase = r->point.phase;
			nrows++;
			row_label(r->point.ops->name, &r->point.ratio, r->point.phase, label,
				  sizeof(label));
			if (strlen(label) > w1)
				w1 = strlen(label);
		}
	}
	fprintf(f, "%-*s  %-*s  %s\n", (int)w1, h1, (int)w2, h2, h3);
	for (size_t i = 0; i < w1; i++)
		fputc('-', f);
	fputs("  ", f);
	for (size_t i = 0; i < w2; i++)
		fputc('-', f);
	fputs("  ", f);
	for (size_t i = 0; i < strlen(h3); i++)
		fputc('-', f);
	fputc('\n', f);

	for (unsigned k = 0; k < nrows; k++) {
		unsigned nloads = 0;
		char label[160];

		/* the loads of this row, in the order they ran */
		for (unsigned i = 0; i < rep->nresults; i++) {
			const struct lb_result *r = &rep->results[i];
			unsigned j;

			if (!same_row(&rows[k], r))
				continue;
			for (j = 0; j < nloads; j++)
				if (loads[j] == r->point.load_arg)
					break;
			if (j == nloads)
				loads[nloads++] = r->point.load_arg;
		}
		row_label(rows[k].lock, &rows[k].ratio, rows[k].phase, label, sizeof(label));
		fprintf(f, "%-*s  %-*u  ", (int)w1, label, (int)w2, rows[k].threads);
		for (unsigned j = 0; j < nloads; j++) {
			double sum = 0;
			unsigned n = 0;
			char fig[32];

			for (unsigned i = 0; i < rep->nresults; i++) {
				const struct lb_result *r = &rep->results[i];

				if (same_row(&rows[k], r) && r->point.load_arg == loads[j]) {
					sum += lb_point_figure(r, rep->fixed_time);
					n++;
				}
			}
			lb_fmt_figure(sum / n, rep->fixed_time, fig, sizeof(fig));
			if (j + 1 < nloads)
				fprintf(f, "%llu:%-5s, ", (unsigned long long)loads[j], fig);
			else
				fprintf(f, "%llu:%s\n", (unsigned long long)loads[j], fig);
		}
	}
	free(rows);
	free(loads);
	if (lb_verbose > 0)
		fairness_block(f, rep);
	return ferror(f) ? -1 : 0;
}

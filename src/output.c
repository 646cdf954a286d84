// SPDX-License-Identifier: GPL-2.0-or-later
/* output.c - formatter dispatch and shared helpers */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "output.h"
#include "stats.h"

/*
 * The formats, in --help order; the first is the default. One row each:
 * name, -o extension, help, writer, check() (NULL: any run), default --load
 * (NULL: 1,5,10; a format that needs one load gives one).
 */
const struct lb_format_def lb_formats[] = {
	{ "table", "table", "the seed 000 table: execution time or Mops/s per load", lb_output_table,
	  NULL, NULL },
	{ "stats", NULL, "the seed 004 table: base and patched throughput, mean and stdev over "
	  "--repeat, per thread count (1x, 2x, 3x)", lb_output_stats, lb_stats_check, NULL },
	{ "sweep", NULL, "the seed 003 thread sweep: two locks side by side, % change per thread "
	  "count", lb_output_sweep, lb_sweep_check, "1" },
	{ "compare", NULL, "seed 000's Before, After and % Change blocks: the first two locks, "
	  "or --baseline and this run", lb_output_compare, lb_check_before_after, NULL },
	{ "aim7", NULL, "seed 000's AIM7 table: throughput per --threads range, before, after, "
	  "% change", lb_output_aim7, lb_check_before_after, NULL },
	{ "csv", "csv", "one row per point and repetition, for plotting", lb_output_csv, NULL, NULL },
	{ "json", "json", "the whole run with per-thread detail", lb_output_json, NULL, NULL },
	{ "latency", NULL, "seed 002's report: timer calibration, then per thread iterations and "
	  "lock delay [min,avg,max] in cycles (--scenario=fair or --latency)", lb_output_latency,
	  lb_output_latency_check, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL },
};

const struct lb_format_def *lb_format_find(const char *name)
{
	for (unsigned i = 0; lb_formats[i].name; i++)
		if (strcmp(lb_formats[i].name, name) == 0)
			return &lb_formats[i];
	return NULL;
}

char *lb_fmt_figure(double v, bool fixed_time, char *buf, size_t len)
{
	if (fixed_time && v < 9.995)
		snprintf(buf, len, "%.2f", v);
	else if (v < 999.95)
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%.0f", v);
	return buf;
}

double lb_point_figure(const struct lb_result *r, bool fixed_time)
{
	return fixed_time ? r->ops_per_s / 1e6 : r->exec_ms;
}

double lb_ns_per_op(const struct lb_result *r)
{
	return r->ops_total ? r->exec_ms * 1e6 / (double)r->ops_total : 0;
}

const struct lb_c2c *lb_result_c2c(const struct lb_c2c *c, unsigned n, const struct lb_result *r)
{
	if (!c || r->point.nthreads < 2 || !r->threads || !r->point.pin)
		return NULL;
	return lb_c2c_find(c, n, r->threads[0].cpu_os, r->threads[1].cpu_os);
}

void lb_fmt_perf(FILE *f, const struct lb_perf_vals *v)
{
	for (int ev = 0; ev < LB_PERF_NEV; ev++) {
		fprintf(f, "%s%s ", ev ? ", " : "", lb_perf_name((enum lb_perf_ev)ev));
		if (!(v->ok & (1u << ev)))
			fputs(lb_perf_why(v->err[ev]), f);
		else if (ev == LB_PERF_TASK_CLOCK)
			fprintf(f, "%.1f ms", (double)v->v[ev] / 1e6);
		else
			fprintf(f, "%llu", (unsigned long long)v->v[ev]);
	}
}

void lb_report_fill_host(struct lb_report *rep)
{
	struct utsname u;
	time_t now = time(NULL);
	struct tm tm;

	if (uname(&u) == 0) {
		snprintf(rep->host, sizeof(rep->host), "%s", u.nodename);
		snprintf(rep->kernel, sizeof(rep->kernel), "%s %s %s", u.sysname, u.release, u.machine);
	}
	gmtime_r(&now, &tm);
	strftime(rep->timestamp, sizeof(rep->timestamp), "%Y-%m-%dT%H:%M:%SZ", &tm);
}

double lb_result_jain(const struct lb_result *r, int kind)
{
	const struct lb_point *p = &r->point;
	uint64_t *per = calloc(p->nthreads ? p->nthreads : 1, sizeof(*per));
	unsigned n = 0;
	double j;

	if (!per || !r->threads) {
		free(per);
		return 0;
	}
	for (unsigned t = 0; t < p->nthreads; t++) {
		enum lb_role_kind k = p->roles ? p->roles[t].kind : LB_ROLE_MIX;

		if (lb_role_is_irq(k) || (kind >= 0 && (int)k != kind))
			continue;
		per[n++] = r->threads[t].ops;
	}
	j = n ? lb_jain(per, n) : 0;
	free(per);
	return j;
}

void lb_fmt_starvation(FILE *f, const struct lb_result *r)
{
	if (!r->starved_readers && !r->starved_writers)
		fputs("none", f);
	if (r->starved_readers)
		fprintf(f, "readers starved (no read for %.0f ms)%s", r->gap_read_ms,
			r->starved_writers ? ", " : "");
	if (r->starved_writers)
		fprintf(f, "writers starved (no write for %.0f ms)", r->gap_write_ms);
}

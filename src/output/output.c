// SPDX-License-Identifier: GPL-2.0-or-later
/* output.c - formatter dispatch and shared helpers */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "base/log.h"
#include "output/output.h"
#include "plan/fair.h"
#include "measure/statistics.h"

/*
 * The formats, in --help order; the first is the default. One row each:
 * name, -o extension, help, writer, check() (NULL: any run), default --load
 * (NULL: 1,5,10; a format that needs one load gives one).
 */
const struct lb_format_def lb_formats[] = {
	{ "table", "table", "the 2014 rwsem-spinning table: execution time or Mops/s per load", lb_output_table,
	  NULL, NULL },
	{ "stats", NULL, "the 2013 aqticket table: base and patched throughput, mean and stdev over "
	  "--repeat, per thread count (1x, 2x, 3x)", lb_output_stats, lb_stats_check, NULL },
	{ "sweep", NULL, "the 2015 qrwlock byte-cmpxchg thread sweep: two locks side by side, % change per thread "
	  "count", lb_output_sweep, lb_sweep_check, "1" },
	{ "compare", NULL, "the 2014 rwsem-spinning posting's Before, After and % Change blocks: the first two locks, "
	  "or --baseline and this run", lb_output_compare, lb_check_before_after, NULL },
	{ "aim7", NULL, "the 2014 rwsem-spinning posting's AIM7 table: throughput per --threads range, before, after, "
	  "% change", lb_output_aim7, lb_check_before_after, NULL },
	{ "csv", "csv", "one row per point and repetition, for plotting", lb_output_csv, NULL, NULL },
	{ "json", "json", "the whole run with per-thread detail", lb_output_json, NULL, NULL },
	{ "latency", NULL, "the 2008 fair-rwlock posting's report: timer calibration, then per thread iterations and "
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

/* The classes that saw contention, most waited-on first. */
static unsigned trace_classes_sorted(const struct lb_trace_vals *v, unsigned *idx)
{
	unsigned n = 0;

	for (unsigned c = 0; c < LB_TRACE_NCLASSES; c++) {
		unsigned j;

		if (!v->classes[c].count)
			continue;
		for (j = n; j > 0; j--) {
			const struct lb_trace_lockstat *a = &v->classes[idx[j - 1]];

			if (a->wait_ns > v->classes[c].wait_ns ||
			    (a->wait_ns == v->classes[c].wait_ns && a->count >= v->classes[c].count))
				break;
			idx[j] = idx[j - 1];
		}
		idx[j] = c;
		n++;
	}
	return n;
}

void lb_fmt_trace(FILE *f, const struct lb_trace_vals *v)
{
	unsigned idx[LB_TRACE_NCLASSES], n = trace_classes_sorted(v, idx);
	char flags[64];

	fprintf(f, "switch-outs %llu (preempted %llu, sleeping %llu, blocked %llu); kernel lock "
		"contention ", (unsigned long long)v->switch_outs, (unsigned long long)v->preempted,
		(unsigned long long)v->sleeping, (unsigned long long)v->blocked);
	if (!n)
		fputs("none", f);
	else
		fprintf(f, "%llu (", (unsigned long long)v->contentions);
	for (unsigned k = 0; k < n; k++) {
		const struct lb_trace_lockstat *c = &v->classes[idx[k]];

		fprintf(f, "%s%s %llu in %.3f ms", k ? ", " : "",
			lb_trace_flags_str(c->flags, flags, sizeof(flags)),
			(unsigned long long)c->count, (double)c->wait_ns / 1e6);
	}
	if (n)
		fputc(')', f);
	if (v->lost)
		fprintf(f, "; %llu events lost (the trace buffer overflowed: the counts are low)",
			(unsigned long long)v->lost);
}

void lb_fmt_trace_verbose(FILE *f, const struct lb_result *r, bool per_thread)
{
	const struct lb_trace_vals *v = r->trace;
	char flags[64];

	fputs("lockbench:   trace: ", f);
	lb_fmt_trace(f, v);
	fprintf(f, "; %llu events in %.1f ms\n", (unsigned long long)v->events, v->traced_ms);
	for (unsigned k = 0; k < v->nlocks; k++) {
		const struct lb_trace_lockstat *l = &v->locks[k];

		fprintf(f, "lockbench:   trace: lock 0x%016llx %s: %llu contentions, %.3f ms waited "
			"(max %.3f ms)\n", (unsigned long long)l->addr,
			lb_trace_flags_str(l->flags, flags, sizeof(flags)),
			(unsigned long long)l->count, (double)l->wait_ns / 1e6,
			(double)l->max_ns / 1e6);
	}
	if (v->nlock_addrs > v->nlocks)
		fprintf(f, "lockbench:   trace: and %u more lock(s)\n", v->nlock_addrs - v->nlocks);
	for (unsigned t = 0; per_thread && t < v->nthreads; t++) {
		const struct lb_trace_thread *tt = &v->threads[t];

		fprintf(f, "lockbench:   trace: thread %u (tid %ld): switch-outs %llu (preempted %llu, "
			"sleeping %llu, blocked %llu), kernel lock contention %llu in %.3f ms\n", t,
			(long)tt->tid_os, (unsigned long long)tt->switch_outs,
			(unsigned long long)tt->preempted, (unsigned long long)tt->sleeping,
			(unsigned long long)tt->blocked, (unsigned long long)tt->contentions,
			(double)tt->wait_ns / 1e6);
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

void lb_output_point_verbose(const struct lb_plan *plan, const struct lb_result *r)
{
	const struct lb_point *p = &r->point;
	const struct lb_c2c *c2c = lb_result_c2c(plan->c2c, plan->nc2c, r);
	char ratio[32];

	/* a phase of --scenario=fair has roles, not a ratio: its name instead */
	fprintf(stderr, "lockbench: %s/%s threads=%u load=%llu%s: %.3f ms, %.4g ops/s, ops/thread "
		"min %llu mean %.1f max %llu, setup %.3f ms\n", p->ops->name,
		p->phase ? lb_fair_phase_name(p->phase) : lb_ratio_str(&p->ratio, ratio, sizeof(ratio)),
		p->nthreads,
		(unsigned long long)p->load_arg, p->load_ns ? "ns" : "", r->exec_ms, r->ops_per_s,
		(unsigned long long)r->ops_min, r->ops_mean, (unsigned long long)r->ops_max,
		r->setup_ms);
	if (p->perf) {
		fputs("lockbench:   perf: ", stderr);
		lb_fmt_perf(stderr, &r->perf);
		fputc('\n', stderr);
	}
	if (r->trace)
		lb_fmt_trace_verbose(stderr, r, lb_verbose >= 2);
	if (c2c)
		fprintf(stderr, "lockbench:   per operation %.1f ns = %.2f c2c round trips (CPU %d <-> "
			"CPU %d: %.1f ns)\n", lb_ns_per_op(r), lb_ns_per_op_per_c2c(r, c2c),
			c2c->cpu_a, c2c->cpu_b, c2c->rt_ns_median);
	if (r->has_readers || r->has_writers) {
		fprintf(stderr, "lockbench:   starvation (window %.0f ms): ", r->starve_window_ms);
		lb_fmt_starvation(stderr, r);
		fputc('\n', stderr);
	}
	for (unsigned k = 0; k < r->nroles; k++)
		fprintf(stderr, "lockbench:   %ss: %u thread(s), ops/thread min %llu mean %.1f max "
			"%llu\n", r->roles[k].role, r->roles[k].threads,
			(unsigned long long)r->roles[k].ops_min, r->roles[k].ops_mean,
			(unsigned long long)r->roles[k].ops_max);
	if (strcmp(p->ops->family, "numa") == 0)
		fprintf(stderr, "lockbench:   lock domains: %s\n", plan->domains.desc);
	for (unsigned k = 0; k < r->nctr; k++)
		fprintf(stderr, "lockbench:   counter %s = %llu\n", p->ops->counters[k],
			(unsigned long long)r->ctr_total[k]);
	if (lb_verbose < 2)
		return;
	for (unsigned t = 0; t < p->nthreads; t++) {
		const struct lb_thread_result *tr = &r->threads[t];

		fprintf(stderr, "lockbench:   thread %u%s%s cpu %d (seen %d): %llu ops (%llu reads, %llu "
			"writes), finished at %.3f ms", t, tr->role ? " " : "", tr->role ? tr->role : "",
			tr->cpu_os, tr->cpu_seen,
			(unsigned long long)tr->ops, (unsigned long long)tr->reads,
			(unsigned long long)tr->writes, tr->finish_ms);
		for (unsigned k = 0; k < r->nctr; k++)
			fprintf(stderr, " %s=%llu", p->ops->counters[k], (unsigned long long)tr->ctr[k]);
		fputc('\n', stderr);
	}
}

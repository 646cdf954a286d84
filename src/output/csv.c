// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * output-csv.c - one header row, then one row per point and repetition
 *
 * The first column is format_version; units are in the column names; the
 * host, kernel, CPU model, placement and every parameter are on each row,
 * so a file alone says what was measured (RFC 4180 quoting). The ctr_*
 * columns at the end are the event counters of the locks in the run
 * (summed over threads); a lock without that counter leaves the field
 * empty. Columns are only ever appended (before the ctr_* columns, whose
 * number depends on the locks); LB_FORMAT_VERSION rises when a meaning
 * changes.
 *
 * Latency (--latency, --scenario=fair): lat_* over all timed acquisitions
 * of the point, calibrated (less lat_calib_cycles, the average cost of the
 * two counter reads); empty when nothing was timed. Fairness: the
 * starvation watch (harness.h); starved_* and max_gap_* are empty when the
 * point has no such acquisitions.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "plan/fair.h"
#include "output/output.h"
#include "measure/statistics.h"

static void csv_str(FILE *f, const char *s)
{
	if (!s)
		s = "";
	if (strpbrk(s, ",\"\r\n")) {
		fputc('"', f);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', f);
			fputc(*s, f);
		}
		fputc('"', f);
	} else {
		fputs(s, f);
	}
}

/* Names of all counters of the locks in the report, first-seen order. */
static unsigned counter_union(const struct lb_report *rep, const char **names, unsigned max)
{
	unsigned n = 0;

	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_lock_ops *o = rep->results[i].point.ops;

		for (unsigned k = 0; o->counters && o->counters[k]; k++) {
			unsigned j;

			for (j = 0; j < n; j++)
				if (strcmp(names[j], o->counters[k]) == 0)
					break;
			if (j == n && n < max)
				names[n++] = o->counters[k];
		}
	}
	return n;
}

/* "name=value;..." of a point's lock options */
static void lock_options_str(const struct lb_point *p, char *buf, size_t len)
{
	size_t l = 0;

	buf[0] = '\0';
	for (unsigned k = 0; p->ops->options && p->ops->options[k].name && l < len; k++) {
		const struct lb_lock_option *o = &p->ops->options[k];
		uint64_t v = p->lockopts ? p->lockopts[k] : o->def;

		if (o->type == LB_LOCK_OPT_U64)
			l += (size_t)snprintf(buf + l, len - l, "%s%s=%llu", k ? ";" : "", o->name,
					      (unsigned long long)v);
		else
			l += (size_t)snprintf(buf + l, len - l, "%s%s=%s", k ? ";" : "", o->name,
					      o->values[v]);
	}
}

/* --scenario=roles: the populations and their operations per thread (else empty) */
static void csv_populations(FILE *f, const struct lb_result *r)
{
	static const char *const roles[] = { "reader", "writer" };

	if (!r->nroles) {
		fputs(",,,,,,,,", f);
		return;
	}
	fprintf(f, ",%u,%u", r->point.ratio.r, r->point.ratio.w);
	for (unsigned k = 0; k < LB_ARRAY_SIZE(roles); k++) {
		const struct lb_role_result *rr = lb_result_role(r, roles[k]);

		if (rr)
			fprintf(f, ",%llu,%.1f,%llu", (unsigned long long)rr->ops_min, rr->ops_mean,
				(unsigned long long)rr->ops_max);
		else
			fputs(",,,", f);
	}
}

/* "writer_thread*2;reader_thread*4" of a point with roles */
static void roles_str(const struct lb_point *p, char *buf, size_t len)
{
	size_t l = 0;

	buf[0] = '\0';
	for (unsigned t = 0; p->roles && t < p->nthreads && l < len; t++) {
		unsigned n = 1;

		if (t && p->roles[t - 1].kind == p->roles[t].kind)
			continue;
		while (t + n < p->nthreads && p->roles[t + n].kind == p->roles[t].kind)
			n++;
		l += (size_t)snprintf(buf + l, len - l, "%s%s*%u", l ? ";" : "",
				      lb_role_name(p->roles[t].kind), n);
	}
}

static void lat_columns(FILE *f, const struct lb_lat *l, bool ns)
{
	if (!ns) {
		fprintf(f, ",%llu,%.1f,%llu,%llu,%llu,%llu", (unsigned long long)l->min, l->avg,
			(unsigned long long)l->p50, (unsigned long long)l->p99,
			(unsigned long long)l->p999, (unsigned long long)l->max);
		return;
	}
	fprintf(f, ",%.1f,%.1f,%.1f,%.1f,%.1f,%.1f", lb_cycles_to_ns(l->min),
		l->avg / lb_clock.tsc_per_ns, lb_cycles_to_ns(l->p50), lb_cycles_to_ns(l->p99),
		lb_cycles_to_ns(l->p999), lb_cycles_to_ns(l->max));
}

/* scenario ... max_gap_write_ms */
static void extra_columns(FILE *f, const struct lb_result *r)
{
	const struct lb_point *p = &r->point;
	char roles[512];
	bool timed = p->latency || p->roles;

	roles_str(p, roles, sizeof(roles));
	fprintf(f, ",%s,%s,%s", p->phase ? "fair" : r->nroles ? "roles" : "mix",
		lb_fair_phase_name(p->phase), roles);
	csv_populations(f, r);
	fputc(',', f);
	if (timed)
		fprintf(f, "%u,%llu,%.1f", p->lat_every ? p->lat_every : 1,
			(unsigned long long)r->lat.n, r->lat.calib);
	else
		fputs(",,", f);
	if (timed && r->lat.n) {
		lat_columns(f, &r->lat, false);
		lat_columns(f, &r->lat, true);
	} else {
		fputs(",,,,,,,,,,,,", f);
	}
	if (timed && r->lat_r.n)
		fprintf(f, ",%llu,%llu,%llu", (unsigned long long)r->lat_r.p50,
			(unsigned long long)r->lat_r.p99, (unsigned long long)r->lat_r.max);
	else
		fputs(",,,", f);
	if (timed && r->lat_w.n)
		fprintf(f, ",%llu,%llu,%llu", (unsigned long long)r->lat_w.p50,
			(unsigned long long)r->lat_w.p99, (unsigned long long)r->lat_w.max);
	else
		fputs(",,,", f);
	fprintf(f, ",%.0f,", r->starve_window_ms);
	if (r->has_readers)
		fprintf(f, "%d", r->starved_readers);
	fputc(',', f);
	if (r->has_writers)
		fprintf(f, "%d", r->starved_writers);
	fputc(',', f);
	if (r->has_readers)
		fprintf(f, "%.1f", r->gap_read_ms);
	fputc(',', f);
	if (r->has_writers)
		fprintf(f, "%.1f", r->gap_write_ms);
}

/*
 * --trace: the switch-outs, all contention, then per flag bit (a class
 * with several bits counts under each), every class as
 * "FLAGS:count:wait_ms" joined by ';', the most waited-on lock as
 * "0xaddr:FLAGS:count:wait_ms", and the events lost; empty without
 */
static void trace_columns(FILE *f, const struct lb_trace_vals *v)
{
	char flags[64];

	if (!v) {
		fputs(",,,,,,,,,,,,,,,,,,,,,", f);
		return;
	}
	fprintf(f, ",%llu,%llu,%llu,%llu,%llu,%.3f", (unsigned long long)v->switch_outs,
		(unsigned long long)v->preempted, (unsigned long long)v->sleeping,
		(unsigned long long)v->blocked, (unsigned long long)v->contentions,
		(double)v->wait_ns / 1e6);
	for (unsigned b = 0; b < LB_TRACE_NFLAGS; b++) {
		uint64_t n, ns;

		lb_trace_bit_stat(v, b, &n, &ns);
		fprintf(f, ",%llu,%.3f", (unsigned long long)n, (double)ns / 1e6);
	}
	fputc(',', f);
	for (unsigned c = 0, first = 1; c < LB_TRACE_NCLASSES; c++) {
		if (!v->classes[c].count)
			continue;
		fprintf(f, "%s%s:%llu:%.3f", first ? "" : ";",
			lb_trace_flags_str(c, flags, sizeof(flags)),
			(unsigned long long)v->classes[c].count, (double)v->classes[c].wait_ns / 1e6);
		first = 0;
	}
	fputc(',', f);
	if (v->nlocks)
		fprintf(f, "0x%llx:%s:%llu:%.3f", (unsigned long long)v->locks[0].addr,
			lb_trace_flags_str(v->locks[0].flags, flags, sizeof(flags)),
			(unsigned long long)v->locks[0].count, (double)v->locks[0].wait_ns / 1e6);
	fprintf(f, ",%llu", (unsigned long long)v->lost);
}

int lb_output_csv(FILE *f, const struct lb_report *rep)
{
	const char *ctr[64];
	unsigned nctr = counter_union(rep, ctr, 64);

	fputs("format_version,lockbench_version,timestamp,host,kernel,cpu_model,topology,"
	      "lock,kind,family,lock_options,ratio,ratio_reads,ratio_writes,threads,load,load_unit,"
	      "load_pauses,delay_pauses,mode,ops_per_thread,duration_s,repeat,placement,cpus,"
	      "lock_node,validate,exec_time_ms,ops_total,ops_per_s,read_ops,write_ops,"
	      "ops_min,ops_mean,ops_max,fairness_jain,setup_ms,tsc_mhz,pause_ns,teardown_ms", f);
	fputs(",scenario,phase,roles,readers,writers,reader_ops_min,reader_ops_mean,reader_ops_max,"
	      "writer_ops_min,writer_ops_mean,writer_ops_max,latency_sample,lat_samples,"
	      "lat_calib_cycles,"
	      "lat_min_cycles,lat_avg_cycles,lat_p50_cycles,lat_p99_cycles,lat_p999_cycles,"
	      "lat_max_cycles,lat_min_ns,lat_avg_ns,lat_p50_ns,lat_p99_ns,lat_p999_ns,lat_max_ns,"
	      "lat_read_p50_cycles,lat_read_p99_cycles,lat_read_max_cycles,"
	      "lat_write_p50_cycles,lat_write_p99_cycles,lat_write_max_cycles,"
	      "starve_window_ms,starved_readers,starved_writers,max_gap_read_ms,max_gap_write_ms,"
	      "ns_per_op,c2c_rt_ns,ns_per_op_per_c2c,perf_task_clock_ms,perf_context_switches,"
	      "perf_cpu_migrations,perf_page_faults,perf_cycles,perf_instructions,"
	      "perf_cache_misses,trace_switch_outs,trace_preempted,trace_sleeping,trace_blocked,"
	      "trace_contentions,trace_wait_ms,trace_spin_contentions,trace_spin_wait_ms,"
	      "trace_read_contentions,trace_read_wait_ms,trace_write_contentions,"
	      "trace_write_wait_ms,trace_rt_contentions,trace_rt_wait_ms,"
	      "trace_percpu_contentions,trace_percpu_wait_ms,trace_mutex_contentions,"
	      "trace_mutex_wait_ms,trace_lock_classes,trace_top_lock,trace_lost_events", f);
	fputs(",lock_domain,domains,domains_pretend", f);
	for (unsigned k = 0; k < nctr; k++) {
		fputs(",ctr_", f);
		for (const char *s = ctr[k]; *s; s++)
			fputc(*s == '-' ? '_' : *s, f);
	}
	fputc('\n', f);

	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_result *r = &rep->results[i];
		const struct lb_point *p = &r->point;
		char buf[512], cpus[4096];
		size_t l = 0;

		cpus[0] = '\0';
		for (unsigned t = 0; t < p->nthreads && r->threads; t++) {
			if (l < sizeof(cpus))
				l += (size_t)snprintf(cpus + l, sizeof(cpus) - l, "%s%d", t ? ";" : "",
						      r->threads[t].cpu_os);
		}
		fprintf(f, "%d,%s,", LB_FORMAT_VERSION, PACKAGE_VERSION);
		csv_str(f, rep->timestamp);
		fputc(',', f);
		csv_str(f, rep->host);
		fputc(',', f);
		csv_str(f, rep->kernel);
		fputc(',', f);
		csv_str(f, rep->topo ? rep->topo->cpu_model : "");
		fputc(',', f);
		csv_str(f, rep->topo ? rep->topo->source : "");
		fputc(',', f);
		csv_str(f, p->ops->name);
		fprintf(f, ",%s,%s,", p->ops->kind == LB_LOCK_RW ? "rw" : "excl", p->ops->family);
		lock_options_str(p, buf, sizeof(buf));
		csv_str(f, buf);
		fprintf(f, ",%u:%u,%u,%u,%u,%llu,%s,%llu,%llu,%s,%llu,%g,%u,", p->ratio.r, p->ratio.w,
			p->ratio.r, p->ratio.w, p->nthreads, (unsigned long long)p->load_arg,
			p->load_ns ? "ns" : "pause", (unsigned long long)p->load,
			(unsigned long long)p->delay, p->duration > 0 ? "time" : "ops",
			p->duration > 0 ? 0ull : (unsigned long long)p->nops, p->duration,
			p->repeat + 1);
		csv_str(f, p->pin ? (rep->cfg ? lb_place_name(rep->cfg->place) : "socket") : "none");
		fputc(',', f);
		csv_str(f, cpus);
		fprintf(f, ",%d,%d,%.6f,%llu,%.1f,%llu,%llu,%llu,%.1f,%llu,%.4f,%.4f,%.3f,%.3f",
			p->lock_node, p->validate ? 1 : 0, r->exec_ms, (unsigned long long)r->ops_total,
			r->ops_per_s, (unsigned long long)r->reads, (unsigned long long)r->writes,
			(unsigned long long)r->ops_min, r->ops_mean, (unsigned long long)r->ops_max,
			lb_result_jain(r, -1), r->setup_ms, lb_clock.tsc_per_ns * 1e3,
			lb_clock.pause_ns);
		fprintf(f, ",%.4f", r->teardown_ms);
		extra_columns(f, r);
		{
			const struct lb_c2c *c2c = lb_result_c2c(rep->c2c, rep->nc2c, r);

			fprintf(f, ",%.3f", lb_ns_per_op(r));
			if (c2c)
				fprintf(f, ",%.1f,%.4f", c2c->rt_ns_median,
					lb_ns_per_op(r) / c2c->rt_ns_median);
			else
				fputs(",,", f);
		}
		for (int ev = 0; ev < LB_PERF_NEV; ev++) {
			if (!r->point.perf || !(r->perf.ok & (1u << ev)))
				fputc(',', f);
			else if (ev == LB_PERF_TASK_CLOCK)
				fprintf(f, ",%.3f", (double)r->perf.v[ev] / 1e6);
			else
				fprintf(f, ",%llu", (unsigned long long)r->perf.v[ev]);
		}
		trace_columns(f, r->trace);
		fputc(',', f);
		csv_str(f, rep->cfg ? lb_lock_domain_name(rep->cfg->lock_domain) : "numa");
		fprintf(f, ",%u,%d", p->ndomains ? p->ndomains : 1, p->domains_pretend ? 1 : 0);
		for (unsigned k = 0; k < nctr; k++) {
			int idx = -1;

			for (unsigned j = 0; p->ops->counters && p->ops->counters[j]; j++)
				if (strcmp(p->ops->counters[j], ctr[k]) == 0)
					idx = (int)j;
			if (idx >= 0)
				fprintf(f, ",%llu", (unsigned long long)r->ctr_total[idx]);
			else
				fputc(',', f);
		}
		fputc('\n', f);
	}
	return ferror(f) ? -1 : 0;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * output-json.c - the whole run as one JSON document (json-c)
 *
 * Top-level keys: format_version, lockbench_version, timestamp,
 * command_line, host, topology, placement, clock, build, config and
 * results. Key names carry their units (_ms, _per_s, _ns). Each result
 * holds the per-thread detail (CPU, operations, reads, writes, finish
 * time, event counters), which the CSV sums up.
 *
 * With --latency or --scenario=fair a result has "latency" (all, read and
 * write acquisitions, calibrated, in cycles and ns) and each thread its
 * own; the fair scenario's results add their phase, each thread's role,
 * attempts and successes, and the interrupt readers per CPU. Every result
 * has "fairness": Jain's index and the starvation watch.
 *
 * A result's plain figures are the rows of the schema marked LB_COL_JSON
 * (columns.c); this file adds the ones that are objects or arrays.
 */
#include "config.h"
#include "lb-revision.h"

#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "base/clock.h"
#include "base/log.h"
#include "plan/fair.h"
#include "output/columns.h"
#include "output/output.h"
#include "machine/topology.h"

#define ADD(o, k, v) json_object_object_add((o), (k), (v))
#define JSTR(s) json_object_new_string((s) ? (s) : "")
#define JINT(i) json_object_new_int64((int64_t)(i))
#define JDBL(d) json_object_new_double((double)(d))
#define JBOOL(b) json_object_new_boolean((b) ? 1 : 0)

static json_object *counters_obj(const struct lb_lock_ops *o, const uint64_t *ctr)
{
	json_object *c = json_object_new_object();

	for (unsigned k = 0; o->counters && o->counters[k]; k++)
		ADD(c, o->counters[k], JINT(ctr[k]));
	return c;
}

static json_object *lock_options_obj(const struct lb_point *p)
{
	json_object *o = json_object_new_object();

	for (unsigned k = 0; p->ops->options && p->ops->options[k].name; k++) {
		const struct lb_lock_option *op = &p->ops->options[k];
		uint64_t v = p->lockopts ? p->lockopts[k] : op->def;

		ADD(o, op->name, op->type == LB_LOCK_OPT_U64 ? JINT(v) : JSTR(op->values[v]));
	}
	return o;
}

static json_object *lat_obj(const struct lb_lat *l)
{
	json_object *o = json_object_new_object();

	ADD(o, "samples", JINT(l->n));
	ADD(o, "min_cycles", JINT(l->min));
	ADD(o, "avg_cycles", JDBL(l->avg));
	ADD(o, "p50_cycles", JINT(l->p50));
	ADD(o, "p99_cycles", JINT(l->p99));
	ADD(o, "p999_cycles", JINT(l->p999));
	ADD(o, "max_cycles", JINT(l->max));
	ADD(o, "min_ns", JDBL(lb_cycles_to_ns(l->min)));
	ADD(o, "avg_ns", JDBL(l->avg / lb_clock.tsc_per_ns));
	ADD(o, "p50_ns", JDBL(lb_cycles_to_ns(l->p50)));
	ADD(o, "p99_ns", JDBL(lb_cycles_to_ns(l->p99)));
	ADD(o, "p999_ns", JDBL(lb_cycles_to_ns(l->p999)));
	ADD(o, "max_ns", JDBL(lb_cycles_to_ns(l->max)));
	return o;
}

static json_object *latency_obj(const struct lb_point *p, const struct lb_lat *all,
				const struct lb_lat *rd, const struct lb_lat *wr)
{
	json_object *o = json_object_new_object();

	ADD(o, "calib_cycles", JDBL(all->calib));
	ADD(o, "sample_every", JINT(p->lat_every ? p->lat_every : 1));
	ADD(o, "all", lat_obj(all));
	ADD(o, "read", lat_obj(rd));
	ADD(o, "write", lat_obj(wr));
	return o;
}

/* Jain's index of each role's threads (interrupt readers take no lock) */
static json_object *jain_by_role_obj(const struct lb_result *r)
{
	json_object *by = json_object_new_object();
	bool seen[LB_ROLE_NKINDS] = { false };

	for (unsigned t = 0; t < r->point.nthreads; t++) {
		enum lb_role_kind k = r->point.roles[t].kind;

		if (seen[k] || lb_role_is_irq(k))
			continue;
		seen[k] = true;
		ADD(by, lb_role_name(k), JDBL(lb_result_jain(r, (int)k)));
	}
	return by;
}

static json_object *irq_obj(const struct lb_result *r)
{
	json_object *a = json_object_new_array();

	for (unsigned c = 0; c < r->nirq_cpus; c++) {
		const struct lb_irq_cpu *ic = &r->irq_cpus[c];
		json_object *o = json_object_new_object();

		ADD(o, "cpu", JINT(ic->cpu));
		ADD(o, "read_lock", lat_obj(&ic->lat));
		ADD(o, "read_trylock_attempts", JINT(ic->tries));
		ADD(o, "read_trylock_successes", JINT(ic->successes));
		json_object_array_add(a, o);
	}
	return a;
}

/* --perf: each event's count (task-clock in ns), or why it was not counted */
static json_object *perf_obj(const struct lb_perf_vals *v)
{
	json_object *o = json_object_new_object();

	for (int ev = 0; ev < LB_PERF_NEV; ev++)
		ADD(o, lb_perf_name((enum lb_perf_ev)ev), v->ok & (1u << ev) ? JINT(v->v[ev]) :
		    JSTR(lb_perf_why(v->err[ev])));
	return o;
}

static json_object *lockstat_obj(const struct lb_trace_lockstat *l, bool with_addr)
{
	json_object *o = json_object_new_object();
	char buf[64];

	if (with_addr) {
		snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)l->addr);
		ADD(o, "addr", json_object_new_string(buf));
	}
	ADD(o, "flags", json_object_new_string(lb_trace_flags_str(l->flags, buf, sizeof(buf))));
	ADD(o, "flags_value", JINT(l->flags));
	ADD(o, "count", JINT(l->count));
	ADD(o, "waits", JINT(l->waits));
	ADD(o, "wait_ns", JINT(l->wait_ns));
	ADD(o, "max_wait_ns", JINT(l->max_ns));
	return o;
}

/* --trace: the point's kernel view (classes by flags, the most waited-on locks) */
static json_object *trace_obj(const struct lb_trace_vals *v)
{
	json_object *o = json_object_new_object(), *a;

	ADD(o, "switch_outs", JINT(v->switch_outs));
	ADD(o, "preempted", JINT(v->preempted));
	ADD(o, "sleeping", JINT(v->sleeping));
	ADD(o, "blocked", JINT(v->blocked));
	ADD(o, "contentions", JINT(v->contentions));
	ADD(o, "waits", JINT(v->waits));
	ADD(o, "wait_ns", JINT(v->wait_ns));
	ADD(o, "events", JINT(v->events));
	ADD(o, "lost_events", JINT(v->lost));
	ADD(o, "traced_ms", JDBL(v->traced_ms));
	ADD(o, "lock_addrs", JINT(v->nlock_addrs));
	a = json_object_new_array();
	for (unsigned c = 0; c < LB_TRACE_NCLASSES; c++)
		if (v->classes[c].count)
			json_object_array_add(a, lockstat_obj(&v->classes[c], false));
	ADD(o, "classes", a);
	a = json_object_new_array();
	for (unsigned k = 0; k < v->nlocks; k++)
		json_object_array_add(a, lockstat_obj(&v->locks[k], true));
	ADD(o, "locks", a);
	return o;
}

static json_object *trace_thread_obj(const struct lb_trace_thread *t)
{
	json_object *o = json_object_new_object();

	ADD(o, "tid_os", JINT(t->tid_os));
	ADD(o, "switch_outs", JINT(t->switch_outs));
	ADD(o, "preempted", JINT(t->preempted));
	ADD(o, "sleeping", JINT(t->sleeping));
	ADD(o, "blocked", JINT(t->blocked));
	ADD(o, "contentions", JINT(t->contentions));
	ADD(o, "wait_ns", JINT(t->wait_ns));
	return o;
}

/* A value of the schema (columns.h) as JSON. */
static json_object *col_json(const struct lb_column *c, const union lb_col_val *v)
{
	switch (c->type) {
	case LB_COL_STR:
		return JSTR(v->s);
	case LB_COL_U64:
		return JINT(v->u);
	case LB_COL_INT:
		return JINT(v->i);
	case LB_COL_DBL:
		return JDBL(v->d);
	case LB_COL_BOOL:
		return JBOOL(v->b);
	}
	return NULL;
}

/* Where @path ("ops_min", "fairness.jain") goes in @o: the object (made when missing), its key. */
static json_object *col_parent(json_object *o, const char *path, const char **key)
{
	const char *dot = strchr(path, '.');
	json_object *sub;
	char name[64];

	*key = path;
	if (!dot)
		return o;
	snprintf(name, sizeof(name), "%.*s", (int)(dot - path), path);
	if (!json_object_object_get_ex(o, name, &sub)) {
		sub = json_object_new_object();
		ADD(o, name, sub);
	}
	*key = dot + 1;
	return sub;
}

/* The figures of @r the schema gives JSON: every row marked LB_COL_JSON. */
static void schema_keys(json_object *o, const struct lb_report *rep, const struct lb_result *r)
{
	struct lb_col_src src;

	lb_col_src_init(&src, rep, r);
	for (const struct lb_column *c = lb_columns; c->name; c++) {
		union lb_col_val v;
		json_object *parent;
		const char *key;

		if (!(c->flags & LB_COL_JSON))
			continue;
		parent = col_parent(o, lb_col_json_path(c), &key);
		if (c->get(&src, c, &v))
			ADD(parent, key, col_json(c, &v));
		else if (c->flags & LB_COL_JSON_NULL)
			ADD(parent, key, NULL);
	}
}

/* --scenario=roles: each population's operations per thread */
static json_object *roles_obj(const struct lb_result *r)
{
	json_object *a = json_object_new_array();

	for (unsigned k = 0; k < r->nroles; k++) {
		json_object *x = json_object_new_object();

		ADD(x, "role", JSTR(r->roles[k].role));
		ADD(x, "threads", JINT(r->roles[k].threads));
		ADD(x, "ops_min", JINT(r->roles[k].ops_min));
		ADD(x, "ops_mean", JDBL(r->roles[k].ops_mean));
		ADD(x, "ops_max", JINT(r->roles[k].ops_max));
		json_object_array_add(a, x);
	}
	return a;
}

/* --interval: the point's throughput over time (each thread's operations with -v) */
static json_object *intervals_obj(const struct lb_result *r)
{
	json_object *a = json_object_new_array();

	for (unsigned k = 0; k < r->nintervals; k++) {
		const struct lb_interval *iv = &r->intervals[k];
		json_object *x = json_object_new_object();

		ADD(x, "start_ms", JDBL(iv->start_ms));
		ADD(x, "ms", JDBL(iv->ms));
		ADD(x, "ops", JINT(iv->ops));
		ADD(x, "ops_per_s", JDBL(iv->ops_per_s));
		if (lb_verbose > 0) {
			json_object *t = json_object_new_array();

			for (unsigned i = 0; i < r->point.nthreads; i++)
				json_object_array_add(t, JINT(iv->thread_ops[i]));
			ADD(x, "thread_ops", t);
		}
		json_object_array_add(a, x);
	}
	return a;
}

static json_object *thread_obj(const struct lb_result *r, unsigned t)
{
	const struct lb_point *p = &r->point;
	const struct lb_thread_result *tr = &r->threads[t];
	json_object *x = json_object_new_object();

	ADD(x, "tid", JINT(t));
	if (tr->role)
		ADD(x, "role", JSTR(tr->role));
	ADD(x, "cpu", JINT(tr->cpu_os));
	ADD(x, "cpu_seen", JINT(tr->cpu_seen));
	ADD(x, "cpu_pct", JDBL(tr->cpu_pct));
	ADD(x, "run_pct", JDBL(tr->run_pct));
	ADD(x, "involuntary_switches", JINT(tr->nivcsw));
	ADD(x, "ran_short", JBOOL(tr->ran_short));
	if (p->perf)
		ADD(x, "perf", perf_obj(&tr->perf));
	if (r->trace && t < r->trace->nthreads)
		ADD(x, "trace", trace_thread_obj(&r->trace->threads[t]));
	ADD(x, "ops", JINT(tr->ops));
	ADD(x, "reads", JINT(tr->reads));
	ADD(x, "writes", JINT(tr->writes));
	ADD(x, "finish_ms", JDBL(tr->finish_ms));
	ADD(x, "counters", counters_obj(p->ops, tr->ctr));
	if (p->roles) {
		ADD(x, "role", JSTR(lb_role_name(p->roles[t].kind)));
		ADD(x, "role_index", JINT(p->roles[t].index));
		ADD(x, "attempts", JINT(tr->tries));
		ADD(x, "successes", JINT(tr->successes));
	}
	if (p->latency || p->roles)
		ADD(x, "latency", latency_obj(p, &tr->lat, &tr->lat_r, &tr->lat_w));
	return x;
}

/* One result: the schema's figures, then the blocks that are objects or arrays. */
static json_object *result_obj(const struct lb_report *rep, const struct lb_result *r)
{
	const struct lb_point *p = &r->point;
	json_object *o = json_object_new_object(), *a, *fairness;

	schema_keys(o, rep, r);
	ADD(o, "lock_options", lock_options_obj(p));
	ADD(o, "counters", counters_obj(p->ops, r->ctr_total));
	if (p->perf)
		ADD(o, "perf", perf_obj(&r->perf));
	if (r->trace)
		ADD(o, "trace", trace_obj(r->trace));
	if (p->latency || p->roles)
		ADD(o, "latency", latency_obj(p, &r->lat, &r->lat_r, &r->lat_w));
	if (r->irq_cpus) {
		ADD(o, "interrupt_mechanism", JSTR(r->irq_mechanism));
		ADD(o, "interrupt_cpus_per_round", JINT(r->irq_cpus_round));
		ADD(o, "interrupt_readers", irq_obj(r));
	}
	if (r->nroles)
		ADD(o, "roles", roles_obj(r));
	if (r->nintervals) {
		ADD(o, "intervals", intervals_obj(r));
		ADD(o, "intervals_lost", JBOOL(r->intervals_lost));
	}
	if (p->roles && json_object_object_get_ex(o, "fairness", &fairness))
		ADD(fairness, "jain_by_role", jain_by_role_obj(r));
	a = json_object_new_array();
	for (unsigned t = 0; r->threads && t < p->nthreads; t++)
		json_object_array_add(a, thread_obj(r, t));
	ADD(o, "per_thread", a);
	return o;
}

static json_object *config_obj(const struct lb_config *c)
{
	json_object *o = json_object_new_object(), *a;
	char buf[32];

	a = json_object_new_array();
	for (unsigned i = 0; i < c->nlocks; i++)
		json_object_array_add(a, JSTR(c->locks[i]->name));
	ADD(o, "locks", a);
	ADD(o, "scenario", JSTR(lb_scenario_name(c->scenario)));
	ADD(o, "latency", JBOOL(c->latency));
	ADD(o, "latency_sample", JINT(c->lat_every));
	if (c->scenario == LB_SCN_FAIR) {
		json_object *fo = json_object_new_object();

		for (unsigned k = LB_ROLE_READER; k < LB_ROLE_NKINDS; k++)
			ADD(fo, lb_role_name(k), JINT(c->fair.count[k]));
		ADD(fo, "writer_period_ns", JINT(c->fair.writer_period_ns));
		ADD(fo, "trylock_writer_period_ns", JINT(c->fair.trylock_writer_period_ns));
		ADD(fo, "trylock_writer_tries", JINT(c->fair.trylock_writer_tries));
		ADD(fo, "irq_period_ns", JINT(c->fair.irq_period_ns));
		ADD(o, "fair", fo);
	}
	if (c->scenario == LB_SCN_ROLES) {
		ADD(o, "readers", JINT(c->readers));
		ADD(o, "writers", JINT(c->writers));
		ADD(o, "writer_ops", JINT(c->writer_ops));
	}
	a = json_object_new_array();
	for (unsigned i = 0; i < c->nratios; i++)
		json_object_array_add(a, JSTR(lb_ratio_str(&c->ratios[i], buf, sizeof(buf))));
	ADD(o, "ratios", a);
	a = json_object_new_array();
	for (unsigned i = 0; i < c->ntelems; i++)
		json_object_array_add(a, JSTR(c->telems[i].text));
	ADD(o, "threads", a);
	a = json_object_new_array();
	for (unsigned i = 0; i < c->nloads; i++)
		json_object_array_add(a, JINT(c->loads[i]));
	ADD(o, "loads", a);
	ADD(o, "load_ns", JBOOL(c->load_ns));	/* the loads are --load-ns nanoseconds */
	ADD(o, "load_unit", JSTR(c->load_unit == LB_UNIT_LOOP ? "loop" : "pause"));
	ADD(o, "delay", JINT(c->delay));
	ADD(o, "mode", JSTR(c->duration > 0 ? "time" : "ops"));
	ADD(o, "ops_per_thread", c->duration > 0 ? NULL : JINT(c->ops));	/* fixed time: null */
	ADD(o, "duration_s", c->duration > 0 ? JDBL(c->duration) : NULL);	/* fixed work: null */
	ADD(o, "repeat", JINT(c->repeat));
	ADD(o, "place", JSTR(lb_place_name(c->place)));
	ADD(o, "cpus", c->cpus ? JSTR(c->cpus) : NULL);
	ADD(o, "physical", JBOOL(c->physical));
	ADD(o, "lock_node", JINT(c->lock_node));
	ADD(o, "lock_domain", JSTR(lb_lock_domain_name(c->lock_domain)));
	ADD(o, "domains", JINT(c->domains));
	ADD(o, "validate", JBOOL(c->validate));
	ADD(o, "trace", JBOOL(c->trace));
	ADD(o, "timeout_s", JDBL(c->timeout));
	/* null: the default, 3 x the duration + 10 s, fixed work 60 s */
	ADD(o, "point_timeout_s", c->point_timeout_set ? JDBL(c->point_timeout) : NULL);
	ADD(o, "format", JSTR(c->format ? c->format->name : ""));
	ADD(o, "default_experiment", JBOOL(c->is_default));
	return o;
}

static json_object *command_line_arr(const struct lb_config *c)
{
	json_object *a = json_object_new_array();

	for (int i = 0; c && i < c->argc; i++)
		json_object_array_add(a, JSTR(c->argv[i]));
	return a;
}

static json_object *host_obj(const struct lb_report *rep)
{
	json_object *o = json_object_new_object();

	ADD(o, "name", JSTR(rep->host));
	ADD(o, "kernel", JSTR(rep->kernel));
	ADD(o, "cpu_model", JSTR(rep->topo ? rep->topo->cpu_model : ""));
	return o;
}

static json_object *topology_obj(const struct lb_topo_info *t)
{
	json_object *o = json_object_new_object();

	ADD(o, "source", JSTR(t->source));
	ADD(o, "packages", JINT(t->packages));
	ADD(o, "cores", JINT(t->cores));
	ADD(o, "pus", JINT(t->pus));
	ADD(o, "numa_nodes", JINT(t->numa_nodes));
	ADD(o, "synthetic", JSTR(t->synthetic));
	return o;
}

/* The placement order: where thread i goes (pus[i % npus]) */
static json_object *placement_arr(const struct lb_report *rep)
{
	json_object *a = json_object_new_array();

	for (unsigned i = 0; i < rep->npus; i++) {
		const struct lb_pu *p = &rep->pus[i];
		json_object *o = json_object_new_object();

		ADD(o, "slot", JINT(i));
		ADD(o, "package", JINT(p->package_l));
		ADD(o, "core", JINT(p->core_l));
		ADD(o, "pu_logical", JINT(p->pu_l));
		ADD(o, "pu_os", JINT(p->pu_os));
		ADD(o, "l3", JINT(p->l3_l));
		ADD(o, "domain", JINT(p->domain));
		ADD(o, "numa_node", JINT(p->numa_os));
		json_object_array_add(a, o);
	}
	return a;
}

static json_object *clock_obj(void)
{
	json_object *o = json_object_new_object();

	ADD(o, "source", JSTR(lb_clock.source));
	ADD(o, "tsc_mhz", JDBL(lb_clock.tsc_per_ns * 1e3));
	ADD(o, "pause_ns", JDBL(lb_clock.pause_ns));
	ADD(o, "pause_cycles", JDBL(lb_clock.pause_cycles));
	ADD(o, "loop_ns", JDBL(lb_clock.loop_ns));
	ADD(o, "loop_cycles", JDBL(lb_clock.loop_cycles));
	ADD(o, "pause_stalls", JINT(lb_clock.pause_stalls));
	ADD(o, "pause_stall_pct", JDBL(lb_clock.pause_stall_pct));
	ADD(o, "loop_stalls", JINT(lb_clock.loop_stalls));
	ADD(o, "loop_stall_pct", JDBL(lb_clock.loop_stall_pct));
	ADD(o, "read_cycles_min", JINT(lb_clock.read_cycles_min));
	ADD(o, "read_cycles_avg", JDBL(lb_clock.read_cycles_avg));
	ADD(o, "read_cycles_max", JINT(lb_clock.read_cycles_max));
	ADD(o, "calibration_ms", JDBL(lb_clock.calib_ms));
	return o;
}

/* What this lockbench was built with */
static json_object *build_obj(const struct lb_report *rep)
{
	json_object *o = json_object_new_object();

#ifdef HAVE_LIBNUMA
	ADD(o, "libnuma", JBOOL(1));
#else
	ADD(o, "libnuma", JBOOL(0));
#endif
#ifdef HAVE_LIBTRACEFS
	ADD(o, "libtracefs", JBOOL(1));
#else
	ADD(o, "libtracefs", JBOOL(0));
#endif
#ifdef HAVE_CK
	ADD(o, "ck", JBOOL(1));
#else
	ADD(o, "ck", JBOOL(0));
#endif
#ifdef HAVE_LIBCSV
	ADD(o, "libcsv", JBOOL(1));
#else
	ADD(o, "libcsv", JBOOL(0));
#endif
	ADD(o, "cacheline", JINT(LB_CACHELINE));
	ADD(o, "numa_method", JSTR(rep->topo ? lb_topo_numa_method() : ""));
	return o;
}

/* The run's hygiene (hygiene.h); each point's steal is in its result */
static json_object *hygiene_obj(const struct lb_report *rep)
{
	const struct lb_hygiene *h = rep->hyg;
	json_object *o = json_object_new_object(), *a = NULL;

	ADD(o, "cpufreq_driver", JSTR(h->cpufreq_driver));
	ADD(o, "cpufreq_governor", JSTR(h->cpufreq_governor));
	ADD(o, "hypervisor", JSTR(h->hypervisor));
	ADD(o, "kernel_flags", JSTR(h->kernel_flags));
	if (h->loadavg[0] >= 0) {
		a = json_object_new_array();
		for (int i = 0; i < 3; i++)
			json_object_array_add(a, JDBL(h->loadavg[i]));
	}
	ADD(o, "loadavg", a);	/* null when unknown */
	ADD(o, "busy_other_pct", h->busy_other_pct >= 0 ? JDBL(h->busy_other_pct) : NULL);
	ADD(o, "busy_window_ms", JDBL(h->busy_window_ms));
	ADD(o, "compiler", JSTR(LB_COMPILER));
	ADD(o, "cflags", JSTR(LB_CFLAGS));
	ADD(o, "git_revision", JSTR(LB_GIT_REVISION));
	return o;
}

/* --c2c: the round trips measured */
static json_object *c2c_arr(const struct lb_report *rep)
{
	json_object *a = json_object_new_array();

	for (unsigned i = 0; i < rep->nc2c; i++) {
		const struct lb_c2c *c = &rep->c2c[i];
		json_object *o = json_object_new_object();

		ADD(o, "cpu_a", JINT(c->cpu_a));
		ADD(o, "cpu_b", JINT(c->cpu_b));
		ADD(o, "samples", JINT(c->samples));
		ADD(o, "rt_ns_min", JDBL(c->rt_ns_min));
		ADD(o, "rt_ns_median", JDBL(c->rt_ns_median));
		ADD(o, "rt_ns_p90", JDBL(c->rt_ns_p90));
		ADD(o, "rmw_run", c->rmw_run > 0 ? JDBL(c->rmw_run) : NULL);	/* null: not measured */
		ADD(o, "rmw_add_ns", c->rmw_run > 0 ? JDBL(c->rmw_add_ns) : NULL);
		json_object_array_add(a, o);
	}
	return a;
}

int lb_output_json(FILE *f, const struct lb_report *rep)
{
	json_object *root = json_object_new_object(), *a;

	ADD(root, "format_version", JINT(LB_FORMAT_VERSION));
	ADD(root, "lockbench_version", JSTR(PACKAGE_VERSION));
	ADD(root, "timestamp", JSTR(rep->timestamp));
	ADD(root, "command_line", command_line_arr(rep->cfg));
	if (rep->cfg && rep->cfg->job)
		ADD(root, "job", JSTR(rep->cfg->job));
	ADD(root, "host", host_obj(rep));
	if (rep->topo)
		ADD(root, "topology", topology_obj(rep->topo));
	ADD(root, "placement", placement_arr(rep));
	ADD(root, "clock", clock_obj());
	ADD(root, "build", build_obj(rep));
	if (rep->hyg)
		ADD(root, "hygiene", hygiene_obj(rep));
	if (rep->c2c)
		ADD(root, "c2c", c2c_arr(rep));
	if (rep->cfg)
		ADD(root, "config", config_obj(rep->cfg));
	a = json_object_new_array();
	for (unsigned i = 0; i < rep->nresults; i++)
		json_object_array_add(a, result_obj(rep, &rep->results[i]));
	ADD(root, "results", a);
	/* Ctrl-C or SIGTERM: the results are the first points of points_planned */
	ADD(root, "partial", JBOOL(rep->partial));
	ADD(root, "points_planned", JINT(rep->npoints ? rep->npoints : rep->nresults));
	fputs(json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
					     JSON_C_TO_STRING_NOSLASHESCAPE), f);
	fputc('\n', f);
	json_object_put(root);
	return ferror(f) ? -1 : 0;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * output-json.c - the whole run as one JSON document (json-c)
 *
 * Top-level keys: format_version, lockbench_version, timestamp,
 * command_line, host, topology, placement, clock, build, config and
 * results. Key names carry their units (_ms, _per_s, _ns). Each result
 * holds the per-thread detail (CPU, operations, reads, writes, finish
 * time, event counters), which the CSV sums up.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "clock.h"
#include "output.h"
#include "stats.h"
#include "topology.h"

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

static json_object *result_obj(const struct lb_report *rep, const struct lb_result *r)
{
	const struct lb_point *p = &r->point;
	json_object *o = json_object_new_object(), *th = json_object_new_array();
	uint64_t *per = calloc(p->nthreads, sizeof(*per));
	char ratio[32];

	ADD(o, "lock", JSTR(p->ops->name));
	ADD(o, "kind", JSTR(p->ops->kind == LB_LOCK_RW ? "rw" : "excl"));
	ADD(o, "family", JSTR(p->ops->family));
	ADD(o, "lock_options", lock_options_obj(p));
	ADD(o, "ratio", JSTR(lb_ratio_str(&p->ratio, ratio, sizeof(ratio))));
	ADD(o, "ratio_reads", JINT(p->ratio.r));
	ADD(o, "ratio_writes", JINT(p->ratio.w));
	ADD(o, "threads", JINT(p->nthreads));
	ADD(o, "load", JINT(p->load_arg));
	ADD(o, "load_unit", JSTR(p->load_ns ? "ns" : "pause"));
	ADD(o, "load_pauses", JINT(p->load));
	ADD(o, "delay_pauses", JINT(p->delay));
	ADD(o, "mode", JSTR(p->duration > 0 ? "time" : "ops"));
	ADD(o, "ops_per_thread", JINT(p->duration > 0 ? 0 : p->nops));
	ADD(o, "duration_s", JDBL(p->duration));
	ADD(o, "repeat", JINT(p->repeat + 1));
	ADD(o, "validate", JBOOL(p->validate));
	ADD(o, "lock_node", JINT(p->lock_node));
	ADD(o, "exec_time_ms", JDBL(r->exec_ms));
	ADD(o, "ops_total", JINT(r->ops_total));
	ADD(o, "ops_per_s", JDBL(r->ops_per_s));
	ADD(o, "read_ops", JINT(r->reads));
	ADD(o, "write_ops", JINT(r->writes));
	ADD(o, "ops_min", JINT(r->ops_min));
	ADD(o, "ops_mean", JDBL(r->ops_mean));
	ADD(o, "ops_max", JINT(r->ops_max));
	ADD(o, "setup_ms", JDBL(r->setup_ms));
	ADD(o, "teardown_ms", JDBL(r->teardown_ms));
	ADD(o, "counters", counters_obj(p->ops, r->ctr_total));
	ADD(o, "scenario", JSTR(r->nroles ? "roles" : "mix"));
	if (r->nroles) {
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
		ADD(o, "roles", a);
	}
	for (unsigned t = 0; r->threads && t < p->nthreads; t++) {
		const struct lb_thread_result *tr = &r->threads[t];
		json_object *x = json_object_new_object();

		if (per)
			per[t] = tr->ops;
		ADD(x, "tid", JINT(t));
		if (tr->role)
			ADD(x, "role", JSTR(tr->role));
		ADD(x, "cpu", JINT(tr->cpu_os));
		ADD(x, "cpu_seen", JINT(tr->cpu_seen));
		ADD(x, "ops", JINT(tr->ops));
		ADD(x, "reads", JINT(tr->reads));
		ADD(x, "writes", JINT(tr->writes));
		ADD(x, "finish_ms", JDBL(tr->finish_ms));
		ADD(x, "counters", counters_obj(p->ops, tr->ctr));
		json_object_array_add(th, x);
	}
	ADD(o, "fairness_jain", JDBL(per ? lb_jain(per, p->nthreads) : 0));
	ADD(o, "per_thread", th);
	free(per);
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
	ADD(o, "load_unit", JSTR(c->load_ns ? "ns" : "pause"));
	ADD(o, "delay_pauses", JINT(c->delay));
	ADD(o, "mode", JSTR(c->duration > 0 ? "time" : "ops"));
	ADD(o, "ops_per_thread", JINT(c->ops));
	ADD(o, "duration_s", JDBL(c->duration));
	ADD(o, "repeat", JINT(c->repeat));
	ADD(o, "place", JSTR(lb_place_name(c->place)));
	ADD(o, "cpus", c->cpus ? JSTR(c->cpus) : NULL);
	ADD(o, "physical", JBOOL(c->physical));
	ADD(o, "lock_node", JINT(c->lock_node));
	ADD(o, "validate", JBOOL(c->validate));
	ADD(o, "timeout_s", JDBL(c->timeout));
	ADD(o, "format", JSTR(c->format ? c->format->name : ""));
	ADD(o, "default_experiment", JBOOL(c->is_default));
	return o;
}

int lb_output_json(FILE *f, const struct lb_report *rep)
{
	json_object *root = json_object_new_object(), *o, *a;
	const char *text;

	ADD(root, "format_version", JINT(LB_FORMAT_VERSION));
	ADD(root, "lockbench_version", JSTR(PACKAGE_VERSION));
	ADD(root, "timestamp", JSTR(rep->timestamp));
	a = json_object_new_array();
	for (int i = 0; rep->cfg && i < rep->cfg->argc; i++)
		json_object_array_add(a, JSTR(rep->cfg->argv[i]));
	ADD(root, "command_line", a);

	o = json_object_new_object();
	ADD(o, "name", JSTR(rep->host));
	ADD(o, "kernel", JSTR(rep->kernel));
	ADD(o, "cpu_model", JSTR(rep->topo ? rep->topo->cpu_model : ""));
	ADD(root, "host", o);

	if (rep->topo) {
		o = json_object_new_object();
		ADD(o, "source", JSTR(rep->topo->source));
		ADD(o, "packages", JINT(rep->topo->packages));
		ADD(o, "cores", JINT(rep->topo->cores));
		ADD(o, "pus", JINT(rep->topo->pus));
		ADD(o, "numa_nodes", JINT(rep->topo->numa_nodes));
		ADD(o, "synthetic", JSTR(rep->topo->synthetic));
		ADD(root, "topology", o);
	}
	a = json_object_new_array();
	for (unsigned i = 0; i < rep->npus; i++) {
		const struct lb_pu *p = &rep->pus[i];

		o = json_object_new_object();
		ADD(o, "slot", JINT(i));
		ADD(o, "package", JINT(p->package_l));
		ADD(o, "core", JINT(p->core_l));
		ADD(o, "pu_logical", JINT(p->pu_l));
		ADD(o, "pu_os", JINT(p->pu_os));
		ADD(o, "numa_node", JINT(p->numa_os));
		json_object_array_add(a, o);
	}
	ADD(root, "placement", a);

	o = json_object_new_object();
	ADD(o, "source", JSTR(lb_clock.source));
	ADD(o, "tsc_mhz", JDBL(lb_clock.tsc_per_ns * 1e3));
	ADD(o, "pause_ns", JDBL(lb_clock.pause_ns));
	ADD(o, "pause_cycles", JDBL(lb_clock.pause_cycles));
	ADD(o, "read_cycles_min", JINT(lb_clock.read_cycles_min));
	ADD(o, "read_cycles_avg", JDBL(lb_clock.read_cycles_avg));
	ADD(o, "read_cycles_max", JINT(lb_clock.read_cycles_max));
	ADD(o, "calibration_ms", JDBL(lb_clock.calib_ms));
	ADD(root, "clock", o);

	o = json_object_new_object();
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
	ADD(root, "build", o);

	if (rep->cfg)
		ADD(root, "config", config_obj(rep->cfg));

	a = json_object_new_array();
	for (unsigned i = 0; i < rep->nresults; i++)
		json_object_array_add(a, result_obj(rep, &rep->results[i]));
	ADD(root, "results", a);

	text = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY |
						    JSON_C_TO_STRING_SPACED |
						    JSON_C_TO_STRING_NOSLASHESCAPE);
	fputs(text, f);
	fputc('\n', f);
	json_object_put(root);
	return ferror(f) ? -1 : 0;
}

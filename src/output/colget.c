// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * colget.c - the values of the schema's columns (columns.c): one get()
 * per kind of figure, reading a result of a report; a figure a point does
 * not have is false (an empty CSV field, a key left out of the JSON)
 */
#include "config.h"
#include "lb-revision.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/clock.h"
#include "output/columns.h"
#include "plan/fair.h"

/* A member of struct lb_result at c->off, of c->size bytes. */
bool lb_col_field(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const char *m = (const char *)s->r + c->off;
	uint32_t u32;
	int32_t i32;
	bool b;

	switch (c->type) {
	case LB_COL_DBL:
		memcpy(&v->d, m, sizeof(v->d));
		break;
	case LB_COL_BOOL:
		memcpy(&v->b, m, sizeof(v->b));
		break;
	case LB_COL_INT:
		memcpy(&i32, m, sizeof(i32));
		v->i = i32;
		break;
	default:
		if (c->size == sizeof(uint64_t)) {
			memcpy(&v->u, m, sizeof(v->u));
		} else if (c->size == sizeof(u32)) {
			memcpy(&u32, m, sizeof(u32));
			v->u = u32;
		} else {
			memcpy(&b, m, sizeof(b));
			v->u = b;
		}
	}
	return true;
}

/* A char array of struct lb_report at c->off. */
bool lb_col_report(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->s = (const char *)s->rep + c->off;
	return true;
}

bool lb_col_format_version(struct lb_col_src *s, const struct lb_column *c,
			       union lb_col_val *v)
{
	v->i = LB_FORMAT_VERSION;
	return true;
}

bool lb_col_version(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->s = PACKAGE_VERSION;
	return true;
}

/* arg 0: the CPU model, 1: where the topology came from */
bool lb_col_topo(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_topo_info *t = s->rep->topo;

	v->s = !t ? "" : c->arg ? t->source : t->cpu_model;
	return true;
}

/* the lock's name, kind, family or what it follows (LB_LOCKCOL_*) */
bool lb_col_lock(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_lock_ops *o = s->r->point.ops;

	v->s = c->arg == LB_LOCKCOL_NAME ? o->name :
	       c->arg == LB_LOCKCOL_KIND ? (o->kind == LB_LOCK_RW ? "rw" : "excl") :
	       c->arg == LB_LOCKCOL_FAMILY ? o->family : o->follows ? o->follows : "";
	return true;
}

char *lb_lock_options_str(const struct lb_point *p, char *buf, size_t len)
{
	size_t l = 0;

	buf[0] = '\0';
	for (unsigned k = 0; p->ops->options && p->ops->options[k].name && l < len; k++) {
		const struct lb_lock_option *o = &p->ops->options[k];
		uint64_t x = p->lockopts ? p->lockopts[k] : o->def;

		if (o->type == LB_LOCK_OPT_U64)
			l += (size_t)snprintf(buf + l, len - l, "%s%s=%llu", k ? ";" : "",
					      o->name, (unsigned long long)x);
		else
			l += (size_t)snprintf(buf + l, len - l, "%s%s=%s", k ? ";" : "", o->name,
					      o->values[x]);
	}
	return buf;
}

/* "name=value;..." of the point's lock options */
bool lb_col_lock_options(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->s = lb_lock_options_str(&s->r->point, s->buf, sizeof(s->buf));
	return true;
}

/* the point's R:W (lb_point_ratio()): arg 0 "R:W", 'r' its reads, 'w' its writes */
bool lb_col_ratio(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	struct lb_ratio r = lb_point_ratio(&s->r->point);

	if (c->arg == 'r')
		v->u = r.r;
	else if (c->arg == 'w')
		v->u = r.w;
	else
		v->s = lb_ratio_str(&r, s->buf, sizeof(s->buf));
	return true;
}

/* arg 0: load_unit (--load-unit), 1: mode, 2: scenario */
bool lb_col_word(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_point *p = &s->r->point;

	if (c->arg == 0)
		v->s = p->spin ? "loop" : "pause";
	else if (c->arg == 1)
		v->s = p->duration > 0 ? "time" : "ops";
	else
		v->s = p->phase ? "fair" : s->r->nroles ? "roles" : "mix";
	return true;
}

/* fixed work: the operations per thread; fixed time has none */
bool lb_col_ops_per_thread(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->u = s->r->point.nops;
	return s->r->point.duration <= 0;
}

/* fixed time: the seconds per point; fixed work has none */
bool lb_col_duration(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->d = s->r->point.duration;
	return s->r->point.duration > 0;
}

/* --load-ns as given (the load column is its count of load units); none without it */
bool lb_col_load_ns(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->u = s->r->point.load_arg;
	return s->r->point.load_ns;
}

/* --lock-node; none without it */
bool lb_col_lock_node(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->i = s->r->point.lock_node;
	return s->r->point.lock_node >= 0;
}

/* the command line, as the header's "# command:" line */
bool lb_col_command(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_config *cfg = s->rep->cfg;
	size_t l = 0;

	s->buf[0] = '\0';
	for (int i = 0; cfg && i < cfg->argc && l < sizeof(s->buf); i++)
		l += (size_t)snprintf(s->buf + l, sizeof(s->buf) - l, "%s%s", i ? " " : "",
				      i ? cfg->argv[i] : "lockbench");
	v->s = s->buf;
	return cfg != NULL;
}

/*
 * The event counters of the point's lock, summed over its threads (a
 * maximum counter, longest-*: the largest thread's), in long form:
 * "name=value;name=value", in the lock's order, so that one column serves
 * every lock and files of different locks concatenate
 */
bool lb_col_counters(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_lock_ops *o = s->r->point.ops;
	size_t l = 0;

	s->buf[0] = '\0';
	for (unsigned k = 0; o->counters && o->counters[k] && l < sizeof(s->buf); k++)
		l += (size_t)snprintf(s->buf + l, sizeof(s->buf) - l, "%s%s=%llu", k ? ";" : "",
				      o->counters[k], (unsigned long long)s->r->ctr_total[k]);
	v->s = s->buf;
	return true;
}

bool lb_col_partial(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->b = s->rep->partial;
	return true;
}

bool lb_col_repeat(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->u = s->r->point.repeat + 1;
	return true;
}

bool lb_col_placement(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_config *cfg = s->rep->cfg;

	v->s = s->r->point.pin ? (cfg ? lb_place_name(cfg->place) : "socket") : "none";
	return true;
}

/* "0;1;2": the OS CPU of each thread */
bool lb_col_cpus(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_result *r = s->r;
	size_t l = 0;

	s->buf[0] = '\0';
	for (unsigned t = 0; t < r->point.nthreads && r->threads && l < sizeof(s->buf); t++)
		l += (size_t)snprintf(s->buf + l, sizeof(s->buf) - l, "%s%d", t ? ";" : "",
				      r->threads[t].cpu_os);
	v->s = s->buf;
	return true;
}

bool lb_col_jain(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->d = lb_result_jain(s->r, -1);
	return true;
}

/*
 * arg 0: the counter's MHz, 1: one pause in ns, 2 and 3: the pause and
 * add-loop stall % (none in a simulated run: its clock is the profile's)
 */
bool lb_col_clock(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->d = (const double[]){ lb_clock.tsc_per_ns * 1e3, lb_clock.pause_ns,
				 lb_clock.pause_stall_pct, lb_clock.loop_stall_pct }[c->arg];
	return c->arg < 2 || !s->r->simulated;
}

/* the run's date; none for a simulated point, whose CSV a seed fixes */
bool lb_col_timestamp(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->s = s->rep->timestamp;
	return !s->r->simulated;
}

/*
 * --simulate: the machine (--topology's name, the simulator's description,
 * its CPUs), the profile and where it came from, the seed, jitter and
 * slice; the engine's counters (.off into the result), its virtual time,
 * the hottest line's queueing; in the JSON only, the real time and the
 * accesses it simulated per second. None for a real point.
 */
bool lb_col_sim(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_result *r = s->r;
	const struct lb_sim_env *e = r->point.sim;

	if (!r->simulated)
		return false;
	switch (c->arg) {
	case LB_SIMC_U64:
		memcpy(&v->u, (const char *)r + c->off, sizeof(v->u));
		return true;
	case LB_SIMC_VIRTUAL_MS:
		v->d = (double)r->sim.virtual_ns / 1e6;
		return true;
	case LB_SIMC_QUEUE_MS:
		v->d = r->sim_hot.queue_ns / 1e6;
		return true;
	case LB_SIMC_REAL_S:
		v->d = r->sim.real_s;
		return true;
	case LB_SIMC_RATE:
		v->d = r->sim.real_s > 0 ? (double)r->sim.accesses / r->sim.real_s : 0;
		return r->sim.real_s > 0;
	}
	if (!e)
		return false;	/* a result read back from a file: its text is not kept */
	switch (c->arg) {
	case LB_SIMC_MACHINE:
		v->s = e->name;
		break;
	case LB_SIMC_DESC:
		v->s = e->machine.name;
		break;
	case LB_SIMC_CPUS:
		v->u = e->machine.ncpus;
		break;
	case LB_SIMC_PROFILE:
		v->s = e->profile.name;
		break;
	case LB_SIMC_FROM:
		v->s = e->profile_from;
		break;
	case LB_SIMC_SEED:
		v->u = e->seed;
		break;
	case LB_SIMC_JITTER:
		v->d = e->jitter_pct;
		break;
	default:
		v->d = e->profile.slice_ns / 1e6;
	}
	return true;
}

/* arg 0: the fair scenario's phase, 1: its title; none outside it */
bool lb_col_phase(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	unsigned ph = s->r->point.phase;

	v->s = c->arg ? lb_fair_phase_title(ph) : lb_fair_phase_name(ph);
	return ph != 0;
}

/* the lock domains: the level, how many, pretend or the machine's */
bool lb_col_domains(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_point *p = &s->r->point;

	switch (c->arg) {
	case 0:
		v->s = s->rep->cfg ? lb_lock_domain_name(s->rep->cfg->lock_domain) : "numa";
		break;
	case 1:
		v->u = p->ndomains ? p->ndomains : 1;
		break;
	default:
		v->b = p->domains_pretend;
	}
	return true;
}

/* "writer_thread*2;reader_thread*4" of a point with roles, else "" */
bool lb_col_roles(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_point *p = &s->r->point;
	size_t l = 0, len = sizeof(s->buf);

	s->buf[0] = '\0';
	for (unsigned t = 0; p->roles && t < p->nthreads && l < len; t++) {
		unsigned n = 1;

		if (t && p->roles[t - 1].kind == p->roles[t].kind)
			continue;
		while (t + n < p->nthreads && p->roles[t + n].kind == p->roles[t].kind)
			n++;
		l += (size_t)snprintf(s->buf + l, len - l, "%s%s*%u", l ? ";" : "",
				      lb_role_name(p->roles[t].kind), n);
	}
	v->s = s->buf;
	return true;
}

/* what disturbed the repetition, its words joined by '+' (lb_disturb_words()) */
bool lb_col_disturbed(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	(void)c;
	v->s = lb_disturb_words(s->r->disturbed, "+", s->buf, sizeof(s->buf));
	return true;
}

/* --scenario=roles: arg 0: readers, 1: writers */
bool lb_col_population(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->u = c->arg ? lb_point_ratio(&s->r->point).w : lb_point_ratio(&s->r->point).r;
	return s->r->nroles != 0;
}

/* --scenario=roles: arg / 4: reader or writer, arg % 4: min, mean, max of ops per thread */
bool lb_col_role_ops(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_role_result *rr;

	if (!s->r->nroles)
		return false;
	rr = lb_result_role(s->r, c->arg / 4 ? "writer" : "reader");
	if (!rr)
		return false;
	if (c->arg % 4 == 1)
		v->d = rr->ops_mean;
	else
		v->u = c->arg % 4 ? rr->ops_max : rr->ops_min;
	return true;
}

static bool timed(const struct lb_result *r)
{
	return r->point.latency || r->point.roles;
}

/* arg 0: one acquisition in how many is timed, 1: how many were, 2: the calibration */
bool lb_col_lat_setup(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_point *p = &s->r->point;

	if (c->arg == 2)
		v->d = s->r->lat.calib;
	else
		v->u = c->arg ? s->r->lat.n : p->lat_every ? p->lat_every : 1;
	return timed(s->r);
}

#define LAT(which, fig, ns) ((which) * 16 + (fig) + ((ns) ? 8 : 0))

/* arg LAT(): all, read or write acquisitions; min, avg, p50, p99, p999, max; cycles or ns */
bool lb_col_lat(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_result *r = s->r;
	const struct lb_lat *l = c->arg / 16 == 0 ? &r->lat : c->arg / 16 == 1 ? &r->lat_r : &r->lat_w;
	const uint64_t fig[] = { l->min, 0, l->p50, l->p99, l->p999, l->max };
	unsigned k = (unsigned)c->arg % 8;

	if (!timed(r) || !l->n)
		return false;
	if (c->arg & 8)
		v->d = k == 1 ? l->avg / lb_clock.tsc_per_ns : lb_cycles_to_ns(fig[k]);
	else if (k == 1)
		v->d = l->avg;
	else
		v->u = fig[k];
	return true;
}

/* arg 0: the readers, 1: the writers; starved (BOOL) or the longest gap (DBL) */
bool lb_col_starved(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_result *r = s->r;

	if (c->type == LB_COL_BOOL)
		v->b = c->arg ? r->starved_writers : r->starved_readers;
	else
		v->d = c->arg ? r->gap_write_ms : r->gap_read_ms;
	return c->arg ? r->has_writers : r->has_readers;
}

bool lb_col_ns_per_op(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->d = lb_ns_per_op(s->r);
	return true;
}

/* --c2c: arg 0: the round trip of threads 0 and 1's CPUs, 1: ns per op in round trips */
bool lb_col_c2c(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	if (!s->c2c)
		return false;
	v->d = c->arg ? lb_ns_per_op_per_c2c(s->r, s->c2c) : s->c2c->rt_ns_median;
	return true;
}

/* --perf: event arg (task-clock in ms), none when it was not counted */
bool lb_col_perf(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_result *r = s->r;

	if (!r->point.perf || !(r->perf.ok & (1u << c->arg)))
		return false;
	if (c->type == LB_COL_DBL)
		v->d = (double)r->perf.v[c->arg] / 1e6;
	else
		v->u = r->perf.v[c->arg];
	return true;
}

/* --trace: a uint64_t of struct lb_trace_vals at c->off */
bool lb_col_trace(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	if (!s->r->trace)
		return false;
	memcpy(&v->u, (const char *)s->r->trace + c->off, sizeof(v->u));
	return true;
}

bool lb_col_trace_wait(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	if (!s->r->trace)
		return false;
	v->d = (double)s->r->trace->wait_ns / 1e6;
	return true;
}

/* --trace: the contention of flag bit arg: count (U64) or wait in ms (DBL) */
bool lb_col_trace_bit(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	uint64_t n, ns;

	if (!s->r->trace)
		return false;
	lb_trace_bit_stat(s->r->trace, (unsigned)c->arg, &n, &ns);
	if (c->type == LB_COL_DBL)
		v->d = (double)ns / 1e6;
	else
		v->u = n;
	return true;
}

/* --trace: arg 0: every class as "FLAGS:count:wait_ms" joined by ';', 1: the top lock */
bool lb_col_trace_str(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_trace_vals *t = s->r->trace;
	size_t l = 0, len = sizeof(s->buf);
	char flags[64];

	if (!t || (c->arg && !t->nlocks))
		return false;
	s->buf[0] = '\0';
	v->s = s->buf;
	if (c->arg) {
		snprintf(s->buf, len, "0x%llx:%s:%llu:%.3f", (unsigned long long)t->locks[0].addr,
			 lb_trace_flags_str(t->locks[0].flags, flags, sizeof(flags)),
			 (unsigned long long)t->locks[0].count, (double)t->locks[0].wait_ns / 1e6);
		return true;
	}
	for (unsigned k = 0; k < LB_TRACE_NCLASSES && l < len; k++) {
		if (!t->classes[k].count)
			continue;
		l += (size_t)snprintf(s->buf + l, len - l, "%s%s:%llu:%.3f", l ? ";" : "",
				      lb_trace_flags_str(k, flags, sizeof(flags)),
				      (unsigned long long)t->classes[k].count,
				      (double)t->classes[k].wait_ns / 1e6);
	}
	return true;
}

/*
 * Run hygiene (hygiene.h), the same for every point: arg 0 cpufreq driver,
 * 1 governor, 2 hypervisor, 3 kernel flags, 4 load average (1 min), 5 other
 * work on the placement's CPUs (%), 6 compiler, 7 CFLAGS, 8 git revision
 */
bool lb_col_hyg(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_hygiene *h = s->rep->hyg;

	switch (c->arg) {
	case 6:
		v->s = LB_COMPILER;
		return true;
	case 7:
		v->s = LB_CFLAGS;
		return true;
	case 8:
		v->s = LB_GIT_REVISION;
		return true;
	}
	/* this host's conditions are not the simulated machine's, nor the same from run to run */
	if (!h || s->r->simulated)
		return false;
	switch (c->arg) {
	case 0:
		v->s = h->cpufreq_driver;
		return true;
	case 1:
		v->s = h->cpufreq_governor;
		return true;
	case 2:
		v->s = h->hypervisor;
		return true;
	case 3:
		v->s = h->kernel_flags;
		return true;
	case 4:
		v->d = h->loadavg[0];
		return h->loadavg[0] >= 0;
	default:
		v->d = h->busy_other_pct;
		return h->busy_other_pct >= 0;
	}
}

/* LB_PHYG_*: steal during the point, CPUs in the placement, the machine's PUs, SMT, the probes */
bool lb_col_point_hyg(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_point *p = &s->r->point;

	switch (c->arg) {
	case LB_PHYG_STEAL:
		v->d = s->r->steal_ms;
		return s->r->steal_ms >= 0;
	case LB_PHYG_PLACEMENT_CPUS:
		v->u = p->npus;
		return p->npus > 0;
	case LB_PHYG_HOST_CPUS:
		v->u = s->rep->topo ? s->rep->topo->pus : 0;
		return s->rep->topo != NULL;
	case LB_PHYG_PROBE_BEFORE:
	case LB_PHYG_PROBE_AFTER:
		v->d = s->r->probe_ns[c->arg == LB_PHYG_PROBE_AFTER];
		return v->d > 0;
	default:
		v->u = p->pin && p->pus ? lb_smt_shared(p->pus, p->npus, p->nthreads, NULL) : 0;
		return true;
	}
}

/* arg 0: what one count of load and delay is ("pause", "loop"), 1: its calibrated ns */
bool lb_col_unit(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	bool spin = s->r->point.spin;

	if (c->arg)
		v->d = spin ? lb_clock.loop_ns : lb_clock.pause_ns;
	else
		v->s = spin ? "loop" : "pause";
	return true;
}

/*
 * Over the repetitions of the point (lb_repeat_summary()): arg / 10 is the
 * figure (0 ops_per_s, 1 exec_time_ms: fixed work only), arg % 10 the
 * statistic (0 median, 1 min, 2 max, 3 coefficient of variation in %,
 * 4 repetitions, 5 mean, 6 sample stdev)
 */
bool lb_col_summary(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	struct lb_summary sum;
	int what = c->arg / 10, stat = c->arg % 10;

	if (what == 1 && s->r->point.duration > 0)
		return false;
	lb_repeat_summary(s->rep, s->r, what, &sum);
	if (stat == 4) {
		v->u = sum.n;
		return true;
	}
	v->d = stat == 0 ? sum.median : stat == 1 ? sum.min : stat == 2 ? sum.max :
	       stat == 3 ? lb_cv_pct(&sum) : stat == 5 ? sum.mean : sum.stdev;
	return sum.n > 0;
}

/* --interval: a field of the row's interval (the point's rows have none) */
bool lb_col_interval(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_interval *iv;
	size_t l = 0;

	if (s->interval < 0 || (unsigned)s->interval >= s->r->nintervals)
		return false;
	iv = &s->r->intervals[s->interval];
	switch (c->arg) {
	case LB_IV_INDEX:
		v->u = (uint64_t)s->interval + 1;
		break;
	case LB_IV_START_MS:
		v->d = iv->start_ms;
		break;
	case LB_IV_MS:
		v->d = iv->ms;
		break;
	case LB_IV_OPS:
		v->u = iv->ops;
		break;
	case LB_IV_OPS_PER_S:
		v->d = iv->ops_per_s;
		break;
	default:
		s->buf[0] = '\0';
		for (unsigned t = 0; t < s->r->point.nthreads && l < sizeof(s->buf); t++)
			l += (size_t)snprintf(s->buf + l, sizeof(s->buf) - l, "%s%llu", t ? ";" : "",
					      (unsigned long long)iv->thread_ops[t]);
		v->s = s->buf;
	}
	return true;
}

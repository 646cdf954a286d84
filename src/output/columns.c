// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * columns.c - the figures of a point: the schema (columns.h) and its accessors
 *
 * The table is in CSV column order, which never changes: a new figure is a
 * new row at the end (before the ctr_* columns). Rows marked JSON only
 * follow the CSV row they belong to.
 *
 * Latency (--latency, --scenario=fair, roles): lat_* over all timed
 * acquisitions of the point, calibrated (less lat_calib_cycles, the
 * average cost of the two counter reads); none when nothing was timed.
 * Fairness: Jain's index (harness/figures.h) and the starvation watch
 * (point.h); starved_* and max_gap_* have none when the point has no such
 * acquisitions. --trace: the switch-outs, all contention, then per flag
 * bit (a class with several bits counts under each), every class as
 * "FLAGS:count:wait_ms" joined by ';', the most waited-on lock as
 * "0xaddr:FLAGS:count:wait_ms", and the events lost.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "plan/fair.h"
#include "output/columns.h"
/* --- accessors --------------------------------------------------------- */

/* A member of struct lb_result at c->off, of c->size bytes. */
static bool col_field(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
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
static bool col_report(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->s = (const char *)s->rep + c->off;
	return true;
}

static bool col_format_version(struct lb_col_src *s, const struct lb_column *c,
			       union lb_col_val *v)
{
	v->i = LB_FORMAT_VERSION;
	return true;
}

static bool col_version(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->s = PACKAGE_VERSION;
	return true;
}

/* arg 0: the CPU model, 1: where the topology came from */
static bool col_topo(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_topo_info *t = s->rep->topo;

	v->s = !t ? "" : c->arg ? t->source : t->cpu_model;
	return true;
}

/* arg 0: the lock's name, 1: its kind, 2: its family, 3: what it follows (a tree's version) */
static bool col_lock(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_lock_ops *o = s->r->point.ops;

	v->s = c->arg == 0 ? o->name : c->arg == 1 ? (o->kind == LB_LOCK_RW ? "rw" : "excl") :
	       c->arg == 2 ? o->family : o->follows ? o->follows : "";
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
static bool col_lock_options(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->s = lb_lock_options_str(&s->r->point, s->buf, sizeof(s->buf));
	return true;
}

static bool col_ratio(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->s = lb_ratio_str(&s->r->point.ratio, s->buf, sizeof(s->buf));
	return true;
}

/* arg 0: load_unit, 1: mode, 2: scenario */
static bool col_word(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_point *p = &s->r->point;

	if (c->arg == 0)
		v->s = p->load_ns ? "ns" : "pause";
	else if (c->arg == 1)
		v->s = p->duration > 0 ? "time" : "ops";
	else
		v->s = p->phase ? "fair" : s->r->nroles ? "roles" : "mix";
	return true;
}

static bool col_ops_per_thread(struct lb_col_src *s, const struct lb_column *c,
			       union lb_col_val *v)
{
	v->u = s->r->point.duration > 0 ? 0 : s->r->point.nops;
	return true;
}

static bool col_partial(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->b = s->rep->partial;
	return true;
}

static bool col_repeat(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->u = s->r->point.repeat + 1;
	return true;
}

static bool col_placement(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_config *cfg = s->rep->cfg;

	v->s = s->r->point.pin ? (cfg ? lb_place_name(cfg->place) : "socket") : "none";
	return true;
}

/* "0;1;2": the OS CPU of each thread */
static bool col_cpus(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
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

static bool col_jain(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->d = lb_result_jain(s->r, -1);
	return true;
}

/* arg 0: the counter's MHz, 1: one pause in ns, 2 and 3: the pause and add-loop stall % */
static bool col_clock(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->d = (const double[]){ lb_clock.tsc_per_ns * 1e3, lb_clock.pause_ns,
				 lb_clock.pause_stall_pct, lb_clock.loop_stall_pct }[c->arg];
	return true;
}

/* arg 0: the fair scenario's phase, 1: its title; none outside it */
static bool col_phase(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	unsigned ph = s->r->point.phase;

	v->s = c->arg ? lb_fair_phase_title(ph) : lb_fair_phase_name(ph);
	return ph != 0;
}

/* the lock domains (issue 12): the level, how many, pretend or the machine's */
static bool col_domains(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
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
static bool col_roles(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
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

/* --scenario=roles: arg 0: readers, 1: writers */
static bool col_population(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->u = c->arg ? s->r->point.ratio.w : s->r->point.ratio.r;
	return s->r->nroles != 0;
}

/* --scenario=roles: arg / 4: reader or writer, arg % 4: min, mean, max of ops per thread */
static bool col_role_ops(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
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
static bool col_lat_setup(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
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
static bool col_lat(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
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
static bool col_starved(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_result *r = s->r;

	if (c->type == LB_COL_BOOL)
		v->b = c->arg ? r->starved_writers : r->starved_readers;
	else
		v->d = c->arg ? r->gap_write_ms : r->gap_read_ms;
	return c->arg ? r->has_writers : r->has_readers;
}

static bool col_ns_per_op(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	v->d = lb_ns_per_op(s->r);
	return true;
}

/* --c2c: arg 0: the round trip of threads 0 and 1's CPUs, 1: ns per op in round trips */
static bool col_c2c(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	if (!s->c2c)
		return false;
	v->d = c->arg ? lb_ns_per_op_per_c2c(s->r, s->c2c) : s->c2c->rt_ns_median;
	return true;
}

/* --perf: event arg (task-clock in ms), none when it was not counted */
static bool col_perf(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
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
static bool col_trace(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	if (!s->r->trace)
		return false;
	memcpy(&v->u, (const char *)s->r->trace + c->off, sizeof(v->u));
	return true;
}

static bool col_trace_wait(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	if (!s->r->trace)
		return false;
	v->d = (double)s->r->trace->wait_ns / 1e6;
	return true;
}

/* --trace: the contention of flag bit arg: count (U64) or wait in ms (DBL) */
static bool col_trace_bit(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
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
static bool col_trace_str(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
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

/* --- put(): the --baseline reader ------------------------------------------ */

static bool to_u64(const char *s, unsigned long long *out)
{
	char *end;

	errno = 0;
	*out = strtoull(s, &end, 10);
	return !errno && end != s && !*end && *s != '-' && *s != '+' && *s != ' ';
}

/* a figure lockbench writes: finite, 0 or more, below 1e18 (no inf, nan, 1e300, hex) */
static bool to_double(const char *s, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	return !errno && end != s && !*end && isfinite(*out) && *out >= 0 && *out < 1e18 &&
	       !strpbrk(s, "xXpP") && *s != ' ';
}

/* A number into the member at c->off (an unsigned that must fit, or a double). */
static bool put_field(struct lb_result *r, const struct lb_column *c, const char *text)
{
	char *m = (char *)r + c->off;
	unsigned long long u;
	uint32_t u32;
	double d;

	if (c->type == LB_COL_DBL) {
		if (!to_double(text, &d))
			return false;
		memcpy(m, &d, sizeof(d));
		return true;
	}
	if (!to_u64(text, &u))
		return false;
	if (c->size == sizeof(uint64_t)) {
		uint64_t u64 = u;

		memcpy(m, &u64, sizeof(u64));
		return true;
	}
	if (u > UINT32_MAX)
		return false;
	u32 = (uint32_t)u;
	memcpy(m, &u32, sizeof(u32));
	return true;
}

/* load_unit and mode: the words col_word() writes */
static bool put_word(struct lb_result *r, const struct lb_column *c, const char *text)
{
	const char *yes = c->arg ? "time" : "ns", *no = c->arg ? "ops" : "pause";
	bool y = strcmp(text, yes) == 0;

	if (!y && strcmp(text, no) != 0)
		return false;
	if (c->arg)
		r->point.duration = y ? 1 : 0;
	else
		r->point.load_ns = y;
	return true;
}

/* 1..10000, as --repeat takes it */
static bool put_repeat(struct lb_result *r, const struct lb_column *c, const char *text)
{
	unsigned long long u;

	if (!to_u64(text, &u) || u < 1 || u > 10000)
		return false;
	r->point.repeat = (unsigned)u - 1;
	return true;
}
/*
 * Run hygiene (hygiene.h), the same for every point: arg 0 cpufreq driver,
 * 1 governor, 2 hypervisor, 3 kernel flags, 4 load average (1 min), 5 other
 * work on the placement's CPUs (%), 6 compiler, 7 CFLAGS, 8 git revision
 */
static bool col_hyg(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
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
	if (!h)
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

/* arg 0: steal during the point, 1: CPUs in the placement, 2: the machine's PUs, 3: SMT */
static bool col_point_hyg(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
{
	const struct lb_point *p = &s->r->point;

	switch (c->arg) {
	case 0:
		v->d = s->r->steal_ms;
		return s->r->steal_ms >= 0;
	case 1:
		v->u = p->npus;
		return p->npus > 0;
	case 2:
		v->u = s->rep->topo ? s->rep->topo->pus : 0;
		return s->rep->topo != NULL;
	default:
		v->u = p->pin && p->pus ? lb_smt_shared(p->pus, p->npus, p->nthreads, NULL) : 0;
		return true;
	}
}

/* arg 0: what one count of load and delay is ("pause", "loop"), 1: its calibrated ns */
static bool col_unit(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
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
static bool col_summary(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
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

/* --- the schema -------------------------------------------------------- */

#define CSV LB_COL_CSV
#define JSON LB_COL_JSON
#define BOTH (LB_COL_CSV | LB_COL_JSON)
#define BASE LB_COL_BASELINE
#define NUL LB_COL_JSON_NULL
#define FIELD(m) .get = col_field, .off = offsetof(struct lb_result, m), \
	.size = sizeof(((struct lb_result *)0)->m)
#define PUT(m) FIELD(m), .put = put_field
#define REPORT(m) .get = col_report, .off = offsetof(struct lb_report, m)
#define TRACE(m) .get = col_trace, .off = offsetof(struct lb_trace_vals, m)
#define S LB_COL_STR
#define U LB_COL_U64
#define I LB_COL_INT
#define D LB_COL_DBL
#define B LB_COL_BOOL
#define LATR(name, unit, type, dec, which, fig, ns) \
	{ name, NULL, unit, type, dec, CSV, .get = col_lat, .arg = LAT(which, fig, ns) }
#define LAT6(w, unit, ns) \
	LATR("lat_min_" unit, unit, ns ? D : U, 1, w, 0, ns), \
	LATR("lat_avg_" unit, unit, D, 1, w, 1, ns), \
	LATR("lat_p50_" unit, unit, ns ? D : U, 1, w, 2, ns), \
	LATR("lat_p99_" unit, unit, ns ? D : U, 1, w, 3, ns), \
	LATR("lat_p999_" unit, unit, ns ? D : U, 1, w, 4, ns), \
	LATR("lat_max_" unit, unit, ns ? D : U, 1, w, 5, ns)
#define LAT3(name, w) \
	LATR("lat_" name "_p50_cycles", "cycles", U, 0, w, 2, 0), \
	LATR("lat_" name "_p99_cycles", "cycles", U, 0, w, 3, 0), \
	LATR("lat_" name "_max_cycles", "cycles", U, 0, w, 5, 0)
/* a statistic over the repetitions of the point (col_summary()), in the JSON's summary object */
#define SUMMARY(name, unit, dec, fl, a) \
	{ name, "summary." name, unit, D, dec, fl, .get = col_summary, .arg = a }
#define PERF(name, unit, type, ev) { name, NULL, unit, type, 3, CSV, .get = col_perf, .arg = ev }
#define TBIT(name, b) \
	{ "trace_" name "_contentions", NULL, "", U, 0, CSV, .get = col_trace_bit, .arg = b }, \
	{ "trace_" name "_wait_ms", NULL, "ms", D, 3, CSV, .get = col_trace_bit, .arg = b }

const struct lb_column lb_columns[] = {
	/* the run: the host, the build, the machine */
	{ "format_version", NULL, "", I, 0, CSV | BASE, .get = col_format_version },
	{ "lockbench_version", NULL, "", S, 0, CSV, .get = col_version },
	{ "timestamp", NULL, "", S, 0, CSV, REPORT(timestamp) },
	{ "host", NULL, "", S, 0, CSV, REPORT(host) },
	{ "kernel", NULL, "", S, 0, CSV, REPORT(kernel) },
	{ "cpu_model", NULL, "", S, 0, CSV, .get = col_topo, .arg = 0 },
	{ "topology", NULL, "", S, 0, CSV, .get = col_topo, .arg = 1 },
	/* the point */
	{ "lock", NULL, "", S, 0, BOTH | BASE, .get = col_lock, .arg = 0 },
	{ "kind", NULL, "", S, 0, BOTH, .get = col_lock, .arg = 1 },
	{ "family", NULL, "", S, 0, BOTH, .get = col_lock, .arg = 2 },
	{ "lock_options", NULL, "", S, 0, CSV, .get = col_lock_options },	/* JSON: an object */
	{ "ratio", NULL, "", S, 0, BOTH, .get = col_ratio },
	{ "ratio_reads", NULL, "", U, 0, BOTH | BASE, PUT(point.ratio.r) },
	{ "ratio_writes", NULL, "", U, 0, BOTH | BASE, PUT(point.ratio.w) },
	{ "threads", NULL, "", U, 0, BOTH | BASE, PUT(point.nthreads) },
	{ "load", NULL, "pauses or ns", U, 0, BOTH | BASE, PUT(point.load_arg) },
	{ "load_unit", NULL, "", S, 0, BOTH | BASE, .get = col_word, .arg = 0, .put = put_word },
	{ "load_pauses", NULL, "pauses", U, 0, BOTH, FIELD(point.load) },
	{ "delay_pauses", NULL, "pauses", U, 0, BOTH, FIELD(point.delay) },
	{ "mode", NULL, "", S, 0, BOTH | BASE, .get = col_word, .arg = 1, .put = put_word },
	{ "ops_per_thread", NULL, "ops", U, 0, BOTH, .get = col_ops_per_thread,
	  .off = offsetof(struct lb_result, point.nops), .size = sizeof(uint64_t), .put = put_field },
	{ "duration_s", NULL, "s", D, LB_COL_G, BOTH, PUT(point.duration) },
	{ "repeat", NULL, "", U, 0, BOTH | BASE, .get = col_repeat, .put = put_repeat },
	{ "placement", NULL, "", S, 0, CSV, .get = col_placement },
	{ "cpus", NULL, "", S, 0, CSV, .get = col_cpus },	/* JSON: each thread's cpu */
	{ "lock_node", NULL, "", I, 0, BOTH, FIELD(point.lock_node) },
	{ "validate", NULL, "", B, 0, BOTH, FIELD(point.validate) },
	/* its figures */
	{ "exec_time_ms", NULL, "ms", D, 6, BOTH | BASE, PUT(exec_ms) },
	{ "ops_total", NULL, "ops", U, 0, BOTH, FIELD(ops_total) },
	{ "ops_per_s", NULL, "ops/s", D, 1, BOTH | BASE, PUT(ops_per_s) },
	{ "read_ops", NULL, "ops", U, 0, BOTH, FIELD(reads) },
	{ "write_ops", NULL, "ops", U, 0, BOTH, FIELD(writes) },
	{ "ops_min", NULL, "ops", U, 0, BOTH, FIELD(ops_min) },
	{ "ops_min", "fairness.ops_min", "ops", U, 0, JSON, FIELD(ops_min) },
	{ "ops_mean", NULL, "ops", D, 1, BOTH, FIELD(ops_mean) },
	{ "ops_mean", "fairness.ops_mean", "ops", D, 0, JSON, FIELD(ops_mean) },
	{ "ops_max", NULL, "ops", U, 0, BOTH, FIELD(ops_max) },
	{ "ops_max", "fairness.ops_max", "ops", U, 0, JSON, FIELD(ops_max) },
	{ "fairness_jain", NULL, "", D, 4, BOTH, .get = col_jain },
	{ "fairness_jain", "fairness.jain", "", D, 0, JSON, .get = col_jain },
	{ "setup_ms", NULL, "ms", D, 4, BOTH, FIELD(setup_ms) },
	{ "tsc_mhz", NULL, "MHz", D, 3, CSV, .get = col_clock, .arg = 0 },	/* JSON: clock */
	{ "pause_ns", NULL, "ns", D, 3, CSV, .get = col_clock, .arg = 1 },
	{ "pause_stall_pct", NULL, "%", D, 1, CSV, .get = col_clock, .arg = 2 },
	{ "loop_stall_pct", NULL, "%", D, 1, CSV, .get = col_clock, .arg = 3 },
	{ "teardown_ms", NULL, "ms", D, 4, BOTH, FIELD(teardown_ms) },
	/* scenarios and roles */
	{ "scenario", NULL, "", S, 0, BOTH, .get = col_word, .arg = 2 },
	{ "phase", NULL, "", S, 0, BOTH, .get = col_phase, .arg = 0 },
	{ "phase_title", NULL, "", S, 0, JSON, .get = col_phase, .arg = 1 },
	{ "roles", NULL, "", S, 0, CSV, .get = col_roles },		/* JSON: each thread's role */
	{ "readers", NULL, "threads", U, 0, CSV, .get = col_population, .arg = 0 },
	{ "writers", NULL, "threads", U, 0, CSV, .get = col_population, .arg = 1 },
	{ "reader_ops_min", NULL, "ops", U, 0, CSV, .get = col_role_ops, .arg = 0 },
	{ "reader_ops_mean", NULL, "ops", D, 1, CSV, .get = col_role_ops, .arg = 1 },
	{ "reader_ops_max", NULL, "ops", U, 0, CSV, .get = col_role_ops, .arg = 2 },
	{ "writer_ops_min", NULL, "ops", U, 0, CSV, .get = col_role_ops, .arg = 4 },
	{ "writer_ops_mean", NULL, "ops", D, 1, CSV, .get = col_role_ops, .arg = 5 },
	{ "writer_ops_max", NULL, "ops", U, 0, CSV, .get = col_role_ops, .arg = 6 },
	/* latency (JSON: the latency object, with each thread's) */
	{ "latency_sample", NULL, "", U, 0, CSV, .get = col_lat_setup, .arg = 0 },
	{ "lat_samples", NULL, "", U, 0, CSV, .get = col_lat_setup, .arg = 1 },
	{ "lat_calib_cycles", NULL, "cycles", D, 1, CSV, .get = col_lat_setup, .arg = 2 },
	LAT6(0, "cycles", 0),
	LAT6(0, "ns", 1),
	LAT3("read", 1),
	LAT3("write", 2),
	/* the starvation watch */
	{ "starve_window_ms", "fairness.starve_window_ms", "ms", D, 0, BOTH,
	  FIELD(starve_window_ms) },
	{ "starved_readers", "fairness.starved_readers", "", B, 0, BOTH | NUL, .get = col_starved,
	  .arg = 0 },
	{ "starved_writers", "fairness.starved_writers", "", B, 0, BOTH | NUL, .get = col_starved,
	  .arg = 1 },
	{ "max_gap_read_ms", "fairness.max_gap_read_ms", "ms", D, 1, BOTH | NUL, .get = col_starved,
	  .arg = 0 },
	{ "max_gap_write_ms", "fairness.max_gap_write_ms", "ms", D, 1, BOTH | NUL,
	  .get = col_starved, .arg = 1 },
	/* per operation, against the core-to-core round trip (--c2c) */
	{ "ns_per_op", NULL, "ns", D, 3, BOTH, .get = col_ns_per_op },
	{ "c2c_rt_ns", NULL, "ns", D, 1, BOTH, .get = col_c2c, .arg = 0 },
	{ "ns_per_op_per_c2c", NULL, "", D, 4, BOTH, .get = col_c2c, .arg = 1 },
	/* --perf (JSON: the perf object, with why an event was not counted) */
	PERF("perf_task_clock_ms", "ms", D, LB_PERF_TASK_CLOCK),
	PERF("perf_context_switches", "", U, LB_PERF_CSW),
	PERF("perf_cpu_migrations", "", U, LB_PERF_MIGRATIONS),
	PERF("perf_page_faults", "", U, LB_PERF_FAULTS),
	PERF("perf_cycles", "cycles", U, LB_PERF_CYCLES),
	PERF("perf_instructions", "", U, LB_PERF_INSTRUCTIONS),
	PERF("perf_cache_misses", "", U, LB_PERF_CACHE_MISSES),
	/* --trace (JSON: the trace object, with each lock's and thread's) */
	{ "trace_switch_outs", NULL, "", U, 0, CSV, TRACE(switch_outs) },
	{ "trace_preempted", NULL, "", U, 0, CSV, TRACE(preempted) },
	{ "trace_sleeping", NULL, "", U, 0, CSV, TRACE(sleeping) },
	{ "trace_blocked", NULL, "", U, 0, CSV, TRACE(blocked) },
	{ "trace_contentions", NULL, "", U, 0, CSV, TRACE(contentions) },
	{ "trace_wait_ms", NULL, "ms", D, 3, CSV, .get = col_trace_wait },
	TBIT("spin", 0), TBIT("read", 1), TBIT("write", 2),
	TBIT("rt", 3), TBIT("percpu", 4), TBIT("mutex", 5),
	{ "trace_lock_classes", NULL, "", S, 0, CSV, .get = col_trace_str, .arg = 0 },
	{ "trace_top_lock", NULL, "", S, 0, CSV, .get = col_trace_str, .arg = 1 },
	{ "trace_lost_events", NULL, "", U, 0, CSV, TRACE(lost) },
	/* lock domains (JSON: the level is in the configuration) */
	{ "lock_domain", NULL, "", S, 0, CSV, .get = col_domains, .arg = 0 },
	{ "domains", NULL, "", U, 0, BOTH, .get = col_domains, .arg = 1 },
	{ "domains_pretend", NULL, "", B, 0, BOTH, .get = col_domains, .arg = 2 },
	/* run hygiene (hygiene.h; JSON: the run-level ones are its hygiene object) */
	{ "steal_ms", NULL, "ms", D, 1, BOTH | NUL, .get = col_point_hyg, .arg = 0 },
	{ "placement_cpus", NULL, "", U, 0, BOTH, .get = col_point_hyg, .arg = 1 },
	{ "host_cpus", NULL, "", U, 0, BOTH, .get = col_point_hyg, .arg = 2 },
	{ "smt_shared_threads", NULL, "threads", U, 0, BOTH, .get = col_point_hyg, .arg = 3 },
	{ "cpufreq_driver", NULL, "", S, 0, CSV, .get = col_hyg, .arg = 0 },
	{ "cpufreq_governor", NULL, "", S, 0, CSV, .get = col_hyg, .arg = 1 },
	{ "hypervisor", NULL, "", S, 0, CSV, .get = col_hyg, .arg = 2 },
	{ "kernel_flags", NULL, "", S, 0, CSV, .get = col_hyg, .arg = 3 },
	{ "loadavg_1m", NULL, "", D, 2, CSV, .get = col_hyg, .arg = 4 },
	{ "busy_other_pct", NULL, "%", D, 1, CSV, .get = col_hyg, .arg = 5 },
	{ "compiler", NULL, "", S, 0, CSV, .get = col_hyg, .arg = 6 },
	{ "cflags", NULL, "", S, 0, CSV, .get = col_hyg, .arg = 7 },
	{ "git_revision", NULL, "", S, 0, CSV, .get = col_hyg, .arg = 8 },
	/* the time budget (--point-timeout) and Ctrl-C (JSON: the run's "partial") */
	{ "timed_out", NULL, "", B, 0, BOTH, FIELD(timed_out) },
	{ "partial", NULL, "", B, 0, CSV, .get = col_partial },
	/* what --load and --delay count (--load-unit), and one of it in ns */
	{ "wait_unit", NULL, "", S, 0, BOTH, .get = col_unit, .arg = 0 },
	{ "wait_unit_ns", NULL, "ns", D, 3, BOTH, .get = col_unit, .arg = 1 },
	/* did every thread run (kernel/sched.h): a point below LB_RAN_PCT is marked */
	{ "cpu_min_pct", "ran.cpu_min_pct", "%", D, 1, BOTH, FIELD(cpu_min_pct) },
	{ "short_threads", "ran.short_threads", "threads", U, 0, BOTH, FIELD(short_threads) },
	/* over the repetitions of the point (JSON: the summary object) */
	{ "repeats", "summary.repeats", "", U, 0, BOTH, .get = col_summary, .arg = 4 },
	SUMMARY("median_ops_per_s", "ops/s", 1, BOTH, 0),
	SUMMARY("min_ops_per_s", "ops/s", 1, BOTH, 1),
	SUMMARY("max_ops_per_s", "ops/s", 1, BOTH, 2),
	SUMMARY("cv_pct", "%", 2, BOTH, 3),
	SUMMARY("mean_ops_per_s", "ops/s", 1, JSON, 5),
	SUMMARY("stdev_ops_per_s", "ops/s", 1, JSON, 6),
	SUMMARY("median_exec_time_ms", "ms", 6, BOTH, 10),
	SUMMARY("min_exec_time_ms", "ms", 6, BOTH, 11),
	SUMMARY("max_exec_time_ms", "ms", 6, BOTH, 12),
	SUMMARY("cv_exec_time_pct", "%", 2, BOTH, 13),
	{ "processes", NULL, "", B, 0, BOTH, FIELD(point.processes) },	/* --processes */
	{ "lock_follows", NULL, "", S, 0, BOTH, .get = col_lock, .arg = 3 },	/* a tree's version */
	/* new figures here; then the ctr_* columns (csv.c) */
	{ NULL },
};

void lb_col_src_init(struct lb_col_src *s, const struct lb_report *rep, const struct lb_result *r)
{
	s->rep = rep;
	s->r = r;
	s->c2c = lb_result_c2c(rep->c2c, rep->nc2c, r);
	s->buf[0] = '\0';
}

const char *lb_col_json_path(const struct lb_column *c)
{
	return c->json ? c->json : c->name;
}

const struct lb_column *lb_col_find(const char *name)
{
	for (const struct lb_column *c = lb_columns; c->name; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

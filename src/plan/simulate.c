// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * simulate.c - --simulate's machine and profile
 *
 * The machine is the placement: the PUs --place and --cpus choose on the
 * machine --topology loaded (a saved NAME, an XML file, a synthetic
 * description; this machine without it) become the simulated CPUs, thread
 * i on CPU i mod their number, with hwloc's NUMA distances where the
 * topology has them (lb_sim_machine_from_pus()).
 *
 * The profile: --sim-profile=FILE read over the default one, which is the
 * saved machine's built-in profile (--topology=NAME, or a file named
 * NAME.xml), "generic" for any other topology, and for this machine its
 * own costs when --c2c ran (below), else the build VM's. --sim-slice sets
 * its time slice. The cycle counter, the pause and the loop unit of every
 * figure of the run become the profile's (lb_clock_virtual()).
 *
 * This machine's profile (--c2c; written by --sim-profile-out): the
 * counter's rate, the pause and the loop turn as calibrated, the local
 * costs lb_c2c_local() measures (a hit, a locked RMW, a fence), and for
 * each level of the measured pairs (SMT sibling, L3 group, package, other
 * package) the transfer cost for which the simulator's own run of the
 * --c2c ping-pong (the same stores, loads and pauses, on two simulated
 * CPUs at that level) takes the median measured round trip: found by
 * bisection, since a round trip there is several transfers, an
 * invalidation and the spinners' pauses, not two halves. Then hold_ns and
 * hold_skip_pct: the hold for which the simulator's run of the --c2c
 * fetch-add phase (two CPUs at the first pair's level, each adding to one
 * counter) gives the median of the measured mean runs, by bisection too (a
 * run of 1: hold 0; one under the hold's first step: the first step's hold
 * after a share of the misses, fit_hold()).
 * The other costs are the build VM's.
 */
#include "config.h"

#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/log.h"
#include "base/sim.h"
#include "harness/loop.h"
#include "locks/registry.h"
#include "measure/c2c.h"
#include "measure/statistics.h"
#include "plan/simulate.h"

#define WHY(...) lb_why(why, len, __VA_ARGS__)

/* ---- this machine's profile from --c2c */

enum level { LV_SMT, LV_L3, LV_PACKAGE, LV_REMOTE, LV_N };

static const char *const level_names[LV_N] = { "smt", "l3", "package", "remote" };

static double *level_field(struct lb_sim_profile *p, enum level lv)
{
	double *f[LV_N] = { &p->smt_ns, &p->l3_ns, &p->package_ns, &p->remote_ns };

	return f[lv];
}

static const struct lb_pu *pu_of(const struct lb_plan *plan, int os)
{
	for (unsigned i = 0; i < plan->npus; i++)
		if (plan->pus[i].pu_os == os)
			return &plan->pus[i];
	return NULL;
}

static enum level pair_level(const struct lb_pu *a, const struct lb_pu *b)
{
	if (a->package_l == b->package_l && a->core_l == b->core_l)
		return LV_SMT;
	if (a->package_l == b->package_l)
		return a->l3_l >= 0 && a->l3_l == b->l3_l ? LV_L3 : LV_PACKAGE;
	return LV_REMOTE;
}

/* the --c2c ping-pong in the simulator: its stores, loads and pauses */
#define CAL_WARM 20
#define CAL_N 200
#define CAL_STOP UINT32_MAX

struct cal {
	struct lb_sim *s;
	uint32_t seq LB_ALIGNED;
	double rt_ns;
};

static void cal_store(uint32_t *w, uint32_t v)
{
	lb_sim_access(LB_SIM_WRITE, w, sizeof(*w));
	*(volatile uint32_t *)w = v;
}

static uint32_t cal_load(const uint32_t *w)
{
	lb_sim_access(LB_SIM_READ, w, sizeof(*w));
	return *(const volatile uint32_t *)w;
}

static void cal_ping(void *arg)
{
	struct cal *c = arg;
	uint32_t next = 1;
	uint64_t t0 = 0;

	for (unsigned i = 0; i < CAL_WARM + CAL_N; i++, next += 2) {
		if (i == CAL_WARM)
			t0 = lb_sim_now_ns(c->s);
		cal_store(&c->seq, next);
		while (cal_load(&c->seq) != next + 1)
			lb_sim_pause(1);
	}
	c->rt_ns = (double)(lb_sim_now_ns(c->s) - t0) / CAL_N;
	cal_store(&c->seq, CAL_STOP);
}

static void cal_pong(void *arg)
{
	struct cal *c = arg;
	uint32_t want = 1, v;

	while ((v = cal_load(&c->seq)) != CAL_STOP) {
		if (v != want) {
			lb_sim_pause(1);
			continue;
		}
		cal_store(&c->seq, want + 1);
		want += 2;
	}
}

/*
 * two simulated CPUs at @lv with @p run @a (CPU 0) and @b (CPU 1) on @arg,
 * which has a struct lb_sim * first (set here); 0, or -1: they could not run
 */
static int sim_pair(const struct lb_sim_profile *p, enum level lv, void (*a)(void *),
		    void (*b)(void *), void *arg)
{
	static const unsigned shape[LV_N][4] = {
		{ 1, 1, 1, 2 }, { 1, 1, 2, 1 }, { 1, 2, 1, 1 }, { 2, 1, 1, 1 },
	};
	struct lb_sim_machine m;
	struct lb_sim *s;
	char why[128];
	int rc = -1;

	if (lb_sim_machine_shape(&m, shape[lv][0], shape[lv][1], shape[lv][2], shape[lv][3], 1,
				 why, sizeof(why)))
		return -1;
	s = lb_sim_new(&m, p, 1, 0, why, sizeof(why));
	if (s) {
		*(struct lb_sim **)arg = s;
		lb_sim_thread(s, 1, b, arg);
		lb_sim_thread(s, 0, a, arg);
		if (lb_sim_run(s) == LB_SIM_DONE)
			rc = 0;
		lb_sim_free(s);
	}
	lb_sim_machine_free(&m);
	return rc;
}

/* the simulated round trip between two CPUs at @lv with @p; < 0: it could not run */
static double sim_round_trip(const struct lb_sim_profile *p, enum level lv)
{
	struct cal *c;
	double rt = -1;

	if (posix_memalign((void **)&c, LB_CACHELINE, sizeof(*c)))
		return -1;
	memset(c, 0, sizeof(*c));
	if (sim_pair(p, lv, cal_ping, cal_pong, c) == 0)
		rt = c->rt_ns;
	free(c);
	return rt;
}

/*
 * 30 halvings of [*@lo, *@hi] for the value of *@x (a field of @p) at which
 * @sim(@p, @lv) reaches @target, rising with it (@falls: falling); the
 * last interval is left in *@lo and *@hi
 */
static void bisect(struct lb_sim_profile *p, enum level lv, double *x, double *lo, double *hi,
		   double (*sim)(const struct lb_sim_profile *, enum level), double target,
		   bool falls)
{
	for (unsigned k = 0; k < 30; k++) {
		*x = (*lo + *hi) / 2;
		if ((sim(p, lv) < target) != falls)
			*lo = *x;
		else
			*hi = *x;
	}
}

/* the transfer cost at @lv for which the simulated round trip is @rt_ns */
static double fit_level(struct lb_sim_profile *p, enum level lv, double rt_ns)
{
	double lo = 0, hi = rt_ns, *f = level_field(p, lv);

	bisect(p, lv, f, &lo, &hi, sim_round_trip, rt_ns, false);
	*f = (lo + hi) / 2;
	return *f;
}

/* the --c2c fetch-add phase in the simulator (c2c.c's run_phase()) */
#define RUN_N 2000

struct runs {
	struct lb_sim *s;
	uint32_t ctr LB_ALIGNED;
	uint32_t got[2][RUN_N];
};

static void run_add(struct runs *r, unsigned me)
{
	for (unsigned i = 0; i < RUN_N; i++) {
		lb_sim_access(LB_SIM_RMW, &r->ctr, sizeof(r->ctr));
		r->got[me][i] = __atomic_fetch_add(&r->ctr, 1, __ATOMIC_SEQ_CST);
	}
}

static void run_a(void *arg)
{
	run_add(arg, 0);
}

static void run_b(void *arg)
{
	run_add(arg, 1);
}

/* the simulated mean run with @p, two CPUs at @lv; < 0: it could not run */
static double sim_run_mean(const struct lb_sim_profile *p, enum level lv)
{
	struct runs *r;
	double mean = -1;

	if (posix_memalign((void **)&r, LB_CACHELINE, sizeof(*r)))
		return -1;
	memset(r, 0, sizeof(*r));
	if (sim_pair(p, lv, run_a, run_b, r) == 0) {
		uint32_t *got[2] = { r->got[0], r->got[1] };

		mean = lb_c2c_run_mean(got, RUN_N);
	}
	free(r);
	return mean;
}

/*
 * hold_ns and hold_skip_pct for which the simulated mean run at @lv is @run
 * (the measured one). The run is a step function of a fixed hold (mem.c): 1
 * at none, 2 from the least, one more per RMW's time after that; of a drawn
 * one (hold_random), 2 from the least and rising smoothly. A run under
 * the first step is that step's least hold after some of the misses and
 * none after the others (hold_skip_pct, by bisection: the mean run falls as
 * it grows). Past it, the side of the step nearer the measured run, and of
 * that side's step its least hold: the runs say only which step, and a
 * longer hold within it keeps the line for other accesses (a release store
 * after the RMW) that they did not measure.
 */
static void fit_hold(struct lb_sim_profile *p, enum level lv, double run)
{
	double lo = 0, hi = LB_C2C_RUN_MAX * (p->hit_ns + p->rmw_ns + 1), none, mlo, mhi;

	p->hold_ns = 0;
	p->hold_skip_pct = 0;
	none = sim_run_mean(p, lv);
	if (run <= 1 || none >= run)
		return;
	bisect(p, lv, &p->hold_ns, &lo, &hi, sim_run_mean, run, false);
	p->hold_ns = lo;
	mlo = sim_run_mean(p, lv);
	p->hold_ns = hi;
	mhi = sim_run_mean(p, lv);
	if (mlo <= none) {		/* under the first step: hi, after a share */
		lo = 0, hi = 100;
		bisect(p, lv, &p->hold_skip_pct, &lo, &hi, sim_run_mean, run, true);
		p->hold_skip_pct = (lo + hi) / 2;
		return;
	}
	if (mhi - run <= run - mlo)
		return;
	/* lo's step, from its least hold */
	hi = lo, lo = 0;
	bisect(p, lv, &p->hold_ns, &lo, &hi, sim_run_mean, mlo, false);
	p->hold_ns = hi;
}

double lb_sim_profile_fit_hold(struct lb_sim_profile *p, double run)
{
	fit_hold(p, LV_L3, run);
	return sim_run_mean(p, LV_L3);
}

/*
 * The null lock's own measured loop (fixed time, one thread, the stop flag
 * never raised) on this CPU, ns an operation: the median of 7 runs of 2e6,
 * after 100 ms of them (on this Zen 3 guest, after the pair's threads, the
 * first runs took up to 1.7x, and so did lb_c2c_local()'s loops: this runs
 * first). op_ns is it less what the simulator charges the loop: its two
 * plain hits, the stop flag's load and the progress store (tests/cli/
 * simulate.sh checks that count).
 */
static double null_loop_ns(void)
{
	const struct lb_lock_ops *null = lb_lock_find("null");
	struct lb_tctx t = { .nthreads = 1, .cpu = -1 };
	double v[7];
	uint64_t start = lb_now_ns();
	char *w;	/* the lock, the stop flag and the progress count, a line each */

	if (!null || !null->loop || posix_memalign((void **)&w, LB_CACHELINE, 3 * LB_CACHELINE))
		return 0;
	memset(w, 0, 3 * LB_CACHELINE);
	for (unsigned r = 0; r < 7;) {
		bool settled = lb_now_ns() - start >= 100000000;
		struct lb_loop l = {
			.lock = w, .t = &t, .nops = 2000000, .period = 1, .timed = true,
			.stop = (const uint32_t *)(w + LB_CACHELINE),
			.ops = (uint64_t *)(w + 2 * LB_CACHELINE),
		};
		uint64_t t0 = lb_cycles_fenced();

		null->loop(&l);
		if (settled)
			v[r++] = (double)(lb_cycles_fenced() - t0) / lb_clock.tsc_per_ns / (double)l.nops;
	}
	free(w);
	return lb_quantile(v, 7, 0.5);
}

int lb_sim_profile_measured(const struct lb_plan *plan, struct lb_sim_profile *p, char *why,
			    size_t len)
{
	struct lb_c2c_local loc;
	double rts[LV_N][LB_C2C_MAX_PAIRS], runs[LB_C2C_MAX_PAIRS], run, null_ns;
	unsigned n[LV_N] = { 0 }, nruns = 0;
	enum level first = LV_N;

	if (!plan->nc2c)
		return WHY("--c2c measured no pair of CPUs (the placement has one)");
	null_ns = null_loop_ns();
	if (null_ns <= 0 || lb_c2c_local(&loc))
		return WHY("out of memory");
	*p = *lb_sim_profile_builtin("build-vm-2c");
	snprintf(p->name, sizeof(p->name), "measured");
	p->ghz = lb_clock.tsc_per_ns;
	p->pause_ns = lb_clock.pause_ns;
	p->spin_ns = lb_clock.loop_ns;
	p->hit_ns = loc.hit_ns;
	p->plain_hit_ns = loc.plain_hit_ns;
	p->commit_ns = loc.commit_ns;
	p->rmw_ns = loc.rmw_ns;
	p->fence_ns = loc.fence_ns;
	p->forward_ns = loc.forward_ns;
	p->forward_cas_ns = loc.forward_cas_ns;
	p->rmw_overlap_pct = loc.rmw_overlap_pct;
	p->op_ns = null_ns > 2 * p->plain_hit_ns ? null_ns - 2 * p->plain_hit_ns : 0;
	for (unsigned i = 0; i < plan->nc2c; i++) {
		const struct lb_pu *a = pu_of(plan, plan->c2c[i].cpu_a);
		const struct lb_pu *b = pu_of(plan, plan->c2c[i].cpu_b);
		enum level lv;

		if (!a || !b)
			continue;
		lv = pair_level(a, b);
		rts[lv][n[lv]++] = plan->c2c[i].rt_ns_median;
		if (first == LV_N)
			first = lv;
		if (plan->c2c[i].rmw_run > 0)
			runs[nruns++] = plan->c2c[i].rmw_run;
	}
	/*
	 * The hold lengthens the simulated round trip and the transfer cost the
	 * runs: fit each with the other's last fit, three times (each settles)
	 */
	run = nruns ? lb_quantile(runs, nruns, 0.5) : 0;
	for (unsigned k = 0; k < 3; k++) {
		for (unsigned lv = 0; lv < LV_N; lv++)
			if (n[lv])
				fit_level(p, lv, lb_quantile(rts[lv], n[lv], 0.5));
		if (nruns && first != LV_N)
			fit_hold(p, first, run);
	}
	for (unsigned lv = 0; lv < LV_N; lv++)
		if (n[lv])
			lb_info("--c2c: simulated %s transfer %.1f ns: the simulator's round trip then "
				"is %.1f ns, the measured %.1f (median of %u pair(s))",
				level_names[lv], *level_field(p, lv), sim_round_trip(p, lv),
				lb_quantile(rts[lv], n[lv], 0.5), n[lv]);
	if (nruns && first != LV_N) {
		char share[64] = "";

		if (p->hold_skip_pct > 0)
			snprintf(share, sizeof(share), " after %.1f%% of the misses, none after the others",
				 100 - p->hold_skip_pct);
		lb_info("--c2c: simulated hold %s%.3g ns%s: the simulator's contending fetch-adds "
			"then run %.2f in a row, the measured %.2f (median of %u pair(s))",
			p->hold_random > 0 && p->hold_ns > 0.001 ? "a mean of " : "", p->hold_ns,
			share, sim_run_mean(p, first), run, nruns);
	} else {
		lb_info("--c2c: the hold is the base profile's %.1f ns: no run of contending "
			"fetch-adds was measured", p->hold_ns);
	}
	return 0;
}

int lb_sim_profile_print(FILE *f, const struct lb_plan *plan, const struct lb_sim_profile *p)
{
	char comment[1024];
	size_t o = 0;

	o += (size_t)snprintf(comment + o, sizeof(comment) - o, "this machine's, measured by "
			      "lockbench --c2c: counter %.3f GHz, pause %.2f ns; round trips",
			      lb_clock.tsc_per_ns, lb_clock.pause_ns);
	for (unsigned i = 0; i < plan->nc2c && o < sizeof(comment); i++)
		o += (size_t)snprintf(comment + o, sizeof(comment) - o, " %d-%d %.1f ns",
				      plan->c2c[i].cpu_a, plan->c2c[i].cpu_b,
				      plan->c2c[i].rt_ns_median);
	return lb_sim_profile_write(f, p, comment);
}

/* ---- the simulated machine of the run */

/* the built-in profile of --topology: a saved NAME, or a file NAME.xml; NULL if none */
static const struct lb_sim_profile *topology_profile(const char *topology)
{
	char *copy = strdup(topology), *base, *dot;
	const struct lb_sim_profile *p;

	if (!copy)
		return NULL;
	base = basename(copy);
	dot = strrchr(base, '.');
	if (dot && strcmp(dot, ".xml") == 0)
		*dot = '\0';
	p = lb_sim_profile_builtin(base);
	free(copy);
	return p;
}

static int env_profile(struct lb_plan *plan, struct lb_sim_env *env, char *why, size_t len)
{
	const struct lb_config *c = plan->cfg;
	const struct lb_sim_profile *p = NULL;

	if (c->topology) {
		p = topology_profile(c->topology);
		snprintf(env->profile_from, sizeof(env->profile_from), "built in%s",
			 p ? "" : " (generic: no saved machine of that name)");
		env->profile = *(p ? p : lb_sim_profile_builtin("generic"));
	} else if (plan->measured) {
		env->profile = *plan->measured;
		snprintf(env->profile_from, sizeof(env->profile_from), "--c2c (this machine)");
	} else {
		env->profile = *lb_sim_profile_builtin("build-vm-2c");
		snprintf(env->profile_from, sizeof(env->profile_from), "built in (this machine "
			 "without --c2c: the build VM's)");
	}
	if (c->sim_profile) {
		if (lb_sim_profile_load(c->sim_profile, &env->profile, why, len))
			return -1;
		snprintf(env->profile_from, sizeof(env->profile_from), "%s", c->sim_profile);
	}
	env->profile.slice_ns = c->sim_slice * 1e9;
	return 0;
}

int lb_sim_env_setup(struct lb_plan *plan, char *why, size_t len)
{
	const struct lb_config *c = plan->cfg;
	struct lb_sim_env *env = calloc(1, sizeof(*env));
	unsigned *dist = NULL, ndist = 0;
	int rc;

	if (!env)
		return WHY("out of memory");
	plan->sim = env;
	env->seed = c->seed;
	env->jitter_pct = (double)c->sim_jitter;
	if (env_profile(plan, env, why, len))
		return -1;
	lb_topo_numa_distances(&dist, &ndist);
	rc = lb_sim_machine_from_pus(&env->machine, plan->pus, plan->npus, dist, ndist, why, len);
	free(dist);
	if (rc)
		return -1;
	snprintf(env->name, sizeof(env->name), "%s", c->topology ? c->topology : "this machine");
	lb_clock_virtual(env->profile.ghz, env->profile.pause_ns, env->profile.spin_ns);
	return 0;
}

void lb_sim_env_free(struct lb_sim_env *env)
{
	if (!env)
		return;
	lb_sim_machine_free(&env->machine);
	free(env);
}

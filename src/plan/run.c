// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * run.c - the one list of a run's measured points, running it, and the
 * --plan report
 *
 * The list (lb_plan_points()) is what everything walks: the run, --plan,
 * main's --baseline match and the progress line. Mix and roles points are
 * ordered lock, thread count, ratio, load (the row order of Long's 2014
 * rwsem-spinning posting's table), with the repetitions as the outermost
 * loop so that the repeats of one point are spread over the run rather
 * than back to back: on a noisy machine a slow minute then hurts every
 * point a little instead of one point a lot. The fair scenario's points
 * are its phases (fair.c).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/clock.h"
#include "plan/fair.h"
#include "base/log.h"
#include "machine/hygiene.h"
#include "measure/c2c.h"
#include "harness/harness.h"
#include "plan/run.h"
#include "kernel/sched.h"

static void fill_point(const struct lb_plan *plan, struct lb_point *p, unsigned lk, unsigned ti,
		       unsigned ri, unsigned li, unsigned rep)
{
	const struct lb_config *c = plan->cfg;

	lb_point_init(p, plan, c->locks[lk], c->loads[li]);
	if (plan->thread_ratio) {		/* roles: each thread its own, 1:0 or 0:1 */
		p->readers = c->readers;
		p->writers = c->writers;
	} else if (c->locks[lk]->kind == LB_LOCK_RW) {
		p->mix = c->ratios[ri];
	} else {
		p->mix = (struct lb_ratio){ .r = 0, .w = 1 };	/* every operation a write */
	}
	p->nthreads = plan->threads[ti];
	p->repeat = rep;
	p->tgroup = plan->tgroup[ti];
	p->thread_ratio = plan->thread_ratio;
	p->thread_role = plan->thread_role;
	p->thread_nops = plan->thread_nops;
}

/*
 * Mix and roles: repetitions outermost, then lock, thread count, ratio,
 * load. An exclusive lock runs each point once, at 0:1, whatever the
 * ratios: all its acquisitions are writes, so another ratio would be the
 * same point again under another label.
 */
static int mix_points(const struct lb_plan *plan, struct lb_points *pts)
{
	const struct lb_config *c = plan->cfg;

	for (unsigned rep = 0; rep < c->repeat; rep++)
		for (unsigned lk = 0; lk < c->nlocks; lk++)
			for (unsigned ti = 0; ti < plan->nthreads; ti++)
				for (unsigned ri = 0; ri < (c->locks[lk]->kind == LB_LOCK_RW ?
							    c->nratios : 1); ri++)
					for (unsigned li = 0; li < c->nloads; li++) {
						struct lb_point *p = lb_points_add(pts);

						if (!p)
							return -1;
						fill_point(plan, p, lk, ti, ri, li, rep);
					}
	return 0;
}

int lb_plan_points(const struct lb_plan *plan, struct lb_points *pts)
{
	int rc;

	memset(pts, 0, sizeof(*pts));
	if (plan->cfg->scenario == LB_SCN_FAIR)
		rc = lb_fair_points(plan, pts);
	else
		rc = mix_points(plan, pts);
	if (rc)
		lb_points_free(pts);
	return rc;
}

/* "45 s", "3 min 20 s", "2 h 5 min" */
static const char *fmt_secs(double s, char *buf, size_t len)
{
	unsigned long long t = (unsigned long long)(s + 0.5);

	if (s < 0.995)
		snprintf(buf, len, "%.2f s", s);
	else if (s < 9.95)
		snprintf(buf, len, "%.1f s", s);
	else if (t < 60)
		snprintf(buf, len, "%llu s", t);
	else if (t < 3600)
		snprintf(buf, len, "%llu min %llu s", t / 60, t % 60);
	else
		snprintf(buf, len, "%llu h %llu min", t / 3600, t / 60 % 60);
	return buf;
}

/*
 * The time points @from.. will take: a fixed-time point its duration (and
 * a little set-up); a fixed-work point its estimate (estimate.c), scaled by
 * how the @done points' real time @spent_s compared with theirs; without
 * one, the mean of the done points, or before any ran its --point-timeout
 * (a bound: *bound is set). Return: seconds (0 with *bound and no cap:
 * unknown).
 */
static double time_left(const struct lb_points *pts, unsigned from, unsigned done, double spent_s,
			bool *bound)
{
	double s = 0, est_done = 0, scale = 1;

	/* a simulated point's est_s is its wall time (estimate.c), its duration virtual */
	for (unsigned i = 0; i < done; i++)
		est_done += pts->v[i].duration > 0 && !pts->v[i].sim ? pts->v[i].duration + 0.01 :
			    pts->v[i].est_s;
	if (done && est_done > 0 && spent_s > 0)
		scale = spent_s / est_done;
	*bound = false;
	/* the first warm-up settles the host (harness.h) */
	for (unsigned i = 0; !from && i < pts->n; i++)
		if (lb_warm_ns(&pts->v[i])) {
			s += lb_warm_settle_ns(&pts->v[i]) / 1e9;
			break;
		}
	for (unsigned i = from; i < pts->n; i++) {
		const struct lb_point *p = &pts->v[i];

		if (p->duration > 0 && !p->sim) {
			s += (p->duration + 0.01) * (done ? scale : 1);
		} else if (p->est_s > 0) {
			s += p->est_s * scale;
		} else if (done) {
			s += spent_s / done;
		} else {
			*bound = true;
			s += p->point_timeout;
		}
	}
	return s;
}

/* the virtual seconds of simulated points (fixed work: none known) */
static double virtual_s(const struct lb_points *pts)
{
	double v = 0;

	for (unsigned i = 0; i < pts->n; i++)
		v += pts->v[i].duration > 0 ? pts->v[i].duration : 0;
	return v;
}

/* simulated points: their virtual time, and the wall time of @s (< 0: unknown) */
static void print_sim_estimate(FILE *f, const char *prefix, const struct lb_points *pts, double s)
{
	char t[48], w[48];
	unsigned fixed = 0;

	for (unsigned i = 0; i < pts->n; i++)
		fixed += pts->v[i].duration <= 0;
	fprintf(f, "%s%u simulated point%s of ", prefix, pts->n, LB_S(pts->n));
	if (fixed < pts->n)
		fprintf(f, "%s of virtual time%s", fmt_secs(virtual_s(pts), t, sizeof(t)),
			fixed ? " and " : "");
	if (fixed)
		fprintf(f, "fixed work");
	if (s > 0 && pts->sim_probes)
		fprintf(f, ": about %s of wall time (a probe of each: %.3g accesses per virtual "
			"second, %.3g simulated per second)\n", fmt_secs(s, w, sizeof(w)),
			pts->sim_acc_vs / pts->sim_probes, pts->sim_rate / pts->sim_probes);
	else
		fprintf(f, "; its wall time is the accesses simulated (--plan --simulate "
			"estimates it)\n");
}

/*
 * --plan and the start of a run: how long it takes, or at most. --plan
 * (@whole) adds what the run does before its points: the calibration and
 * the probes of its own estimate, which take what --plan's took.
 */
static void print_estimate(FILE *f, const char *prefix, const struct lb_points *pts, bool whole)
{
	bool bound;
	double s = time_left(pts, 0, 0, 0, &bound);
	char t[48];

	if (whole)
		s += pts->probe_s + lb_clock.calib_ms / 1e3;
	if (pts->n && pts->v[0].sim)
		print_sim_estimate(f, prefix, pts, bound ? -1 : s);
	else if (bound && s <= 0)
		fprintf(f, "%s%u point%s of fixed work; no estimate (--point-timeout=0)\n", prefix,
			pts->n, LB_S(pts->n));
	else if (bound)
		fprintf(f, "%s%u point%s of fixed work: at most %s (--point-timeout caps each)\n",
			prefix, pts->n, LB_S(pts->n), fmt_secs(s, t, sizeof(t)));
	else if (pts->probes)
		fprintf(f, "%s%u point%s: about %s (fixed work: from %u short probe%s)\n",
			prefix, pts->n, LB_S(pts->n), fmt_secs(s, t, sizeof(t)), pts->probes,
			LB_S(pts->probes));
	else
		fprintf(f, "%s%u point%s: about %s\n", prefix, pts->n, LB_S(pts->n),
			fmt_secs(s, t, sizeof(t)));
}

void lb_run_announce(const struct lb_plan *plan, const struct lb_points *pts)
{
	char names[512] = "";
	size_t l = 0;
	unsigned most = 0;
	bool bound;
	double s = time_left(pts, 0, 0, 0, &bound);

	/*
	 * A long run says so first: the estimate from 10 s, or with -v; fixed
	 * work has only a bound (the caps), said with -v or oversubscribed.
	 */
	if (lb_verbose > 0 || (lb_verbose == 0 && s >= 10 && !bound))
		print_estimate(stderr, "lockbench: ", pts, false);
	for (unsigned i = 0; i < pts->n; i++) {
		const struct lb_point *p = &pts->v[i];

		/* simulated: a preempted waiter costs virtual time, which the deadline bounds */
		if ((p->ops->flags & LB_LOCK_F_BLOCKING) || p->nthreads <= plan->npus || p->sim)
			continue;
		if (p->nthreads > most)
			most = p->nthreads;
		if (!strstr(names, p->ops->name) && l + strlen(p->ops->name) + 3 < sizeof(names))
			l += (size_t)snprintf(names + l, sizeof(names) - l, "%s%s", l ? ", " : "",
					      p->ops->name);
	}
	if (most && bound && lb_verbose == 0)
		print_estimate(stderr, "lockbench: ", pts, false);
	if (most)
		lb_warn("%s %s get%s up to %u threads on %u CPU%s: a preempted waiter "
			"stalls every hand-off, so such points can take very long (each is stopped "
			"after --point-timeout and marked timed out)", strchr(names, ',') ?
			"spinning locks" : "the spinning lock", names, strchr(names, ',') ? "" : "s",
			most, plan->npus, LB_S(plan->npus));
}

static volatile sig_atomic_t progress_shown;

void lb_run_progress_erase(void)
{
	/* async-signal-safe: a signal handler erases the line before _exit() */
	if (progress_shown && write(STDERR_FILENO, "\r\033[K", 4) < 0)
		progress_shown = 0;
	progress_shown = 0;
}

/* The progress line on a terminal: which point of how many, elapsed, time left. */
static void progress_line(const struct lb_points *pts, unsigned i, double elapsed_s)
{
	const struct lb_point *p = &pts->v[i];
	char ratio[32], el[48], left[48];
	bool bound;
	double s = time_left(pts, i, i, elapsed_s, &bound);

	fmt_secs(elapsed_s, el, sizeof(el));
	if (bound && s <= 0)
		snprintf(left, sizeof(left), "unknown time");
	else
		snprintf(left, sizeof(left), "%s %s", bound ? "at most" : "about",
			 fmt_secs(s, ratio, sizeof(ratio)));
	progress_shown = 1;
	if (p->phase)
		fprintf(stderr, "\r\033[K[%u/%u] %s: %s (%g s); %s elapsed, %s left", i + 1, pts->n,
			p->ops->name, lb_fair_phase_title(p->phase), p->duration, el, left);
	else
		fprintf(stderr, "\r\033[K[%u/%u] %s/%s threads=%u load=%llu%s; %s elapsed, %s left",
			i + 1, pts->n, p->ops->name, lb_point_ratio_str(p, ratio, sizeof(ratio)),
			p->nthreads, (unsigned long long)p->load_arg,
			p->sim ? " (simulated)" : "", el, left);
}

/* What disturbed a repetition (lb_result.disturbed); nothing in virtual time. */
static void mark_disturbed(struct lb_result *r)
{
	const struct lb_point *p = &r->point;
	unsigned n = p->nthreads < p->npus ? p->nthreads : p->npus;
	double lo, hi;
	unsigned nlo;

	r->disturbed = 0;
	if (p->sim)
		return;
	if (r->short_threads)
		r->disturbed |= LB_DISTURB_SHORT;
	if (r->steal_ms > 0 && r->steal_ms >= LB_DISTURB_STEAL_PCT / 100 * r->exec_ms * n)
		r->disturbed |= LB_DISTURB_STEAL;
	if (lb_intervals_levels(r, &lo, &hi, &nlo))
		r->disturbed |= LB_DISTURB_LEVELS;
	if (lb_c2c_probe_moved(r->probe_ns[0], r->probe_ns[1], LB_DISTURB_HOST_RATIO))
		r->disturbed |= LB_DISTURB_HOST;
}

/*
 * the host's state next to a repetition: a c2c probe of the placement's
 * first two CPUs (threads: none with --processes, whose runs make none)
 */
static double probe(const struct lb_point *p)
{
	double ns;

	if (p->nthreads < 2 || p->npus < 2 || p->pus[0].pu_os == p->pus[1].pu_os || p->processes)
		return -1;
	return lb_c2c_probe(&p->pus[0], &p->pus[1], &ns) ? -1 : ns;
}

/* One point, with the steal on its CPUs read from /proc/stat before and after it. */
static int run_point_steal(const struct lb_point *p, struct lb_result *r)
{
	struct lb_cpustat a, b;
	double before;
	bool ok;
	int rc;

	if (p->sim) {	/* virtual time: no CPU of this machine to steal from */
		rc = lb_run_point(p, r);
		r->steal_ms = -1;
		r->probe_ns[0] = r->probe_ns[1] = -1;
		return rc;
	}
	before = probe(p);
	ok = lb_cpustat_read(&a) == 0;
	rc = lb_run_point(p, r);

	ok = lb_cpustat_read(&b) == 0 && ok;
	r->probe_ns[0] = before;
	r->probe_ns[1] = rc ? -1 : probe(p);
	r->steal_ms = ok ? lb_cpustat_steal_ms(&a, &b, p->pus,
					       p->nthreads < p->npus ? p->nthreads : p->npus) : -1;
	lb_cpustat_free(&a);
	lb_cpustat_free(&b);
	if (!rc)
		mark_disturbed(r);
	return rc;
}

/*
 * What went wrong in the points, told once per kind at the end of the run
 * (each point is marked in the output; -v also says it as it happens):
 * timed out, a thread that did not really run (unless $LOCKBENCH_BUSY_WARN
 * says never: over 100, as the test suite sets it), a throughput that fell
 * into two levels (--interval: the machine changed state in the point).
 */
struct warn_tally {
	unsigned timed_out, abandoned, short_pts, levels;
	double cpu_min, steal_ms, timeout_s;
	char first_to[96], first_short[96], first_levels[160];
};

static void point_name(const struct lb_point *p, char *buf, size_t len)
{
	char ratio[32];

	snprintf(buf, len, "%s/%s threads=%u load=%llu repeat %u", p->ops->name,
		 lb_point_ratio_str(p, ratio, sizeof(ratio)), p->nthreads,
		 (unsigned long long)p->load_arg, p->repeat + 1);
}

static void tally_point(struct warn_tally *w, const struct lb_result *r)
{
	char name[96];
	double lo, hi;
	unsigned nlo;

	point_name(&r->point, name, sizeof(name));
	if (r->timed_out) {
		if (!w->timed_out++) {
			snprintf(w->first_to, sizeof(w->first_to), "%s", name);
			w->timeout_s = r->point.point_timeout;
		}
		w->abandoned += r->abandoned_threads;
		if (lb_verbose > 0)
			lb_warn("%s timed out after %g s (--point-timeout)", name,
				r->point.point_timeout);
	}
	if (r->short_threads && lb_busy_warn_pct() <= 100) {
		if (!w->short_pts++ || r->cpu_min_pct < w->cpu_min)
			w->cpu_min = r->cpu_min_pct;
		if (w->short_pts == 1)
			snprintf(w->first_short, sizeof(w->first_short), "%s", name);
		w->steal_ms += r->steal_ms > 0 ? r->steal_ms : 0;
		if (lb_verbose > 0)
			lb_warn("%s: %u thread%s got less than %.0f%% of their time runnable or of "
				"their share of the CPUs (lowest %.0f%%)", name, r->short_threads,
				LB_S(r->short_threads), LB_RAN_PCT, r->cpu_min_pct);
	}
	if (lb_intervals_levels(r, &lo, &hi, &nlo) && !w->levels++)
		snprintf(w->first_levels, sizeof(w->first_levels), "%s: %u intervals at %.3g and %u "
			 "at %.3g Mops/s", name, nlo, lo / 1e6, r->nintervals - nlo, hi / 1e6);
}

static void tally_print(const struct warn_tally *w, unsigned npoints)
{
	char ab[200] = "";

	if (w->abandoned)
		snprintf(ab, sizeof(ab), "; %u of their threads could not stop (still inside the "
			 "lock, as FIFO waiters behind preempted ones are) and were abandoned there "
			 "until lockbench exits", w->abandoned);
	if (w->timed_out)
		lb_warn("%u of %u point%s timed out after %g s (--point-timeout; the first %s): "
			"stopped, marked timed out; their figures count the operations done%s",
			w->timed_out, npoints, LB_S(npoints), w->timeout_s, w->first_to, ab);
	if (w->short_pts)
		lb_warn("in %u of %u point%s a thread got less than %.0f%% of its time runnable or "
			"of its share of the CPUs (lowest %.0f%%, host steal %.0f ms in all; the first "
			"%s): they are marked in the output", w->short_pts, npoints, LB_S(npoints),
			LB_RAN_PCT, w->cpu_min, w->steal_ms, w->first_short);
	if (w->levels)
		lb_warn("in %u of %u point%s the throughput fell into two levels (%s): the machine "
			"changed state in the middle of the point", w->levels, npoints, LB_S(npoints),
			w->first_levels);
}

int lb_run_all(const struct lb_plan *plan, const struct lb_points *pts, lb_point_done done,
	       struct lb_result **out, unsigned *nout)
{
	struct lb_result *res = calloc(pts->n ? pts->n : 1, sizeof(*res));
	bool progress = isatty(STDERR_FILENO) && lb_verbose >= 0;
	uint64_t t0 = lb_now_ns();
	struct warn_tally tally = { 0 };
	unsigned n;

	if (!res) {
		lb_err("out of memory for %u results", pts->n);
		return LB_EXIT_RUNTIME;
	}
	for (n = 0; n < pts->n && !lb_stop_requested; n++) {
		int rc;

		if (progress)
			progress_line(pts, n, (double)(lb_now_ns() - t0) / 1e9);
		rc = run_point_steal(&pts->v[n], &res[n]);
		if (progress && (rc || done || lb_verbose > 0))
			lb_run_progress_erase();
		if (!rc && res[n].interrupted) {
			/* Ctrl-C or SIGTERM: the points before it are the run */
			lb_result_free(&res[n]);
			break;
		}
		if (!rc)
			tally_point(&tally, &res[n]);
		if (rc) {
			for (unsigned i = 0; i < n; i++)
				lb_result_free(&res[i]);
			free(res);
			return rc;
		}
		if (done)
			done(plan, &res[n]);
	}
	if (progress)
		lb_run_progress_erase();
	tally_print(&tally, n);
	*out = res;
	*nout = n;
	return 0;
}

/* --plan: the machine and the placement */
static void print_machine(FILE *f, const struct lb_plan *plan)
{
	const struct lb_config *c = plan->cfg;
	const struct lb_topo_info *ti = lb_topo_info();

	fprintf(f, "# lockbench %s plan\n", PACKAGE_VERSION);
	fprintf(f, "# topology: %s%s\n", ti->source,
		ti->thissystem ? "" : " (not this machine: plan only)");
	fprintf(f, "# machine: %u package%s, %u core%s, %u PU%s, %u NUMA node%s; CPU %s\n",
		ti->packages, LB_S(ti->packages), ti->cores, LB_S(ti->cores), ti->pus, LB_S(ti->pus),
		ti->numa_nodes, LB_S(ti->numa_nodes), ti->cpu_model);
	fprintf(f, "# placement: %s%s%s, %u CPU%s in the placement%s\n", lb_place_name(c->place),
		c->cpus ? ", cpus " : "", c->cpus ? c->cpus : "", plan->npus, LB_S(plan->npus),
		c->place == LB_PLACE_NONE ? " (threads are not pinned)" : "");
	fprintf(f, "# lock domains: %s, --lock-domain=%s\n", plan->domains.desc,
		lb_lock_domain_name(c->lock_domain));
}

/* --plan, mix and roles: each thread count's threads, their places and roles */
static void print_threads(FILE *f, const struct lb_plan *plan)
{
	const struct lb_config *c = plan->cfg;

	for (unsigned k = 0; k < plan->nthreads; k++) {
		unsigned nt = plan->threads[k];

		fprintf(f, "\nthreads=%u (--threads element '%s')%s\n", nt,
			c->telems[plan->tgroup[k]].text,
			nt > plan->npus ? " oversubscribed: several threads share a CPU" : "");
		fprintf(f, "%-7s %-8s %-5s %-6s %-6s %-5s %-4s %-6s %s\n", "thread", "package", "core",
			"pu(L#)", "pu(P#)", "numa", "l3", "domain", "role");
		for (unsigned t = 0; t < nt; t++) {
			const struct lb_pu *pu = &plan->pus[t % plan->npus];
			const char *role = plan->thread_role ? plan->thread_role[t] : "mix";

			if (c->place == LB_PLACE_NONE)
				fprintf(f, "%-7u %-8s %-5s %-6s %-6s %-5s %-4s %-6u %s\n", t, "-", "-", "-",
					"-", "-", "-", pu->domain, role);
			else
				fprintf(f, "%-7u %-8d %-5d %-6d %-6d %-5d %-4d %-6u %s\n", t, pu->package_l,
					pu->core_l, pu->pu_l, pu->pu_os, pu->numa_os, pu->l3_l, pu->domain,
					role);
		}
	}
}

/* --plan, mix and roles: one line per point */
static void print_point(FILE *f, const struct lb_point *p)
{
	char ratio[32], t[48];

	fprintf(f, "point %s/%s threads=%u load=%llu%s ", p->ops->name,
		lb_point_ratio_str(p, ratio, sizeof(ratio)), p->nthreads,
		(unsigned long long)p->load_arg, p->load_ns ? "ns" : "");
	if (p->duration > 0)
		fprintf(f, "duration=%gs\n", p->duration);
	else if (p->est_s > 0 && p->point_timeout > 0 && p->est_s >= p->point_timeout)
		fprintf(f, "ops=%llu (would take over the %g s --point-timeout)\n",
			(unsigned long long)p->nops, p->point_timeout);
	else if (p->est_s > 0 && p->est_s < 100)	/* three digits, never an exponent */
		fprintf(f, "ops=%llu (about %.3g s)\n", (unsigned long long)p->nops, p->est_s);
	else if (p->est_s > 0)
		fprintf(f, "ops=%llu (about %s)\n", (unsigned long long)p->nops,
			fmt_secs(p->est_s, t, sizeof(t)));
	else
		fprintf(f, "ops=%llu\n", (unsigned long long)p->nops);
}

void lb_plan_print(FILE *f, const struct lb_plan *plan, const struct lb_points *pts)
{
	const struct lb_config *c = plan->cfg;
	unsigned npoints = 0;

	/* the points of one repetition: the others run the same again */
	for (unsigned i = 0; i < pts->n; i++)
		npoints += pts->v[i].repeat == 0;
	print_machine(f, plan);
	if (c->scenario == LB_SCN_FAIR) {
		fprintf(f, "# scenario fair (Desnoyers 2008): the phases of each lock\n");
	} else {
		print_threads(f, plan);
		if (c->scenario == LB_SCN_ROLES)
			fprintf(f, "\n# scenario roles: %u reader thread%s (1:0), %u writer thread%s "
				"(0:1)%s", c->readers, LB_S(c->readers), c->writers, LB_S(c->writers),
				c->writer_ops ? "" : "\n");
		if (c->scenario == LB_SCN_ROLES && c->writer_ops)
			fprintf(f, ", each writer stopping after %llu writes\n",
				(unsigned long long)c->writer_ops);
		unsigned nexcl = 0;

		for (unsigned k = 0; k < c->nlocks; k++)
			nexcl += c->locks[k]->kind != LB_LOCK_RW;
		fprintf(f, "\n# points: %u lock%s x %u thread count%s x %u ratio%s x %u load%s",
			c->nlocks, LB_S(c->nlocks), plan->nthreads, LB_S(plan->nthreads), c->nratios,
			LB_S(c->nratios), c->nloads, LB_S(c->nloads));
		if (nexcl && c->nratios > 1)
			fprintf(f, " (an exclusive lock's at 0:1 only: %u of the locks)", nexcl);
		fprintf(f, " = %u, each run %u time%s; %s\n", npoints, c->repeat, LB_S(c->repeat),
			c->duration > 0 ? "fixed time" : "fixed work");
	}
	print_estimate(f, "# time: ", pts, true);
	for (unsigned i = 0; i < pts->n; i++) {
		const struct lb_point *p = &pts->v[i];

		if (p->repeat)
			continue;
		if (p->phase)
			lb_fair_point_print(f, plan, p);
		else
			print_point(f, p);
	}
}

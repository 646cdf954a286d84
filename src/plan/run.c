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
#include "plan/run.h"

static void fill_point(const struct lb_plan *plan, struct lb_point *p, unsigned lk, unsigned ti,
		       unsigned ri, unsigned li, unsigned rep)
{
	const struct lb_config *c = plan->cfg;

	lb_point_init(p, plan, c->locks[lk], c->loads[li]);
	p->ratio = c->ratios[ri];
	p->nthreads = plan->threads[ti];
	p->repeat = rep;
	p->tgroup = plan->tgroup[ti];
	p->thread_ratio = plan->thread_ratio;
	p->thread_role = plan->thread_role;
	p->thread_nops = plan->thread_nops;
}

/* Mix and roles: repetitions outermost, then lock, thread count, ratio, load. */
static int mix_points(const struct lb_plan *plan, struct lb_points *pts)
{
	const struct lb_config *c = plan->cfg;

	for (unsigned rep = 0; rep < c->repeat; rep++)
		for (unsigned lk = 0; lk < c->nlocks; lk++)
			for (unsigned ti = 0; ti < plan->nthreads; ti++)
				for (unsigned ri = 0; ri < c->nratios; ri++)
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

/* The progress line on a terminal: which point of how many runs now. */
static void progress_line(unsigned i, unsigned total, const struct lb_point *p)
{
	char ratio[32];

	if (p->phase)
		fprintf(stderr, "\r\033[K[%u/%u] %s: %s (%g s)", i + 1, total, p->ops->name,
			lb_fair_phase_title(p->phase), p->duration);
	else
		fprintf(stderr, "\r\033[K[%u/%u] %s/%s threads=%u load=%llu", i + 1, total,
			p->ops->name, lb_ratio_str(&p->ratio, ratio, sizeof(ratio)), p->nthreads,
			(unsigned long long)p->load_arg);
}

int lb_run_all(const struct lb_plan *plan, const struct lb_points *pts, lb_point_done done,
	       struct lb_result **out, unsigned *nout)
{
	struct lb_result *res = calloc(pts->n ? pts->n : 1, sizeof(*res));
	bool progress = isatty(STDERR_FILENO) && lb_verbose >= 0;

	if (!res) {
		lb_err("out of memory for %u results", pts->n);
		return LB_EXIT_RUNTIME;
	}
	for (unsigned n = 0; n < pts->n; n++) {
		int rc;

		if (progress)
			progress_line(n, pts->n, &pts->v[n]);
		rc = lb_run_point(&pts->v[n], &res[n]);
		if (progress && (rc || done))
			fputs("\r\033[K", stderr);
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
		fputs("\r\033[K", stderr);
	*out = res;
	*nout = pts->n;
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
	fprintf(f, "# machine: %u packages, %u cores, %u PUs, %u NUMA nodes; CPU %s\n",
		ti->packages, ti->cores, ti->pus, ti->numa_nodes, ti->cpu_model);
	fprintf(f, "# placement: %s%s%s, %u CPUs in the placement%s\n", lb_place_name(c->place),
		c->cpus ? ", cpus " : "", c->cpus ? c->cpus : "", plan->npus,
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
	char ratio[32];

	fprintf(f, "point %s/%s threads=%u load=%llu%s ", p->ops->name,
		lb_ratio_str(&p->ratio, ratio, sizeof(ratio)), p->nthreads,
		(unsigned long long)p->load_arg, p->load_ns ? "ns" : "");
	if (p->duration > 0)
		fprintf(f, "duration=%gs\n", p->duration);
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
		fprintf(f, "# scenario fair (Desnoyers' 2008 fair-rwlock posting): the phases of each lock\n");
	} else {
		print_threads(f, plan);
		if (c->scenario == LB_SCN_ROLES)
			fprintf(f, "\n# scenario roles: %u reader thread(s) (1:0), %u writer thread(s) "
				"(0:1)%s", c->readers, c->writers, c->writer_ops ? "" : "\n");
		if (c->scenario == LB_SCN_ROLES && c->writer_ops)
			fprintf(f, ", each writer stopping after %llu writes\n",
				(unsigned long long)c->writer_ops);
		fprintf(f, "\n# points: %u lock(s) x %u thread count(s) x %u ratio(s) x %u load(s) = "
			"%u, each run %u time(s); %s\n", c->nlocks, plan->nthreads, c->nratios,
			c->nloads, npoints, c->repeat, c->duration > 0 ? "fixed time" : "fixed work");
	}
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

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * run.c - the measured points of a run, and the --plan report
 *
 * Points are ordered lock, thread count, ratio, load (the row order of the
 * seed 000 table), with the repetitions as the outermost loop so that the
 * repeats of one point are spread over the run rather than back to back:
 * on a noisy machine a slow minute then hurts every point a little instead
 * of one point a lot.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "fair.h"
#include "log.h"
#include "output.h"
#include "run.h"

uint64_t lb_load_pauses(const struct lb_config *c, uint64_t v)
{
	if (!c->load_ns)
		return v;
	return lb_clock.pause_ns > 0 ? (uint64_t)llround((double)v / lb_clock.pause_ns) : v;
}

void lb_point_init(struct lb_point *p, const struct lb_plan *plan, const struct lb_lock_ops *ops,
		   uint64_t load)
{
	const struct lb_config *c = plan->cfg;

	memset(p, 0, sizeof(*p));
	p->ops = ops;
	p->lockopts = c->lockopt[lb_lockopt_index(ops)];
	p->load_arg = load;
	p->load_ns = c->load_ns;
	p->load = lb_load_pauses(c, load);
	p->delay = c->delay;
	p->nops = c->ops;
	p->duration = c->duration;
	p->validate = c->validate;
	p->perf = c->perf;
	p->trace = plan->trace;
	p->timeout = c->timeout;
	p->lock_node = c->lock_node;
	p->pus = plan->pus;
	p->npus = plan->npus;
	p->pin = c->place != LB_PLACE_NONE;
	p->ndomains = plan->domains.n;
	p->domains_pretend = plan->domains.pretend;
	p->latency = c->latency;
	p->lat_every = c->lat_every;
}

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

int lb_plan_roles(struct lb_plan *plan)
{
	const struct lb_config *c = plan->cfg;
	unsigned n = c->readers + c->writers;

	if (c->scenario != LB_SCN_ROLES)
		return 0;
	plan->thread_ratio = calloc(n, sizeof(*plan->thread_ratio));
	plan->thread_role = calloc(n, sizeof(*plan->thread_role));
	plan->thread_nops = calloc(n, sizeof(*plan->thread_nops));
	if (!plan->thread_ratio || !plan->thread_role || !plan->thread_nops)
		return -1;
	for (unsigned t = 0; t < n; t++) {
		bool reader = t < c->readers;

		plan->thread_ratio[t] = (struct lb_ratio){ reader ? 1 : 0, reader ? 0 : 1 };
		plan->thread_role[t] = reader ? "reader" : "writer";
		plan->thread_nops[t] = !reader && c->writer_ops ? c->writer_ops : UINT64_MAX;
	}
	return 0;
}

void lb_plan_free(struct lb_plan *plan)
{
	free((void *)plan->pus);
	free(plan->threads);
	free(plan->tgroup);
	free(plan->thread_ratio);
	free(plan->thread_role);
	free(plan->thread_nops);
	free((void *)plan->c2c);
}

static void verbose_point(const struct lb_plan *plan, const struct lb_result *r)
{
	const struct lb_point *p = &r->point;
	const struct lb_c2c *c2c = lb_result_c2c(plan->c2c, plan->nc2c, r);
	char ratio[32];

	fprintf(stderr, "lockbench: %s/%s threads=%u load=%llu%s: %.3f ms, %.4g ops/s, ops/thread "
		"min %llu mean %.1f max %llu, setup %.3f ms\n", p->ops->name,
		lb_ratio_str(&p->ratio, ratio, sizeof(ratio)), p->nthreads,
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
			"CPU %d: %.1f ns)\n", lb_ns_per_op(r), lb_ns_per_op(r) / c2c->rt_ns_median,
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

int lb_run_all(const struct lb_plan *plan, struct lb_result **out, unsigned *nout)
{
	const struct lb_config *c = plan->cfg;
	unsigned total = c->repeat * c->nlocks * plan->nthreads * c->nratios * c->nloads, n = 0;
	struct lb_result *res = calloc(total ? total : 1, sizeof(*res));
	bool progress = isatty(STDERR_FILENO) && lb_verbose >= 0;

	if (c->scenario == LB_SCN_FAIR) {
		free(res);
		return lb_fair_run_all(plan, out, nout);
	}
	if (!res) {
		lb_err("out of memory for %u results", total);
		return LB_EXIT_RUNTIME;
	}
	for (unsigned rep = 0; rep < c->repeat; rep++)
		for (unsigned lk = 0; lk < c->nlocks; lk++)
			for (unsigned ti = 0; ti < plan->nthreads; ti++)
				for (unsigned ri = 0; ri < c->nratios; ri++)
					for (unsigned li = 0; li < c->nloads; li++) {
						struct lb_point p;
						char ratio[32];
						int rc;

						fill_point(plan, &p, lk, ti, ri, li, rep);
						if (progress)
							fprintf(stderr, "\r\033[K[%u/%u] %s/%s threads=%u "
								"load=%llu", n + 1, total, p.ops->name,
								lb_ratio_str(&p.ratio, ratio, sizeof(ratio)),
								p.nthreads, (unsigned long long)p.load_arg);
						rc = lb_run_point(&p, &res[n]);
						if (rc) {
							if (progress)
								fputs("\r\033[K", stderr);
							for (unsigned i = 0; i < n; i++)
								lb_result_free(&res[i]);
							free(res);
							return rc;
						}
						if (lb_verbose > 0) {
							if (progress)
								fputs("\r\033[K", stderr);
							verbose_point(plan, &res[n]);
						}
						n++;
					}
	if (progress)
		fputs("\r\033[K", stderr);
	*out = res;
	*nout = n;
	return 0;
}

static bool numa_lock_selected(const struct lb_config *c)
{
	for (unsigned i = 0; i < c->nlocks; i++)
		if (strcmp(c->locks[i]->family, "numa") == 0)
			return true;
	return false;
}

void lb_domains_note(const struct lb_plan *plan)
{
	const struct lb_config *c = plan->cfg;

	if (plan->domains.n > 1 || !(c->lock_domain_set || numa_lock_selected(c)))
		return;
	lb_warn("--lock-domain=%s: the placement has one domain (%s), so the numa locks "
		"degenerate to their base locks (cna to qspinlock, cohort and hmcs to a local "
		"lock before an uncontended global one); --domains=N pretends more",
		lb_lock_domain_name(c->lock_domain), plan->domains.desc);
}

void lb_plan_print(FILE *f, const struct lb_plan *plan)
{
	const struct lb_config *c = plan->cfg;
	const struct lb_topo_info *ti = lb_topo_info();
	unsigned npoints = c->nlocks * plan->nthreads * c->nratios * c->nloads;

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
	if (c->scenario == LB_SCN_FAIR) {
		fprintf(f, "# scenario fair (seed 002): the phases of each lock\n");
		lb_fair_plan_print(f, plan);
		return;
	}
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
	if (c->scenario == LB_SCN_ROLES)
		fprintf(f, "\n# scenario roles: %u reader thread(s) (1:0), %u writer thread(s) (0:1)%s",
			c->readers, c->writers, c->writer_ops ? "" : "\n");
	if (c->scenario == LB_SCN_ROLES && c->writer_ops)
		fprintf(f, ", each writer stopping after %llu writes\n",
			(unsigned long long)c->writer_ops);
	fprintf(f, "\n# points: %u lock(s) x %u thread count(s) x %u ratio(s) x %u load(s) = %u, "
		"each run %u time(s); %s\n", c->nlocks, plan->nthreads, c->nratios, c->nloads, npoints,
		c->repeat, c->duration > 0 ? "fixed time" : "fixed work");
	for (unsigned lk = 0; lk < c->nlocks; lk++)
		for (unsigned ti2 = 0; ti2 < plan->nthreads; ti2++)
			for (unsigned ri = 0; ri < c->nratios; ri++)
				for (unsigned li = 0; li < c->nloads; li++) {
					char ratio[32];

					fprintf(f, "point %s/%s threads=%u load=%llu%s ", c->locks[lk]->name,
						lb_ratio_str(&c->ratios[ri], ratio, sizeof(ratio)),
						plan->threads[ti2], (unsigned long long)c->loads[li],
						c->load_ns ? "ns" : "");
					if (c->duration > 0)
						fprintf(f, "duration=%gs\n", c->duration);
					else
						fprintf(f, "ops=%llu\n", (unsigned long long)c->ops);
				}
}

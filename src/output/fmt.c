// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fmt.c - what the formats share: a figure, the notes under a table, the
 * header over a text report, the verbose per-point lines, the repeats'
 * summary. The formats call it; output.c's table of formats calls the
 * formats; nothing here calls a format.
 */
#include "config.h"
#include "lb-revision.h"

#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "base/clock.h"
#include "base/log.h"
#include "output/output.h"
#include "tree/tree.h"
#include "plan/fair.h"
#include "measure/statistics.h"
#include "kernel/sched.h"

char *lb_fmt_figure(double v, bool fixed_time, char *buf, size_t len)
{
	if (fixed_time && v < 9.995)
		snprintf(buf, len, "%.2f", v);
	else if (!fixed_time && v < 0.995)
		snprintf(buf, len, "%.3g", v);	/* below 1 ms: not "0.0" */
	else if (v < 999.95)
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%.0f", v);
	return buf;
}

void lb_output_compare_notes(FILE *f, const struct lb_report *rep)
{
	/* Welch's test needs repetitions on both sides: this run's and the baseline's */
	bool after = rep->cfg && rep->cfg->repeat > 1, before = rep->nbaseline ? false : after;

	if (rep->baseline_machine && *rep->baseline_machine)
		fprintf(f, "Before (--baseline=%s): %s\nAfter (this run): host %s, kernel %s, CPU %s\n"
			"(two machines: the change is not only the patch's)\n", rep->baseline_path,
			rep->baseline_machine, rep->host, rep->kernel, rep->topo ? rep->topo->cpu_model :
			"?");
	for (unsigned i = 0; i < rep->nbaseline; i++)
		before |= rep->baseline[i].point.repeat > 0;
	if (rep->cfg && (!after || !before))	/* unit tests have no configuration */
		fprintf(f, "(one repetition per point: no noise estimate; --repeat=3 or more gives "
			"Welch's test, '~' marks a change within the noise)\n");
}

/*
 * exclusive_note() - an exclusive lock runs each point once, at 0:1
 * (plan/run.c): say so under a table whose ratios are not all 0:1
 */
static void exclusive_note(FILE *f, const struct lb_report *rep)
{
	const struct lb_config *c = rep->cfg;
	bool mixed = false;
	unsigned n = 0;

	for (unsigned i = 0; c && c->scenario == LB_SCN_MIX && i < c->nratios; i++)
		mixed |= c->ratios[i].r != 0;
	for (unsigned i = 0; mixed && i < c->nlocks; i++) {
		if (c->locks[i]->kind == LB_LOCK_RW)
			continue;
		fprintf(f, "%s%s", n++ ? ", " : "\n", c->locks[i]->name);
	}
	if (n)
		fprintf(f, ": exclusive, every operation a write, so %s rows are at 0:1 only, "
			"whatever the ratio\n", n > 1 ? "their" : "its");
}

void lb_timed_out_note(FILE *f, const struct lb_report *rep)
{
	unsigned to = 0;

	for (unsigned i = 0; i < rep->nresults; i++)
		to += rep->results[i].timed_out;
	for (unsigned i = 0; i < rep->nbaseline; i++)
		to += rep->baseline[i].timed_out;
	if (to)
		fprintf(f, "\n! %u point%s timed out (--point-timeout): stopped early, the figure "
			"counts the operations done\n", to, LB_S(to));
}

void lb_output_run_notes(FILE *f, const struct lb_report *rep)
{
	exclusive_note(f, rep);
	lb_timed_out_note(f, rep);
	if (rep->partial)
		fprintf(f, "\nInterrupted after %u of %u points: the run is partial.\n",
			rep->nran ? rep->nran : rep->nresults, rep->npoints);
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
		fprintf(f, "lockbench:   trace: and %u more lock%s\n", v->nlock_addrs - v->nlocks,
			LB_S(v->nlock_addrs - v->nlocks));
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

unsigned lb_report_smt(const struct lb_report *rep, unsigned *at_threads, int pair[2])
{
	unsigned most = 0;

	*at_threads = 0;
	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_point *p = &rep->results[i].point;
		int pr[2];
		unsigned n = p->pin ? lb_smt_shared(rep->pus, rep->npus, p->nthreads, pr) : 0;

		if (n > most) {
			most = n;
			*at_threads = p->nthreads;
			pair[0] = pr[0];
			pair[1] = pr[1];
		}
	}
	return most;
}

/* "--lock=ticket 'synthetic:package:2 core:2'": argv as a shell would take it back */
/* "# work: fixed work, 200000 operations per thread ..." : what a figure is */
static void header_work(FILE *f, const struct lb_report *rep)
{
	const struct lb_config *c = rep->cfg;

	if (!c)
		return;
	if (c->duration > 0)
		fprintf(f, "# work: fixed time, %g s a point", c->duration);
	else
		fprintf(f, "# work: fixed work, %llu lock-unlock operations per thread",
			(unsigned long long)c->ops);
	if (c->repeat > 1)
		fprintf(f, "; each point run %u times\n", c->repeat);
	else
		fputs("; each point run once\n", f);
}

static void header_command(FILE *f, const struct lb_config *cfg)
{
	fputs("# command:", f);
	for (int i = 0; cfg && i < cfg->argc; i++) {
		const char *a = cfg->argv[i];

		if (i == 0)
			a = strrchr(a, '/') ? strrchr(a, '/') + 1 : a;
		if (a[0] && strspn(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			      "0123456789-_=,.:/+@%") == strlen(a)) {
			fprintf(f, " %s", a);
			continue;
		}
		fputs(" '", f);
		for (; *a; a++)
			if (*a == '\'')
				fputs("'\\''", f);
			else
				fputc(*a, f);
		fputc('\'', f);
	}
	fputc('\n', f);
}

/* "# placement: socket, 2 of 2 CPUs (0,1); SMT: ..." */
static void header_placement(FILE *f, const struct lb_report *rep)
{
	const struct lb_config *cfg = rep->cfg;
	unsigned at, n;
	int pair[2] = { -1, -1 };

	fprintf(f, "# placement: %s, %u of %u CPUs (", cfg ? lb_place_name(cfg->place) : "socket",
		rep->npus, rep->topo ? rep->topo->pus : rep->npus);
	for (unsigned i = 0; i < rep->npus && i < 64; i++)
		fprintf(f, "%s%d", i ? "," : "", rep->pus[i].pu_os);
	fputs(rep->npus > 64 ? ",...)" : ")", f);
	n = lb_report_smt(rep, &at, pair);
	if (cfg && cfg->place == LB_PLACE_NONE)
		fputs("; SMT: threads not pinned\n", f);
	else if (n)
		fprintf(f, "; SMT: in use, %u of %u threads share a core (CPUs %d and %d)\n", n, at,
			pair[0], pair[1]);
	else
		fputs("; SMT: not in use (no two threads share a core)\n", f);
}

/* "# steal: none during the points" or its total, how many points had some, the most */
static void header_steal(FILE *f, const struct lb_report *rep)
{
	double total = 0, most = 0;
	unsigned with = 0, known = 0;

	for (unsigned i = 0; i < rep->nresults; i++) {
		double s = rep->results[i].steal_ms;

		if (s < 0)
			continue;
		known++;
		total += s;
		with += s > 0;
		most = s > most ? s : most;
	}
	if (!known)
		fputs("# steal: unknown (no /proc/stat)\n", f);
	else if (!with)
		fputs("# steal: none during the points\n", f);
	else
		fprintf(f, "# steal: %.0f ms during %u of %u points (at most %.0f ms in one)\n", total,
			with, rep->nresults, most);
}

/* --simulate: the machine, the profile, the seed; false for a real run */
static bool header_sim(FILE *f, const struct lb_report *rep)
{
	const struct lb_sim_env *e = rep->nresults ? rep->results[0].point.sim : NULL;

	if (!e)
		return false;
	fprintf(f, "# simulated: every time is virtual, on %s (%s); profile %s (%s): counter "
		"%.3f GHz, pause %.2f ns; --seed=%llu --sim-jitter=%g%% --sim-slice=%g ms\n", e->name,
		e->machine.name, e->profile.name, e->profile_from, e->profile.ghz,
		e->profile.pause_ns, (unsigned long long)e->seed, e->jitter_pct,
		e->profile.slice_ns / 1e6);
	return true;
}

int lb_output_header(FILE *f, const struct lb_report *rep)
{
	const struct lb_hygiene *h = rep->hyg;
	const struct lb_topo_info *t = rep->topo;

	fprintf(f, "# lockbench %s (git %s), built with %s, CFLAGS %s\n", PACKAGE_VERSION,
		LB_GIT_REVISION, LB_COMPILER, LB_CFLAGS[0] ? LB_CFLAGS : "none");
	fprintf(f, "# host: %s; kernel: %s\n", rep->host, rep->kernel);
	if (t)
		fprintf(f, "# CPU: %s; %u package%s, %u core%s, %u PU%s, %u NUMA node%s\n",
			t->cpu_model, t->packages, LB_S(t->packages), t->cores, LB_S(t->cores), t->pus,
			LB_S(t->pus), t->numa_nodes, LB_S(t->numa_nodes));
	header_placement(f, rep);
	if (header_sim(f, rep))
		;	/* the simulated machine's clock, not this one's */
	else
		fprintf(f, "# pause: %.2f ns (%.1f cycles of a %.0f MHz counter); dependent-add loop "
			"(--load-unit=loop): %.2f ns per iteration\n# stalls over 5 us: a 10 ms "
			"pause stream lost %.1f%% (%u), a dependent-add loop %.1f%% (%u)\n",
			lb_clock.pause_ns, lb_clock.pause_cycles, lb_clock.tsc_per_ns * 1e3,
			lb_clock.loop_ns, lb_clock.pause_stall_pct, lb_clock.pause_stalls,
			lb_clock.loop_stall_pct, lb_clock.loop_stalls);
	if (h) {
		fprintf(f, "# cpufreq: driver %s, governor %s; hypervisor: %s\n", h->cpufreq_driver,
			h->cpufreq_governor, h->hypervisor);
		if (h->loadavg[0] >= 0)
			fprintf(f, "# load before the run: load average %.2f %.2f %.2f", h->loadavg[0],
				h->loadavg[1], h->loadavg[2]);
		else
			fputs("# load before the run: load average unknown", f);
		if (h->busy_other_pct >= 0)
			fprintf(f, "; other work on the placement's CPUs %.0f%% (over %.0f ms)\n",
				h->busy_other_pct, h->busy_window_ms);
		else
			fputs("; other work on the placement's CPUs unknown\n", f);
		fprintf(f, "# kernel flags: %s\n", h->kernel_flags);
	}
	for (unsigned i = 0; i < lb_tree_count(); i++)	/* which code the NAME: locks are */
		fprintf(f, "# kernel tree %s: %s (%s)\n", lb_tree_at(i)->name, lb_tree_at(i)->label,
			lb_tree_at(i)->path);
	header_steal(f, rep);
	header_work(f, rep);
	header_command(f, rep->cfg);
	if (rep->cfg && rep->cfg->job)
		fprintf(f, "# job: %s\n", rep->cfg->job);
	return ferror(f) ? -1 : 0;
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
		p->phase ? lb_fair_phase_name(p->phase) : lb_point_ratio_str(p, ratio, sizeof(ratio)),
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
		fprintf(stderr, "lockbench:   %ss: %u thread%s, ops/thread min %llu mean %.1f max "
			"%llu\n", r->roles[k].role, r->roles[k].threads, LB_S(r->roles[k].threads),
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

bool lb_point_same(const struct lb_point *a, const struct lb_point *b)
{
	return a->ops == b->ops && a->lockopts == b->lockopts && lb_point_same_ratio(a, b) &&
	       a->thread_ratio == b->thread_ratio &&
	       a->nthreads == b->nthreads && a->tgroup == b->tgroup && a->load_arg == b->load_arg &&
	       a->load_ns == b->load_ns && a->spin == b->spin && a->delay == b->delay &&
	       a->nops == b->nops && a->duration == b->duration && a->phase == b->phase;
}

void lb_repeat_summary(const struct lb_report *rep, const struct lb_result *r, int what,
		       struct lb_summary *s)
{
	double *v = calloc(rep->nresults + 1, sizeof(*v));
	unsigned n = 0;

	for (unsigned i = 0; v && i < rep->nresults; i++)
		if (lb_point_same(&rep->results[i].point, &r->point))
			v[n++] = what ? rep->results[i].exec_ms : rep->results[i].ops_per_s;
	if (!v) {	/* out of memory: the one repetition at hand */
		double one = what ? r->exec_ms : r->ops_per_s;

		lb_summarize(&one, 1, s);
		return;
	}
	lb_summarize(v, n, s);
	free(v);
}

double lb_cv_pct(const struct lb_summary *s)
{
	return s->mean != 0 ? 100.0 * s->stdev / s->mean : 0;
}

void lb_short_note(FILE *f, const struct lb_report *rep)
{
	unsigned n = 0;

	for (unsigned i = 0; i < rep->nresults; i++)
		n += rep->results[i].short_threads > 0;
	if (n)
		fprintf(f, "* in %u point%s a thread got less than %.0f%% of the time it was runnable "
			"(of its share of the CPUs when there are more threads than CPUs): preempted, "
			"the figure measures the scheduler too\n", n, LB_S(n), LB_RAN_PCT);
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * main.c - lockbench: argv -> configuration -> placement -> run -> report
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/baseline.h"
#include "cli/report.h"
#include "base/clock.h"
#include "base/log.h"
#include "cli/options.h"
#include "output/output.h"
#include "output/file.h"
#include "locks/registry.h"
#include "plan/run.h"
#include "machine/hygiene.h"
#include "plan/torture.h"
#include "plan/simulate.h"
#include "machine/topology.h"
#include "kernel/trace.h"
#include "tree/tree.h"

/* lb_run_all() is running: Ctrl-C and SIGTERM stop it and keep what finished */
static volatile sig_atomic_t running;

static void on_signal(int sig)
{
	if (running && (sig == SIGINT || sig == SIGTERM) && !lb_stop_requested) {
		lb_stop_requested = sig;	/* the point stops; main writes what finished */
		return;
	}
	/* async-signal-safe: write, unlink, the lb_at_signal() clean-ups (rmdir, close), _exit */
	lb_run_progress_erase();
	lb_signal_cleanup();
	_exit(128 + sig);
}

/* -o, opened before the run (output/file.c): a refusal comes before a long run */
static struct lb_output output;

/*
 * --baseline: its points against this run's (exit 2 on a difference unless
 * --baseline-loose), and its machine against this one: another is a warning,
 * and @machine says which (printed above the comparison); "" when the same.
 */
static void check_baseline(const struct lb_config *cfg, const struct lb_points *pts,
			   const struct lb_baseline *b, char *machine, size_t mlen)
{
	struct lb_report here;
	char why[1600];

	machine[0] = '\0';
	if (!cfg->baseline)
		return;
	if (lb_baseline_check(b, pts, cfg->baseline_loose, why, sizeof(why)))
		lb_die(LB_EXIT_USAGE, "--baseline=%s: %s", cfg->baseline, why);
	memset(&here, 0, sizeof(here));
	lb_report_fill_host(&here);
	if (lb_baseline_machine(b, here.host, here.kernel, lb_topo_info()->cpu_model, machine, mlen))
		lb_warn("--baseline=%s was measured on another machine (%s); this run: host %s, "
			"kernel %s, CPU %s", cfg->baseline, machine, here.host, here.kernel,
			lb_topo_info()->cpu_model);
	else
		machine[0] = '\0';
}

/* Before anything: the registry's contract, and the clean-up on every way out. */
static void process_setup(void)
{
	lb_catch_crashes();	/* a crash or a lock's exit(): one line, the clean-ups */
	if (lb_lock_registry_check(stderr) || lb_sim_registry_check(stderr))
		lb_die(LB_EXIT_RUNTIME, "internal error: the lock registry is inconsistent");
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);
}

/* The configuration against the machine: topology, placement, thread counts, roles; formats. */
static void plan_setup(struct lb_plan *plan)
{
	const struct lb_config *cfg = plan->cfg;
	char why[512];

	if (lb_topo_load(cfg->topology, why, sizeof(why))) {
		if (cfg->topology)
			lb_die(LB_EXIT_USAGE, "--topology=%s: %s", cfg->topology, why);
		lb_die(LB_EXIT_RUNTIME, "%s", why);
	}
	if (!lb_topo_info()->thissystem && !cfg->plan && !cfg->simulate)
		lb_die(LB_EXIT_USAGE, "the topology hwloc loaded is not this machine (%s is set?); "
		       "unset it, or add --plan to print the placement only", lb_topo_info()->source);
	if (lb_topo_place(cfg->place, cfg->cpus, cfg->physical, (struct lb_pu **)&plan->pus,
			  &plan->npus, why, sizeof(why)))
		lb_die(LB_EXIT_USAGE, "--cpus=%s: %s", cfg->cpus ? cfg->cpus : "", why);
	if (lb_domains_assign(cfg, (struct lb_pu *)plan->pus, plan->npus, &plan->domains, why,
			      sizeof(why))) {
		if (cfg->domains)
			lb_die(LB_EXIT_USAGE, "--domains=%u: %s", cfg->domains, why);
		lb_die(LB_EXIT_USAGE, "--lock-domain=%s: %s", lb_lock_domain_name(cfg->lock_domain),
		       why);
	}
	lb_domains_note(cfg, &plan->domains);
	if (lb_threads_expand(cfg->telems, cfg->ntelems, plan->npus, &plan->threads, &plan->tgroup,
			      &plan->nthreads, why, sizeof(why))) {
		char list[256] = "";
		size_t l = 0;

		for (unsigned i = 0; i < cfg->ntelems && l < sizeof(list); i++)
			l += (size_t)snprintf(list + l, sizeof(list) - l, "%s%s", i ? "," : "",
					      cfg->telems[i].text);
		lb_die(LB_EXIT_USAGE, "--threads=%s: %s", list, why);
	}
	if (lb_plan_roles(plan))
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	if (cfg->lock_node >= 0 && !lb_topo_numa_valid(cfg->lock_node))
		lb_die(LB_EXIT_USAGE, "--lock-node=%d: NUMA node %d does not exist here (%u node%s)",
		       cfg->lock_node, cfg->lock_node, lb_topo_info()->numa_nodes,
		       LB_S(lb_topo_info()->numa_nodes));
	for (unsigned i = 0; i < cfg->nformats; i++)
		if (cfg->formats[i]->check && cfg->formats[i]->check(cfg, why, sizeof(why)))
			lb_die(LB_EXIT_USAGE, "--format=%s: %s", cfg->formats[i]->name, why);
}

/* The run's points (run.h), or exit 1. */
static void make_points(const struct lb_plan *plan, struct lb_points *pts)
{
	if (lb_plan_points(plan, pts))
		lb_die(LB_EXIT_RUNTIME, "out of memory for the points of the run");
}

/* Threads on SMT siblings share a core's pipeline: the figures are not the lock's alone. */
static void warn_smt(const struct lb_plan *plan)
{
	unsigned most = 0, at = 0;
	int pair[2] = { -1, -1 }, pr[2];

	if (plan->cfg->place == LB_PLACE_NONE)
		return;
	for (unsigned k = 0; k < plan->nthreads; k++) {
		unsigned n = lb_smt_shared(plan->pus, plan->npus, plan->threads[k], pr);

		if (n > most) {
			most = n;
			at = plan->threads[k];
			pair[0] = pr[0];
			pair[1] = pr[1];
		}
	}
	if (most)
		lb_warn("threads share a core: at %u threads, %u run on SMT siblings (e.g. CPUs %d and "
			"%d), so each gets part of a core and the figures are not the lock's alone",
			at, most, pair[0], pair[1]);
}

/* Other work on the placement's CPUs during the start-up takes time from the points. */
static void warn_busy(const struct lb_plan *plan, struct lb_hygiene *h,
		      const struct lb_cpustat *start)
{
	struct lb_cpustat now;
	double limit = lb_busy_warn_pct();

	/*
	 * /proc/stat counts in ticks: a short start-up (calibration alone is
	 * ~25 ms) may span too few of them to tell; wait, 10 ms at a time and
	 * 100 ms at most, until it spans enough
	 */
	for (unsigned tries = 0;; tries++) {
		if (lb_cpustat_read(&now))
			return;
		h->busy_other_pct = lb_cpustat_busy_other(start, &now, plan->pus, plan->npus);
		h->busy_window_ms = now.at_ms - start->at_ms;
		lb_cpustat_free(&now);
		if (h->busy_other_pct >= 0 || tries >= 10)
			break;
		usleep(10000);
	}
	if (h->busy_other_pct >= 0 && h->busy_other_pct >= limit)
		lb_warn("other work on the placement's CPUs: %.0f%% busy before the run (load average "
			"%.2f; warning at %.0f%%), so the points share their CPUs and the figures are "
			"low and noisy", h->busy_other_pct, h->loadavg[0], limit);
}

/* Time the hypervisor gave to others while a point ran is time the point did not have. */
static void warn_steal(const struct lb_result *res, unsigned n)
{
	unsigned with = 0, worst = 0;

	if (lb_busy_warn_pct() > 100)
		return;	/* never: the header and the CSV still say it */
	for (unsigned i = 0; i < n; i++) {
		if (res[i].steal_ms <= 0)
			continue;
		if (!with++ || res[i].steal_ms > res[worst].steal_ms)
			worst = i;
	}
	if (with)
		lb_warn("steal time during %u of %u points (the most, %.0f ms, at %s with %u "
			"threads): the hypervisor ran something else on their CPUs", with, n,
			res[worst].steal_ms, res[worst].point.ops->name, res[worst].point.nthreads);
}

/* --plan: print the points, and exit without running them. */
LB_NORETURN static void print_plan(const struct lb_plan *plan)
{
	struct lb_points pts;

	warn_smt(plan);
	make_points(plan, &pts);
	/*
	 * this machine: the fixed-work points' time from a probe of each
	 * (estimate.c); simulated: every point's wall time from its probe
	 */
	if (lb_topo_info()->thissystem || plan->sim) {
		lb_clock_calibrate();	/* nothing under --simulate: the profile's clock */
		lb_points_estimate(&pts, true);
	}
	lb_plan_print(stdout, plan, &pts);
	lb_points_free(&pts);
	lb_exit(LB_EXIT_OK);
}

/* What must fail before a long run: the baseline's file, the output's directory, --trace. */
static void run_prepare(struct lb_plan *plan, struct lb_baseline *baseline)
{
	const struct lb_config *cfg = plan->cfg;
	char why[512];
	int rc;

	if (cfg->baseline) {
		rc = lb_baseline_load(cfg->baseline, baseline, why, sizeof(why));
		if (rc)
			lb_die(rc, "--baseline=%s: %s", cfg->baseline, why);
	}
	if (cfg->output) {
		rc = lb_output_open(cfg->output, &output);
		if (rc)
			lb_exit(rc);
	}
	if (cfg->trace) {
		/* root only; the instance is removed at exit and on signals (trace.h) */
		rc = lb_trace_open(&plan->trace, why, sizeof(why));
		if (rc)
			lb_die(rc, "--trace: %s", why);
	}
}

#define LB_PAUSE_STALL_WARN_PCT 5.0

/* The cycle counter, the pause and the timer's cost, measured once (clock.h). */
static void calibrate_clock(void)
{
	lb_clock_calibrate();
	lb_info("clock: %s at %.3f MHz, pause %.2f ns (%.1f cycles), counter read %.1f cycles, "
		"calibrated in %.1f ms", lb_clock.source, lb_clock.tsc_per_ns * 1e3, lb_clock.pause_ns,
		lb_clock.pause_cycles, lb_clock.read_cycles_avg, lb_clock.calib_ms);
	/*
	 * A hypervisor that traps pause (pause-loop exiting) stalls pause
	 * streams alone, often and briefly: many stalls, several times the
	 * add loop's. Other work on the CPU stalls both, a few long times.
	 * LOCKBENCH_BUSY_WARN over 100 (the tests) silences it too.
	 */
	if (lb_busy_warn_pct() <= 100 && lb_clock.pause_stall_pct >= LB_PAUSE_STALL_WARN_PCT &&
	    lb_clock.pause_stalls >= 50 && lb_clock.pause_stalls > 3 * lb_clock.loop_stalls)
		lb_warn("a stream of pauses stalls (over 5 us) %.1f%% of the time here, a "
			"dependent-add loop %.1f%%: the hypervisor traps pause, so --load and "
			"--delay in pauses move with it (--load-unit=loop keeps the sections out of "
			"it; the locks' spinning still pauses)", lb_clock.pause_stall_pct,
			lb_clock.loop_stall_pct);
}

/*
 * --c2c: this machine's simulation profile from its round trips, for
 * --simulate without --topology and for --sim-profile-out, which writes it
 */
static void measure_profile(struct lb_plan *plan)
{
	const struct lb_config *cfg = plan->cfg;
	char why[256], *text = NULL;
	size_t textlen = 0;
	FILE *mem;

	if (!plan->nc2c || (!cfg->sim_profile_out && (!cfg->simulate || cfg->topology)))
		return;
	plan->measured = malloc(sizeof(*plan->measured));
	if (!plan->measured)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	if (lb_sim_profile_measured(plan, plan->measured, why, sizeof(why)))
		lb_die(LB_EXIT_RUNTIME, "--c2c: %s", why);
	if (!cfg->sim_profile_out)
		return;
	mem = open_memstream(&text, &textlen);
	if (!mem || lb_sim_profile_print(mem, plan, plan->measured) || fclose(mem))
		lb_die(LB_EXIT_RUNTIME, "out of memory for the profile");
	{
		struct lb_output po;
		int rc = lb_output_open_as("--sim-profile-out", cfg->sim_profile_out, &po);

		if (!rc)
			rc = lb_output_write(&po, text, textlen);
		if (rc)
			lb_exit(rc);	/* one line said by file.c */
	}
	free(text);
}

/* --c2c: the core-to-core round trips of the placement, before the points. */
static void measure_c2c(struct lb_plan *plan)
{
	struct lb_c2c *c2c = NULL;
	int err;

	if (!plan->cfg->c2c)
		return;
	err = lb_c2c_run(plan->pus, plan->npus, &c2c, &plan->nc2c);
	if (err)
		lb_die(LB_EXIT_RUNTIME, "--c2c: cannot run the round-trip threads: %s",
		       strerror(-err));
	if (!plan->nc2c)
		lb_warn("--c2c: the placement has one CPU, so no pair to measure");
	plan->c2c = c2c;
	for (unsigned i = 0; i < plan->nc2c; i++)
		if (c2c[i].rmw_run > 0)
			lb_info("c2c: CPU %d <-> CPU %d round trip %.1f ns (min %.1f, p90 %.1f); "
				"contending fetch-adds ran %.2f in a row, %.2f ns an add",
				c2c[i].cpu_a, c2c[i].cpu_b, c2c[i].rt_ns_median, c2c[i].rt_ns_min,
				c2c[i].rt_ns_p90, c2c[i].rmw_run, c2c[i].rmw_add_ns);
		else
			lb_info("c2c: CPU %d <-> CPU %d round trip %.1f ns (min %.1f, p90 %.1f); "
				"contending fetch-adds: no run measured (every run was longer "
				"than %d: one CPU ran alone)", c2c[i].cpu_a, c2c[i].cpu_b,
				c2c[i].rt_ns_median, c2c[i].rt_ns_min, c2c[i].rt_ns_p90,
				LB_C2C_RUN_MAX);
	measure_profile(plan);
}

/* --simulate: the simulated machine and its profile (after --c2c, this machine's), the clock */
static void simulate_setup(struct lb_plan *plan)
{
	const struct lb_config *cfg = plan->cfg;
	const struct lb_sim_env *env;
	char why[512];

	if (cfg->c2c && !cfg->plan)
		measure_c2c(plan);
	if (lb_sim_env_setup(plan, why, sizeof(why))) {
		if (cfg->sim_profile)
			lb_die(LB_EXIT_USAGE, "--sim-profile=%s: %s", cfg->sim_profile, why);
		lb_die(LB_EXIT_RUNTIME, "--simulate: %s", why);
	}
	env = plan->sim;
	lb_info("simulated machine: %s (%s), profile %s from %s, --seed=%llu --sim-jitter=%g%%", env->name,
		env->machine.name, env->profile.name, env->profile_from,
		(unsigned long long)env->seed, env->jitter_pct);
}

/* Every format from the same results, one after the other (-f A,B), to -o or stdout. */
static int report(const struct lb_plan *plan, const struct lb_baseline *baseline,
		  const struct lb_hygiene *hyg, const struct lb_result *results, unsigned nresults,
		  unsigned nran, unsigned npoints, const char *baseline_machine)
{
	const struct lb_config *cfg = plan->cfg;
	struct lb_report rep;
	char *text = NULL;
	size_t textlen = 0;
	FILE *mem;
	bool header = false;
	int rc;

	memset(&rep, 0, sizeof(rep));
	rep.cfg = cfg;
	rep.topo = lb_topo_info();
	rep.pus = plan->pus;
	rep.npus = plan->npus;
	rep.results = results;
	rep.nresults = nresults;
	rep.npoints = npoints;
	rep.partial = nran < npoints;
	rep.nran = nran;
	rep.fixed_time = cfg->duration > 0;
	rep.baseline = baseline->results;
	rep.nbaseline = baseline->n;
	rep.baseline_path = cfg->baseline;
	rep.baseline_machine = baseline_machine;
	rep.c2c = plan->c2c;
	rep.nc2c = plan->nc2c;
	rep.hyg = hyg;
	lb_report_fill_host(&rep);

	mem = open_memstream(&text, &textlen);
	if (!mem)
		lb_die(LB_EXIT_RUNTIME, "out of memory for the output");
	for (unsigned i = 0; i < cfg->nformats; i++) {
		/* the header once, over the first text report; never in CSV or JSON */
		if (!cfg->formats[i]->data && !cfg->no_header && !header) {
			header = true;
			if (lb_output_header(mem, &rep))
				lb_die(LB_EXIT_RUNTIME, "cannot format the report's header");
		}
		if (cfg->formats[i]->write(mem, &rep))
			lb_die(LB_EXIT_RUNTIME, "cannot format the %s output", cfg->formats[i]->name);
	}
	if (fclose(mem))
		lb_die(LB_EXIT_RUNTIME, "cannot format the output");
	if (cfg->output) {
		rc = lb_output_write(&output, text, textlen);
	} else {
		rc = fwrite(text, 1, textlen, stdout) == textlen && fflush(stdout) == 0 ? 0 :
		     LB_EXIT_RUNTIME;
		if (rc)
			lb_err("cannot write the results to standard output: %s", strerror(errno));
	}
	free(text);
	return rc;
}

int main(int argc, char **argv)
{
	static struct lb_config cfg;
	struct lb_plan plan = { .cfg = &cfg };
	struct lb_points points;
	struct lb_baseline baseline = { 0 };
	static char baseline_machine[800];
	struct lb_result *results = NULL;
	unsigned nresults = 0, nran;
	struct lb_cpustat startup;
	struct lb_hygiene hyg;
	int rc;

	process_setup();
	if (argc > 1 && strcmp(argv[1], "report") == 0)	/* lockbench report FILE... */
		return lb_report_main(argc - 1, argv + 1);
	/* the start-up is the window that shows other work on the CPUs (warn_busy()) */
	lb_cpustat_read(&startup);
	lb_options_parse(&cfg, argc, argv);
	plan_setup(&plan);
	if (cfg.plan && cfg.simulate)
		simulate_setup(&plan);	/* the probes of the wall time (no --c2c: a plan measures nothing) */
	if (cfg.plan)
		print_plan(&plan);
	if (!cfg.simulate)
		warn_smt(&plan);
	lb_hygiene_read(&hyg, plan.pus, plan.npus);
	run_prepare(&plan, &baseline);
	/* --simulate: the profile's clock, calibrated here only for --c2c (this machine's) */
	if (!cfg.simulate || cfg.c2c)
		calibrate_clock();
	if (cfg.simulate)
		simulate_setup(&plan);
	if (cfg.torture) {	/* its own rounds (torture.c), a summary line per lock */
		rc = lb_torture_run(&plan, stdout);
		lb_exit(rc ? rc : lb_tree_exit_code());
	}
	/* after the calibration (--load-ns) and --trace: the points carry both */
	make_points(&plan, &points);
	check_baseline(&cfg, &points, &baseline, baseline_machine, sizeof(baseline_machine));
	if (!cfg.simulate) {
		measure_c2c(&plan);
		warn_busy(&plan, &hyg, &startup);
	}
	lb_cpustat_free(&startup);
	/* fixed work: each point's time from a short probe of it, for the estimate */
	lb_points_estimate(&points, lb_topo_info()->thissystem);
	lb_run_announce(&plan, &points);

	running = 1;
	rc = lb_run_all(&plan, &points, lb_verbose > 0 ? lb_output_point_verbose : NULL, &results,
			&nresults);
	running = 0;
	if (rc)
		lb_exit(rc);
	lb_mark_host_outliers(results, nresults);
	warn_steal(results, nresults);
	if (lb_stop_requested)
		lb_warn("interrupted (%s) after %u of %u points: writing those, marked partial",
			lb_stop_requested == SIGINT ? "SIGINT" : "SIGTERM", nresults, points.n);
	nran = nresults;
	if (cfg.drop_disturbed)
		lb_drop_disturbed(results, &nresults);
	rc = report(&plan, &baseline, &hyg, results, nresults, nran, points.n, baseline_machine);
	if (!rc && lb_stop_requested)
		rc = 128 + lb_stop_requested;

	for (unsigned i = 0; i < nresults; i++)
		lb_result_free(&results[i]);
	free(results);
	lb_points_free(&points);
	lb_trace_close(plan.trace);
	lb_plan_free(&plan);
	lb_sim_env_free(plan.sim);
	free(plan.measured);
	lb_baseline_free(&baseline);
	lb_config_free(&cfg);
	lb_topo_fini();
	/* a tree lock that did not build was skipped (its line said why): the others ran */
	lb_exit(rc ? rc : lb_tree_exit_code());
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * main.c - lockbench: argv -> configuration -> placement -> run -> report
 */
#include "config.h"

#include <errno.h>
#include <libgen.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/baseline.h"
#include "base/clock.h"
#include "base/log.h"
#include "cli/options.h"
#include "output/output.h"
#include "output/file.h"
#include "locks/registry.h"
#include "plan/run.h"
#include "machine/topology.h"
#include "kernel/trace.h"

static char tmp_path[4096];	/* the output's temporary file, while it exists */

static void remove_tmp(void)
{
	if (tmp_path[0])
		unlink(tmp_path);
	tmp_path[0] = '\0';
}

static void on_signal(int sig)
{
	/* async-signal-safe: unlink, the lb_at_signal() clean-ups (rmdir, close) and _exit */
	if (tmp_path[0])
		unlink(tmp_path);
	lb_signal_cleanup();
	_exit(128 + sig);
}

/* Fail early, before a long run, when -o cannot be written. */
static void check_output_path(const char *path)
{
	char *copy = strdup(path), *dir;
	struct stat st;

	if (!copy)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		lb_die(LB_EXIT_USAGE, "--output=%s: is a directory", path);
	dir = dirname(copy);
	if (access(dir, W_OK | X_OK))
		lb_die(LB_EXIT_USAGE, "--output=%s: cannot write in directory %s: %s", path, dir,
		       strerror(errno));
	free(copy);
}

/* Write @len bytes to @path: output/file.c decides how (a temporary file and rename(2), or in place). */
static int write_atomically(const char *path, const char *buf, size_t len)
{
	return lb_output_write_file(path, buf, len);
}

/* Will any point of the plan find its counterpart in the baseline? */
static bool baseline_matches(const struct lb_plan *plan, const struct lb_baseline *b)
{
	const struct lb_config *c = plan->cfg;

	for (unsigned lk = 0; lk < c->nlocks; lk++)
		for (unsigned ti = 0; ti < plan->nthreads; ti++)
			for (unsigned ri = 0; ri < c->nratios; ri++)
				for (unsigned li = 0; li < c->nloads; li++) {
					struct lb_point p = {
						.ops = c->locks[lk],
						.ratio = c->ratios[ri],
						.nthreads = plan->threads[ti],
						.load_arg = c->loads[li],
						.load_ns = c->load_ns,
						.duration = c->duration,
					};

					if (lb_baseline_has(b, &p))
						return true;
				}
	return false;
}

int main(int argc, char **argv)
{
	static struct lb_config cfg;
	struct lb_plan plan = { .cfg = &cfg };
	struct lb_report rep;
	struct lb_baseline baseline = { 0 };
	struct lb_result *results = NULL;
	unsigned nresults = 0;
	char why[512];
	char *text = NULL;
	size_t textlen = 0;
	FILE *mem;
	int rc;

	if (lb_lock_registry_check(stderr))
		lb_die(LB_EXIT_RUNTIME, "internal error: the lock registry is inconsistent");
	lb_at_exit(remove_tmp);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);

	lb_options_parse(&cfg, argc, argv);

	if (lb_topo_load(cfg.topology, why, sizeof(why))) {
		if (cfg.topology)
			lb_die(LB_EXIT_USAGE, "--topology=%s: %s", cfg.topology, why);
		lb_die(LB_EXIT_RUNTIME, "%s", why);
	}
	if (!lb_topo_info()->thissystem && !cfg.plan)
		lb_die(LB_EXIT_USAGE, "the topology hwloc loaded is not this machine (%s is set?); "
		       "unset it, or add --plan to print the placement only", lb_topo_info()->source);
	if (lb_topo_place(cfg.place, cfg.cpus, cfg.physical, (struct lb_pu **)&plan.pus, &plan.npus, why, sizeof(why)))
		lb_die(LB_EXIT_USAGE, "--cpus=%s: %s", cfg.cpus ? cfg.cpus : "", why);
	if (lb_threads_expand(cfg.telems, cfg.ntelems, plan.npus, &plan.threads, &plan.tgroup,
			      &plan.nthreads, why, sizeof(why)))
		lb_die(LB_EXIT_USAGE, "--threads: %s", why);
	if (lb_plan_roles(&plan))
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	if (cfg.lock_node >= 0 && !lb_topo_numa_valid(cfg.lock_node))
		lb_die(LB_EXIT_USAGE, "--lock-node=%d: NUMA node %d does not exist here (%u node(s))",
		       cfg.lock_node, cfg.lock_node, lb_topo_info()->numa_nodes);
	for (unsigned i = 0; i < cfg.nformats; i++)
		if (cfg.formats[i]->check && cfg.formats[i]->check(&cfg, why, sizeof(why)))
			lb_die(LB_EXIT_USAGE, "--format=%s: %s", cfg.formats[i]->name, why);
	if (cfg.plan) {
		lb_plan_print(stdout, &plan);
		lb_exit(LB_EXIT_OK);
	}
	if (cfg.baseline) {
		rc = lb_baseline_load(cfg.baseline, &baseline, why, sizeof(why));
		if (rc)
			lb_die(rc, "--baseline=%s: %s", cfg.baseline, why);
		if (!baseline_matches(&plan, &baseline))
			lb_die(LB_EXIT_USAGE, "--baseline=%s: no point of this run is in it (lock, ratio, "
			       "threads, load, load unit and ops/duration mode must match)",
			       cfg.baseline);
	}
	if (cfg.output)
		check_output_path(cfg.output);
	if (cfg.trace) {
		/* root only; the instance is removed at exit and on signals (trace.h) */
		rc = lb_trace_open(&plan.trace, why, sizeof(why));
		if (rc)
			lb_die(rc, "--trace: %s", why);
	}

	lb_clock_calibrate();
	lb_info("clock: %s at %.3f MHz, pause %.2f ns (%.1f cycles), counter read %.1f cycles, "
		"calibrated in %.1f ms", lb_clock.source, lb_clock.tsc_per_ns * 1e3, lb_clock.pause_ns,
		lb_clock.pause_cycles, lb_clock.read_cycles_avg, lb_clock.calib_ms);

	if (cfg.c2c) {
		struct lb_c2c *c2c = NULL;
		int err = lb_c2c_run(plan.pus, plan.npus, &c2c, &plan.nc2c);

		if (err)
			lb_die(LB_EXIT_RUNTIME, "--c2c: cannot run the round-trip threads: %s",
			       strerror(-err));
		if (!plan.nc2c)
			lb_warn("--c2c: the placement has one CPU, so no pair to measure");
		plan.c2c = c2c;
		for (unsigned i = 0; i < plan.nc2c; i++)
			lb_info("c2c: CPU %d <-> CPU %d round trip %.1f ns (min %.1f, p90 %.1f)",
				c2c[i].cpu_a, c2c[i].cpu_b, c2c[i].rt_ns_median, c2c[i].rt_ns_min,
				c2c[i].rt_ns_p90);
	}

	rc = lb_run_all(&plan, lb_verbose > 0 ? lb_output_point_verbose : NULL, &results, &nresults);
	if (rc)
		lb_exit(rc);

	memset(&rep, 0, sizeof(rep));
	rep.cfg = &cfg;
	rep.topo = lb_topo_info();
	rep.pus = plan.pus;
	rep.npus = plan.npus;
	rep.results = results;
	rep.nresults = nresults;
	rep.fixed_time = cfg.duration > 0;
	rep.baseline = baseline.results;
	rep.nbaseline = baseline.n;
	rep.baseline_path = cfg.baseline;
	rep.c2c = plan.c2c;
	rep.nc2c = plan.nc2c;
	lb_report_fill_host(&rep);

	/* every format from the same results, one after the other (-f A,B) */
	mem = open_memstream(&text, &textlen);
	if (!mem)
		lb_die(LB_EXIT_RUNTIME, "out of memory for the output");
	for (unsigned i = 0; i < cfg.nformats; i++)
		if (cfg.formats[i]->write(mem, &rep))
			lb_die(LB_EXIT_RUNTIME, "cannot format the %s output", cfg.formats[i]->name);
	if (fclose(mem))
		lb_die(LB_EXIT_RUNTIME, "cannot format the output");
	if (cfg.output) {
		rc = write_atomically(cfg.output, text, textlen);
	} else {
		rc = fwrite(text, 1, textlen, stdout) == textlen && fflush(stdout) == 0 ? 0 :
		     LB_EXIT_RUNTIME;
		if (rc)
			lb_err("cannot write the results to standard output: %s", strerror(errno));
	}
	free(text);
	for (unsigned i = 0; i < nresults; i++)
		lb_result_free(&results[i]);
	free(results);
	lb_trace_close(plan.trace);
	lb_plan_free(&plan);
	lb_baseline_free(&baseline);
	lb_config_free(&cfg);
	lb_topo_fini();
	lb_exit(rc);
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * columns.c - the schema of a point's figures (columns.h): one row per
 * figure, in CSV column order within each group; the values are
 * colget.c's, --baseline's reading back colput.c's
 *
 * Format 2 (this one): the core columns are the same for every run; the
 * groups (roles, latency, --c2c, --perf, --trace) appear in the CSV when
 * the run measures them; the event counters are one column in long form.
 * What a column does not say for a point is an empty field: ops_per_thread
 * in fixed time, duration_s in fixed work, load_ns without --load-ns.
 * Format 1 differed in: load_unit was "ns" (--load-ns given) or "pause",
 * load_pauses and delay_pauses held the units of --load-unit, wait_unit
 * and wait_unit_ns were --load-unit and its ns, every group was in every
 * CSV, and the counters were a ctr_NAME column each, for the locks of the
 * run; --baseline reads both.
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

#include <string.h>

#include "base/log.h"
#include "output/columns.h"

#define CSV LB_COL_CSV
#define JSON LB_COL_JSON
#define BOTH (LB_COL_CSV | LB_COL_JSON)

/* a member of struct lb_result; PUT: and --baseline reads it back */
#define FIELD(m) .get = lb_col_field, .off = offsetof(struct lb_result, m), \
	.size = sizeof(((struct lb_result *)0)->m)
#define PUT(m) FIELD(m), .put = lb_col_put_field
#define REPORT(m) .get = lb_col_report, .off = offsetof(struct lb_report, m)
#define TRACE(m) .get = lb_col_trace, .off = offsetof(struct lb_trace_vals, m)

/* the latency group: LAT() of which acquisitions, which figure, in cycles or ns */
#define LATR(n, u, t, d, which, fig, ns) \
	{ .name = n, .unit = u, .type = t, .dec = d, .flags = CSV, .group = LB_GRP_LATENCY, \
	  .get = lb_col_lat, .arg = LB_LAT(which, fig, ns) }
#define LAT6(w, u, ns) \
	LATR("lat_min_" u, u, ns ? LB_COL_DBL : LB_COL_U64, 1, w, LB_LAT_MIN, ns), \
	LATR("lat_avg_" u, u, LB_COL_DBL, 1, w, LB_LAT_AVG, ns), \
	LATR("lat_p50_" u, u, ns ? LB_COL_DBL : LB_COL_U64, 1, w, LB_LAT_P50, ns), \
	LATR("lat_p99_" u, u, ns ? LB_COL_DBL : LB_COL_U64, 1, w, LB_LAT_P99, ns), \
	LATR("lat_p999_" u, u, ns ? LB_COL_DBL : LB_COL_U64, 1, w, LB_LAT_P999, ns), \
	LATR("lat_max_" u, u, ns ? LB_COL_DBL : LB_COL_U64, 1, w, LB_LAT_MAX, ns)
#define LAT3(n, w) \
	LATR("lat_" n "_p50_cycles", "cycles", LB_COL_U64, 0, w, LB_LAT_P50, 0), \
	LATR("lat_" n "_p99_cycles", "cycles", LB_COL_U64, 0, w, LB_LAT_P99, 0), \
	LATR("lat_" n "_max_cycles", "cycles", LB_COL_U64, 0, w, LB_LAT_MAX, 0)
/* a statistic over the repetitions of the point, in the JSON's summary object */
#define SUMMARY(n, u, d, fl, fig, stat) \
	{ .name = n, .json = "summary." n, .unit = u, .type = LB_COL_DBL, .dec = d, .flags = fl, \
	  .get = lb_col_summary, .arg = LB_SUM(fig, stat) }
#define PERF(n, u, t, ev) \
	{ .name = n, .unit = u, .type = t, .dec = 3, .flags = CSV, .group = LB_GRP_PERF, \
	  .get = lb_col_perf, .arg = ev }
#define TRACEU(n, m) \
	{ .name = n, .type = LB_COL_U64, .flags = CSV, .group = LB_GRP_TRACE, TRACE(m) }
#define TBIT(n, b) \
	{ .name = "trace_" n "_contentions", .type = LB_COL_U64, .flags = CSV, \
	  .group = LB_GRP_TRACE, .get = lb_col_trace_bit, .arg = b }, \
	{ .name = "trace_" n "_wait_ms", .unit = "ms", .type = LB_COL_DBL, .dec = 3, \
	  .flags = CSV, .group = LB_GRP_TRACE, .get = lb_col_trace_bit, .arg = b }
/* the sim group: a text, a number, a counter of the engine (struct lb_sim_stats) */
#define SIMN(n, j, u, t, d, a, o) \
	{ .name = n, .json = "simulation." j, .unit = u, .type = t, .dec = d, .flags = BOTH, \
	  .group = LB_GRP_SIM, .get = lb_col_sim, .arg = a, .off = o }
#define SIMS(n, j, a) SIMN(n, j, NULL, LB_COL_STR, 0, a, 0)
#define SIMU(n, j, m) SIMN(n, j, NULL, LB_COL_U64, 0, LB_SIMC_U64, offsetof(struct lb_result, m))
/* a run-hygiene figure (hygiene.h), the same for every point */
#define HYG(n, u, t, d, a) \
	{ .name = n, .unit = u, .type = t, .dec = d, .flags = CSV, .get = lb_col_hyg, .arg = a }

const struct lb_column lb_columns[] = {
	/* the run: the format, the build, the command, the host and machine */
	{ .name = "format_version", .type = LB_COL_INT, .flags = CSV | LB_COL_BASELINE,
	  .get = lb_col_format_version },
	{ .name = "lockbench_version", .type = LB_COL_STR, .flags = CSV, .get = lb_col_version },
	{ .name = "command", .type = LB_COL_STR, .flags = CSV, .get = lb_col_command },
	/* none in a simulated run: its CSV is the same for the same command and seed */
	{ .name = "timestamp", .type = LB_COL_STR, .flags = CSV, .get = lb_col_timestamp },
	{ .name = "host", .type = LB_COL_STR, .flags = CSV, REPORT(host) },
	{ .name = "kernel", .type = LB_COL_STR, .flags = CSV, REPORT(kernel) },
	{ .name = "cpu_model", .type = LB_COL_STR, .flags = CSV, .get = lb_col_topo,
	  .arg = LB_TOPO_CPU_MODEL },
	{ .name = "topology", .type = LB_COL_STR, .flags = CSV, .get = lb_col_topo,
	  .arg = LB_TOPO_SOURCE },
	/* the point: the lock and the options that made it */
	{ .name = "lock", .type = LB_COL_STR, .flags = BOTH | LB_COL_BASELINE, .get = lb_col_lock,
	  .arg = LB_LOCKCOL_NAME },
	{ .name = "kind", .type = LB_COL_STR, .flags = BOTH, .get = lb_col_lock,
	  .arg = LB_LOCKCOL_KIND },
	{ .name = "family", .type = LB_COL_STR, .flags = BOTH, .get = lb_col_lock,
	  .arg = LB_LOCKCOL_FAMILY },
	/* what the lock follows: a model's kernel version or paper, a tree lock's tree and files */
	{ .name = "lock_follows", .type = LB_COL_STR, .flags = BOTH, .get = lb_col_lock,
	  .arg = LB_LOCKCOL_FOLLOWS },
	/* JSON: an object */
	{ .name = "lock_options", .type = LB_COL_STR, .flags = CSV, .get = lb_col_lock_options },
	{ .name = "ratio", .type = LB_COL_STR, .flags = BOTH, .get = lb_col_ratio },
	{ .name = "ratio_reads", .type = LB_COL_U64, .flags = BOTH | LB_COL_BASELINE,
	  .get = lb_col_ratio, .arg = 'r', .off = offsetof(struct lb_result, point.mix.r),
	  .size = sizeof(unsigned), .put = lb_col_put_field },
	{ .name = "ratio_writes", .type = LB_COL_U64, .flags = BOTH | LB_COL_BASELINE,
	  .get = lb_col_ratio, .arg = 'w', .off = offsetof(struct lb_result, point.mix.w),
	  .size = sizeof(unsigned), .put = lb_col_put_field },
	{ .name = "threads", .type = LB_COL_U64, .flags = BOTH | LB_COL_BASELINE,
	  PUT(point.nthreads) },
	/* the critical section, in units of load_unit (from --load-ns when load_ns is set) */
	{ .name = "load", .unit = "load units", .type = LB_COL_U64, .flags = BOTH | LB_COL_BASELINE,
	  FIELD(point.load), .put = lb_col_put_load },
	{ .name = "load_ns", .unit = "ns", .type = LB_COL_U64,
	  .flags = BOTH | LB_COL_BASELINE | LB_COL_BASE_EMPTY, .get = lb_col_load_ns,
	  .put = lb_col_put_load_ns },
	{ .name = "load_unit", .type = LB_COL_STR, .flags = BOTH | LB_COL_BASELINE,
	  .get = lb_col_word, .arg = LB_WORD_LOAD_UNIT, .put = lb_col_put_word },
	{ .name = "load_unit_ns", .unit = "ns", .type = LB_COL_DBL, .dec = 3, .flags = BOTH,
	  .get = lb_col_unit, .arg = LB_UNIT_NS },
	{ .name = "delay", .unit = "load units", .type = LB_COL_U64, .flags = BOTH,
	  FIELD(point.delay) },
	{ .name = "mode", .type = LB_COL_STR, .flags = BOTH | LB_COL_BASELINE, .get = lb_col_word,
	  .arg = LB_WORD_MODE, .put = lb_col_put_word },
	/* --baseline reads these two too, when the file has them (cli/baseline.c) */
	{ .name = "ops_per_thread", .unit = "ops", .type = LB_COL_U64, .flags = BOTH,
	  .get = lb_col_ops_per_thread, .off = offsetof(struct lb_result, point.nops),
	  .size = sizeof(uint64_t), .put = lb_col_put_field },
	{ .name = "duration_s", .unit = "s", .type = LB_COL_DBL, .dec = LB_COL_G, .flags = BOTH,
	  .get = lb_col_duration, .off = offsetof(struct lb_result, point.duration),
	  .size = sizeof(double), .put = lb_col_put_field },
	{ .name = "repeat", .type = LB_COL_U64, .flags = BOTH | LB_COL_BASELINE,
	  .get = lb_col_repeat, .put = lb_col_put_repeat },
	{ .name = "scenario", .type = LB_COL_STR, .flags = BOTH, .get = lb_col_word,
	  .arg = LB_WORD_SCENARIO },
	{ .name = "phase", .type = LB_COL_STR, .flags = BOTH, .get = lb_col_phase,
	  .arg = LB_PHASE_NAME },
	{ .name = "phase_title", .type = LB_COL_STR, .flags = JSON, .get = lb_col_phase,
	  .arg = LB_PHASE_TITLE },
	{ .name = "placement", .type = LB_COL_STR, .flags = CSV, .get = lb_col_placement },
	/* JSON: each thread's cpu */
	{ .name = "cpus", .type = LB_COL_STR, .flags = CSV, .get = lb_col_cpus },
	{ .name = "lock_node", .type = LB_COL_INT, .flags = BOTH, .get = lb_col_lock_node },
	{ .name = "lock_domain", .type = LB_COL_STR, .flags = CSV, .get = lb_col_domains,
	  .arg = LB_DOMAINS_LEVEL },	/* JSON: the level is in the configuration */
	{ .name = "domains", .type = LB_COL_U64, .flags = BOTH, .get = lb_col_domains,
	  .arg = LB_DOMAINS_N },
	{ .name = "domains_pretend", .type = LB_COL_BOOL, .flags = BOTH, .get = lb_col_domains,
	  .arg = LB_DOMAINS_PRETEND },
	{ .name = "validate", .type = LB_COL_BOOL, .flags = BOTH, FIELD(point.validate) },
	{ .name = "processes", .type = LB_COL_BOOL, .flags = BOTH, FIELD(point.processes) },
	/* its figures */
	{ .name = "exec_time_ms", .unit = "ms", .type = LB_COL_DBL, .dec = 6,
	  .flags = BOTH | LB_COL_BASELINE, PUT(exec_ms) },
	{ .name = "ops_total", .unit = "ops", .type = LB_COL_U64, .flags = BOTH, FIELD(ops_total) },
	{ .name = "ops_per_s", .unit = "ops/s", .type = LB_COL_DBL, .dec = 1,
	  .flags = BOTH | LB_COL_BASELINE, PUT(ops_per_s) },
	{ .name = "read_ops", .unit = "ops", .type = LB_COL_U64, .flags = BOTH, FIELD(reads) },
	{ .name = "write_ops", .unit = "ops", .type = LB_COL_U64, .flags = BOTH, FIELD(writes) },
	{ .name = "ops_min", .unit = "ops", .type = LB_COL_U64, .flags = BOTH, FIELD(ops_min) },
	{ .name = "ops_min", .json = "fairness.ops_min", .unit = "ops", .type = LB_COL_U64,
	  .flags = JSON, FIELD(ops_min) },
	{ .name = "ops_mean", .unit = "ops", .type = LB_COL_DBL, .dec = 1, .flags = BOTH,
	  FIELD(ops_mean) },
	{ .name = "ops_mean", .json = "fairness.ops_mean", .unit = "ops", .type = LB_COL_DBL,
	  .flags = JSON, FIELD(ops_mean) },
	{ .name = "ops_max", .unit = "ops", .type = LB_COL_U64, .flags = BOTH, FIELD(ops_max) },
	{ .name = "ops_max", .json = "fairness.ops_max", .unit = "ops", .type = LB_COL_U64,
	  .flags = JSON, FIELD(ops_max) },
	{ .name = "fairness_jain", .type = LB_COL_DBL, .dec = 4, .flags = BOTH,
	  .get = lb_col_jain },
	{ .name = "fairness_jain", .json = "fairness.jain", .type = LB_COL_DBL, .flags = JSON,
	  .get = lb_col_jain },
	{ .name = "ns_per_op", .unit = "ns", .type = LB_COL_DBL, .dec = 3, .flags = BOTH,
	  .get = lb_col_ns_per_op },
	/* the event counters, "name=value;..." (JSON: the counters object) */
	{ .name = "counters", .type = LB_COL_STR, .flags = CSV, .get = lb_col_counters },
	/* the starvation watch */
	{ .name = "starve_window_ms", .json = "fairness.starve_window_ms", .unit = "ms",
	  .type = LB_COL_DBL, .flags = BOTH, FIELD(starve_window_ms) },
	{ .name = "starved_readers", .json = "fairness.starved_readers", .type = LB_COL_BOOL,
	  .flags = BOTH | LB_COL_JSON_NULL, .get = lb_col_starved, .arg = LB_WHO_READERS },
	{ .name = "starved_writers", .json = "fairness.starved_writers", .type = LB_COL_BOOL,
	  .flags = BOTH | LB_COL_JSON_NULL, .get = lb_col_starved, .arg = LB_WHO_WRITERS },
	{ .name = "max_gap_read_ms", .json = "fairness.max_gap_read_ms", .unit = "ms",
	  .type = LB_COL_DBL, .dec = 1, .flags = BOTH | LB_COL_JSON_NULL, .get = lb_col_starved,
	  .arg = LB_WHO_READERS },
	{ .name = "max_gap_write_ms", .json = "fairness.max_gap_write_ms", .unit = "ms",
	  .type = LB_COL_DBL, .dec = 1, .flags = BOTH | LB_COL_JSON_NULL, .get = lb_col_starved,
	  .arg = LB_WHO_WRITERS },
	/* the harness's own steps and the clock (JSON: the clock object) */
	{ .name = "setup_ms", .unit = "ms", .type = LB_COL_DBL, .dec = 4, .flags = BOTH,
	  FIELD(setup_ms) },
	{ .name = "teardown_ms", .unit = "ms", .type = LB_COL_DBL, .dec = 4, .flags = BOTH,
	  FIELD(teardown_ms) },
	{ .name = "tsc_mhz", .unit = "MHz", .type = LB_COL_DBL, .dec = 3, .flags = CSV,
	  .get = lb_col_clock, .arg = LB_CLOCK_MHZ },
	{ .name = "pause_ns", .unit = "ns", .type = LB_COL_DBL, .dec = 3, .flags = CSV,
	  .get = lb_col_clock, .arg = LB_CLOCK_PAUSE_NS },
	{ .name = "pause_stall_pct", .unit = "%", .type = LB_COL_DBL, .dec = 1, .flags = CSV,
	  .get = lb_col_clock, .arg = LB_CLOCK_PAUSE_STALL },
	{ .name = "loop_stall_pct", .unit = "%", .type = LB_COL_DBL, .dec = 1, .flags = CSV,
	  .get = lb_col_clock, .arg = LB_CLOCK_LOOP_STALL },
	/* did every thread run (kernel/sched.h): a point below LB_RAN_PCT is marked */
	{ .name = "cpu_min_pct", .json = "ran.cpu_min_pct", .unit = "%", .type = LB_COL_DBL,
	  .dec = 1, .flags = BOTH, FIELD(cpu_min_pct) },
	{ .name = "short_threads", .json = "ran.short_threads", .unit = "threads",
	  .type = LB_COL_U64, .flags = BOTH | LB_COL_BASELINE | LB_COL_BASE_EMPTY,
	  PUT(short_threads) },
	/* run hygiene (hygiene.h; JSON: the run-level ones are its hygiene object) */
	{ .name = "steal_ms", .unit = "ms", .type = LB_COL_DBL, .dec = 1,
	  .flags = BOTH | LB_COL_JSON_NULL, .get = lb_col_point_hyg, .arg = LB_PHYG_STEAL },
	/* the host's state: a c2c probe just before and after the repetition (plan/run.c) */
	{ .name = "host_probe_ns_before", .unit = "ns", .type = LB_COL_DBL, .dec = 1,
	  .flags = BOTH | LB_COL_JSON_NULL, .get = lb_col_point_hyg, .arg = LB_PHYG_PROBE_BEFORE },
	{ .name = "host_probe_ns_after", .unit = "ns", .type = LB_COL_DBL, .dec = 1,
	  .flags = BOTH | LB_COL_JSON_NULL, .get = lb_col_point_hyg, .arg = LB_PHYG_PROBE_AFTER },
	{ .name = "placement_cpus", .type = LB_COL_U64, .flags = BOTH, .get = lb_col_point_hyg,
	  .arg = LB_PHYG_PLACEMENT_CPUS },
	{ .name = "host_cpus", .type = LB_COL_U64, .flags = BOTH, .get = lb_col_point_hyg,
	  .arg = LB_PHYG_HOST_CPUS },
	{ .name = "smt_shared_threads", .unit = "threads", .type = LB_COL_U64, .flags = BOTH,
	  .get = lb_col_point_hyg, .arg = LB_PHYG_SMT },
	HYG("cpufreq_driver", NULL, LB_COL_STR, 0, LB_HYG_CPUFREQ_DRIVER),
	HYG("cpufreq_governor", NULL, LB_COL_STR, 0, LB_HYG_CPUFREQ_GOVERNOR),
	HYG("hypervisor", NULL, LB_COL_STR, 0, LB_HYG_HYPERVISOR),
	HYG("kernel_flags", NULL, LB_COL_STR, 0, LB_HYG_KERNEL_FLAGS),
	HYG("loadavg_1m", NULL, LB_COL_DBL, 2, LB_HYG_LOADAVG),
	HYG("busy_other_pct", "%", LB_COL_DBL, 1, LB_HYG_BUSY_OTHER),
	HYG("compiler", NULL, LB_COL_STR, 0, LB_HYG_COMPILER),
	HYG("cflags", NULL, LB_COL_STR, 0, LB_HYG_CFLAGS),
	HYG("git_revision", NULL, LB_COL_STR, 0, LB_HYG_GIT),
	/* the time budget (--point-timeout) and Ctrl-C (JSON: the run's "partial") */
	{ .name = "timed_out", .type = LB_COL_BOOL,
	  .flags = BOTH | LB_COL_BASELINE | LB_COL_BASE_EMPTY, FIELD(timed_out),
	  .put = lb_col_put_bool },
	{ .name = "partial", .type = LB_COL_BOOL, .flags = CSV, .get = lb_col_partial },
	/* what disturbed the repetition ("ran-short+steal+two-levels"; "" for nothing) */
	{ .name = "disturbed", .type = LB_COL_STR, .flags = BOTH, .get = lb_col_disturbed },
	{ .name = "repeats_dropped", .type = LB_COL_U64, .flags = BOTH, FIELD(repeats_dropped) },
	/* over the repetitions of the point (JSON: the summary object) */
	{ .name = "repeats", .json = "summary.repeats", .type = LB_COL_U64, .flags = BOTH,
	  .get = lb_col_summary, .arg = LB_SUM(LB_SUM_OPS_PER_S, LB_SUM_N) },
	SUMMARY("median_ops_per_s", "ops/s", 1, BOTH, LB_SUM_OPS_PER_S, LB_SUM_MEDIAN),
	SUMMARY("min_ops_per_s", "ops/s", 1, BOTH, LB_SUM_OPS_PER_S, LB_SUM_MIN),
	SUMMARY("max_ops_per_s", "ops/s", 1, BOTH, LB_SUM_OPS_PER_S, LB_SUM_MAX),
	SUMMARY("cv_pct", "%", 2, BOTH, LB_SUM_OPS_PER_S, LB_SUM_CV),
	SUMMARY("mean_ops_per_s", "ops/s", 1, JSON, LB_SUM_OPS_PER_S, LB_SUM_MEAN),
	SUMMARY("stdev_ops_per_s", "ops/s", 1, JSON, LB_SUM_OPS_PER_S, LB_SUM_STDEV),
	SUMMARY("median_exec_time_ms", "ms", 6, BOTH, LB_SUM_EXEC_MS, LB_SUM_MEDIAN),
	SUMMARY("min_exec_time_ms", "ms", 6, BOTH, LB_SUM_EXEC_MS, LB_SUM_MIN),
	SUMMARY("max_exec_time_ms", "ms", 6, BOTH, LB_SUM_EXEC_MS, LB_SUM_MAX),
	SUMMARY("cv_exec_time_pct", "%", 2, BOTH, LB_SUM_EXEC_MS, LB_SUM_CV),
	/* --simulate: every figure is virtual time on a modelled machine (the sim group) */
	{ .name = "simulated", .type = LB_COL_BOOL,
	  .flags = BOTH | LB_COL_BASELINE | LB_COL_BASE_EMPTY, FIELD(simulated),
	  .put = lb_col_put_bool },
	/* new core figures here; the groups follow */

	/* roles: the populations and each one's operations */
	{ .name = "roles", .type = LB_COL_STR, .flags = CSV, .group = LB_GRP_ROLES,
	  .get = lb_col_roles },	/* JSON: each thread's role */
	{ .name = "readers", .unit = "threads", .type = LB_COL_U64, .flags = CSV,
	  .group = LB_GRP_ROLES, .get = lb_col_population, .arg = LB_POP_READERS },
	{ .name = "writers", .unit = "threads", .type = LB_COL_U64, .flags = CSV,
	  .group = LB_GRP_ROLES, .get = lb_col_population, .arg = LB_POP_WRITERS },
	{ .name = "reader_ops_min", .unit = "ops", .type = LB_COL_U64, .flags = CSV,
	  .group = LB_GRP_ROLES, .get = lb_col_role_ops, .arg = LB_ROLE_OPS(0, LB_ROLE_OPS_MIN) },
	{ .name = "reader_ops_mean", .unit = "ops", .type = LB_COL_DBL, .dec = 1, .flags = CSV,
	  .group = LB_GRP_ROLES, .get = lb_col_role_ops, .arg = LB_ROLE_OPS(0, LB_ROLE_OPS_MEAN) },
	{ .name = "reader_ops_max", .unit = "ops", .type = LB_COL_U64, .flags = CSV,
	  .group = LB_GRP_ROLES, .get = lb_col_role_ops, .arg = LB_ROLE_OPS(0, LB_ROLE_OPS_MAX) },
	{ .name = "writer_ops_min", .unit = "ops", .type = LB_COL_U64, .flags = CSV,
	  .group = LB_GRP_ROLES, .get = lb_col_role_ops, .arg = LB_ROLE_OPS(1, LB_ROLE_OPS_MIN) },
	{ .name = "writer_ops_mean", .unit = "ops", .type = LB_COL_DBL, .dec = 1, .flags = CSV,
	  .group = LB_GRP_ROLES, .get = lb_col_role_ops, .arg = LB_ROLE_OPS(1, LB_ROLE_OPS_MEAN) },
	{ .name = "writer_ops_max", .unit = "ops", .type = LB_COL_U64, .flags = CSV,
	  .group = LB_GRP_ROLES, .get = lb_col_role_ops, .arg = LB_ROLE_OPS(1, LB_ROLE_OPS_MAX) },
	/* latency (JSON: the latency object, with each thread's) */
	{ .name = "latency_sample", .type = LB_COL_U64, .flags = CSV, .group = LB_GRP_LATENCY,
	  .get = lb_col_lat_setup, .arg = LB_LAT_SAMPLE_EVERY },
	{ .name = "lat_samples", .type = LB_COL_U64, .flags = CSV, .group = LB_GRP_LATENCY,
	  .get = lb_col_lat_setup, .arg = LB_LAT_SAMPLES },
	{ .name = "lat_calib_cycles", .unit = "cycles", .type = LB_COL_DBL, .dec = 1, .flags = CSV,
	  .group = LB_GRP_LATENCY, .get = lb_col_lat_setup, .arg = LB_LAT_CALIB },
	LAT6(LB_LAT_ALL, "cycles", 0),
	LAT6(LB_LAT_ALL, "ns", 1),
	LAT3("read", LB_LAT_READ),
	LAT3("write", LB_LAT_WRITE),
	/* per operation, against the core-to-core round trip (--c2c) */
	{ .name = "c2c_rt_ns", .unit = "ns", .type = LB_COL_DBL, .dec = 1, .flags = BOTH,
	  .group = LB_GRP_C2C, .get = lb_col_c2c, .arg = LB_C2C_RT },
	{ .name = "ns_per_op_per_c2c", .type = LB_COL_DBL, .dec = 4, .flags = BOTH,
	  .group = LB_GRP_C2C, .get = lb_col_c2c, .arg = LB_C2C_PER_OP },
	/* --perf (JSON: the perf object, with why an event was not counted) */
	PERF("perf_task_clock_ms", "ms", LB_COL_DBL, LB_PERF_TASK_CLOCK),
	PERF("perf_context_switches", NULL, LB_COL_U64, LB_PERF_CSW),
	PERF("perf_cpu_migrations", NULL, LB_COL_U64, LB_PERF_MIGRATIONS),
	PERF("perf_page_faults", NULL, LB_COL_U64, LB_PERF_FAULTS),
	PERF("perf_cycles", "cycles", LB_COL_U64, LB_PERF_CYCLES),
	PERF("perf_instructions", NULL, LB_COL_U64, LB_PERF_INSTRUCTIONS),
	PERF("perf_cache_misses", NULL, LB_COL_U64, LB_PERF_CACHE_MISSES),
	/* --trace (JSON: the trace object, with each lock's and thread's) */
	TRACEU("trace_switch_outs", switch_outs),
	TRACEU("trace_preempted", preempted),
	TRACEU("trace_sleeping", sleeping),
	TRACEU("trace_blocked", blocked),
	TRACEU("trace_contentions", contentions),
	{ .name = "trace_wait_ms", .unit = "ms", .type = LB_COL_DBL, .dec = 3, .flags = CSV,
	  .group = LB_GRP_TRACE, .get = lb_col_trace_wait },
	TBIT("spin", 0), TBIT("read", 1), TBIT("write", 2),
	TBIT("rt", 3), TBIT("percpu", 4), TBIT("mutex", 5),
	{ .name = "trace_lock_classes", .type = LB_COL_STR, .flags = CSV, .group = LB_GRP_TRACE,
	  .get = lb_col_trace_str, .arg = LB_TRACE_CLASSES },
	{ .name = "trace_top_lock", .type = LB_COL_STR, .flags = CSV, .group = LB_GRP_TRACE,
	  .get = lb_col_trace_str, .arg = LB_TRACE_TOP_LOCK },
	TRACEU("trace_lost_events", lost),
	/* --interval: a row per interval (JSON: the intervals array of each result) */
	{ .name = "interval", .type = LB_COL_U64, .flags = CSV, .group = LB_GRP_INTERVAL,
	  .get = lb_col_interval, .arg = LB_IV_INDEX },
	{ .name = "interval_start_ms", .unit = "ms", .type = LB_COL_DBL, .dec = 3, .flags = CSV,
	  .group = LB_GRP_INTERVAL, .get = lb_col_interval, .arg = LB_IV_START_MS },
	{ .name = "interval_ms", .unit = "ms", .type = LB_COL_DBL, .dec = 3, .flags = CSV,
	  .group = LB_GRP_INTERVAL, .get = lb_col_interval, .arg = LB_IV_MS },
	{ .name = "interval_ops", .unit = "ops", .type = LB_COL_U64, .flags = CSV,
	  .group = LB_GRP_INTERVAL, .get = lb_col_interval, .arg = LB_IV_OPS },
	{ .name = "interval_ops_per_s", .unit = "ops/s", .type = LB_COL_DBL, .dec = 1, .flags = CSV,
	  .group = LB_GRP_INTERVAL, .get = lb_col_interval, .arg = LB_IV_OPS_PER_S },
	{ .name = "interval_thread_ops", .unit = "ops", .type = LB_COL_STR, .flags = CSV,
	  .group = LB_GRP_INTERVAL_THREADS, .get = lb_col_interval, .arg = LB_IV_THREAD_OPS },
	/* --simulate (JSON: the simulation object): the machine and profile, the engine's work */
	SIMS("sim_machine", "machine", LB_SIMC_MACHINE),
	SIMS("sim_machine_desc", "machine_desc", LB_SIMC_DESC),
	SIMN("sim_cpus", "cpus", NULL, LB_COL_U64, 0, LB_SIMC_CPUS, 0),
	SIMS("sim_profile", "profile", LB_SIMC_PROFILE),
	SIMS("sim_profile_from", "profile_from", LB_SIMC_FROM),
	SIMN("sim_seed", "seed", NULL, LB_COL_U64, 0, LB_SIMC_SEED, 0),
	SIMN("sim_jitter_pct", "jitter_pct", "%", LB_COL_DBL, LB_COL_G, LB_SIMC_JITTER, 0),
	SIMN("sim_slice_ms", "slice_ms", "ms", LB_COL_DBL, LB_COL_G, LB_SIMC_SLICE, 0),
	SIMU("sim_accesses", "accesses", sim.accesses),
	SIMU("sim_hits", "hits", sim.hits),
	SIMU("sim_misses", "misses", sim.misses),
	SIMU("sim_queued", "queued", sim.queued),
	SIMU("sim_stalled", "stalled", sim.stalled),
	SIMU("sim_posted", "posted", sim.posted),
	SIMU("sim_forward_stalls", "forward_stalls", sim.forward_stalls),
	SIMU("sim_parks", "parks", sim.parks),
	SIMU("sim_switches", "switches", sim.switches),
	SIMU("sim_preemptions", "preemptions", sim.preemptions),
	SIMU("sim_futex_waits", "futex_waits", sim.futex_waits),
	SIMU("sim_futex_wakes", "futex_wakes", sim.futex_wakes),
	SIMU("sim_lines", "lines", sim.lines),
	SIMN("sim_virtual_ms", "virtual_ms", "ms", LB_COL_DBL, 6, LB_SIMC_VIRTUAL_MS, 0),
	SIMU("sim_hot_line_requests", "hot_line_requests", sim_hot.requests),
	SIMU("sim_hot_line_queued", "hot_line_queued", sim_hot.queued),
	SIMN("sim_hot_line_queue_ms", "hot_line_queue_ms", "ms", LB_COL_DBL, 6, LB_SIMC_QUEUE_MS,
	     0),
	/* real time: the JSON's only, so that the CSV of a seed is always the same */
	{ .name = "sim_real_s", .json = "simulation.real_s", .unit = "s", .type = LB_COL_DBL,
	  .flags = JSON, .group = LB_GRP_SIM, .get = lb_col_sim, .arg = LB_SIMC_REAL_S },
	{ .name = "sim_accesses_per_s", .json = "simulation.accesses_per_s", .unit = "1/s",
	  .type = LB_COL_DBL, .flags = JSON, .group = LB_GRP_SIM, .get = lb_col_sim,
	  .arg = LB_SIMC_RATE },
	{ .name = NULL },
};

void lb_col_src_init(struct lb_col_src *s, const struct lb_report *rep, const struct lb_result *r)
{
	s->rep = rep;
	s->r = r;
	s->c2c = lb_result_c2c(rep->c2c, rep->nc2c, r);
	s->interval = -1;
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

bool lb_col_group_on(const struct lb_report *rep, enum lb_col_group g)
{
	const struct lb_config *c = rep->cfg;

	if (!c || g == LB_GRP_CORE)
		return true;
	switch (g) {
	case LB_GRP_ROLES:
		return c->scenario != LB_SCN_MIX;	/* roles, and the fair phases' */
	case LB_GRP_LATENCY:
		return c->latency || c->scenario == LB_SCN_FAIR;
	case LB_GRP_C2C:
		return c->c2c;
	case LB_GRP_PERF:
		return c->perf;
	case LB_GRP_TRACE:
		return c->trace;
	case LB_GRP_SIM:
		return c->simulate;
	case LB_GRP_INTERVAL:
		return c->interval_ns > 0;
	case LB_GRP_INTERVAL_THREADS:
		return c->interval_ns > 0 && lb_verbose > 0;
	default:
		return true;
	}
}

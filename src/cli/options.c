// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * options.c - the typed option table and its generic parser
 *
 * Every global option is one row of lb_opts[] (table.h): its name, short
 * letter, argument, help, and its type, bounds, default and destination in
 * struct lb_config, the way each lock declares its own options (lock.h).
 * One parser serves every row: the defaults are set through it before argv
 * is read, so a default is written once, in the row, in the option's own
 * syntax; --help (help.c) prints it from there and tests/cli/docs-sync.sh
 * checks that the man page says the same. getopt_long's table is generated
 * from the rows. What one option's value cannot decide alone (scenarios,
 * the default experiment, the format) is decided after the parse by the
 * ordered rules of rules.c. Per-lock options come from each lock's own
 * table as --<lock>-<option>.
 */
#include "config.h"

#include <ctype.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/log.h"
#include "cli/job.h"
#include "cli/options.h"
#include "cli/table.h"
#include "plan/domain.h"
#include "output/output.h"
#include "locks/registry.h"

static void call_lock(struct lb_cli *st, const struct lb_optdef *d, const char *val);
static void call_format(struct lb_cli *st, const struct lb_optdef *d, const char *val);
static void call_lock_plugin(struct lb_cli *st, const struct lb_optdef *d, const char *val);
static void call_job(struct lb_cli *st, const struct lb_optdef *d, const char *val);
static void call_quiet(struct lb_cli *st, const struct lb_optdef *d, const char *val);
static void call_verbose(struct lb_cli *st, const struct lb_optdef *d, const char *val);
static void call_help(struct lb_cli *st, const struct lb_optdef *d, const char *val);
static void call_version(struct lb_cli *st, const struct lb_optdef *d, const char *val);
static void call_export(struct lb_cli *st, const struct lb_optdef *d, const char *val);

#define SEL "Selection"
#define WORK "Workload"
#define PLACE "Placement"
#define MEAS "Measurement"
#define SIM "Simulation"
#define FAIR "Fair scenario"
#define OUT "Output"

/* --fair-*: a thread count of the high-contention phase, and whether it was given */
#define FAIR_COUNT(kind) .type = LB_OPT_U64, LB_FIELD(fair.count[kind]), .min = 0, .max = 1024, \
	.given = offsetof(struct lb_config, fair.count_set[kind])

const struct lb_optdef lb_opts[O_NOPTS] = {
	[O_LOCK] = { "lock", 'l', "LIST", SEL,
	  "locks or families (spin sleep rw numa kernel peer all); NAME:OPT=V is an instance",
	  .type = LB_OPT_CALL, .call = call_lock },
	[O_LOCK_PLUGIN] = { "lock-plugin", 0, "PATH.so", SEL,
	  "load the locks of a plugin (repeatable)",
	  .type = LB_OPT_CALL, .call = call_lock_plugin },
	[O_KERNEL_TREE] = { "kernel-tree", 0, "[NAME=]PATH", SEL,
	  "a kernel tree's own lock files as locks NAME:qspinlock...",
	  .type = LB_OPT_CALL, .call = call_lock_plugin },
	[O_KERNEL_CONFIG] = { "kernel-config", 0, "CONFIG_X=y|n", SEL,
	  "a configuration choice of --kernel-tree's builds",
	  .type = LB_OPT_CALL, .call = call_lock_plugin },
	[O_LIST_LOCKS] = { "list-locks", 0, NULL, SEL,
	  "list the locks (-v: what each follows)",
	  .type = LB_OPT_FLAG, LB_FIELD(list_locks) },
	[O_SCENARIO] = { "scenario", 0, "NAME", SEL,
	  "mix, roles (--readers, --writers) or fair (Desnoyers 2008)",
	  .type = LB_OPT_ENUM, LB_FIELD(scenario), .values = lb_scenario_names,
	  .why = "unknown scenario", .def = LB_D_SCENARIO },
	[O_RATIO] = { "ratio", 'r', "R:W[,R:W...]", WORK,
	  "read:write mix per thread; 0:1 = writes only",
	  .type = LB_OPT_RATIOS, LB_LIST(ratios, nratios), .def = LB_D_RATIO },
	[O_READERS] = { "readers", 0, "N", WORK,
	  "roles: N reader threads",
	  .type = LB_OPT_U64, LB_FIELD(readers), .min = 0, .max = LB_MAX_THREADS },
	[O_WRITERS] = { "writers", 0, "M", WORK,
	  "roles: M writer threads",
	  .type = LB_OPT_U64, LB_FIELD(writers), .min = 0, .max = LB_MAX_THREADS },
	[O_WRITER_OPS] = { "writer-ops", 0, "N", WORK,
	  "roles: each writer stops after N writes",
	  .type = LB_OPT_U64, LB_FIELD(writer_ops), .min = 1, .max = 1000000000000ull },
	[O_THREADS] = { "threads", 't', "LIST", WORK,
	  "thread counts: 2,10  1-8  2-16:2  max  Nx (N per CPU)",
	  .type = LB_OPT_THREADS, LB_LIST(telems, ntelems), .def = LB_D_THREADS },
	[O_LOAD] = { "load", 'L', "LIST", WORK,
	  "pause units inside the critical section (a list)",
	  .type = LB_OPT_U64_LIST, LB_LIST(loads, nloads), .min = 0, .max = 10000000,
	  .def = LB_D_LOAD, .excl = O_LOAD_NS },
	[O_LOAD_NS] = { "load-ns", 0, "LIST", WORK,
	  "the critical section in ns instead (a list)",
	  .type = LB_OPT_U64_LIST, LB_LIST(loads, nloads), .min = 0, .max = 1000000000,
	  .given = offsetof(struct lb_config, load_ns), .excl = O_LOAD },
	[O_DELAY] = { "delay", 0, "N", WORK,
	  "pause units between operations",
	  .type = LB_OPT_U64, LB_FIELD(delay), .min = 0, .max = 10000000, .def = LB_D_DELAY },
	[O_LOAD_UNIT] = { "load-unit", 0, "UNIT", WORK,
	  "what --load and --delay count: pause or loop",
	  .type = LB_OPT_ENUM, LB_FIELD(load_unit), .values = lb_load_unit_names,
	  .why = "unknown load unit", .def = LB_D_LOAD_UNIT },
	[O_OPS] = { "ops", 'n', "N", WORK,
	  "operations per thread (fixed work: execution time)",
	  .type = LB_OPT_U64, LB_FIELD(ops), .min = 1, .max = 1000000000000ull,
	  .def = LB_D_OPS },
	[O_DURATION] = { "duration", 'D', "SEC", WORK,
	  "seconds per point instead (fixed time: Mops/s)",
	  .type = LB_OPT_DOUBLE, LB_FIELD(duration), .dmin = 0.001, .dmax = 86400 },
	[O_REPEAT] = { "repeat", 0, "N", WORK,
	  "run each point N times, interleaved",
	  .type = LB_OPT_U64, LB_FIELD(repeat), .min = 1, .max = 10000, .def = LB_D_REPEAT },
	[O_DROP_DISTURBED] = { "drop-disturbed", 0, NULL, WORK,
	  "leave disturbed repetitions out of the figures",
	  .type = LB_OPT_FLAG, LB_FIELD(drop_disturbed) },
	[O_PLACE] = { "place", 'p', "POLICY", PLACE,
	  "socket, spread, compact, cache, numa or none",
	  .type = LB_OPT_ENUM, LB_FIELD(place), .values = lb_place_names,
	  .why = "unknown policy",
	  .def = LB_D_PLACE },
	[O_CPUS] = { "cpus", 'C', "LIST", PLACE,
	  "only these CPUs (numactl list syntax)",
	  .type = LB_OPT_STRING, LB_FIELD(cpus), .why = "empty list" },
	[O_PHYSICAL] = { "physical", 0, NULL, PLACE,
	  "--cpus are OS numbers (P#), not logical (L#)",
	  .type = LB_OPT_FLAG, LB_FIELD(physical) },
	[O_TOPOLOGY] = { "topology", 0, "FILE.xml|synthetic:DESC|NAME", PLACE,
	  "another machine (XML, synthetic:DESC or a saved NAME)",
	  .type = LB_OPT_STRING, LB_FIELD(topology), .why = "empty value" },
	[O_PLAN] = { "plan", 0, NULL, PLACE,
	  "print the placement and the points; run nothing",
	  .type = LB_OPT_FLAG, LB_FIELD(plan) },
	[O_LOCK_NODE] = { "lock-node", 0, "N", PLACE,
	  "the NUMA node that holds the lock",
	  .type = LB_OPT_U64, LB_FIELD(lock_node), .min = 0, .max = 4095 },
	[O_LOCK_DOMAIN] = { "lock-domain", 0, "LEVEL", PLACE,
	  "what the numa locks treat as local: numa, package, cache",
	  .type = LB_OPT_ENUM, LB_FIELD(lock_domain), .values = lb_lock_domain_names,
	  .why = "unknown level", .def = LB_D_LOCK_DOMAIN,
	  .given = offsetof(struct lb_config, lock_domain_set) },
	[O_DOMAINS] = { "domains", 0, "N", PLACE,
	  "N pretend lock domains, round-robin over the CPUs",
	  .type = LB_OPT_U64, LB_FIELD(domains), .min = 1, .max = LB_MAX_DOMAINS },
	[O_VALIDATE] = { "validate", 0, NULL, MEAS,
	  "check exclusion in every critical section (exit 3)",
	  .type = LB_OPT_FLAG, LB_FIELD(validate) },
	[O_PROCESSES] = { "processes", 0, NULL, MEAS,
	  "workers as processes sharing the lock (P locks)",
	  .type = LB_OPT_FLAG, LB_FIELD(processes) },
	[O_TORTURE] = { "torture", 0, NULL, MEAS,
	  "--validate with random threads, mixes and delays",
	  .type = LB_OPT_FLAG, LB_FIELD(torture) },
	[O_C2C] = { "c2c", 0, NULL, MEAS,
	  "measure the core-to-core round trip first",
	  .type = LB_OPT_FLAG, LB_FIELD(c2c) },
	[O_PERF] = { "perf", 0, NULL, MEAS,
	  "per-thread perf_event counters",
	  .type = LB_OPT_FLAG, LB_FIELD(perf) },
	[O_TRACE] = { "trace", 0, NULL, MEAS,
	  "the kernel's view through tracefs (root)",
	  .type = LB_OPT_FLAG, LB_FIELD(trace) },
	[O_TIMEOUT] = { "timeout", 0, "SEC", MEAS,
	  "stop a point without progress for SEC s (exit 4)",
	  .type = LB_OPT_DOUBLE, LB_FIELD(timeout), .dmin = 0, .dmax = 86400,
	  .def = LB_D_TIMEOUT },
	/* no .def: the default depends on the mode (LB_D_POINT_TIMEOUT_*, lb_point_timeout()) */
	[O_POINT_TIMEOUT] = { "point-timeout", 0, "SEC", MEAS,
	  "stop a point still running after SEC s, go on",
	  .type = LB_OPT_DOUBLE, LB_FIELD(point_timeout), .dmin = 0, .dmax = 86400,
	  .given = offsetof(struct lb_config, point_timeout_set) },
	[O_INTERVAL] = { "interval", 0, "MS", MEAS,
	  "also the throughput of every MS ms of each point",
	  .type = LB_OPT_U64, LB_FIELD(interval_ns), .min = 1, .max = 3600000, .scale = 1000000 },
	[O_LATENCY] = { "latency", 0, NULL, MEAS,
	  "time each acquisition (cycles, percentiles)",
	  .type = LB_OPT_FLAG, LB_FIELD(latency) },
	[O_LATENCY_SAMPLE] = { "latency-sample", 0, "N", MEAS,
	  "time one acquisition in N",
	  .type = LB_OPT_U64, LB_FIELD(lat_every), .min = 1, .max = 1000000000,
	  .def = LB_D_LATENCY_SAMPLE },
	[O_SIMULATE] = { "simulate", 0, NULL, SIM,
	  "run in virtual time on --topology's machine",
	  .type = LB_OPT_FLAG, LB_FIELD(simulate) },
	[O_SIM_PROFILE] = { "sim-profile", 0, "FILE", SIM,
	  "the simulated machine's costs from FILE",
	  .type = LB_OPT_STRING, LB_FIELD(sim_profile), .why = "empty file name" },
	[O_SIM_PROFILE_OUT] = { "sim-profile-out", 0, "FILE", SIM,
	  "--c2c: write this machine's costs as a profile",
	  .type = LB_OPT_STRING, LB_FIELD(sim_profile_out), .why = "empty file name" },
	[O_SEED] = { "seed", 0, "N", SIM,
	  "the simulation's seed",
	  .type = LB_OPT_U64, LB_FIELD(seed), .min = 0, .max = UINT32_MAX, .def = LB_D_SEED },
	[O_SIM_JITTER] = { "sim-jitter", 0, "PCT", SIM,
	  "vary each access's cost by +-PCT%",
	  .type = LB_OPT_U64, LB_FIELD(sim_jitter), .min = 0, .max = 100,
	  .def = LB_D_SIM_JITTER },
	[O_SIM_SLICE] = { "sim-slice", 0, "SEC", SIM,
	  "the slice of threads sharing a CPU",
	  .type = LB_OPT_DOUBLE, LB_FIELD(sim_slice), .dmin = 0.000001, .dmax = 10,
	  .def = LB_D_SIM_SLICE },
	/* the fair scenario's defaults: Desnoyers 2008's (plan/defaults.c) */
	[O_FAIR_READERS] = { "fair-readers", 0, "N", FAIR,
	  "reader threads",
	  FAIR_COUNT(LB_ROLE_READER), .def = LB_D_FAIR_READERS },
	[O_FAIR_TRYLOCK_READERS] = { "fair-trylock-readers", 0, "N", FAIR,
	  "read_trylock threads",
	  FAIR_COUNT(LB_ROLE_TRYLOCK_READER), .def = LB_D_FAIR_TRYLOCK_READERS },
	[O_FAIR_WRITERS] = { "fair-writers", 0, "N", FAIR,
	  "writer threads",
	  FAIR_COUNT(LB_ROLE_WRITER), .def = LB_D_FAIR_WRITERS },
	[O_FAIR_TRYLOCK_WRITERS] = { "fair-trylock-writers", 0, "N", FAIR,
	  "trylock writer threads",
	  FAIR_COUNT(LB_ROLE_TRYLOCK_WRITER), .def = LB_D_FAIR_TRYLOCK_WRITERS },
	[O_FAIR_IRQ_READERS] = { "fair-irq-readers", 0, "N", FAIR,
	  "interrupt reader threads",
	  FAIR_COUNT(LB_ROLE_IRQ_READER), .def = LB_D_FAIR_IRQ_READERS },
	[O_FAIR_TRYLOCK_IRQ_READERS] = { "fair-trylock-irq-readers", 0, "N", FAIR,
	  "read_trylock interrupt reader threads",
	  FAIR_COUNT(LB_ROLE_TRYLOCK_IRQ_READER), .def = LB_D_FAIR_TRYLOCK_IRQ_READERS },
	[O_FAIR_WRITER_PERIOD] = { "fair-writer-period", 0, "US", FAIR,
	  "busy wait after each write, us",
	  .type = LB_OPT_U64, LB_FIELD(fair.writer_period_ns), .min = 0, .max = 10000000,
	  .scale = 1000, .def = LB_D_FAIR_WRITER_PERIOD },
	[O_FAIR_TRYLOCK_WRITER_PERIOD] = { "fair-trylock-writer-period", 0, "US", FAIR,
	  "busy wait after each trylock write, us",
	  .type = LB_OPT_U64, LB_FIELD(fair.trylock_writer_period_ns), .min = 0,
	  .max = 10000000, .scale = 1000, .def = LB_D_FAIR_TRYLOCK_WRITER_PERIOD },
	[O_FAIR_TRYLOCK_WRITER_TRIES] = { "fair-trylock-writer-tries", 0, "N", FAIR,
	  "tries before a trylock writer gives up",
	  .type = LB_OPT_U64, LB_FIELD(fair.trylock_writer_tries), .min = 0, .max = 1000000000,
	  .def = LB_D_FAIR_TRYLOCK_WRITER_TRIES },
	[O_FAIR_IRQ_PERIOD] = { "fair-irq-period", 0, "MS", FAIR,
	  "time between two rounds of interrupts, ms",
	  .type = LB_OPT_U64, LB_FIELD(fair.irq_period_ns), .min = 1, .max = 10000000,
	  .scale = 1000000, .def = LB_D_FAIR_IRQ_PERIOD },
	[O_FORMAT] = { "format", 'f', "FMT[,FMT...]", OUT,
	  "output format(s), comma separated, from one run",
	  .type = LB_OPT_CALL, .call = call_format, .help_more = lb_cli_formats_help,
	  .def = LB_D_FORMAT },
	[O_OUTPUT] = { "output", 'o', "FILE", OUT,
	  "write to FILE (format from its extension)",
	  .type = LB_OPT_STRING, LB_FIELD(output), .why = "empty file name" },
	[O_JOB] = { "job", 0, "FILE", OUT,
	  "take the options in FILE, one per line, here",
	  .type = LB_OPT_CALL, .call = call_job },
	[O_SAVE_JOB] = { "save-job", 0, "FILE", OUT,
	  "write this run's options to FILE, for --job",
	  .type = LB_OPT_CALL, .call = call_job },
	[O_BASELINE] = { "baseline", 0, "FILE", OUT,
	  "an earlier CSV or JSON as 'before'",
	  .type = LB_OPT_STRING, LB_FIELD(baseline), .why = "empty file name" },
	[O_NO_HEADER] = { "no-header", 0, NULL, OUT,
	  "no '# ' lines over a text report",
	  .type = LB_OPT_FLAG, LB_FIELD(no_header) },
	[O_BASELINE_LOOSE] = { "baseline-loose", 0, NULL, OUT,
	  "--baseline: warn about differences, don't refuse",
	  .type = LB_OPT_FLAG, LB_FIELD(baseline_loose) },
	[O_QUIET] = { "quiet", 'q', NULL, OUT,
	  "fewer messages on stderr",
	  .type = LB_OPT_CALL, .call = call_quiet },
	[O_VERBOSE] = { "verbose", 'v', NULL, OUT,
	  "more: counters, per thread, calibration",
	  .type = LB_OPT_CALL, .call = call_verbose },
	[O_HELP] = { "help", 'h', "LOCK", OUT,
	  "this help; with LOCK, that lock's own options",
	  .type = LB_OPT_CALL, .call = call_help, .optional = true },
	[O_VERSION] = { "version", 'V', NULL, OUT,
	  "print the version, then exit",
	  .type = LB_OPT_CALL, .call = call_version },
	/*
	 * No visible option starts with "e", so no abbreviation getopt_long
	 * took before (--du for --duration, --h for --help) becomes ambiguous.
	 */
	[O_EXPORT_DEFAULTS] = { "export-defaults", 0, NULL, OUT,
	  "each option and its default (for the tests)",
	  .type = LB_OPT_CALL, .call = call_export, .hidden = true },
	[O_EXPORT_VALUES] = { "export-values", 0, NULL, OUT,
	  "the names each option takes (for the bash completion)",
	  .type = LB_OPT_CALL, .call = call_export, .hidden = true },
};

/* ---- per-lock options: one generated long option per (lock, lock option) */

struct lockopt_ref {
	const struct lb_lock_ops *ops;
	unsigned reg_index;
	unsigned opt_index;
	char name[96];
};

static struct lockopt_ref *lockopt_refs;
static unsigned n_lockopt_refs;

static void build_lockopts(struct lb_config *c)
{
	unsigned n = 0;

	c->lockopt = calloc(lb_lock_count(), sizeof(*c->lockopt));
	for (unsigned i = 0; i < lb_lock_count(); i++) {
		const struct lb_lock_ops *o = lb_lock_at(i);
		unsigned k = 0;

		while (o->options && o->options[k].name)
			k++;
		c->lockopt[i] = calloc(k + 1, sizeof(uint64_t));
		if (!c->lockopt[i])
			lb_die(LB_EXIT_RUNTIME, "out of memory");
		for (unsigned j = 0; j < k; j++)
			c->lockopt[i][j] = o->options[j].def;
		n += k;
	}
	lockopt_refs = calloc(n + 1, sizeof(*lockopt_refs));
	if (!c->lockopt || !lockopt_refs)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	for (unsigned i = 0; i < lb_lock_count(); i++) {
		const struct lb_lock_ops *o = lb_lock_at(i);

		for (unsigned j = 0; o->options && o->options[j].name; j++) {
			struct lockopt_ref *r = &lockopt_refs[n_lockopt_refs++];

			r->ops = o;
			r->reg_index = i;
			r->opt_index = j;
			snprintf(r->name, sizeof(r->name), "%s-%s", o->name, o->options[j].name);
		}
	}
}

static void set_lockopt(struct lb_config *c, const struct lockopt_ref *r, const char *val)
{
	char why[300];
	uint64_t v;

	if (lb_cli_lockopt_value(&r->ops->options[r->opt_index], val, &v, why, sizeof(why)))
		lb_cli_bad_value(r->name, val, why);
	c->lockopt[r->reg_index][r->opt_index] = v;
}

/* ---- the values that are not a field: the parse callbacks */

/* --lock=A,B,family: the selection, in the order given, each lock once */
static void call_lock(struct lb_cli *st, const struct lb_optdef *d, const char *val)
{
	struct lb_config *c = st->c;
	char *copy = strdup(val), *cursor = copy, *el;

	if (!copy)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	c->nlocks = 0;
	while ((el = cursor)) {
		char *comma = strchr(el, ',');
		const struct lb_lock_ops *o;

		if (comma) {
			*comma = '\0';
			cursor = comma + 1;
		} else {
			cursor = NULL;
		}
		if (!*el)
			lb_cli_bad_value(d->name, val, "empty element in list");
		if (lb_lock_is_family(el)) {
			unsigned avail = 0;

			for (unsigned i = 0; i < lb_lock_count(); i++)
				if (lb_lock_in_family(lb_lock_at(i), el)) {
					lb_cli_add_lock(c, lb_lock_at(i), false);
					avail += !lb_lock_at(i)->unavailable;
				}
			/* a family given twice (spin,spin; all,all) adds nothing, and is fine */
			if (!avail)
				lb_die(LB_EXIT_UNAVAIL, "--lock=%s: no lock of family '%s' is available "
					"in this build (see --list-locks)", val, el);
			continue;
		}
		if (strchr(el, ':')) {	/* a tree's lock (NULL: skipped), or an instance NAME:OPT=V */
			if ((o = lb_cli_instance(c, val, el)))
				lb_cli_add_lock(c, o, true);
			continue;
		}
		o = lb_lock_find(el);
		if (!o)
			lb_cli_unknown_lock(val, el);
		if (o->unavailable)
			lb_die(LB_EXIT_UNAVAIL, "--lock=%s: lock '%s' is not available in this build: %s",
			       val, el, o->unavailable);
		lb_cli_add_lock(c, o, true);
	}
	free(copy);
}

/* --lock-plugin, --kernel-tree, --kernel-config: taken before argv (lb_cli_load_plugins()) */
static void call_lock_plugin(struct lb_cli *st, const struct lb_optdef *d, const char *val)
{
}

/* --job, --save-job: taken before argv (lb_job_expand()); what reaches here was shortened */
static void call_job(struct lb_cli *st, const struct lb_optdef *d, const char *val)
{
	lb_die(LB_EXIT_USAGE, "--%s=%s: write --%s in full (it is read before the other options)",
	       d->name, val ? val : "", d->name);
}

/* -f A[,B...]: each a known format, none twice */
static void call_format(struct lb_cli *st, const struct lb_optdef *d, const char *val)
{
	struct lb_config *c = st->c;
	char list[256], why[512];
	const char *el = val;

	c->nformats = 0;
	for (;;) {
		size_t n = strcspn(el, ",");
		const struct lb_format_def *fmt = NULL;

		for (unsigned i = 0; lb_formats[i].name; i++)
			if (strlen(lb_formats[i].name) == n && strncmp(lb_formats[i].name, el, n) == 0)
				fmt = &lb_formats[i];
		if (!fmt) {
			lb_cli_format_list(list, sizeof(list));
			snprintf(why, sizeof(why), "unknown format '%.*s'; valid: %s", (int)n, el, list);
			lb_cli_bad_value(d->name, val, why);
		}
		for (unsigned i = 0; i < c->nformats; i++)
			if (c->formats[i] == fmt)
				lb_cli_bad_value(d->name, val, "a format is listed twice");
		if (c->nformats == LB_MAX_FORMATS)
			lb_cli_bad_value(d->name, val, "too many formats");
		c->formats[c->nformats++] = fmt;
		if (!el[n])
			break;
		el += n + 1;
	}
	c->format = c->formats[0];
}

static void call_quiet(struct lb_cli *st, const struct lb_optdef *d, const char *val)
{
	lb_verbose--;
}

static void call_verbose(struct lb_cli *st, const struct lb_optdef *d, const char *val)
{
	lb_verbose++;
}

/* --help, --help=LOCK: stdout, exit 0; an unknown lock is a usage error */
static void call_help(struct lb_cli *st, const struct lb_optdef *d, const char *val)
{
	if (!val) {
		lb_options_help(stdout);
	} else if (lb_lock_help(stdout, val)) {
		const char *near = lb_lock_nearest(val);

		lb_die(LB_EXIT_USAGE, "--help=%s: unknown lock%s%s%s; lockbench --list-locks lists "
		       "the locks", val, near ? " (did you mean '" : "", near ? near : "",
		       near ? "'?)" : "");
	}
	lb_exit(LB_EXIT_OK);
}

static void call_version(struct lb_cli *st, const struct lb_optdef *d, const char *val)
{
	printf("lockbench %s\n", PACKAGE_VERSION);
	lb_exit(LB_EXIT_OK);
}

/* --export-defaults, --export-values: stdout, exit 0 */
static void call_export(struct lb_cli *st, const struct lb_optdef *d, const char *val)
{
	if (d == &lb_opts[O_EXPORT_VALUES])
		lb_cli_export_values(stdout);
	else
		lb_cli_export_defaults(stdout);
	lb_exit(LB_EXIT_OK);
}

/* ---- the generic parser */

/* A row the parser cannot serve is a bug: say which before anything runs. */
static void check_table(void)
{
	for (unsigned id = 1; id < O_NOPTS; id++) {
		const struct lb_optdef *d = &lb_opts[id];
		bool ok = d->name != NULL;

		switch (ok ? d->type : LB_OPT_CALL) {
		case LB_OPT_FLAG:
			ok = d->size == sizeof(bool) && !d->arg;
			break;
		case LB_OPT_U64:
			ok = d->size == sizeof(uint32_t) || d->size == sizeof(uint64_t);
			break;
		case LB_OPT_DOUBLE:
			ok = d->size == sizeof(double);
			break;
		case LB_OPT_ENUM:
			ok = d->size == sizeof(int) && d->values && d->values[0] && d->why;
			break;
		case LB_OPT_STRING:
			ok = d->size == sizeof(const char *) && d->why;
			break;
		case LB_OPT_U64_LIST:
		case LB_OPT_RATIOS:
		case LB_OPT_THREADS:
			ok = d->size == sizeof(void *) && d->noff;
			break;
		case LB_OPT_CALL:
			ok = ok && d->call;
			break;
		}
		if (!ok)
			lb_die(LB_EXIT_RUNTIME, "internal error: option row %u (%s) is malformed", id,
			       d->name ? d->name : "no name");
	}
}

#define LONG_BASE 1000		/* getopt_long's value of row id: LONG_BASE + id */
#define LOCKOPT_BASE 5000	/* and of lock option i: LOCKOPT_BASE + i */

/* getopt_long's tables from the rows and the lock options */
static struct option *getopt_tables(char *shortopts, size_t len)
{
	struct option *longopts = calloc(O_NOPTS + n_lockopt_refs, sizeof(*longopts));
	size_t sl = 0;
	unsigned k = 0;

	if (!longopts)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	shortopts[sl++] = ':';	/* report a missing argument as ':' */
	for (unsigned id = 1; id < O_NOPTS; id++) {
		const struct lb_optdef *d = &lb_opts[id];

		longopts[k].name = d->name;
		longopts[k].has_arg = !d->arg ? no_argument : d->optional ? optional_argument :
				      required_argument;
		longopts[k++].val = LONG_BASE + (int)id;
		if (d->shortopt && sl + 3 < len) {
			shortopts[sl++] = (char)d->shortopt;
			if (d->arg && !d->optional)
				shortopts[sl++] = ':';
		}
	}
	shortopts[sl] = '\0';
	for (unsigned i = 0; i < n_lockopt_refs; i++) {
		longopts[k].name = lockopt_refs[i].name;
		longopts[k].has_arg = required_argument;
		longopts[k++].val = LOCKOPT_BASE + (int)i;
	}
	return longopts;
}

/* the row of getopt_long's answer @ch, or O_NONE */
static enum lb_opt_id row_of(int ch)
{
	if (ch >= LONG_BASE && ch < LONG_BASE + O_NOPTS)
		return (enum lb_opt_id)(ch - LONG_BASE);
	for (unsigned id = 1; id < O_NOPTS; id++)
		if (ch == lb_opts[id].shortopt)
			return (enum lb_opt_id)id;
	return O_NONE;
}

/* "unknown option '--duraton=1' (did you mean --duration?)": the nearest name */
LB_NORETURN static void unknown_option(const char *arg)
{
	char name[96];
	const char *near = NULL;
	unsigned best = 4, d;	/* suggest only close names */

	snprintf(name, sizeof(name), "%.*s", (int)strcspn(arg + 2, "="), arg + 2);
	for (unsigned id = 1; arg[0] == '-' && arg[1] == '-' && id < O_NOPTS; id++)
		if (!lb_opts[id].hidden && (d = lb_edit_distance(name, lb_opts[id].name)) < best) {
			best = d;
			near = lb_opts[id].name;
		}
	for (unsigned i = 0; arg[0] == '-' && arg[1] == '-' && i < n_lockopt_refs; i++)
		if ((d = lb_edit_distance(name, lockopt_refs[i].name)) < best) {
			best = d;
			near = lockopt_refs[i].name;
		}
	if ((!near || best > 1) && lb_edit_distance(name, "report") < 3)
		lb_die(LB_EXIT_USAGE, "unknown option '%s' (did you mean 'lockbench report FILE...'?)"
		       " (see lockbench --help)", arg);
	lb_die(LB_EXIT_USAGE, "unknown option '%s'%s%s%s (see lockbench --help)", arg,
	       near ? " (did you mean --" : "", near ? near : "", near ? "?)" : "");
}

/* a word where no argument is taken: the subcommand it was meant to be, if near one */
LB_NORETURN static void unexpected_argument(const char *arg)
{
	if (lb_edit_distance(arg, "report") < 3)
		lb_die(LB_EXIT_USAGE, "unexpected argument '%s' (did you mean 'lockbench report "
		       "FILE...'? a subcommand comes first)", arg);
	lb_die(LB_EXIT_USAGE, "unexpected argument '%s' (see lockbench --help)", arg);
}

/* argv, option by option, in order: each value is checked as it comes */
static void read_argv(struct lb_cli *st, int argc, char **argv)
{
	char shortopts[64];
	struct option *longopts = getopt_tables(shortopts, sizeof(shortopts));
	unsigned seq = 0;

	opterr = 0;
	for (;;) {
		int ch = getopt_long(argc, argv, shortopts, longopts, NULL);
		enum lb_opt_id id;
		const struct lb_optdef *d;

		if (ch == -1)
			break;
		if (ch == '?') {
			if (optopt && optopt < 256)
				lb_die(LB_EXIT_USAGE, "unknown option '-%c' (see lockbench --help)", optopt);
			unknown_option(argv[optind - 1]);
		}
		if (ch == ':')
			lb_die(LB_EXIT_USAGE, "option '%s' needs a value (see lockbench --help)",
			       argv[optind - 1]);
		if (ch >= LOCKOPT_BASE) {
			const struct lockopt_ref *r = &lockopt_refs[ch - LOCKOPT_BASE];

			set_lockopt(st->c, r, optarg);
			if (st->nlockopt < LB_ARRAY_SIZE(st->lockopt)) {
				st->lockopt[st->nlockopt].lock = r->ops;
				st->lockopt[st->nlockopt].name = r->name;
				st->lockopt[st->nlockopt++].val = optarg;
			}
			continue;
		}
		id = row_of(ch);
		if (id == O_NONE)
			lb_die(LB_EXIT_USAGE, "internal error: option %d not handled", ch);
		d = &lb_opts[id];
		/* a bare -t before another option: that option is not its value */
		if (d->arg && optarg && optarg == argv[optind - 1] && optarg[0] == '-' &&
		    (optarg[1] == '-' || isalpha((unsigned char)optarg[1])))
			lb_die(LB_EXIT_USAGE, "option '%s' needs a value, and '%s' is an option (see "
			       "lockbench --help)", argv[optind - 2], optarg);
		if (d->excl && lb_cli_given(st, d->excl))
			lb_die(LB_EXIT_USAGE, "--%s=%s: give either --%s or --%s, not both", d->name,
			       optarg, lb_opts[id < d->excl ? id : d->excl].name,
			       lb_opts[id < d->excl ? d->excl : id].name);
		lb_cli_take_value(st, d, d->arg ? optarg : NULL);
		if (d->arg && !optarg)
			optarg = "";	/* an optional value not given */
		if (d->given)
			*(bool *)((char *)st->c + d->given) = true;
		st->val[id] = d->arg ? optarg : "";
		st->seq[id] = ++seq;
	}
	if (optind < argc)
		unexpected_argument(argv[optind]);
	free(longopts);
}

void lb_options_parse(struct lb_config *c, int argc, char **argv)
{
	struct lb_cli st = { .c = c };
	static struct lb_job job;

	check_table();
	memset(c, 0, sizeof(*c));
	c->lock_node = -1;	/* no --lock-node: no node, wherever the allocator puts it */
	/* --job's options where it stands, --save-job taken out: the words of the run */
	lb_job_expand(argc, argv, &job);
	argc = job.argc;
	argv = job.argv;
	c->argc = argc;
	c->argv = argv;
	c->job = job.job;
	/* the defaults, from the rows, through the parser that reads argv */
	for (unsigned id = 1; id < O_NOPTS; id++)
		if (lb_opts[id].def)
			lb_cli_take_value(&st, &lb_opts[id], lb_default(lb_opts[id].def));
	lb_cli_load_plugins(argc, argv);
	build_lockopts(c);
	read_argv(&st, argc, argv);
	lb_cli_instances_resolve(c);
	lb_cli_rules(&st);
	lb_job_save(&job);	/* the options hold: they are worth rerunning */
}

void lb_config_free(struct lb_config *c)
{
	free(c->ratios);
	free(c->telems);
	free(c->loads);
	if (c->lockopt)
		for (unsigned i = 0; i < lb_lock_count(); i++)
			free(c->lockopt[i]);
	free(c->lockopt);
	free(lockopt_refs);
	lockopt_refs = NULL;
	n_lockopt_refs = 0;
}

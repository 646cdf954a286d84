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
#include "cli/options.h"
#include "cli/table.h"
#include "plan/domain.h"
#include "output/output.h"
#include "locks/registry.h"

static void call_lock(struct lb_cli *st, const struct lb_optdef *d, const char *val);
static void call_format(struct lb_cli *st, const struct lb_optdef *d, const char *val);
static void call_lock_plugin(struct lb_cli *st, const struct lb_optdef *d, const char *val);
static void call_quiet(struct lb_cli *st, const struct lb_optdef *d, const char *val);
static void call_verbose(struct lb_cli *st, const struct lb_optdef *d, const char *val);
static void call_help(struct lb_cli *st, const struct lb_optdef *d, const char *val);
static void call_version(struct lb_cli *st, const struct lb_optdef *d, const char *val);
static void call_export(struct lb_cli *st, const struct lb_optdef *d, const char *val);

#define SEL "Selection"
#define WORK "Workload"
#define PLACE "Placement"
#define MEAS "Measurement"
#define FAIR "Fair scenario"
#define OUT "Output"

/* --fair-*: a thread count of the high-contention phase, and whether it was given */
#define FAIR_COUNT(kind) .type = LB_OPT_U64, LB_FIELD(fair.count[kind]), .min = 0, .max = 1024, \
	.given = offsetof(struct lb_config, fair.count_set[kind])

const struct lb_optdef lb_opts[O_NOPTS] = {
	[O_LOCK] = { "lock", 'l', "LIST", SEL,
	  "lock variants, comma list; 'all' or a family: spin, sleep, rw, numa, kernel, peer; "
	  "NAME:OPT=V[:OPT=V...] an instance of a lock with option values of its own, named so "
	  "in every format (aqticket:threshold=2,aqticket:threshold=8); --<lock>-<option> are "
	  "every instance's defaults "
	  "(default: the 2014 rwsem-spinning experiment, see DEFAULTS in the man page)",
	  .type = LB_OPT_CALL, .call = call_lock },
	[O_LOCK_PLUGIN] = { "lock-plugin", 0, "PATH.so", SEL,
	  "load the locks of a plugin built against <lockbench/lock.h> (pkg-config "
	  "lockbench); repeatable; its locks are then named in --lock and listed in "
	  "--list-locks like built-in ones, and run through their pointers (no inlined loop)",
	  .type = LB_OPT_CALL, .call = call_lock_plugin },
	[O_LIST_LOCKS] = { "list-locks", 0, NULL, SEL,
	  "list the locks: name, kind, family, flags, availability, description; with -v "
	  "also what each follows (kernel version, paper, library) and its deviations",
	  .type = LB_OPT_FLAG, LB_FIELD(list_locks) },
	[O_SCENARIO] = { "scenario", 0, "NAME", SEL,
	  "workload shape: mix (every thread runs the read:write mix), roles "
	  "(dedicated reader and writer threads: --readers, --writers), fair (Desnoyers' "
	  "2008 fair-rwlock test of a reader-writer lock: calibration, single writer, single reader, "
	  "multiple readers, then high contention with readers, trylock readers, periodic "
	  "writers, trylock writers and interrupt readers; counts and periods below)",
	  .type = LB_OPT_ENUM, LB_FIELD(scenario), .find = lb_scenario_find,
	  .why = "unknown scenario; valid: mix, roles, fair", .def = "mix" },
	[O_RATIO] = { "ratio", 'r', "R:W[,R:W...]", WORK,
	  "per-thread read:write mix, a deterministic interleave phase-shifted by thread "
	  "index; 0:1 = writes only",
	  .type = LB_OPT_RATIOS, LB_LIST(ratios, nratios), .def = "0:1" },
	[O_READERS] = { "readers", 0, "N", WORK,
	  "roles: N reader threads, each doing only read acquisitions (1:0)",
	  .type = LB_OPT_U64, LB_FIELD(readers), .min = 0, .max = LB_MAX_THREADS },
	[O_WRITERS] = { "writers", 0, "M", WORK,
	  "roles: M writer threads, each doing only write acquisitions (0:1)",
	  .type = LB_OPT_U64, LB_FIELD(writers), .min = 0, .max = LB_MAX_THREADS },
	[O_WRITER_OPS] = { "writer-ops", 0, "N", WORK,
	  "roles: each writer stops after N writes (a writer early, then readers only); "
	  "default: as long as the readers",
	  .type = LB_OPT_U64, LB_FIELD(writer_ops), .min = 1, .max = 1000000000000ull },
	[O_THREADS] = { "threads", 't', "LIST", WORK,
	  "thread counts: 2,10  1-8  2-16:2  max (CPUs in the placement)  Nx (N times that)",
	  .type = LB_OPT_THREADS, LB_LIST(telems, ntelems), .def = "2,max" },
	[O_LOAD] = { "load", 'L', "LIST", WORK,
	  "pause instructions inside the critical section, a list or range",
	  .type = LB_OPT_U64_LIST, LB_LIST(loads, nloads), .min = 0, .max = 10000000,
	  .def = "1,5,10", .excl = O_LOAD_NS },
	[O_LOAD_NS] = { "load-ns", 0, "LIST", WORK,
	  "critical-section length in nanoseconds, converted with the calibrated pause cost",
	  .type = LB_OPT_U64_LIST, LB_LIST(loads, nloads), .min = 0, .max = 1000000000,
	  .given = offsetof(struct lb_config, load_ns), .excl = O_LOAD },
	[O_DELAY] = { "delay", 0, "N", WORK,
	  "pause instructions between operations, outside the lock",
	  .type = LB_OPT_U64, LB_FIELD(delay), .min = 0, .max = 10000000, .def = "0" },
	[O_LOAD_UNIT] = { "load-unit", 0, "UNIT", WORK,
	  "what --load, --delay and --load-ns count: pause (the pause instruction, the "
	  "kernel's cpu_relax) or loop (a calibrated dependent-add loop, lockhammer's unit, "
	  "for machines where pause traps to the hypervisor)",
	  .type = LB_OPT_ENUM, LB_FIELD(load_unit), .find = lb_load_unit_find,
	  .why = "unknown load unit; valid: pause, loop", .def = "pause" },
	[O_OPS] = { "ops", 'n', "N", WORK,
	  "lock-unlock operations per thread (fixed work); the figure is the execution time "
	  "from the common start to the last thread's finish",
	  .type = LB_OPT_U64, LB_FIELD(ops), .min = 1, .max = 1000000000000ull,
	  .def = "1000000" },	/* Long's 2014 rwsem-spinning posting's */
	[O_DURATION] = { "duration", 'D', "SEC", WORK,
	  "run each point for SEC seconds instead (fixed time); the figure is Mops/s",
	  .type = LB_OPT_DOUBLE, LB_FIELD(duration), .dmin = 0.001, .dmax = 86400 },
	[O_REPEAT] = { "repeat", 0, "N", WORK,
	  "repeat each point N times, interleaved; tables show the mean",
	  .type = LB_OPT_U64, LB_FIELD(repeat), .min = 1, .max = 10000, .def = "1" },
	[O_PLACE] = { "place", 'p', "POLICY", PLACE,
	  "socket (one thread per core of package 0, SMT siblings last, then the next "
	  "package), spread (round-robin over packages), compact (SMT siblings first), "
	  "cache (the cores of one L3 group before the next, SMT siblings after every "
	  "core), numa (one NUMA node before the next), none (no pinning)",
	  .type = LB_OPT_ENUM, LB_FIELD(place), .find = lb_place_find,
	  .why = "unknown policy; valid: socket, spread, compact, cache, numa, none",
	  .def = "socket" },
	[O_CPUS] = { "cpus", 'C', "LIST", PLACE,
	  "use only these CPUs (numactl list syntax: 0-3,8 ... 'all', '!N'), ordered by --place",
	  .type = LB_OPT_STRING, LB_FIELD(cpus), .why = "empty list" },
	[O_PHYSICAL] = { "physical", 0, NULL, PLACE,
	  "--cpus names OS CPU numbers (P#) instead of hwloc logical indexes (L#)",
	  .type = LB_OPT_FLAG, LB_FIELD(physical) },
	[O_TOPOLOGY] = { "topology", 0, "FILE.xml|synthetic:DESC|NAME", PLACE,
	  "plan against another machine (hwloc XML, synthetic description, or NAME: a saved "
	  "machine from the installed data directory, e.g. skylake-2s40c80t); needs --plan",
	  .type = LB_OPT_STRING, LB_FIELD(topology), .why = "empty value" },
	[O_PLAN] = { "plan", 0, NULL, PLACE,
	  "print each thread's package, core, PU and NUMA node, and the run points; run nothing",
	  .type = LB_OPT_FLAG, LB_FIELD(plan) },
	[O_LOCK_NODE] = { "lock-node", 0, "N", PLACE,
	  "NUMA node that holds the lock memory",
	  .type = LB_OPT_U64, LB_FIELD(lock_node), .min = 0, .max = 4095 },
	[O_LOCK_DOMAIN] = { "lock-domain", 0, "LEVEL", PLACE,
	  "what the numa locks treat as local: numa (NUMA node; the package on a machine "
	  "with one node per package), package, cache (L3 group); each thread's domain is "
	  "its CPU's in the placement (see --plan)",
	  .type = LB_OPT_ENUM, LB_FIELD(lock_domain), .find = lb_lock_domain_find,
	  .why = "unknown level; valid: numa, package, cache", .def = "numa",
	  .given = offsetof(struct lb_config, lock_domain_set) },
	[O_DOMAINS] = { "domains", 0, "N", PLACE,
	  "split the placement into N pretend domains, round-robin over its CPUs (CPU k "
	  "of the placement is in domain k mod N), so that a machine with one domain runs "
	  "every local and remote path of the numa locks; reports say the domains are "
	  "pretend (1-64, at most the CPUs in the placement)",
	  .type = LB_OPT_U64, LB_FIELD(domains), .min = 1, .max = LB_MAX_DOMAINS },
	[O_VALIDATE] = { "validate", 0, NULL, MEAS,
	  "check mutual and reader/writer exclusion inside every critical section; a "
	  "violation stops the run with exit status 3",
	  .type = LB_OPT_FLAG, LB_FIELD(validate) },
	[O_PROCESSES] = { "processes", 0, NULL, MEAS,
	  "run each worker as a process instead of a thread (forked after placement, "
	  "pinned the same way), sharing the lock and the harness's state through a shared "
	  "mapping, with shared futexes (no FUTEX_PRIVATE_FLAG); only locks flagged P in "
	  "--list-locks (exit 5 for the others), --scenario=mix only",
	  .type = LB_OPT_FLAG, LB_FIELD(processes) },
	[O_TORTURE] = { "torture", 0, NULL, MEAS,
	  "torture the locks under --validate for --duration seconds in all, shared by "
	  "the locks (default 10 s per lock): "
	  "rounds of 1 to 4x the CPUs in threads, random mixes and shuffled placements, "
	  "random delays and yields inside the critical sections and slow paths; one "
	  "summary line per lock, exit status 3 when a check fails",
	  .type = LB_OPT_FLAG, LB_FIELD(torture) },
	[O_C2C] = { "c2c", 0, NULL, MEAS,
	  "first measure the core-to-core cache-line round trip from the placement's first "
	  "CPU to each other one, the physical floor of a lock hand-off; each point's time "
	  "per operation is then also given as a multiple of it (-v, CSV, JSON)",
	  .type = LB_OPT_FLAG, LB_FIELD(c2c) },
	[O_PERF] = { "perf", 0, NULL, MEAS,
	  "per-thread counters through perf_event_open: task clock, context switches, CPU "
	  "migrations, page faults, and cycles, instructions and cache misses where the "
	  "machine has them (\"not supported\" where it has not); after the table, with -v, "
	  "in CSV and JSON",
	  .type = LB_OPT_FLAG, LB_FIELD(perf) },
	[O_TRACE] = { "trace", 0, NULL, MEAS,
	  "the kernel's view through tracefs (root only): each thread's context switch-outs "
	  "(preempted, sleeping, blocked) and the kernel lock contention the run caused "
	  "(lock:contention_begin/end: count and wait per lock class and lock); after the "
	  "table, with -v, in CSV and JSON. Tracing perturbs the run",
	  .type = LB_OPT_FLAG, LB_FIELD(trace) },
	[O_TIMEOUT] = { "timeout", 0, "SEC", MEAS,
	  "watchdog: stop a point that makes no progress for SEC seconds, print which "
	  "threads wait and the lock word, exit 4",
	  .type = LB_OPT_DOUBLE, LB_FIELD(timeout), .dmin = 0, .dmax = 86400,
	  .def = "60", .def_note = "; 0 disables, else at least 0.5" },
	/* no .def: the default depends on the mode (lb_point_timeout(), plan.c) */
	[O_POINT_TIMEOUT] = { "point-timeout", 0, "SEC", MEAS,
	  "time budget: stop a point still running after SEC seconds, mark it timed out and "
	  "go on (default: 3 x its duration + 10 s; fixed work: 60 s; 0 disables)",
	  .type = LB_OPT_DOUBLE, LB_FIELD(point_timeout), .dmin = 0, .dmax = 86400,
	  .given = offsetof(struct lb_config, point_timeout_set) },
	[O_LATENCY] = { "latency", 0, NULL, MEAS,
	  "time each acquisition between two fenced cycle-counter reads, less their "
	  "average cost (the 2008 fair-rwlock posting's calibration); per-thread histograms "
	  "give [min,avg,max] and p50, p99, p99.9 in cycles and ns in CSV and JSON",
	  .type = LB_OPT_FLAG, LB_FIELD(latency) },
	[O_LATENCY_SAMPLE] = { "latency-sample", 0, "N", MEAS,
	  "with --latency or --scenario=fair, time one acquisition in N, for when the "
	  "timer would dominate a short critical section",
	  .type = LB_OPT_U64, LB_FIELD(lat_every), .min = 1, .max = 1000000000,
	  .def = "1", .def_note = ": every one" },
	/*
	 * The fair scenario's defaults are the 2008 fair-rwlock posting's thread
	 * mix and periods (its Aug 17 2008 run): "4 thread readers", "2 thread
	 * trylock readers", "2 thread writers (10us period)", "2 thread trylock
	 * writers (10us period)", one interrupt reader of each kind "every
	 * 100 ms"; the trylock writers' give-up after 100 tries is the Aug 18
	 * module's.
	 */
	[O_FAIR_READERS] = { "fair-readers", 0, "N", FAIR,
	  "reader threads (read_lock, no delay) in the multiple-readers and high-contention "
	  "phases",
	  FAIR_COUNT(LB_ROLE_READER), .def = "4" },
	[O_FAIR_TRYLOCK_READERS] = { "fair-trylock-readers", 0, "N", FAIR,
	  "threads spinning on read_trylock in the high-contention phase",
	  FAIR_COUNT(LB_ROLE_TRYLOCK_READER), .def = "2" },
	[O_FAIR_WRITERS] = { "fair-writers", 0, "N", FAIR,
	  "writer threads in the high-contention phase",
	  FAIR_COUNT(LB_ROLE_WRITER), .def = "2" },
	[O_FAIR_TRYLOCK_WRITERS] = { "fair-trylock-writers", 0, "N", FAIR,
	  "trylock writer threads in the high-contention phase: subscribe where the lock "
	  "can, try --fair-trylock-writer-tries times, give up",
	  FAIR_COUNT(LB_ROLE_TRYLOCK_WRITER), .def = "2" },
	[O_FAIR_IRQ_READERS] = { "fair-irq-readers", 0, "N", FAIR,
	  "interrupt reader threads: each sends a signal to a worker on every CPU of the "
	  "placement every --fair-irq-period; the handler takes the read lock",
	  FAIR_COUNT(LB_ROLE_IRQ_READER), .def = "1",
	  .def_note = " where the lock's read side is async-signal-safe, else 0" },
	[O_FAIR_TRYLOCK_IRQ_READERS] = { "fair-trylock-irq-readers", 0, "N", FAIR,
	  "the same, with a handler spinning on read_trylock",
	  FAIR_COUNT(LB_ROLE_TRYLOCK_IRQ_READER), .def = "1",
	  .def_note = " where the lock allows, else 0" },
	[O_FAIR_WRITER_PERIOD] = { "fair-writer-period", 0, "US", FAIR,
	  "busy wait after each writer iteration, in microseconds",
	  .type = LB_OPT_U64, LB_FIELD(fair.writer_period_ns), .min = 0, .max = 10000000,
	  .scale = 1000, .def = "10" },
	[O_FAIR_TRYLOCK_WRITER_PERIOD] = { "fair-trylock-writer-period", 0, "US", FAIR,
	  "busy wait after each trylock writer iteration, in microseconds",
	  .type = LB_OPT_U64, LB_FIELD(fair.trylock_writer_period_ns), .min = 0,
	  .max = 10000000, .scale = 1000, .def = "10" },
	[O_FAIR_TRYLOCK_WRITER_TRIES] = { "fair-trylock-writer-tries", 0, "N", FAIR,
	  "attempts before a trylock writer gives up, and unsubscribes",
	  .type = LB_OPT_U64, LB_FIELD(fair.trylock_writer_tries), .min = 0, .max = 1000000000,
	  .def = "100", .def_note = "; 0: never give up" },
	[O_FAIR_IRQ_PERIOD] = { "fair-irq-period", 0, "MS", FAIR,
	  "time between two rounds of interrupts, in milliseconds",
	  .type = LB_OPT_U64, LB_FIELD(fair.irq_period_ns), .min = 1, .max = 10000000,
	  .scale = 1000000, .def = "100" },
	[O_FORMAT] = { "format", 'f', "FMT[,FMT...]", OUT,
	  "output format; several, comma separated, are written one after the other from "
	  "the same run: ",
	  .type = LB_OPT_CALL, .call = call_format, .help_more = lb_cli_formats_help,
	  .def = "table" },
	[O_OUTPUT] = { "output", 'o', "FILE", OUT,
	  "write the results to FILE (format from the extension unless -f; written to a "
	  "temporary file and renamed, so a failed run leaves nothing)",
	  .type = LB_OPT_STRING, LB_FIELD(output), .why = "empty file name" },
	[O_BASELINE] = { "baseline", 0, "FILE", OUT,
	  "an earlier CSV or JSON of lockbench as 'before' and this run as 'after' of -f "
	  "compare or -f aim7, matched by lock, ratio, threads and load",
	  .type = LB_OPT_STRING, LB_FIELD(baseline), .why = "empty file name" },
	[O_NO_HEADER] = { "no-header", 0, NULL, OUT,
	  "no '# ' lines over a text report (the machine, the build, the placement, the "
	  "pause, the run's hygiene and the command line); CSV and JSON have none",
	  .type = LB_OPT_FLAG, LB_FIELD(no_header) },
	[O_BASELINE_LOOSE] = { "baseline-loose", 0, NULL, OUT,
	  "with --baseline: compare points that differ in ops, duration or lock options, "
	  "printing the difference, instead of refusing (exit 2)",
	  .type = LB_OPT_FLAG, LB_FIELD(baseline_loose) },
	[O_QUIET] = { "quiet", 'q', NULL, OUT, "fewer messages on stderr",
	  .type = LB_OPT_CALL, .call = call_quiet },
	[O_VERBOSE] = { "verbose", 'v', NULL, OUT,
	  "more: calibration, placement, per-thread operations and lock event counters",
	  .type = LB_OPT_CALL, .call = call_verbose },
	[O_HELP] = { "help", 'h', NULL, OUT, "this help, then exit",
	  .type = LB_OPT_CALL, .call = call_help },
	[O_VERSION] = { "version", 'V', NULL, OUT, "print the version, then exit",
	  .type = LB_OPT_CALL, .call = call_version },
	/*
	 * No other option starts with "e", so no abbreviation getopt_long took
	 * before (--du for --duration, --h for --help) becomes ambiguous.
	 */
	[O_EXPORT_DEFAULTS] = { "export-defaults", 0, NULL, OUT,
	  "each option and its default, tab separated, then exit (tests/cli/docs-sync.sh)",
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

int lb_cli_lockopt_value(const struct lb_lock_option *op, const char *val, uint64_t *v, char *why,
			 size_t len)
{
	char list[256];
	size_t l = 0;

	if (op->type == LB_LOCK_OPT_U64)
		return lb_parse_u64(val, op->min, op->max, v, why, len) ? -1 : 0;
	for (*v = 0; op->values[*v]; (*v)++)
		if (strcmp(op->values[*v], val) == 0)
			return 0;
	list[0] = '\0';
	for (unsigned k = 0; op->values[k] && l < sizeof(list); k++)
		l += (size_t)snprintf(list + l, sizeof(list) - l, "%s%s", k ? ", " : "", op->values[k]);
	snprintf(why, len, "expected one of: %s", list);
	return -1;
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

LB_NORETURN void lb_cli_bad_value(const char *opt, const char *val, const char *why)
{
	lb_die(LB_EXIT_USAGE, "--%s=%s: %s", opt, val, why);
}

void lb_cli_add_lock(struct lb_config *c, const struct lb_lock_ops *o, bool explicit_name)
{
	for (unsigned i = 0; i < c->nlocks; i++) {
		if (c->locks[i] != o)
			continue;
		/* a family repeated, or one that holds a lock named too, adds nothing: no word */
		if (explicit_name)
			lb_warn("--lock: '%s' is selected twice; it runs once", o->name);
		return;
	}
	if (o->unavailable && !explicit_name)
		return;	/* a family skips what this build lacks; --list-locks says why */
	if (c->nlocks == LB_MAX_LOCKS)
		lb_die(LB_EXIT_USAGE, "--lock: more than %d locks", LB_MAX_LOCKS);
	c->locks[c->nlocks++] = o;
}

LB_NORETURN static void unknown_lock(const char *val, const char *el)
{
	const char *near = lb_lock_nearest(el);

	/* the nearest name, not all of them: --list-locks has the list */
	lb_die(LB_EXIT_USAGE, "--lock=%s: unknown lock '%s'%s%s%s; lockbench --list-locks lists "
	       "the locks; families: spin sleep rw numa kernel peer all", val, el,
	       near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : "");
}

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
		if (strchr(el, ':')) {	/* a lock instance: NAME:OPT=V... */
			lb_cli_add_lock(c, lb_cli_instance(c, val, el), true);
			continue;
		}
		o = lb_lock_find(el);
		if (!o)
			unknown_lock(val, el);
		if (o->unavailable)
			lb_die(LB_EXIT_UNAVAIL, "--lock=%s: lock '%s' is not available in this build: %s",
			       val, el, o->unavailable);
		lb_cli_add_lock(c, o, true);
	}
	free(copy);
}

/* --lock-plugin: loaded before argv was read (lb_cli_load_plugins()), so that --lock finds its locks */
static void call_lock_plugin(struct lb_cli *st, const struct lb_optdef *d, const char *val)
{
}

void lb_cli_format_list(char *buf, size_t len)
{
	size_t l = 0;

	buf[0] = '\0';
	for (unsigned i = 0; lb_formats[i].name && l < len; i++)
		l += (size_t)snprintf(buf + l, len - l, "%s%s", i ? ", " : "", lb_formats[i].name);
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

static void call_help(struct lb_cli *st, const struct lb_optdef *d, const char *val)
{
	lb_options_help(stdout);
	lb_exit(LB_EXIT_OK);
}

static void call_version(struct lb_cli *st, const struct lb_optdef *d, const char *val)
{
	printf("lockbench %s\n", PACKAGE_VERSION);
	lb_exit(LB_EXIT_OK);
}

static void call_export(struct lb_cli *st, const struct lb_optdef *d, const char *val)
{
	lb_cli_export_defaults(stdout);
	lb_exit(LB_EXIT_OK);
}

/* ---- the generic parser */

/* An integer into a field of 4 or 8 bytes (unsigned, uint32_t, int, uint64_t). */
static void store_uint(void *p, size_t size, uint64_t v)
{
	if (size == sizeof(uint64_t)) {
		memcpy(p, &v, sizeof(v));
	} else {
		uint32_t v32 = (uint32_t)v;

		memcpy(p, &v32, sizeof(v32));
	}
}

/* take_value() - read @val as row @d says and store it where @d says */
static void take_value(struct lb_cli *st, const struct lb_optdef *d, const char *val)
{
	char *p = (char *)st->c + d->off, why[256];
	unsigned *n = (unsigned *)((char *)st->c + d->noff);
	uint64_t v;
	int i, rc = 0;

	switch (d->type) {
	case LB_OPT_FLAG:
		*(bool *)p = true;
		return;
	case LB_OPT_U64:
		rc = lb_parse_u64(val, d->min, d->max, &v, why, sizeof(why));
		if (!rc)
			store_uint(p, d->size, v * (d->scale ? d->scale : 1));
		break;
	case LB_OPT_DOUBLE:
		rc = lb_parse_seconds(val, d->dmin, d->dmax, (double *)p, why, sizeof(why));
		break;
	case LB_OPT_U64_LIST:
		free(*(uint64_t **)p);
		*(uint64_t **)p = NULL;
		rc = lb_parse_u64_list(val, d->min, d->max, (uint64_t **)p, n, why, sizeof(why));
		break;
	case LB_OPT_RATIOS:
		free(*(struct lb_ratio **)p);
		*(struct lb_ratio **)p = NULL;
		rc = lb_parse_ratios(val, (struct lb_ratio **)p, n, why, sizeof(why));
		break;
	case LB_OPT_THREADS:
		free(*(struct lb_telem **)p);
		*(struct lb_telem **)p = NULL;
		rc = lb_parse_threads(val, (struct lb_telem **)p, n, why, sizeof(why));
		break;
	case LB_OPT_ENUM:
		i = d->find(val);
		if (i < 0)
			lb_cli_bad_value(d->name, val, d->why);
		memcpy(p, &i, sizeof(i));
		break;
	case LB_OPT_STRING:
		if (!*val)
			lb_cli_bad_value(d->name, val, d->why);
		*(const char **)p = val;
		break;
	case LB_OPT_CALL:
		d->call(st, d, val);
		break;
	}
	if (rc)
		lb_cli_bad_value(d->name, val, why);
}

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
			ok = d->size == sizeof(int) && d->find && d->why;
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
		longopts[k].has_arg = d->arg ? required_argument : no_argument;
		longopts[k++].val = LONG_BASE + (int)id;
		if (d->shortopt && sl + 3 < len) {
			shortopts[sl++] = (char)d->shortopt;
			if (d->arg)
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
	lb_die(LB_EXIT_USAGE, "unknown option '%s'%s%s%s (see lockbench --help)", arg,
	       near ? " (did you mean --" : "", near ? near : "", near ? "?)" : "");
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
		if (d->arg && optarg == argv[optind - 1] && optarg[0] == '-' &&
		    (optarg[1] == '-' || isalpha((unsigned char)optarg[1])))
			lb_die(LB_EXIT_USAGE, "option '%s' needs a value, and '%s' is an option (see "
			       "lockbench --help)", argv[optind - 2], optarg);
		if (d->excl && lb_cli_given(st, d->excl))
			lb_die(LB_EXIT_USAGE, "--%s=%s: give either --%s or --%s, not both", d->name,
			       optarg, lb_opts[id < d->excl ? id : d->excl].name,
			       lb_opts[id < d->excl ? d->excl : id].name);
		take_value(st, d, d->arg ? optarg : NULL);
		if (d->given)
			*(bool *)((char *)st->c + d->given) = true;
		st->val[id] = d->arg ? optarg : "";
		st->seq[id] = ++seq;
	}
	if (optind < argc)
		lb_die(LB_EXIT_USAGE, "unexpected argument '%s' (see lockbench --help)", argv[optind]);
	free(longopts);
}

void lb_options_parse(struct lb_config *c, int argc, char **argv)
{
	struct lb_cli st = { .c = c };

	check_table();
	memset(c, 0, sizeof(*c));
	c->lock_node = -1;	/* no --lock-node: no node, wherever the allocator puts it */
	c->argc = argc;
	c->argv = argv;
	/* the defaults, from the rows, through the parser that reads argv */
	for (unsigned id = 1; id < O_NOPTS; id++)
		if (lb_opts[id].def)
			take_value(&st, &lb_opts[id], lb_opts[id].def);
	lb_cli_load_plugins(argc, argv);
	build_lockopts(c);
	read_argv(&st, argc, argv);
	lb_cli_instances_resolve(c);
	lb_cli_rules(&st);
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

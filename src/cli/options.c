// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * options.c - the option table, the parser and the generated --help
 *
 * Every global option is one row of lb_opts[]: its name, short letter,
 * argument name, help group and help text. getopt_long's table and --help
 * are both generated from it, and tests/cli/man-sync.sh checks that the
 * man page names every option --help prints. Per-lock options come from
 * each lock's own table (lock.h) as --<lock>-<option>.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/log.h"
#include "cli/options.h"
#include "plan/domain.h"
#include "output/output.h"
#include "locks/registry.h"

enum opt_id {
	O_LOCK = 1000, O_LIST_LOCKS, O_SCENARIO, O_READERS, O_WRITERS, O_WRITER_OPS,
	O_RATIO, O_THREADS, O_LOAD, O_LOAD_NS, O_DELAY, O_OPS, O_DURATION, O_REPEAT,
	O_PLACE, O_CPUS, O_PHYSICAL, O_TOPOLOGY, O_PLAN, O_LOCK_NODE, O_LOCK_DOMAIN, O_DOMAINS,
	O_VALIDATE, O_TIMEOUT, O_C2C, O_PERF, O_TRACE, O_LATENCY, O_LATENCY_SAMPLE,
	O_FAIR_READERS, O_FAIR_TRYLOCK_READERS, O_FAIR_WRITERS, O_FAIR_TRYLOCK_WRITERS,
	O_FAIR_IRQ_READERS, O_FAIR_TRYLOCK_IRQ_READERS, O_FAIR_WRITER_PERIOD,
	O_FAIR_TRYLOCK_WRITER_PERIOD, O_FAIR_TRYLOCK_WRITER_TRIES, O_FAIR_IRQ_PERIOD,
	O_FORMAT, O_OUTPUT, O_BASELINE, O_QUIET, O_VERBOSE, O_HELP, O_VERSION,
	O_LOCKOPT_BASE = 5000,
};

struct lb_optdef {
	const char *name;
	int id;
	int shortopt;		/* 0 if none */
	const char *arg;	/* argument name for --help, NULL for flags */
	const char *group;
	const char *help;
};

static const struct lb_optdef lb_opts[] = {
	{ "lock", O_LOCK, 'l', "LIST", "Selection",
	  "lock variants, comma list; 'all' or a family: spin, sleep, rw, numa, kernel, peer "
	  "(default: the 2014 rwsem-spinning experiment, see DEFAULTS in the man page)" },
	{ "list-locks", O_LIST_LOCKS, 0, NULL, "Selection",
	  "list the locks: name, kind, family, flags, availability, description" },
	{ "scenario", O_SCENARIO, 0, "NAME", "Selection",
	  "workload shape: mix (every thread runs the read:write mix; default), roles "
	  "(dedicated reader and writer threads: --readers, --writers), fair (Desnoyers' "
	  "2008 fair-rwlock test of a reader-writer lock: calibration, single writer, single reader, "
	  "multiple readers, then high contention with readers, trylock readers, periodic "
	  "writers, trylock writers and interrupt readers; counts and periods below)" },
	{ "ratio", O_RATIO, 'r', "R:W[,R:W...]", "Workload",
	  "per-thread read:write mix, a deterministic interleave phase-shifted by thread "
	  "index; 0:1 = writes only (default 0:1)" },
	{ "readers", O_READERS, 0, "N", "Workload",
	  "roles: N reader threads, each doing only read acquisitions (1:0)" },
	{ "writers", O_WRITERS, 0, "M", "Workload",
	  "roles: M writer threads, each doing only write acquisitions (0:1)" },
	{ "writer-ops", O_WRITER_OPS, 0, "N", "Workload",
	  "roles: each writer stops after N writes (a writer early, then readers only); "
	  "default: as long as the readers" },
	{ "threads", O_THREADS, 't', "LIST", "Workload",
	  "thread counts: 2,10  1-8  2-16:2  max (CPUs in the placement)  Nx (N times that) "
	  "(default 2,max)" },
	{ "load", O_LOAD, 'L', "LIST", "Workload",
	  "pause instructions inside the critical section, a list or range (default 1,5,10)" },
	{ "load-ns", O_LOAD_NS, 0, "LIST", "Workload",
	  "critical-section length in nanoseconds, converted with the calibrated pause cost" },
	{ "delay", O_DELAY, 0, "N", "Workload",
	  "pause instructions between operations, outside the lock (default 0)" },
	{ "ops", O_OPS, 'n', "N", "Workload",
	  "lock-unlock operations per thread (fixed work; default 1000000); the figure is "
	  "the execution time from the common start to the last thread's finish" },
	{ "duration", O_DURATION, 'D', "SEC", "Workload",
	  "run each point for SEC seconds instead (fixed time); the figure is Mops/s" },
	{ "repeat", O_REPEAT, 0, "N", "Workload",
	  "repeat each point N times, interleaved; tables show the mean (default 1)" },
	{ "place", O_PLACE, 'p', "POLICY", "Placement",
	  "socket (default: one thread per core of package 0, SMT siblings last, then the "
	  "next package), spread (round-robin over packages), compact (SMT siblings "
	  "first), cache (the cores of one L3 group before the next, SMT siblings after "
	  "every core), numa (one NUMA node before the next), none (no pinning)" },
	{ "cpus", O_CPUS, 'C', "LIST", "Placement",
	  "use only these CPUs (numactl list syntax: 0-3,8 ... 'all', '!N'), ordered by --place" },
	{ "physical", O_PHYSICAL, 0, NULL, "Placement",
	  "--cpus names OS CPU numbers (P#) instead of hwloc logical indexes (L#)" },
	{ "topology", O_TOPOLOGY, 0, "FILE.xml|synthetic:DESC", "Placement",
	  "plan against another machine (hwloc XML or synthetic description); needs --plan" },
	{ "plan", O_PLAN, 0, NULL, "Placement",
	  "print each thread's package, core, PU and NUMA node, and the run points; run nothing" },
	{ "lock-node", O_LOCK_NODE, 0, "N", "Placement",
	  "NUMA node that holds the lock memory" },
	{ "lock-domain", O_LOCK_DOMAIN, 0, "LEVEL", "Placement",
	  "what the numa locks treat as local: numa (NUMA node, default; the package on a "
	  "machine with one node per package), package, cache (L3 group); each thread's "
	  "domain is its CPU's in the placement (see --plan)" },
	{ "domains", O_DOMAINS, 0, "N", "Placement",
	  "split the placement into N pretend domains, round-robin over its CPUs (CPU k "
	  "of the placement is in domain k mod N), so that a machine with one domain runs "
	  "every local and remote path of the numa locks; reports say the domains are "
	  "pretend (1-64, at most the CPUs in the placement)" },
	{ "validate", O_VALIDATE, 0, NULL, "Measurement",
	  "check mutual and reader/writer exclusion inside every critical section; a "
	  "violation stops the run with exit status 3" },
	{ "c2c", O_C2C, 0, NULL, "Measurement",
	  "first measure the core-to-core cache-line round trip from the placement's first "
	  "CPU to each other one, the physical floor of a lock hand-off; each point's time "
	  "per operation is then also given as a multiple of it (-v, CSV, JSON)" },
	{ "perf", O_PERF, 0, NULL, "Measurement",
	  "per-thread counters through perf_event_open: task clock, context switches, CPU "
	  "migrations, page faults, and cycles, instructions and cache misses where the "
	  "machine has them (\"not supported\" where it has not); after the table, with -v, "
	  "in CSV and JSON" },
	{ "trace", O_TRACE, 0, NULL, "Measurement",
	  "the kernel's view through tracefs (root only): each thread's context switch-outs "
	  "(preempted, sleeping, blocked) and the kernel lock contention the run caused "
	  "(lock:contention_begin/end: count and wait per lock class and lock); after the "
	  "table, with -v, in CSV and JSON. Tracing perturbs the run" },
	{ "timeout", O_TIMEOUT, 0, "SEC", "Measurement",
	  "watchdog: stop a point that makes no progress for SEC seconds, print which "
	  "threads wait and the lock word, exit 4 (default 60; 0 disables)" },
	{ "latency", O_LATENCY, 0, NULL, "Measurement",
	  "time each acquisition between two fenced cycle-counter reads, less their "
	  "average cost (the 2008 fair-rwlock posting's calibration); per-thread histograms give [min,avg,max] "
	  "and p50, p99, p99.9 in cycles and ns in CSV and JSON" },
	{ "latency-sample", O_LATENCY_SAMPLE, 0, "N", "Measurement",
	  "with --latency or --scenario=fair, time one acquisition in N, for when the "
	  "timer would dominate a short critical section (default 1: every one)" },
	{ "fair-readers", O_FAIR_READERS, 0, "N", "Fair scenario",
	  "reader threads (read_lock, no delay) in the multiple-readers and high-contention "
	  "phases (default 4)" },
	{ "fair-trylock-readers", O_FAIR_TRYLOCK_READERS, 0, "N", "Fair scenario",
	  "threads spinning on read_trylock in the high-contention phase (default 2)" },
	{ "fair-writers", O_FAIR_WRITERS, 0, "N", "Fair scenario",
	  "writer threads in the high-contention phase (default 2)" },
	{ "fair-trylock-writers", O_FAIR_TRYLOCK_WRITERS, 0, "N", "Fair scenario",
	  "trylock writer threads in the high-contention phase: subscribe where the lock "
	  "can, try --fair-trylock-writer-tries times, give up (default 2)" },
	{ "fair-irq-readers", O_FAIR_IRQ_READERS, 0, "N", "Fair scenario",
	  "interrupt reader threads: each sends a signal to a worker on every CPU of the "
	  "placement every --fair-irq-period; the handler takes the read lock (default 1 "
	  "where the lock's read side is async-signal-safe, else 0)" },
	{ "fair-trylock-irq-readers", O_FAIR_TRYLOCK_IRQ_READERS, 0, "N", "Fair scenario",
	  "the same, with a handler spinning on read_trylock (default 1 where the lock "
	  "allows, else 0)" },
	{ "fair-writer-period", O_FAIR_WRITER_PERIOD, 0, "US", "Fair scenario",
	  "busy wait after each writer iteration, in microseconds (default 10)" },
	{ "fair-trylock-writer-period", O_FAIR_TRYLOCK_WRITER_PERIOD, 0, "US", "Fair scenario",
	  "busy wait after each trylock writer iteration, in microseconds (default 10)" },
	{ "fair-trylock-writer-tries", O_FAIR_TRYLOCK_WRITER_TRIES, 0, "N", "Fair scenario",
	  "attempts before a trylock writer gives up, and unsubscribes (default 100; 0: "
	  "never give up)" },
	{ "fair-irq-period", O_FAIR_IRQ_PERIOD, 0, "MS", "Fair scenario",
	  "time between two rounds of interrupts, in milliseconds (default 100)" },
	{ "format", O_FORMAT, 'f', "FMT[,FMT...]", "Output",
	  "output format (default table); several, comma separated, are written one after "
	  "the other from the same run: " /* the list of lb_formats follows */ },
	{ "output", O_OUTPUT, 'o', "FILE", "Output",
	  "write the results to FILE (format from the extension unless -f; written to a "
	  "temporary file and renamed, so a failed run leaves nothing)" },
	{ "baseline", O_BASELINE, 0, "FILE", "Output",
	  "an earlier CSV or JSON of lockbench as 'before' and this run as 'after' of -f "
	  "compare or -f aim7, matched by lock, ratio, threads and load" },
	{ "quiet", O_QUIET, 'q', NULL, "Output", "fewer messages on stderr" },
	{ "verbose", O_VERBOSE, 'v', NULL, "Output",
	  "more: calibration, placement, per-thread operations and lock event counters" },
	{ "help", O_HELP, 'h', NULL, "Output", "this help, then exit" },
	{ "version", O_VERSION, 'V', NULL, "Output", "print the version, then exit" },
};


/* One generated long option per (lock, lock option). */
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

static void wrap(FILE *f, const char *text, int indent, int width)
{
	int col = indent;
	const char *p = text;

	while (*p) {
		const char *sp = strchr(p, ' ');
		int wl = sp ? (int)(sp - p) : (int)strlen(p);

		if (col > indent && col + 1 + wl > width) {
			fprintf(f, "\n%*s", indent, "");
			col = indent;
		} else if (col > indent) {
			fputc(' ', f);
			col++;
		}
		fprintf(f, "%.*s", wl, p);
		col += wl;
		p += wl;
		while (*p == ' ')
			p++;
	}
	fputc('\n', f);
}

static void help_line(FILE *f, int shortopt, const char *name, const char *arg, const char *help)
{
	char left[96];
	int n;

	if (shortopt)
		n = snprintf(left, sizeof(left), "  -%c, --%s%s%s", shortopt, name, arg ? "=" : "",
			     arg ? arg : "");
	else
		n = snprintf(left, sizeof(left), "      --%s%s%s", name, arg ? "=" : "",
			     arg ? arg : "");
	if (n >= 28) {
		fprintf(f, "%s\n%28s", left, "");
	} else {
		fprintf(f, "%-28s", left);
	}
	wrap(f, help, 28, 79);
}

void lb_options_help(FILE *f)
{
	const char *group = NULL;

	fprintf(f, "Usage: lockbench [OPTION]...\n"
		   "Measure lock contention: pinned threads run a read:write mix of lock-unlock\n"
		   "operations with a pause-loop critical section, over many lock algorithms,\n"
		   "and print the tables of the LKML postings lockbench was made from.\n");
	for (unsigned i = 0; i < LB_ARRAY_SIZE(lb_opts); i++) {
		const struct lb_optdef *d = &lb_opts[i];

		if (!group || strcmp(group, d->group) != 0) {
			group = d->group;
			fprintf(f, "\n%s:\n", group);
		}
		if (d->id == O_FORMAT) {
			char help[1024];
			size_t l = (size_t)snprintf(help, sizeof(help), "%s", d->help);

			for (unsigned k = 0; lb_formats[k].name && l < sizeof(help); k++)
				l += (size_t)snprintf(help + l, sizeof(help) - l, "%s%s (%s)", k ? "; " : "",
						      lb_formats[k].name, lb_formats[k].help);
			help_line(f, d->shortopt, d->name, d->arg, help);
			continue;
		}
		help_line(f, d->shortopt, d->name, d->arg, d->help);
	}
	fprintf(f, "\nLock options (--<lock>-<option>):\n");
	for (unsigned i = 0; i < lb_lock_count(); i++) {
		const struct lb_lock_ops *o = lb_lock_at(i);

		for (unsigned j = 0; o->options && o->options[j].name; j++) {
			const struct lb_lock_option *op = &o->options[j];
			char name[96], help[512];

			snprintf(name, sizeof(name), "%s-%s", o->name, op->name);
			if (op->type == LB_LOCK_OPT_U64) {
				snprintf(help, sizeof(help), "%s (%llu..%llu, default %llu)", op->help,
					 (unsigned long long)op->min, (unsigned long long)op->max,
					 (unsigned long long)op->def);
			} else {
				size_t l = (size_t)snprintf(help, sizeof(help), "%s (", op->help);

				for (unsigned v = 0; op->values[v] && l < sizeof(help); v++)
					l += (size_t)snprintf(help + l, sizeof(help) - l, "%s%s",
							      v ? "|" : "", op->values[v]);
				if (l < sizeof(help))
					snprintf(help + l, sizeof(help) - l, ", default %s)",
						 op->values[op->def]);
			}
			help_line(f, 0, name, op->type == LB_LOCK_OPT_U64 ? "N" : "NAME", help);
		}
	}
	fprintf(f, "\nLocks: ");
	lb_lock_names(f);
	fprintf(f, "\n(lockbench --list-locks describes each one.)\n"
		   "\nExit status: 0 success, 1 runtime failure, 2 usage error, 3 validation failed,\n"
		   "4 watchdog stopped a stuck point, 5 feature or lock unavailable.\n"
		   "Full documentation: man lockbench\n");
}

LB_NORETURN static void bad_value(const char *opt, const char *val, const char *why)
{
	lb_die(LB_EXIT_USAGE, "--%s=%s: %s", opt, val, why);
}

static void add_lock(struct lb_config *c, const struct lb_lock_ops *o, bool explicit_name)
{
	for (unsigned i = 0; i < c->nlocks; i++)
		if (c->locks[i] == o)
			return;
	if (o->unavailable && !explicit_name)
		return;	/* a family skips what this build lacks; --list-locks says why */
	if (c->nlocks == LB_MAX_LOCKS)
		lb_die(LB_EXIT_USAGE, "--lock: more than %d locks", LB_MAX_LOCKS);
	c->locks[c->nlocks++] = o;
}

static void parse_locks(struct lb_config *c, const char *val)
{
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
			bad_value("lock", val, "empty element in list");
		if (lb_lock_is_family(el)) {
			unsigned before = c->nlocks;

			for (unsigned i = 0; i < lb_lock_count(); i++)
				if (lb_lock_in_family(lb_lock_at(i), el))
					add_lock(c, lb_lock_at(i), false);
			if (c->nlocks == before)
				lb_die(LB_EXIT_UNAVAIL, "--lock=%s: no lock of family '%s' is available "
					"in this build (see --list-locks)", val, el);
			continue;
		}
		o = lb_lock_find(el);
		if (!o) {
			const char *near = lb_lock_nearest(el);
			char *names = NULL;
			size_t sz = 0;
			FILE *m = open_memstream(&names, &sz);

			if (m) {
				lb_lock_names(m);
				fclose(m);
			}
			lb_err("--lock=%s: unknown lock '%s'%s%s%s; valid: %s; families: spin sleep "
			       "rw numa kernel peer all", val, el, near ? " (did you mean '" : "",
			       near ? near : "", near ? "'?)" : "", names ? names : "");
			free(names);
			lb_exit(LB_EXIT_USAGE);
		}
		if (o->unavailable)
			lb_die(LB_EXIT_UNAVAIL, "--lock=%s: lock '%s' is not available in this build: %s",
			       val, el, o->unavailable);
		add_lock(c, o, true);
	}
	free(copy);
}

/* "table, csv, json" */
static void format_list(char *buf, size_t len)
{
	size_t l = 0;

	buf[0] = '\0';
	for (unsigned i = 0; lb_formats[i].name && l < len; i++)
		l += (size_t)snprintf(buf + l, len - l, "%s%s", i ? ", " : "", lb_formats[i].name);
}

/* -f A[,B...]: each a known format, none twice */
static void parse_formats(struct lb_config *c, const char *opt, const char *val)
{
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
			format_list(list, sizeof(list));
			snprintf(why, sizeof(why), "unknown format '%.*s'; valid: %s", (int)n, el, list);
			bad_value(opt, val, why);
		}
		for (unsigned i = 0; i < c->nformats; i++)
			if (c->formats[i] == fmt)
				bad_value(opt, val, "a format is listed twice");
		if (c->nformats == LB_MAX_FORMATS)
			bad_value(opt, val, "too many formats");
		c->formats[c->nformats++] = fmt;
		if (!el[n])
			break;
		el += n + 1;
	}
	c->format = c->formats[0];
}

static void set_lockopt(struct lb_config *c, const struct lockopt_ref *r, const char *val)
{
	const struct lb_lock_option *op = &r->ops->options[r->opt_index];
	char why[160];
	uint64_t v;

	if (op->type == LB_LOCK_OPT_U64) {
		if (lb_parse_u64(val, op->min, op->max, &v, why, sizeof(why)))
			bad_value(r->name, val, why);
	} else {
		for (v = 0; op->values[v]; v++)
			if (strcmp(op->values[v], val) == 0)
				break;
		if (!op->values[v]) {
			char list[256];
			size_t l = 0;

			list[0] = '\0';
			for (unsigned k = 0; op->values[k] && l < sizeof(list); k++)
				l += (size_t)snprintf(list + l, sizeof(list) - l, "%s%s", k ? ", " : "",
						      op->values[k]);
			snprintf(why, sizeof(why), "expected one of: %s", list);
			bad_value(r->name, val, why);
		}
	}
	c->lockopt[r->reg_index][r->opt_index] = v;
}

/* the 2008 fair-rwlock posting's thread mix (the Aug 17 2008 run): 4 readers, 2 trylock readers, ... */
static void fair_defaults(struct lb_fair_cfg *f)
{
	memset(f, 0, sizeof(*f));
	f->count[LB_ROLE_READER] = 4;
	f->count[LB_ROLE_TRYLOCK_READER] = 2;
	f->count[LB_ROLE_WRITER] = 2;
	f->count[LB_ROLE_TRYLOCK_WRITER] = 2;
	f->count[LB_ROLE_IRQ_READER] = 1;
	f->count[LB_ROLE_TRYLOCK_IRQ_READER] = 1;
	f->writer_period_ns = 10000;		/* "2 thread writers (10us period)" */
	f->trylock_writer_period_ns = 10000;	/* "2 thread trylock writers (10us period)" */
	f->trylock_writer_tries = 100;		/* the Aug 18 module's give-up */
	f->irq_period_ns = 100000000;		/* "every 100 ms" */
}

#define FAIR_DEFAULT_DURATION 10.0	/* s of high contention; the posting ran 60 */

/* --scenario=fair: what the other options may say, and its defaults */
static void fair_check(struct lb_config *c, const char *ratio_arg, const char *threads_arg,
		       const char *ops_arg, const char *load_arg, bool dur_set)
{
	if (c->scenario != LB_SCN_FAIR)
		return;
	if (ops_arg)
		lb_die(LB_EXIT_USAGE, "--ops=%s: --scenario=fair runs each phase for a time; give "
		       "--duration (the high-contention phase; the others run a sixth of it)", ops_arg);
	if (ratio_arg)
		lb_die(LB_EXIT_USAGE, "--ratio=%s: --scenario=fair gives each thread a role; set "
		       "the counts with --fair-readers, --fair-writers, ...", ratio_arg);
	if (threads_arg)
		lb_die(LB_EXIT_USAGE, "--threads=%s: --scenario=fair sets its own thread counts "
		       "(--fair-readers, --fair-writers, ...)", threads_arg);
	if (c->repeat > 1)
		lb_die(LB_EXIT_USAGE, "--repeat=%u: --scenario=fair runs each lock once", c->repeat);
	if (c->validate)
		lb_die(LB_EXIT_USAGE, "--validate: --scenario=fair checks exclusion itself (the "
		       "2008 fair-rwlock test's array check; a failure exits 3)");
	if (c->nloads > 1)
		lb_die(LB_EXIT_USAGE, "--%s=%s: --scenario=fair takes one critical-section length",
		       c->load_ns ? "load-ns" : "load", load_arg ? load_arg : "");
	for (unsigned i = 0; i < c->nlocks; i++)
		if (c->locks[i]->kind != LB_LOCK_RW)
			lb_die(LB_EXIT_USAGE, "--lock=%s: --scenario=fair needs a reader-writer lock; "
			       "%s is exclusive", c->locks[i]->name, c->locks[i]->name);
	if (!dur_set)
		c->duration = FAIR_DEFAULT_DURATION;
}

/* The default experiment: the 2014 rwsem-spinning posting's mutex and rwsem rows. */
static void default_locks(struct lb_config *c)
{
	static const char *const want[][2] = {
		{ "mutex", "pthread-mutex" },
		{ "rwsem", "pthread-rwlock" },
	};

	for (unsigned i = 0; i < LB_ARRAY_SIZE(want); i++) {
		const struct lb_lock_ops *o = lb_lock_find(want[i][0]);

		if (!o || o->unavailable)
			o = lb_lock_find(want[i][1]);
		add_lock(c, o, true);
	}
}

#define DEFAULT_EXPERIMENT_OPS 200000ull	/* about 4 s for mutex,rwsem on the 2-core build VM */

/*
 * --scenario=roles: the thread count is readers + writers and the point's
 * ratio names the populations (2:1 = two reader threads, one writer), so
 * --threads and --ratio have no say; reader threads need rw locks.
 */
static void roles_config(struct lb_config *c, const char *scn, const char *readers_arg,
			 const char *writers_arg, const char *ratio_arg, const char *threads_arg)
{
	char text[64], why[256];

	if (!readers_arg && !writers_arg)
		lb_die(LB_EXIT_USAGE, "--scenario=%s: give the populations with --readers=N and/or "
		       "--writers=M", scn);
	if (c->readers + c->writers == 0)
		lb_die(LB_EXIT_USAGE, "--readers=%u --writers=%u: no thread at all", c->readers,
		       c->writers);
	if (c->readers + c->writers > LB_MAX_THREADS)
		lb_die(LB_EXIT_USAGE, "--readers=%u --writers=%u: more than %u threads", c->readers,
		       c->writers, LB_MAX_THREADS);
	if (ratio_arg)
		lb_die(LB_EXIT_USAGE, "--ratio=%s: with --scenario=roles each reader thread reads and "
		       "each writer writes; drop --ratio", ratio_arg);
	if (threads_arg)
		lb_die(LB_EXIT_USAGE, "--threads=%s: with --scenario=roles the thread count is "
		       "--readers + --writers; drop --threads", threads_arg);
	if (c->writer_ops && !c->writers)
		lb_die(LB_EXIT_USAGE, "--writer-ops=%llu: there are no writer threads",
		       (unsigned long long)c->writer_ops);
	for (unsigned i = 0; c->readers && i < c->nlocks; i++)
		if (c->locks[i]->kind != LB_LOCK_RW)
			lb_die(LB_EXIT_USAGE, "--readers=%u: lock %s is exclusive; reader threads need a "
			       "reader-writer lock", c->readers, c->locks[i]->name);
	free(c->ratios);
	c->ratios = NULL;
	snprintf(text, sizeof(text), "%u:%u", c->readers, c->writers);
	if (lb_parse_ratios(text, &c->ratios, &c->nratios, why, sizeof(why)))
		lb_die(LB_EXIT_RUNTIME, "internal error: %s", why);
	free(c->telems);
	snprintf(text, sizeof(text), "%u", c->readers + c->writers);
	if (lb_parse_threads(text, &c->telems, &c->ntelems, why, sizeof(why)))
		lb_die(LB_EXIT_RUNTIME, "internal error: %s", why);
	snprintf(c->telems[0].text, sizeof(c->telems[0].text), "%ur+%uw", c->readers, c->writers);
}

void lb_options_parse(struct lb_config *c, int argc, char **argv)
{
	unsigned nglobal = LB_ARRAY_SIZE(lb_opts);
	struct option *longopts;
	char shortopts[64], why[256];
	const char *ratio_arg = NULL, *threads_arg = NULL, *load_arg = NULL, *fair_opt = NULL;
	const char *dur_arg = NULL, *sample_arg = NULL, *ops_arg = NULL;
	const char *scenario_arg = NULL, *readers_arg = NULL, *writers_arg = NULL;
	const char *writer_ops_arg = NULL;
	bool ops_set = false, dur_set = false, format_set = false, load_ns_set = false;
	size_t sl = 0;
	int ch;

	memset(c, 0, sizeof(*c));
	c->repeat = 1;
	c->ops = 1000000;
	c->timeout = 60;
	c->lock_node = -1;
	c->lat_every = 1;
	fair_defaults(&c->fair);
	c->argc = argc;
	c->argv = argv;
	build_lockopts(c);

	longopts = calloc(nglobal + n_lockopt_refs + 1, sizeof(*longopts));
	if (!longopts)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	shortopts[sl++] = ':';	/* report a missing argument as ':' */
	for (unsigned i = 0; i < nglobal; i++) {
		longopts[i].name = lb_opts[i].name;
		longopts[i].has_arg = lb_opts[i].arg ? required_argument : no_argument;
		longopts[i].val = lb_opts[i].id;
		if (lb_opts[i].shortopt) {
			shortopts[sl++] = (char)lb_opts[i].shortopt;
			if (lb_opts[i].arg)
				shortopts[sl++] = ':';
		}
	}
	shortopts[sl] = '\0';
	for (unsigned i = 0; i < n_lockopt_refs; i++) {
		longopts[nglobal + i].name = lockopt_refs[i].name;
		longopts[nglobal + i].has_arg = required_argument;
		longopts[nglobal + i].val = O_LOCKOPT_BASE + (int)i;
	}

	opterr = 0;
	for (;;) {
		int idx = -1;
		const char *name = NULL;

		ch = getopt_long(argc, argv, shortopts, longopts, &idx);
		if (ch == -1)
			break;
		if (ch == '?') {
			if (optopt && optopt < 256)
				lb_die(LB_EXIT_USAGE, "unknown option '-%c' (see lockbench --help)", optopt);
			lb_die(LB_EXIT_USAGE, "unknown option '%s' (see lockbench --help)",
			       argv[optind - 1]);
		}
		if (ch == ':')
			lb_die(LB_EXIT_USAGE, "option '%s' needs a value (see lockbench --help)",
			       argv[optind - 1]);
		/* map a short letter to its id */
		for (unsigned i = 0; i < nglobal; i++) {
			if (ch == lb_opts[i].shortopt || ch == lb_opts[i].id) {
				ch = lb_opts[i].id;
				name = lb_opts[i].name;
				break;
			}
		}
		if (ch >= O_LOCKOPT_BASE) {
			set_lockopt(c, &lockopt_refs[ch - O_LOCKOPT_BASE], optarg);
			continue;
		}
		switch (ch) {
		case O_LOCK:
			parse_locks(c, optarg);
			break;
		case O_LIST_LOCKS:
			c->list_locks = true;
			break;
		case O_SCENARIO: {
			int i = lb_scenario_find(optarg);

			if (i < 0)
				bad_value(name, optarg, "unknown scenario; valid: mix, roles, fair");
			c->scenario = (enum lb_scenario)i;
			scenario_arg = optarg;
			break;
		}
		case O_READERS:
		case O_WRITERS: {
			uint64_t v;

			if (lb_parse_u64(optarg, 0, LB_MAX_THREADS, &v, why, sizeof(why)))
				bad_value(name, optarg, why);
			if (ch == O_READERS) {
				c->readers = (unsigned)v;
				readers_arg = optarg;
			} else {
				c->writers = (unsigned)v;
				writers_arg = optarg;
			}
			break;
		}
		case O_WRITER_OPS:
			if (lb_parse_u64(optarg, 1, 1000000000000ull, &c->writer_ops, why, sizeof(why)))
				bad_value(name, optarg, why);
			writer_ops_arg = optarg;
			break;
		case O_RATIO:
			free(c->ratios);
			if (lb_parse_ratios(optarg, &c->ratios, &c->nratios, why, sizeof(why)))
				bad_value(name, optarg, why);
			ratio_arg = optarg;
			break;
		case O_THREADS:
			free(c->telems);
			if (lb_parse_threads(optarg, &c->telems, &c->ntelems, why, sizeof(why)))
				bad_value(name, optarg, why);
			threads_arg = optarg;
			break;
		case O_LOAD:
		case O_LOAD_NS:
			if (load_arg && (ch == O_LOAD_NS) != load_ns_set)
				lb_die(LB_EXIT_USAGE, "--%s=%s: give either --load or --load-ns, not both",
				       name, optarg);
			free(c->loads);
			if (lb_parse_u64_list(optarg, 0, ch == O_LOAD ? 10000000 : 1000000000,
					      &c->loads, &c->nloads, why, sizeof(why)))
				bad_value(name, optarg, why);
			load_ns_set = ch == O_LOAD_NS;
			c->load_ns = load_ns_set;
			load_arg = optarg;
			break;
		case O_DELAY:
			if (lb_parse_u64(optarg, 0, 10000000, &c->delay, why, sizeof(why)))
				bad_value(name, optarg, why);
			break;
		case O_OPS:
			if (lb_parse_u64(optarg, 1, 1000000000000ull, &c->ops, why, sizeof(why)))
				bad_value(name, optarg, why);
			ops_set = true;
			ops_arg = optarg;
			break;
		case O_DURATION:
			if (lb_parse_double(optarg, 0.001, 86400, &c->duration, why, sizeof(why)))
				bad_value(name, optarg, why);
			dur_set = true;
			dur_arg = optarg;
			break;
		case O_REPEAT: {
			uint64_t v;

			if (lb_parse_u64(optarg, 1, 10000, &v, why, sizeof(why)))
				bad_value(name, optarg, why);
			c->repeat = (unsigned)v;
			break;
		}
		case O_PLACE: {
			int i = lb_place_find(optarg);

			if (i < 0)
				bad_value(name, optarg, "unknown policy; valid: socket, spread, compact, "
					  "cache, numa, none");
			c->place = (enum lb_place)i;
			break;
		}
		case O_CPUS:
			if (!*optarg)
				bad_value(name, optarg, "empty list");
			c->cpus = optarg;
			break;
		case O_PHYSICAL:
			c->physical = true;
			break;
		case O_TOPOLOGY:
			if (!*optarg)
				bad_value(name, optarg, "empty value");
			c->topology = optarg;
			break;
		case O_PLAN:
			c->plan = true;
			break;
		case O_LOCK_NODE: {
			uint64_t v;

			if (lb_parse_u64(optarg, 0, 4095, &v, why, sizeof(why)))
				bad_value(name, optarg, why);
			c->lock_node = (int)v;
			break;
		}
		case O_LOCK_DOMAIN: {
			int i = lb_lock_domain_find(optarg);

			if (i < 0)
				bad_value(name, optarg, "unknown level; valid: numa, package, cache");
			c->lock_domain = (enum lb_lock_domain)i;
			c->lock_domain_set = true;
			break;
		}
		case O_DOMAINS: {
			uint64_t v;

			if (lb_parse_u64(optarg, 1, LB_MAX_DOMAINS, &v, why, sizeof(why)))
				bad_value(name, optarg, why);
			c->domains = (unsigned)v;
			break;
		}
		case O_VALIDATE:
			c->validate = true;
			break;
		case O_C2C:
			c->c2c = true;
			break;
		case O_PERF:
			c->perf = true;
			break;
		case O_TRACE:
			c->trace = true;
			break;
		case O_TIMEOUT:
			if (lb_parse_double(optarg, 0, 86400, &c->timeout, why, sizeof(why)))
				bad_value(name, optarg, why);
			break;
		case O_LATENCY:
			c->latency = true;
			break;
		case O_LATENCY_SAMPLE: {
			uint64_t v;

			if (lb_parse_u64(optarg, 1, 1000000000, &v, why, sizeof(why)))
				bad_value(name, optarg, why);
			c->lat_every = (uint32_t)v;
			sample_arg = optarg;
			break;
		}
		case O_FAIR_READERS:
		case O_FAIR_TRYLOCK_READERS:
		case O_FAIR_WRITERS:
		case O_FAIR_TRYLOCK_WRITERS:
		case O_FAIR_IRQ_READERS:
		case O_FAIR_TRYLOCK_IRQ_READERS: {
			static const struct { int id; enum lb_role_kind k; } map[] = {
				{ O_FAIR_READERS, LB_ROLE_READER },
				{ O_FAIR_TRYLOCK_READERS, LB_ROLE_TRYLOCK_READER },
				{ O_FAIR_WRITERS, LB_ROLE_WRITER },
				{ O_FAIR_TRYLOCK_WRITERS, LB_ROLE_TRYLOCK_WRITER },
				{ O_FAIR_IRQ_READERS, LB_ROLE_IRQ_READER },
				{ O_FAIR_TRYLOCK_IRQ_READERS, LB_ROLE_TRYLOCK_IRQ_READER },
			};
			uint64_t v;

			if (lb_parse_u64(optarg, 0, 1024, &v, why, sizeof(why)))
				bad_value(name, optarg, why);
			for (unsigned i = 0; i < LB_ARRAY_SIZE(map); i++)
				if (map[i].id == ch) {
					c->fair.count[map[i].k] = (unsigned)v;
					c->fair.count_set[map[i].k] = true;
				}
			fair_opt = name;
			break;
		}
		case O_FAIR_WRITER_PERIOD:
		case O_FAIR_TRYLOCK_WRITER_PERIOD:
		case O_FAIR_IRQ_PERIOD: {
			uint64_t v, unit = ch == O_FAIR_IRQ_PERIOD ? 1000000 : 1000;

			if (lb_parse_u64(optarg, ch == O_FAIR_IRQ_PERIOD ? 1 : 0, 10000000, &v, why,
					 sizeof(why)))
				bad_value(name, optarg, why);
			if (ch == O_FAIR_WRITER_PERIOD)
				c->fair.writer_period_ns = v * unit;
			else if (ch == O_FAIR_TRYLOCK_WRITER_PERIOD)
				c->fair.trylock_writer_period_ns = v * unit;
			else
				c->fair.irq_period_ns = v * unit;
			fair_opt = name;
			break;
		}
		case O_FAIR_TRYLOCK_WRITER_TRIES: {
			uint64_t v;

			if (lb_parse_u64(optarg, 0, 1000000000, &v, why, sizeof(why)))
				bad_value(name, optarg, why);
			c->fair.trylock_writer_tries = (uint32_t)v;
			fair_opt = name;
			break;
		}
		case O_FORMAT:
			parse_formats(c, name, optarg);
			format_set = true;
			break;
		case O_OUTPUT:
			if (!*optarg)
				bad_value(name, optarg, "empty file name");
			c->output = optarg;
			break;
		case O_BASELINE:
			if (!*optarg)
				bad_value(name, optarg, "empty file name");
			c->baseline = optarg;
			break;
		case O_QUIET:
			lb_verbose--;
			break;
		case O_VERBOSE:
			lb_verbose++;
			break;
		case O_HELP:
			lb_options_help(stdout);
			lb_exit(LB_EXIT_OK);
		case O_VERSION:
			printf("lockbench %s\n", PACKAGE_VERSION);
			lb_exit(LB_EXIT_OK);
		default:
			lb_die(LB_EXIT_USAGE, "internal error: option %d not handled", ch);
		}
	}
	if (optind < argc)
		lb_die(LB_EXIT_USAGE, "unexpected argument '%s' (see lockbench --help)", argv[optind]);
	free(longopts);

	/* rules across a lock's options (each value's range is checked above) */
	for (unsigned i = 0; i < lb_lock_count(); i++) {
		const struct lb_lock_ops *o = lb_lock_at(i);

		if (o->check_options && o->check_options(c->lockopt[i], why, sizeof(why)))
			lb_die(LB_EXIT_USAGE, "%s", why);
	}
	if (c->list_locks) {
		lb_lock_list(stdout);
		lb_exit(LB_EXIT_OK);
	}
	if (ops_set && dur_set)
		lb_die(LB_EXIT_USAGE, "--ops and --duration exclude each other: fixed work or fixed time");
	if (c->physical && !c->cpus)
		lb_die(LB_EXIT_USAGE, "--physical: applies to --cpus, which was not given");
	if (c->topology && !c->plan)
		lb_die(LB_EXIT_USAGE, "--topology=%s: no thread can be pinned on a machine that is "
		       "not this one; add --plan to print the placement", c->topology);
	if (c->cpus && c->place == LB_PLACE_NONE)
		lb_die(LB_EXIT_USAGE, "--cpus=%s: --place=none pins nothing; choose a pinning policy",
		       c->cpus);

	/* the format: -f wins, else the output file's extension, else table */
	if (c->output && !format_set) {
		const char *dot = strrchr(c->output, '.');
		const char *slash = strrchr(c->output, '/');

		if (dot && (!slash || dot > slash)) {
			for (unsigned i = 0; lb_formats[i].name; i++)
				if (lb_formats[i].ext && strcmp(dot + 1, lb_formats[i].ext) == 0)
					c->format = &lb_formats[i];
			if (!c->format && strcmp(dot, ".txt") == 0)
				c->format = &lb_formats[0];
			if (!c->format) {
				char list[256];

				format_list(list, sizeof(list));
				lb_die(LB_EXIT_USAGE, "--output=%s: cannot tell the format from '%s'; "
				       "add -f FMT (%s)", c->output, dot, list);
			}
		}
	}
	if (!c->format)	/* table; the 2008 fair-rwlock posting's report for its scenario */
		c->format = c->scenario == LB_SCN_FAIR ? lb_format_find("latency") : &lb_formats[0];
	if (!c->nformats)
		c->formats[c->nformats++] = c->format;
	if (c->baseline && c->format->write != lb_output_compare && c->format->write != lb_output_aim7)
		lb_die(LB_EXIT_USAGE, "--baseline=%s: a baseline is the 'before' of -f compare or "
		       "-f aim7, not of -f %s", c->baseline, c->format->name);

	if (c->latency && c->validate)
		lb_die(LB_EXIT_USAGE, "--latency: --validate's checking critical sections would be "
		       "timed too; measure without --validate");
	if (sample_arg && !c->latency && c->scenario != LB_SCN_FAIR)
		lb_die(LB_EXIT_USAGE, "--latency-sample=%s: applies with --latency or "
		       "--scenario=fair, which were not given", sample_arg);
	if (fair_opt && c->scenario != LB_SCN_FAIR)
		lb_die(LB_EXIT_USAGE, "--%s: applies to --scenario=fair only", fair_opt);
	if (dur_arg && c->scenario == LB_SCN_FAIR && c->duration < 0.006)
		lb_die(LB_EXIT_USAGE, "--duration=%s: --scenario=fair needs at least 0.006 s "
		       "(each no-contention phase runs a sixth of it)", dur_arg);

	/* defaults */
	if (c->nlocks == 0 && c->scenario == LB_SCN_FAIR) {
		/* the 2008 fair-rwlock posting's lock where this build has it, else the C library's rwlock */
		const struct lb_lock_ops *o = lb_lock_find("frwlock");

		add_lock(c, o && !o->unavailable ? o : lb_lock_find("pthread-rwlock"), true);
	}
	if (c->nlocks == 0) {
		c->is_default = true;
		default_locks(c);
		if (!ratio_arg && lb_parse_ratios("0:1,1:1,10:1", &c->ratios, &c->nratios, why,
						  sizeof(why)))
			lb_die(LB_EXIT_RUNTIME, "internal error: %s", why);
		if (!ops_set && !dur_set)
			c->ops = DEFAULT_EXPERIMENT_OPS;
	}
	if (c->scenario == LB_SCN_ROLES)
		roles_config(c, scenario_arg, readers_arg, writers_arg, ratio_arg, threads_arg);
	else if (readers_arg || writers_arg || writer_ops_arg)
		lb_die(LB_EXIT_USAGE, "--%s=%s: dedicated readers and writers need --scenario=roles",
		       readers_arg ? "readers" : writers_arg ? "writers" : "writer-ops",
		       readers_arg ? readers_arg : writers_arg ? writers_arg : writer_ops_arg);
	if (!ratio_arg && !c->ratios &&
	    lb_parse_ratios("0:1", &c->ratios, &c->nratios, why, sizeof(why)))
		lb_die(LB_EXIT_RUNTIME, "internal error: %s", why);
	if (!threads_arg && !c->telems &&
	    lb_parse_threads("2,max", &c->telems, &c->ntelems, why, sizeof(why)))
		lb_die(LB_EXIT_RUNTIME, "internal error: %s", why);
	if (!load_arg && lb_parse_u64_list(c->scenario == LB_SCN_FAIR ? "0" :
					   c->format->loads ? c->format->loads : "1,5,10", 0,
					   10000000, &c->loads, &c->nloads, why, sizeof(why)))
		lb_die(LB_EXIT_RUNTIME, "internal error: %s", why);
	fair_check(c, ratio_arg, threads_arg, ops_arg, load_arg, dur_set);
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

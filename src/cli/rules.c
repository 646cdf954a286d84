// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rules.c - the rules across options, after the generic parse
 *
 * The parser (options.c) checks each value on its own and sets the
 * defaults of the rows. What depends on several options is here: options
 * that exclude or need each other, the format, the defaults that depend on
 * the scenario or the format (the default experiment, the fair scenario's
 * lock, duration and load), and the roles scenario's points. The rules run
 * in the order of rules[] below; each says why it comes where it does.
 * Every refusal is one line that names an option and its value, exit 2.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "cli/table.h"
#include "output/output.h"
#include "locks/registry.h"
#include "tree/tree.h"


/*
 * A rule's own defaults (plan/defaults.h) go through the option's row, the
 * same grammar as argv: lb_cli_take_default().
 */

/*
 * Each lock's rules across its own options. First: they concern only the
 * lock options, whose values the parser has all read, and --list-locks
 * below should not list locks whose options were refused (as before).
 */
static void rule_lock_options(struct lb_cli *st)
{
	char why[256];

	for (unsigned i = 0; i < lb_lock_count(); i++) {
		const struct lb_lock_ops *o = lb_lock_at(i);

		if (o->check_options && o->check_options(st->c->lockopt[i], why, sizeof(why)))
			lb_die(LB_EXIT_USAGE, "%s", why);
	}
}

/*
 * --list-locks exits before any rule about a run: it runs nothing. -v
 * (counted by the parser, so before or after it) adds each lock's follows line.
 */
static void rule_list_locks(struct lb_cli *st)
{
	if (st->c->list_locks) {
		lb_lock_list(stdout, lb_verbose > 0);
		if (lb_verbose > 0)
			lb_tree_list(stdout);
		lb_exit(LB_EXIT_OK);
	}
}

/*
 * --lock named only kernel tree locks, and none of them built (each said why
 * in its line): nothing to run, exit 5. After --list-locks (which lists them
 * as unavailable), before the default experiment would take an empty --lock
 * for none given.
 */
static void rule_tree_skipped(struct lb_cli *st)
{
	if (st->c->nlocks == 0 && lb_tree_exit_code())
		lb_exit(LB_EXIT_UNAVAIL);
}

/* Options that exclude or need each other, whatever the scenario and format. */
static void rule_pairs(struct lb_cli *st)
{
	struct lb_config *c = st->c;

	if (lb_cli_given(st, O_OPS) && lb_cli_given(st, O_DURATION))
		lb_die(LB_EXIT_USAGE, "--ops and --duration exclude each other: fixed work or fixed time");
	if (c->physical && !c->cpus)
		lb_die(LB_EXIT_USAGE, "--physical: applies to --cpus, which was not given");
	if (c->topology && !c->plan && !c->simulate)
		lb_die(LB_EXIT_USAGE, "--topology=%s: no thread can be pinned on a machine that is "
		       "not this one; add --plan to print the placement, or --simulate to run "
		       "there in virtual time", c->topology);
	if (c->cpus && c->place == LB_PLACE_NONE)
		lb_die(LB_EXIT_USAGE, "--cpus=%s: --place=none pins nothing; choose a pinning policy",
		       c->cpus);
	if (c->baseline_loose && !c->baseline)
		lb_die(LB_EXIT_USAGE, "--baseline-loose: applies to --baseline, which was not given");
	/*
	 * The watch looks at the threads' progress every 20 to 100 ms, and a
	 * healthy thread on a busy machine can wait a time slice or two for
	 * its CPU: a shorter watchdog stops healthy points (exit 4). Simulated,
	 * it is virtual time, measured exactly: any length holds.
	 */
	if (c->timeout > 0 && c->timeout < LB_TIMEOUT_MIN_S && !c->simulate)
		lb_die(LB_EXIT_USAGE, "--timeout=%g: under %g s the watchdog would stop healthy points "
		       "(it samples progress every 0.1 s at most); give %g or more, or 0 to disable it",
		       c->timeout, LB_TIMEOUT_MIN_S, LB_TIMEOUT_MIN_S);
}

/*
 * The format: -f wins, else the output file's extension, else the row's
 * default (table), except that the fair scenario's default is the 2008
 * fair-rwlock posting's report. Before the baseline rule, which asks the
 * format, and before the default loads, which depend on it (sweep: one).
 */
static void rule_format(struct lb_cli *st)
{
	struct lb_config *c = st->c;
	const struct lb_format_def *fmt = NULL;

	if (lb_cli_given(st, O_FORMAT))
		return;
	if (c->output) {
		const char *dot = strrchr(c->output, '.');
		const char *slash = strrchr(c->output, '/');

		if (dot && (!slash || dot > slash)) {
			for (unsigned i = 0; lb_formats[i].name; i++)
				if (lb_formats[i].ext && strcmp(dot + 1, lb_formats[i].ext) == 0)
					fmt = &lb_formats[i];
			if (!fmt && strcmp(dot, ".txt") == 0)
				fmt = &lb_formats[0];
			if (!fmt) {
				char list[256];

				lb_cli_format_list(list, sizeof(list));
				lb_die(LB_EXIT_USAGE, "--output=%s: cannot tell the format from '%s'; "
				       "add -f FMT (%s)", c->output, dot, list);
			}
		}
	}
	if (!fmt && c->scenario == LB_SCN_FAIR)
		fmt = lb_format_find("latency");
	if (fmt) {
		c->formats[0] = fmt;
		c->nformats = 1;
		c->format = fmt;
	}
}

/*
 * The stats table is McKenney 2013's: throughput, mean and
 * standard deviation over repetitions. Unless given, it runs each point for
 * a second (fixed time: throughput) and five times (a deviation needs
 * repetitions), as the posting did. After the format rule, which decides
 * the formats; before the format checks in main, which need --repeat.
 */
static void rule_stats_defaults(struct lb_cli *st)
{
	struct lb_config *c = st->c;
	bool stats = false;

	for (unsigned i = 0; i < c->nformats; i++)
		stats |= c->formats[i]->write == lb_output_stats;
	if (!stats)
		return;
	if (!lb_cli_given(st, O_REPEAT))
		lb_cli_take_default(st, O_REPEAT, LB_D_STATS_REPEAT);
	if (!lb_cli_given(st, O_OPS) && !lb_cli_given(st, O_DURATION))
		lb_cli_take_default(st, O_DURATION, LB_D_STATS_DURATION);
}

/* --baseline is the "before" of a comparison: it needs the format decided above. */
static void rule_baseline(struct lb_cli *st)
{
	struct lb_config *c = st->c;

	if (c->baseline && c->format->write != lb_output_compare &&
	    c->format->write != lb_output_aim7)
		lb_die(LB_EXIT_USAGE, "--baseline=%s: a baseline is the 'before' of -f compare or "
		       "-f aim7, not of -f %s", c->baseline, c->format->name);
}

/*
 * Measurement options and the scenario they belong to. Before the defaults
 * below, so that a refused --duration is the one the user gave.
 */
static void rule_measurement(struct lb_cli *st)
{
	struct lb_config *c = st->c;
	enum lb_opt_id fair_opt = O_NONE;

	if (c->torture && (c->latency || c->scenario != LB_SCN_MIX || c->plan))
		lb_die(LB_EXIT_USAGE, "--torture: runs its own rounds of the mix under --validate; "
		       "not with %s", c->latency ? "--latency" : c->plan ? "--plan" : "--scenario");
	if (c->torture)
		c->validate = true;
	if (c->latency && c->validate)
		lb_die(LB_EXIT_USAGE, "--latency: --validate's checking critical sections would be "
		       "timed too; measure without --validate");
	if (lb_cli_given(st, O_LATENCY_SAMPLE) && !c->latency && c->scenario != LB_SCN_FAIR)
		lb_die(LB_EXIT_USAGE, "--latency-sample=%s: applies with --latency or "
		       "--scenario=fair, which were not given", st->val[O_LATENCY_SAMPLE]);
	/* the fair option given last names the refusal */
	for (unsigned id = O_FAIR_READERS; id <= O_FAIR_IRQ_PERIOD; id++)
		if (lb_cli_given(st, id) && (!fair_opt || st->seq[id] > st->seq[fair_opt]))
			fair_opt = (enum lb_opt_id)id;
	if (fair_opt && c->scenario != LB_SCN_FAIR)
		lb_die(LB_EXIT_USAGE, "--%s: applies to --scenario=fair only",
		       lb_opts[fair_opt].name);
	if (lb_cli_given(st, O_DURATION) && c->scenario == LB_SCN_FAIR && c->duration < 0.006)
		lb_die(LB_EXIT_USAGE, "--duration=%s: --scenario=fair needs at least 0.006 s "
		       "(each no-contention phase runs a sixth of it)", st->val[O_DURATION]);
}

/*
 * No --lock: the fair scenario's lock is Desnoyers 2008's where
 * this build has it, else the C library's rwlock; any other scenario runs
 * the default experiment: Long 2014's mutex and rwsem
 * rows (the C library's locks where this build lacks the models), its
 * ratios and fewer operations, unless given. Before the roles rule, which
 * checks the locks and replaces the ratios.
 */
/* default_locks() - the locks of list @def, each one or its stand-in of @libc where unavailable */
static void default_locks(struct lb_config *c, enum lb_default_id def, enum lb_default_id libc)
{
	char *want = strdup(lb_default(def)), *alt = strdup(lb_default(libc));
	char *ws, *as, *w = strtok_r(want, ",", &ws), *a = strtok_r(alt, ",", &as);

	if (!want || !alt)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	for (; w; w = strtok_r(NULL, ",", &ws), a = a ? strtok_r(NULL, ",", &as) : NULL) {
		const struct lb_lock_ops *o = lb_lock_find(w);

		if ((!o || o->unavailable) && a)
			o = lb_lock_find(a);
		if (!o)
			lb_die(LB_EXIT_RUNTIME, "internal error: the default lock %s is not built", w);
		lb_cli_add_lock(c, o, true);
	}
	free(want);
	free(alt);
}

static void rule_default_locks(struct lb_cli *st)
{
	struct lb_config *c = st->c;

	if (c->nlocks == 0 && c->scenario == LB_SCN_FAIR)
		default_locks(c, LB_D_FAIR_LOCK, LB_D_FAIR_LOCK_LIBC);
	if (c->nlocks)
		return;
	c->is_default = true;
	default_locks(c, LB_D_EXPERIMENT_LOCKS, LB_D_EXPERIMENT_LOCKS_LIBC);
	if (!lb_cli_given(st, O_RATIO))
		lb_cli_take_default(st, O_RATIO, LB_D_EXPERIMENT_RATIOS);
	if (!lb_cli_given(st, O_OPS) && !lb_cli_given(st, O_DURATION))
		lb_cli_take_default(st, O_OPS, LB_D_EXPERIMENT_OPS);
}

/*
 * --processes: each worker a process sharing the lock through a shared
 * mapping; every lock must be one that can live there (LB_LOCK_F_PSHARED),
 * else exit 5 with the lock's own reason. The roles and fair scenarios
 * send interrupt readers to threads as signals and keep their role state
 * in the process: mix only. After the default locks, which it checks.
 */
static void rule_processes(struct lb_cli *st)
{
	struct lb_config *c = st->c;

	if (!c->processes)
		return;
	if (c->scenario != LB_SCN_MIX)
		lb_die(LB_EXIT_USAGE, "--processes: --scenario=%s runs its roles as threads of one "
		       "process; use --scenario=mix", st->val[O_SCENARIO]);
	for (unsigned i = 0; i < c->nlocks; i++)
		if (!(c->locks[i]->flags & LB_LOCK_F_PSHARED))
			lb_die(LB_EXIT_UNAVAIL, "--processes: lock %s cannot be shared by processes: %s",
			       c->locks[i]->name, c->locks[i]->unshared);
}

/*
 * --simulate: the points run in virtual time on the machine --topology
 * names (this one without it), each lock's copy compiled for the
 * simulator. A lock without one (its code is not lb-atomic.h's: glibc's,
 * ck's, the kernel's, a plugin's) is refused by name with its reason,
 * exit 5, and a family leaves such locks out; this machine's processes,
 * perf counters and tracefs, and the fair scenario's timers and signals,
 * have nothing to measure there. The simulator's options need it, and
 * --sim-profile-out needs --c2c, whose round trips it writes. After the
 * default locks, which it checks.
 */
static void rule_simulate(struct lb_cli *st)
{
	static const enum lb_opt_id sim_opts[] = { O_SIM_PROFILE, O_SEED, O_SIM_JITTER,
						   O_SIM_SLICE };
	struct lb_config *c = st->c;
	unsigned n = 0;

	if (c->sim_profile_out && !c->c2c)
		lb_die(LB_EXIT_USAGE, "--sim-profile-out=%s: writes the round trips --c2c measures; "
		       "add --c2c", c->sim_profile_out);
	for (unsigned i = 0; !c->simulate && i < LB_ARRAY_SIZE(sim_opts); i++)
		if (lb_cli_given(st, sim_opts[i]))
			lb_die(LB_EXIT_USAGE, "--%s=%s: applies with --simulate, which was not given",
			       lb_opts[sim_opts[i]].name, st->val[sim_opts[i]]);
	if (!c->simulate)
		return;
	if (c->processes || c->perf || c->trace || c->scenario == LB_SCN_FAIR)
		lb_die(LB_EXIT_USAGE, "--simulate: %s measures this machine, not a simulated one",
		       c->processes ? "--processes" : c->perf ? "--perf" : c->trace ? "--trace" :
		       "--scenario=fair (its timed roles and interrupt signals)");
	for (unsigned i = 0; i < c->nlocks; i++) {
		const char *why = lb_sim_lock_refusal(c->locks[i]);

		if (why && c->lock_named[i])
			lb_die(LB_EXIT_UNAVAIL, "--simulate: lock %s cannot be simulated: %s",
			       c->locks[i]->name, why);
		if (!why) {
			c->lock_named[n] = c->lock_named[i];
			c->locks[n++] = c->locks[i];
		}
	}
	if (!n)
		lb_die(LB_EXIT_UNAVAIL, "--simulate: --lock=%s: none of these locks can be simulated "
		       "(see --list-locks)", st->val[O_LOCK] ? st->val[O_LOCK] : "");
	c->nlocks = n;
}

/*
 * --scenario=roles: the thread count is readers + writers and the point's
 * ratio names the populations (2:1 = two reader threads, one writer), so
 * --threads and --ratio have no say; reader threads need rw locks. The
 * ratio and the thread element are built here, not printed and parsed.
 * After the default locks (it checks them); any other scenario refuses the
 * roles options.
 */
static void rule_roles(struct lb_cli *st)
{
	struct lb_config *c = st->c;
	const char *readers = st->val[O_READERS], *writers = st->val[O_WRITERS];

	if (c->scenario != LB_SCN_ROLES) {
		if (readers || writers || lb_cli_given(st, O_WRITER_OPS))
			lb_die(LB_EXIT_USAGE, "--%s=%s: dedicated readers and writers need "
			       "--scenario=roles", readers ? "readers" : writers ? "writers" :
			       "writer-ops", readers ? readers : writers ? writers :
			       st->val[O_WRITER_OPS]);
		return;
	}
	if (!readers && !writers)
		lb_die(LB_EXIT_USAGE, "--scenario=%s: give the populations with --readers=N and/or "
		       "--writers=M", st->val[O_SCENARIO]);
	if (c->readers + c->writers == 0)
		lb_die(LB_EXIT_USAGE, "--readers=%u --writers=%u: no thread at all", c->readers,
		       c->writers);
	if (c->readers + c->writers > LB_MAX_THREADS)
		lb_die(LB_EXIT_USAGE, "--readers=%u --writers=%u: more than %u threads", c->readers,
		       c->writers, LB_MAX_THREADS);
	if (lb_cli_given(st, O_RATIO))
		lb_die(LB_EXIT_USAGE, "--ratio=%s: with --scenario=roles each reader thread reads and "
		       "each writer writes; drop --ratio", st->val[O_RATIO]);
	if (lb_cli_given(st, O_THREADS))
		lb_die(LB_EXIT_USAGE, "--threads=%s: with --scenario=roles the thread count is "
		       "--readers + --writers; drop --threads", st->val[O_THREADS]);
	if (c->writer_ops && !c->writers)
		lb_die(LB_EXIT_USAGE, "--writer-ops=%llu: there are no writer threads",
		       (unsigned long long)c->writer_ops);
	for (unsigned i = 0; c->readers && i < c->nlocks; i++)
		if (c->locks[i]->kind != LB_LOCK_RW)
			lb_die(LB_EXIT_USAGE, "--readers=%u: lock %s is exclusive; reader threads need a "
			       "reader-writer lock", c->readers, c->locks[i]->name);
	free(c->ratios);
	free(c->telems);
	c->ratios = calloc(1, sizeof(*c->ratios));
	c->telems = calloc(1, sizeof(*c->telems));
	if (!c->ratios || !c->telems)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	c->ratios[0] = (struct lb_ratio){ .r = c->readers, .w = c->writers };
	c->nratios = 1;
	c->telems[0] = (struct lb_telem){ .kind = LB_T_NUM, .lo = c->readers + c->writers,
					  .hi = c->readers + c->writers, .step = 1 };
	c->ntelems = 1;
	snprintf(c->telems[0].text, sizeof(c->telems[0].text), "%ur+%uw", c->readers, c->writers);
}

/*
 * The loads when neither --load nor --load-ns was given: the fair scenario's
 * critical section is the posting's array alone; a format may name its own
 * (sweep: one load); else the row's default stays. After the format rule.
 */
static void rule_default_loads(struct lb_cli *st)
{
	struct lb_config *c = st->c;

	if (lb_cli_given(st, O_LOAD) || lb_cli_given(st, O_LOAD_NS))
		return;
	if (c->scenario == LB_SCN_FAIR)
		lb_cli_take_default(st, O_LOAD, LB_D_FAIR_LOAD);
	else if (c->format->loads)
		lb_cli_take_default(st, O_LOAD, c->format->loads);
}

/*
 * --scenario=fair: what the other options may say, and its duration. Last:
 * it checks the locks chosen by default too, and the number of loads.
 */
static void rule_fair(struct lb_cli *st)
{
	struct lb_config *c = st->c;
	enum lb_opt_id load = c->load_ns ? O_LOAD_NS : O_LOAD;

	if (c->scenario != LB_SCN_FAIR)
		return;
	if (lb_cli_given(st, O_OPS))
		lb_die(LB_EXIT_USAGE, "--ops=%s: --scenario=fair runs each phase for a time; give "
		       "--duration (the high-contention phase; the others run a sixth of it)",
		       st->val[O_OPS]);
	if (lb_cli_given(st, O_RATIO))
		lb_die(LB_EXIT_USAGE, "--ratio=%s: --scenario=fair gives each thread a role; set "
		       "the counts with --fair-readers, --fair-writers, ...", st->val[O_RATIO]);
	if (lb_cli_given(st, O_THREADS))
		lb_die(LB_EXIT_USAGE, "--threads=%s: --scenario=fair sets its own thread counts "
		       "(--fair-readers, --fair-writers, ...)", st->val[O_THREADS]);
	if (c->repeat > 1)
		lb_die(LB_EXIT_USAGE, "--repeat=%u: --scenario=fair runs each lock once", c->repeat);
	if (c->validate)
		lb_die(LB_EXIT_USAGE, "--validate: --scenario=fair checks exclusion itself (the "
		       "2008 fair-rwlock test's array check; a failure exits 3)");
	if (c->nloads > 1)
		lb_die(LB_EXIT_USAGE, "--%s=%s: --scenario=fair takes one critical-section length",
		       lb_opts[load].name, st->val[load] ? st->val[load] : "");
	for (unsigned i = 0; i < c->nlocks; i++)
		if (c->locks[i]->kind != LB_LOCK_RW)
			lb_die(LB_EXIT_USAGE, "--lock=%s: --scenario=fair needs a reader-writer lock; "
			       "%s is exclusive", c->locks[i]->name, c->locks[i]->name);
	if (!lb_cli_given(st, O_DURATION))
		lb_cli_take_default(st, O_DURATION, LB_D_FAIR_DURATION);
}

/*
 * A lock option is for a lock of the run: --aqticket-threshold=2 with
 * --lock=ticket would change nothing. After the default locks, which
 * decide the selection when --lock was not given.
 */
static void rule_unselected_lock_options(struct lb_cli *st)
{
	const struct lb_config *c = st->c;

	for (unsigned k = 0; k < st->nlockopt; k++) {
		bool sel = false;

		/* an instance (--lock=NAME:OPT=V) selects its lock's options as its defaults */
		for (unsigned i = 0; i < c->nlocks; i++)
			sel |= c->locks[i] == st->lockopt[k].lock ||
			       lb_lock_instance_of(c->locks[i]) == st->lockopt[k].lock;
		if (!sel)
			lb_die(LB_EXIT_USAGE, "--%s=%s: lock %s is not selected (--lock=%s)",
			       st->lockopt[k].name, st->lockopt[k].val, st->lockopt[k].lock->name,
			       st->val[O_LOCK] ? st->val[O_LOCK] : "the default experiment's");
	}
}

typedef void lb_rule_fn(struct lb_cli *st);

/* In this order; each rule's comment says why it comes where it does. */
static lb_rule_fn *const rules[] = {
	rule_lock_options,
	rule_list_locks,
	rule_tree_skipped,
	rule_pairs,
	rule_format,
	rule_stats_defaults,
	rule_baseline,
	rule_measurement,
	rule_default_locks,
	rule_processes,
	rule_simulate,
	rule_unselected_lock_options,
	rule_roles,
	rule_default_loads,
	rule_fair,
};

void lb_cli_rules(struct lb_cli *st)
{
	for (unsigned i = 0; i < LB_ARRAY_SIZE(rules); i++)
		rules[i](st);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * defaults.h - every default of lockbench, once
 *
 * One row per default: the option it is the default of, its value in that
 * option's own syntax (the parser takes it through the same code as argv),
 * and when it applies: always (the option's row starts from it), or in a
 * context that a rule or a part decides (-f stats, the default
 * experiment, --scenario=fair, --torture, fixed work or time). The option
 * table (cli/options.c), the rules (cli/rules.c), the formats' table
 * (output/output.c), --torture (plan/torture.c) and the point's time
 * budget (plan/plan.c) read their defaults here and nowhere else;
 * --export-defaults prints the table and tests/cli/docs-sync.sh holds
 * --help and the man page to it. tests/cli/defaults.sh fails on a second
 * literal of a default anywhere in the source.
 */
#ifndef LB_SRC_PLAN_DEFAULTS_H
#define LB_SRC_PLAN_DEFAULTS_H

#include <stdint.h>

enum lb_default_id {
	LB_D_NONE = 0,		/* no default */
	/* the option rows' own */
	LB_D_SCENARIO, LB_D_RATIO, LB_D_THREADS, LB_D_LOAD, LB_D_DELAY, LB_D_LOAD_UNIT, LB_D_OPS,
	LB_D_REPEAT, LB_D_PLACE, LB_D_LOCK_DOMAIN, LB_D_TIMEOUT, LB_D_LATENCY_SAMPLE,
	LB_D_FAIR_READERS, LB_D_FAIR_TRYLOCK_READERS, LB_D_FAIR_WRITERS, LB_D_FAIR_TRYLOCK_WRITERS,
	LB_D_FAIR_IRQ_READERS, LB_D_FAIR_TRYLOCK_IRQ_READERS, LB_D_FAIR_WRITER_PERIOD,
	LB_D_FAIR_TRYLOCK_WRITER_PERIOD, LB_D_FAIR_TRYLOCK_WRITER_TRIES, LB_D_FAIR_IRQ_PERIOD,
	LB_D_FORMAT, LB_D_SEED, LB_D_SIM_JITTER, LB_D_SIM_SLICE,
	/* in a context */
	LB_D_EXPERIMENT_LOCKS, LB_D_EXPERIMENT_LOCKS_LIBC, LB_D_EXPERIMENT_RATIOS,
	LB_D_EXPERIMENT_OPS, LB_D_STATS_REPEAT, LB_D_STATS_DURATION, LB_D_SWEEP_LOAD,
	LB_D_FAIR_LOCK, LB_D_FAIR_LOCK_LIBC, LB_D_FAIR_DURATION, LB_D_FAIR_LOAD,
	LB_D_TORTURE_DURATION, LB_D_POINT_TIMEOUT_WORK, LB_D_POINT_TIMEOUT_TIME,
	LB_NDEFAULTS
};

/**
 * struct lb_default - one default
 * @option: the option it is the default of, without "--"
 * @value:  in the option's own syntax
 * @when:   NULL: always, the row's own; else the context, as the man page
 *          says it in the option's entry ("Default with WHEN: VALUE.")
 * @note:   what --help adds inside its parentheses, or NULL
 */
struct lb_default {
	const char *option;
	const char *value;
	const char *when;
	const char *note;
};

extern const struct lb_default lb_defaults[LB_NDEFAULTS];

/* lb_default() - the value of default @id, in its option's syntax */
static inline const char *lb_default(enum lb_default_id id)
{
	return lb_defaults[id].value;
}

/* lb_default_seconds() - default @id, a time in the options' syntax (10, 500ms), in seconds */
double lb_default_seconds(enum lb_default_id id);
/**
 * lb_default_budget() - the time budget of a fixed-time point of @duration
 * seconds from LB_D_POINT_TIMEOUT_TIME ("Nx+M": N times the duration plus
 * M seconds)
 */
double lb_default_budget(double duration);

#endif /* LB_SRC_PLAN_DEFAULTS_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * table.h - the typed option table, shared by the parts of the command line
 *
 * Every global option is one row of lb_opts[] (options.c): its name, short
 * letter, argument and help, and what the generic parser needs to take its
 * value without code of its own: a type, bounds, a default written in the
 * option's own syntax, and a destination in struct lb_config (or, for the
 * few values that are not a field, a parse callback). Per-lock options
 * have the same kind of rows in each lock's table (lock.h).
 *
 * options.c  the table, the generic parser, getopt_long's table
 * rules.c    the rules across options, run in order after the parse
 * help.c     --help, --export-defaults and --export-values, generated from the rows
 */
#ifndef LB_SRC_CLI_TABLE_H
#define LB_SRC_CLI_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/compiler.h"
#include "plan/configuration.h"
#include "plan/defaults.h"

/* The rows, in --help's order; O_NONE (0) is no option. */
enum lb_opt_id {
	O_NONE = 0,
	O_LOCK, O_LOCK_PLUGIN, O_KERNEL_TREE, O_KERNEL_CONFIG, O_LIST_LOCKS, O_SCENARIO,
	O_RATIO, O_READERS, O_WRITERS, O_WRITER_OPS, O_THREADS, O_LOAD, O_LOAD_NS, O_DELAY,
	O_LOAD_UNIT,
	O_OPS, O_DURATION, O_REPEAT, O_DROP_DISTURBED,
	O_PLACE, O_CPUS, O_PHYSICAL, O_TOPOLOGY, O_PLAN, O_LOCK_NODE, O_LOCK_DOMAIN, O_DOMAINS,
	O_VALIDATE, O_TORTURE, O_PROCESSES, O_C2C, O_PERF, O_TRACE, O_TIMEOUT, O_POINT_TIMEOUT,
	O_LATENCY,
	O_LATENCY_SAMPLE, O_INTERVAL,
	O_SIMULATE, O_SIM_PROFILE, O_SIM_PROFILE_OUT, O_SEED, O_SIM_JITTER, O_SIM_SLICE,
	O_FAIR_READERS, O_FAIR_TRYLOCK_READERS, O_FAIR_WRITERS, O_FAIR_TRYLOCK_WRITERS,
	O_FAIR_IRQ_READERS, O_FAIR_TRYLOCK_IRQ_READERS, O_FAIR_WRITER_PERIOD,
	O_FAIR_TRYLOCK_WRITER_PERIOD, O_FAIR_TRYLOCK_WRITER_TRIES, O_FAIR_IRQ_PERIOD,
	O_FORMAT, O_OUTPUT, O_JOB, O_SAVE_JOB, O_BASELINE, O_BASELINE_LOOSE, O_NO_HEADER, O_QUIET, O_VERBOSE, O_HELP, O_VERSION,
	O_EXPORT_DEFAULTS, O_EXPORT_VALUES,
	O_NOPTS
};

enum lb_opt_type {
	LB_OPT_FLAG,		/* no value: the bool at .off becomes true */
	LB_OPT_U64,		/* an integer in min..max in .size bytes; with .scale a time (ns) */
	LB_OPT_DOUBLE,		/* seconds (2, 0.5, 500ms, 1s) in dmin..dmax, a double at .off */
	LB_OPT_U64_LIST,	/* "1,5,10", "0-100:10" (each in min..max): uint64_t * at .off */
	LB_OPT_RATIOS,		/* "0:1,10:1": struct lb_ratio * at .off */
	LB_OPT_THREADS,		/* "2,max", "1-8", "2x": struct lb_telem * at .off */
	LB_OPT_ENUM,		/* a name .find knows: its index, an int at .off */
	LB_OPT_STRING,		/* a non-empty text (argv's own), a const char * at .off */
	LB_OPT_CALL,		/* .call takes the value (or acts, for a flag) */
};

struct lb_cli;

/**
 * struct lb_optdef - one global option
 * @name, @shortopt, @arg: --name, -x (0: none), the value's name in --help (NULL: a flag)
 * @group, @help:  --help's heading and text; the default is appended from @def
 * @type:          how the value is read (enum lb_opt_type)
 * @off, @size:    the destination in struct lb_config and its size (LB_FIELD())
 * @noff:          lists: the unsigned count beside the array (LB_LIST())
 * @min, @max:     U64 and U64_LIST: each value's bounds
 * @dmin, @dmax:   DOUBLE: the bounds
 * @scale:         U64: a time, ns per unit of a bare value (us: 1000); 0 a count
 * @values:        ENUM: the names, each at its value's index, NULL-terminated
 *                 (what --export-values lists for the bash completion)
 * @call:          CALL: takes @val (NULL for a flag); exits with one line if it is bad
 * @why:           ENUM: the reason an unknown name gets (the valid names
 *                 follow); STRING: the reason "" gets
 * @def:           the default (plan/defaults.h: its value in the option's own
 *                 syntax, set through the same parser before argv is read, and
 *                 what --help says of it); LB_D_NONE: no default value
 * @given:         nonzero: a bool in struct lb_config that becomes true when given
 * @excl:          an option that may not be given with this one (checked as given)
 * @help_more:     appends to @help (the list of formats)
 * @hidden:        not in --help (a tool for the tests)
 * @optional:      the value is optional (--help[=LOCK]): only with '='
 */
struct lb_optdef {
	const char *name;
	int shortopt;
	const char *arg;
	const char *group;
	const char *help;
	enum lb_opt_type type;
	size_t off, size, noff;
	uint64_t min, max;
	double dmin, dmax;
	uint64_t scale;
	const char *const *values;
	void (*call)(struct lb_cli *st, const struct lb_optdef *d, const char *val);
	const char *why;
	enum lb_default_id def;
	size_t given;
	enum lb_opt_id excl;
	size_t (*help_more)(char *buf, size_t len);
	bool hidden;
	bool optional;
};

#define LB_FIELD(m) .off = offsetof(struct lb_config, m), \
	.size = sizeof(((struct lb_config *)0)->m)
#define LB_LIST(m, n) LB_FIELD(m), .noff = offsetof(struct lb_config, n)

extern const struct lb_optdef lb_opts[O_NOPTS];

/* The parse in progress: the configuration and what argv said. */
struct lb_cli {
	struct lb_config *c;
	const char *val[O_NOPTS];	/* the value given last; "" for a flag; NULL: not given */
	unsigned seq[O_NOPTS];		/* its position among the options given (1: first) */
	/* the lock options given (--aqticket-threshold=2): their lock must be selected */
	struct {
		const struct lb_lock_ops *lock;
		const char *name, *val;
	} lockopt[16];
	unsigned nlockopt;
};

/* lb_cli_given() - was option @id on the command line? */
static inline bool lb_cli_given(const struct lb_cli *st, enum lb_opt_id id)
{
	return st->val[id] != NULL;
}

/* lb_cli_bad_value() - "--opt=val: why", exit 2 */
LB_NORETURN void lb_cli_bad_value(const char *opt, const char *val, const char *why);
/* lb_cli_add_lock() - add @o to the selection once (a family skips what this build lacks) */
void lb_cli_add_lock(struct lb_config *c, const struct lb_lock_ops *o, bool explicit_name);
/* lb_cli_lockopt_value() - @val as the value of lock option @op: 0, or -1 with @why */
int lb_cli_lockopt_value(const struct lb_lock_option *op, const char *val, uint64_t *v, char *why,
			 size_t len);
/* lb_cli_load_plugins() - load every --lock-plugin of argv, first of all (instance.c) */
void lb_cli_load_plugins(int argc, char **argv);
/*
 * lb_cli_instance() - the lock instance @el (NAME:OPT=V...) of --lock=@val,
 * or a kernel tree's lock NAME:lock (NULL when it did not build: skipped,
 * the run exits 5); exits 2 if bad
 */
const struct lb_lock_ops *lb_cli_instance(struct lb_config *c, const char *val, const char *el);
/* lb_cli_unknown_lock() - --lock=@val names @el, which is no lock: exit 2 */
LB_NORETURN void lb_cli_unknown_lock(const char *val, const char *el);
/* lb_cli_instances_resolve() - each instance's option values: the lock's, then its own */
void lb_cli_instances_resolve(struct lb_config *c);
/* lb_cli_format_list() - "table, stats, ..." */
void lb_cli_format_list(char *buf, size_t len);
/* lb_cli_take_value() - take @val as row @d says (its type, bounds) into its destination; exits 2 if bad */
void lb_cli_take_value(struct lb_cli *st, const struct lb_optdef *d, const char *val);
/* lb_cli_take_default() - give option @id the default @def, through its row, as argv would */
void lb_cli_take_default(struct lb_cli *st, enum lb_opt_id id, enum lb_default_id def);
/* lb_cli_rules() - the rules across options, in their order (rules.c) */
void lb_cli_rules(struct lb_cli *st);
/* lb_cli_export_defaults() - each visible option and its default, for the tests (help.c) */
void lb_cli_export_defaults(FILE *f);
/* lb_cli_export_values() - the names each option takes, for the bash completion (help.c) */
void lb_cli_export_values(FILE *f);
/* lb_cli_formats_help() - "table (...); stats (...); ..." appended to -f's help */
size_t lb_cli_formats_help(char *buf, size_t len);

#endif /* LB_SRC_CLI_TABLE_H */

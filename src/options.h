/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options.h - the effective configuration and the option table
 *
 * One table (options.c) drives getopt_long, --help and the checks that
 * keep the man page in step. Per-lock options are generated from each
 * lock's own table as --<lock>-<option>.
 */
#ifndef LB_SRC_OPTIONS_H
#define LB_SRC_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "lock.h"
#include "parse.h"
#include "roles.h"

#define LB_MAX_LOCKS 128	/* locks selected in one run */
#define LB_MAX_FORMATS 8	/* formats written by one run (-f A,B) */

enum lb_place {
	LB_PLACE_SOCKET = 0,	/* one thread per core of package 0, SMT siblings last, then package 1 */
	LB_PLACE_SPREAD,	/* round-robin over packages */
	LB_PLACE_COMPACT,	/* SMT siblings first */
	LB_PLACE_NONE,		/* no pinning */
	LB_PLACE_CACHE,		/* the cores of one L3 group before the next, SMT siblings last */
	LB_PLACE_NUMA,		/* one NUMA node (siblings included) before the next */
};

/* --lock-domain: what a topology-aware lock treats as local (domain.c) */
enum lb_lock_domain {
	LB_DOMAIN_NUMA = 0,	/* NUMA node (the default) */
	LB_DOMAIN_PACKAGE,	/* package (socket) */
	LB_DOMAIN_CACHE,	/* L3 group */
};

struct lb_config;
struct lb_report;

/*
 * One output format (output.c holds the table, one row per format; each
 * format lives in src/output-<name>.c).
 */
struct lb_format_def {
	const char *name;	/* -f NAME */
	const char *ext;	/* -o FILE.ext selects it when -f is not given; NULL if none */
	const char *help;	/* one line for --help */
	int (*write)(FILE *f, const struct lb_report *rep);
	/* check() - can this configuration produce the format? NULL: always */
	int (*check)(const struct lb_config *c, char *why, size_t len);
	const char *loads;	/* --load when none is given; NULL: the usual 1,5,10 */
};

extern const struct lb_format_def lb_formats[];	/* ends with a NULL name */
/* lb_format_find() - by name; NULL if unknown */
const struct lb_format_def *lb_format_find(const char *name);

enum lb_scenario {
	LB_SCN_MIX = 0,		/* every thread runs the --ratio mix */
	LB_SCN_ROLES = 1,	/* dedicated reader and writer threads */
	LB_SCN_FAIR = 2,	/* seed 002's phases (fair.c) */
};

/* --scenario=fair: the thread counts and periods of seed 002's test (fair.c) */
struct lb_fair_cfg {
	unsigned count[LB_ROLE_NKINDS];	/* threads of each type in the high-contention phase */
	bool count_set[LB_ROLE_NKINDS];	/* given on the command line (else the seed's) */
	uint64_t writer_period_ns;
	uint64_t trylock_writer_period_ns;
	uint32_t trylock_writer_tries;	/* 0: never give up */
	uint64_t irq_period_ns;
};

struct lb_config {
	/* selection */
	const struct lb_lock_ops *locks[LB_MAX_LOCKS];
	unsigned nlocks;
	bool list_locks;
	enum lb_scenario scenario;
	uint64_t **lockopt;		/* per registry index: option values */
	unsigned readers, writers;	/* roles: the two populations */
	uint64_t writer_ops;		/* roles: writes per writer thread, 0 = as the others */

	/* workload */
	struct lb_ratio *ratios;
	unsigned nratios;
	struct lb_telem *telems;
	unsigned ntelems;
	uint64_t *loads;		/* pause counts, or ns with load_ns */
	unsigned nloads;
	bool load_ns;
	uint64_t delay;			/* pauses between operations */
	uint64_t ops;			/* per thread (fixed work) */
	double duration;		/* seconds (fixed time) when > 0 */
	unsigned repeat;

	/* placement */
	enum lb_place place;
	const char *cpus;
	bool physical;
	const char *topology;
	bool plan;
	int lock_node;			/* -1: wherever the allocator puts it */
	enum lb_lock_domain lock_domain;	/* --lock-domain */
	bool lock_domain_set;		/* given on the command line */
	unsigned domains;		/* --domains: pretend domains, 0 = the topology's */

	/* measurement */
	bool validate;
	bool c2c;			/* --c2c: measure the core-to-core round trip first */
	bool perf;			/* --perf: per-thread perf_event_open counters */
	bool trace;			/* --trace: the kernel's view through tracefs */
	double timeout;			/* seconds without progress; 0 disables */
	bool latency;			/* --latency: time every acquisition */
	uint32_t lat_every;		/* --latency-sample: one in N (1: all) */
	struct lb_fair_cfg fair;

	/* output */
	const struct lb_format_def *format;	/* the first of formats[] */
	const struct lb_format_def *formats[LB_MAX_FORMATS];	/* -f A,B: written in this order */
	unsigned nformats;
	const char *output;
	const char *baseline;		/* --baseline: an earlier CSV or JSON, "before" */

	/* provenance */
	bool is_default;		/* no --lock: the default experiment */
	int argc;
	char **argv;
};

/**
 * lb_options_parse() - fill @c from the command line
 *
 * Exits with status 2 and one line on stderr for any bad option or value;
 * exits 0 after --help, --version and --list-locks.
 */
void lb_options_parse(struct lb_config *c, int argc, char **argv);
/* lb_options_help() - the generated --help text */
void lb_options_help(FILE *f);
/* lb_lock_domain_name() - "numa", "package", "cache" */
const char *lb_lock_domain_name(enum lb_lock_domain d);
/* lb_place_name() - "socket", "spread", ... */
const char *lb_place_name(enum lb_place p);
/* lb_config_free() - release what lb_options_parse() allocated */
void lb_config_free(struct lb_config *c);
/* lb_scenario_name() - "mix", "roles" */
const char *lb_scenario_name(enum lb_scenario s);
/* lb_lockopt_index() - registry index of @ops (for c->lockopt) */
unsigned lb_lockopt_index(const struct lb_lock_ops *ops);

#endif /* LB_SRC_OPTIONS_H */

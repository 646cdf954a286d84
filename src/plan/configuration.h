/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * configuration.h - the effective configuration of a run
 *
 * What the command line (cli/options.c) fills in and the plan, the output
 * and main read. It names the output formats only by pointer, so nothing
 * here reaches up into output/.
 */
#ifndef LB_SRC_PLAN_CONFIGURATION_H
#define LB_SRC_PLAN_CONFIGURATION_H

#include <stdbool.h>
#include <stdint.h>

#include "base/parse.h"
#include "harness/roles.h"
#include "locks/lock.h"
#include "machine/topology.h"

struct lb_format_def;

/* --lock-domain: what a topology-aware lock treats as local (plan/domain.c) */
enum lb_lock_domain {
	LB_DOMAIN_NUMA = 0,	/* NUMA node (the default) */
	LB_DOMAIN_PACKAGE,	/* package (socket) */
	LB_DOMAIN_CACHE,	/* L3 group */
};

#define LB_MAX_LOCKS 128	/* locks selected in one run */
#define LB_MAX_FORMATS 8	/* formats written by one run (-f A,B) */
#define LB_TIMEOUT_MIN_S 0.5	/* --timeout: the least watchdog (0 disables it) */


enum lb_scenario {
	LB_SCN_MIX = 0,		/* every thread runs the --ratio mix */
	LB_SCN_ROLES = 1,	/* dedicated reader and writer threads */
	LB_SCN_FAIR = 2,	/* Desnoyers 2008's phases (fair.c) */
};

/* --scenario=fair: the thread counts and periods of Desnoyers 2008's test (fair.c) */
struct lb_fair_cfg {
	unsigned count[LB_ROLE_NKINDS];	/* threads of each type in the high-contention phase */
	bool count_set[LB_ROLE_NKINDS];	/* given on the command line (else the posting's) */
	uint64_t writer_period_ns;
	uint64_t trylock_writer_period_ns;
	uint32_t trylock_writer_tries;	/* 0: never give up */
	uint64_t irq_period_ns;
};

struct lb_config {
	/* selection */
	const struct lb_lock_ops *locks[LB_MAX_LOCKS];
	bool lock_named[LB_MAX_LOCKS];	/* by its name, not by a family */
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
	int load_unit;			/* enum lb_load_unit: what load and delay count */
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
	bool processes;			/* --processes: each worker a process */
	bool drop_disturbed;		/* --drop-disturbed: disturbed repetitions left out */
	bool torture;			/* --torture: locktorture-like rounds (torture.c) */
	bool c2c;			/* --c2c: measure the core-to-core round trip first */
	bool perf;			/* --perf: per-thread perf_event_open counters */
	bool trace;			/* --trace: the kernel's view through tracefs */
	double timeout;			/* seconds without progress; 0 disables */
	double point_timeout;		/* --point-timeout: seconds per point; 0 disables */
	bool point_timeout_set;		/* given: else lb_point_timeout()'s default */
	bool latency;			/* --latency: time every acquisition */
	uint32_t lat_every;		/* --latency-sample: one in N (1: all) */
	uint64_t interval_ns;		/* --interval: throughput every so many ns; 0: none */
	struct lb_fair_cfg fair;

	/* --simulate: virtual time on a modelled machine (plan/simulate.c) */
	bool simulate;
	const char *sim_profile;	/* --sim-profile: the costs from this file */
	const char *sim_profile_out;	/* --c2c --sim-profile-out: write this machine's */
	uint64_t seed;			/* --seed: the jitter's */
	uint64_t sim_jitter;		/* --sim-jitter: percent */
	double sim_slice;		/* --sim-slice: seconds */

	/* output */
	const struct lb_format_def *format;	/* the first of formats[] */
	const struct lb_format_def *formats[LB_MAX_FORMATS];	/* -f A,B: written in this order */
	unsigned nformats;
	const char *output;
	const char *baseline;		/* --baseline: an earlier CSV or JSON, "before" */
	bool no_header;			/* --no-header: no "# " lines over a text report */
	bool baseline_loose;		/* --baseline-loose: a mismatch is a warning */

	/* provenance */
	bool is_default;		/* no --lock: the default experiment */
	int argc;
	char **argv;			/* with --job's options, without --save-job */
	const char *job;		/* --job=FILE, or NULL */
};

/* --load-unit: a pause instruction, or one lb_spin_n() iteration (clock.h) */
enum lb_load_unit { LB_UNIT_PAUSE, LB_UNIT_LOOP };
/* lb_load_unit_names[] - "pause", "loop": each at its value, NULL-terminated */
extern const char *const lb_load_unit_names[];

/* lb_scenario_name() - "mix", "roles", "fair" */
const char *lb_scenario_name(enum lb_scenario s);
/* lb_scenario_names[] - each scenario at its value, NULL-terminated */
extern const char *const lb_scenario_names[];

#endif /* LB_SRC_PLAN_CONFIGURATION_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * columns.h - the figures of a point, one schema for CSV, JSON and --baseline
 *
 * lb_columns[] has one row per figure a measured point (struct lb_result)
 * has: its name, unit, type, how to get its value, and which formats carry
 * it. The CSV writes the rows marked LB_COL_CSV as its columns, in table
 * order (the header is their names); the JSON writes the rows marked
 * LB_COL_JSON as the keys of each result; the --baseline reader
 * (cli/baseline.c) reads back the rows marked LB_COL_BASELINE from either
 * file with put(). A new figure is one row.
 *
 * The CSV's columns are the same for every lock: the core ones in every
 * run, and a group of columns (latency, roles, --perf, --trace, --c2c)
 * only in a run that measures it (lb_col_group_on()); the event counters
 * are one column in long form ("name=value;..."). So two runs of the same
 * options concatenate column for column whatever their locks, and a column
 * that does not apply to a point is an empty field, never a 0. Columns are
 * only appended within their group; LB_FORMAT_VERSION rises when a meaning
 * changes, and --baseline reads every version up to it.
 */
#ifndef LB_SRC_OUTPUT_COLUMNS_H
#define LB_SRC_OUTPUT_COLUMNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "output/output.h"

enum lb_col_type {
	LB_COL_STR,		/* CSV: quoted when needed (RFC 4180); JSON: a string */
	LB_COL_U64,
	LB_COL_INT,		/* signed */
	LB_COL_DBL,		/* CSV: the row's decimals; JSON: a double */
	LB_COL_BOOL,		/* CSV: 0 or 1; JSON: true or false */
};

enum {
	LB_COL_CSV = 1 << 0,		/* a column of the CSV */
	LB_COL_JSON = 1 << 1,		/* a key of each JSON result */
	LB_COL_JSON_NULL = 1 << 2,	/* JSON: null when it has no value (else left out) */
	LB_COL_BASELINE = 1 << 3,	/* --baseline reads it back, from both formats */
	LB_COL_BASE_EMPTY = 1 << 4,	/* ... and it may be empty or missing (format 1) */
};

/* The groups of columns: the core in every run, the others where the run has them */
enum lb_col_group {
	LB_GRP_CORE = 0,
	LB_GRP_ROLES,		/* --scenario=roles and fair: the roles, the populations */
	LB_GRP_LATENCY,		/* --latency, --scenario=fair: timed acquisitions */
	LB_GRP_C2C,		/* --c2c */
	LB_GRP_PERF,		/* --perf */
	LB_GRP_TRACE,		/* --trace */
	LB_GRP_SIM,		/* --simulate: the machine, the profile, the engine's figures */
	LB_GRP_INTERVAL,	/* --interval: a row per interval of each point */
	LB_GRP_INTERVAL_THREADS,	/* --interval -v: each thread's operations in it */
};

#define LB_COL_G (-1)	/* a double printed with "%g" */

union lb_col_val {
	const char *s;
	uint64_t u;
	int64_t i;
	double d;
	bool b;
};

/* Where the values come from: one result of a report. */
struct lb_col_src {
	const struct lb_report *rep;
	const struct lb_result *r;
	const struct lb_c2c *c2c;	/* lb_result_c2c() of @r */
	int interval;			/* --interval: the row's interval of @r, -1: none */
	char buf[4096];			/* a string value (valid until the next get()) */
};

struct lb_column {
	const char *name;	/* the CSV column; the JSON key unless @json says otherwise */
	const char *json;	/* NULL: @name; "fairness.jain": key jain of object fairness */
	const char *unit;	/* "ms", "ns", "cycles", "ops/s", ... ("" for none) */
	enum lb_col_type type;
	int dec;		/* LB_COL_DBL: decimals in the CSV (LB_COL_G: "%g") */
	unsigned flags;		/* LB_COL_* */
	/* get() - the value of @c for s->r; false when it has none (CSV: empty field) */
	bool (*get)(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v);
	size_t off, size;	/* lb_col_field(): the member of struct lb_result */
	int arg;		/* for get(): which figure (the enums below name each get()'s) */
	/* put() - --baseline: set @r's member from @text; false: not a value lockbench writes */
	bool (*put)(struct lb_result *r, const struct lb_column *c, const char *text);
	enum lb_col_group group;	/* the CSV writes the group's columns when the run has it */
};

extern const struct lb_column lb_columns[];	/* ends with a NULL name */

/* lb_col_src_init() - values of @r in @rep */
void lb_col_src_init(struct lb_col_src *s, const struct lb_report *rep, const struct lb_result *r);
/* lb_col_json_path() - where @c is in a JSON result: "exec_time_ms", "fairness.jain" */
const char *lb_col_json_path(const struct lb_column *c);
/* lb_lock_options_str() - "name=value;..." of @p's lock options, as CSV's lock_options */
char *lb_lock_options_str(const struct lb_point *p, char *buf, size_t len);
/* lb_col_find() - the row named @name, NULL if none */
const struct lb_column *lb_col_find(const char *name);
/* lb_col_group_on() - does @rep's run have @g's figures (a report without a configuration: all)? */
bool lb_col_group_on(const struct lb_report *rep, enum lb_col_group g);

/*
 * The get() and put() functions of the schema's rows (colget.c, colput.c),
 * and what each one's .arg means: for columns.c's table and those two only.
 */
/* .arg of lb_col_topo() */
enum { LB_TOPO_CPU_MODEL, LB_TOPO_SOURCE };
/* .arg of lb_col_lock() */
enum { LB_LOCKCOL_NAME, LB_LOCKCOL_KIND, LB_LOCKCOL_FAMILY, LB_LOCKCOL_FOLLOWS };
/* .arg of lb_col_word() */
enum { LB_WORD_LOAD_UNIT, LB_WORD_MODE, LB_WORD_SCENARIO };
/* .arg of lb_col_clock() */
enum { LB_CLOCK_MHZ, LB_CLOCK_PAUSE_NS, LB_CLOCK_PAUSE_STALL, LB_CLOCK_LOOP_STALL };
/* .arg of lb_col_phase() */
enum { LB_PHASE_NAME, LB_PHASE_TITLE };
/* .arg of lb_col_domains() */
enum { LB_DOMAINS_LEVEL, LB_DOMAINS_N, LB_DOMAINS_PRETEND };
/* .arg of lb_col_population() */
enum { LB_POP_READERS, LB_POP_WRITERS };
/* .arg of lb_col_role_ops(): the role times 4 plus the figure */
#define LB_ROLE_OPS(writer, fig) ((writer) * 4 + (fig))
enum { LB_ROLE_OPS_MIN, LB_ROLE_OPS_MEAN, LB_ROLE_OPS_MAX };
/* .arg of lb_col_lat_setup() */
enum { LB_LAT_SAMPLE_EVERY, LB_LAT_SAMPLES, LB_LAT_CALIB };
/* .arg of lb_col_lat(): which acquisitions, which figure, in cycles or ns */
#define LB_LAT(which, fig, ns) ((which) * 16 + (fig) + ((ns) ? 8 : 0))
enum { LB_LAT_ALL, LB_LAT_READ, LB_LAT_WRITE };
enum { LB_LAT_MIN, LB_LAT_AVG, LB_LAT_P50, LB_LAT_P99, LB_LAT_P999, LB_LAT_MAX };
/* .arg of lb_col_starved() and the others of one population */
enum { LB_WHO_READERS, LB_WHO_WRITERS };
/* .arg of lb_col_c2c() */
enum { LB_C2C_RT, LB_C2C_PER_OP };
/* .arg of lb_col_trace_str() */
enum { LB_TRACE_CLASSES, LB_TRACE_TOP_LOCK };
/* .arg of lb_col_interval() */
enum { LB_IV_INDEX, LB_IV_START_MS, LB_IV_MS, LB_IV_OPS, LB_IV_OPS_PER_S, LB_IV_THREAD_OPS };
/* .arg of lb_col_hyg() */
enum {
	LB_HYG_CPUFREQ_DRIVER, LB_HYG_CPUFREQ_GOVERNOR, LB_HYG_HYPERVISOR, LB_HYG_KERNEL_FLAGS,
	LB_HYG_LOADAVG, LB_HYG_BUSY_OTHER, LB_HYG_COMPILER, LB_HYG_CFLAGS, LB_HYG_GIT
};
/* .arg of lb_col_point_hyg() */
enum { LB_PHYG_STEAL, LB_PHYG_PLACEMENT_CPUS, LB_PHYG_HOST_CPUS, LB_PHYG_SMT, LB_PHYG_PROBE_BEFORE,
       LB_PHYG_PROBE_AFTER };
/* .arg of lb_col_unit() */
enum { LB_UNIT_NAME, LB_UNIT_NS };
/* .arg of lb_col_sim() (with .off: a figure of struct lb_result's sim or sim_hot) */
enum {
	LB_SIMC_MACHINE, LB_SIMC_DESC, LB_SIMC_CPUS, LB_SIMC_PROFILE, LB_SIMC_FROM, LB_SIMC_SEED,
	LB_SIMC_JITTER, LB_SIMC_SLICE, LB_SIMC_U64, LB_SIMC_VIRTUAL_MS, LB_SIMC_QUEUE_MS,
	LB_SIMC_REAL_S, LB_SIMC_RATE
};
/* .arg of lb_col_summary(): the figure times 10 plus the statistic over the repetitions */
#define LB_SUM(fig, stat) ((fig) * 10 + (stat))
enum { LB_SUM_OPS_PER_S, LB_SUM_EXEC_MS };
enum { LB_SUM_MEDIAN, LB_SUM_MIN, LB_SUM_MAX, LB_SUM_CV, LB_SUM_N, LB_SUM_MEAN, LB_SUM_STDEV };

#define LB_COL_GET(name) bool name(struct lb_col_src *s, const struct lb_column *c, union lb_col_val *v)
#define LB_COL_PUT(name) bool name(struct lb_result *r, const struct lb_column *c, const char *text)

LB_COL_GET(lb_col_field);
LB_COL_GET(lb_col_report);
LB_COL_GET(lb_col_format_version);
LB_COL_GET(lb_col_version);
LB_COL_GET(lb_col_command);
LB_COL_GET(lb_col_topo);
LB_COL_GET(lb_col_lock);
LB_COL_GET(lb_col_lock_options);
LB_COL_GET(lb_col_ratio);
LB_COL_GET(lb_col_word);
LB_COL_GET(lb_col_ops_per_thread);
LB_COL_GET(lb_col_duration);
LB_COL_GET(lb_col_load_ns);
LB_COL_GET(lb_col_lock_node);
LB_COL_GET(lb_col_counters);
LB_COL_GET(lb_col_partial);
LB_COL_GET(lb_col_repeat);
LB_COL_GET(lb_col_placement);
LB_COL_GET(lb_col_cpus);
LB_COL_GET(lb_col_jain);
LB_COL_GET(lb_col_clock);
LB_COL_GET(lb_col_phase);
LB_COL_GET(lb_col_domains);
LB_COL_GET(lb_col_roles);
LB_COL_GET(lb_col_disturbed);
LB_COL_GET(lb_col_population);
LB_COL_GET(lb_col_role_ops);
LB_COL_GET(lb_col_lat_setup);
LB_COL_GET(lb_col_lat);
LB_COL_GET(lb_col_starved);
LB_COL_GET(lb_col_ns_per_op);
LB_COL_GET(lb_col_c2c);
LB_COL_GET(lb_col_perf);
LB_COL_GET(lb_col_trace);
LB_COL_GET(lb_col_trace_wait);
LB_COL_GET(lb_col_trace_bit);
LB_COL_GET(lb_col_trace_str);
LB_COL_GET(lb_col_hyg);
LB_COL_GET(lb_col_point_hyg);
LB_COL_GET(lb_col_unit);
LB_COL_GET(lb_col_summary);
LB_COL_GET(lb_col_sim);
LB_COL_GET(lb_col_timestamp);
LB_COL_GET(lb_col_interval);

LB_COL_PUT(lb_col_put_field);
LB_COL_PUT(lb_col_put_word);
LB_COL_PUT(lb_col_put_repeat);
LB_COL_PUT(lb_col_put_load);
LB_COL_PUT(lb_col_put_load_ns);
LB_COL_PUT(lb_col_put_bool);

#endif /* LB_SRC_OUTPUT_COLUMNS_H */

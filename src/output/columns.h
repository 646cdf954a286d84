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
 * file with put(). A new figure is one row. CSV columns are only appended
 * (before the ctr_* columns, whose number depends on the locks);
 * LB_FORMAT_VERSION rises when a meaning changes.
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
	int arg;		/* for get(): which perf event, trace bit, latency figure */
	/* put() - --baseline: set @r's member from @text; false: not a value lockbench writes */
	bool (*put)(struct lb_result *r, const struct lb_column *c, const char *text);
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

#endif /* LB_SRC_OUTPUT_COLUMNS_H */

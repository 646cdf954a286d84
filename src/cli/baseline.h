/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * baseline.h - an earlier run of lockbench, read back from its CSV or JSON
 *
 * --baseline=FILE makes an earlier run the "before" of the compare and
 * aim7 formats and this run the "after" : the kernel
 * developer's workflow of measuring, patching, measuring again. Points
 * match by lock, ratio, thread count and load (and the load unit and the
 * mode: execution times only compare with execution times).
 */
#ifndef LB_SRC_BASELINE_H
#define LB_SRC_BASELINE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/hash.h"
#include "harness/harness.h"
#include "plan/plan.h"

/**
 * struct lb_baseline - the points of the earlier run
 * @results: one per point and repetition, as lb_run_all() makes them
 *           (point.ops is a stub that carries only the lock's name; no
 *           per-thread data)
 */
struct lb_baseline {
	const char *path;
	struct lb_result *results;
	unsigned n;
	unsigned cap;
	struct lb_lock_ops **stubs;	/* one per distinct lock name */
	unsigned nstubs, capstubs;
	/* where and how it ran (lockbench report, --baseline's machine check); "" where the file does not say */
	char host[128], kernel[256], cpu_model[256], version[32], timestamp[40];
	char command[1024];		/* JSON's command_line, space separated; CSV's command (format 2) */
	bool partial;			/* Ctrl-C or SIGTERM ended the run: fewer points than planned */
	char **lockopts;		/* per result: "name=value;..." or NULL (not in the file) */
	/* lookups by hash, so that reading and matching are linear in the file */
	struct lb_hidx stub_idx;	/* the stubs by name */
	struct lb_hidx point_idx;	/* the results by lock, ratio, threads and load */
};

/**
 * lb_baseline_load() - read @path (JSON if it starts with '{', else CSV)
 *
 * A regular file, read through one descriptor with its size limit kept
 * while it is read (a file that grows is refused); every value's type is
 * checked before it is used (a JSON string where a number belongs, an
 * object where a string does), and a NUL byte, text after the JSON object
 * and control characters in the lock's name or options are refused.
 * Return: 0; LB_EXIT_USAGE with a reason in @why when the file cannot be
 * read, is truncated, or is not lockbench's (format_version and the
 * header are checked); LB_EXIT_UNAVAIL for a CSV file when this build has
 * no libcsv.
 */
int lb_baseline_load(const char *path, struct lb_baseline *b, char *why, size_t len);
/* lb_baseline_has() - does the baseline have a point that @p matches? */
bool lb_baseline_has(const struct lb_baseline *b, const struct lb_point *p);
/**
 * lb_baseline_check() - do the points of @pts and their counterparts agree?
 *
 * A point's counterpart has its lock, ratio, threads and load; they must
 * also agree in the load unit, the mode, the ops (fixed work) or duration
 * (fixed time) and the lock options. Each difference is an error naming
 * the field, or with @loose a warning.
 * Return: 0, or LB_EXIT_USAGE with the first difference (or "no point") in @why.
 */
int lb_baseline_check(const struct lb_baseline *b, const struct lb_points *pts, bool loose,
		      char *why, size_t len);
/**
 * lb_baseline_machine() - "host H, kernel K, CPU C" of the baseline into @buf
 * Return: true when it is another machine than @host, @kernel, @cpu.
 */
bool lb_baseline_machine(const struct lb_baseline *b, const char *host, const char *kernel,
			 const char *cpu, char *buf, size_t len);
void lb_baseline_free(struct lb_baseline *b);

/* --- the readers' parts (baseline.c, baseline-csv.c) --------------------- */

/* One record: a CSV row under its header, or a JSON result object. */
struct lb_brec {
	char **val;		/* CSV: the row's fields */
	unsigned n;
	const int *col;		/* CSV: per row of lb_columns, its field in the row or -1 */
	struct json_object *obj;	/* JSON */
	unsigned line;		/* for messages: CSV line, or JSON result index */
	const char *what;	/* "line" or "result" */
};

/*
 * lb_baseline_add_fn - @r as the next result of @b (baseline.c's
 * add_record(): every column of the schema marked LB_COL_BASELINE, each
 * type-checked and set by its put()); 0, or LB_EXIT_USAGE with the reason
 * in @why. Handed to the CSV reader, which calls back no other way.
 */
typedef int lb_baseline_add_fn(struct lb_baseline *b, const struct lb_brec *r, char *why,
			       size_t len);
/* lb_baseline_load_csv() - the CSV text @buf (@blen bytes) into @b, each row by @add */
int lb_baseline_load_csv(struct lb_baseline *b, const char *buf, size_t blen,
			 lb_baseline_add_fn *add, char *why, size_t len);

#endif /* LB_SRC_BASELINE_H */

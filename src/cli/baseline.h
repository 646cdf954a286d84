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

#include "harness/harness.h"

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
	struct lb_lock_ops *stubs;	/* one per distinct lock name */
	unsigned nstubs;
	/* where and how it ran (lockbench report); "" where the file does not say */
	char host[128], kernel[256], cpu_model[128], version[32], timestamp[40];
	char command[1024];		/* JSON's command_line, space separated; not in CSV */
};

/**
 * lb_baseline_load() - read @path (JSON if it starts with '{', else CSV)
 *
 * Return: 0; LB_EXIT_USAGE with a reason in @why when the file cannot be
 * read, is truncated, or is not lockbench's (format_version and the
 * header are checked); LB_EXIT_UNAVAIL for a CSV file when this build has
 * no libcsv.
 */
int lb_baseline_load(const char *path, struct lb_baseline *b, char *why, size_t len);
/* lb_baseline_has() - does the baseline have a point that @p matches? */
bool lb_baseline_has(const struct lb_baseline *b, const struct lb_point *p);
void lb_baseline_free(struct lb_baseline *b);

#endif /* LB_SRC_BASELINE_H */

// SPDX-License-Identifier: GPL-2.0-or-later
/* output.c - the table of formats, in --help order (what they share is fmt.c) */
#include "config.h"

#include <string.h>

#include "output/output.h"

/*
 * The formats, in --help order; the first is the default. One row each:
 * name, -o extension, help, writer, check() (NULL: any run), default --load
 * (NULL: 1,5,10; a format that needs one load gives one).
 */
const struct lb_format_def lb_formats[] = {
	{ "table", "table", "the 2014 rwsem-spinning table: execution time or Mops/s per load", lb_output_table,
	  NULL, NULL, false },
	{ "stats", NULL, "the 2013 aqticket table: base and patched throughput, mean and stdev over "
	  "--repeat, per thread count (1x, 2x, 3x)", lb_output_stats, lb_stats_check, NULL, false },
	{ "sweep", NULL, "the 2015 qrwlock byte-cmpxchg thread sweep: two locks side by side, % change per thread "
	  "count", lb_output_sweep, lb_sweep_check, "1", false },
	{ "compare", NULL, "the 2014 rwsem-spinning posting's Before, After and % Change blocks: the first two locks, "
	  "or --baseline and this run", lb_output_compare, lb_check_before_after, NULL, false },
	{ "aim7", NULL, "the 2014 rwsem-spinning posting's AIM7 table: throughput per --threads range, before, after, "
	  "% change", lb_output_aim7, lb_check_before_after, NULL, false },
	{ "csv", "csv", "one row per point and repetition, for plotting", lb_output_csv, NULL, NULL,
	  true },
	{ "json", "json", "the whole run with per-thread detail", lb_output_json, NULL, NULL, true },
	{ "latency", NULL, "the 2008 fair-rwlock posting's report: timer calibration, then per thread iterations and "
	  "lock delay [min,avg,max] in cycles (--scenario=fair or --latency)", lb_output_latency,
	  lb_output_latency_check, NULL, false },
	{ NULL, NULL, NULL, NULL, NULL, NULL, false },
};

const struct lb_format_def *lb_format_find(const char *name)
{
	for (unsigned i = 0; lb_formats[i].name; i++)
		if (strcmp(lb_formats[i].name, name) == 0)
			return &lb_formats[i];
	return NULL;
}

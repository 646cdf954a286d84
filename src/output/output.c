// SPDX-License-Identifier: GPL-2.0-or-later
/* output.c - the table of formats, in --help order (what they share is fmt.c) */
#include "config.h"

#include <string.h>

#include "output/output.h"

/*
 * The formats, in --help order; the first is the default. The help is the
 * one line of --help (the man page has the rest); a format that needs one
 * load names its default (plan/defaults.h).
 */
const struct lb_format_def lb_formats[] = {
	{ .name = "table", .ext = "table", .write = lb_output_table,
	  .help = "Long 2014's table: time (or Mops/s) per load" },
	{ .name = "stats", .write = lb_output_stats, .check = lb_stats_check,
	  .help = "McKenney 2013's table: mean and stdev of --repeat" },
	{ .name = "sweep", .write = lb_output_sweep, .check = lb_sweep_check,
	  .loads = LB_D_SWEEP_LOAD, .help = "Long 2015's sweep: two locks, % change per thread count" },
	{ .name = "compare", .write = lb_output_compare, .check = lb_check_before_after,
	  .help = "Long 2014's Before, After and % Change blocks" },
	{ .name = "aim7", .write = lb_output_aim7, .check = lb_check_before_after,
	  .help = "Long 2014's AIM7 table: throughput per thread range" },
	{ .name = "csv", .ext = "csv", .write = lb_output_csv, .data = true,
	  .help = "one row per point and repetition" },
	{ .name = "json", .ext = "json", .write = lb_output_json, .data = true,
	  .help = "the whole run with per-thread detail" },
	{ .name = "latency", .write = lb_output_latency, .check = lb_output_latency_check,
	  .help = "Desnoyers 2008's report: lock delay per thread" },
	{ .name = NULL },
};

const struct lb_format_def *lb_format_find(const char *name)
{
	for (unsigned i = 0; lb_formats[i].name; i++)
		if (strcmp(lb_formats[i].name, name) == 0)
			return &lb_formats[i];
	return NULL;
}

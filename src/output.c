// SPDX-License-Identifier: GPL-2.0-or-later
/* output.c - formatter dispatch and shared helpers */
#include "config.h"

#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "output.h"

/* The formats, in --help order; the first is the default. One row each. */
const struct lb_format_def lb_formats[] = {
	{ "table", "table", "the seed 000 table: execution time or Mops/s per load", lb_output_table,
	  NULL },
	{ "compare", NULL, "seed 000's Before, After and % Change blocks: the first two locks, "
	  "or --baseline and this run", lb_output_compare, lb_check_before_after },
	{ "aim7", NULL, "seed 000's AIM7 table: throughput per --threads range, before, after, "
	  "% change", lb_output_aim7, lb_check_before_after },
	{ "csv", "csv", "one row per point and repetition, for plotting", lb_output_csv, NULL },
	{ "json", "json", "the whole run with per-thread detail", lb_output_json, NULL },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct lb_format_def *lb_format_find(const char *name)
{
	for (unsigned i = 0; lb_formats[i].name; i++)
		if (strcmp(lb_formats[i].name, name) == 0)
			return &lb_formats[i];
	return NULL;
}

char *lb_fmt_figure(double v, bool fixed_time, char *buf, size_t len)
{
	if (fixed_time && v < 9.995)
		snprintf(buf, len, "%.2f", v);
	else if (v < 999.95)
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%.0f", v);
	return buf;
}

double lb_point_figure(const struct lb_result *r, bool fixed_time)
{
	return fixed_time ? r->ops_per_s / 1e6 : r->exec_ms;
}

void lb_report_fill_host(struct lb_report *rep)
{
	struct utsname u;
	time_t now = time(NULL);
	struct tm tm;

	if (uname(&u) == 0) {
		snprintf(rep->host, sizeof(rep->host), "%s", u.nodename);
		snprintf(rep->kernel, sizeof(rep->kernel), "%s %s %s", u.sysname, u.release, u.machine);
	}
	gmtime_r(&now, &tm);
	strftime(rep->timestamp, sizeof(rep->timestamp), "%Y-%m-%dT%H:%M:%SZ", &tm);
}

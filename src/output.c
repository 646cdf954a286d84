// SPDX-License-Identifier: GPL-2.0-or-later
/* output.c - formatter dispatch and shared helpers */
#include "config.h"

#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "output.h"

lb_formatter lb_formatter_for(enum lb_format fmt)
{
	switch (fmt) {
	case LB_FMT_CSV:
		return lb_output_csv;
	case LB_FMT_JSON:
		return lb_output_json;
	default:
		return lb_output_table;
	}
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

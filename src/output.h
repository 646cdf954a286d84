/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * output.h - the formatters: one file each, one signature
 *
 * Each formatter gets the whole report (every point and repetition) and
 * writes to a stream; main.c sends the stream to stdout or to a temporary
 * file that is renamed into place only when everything succeeded.
 */
#ifndef LB_SRC_OUTPUT_H
#define LB_SRC_OUTPUT_H

#include <stdio.h>

#include "harness.h"
#include "options.h"
#include "topology.h"

#define LB_FORMAT_VERSION 1	/* CSV and JSON; raised when a meaning changes */

struct lb_report {
	const struct lb_config *cfg;	/* may be NULL in unit tests */
	const struct lb_topo_info *topo;
	const struct lb_pu *pus;	/* placement order */
	unsigned npus;
	const struct lb_result *results;
	unsigned nresults;
	bool fixed_time;		/* figures are Mops/s rather than ms */
	char host[128];
	char kernel[256];
	char timestamp[40];		/* ISO 8601, UTC */
};

typedef int (*lb_formatter)(FILE *f, const struct lb_report *rep);

int lb_output_table(FILE *f, const struct lb_report *rep);
int lb_output_csv(FILE *f, const struct lb_report *rep);
int lb_output_json(FILE *f, const struct lb_report *rep);
int lb_output_latency(FILE *f, const struct lb_report *rep);
/* lb_output_latency_check() - the latency report needs --scenario=fair or --latency */
int lb_output_latency_check(const struct lb_config *c, char *why, size_t len);
int lb_output_stats(FILE *f, const struct lb_report *rep);
/* lb_stats_check() - the stats table needs two locks and --repeat of 2 or more */
int lb_stats_check(const struct lb_config *c, char *why, size_t len);
int lb_output_sweep(FILE *f, const struct lb_report *rep);
/* lb_sweep_check() - sweep needs two locks, one ratio and one load (format check()) */
int lb_sweep_check(const struct lb_config *c, char *why, size_t len);
/* lb_sweep_figure() - a sweep figure: an integer from 100 up, 3 significant digits below */
char *lb_sweep_figure(double v, char *buf, size_t len);
/* lb_sweep_change() - after against before: "-9.6%", "0.0%", "+0.4%" (seed 003) */
char *lb_sweep_change(double before, double after, char *buf, size_t len);

/**
 * lb_fmt_figure() - a table figure: under 1000 with one decimal, else an integer
 * (seed 000: "530.7", "1848"); in fixed-time mode (Mops/s) figures under 10
 * get two decimals
 */
char *lb_fmt_figure(double v, bool fixed_time, char *buf, size_t len);
/* lb_point_figure() - the figure a table shows: ms, or Mops/s in fixed-time mode */
double lb_point_figure(const struct lb_result *r, bool fixed_time);
/**
 * lb_result_jain() - Jain's index of the threads' operations in a point
 * @kind: only the threads of this role (enum lb_role_kind), or -1 for all
 *
 * Interrupt reader threads take no lock and are left out.
 */
double lb_result_jain(const struct lb_result *r, int kind);
/* lb_fmt_starvation() - "none", "readers starved (no read for 412 ms)", ... */
void lb_fmt_starvation(FILE *f, const struct lb_result *r);
/* lb_report_fill_host() - host, kernel and timestamp of this run */
void lb_report_fill_host(struct lb_report *rep);

#endif /* LB_SRC_OUTPUT_H */

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

#include "base/hash.h"
#include "measure/c2c.h"
#include "harness/figures.h"
#include "harness/harness.h"
#include "plan/defaults.h"
#include "plan/plan.h"
#include "machine/hygiene.h"
#include "machine/topology.h"
#include "measure/statistics.h"

#define LB_FORMAT_VERSION 2	/* CSV and JSON; raised when a meaning changes (columns.c) */

struct lb_report {
	const struct lb_config *cfg;	/* may be NULL in unit tests */
	const struct lb_topo_info *topo;
	const struct lb_pu *pus;	/* placement order */
	unsigned npus;
	const struct lb_result *results;
	unsigned nresults;
	bool fixed_time;		/* figures are Mops/s rather than ms */
	const struct lb_result *baseline;	/* --baseline: the earlier run, "before"; or NULL */
	unsigned nbaseline;
	const char *baseline_path;
	const char *baseline_machine;	/* NULL or "": the same machine; else "host H, kernel K, CPU C" */
	const struct lb_c2c *c2c;	/* --c2c: the round trips measured, or NULL */
	unsigned nc2c;
	char host[128];
	char kernel[256];
	char timestamp[40];		/* ISO 8601, UTC */
	const struct lb_hygiene *hyg;	/* the conditions of the run (hygiene.h), or NULL */
	/* Ctrl-C or SIGTERM: only the first nresults of npoints points ran (CSV, JSON: partial) */
	bool partial;
	unsigned nran;		/* the points that ran, before --drop-disturbed took any out */
	unsigned npoints;		/* the points of the run as planned */
};

struct lb_report;

/*
 * One output format (output.c holds the table, one row per format; each
 * format lives in src/output-<name>.c).
 */
struct lb_format_def {
	const char *name;	/* -f NAME */
	const char *ext;	/* -o FILE.ext selects it when -f is not given; NULL if none */
	const char *help;	/* one line for --help */
	int (*write)(FILE *f, const struct lb_report *rep);
	/* check() - can this configuration produce the format? NULL: always */
	int (*check)(const struct lb_config *c, char *why, size_t len);
	enum lb_default_id loads;	/* --load when none is given (plan/defaults.h); LB_D_NONE: the row's */
	bool data;		/* CSV, JSON: read by programs, so no header (lb_output_header()) */
};

extern const struct lb_format_def lb_formats[];	/* ends with a NULL name */
/* lb_format_find() - by name; NULL if unknown */
const struct lb_format_def *lb_format_find(const char *name);

typedef int (*lb_formatter)(FILE *f, const struct lb_report *rep);

/*
 * The 2014 rwsem-spinning table's rows (output-table.c), shared by table and compare:
 * one row per lock/ratio and thread count in the order the points ran,
 * one cell per load holding the figures of its repetitions.
 */
struct lb_tcell {
	uint64_t load;		/* as given (pauses, or ns) */
	unsigned n;		/* repetitions */
	double *v;		/* their figures: ms, or Mops/s in fixed-time mode */
	double mean;
	bool timed_out;		/* one of them was stopped by --point-timeout: marked '!' */
	unsigned nshort;	/* repetitions where a thread ran short (lb_result.short_threads): '*' */
};

struct lb_trow {
	const char *lock;
	struct lb_ratio ratio;
	unsigned threads;
	unsigned tgroup;	/* the --threads element */
	unsigned phase;		/* --scenario=fair: the phase (labelled lock/phase), else 0 */
	unsigned ncells, capcells;
	struct lb_tcell *cells;
};

/*
 * The rows, and their lookups by hash (table.c: a file of 80000 points is
 * as many rows): rows by lock, ratio, threads and phase; cells by row and
 * load, each cell numbered in the order it was made (@cell_row, @cell_at).
 */
struct lb_ttable {
	struct lb_trow *rows;
	unsigned nrows;
	struct lb_hidx row_idx, cell_idx;
	uint32_t *cell_row, *cell_at;
};

/* One printed element of a row: "load:text". */
struct lb_tcell_text {
	uint64_t load;
	char text[32];
};

/* lb_ttable_build() - rows from @n results (pointers, so that a format can pick a subset) */
int lb_ttable_build(struct lb_ttable *t, const struct lb_result *const *res, unsigned n,
		    bool fixed_time);
void lb_ttable_free(struct lb_ttable *t);
/* lb_trow_cell() - the cell of @load in @row, NULL if none (a search of the row's cells) */
const struct lb_tcell *lb_trow_cell(const struct lb_trow *row, uint64_t load);
/* lb_ttable_row() - @t's row of @lock, @ratio, @threads and @phase (by hash), NULL if none */
const struct lb_trow *lb_ttable_row(const struct lb_ttable *t, const char *lock,
				    const struct lb_ratio *ratio, unsigned threads, unsigned phase);
/* lb_ttable_cell() - the cell of @load in @row of @t (by hash), NULL if none */
const struct lb_tcell *lb_ttable_cell(const struct lb_ttable *t, const struct lb_trow *row,
				      uint64_t load);
/* lb_table_label() - "rwsem/10:1" */
char *lb_table_label(const char *lock, const struct lb_ratio *ratio, char *buf, size_t len);
/*
 * lb_output_compare_notes() - above a comparison: both machines when the
 * baseline is another's, and that one repetition gives no noise estimate
 */
void lb_output_compare_notes(FILE *f, const struct lb_report *rep);
/* lb_output_run_notes() - under a text table: timed-out points ('!'), "Interrupted after n of N" */
void lb_output_run_notes(FILE *f, const struct lb_report *rep);
/* lb_table_width() - the first column's width: at least @w1, the header and @t's labels */
int lb_table_width(const struct lb_ttable *t, int w1);
/* lb_table_header() - the posting's header line ("Load(ns):" with --load-ns) and its dashed rule */
void lb_table_header(FILE *f, int w1, bool fixed_time, bool load_ns);
/* lb_table_row() - "label  threads  1:530.7, 5:406.0, 10:472.7" */
void lb_table_row(FILE *f, int w1, const char *label, unsigned threads,
		  const struct lb_tcell_text *cells, unsigned ncells);
/* lb_table_rows() - every row of @t with its mean figures */
int lb_table_rows(FILE *f, int w1, const struct lb_ttable *t, bool fixed_time, bool spread);
/* lb_report_ptrs() - malloc'ed pointers to each of rep->results */
const struct lb_result **lb_report_ptrs(const struct lb_report *rep);

int lb_output_table(FILE *f, const struct lb_report *rep);
int lb_output_csv(FILE *f, const struct lb_report *rep);
int lb_output_json(FILE *f, const struct lb_report *rep);
int lb_output_latency(FILE *f, const struct lb_report *rep);
/* lb_output_latency_check() - the latency report needs --scenario=fair or --latency */
int lb_output_latency_check(const struct lb_config *c, char *why, size_t len);
int lb_output_stats(FILE *f, const struct lb_report *rep);
/* lb_output_stats_posting() - the stats table at the posting's precision (the layout test) */
int lb_output_stats_posting(FILE *f, const struct lb_report *rep);
/* lb_stats_check() - the stats table needs two locks and --repeat of 2 or more */
int lb_stats_check(const struct lb_config *c, char *why, size_t len);
int lb_output_sweep(FILE *f, const struct lb_report *rep);
/* lb_sweep_check() - sweep needs two locks, one ratio and one load (format check()) */
int lb_sweep_check(const struct lb_config *c, char *why, size_t len);
/* lb_sweep_figure() - a sweep figure: an integer from 100 up, 3 significant digits below */
char *lb_sweep_figure(double v, char *buf, size_t len);
/* lb_sweep_change() - after against before: "-9.6%", "0.0%", "+0.4%" (Long 2015) */
char *lb_sweep_change(double before, double after, char *buf, size_t len);
int lb_output_compare(FILE *f, const struct lb_report *rep);
int lb_output_aim7(FILE *f, const struct lb_report *rep);
/* check() of compare and aim7: two locks, or --baseline */
int lb_check_before_after(const struct lb_config *c, char *why, size_t len);

/*
 * The two sides of a comparison (compare, aim7): "before" is the first
 * lock or the --baseline file, "after" the second lock or this run. In
 * two-lock mode further locks are reference rows (Long 2014's mutex rows).
 */
struct lb_sides {
	const struct lb_result **before, **after, **ref;	/* malloc'ed arrays of pointers */
	unsigned nbefore, nafter, nref;
	char before_name[192], after_name[192];
	bool by_lock;		/* baseline: a row matches only the same lock's */
	bool paired;		/* both sides from this run's rounds: compared round by round */
	bool fixed_time;
	bool load_ns;		/* the loads are --load-ns nanoseconds */
};

/* lb_sides_get() - split @rep into its sides; -1 when out of memory */
int lb_sides_get(const struct lb_report *rep, struct lb_sides *s);
void lb_sides_free(struct lb_sides *s);
/* lb_sides_match() - may rows of these two locks be compared? */
bool lb_sides_match(const struct lb_sides *s, const char *before_lock, const char *after_lock);
/* lb_lock_stem() - the name a compared pair goes by: "rwsem" for rwsem-wspin and rwsem-rspin */
char *lb_lock_stem(const char *a, const char *b, char *buf, size_t len);
/* lb_point_same() - @a and @b are repetitions of one point (all but the repeat agree) */
bool lb_point_same(const struct lb_point *a, const struct lb_point *b);
/**
 * lb_repeat_summary() - over the repetitions of @r's point in @rep: @what 0
 * its ops_per_s, 1 its exec_time_ms
 */
void lb_repeat_summary(const struct lb_report *rep, const struct lb_result *r, int what,
		       struct lb_summary *s);
/* lb_cv_pct() - the coefficient of variation of @s in %, 0 without a mean */
double lb_cv_pct(const struct lb_summary *s);
/* lb_short_note() - under a text table: which points ran with a thread off its CPU ("*") */
void lb_short_note(FILE *f, const struct lb_report *rep);
/* lb_disturb_words() - the LB_DISTURB_* bits of @d as words joined by @sep, in @buf */
const char *lb_disturb_words(unsigned d, const char *sep, char *buf, size_t len);
/**
 * lb_mark_host_outliers() - once a run's repetitions are in: mark
 * host-moved (LB_DISTURB_HOST) each whose host probe, before or after it,
 * is over LB_DISTURB_HOST_RATIO from the median of its point's probes (a
 * point of 3 repetitions with probes at least)
 * Return: how many were newly marked.
 */
unsigned lb_mark_host_outliers(struct lb_result *res, unsigned n);
/**
 * lb_drop_disturbed() - --drop-disturbed: take the disturbed repetitions
 * of @res (@n of them; *@n becomes what is left) out where their point has
 * one nothing disturbed, freeing them; the kept ones of that point count
 * them in repeats_dropped
 * Return: how many were taken out.
 */
unsigned lb_drop_disturbed(struct lb_result *res, unsigned *n);
/* lb_disturbed_note() - under a table: the disturbed repetitions, and those left out */
void lb_disturbed_note(FILE *f, const struct lb_report *rep);

/* lb_fmt_change() - "-52.5%", "+7.0%", with "~" when @noisy; "n/a" without a before figure */
char *lb_fmt_change(double before, double after, bool noisy, char *buf, size_t len);
/**
 * lb_fmt_paired() - "+5.1%[+3.2..+7.0]": the geometric mean of the rounds' change
 * of @a over @b (@b[i] and @a[i] ran in round i) and its 95% interval, "~"
 * after it when the interval holds 0; NULL with fewer than 3 rounds
 */
char *lb_fmt_paired(const double *b, unsigned nb, const double *a, unsigned na, char *buf,
		    size_t len);
/* lb_paired_note() - the note under a table with paired changes */
void lb_paired_note(FILE *f);
/* lb_compare_write() - the Before, After and % Change blocks of @s */
int lb_compare_write(FILE *f, const struct lb_sides *s);

/* One row of the aim7 table: "custom (200-1000)  446135  477404  +7.0%". */
struct lb_aim7_row {
	char label[96];
	double before, after;	/* operations per minute */
	bool noisy;
	char bmark[3], amark[3];	/* each side's marks: ! timed out, * ran short */
	char paired[48];	/* the paired change (lb_fmt_paired()), or empty */
};

#define LB_AIM7_WORKLOAD_WIDTH 18	/* Long 2014's widest workload; longer ones wrap */

/* lb_aim7_write() - the table of @rows, and @note under it when not NULL */
int lb_aim7_write(FILE *f, const struct lb_aim7_row *rows, unsigned n, const char *note);
/* lb_timed_out_note() - "! N points timed out ..." under a table, if any did (either side) */
void lb_timed_out_note(FILE *f, const struct lb_report *rep);

/**
 * lb_fmt_figure() - a table figure: under 1000 with one decimal, else an integer
 * (Long 2014: "530.7", "1848"); in fixed-time mode (Mops/s) figures under 10
 * get two decimals
 */
char *lb_fmt_figure(double v, bool fixed_time, char *buf, size_t len);
/* lb_point_figure() - the figure a table shows: ms, or Mops/s in fixed-time mode */
double lb_point_figure(const struct lb_result *r, bool fixed_time);
/* lb_fmt_starvation() - "none", "readers starved (no read for 412 ms)", ... */
void lb_fmt_starvation(FILE *f, const struct lb_result *r);
/* lb_fmt_perf() - "task-clock 1000.2 ms, context-switches 12, ..., cycles not supported" */
void lb_fmt_perf(FILE *f, const struct lb_perf_vals *v);
/**
 * lb_fmt_trace() - "switch-outs 12 (preempted 2, sleeping 10, blocked 0); kernel lock
 * contention 410 (WRITE 130 in 3.214 ms, READ 280 in 1.100 ms)"
 */
void lb_fmt_trace(FILE *f, const struct lb_trace_vals *v);
/* lb_fmt_trace_verbose() - -v: the summary and the most waited-on locks; -vv: each thread */
void lb_fmt_trace_verbose(FILE *f, const struct lb_result *r, bool per_thread);
/* lb_output_point_verbose() - -v: one point's figures, counters and kernel view on stderr */
void lb_output_point_verbose(const struct lb_plan *plan, const struct lb_result *r);
/**
 * lb_output_header() - the lines over a text report ("# " each): the machine,
 * the build, the placement, the pause, the run's hygiene and the command line
 */
int lb_output_header(FILE *f, const struct lb_report *rep);
/* lb_report_smt() - the most threads of one point of @rep that share a core, and at how many */
unsigned lb_report_smt(const struct lb_report *rep, unsigned *at_threads, int pair[2]);
/* lb_report_fill_host() - host, kernel and timestamp of this run */
void lb_report_fill_host(struct lb_report *rep);

#endif /* LB_SRC_OUTPUT_H */

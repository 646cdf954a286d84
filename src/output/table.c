// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * output-table.c - the 2014 rwsem-spinning table, and its rows for the other formats
 *
 *	lock/r:w ratio # of threads Load:Execution Time (ms)
 *	-------------- ------------ ------------------------
 *	rwsem/10:1     2            1:168.8, 5:179.5, 10:209.8
 *	rwsem/0:1      10           1:1306 , 5:1733 , 10:1998
 *
 * One row per lock/ratio and thread count, in the order the points ran;
 * one "load:figure" element per load. Every element but the last is padded
 * to the width of "999.9" before its comma, as in the posting. With --repeat
 * the figure is the mean of the repetitions. A phase of --scenario=fair is
 * labelled lock/phase (its threads have roles rather than a ratio).
 *
 * With -v a fairness block follows: per point the operations per thread
 * (min/mean/max), Jain's index and the starvation watch.
 *
 * The row model (struct lb_ttable: rows, cells per load, the repetitions'
 * figures) and the row printer are shared with the compare format, whose
 * Before, After and % Change blocks are tables of the same rows.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "plan/fair.h"
#include "base/log.h"
#include "output/output.h"

static const char *const table_h1 = "lock/r:w ratio", *const table_h2 = "# of threads";

static uint64_t row_hash(const char *lock, const struct lb_ratio *ratio, unsigned threads,
			 unsigned phase)
{
	uint64_t h = lb_hash_str(LB_HASH_SEED, lock);

	h = lb_hash_u64(h, ((uint64_t)ratio->r << 32) | ratio->w);
	return lb_hash_u64(h, ((uint64_t)threads << 32) | phase);
}

static bool row_is(const struct lb_trow *row, const char *lock, const struct lb_ratio *ratio,
		   unsigned threads, unsigned phase)
{
	return strcmp(row->lock, lock) == 0 && row->ratio.r == ratio->r &&
	       row->ratio.w == ratio->w && row->threads == threads && row->phase == phase;
}

static uint64_t cell_hash(unsigned row, uint64_t load)
{
	return lb_hash_u64(lb_hash_u64(LB_HASH_SEED, row), load);
}

/* "rwsem/10:1", or "frwlock/high-contention" for a phase of --scenario=fair */
static char *row_label(const char *lock, const struct lb_ratio *ratio, unsigned phase, char *buf,
		       size_t len)
{
	if (phase)
		snprintf(buf, len, "%s/%s", lock, lb_fair_phase_name(phase));
	else
		lb_table_label(lock, ratio, buf, len);
	return buf;
}

/* point_label() - the label of @p's row: "lock/R:W" or "lock/phase" */
static char *point_label(const struct lb_point *p, char *buf, size_t len)
{
	struct lb_ratio r = lb_point_ratio(p);

	return row_label(p->ops->name, &r, p->phase, buf, len);
}

/* -v: the fairness of each point */
static void fairness_block(FILE *f, const struct lb_report *rep)
{
	fprintf(f, "\nFairness: operations per thread min/mean/max, Jain's index, starvation "
		"(a population without an acquisition for a whole window)\n");
	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_result *r = &rep->results[i];
		char label[160];

		fprintf(f, "%s  %u  load %llu%s: %llu/%.1f/%llu, Jain %.4f, starvation (window %.0f ms): ",
			point_label(&r->point, label, sizeof(label)), r->point.nthreads, (unsigned long long)r->point.load_arg,
			r->point.load_ns ? "ns" : "", (unsigned long long)r->ops_min, r->ops_mean,
			(unsigned long long)r->ops_max, lb_result_jain(r, -1), r->starve_window_ms);
		lb_fmt_starvation(f, r);
		fputc('\n', f);
	}
}

/* The cell of @load in row @k of @t, made (empty) if it has none; NULL when out of memory. */
static struct lb_tcell *cell_get(struct lb_ttable *t, unsigned k, uint64_t load)
{
	struct lb_trow *row = &t->rows[k];
	uint64_t h = cell_hash(k, load);
	uint32_t id;

	for (id = lb_hidx_first(&t->cell_idx, h); id != LB_HIDX_END;
	     id = lb_hidx_next(&t->cell_idx, id))
		if (t->cell_row[id] == k && row->cells[t->cell_at[id]].load == load)
			return &row->cells[t->cell_at[id]];
	if (lb_grow((void **)&row->cells, &row->capcells, row->ncells, sizeof(*row->cells), 4))
		return NULL;
	id = lb_hidx_add(&t->cell_idx, h);
	if (id == LB_HIDX_END)
		return NULL;
	if (!(id & (id + 1))) {	/* 0, 1, 3, 7, ...: the id tables double */
		uint32_t *r = realloc(t->cell_row, 2 * ((size_t)id + 1) * sizeof(*r));
		uint32_t *a = r ? realloc(t->cell_at, 2 * ((size_t)id + 1) * sizeof(*a)) : NULL;

		if (r)
			t->cell_row = r;
		if (!a)
			return NULL;
		t->cell_at = a;
	}
	t->cell_row[id] = k;
	t->cell_at[id] = row->ncells;
	memset(&row->cells[row->ncells], 0, sizeof(row->cells[0]));
	row->cells[row->ncells].load = load;
	return &row->cells[row->ncells++];
}

/* Add figure @v to the cell for @load of row @k, creating it as needed. */
static int cell_add(struct lb_ttable *t, unsigned k, uint64_t load, double v, bool timed_out,
		    bool ran_short)
{
	struct lb_tcell *c = cell_get(t, k, load);

	if (!c)
		return -1;
	if (!(c->n & (c->n + 1)) || !c->v) {	/* 0, 1, 3, 7, ...: the figures double */
		double *nv = realloc(c->v, 2 * ((size_t)c->n + 1) * sizeof(*c->v));

		if (!nv)
			return -1;
		c->v = nv;
	}
	c->v[c->n] = v;
	c->timed_out |= timed_out;
	c->mean = (c->mean * c->n + v) / (c->n + 1);
	c->n++;
	c->nshort += ran_short;
	return 0;
}

/* What a table cell holds for a point. */
struct cell_fig {
	bool fixed_time;
	const struct lb_report *c2c_rep;	/* NULL: the table's figure; else ns/op per c2c */
};

static double point_fig(const struct lb_result *r, const struct cell_fig *cf)
{
	const struct lb_c2c *c2c;

	if (!cf->c2c_rep)
		return lb_point_figure(r, cf->fixed_time);
	c2c = lb_result_c2c(cf->c2c_rep->c2c, cf->c2c_rep->nc2c, r);
	return c2c ? lb_ns_per_op_per_c2c(r, c2c) : -1;
}

static int ttable_build(struct lb_ttable *t, const struct lb_result *const *res, unsigned n,
			const struct cell_fig *cf);

int lb_ttable_build(struct lb_ttable *t, const struct lb_result *const *res, unsigned n,
		    bool fixed_time)
{
	struct cell_fig cf = { .fixed_time = fixed_time };

	return ttable_build(t, res, n, &cf);
}

/* The row of @r's point in @t, made if it has none: its index, or -1 when out of memory. */
static int row_get(struct lb_ttable *t, const struct lb_result *r)
{
	const struct lb_point *p = &r->point;
	struct lb_ratio ratio = lb_point_ratio(p);
	uint64_t h = row_hash(p->ops->name, &ratio, p->nthreads, p->phase);
	struct lb_trow *row;

	for (uint32_t k = lb_hidx_first(&t->row_idx, h); k != LB_HIDX_END;
	     k = lb_hidx_next(&t->row_idx, k))
		if (row_is(&t->rows[k], p->ops->name, &ratio, p->nthreads, p->phase))
			return (int)k;
	if (lb_hidx_add(&t->row_idx, h) != t->nrows)
		return -1;
	row = &t->rows[t->nrows];
	row->lock = p->ops->name;
	row->ratio = ratio;
	row->threads = p->nthreads;
	row->tgroup = p->tgroup;
	row->phase = p->phase;
	return (int)t->nrows++;
}

static int ttable_build(struct lb_ttable *t, const struct lb_result *const *res, unsigned n,
			const struct cell_fig *cf)
{
	memset(t, 0, sizeof(*t));
	t->rows = calloc(n + 1, sizeof(*t->rows));
	if (!t->rows)
		return -1;
	for (unsigned i = 0; i < n; i++) {
		const struct lb_result *r = res[i];
		int k = row_get(t, r);

		if (k < 0 || cell_add(t, (unsigned)k, r->point.load_arg, point_fig(r, cf),
				      r->timed_out, r->short_threads > 0)) {
			lb_ttable_free(t);
			return -1;
		}
	}
	return 0;
}

void lb_ttable_free(struct lb_ttable *t)
{
	for (unsigned k = 0; t->rows && k < t->nrows; k++) {
		for (unsigned j = 0; j < t->rows[k].ncells; j++)
			free(t->rows[k].cells[j].v);
		free(t->rows[k].cells);
	}
	free(t->rows);
	lb_hidx_free(&t->row_idx);
	lb_hidx_free(&t->cell_idx);
	free(t->cell_row);
	free(t->cell_at);
	memset(t, 0, sizeof(*t));
}

const struct lb_tcell *lb_trow_cell(const struct lb_trow *row, uint64_t load)
{
	for (unsigned j = 0; j < row->ncells; j++)
		if (row->cells[j].load == load)
			return &row->cells[j];
	return NULL;
}

const struct lb_trow *lb_ttable_row(const struct lb_ttable *t, const char *lock,
				    const struct lb_ratio *ratio, unsigned threads, unsigned phase)
{
	uint64_t h = row_hash(lock, ratio, threads, phase);

	for (uint32_t k = lb_hidx_first(&t->row_idx, h); k != LB_HIDX_END;
	     k = lb_hidx_next(&t->row_idx, k))
		if (row_is(&t->rows[k], lock, ratio, threads, phase))
			return &t->rows[k];
	return NULL;
}

const struct lb_tcell *lb_ttable_cell(const struct lb_ttable *t, const struct lb_trow *row,
				      uint64_t load)
{
	unsigned k = (unsigned)(row - t->rows);
	uint64_t h = cell_hash(k, load);

	for (uint32_t id = lb_hidx_first(&t->cell_idx, h); id != LB_HIDX_END;
	     id = lb_hidx_next(&t->cell_idx, id))
		if (t->cell_row[id] == k && row->cells[t->cell_at[id]].load == load)
			return &row->cells[t->cell_at[id]];
	return NULL;
}

char *lb_table_label(const char *lock, const struct lb_ratio *ratio, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%u:%u", lock, ratio->r, ratio->w);
	return buf;
}

int lb_table_width(const struct lb_ttable *t, int w1)
{
	char label[160];

	if (w1 < (int)strlen(table_h1))
		w1 = (int)strlen(table_h1);
	for (unsigned k = 0; t && k < t->nrows; k++) {
		int l = (int)strlen(row_label(t->rows[k].lock, &t->rows[k].ratio, t->rows[k].phase,
					      label, sizeof(label)));

		if (l > w1)
			w1 = l;
	}
	return w1;
}

void lb_table_header(FILE *f, int w1, bool fixed_time, bool load_ns)
{
	char h3[64];
	int w2 = (int)strlen(table_h2);

	/* the loads' unit: pause counts ("Load:", the posting's) or --load-ns ("Load(ns):") */
	snprintf(h3, sizeof(h3), "%s:%s", load_ns ? "Load(ns)" : "Load",
		 fixed_time ? "Throughput (Mops/s)" : "Execution Time (ms)");

	fprintf(f, "%-*s  %-*s  %s\n", w1, table_h1, w2, table_h2, h3);
	for (int i = 0; i < w1; i++)
		fputc('-', f);
	fputs("  ", f);
	for (int i = 0; i < w2; i++)
		fputc('-', f);
	fputs("  ", f);
	for (size_t i = 0; i < strlen(h3); i++)
		fputc('-', f);
	fputc('\n', f);
}

void lb_table_row(FILE *f, int w1, const char *label, unsigned threads,
		  const struct lb_tcell_text *cells, unsigned ncells)
{
	fprintf(f, "%-*s  %-*u  ", w1, label, (int)strlen(table_h2), threads);
	for (unsigned j = 0; j < ncells; j++) {
		if (j + 1 < ncells)
			fprintf(f, "%llu:%-5s, ", (unsigned long long)cells[j].load, cells[j].text);
		else
			fprintf(f, "%llu:%s", (unsigned long long)cells[j].load, cells[j].text);
	}
	fputc('\n', f);
}

/*
 * A cell's text: the mean; with @spread and two or more repetitions "±" and
 * their coefficient of variation; "!" when one timed out (--point-timeout),
 * "*" when a thread of one ran short.
 */
static void cell_text(const struct lb_tcell *c, bool fixed_time, bool spread, char *buf, size_t len)
{
	size_t l;

	lb_fmt_figure(c->mean, fixed_time, buf, len);
	l = strlen(buf);
	if (spread && c->n > 1 && l < len) {
		struct lb_summary s;

		lb_summarize(c->v, c->n, &s);
		l += (size_t)snprintf(buf + l, len - l, "\u00b1%.1f%%", lb_cv_pct(&s));
	}
	if (c->timed_out && l < len)
		l += (size_t)snprintf(buf + l, len - l, "!");
	if (c->nshort && l < len)
		snprintf(buf + l, len - l, "*");
}

/* lb_table_rows() - the rows of @t with their mean figures, as the table prints them */
int lb_table_rows(FILE *f, int w1, const struct lb_ttable *t, bool fixed_time, bool spread)
{
	for (unsigned k = 0; k < t->nrows; k++) {
		const struct lb_trow *row = &t->rows[k];
		struct lb_tcell_text *cells = calloc(row->ncells + 1, sizeof(*cells));
		char label[160];

		if (!cells)
			return -1;
		for (unsigned j = 0; j < row->ncells; j++) {
			cells[j].load = row->cells[j].load;
			cell_text(&row->cells[j], fixed_time, spread, cells[j].text,
				  sizeof(cells[j].text));
		}
		lb_table_row(f, w1, row_label(row->lock, &row->ratio, row->phase, label, sizeof(label)),
			     row->threads, cells, row->ncells);
		free(cells);
	}
	return 0;
}

const struct lb_result **lb_report_ptrs(const struct lb_report *rep)
{
	const struct lb_result **p = calloc(rep->nresults + 1, sizeof(*p));

	for (unsigned i = 0; p && i < rep->nresults; i++)
		p[i] = &rep->results[i];
	return p;
}

/* --perf: each point's counters, summed over its threads */
static void perf_block(FILE *f, const struct lb_report *rep)
{
	fprintf(f, "\nperf_event_open counters (--perf), summed over the threads of each point:\n");
	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_result *r = &rep->results[i];
		char label[160];

		fprintf(f, "%s  %u  load %llu%s: ", point_label(&r->point, label, sizeof(label)),
			r->point.nthreads, (unsigned long long)r->point.load_arg,
			r->point.load_ns ? "ns" : "");
		lb_fmt_perf(f, &r->perf);
		fputc('\n', f);
	}
}

/* --trace: each point's kernel view, summed over its threads */
static void trace_block(FILE *f, const struct lb_report *rep)
{
	fprintf(f, "\nkernel view (--trace: sched_switch and lock:contention_begin/end through "
		"tracefs;\ntracing perturbs the run: compare the figures with an untraced run):\n");
	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_result *r = &rep->results[i];
		char label[160];

		if (!r->trace)
			continue;
		fprintf(f, "%s  %u  load %llu%s: ", point_label(&r->point, label, sizeof(label)),
			r->point.nthreads, (unsigned long long)r->point.load_arg,
			r->point.load_ns ? "ns" : "");
		lb_fmt_trace(f, r->trace);
		fputc('\n', f);
	}
}

/*
 * --c2c: the round trips measured, then the table again with each figure
 * replaced by the time per operation as a multiple of the round trip
 * between the CPUs of the point's first two threads ("-" where there is
 * none: one thread, unpinned, or two threads on one CPU).
 */
static int c2c_block(FILE *f, const struct lb_report *rep, const struct lb_result **res)
{
	struct cell_fig cf = { .fixed_time = rep->fixed_time, .c2c_rep = rep };
	struct lb_ttable t;
	int w1;

	fprintf(f, "\nc2c round trip (--c2c; the median of %u samples, each the mean of 100 round "
		"trips):\n", rep->nc2c ? rep->c2c[0].samples : 0);
	for (unsigned i = 0; i < rep->nc2c; i++) {
		char run[64] = "not measured";

		if (rep->c2c[i].rmw_run > 0)
			snprintf(run, sizeof(run), "%.2f, %.2f ns an add", rep->c2c[i].rmw_run,
				 rep->c2c[i].rmw_add_ns);
		fprintf(f, "CPU %d <-> CPU %d  %.1f ns (min %.1f, p90 %.1f; RMW run %s)\n",
			rep->c2c[i].cpu_a, rep->c2c[i].cpu_b, rep->c2c[i].rt_ns_median,
			rep->c2c[i].rt_ns_min, rep->c2c[i].rt_ns_p90, run);
	}
	if (!rep->nc2c)
		fprintf(f, "(none: the placement has one CPU)\n");
	if (ttable_build(&t, res, rep->nresults, &cf))
		return -1;
	w1 = lb_table_width(&t, 0);
	fprintf(f, "\n%-*s  %-*s  %s:time per operation / c2c round trip\n", w1, table_h1,
		(int)strlen(table_h2), table_h2,
		rep->nresults && rep->results[0].point.load_ns ? "Load(ns)" : "Load");
	for (unsigned k = 0; k < t.nrows; k++) {
		const struct lb_trow *row = &t.rows[k];
		struct lb_tcell_text *cells = calloc(row->ncells + 1, sizeof(*cells));
		char label[160];

		if (!cells) {
			lb_ttable_free(&t);
			return -1;
		}
		for (unsigned j = 0; j < row->ncells; j++) {
			cells[j].load = row->cells[j].load;
			if (row->cells[j].mean < 0)
				snprintf(cells[j].text, sizeof(cells[j].text), "-");
			else
				snprintf(cells[j].text, sizeof(cells[j].text), "%.2f", row->cells[j].mean);
		}
		lb_table_row(f, w1, row_label(row->lock, &row->ratio, row->phase, label, sizeof(label)),
			     row->threads, cells, row->ncells);
		free(cells);
	}
	lb_ttable_free(&t);
	return 0;
}

/* Under a table with repetitions: what the "±" is. */
static void spread_note(FILE *f, const struct lb_ttable *t)
{
	unsigned n = 0;

	for (unsigned k = 0; k < t->nrows; k++)
		for (unsigned j = 0; j < t->rows[k].ncells; j++)
			n = t->rows[k].cells[j].n > n ? t->rows[k].cells[j].n : n;
	if (n > 1)
		fprintf(f, "\u00b1 the coefficient of variation of the repetitions (up to %u): sample "
			"standard deviation over the mean\n", n);
}

int lb_output_table(FILE *f, const struct lb_report *rep)
{
	const struct lb_result **res = lb_report_ptrs(rep);
	struct lb_ttable t;
	int w1, rc;

	if (!res || lb_ttable_build(&t, res, rep->nresults, rep->fixed_time)) {
		free(res);
		return -1;
	}
	w1 = lb_table_width(&t, 0);
	lb_table_header(f, w1, rep->fixed_time, rep->nresults && rep->results[0].point.load_ns);
	rc = lb_table_rows(f, w1, &t, rep->fixed_time, true);
	if (!rc)
		spread_note(f, &t);
	lb_ttable_free(&t);
	if (!rc) {
		lb_short_note(f, rep);
		lb_disturbed_note(f, rep);
	}
	if (!rc && rep->c2c)
		rc = c2c_block(f, rep, res);
	if (!rc && rep->nresults && rep->results[0].point.perf)
		perf_block(f, rep);
	if (!rc && rep->nresults && rep->results[0].trace)
		trace_block(f, rep);
	if (!rc && lb_verbose > 0)
		fairness_block(f, rep);
	lb_output_run_notes(f, rep);
	for (unsigned i = 0; !rc && i < rep->nresults; i++)
		if (rep->results[i].point.domains_pretend &&
		    strcmp(rep->results[i].point.ops->family, "numa") == 0) {
			fprintf(f, "\nLock domains are pretend (--domains=%u, CPU k of the placement in "
				"domain k mod %u): the numa locks' local and remote paths ran, but the "
				"machine's caches are not split that way.\n",
				rep->results[i].point.ndomains, rep->results[i].point.ndomains);
			break;
		}
	free(res);
	return rc || ferror(f) ? -1 : 0;
}

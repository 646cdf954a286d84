// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * output-aim7.c - Long 2014's AIM7 table
 *
 *	Workload            Before   After  % Change
 *	--------            ------   -----  --------
 *	rwsem 10:1 (2-10)   446135  477404     +7.0%
 *	high_systime        152437  154217     +1.2%
 *	(200-1000)
 *
 * One row per compared lock, ratio and --threads element (a range such as
 * 2-10 forms one row, as AIM7's user-count ranges do), and per load when
 * the run has several: the mean throughput in operations per minute over
 * the thread counts of that element. Before and after are the compare
 * format's sides (output-compare.c): two locks, or --baseline and this
 * run. A workload name wider than Long 2014's widest wraps its last word
 * (the thread range) onto a line of its own, as in the posting.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "output/output.h"
#include "measure/statistics.h"

static const char *const aim7_h[] = { "Workload", "Before", "After", "% Change" };

/* The part of @label on the row's own line; *@rest: what wraps, or NULL. */
static int first_part(const char *label, const char **rest)
{
	const char *sp = strrchr(label, ' ');

	*rest = NULL;
	if ((int)strlen(label) <= LB_AIM7_WORKLOAD_WIDTH || !sp)
		return (int)strlen(label);
	*rest = sp + 1;
	return (int)(sp - label);
}

static void rule(FILE *f, int width, const char *h, bool right)
{
	int pad = width - (int)strlen(h);

	if (right)
		fprintf(f, "%*s", pad, "");
	for (size_t i = 0; i < strlen(h); i++)
		fputc('-', f);
	if (!right)
		fprintf(f, "%*s", pad, "");
}

/* a row's % Change: the paired one when the row has it, else the means' */
static const char *change(const struct lb_aim7_row *row, char *buf, size_t len)
{
	if (row->paired[0])
		return row->paired;
	return lb_fmt_change(row->before, row->after, row->noisy, buf, len);
}

int lb_aim7_write(FILE *f, const struct lb_aim7_row *rows, unsigned n, const char *note)
{
	int w[4];
	char num[64];

	for (unsigned c = 0; c < 4; c++)
		w[c] = (int)strlen(aim7_h[c]);
	for (unsigned i = 0; i < n; i++) {
		const char *rest;
		int l = first_part(rows[i].label, &rest);

		w[0] = l > w[0] ? l : w[0];
		l = snprintf(num, sizeof(num), "%.0f%s", rows[i].before, rows[i].bmark);
		w[1] = l > w[1] ? l : w[1];
		l = snprintf(num, sizeof(num), "%.0f%s", rows[i].after, rows[i].amark);
		w[2] = l > w[2] ? l : w[2];
		l = (int)strlen(change(&rows[i], num, sizeof(num)));
		w[3] = l > w[3] ? l : w[3];
	}
	fprintf(f, "%-*s  %*s  %*s  %*s\n", w[0], aim7_h[0], w[1], aim7_h[1], w[2], aim7_h[2], w[3],
		aim7_h[3]);
	for (unsigned c = 0; c < 4; c++) {
		rule(f, w[c], aim7_h[c], c > 0);
		fputs(c < 3 ? "  " : "\n", f);
	}
	for (unsigned i = 0; i < n; i++) {
		const char *rest;
		int l = first_part(rows[i].label, &rest);
		char b[48], a[48];

		snprintf(b, sizeof(b), "%.0f%s", rows[i].before, rows[i].bmark);
		snprintf(a, sizeof(a), "%.0f%s", rows[i].after, rows[i].amark);
		fprintf(f, "%-*.*s  %*s  %*s  %*s\n", w[0], l, rows[i].label, w[1], b, w[2], a, w[3],
			change(&rows[i], num, sizeof(num)));
		if (rest)
			fprintf(f, "%s\n", rest);
	}
	if (note)
		fputs(note, f);
	return ferror(f) ? -1 : 0;
}

/* The per-repetition means over @threads of one side's results for a row. */
struct aim7_side {
	double *v;		/* per repetition */
	unsigned n;
	bool timed_out, ran_short;	/* one of its points did */
};

static int side_values(const struct lb_sides *s, const struct lb_result *const *res, unsigned nres,
		       const struct lb_result *key, const unsigned *threads, unsigned nthreads,
		       struct aim7_side *out)
{
	unsigned maxrep = 0;

	memset(out, 0, sizeof(*out));
	for (unsigned i = 0; i < nres; i++)
		if (res[i]->point.repeat + 1 > maxrep)
			maxrep = res[i]->point.repeat + 1;
	out->v = calloc(maxrep + 1, sizeof(*out->v));
	if (!out->v)
		return -1;
	for (unsigned rep = 0; rep < maxrep; rep++) {
		double sum = 0;
		unsigned nt = 0;

		for (unsigned t = 0; t < nthreads; t++) {
			double tsum = 0;
			unsigned tn = 0;

			for (unsigned i = 0; i < nres; i++) {
				const struct lb_point *p = &res[i]->point;

				if (p->repeat == rep && p->nthreads == threads[t] &&
				    lb_point_same_ratio(p, &key->point) &&
				    p->load_arg == key->point.load_arg &&
				    lb_sides_match(s, p->ops->name, key->point.ops->name)) {
					tsum += res[i]->ops_per_s * 60;
					tn++;
					out->timed_out |= res[i]->timed_out;
					out->ran_short |= res[i]->short_threads > 0;
				}
			}
			if (tn) {
				sum += tsum / tn;
				nt++;
			}
		}
		if (nt)
			out->v[out->n++] = sum / nt;
	}
	return 0;
}

static double mean_of(const struct aim7_side *s)
{
	double sum = 0;

	for (unsigned i = 0; i < s->n; i++)
		sum += s->v[i];
	return s->n ? sum / s->n : 0;
}

/* Does the row of @a start here (first result of its lock, ratio, element and load)? */
static bool row_start(const struct lb_sides *s, unsigned i)
{
	const struct lb_point *p = &s->after[i]->point;

	for (unsigned j = 0; j < i; j++) {
		const struct lb_point *q = &s->after[j]->point;

		if (strcmp(q->ops->name, p->ops->name) == 0 && lb_point_same_ratio(q, p) &&
		    q->tgroup == p->tgroup && q->load_arg == p->load_arg)
			return false;
	}
	return true;
}

int lb_output_aim7(FILE *f, const struct lb_report *rep)
{
	struct lb_sides s;
	struct lb_aim7_row *rows;
	unsigned *threads, nrows = 0, unmatched = 0;
	bool multi_load = rep->cfg ? rep->cfg->nloads > 1 : false, noisy = false, paired = false;
	char note[1024];
	size_t l;
	int rc = -1;

	if (lb_sides_get(rep, &s))
		return -1;
	lb_output_compare_notes(f, rep);
	rows = calloc(s.nafter + 1, sizeof(*rows));
	threads = calloc(s.nafter + 1, sizeof(*threads));
	if (!rows || !threads)
		goto out;
	for (unsigned i = 0; i < s.nafter; i++) {
		const struct lb_result *key = s.after[i];
		struct aim7_side b, a;
		unsigned nt = 0;
		char stem[128], elem[40], load[48];

		if (!row_start(&s, i))
			continue;
		/* the thread counts of this --threads element that ran */
		for (unsigned j = i; j < s.nafter; j++) {
			const struct lb_point *p = &s.after[j]->point;
			bool seen = false;

			if (p->tgroup != key->point.tgroup || strcmp(p->ops->name, key->point.ops->name))
				continue;
			for (unsigned t = 0; t < nt; t++)
				seen |= threads[t] == p->nthreads;
			if (!seen)
				threads[nt++] = p->nthreads;
		}
		if (side_values(&s, s.after, s.nafter, key, threads, nt, &a))
			goto out;
		/* two-lock mode: the before lock's results, whatever their name */
		if (side_values(&s, s.before, s.nbefore, key, threads, nt, &b)) {
			free(a.v);
			goto out;
		}
		if (b.n && a.n) {
			struct lb_aim7_row *row = &rows[nrows++];
			const char *bname = s.by_lock ? key->point.ops->name :
					    (s.nbefore ? s.before[0]->point.ops->name : "");

			if (rep->cfg && key->point.tgroup < rep->cfg->ntelems)
				snprintf(elem, sizeof(elem), "%s", rep->cfg->telems[key->point.tgroup].text);
			else if (nt > 1)
				snprintf(elem, sizeof(elem), "%u-%u", threads[0], threads[nt - 1]);
			else
				snprintf(elem, sizeof(elem), "%u", threads[0]);
			load[0] = '\0';
			if (multi_load)
				snprintf(load, sizeof(load), " load %llu",
					 (unsigned long long)key->point.load_arg);
			snprintf(row->label, sizeof(row->label), "%s %u:%u%s (%s)",
				 lb_lock_stem(bname, key->point.ops->name, stem, sizeof(stem)),
				 lb_point_ratio(&key->point).r, lb_point_ratio(&key->point).w, load, elem);
			row->before = mean_of(&b);
			row->after = mean_of(&a);
			if (s.paired && lb_fmt_paired(b.v, b.n, a.v, a.n, row->paired,
						      sizeof(row->paired)))
				paired = true;
			else
				row->noisy = lb_noisy(b.v, b.n, a.v, a.n);
			snprintf(row->bmark, sizeof(row->bmark), "%s%s", b.timed_out ? "!" : "",
				 b.ran_short ? "*" : "");
			snprintf(row->amark, sizeof(row->amark), "%s%s", a.timed_out ? "!" : "",
				 a.ran_short ? "*" : "");
			noisy |= row->noisy;
		} else {
			unmatched++;
		}
		free(a.v);
		free(b.v);
	}
	l = (size_t)snprintf(note, sizeof(note), "Before: %s; After: %s; operations per minute, "
			     "the mean over the thread counts of each --threads element; a positive "
			     "%% Change is better\n", s.before_name, s.after_name);
	if (noisy && l < sizeof(note))
		l += (size_t)snprintf(note + l, sizeof(note) - l, "~ the change is within the "
				      "run-to-run noise: Welch's t-test over the repetitions gives "
				      "p > 0.05\n");
	if (unmatched && l < sizeof(note))
		snprintf(note + l, sizeof(note) - l, "(%u row%s of %s %s no counterpart in %s: "
			 "not compared)\n", unmatched, LB_S(unmatched), s.after_name,
			 unmatched == 1 ? "has" : "have", s.before_name);
	rc = lb_aim7_write(f, rows, nrows, note);
	if (!rc && paired)
		lb_paired_note(f);
	if (!rc) {
		lb_timed_out_note(f, rep);
		lb_short_note(f, rep);
		lb_disturbed_note(f, rep);
	}
out:
	free(rows);
	free(threads);
	lb_sides_free(&s);
	return rc;
}

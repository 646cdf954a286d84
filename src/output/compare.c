// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * output-compare.c - Long 2014's Before, After and % Change blocks
 *
 *	lock/r:w ratio # of threads Load:Execution Time (ms)
 *	-------------- ------------ ------------------------
 *	mutex-osq/0:1  2            1:530.7, 5:406.0, 10:472.7
 *	Before: rwsem-wspin
 *	rwsem-wspin/0:1 2           1:339.4, 5:368.9, 10:394.0
 *	After: rwsem-rspin
 *	rwsem-rspin/0:1 2           1:161.1, 5:244.4, 10:271.4
 *	% Change: rwsem-rspin against rwsem-wspin (execution time: negative is better)
 *	rwsem/0:1      2            1:-52.5%, 5:-33.7%, 10:-31.1%
 *
 * "Before" is the first lock of --lock, "after" the second; further locks
 * are reference rows at the top, as Long 2014's mutex rows. With
 * --baseline=FILE the earlier run is "before" and every lock of this run
 * is compared with the same lock there. Rows are the table's
 * (output-table.c); a % Change row is labelled with what the two locks'
 * names share ("rwsem" for rwsem-wspin and rwsem-rspin). With three or
 * more repetitions on both sides a change that Welch's t-test cannot tell
 * from the run-to-run noise (p > 0.05) is marked "~".
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "output/output.h"
#include "measure/statistics.h"

int lb_check_before_after(const struct lb_config *c, char *why, size_t len)
{
	if (c->baseline || c->nlocks >= 2)
		return 0;
	snprintf(why, len, "needs two locks to compare (--lock=BEFORE,AFTER) or an earlier run "
		 "(--baseline=FILE)");
	return -1;
}

int lb_sides_get(const struct lb_report *rep, struct lb_sides *s)
{
	unsigned n = rep->nresults + rep->nbaseline + 1;
	const char *first = NULL, *second = NULL;
	bool load_ns = rep->nresults && rep->results[0].point.load_ns;

	memset(s, 0, sizeof(*s));
	s->fixed_time = rep->fixed_time;
	s->load_ns = load_ns;
	s->before = calloc(n, sizeof(*s->before));
	s->after = calloc(n, sizeof(*s->after));
	s->ref = calloc(n, sizeof(*s->ref));
	if (!s->before || !s->after || !s->ref) {
		lb_sides_free(s);
		return -1;
	}
	if (rep->baseline) {
		s->by_lock = true;
		snprintf(s->before_name, sizeof(s->before_name), "baseline %s",
			 rep->baseline_path ? rep->baseline_path : "");
		snprintf(s->after_name, sizeof(s->after_name), "this run");
		/* only what can be compared: the same mode and load unit */
		for (unsigned i = 0; i < rep->nbaseline; i++) {
			const struct lb_point *p = &rep->baseline[i].point;

			if ((p->duration > 0) == rep->fixed_time && p->load_ns == load_ns)
				s->before[s->nbefore++] = &rep->baseline[i];
		}
		for (unsigned i = 0; i < rep->nresults; i++)
			s->after[s->nafter++] = &rep->results[i];
		return 0;
	}
	/* both sides ran in this run's rounds (repetitions outermost); not once rounds were dropped */
	s->paired = true;
	for (unsigned i = 0; i < rep->nresults; i++)
		if (rep->results[i].repeats_dropped)
			s->paired = false;
	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_result *r = &rep->results[i];
		const char *name = r->point.ops->name;

		if (!first)
			first = name;
		else if (!second && strcmp(name, first) != 0)
			second = name;
		if (strcmp(name, first) == 0)
			s->before[s->nbefore++] = r;
		else if (strcmp(name, second) == 0)
			s->after[s->nafter++] = r;
		else
			s->ref[s->nref++] = r;
	}
	snprintf(s->before_name, sizeof(s->before_name), "%s", first ? first : "");
	snprintf(s->after_name, sizeof(s->after_name), "%s", second ? second : "");
	return 0;
}

void lb_sides_free(struct lb_sides *s)
{
	free(s->before);
	free(s->after);
	free(s->ref);
	s->before = s->after = s->ref = NULL;
}

bool lb_sides_match(const struct lb_sides *s, const char *before_lock, const char *after_lock)
{
	return !s->by_lock || strcmp(before_lock, after_lock) == 0;
}

char *lb_lock_stem(const char *a, const char *b, char *buf, size_t len)
{
	size_t l = 0;

	while (a[l] && a[l] == b[l])
		l++;
	/* back to a place where both names end or continue with '-' */
	while (l > 0 && !((a[l] == '\0' || a[l] == '-') && (b[l] == '\0' || b[l] == '-')))
		l--;
	if (l > 0)
		snprintf(buf, len, "%.*s", (int)l, a);
	else
		snprintf(buf, len, "%s->%s", a, b);
	return buf;
}

char *lb_fmt_paired(const double *b, unsigned nb, const double *a, unsigned na, char *buf,
		    size_t len)
{
	struct lb_paired pr;

	if (lb_paired(b, a, nb < na ? nb : na, &pr))
		return NULL;
	snprintf(buf, len, "%+.1f%%[%+.1f..%+.1f]%s", (pr.gmean - 1) * 100, (pr.lo - 1) * 100,
		 (pr.hi - 1) * 100, pr.differs ? "" : "~");
	return buf;
}

char *lb_fmt_change(double before, double after, bool noisy, char *buf, size_t len)
{
	if (!(before > 0))
		snprintf(buf, len, "n/a");
	else
		snprintf(buf, len, "%+.1f%%%s", (after - before) / before * 100, noisy ? "~" : "");
	return buf;
}

void lb_paired_note(FILE *f)
{
	fprintf(f, "[..] paired: both sides ran in each round (repetition) of this run, so the "
		"change is the geometric mean of the rounds' after/before, with its 95%% interval "
		"(a paired t-test on their logs); '~' where the interval holds 0 (p > 0.05)\n");
}

/* The row of @t that @row is compared with: same ratio and threads (and lock, by_lock). */
static const struct lb_trow *counterpart(const struct lb_sides *s, const struct lb_ttable *t,
					 const struct lb_trow *row)
{
	for (unsigned j = 0; j < t->nrows; j++) {
		const struct lb_trow *b = &t->rows[j];

		if (b->ratio.r == row->ratio.r && b->ratio.w == row->ratio.w &&
		    b->threads == row->threads && lb_sides_match(s, b->lock, row->lock))
			return b;
	}
	return NULL;
}

/* Print @b's cells for the loads @a has (the Before block), or the changes (% Change). */
static int pair_row(FILE *f, int w1, const struct lb_trow *b, const struct lb_trow *a,
		    bool change, const struct lb_sides *s, bool *noisy_seen, bool *paired_seen)
{
	bool fixed_time = s->fixed_time;
	struct lb_tcell_text *cells = calloc(a->ncells + 1, sizeof(*cells));
	unsigned n = 0;
	char label[160], stem[128];

	if (!cells)
		return -1;
	for (unsigned j = 0; j < a->ncells; j++) {
		const struct lb_tcell *ac = &a->cells[j], *bc = lb_trow_cell(b, ac->load);

		if (!bc)
			continue;
		cells[n].load = ac->load;
		if (change && s->paired && lb_fmt_paired(bc->v, bc->n, ac->v, ac->n, cells[n].text,
							    sizeof(cells[n].text))) {
			*paired_seen = true;
		} else if (change) {
			bool noisy = lb_noisy(bc->v, bc->n, ac->v, ac->n);

			*noisy_seen |= noisy;
			lb_fmt_change(bc->mean, ac->mean, noisy, cells[n].text, sizeof(cells[n].text));
		} else {
			lb_fmt_figure(bc->mean, fixed_time, cells[n].text, sizeof(cells[n].text));
			if (bc->timed_out)	/* a repetition timed out */
				strncat(cells[n].text, "!", sizeof(cells[n].text) - 1 -
					strlen(cells[n].text));
			if (bc->nshort)	/* a thread of a repetition ran short */
				strncat(cells[n].text, "*", sizeof(cells[n].text) - 1 -
					strlen(cells[n].text));
		}
		n++;
	}
	if (change)
		lb_lock_stem(b->lock, a->lock, stem, sizeof(stem));
	lb_table_row(f, w1, lb_table_label(change ? stem : b->lock, &b->ratio, label, sizeof(label)),
		     b->threads, cells, n);
	free(cells);
	return 0;
}

int lb_compare_write(FILE *f, const struct lb_sides *s)
{
	struct lb_ttable bt, at, rt;
	const struct lb_trow **match = NULL;
	unsigned unmatched = 0;
	bool noisy = false, paired = false;
	int w1, rc = -1;

	memset(&bt, 0, sizeof(bt));
	memset(&at, 0, sizeof(at));
	memset(&rt, 0, sizeof(rt));
	if (lb_ttable_build(&bt, s->before, s->nbefore, s->fixed_time) ||
	    lb_ttable_build(&at, s->after, s->nafter, s->fixed_time) ||
	    lb_ttable_build(&rt, s->ref, s->nref, s->fixed_time))
		goto out;
	match = calloc(at.nrows + 1, sizeof(*match));
	if (!match)
		goto out;
	w1 = lb_table_width(&rt, 0);
	w1 = lb_table_width(&bt, w1);
	w1 = lb_table_width(&at, w1);
	for (unsigned k = 0; k < at.nrows; k++) {
		char stem[128], label[160];

		match[k] = counterpart(s, &bt, &at.rows[k]);
		if (!match[k]) {
			unmatched++;
			continue;
		}
		lb_lock_stem(match[k]->lock, at.rows[k].lock, stem, sizeof(stem));
		if ((int)strlen(lb_table_label(stem, &at.rows[k].ratio, label, sizeof(label))) > w1)
			w1 = (int)strlen(label);
	}

	lb_table_header(f, w1, s->fixed_time, s->load_ns);
	if (lb_table_rows(f, w1, &rt, s->fixed_time, false))
		goto out;
	fprintf(f, "Before: %s\n", s->before_name);
	for (unsigned k = 0; k < at.nrows; k++)
		if (match[k] && pair_row(f, w1, match[k], &at.rows[k], false, s, &noisy, &paired))
			goto out;
	fprintf(f, "After: %s\n", s->after_name);
	if (lb_table_rows(f, w1, &at, s->fixed_time, false))
		goto out;
	fprintf(f, "%% Change: %s against %s (%s: %s is better)\n", s->after_name, s->before_name,
		s->fixed_time ? "throughput" : "execution time",
		s->fixed_time ? "positive" : "negative");
	for (unsigned k = 0; k < at.nrows; k++)
		if (match[k] && pair_row(f, w1, match[k], &at.rows[k], true, s, &noisy, &paired))
			goto out;
	if (paired)
		lb_paired_note(f);
	if (noisy)
		fprintf(f, "~ the change is within the run-to-run noise: Welch's t-test over the "
			   "repetitions gives p > 0.05\n");
	if (unmatched)
		fprintf(f, "(%u row%s of %s %s no counterpart in %s: not compared)\n", unmatched,
			LB_S(unmatched), s->after_name, unmatched == 1 ? "has" : "have", s->before_name);
	rc = ferror(f) ? -1 : 0;
out:
	free(match);
	lb_ttable_free(&bt);
	lb_ttable_free(&at);
	lb_ttable_free(&rt);
	return rc;
}

int lb_output_compare(FILE *f, const struct lb_report *rep)
{
	struct lb_sides s;
	int rc;

	if (lb_sides_get(rep, &s))
		return -1;
	lb_output_compare_notes(f, rep);
	rc = lb_compare_write(f, &s);
	lb_sides_free(&s);
	if (!rc) {
		lb_timed_out_note(f, rep);
		lb_short_note(f, rep);
		lb_disturbed_note(f, rep);
	}
	return rc;
}

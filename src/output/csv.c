// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * csv.c - one header row, then one row per point and repetition
 *
 * The columns are the rows of the schema marked LB_COL_CSV (columns.c),
 * in its order: format_version first, units in the column names, the
 * host, kernel, CPU model, placement and every parameter on each row, so
 * a file alone says what was measured (RFC 4180 quoting). A figure a
 * point does not have is an empty field. The ctr_* columns at the end are
 * the event counters of the locks in the run (summed over threads); a
 * lock without that counter leaves the field empty.
 */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "output/columns.h"
#include "output/output.h"

static void csv_str(FILE *f, const char *s)
{
	if (!s)
		s = "";
	if (strpbrk(s, ",\"\r\n")) {
		fputc('"', f);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', f);
			fputc(*s, f);
		}
		fputc('"', f);
	} else {
		fputs(s, f);
	}
}

static void csv_value(FILE *f, const struct lb_column *c, const union lb_col_val *v)
{
	switch (c->type) {
	case LB_COL_STR:
		csv_str(f, v->s);
		break;
	case LB_COL_U64:
		fprintf(f, "%" PRIu64, v->u);
		break;
	case LB_COL_INT:
		fprintf(f, "%" PRId64, v->i);
		break;
	case LB_COL_DBL:
		if (c->dec == LB_COL_G)
			fprintf(f, "%g", v->d);
		else
			fprintf(f, "%.*f", c->dec, v->d);
		break;
	case LB_COL_BOOL:
		fprintf(f, "%d", v->b ? 1 : 0);
		break;
	}
}

/* Names of all counters of the locks in the report, first-seen order. */
static unsigned counter_union(const struct lb_report *rep, const char **names, unsigned max)
{
	unsigned n = 0;

	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_lock_ops *o = rep->results[i].point.ops;

		for (unsigned k = 0; o->counters && o->counters[k]; k++) {
			unsigned j;

			for (j = 0; j < n; j++)
				if (strcmp(names[j], o->counters[k]) == 0)
					break;
			if (j == n && n < max)
				names[n++] = o->counters[k];
		}
	}
	return n;
}

static void header(FILE *f, const char *const *ctr, unsigned nctr)
{
	bool first = true;

	for (const struct lb_column *c = lb_columns; c->name; c++) {
		if (!(c->flags & LB_COL_CSV))
			continue;
		fprintf(f, "%s%s", first ? "" : ",", c->name);
		first = false;
	}
	for (unsigned k = 0; k < nctr; k++) {
		fputs(",ctr_", f);
		for (const char *s = ctr[k]; *s; s++)
			fputc(*s == '-' ? '_' : *s, f);
	}
	fputc('\n', f);
}

/* The counter named @name of @r's lock, empty if it has none. */
static void counter(FILE *f, const struct lb_result *r, const char *name)
{
	const struct lb_lock_ops *o = r->point.ops;

	fputc(',', f);
	for (unsigned j = 0; o->counters && o->counters[j]; j++)
		if (strcmp(o->counters[j], name) == 0) {
			fprintf(f, "%" PRIu64, r->ctr_total[j]);
			return;
		}
}

int lb_output_csv(FILE *f, const struct lb_report *rep)
{
	const char *ctr[64];
	unsigned nctr = counter_union(rep, ctr, 64);
	struct lb_col_src src;

	header(f, ctr, nctr);
	for (unsigned i = 0; i < rep->nresults; i++) {
		bool first = true;

		lb_col_src_init(&src, rep, &rep->results[i]);
		for (const struct lb_column *c = lb_columns; c->name; c++) {
			union lb_col_val v;

			if (!(c->flags & LB_COL_CSV))
				continue;
			if (!first)
				fputc(',', f);
			first = false;
			if (c->get(&src, c, &v))
				csv_value(f, c, &v);
		}
		for (unsigned k = 0; k < nctr; k++)
			counter(f, &rep->results[i], ctr[k]);
		fputc('\n', f);
	}
	return ferror(f) ? -1 : 0;
}

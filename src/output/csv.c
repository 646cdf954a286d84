// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * csv.c - one header row, then one row per point and repetition
 *
 * The columns are the rows of the schema marked LB_COL_CSV (columns.c),
 * in its order: format_version first, units in the column names, the
 * host, kernel, CPU model, command line, placement and every parameter on
 * each row, so a file alone says what was measured (RFC 4180 quoting). A
 * figure a point does not have is an empty field. The core columns are in
 * every run; a group (latency, roles, --perf, --trace, --c2c) where the run
 * has it; the counters are one column, "name=value;..." (columns.h).
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

/* csv_column() - is @c a column of @rep's CSV? */
static bool csv_column(const struct lb_report *rep, const struct lb_column *c)
{
	return (c->flags & LB_COL_CSV) && lb_col_group_on(rep, c->group);
}

static void header(FILE *f, const struct lb_report *rep)
{
	bool first = true;

	for (const struct lb_column *c = lb_columns; c->name; c++) {
		if (!csv_column(rep, c))
			continue;
		fprintf(f, "%s%s", first ? "" : ",", c->name);
		first = false;
	}
	fputc('\n', f);
}

static void row(FILE *f, const struct lb_report *rep, struct lb_col_src *src)
{
	bool first = true;

	for (const struct lb_column *c = lb_columns; c->name; c++) {
		union lb_col_val v;

		if (!csv_column(rep, c))
			continue;
		if (!first)
			fputc(',', f);
		first = false;
		if (c->get(src, c, &v))
			csv_value(f, c, &v);
	}
	fputc('\n', f);
}

int lb_output_csv(FILE *f, const struct lb_report *rep)
{
	struct lb_col_src src;

	header(f, rep);
	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_result *r = &rep->results[i];

		lb_col_src_init(&src, rep, r);
		/* --interval: the point's row once per interval, with that interval's fields */
		for (unsigned k = 0; k == 0 || k < r->nintervals; k++) {
			src.interval = r->nintervals ? (int)k : -1;
			row(f, rep, &src);
		}
	}
	return ferror(f) ? -1 : 0;
}

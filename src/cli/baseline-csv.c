// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * baseline-csv.c - the CSV reader of --baseline and lockbench report (libcsv)
 *
 * A row at a time: the header first (format_version first, every column
 * the reader needs present), then each row, as soon as it ends, made one
 * result by baseline.c's add_record() (handed in) and its fields freed,
 * so a large file never holds all its fields at once. A row shorter or
 * longer than the header, an unterminated quote or a last line without its
 * newline is a truncated or damaged file. The first error stops the rest.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#ifdef HAVE_LIBCSV
#include <csv.h>
#endif

#include "base/log.h"
#include "cli/baseline.h"
#include "output/columns.h"

#define WHY(...) (snprintf(why, len, __VA_ARGS__), LB_EXIT_USAGE)

#ifdef HAVE_LIBCSV
struct csv_read {
	struct lb_baseline *b;
	char **cur;		/* the fields of the row being read */
	unsigned ncur, capcur;
	char **hdr;		/* the header's fields */
	unsigned nhdr, line;
	int *col;		/* per row of lb_columns: its field, or -1 */
	lb_baseline_add_fn *add;
	int rc;
	char *why;
	size_t len;
};

static void csv_fail(struct csv_read *c, int rc)
{
	if (!c->rc)
		c->rc = rc;
}

static void csv_field(void *s, size_t l, void *data)
{
	struct csv_read *c = data;
	char *f;

	if (c->rc)
		return;
	if (c->ncur == c->capcur) {
		unsigned cap = c->capcur * 2 + 8;
		char **nc = cap <= 4096 ? realloc(c->cur, cap * sizeof(*nc)) : NULL;

		if (!nc) {
			csv_fail(c, lb_why(c->why, c->len, "line %u: %s", c->line + 1, cap > 4096 ?
				 "more fields than any lockbench writes" : "out of memory"));
			return;
		}
		c->cur = nc;
		c->capcur = cap;
	}
	f = malloc(l + 1);
	if (!f) {
		csv_fail(c, lb_why(c->why, c->len, "out of memory"));
		return;
	}
	memcpy(f, s ? s : "", s ? l : 0);
	f[s ? l : 0] = '\0';
	c->cur[c->ncur++] = f;
}

static void free_fields(char **f, unsigned n)
{
	for (unsigned j = 0; j < n; j++)
		free(f[j]);
}

static size_t ncolumns(void)
{
	size_t n = 0;

	while (lb_columns[n].name)
		n++;
	return n;
}

/* The header: every column the reader needs, each one's field, and the machine's. */
static int csv_header(struct csv_read *c)
{
	char *why = c->why;
	size_t len = c->len;

	if (c->ncur == 0 || strcmp(c->cur[0], "format_version") != 0)
		return WHY("not a CSV file of lockbench (its first column is not format_version)");
	c->hdr = c->cur;
	c->nhdr = c->ncur;
	c->cur = NULL;
	c->ncur = c->capcur = 0;
	c->col = malloc(ncolumns() * sizeof(*c->col));
	if (!c->col)
		return WHY("out of memory");
	for (const struct lb_column *col = lb_columns; col->name; col++) {
		int *at = &c->col[col - lb_columns];

		*at = -1;
		for (unsigned j = 0; j < c->nhdr && *at < 0; j++)
			if (strcmp(c->hdr[j], col->name) == 0)
				*at = (int)j;
		if ((col->flags & LB_COL_BASELINE) && !(col->flags & LB_COL_BASE_EMPTY) && *at < 0)
			return WHY("not a CSV file of lockbench: no column %s", col->name);
	}
	return 0;
}

/* The machine, from the first row. */
static void csv_provenance(struct csv_read *c)
{
	struct lb_baseline *b = c->b;

	for (unsigned j = 0; j < c->nhdr && j < c->ncur; j++) {
		const char *k = c->hdr[j], *v = c->cur[j];

		if (strcmp(k, "host") == 0)
			snprintf(b->host, sizeof(b->host), "%s", v);
		else if (strcmp(k, "kernel") == 0)
			snprintf(b->kernel, sizeof(b->kernel), "%s", v);
		else if (strcmp(k, "cpu_model") == 0)
			snprintf(b->cpu_model, sizeof(b->cpu_model), "%s", v);
		else if (strcmp(k, "lockbench_version") == 0)
			snprintf(b->version, sizeof(b->version), "%s", v);
		else if (strcmp(k, "timestamp") == 0)
			snprintf(b->timestamp, sizeof(b->timestamp), "%s", v);
		else if (strcmp(k, "command") == 0)	/* format 2 */
			snprintf(b->command, sizeof(b->command), "%s", v);
		else if (strcmp(k, "partial") == 0)
			b->partial = strcmp(v, "1") == 0;
	}
}

static void csv_row(int ch, void *data)
{
	struct csv_read *c = data;
	char *why = c->why;
	size_t len = c->len;

	(void)ch;
	c->line++;
	if (!c->rc && c->line == 1) {
		csv_fail(c, csv_header(c));
		return;
	}
	if (!c->rc && c->ncur != c->nhdr) {
		csv_fail(c, WHY("line %u has %u fields, the header %u: truncated or damaged file",
				c->line, c->ncur, c->nhdr));
	} else if (!c->rc) {
		struct lb_brec r = { .val = c->cur, .n = c->ncur, .col = c->col, .line = c->line,
				 .what = "line" };
		int iv = c->col[lb_col_find("interval") - lb_columns];

		if (c->line == 2)
			csv_provenance(c);
		/* --interval: the point's row again, for a later interval */
		if (iv < 0 || (unsigned)iv >= c->ncur || strtoul(c->cur[iv], NULL, 10) <= 1)
			csv_fail(c, c->add(c->b, &r, why, len));
	}
	free_fields(c->cur, c->ncur);
	c->ncur = 0;
}

int lb_baseline_load_csv(struct lb_baseline *b, const char *buf, size_t blen,
			 lb_baseline_add_fn *add, char *why, size_t len)
{
	struct csv_parser p;
	struct csv_read c = { .b = b, .add = add, .why = why, .len = len };
	size_t done;
	int rc;

	if (blen == 0 || buf[blen - 1] != '\n')
		return WHY("the last line does not end: truncated file");
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL))
		return WHY("out of memory");
	done = csv_parse(&p, buf, blen, csv_field, csv_row, &c);
	rc = c.rc;
	if (!rc && (done != blen || csv_fini(&p, csv_field, csv_row, &c)))
		rc = WHY("not valid CSV (%s): damaged or truncated file",
			 csv_strerror(csv_error(&p)));
	if (!rc)
		rc = c.rc;
	if (!rc && c.line == 0)
		rc = WHY("not a CSV file of lockbench (its first column is not format_version)");
	csv_free(&p);
	free_fields(c.cur, c.ncur);
	free(c.cur);
	free_fields(c.hdr, c.nhdr);
	free(c.hdr);
	free(c.col);
	return rc;
}
#endif

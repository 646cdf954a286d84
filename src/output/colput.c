// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * colput.c - --baseline's side of the column schema: a value of a CSV or
 * JSON file back into a result (cli/baseline.c calls each column's put()),
 * refusing what lockbench never writes
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "output/columns.h"

static bool to_u64(const char *s, unsigned long long *out)
{
	char *end;

	errno = 0;
	*out = strtoull(s, &end, 10);
	return !errno && end != s && !*end && *s != '-' && *s != '+' && *s != ' ';
}

/* a figure lockbench writes: finite, 0 or more, below 1e18 (no inf, nan, 1e300, hex) */
static bool to_double(const char *s, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	return !errno && end != s && !*end && isfinite(*out) && *out >= 0 && *out < 1e18 &&
	       !strpbrk(s, "xXpP") && *s != ' ';
}

/* A number into the member at c->off (an unsigned that must fit, or a double). */
bool lb_col_put_field(struct lb_result *r, const struct lb_column *c, const char *text)
{
	char *m = (char *)r + c->off;
	unsigned long long u;
	uint32_t u32;
	double d;

	if (c->type == LB_COL_DBL) {
		if (!to_double(text, &d))
			return false;
		memcpy(m, &d, sizeof(d));
		return true;
	}
	if (!to_u64(text, &u))
		return false;
	if (c->size == sizeof(uint64_t)) {
		uint64_t u64 = u;

		memcpy(m, &u64, sizeof(u64));
		return true;
	}
	if (u > UINT32_MAX)
		return false;
	u32 = (uint32_t)u;
	memcpy(m, &u32, sizeof(u32));
	return true;
}

/*
 * load_unit and mode: the words lb_col_word() writes. load_unit is
 * --load-unit's pause or loop; in format 1 it was pause or ns (what
 * --load-ns says now), which is read as such.
 */
bool lb_col_put_word(struct lb_result *r, const struct lb_column *c, const char *text)
{
	if (c->arg == LB_WORD_MODE) {
		if (strcmp(text, "time") != 0 && strcmp(text, "ops") != 0)
			return false;
		r->point.duration = strcmp(text, "time") == 0 ? 1 : 0;
		return true;
	}
	if (strcmp(text, "ns") == 0)		/* format 1: --load-ns */
		r->point.load_ns = true;
	else if (strcmp(text, "loop") == 0)
		r->point.spin = true;
	else if (strcmp(text, "pause") != 0)
		return false;
	return true;
}

/* load: the load units of the point, which is the critical section as given without --load-ns */
bool lb_col_put_load(struct lb_result *r, const struct lb_column *c, const char *text)
{
	unsigned long long u;

	if (!to_u64(text, &u))
		return false;
	r->point.load_arg = u;
	return true;
}

/* load_ns: --load-ns as given, after load (the count of load units it came to) */
bool lb_col_put_load_ns(struct lb_result *r, const struct lb_column *c, const char *text)
{
	unsigned long long u;

	if (!*text)
		return true;	/* no --load-ns */
	if (!to_u64(text, &u))
		return false;
	r->point.load_arg = u;
	r->point.load_ns = true;
	return true;
}

/* 1..10000, as --repeat takes it */
bool lb_col_put_repeat(struct lb_result *r, const struct lb_column *c, const char *text)
{
	unsigned long long u;

	if (!to_u64(text, &u) || u < 1 || u > 10000)
		return false;
	r->point.repeat = (unsigned)u - 1;
	return true;
}

/* simulated, timed_out: 0 or 1 (JSON: false or true); empty or missing (older files): 0 */
bool lb_col_put_bool(struct lb_result *r, const struct lb_column *c, const char *text)
{
	bool v;

	if (!*text || (text[0] == '0' && !text[1]) || strcmp(text, "false") == 0)
		v = false;
	else if ((text[0] == '1' && !text[1]) || strcmp(text, "true") == 0)
		v = true;
	else
		return false;
	memcpy((char *)r + c->off, &v, sizeof(v));
	return true;
}

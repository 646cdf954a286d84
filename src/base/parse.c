// SPDX-License-Identifier: GPL-2.0-or-later
/* parse.c - the value grammars of the command line */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/parse.h"

#define WHY(...) lb_why(why, len, __VA_ARGS__)

int lb_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out, char *why, size_t len)
{
	char *end;
	unsigned long long v;

	if (!s || !*s)
		return WHY("empty value");
	if (*s == '-')
		return WHY("must not be negative (%llu..%llu)", (unsigned long long)min,
			   (unsigned long long)max);
	if (!isdigit((unsigned char)*s))
		return WHY("not a number");
	errno = 0;
	v = strtoull(s, &end, 10);
	/* 1k, 1M, 1G (powers of ten: operation counts) and 1e6 */
	if (*end && !errno) {
		unsigned e = 0;

		if (end[0] == 'k' && !end[1])
			e = 3;
		else if (end[0] == 'M' && !end[1])
			e = 6;
		else if (end[0] == 'G' && !end[1])
			e = 9;
		else if (end[0] == 'e' && isdigit((unsigned char)end[1]) && strlen(end) <= 3 &&
			 (!end[2] || isdigit((unsigned char)end[2])))
			e = (unsigned)strtoul(end + 1, NULL, 10);
		else
			return WHY("not a number");
		for (; e && !errno; e--)
			if (v > UINT64_MAX / 10)
				errno = ERANGE;
			else
				v *= 10;
		end += strlen(end);
	}
	if (*end)
		return WHY("not a number");
	if (errno == ERANGE || v < min || v > max)
		return WHY("out of range (%llu..%llu)", (unsigned long long)min,
			   (unsigned long long)max);
	*out = v;
	return 0;
}

int lb_parse_double(const char *s, double min, double max, double *out, char *why, size_t len)
{
	char *end;
	double v;

	if (!s || !*s)
		return WHY("empty value");
	errno = 0;
	v = strtod(s, &end);
	if (*end || end == s || isnan(v) || isinf(v) || isspace((unsigned char)*s) ||
	    strpbrk(s, "xX"))
		return WHY("not a number");
	if (errno == ERANGE || v < min || v > max)
		return WHY("out of range (%g..%g)", min, max);
	*out = v;
	return 0;
}

int lb_parse_seconds(const char *s, double min, double max, double *out, char *why, size_t len)
{
	static const struct { const char *suffix; double scale; } units[] = {
		{ "ms", 1e-3 }, { "us", 1e-6 }, { "s", 1 }, { "m", 60 },
	};
	size_t n = s ? strlen(s) : 0;
	char num[64];

	for (unsigned i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		size_t k = strlen(units[i].suffix);

		if (n > k && n - k < sizeof(num) && strcmp(s + n - k, units[i].suffix) == 0) {
			double v;

			memcpy(num, s, n - k);
			num[n - k] = '\0';
			if (lb_parse_double(num, 0, INFINITY, &v, why, len))
				return -1;
			v *= units[i].scale;
			if (v < min || v > max)
				return WHY("out of range (%g..%g s)", min, max);
			*out = v;
			return 0;
		}
	}
	return lb_parse_double(s, min, max, out, why, len);
}

/* Split @s at commas into a strdup'ed buffer; empty elements are an error. */
static char *split_first(char **cursor)
{
	char *start = *cursor, *comma;

	if (!start)
		return NULL;
	comma = strchr(start, ',');
	if (comma) {
		*comma = '\0';
		*cursor = comma + 1;
	} else {
		*cursor = NULL;
	}
	return start;
}

/* "lo", "lo-hi" or "lo-hi:step" with each bound in [min, max] */
static int parse_range(const char *el, uint64_t min, uint64_t max, uint64_t *lo, uint64_t *hi,
		       uint64_t *step, char *why, size_t len)
{
	char buf[64], *dash, *colon;

	if (strlen(el) >= sizeof(buf))
		return WHY("element '%s' too long", el);
	strcpy(buf, el);
	*step = 1;
	colon = strchr(buf, ':');
	if (colon) {
		*colon = '\0';
		if (lb_parse_u64(colon + 1, 1, max > 0 ? max : 1, step, why, len))
			return WHY("bad step in '%s'", el);
	}
	dash = buf[0] == '-' ? NULL : strchr(buf, '-');
	if (dash) {
		*dash = '\0';
		if (lb_parse_u64(buf, min, max, lo, why, len) ||
		    lb_parse_u64(dash + 1, min, max, hi, why, len)) {
			char inner[96];

			snprintf(inner, sizeof(inner), "%s", why);
			return WHY("'%s': %s", el, inner);
		}
		if (*hi < *lo)
			return WHY("range '%s' runs backwards", el);
	} else {
		if (colon)
			return WHY("a step needs a range, as in 2-16:2");
		if (lb_parse_u64(buf, min, max, lo, why, len)) {
			char inner[96];

			snprintf(inner, sizeof(inner), "%s", why);
			return WHY("'%s': %s", el, inner);
		}
		*hi = *lo;
	}
	return 0;
}

/*
 * The skeleton of every comma list: split @s, hand each non-empty element
 * to @one, which appends to @v (room for LB_MAX_LIST entries of @elsize
 * bytes) and advances *cnt.
 */
typedef int (*element_fn)(char *el, void *v, unsigned *cnt, const void *ctx, char *why, size_t len);

static int parse_list(const char *s, size_t elsize, element_fn one, const void *ctx, void **out,
		      unsigned *n, char *why, size_t len)
{
	char *copy, *cursor, *el;
	void *v;
	unsigned cnt = 0;

	if (!s || !*s)
		return WHY("empty list");
	copy = strdup(s);
	v = calloc(LB_MAX_LIST, elsize);
	if (!copy || !v) {
		free(copy);
		free(v);
		return WHY("out of memory");
	}
	cursor = copy;
	while ((el = split_first(&cursor))) {
		if (!*el || cnt == LB_MAX_LIST ||
		    one(el, v, &cnt, ctx, why, len)) {
			if (!*el)
				WHY("empty element in list");
			else if (cnt == LB_MAX_LIST)
				WHY("more than %u elements", LB_MAX_LIST);
			free(copy);
			free(v);
			return -1;
		}
	}
	free(copy);
	*out = v;
	*n = cnt;
	return 0;
}

struct bounds {
	uint64_t min, max;
};

static int u64_element(char *el, void *vp, unsigned *cnt, const void *ctx, char *why, size_t len)
{
	const struct bounds *b = ctx;
	uint64_t *v = vp, lo, hi, step;

	if (parse_range(el, b->min, b->max, &lo, &hi, &step, why, len))
		return -1;
	for (uint64_t x = lo; x <= hi; x += step) {
		if (*cnt == LB_MAX_LIST)
			return WHY("more than %u values", LB_MAX_LIST);
		v[(*cnt)++] = x;
		if (hi - x < step)
			break;
	}
	return 0;
}

int lb_parse_u64_list(const char *s, uint64_t min, uint64_t max, uint64_t **out, unsigned *n,
		      char *why, size_t len)
{
	struct bounds b = { min, max };

	return parse_list(s, sizeof(**out), u64_element, &b, (void **)out, n, why, len);
}

static int ratio_element(char *el, void *vp, unsigned *cnt, const void *ctx, char *why, size_t len)
{
	struct lb_ratio *v = vp;
	char *colon = strchr(el, ':');
	uint64_t r, w;

	if (!colon || strchr(colon + 1, ':'))
		return WHY("'%s': expected R:W, two non-negative integers such as 10:1", el);
	*colon = '\0';
	if (lb_parse_u64(el, 0, 1000000000, &r, why, len) ||
	    lb_parse_u64(colon + 1, 0, 1000000000, &w, why, len)) {
		*colon = ':';
		return WHY("'%s': expected R:W, two integers in 0..1000000000 such as 10:1", el);
	}
	if (r == 0 && w == 0)
		return WHY("'0:0': a ratio needs at least one read or one write");
	v[*cnt].r = (uint32_t)r;
	v[*cnt].w = (uint32_t)w;
	(*cnt)++;
	return 0;
}

int lb_parse_ratios(const char *s, struct lb_ratio **out, unsigned *n, char *why, size_t len)
{
	return parse_list(s, sizeof(**out), ratio_element, NULL, (void **)out, n, why, len);
}

static int thread_element(char *el, void *vp, unsigned *cnt, const void *ctx, char *why,
			  size_t len)
{
	struct lb_telem *e = (struct lb_telem *)vp + *cnt;
	size_t l = strlen(el);

	snprintf(e->text, sizeof(e->text), "%s", el);
	if (strcmp(el, "max") == 0) {
		e->kind = LB_T_MAX;
	} else if (el[l - 1] == 'x') {
		uint64_t m;

		el[l - 1] = '\0';
		if (lb_parse_u64(el, 1, 64, &m, why, len))
			return WHY("'%s': expected Nx with N in 1..64 (N times the CPUs in the placement)",
				   e->text);
		e->kind = LB_T_X;
		e->mult = (unsigned)m;
	} else {
		uint64_t lo, hi, step;

		if (parse_range(el, 1, LB_MAX_THREADS, &lo, &hi, &step, why, len))
			return -1;
		e->kind = LB_T_NUM;
		e->lo = (unsigned)lo;
		e->hi = (unsigned)hi;
		e->step = (unsigned)step;
	}
	(*cnt)++;
	return 0;
}

int lb_parse_threads(const char *s, struct lb_telem **out, unsigned *n, char *why, size_t len)
{
	return parse_list(s, sizeof(**out), thread_element, NULL, (void **)out, n, why, len);
}

static int add_count(unsigned *c, unsigned *g, unsigned *n, unsigned val, unsigned grp)
{
	for (unsigned i = 0; i < *n; i++)
		if (c[i] == val)
			return 0;
	if (*n == LB_MAX_LIST)
		return -1;
	c[*n] = val;
	g[*n] = grp;
	(*n)++;
	return 0;
}

int lb_threads_expand(const struct lb_telem *e, unsigned ne, unsigned ncpus, unsigned **counts,
		      unsigned **group, unsigned *n, char *why, size_t len)
{
	unsigned *c = calloc(LB_MAX_LIST, sizeof(*c));
	unsigned *g = calloc(LB_MAX_LIST, sizeof(*g));
	unsigned cnt = 0;

	if (!c || !g) {
		free(c);
		free(g);
		return WHY("out of memory");
	}
	for (unsigned i = 0; i < ne; i++) {
		unsigned lo, hi, step = 1;

		switch (e[i].kind) {
		case LB_T_MAX:
			lo = hi = ncpus;
			break;
		case LB_T_X:
			lo = hi = e[i].mult * ncpus;
			break;
		default:
			lo = e[i].lo;
			hi = e[i].hi;
			step = e[i].step;
			break;
		}
		if (hi > LB_MAX_THREADS) {
			free(c);
			free(g);
			return WHY("'%s' means %u threads, more than %u", e[i].text, hi, LB_MAX_THREADS);
		}
		for (unsigned x = lo; x <= hi; x += step) {
			if (add_count(c, g, &cnt, x, i)) {
				free(c);
				free(g);
				return WHY("more than %u thread counts", LB_MAX_LIST);
			}
			if (hi - x < step)
				break;
		}
	}
	*counts = c;
	*group = g;
	*n = cnt;
	return 0;
}

char *lb_ratio_str(const struct lb_ratio *r, char *buf, size_t len)
{
	snprintf(buf, len, "%u:%u", r->r, r->w);
	return buf;
}

unsigned lb_edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	unsigned row[64];

	if (lb >= sizeof(row) / sizeof(row[0]))
		return 1000;
	for (size_t j = 0; j <= lb; j++)
		row[j] = (unsigned)j;
	for (size_t i = 1; i <= la; i++) {
		unsigned diag = row[0];

		row[0] = (unsigned)i;
		for (size_t j = 1; j <= lb; j++) {
			unsigned up = row[j], best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

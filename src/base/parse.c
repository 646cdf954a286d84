// SPDX-License-Identifier: GPL-2.0-or-later
/* parse.c - the value grammars of the command line */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/parse.h"

#define WHY(...) lb_why(why, len, __VA_ARGS__)

/* the accepted forms, said when a count is not one */
#define COUNT_FORMS "a count such as 1000, 1k, 1.5M, 2G or 1e6"

/* 10^e times @v, or -1 on overflow */
static int scale10(uint64_t *v, unsigned e)
{
	for (; e; e--) {
		if (*v > UINT64_MAX / 10)
			return -1;
		*v *= 10;
	}
	return 0;
}

/* the power of ten a count's suffix stands for (k, M, G, eN), or -1 */
static int count_exponent(const char *end)
{
	if (!*end)
		return 0;
	if (end[0] == 'k' && !end[1])
		return 3;
	if (end[0] == 'M' && !end[1])
		return 6;
	if (end[0] == 'G' && !end[1])
		return 9;
	if (end[0] == 'e' && isdigit((unsigned char)end[1]) && strlen(end) <= 3 &&
	    (!end[2] || isdigit((unsigned char)end[2])))
		return (int)strtoul(end + 1, NULL, 10);
	return -1;
}

int lb_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out, char *why, size_t len)
{
	uint64_t v = 0;
	unsigned frac = 0;	/* digits after the point */
	bool big = false;
	const char *p = s;
	int e;

	if (!s || !*s)
		return WHY("empty value");
	if (*s == '-')
		return WHY("must not be negative (%llu..%llu)", (unsigned long long)min,
			   (unsigned long long)max);
	if (!isdigit((unsigned char)*s))
		return WHY("not a number (" COUNT_FORMS ")");
	/* the digits, with at most one point among them: 1.5M is 1500000 */
	for (; isdigit((unsigned char)*p) || (*p == '.' && !frac && isdigit((unsigned char)p[1]));
	     p++) {
		if (*p == '.') {
			frac = 1;
			continue;
		}
		big |= v > (UINT64_MAX - (uint64_t)(*p - '0')) / 10;
		v = big ? v : v * 10 + (uint64_t)(*p - '0');
		frac += frac > 0;
	}
	frac -= frac > 0;
	e = count_exponent(p);
	if (e < 0)
		return WHY("not a number (" COUNT_FORMS ")");
	/* the point's digits that the suffix does not absorb must be zeros */
	for (; frac > (unsigned)e; frac--) {
		if (v % 10)
			return WHY("not a whole number (" COUNT_FORMS ")");
		v /= 10;
	}
	if (big || scale10(&v, (unsigned)e - frac) || v < min || v > max)
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

/* the time units a value may carry, longest suffix first among those sharing a letter */
static const struct {
	const char *suffix;
	double scale;	/* seconds */
} time_units[] = {
	{ "ns", 1e-9 }, { "us", 1e-6 }, { "ms", 1e-3 }, { "s", 1 }, { "m", 60 }, { "h", 3600 },
};

#define TIME_FORMS "500ms, 20us, 1.5s, 2m or 1h"

/* the unit @s ends with (its index), the number before it in @num; -1 without one */
static int time_unit(const char *s, char *num, size_t numlen)
{
	size_t n = s ? strlen(s) : 0;

	for (unsigned i = 0; i < sizeof(time_units) / sizeof(time_units[0]); i++) {
		size_t k = strlen(time_units[i].suffix);

		if (n > k && n - k < numlen && strcmp(s + n - k, time_units[i].suffix) == 0 &&
		    isdigit((unsigned char)s[n - k - 1])) {
			memcpy(num, s, n - k);
			num[n - k] = '\0';
			return (int)i;
		}
	}
	return -1;
}

int lb_parse_seconds(const char *s, double min, double max, double *out, char *why, size_t len)
{
	char num[64];
	int u = time_unit(s, num, sizeof(num));
	double v;

	if (lb_parse_double(u < 0 ? s : num, 0, INFINITY, &v, why, len)) {
		if (s && *s == '-')
			return WHY("must not be negative (%g..%g s)", min, max);
		return WHY("not a time (seconds, or " TIME_FORMS ")");
	}
	v *= u < 0 ? 1 : time_units[u].scale;
	if (v < min || v > max)
		return WHY("out of range (%g..%g s)", min, max);
	*out = v;
	return 0;
}

int lb_parse_time_ns(const char *s, uint64_t unit_ns, uint64_t min, uint64_t max, uint64_t *ns,
		     char *why, size_t len)
{
	static const char *const names[] = { "ns", "us", "ms", "s" };
	const char *unit = unit_ns == 1 ? names[0] : unit_ns == 1000 ? names[1] :
			   unit_ns == 1000000 ? names[2] : names[3];
	char num[64];
	int u = time_unit(s, num, sizeof(num));
	double v, x;

	if (u < 0) {	/* a bare count of the option's unit */
		uint64_t c;

		if (lb_parse_u64(s, min, max, &c, why, len)) {
			if (s && *s && *s != '-' && strstr(why, "not a"))
				return WHY("not a time (%s, or " TIME_FORMS ")", unit);
			return -1;
		}
		*ns = c * unit_ns;
		return 0;
	}
	if (lb_parse_double(num, 0, INFINITY, &v, why, len))
		return WHY("not a time (%s, or " TIME_FORMS ")", unit);
	x = v * time_units[u].scale * 1e9;
	if (x < (double)min * (double)unit_ns || x > (double)max * (double)unit_ns)
		return WHY("out of range (%llu..%llu %s)", (unsigned long long)min,
			   (unsigned long long)max, unit);
	if (fabs(x - round(x)) > 1e-6 * (x > 1 ? x : 1))
		return WHY("not a whole number of nanoseconds");
	*ns = (uint64_t)llround(x);
	return 0;
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
	} else if (strncmp(el, "max", 3) == 0 && (el[3] == '+' || el[3] == '-')) {
		uint64_t d;

		if (lb_parse_u64(el + 4, 1, LB_MAX_THREADS, &d, why, len))
			return WHY("'%s': expected max+N or max-N with N in 1..%u (CPUs more or fewer "
				   "than the placement's)", e->text, LB_MAX_THREADS);
		e->kind = LB_T_MAX;
		e->off = el[3] == '+' ? (int)d : -(int)d;
	} else if (el[l - 1] == 'x' && l > 1 && isdigit((unsigned char)el[l - 2])) {
		uint64_t m;

		el[l - 1] = '\0';
		if (lb_parse_u64(el, 1, 64, &m, why, len))
			return WHY("'%s': expected Nx with N in 1..64 (N times the CPUs in the placement)",
				   e->text);
		e->kind = LB_T_X;
		e->mult = (unsigned)m;
	} else {
		uint64_t lo, hi, step;

		if (parse_range(el, 1, LB_MAX_THREADS, &lo, &hi, &step, why, len)) {
			if (!strstr(why, "not a"))
				return -1;
			return WHY("'%s': expected a count (4), a range (1-8, 2-16:2), max, max+N, "
				   "max-N or Nx", e->text);
		}
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
			if (e[i].off < 0 && (unsigned)-e[i].off >= ncpus) {
				free(c);
				free(g);
				return WHY("'%s' leaves no thread on a placement of %u CPUs", e[i].text,
					   ncpus);
			}
			lo = hi = (unsigned)((int)ncpus + e[i].off);
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

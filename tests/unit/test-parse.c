// SPDX-License-Identifier: GPL-2.0-or-later
/* test-parse.c - the value grammars: numbers, lists, ranges, ratios, thread lists */
#include "config.h"

#include <stdlib.h>

#include "check.h"
#include "base/parse.h"

static void numbers(void)
{
	char why[256];
	uint64_t v;
	double d;

	CHECK(lb_parse_u64("42", 0, 100, &v, why, sizeof(why)) == 0 && v == 42, "42");
	CHECK(lb_parse_u64("0", 1, 100, &v, why, sizeof(why)) == -1, "0 below min");
	CHECK(strstr(why, "out of range (1..100)") != NULL, "why: %s", why);
	CHECK(lb_parse_u64("-1", 0, 100, &v, why, sizeof(why)) == -1, "negative");
	CHECK(strstr(why, "negative") != NULL, "why: %s", why);
	CHECK(lb_parse_u64("99999999999999999999", 0, UINT64_MAX, &v, why, sizeof(why)) == -1,
	      "overflow of u64");
	CHECK(lb_parse_u64("18446744073709551615", 0, UINT64_MAX, &v, why, sizeof(why)) == 0 &&
	      v == UINT64_MAX, "UINT64_MAX itself");
	CHECK(lb_parse_u64("12a", 0, 100, &v, why, sizeof(why)) == -1, "trailing junk");
	CHECK(lb_parse_u64("", 0, 100, &v, why, sizeof(why)) == -1, "empty");
	CHECK(lb_parse_u64(" 1", 0, 100, &v, why, sizeof(why)) == -1, "leading space");
	CHECK(lb_parse_double("0.25", 0.001, 10, &d, why, sizeof(why)) == 0 && d == 0.25, "0.25");
	CHECK(lb_parse_double("-1", 0.001, 10, &d, why, sizeof(why)) == -1, "negative duration");
	CHECK(lb_parse_double("nan", 0, 10, &d, why, sizeof(why)) == -1, "nan");
	CHECK(lb_parse_double("inf", 0, 1e9, &d, why, sizeof(why)) == -1, "inf");
	CHECK(lb_parse_double("1e400", 0, 1e9, &d, why, sizeof(why)) == -1, "huge");
	CHECK(lb_parse_u64("1M", 0, UINT64_MAX, &v, why, sizeof(why)) == 0 && v == 1000000, "1M");
	CHECK(lb_parse_u64("2k", 0, UINT64_MAX, &v, why, sizeof(why)) == 0 && v == 2000, "2k");
	CHECK(lb_parse_u64("1e6", 0, UINT64_MAX, &v, why, sizeof(why)) == 0 && v == 1000000, "1e6");
	CHECK(lb_parse_u64("1e30", 0, UINT64_MAX, &v, why, sizeof(why)) == -1, "1e30 overflows");
	CHECK(lb_parse_u64("1Mx", 0, UINT64_MAX, &v, why, sizeof(why)) == -1, "1Mx");
	CHECK(lb_parse_u64("1e", 0, UINT64_MAX, &v, why, sizeof(why)) == -1, "1e");
	CHECK(lb_parse_double("0x1p3", 0, 1e9, &d, why, sizeof(why)) == -1, "hex float");
	CHECK(lb_parse_seconds("500ms", 0.001, 10, &d, why, sizeof(why)) == 0 && d == 0.5, "500ms");
	CHECK(lb_parse_seconds("2s", 0.001, 10, &d, why, sizeof(why)) == 0 && d == 2, "2s");
	CHECK(lb_parse_seconds("1m", 0.001, 100, &d, why, sizeof(why)) == 0 && d == 60, "1m");
	CHECK(lb_parse_seconds("11s", 0.001, 10, &d, why, sizeof(why)) == -1, "11s out of range");
	CHECK(lb_parse_seconds("ms", 0.001, 10, &d, why, sizeof(why)) == -1, "ms alone");
	CHECK(lb_parse_seconds("1h", 0.001, 86400, &d, why, sizeof(why)) == 0 && d == 3600, "1h");
	CHECK(lb_parse_seconds("1x", 0.001, 10, &d, why, sizeof(why)) == -1 &&
	      strstr(why, "500ms") != NULL, "a bad time names the forms: %s", why);
	/* counts with a point: whole numbers only */
	CHECK(lb_parse_u64("1.5M", 0, UINT64_MAX, &v, why, sizeof(why)) == 0 && v == 1500000,
	      "1.5M");
	CHECK(lb_parse_u64("2.25k", 0, UINT64_MAX, &v, why, sizeof(why)) == 0 && v == 2250, "2.25k");
	CHECK(lb_parse_u64("1.2340k", 0, UINT64_MAX, &v, why, sizeof(why)) == 0 && v == 1234,
	      "1.2340k: a trailing zero");
	CHECK(lb_parse_u64("3.0", 0, UINT64_MAX, &v, why, sizeof(why)) == 0 && v == 3, "3.0");
	CHECK(lb_parse_u64("1.2345k", 0, UINT64_MAX, &v, why, sizeof(why)) == -1 &&
	      strstr(why, "whole") != NULL, "1.2345k is not whole: %s", why);
	CHECK(lb_parse_u64("1.5", 0, UINT64_MAX, &v, why, sizeof(why)) == -1, "1.5");
	CHECK(lb_parse_u64("1..5k", 0, UINT64_MAX, &v, why, sizeof(why)) == -1, "1..5k");
	CHECK(lb_parse_u64("1.", 0, UINT64_MAX, &v, why, sizeof(why)) == -1, "1.");
	CHECK(lb_parse_u64("x", 0, 10, &v, why, sizeof(why)) == -1 && strstr(why, "1.5M") != NULL,
	      "a bad count names the forms: %s", why);
	CHECK(lb_parse_u64("18446744073709551.616k", 0, UINT64_MAX, &v, why, sizeof(why)) == -1,
	      "overflow through the suffix");
	/* times of an option in ms or us, stored in ns */
	CHECK(lb_parse_time_ns("50", 1000000, 1, 3600000, &v, why, sizeof(why)) == 0 &&
	      v == 50000000, "50 (ms)");
	CHECK(lb_parse_time_ns("0.1s", 1000000, 1, 3600000, &v, why, sizeof(why)) == 0 &&
	      v == 100000000, "0.1s");
	CHECK(lb_parse_time_ns("250us", 1000, 0, 10000000, &v, why, sizeof(why)) == 0 &&
	      v == 250000, "250us");
	CHECK(lb_parse_time_ns("1us", 1000000, 1, 3600000, &v, why, sizeof(why)) == -1 &&
	      strstr(why, "ms") != NULL, "1us below 1 ms: %s", why);
	CHECK(lb_parse_time_ns("1.5ns", 1, 0, 100, &v, why, sizeof(why)) == -1, "1.5ns");
	CHECK(lb_parse_time_ns("5x", 1000000, 1, 3600000, &v, why, sizeof(why)) == -1 &&
	      strstr(why, "not a time") != NULL, "5x: %s", why);
}

static void lists(void)
{
	char why[256];
	uint64_t *v = NULL;
	unsigned n = 0;

	CHECK(lb_parse_u64_list("1,5,10", 0, 100, &v, &n, why, sizeof(why)) == 0 && n == 3 &&
	      v[0] == 1 && v[1] == 5 && v[2] == 10, "1,5,10");
	free(v);
	CHECK(lb_parse_u64_list("0-20:10,3", 0, 100, &v, &n, why, sizeof(why)) == 0 && n == 4 &&
	      v[0] == 0 && v[1] == 10 && v[2] == 20 && v[3] == 3, "0-20:10,3 (n=%u)", n);
	free(v);
	CHECK(lb_parse_u64_list("2-7:2", 0, 100, &v, &n, why, sizeof(why)) == 0 && n == 3 &&
	      v[2] == 6, "a step that does not land on hi");
	free(v);
	CHECK(lb_parse_u64_list("1,,2", 0, 100, &v, &n, why, sizeof(why)) == -1, "empty element");
	CHECK(lb_parse_u64_list("5-2", 0, 100, &v, &n, why, sizeof(why)) == -1, "backwards");
	CHECK(lb_parse_u64_list("3:2", 0, 100, &v, &n, why, sizeof(why)) == -1, "step without range");
	CHECK(lb_parse_u64_list("0-100000", 0, 1000000, &v, &n, why, sizeof(why)) == -1,
	      "too many values");
	CHECK(lb_parse_u64_list("1,", 0, 100, &v, &n, why, sizeof(why)) == -1, "trailing comma");
}

static void ratios(void)
{
	char why[256];
	struct lb_ratio *r = NULL;
	unsigned n = 0;

	CHECK(lb_parse_ratios("0:1,1:1,10:1", &r, &n, why, sizeof(why)) == 0 && n == 3 &&
	      r[0].r == 0 && r[0].w == 1 && r[2].r == 10 && r[2].w == 1, "0:1,1:1,10:1");
	free(r);
	CHECK(lb_parse_ratios("10000:1", &r, &n, why, sizeof(why)) == 0 && r[0].r == 10000,
	      "10000:1");
	free(r);
	CHECK(lb_parse_ratios("1:0", &r, &n, why, sizeof(why)) == 0 && r[0].w == 0, "reads only");
	free(r);
	CHECK(lb_parse_ratios("1:0:3", &r, &n, why, sizeof(why)) == -1, "three parts");
	CHECK(strstr(why, "expected R:W") != NULL, "why: %s", why);
	CHECK(lb_parse_ratios("a:b", &r, &n, why, sizeof(why)) == -1, "letters");
	CHECK(lb_parse_ratios("0:0", &r, &n, why, sizeof(why)) == -1, "0:0");
	CHECK(lb_parse_ratios("5", &r, &n, why, sizeof(why)) == -1, "no colon");
	CHECK(lb_parse_ratios("-1:2", &r, &n, why, sizeof(why)) == -1, "negative");
	CHECK(lb_parse_ratios("1:2,", &r, &n, why, sizeof(why)) == -1, "trailing comma");
}

static void threads(void)
{
	char why[256];
	struct lb_telem *e = NULL;
	unsigned ne = 0, *c = NULL, *g = NULL, n = 0;

	CHECK(lb_parse_threads("2,10", &e, &ne, why, sizeof(why)) == 0 && ne == 2, "2,10");
	CHECK(lb_threads_expand(e, ne, 4, &c, &g, &n, why, sizeof(why)) == 0 && n == 2 &&
	      c[0] == 2 && c[1] == 10, "expand 2,10");
	free(e);
	free(c);
	free(g);
	CHECK(lb_parse_threads("1-8,2-16:2,max,2x,3x", &e, &ne, why, sizeof(why)) == 0 && ne == 5,
	      "all element kinds");
	CHECK(e[2].kind == LB_T_MAX && e[3].kind == LB_T_X && e[3].mult == 2, "kinds");
	CHECK(lb_threads_expand(e, ne, 4, &c, &g, &n, why, sizeof(why)) == 0, "expand");
	/* 1..8, then 10 12 14 16 (2..8 already there), max=4 (dup), 2x=8 (dup), 3x=12 (dup) */
	CHECK(n == 12, "n=%u", n);
	CHECK(c[8] == 10 && g[8] == 1 && c[11] == 16, "range with step and its group");
	free(e);
	free(c);
	free(g);
	CHECK(lb_parse_threads("1x", &e, &ne, why, sizeof(why)) == 0, "1x");
	CHECK(lb_threads_expand(e, ne, 2, &c, &g, &n, why, sizeof(why)) == 0 && n == 1 && c[0] == 2,
	      "1x on 2 CPUs");
	free(e);
	free(c);
	free(g);
	CHECK(lb_parse_threads("0", &e, &ne, why, sizeof(why)) == -1, "0 threads");
	CHECK(lb_parse_threads("-1", &e, &ne, why, sizeof(why)) == -1, "negative");
	CHECK(lb_parse_threads("5-2", &e, &ne, why, sizeof(why)) == -1, "backwards");
	CHECK(lb_parse_threads("9000", &e, &ne, why, sizeof(why)) == -1, "too many");
	CHECK(lb_parse_threads("0x", &e, &ne, why, sizeof(why)) == -1, "0x");
	CHECK(lb_parse_threads("maxx", &e, &ne, why, sizeof(why)) == -1, "maxx");
	CHECK(lb_parse_threads("1-max", &e, &ne, why, sizeof(why)) == -1 &&
	      strstr(why, "max+N") != NULL, "1-max names the forms: %s", why);
	CHECK(lb_parse_threads("max+1,max-1", &e, &ne, why, sizeof(why)) == 0 && ne == 2 &&
	      e[0].kind == LB_T_MAX && e[0].off == 1 && e[1].off == -1, "max+1,max-1");
	CHECK(lb_threads_expand(e, ne, 4, &c, &g, &n, why, sizeof(why)) == 0 && n == 2 &&
	      c[0] == 5 && c[1] == 3, "max+1,max-1 on 4 CPUs");
	free(c);
	free(g);
	CHECK(lb_threads_expand(e, ne, 1, &c, &g, &n, why, sizeof(why)) == -1,
	      "max-1 on 1 CPU leaves none");
	free(e);
	CHECK(lb_parse_threads("max+0", &e, &ne, why, sizeof(why)) == -1, "max+0");
	CHECK(lb_parse_threads("max+", &e, &ne, why, sizeof(why)) == -1, "max+");
	CHECK(lb_parse_threads("64x", &e, &ne, why, sizeof(why)) == 0, "64x parses");
	CHECK(lb_threads_expand(e, ne, 4096, &c, &g, &n, why, sizeof(why)) == -1,
	      "64x of 4096 CPUs is too many threads");
	free(e);
}

int main(void)
{
	numbers();
	lists();
	ratios();
	threads();
	return check_done();
}

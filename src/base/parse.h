/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * parse.h - the value grammars of the command line
 *
 * Pure functions (unit-tested in tests/unit/test-parse.c). Each returns 0
 * on success, or -1 with a short reason written into @why, which the
 * caller turns into "lockbench: --opt=VALUE: reason".
 */
#ifndef LB_SRC_PARSE_H
#define LB_SRC_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "base/limits.h"

struct lb_ratio {
	uint32_t r, w;		/* reads per w writes; not both 0 */
};

enum lb_tkind {
	LB_T_NUM = 0,		/* lo[-hi[:step]] */
	LB_T_MAX = 1,		/* max, max+N, max-N: CPUs in the placement (+ .off) */
	LB_T_X = 2,		/* Nx: N times the CPUs in the placement */
};

/* One comma element of --threads, as given (a range forms one aim7 row). */
struct lb_telem {
	enum lb_tkind kind;
	unsigned lo, hi, step;	/* NUM */
	unsigned mult;		/* X */
	int off;		/* MAX: CPUs more (or fewer) than the placement's */
	char text[32];		/* the element as written */
};

#define LB_MAX_LIST 1024u	/* entries in one expanded list */

int lb_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out, char *why, size_t len);
/*
 * lb_parse_seconds() - lb_parse_double() with an optional unit: 500ms,
 * 20us, 1s, 2m, 1h (no unit: seconds)
 */
int lb_parse_seconds(const char *s, double min, double max, double *out, char *why, size_t len);
/**
 * lb_parse_time_ns() - a time in nanoseconds: a whole count of @unit_ns
 * (the option's unit: 1000 for us, 1000000 for ms) or a number with a unit
 * of its own (500us, 0.1s); bounds @min..@max in the option's unit
 */
int lb_parse_time_ns(const char *s, uint64_t unit_ns, uint64_t min, uint64_t max, uint64_t *ns,
		     char *why, size_t len);
/* lb_edit_distance() - Levenshtein distance, for "did you mean" (1000: @b too long) */
unsigned lb_edit_distance(const char *a, const char *b);
int lb_parse_double(const char *s, double min, double max, double *out, char *why, size_t len);
/**
 * lb_parse_u64_list() - "1,5,10", "0-100:10": an expanded list of integers
 * @s: text; @min, @max: bounds of each value
 * @out, @n: malloc'ed array and its length
 */
int lb_parse_u64_list(const char *s, uint64_t min, uint64_t max, uint64_t **out, unsigned *n,
		      char *why, size_t len);
/* lb_parse_ratios() - "0:1,1:1,10:1" */
int lb_parse_ratios(const char *s, struct lb_ratio **out, unsigned *n, char *why, size_t len);
/* lb_parse_threads() - "2,10", "1-8", "2-16:2", "max", "max+1", "2x" into elements */
int lb_parse_threads(const char *s, struct lb_telem **out, unsigned *n, char *why, size_t len);
/**
 * lb_threads_expand() - thread counts of the elements for a placement of @ncpus CPUs
 * @counts, @group: malloc'ed arrays: each count and the index of its element
 *
 * Duplicates are kept only once (the first occurrence wins).
 */
int lb_threads_expand(const struct lb_telem *e, unsigned ne, unsigned ncpus, unsigned **counts,
		      unsigned **group, unsigned *n, char *why, size_t len);
/* lb_ratio_str() - "10:1" */
char *lb_ratio_str(const struct lb_ratio *r, char *buf, size_t len);

#endif /* LB_SRC_PARSE_H */

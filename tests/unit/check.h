/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check.h - a tiny assertion kit for the unit tests
 *
 * CHECK(cond, ...) records a failure with a message and goes on; the test's
 * main() ends with `return check_done();`, which prints one summary line
 * and gives Automake's exit status (0 pass, 1 fail).
 */
#ifndef LB_TESTS_CHECK_H
#define LB_TESTS_CHECK_H

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static int check_total, check_failed;

#define CHECK(cond, ...)							\
	do {									\
		check_total++;							\
		if (!(cond)) {							\
			check_failed++;						\
			fprintf(stderr, "%s:%d: FAIL: %s: ", __FILE__, __LINE__, #cond); \
			fprintf(stderr, __VA_ARGS__);				\
			fputc('\n', stderr);					\
		}								\
	} while (0)

#define CHECK_STR(a, b)								\
	CHECK(strcmp((a), (b)) == 0, "got \"%s\", want \"%s\"", (a), (b))

/* squeeze() - collapse runs of white space to one space and trim the ends (golden files) */
static inline void squeeze(const char *in, char *out, size_t len)
{
	size_t o = 0;
	bool space = false;

	while (*in && isspace((unsigned char)*in))
		in++;
	for (; *in && o + 1 < len; in++) {
		if (isspace((unsigned char)*in)) {
			space = true;
			continue;
		}
		if (space)
			out[o++] = ' ';
		space = false;
		out[o++] = *in;
	}
	out[o] = '\0';
}

static inline int check_done(void)
{
	printf("%d checks, %d failed\n", check_total, check_failed);
	return check_failed ? 1 : 0;
}

#endif /* LB_TESTS_CHECK_H */

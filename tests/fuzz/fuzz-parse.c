// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz-parse.c - the value grammars of src/base/parse.c: numbers, lists,
 * ratios, thread lists and their expansion, each on the same text, and
 * what a success promises (values within their bounds, lists no longer
 * than LB_MAX_LIST)
 */
#include "config.h"

#include <string.h>

#include "base/parse.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char s[4096], why[256];
	uint64_t v, *list = NULL;
	struct lb_ratio *ratios = NULL;
	struct lb_telem *te = NULL;
	unsigned n = 0, nt = 0, ncpus;
	double d;

	if (size >= sizeof(s))
		return 0;
	/* the first byte, when there is one, is the CPU count of the expansion */
	ncpus = size ? data[0] % 64 + 1 : 2;
	memcpy(s, data, size);
	s[size] = '\0';

	if (lb_parse_u64(s, 1, 1000000, &v, why, sizeof(why)) == 0)
		FUZZ_ASSERT(v >= 1 && v <= 1000000);
	if (lb_parse_u64(s, 0, UINT64_MAX, &v, why, sizeof(why)) == 0)
		FUZZ_ASSERT(s[0] >= '0' && s[0] <= '9');
	if (lb_parse_double(s, 0.001, 86400, &d, why, sizeof(why)) == 0)
		FUZZ_ASSERT(d >= 0.001 && d <= 86400);
	if (lb_parse_u64_list(s, 0, 1000, &list, &n, why, sizeof(why)) == 0) {
		FUZZ_ASSERT(n >= 1 && n <= LB_MAX_LIST);
		for (unsigned i = 0; i < n; i++)
			FUZZ_ASSERT(list[i] <= 1000);
		free(list);
	}
	if (lb_parse_ratios(s, &ratios, &n, why, sizeof(why)) == 0) {
		char buf[64];

		FUZZ_ASSERT(n >= 1 && n <= LB_MAX_LIST);
		for (unsigned i = 0; i < n; i++) {
			FUZZ_ASSERT(ratios[i].r || ratios[i].w);
			lb_ratio_str(&ratios[i], buf, sizeof(buf));
		}
		free(ratios);
	}
	if (lb_parse_threads(s, &te, &nt, why, sizeof(why)) == 0) {
		unsigned *counts = NULL, *group = NULL;

		FUZZ_ASSERT(nt >= 1);
		if (lb_threads_expand(te, nt, ncpus, &counts, &group, &n, why, sizeof(why)) == 0) {
			FUZZ_ASSERT(n >= 1 && n <= LB_MAX_LIST);
			for (unsigned i = 0; i < n; i++)
				FUZZ_ASSERT(counts[i] >= 1 && counts[i] <= LB_MAX_THREADS &&
					    group[i] < nt);
			free(counts);
			free(group);
		}
		free(te);
	}
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/* maps.c - what memory a process has of its own (maps.h) */
#include "config.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/maps.h"

#define HUGE_MAPPING (64ull << 30)	/* a sanitizer's shadow, not a lock's memory */

struct range {
	uintptr_t lo, hi;
};

/* The private writable mappings, from /proc/self/maps; -1 when it cannot be read. */
static int private_ranges(struct range **out, size_t *n)
{
	FILE *f = fopen("/proc/self/maps", "r");
	struct range *r = NULL;
	size_t cap = 0;
	char line[512];

	*n = 0;
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		uintptr_t lo, hi;
		char perms[8];

		if (sscanf(line, "%" SCNxPTR "-%" SCNxPTR " %7s", &lo, &hi, perms) != 3)
			continue;
		if (!strchr(line, '\n'))	/* a long name: skip the rest of the line */
			while (fgets(line, sizeof(line), f) && !strchr(line, '\n'))
				;
		if (perms[1] != 'w' || perms[3] != 'p' || hi - lo > HUGE_MAPPING)
			continue;
		if (*n == cap) {
			struct range *g = realloc(r, (cap = cap ? 2 * cap : 64) * sizeof(*g));

			if (!g) {
				free(r);
				fclose(f);
				return -1;
			}
			r = g;
		}
		r[(*n)++] = (struct range){ lo, hi };
	}
	fclose(f);
	*out = r;
	return 0;
}

long lb_private_pointer(const void *p, size_t len)
{
	const unsigned char *base = p;
	struct range *r;
	size_t n;
	long at = -1;

	if (private_ranges(&r, &n))
		return -2;
	for (size_t off = (uintptr_t)base % sizeof(uintptr_t) ?
			  sizeof(uintptr_t) - (uintptr_t)base % sizeof(uintptr_t) : 0;
	     at < 0 && off + sizeof(uintptr_t) <= len; off += sizeof(uintptr_t)) {
		uintptr_t v;

		memcpy(&v, base + off, sizeof(v));
		for (size_t i = 0; i < n; i++)
			if (v >= r[i].lo && v < r[i].hi) {
				at = (long)off;
				break;
			}
	}
	free(r);
	return at;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-counters.c - every event counter has one meaning, written once
 *
 * The man page's COUNTERS section defines each counter name a lock may
 * report: a name means the same in every lock (lockbench(1)). Here, over
 * every built-in lock of the registry:
 *   - each counter name has exactly one entry in COUNTERS, and each entry
 *     is a name some lock reports (no stale definitions);
 *   - a maximum is named longest-* and is marked in counters_max, in
 *     every lock that has it, and nothing else is marked: the harness
 *     totals a marked counter as the largest thread's, the rest as sums;
 *   - no lock declares a name twice.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "locks/registry.h"

#define MAXNAMES 256

static char names[MAXNAMES][64];
static unsigned nnames, uses[MAXNAMES];

/* The names of the COUNTERS section: ".TP" then ".B name", roff's \- undone. */
static void read_section(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[512];
	bool in = false, tp = false;

	CHECK(f != NULL, "cannot read %s", path);
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, ".SH ", 4)) {
			in = !strcmp(line, ".SH COUNTERS");
			continue;
		}
		if (!in)
			continue;
		if (tp && !strncmp(line, ".B ", 3) && nnames < MAXNAMES) {
			char *o = names[nnames];

			for (const char *p = line + 3; *p && o < names[nnames] + 63; p++)
				if (*p != '\\')
					*o++ = *p;
			*o = '\0';
			for (unsigned i = 0; i < nnames; i++)
				CHECK(strcmp(names[i], names[nnames]) != 0,
				      "COUNTERS defines %s twice", names[nnames]);
			nnames++;
		}
		tp = !strcmp(line, ".TP");
	}
	fclose(f);
	CHECK(nnames > 10, "COUNTERS has %u entries", nnames);
}

static int find(const char *name)
{
	for (unsigned i = 0; i < nnames; i++)
		if (!strcmp(names[i], name))
			return (int)i;
	return -1;
}

int main(void)
{
	const char *srcdir = getenv("srcdir");
	char path[1024];
	unsigned nlocks = 0;

	snprintf(path, sizeof(path), "%s/man/lockbench.1.in", srcdir ? srcdir : ".");
	read_section(path);
	for (unsigned i = 0; i < lb_lock_count(); i++) {
		const struct lb_lock_ops *o = lb_lock_at(i);

		if (!o->counters || o->unavailable)
			continue;
		nlocks++;
		for (unsigned k = 0; o->counters[k]; k++) {
			const char *n = o->counters[k];
			bool is_max = (o->counters_max >> k) & 1;
			int at = find(n);

			CHECK(at >= 0, "%s: counter %s has no entry in the man page's COUNTERS", o->name,
			      n);
			if (at >= 0)
				uses[at]++;
			CHECK(is_max == !strncmp(n, "longest-", 8), "%s: counter %s is %s counters_max",
			      o->name, n, is_max ? "in" : "not in");
			for (unsigned j = 0; j < k; j++)
				CHECK(strcmp(o->counters[j], n) != 0, "%s: counter %s twice", o->name, n);
		}
	}
	for (unsigned i = 0; i < nnames; i++)
		CHECK(uses[i] > 0, "COUNTERS defines %s, which no lock reports", names[i]);
	printf("%u locks, %u counter names, each defined once\n", nlocks, nnames);
	return check_done();
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * synthetic.c - the size of an hwloc synthetic description, counted as
 * hwloc's parser reads it, before hwloc is handed one (an arity in hex or
 * octal, a level that starts right after a number, type names, indexes
 * in its attributes): a description that would make millions of objects
 * is refused in a line instead of taking minutes and gigabytes
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/limits.h"
#include "base/log.h"
#include "machine/topology.h"

#define WHY(...) lb_why(why, len, __VA_ARGS__)

/*
 * The number at @p, read as hwloc reads it (strtoul(), base 0: decimal,
 * 0x hex, 0 octal), into *@a; where it ends. It stops growing past 2^40,
 * above every limit it is held to (1000000 once passed for an index of
 * 10^40).
 */
static const char *read_arity(const char *p, unsigned long long *a)
{
	unsigned base = 10;

	*a = 0;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && isxdigit((unsigned char)p[2])) {
		base = 16;
		p += 2;
	} else if (p[0] == '0') {
		base = 8;
	}
	for (;; p++) {
		int d = isdigit((unsigned char)*p) ? *p - '0' :
			isxdigit((unsigned char)*p) ? tolower((unsigned char)*p) - 'a' + 10 : 99;

		if (d >= (int)base)
			return p;
		if (*a < (1ull << 40))	/* above every limit it is held to; never wraps */
			*a = *a * base + (unsigned)d;
	}
}

/* Past the group at @p that opens with @open ('(' or '['), nested groups in it; NULL if unclosed. */
static const char *skip_group(const char *p, char open)
{
	char close = open == '(' ? ')' : ']';
	int depth = 0;

	for (; *p; p++) {
		depth += *p == open ? 1 : *p == close ? -1 : 0;
		if (!depth)
			return p + 1;
	}
	return NULL;
}

/*
 * The indexes=LIST attribute in the parentheses [@p, @end): hwloc makes a
 * bitmap as large as its largest index (one of 10^100 took gigabytes, found
 * by fuzz-topology); an index over LB_TOPO_MAX_INDEX is refused, as a CPU
 * list's is. Return: where such an index starts, or NULL.
 */
#define LB_TOPO_MAX_INDEX 1048575ull

static const char *bad_index(const char *p, const char *end)
{
	for (; p < end; p++) {
		if (strncmp(p, "indexes=", 8) != 0)
			continue;
		for (p += 8; p < end && *p != ' ' && *p != ')'; p++) {
			unsigned long long v;
			const char *q;

			if (!isdigit((unsigned char)*p))
				continue;
			q = read_arity(p, &v);
			if (v > LB_TOPO_MAX_INDEX)
				return p;
			p = q - 1;
		}
	}
	return NULL;
}

/*
 * The levels of a synthetic description, as hwloc's parser finds them: a
 * type name (a word: its digits are not an arity, "l3"), then the arity,
 * which need not be followed by a space ("pack:0x10pu:6" is two levels);
 * attributes in parentheses and memory children in brackets are not
 * levels. Every arity counts, so a description that hwloc would read as
 * more is never counted as less.
 */
int lb_topo_synthetic_size(const char *desc, unsigned long long *pus,
			   unsigned long long *objects, const char **at, int *at_len)
{
	const char *p = desc, *level = desc;

	*pus = *objects = 1;
	while (*p) {
		unsigned long long a;
		const char *end;

		if (*p == '(' || *p == '[') {
			const char *bad;

			end = skip_group(p, *p);
			if (!end) {	/* unbalanced: fail closed, hwloc may read it otherwise */
				if (at) {
					*at = p;
					*at_len = (int)strlen(p);
				}
				return -2;
			}
			bad = *p == '(' ? bad_index(p, end) : NULL;
			if (bad) {
				if (at) {
					*at = bad;
					*at_len = (int)strspn(bad, "0123456789xXabcdefABCDEF");
				}
				return -3;
			}
			p = end;
			continue;
		}
		if (isalpha((unsigned char)*p)) {	/* a type name: the start of a level */
			level = p;
			while (isalnum((unsigned char)*p) || *p == '_')
				p++;
			continue;
		}
		if (!isdigit((unsigned char)*p)) {
			if (*p == ' ' || *p == '\t' || *p == '\n')
				level = p + 1;
			p++;
			continue;
		}
		end = read_arity(p, &a);
		p = end;
		if (!a)
			continue;	/* hwloc judges it */
		*pus *= a;	/* both stay under 2^18 * 2^18 before the checks below */
		*objects += *pus;
		if (*pus > LB_MAX_TOPOLOGY_PUS || *objects > LB_MAX_TOPOLOGY_OBJECTS) {
			if (at) {
				*at = level;
				*at_len = (int)(end - level);
			}
			return -1;
		}
		level = p;
	}
	return 0;
}

int lb_topo_synthetic_check(const char *desc, char *why, size_t len)
{
	unsigned long long pus, objects;
	const char *at;
	int at_len;

	int rc = lb_topo_synthetic_size(desc, &pus, &objects, &at, &at_len);

	if (!rc)
		return 0;
	if (rc == -2)
		return WHY("a '%c' without its '%c' in \"%.*s\"", *at, *at == '(' ? ')' : ']', at_len,
			   at);
	if (rc == -3)
		return WHY("index %.*s%s over %llu in the attributes", at_len > 24 ? 24 : at_len, at,
			   at_len > 24 ? "..." : "", LB_TOPO_MAX_INDEX);
	if (pus > LB_MAX_TOPOLOGY_PUS)
		return WHY("over %llu PUs at the level \"%.*s\" (the limit for a planned machine)",
			   LB_MAX_TOPOLOGY_PUS, at_len, at);
	return WHY("over %llu objects at the level \"%.*s\" (the limit for a planned machine)",
		   LB_MAX_TOPOLOGY_OBJECTS, at_len, at);
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * select.c - what the option parser (options.c), the lock instances
 * (instance.c) and the rules (rules.c) share: the lock selection, a lock
 * option's value, the one-line usage error, the list of formats. It calls
 * none of them, so the three call it and never each other in a circle.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "base/log.h"
#include "base/parse.h"
#include "cli/table.h"
#include "output/output.h"

LB_NORETURN void lb_cli_bad_value(const char *opt, const char *val, const char *why)
{
	lb_die(LB_EXIT_USAGE, "--%s=%s: %s", opt, val, why);
}

void lb_cli_add_lock(struct lb_config *c, const struct lb_lock_ops *o, bool explicit_name)
{
	for (unsigned i = 0; i < c->nlocks; i++) {
		if (c->locks[i] != o)
			continue;
		/* a family repeated, or one that holds a lock named too, adds nothing: no word */
		if (explicit_name)
			lb_warn("--lock: '%s' is selected twice; it runs once", o->name);
		return;
	}
	if (o->unavailable && !explicit_name)
		return;	/* a family skips what this build lacks; --list-locks says why */
	if (c->nlocks == LB_MAX_LOCKS)
		lb_die(LB_EXIT_USAGE, "--lock: more than %d locks", LB_MAX_LOCKS);
	c->locks[c->nlocks++] = o;
}

int lb_cli_lockopt_value(const struct lb_lock_option *op, const char *val, uint64_t *v, char *why,
			 size_t len)
{
	char list[256];
	size_t l = 0;

	if (op->type == LB_LOCK_OPT_U64)
		return lb_parse_u64(val, op->min, op->max, v, why, len) ? -1 : 0;
	for (*v = 0; op->values[*v]; (*v)++)
		if (strcmp(op->values[*v], val) == 0)
			return 0;
	list[0] = '\0';
	for (unsigned k = 0; op->values[k] && l < sizeof(list); k++)
		l += (size_t)snprintf(list + l, sizeof(list) - l, "%s%s", k ? ", " : "", op->values[k]);
	snprintf(why, len, "expected one of: %s", list);
	return -1;
}

void lb_cli_format_list(char *buf, size_t len)
{
	size_t l = 0;

	buf[0] = '\0';
	for (unsigned i = 0; lb_formats[i].name && l < len; i++)
		l += (size_t)snprintf(buf + l, len - l, "%s%s", i ? ", " : "", lb_formats[i].name);
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * select.c - what the option parser (options.c), the lock instances
 * (instance.c) and the rules (rules.c) share: a row's value taken the way
 * its type says (argv's, a default's), the lock selection, a lock
 * option's value, the one-line usage error, the list of formats. It calls
 * none of them, so the three call it and never each other in a circle.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
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
		if (explicit_name && c->lock_named[i])
			lb_warn("--lock: '%s' is selected twice; it runs once", o->name);
		c->lock_named[i] |= explicit_name;
		return;
	}
	if (o->unavailable && !explicit_name)
		return;	/* a family skips what this build lacks; --list-locks says why */
	if (c->nlocks == LB_MAX_LOCKS)
		lb_die(LB_EXIT_USAGE, "--lock: more than %d locks", LB_MAX_LOCKS);
	c->lock_named[c->nlocks] = explicit_name;
	c->locks[c->nlocks++] = o;
}

/* @val's index among the NULL-terminated @names; else -1, "@what: a, b, c" in @why */
static int name_index(const char *const *names, const char *val, const char *what, char *why,
		      size_t len)
{
	size_t l;

	for (int i = 0; names[i]; i++)
		if (strcmp(names[i], val) == 0)
			return i;
	l = (size_t)snprintf(why, len, "%s", what);
	for (unsigned k = 0; names[k] && l < len; k++)
		l += (size_t)snprintf(why + l, len - l, "%s%s", k ? ", " : "", names[k]);
	return -1;
}

int lb_cli_lockopt_value(const struct lb_lock_option *op, const char *val, uint64_t *v, char *why,
			 size_t len)
{
	int i;

	if (op->type == LB_LOCK_OPT_U64)
		return lb_parse_u64(val, op->min, op->max, v, why, len) ? -1 : 0;
	i = name_index(op->values, val, "expected one of: ", why, len);
	if (i < 0)
		return -1;
	*v = (uint64_t)i;
	return 0;
}

void lb_cli_format_list(char *buf, size_t len)
{
	size_t l = 0;

	buf[0] = '\0';
	for (unsigned i = 0; lb_formats[i].name && l < len; i++)
		l += (size_t)snprintf(buf + l, len - l, "%s%s", i ? ", " : "", lb_formats[i].name);
}

/* An integer into a field of 4 or 8 bytes (unsigned, uint32_t, int, uint64_t). */
static void store_uint(void *p, size_t size, uint64_t v)
{
	if (size == sizeof(uint64_t)) {
		memcpy(p, &v, sizeof(v));
	} else {
		uint32_t v32 = (uint32_t)v;

		memcpy(p, &v32, sizeof(v32));
	}
}

void lb_cli_take_value(struct lb_cli *st, const struct lb_optdef *d, const char *val)
{
	char *p = (char *)st->c + d->off, why[256], what[128];
	unsigned *n = (unsigned *)((char *)st->c + d->noff);
	uint64_t v;
	int i, rc = 0;

	switch (d->type) {
	case LB_OPT_FLAG:
		*(bool *)p = true;
		return;
	case LB_OPT_U64:
		if (d->scale > 1)	/* a time: the field counts ns */
			rc = lb_parse_time_ns(val, d->scale, d->min, d->max, &v, why, sizeof(why));
		else
			rc = lb_parse_u64(val, d->min, d->max, &v, why, sizeof(why));
		if (!rc)
			store_uint(p, d->size, v);
		break;
	case LB_OPT_DOUBLE:
		rc = lb_parse_seconds(val, d->dmin, d->dmax, (double *)p, why, sizeof(why));
		break;
	case LB_OPT_U64_LIST:
		free(*(uint64_t **)p);
		*(uint64_t **)p = NULL;
		rc = lb_parse_u64_list(val, d->min, d->max, (uint64_t **)p, n, why, sizeof(why));
		break;
	case LB_OPT_RATIOS:
		free(*(struct lb_ratio **)p);
		*(struct lb_ratio **)p = NULL;
		rc = lb_parse_ratios(val, (struct lb_ratio **)p, n, why, sizeof(why));
		break;
	case LB_OPT_THREADS:
		free(*(struct lb_telem **)p);
		*(struct lb_telem **)p = NULL;
		rc = lb_parse_threads(val, (struct lb_telem **)p, n, why, sizeof(why));
		break;
	case LB_OPT_ENUM:
		snprintf(what, sizeof(what), "%s; valid: ", d->why);
		i = name_index(d->values, val, what, why, sizeof(why));
		if (i < 0)
			lb_cli_bad_value(d->name, val, why);
		memcpy(p, &i, sizeof(i));
		break;
	case LB_OPT_STRING:
		if (!*val)
			lb_cli_bad_value(d->name, val, d->why);
		*(const char **)p = val;
		break;
	case LB_OPT_CALL:
		d->call(st, d, val);
		break;
	}
	if (rc)
		lb_cli_bad_value(d->name, val, why);
}

void lb_cli_take_default(struct lb_cli *st, enum lb_opt_id id, enum lb_default_id def)
{
	lb_cli_take_value(st, &lb_opts[id], lb_default(def));
}

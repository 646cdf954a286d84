// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * instance.c - the locks the command line adds to the registry
 *
 * --lock-plugin=PATH.so (repeatable): loaded before anything else is read,
 * so that a plugin's locks are known to --lock, to --list-locks and to the
 * generated --<lock>-<option> options wherever they stand in argv.
 *
 * A lock instance, --lock=NAME:OPT=V[:OPT=V...]: one lock with option values
 * of its own, so that two settings of a lock run side by side (aqticket's
 * threshold 2 and 8, as before and after of -f compare). It is a copy of
 * the lock's ops under its own name (the lock's, then each option given, in
 * order: "aqticket:threshold=2"), in the registry's dynamic part, so that
 * every format, --baseline and the plan see it as a lock of its own with
 * its own row of option values (struct lb_config.lockopt). An option the
 * instance does not give is the lock's --<lock>-<option>, or its default:
 * those are read from the whole of argv first, then the instance's own
 * values are laid over them (lb_cli_instances_resolve()).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "cli/table.h"
#include "locks/registry.h"
#include "tree/tree.h"

struct instance {
	const struct lb_lock_ops *ops, *base;
	uint64_t given;				/* bit k: option k is the instance's own */
	uint64_t val[64];
};

static struct instance *insts;
static unsigned ninsts;

/*
 * Is @arg a prefix of @full long enough to be it (getopt_long's
 * abbreviations: at least @min characters)? Its value, or NULL.
 */
static const char *early_arg(char **argv, int *i, const char *full, size_t min)
{
	const char *a = argv[*i];
	size_t n = strcspn(a, "=");

	if (n < min || n > strlen(full) || strncmp(a, full, n) != 0)
		return NULL;
	if (a[n] == '=')
		return a + n + 1;
	return argv[*i + 1] ? argv[++*i] : NULL;
}

/*
 * --kernel-config, then --kernel-tree (each tree is built with every
 * --kernel-config of the command line, wherever it stands), then
 * --lock-plugin, in the order given.
 */
void lb_cli_load_plugins(int argc, char **argv)
{
	char why[512];

	for (int pass = 0; pass < 3; pass++)
		for (int i = 1; i < argc; i++) {
			const char *v;

			if (strcmp(argv[i], "--") == 0)
				break;
			if (pass == 0 && (v = early_arg(argv, &i, "--kernel-config", 10))) {
				if (lb_tree_config(v, why, sizeof(why)))
					lb_die(LB_EXIT_USAGE, "--kernel-config=%s: %s", v, why);
			} else if (pass == 1 && (v = early_arg(argv, &i, "--kernel-tree", 10))) {
				if (!*v)
					lb_die(LB_EXIT_USAGE, "--kernel-tree=: empty path");
				lb_tree_add(v);
			} else if (pass == 2 && (v = early_arg(argv, &i, "--lock-plugin", 8))) {
				if (!*v)
					lb_die(LB_EXIT_USAGE, "--lock-plugin=: empty path");
				if (lb_plugin_load(v, why, sizeof(why)))
					lb_die(LB_EXIT_USAGE, "--lock-plugin=%s: %s", v, why);
			}
		}
}

void lb_cli_unknown_lock(const char *val, const char *el)
{
	const char *near = lb_lock_nearest(el);

	/* the nearest name, not all of them: --list-locks has the list */
	lb_die(LB_EXIT_USAGE, "--lock=%s: unknown lock '%s'%s%s%s; lockbench --list-locks lists "
	       "the locks; families: spin sleep rw numa kernel peer all", val, el,
	       near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : "");
}

LB_NORETURN static void bad_instance(const char *val, const char *el, const char *why)
{
	lb_die(LB_EXIT_USAGE, "--lock=%s: lock instance '%s': %s", val, el, why);
}

/* @name's index among @o's options, or -1 (with @o's options listed in @why) */
static int option_index(const struct lb_lock_ops *o, const char *name, char *why, size_t len)
{
	size_t l;
	int k;

	for (k = 0; o->options && o->options[k].name; k++)
		if (strcmp(o->options[k].name, name) == 0)
			return k;
	l = (size_t)snprintf(why, len, "lock '%s' has no option '%s' (", o->name, name);
	if (!k)
		snprintf(why + l, len - l, "it has none)");
	for (int j = 0; j < k && l < len; j++)
		l += (size_t)snprintf(why + l, len - l, "%s%s", j ? ", " : "its options: ",
				      o->options[j].name);
	if (k && l < len)
		snprintf(why + l, len - l, ")");
	return -1;
}

/* The base lock of instance @el (NAME before the first ':'), or exit 2/5. */
static const struct lb_lock_ops *instance_base(const char *val, const char *el, char *name)
{
	const struct lb_lock_ops *o;
	char why[256];

	if (lb_lock_is_family(name))
		bad_instance(val, el, "a family takes no options; name one lock");
	o = lb_lock_find(name);
	if (!o || lb_lock_instance_of(o)) {
		const char *near = lb_lock_nearest(name);

		snprintf(why, sizeof(why), "unknown lock '%s'%s%s%s", name,
			 near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : "");
		bad_instance(val, el, why);
	}
	if (o->unavailable)
		lb_die(LB_EXIT_UNAVAIL, "--lock=%s: lock '%s' is not available in this build: %s",
		       val, name, o->unavailable);
	return o;
}

/* Make room for the registry's new entries in the per-lock option values. */
static void grow_lockopt(struct lb_config *c, unsigned from, const struct lb_lock_ops *base)
{
	unsigned n = lb_lock_count(), nopt = 0;
	uint64_t **grown = realloc(c->lockopt, n * sizeof(*grown));

	if (!grown)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	c->lockopt = grown;
	while (base->options && base->options[nopt].name)
		nopt++;
	for (unsigned i = from; i < n; i++) {
		c->lockopt[i] = calloc(nopt + 1, sizeof(uint64_t));
		if (!c->lockopt[i])
			lb_die(LB_EXIT_RUNTIME, "out of memory");
	}
}

const struct lb_lock_ops *lb_cli_instance(struct lb_config *c, const char *val, const char *el)
{
	char *copy = strdup(el), *opt, *cursor, name[256], why[512];
	struct instance in = { 0 };
	struct lb_lock_ops *ops;
	struct instance *grown;
	const struct lb_lock_ops *o;
	size_t l;

	o = lb_lock_find(el);
	if (!o && !strchr(el, '=') && lb_tree_lock_id(strchr(el, ':') + 1))
		lb_die(LB_EXIT_USAGE, "--lock=%s: '%s': no kernel tree is named '%.*s' (give "
		       "--kernel-tree=%.*s=PATH)", val, el, (int)strcspn(el, ":"), el,
		       (int)strcspn(el, ":"), el);
	if (o && lb_tree_of(o)) {	/* a kernel tree's lock, NAME:lock */
		if (!o->unavailable)
			return o;
		lb_tree_skip(o);	/* it did not build: say why, the others run, exit 5 */
		free(copy);
		return NULL;
	}
	if (!copy)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	cursor = strchr(copy, ':');
	*cursor++ = '\0';
	in.base = instance_base(val, el, copy);
	l = (size_t)snprintf(name, sizeof(name), "%s", in.base->name);
	while ((opt = cursor)) {
		char *eq, *colon = strchr(opt, ':');
		uint64_t v;
		int k;

		cursor = colon ? colon + 1 : NULL;
		if (colon)
			*colon = '\0';
		eq = strchr(opt, '=');
		if (!*opt || !eq || eq == opt || !eq[1])
			bad_instance(val, el, "expected NAME:OPTION=VALUE[:OPTION=VALUE...]");
		*eq = '\0';
		k = option_index(in.base, opt, why, sizeof(why));
		if (k < 0)
			bad_instance(val, el, why);
		if (k >= 64 || (in.given >> k & 1)) {
			snprintf(why, sizeof(why), "option '%s' given twice", opt);
			bad_instance(val, el, why);
		}
		if (lb_cli_lockopt_value(&in.base->options[k], eq + 1, &v, why, sizeof(why))) {
			char msg[700];

			snprintf(msg, sizeof(msg), "%s=%s: %s", opt, eq + 1, why);
			bad_instance(val, el, msg);
		}
		in.given |= 1ull << k;
		in.val[k] = v;
		if (in.base->options[k].type == LB_LOCK_OPT_ENUM)
			l += (size_t)snprintf(name + l, sizeof(name) - l, ":%s=%s", opt,
					      in.base->options[k].values[v]);
		else
			l += (size_t)snprintf(name + l, sizeof(name) - l, ":%s=%llu", opt,
					      (unsigned long long)v);
		if (l >= sizeof(name))
			bad_instance(val, el, "too long");
	}
	free(copy);
	o = lb_lock_find(name);
	if (o)
		return o;	/* the same instance, named again */
	ops = malloc(sizeof(*ops));
	if (!ops || !(in.ops = ops))
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	*ops = *in.base;
	ops->name = strdup(name);
	grown = realloc(insts, (ninsts + 1) * sizeof(*insts));
	if (!ops->name || !grown || lb_lock_add(ops, NULL, in.base, stderr))
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	insts = grown;
	insts[ninsts++] = in;
	grow_lockopt(c, lb_lock_count() - 1, in.base);
	return ops;
}

void lb_cli_instances_resolve(struct lb_config *c)
{
	for (unsigned i = 0; i < ninsts; i++) {
		const struct instance *in = &insts[i];
		uint64_t *dst = c->lockopt[lb_lock_index(in->ops)];
		const uint64_t *src = c->lockopt[lb_lock_index(in->base)];

		for (unsigned k = 0; in->base->options && in->base->options[k].name; k++)
			dst[k] = (in->given >> k & 1) ? in->val[k] : src[k];
	}
}

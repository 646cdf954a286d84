// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * load.c - a tree's shared object into the registry: NAME:qspinlock, ...
 *
 * The object was built at run time by this lockbench from its own headers
 * (build.c keys the cache by this binary), so it registers full internal
 * struct lb_lock_ops, with their inlined measured loop (.loop), through
 * the registry's dynamic part and its contract check, as a plugin's locks
 * are (locks/plugin.c), rather than through the plugin ABI, which has no
 * loop. Each glue file exports lb_tree_lock_<id> and
 * lb_tree_prepare_<id>() (kshim/glue/glue.h); the copy registered here is
 * renamed NAME:<lock> and says what it follows: the tree's version, the
 * file, the path, the configuration.
 */
#include "config.h"

#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/log.h"
#include "locks/registry.h"
#include "tree/build.h"
#include "tree/tree.h"

static const struct {
	const char *id, *sym, *file;
} tlocks[LB_TREE_NLOCKS] = {
	{ "qspinlock", "qspinlock", "kernel/locking/qspinlock.c" },
	{ "qrwlock", "qrwlock", "kernel/locking/qrwlock.c" },
	{ "osq", "osq", "kernel/locking/osq_lock.c" },
	{ "mutex", "mutex", "kernel/locking/mutex.c" },
	{ "rwsem", "rwsem", "kernel/locking/rwsem.c" },
	{ "percpu-rwsem", "percpu_rwsem", "kernel/locking/percpu-rwsem.c and kernel/rcu/sync.c" },
};

static struct lb_tree **trees;
static unsigned ntrees;
static int exit_code;

unsigned lb_tree_count(void)
{
	return ntrees;
}

const struct lb_tree *lb_tree_at(unsigned i)
{
	return i < ntrees ? trees[i] : NULL;
}

const struct lb_tree *lb_tree_of(const struct lb_lock_ops *ops)
{
	const struct lb_lock_ops *base = lb_lock_instance_of(ops);

	if (base)
		ops = base;
	for (unsigned i = 0; i < ntrees; i++)
		for (unsigned l = 0; l < LB_TREE_NLOCKS; l++)
			if (trees[i]->ops[l] == ops)
				return trees[i];
	return NULL;
}

bool lb_tree_lock_id(const char *id)
{
	for (unsigned l = 0; l < LB_TREE_NLOCKS; l++)
		if (!strcmp(tlocks[l].id, id))
			return true;
	return false;
}

const char *lb_tree_lock_name(unsigned l)
{
	return l < LB_TREE_NLOCKS ? tlocks[l].id : NULL;
}

void lb_tree_skip(const struct lb_lock_ops *ops)
{
	lb_err("%s: not built: %s", ops->name, ops->unavailable);
	exit_code = LB_EXIT_UNAVAIL;
}

int lb_tree_exit_code(void)
{
	return exit_code;
}

static char *xstrdup(const char *s)
{
	char *d = strdup(s);

	if (!d)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	return d;
}

static char *xfmt(const char *fmt, ...) LB_PRINTF(1, 2);
static char *xfmt(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int rc;

	va_start(ap, fmt);
	rc = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (rc < 0)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	return s;
}

/* NAME=PATH, or PATH (NAME "tree"); NAME as a lock name's part: [a-z0-9-]+ */
static struct lb_tree *parse_arg(const char *arg)
{
	struct lb_tree *t = calloc(1, sizeof(*t));
	const char *eq = strchr(arg, '=');
	bool named = eq && eq > arg;

	if (!t)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	for (const char *p = arg; named && p < eq; p++)
		if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p) && *p != '-')
			named = false;
	t->arg = xstrdup(arg);
	t->name = named ? strndup(arg, (size_t)(eq - arg)) : xstrdup("tree");
	t->path = xstrdup(named ? eq + 1 : arg);
	if (!t->name)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	if (!*t->path)
		lb_die(LB_EXIT_USAGE, "--kernel-tree=%s: empty path", arg);
	for (unsigned i = 0; i < ntrees; i++)
		if (!strcmp(trees[i]->name, t->name))
			lb_die(LB_EXIT_USAGE, "--kernel-tree=%s: the name '%s' is taken by "
			       "--kernel-tree=%s (give each tree its own NAME=)", arg, t->name,
			       trees[i]->arg);
	return t;
}

/* The lock @l of @t as a registry entry: renamed, its follows line; unavailable with @why. */
static void register_lock(struct lb_tree *t, void *dl, unsigned l, const char *why)
{
	struct lb_lock_ops *o = calloc(1, sizeof(*o));
	const struct lb_lock_ops *tmpl = NULL;
	char sym[96];
	void (*prepare)(struct lb_lock_ops *o) = NULL;
	char *msg = NULL;
	size_t msz = 0;
	FILE *err;

	if (!o)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	snprintf(sym, sizeof(sym), "lb_tree_lock_%s", tlocks[l].sym);
	if (!why && dl)
		tmpl = dlsym(dl, sym);
	snprintf(sym, sizeof(sym), "lb_tree_prepare_%s", tlocks[l].sym);
	if (tmpl)
		*(void **)&prepare = dlsym(dl, sym);
	if (tmpl && prepare) {
		*o = *tmpl;
		prepare(o);
	} else {
		o->unavailable = xstrdup(why ? why : "the tree's shared object has no such lock");
		o->desc = "the tree's lock (did not build)";
		o->family = "spin";
		o->unshared = "a tree lock";
		o->kind = !strcmp(tlocks[l].id, "qrwlock") || strstr(tlocks[l].id, "rwsem") ?
			  LB_LOCK_RW : LB_LOCK_EXCL;
	}
	o->name = xfmt("%s:%s", t->name, tlocks[l].id);
	o->follows = xfmt("%s, %s of %s (%s)", t->label, tlocks[l].file, t->name, t->path);
	if (!o->deviations)
		o->deviations = "-";
	err = open_memstream(&msg, &msz);
	if (!err || lb_lock_add(o, NULL, NULL, err)) {
		if (err)
			fclose(err);
		lb_die(LB_EXIT_RUNTIME, "--kernel-tree=%s: lock %s breaks the lock contract: %s",
		       t->arg, o->name, msg ? msg : "?");
	}
	fclose(err);
	free(msg);
	t->ops[l] = o;
}

void lb_tree_add(const char *arg)
{
	const char *cache = lb_tree_cache_dir();
	struct lb_tree *t = parse_arg(arg), **grown;
	char *why[LB_TREE_NLOCKS], *so;
	void *dl = NULL;
	int lock;

	if (!cache)
		lb_die(LB_EXIT_RUNTIME, "--kernel-tree=%s: no cache directory (set XDG_CACHE_HOME "
		       "or HOME)", arg);
	lock = lb_tree_cache_lock(cache);
	if (lock < 0)
		lb_die(LB_EXIT_RUNTIME, "--kernel-tree=%s: cannot use the cache %s: %s", arg, cache,
		       strerror(errno));
	lb_tree_resolve(t, cache);
	so = lb_tree_build(t, cache, why);
	close(lock);
	snprintf(t->label, sizeof(t->label), "Linux %s%s%s files %s", t->version,
		 t->git[0] ? " git " : "", t->git, t->hash[0] ? t->hash : "-");
	snprintf(t->config, sizeof(t->config), "%s", lb_tree_config_defines());
	if (so) {
		dl = dlopen(so, RTLD_NOW | RTLD_LOCAL);
		if (!dl)
			for (unsigned l = 0; l < LB_TREE_NLOCKS; l++)
				if (!why[l])
					why[l] = xfmt("cannot load %s: %s", so, dlerror());
	}
	grown = realloc(trees, (ntrees + 1) * sizeof(*trees));
	if (!grown)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	trees = grown;
	trees[ntrees++] = t;
	for (unsigned l = 0; l < LB_TREE_NLOCKS; l++) {
		register_lock(t, dl, l, why[l]);
		free(why[l]);
	}
	free(so);
}

void lb_tree_list(FILE *f)
{
	for (unsigned i = 0; i < ntrees; i++) {
		const struct lb_tree *t = trees[i];

		fprintf(f, "%skernel tree %s: %s\n    %s, compiled from %s\n", i ? "" : "\n",
			t->name, t->path, t->label, t->root);
		fprintf(f, "    configuration: %s\n    x86 qspinlock hooks: %s\n    this run: %u "
			"file%s compiled, %u from the cache\n", t->config, t->x86, t->compiled,
			LB_S(t->compiled), t->cached);
	}
}

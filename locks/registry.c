// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * registry.c - the lock table, built from locks.def
 *
 * No constructors and no #ifdef in the list: a lock whose library is
 * missing still links, with .unavailable set to the reason (stress-ng's
 * "unimplemented" stressors), so --list-locks can say what is missing.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/parse.h"
#include "registry.h"

#define LB_LOCK(id) extern const struct lb_lock_ops lb_lock_##id;
#include "locks.def"
#undef LB_LOCK

__thread uint64_t lb_slept_cycles;	/* lock.h */
__thread char lb_lock_why[LB_LOCK_WHY_LEN];	/* lock.h */

static const struct lb_lock_ops *const lb_locks[] = {
#define LB_LOCK(id) &lb_lock_##id,
#include "locks.def"
#undef LB_LOCK
};

/*
 * Each model's last check against a kernel tree's own lock of the same
 * file (tree-check.def, written by scripts/tree-compare's update mode):
 * measured figures that --list-locks -v prints under the model, a record
 * of that run on that machine, never an assertion.
 */
struct lb_tree_check {
	const char *model;	/* the built-in lock checked */
	const char *tree_lock;	/* the tree lock it ran beside (NAME:tree_lock) */
	const char *source;	/* the tree's version and files, and the file */
	const char *date;	/* the day of the run */
	const char *figures;	/* the tree's throughput over the model's, per point */
};

static const struct lb_tree_check tree_checks[] = {
#define LB_TREE_CHECK(m, l, s, d, f) { .model = m, .tree_lock = l, .source = s, .date = d, \
				       .figures = f },
#include "tree-check.def"
#undef LB_TREE_CHECK
	{ .model = NULL },
};

static const char *const families[] = { "spin", "sleep", "rw", "numa", "kernel", "peer", "all", NULL };

/*
 * The dynamic part, after the built-in locks: the locks of --lock-plugin
 * (plugin.c) and the lock instances of --lock=NAME:OPT=V (a copy of a
 * lock's ops under the instance's name, with option values of its own).
 */
struct lb_dyn_lock {
	const struct lb_lock_ops *ops;
	const char *plugin;			/* the plugin's path, or NULL */
	const struct lb_lock_ops *base;		/* an instance's lock, or NULL */
};

static struct lb_dyn_lock *dyn;
static unsigned ndyn;

unsigned lb_lock_count(void)
{
	return LB_ARRAY_SIZE(lb_locks) + ndyn;
}

const struct lb_lock_ops *lb_lock_at(unsigned i)
{
	if (i < LB_ARRAY_SIZE(lb_locks))
		return lb_locks[i];
	i -= LB_ARRAY_SIZE(lb_locks);
	return i < ndyn ? dyn[i].ops : NULL;
}

const struct lb_lock_ops *lb_lock_find(const char *name)
{
	for (unsigned i = 0; i < lb_lock_count(); i++)
		if (strcmp(lb_lock_at(i)->name, name) == 0)
			return lb_lock_at(i);
	return NULL;
}

static const struct lb_dyn_lock *dyn_of(const struct lb_lock_ops *ops)
{
	for (unsigned i = 0; i < ndyn; i++)
		if (dyn[i].ops == ops)
			return &dyn[i];
	return NULL;
}

const char *lb_lock_plugin(const struct lb_lock_ops *ops)
{
	const struct lb_dyn_lock *d = dyn_of(ops);

	return d ? d->plugin : NULL;
}

const struct lb_lock_ops *lb_lock_instance_of(const struct lb_lock_ops *ops)
{
	const struct lb_dyn_lock *d = dyn_of(ops);

	return d ? d->base : NULL;
}

static int check_one(const struct lb_lock_ops *o, unsigned i, FILE *err);

int lb_lock_add(const struct lb_lock_ops *ops, const char *plugin, const struct lb_lock_ops *base,
		FILE *err)
{
	struct lb_dyn_lock *grown;

	if (!base && check_one(ops, lb_lock_count(), err))
		return -1;
	grown = realloc(dyn, (ndyn + 1) * sizeof(*dyn));
	if (!grown)
		return -1;
	dyn = grown;
	dyn[ndyn++] = (struct lb_dyn_lock){ .ops = ops, .plugin = plugin, .base = base };
	return 0;
}

bool lb_lock_is_family(const char *name)
{
	for (unsigned i = 0; families[i]; i++)
		if (strcmp(families[i], name) == 0)
			return true;
	return false;
}

bool lb_lock_in_family(const struct lb_lock_ops *ops, const char *fam)
{
	if ((ops->flags & LB_LOCK_F_HIDDEN) || lb_lock_instance_of(ops))
		return false;
	if (strcmp(fam, "all") == 0)
		return true;
	/* "rw" selects by kind: every reader-writer model, spinning or sleeping */
	if (strcmp(fam, "rw") == 0)
		return ops->kind == LB_LOCK_RW &&
		       (strcmp(ops->family, "spin") == 0 || strcmp(ops->family, "sleep") == 0);
	return strcmp(ops->family, fam) == 0;
}

const char *lb_lock_nearest(const char *name)
{
	const char *best = NULL;
	unsigned bestd = 4;	/* suggest only close names */

	for (unsigned i = 0; i < lb_lock_count(); i++) {
		const struct lb_lock_ops *o = lb_lock_at(i);
		unsigned d;

		if ((o->flags & LB_LOCK_F_HIDDEN) || lb_lock_instance_of(o))
			continue;
		d = lb_edit_distance(name, o->name);
		if (d < bestd) {
			bestd = d;
			best = o->name;
		}
	}
	return best;
}

const char *lb_lock_flags_str(const struct lb_lock_ops *ops, char *buf, size_t len)
{
	snprintf(buf, len, "%c%c%c%c%c%c",
		 ops->flags & LB_LOCK_F_BLOCKING ? 'B' : '-',
		 ops->flags & LB_LOCK_F_FIFO ? 'F' : '-',
		 (ops->trylock || ops->read_trylock) ? 'T' : '-',
		 ops->flags & LB_LOCK_F_SIGSAFE_READ ? 'S' : '-',
		 ops->flags & LB_LOCK_F_PSHARED ? 'P' : '-',
		 ops->nosim ? '-' : 'V');
	return buf;
}

/* list_peers() - "; the peer of A and B": the built-in locks whose .peer is @o */
static void list_peers(FILE *f, const struct lb_lock_ops *o)
{
	unsigned n = 0, k = 0;

	for (unsigned i = 0; i < LB_ARRAY_SIZE(lb_locks); i++)
		n += lb_locks[i]->peer && strcmp(lb_locks[i]->peer, o->name) == 0;
	for (unsigned i = 0; n && i < LB_ARRAY_SIZE(lb_locks); i++) {
		if (!lb_locks[i]->peer || strcmp(lb_locks[i]->peer, o->name) != 0)
			continue;
		fprintf(f, "%s%s", k == 0 ? "; the peer of " : k + 1 == n ? " and " : ", ",
			lb_locks[i]->name);
		k++;
	}
}

/* tree_check_of() - the record of @name's last check against a kernel tree, or NULL */
static const struct lb_tree_check *tree_check_of(const char *name)
{
	for (const struct lb_tree_check *c = tree_checks; c->model; c++)
		if (strcmp(c->model, name) == 0)
			return c;
	return NULL;
}

/* list_verbose() - -v's lines under a lock: what it follows, and a built-in's tree check */
static void list_verbose(FILE *f, const struct lb_lock_ops *o)
{
	const struct lb_tree_check *c = NULL;

	fprintf(f, "    follows: %s; deviations: %s\n", o->follows ? o->follows : "-",
		o->deviations ? o->deviations : "-");
	for (unsigned i = 0; i < LB_ARRAY_SIZE(lb_locks); i++)
		if (lb_locks[i] == o)
			c = tree_check_of(o->name);
	if (c)
		fprintf(f, "    tree check: the tree's %s over this model's throughput, %s, %s: %s\n",
			c->tree_lock, c->source, c->date, c->figures);
	if (o->nosim)
		fprintf(f, "    not simulated: %s\n", o->nosim);
}

void lb_lock_list(FILE *f, bool verbose)
{
	char flags[8];

	fprintf(f, "%-21s %-5s %-7s %-6s %-11s %s\n",
		"name", "kind", "family", "flags", "available", "description");
	for (unsigned i = 0; i < lb_lock_count(); i++) {
		const struct lb_lock_ops *o = lb_lock_at(i);

		if ((o->flags & LB_LOCK_F_HIDDEN) || lb_lock_instance_of(o))
			continue;
		fprintf(f, "%-21s %-5s %-7s %-6s %-11s %s", o->name,
			o->kind == LB_LOCK_RW ? "rw" : "excl", o->family,
			lb_lock_flags_str(o, flags, sizeof(flags)),
			o->unavailable ? "no" : "yes", o->desc);
		if (o->unavailable)
			fprintf(f, " [unavailable: %s]", o->unavailable);
		if (lb_lock_plugin(o))
			fprintf(f, " [plugin: %s]", lb_lock_plugin(o));
		list_peers(f, o);
		fputc('\n', f);
		if (verbose)
			list_verbose(f, o);
	}
	fprintf(f, "\nflags: B may sleep (futex), F FIFO hand-over, T has trylock, "
		   "S signal-safe read side,\n       P may be shared by processes (--processes), "
		   "V may be simulated (--simulate)\n"
		   "families for --lock: spin sleep rw numa kernel peer all\n");
}

void lb_lock_names(FILE *f)
{
	bool first = true;

	for (unsigned i = 0; i < lb_lock_count(); i++) {
		const struct lb_lock_ops *o = lb_lock_at(i);

		if ((o->flags & LB_LOCK_F_HIDDEN) || lb_lock_instance_of(o))
			continue;
		fprintf(f, "%s%s", first ? "" : " ", o->name);
		first = false;
	}
}

/*
 * [a-z0-9-]+, a '.' between two digits (a kernel version: rwsem-4.18), and
 * one ':' between two such names (a kernel tree's lock: base:qspinlock)
 */
static bool valid_name(const char *s)
{
	const char *s0 = s;
	bool colon = false;

	if (!s || !*s)
		return false;
	for (; *s; s++) {
		if (*s == '.' && s > s0 && isdigit((unsigned char)s[-1]) &&
		    isdigit((unsigned char)s[1]))
			continue;
		if (*s == ':' && !colon && s > s0 && s[1]) {
			colon = true;
			continue;
		}
		if (!(islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '-'))
			return false;
	}
	return true;
}

#define CHECK(cond, ...)						\
	do {								\
		if (!(cond)) {						\
			fprintf(err, "lock %s: ", o->name ? o->name : "?"); \
			fprintf(err, __VA_ARGS__);			\
			fputc('\n', err);				\
			bad++;						\
		}							\
	} while (0)

/* check_one() - the contract check of @o, registry entry @i (the entries before it are checked against) */
static int check_one(const struct lb_lock_ops *o, unsigned i, FILE *err)
{
	int bad = 0;
	unsigned nctr = 0;

	CHECK(valid_name(o->name), "name must match [a-z0-9-]+ (a '.' only between digits)");
	CHECK(!o->name || !lb_lock_is_family(o->name), "name collides with a family selector");
	CHECK(!o->name || strlen(o->name) <= LB_LOCK_MAX_NAME, "name longer than %d characters",
	      LB_LOCK_MAX_NAME);
	CHECK(o->kind == LB_LOCK_EXCL || o->kind == LB_LOCK_RW,
	      "kind %d is neither exclusive (%d) nor reader-writer (%d)", (int)o->kind,
	      (int)LB_LOCK_EXCL, (int)LB_LOCK_RW);
	for (unsigned j = 0; j < i; j++)
		CHECK(!o->name || strcmp(o->name, lb_lock_at(j)->name) != 0, "duplicate name");
	CHECK(o->desc && *o->desc, "no description");
	CHECK(o->family && (strcmp(o->family, "spin") == 0 || strcmp(o->family, "sleep") == 0 ||
			    strcmp(o->family, "numa") == 0 ||
			    strcmp(o->family, "kernel") == 0 || strcmp(o->family, "peer") == 0 ||
			    strcmp(o->family, "harness") == 0),
	      "family must be spin, sleep, numa, kernel, peer or harness");
	if (o->counters)
		while (o->counters[nctr])
			nctr++;
	CHECK(nctr <= LB_LOCK_MAX_COUNTERS, "more than %d counters", LB_LOCK_MAX_COUNTERS);
	CHECK(!(o->counters_max >> nctr), "counters_max names a counter that is not declared");
	for (unsigned k = 0; o->options && o->options[k].name; k++) {
		const struct lb_lock_option *op = &o->options[k];

		CHECK(valid_name(op->name), "option name must match [a-z0-9-]+");
		CHECK(op->help && *op->help, "option %s has no help", op->name);
		if (op->type == LB_LOCK_OPT_U64) {
			CHECK(op->min <= op->def && op->def <= op->max,
			      "option %s: need min <= default <= max", op->name);
		} else {
			unsigned nv = 0;

			while (op->values && op->values[nv])
				nv++;
			CHECK(nv > 0 && op->def < nv, "option %s: bad enum values", op->name);
		}
	}
	CHECK(!(o->flags & LB_LOCK_F_PSHARED) != !(o->unshared && *o->unshared),
	      "needs LB_LOCK_F_PSHARED or a reason in .unshared, not both");
	if (o->unavailable)
		return bad;
	CHECK(o->init && o->lock && o->unlock, "init, lock and unlock are required");
	CHECK(o->lock_size > 0, "lock_size is 0");
	CHECK(o->lock_size <= LB_LOCK_MAX_SIZE && o->tctx_size <= LB_LOCK_MAX_SIZE,
	      "lock_size %zu or tctx_size %zu over %zu bytes", o->lock_size, o->tctx_size,
	      (size_t)LB_LOCK_MAX_SIZE);
	CHECK(!o->write_subscribe == !o->write_trylock_subscribed &&
	      !o->write_subscribe == !o->write_unsubscribe,
	      "writer subscription needs all three verbs or none");
	if (o->kind == LB_LOCK_RW)
		CHECK(o->read_lock && o->read_unlock, "RW lock without read_lock/read_unlock");
	else
		CHECK(!o->read_lock && !o->read_unlock && !o->read_trylock,
		      "exclusive lock with read verbs");
	return bad;
}

/* check_follows() - a built-in lock says what it follows and how it deviates (a plugin's may not) */
static int check_follows(const struct lb_lock_ops *o, FILE *err)
{
	int bad = 0;

	CHECK(o->follows && *o->follows, "no .follows (the kernel version, paper or library it follows)");
	CHECK(o->deviations && *o->deviations, "no .deviations (its deviations from that, or \"none\")");
	return bad;
}

/* check_peer() - a peer named by @o is a lock of family peer in the registry */
static int check_peer(const struct lb_lock_ops *o, FILE *err)
{
	const struct lb_lock_ops *p = o->peer ? lb_lock_find(o->peer) : NULL;
	int bad = 0;

	if (o->peer)
		CHECK(p && strcmp(p->family, "peer") == 0 && p->kind == o->kind,
		      ".peer '%s' is not a lock of family peer of the same kind", o->peer);
	return bad;
}

/* check_tree_checks() - every record names a built-in lock, once, with all its fields */
static int check_tree_checks(FILE *err)
{
	int bad = 0;

	for (const struct lb_tree_check *c = tree_checks; c->model; c++) {
		bool builtin = false;

		for (unsigned i = 0; i < LB_ARRAY_SIZE(lb_locks); i++)
			builtin |= strcmp(lb_locks[i]->name, c->model) == 0;
		if (!builtin || tree_check_of(c->model) != c ||
		    !*c->tree_lock || !*c->source || !*c->date || !*c->figures) {
			fprintf(err, "tree-check.def: %s: %s\n", c->model,
				!builtin ? "no built-in lock of that name" :
				tree_check_of(c->model) != c ? "a second record" : "an empty field");
			bad++;
		}
	}
	return bad;
}

int lb_lock_registry_check(FILE *err)
{
	int bad = check_tree_checks(err);

	for (unsigned i = 0; i < LB_ARRAY_SIZE(lb_locks); i++)
		bad += check_one(lb_locks[i], i, err) + check_follows(lb_locks[i], err) +
		       check_peer(lb_locks[i], err);
	return bad;
}

int lb_lock_check(const struct lb_lock_ops *o, FILE *err)
{
	return check_one(o, lb_lock_count(), err) + check_follows(o, err) + check_peer(o, err);
}

unsigned lb_lock_index(const struct lb_lock_ops *ops)
{
	for (unsigned i = 0; i < lb_lock_count(); i++)
		if (lb_lock_at(i) == ops)
			return i;
	return 0;
}

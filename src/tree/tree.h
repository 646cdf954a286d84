/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tree.h - --kernel-tree: the user's own kernel tree's locks, built at run time
 *
 * A kernel source tree (a directory, or a linux-source-*.tar.xz/.tar.gz of
 * which only the files needed are extracted into the cache) gives six
 * locks: its own, unmodified kernel/locking/qspinlock.c, qrwlock.c,
 * osq_lock.c, mutex.c, rwsem.c and percpu-rwsem.c (with kernel/rcu/sync.c),
 * compiled with the system's cc against lockbench's kernel shim (kshim/)
 * into one shared object in $XDG_CACHE_HOME/lockbench/ (or
 * ~/.cache/lockbench), loaded and registered as NAME:qspinlock,
 * NAME:qrwlock, NAME:osq, NAME:mutex, NAME:rwsem and NAME:percpu-rwsem.
 *
 * source.c resolves the tree (its version, git describe, the extraction);
 * build.c compiles and caches (objects keyed by the content of every file
 * they used, the shim's and lockbench's headers included, the
 * configuration, the compiler and this lockbench), and turns a failed
 * compile into one line; load.c loads the object and registers its locks.
 */
#ifndef LB_TREE_TREE_H
#define LB_TREE_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "locks/lock.h"

#define LB_TREE_NLOCKS	6	/* qspinlock, qrwlock, osq, mutex, rwsem, percpu-rwsem */

/**
 * struct lb_tree - one --kernel-tree
 * @name:     NAME (the locks' prefix), "tree" unless given
 * @arg:      PATH as the user gave it
 * @path:     its absolute path (a directory or a tarball)
 * @root:     the directory compiled from: the tree, or its extraction in the cache
 * @tarball:  @path is a tarball
 * @version:  VERSION.PATCHLEVEL.SUBLEVEL[EXTRAVERSION] of its Makefile
 * @vcode:    the same as the kernel's KERNEL_VERSION(a, b, c)
 * @git:      `git describe --dirty` of a git tree, or ""
 * @hash:     a short hash of the tree's files the build used
 * @label:    "Linux 6.1.192 [git ...] files 1a2b3c4d": what results carry
 * @config:   the CONFIG_ choices it was built with, for --list-locks -v
 * @x86:      where its x86 qspinlock hooks came from
 * @compiled, @cached: units this run compiled, and found in the cache
 * @ops:      its locks, as registered (NULL where unavailable)
 */
struct lb_tree {
	char *name, *arg, *path, *root;
	bool tarball;
	char version[64];
	unsigned vcode;
	char git[128];
	char hash[20];
	char label[256];
	char config[512];
	char x86[96];
	unsigned compiled, cached;
	const struct lb_lock_ops *ops[LB_TREE_NLOCKS];
};

/**
 * lb_tree_config() - --kernel-config=CONFIG_X=y|n (before lb_tree_add())
 * Return: 0, or -1 with the reason in @why (an option the shim does not support).
 */
int lb_tree_config(const char *spec, char *why, size_t len);
/* lb_tree_config_help() - the options --kernel-config takes, for messages and --help */
const char *lb_tree_config_names(void);
/* lb_tree_config_name() - the @i-th of them (CONFIG_MUTEX_SPIN_ON_OWNER, ...), NULL past the last */
const char *lb_tree_config_name(unsigned i);

/**
 * lb_tree_add() - --kernel-tree=[NAME=]PATH: resolve, build (or find in the
 * cache), load and register the tree's locks
 *
 * A lock whose files do not build against the shim is registered with
 * .unavailable set to one line (the tree's file and line, the symbol, the
 * header, the log's path); the others are usable. Exits 2 on a bad
 * argument (no such path, not a kernel tree, a name taken) and 5 when
 * nothing could be built at all (no compiler).
 */
void lb_tree_add(const char *arg);

/* lb_tree_list() - --list-locks -v: each tree, its version, origin and configuration */
void lb_tree_list(FILE *f);
/* lb_tree_count(), lb_tree_at() - the trees of this run, in the order given */
unsigned lb_tree_count(void);
const struct lb_tree *lb_tree_at(unsigned i);
/* lb_tree_of() - the tree @ops comes from, or NULL (a model, a plugin's) */
const struct lb_tree *lb_tree_of(const struct lb_lock_ops *ops);

/* lb_tree_lock_id() - is @id one of a tree's locks (qspinlock ... percpu-rwsem)? */
bool lb_tree_lock_id(const char *id);
/* lb_tree_tarball_exts[] - what a tarball's name ends with (".tar.xz", ...), NULL-terminated */
extern const char *const lb_tree_tarball_exts[];
/* lb_tree_lock_name() - the @l-th of them, NULL from LB_TREE_NLOCKS on */
const char *lb_tree_lock_name(unsigned l);
/*
 * lb_tree_skip() - --lock named a tree lock that did not build: say why
 * (its one line) and remember to exit 5 once the other locks have run.
 */
void lb_tree_skip(const struct lb_lock_ops *ops);
/* lb_tree_exit_code() - 5 when a tree lock was skipped, else 0 */
int lb_tree_exit_code(void);

/* ---- between the files of this part */

/* source.c: resolve @t->path into @t->root, @t->version, @t->git (exits 2 when it is no tree) */
void lb_tree_resolve(struct lb_tree *t, const char *cache);
/* build.c: build @t's shared object; its path, or NULL with why each lock failed */
char *lb_tree_build(struct lb_tree *t, const char *cache, char *why[LB_TREE_NLOCKS]);
/* build.c: the cache directory (made if missing), or NULL */
const char *lb_tree_cache_dir(void);
/*
 * build.c: make the cache's directories and take its lock (flock, exclusive:
 * one lockbench extracts and builds at a time); the descriptor, or -1
 */
int lb_tree_cache_lock(const char *cache);
/* build.c: the kshim root (source tree or installed), or NULL */
const char *lb_tree_kshim_root(void);
/* build.c: a hex hash of @n bytes, chained on @h */
unsigned long long lb_tree_hash(unsigned long long h, const void *p, size_t n);

#endif /* LB_TREE_TREE_H */

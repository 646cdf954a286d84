/* SPDX-License-Identifier: GPL-2.0-or-later */
/* registry.h - the table of locks built from locks.def */
#ifndef LB_LOCKS_REGISTRY_H
#define LB_LOCKS_REGISTRY_H

#include <stdio.h>

#include "lock.h"

/*
 * The contract's bounds on what a lock says of itself (a plugin's could say
 * anything): a lock object or per-thread area of 64 MiB at most (the
 * harness rounds and adds to them: SIZE_MAX wrapped to a 64-byte
 * allocation), a name of 63 characters at most.
 */
#define LB_LOCK_MAX_SIZE	(64ul << 20)
#define LB_LOCK_MAX_NAME	63

#ifdef LB_SIM
/*
 * The simulator's copy of a lock (compiled with -DLB_SIM) finds the
 * simulator's copies of the locks it is built from (wait-lock.h)
 */
#define lb_lock_find lb_sim_lock_find
#endif

/* lb_lock_count() - number of entries in the registry (hidden ones too) */
unsigned lb_lock_count(void);
/* lb_lock_at() - the i-th entry in --list-locks order */
const struct lb_lock_ops *lb_lock_at(unsigned i);
/* lb_lock_index() - the registry index of @ops (0 if it is not in the registry) */
unsigned lb_lock_index(const struct lb_lock_ops *ops);
/* lb_lock_find() - look up a lock by CLI name; NULL if unknown */
const struct lb_lock_ops *lb_lock_find(const char *name);
/* lb_lock_in_family() - does @ops belong to the selector @fam (spin, sleep, rw, kernel, peer, all)? */
bool lb_lock_in_family(const struct lb_lock_ops *ops, const char *fam);
/* lb_lock_is_family() - is @name a family selector? */
bool lb_lock_is_family(const char *name);
/* lb_lock_nearest() - the listed lock whose name is closest to @name */
const char *lb_lock_nearest(const char *name);
/**
 * lb_lock_list() - print the --list-locks table
 * @f:       stream
 * @verbose: under each lock's line, an indented "follows: ...; deviations: ...",
 *           and under a model checked against a kernel tree an indented
 *           "tree check: ..." (tree-check.def, scripts/tree-compare)
 */
void lb_lock_list(FILE *f, bool verbose);
/* lb_lock_names() - write the visible lock names, space separated, to @f */
void lb_lock_names(FILE *f);
/**
 * lb_lock_registry_check() - check every entry against the ops contract (a
 * built-in one also needs .follows and .deviations), and that every record
 * of tree-check.def names a built-in lock, once
 * @err: stream for one line per problem
 *
 * Return: number of problems found (0 when the table is sound).
 */
int lb_lock_registry_check(FILE *err);
/**
 * lb_lock_check() - check one lock as a built-in one would be (its name
 * not taken, .follows and .deviations set, its .peer a library lock)
 * @err: stream for one line per problem
 *
 * Return: number of problems found.
 */
int lb_lock_check(const struct lb_lock_ops *o, FILE *err);
/**
 * lb_lock_add() - add a lock to the registry's dynamic part, after the built-in ones
 * @ops:    the lock; it must live as long as the process
 * @plugin: the path of the plugin it came from, or NULL
 * @base:   for a lock instance (--lock=NAME:OPT=V), the lock it is an instance
 *          of: not listed, in no family, not checked again; NULL otherwise
 * @err:    stream for the contract check's lines (one per problem)
 *
 * Return: 0, or -1 when @ops breaks the contract (as lb_lock_registry_check()).
 */
int lb_lock_add(const struct lb_lock_ops *ops, const char *plugin, const struct lb_lock_ops *base,
		FILE *err);
/* lb_lock_plugin() - the plugin @ops was loaded from, or NULL for a built-in lock */
const char *lb_lock_plugin(const struct lb_lock_ops *ops);
/* lb_lock_instance_of() - the lock the instance @ops is made of, or NULL if not an instance */
const struct lb_lock_ops *lb_lock_instance_of(const struct lb_lock_ops *ops);
/**
 * lb_plugin_load() - dlopen @path and register its locks (plugin.c)
 *
 * Return: 0, or -1 with one line in @why (not found, not a plugin, another
 * ABI version, a lock that breaks the contract or whose name is taken).
 */
int lb_plugin_load(const char *path, char *why, size_t len);
/* lb_lock_flags_str() - short flag letters for listings: B blocking, F fifo, T trylock, S signal-safe read, P shared, V simulated */
const char *lb_lock_flags_str(const struct lb_lock_ops *ops, char *buf, size_t len);

/*
 * The simulator's copies of the locks (sim-registry.c): every lock file
 * without an LB_NOSIM() line compiled a second time with -DLB_SIM (the
 * build renames their symbols lbsim_*, locks/local.mk).
 */
/* lb_sim_lock_find() - the simulator's copy of the lock named @name; NULL if none */
const struct lb_lock_ops *lb_sim_lock_find(const char *name);
/* lb_sim_lock_of() - the simulator's copy of @ops (an instance: of its lock); NULL if none */
const struct lb_lock_ops *lb_sim_lock_of(const struct lb_lock_ops *ops);
/* lb_sim_lock_refusal() - why --simulate cannot run @ops, one line; NULL when it can */
const char *lb_sim_lock_refusal(const struct lb_lock_ops *ops);
/* lb_sim_registry_check() - every built-in lock has a copy or an LB_NOSIM() reason: errors */
int lb_sim_registry_check(FILE *err);

#endif /* LB_LOCKS_REGISTRY_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* build.h - the compiler's command lines and what a failed one said (flags.c, diagnose.c) */
#ifndef LB_TREE_BUILD_H
#define LB_TREE_BUILD_H

#include <stdbool.h>
#include <stddef.h>

#include "tree/tree.h"

/* lb_tree_cc() - the compiler: $CC when set (one word), else cc */
const char *lb_tree_cc(void);
/* lb_tree_config_defines() - the configuration, as the -D options it adds ("-DCONFIG_X=1 ...") */
const char *lb_tree_config_defines(void);
/**
 * lb_tree_cc_argv() - the compile command of one unit into @argv (NULL-ended)
 * @shim: with the shim's include path (every unit but the runtime)
 * @own_x86: lockbench's own x86 qspinlock hooks instead of the tree's
 */
void lb_tree_cc_argv(const struct lb_tree *t, const char *kroot, bool shim, bool own_x86,
		     const char *src, const char *obj, const char *dfile, char **argv, size_t n);
/* lb_tree_cc_argv_free() - what lb_tree_cc_argv() allocated */
void lb_tree_cc_argv_free(char **argv);
/**
 * lb_tree_diagnose() - one line for a failed compile of @unit (its log @log)
 *
 * The first error in the tree's files (else the first at all): the tree's
 * file and line, the symbol the shim lacks and the header the tree
 * declares it in, or the header the shim does not have; then the log's
 * path. Return: the line (malloc'd).
 */
char *lb_tree_diagnose(const struct lb_tree *t, const char *kroot, const char *unit,
		       const char *log);
/* lb_tree_x86_failed() - did the compile whose log is @log fail in the tree's arch/x86 header? */
bool lb_tree_x86_failed(const char *log);

#endif /* LB_TREE_BUILD_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options.h - the command line: the option table, the parser and --help
 *
 * One typed table (options.c, rows described in table.h) drives
 * getopt_long, the generic parser, the defaults, --help (help.c) and the
 * checks that keep the man page in step; the rules across options follow
 * the parse (rules.c). Per-lock options are generated from each lock's
 * own table as --<lock>-<option>.
 */
#ifndef LB_SRC_OPTIONS_H
#define LB_SRC_OPTIONS_H

#include <stdio.h>

#include "plan/configuration.h"

/**
 * lb_options_parse() - fill @c from the command line
 *
 * Exits with status 2 and one line on stderr for any bad option or value;
 * exits 0 after --help, --version and --list-locks.
 */
void lb_options_parse(struct lb_config *c, int argc, char **argv);
/* lb_options_help() - the generated --help text */
void lb_options_help(FILE *f);
/* lb_lock_help() - --help=LOCK: the lock and its own options; -1 if there is no such lock */
int lb_lock_help(FILE *f, const char *name);
/* lb_config_free() - release what lb_options_parse() allocated */
void lb_config_free(struct lb_config *c);

#endif /* LB_SRC_OPTIONS_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* util.h - files and commands of the tree builder (util.c) */
#ifndef LB_TREE_UTIL_H
#define LB_TREE_UTIL_H

#include <stddef.h>

/**
 * lb_tree_run() - run @argv (no shell), LC_ALL=C, stdin from /dev/null
 * @log: stdout and stderr appended to this file, or NULL
 * @out: with @log NULL, the first @len - 1 bytes of its stdout (NUL-ended), or NULL
 *
 * Return: its exit status, 127 when it could not be run, -1 on a signal.
 */
int lb_tree_run(char *const argv[], const char *log, char *out, size_t len);
/* lb_tree_mkdirs() - mkdir -p @path; 0 or -1 (errno) */
int lb_tree_mkdirs(const char *path);
/* lb_tree_rmtree() - rm -rf @path (best effort) */
void lb_tree_rmtree(const char *path);
/* lb_tree_write_file() - @path holds @n bytes of @buf, written to a temporary file and renamed */
int lb_tree_write_file(const char *path, const void *buf, size_t n);
/* lb_tree_read_file() - the whole file, NUL-ended (free it), or NULL; its size in *@n */
char *lb_tree_read_file(const char *path, size_t *n);

#endif /* LB_TREE_UTIL_H */

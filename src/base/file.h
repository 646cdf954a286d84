/* SPDX-License-Identifier: GPL-2.0-or-later */
/* file.h - the files lockbench reads: regular, and under a size limit */
#ifndef LB_SRC_BASE_FILE_H
#define LB_SRC_BASE_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "base/limits.h"

/**
 * lb_open_regular_file() - open @path for reading if it is a regular file
 * of at most @max bytes
 *
 * The open itself does not block (O_NONBLOCK: a FIFO without a writer
 * would block an open for reading for ever); the descriptor is checked
 * with fstat() and then made blocking again. /dev/zero, a FIFO, a
 * directory, a socket and a file over @max are refused.
 *
 * Return: the descriptor (close it), or -1 with the reason in @why (one
 * phrase, for the caller to prefix with the option and the name).
 */
int lb_open_regular_file(const char *path, uint64_t max, char *why, size_t len);
/**
 * lb_check_regular_file() - lb_open_regular_file(), then close: for a
 * reader that opens the file itself (hwloc, the baseline reader)
 *
 * Return: 0, or -1 with the reason in @why.
 */
int lb_check_regular_file(const char *path, uint64_t max, char *why, size_t len);
/**
 * lb_read_regular_file() - the whole of @path, a regular file of at most
 * @max bytes, into a malloc'ed *@out of *@outlen bytes (and a NUL after
 * them, not counted)
 *
 * Read through the one descriptor that was checked, never the name again,
 * and never more than @max bytes: a file that grows while it is read, or
 * whose size said less than it holds (/proc/self/pagemap), is refused once
 * it passes the limit.
 *
 * Return: 0, or -1 with the reason in @why.
 */
int lb_read_regular_file(const char *path, uint64_t max, char **out, size_t *outlen, char *why,
			 size_t len);

#endif /* LB_SRC_BASE_FILE_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* file.h - -o: writing the formatted results to a file without destroying it */
#ifndef LB_SRC_OUTPUT_FILE_H
#define LB_SRC_OUTPUT_FILE_H

#include <stddef.h>

/**
 * lb_output_write_file() - write @len bytes of @buf to the -o @path
 *
 * A regular file, or a name that does not exist yet, gets a temporary
 * file in the target's real directory (a symlink is followed: its target
 * is replaced, the link stays a link) renamed over it once complete; an
 * existing file keeps its mode (and, where we may, its owner); one with no
 * write permission at all (0444) is refused. Anything else (a character
 * device, a FIFO, a socket, /dev/stdout and the /proc/self/fd links) is
 * written in place and never replaced. The temporary file is removed on
 * every way out, signals included (lb_at_signal()).
 *
 * Prints one line on failure.
 * Return: 0, LB_EXIT_USAGE (a read-only file, a name too long, a symlink
 * loop) or LB_EXIT_RUNTIME (a write or rename that failed).
 */
int lb_output_write_file(const char *path, const char *buf, size_t len);

#endif /* LB_SRC_OUTPUT_FILE_H */

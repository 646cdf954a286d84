/* SPDX-License-Identifier: GPL-2.0-or-later */
/* file.h - -o: writing the formatted results to a file without destroying it */
#ifndef LB_SRC_OUTPUT_FILE_H
#define LB_SRC_OUTPUT_FILE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

/* struct lb_output - the -o target, opened before the run (file.c) */
struct lb_output {
	const char *opt;	/* the option that named it, for messages: "--output" */
	const char *path;	/* as given */
	int fd;			/* written in place (a device, a FIFO, /dev/stdout), or -1 */
	int dirfd;		/* a file replaced: the directory the kernel resolved, or -1 */
	char base[NAME_MAX + 1];	/* its name there */
	char shown[PATH_MAX];	/* the directory, for messages */
	struct stat st;		/* the file's mode and owner (exists), or the new file's mode */
	bool exists;		/* replace an existing file: keep its mode and owner */
	bool dangling;		/* a dangling link the kernel follows: make its file after the run */
};

/**
 * lb_output_open() - open the -o @path into @o, before the run
 *
 * The kernel resolves @path (its symbolic-link protections apply): a
 * regular file, or a name that does not exist yet, is to be replaced
 * through a temporary file in the directory the kernel resolved for it (a
 * dangling link's file is made there); an existing file keeps its mode
 * (and, where we may, its owner); one with no write permission at all
 * (0444) is refused. Anything else (a character device, a FIFO, which
 * must have a reader, /dev/stdout and the /proc/self/fd links) is opened
 * now and written in place, never replaced.
 *
 * Prints one line on failure.
 * Return: 0, LB_EXIT_USAGE (a link the kernel refuses to follow, a
 * read-only file, a directory, a FIFO without a reader, a name too long)
 * or LB_EXIT_RUNTIME.
 */
int lb_output_open(const char *path, struct lb_output *o);
/* lb_output_open_as() - the same for another option @opt ("--sim-profile-out") */
int lb_output_open_as(const char *opt, const char *path, struct lb_output *o);

/**
 * lb_output_write() - write @len bytes of @buf to the target @o opened, then close it
 *
 * A file is written to a temporary file renamed over it once complete; the
 * temporary file is removed on every way out, signals included
 * (lb_at_signal()). Prints one line on failure.
 * Return: 0 or LB_EXIT_RUNTIME (a write or rename that failed).
 */
int lb_output_write(struct lb_output *o, const char *buf, size_t len);

/* lb_output_close() - close @o without writing (a failed run) */
void lb_output_close(struct lb_output *o);

#endif /* LB_SRC_OUTPUT_FILE_H */

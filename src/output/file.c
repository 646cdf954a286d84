// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * file.c - -o: write the formatted results without destroying what is there
 *
 * What the name is decides how it is written:
 *  - a regular file, or a name that does not exist yet: a temporary file in
 *    the target's real directory, renamed over it once complete, so that a
 *    failed write never leaves half a file; symlinks are followed first
 *    (their target is replaced, the link stays), an existing file keeps its
 *    mode and owner, and one nobody may write (mode 0444 and the like) is
 *    refused rather than replaced by a writable one;
 *  - anything else, a character device (/dev/null, /dev/full), a FIFO, a
 *    socket, or a descriptor of ours (/dev/stdout, /dev/fd/N,
 *    /proc/self/fd/N): written in place, never replaced.
 * The temporary file's name is published to the signal clean-up only once
 * it is complete and the file exists (signals blocked meanwhile), so a
 * handler never unlinks a half-formatted path.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/log.h"
#include "output/file.h"

#define MAX_HOPS 40	/* symlinks followed, as the kernel's ELOOP limit */

static char sig_tmp[PATH_MAX + 16];	/* the temporary file, once it exists */
static volatile sig_atomic_t sig_tmp_live;

/* async-signal-safe: from the lb_at_signal() clean-ups */
static void tmp_signal_cleanup(void)
{
	int saved = errno;

	if (sig_tmp_live)
		unlink(sig_tmp);
	sig_tmp_live = 0;
	errno = saved;
}

static void tmp_exit_cleanup(void)
{
	tmp_signal_cleanup();
}

static void block_signals(sigset_t *old)
{
	sigset_t all;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, old);
}

static void restore_signals(const sigset_t *old)
{
	pthread_sigmask(SIG_SETMASK, old, NULL);
}

enum target {
	T_REPLACE,	/* a regular file or a new name: temporary file + rename */
	T_IN_PLACE,	/* a device, FIFO or socket: open and write */
	T_FD,		/* one of our descriptors (/dev/stdout, /dev/fd/N) */
};

/* Is @p one of our own descriptors' names? Then *@fd is its number. */
static bool fd_name(const char *p, int *fd)
{
	int n = -1, end = 0;
	long pid;

	if ((sscanf(p, "/proc/self/fd/%d%n", &n, &end) == 1 ||
	     sscanf(p, "/proc/thread-self/fd/%d%n", &n, &end) == 1 ||
	     sscanf(p, "/dev/fd/%d%n", &n, &end) == 1) && !p[end] && n >= 0) {
		*fd = n;
		return true;
	}
	if (sscanf(p, "/proc/%ld/fd/%d%n", &pid, &n, &end) == 2 && !p[end] && n >= 0 &&
	    pid == (long)getpid()) {
		*fd = n;
		return true;
	}
	return false;
}

/*
 * Follow @path's symlinks into @cur (PATH_MAX): what is at the end decides
 * how to write. Return: an enum target, or -errno.
 */
static int resolve(const char *path, char *cur, int *fd)
{
	char link[PATH_MAX], next[PATH_MAX];
	struct stat st;

	if (strlen(path) >= PATH_MAX)
		return -ENAMETOOLONG;
	strcpy(cur, path);
	for (int hop = 0; hop < MAX_HOPS; hop++) {
		const char *slash;
		ssize_t n;

		if (fd_name(cur, fd))
			return T_FD;
		if (lstat(cur, &st))
			return errno == ENOENT ? T_REPLACE : -errno;
		if (!S_ISLNK(st.st_mode)) {
			if (S_ISDIR(st.st_mode))
				return -EISDIR;
			return S_ISREG(st.st_mode) ? T_REPLACE : T_IN_PLACE;
		}
		n = readlink(cur, link, sizeof(link) - 1);
		if (n < 0)
			return -errno;
		link[n] = '\0';
		slash = strrchr(cur, '/');
		if (link[0] == '/' || !slash)
			n = snprintf(next, sizeof(next), "%s", link);
		else
			n = snprintf(next, sizeof(next), "%.*s/%s", (int)(slash - cur), cur, link);
		if (n < 0 || (size_t)n >= sizeof(next))
			return -ENAMETOOLONG;
		strcpy(cur, next);
	}
	return -ELOOP;
}

static int write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

static int write_in_place(const char *path, const char *cur, int fd, const char *buf,
			  size_t len)
{
	int err;

	if (fd < 0)
		fd = open(cur, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	else
		fd = dup(fd);	/* /dev/stdout and its kind: the descriptor itself */
	if (fd < 0) {
		lb_err("--output=%s: cannot open %s: %s", path, cur, strerror(errno));
		return LB_EXIT_RUNTIME;
	}
	if (write_all(fd, buf, len)) {
		err = errno;
		close(fd);
		lb_err("--output=%s: write failed: %s", path, strerror(err));
		return LB_EXIT_RUNTIME;
	}
	if (close(fd) && errno != EINTR) {
		lb_err("--output=%s: write failed: %s", path, strerror(errno));
		return LB_EXIT_RUNTIME;
	}
	return 0;
}

/*
 * The real directory of @cur in @dir and its last component in @base;
 * both PATH_MAX. Return: 0 or -errno.
 */
static int split_real(const char *cur, char *dir, char *base)
{
	const char *slash = strrchr(cur, '/');
	char d[PATH_MAX];

	if (!slash) {
		strcpy(d, ".");
		snprintf(base, PATH_MAX, "%s", cur);
	} else {
		snprintf(d, sizeof(d), "%.*s", slash == cur ? 1 : (int)(slash - cur), cur);
		snprintf(base, PATH_MAX, "%s", slash + 1);
	}
	if (!base[0])
		return -EISDIR;
	if (!realpath(d, dir))
		return -errno;
	return 0;
}

/* Mode and owner of the file to make: the existing file's, or 0666 less the umask. */
static int new_mode(const char *path, const char *final, struct stat *st, bool *exists)
{
	mode_t um;

	*exists = stat(final, st) == 0;
	if (*exists) {
		if (!(st->st_mode & 0222)) {
			lb_err("--output=%s: %s is read-only (mode %04o): not replaced", path, final,
			       (unsigned)(st->st_mode & 07777));
			return LB_EXIT_USAGE;
		}
		if (access(final, W_OK)) {
			lb_err("--output=%s: cannot write %s: %s", path, final, strerror(errno));
			return LB_EXIT_USAGE;
		}
		return 0;
	}
	um = umask(0);
	umask(um);
	st->st_mode = 0666 & ~um;
	return 0;
}

static int replace(const char *path, const char *cur, const char *buf, size_t len)
{
	static bool hooked;
	char dir[PATH_MAX], base[PATH_MAX], final[PATH_MAX], tmpl[sizeof(sig_tmp)];
	struct stat st;
	sigset_t old;
	bool exists;
	int fd, rc, err;

	err = split_real(cur, dir, base);
	if (err) {
		lb_err("--output=%s: cannot find the directory of %s: %s", path, cur,
		       strerror(-err));
		return LB_EXIT_USAGE;
	}
	if ((size_t)snprintf(final, sizeof(final), "%s/%s", strcmp(dir, "/") ? dir : "",
			     base) >= sizeof(final) ||
	    (size_t)snprintf(tmpl, sizeof(tmpl), "%s.XXXXXX", final) >= sizeof(tmpl)) {
		lb_err("--output=%s: name too long", path);
		return LB_EXIT_USAGE;
	}
	rc = new_mode(path, final, &st, &exists);
	if (rc)
		return rc;
	if (!hooked) {
		lb_at_signal(tmp_signal_cleanup);
		lb_at_exit(tmp_exit_cleanup);
		hooked = true;
	}
	/* publish the name only complete and once the file exists */
	block_signals(&old);
	fd = mkstemp(tmpl);
	err = errno;
	if (fd >= 0) {
		memcpy(sig_tmp, tmpl, sizeof(tmpl));
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		sig_tmp_live = 1;
	}
	restore_signals(&old);
	if (fd < 0) {
		lb_err("--output=%s: cannot create a temporary file in %s: %s", path, dir,
		       strerror(err));
		return LB_EXIT_RUNTIME;
	}
	if (exists && fchown(fd, st.st_uid, st.st_gid))
		(void)0;	/* not root: the file becomes ours, as any editor's would */
	if (fchmod(fd, st.st_mode & 07777) || write_all(fd, buf, len) || fsync(fd)) {
		err = errno;
		close(fd);
		goto fail;
	}
	if (close(fd)) {
		err = errno;
		goto fail;
	}
	block_signals(&old);
	rc = rename(tmpl, final);
	err = errno;
	if (rc == 0)
		sig_tmp_live = 0;
	restore_signals(&old);
	if (rc) {
		lb_err("--output=%s: cannot rename the temporary file onto %s: %s", path, final,
		       strerror(err));
		tmp_exit_cleanup();
		return LB_EXIT_RUNTIME;
	}
	return 0;
fail:
	lb_err("--output=%s: write failed: %s", path, strerror(err));
	tmp_exit_cleanup();
	return LB_EXIT_RUNTIME;
}

int lb_output_write_file(const char *path, const char *buf, size_t len)
{
	char cur[PATH_MAX];
	int fd = -1, kind = resolve(path, cur, &fd);

	switch (kind) {
	case T_REPLACE:
		return replace(path, cur, buf, len);
	case T_IN_PLACE:
	case T_FD:
		return write_in_place(path, cur, fd, buf, len);
	default:
		lb_err("--output=%s: %s", path, strerror(-kind));
		return kind == -EIO || kind == -ENOMEM ? LB_EXIT_RUNTIME : LB_EXIT_USAGE;
	}
}

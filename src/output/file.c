// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * file.c - -o: write the formatted results without destroying what is there
 *
 * The name is resolved by the kernel, never by us: it is opened before the
 * run (lb_output_open()), so the kernel's own rules for following a
 * symbolic link apply (fs.protected_symlinks: a link another user owns in
 * a sticky world-writable directory is not followed, not even for root,
 * and lockbench refuses the run as `echo x >` refuses the shell). What the
 * open reached decides how the results are written after the run
 * (lb_output_write()):
 *  - a regular file: a temporary file in the directory the kernel resolved
 *    for it (the real path of the descriptor, that directory opened, the
 *    file checked to be the one opened), renamed over it once complete, so
 *    a failed write never leaves half a file; its mode and owner are kept,
 *    and one nobody may write (mode 0444) is refused, not replaced;
 *  - a name that does not exist yet: the same in the directory of the name,
 *    which the kernel resolves; a dangling symbolic link that the kernel
 *    follows names the file to make (made before the run to learn whether
 *    the kernel follows the link for this user, removed at once, and made
 *    again after it, then replaced: a failed run leaves no file);
 *  - anything else, a character device (/dev/null, /dev/full), a FIFO, or a
 *    descriptor of ours (/dev/stdout, /dev/fd/N, /proc/self/fd/N): written
 *    in place through the descriptor opened before the run, never replaced;
 *    a FIFO without a reader is refused before the run (it would block
 *    after it, the results lost).
 * The temporary file's name is published to the signal clean-up only once
 * it is complete and the file exists (signals blocked meanwhile), so a
 * handler never unlinks a half-formatted name.
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
#include <time.h>
#include <unistd.h>

#include "base/log.h"
#include "output/file.h"

/* for the clean-ups: a file of ours in a directory, by descriptor and name */
struct live_file {
	int dirfd;
	char name[NAME_MAX + 1];
	volatile sig_atomic_t live;
};

static struct live_file sig_tmp;	/* the temporary file, once it exists */
static struct live_file sig_made;	/* an empty target made before the run (a dangling link's) */

/* async-signal-safe: from the lb_at_signal() clean-ups */
static void tmp_signal_cleanup(void)
{
	int saved = errno;

	if (sig_tmp.live)
		unlinkat(sig_tmp.dirfd, sig_tmp.name, 0);
	sig_tmp.live = 0;
	if (sig_made.live)
		unlinkat(sig_made.dirfd, sig_made.name, 0);
	sig_made.live = 0;
	errno = saved;
}

static void tmp_exit_cleanup(void)
{
	tmp_signal_cleanup();
}

static void hook_cleanups(void)
{
	static bool hooked;

	if (!hooked) {
		lb_at_signal(tmp_signal_cleanup);
		lb_at_exit(tmp_exit_cleanup);
		hooked = true;
	}
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

/* Publish @name in @dirfd to the clean-ups @lf (signals blocked: never half a name). */
static void publish(struct live_file *lf, int dirfd, const char *name)
{
	sigset_t old;

	block_signals(&old);
	lf->dirfd = dirfd;
	snprintf(lf->name, sizeof(lf->name), "%s", name);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	lf->live = 1;
	restore_signals(&old);
}

static void unpublish(struct live_file *lf)
{
	sigset_t old;

	block_signals(&old);
	lf->live = 0;
	restore_signals(&old);
}

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

/* The directory part of @path ("." for none, "/" for the root) into @dir, its last part into @base. */
static int split(const char *path, char *dir, size_t dlen, char *base, size_t blen)
{
	const char *slash = strrchr(path, '/');
	int n;

	if (!slash)
		n = snprintf(dir, dlen, ".");
	else
		n = snprintf(dir, dlen, "%.*s", slash == path ? 1 : (int)(slash - path), path);
	if (n < 0 || (size_t)n >= dlen ||
	    (size_t)snprintf(base, blen, "%s", slash ? slash + 1 : path) >= blen)
		return -ENAMETOOLONG;
	if (!base[0] || !strcmp(base, ".") || !strcmp(base, ".."))
		return -EISDIR;
	return 0;
}

/*
 * A regular file the kernel opened as @fd: the directory it is in, as the
 * kernel resolved it (the descriptor's real path), opened, and the file
 * checked to be the one in it by that name.
 */
static int resolved_dir(struct lb_output *o, int fd, const struct stat *st)
{
	char proc[64], real[PATH_MAX], dir[PATH_MAX];
	struct stat here;
	ssize_t n;
	int err;

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	n = readlink(proc, real, sizeof(real) - 1);
	if (n < 0) {
		lb_err("%s=%s: cannot tell the directory the file is in (%s: %s)", o->opt, o->path,
		       proc, strerror(errno));
		return LB_EXIT_RUNTIME;
	}
	real[n] = '\0';
	err = real[0] == '/' ? split(real, dir, sizeof(dir), o->base, sizeof(o->base)) : -ENOENT;
	if (!err) {
		o->dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		err = o->dirfd < 0 ? -errno : 0;
	}
	if (!err && (fstatat(o->dirfd, o->base, &here, AT_SYMLINK_NOFOLLOW) ||
		     here.st_dev != st->st_dev || here.st_ino != st->st_ino))
		err = -ESTALE;
	if (err) {
		lb_err("%s=%s: %s: %s", o->opt, o->path, real, err == -ESTALE ?
		       "the file changed while it was opened" : strerror(-err));
		return LB_EXIT_USAGE;
	}
	snprintf(o->shown, sizeof(o->shown), "%s", dir);
	return 0;
}

/* The kernel refused @path: one line that says why, and the exit code. */
static int refused(struct lb_output *o, int err)
{
	struct stat st;
	bool link = lstat(o->path, &st) == 0 && S_ISLNK(st.st_mode);

	if (err == ENXIO && stat(o->path, &st) == 0 && S_ISFIFO(st.st_mode))
		lb_err("%s=%s: a FIFO with no reader: the results would block after the run "
		       "(start its reader first)", o->opt, o->path);
	else if (err == EACCES && link)
		lb_err("%s=%s: the kernel refuses to open it through the symbolic link for "
		       "this user (fs.protected_symlinks in a sticky directory, or no permission): "
		       "not written", o->opt, o->path);
	else if (err == EISDIR)
		lb_err("%s=%s: is a directory", o->opt, o->path);
	else
		lb_err("%s=%s: cannot open it: %s", o->opt, o->path, strerror(err));
	return err == ENOMEM ? LB_EXIT_RUNTIME : LB_EXIT_USAGE;
}

/* What @fd, opened by the kernel, reached: a regular file to replace, or something written in place. */
static int opened(struct lb_output *o, int fd, bool made)
{
	struct stat st;
	int fl, rc;

	if (fstat(fd, &st)) {
		lb_err("%s=%s: %s", o->opt, o->path, strerror(errno));
		close(fd);
		return LB_EXIT_RUNTIME;
	}
	if (!S_ISREG(st.st_mode)) {
		fl = fcntl(fd, F_GETFL);
		if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0) {
			lb_err("%s=%s: %s", o->opt, o->path, strerror(errno));
			close(fd);
			return LB_EXIT_RUNTIME;
		}
		o->fd = fd;	/* a device or FIFO: written in place, after the run */
		return 0;
	}
	if (!made && !(st.st_mode & 0222)) {
		lb_err("%s=%s: read-only (mode %04o): not replaced", o->opt, o->path,
		       (unsigned)(st.st_mode & 07777));
		close(fd);
		return LB_EXIT_USAGE;
	}
	rc = resolved_dir(o, fd, &st);
	close(fd);
	if (rc)
		return rc;
	o->st = st;
	o->exists = !made;
	if (made)	/* the file we made: removed again unless the results replace it */
		publish(&sig_made, o->dirfd, o->base);
	return 0;
}

/*
 * A dangling symbolic link: the kernel follows it (or refuses to, for this
 * user) and makes the file it names, empty; the file is ours when it is
 * empty, ours and has one name. Return: as opened().
 */
static int dangling(struct lb_output *o)
{
	int fd = open(o->path, O_WRONLY | O_CREAT | O_NOCTTY | O_NONBLOCK | O_CLOEXEC, 0666);
	struct stat st;

	if (fd < 0)
		return refused(o, errno);
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0 &&
	    st.st_uid == geteuid() && st.st_nlink == 1)
		return opened(o, fd, true);
	return opened(o, fd, false);	/* someone made it meanwhile: an existing file */
}

/* The file made through a dangling link, unless the results replaced it. */
static void remove_made(struct lb_output *o)
{
	struct stat st;

	if (!sig_made.live)
		return;
	if (fstatat(o->dirfd, o->base, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    st.st_dev == o->st.st_dev && st.st_ino == o->st.st_ino && st.st_size == 0)
		unlinkat(o->dirfd, o->base, 0);
	unpublish(&sig_made);
}

/* A name that does not exist: its directory, resolved by the kernel; the file is made after the run. */
static int new_name(struct lb_output *o)
{
	char dir[PATH_MAX];
	mode_t um;
	int err = split(o->path, dir, sizeof(dir), o->base, sizeof(o->base));

	if (!err) {
		o->dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		err = o->dirfd < 0 ? -errno : 0;
	}
	if (!err && faccessat(o->dirfd, ".", W_OK | X_OK, AT_EACCESS))
		err = -errno;
	if (err) {
		lb_err("%s=%s: cannot write in directory %s: %s", o->opt, o->path, dir, strerror(-err));
		return err == -ENOMEM ? LB_EXIT_RUNTIME : LB_EXIT_USAGE;
	}
	snprintf(o->shown, sizeof(o->shown), "%s", dir);
	um = umask(0);
	umask(um);
	o->st.st_mode = 0666 & ~um;
	return 0;
}

int lb_output_open(const char *path, struct lb_output *o)
{
	return lb_output_open_as("--output", path, o);
}

int lb_output_open_as(const char *opt, const char *path, struct lb_output *o)
{
	struct stat st;
	int fd, own, rc;

	memset(o, 0, sizeof(*o));
	o->opt = opt;
	o->path = path;
	o->fd = o->dirfd = -1;
	hook_cleanups();
	if (fd_name(path, &own)) {	/* /dev/stdout and its kind: the descriptor itself */
		o->fd = dup(own);
		if (o->fd < 0) {
			lb_err("%s=%s: %s", o->opt, path, strerror(errno));
			return LB_EXIT_USAGE;
		}
		return 0;
	}
	/* the kernel follows the links, with its protections; a FIFO must have a reader now */
	fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	if (fd >= 0)
		return opened(o, fd, false);
	if (errno != ENOENT)
		return refused(o, errno);
	if (lstat(path, &st) || !S_ISLNK(st.st_mode))
		return new_name(o);
	/*
	 * a dangling link: the file it names is made now, so the kernel says
	 * whether it follows the link for us, and removed until the results
	 * are written (a failed run leaves no file)
	 */
	rc = dangling(o);
	if (!rc && o->fd < 0 && sig_made.live) {	/* made by us: not until the results */
		o->dangling = true;
		remove_made(o);
		close(o->dirfd);
		o->dirfd = -1;
	}
	return rc;
}

static int write_in_place(struct lb_output *o, const char *buf, size_t len)
{
	void (*was)(int) = signal(SIGPIPE, SIG_IGN);	/* a reader gone: EPIPE, one line */
	int err = write_all(o->fd, buf, len) ? errno : 0;

	if (close(o->fd) && errno != EINTR && !err)
		err = errno;
	o->fd = -1;
	signal(SIGPIPE, was);
	if (err) {
		lb_err("%s=%s: write failed: %s", o->opt, o->path, strerror(err));
		return LB_EXIT_RUNTIME;
	}
	return 0;
}

/* A temporary file beside the target, in the directory the kernel resolved: its descriptor. */
static int make_tmp(struct lb_output *o, char *name, size_t len)
{
	static unsigned seq;
	sigset_t old;

	for (unsigned tries = 0; tries < 100; tries++) {
		unsigned r = (unsigned)getpid() * 2654435761u ^ (unsigned)time(NULL) ^
			     (++seq * 40503u) ^ (unsigned)clock();
		int fd, err;

		if ((size_t)snprintf(name, len, "%.*s.%06x", NAME_MAX - 8, o->base, r & 0xffffff) >=
		    len)
			return -ENAMETOOLONG;
		/* published only once it exists: a handler never unlinks another's file */
		block_signals(&old);
		fd = openat(o->dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			    0600);
		err = errno;
		if (fd >= 0)
			publish(&sig_tmp, o->dirfd, name);
		restore_signals(&old);
		if (fd >= 0 || err != EEXIST)
			return fd >= 0 ? fd : -err;
	}
	return -EEXIST;
}

static int replace(struct lb_output *o, const char *buf, size_t len)
{
	char tmp[NAME_MAX + 1];
	sigset_t old;
	int fd, rc, err;

	fd = make_tmp(o, tmp, sizeof(tmp));
	if (fd < 0) {
		lb_err("%s=%s: cannot create a temporary file in %s: %s", o->opt, o->path, o->shown,
		       strerror(-fd));
		return LB_EXIT_RUNTIME;
	}
	if (o->exists && fchown(fd, o->st.st_uid, o->st.st_gid))
		(void)0;	/* not root: the file becomes ours, as any editor's would */
	if (fchmod(fd, o->st.st_mode & 07777) || write_all(fd, buf, len) || fsync(fd)) {
		err = errno;
		close(fd);
		goto fail;
	}
	if (close(fd)) {
		err = errno;
		goto fail;
	}
	/* in the directory the kernel resolved: a link put there since is replaced, not followed */
	block_signals(&old);
	rc = renameat(o->dirfd, tmp, o->dirfd, o->base);
	err = errno;
	if (rc == 0)
		sig_tmp.live = sig_made.live = 0;
	restore_signals(&old);
	if (rc) {
		lb_err("%s=%s: cannot rename the temporary file onto %s/%s: %s", o->opt, o->path,
		       o->shown, o->base, strerror(err));
		tmp_exit_cleanup();
		return LB_EXIT_RUNTIME;
	}
	return 0;
fail:
	lb_err("%s=%s: write failed: %s", o->opt, o->path, strerror(err));
	unpublish(&sig_tmp);
	unlinkat(o->dirfd, tmp, 0);
	return LB_EXIT_RUNTIME;
}

int lb_output_write(struct lb_output *o, const char *buf, size_t len)
{
	int rc = 0;

	if (o->dangling)	/* made again, as before the run: the kernel follows the link */
		rc = dangling(o);
	if (!rc)
		rc = o->fd >= 0 ? write_in_place(o, buf, len) : replace(o, buf, len);
	lb_output_close(o);
	return rc;
}

void lb_output_close(struct lb_output *o)
{
	if (o->fd >= 0)
		close(o->fd);
	o->fd = -1;
	if (o->dirfd >= 0) {
		remove_made(o);
		close(o->dirfd);
	}
	o->dirfd = -1;
}

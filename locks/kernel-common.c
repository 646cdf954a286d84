// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kernel-common.c - the temporary files of the kernel-* locks
 *
 * See kernel-common.h. The paths of the one live directory are copied to
 * static buffers so that the exit hook and the signal handler can remove
 * it with nothing but unlink(2) and rmdir(2), whatever state the point is
 * in when lockbench stops.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernel-common.h"
#include "base/log.h"

static char live_dir[PATH_MAX], live_file[PATH_MAX];
static volatile sig_atomic_t live;

/* async-signal-safe: on SIGINT, SIGTERM, SIGHUP and at lb_exit() */
static void kfiles_cleanup(void)
{
	int saved = errno;

	if (live) {
		if (live_file[0])
			unlink(live_file);
		rmdir(live_dir);
		live = 0;
	}
	errno = saved;
}

static const char *base_dir(void)
{
	const char *d = getenv("TMPDIR");

	if (d && *d)
		return d;
	if (access("/var/tmp", W_OK | X_OK) == 0)
		return "/var/tmp";
	return "/tmp";
}

/* lb_lock_why for a failed init(): the directory, where it came from, and the path @what */
static void say_where(const char *what)
{
	const char *d = getenv("TMPDIR");

	snprintf(lb_lock_why, sizeof(lb_lock_why), "cannot make %s in %.200s (%s)", what, base_dir(),
		 d && *d ? "$TMPDIR" : "TMPDIR is not set: /var/tmp, else /tmp");
}

/*
 * Remove what killed lockbench processes (SIGKILL) left in @base: our own
 * directories lockbench-<pid>-kernel-<lock>.XXXXXX of a pid that is no
 * longer a lockbench, holding nothing but the files the kernel locks make
 * (anything else in one makes its rmdir fail, and it stays).
 */
static void sweep_stale(const char *base)
{
	static const char *const files[] = { "lock", "data" };
	DIR *d = opendir(base);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		long pid;
		int n = 0, dfd;
		struct stat st;

		if (sscanf(e->d_name, "lockbench-%ld-kernel-%*[a-z].%*6[A-Za-z0-9]%n", &pid, &n) < 1 ||
		    n == 0 || e->d_name[n] || lb_pid_is_lockbench(pid))
			continue;
		if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISDIR(st.st_mode) ||
		    st.st_uid != geteuid())
			continue;
		dfd = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (dfd < 0)
			continue;
		for (unsigned i = 0; i < sizeof(files) / sizeof(files[0]); i++)
			unlinkat(dfd, files[i], 0);
		close(dfd);
		if (unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR) == 0)
			lb_info("removed %s/%s, which a killed lockbench left behind", base, e->d_name);
	}
	closedir(d);
}

int lb_kfiles_create(struct lb_kfiles *k, const char *lock, const char *name, const char *content)
{
	static bool hooked;
	int fd, err;
	size_t len;

	if (live)
		return -EBUSY;	/* one point at a time */
	if (!hooked) {
		lb_at_exit(kfiles_cleanup);
		lb_at_signal(kfiles_cleanup);
		sweep_stale(base_dir());
		hooked = true;
	}
	if ((size_t)snprintf(k->dir, sizeof(k->dir), "%s/lockbench-%ld-%s.XXXXXX", base_dir(),
			     (long)getpid(), lock) >= sizeof(k->dir) ||
	    (name && (size_t)snprintf(k->file, sizeof(k->file), "%s/%s", k->dir, name) >=
	     sizeof(k->file))) {
		say_where("its temporary directory");
		return -ENAMETOOLONG;
	}
	if (!mkdtemp(k->dir)) {
		err = errno;
		say_where("its temporary directory");
		return -err;
	}
	/* the same length as the template's, checked above: the file's path in the real name */
	k->file[0] = '\0';
	if (name) {
		size_t dl = strlen(k->dir);

		memcpy(k->file, k->dir, dl);
		k->file[dl] = '/';
		memcpy(k->file + dl + 1, name, strlen(name) + 1);
	}
	memcpy(live_dir, k->dir, sizeof(live_dir));
	memcpy(live_file, k->file, sizeof(live_file));
	/* compiler barrier: the paths are in place before a handler can see live */
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	live = 1;
	if (!name)
		return 0;
	fd = open(k->file, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		goto fail;
	len = strlen(content);
	if (write(fd, content, len) != (ssize_t)len) {
		err = errno ? errno : EIO;
		close(fd);
		errno = err;
		goto fail;
	}
	if (close(fd))
		goto fail;
	return 0;
fail:
	err = errno;
	snprintf(lb_lock_why, sizeof(lb_lock_why), "cannot make its file %.280s", k->file);
	lb_kfiles_remove(k);
	return -err;
}

void lb_kfiles_remove(struct lb_kfiles *k)
{
	if (k->file[0])
		unlink(k->file);
	if (k->dir[0])
		rmdir(k->dir);
	k->file[0] = k->dir[0] = '\0';
	live = 0;
}

int lb_kfd_open(struct lb_kfd *f, const char *path, int flags)
{
	f->fd = open(path, flags | O_CLOEXEC);
	if (f->fd < 0)
		return -errno;
	f->open = true;
	return 0;
}

void lb_kfd_close(struct lb_kfd *f)
{
	if (f->open)
		close(f->fd);
	f->open = false;
}

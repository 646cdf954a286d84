/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kernel-common.h - what the running kernel's own locks (family kernel) share
 *
 * The kernel-* locks do not model a lock: their verbs are system calls
 * that take one of the running kernel's locks inside the kernel (the mm's
 * mmap_lock, a futex hash bucket, a file's lock list, an inode's rwsem).
 * The files they need live in one temporary directory per point,
 * "lockbench-<pid>-<lock>.XXXXXX" under $TMPDIR, else /var/tmp (on disk
 * on most systems, where /tmp may be tmpfs), else /tmp: made in init(),
 * removed in fini(), and removed by lockbench's exit hooks and its
 * SIGINT/SIGTERM/SIGHUP handler (unlink and rmdir of paths prepared
 * beforehand) when a point ends any other way. Only one point runs at a
 * time, so there is one such directory at a time.
 *
 * A system call that fails where it should not (mmap out of memory, a
 * flock(2) refused) is counted in the lock's "syscall-errors" counter,
 * never hidden: -v shows it.
 */
#ifndef LB_LOCKS_KERNEL_COMMON_H
#define LB_LOCKS_KERNEL_COMMON_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "lock.h"

struct lb_kfiles {
	char dir[PATH_MAX];
	char file[PATH_MAX];	/* dir/<name>, or "" */
};

/**
 * lb_kfiles_create() - the point's temporary directory, with one file in it
 * @k:       filled with the paths
 * @lock:    the lock's name, part of the directory's
 * @name:    the file's name in it (NULL: no file)
 * @content: its initial content (with @name), may be ""
 *
 * Return: 0 or -errno; nothing is left behind on failure.
 */
int lb_kfiles_create(struct lb_kfiles *k, const char *lock, const char *name, const char *content);
/* lb_kfiles_remove() - remove the file and the directory (fini()); idempotent */
void lb_kfiles_remove(struct lb_kfiles *k);

/* Per-thread state of a lock whose threads each open the file themselves. */
struct lb_kfd {
	int fd;
	bool open;	/* the area is zeroed: fd 0 alone would be stdin */
};

/* lb_kfd_open() - this thread's own open file description of @path (thread_init()) */
int lb_kfd_open(struct lb_kfd *f, const char *path, int flags);
/* lb_kfd_close() - close it if open (thread_fini()) */
void lb_kfd_close(struct lb_kfd *f);

/* The counter every kernel lock has first: system calls that failed unexpectedly. */
#define LB_KERNEL_COUNTER_NAMES "syscall-errors"
enum { LB_KCTR_ERRORS = 0 };

static inline void lb_kernel_error(struct lb_tctx *t)
{
	lb_count(t, LB_KCTR_ERRORS);
}

#endif /* LB_LOCKS_KERNEL_COMMON_H */

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kernel-file.c - the running kernel's inode rwsem (inode->i_rwsem), through pwrite and lseek
 *
 * Algorithm: none of lockbench's: the lock is the kernel's own, the
 * rw_semaphore of one file's inode (i_mutex before 4.7) in the point's
 * temporary directory (kernel-common.h). Each thread opens the file
 * itself: with a shared description lseek(2) would also take the file's
 * f_pos_lock mutex (--trace saw MUTEX|SPIN contention on the build VM).
 * Each verb is one system call that takes and releases the inode lock:
 *	lock        pwrite(2) of 8 bytes at offset 0: the write path takes
 *	unlock          inode_lock() (exclusive) on every disk filesystem
 *	read_lock   lseek(2) SEEK_DATA from 0: ext4 and btrfs take
 *	read_unlock     inode_lock_shared() around their extent search
 * A regular file has no read-side system call that takes the inode lock
 * shared on every filesystem: reads and lseek(SEEK_SET/CUR/END) take none,
 * XFS takes its own ILOCK for SEEK_DATA (and i_rwsem shared for read(2)),
 * tmpfs takes i_rwsem exclusively for SEEK_DATA. So the file goes under
 * $TMPDIR, else /var/tmp (on disk where /tmp is tmpfs), and init() warns
 * once when that is not ext4 or btrfs, where reads may not be shared.
 * An operation is two acquisitions of the kernel's lock and --load runs
 * between them, outside it. --trace verifies it on ext4
 * (tests/cli/trace-kernel.sh): contention_begin events with flags WRITE
 * and READ on one lock address.
 *
 * Lock word: the kernel's struct rw_semaphore in the inode, not visible
 * from user space; describe() names the file and its filesystem.
 *
 * States: those of the kernel's rwsem (kernel/locking/rwsem.c).
 *
 * Ordering: the kernel's; user space gets no exclusion from these verbs
 * (LB_LOCK_F_NOEXCL): --validate checks only the harness's own invariants.
 *
 * Progress and fairness: the kernel rwsem's (see kernel-mmap.c).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "kernel-common.h"
#include "lock.h"
#include "base/log.h"
#include "harness/loop.h"

#define KFILE_EXT4_MAGIC	0xef53u		/* ext2, ext3 and ext4 share it */
#define KFILE_BTRFS_MAGIC	0x9123683eu
#define KFILE_TMPFS_MAGIC	0x01021994u
#define KFILE_XFS_MAGIC		0x58465342u
#define KFILE_OVERLAY_MAGIC	0x794c7630u

struct kfile {
	struct lb_kfiles files;
	unsigned long fs_magic;
};

static const char *const kfile_counters[] = {
	LB_KERNEL_COUNTER_NAMES,
	NULL,
};

static const char *fs_name(unsigned long magic)
{
	switch (magic) {
	case KFILE_EXT4_MAGIC:
		return "ext4";
	case KFILE_BTRFS_MAGIC:
		return "btrfs";
	case KFILE_TMPFS_MAGIC:
		return "tmpfs";
	case KFILE_XFS_MAGIC:
		return "xfs";
	case KFILE_OVERLAY_MAGIC:
		return "overlayfs";
	default:
		return "another";
	}
}

static int kfile_init(void *lock, const struct lb_lock_cfg *cfg)
{
	static bool warned;
	struct kfile *l = lock;
	struct statfs sf;
	int err = lb_kfiles_create(&l->files, "kernel-file", "data", "lockbench");

	if (err)
		return err;
	if (statfs(l->files.file, &sf)) {
		err = -errno;
		lb_kfiles_remove(&l->files);
		return err;
	}
	l->fs_magic = (unsigned long)sf.f_type;
	if (!warned && l->fs_magic != KFILE_EXT4_MAGIC && l->fs_magic != KFILE_BTRFS_MAGIC) {
		lb_warn("kernel-file: %s is on %s filesystem (0x%lx), where lseek(SEEK_DATA) may not "
			"take the inode lock shared (ext4 and btrfs do, tmpfs takes it exclusively); "
			"set TMPDIR to a directory on ext4 or btrfs", l->files.file,
			fs_name(l->fs_magic), l->fs_magic);
		warned = true;
	}
	return 0;
}

static void kfile_fini(void *lock)
{
	struct kfile *l = lock;

	lb_kfiles_remove(&l->files);
}

static int kfile_thread_init(void *lock, struct lb_tctx *t)
{
	struct kfile *l = lock;

	return lb_kfd_open(t->priv, l->files.file, O_RDWR);
}

static void kfile_thread_fini(void *lock, struct lb_tctx *t)
{
	lb_kfd_close(t->priv);
}

/* pwrite(2): inode_lock() in the filesystem's write_iter */
static void kfile_write(void *lock, struct lb_tctx *t)
{
	struct lb_kfd *me = t->priv;
	static const char data[8] = "lockbnch";

	if (pwrite(me->fd, data, sizeof(data), 0) != (ssize_t)sizeof(data))
		lb_kernel_error(t);
}

/* lseek(2) SEEK_DATA: inode_lock_shared() in ext4_llseek() and btrfs_file_llseek() */
static void kfile_read(void *lock, struct lb_tctx *t)
{
	struct lb_kfd *me = t->priv;

	if (lseek(me->fd, 0, SEEK_DATA) != 0)
		lb_kernel_error(t);
}

static int kfile_describe(void *lock, char *buf, size_t len)
{
	struct kfile *l = lock;

	return snprintf(buf, len, "the kernel's i_rwsem of %s (%s filesystem; not visible from "
			"user space)", l->files.file, fs_name(l->fs_magic));
}

LB_LOCK_LOOP(kfile_loop, kfile_write, kfile_write, kfile_read, kfile_read)

const struct lb_lock_ops lb_lock_kernel_file = {
	.name = "kernel-file",
	.desc = "the kernel's inode rwsem of one file: pwrite(2) write-locks it, "
		"lseek(SEEK_DATA) read-locks it on ext4/btrfs (no exclusion in user space)",
	.follows = "the running kernel's i_rwsem of one file's inode",
	.deviations = "no exclusion in user space; the read side is shared only on ext4 and btrfs "
		"(lseek SEEK_DATA)",
	.family = "kernel",
	.kind = LB_LOCK_RW,
	.flags = LB_LOCK_F_BLOCKING | LB_LOCK_F_NOEXCL | LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct kfile),
	.tctx_size = sizeof(struct lb_kfd),
	.init = kfile_init,
	.fini = kfile_fini,
	.thread_init = kfile_thread_init,
	.thread_fini = kfile_thread_fini,
	.lock = kfile_write,
	.unlock = kfile_write,
	.read_lock = kfile_read,
	.read_unlock = kfile_read,
	.loop = kfile_loop,
	.describe = kfile_describe,
	.counters = kfile_counters,
	LB_NOSIM(LB_NOSIM_KERNEL),
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kernel-flock.c - the running kernel's BSD file lock, through flock(2)
 *
 * Algorithm: none of lockbench's: flock(2) on one shared file in the
 * point's temporary directory (kernel-common.h), each thread through its
 * own open file description (flock locks belong to the description, so
 * threads sharing one would share the lock):
 *	lock        flock(LOCK_EX)           read_lock     flock(LOCK_SH)
 *	unlock      flock(LOCK_UN)           read_unlock   flock(LOCK_UN)
 *	trylock     flock(LOCK_EX|LOCK_NB)   read_trylock  flock(LOCK_SH|LOCK_NB)
 * Unlike the other kernel-* locks this one gives user space real
 * exclusion: LOCK_EX excludes every other holder and LOCK_SH excludes
 * LOCK_EX, so --load runs inside it and --validate checks it. Inside the
 * kernel (fs/locks.c) every call takes the file's lock-list spinlock
 * (struct file_lock_context.flc_lock), and a conflict takes the global
 * blocked_lock_lock spinlock too and sleeps on the blocker's wait queue
 * (interruptibly: --trace's "sleeping"). --trace verifies it
 * (tests/cli/trace-kernel.sh): contention_begin events with flags SPIN;
 * with readers only (1:0) nearly all on one lock, flc_lock.
 *
 * Lock word: the kernel's list of struct file_lock on the inode, not
 * visible from user space; describe() prints the file's lines of
 * /proc/locks (holders and waiters).
 *
 * States: free; held shared by n descriptions (LOCK_SH); held exclusive
 * by one (LOCK_EX). A conflicting request sleeps until the holder
 * releases, then retries.
 *
 * Ordering: the kernel's spinlocks around the lock lists order a release
 * before the next grant, so the critical sections are ordered.
 *
 * Progress and fairness: none promised: woken waiters retry, and a
 * stream of readers can keep a writer out (flock(2) has no writer
 * preference).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernel-common.h"
#include "lock.h"
#include "harness/loop.h"

struct kflock {
	struct lb_kfiles files;
	struct lb_kfd probe;	/* a description of its own, for is_locked() */
	ino_t ino;
};

static const char *const kflock_counters[] = {
	LB_KERNEL_COUNTER_NAMES,
	"eintr",		/* a wait cut short by a signal, and retried */
	NULL,
};

enum { CTR_EINTR = 1 };

static int kflock_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct kflock *l = lock;
	struct stat st;
	int err = lb_kfiles_create(&l->files, "kernel-flock", "lock", "");

	if (err)
		return err;
	err = lb_kfd_open(&l->probe, l->files.file, O_RDONLY);
	if (!err && fstat(l->probe.fd, &st))
		err = -errno;
	if (err) {
		lb_kfd_close(&l->probe);
		lb_kfiles_remove(&l->files);
		return err;
	}
	l->ino = st.st_ino;
	return 0;
}

static void kflock_fini(void *lock)
{
	struct kflock *l = lock;

	lb_kfd_close(&l->probe);
	lb_kfiles_remove(&l->files);
}

static int kflock_thread_init(void *lock, struct lb_tctx *t)
{
	struct kflock *l = lock;

	return lb_kfd_open(t->priv, l->files.file, O_RDONLY);
}

static void kflock_thread_fini(void *lock, struct lb_tctx *t)
{
	lb_kfd_close(t->priv);
}

/* flock(2) until it is granted: a signal (an interrupt reader) only restarts it */
static inline void kflock_op(struct lb_tctx *t, int op)
{
	struct lb_kfd *me = t->priv;

	while (flock(me->fd, op)) {
		if (errno != EINTR) {
			lb_kernel_error(t);
			return;
		}
		lb_count(t, CTR_EINTR);
	}
}

static inline bool kflock_try(struct lb_tctx *t, int op)
{
	struct lb_kfd *me = t->priv;

	if (flock(me->fd, op | LOCK_NB) == 0)
		return true;
	if (errno != EWOULDBLOCK && errno != EINTR)
		lb_kernel_error(t);
	return false;
}

static void kflock_lock(void *lock, struct lb_tctx *t)
{
	kflock_op(t, LOCK_EX);
}

static void kflock_read_lock(void *lock, struct lb_tctx *t)
{
	kflock_op(t, LOCK_SH);
}

static void kflock_unlock(void *lock, struct lb_tctx *t)
{
	kflock_op(t, LOCK_UN);
}

static bool kflock_trylock(void *lock, struct lb_tctx *t)
{
	return kflock_try(t, LOCK_EX);
}

static bool kflock_read_trylock(void *lock, struct lb_tctx *t)
{
	return kflock_try(t, LOCK_SH);
}

/*
 * --validate asks a writer that holds the lock: a shared request through a
 * description of our own must be refused. (Only the one writer calls it,
 * so the probe is not shared; were it granted, the lock was free: drop it.)
 */
static bool kflock_is_locked(void *lock)
{
	struct kflock *l = lock;

	if (flock(l->probe.fd, LOCK_SH | LOCK_NB) == 0) {
		flock(l->probe.fd, LOCK_UN);
		return false;
	}
	return true;
}

/* The file's lines of /proc/locks: "1: FLOCK  ADVISORY  WRITE 4321 fe:01:1234 0 EOF" */
static int kflock_describe(void *lock, char *buf, size_t len)
{
	struct kflock *l = lock;
	char line[256], key[32];
	size_t n;
	FILE *f = fopen("/proc/locks", "r");

	n = (size_t)snprintf(buf, len, "flock(2) on %s (inode %llu)", l->files.file,
			     (unsigned long long)l->ino);
	if (!f)
		return (int)n;
	snprintf(key, sizeof(key), ":%llu ", (unsigned long long)l->ino);
	while (n < len && fgets(line, sizeof(line), f)) {
		if (!strstr(line, "FLOCK") || !strstr(line, key))
			continue;
		line[strcspn(line, "\n")] = '\0';
		n += (size_t)snprintf(buf + n, len - n, "; %s", line);
	}
	fclose(f);
	return (int)(n < len ? n : len - 1);
}

LB_LOCK_LOOP(kflock_loop, kflock_lock, kflock_unlock, kflock_read_lock, kflock_unlock)

const struct lb_lock_ops lb_lock_kernel_flock = {
	.name = "kernel-flock",
	.desc = "the kernel's BSD file lock: flock(2) LOCK_EX/LOCK_SH then LOCK_UN on one "
		"shared file (real exclusion)",
	.follows = "the running kernel's flock(2) lock of one file (fs/locks.c)",
	.deviations = "none: real exclusion, each verb one flock(2) system call",
	.family = "kernel",
	.kind = LB_LOCK_RW,
	.flags = LB_LOCK_F_BLOCKING | LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct kflock),
	.tctx_size = sizeof(struct lb_kfd),
	.init = kflock_init,
	.fini = kflock_fini,
	.thread_init = kflock_thread_init,
	.thread_fini = kflock_thread_fini,
	.lock = kflock_lock,
	.unlock = kflock_unlock,
	.trylock = kflock_trylock,
	.read_lock = kflock_read_lock,
	.read_unlock = kflock_unlock,
	.read_trylock = kflock_read_trylock,
	.is_locked = kflock_is_locked,
	.loop = kflock_loop,
	.describe = kflock_describe,
	.counters = kflock_counters,
	LB_NOSIM(LB_NOSIM_KERNEL),
};

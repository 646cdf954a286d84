// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kernel-mmap.c - the running kernel's mmap_lock (mm->mmap_lock), through mmap(2)
 *
 * Algorithm: none of lockbench's: the lock is the kernel's own, the
 * rw_semaphore in the process's mm_struct (mmap_sem before 5.8) that
 * orders changes to the address space. All threads of lockbench share one
 * mm, so every thread contends on the same rwsem. Each verb is one system
 * call that takes and releases it inside the kernel:
 *	lock        mmap(2) of one anonymous private page: mmap_write_lock
 *	unlock      munmap(2) of that page: mmap_write_lock again
 *	read_lock   msync(2) of a page mapped in init(), MS_ASYNC:
 *	read_unlock     mmap_read_lock, find the VMA, unlock, nothing else
 * msync(MS_ASYNC) is the lightest system call that still takes mmap_lock
 * for read on every kernel: since Linux 6.4 page faults, and since 6.16
 * madvise(MADV_DONTNEED), use per-VMA locks instead, and mincore(2) also
 * takes the page-table spinlock of the pages it inspects (seen with
 * --trace as SPIN contention on the build VM). So an operation is two
 * acquisitions of the kernel's lock, and the --load pauses run between
 * them, outside it: the critical section is the kernel's, not --load.
 * --trace verifies it (tests/cli/trace-kernel.sh): contention_begin
 * events with flags WRITE and READ on one lock address.
 *
 * Lock word: the kernel's struct rw_semaphore (count, owner, wait_lock,
 * wait_list), not visible from user space; describe() says so.
 *
 * States: those of the kernel's rwsem (kernel/locking/rwsem.c): readers
 * share it, a writer excludes all; a waiter sleeps (TASK_KILLABLE for the
 * writers of mmap and munmap, --trace's "blocked").
 *
 * Ordering: the kernel's; user space gets no exclusion from these verbs
 * (LB_LOCK_F_NOEXCL): --validate checks only the harness's own invariants.
 *
 * Progress and fairness: the kernel rwsem's: optimistic spinning by
 * writers (and readers) while the owner runs, then a FIFO wait queue with
 * hand-off after a waiter has waited long enough.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "kernel-common.h"
#include "lock.h"
#include "harness/loop.h"

struct kmmap {
	void *region;		/* one page, mapped in init(): msync's target */
	size_t page;
};

struct kmmap_thread {
	void *map;		/* the page mmap()ed by lock(), munmap()ed by unlock() */
};

static const char *const kmmap_counters[] = {
	LB_KERNEL_COUNTER_NAMES,
	NULL,
};

static int kmmap_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct kmmap *l = lock;
	long page = sysconf(_SC_PAGESIZE);

	l->page = page > 0 ? (size_t)page : 4096;
	l->region = mmap(NULL, l->page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (l->region == MAP_FAILED) {
		l->region = NULL;
		return -errno;
	}
	return 0;
}

static void kmmap_fini(void *lock)
{
	struct kmmap *l = lock;

	if (l->region)
		munmap(l->region, l->page);
	l->region = NULL;
}

/* mmap(2): mmap_write_lock_killable() in vm_mmap_pgoff() */
static void kmmap_lock(void *lock, struct lb_tctx *t)
{
	struct kmmap *l = lock;
	struct kmmap_thread *me = t->priv;
	void *p = mmap(NULL, l->page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		lb_kernel_error(t);
		p = NULL;
	}
	me->map = p;
}

/* munmap(2): mmap_write_lock_killable() in __vm_munmap() */
static void kmmap_unlock(void *lock, struct lb_tctx *t)
{
	struct kmmap *l = lock;
	struct kmmap_thread *me = t->priv;

	if (me->map && munmap(me->map, l->page))
		lb_kernel_error(t);
	me->map = NULL;
}

/* msync(2), MS_ASYNC: mmap_read_lock(), find_vma(), mmap_read_unlock() */
static void kmmap_read(void *lock, struct lb_tctx *t)
{
	struct kmmap *l = lock;

	if (msync(l->region, l->page, MS_ASYNC))
		lb_kernel_error(t);
}

static int kmmap_describe(void *lock, char *buf, size_t len)
{
	struct kmmap *l = lock;

	return snprintf(buf, len, "the kernel's mmap_lock of this process (not visible from user "
			"space; msync target %p)", l->region);
}

LB_LOCK_LOOP(kmmap_loop, kmmap_lock, kmmap_unlock, kmmap_read, kmmap_read)

const struct lb_lock_ops lb_lock_kernel_mmap = {
	.name = "kernel-mmap",
	.desc = "the kernel's mmap_lock rwsem: mmap+munmap of a page write-lock it, "
		"msync(MS_ASYNC) read-locks it (no exclusion in user space)",
	.follows = "the running kernel's mmap_lock rwsem (mmap_sem before 5.8)",
	.deviations = "no exclusion in user space; each verb is a system call that takes and "
		"releases it",
	.family = "kernel",
	.kind = LB_LOCK_RW,
	.flags = LB_LOCK_F_BLOCKING | LB_LOCK_F_NOEXCL,
	.unshared = "the mmap_lock it takes belongs to one address space, and every process "
		    "has its own",
	.lock_size = sizeof(struct kmmap),
	.tctx_size = sizeof(struct kmmap_thread),
	.init = kmmap_init,
	.fini = kmmap_fini,
	.lock = kmmap_lock,
	.unlock = kmmap_unlock,
	.read_lock = kmmap_read,
	.read_unlock = kmmap_read,
	.loop = kmmap_loop,
	.describe = kmmap_describe,
	.counters = kmmap_counters,
	LB_NOSIM(LB_NOSIM_KERNEL),
};

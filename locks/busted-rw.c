// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * busted-rw.c - a deliberately broken reader-writer lock (hidden): the
 * reader-writer negative control
 *
 * Algorithm: the write side is a correct test-and-set lock (an atomic
 * exchange of 1, spinning on plain loads while it is taken, as in
 * Anderson's 1990 TTAS); the read side does nothing at all, so a reader
 * walks in beside a writer. The kernel's locktorture has an rwlock control
 * of the same kind; --validate must catch a reader inside a write section
 * at read-mostly and balanced ratios, every time.
 *
 * Lock word:
 *	 0-31: writer flag (0 free, 1 a writer holds it)
 *	initial value 0
 *
 * States: (writer) 0 -> 1 on lock, 1 -> 0 on unlock; readers change
 * nothing, which is the bug.
 *
 * Ordering: the exchange that takes the lock is an acquire and pairs with
 * the release store of the unlock; readers order nothing.
 *
 * Progress and fairness: writers as a test-and-set lock (none); readers
 * never wait, and are never excluded. Never use it for anything but
 * proving that --validate catches a reader let in beside a writer.
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"

struct busted_rw {
	uint32_t writer;
};

static int brw_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return 0;
}

static bool brw_trylock(void *lock, struct lb_tctx *t)
{
	struct busted_rw *l = lock;

	/* acquire: pairs with the release store in brw_unlock(); 0 -> 1 */
	return lb_load_relaxed(&l->writer) == 0 && lb_xchg_acquire(&l->writer, 1) == 0;
}

static void brw_lock(void *lock, struct lb_tctx *t)
{
	while (!brw_trylock(lock, t))
		lb_cpu_relax();
}

static void brw_unlock(void *lock, struct lb_tctx *t)
{
	struct busted_rw *l = lock;

	/* release: orders the critical section before the flag clears (1 -> 0) */
	lb_store_release(&l->writer, 0);
}

/* the bug: a reader takes nothing and waits for nobody */
static void brw_read_lock(void *lock, struct lb_tctx *t)
{
}

static void brw_read_unlock(void *lock, struct lb_tctx *t)
{
}

static bool brw_is_locked(void *lock)
{
	struct busted_rw *l = lock;

	return lb_load_relaxed(&l->writer) != 0;
}

static int brw_describe(void *lock, char *buf, size_t len)
{
	struct busted_rw *l = lock;

	return snprintf(buf, len, "writer=%u", lb_load_relaxed(&l->writer));
}

LB_LOCK_LOOP(busted_rw_loop, brw_lock, brw_unlock, brw_read_lock, brw_read_unlock)

const struct lb_lock_ops lb_lock_busted_rw = {
	.name = "busted-rw",
	.desc = "deliberately broken rwlock, readers take nothing (hidden): proves --validate "
		"catches a reader beside a writer",
	.follows = "test-and-test-and-set (Anderson, IEEE TPDS 1990) for writers, nothing for "
		"readers: a negative control",
	.deviations = "the read side takes nothing, so a reader walks in beside a writer, "
		"by design",
	.family = "harness",
	.kind = LB_LOCK_RW,
	.flags = LB_LOCK_F_HIDDEN | LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct busted_rw),
	.init = brw_init,
	.lock = brw_lock,
	.unlock = brw_unlock,
	.trylock = brw_trylock,
	.read_lock = brw_read_lock,
	.read_unlock = brw_read_unlock,
	.loop = busted_rw_loop,
	.is_locked = brw_is_locked,
	.describe = brw_describe,
};

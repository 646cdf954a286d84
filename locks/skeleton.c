// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * skeleton.c - a commented template for a new lock (not built)
 *
 * Copy it to locks/<name>.c, add LB_LOCK(<name with _>) to locks/locks.def
 * and the file to locks/local.mk, document the lock in the LOCKS section
 * of man/lockbench.1.in, and run `make check`: tests/validate runs every
 * listed lock under --validate, tests/cli/docs-sync.sh fails until the
 * man page names it, and tests/cli/list-locks.sh until its entry ends with
 * "Follows <.follows>; deviations: <.deviations>." The review checklist is
 * in HACKING.md.
 *
 * The header has five paragraphs, in this order:
 *
 * Algorithm: what it is and where it comes from: the paper, or the kernel
 * file and version that was read, with "reimplemented from the
 * description". Never paste code from another project.
 *
 * Lock word: a bit table, one row per field, and the initial value:
 *	 0- 7: locked byte
 *	 8-31: unused
 *	initial value 0
 *
 * States: the tuple notation and the legal transitions, e.g.
 * (locked) 0 -> 1 on lock, 1 -> 0 on unlock.
 *
 * Ordering: which operation is the acquire and which the release, and
 * what each pairs with.
 *
 * Progress and fairness: FIFO or not, starvation, what happens with more
 * threads than CPUs.
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"

struct skeleton {
	uint32_t word;		/* see "Lock word" */
};

/* Event counters: names shown with -v and as ctr_* CSV columns. */
static const char *const skeleton_counters[] = {
	"spin-waits",		/* acquisitions that had to wait */
	NULL,
};

enum { CTR_SPIN_WAITS };

/* Per-lock options: --skeleton-<name>=V on the command line. */
static const struct lb_lock_option skeleton_options[] = {
	{ .name = "spins", .type = LB_LOCK_OPT_U64, .min = 1, .max = 1000000, .def = 100,
	  .help = "what the option changes" },
	{ .name = NULL },
};

enum { OPT_SPINS };

static int skeleton_init(void *lock, const struct lb_lock_cfg *cfg)
{
	/* the memory is zeroed; cfg->opts[OPT_SPINS] holds --skeleton-spins */
	return 0;
}

static void skeleton_lock(void *lock, struct lb_tctx *t)
{
	struct skeleton *l = lock;
	uint32_t zero = 0;

	/* 0 -> 1; acquire: pairs with the release store in skeleton_unlock() */
	while (!lb_cmpxchg_acquire(&l->word, &zero, 1)) {
		lb_count(t, CTR_SPIN_WAITS);
		zero = 0;
		lb_cpu_relax();
	}
}

static void skeleton_unlock(void *lock, struct lb_tctx *t)
{
	struct skeleton *l = lock;

	/* 1 -> 0; release: the critical section before the next owner's acquire */
	lb_store_release(&l->word, 0);
}

static int skeleton_describe(void *lock, char *buf, size_t len)
{
	struct skeleton *l = lock;

	return snprintf(buf, len, "word=0x%08x", lb_load_relaxed(&l->word));
}

/* The measured loop with this lock's verbs inlined (loop.h). */
LB_LOCK_LOOP(skeleton_loop, skeleton_lock, skeleton_unlock, skeleton_lock, skeleton_unlock)

const struct lb_lock_ops lb_lock_skeleton = {
	.name = "skeleton",
	.desc = "one line for --list-locks",
	/* one line each; --list-locks -v prints them and the man entry says them in the same words */
	.follows = "the paper, or Linux <version> kernel/locking/<file>.c, that the header cites",
	.deviations = "what differs from it, ';'-separated, or \"none\"",
	.family = "spin",
	.kind = LB_LOCK_EXCL,
	.lock_size = sizeof(struct skeleton),
	.init = skeleton_init,
	.lock = skeleton_lock,
	.unlock = skeleton_unlock,
	.loop = skeleton_loop,
	.describe = skeleton_describe,
	.options = skeleton_options,
	.counters = skeleton_counters,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-wrong-verb.c - --validate checks the loop that is measured
 *
 * A small correct reader-writer spinlock whose ops are right, built into
 * LB_LOCK_LOOP() three times: wired correctly, with the read verbs on the
 * write side, and with no loop at all (the ops pointers). --validate must
 * pass the correct wiring and the pointers, and fail the wrong one, whose
 * ops (what the old checking loop called) are still right: what is
 * validated is the lock file's own measured loop.
 */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include "check.h"
#include "base/clock.h"
#include "base/lb-atomic.h"
#include "base/log.h"
#include "harness/harness.h"
#include "harness/loop.h"

struct rw {
	int32_t word;		/* -1: a writer; n >= 0: n readers */
};

static int rw_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return 0;
}

static void rw_lock(void *lock, struct lb_tctx *t)
{
	struct rw *l = lock;
	int32_t zero = 0;

	/* acquire: pairs with the release store of rw_unlock() */
	while (!lb_cmpxchg_acquire(&l->word, &zero, -1)) {
		zero = 0;
		lb_cpu_relax();
	}
}

static void rw_unlock(void *lock, struct lb_tctx *t)
{
	struct rw *l = lock;

	lb_store_release(&l->word, 0);
}

static void rw_read_lock(void *lock, struct lb_tctx *t)
{
	struct rw *l = lock;

	for (;;) {
		int32_t v = lb_load_relaxed(&l->word);

		/* acquire: pairs with the writer's release store */
		if (v >= 0 && lb_cmpxchg_acquire(&l->word, &v, v + 1))
			return;
		lb_cpu_relax();
	}
}

static void rw_read_unlock(void *lock, struct lb_tctx *t)
{
	struct rw *l = lock;

	lb_fetch_sub_release(&l->word, 1);
}

LB_LOCK_LOOP(right_loop, rw_lock, rw_unlock, rw_read_lock, rw_read_unlock)
/* the bug under test: the write side of the measured loop takes the read lock */
LB_LOCK_LOOP(wrong_loop, rw_read_lock, rw_read_unlock, rw_read_lock, rw_read_unlock)

#define RW_OPS(n, l)								\
	{ .name = n, .desc = "test", .family = "rw", .kind = LB_LOCK_RW,	\
	  .lock_size = sizeof(struct rw), .init = rw_init, .lock = rw_lock,	\
	  .unlock = rw_unlock, .read_lock = rw_read_lock,			\
	  .read_unlock = rw_read_unlock, .loop = l }

static const struct lb_lock_ops right = RW_OPS("right", right_loop);
static const struct lb_lock_ops wrong = RW_OPS("wrong", wrong_loop);
static const struct lb_lock_ops pointers = RW_OPS("pointers", NULL);

static struct lb_pu pus[2] = { { .pu_os = 0 }, { .pu_os = 1 } };

static int run(const struct lb_lock_ops *o, struct lb_ratio ratio, bool torture)
{
	struct lb_point p;
	struct lb_result r;
	int rc;

	memset(&p, 0, sizeof(p));
	p.ops = o;
	p.mix = ratio;
	p.nthreads = 2;
	p.duration = 0.2;
	p.timeout = 20;
	p.lock_node = -1;
	p.pus = pus;
	p.npus = 2;
	p.validate = true;
	p.torture = torture;
	lb_verbose = -1;
	rc = lb_run_point(&p, &r);
	lb_verbose = 0;
	if (!rc) {
		CHECK(r.writes > 0, "%s: no write was done", o->name);
		CHECK(ratio.r == 0 || r.reads > 0, "%s: no read was done", o->name);
		lb_result_free(&r);
	}
	return rc;
}

int main(void)
{
	static const struct lb_ratio ratios[] = { { 0, 1 }, { 1, 1 }, { 10, 1 } };

	lb_clock_calibrate();
	for (unsigned i = 0; i < 3; i++) {
		struct lb_ratio q = ratios[i];
		int rc;

		rc = run(&right, q, false);
		CHECK(rc == 0, "the right wiring, %u:%u: exit %d", q.r, q.w, rc);
		rc = run(&pointers, q, false);
		CHECK(rc == 0, "the ops pointers, %u:%u: exit %d", q.r, q.w, rc);
		rc = run(&right, q, true);
		CHECK(rc == 0, "the right wiring tortured, %u:%u: exit %d", q.r, q.w, rc);
		if (sysconf(_SC_NPROCESSORS_ONLN) < 2 && i > 0)
			continue;	/* one CPU may never overlap a read and a write */
		rc = run(&wrong, q, false);
		CHECK(rc == LB_EXIT_VALIDATE,
		      "read verbs on the write side of the measured loop, %u:%u: exit %d, want %d",
		      q.r, q.w, rc, LB_EXIT_VALIDATE);
	}
	return check_done();
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-skeleton.c - the template for a new lock is a lock the registry
 * would take, and it works
 *
 * locks/skeleton.c is not linked into lockbench; this test compiles it so
 * that an interface change cannot leave the template behind: the
 * registry's contract for a built-in lock (lb_lock_check(): what
 * lb_lock_registry_check() asks of every locks.def entry, so a renamed
 * copy with its locks.def line is accepted), its verbs and per-thread node
 * by hand, then its measured loop through the harness under --validate at
 * 2 and 4 threads (4 on two CPUs: oversubscribed) and under --torture.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "../../locks/skeleton.c"
#include "base/clock.h"
#include "base/log.h"
#include "check.h"
#include "harness/harness.h"
#include "locks/registry.h"

static struct lb_pu pus[2] = { { .pu_os = 0 }, { .pu_os = 1 } };

static int run(unsigned nthreads, bool torture)
{
	static const uint64_t opts[1] = { 1 };	/* --skeleton-pause's default */
	struct lb_point p;
	struct lb_result r;
	int rc;

	memset(&p, 0, sizeof(p));
	p.ops = &lb_lock_skeleton;
	p.lockopts = opts;
	p.mix = (struct lb_ratio){ 0, 1 };
	p.nthreads = nthreads;
	p.duration = 0.2;
	p.timeout = 20;
	p.lock_node = -1;
	p.pus = pus;
	p.npus = sysconf(_SC_NPROCESSORS_ONLN) < 2 ? 1 : 2;
	p.validate = true;
	p.torture = torture;
	lb_verbose = -1;
	rc = lb_run_point(&p, &r);
	lb_verbose = 0;
	if (!rc) {
		CHECK(r.writes > 0, "%u threads: no operation was done", nthreads);
		lb_result_free(&r);
	}
	return rc;
}

int main(void)
{
	const struct lb_lock_ops *o = &lb_lock_skeleton;
	uint64_t opts[1] = { o->options[0].def }, ctr[LB_LOCK_MAX_COUNTERS] = { 0 }, ops = 0;
	struct lb_lock_cfg cfg = { .nthreads = 1, .opts = opts, .tsc_per_ns = 1 };
	struct skeleton_thread *priv = aligned_alloc(LB_CACHELINE, LB_CACHELINE * 4);
	struct lb_tctx t = { .tid = 0, .nthreads = 1, .ctr = ctr, .cpu = -1, .priv = priv };
	struct skeleton l LB_ALIGNED = { 0 };
	struct lb_loop loop = { .lock = &l, .t = &t, .nops = 1000, .period = 1, .ops = &ops };
	char buf[128];

	CHECK(lb_lock_check(o, stderr) == 0, "the skeleton breaks the registry's contract");
	CHECK(o->tctx_size <= LB_CACHELINE * 4, "the test's private area is too small");
	memset(priv, 0, LB_CACHELINE * 4);
	CHECK(o->init(&l, &cfg) == 0, "init");
	CHECK(o->thread_init(&l, &t) == 0, "thread_init");
	CHECK(!o->is_locked(&l), "free after init");
	o->lock(&l, &t);
	CHECK(o->is_locked(&l) && l.tail == &priv->node, "locked: my node is the tail");
	o->unlock(&l, &t);
	CHECK(!o->is_locked(&l) && priv->mine == &l.dummy, "unlocked: the dummy is my next node");
	o->loop(&loop);
	CHECK(loop.done == 1000 && ops == 1000 && !o->is_locked(&l), "the loop ran 1000 operations");
	CHECK(o->describe(&l, buf, sizeof(buf)) > 0 && strstr(buf, "tail=") != NULL, "describe");
	CHECK(ctr[0] == 0, "no waits alone");
	free(priv);

	lb_clock_calibrate();
	CHECK(run(2, false) == 0, "--validate at 2 threads");
	CHECK(run(4, false) == 0, "--validate at 4 threads");
	CHECK(run(2, true) == 0, "--torture at 2 threads");
	return check_done();
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-skeleton.c - the template for a new lock still compiles and works
 *
 * locks/skeleton.c is not linked into lockbench; this test compiles it so
 * that an interface change cannot leave the template behind, and runs its
 * verbs and its measured loop once.
 */
#include "config.h"

#include <stdlib.h>

#include "../../locks/skeleton.c"
#include "check.h"

int main(void)
{
	const struct lb_lock_ops *o = &lb_lock_skeleton;
	uint64_t opts[1] = { o->options[0].def }, ctr[LB_LOCK_MAX_COUNTERS] = { 0 }, ops = 0;
	struct lb_lock_cfg cfg = { .nthreads = 1, .opts = opts, .tsc_per_ns = 1 };
	struct lb_tctx t = { .tid = 0, .nthreads = 1, .ctr = ctr, .cpu = -1 };
	struct skeleton l = { 0 };
	struct lb_loop loop = { .lock = &l, .t = &t, .nops = 1000, .period = 1, .ops = &ops };
	char buf[64];

	CHECK(o->init(&l, &cfg) == 0, "init");
	o->lock(&l, &t);
	CHECK(l.word == 1, "locked");
	o->unlock(&l, &t);
	CHECK(l.word == 0, "unlocked");
	o->loop(&loop);
	CHECK(loop.done == 1000 && ops == 1000 && l.word == 0, "the loop ran 1000 operations");
	CHECK(o->describe(&l, buf, sizeof(buf)) > 0 && strstr(buf, "word=") != NULL, "describe");
	CHECK(ctr[0] == 0, "no waits alone");
	return check_done();
}

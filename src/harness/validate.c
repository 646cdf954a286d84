// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * validate.c - the loop of a lock that has no lb_lock_ops.loop (loop.h's
 * body through the ops pointers), and the checks after a --validate point
 * (what the checked critical sections found, the interleave, the shared
 * value twice the writes); the sections themselves are check.c's
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "base/log.h"
#include "harness/harness.h"
#include "harness/worker.h"

uint64_t lb_expected_reads(const struct lb_ratio *ratio, unsigned tid, uint64_t n)
{
	uint64_t period = (uint64_t)ratio->r + ratio->w, start = tid % period;
	uint64_t full = n / period, rest = n % period, reads = full * ratio->r;

	/* the partial cycle covers positions start .. start+rest-1 (mod period) */
	for (uint64_t k = 0; k < rest; k++)
		if ((start + k) % period < ratio->r)
			reads++;
	return reads;
}

/*
 * A lock without its own loop (lb_lock_ops.loop: a test's lock): loop.h's
 * body, the verbs through pointers; checked with @l->chk.
 */
LB_NOINLINE void lb_loop_pointers(const struct lb_lock_ops *ops, struct lb_loop *l)
{
	lb_verb rl = ops->read_lock ? ops->read_lock : ops->lock;
	lb_verb ru = ops->read_unlock ? ops->read_unlock : ops->unlock;

	if (l->chk)
		lb_loop_body(l, ops->lock, ops->unlock, rl, ru, true, l->nreads != 0, false, l->spin,
			     true);
	else
		lb_loop_body(l, ops->lock, ops->unlock, rl, ru, l->timed, l->nreads != 0,
			     l->lat_r != NULL, l->spin, false);
}

int lb_validate_point(const struct lb_run *run, const struct lb_result *r)
{
	const struct lb_point *p = run->p;
	const struct lb_lock_ops *ops = run->ops;
	char ratio[32];
	int rc = 0;

	uint64_t writes = 0;

	if (run->v->violation) {
		lb_err("validation failed: lock %s, ratio %s, %u threads: %s", ops->name,
		       lb_point_ratio_str(p, ratio, sizeof(ratio)), p->nthreads, run->v->what);
		rc = LB_EXIT_VALIDATE;
	}
	/* the harness's own invariants, which hold for every lock, null included */
	for (unsigned i = 0; !rc && i < p->nthreads; i++) {
		const struct lb_thread_result *tr = &r->threads[i];
		uint64_t want = ops->kind == LB_LOCK_RW ?
				lb_expected_reads(lb_thread_ratio(p, i), i, tr->ops) : 0;

		if (tr->reads + tr->writes != tr->ops || tr->reads != want ||
		    (p->duration <= 0 && !r->timed_out && !r->interrupted &&
		     tr->ops != lb_thread_nops(p, i))) {
			lb_err("validation failed: harness: thread %u did %llu ops = %llu reads + "
			       "%llu writes, expected %llu reads", i,
			       (unsigned long long)tr->ops, (unsigned long long)tr->reads,
			       (unsigned long long)tr->writes, (unsigned long long)want);
			rc = LB_EXIT_VALIDATE;
		}
		writes += tr->writes;
	}
	/* every write section moved the shared value by two, and nothing else did */
	if (!rc && !run->v->noexcl && run->v->data != 2 * writes) {
		lb_err("validation failed: lock %s, ratio %s, %u threads: the write sections left "
		       "%llu in the shared value, %llu writes put %llu there", ops->name,
		       lb_point_ratio_str(p, ratio, sizeof(ratio)), p->nthreads,
		       (unsigned long long)run->v->data, (unsigned long long)writes,
		       (unsigned long long)(2 * writes));
		rc = LB_EXIT_VALIDATE;
	}
	return rc;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * validate.c - the checked critical sections that the checked variants of
 * loop.h call (--validate, --torture), --torture's hook, the loop of a lock
 * that has no lb_lock_ops.loop (loop.h's body through the ops pointers),
 * and the checks after a --validate point
 */
#include "config.h"

#include <stdarg.h>
#include <sched.h>
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

LB_PRINTF(2, 3) static void violation(struct lb_check *c, const char *fmt, ...)
{
	int expected = 0;

	if (lb_cmpxchg_acq_rel(&c->violation, &expected, 1)) {
		va_list ap;

		va_start(ap, fmt);
		vsnprintf(c->what, sizeof(c->what), fmt, ap);
		va_end(ap);
		/* release: the message is written before anyone sees stop */
		lb_store_release(c->stop, 1);
	}
}

/*
 * A writer moves the shared value in two steps (odd while it is inside),
 * with at least this many pauses between them, so that a reader or writer
 * let in beside it sees it there even when the section is otherwise empty
 * (--load=0) and two threads share two CPUs. A reader waits a quarter of
 * that between its two reads of the value.
 */
#define LB_CHECK_GAP 64

/*
 * The checked critical sections (ck's regression validators, extended to
 * readers and to a value moved in two steps), called by the checked
 * variants of every lock's loop (loop.h).
 */
void lb_check_write_cs(struct lb_check *c, struct lb_tctx *t, uint64_t load)
{
	int32_t w = lb_fetch_add_relaxed(&c->writers, 1);
	int32_t r = lb_load_relaxed(&c->readers);
	volatile uint64_t *data = &c->data;
	uint64_t start;

	if (w != 0 || r != 0)
		violation(c, "a writer entered while %d other writer(s) and %d reader(s) were inside",
			  w, r);
	if (c->is_locked && !c->is_locked(c->lock))
		violation(c, "is_locked() says free while a writer holds it");
	start = *data;
	if (start & 1)
		violation(c, "a writer entered while another was half-way through its section");
	*data = start + 1;
	lb_pause_n(load > LB_CHECK_GAP ? load : LB_CHECK_GAP);
	lb_torture_point(t);
	if (*data != start + 1)
		violation(c, "data written under the lock changed under the writer's feet "
			  "(%d writers, %d readers inside)", lb_load_relaxed(&c->writers),
			  lb_load_relaxed(&c->readers));
	*data = start + 2;
	w = lb_load_relaxed(&c->writers);
	r = lb_load_relaxed(&c->readers);
	if (w != 1 || r != 0)
		violation(c, "a writer found %d other writer(s) and %d reader(s) inside on its way out",
			  w - 1, r);
	lb_fetch_sub_relaxed(&c->writers, 1);
}

void lb_check_read_cs(struct lb_check *c, struct lb_tctx *t, uint64_t load)
{
	volatile uint64_t *data = &c->data;
	int32_t w;
	uint64_t d0, d1;

	lb_fetch_add_relaxed(&c->readers, 1);
	w = lb_load_relaxed(&c->writers);
	if (w != 0)
		violation(c, "a reader entered while %d writer(s) were inside", w);
	d0 = *data;
	lb_pause_n(load > LB_CHECK_GAP / 4 ? load : LB_CHECK_GAP / 4);
	lb_torture_point(t);
	d1 = *data;
	w = lb_load_relaxed(&c->writers);
	if (w != 0 || d0 != d1 || (d0 & 1))
		violation(c, "a reader saw %d writer(s) inside on its way out%s", w,
			  d0 != d1 ? " and the data changed under it" :
			  (d0 & 1) ? " and a write half done" : "");
	lb_fetch_sub_relaxed(&c->readers, 1);
}

/* --torture's hook: one call in 16 a random pause (up to 511), one in 128 a yield */
static void torture_hook(struct lb_torture *tt)
{
	uint64_t x = tt->rng;

	/* xorshift64 */
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	tt->rng = x;
	if ((x & 127) == 0)
		sched_yield();
	else if ((x & 15) == 1)
		lb_pause_n((x >> 8) & 511);
}

__thread struct lb_torture *lb_torture_self;

void lb_torture_init(struct lb_torture *tt, uint64_t seed)
{
	tt->hook = torture_hook;
	tt->rng = seed ? seed : 0x9e3779b97f4a7c15ull;
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
		lb_loop_body_checked(l, ops->lock, ops->unlock, rl, ru, l->nreads != 0);
	else if (l->lat_r)
		lb_loop_body(l, ops->lock, ops->unlock, rl, ru, l->timed, l->nreads != 0, true, l->spin);
	else
		lb_loop_body(l, ops->lock, ops->unlock, rl, ru, l->timed, l->nreads != 0, false, l->spin);
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
		       lb_ratio_str(&p->ratio, ratio, sizeof(ratio)), p->nthreads, run->v->what);
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
		       lb_ratio_str(&p->ratio, ratio, sizeof(ratio)), p->nthreads,
		       (unsigned long long)run->v->data, (unsigned long long)writes,
		       (unsigned long long)(2 * writes));
		rc = LB_EXIT_VALIDATE;
	}
	return rc;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * validate.c - the loops that call the lock through its ops pointers, beside
 * the measured loop of loop.h (which runs when, loop.h says): --validate's
 * checking loop, and the loop of a lock that has no lb_lock_ops.loop; and
 * the checks after a --validate point
 */
#include "config.h"

#include <stdarg.h>
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

LB_PRINTF(2, 3) static void violation(struct lb_run *run, const char *fmt, ...)
{
	struct lb_vstate *v = run->v;
	int expected = 0;

	if (lb_cmpxchg_acq_rel(&v->violation, &expected, 1)) {
		va_list ap;

		va_start(ap, fmt);
		vsnprintf(v->what, sizeof(v->what), fmt, ap);
		va_end(ap);
		/* release: the message is written before anyone sees stop */
		lb_store_release(&run->stop, 1);
	}
}

/* The validating critical sections (ck's regression validators, extended to readers). */
static LB_NOINLINE void validate_write_cs(struct lb_run *run, uint64_t load)
{
	struct lb_vstate *v = run->v;
	int32_t w = lb_fetch_add_relaxed(&v->writers, 1);
	int32_t r = lb_load_relaxed(&v->readers);
	volatile uint64_t *data = &v->data;
	uint64_t start;

	if (w != 0 || r != 0)
		violation(run, "a writer entered while %d other writer(s) and %d reader(s) were inside",
			  w, r);
	if (run->ops->is_locked && !run->ops->is_locked(run->lock))
		violation(run, "is_locked() says free while a writer holds it");
	start = *data;
	for (int k = 1; k <= 10; k++)
		*data = start + (uint64_t)k;
	lb_pause_n(load);
	if (*data != start + 10)
		violation(run, "data written under the lock changed under the writer's feet "
			  "(%d writers, %d readers inside)", lb_load_relaxed(&v->writers),
			  lb_load_relaxed(&v->readers));
	w = lb_load_relaxed(&v->writers);
	r = lb_load_relaxed(&v->readers);
	if (w != 1 || r != 0)
		violation(run, "a writer found %d other writer(s) and %d reader(s) inside on its way out",
			  w - 1, r);
	lb_fetch_sub_relaxed(&v->writers, 1);
}

static LB_NOINLINE void validate_read_cs(struct lb_run *run, uint64_t load)
{
	struct lb_vstate *v = run->v;
	volatile uint64_t *data = &v->data;
	int32_t w;
	uint64_t d0, d1;

	lb_fetch_add_relaxed(&v->readers, 1);
	w = lb_load_relaxed(&v->writers);
	if (w != 0)
		violation(run, "a reader entered while %d writer(s) were inside", w);
	d0 = *data;
	lb_pause_n(load);
	d1 = *data;
	w = lb_load_relaxed(&v->writers);
	if (w != 0 || d0 != d1)
		violation(run, "a reader saw %d writer(s) inside on its way out%s", w,
			  d0 != d1 ? " and the data changed under it" : "");
	lb_fetch_sub_relaxed(&v->readers, 1);
}

/*
 * The checking loop of --validate, and the loop of a lock that has no
 * lb_lock_ops.loop: the same interleave as loop.h, calling the verbs
 * through pointers. With @validate the critical sections check exclusion
 * and every fourth operation spins on trylock where the lock has one
 * (Concurrency Kit's validators alternate the same way).
 */
static LB_ALWAYS_INLINE void work_loop(struct lb_run *run, struct lb_worker *w, const bool validate,
				       const bool timed, const bool mixed)
{
	const struct lb_lock_ops *ops = run->ops;
	void (*const wlock)(void *, struct lb_tctx *) = ops->lock;
	void (*const wunlock)(void *, struct lb_tctx *) = ops->unlock;
	void (*const rlock)(void *, struct lb_tctx *) = ops->read_lock ? ops->read_lock : ops->lock;
	void (*const runlock)(void *, struct lb_tctx *) =
		ops->read_unlock ? ops->read_unlock : ops->unlock;
	bool (*const wtry)(void *, struct lb_tctx *) = ops->trylock;
	bool (*const rtry)(void *, struct lb_tctx *) = ops->read_trylock;
	const bool noexcl = (ops->flags & LB_LOCK_F_NOEXCL) != 0;
	void *const lock = run->lock;
	struct lb_tctx *const t = &w->tctx;
	const uint64_t nops = w->nops, load = run->p->load, delay = run->p->delay;
	const uint32_t period = w->period, nreads = w->nreads;
	uint32_t pos = t->tid % period;
	uint64_t n, reads = 0;

	for (n = 0; n < nops; n++) {
		/* fixed work too: --point-timeout and Ctrl-C (a loop through pointers anyway) */
		if (lb_unlikely(lb_load_relaxed(&run->stop)))
			break;
		if (mixed && pos < nreads) {
			if (validate && rtry && (n & 3) == 3) {
				while (!rtry(lock, t))	/* ck: alternate lock with spinning on trylock */
					lb_cpu_relax();
			} else {
				rlock(lock, t);
			}
			if (validate && !noexcl)
				validate_read_cs(run, load);
			else
				lb_pause_n(load);
			runlock(lock, t);
			reads++;
		} else {
			if (validate && wtry && (n & 3) == 3) {
				while (!wtry(lock, t))
					lb_cpu_relax();
			} else {
				wlock(lock, t);
			}
			if (validate && !noexcl)
				validate_write_cs(run, load);
			else
				lb_pause_n(load);
			wunlock(lock, t);
		}
		if (mixed && ++pos == period)
			pos = 0;
		lb_pause_n(delay);
		lb_store_relaxed(&w->ops, n + 1);
	}
	w->reads = reads;
	w->writes = n - reads;
}

/* For a lock without its own loop (lb_lock_ops.loop): the verbs through pointers. */
LB_NOINLINE void lb_loop_pointers(struct lb_run *run, struct lb_worker *w)
{
	work_loop(run, w, false, true, true);
}

LB_NOINLINE void lb_loop_checking(struct lb_run *run, struct lb_worker *w)
{
	work_loop(run, w, true, true, true);
}

/* --latency for a lock without its own loop: the loop.h body, verbs through pointers */
LB_NOINLINE void lb_loop_pointers_latency(const struct lb_lock_ops *ops, struct lb_loop *l)
{
	lb_verb rl = ops->read_lock ? ops->read_lock : ops->lock;
	lb_verb ru = ops->read_unlock ? ops->read_unlock : ops->unlock;

	lb_loop_body(l, ops->lock, ops->unlock, rl, ru, l->timed, l->nreads != 0, true);
}

int lb_validate_point(const struct lb_run *run, const struct lb_result *r)
{
	const struct lb_point *p = run->p;
	const struct lb_lock_ops *ops = run->ops;
	char ratio[32];
	int rc = 0;

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
	}
	return rc;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * interval.c - --interval: the throughput of a point over its time, fio's
 * interval logs for a lock
 *
 * The main thread, while it watches the point (watch.c), reads every
 * worker's progress count (the relaxed store the measured loop makes after
 * each operation, on the worker's own line) at each interval boundary into
 * a table allocated before the point; the loop itself does nothing more.
 * After the join the samples become intervals of the result: the time from
 * the common start, the length, the operations of all threads and each
 * one's, and their rate. A point whose intervals fall into two levels is
 * one during which the machine changed (these VMs' hosts move their vCPUs
 * between two states in the middle of a run): lb_intervals_levels() says
 * so, and the run warns.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/lb-atomic.h"
#include "harness/harness.h"
#include "harness/worker.h"

/* samples kept at most per point; later boundaries are not sampled (and said) */
#define LB_INTERVAL_MAX_SAMPLES 100000

int lb_interval_alloc(struct lb_run *run)
{
	const struct lb_point *p = run->p;
	double span = p->duration > 0 ? p->duration : p->point_timeout;
	uint64_t n;

	if (!p->interval_ns)
		return 0;
	n = span > 0 ? (uint64_t)(span * 1e9 / (double)p->interval_ns) + 4 : LB_INTERVAL_MAX_SAMPLES;
	run->isamp_max = n < LB_INTERVAL_MAX_SAMPLES ? (unsigned)n : LB_INTERVAL_MAX_SAMPLES;
	run->isamp_t = calloc(run->isamp_max, sizeof(*run->isamp_t));
	run->isamp_ops = calloc((size_t)run->isamp_max * p->nthreads, sizeof(*run->isamp_ops));
	return run->isamp_t && run->isamp_ops ? 0 : -1;
}

void lb_interval_free(struct lb_run *run)
{
	free(run->isamp_t);
	free(run->isamp_ops);
	run->isamp_t = NULL;
	run->isamp_ops = NULL;
}

uint64_t lb_interval_sample(struct lb_run *run, uint64_t now_ns, uint64_t wait_ns)
{
	const struct lb_point *p = run->p;
	uint64_t *ops;

	if (!p->interval_ns)
		return wait_ns;
	if (!run->isamp_next)
		run->isamp_next = now_ns + p->interval_ns;	/* the first boundary */
	if (now_ns >= run->isamp_next && run->isamp_n < run->isamp_max) {
		run->isamp_t[run->isamp_n] = lb_cycles_fenced();
		ops = &run->isamp_ops[(size_t)run->isamp_n * p->nthreads];
		for (unsigned i = 0; i < p->nthreads; i++)
			ops[i] = run->workers[i] ? lb_load_relaxed(&run->workers[i]->ops) : 0;
		run->isamp_n++;
		/* the next boundary after now, so that a late wake-up skips none */
		while (run->isamp_next <= now_ns)
			run->isamp_next += p->interval_ns;
	} else if (run->isamp_n == run->isamp_max) {
		run->isamp_lost = true;
	}
	return run->isamp_next > now_ns && run->isamp_next - now_ns < wait_ns ?
	       run->isamp_next - now_ns : wait_ns;
}

/* interval_set() - interval @k of @r: from sample @t0 (ops @o0) to @t1 (ops @o1) */
static void interval_set(struct lb_result *r, unsigned k, uint64_t t0, uint64_t t1,
			 const uint64_t *o0, const uint64_t *o1, uint64_t t_start)
{
	struct lb_interval *iv = &r->intervals[k];
	unsigned n = r->point.nthreads;

	iv->start_ms = lb_cycles_to_ns(t0 - t_start) / 1e6;
	iv->ms = lb_cycles_to_ns(t1 - t0) / 1e6;
	iv->thread_ops = &r->interval_thread_ops[(size_t)k * n];
	iv->ops = 0;
	for (unsigned i = 0; i < n; i++) {
		iv->thread_ops[i] = o1[i] - (o0 ? o0[i] : 0);
		iv->ops += iv->thread_ops[i];
	}
	iv->ops_per_s = iv->ms > 0 ? (double)iv->ops * 1e3 / iv->ms : 0;
}

int lb_interval_results(const struct lb_run *run, struct lb_result *r, uint64_t t_end)
{
	const struct lb_point *p = run->p;
	unsigned n = p->nthreads, ns = run->isamp_n, k = 0;
	uint64_t *fin, last = run->t_start, tail;
	const uint64_t *prev = NULL;

	if (!p->interval_ns)
		return 0;
	/* the last interval ends at the finish, with every thread's final count */
	r->intervals = calloc(ns + 1, sizeof(*r->intervals));
	r->interval_thread_ops = calloc((size_t)(ns + 1) * n, sizeof(*r->interval_thread_ops));
	fin = calloc(n, sizeof(*fin));
	if (!r->intervals || !r->interval_thread_ops || !fin) {
		free(fin);
		return -1;
	}
	for (unsigned i = 0; i < n; i++)
		fin[i] = r->threads[i].ops;
	for (unsigned s = 0; s < ns && run->isamp_t[s] < t_end; s++) {
		const uint64_t *o = &run->isamp_ops[(size_t)s * n];

		interval_set(r, k++, last, run->isamp_t[s], prev, o, run->t_start);
		last = run->isamp_t[s];
		prev = o;
	}
	/*
	 * The rest, to the finish: an interval of its own if it is at least half
	 * of one, else part of the last (stopping the threads takes microseconds,
	 * not an interval: a 1 s point of 50 ms intervals has 20)
	 */
	tail = t_end > last ? t_end - last : 0;
	if (k && lb_cycles_to_ns(tail) < (double)p->interval_ns / 2) {
		const uint64_t *o0 = k > 1 ? &run->isamp_ops[(size_t)(k - 2) * n] : NULL;
		uint64_t t0 = k > 1 ? run->isamp_t[k - 2] : run->t_start;

		k--;
		interval_set(r, k++, t0, t_end, o0, fin, run->t_start);
	} else {
		interval_set(r, k++, last, t_end, prev, fin, run->t_start);
	}
	r->nintervals = k;
	r->intervals_lost = run->isamp_lost;
	free(fin);
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

bool lb_intervals_levels(const struct lb_result *r, double *lo, double *hi, unsigned *nlo)
{
	unsigned n = r->nintervals, best = 0;
	double *v, best_gap = 0, spread;

	/* the whole intervals only: the last may be shorter */
	if (n < 8)
		return false;
	v = malloc(n * sizeof(*v));
	if (!v)
		return false;
	for (unsigned k = 0; k < n; k++)
		v[k] = r->intervals[k].ops_per_s;
	qsort(v, n, sizeof(*v), cmp_double);
	/* the widest gap between neighbours that leaves at least 3 intervals on each side */
	for (unsigned k = 3; k + 3 <= n; k++)
		if (v[k] - v[k - 1] > best_gap) {
			best_gap = v[k] - v[k - 1];
			best = k;
		}
	if (best) {
		double mlo = 0, mhi = 0;

		for (unsigned k = 0; k < best; k++)
			mlo += v[k] / best;
		for (unsigned k = best; k < n; k++)
			mhi += v[k] / (n - best);
		/* within each level: its range; the gap must be wide against both */
		spread = fmax(v[best - 1] - v[0], v[n - 1] - v[best]);
		if (mlo > 0 && mhi / mlo >= 1.15 && best_gap > 2 * spread) {
			*lo = mlo;
			*hi = mhi;
			*nlo = best;
			free(v);
			return true;
		}
	}
	free(v);
	return false;
}

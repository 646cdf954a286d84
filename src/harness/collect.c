// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * collect.c - a point's results, after the join: each thread's figures
 * (operations, reads, writes, finish time, counters, --perf), the totals,
 * the populations of the roles, the starvation figures and the latency
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/log.h"
#include "harness/harness.h"
#include "harness/worker.h"

/* Per population (role) min, mean and max operations per thread, in first-seen order. */
static void role_results(struct lb_result *r)
{
	for (unsigned t = 0; t < r->point.nthreads; t++) {
		const struct lb_thread_result *tr = &r->threads[t];
		struct lb_role_result *rr = NULL;

		for (unsigned k = 0; k < r->nroles; k++)
			if (strcmp(r->roles[k].role, tr->role) == 0)
				rr = &r->roles[k];
		if (!rr) {
			if (r->nroles == LB_MAX_ROLES)
				continue;
			rr = &r->roles[r->nroles++];
			rr->role = tr->role;
			rr->ops_min = UINT64_MAX;
		}
		rr->ops_mean = (rr->ops_mean * rr->threads + (double)tr->ops) / (rr->threads + 1);
		rr->threads++;
		if (tr->ops < rr->ops_min)
			rr->ops_min = tr->ops;
		if (tr->ops > rr->ops_max)
			rr->ops_max = tr->ops;
	}
}

const struct lb_role_result *lb_result_role(const struct lb_result *r, const char *role)
{
	for (unsigned k = 0; k < r->nroles; k++)
		if (strcmp(r->roles[k].role, role) == 0)
			return &r->roles[k];
	return NULL;
}

void lb_result_free(struct lb_result *r)
{
	free(r->intervals);
	r->intervals = NULL;
	free(r->interval_thread_ops);
	r->interval_thread_ops = NULL;
	free(r->threads);
	r->threads = NULL;
	free(r->irq_cpus);
	r->irq_cpus = NULL;
	lb_trace_vals_free(r->trace);
	r->trace = NULL;
}

/* --latency: each thread's figures, and the point's over all threads */
static int latency_results(const struct lb_run *run, struct lb_result *r)
{
	const struct lb_point *p = run->p;
	double calib = lb_clock.read_cycles_avg;
	struct lb_hist *all = NULL, *rd = NULL, *wr = NULL, *one = NULL;
	bool any = false;
	int rc = 0;

	if (posix_memalign((void **)&all, LB_CACHELINE, sizeof(*all)) ||
	    posix_memalign((void **)&rd, LB_CACHELINE, sizeof(*rd)) ||
	    posix_memalign((void **)&wr, LB_CACHELINE, sizeof(*wr)) ||
	    posix_memalign((void **)&one, LB_CACHELINE, sizeof(*one))) {
		lb_err("out of memory for the latency figures");
		rc = LB_EXIT_RUNTIME;
		goto out;
	}
	lb_hist_init(all);
	lb_hist_init(rd);
	lb_hist_init(wr);
	for (unsigned i = 0; i < p->nthreads; i++) {
		struct lb_worker *w = run->workers[i];
		struct lb_thread_result *tr = &r->threads[i];

		if (w->hist_r) {
			lb_hist_init(one);
			lb_hist_merge(one, w->hist_r);
			lb_hist_merge(one, w->hist_w);
			lb_lat_summarize(one, calib, &tr->lat);
			lb_lat_summarize(w->hist_r, calib, &tr->lat_r);
			lb_lat_summarize(w->hist_w, calib, &tr->lat_w);
			lb_hist_merge(rd, w->hist_r);
			lb_hist_merge(wr, w->hist_w);
			any = true;
		}
		if (w->rt) {
			lb_role_thread_result(w->rt, tr);
			lb_role_thread_hists(w->rt, rd, wr);
			any = true;
		}
	}
	if (any) {
		lb_hist_merge(all, rd);
		lb_hist_merge(all, wr);
		lb_lat_summarize(all, calib, &r->lat);
		lb_lat_summarize(rd, calib, &r->lat_r);
		lb_lat_summarize(wr, calib, &r->lat_w);
	}
out:
	free(all);
	free(rd);
	free(wr);
	free(one);
	return rc;
}

/*
 * Did thread @w really run its loop. Where the kernel keeps schedstats, a
 * thread ran short when it got less than LB_RAN_PCT of the time it was
 * runnable (CPU time over CPU time and run-queue wait): the time a
 * sleeping lock keeps it asleep does not count against it, and with more
 * threads than CPUs the bar is LB_RAN_PCT of its fair share of them (CPUs
 * over threads), so an oversubscribed run is marked only where a thread
 * got less than that share. Without schedstats, CPU time over the wall
 * time it was awake: the models' futex sleeps are timed
 * (lb_futex_sleep()) and taken off, and a thread that may sleep where
 * lockbench cannot time it (glibc, the kernel's locks, roles) ran short
 * only when it was also switched out against its will.
 */
bool lb_ran_short(double cpu_ns, double waited_ns, double cpu_pct, double share,
		  bool asleep_unseen, double *run_pct)
{
	if (waited_ns >= 0) {
		*run_pct = cpu_ns + waited_ns > 0 ? 100.0 * cpu_ns / (cpu_ns + waited_ns) : 100;
		return *run_pct < LB_RAN_PCT * share;
	}
	*run_pct = cpu_pct;
	return cpu_pct < LB_RAN_PCT * share && !asleep_unseen;
}

static void ran(const struct lb_run *run, const struct lb_worker *w, struct lb_thread_result *tr,
		struct lb_result *r)
{
	const struct lb_point *p = run->p;
	double slept = lb_cycles_to_ns(w->slept);
	double wall = lb_cycles_to_ns(w->t_end - w->t_begin) - slept;
	double cpu = (double)(w->sched1.cpu_ns - w->sched0.cpu_ns);
	/* untimed sleeps: a blocking lock or a role that slept where we could not time it */
	bool sleeps = ((run->ops->flags & LB_LOCK_F_BLOCKING) && !w->slept) || p->roles;
	/* more threads than CPUs: each can run only its share of the time */
	double share = p->npus && p->nthreads > p->npus ? (double)p->npus / p->nthreads : 1;

	tr->cpu_pct = wall > 0 ? 100.0 * cpu / wall : 100;
	if (tr->cpu_pct > 100)
		tr->cpu_pct = 100;	/* two clocks: a read apart */
	tr->nivcsw = w->sched1.nivcsw - w->sched0.nivcsw;
	tr->ran_short = lb_ran_short(cpu, w->sched0.rq_ok && w->sched1.rq_ok ?
				     (double)(w->sched1.rq_ns - w->sched0.rq_ns) : -1,
				     tr->cpu_pct, share, sleeps && !tr->nivcsw, &tr->run_pct);
	r->short_threads += tr->ran_short;
	if (tr->run_pct < r->cpu_min_pct)
		r->cpu_min_pct = tr->run_pct;
}

int lb_collect_point(const struct lb_run *run, struct lb_result *r)
{
	const struct lb_point *p = run->p;
	const struct lb_lock_ops *ops = run->ops;
	unsigned ntakers = 0;
	uint64_t t_last_end = 0;
	int rc = 0;

	r->ops_min = UINT64_MAX;
	r->cpu_min_pct = 100;
	for (unsigned i = 0; i < p->nthreads; i++) {
		struct lb_worker *w = run->workers[i];
		struct lb_thread_result *tr = &r->threads[i];
		/* an interrupt reader thread takes no lock: its progress counts rounds */
		bool taker = !(p->roles && lb_role_is_irq(p->roles[i].kind));
		uint64_t ops_i = taker ? w->ops : 0;

		tr->role = p->thread_role ? p->thread_role[i] : NULL;
		tr->ops = ops_i;
		tr->reads = w->reads;
		tr->writes = w->writes;
		tr->cpu_os = w->tctx.cpu;
		tr->cpu_seen = w->cpu_seen;
		tr->finish_ms = lb_cycles_to_ns(w->t_end - run->t_start) / 1e6;
		memcpy(tr->ctr, w->ctr, sizeof(tr->ctr));
		ran(run, w, tr, r);
		if (p->perf) {
			tr->perf = w->perf_vals;
			if (i == 0)
				r->perf = w->perf_vals;
			else
				lb_perf_sum(&r->perf, &w->perf_vals);
		}
		if (w->t_end > t_last_end)
			t_last_end = w->t_end;
		for (unsigned k = 0; k < LB_LOCK_MAX_COUNTERS; k++)
			if (ops->counters_max & (1u << k))	/* a longest run: the largest thread's */
				r->ctr_total[k] = w->ctr[k] > r->ctr_total[k] ? w->ctr[k] : r->ctr_total[k];
			else
				r->ctr_total[k] += w->ctr[k];
		if (!taker)
			continue;
		ntakers++;
		r->ops_total += ops_i;
		r->reads += w->reads;
		r->writes += w->writes;
		r->ops_min = ops_i < r->ops_min ? ops_i : r->ops_min;
		r->ops_max = ops_i > r->ops_max ? ops_i : r->ops_max;
	}
	if (!ntakers)
		r->ops_min = 0;
	while (ops->counters && ops->counters[r->nctr])
		r->nctr++;
	r->ops_mean = ntakers ? (double)r->ops_total / ntakers : 0;
	if (p->thread_role)
		role_results(r);
	r->exec_ms = lb_cycles_to_ns(t_last_end - run->t_start) / 1e6;
	r->ops_per_s = r->exec_ms > 0 ? (double)r->ops_total / (r->exec_ms / 1e3) : 0;
	r->teardown_ms = lb_cycles_to_ns(run->t_joined - t_last_end) / 1e6;

	lb_watch_results(run, r);
	if (lb_interval_results(run, r, t_last_end)) {
		lb_err("out of memory for the --interval results");
		return LB_EXIT_RUNTIME;
	}
	if (p->latency || p->roles)
		rc = latency_results(run, r);
	if (!rc && run->rp) {
		struct lb_role_thread **rts = calloc(p->nthreads, sizeof(*rts));

		for (unsigned i = 0; rts && i < p->nthreads; i++)
			rts[i] = run->workers[i]->rt;
		rc = rts ? lb_role_point_result(run->rp, rts, r) : LB_EXIT_RUNTIME;
		free(rts);
	}
	return rc;
}

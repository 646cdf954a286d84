// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * estimate.c - how long a fixed-work point will take, from a probe
 *
 * A fixed-time point takes its duration; a fixed-work point takes its
 * operations over the rate the lock reaches at that thread count, ratio and
 * load, which nothing knows before it runs. So the estimate runs each
 * distinct fixed-work point (its repetitions share one) for LB_PROBE_S in
 * fixed time (LB_PROBE_OVER_S when a spinning lock has more threads than
 * CPUs), without the measurements that cost (validation, latency,
 * --perf, --trace), and takes its operations over the probe's rate, plus
 * the set-up the probe took, at most the point's --point-timeout (which stops
 * it there). At most LB_PROBE_MAX probes: a later point
 * takes the estimate of the probed point of the same lock and thread count
 * nearest in load, scaled by its operations. On a machine that is not this
 * one (--topology without --simulate) nothing is probed and a fixed-work
 * point keeps its bound, the --point-timeout cap; nor are the hidden
 * controls (stall never hands over: the probe would be the watchdog's).
 *
 * A simulated point's (--simulate) wall time is neither its virtual
 * duration nor its operations over a rate: it is the accesses it makes
 * over the accesses the simulator does per real second. Each distinct one
 * runs LB_SIM_PROBE_S of virtual time, which gives both (and, in fixed
 * work, its operations per virtual second); est_s is then its wall time.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "base/clock.h"
#include "base/log.h"
#include "harness/harness.h"
#include "plan/run.h"

#define LB_PROBE_S	0.02	/* seconds a probe runs */
#define LB_PROBE_OVER_S	0.1	/* ... of a spinning lock with more threads than CPUs */
#define LB_PROBE_MAX	32	/* probes a run makes at most */
#define LB_SIM_PROBE_S	1e-3	/* virtual seconds a simulated point's probe runs */

/* same_point() - does @q measure what @p does, but for its repetition? */
static bool same_point(const struct lb_point *p, const struct lb_point *q)
{
	return p->ops == q->ops && p->nthreads == q->nthreads && p->load == q->load &&
	       p->delay == q->delay && p->nops == q->nops && lb_point_same_ratio(p, q) &&
	       p->lockopts == q->lockopts && p->phase == q->phase;
}

/* probe() - @p's seconds at the rate of a short fixed-time run; 0 when it did not run */
static double probe(const struct lb_point *p)
{
	struct lb_point q = *p;
	struct lb_result r;
	double s = 0;
	int quiet = lb_verbose;

	/*
	 * a spinning lock with more threads than CPUs hands over at the
	 * scheduler's pace (a preempted waiter holds up the queue for a time
	 * slice): a probe of a few slices, not a few hand-offs
	 */
	q.duration = !(p->ops->flags & LB_LOCK_F_BLOCKING) && p->pin && p->nthreads > p->npus ?
		     LB_PROBE_OVER_S : LB_PROBE_S;
	q.validate = q.torture = q.latency = q.perf = false;
	q.trace = NULL;
	q.interval_ns = 0;
	q.point_timeout = 10 * LB_PROBE_S + 1;
	/*
	 * the watchdog stays: a lock that never hands over (the stall
	 * controls) would keep the probe's threads from ever seeing its stop,
	 * as it would the point's; it exits 4 with its diagnosis either way
	 */
	lb_verbose = -1;
	if (lb_run_point(&q, &r) == 0) {
		if (r.ops_per_s > 0 && !r.timed_out)
			s = (double)p->nops * p->nthreads / r.ops_per_s + r.setup_ms / 1e3;
		else if (r.timed_out || r.ops_total == 0)
			s = INFINITY;	/* not one operation in the probe's time */
		lb_result_free(&r);
	}
	lb_verbose = quiet;
	/* --point-timeout stops a point at its cap: it takes that long at most */
	if (p->point_timeout > 0 && s > p->point_timeout)
		s = p->point_timeout;
	return isfinite(s) ? s : 0;
}

/* sim_probe() - a simulated point's wall time; adds its probe's rates to @pts */
static double sim_probe(const struct lb_point *p, struct lb_points *pts)
{
	struct lb_point q = *p;
	struct lb_result r;
	double v, s;
	int quiet = lb_verbose;

	q.duration = LB_SIM_PROBE_S;
	q.point_timeout = 0;
	q.interval_ns = 0;
	lb_verbose = -1;
	if (lb_run_point(&q, &r)) {
		lb_verbose = quiet;
		return 0;
	}
	lb_verbose = quiet;
	v = (double)r.sim.virtual_ns / 1e9;
	if (p->duration > 0)
		s = p->duration + (double)lb_warm_ns(p) / 1e9;
	else
		s = r.ops_mean > 0 ? (double)p->nops * LB_SIM_PROBE_S / r.ops_mean : 0;
	if (v > 0 && r.sim.real_s > 0) {
		pts->sim_acc_vs += (double)r.sim.accesses / v;
		pts->sim_rate += (double)r.sim.accesses / r.sim.real_s;
		pts->sim_probes++;
	}
	s = v > 0 ? s * r.sim.real_s / v : 0;
	lb_result_free(&r);
	return s;
}

void lb_points_estimate(struct lb_points *pts, bool thissystem)
{
	unsigned probes = 0;
	uint64_t t0 = lb_now_ns();

	for (unsigned i = 0; i < pts->n; i++) {
		struct lb_point *p = &pts->v[i];
		const struct lb_point *near = NULL;

		if (p->sim && !(p->ops->flags & LB_LOCK_F_HIDDEN)) {
			for (unsigned j = 0; j < i && !near; j++)	/* an earlier repetition */
				if (same_point(p, &pts->v[j]) && pts->v[j].duration == p->duration)
					near = &pts->v[j];
			p->est_s = near ? near->est_s : sim_probe(p, pts);
			continue;
		}
		if (!thissystem || p->sim)
			continue;

		/* the hidden controls are made to fail: stall stops handing over */
		if (p->duration > 0 || p->roles || p->est_s > 0 || (p->ops->flags & LB_LOCK_F_HIDDEN))
			continue;
		for (unsigned j = 0; j < i && !near; j++)	/* an earlier repetition */
			if (same_point(p, &pts->v[j]) && pts->v[j].est_s > 0)
				near = &pts->v[j];
		if (near) {
			p->est_s = near->est_s;
			continue;
		}
		if (probes < LB_PROBE_MAX && !lb_stop_requested) {
			p->est_s = probe(p);
			probes++;
			continue;
		}
		/* out of probes: the nearest probed load of this lock and thread count */
		for (unsigned j = 0; j < i; j++) {
			const struct lb_point *q = &pts->v[j];

			if (q->ops == p->ops && q->nthreads == p->nthreads && q->est_s > 0 &&
			    (!near || fabs((double)q->load - (double)p->load) <
				      fabs((double)near->load - (double)p->load)))
				near = q;
		}
		if (near && near->nops)
			p->est_s = near->est_s * (double)p->nops / (double)near->nops;
	}
	pts->probes = probes;
	pts->probe_s = (double)(lb_now_ns() - t0) / 1e9;
}

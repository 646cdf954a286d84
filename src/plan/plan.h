/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * plan.h - what a run is made of: the configuration resolved against the
 * machine (placement, thread counts, per-thread roles), and the points
 * built from it
 */
#ifndef LB_SRC_PLAN_PLAN_H
#define LB_SRC_PLAN_PLAN_H

#include "harness/harness.h"
#include "machine/topology.h"
#include "measure/c2c.h"
#include "plan/configuration.h"
#include "plan/domain.h"

struct lb_plan {
	const struct lb_config *cfg;
	const struct lb_pu *pus;	/* placement order */
	unsigned npus;
	unsigned *threads;		/* expanded --threads */
	unsigned *tgroup;		/* index of the --threads element of each */
	unsigned nthreads;
	/* scenario roles (lb_plan_roles()): each thread's mix, role and cap */
	struct lb_ratio *thread_ratio;
	const char **thread_role;
	uint64_t *thread_nops;
	/* --c2c: the round trips measured before the run (c2c.h), or none */
	const struct lb_c2c *c2c;
	unsigned nc2c;
	/* --trace: the collector (trace.h), or NULL */
	struct lb_trace *trace;
	/* lock domains of the placement (domain.h): pus[].domain, their count */
	struct lb_domains domains;
	/* --simulate: the simulated machine (simulate.h; lb_sim_env_free() frees it), or NULL */
	struct lb_sim_env *sim;
	/* --c2c: this machine's simulation profile (lb_sim_profile_measured()), or NULL */
	struct lb_sim_profile *measured;
};

/*
 * struct lb_points - the measured points of a run, in run order
 * (lb_plan_points() in run.h): what lb_run_all() runs and --plan prints,
 * what main matches against --baseline. The list owns the arrays its
 * points point into (lb_points_alloc(): the fair phases' roles), so they
 * live as long as the results that copy the points.
 */
struct lb_points {
	struct lb_point *v;		/* the points, in run order */
	unsigned n, cap;
	void **own;			/* what lb_points_alloc() gave, freed with the list */
	unsigned nown, capown;
	unsigned probes;		/* lb_points_estimate()'s probe runs */
	double probe_s;			/* ... and the seconds they took */
	/* --simulate: the probes' accesses per virtual second, and simulated per second */
	double sim_acc_vs, sim_rate;
	unsigned sim_probes;
};

/**
 * lb_points_add() - one more point at the end of @pts, zeroed
 *
 * Return: the point, valid until the next lb_points_add(); NULL when out of
 * memory.
 */
struct lb_point *lb_points_add(struct lb_points *pts);
/* lb_points_alloc() - @n zeroed elements of @size bytes that live as long as @pts; NULL: no memory */
void *lb_points_alloc(struct lb_points *pts, size_t n, size_t size);
/* lb_points_free() - the points and everything lb_points_alloc() gave */
void lb_points_free(struct lb_points *pts);

/**
 * lb_plan_roles() - the per-thread arrays of --scenario=roles
 *
 * Threads 0..readers-1 read (1:0), the rest write (0:1), capped at
 * --writer-ops writes when given. Nothing to do for other scenarios.
 * Return: 0, or -1 when out of memory.
 */
int lb_plan_roles(struct lb_plan *plan);
/* lb_plan_free() - what lb_plan_roles() and main allocated */
void lb_plan_free(struct lb_plan *plan);

/*
 * lb_point_timeout() - --point-timeout for a point of @duration seconds (0:
 * fixed work): as given, else 3 x the duration + 10 s, fixed work 60 s (a
 * generous cap: a fixed-work point's time is not known before it runs)
 */
double lb_point_timeout(const struct lb_config *c, double duration);
/**
 * lb_point_init() - a point with every setting the configuration and the
 * plan give (lock, load and what applies to all points); the caller sets
 * the thread count, ratio or roles, repetition and what its scenario changes
 */
void lb_point_init(struct lb_point *p, const struct lb_plan *plan, const struct lb_lock_ops *ops,
		   uint64_t load);
/* lb_load_pauses() - a --load value as pauses (--load-ns: converted with the calibrated pause cost) */
uint64_t lb_load_pauses(const struct lb_config *c, uint64_t v);

#endif /* LB_SRC_PLAN_PLAN_H */

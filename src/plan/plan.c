// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * plan.c - the configuration resolved into what each point runs
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "locks/registry.h"
#include "plan/defaults.h"
#include "plan/plan.h"

const char *const lb_scenario_names[] = { "mix", "roles", "fair", NULL };	/* enum lb_scenario */
const char *const lb_load_unit_names[] = { "pause", "loop", NULL };	/* enum lb_load_unit */

const char *lb_scenario_name(enum lb_scenario sc)
{
	return lb_scenario_names[sc];
}

uint64_t lb_load_pauses(const struct lb_config *c, uint64_t v)
{
	double unit = c->load_unit == LB_UNIT_LOOP ? lb_clock.loop_ns : lb_clock.pause_ns;

	if (!c->load_ns)
		return v;
	return unit > 0 ? (uint64_t)llround((double)v / unit) : v;
}

double lb_point_timeout(const struct lb_config *c, double duration)
{
	if (c->point_timeout_set)
		return c->point_timeout;
	return duration > 0 ? lb_default_budget(duration) :
			      lb_default_seconds(LB_D_POINT_TIMEOUT_WORK);
}

void lb_point_init(struct lb_point *p, const struct lb_plan *plan, const struct lb_lock_ops *ops,
		   uint64_t load)
{
	const struct lb_config *c = plan->cfg;

	memset(p, 0, sizeof(*p));
	p->ops = ops;
	p->lockopts = c->lockopt[lb_lock_index(ops)];
	p->load_arg = load;
	p->load_ns = c->load_ns;
	p->load = lb_load_pauses(c, load);
	p->delay = c->delay;
	p->spin = c->load_unit == LB_UNIT_LOOP;
	p->nops = c->ops;
	p->duration = c->duration;
	p->validate = c->validate;
	p->processes = c->processes;
	p->perf = c->perf;
	p->trace = plan->trace;
	p->timeout = c->timeout;
	p->point_timeout = lb_point_timeout(c, c->duration);
	p->lock_node = c->lock_node;
	p->pus = plan->pus;
	p->npus = plan->npus;
	p->pin = c->place != LB_PLACE_NONE;
	p->ndomains = plan->domains.n;
	p->domains_pretend = plan->domains.pretend;
	p->latency = c->latency;
	p->lat_every = c->lat_every;
	p->interval_ns = c->interval_ns;
	p->sim = plan->sim;
	p->sim_ops = plan->sim ? lb_sim_lock_of(ops) : NULL;
}

int lb_plan_roles(struct lb_plan *plan)
{
	const struct lb_config *c = plan->cfg;
	unsigned n = c->readers + c->writers;

	if (c->scenario != LB_SCN_ROLES)
		return 0;
	plan->thread_ratio = calloc(n, sizeof(*plan->thread_ratio));
	plan->thread_role = calloc(n, sizeof(*plan->thread_role));
	plan->thread_nops = calloc(n, sizeof(*plan->thread_nops));
	if (!plan->thread_ratio || !plan->thread_role || !plan->thread_nops)
		return -1;
	for (unsigned t = 0; t < n; t++) {
		bool reader = t < c->readers;

		plan->thread_ratio[t] = (struct lb_ratio){ reader ? 1 : 0, reader ? 0 : 1 };
		plan->thread_role[t] = reader ? "reader" : "writer";
		plan->thread_nops[t] = !reader && c->writer_ops ? c->writer_ops : UINT64_MAX;
	}
	return 0;
}

void lb_plan_free(struct lb_plan *plan)
{
	free((void *)plan->pus);
	free(plan->threads);
	free(plan->tgroup);
	free(plan->thread_ratio);
	free(plan->thread_role);
	free(plan->thread_nops);
	free((void *)plan->c2c);
}

struct lb_point *lb_points_add(struct lb_points *pts)
{
	if (pts->n == pts->cap) {
		unsigned cap = pts->cap ? 2 * pts->cap : 16;
		struct lb_point *v = realloc(pts->v, cap * sizeof(*v));

		if (!v)
			return NULL;
		pts->v = v;
		pts->cap = cap;
	}
	memset(&pts->v[pts->n], 0, sizeof(pts->v[0]));
	return &pts->v[pts->n++];
}

void *lb_points_alloc(struct lb_points *pts, size_t n, size_t size)
{
	void *m;

	if (pts->nown == pts->capown) {
		unsigned cap = pts->capown ? 2 * pts->capown : 16;
		void **own = realloc(pts->own, cap * sizeof(*own));

		if (!own)
			return NULL;
		pts->own = own;
		pts->capown = cap;
	}
	m = calloc(n ? n : 1, size);
	if (m)
		pts->own[pts->nown++] = m;
	return m;
}

void lb_points_free(struct lb_points *pts)
{
	for (unsigned i = 0; i < pts->nown; i++)
		free(pts->own[i]);
	free(pts->own);
	free(pts->v);
	memset(pts, 0, sizeof(*pts));
}

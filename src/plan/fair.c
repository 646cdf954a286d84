// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fair.c - --scenario=fair: Desnoyers 2008's phases for each lock (see fair.h)
 *
 * Thread order in a phase is the order of the posting's report: writers,
 * trylock writers, readers, trylock readers, interrupt readers, trylock
 * interrupt readers; thread i is pinned to CPU i of the placement, round
 * robin, as in every point.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "plan/fair.h"
#include "base/log.h"

static const char *const titles[LB_FAIR_NPHASES] = {
	[LB_FAIR_SINGLE_WRITER] = "Single writer test, no contention",
	[LB_FAIR_SINGLE_READER] = "Single reader test, no contention",
	[LB_FAIR_MULTI_READERS] = "Multiple readers test, no contention",
	[LB_FAIR_HIGH_CONTENTION] = "High contention test",
};

static const char *const names[LB_FAIR_NPHASES] = {
	[LB_FAIR_SINGLE_WRITER] = "single-writer",
	[LB_FAIR_SINGLE_READER] = "single-reader",
	[LB_FAIR_MULTI_READERS] = "multiple-readers",
	[LB_FAIR_HIGH_CONTENTION] = "high-contention",
};

/* the order of the thread types in a phase (and in the posting's report) */
static const enum lb_role_kind order[] = {
	LB_ROLE_WRITER, LB_ROLE_TRYLOCK_WRITER, LB_ROLE_READER, LB_ROLE_TRYLOCK_READER,
	LB_ROLE_IRQ_READER, LB_ROLE_TRYLOCK_IRQ_READER,
};

static const char *const count_opt[LB_ROLE_NKINDS] = {
	[LB_ROLE_READER] = "fair-readers",
	[LB_ROLE_WRITER] = "fair-writers",
	[LB_ROLE_TRYLOCK_READER] = "fair-trylock-readers",
	[LB_ROLE_TRYLOCK_WRITER] = "fair-trylock-writers",
	[LB_ROLE_IRQ_READER] = "fair-irq-readers",
	[LB_ROLE_TRYLOCK_IRQ_READER] = "fair-trylock-irq-readers",
};

const char *lb_fair_phase_title(unsigned phase)
{
	return phase < LB_FAIR_NPHASES && titles[phase] ? titles[phase] : "";
}

const char *lb_fair_phase_name(unsigned phase)
{
	return phase < LB_FAIR_NPHASES && names[phase] ? names[phase] : "";
}

/* Why a thread type cannot run here, or NULL. */
static const char *cannot(const struct lb_config *c, const struct lb_lock_ops *o,
			  enum lb_role_kind k, char *why, size_t len)
{
	if (lb_role_check(o, k, why, len))
		return why;
	if (lb_role_is_irq(k) && c->place == LB_PLACE_NONE) {
		snprintf(why, len, "interrupts go to the worker pinned on each CPU, and "
			 "--place=none pins nothing");
		return why;
	}
	return NULL;
}

const char *lb_fair_dropped_why(const struct lb_point *p, enum lb_role_kind k, char *buf,
				size_t len)
{
	if (!(p->roles_dropped & (1u << k)))
		return NULL;
	if (lb_role_check(p->ops, k, buf, len) == 0)
		snprintf(buf, len, "the threads are not pinned (--place=none)");
	return buf;
}

/* The high-contention counts for lock @o: the posting's, less what @o cannot run. */
static void counts_for(const struct lb_config *c, const struct lb_lock_ops *o,
		       unsigned count[LB_ROLE_NKINDS], uint32_t *dropped)
{
	char why[256];

	*dropped = 0;
	for (unsigned k = 0; k < LB_ROLE_NKINDS; k++) {
		count[k] = c->fair.count[k];
		if (!count[k] || !cannot(c, o, k, why, sizeof(why)))
			continue;
		if (c->fair.count_set[k])
			lb_die(lb_role_is_irq(k) && c->place == LB_PLACE_NONE ? LB_EXIT_USAGE :
			       LB_EXIT_UNAVAIL, "--%s=%u: %s", count_opt[k], count[k], why);
		count[k] = 0;
		*dropped |= 1u << k;
	}
}

/* Add one phase of lock @lk to @pts, unless the phase has no thread; -1: out of memory. */
static int phase_point(const struct lb_plan *plan, unsigned lk, unsigned phase,
		       struct lb_points *pts)
{
	const struct lb_config *c = plan->cfg;
	const struct lb_lock_ops *o = c->locks[lk];
	unsigned count[LB_ROLE_NKINDS] = { 0 }, n = 0, t = 0;
	uint32_t dropped = 0;
	struct lb_role *roles;
	struct lb_ratio *ratios;
	const char **role_names;
	struct lb_point *p;

	switch (phase) {
	case LB_FAIR_SINGLE_WRITER:
		count[LB_ROLE_WRITER] = 1;
		break;
	case LB_FAIR_SINGLE_READER:
		count[LB_ROLE_READER] = 1;
		break;
	case LB_FAIR_MULTI_READERS:
		count[LB_ROLE_READER] = c->fair.count[LB_ROLE_READER];
		break;
	default:
		counts_for(c, o, count, &dropped);
		break;
	}
	for (unsigned k = 0; k < LB_ROLE_NKINDS; k++)
		n += count[k];
	if (!n)
		return 0;
	/* the per-thread arrays of the point: the list owns them */
	roles = lb_points_alloc(pts, n, sizeof(*roles));
	ratios = lb_points_alloc(pts, n, sizeof(*ratios));
	role_names = lb_points_alloc(pts, n, sizeof(*role_names));
	if (!roles || !ratios || !role_names)
		return -1;
	for (unsigned i = 0; i < LB_ARRAY_SIZE(order); i++) {
		enum lb_role_kind k = order[i];

		for (unsigned j = 0; j < count[k]; j++, t++) {
			struct lb_role *r = &roles[t];

			r->kind = k;
			r->index = j;
			if (k == LB_ROLE_WRITER)
				r->period_ns = c->fair.writer_period_ns;
			else if (k == LB_ROLE_TRYLOCK_WRITER)
				r->period_ns = c->fair.trylock_writer_period_ns;
			else if (lb_role_is_irq(k))
				r->period_ns = c->fair.irq_period_ns;
			r->tries = k == LB_ROLE_TRYLOCK_WRITER ? c->fair.trylock_writer_tries : 0;
			/* the mix the starvation watch and the checks see: reads or writes */
			ratios[t] = k == LB_ROLE_READER || k == LB_ROLE_TRYLOCK_READER ?
				    (struct lb_ratio){ 1, 0 } : (struct lb_ratio){ 0, 1 };
			role_names[t] = lb_role_name(k);
		}
	}

	p = lb_points_add(pts);
	if (!p)
		return -1;
	/* no ratio: each thread has its role, and its mix in thread_ratio */
	lb_point_init(p, plan, o, c->loads[0]);
	p->thread_ratio = ratios;
	p->thread_role = role_names;
	p->roles = roles;
	p->roles_dropped = dropped;
	p->phase = phase;
	p->nthreads = n;
	p->delay = 0;
	p->duration = phase == LB_FAIR_HIGH_CONTENTION ? c->duration : c->duration / 6;
	p->point_timeout = lb_point_timeout(c, p->duration);
	p->latency = true;	/* every acquisition of the posting's readers and writers is timed */
	return 0;
}

int lb_fair_points(const struct lb_plan *plan, struct lb_points *pts)
{
	const struct lb_config *c = plan->cfg;

	/* every lock's thread types first: an error must come before a long run */
	for (unsigned lk = 0; lk < c->nlocks; lk++) {
		unsigned count[LB_ROLE_NKINDS];
		uint32_t dropped;
		char why[256];

		counts_for(c, c->locks[lk], count, &dropped);
		for (unsigned k = 0; !c->plan && k < LB_ROLE_NKINDS; k++)
			if (dropped & (1u << k))
				lb_warn("--scenario=fair: lock %s runs no %s: %s (see --%s)",
					c->locks[lk]->name, lb_role_name(k),
					cannot(c, c->locks[lk], k, why, sizeof(why)), count_opt[k]);
	}
	for (unsigned lk = 0; lk < c->nlocks; lk++)
		for (unsigned ph = LB_FAIR_SINGLE_WRITER; ph < LB_FAIR_NPHASES; ph++)
			if (phase_point(plan, lk, ph, pts))
				return -1;
	return 0;
}

void lb_fair_point_print(FILE *f, const struct lb_plan *plan, const struct lb_point *p)
{
	char why[256];

	fprintf(f, "\npoint %s fair/%s duration=%gs threads=%u\n", p->ops->name,
		lb_fair_phase_name(p->phase), p->duration, p->nthreads);
	fprintf(f, "%-7s %-6s %-6s %s\n", "thread", "pu(L#)", "pu(P#)", "role");
	for (unsigned t = 0; t < p->nthreads; t++) {
		const struct lb_pu *pu = &plan->pus[t % plan->npus];

		if (p->pin)
			fprintf(f, "%-7u %-6d %-6d %s/%u\n", t, pu->pu_l, pu->pu_os,
				lb_role_name(p->roles[t].kind), p->roles[t].index);
		else
			fprintf(f, "%-7u %-6s %-6s %s/%u\n", t, "-", "-",
				lb_role_name(p->roles[t].kind), p->roles[t].index);
	}
	for (unsigned k = 0; k < LB_ROLE_NKINDS; k++)
		if (lb_fair_dropped_why(p, k, why, sizeof(why)))
			fprintf(f, "(no %s: %s)\n", lb_role_name(k), why);
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sim-registry.c - the table of the simulator's copies of the locks
 *
 * locks/local.mk compiles every lock file without an LB_NOSIM() line a
 * second time with -DLB_SIM (lb-atomic.h, clock.h and futex.h routed into
 * the simulator, base/sim.h) and renames the global symbols of that copy
 * lbsim_NAME, so that lb_lock_ticket's copy is lbsim_lb_lock_ticket. The
 * table is locks.def's, each entry a weak reference: a lock without a
 * copy (an LB_NOSIM() line) is NULL. This file is linked into the same
 * object as the copies (locks/local.mk), which resolves the others. A lock
 * of the native registry (registry.c) is run by --simulate through its
 * copy here, found by name; the copy's own lookups (a wait_lock chosen by
 * name, wait-lock.h) come here too (registry.h).
 */
#include "config.h"

#include <string.h>

#include "registry.h"

#define LB_LOCK(id) extern const struct lb_lock_ops lbsim_lb_lock_##id __attribute__((weak));
#include "locks.def"
#undef LB_LOCK

static const struct lb_lock_ops *const lb_sim_locks[] = {
#define LB_LOCK(id) &lbsim_lb_lock_##id,
#include "locks.def"
#undef LB_LOCK
};

const struct lb_lock_ops *lb_sim_lock_find(const char *name)
{
	for (unsigned i = 0; i < LB_ARRAY_SIZE(lb_sim_locks); i++)
		if (lb_sim_locks[i] && strcmp(lb_sim_locks[i]->name, name) == 0)
			return lb_sim_locks[i];
	return NULL;
}

const struct lb_lock_ops *lb_sim_lock_of(const struct lb_lock_ops *ops)
{
	const struct lb_lock_ops *base = lb_lock_instance_of(ops);

	if (base)
		ops = base;
	if (ops->nosim || lb_lock_plugin(ops) || ops->unavailable)
		return NULL;
	return lb_sim_lock_find(ops->name);
}

const char *lb_sim_lock_refusal(const struct lb_lock_ops *ops)
{
	const struct lb_lock_ops *base = lb_lock_instance_of(ops);

	if (base)
		ops = base;
	if (ops->nosim)
		return ops->nosim;
	if (lb_lock_plugin(ops))
		return LB_NOSIM_PLUGIN;
	if (ops->unavailable)
		return ops->unavailable;
	if (!lb_sim_lock_find(ops->name))
		return "no copy for the simulator in this build";
	return NULL;
}

int lb_sim_registry_check(FILE *err)
{
	int bad = 0;

	for (unsigned i = 0; i < lb_lock_count(); i++) {
		const struct lb_lock_ops *o = lb_lock_at(i), *s;

		if (lb_lock_plugin(o) || lb_lock_instance_of(o))
			continue;
		s = lb_sim_lock_find(o->name);
		if (!s == !o->nosim || (s && (s->lock_size != o->lock_size ||
					      s->tctx_size != o->tctx_size || s->kind != o->kind))) {
			fprintf(err, "lock %s: %s\n", o->name, s ? (o->nosim ? "a copy for the "
				"simulator and an LB_NOSIM() reason" : "its simulator copy differs") :
				"neither a copy for the simulator nor an LB_NOSIM() reason");
			bad++;
		}
	}
	for (unsigned i = 0; i < LB_ARRAY_SIZE(lb_sim_locks); i++)
		if (lb_sim_locks[i] && !lb_lock_find(lb_sim_locks[i]->name)) {
			fprintf(err, "simulator copy %s: no such lock\n", lb_sim_locks[i]->name);
			bad++;
		}
	return bad;
}

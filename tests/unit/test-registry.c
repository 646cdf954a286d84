// SPDX-License-Identifier: GPL-2.0-or-later
/* test-registry.c - every lock entry keeps the ops contract */
#include "config.h"

#include "check.h"
#include "locks/inner.h"
#include "locks/registry.h"

int main(void)
{
	unsigned visible = 0;

	CHECK(lb_lock_registry_check(stderr) == 0, "the registry is consistent");
	CHECK(lb_sim_registry_check(stderr) == 0, "every lock has a simulator copy or a reason");
	CHECK(lb_lock_find("ticket") != NULL, "ticket is registered");
	CHECK(lb_lock_find("nosuch") == NULL, "unknown names are not found");
	CHECK(lb_lock_find("busted") && (lb_lock_find("busted")->flags & LB_LOCK_F_HIDDEN),
	      "busted exists and is hidden");
	CHECK(lb_lock_find("stall") && (lb_lock_find("stall")->flags & LB_LOCK_F_HIDDEN),
	      "stall exists and is hidden");
	CHECK(!lb_lock_in_family(lb_lock_find("busted"), "all"), "busted is in no family");
	CHECK(lb_lock_in_family(lb_lock_find("ticket"), "spin"), "ticket is spin");
	CHECK(lb_lock_in_family(lb_lock_find("pthread-rwlock"), "rw"), "rwlock is rw");
	CHECK(!lb_lock_in_family(lb_lock_find("pthread-mutex"), "rw"), "mutex is not rw");
	CHECK(lb_lock_is_family("peer") && !lb_lock_is_family("ticket"), "family names");
	CHECK(lb_lock_nearest("tiket") && strcmp(lb_lock_nearest("tiket"), "ticket") == 0,
	      "did you mean ticket");
	for (unsigned i = 0; i < lb_lock_count(); i++) {
		const struct lb_lock_ops *o = lb_lock_at(i);

		if (!(o->flags & LB_LOCK_F_HIDDEN))
			visible++;
		else	/* the controls that prove a check can fail */
			CHECK(strcmp(o->family, "harness") == 0, "hidden lock %s is not a harness control",
			      o->name);
		/* every available lock has its own inlined loop (loop.h) */
		CHECK(o->unavailable || o->loop, "lock %s has no LB_LOCK_LOOP", o->name);
		CHECK(o->unavailable || o->describe || (o->flags & LB_LOCK_F_NOEXCL),
		      "lock %s cannot describe its lock word for the watchdog", o->name);
	}
	CHECK(visible + 4 == lb_lock_count(), "only busted, busted-rw, stall and stall-sleep are hidden");

	/* a spinlock inside another lock runs with its own option defaults, not the outer's */
	{
		static uint64_t mem[LB_INNER_MAX_SIZE / 8] LB_ALIGNED;
		const uint64_t outer_opts[] = { 7, 7, 7 };
		struct lb_lock_cfg cfg = { .nthreads = 2, .opts = outer_opts };
		struct lb_inner in;

		CHECK(lb_inner_init(&in, &lb_lock_ticket, mem, &cfg, 0, 0) == 0, "ticket as inner lock");
		CHECK(lb_inner_init(&in, &lb_lock_qspinlock, mem, &cfg, 0, 0) == 0,
		      "qspinlock as inner lock");
		CHECK(((uint32_t *)mem)[1] == 512, "inner qspinlock's pending-loops: %u, want its "
		      "default 512", ((uint32_t *)mem)[1]);
		CHECK(lb_inner_init(&in, lb_lock_find("aqticket"), mem, &cfg, 0, 0) != 0,
		      "aqticket is too big to be an inner lock");
	}
	return check_done();
}

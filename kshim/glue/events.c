// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * events.c - the tree's lock events as lockbench counters
 *
 * The per-CPU array the tree's lock_events.h declares (kernel/locking/
 * lock_events.c defines it in the kernel, with its debugfs files: not
 * compiled here), the names from the tree's own lock_events_list.h, and
 * the choice of a lock's counters among them (glue.h).
 */
#include "glue.h"

/* lock events came with Linux 5.1 (before, qspinlock had its own debugfs statistics) */
#if __has_include(<kernel/locking/lock_events.h>)
#include <kernel/locking/lock_events.h>
#else
#undef CONFIG_LOCK_EVENT_COUNTS
#define lockevent_num 0
#endif

#ifdef CONFIG_LOCK_EVENT_COUNTS
DEFINE_PER_CPU(unsigned long, lockevents[lockevent_num]);
#endif

_Static_assert(lockevent_num <= LB_KS_MAX_EVENTS, "more lock events than the glue keeps");

static const char *const event_names[] = {
#ifdef CONFIG_LOCK_EVENT_COUNTS
#undef LOCK_EVENT
#define LOCK_EVENT(name) #name,
#include <kernel/locking/lock_events_list.h>
#undef LOCK_EVENT
#endif
	NULL,
};

static bool has_prefix(const char *s, const char *const *pfx)
{
	for (; *pfx; pfx++)
		if (strncmp(s, *pfx, strlen(*pfx)) == 0)
			return true;
	return false;
}

void lb_ks_events_select(struct lb_ks_events *e, const char *const *prefixes, bool sleeping)
{
	unsigned n = 0, room = LB_LOCK_MAX_COUNTERS - (sleeping ? 2 : 0);

#ifdef CONFIG_LOCK_EVENT_COUNTS
	for (unsigned i = 0; i < lockevent_num && n < room; i++)
		if (has_prefix(event_names[i], prefixes)) {
			e->ev[n] = (uint16_t)i;
			e->names[n++] = event_names[i];
		}
#else
	(void)prefixes;
	(void)room;
#endif
	e->n = n;
	e->sleeps = e->wakeups = 0;
	if (sleeping) {
		e->sleeps = n;
		e->names[n++] = "sleeps";
		e->wakeups = n;
		e->names[n++] = "wakeups";
	}
	e->names[n] = NULL;
}

void lb_ks_events_snap(uint64_t *snap)
{
#ifdef CONFIG_LOCK_EVENT_COUNTS
	for (unsigned i = 0; i < lockevent_num; i++)
		snap[i] = this_cpu_read(lockevents[i]);
#else
	(void)snap;
#endif
}

void lb_ks_events_add(const struct lb_ks_events *e, struct lb_tctx *t, const uint64_t *snap)
{
#ifdef CONFIG_LOCK_EVENT_COUNTS
	for (unsigned k = 0; k < e->n; k++)
		t->ctr[k] += this_cpu_read(lockevents[e->ev[k]]) - snap[e->ev[k]];
#else
	(void)e;
	(void)t;
	(void)snap;
#endif
}

void lb_ks_fini(void *lock)
{
	(void)lock;
	lb_ks_teardown();
}

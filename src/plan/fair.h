/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fair.h - --scenario=fair: Desnoyers 2008's latency and fairness test
 *
 * Mathieu Desnoyers' test of his fair low-latency rwlock (LKML, August
 * 2008, test module test-fair-rwlock.c), run on any reader-writer lock: the
 * timer calibration (lb_clock), then four measured points per lock:
 *
 *	single writer, no contention	  1 writer		duration / 6
 *	single reader, no contention	  1 reader		duration / 6
 *	multiple readers, no contention	  --fair-readers	duration / 6
 *	high contention			  every thread type	duration
 *
 * (the posting ran 10, 10, 10 and 60 s). The phases are points of the
 * run's one list (lb_plan_points(), run.h), which runs and prints them.
 * Thread types, counts and periods: roles.h and the --fair-* options,
 * whose defaults are the posting's. A type
 * the lock cannot run (no read_trylock, a read side that is not
 * async-signal-safe) is an error (exit 5) when its count was given, and is
 * left out with a note in the report when the count is the default.
 */
#ifndef LB_SRC_FAIR_H
#define LB_SRC_FAIR_H

#include <stdio.h>

#include "harness/harness.h"
#include "plan/plan.h"

enum lb_fair_phase {
	LB_FAIR_NONE = 0,		/* not a fair point */
	LB_FAIR_SINGLE_WRITER,
	LB_FAIR_SINGLE_READER,
	LB_FAIR_MULTI_READERS,
	LB_FAIR_HIGH_CONTENTION,
	LB_FAIR_NPHASES,
};

/* lb_fair_phase_title() - "Single writer test, no contention", ... (Desnoyers 2008's headers) */
const char *lb_fair_phase_title(unsigned phase);
/* lb_fair_phase_name() - "single-writer", ... (CSV and JSON) */
const char *lb_fair_phase_name(unsigned phase);

/**
 * lb_fair_points() - the phases of every lock as points, added to @pts in
 * run order (lock, then phase); a phase without threads is left out
 *
 * Dies (exit 5, or 2 for interrupt readers with --place=none) after one
 * line naming the option when a thread type whose count was given needs
 * what a lock lacks; a run (not --plan) warns about each type left out.
 * Return: 0, or -1 when out of memory.
 */
int lb_fair_points(const struct lb_plan *plan, struct lb_points *pts);
/* lb_fair_point_print() - --plan: one phase's threads, roles and places */
void lb_fair_point_print(FILE *f, const struct lb_plan *plan, const struct lb_point *p);
/**
 * lb_fair_dropped_why() - why the thread type @k was left out of @p
 * (p->roles_dropped), in a few words
 */
const char *lb_fair_dropped_why(const struct lb_point *p, enum lb_role_kind k, char *buf,
				size_t len);

#endif /* LB_SRC_FAIR_H */

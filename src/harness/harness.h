/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * harness.h - one measured point: create, pin, barrier, run, join
 */
#ifndef LB_SRC_HARNESS_H
#define LB_SRC_HARNESS_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "harness/point.h"
#include "harness/roles.h"

/**
 * lb_run_point() - run one point and fill @r
 *
 * Return: 0, or an exit status (LB_EXIT_RUNTIME, LB_EXIT_VALIDATE) after
 * printing one line that says why. A point stopped by the watchdog does
 * not return: the diagnosis is printed and the process exits with 4.
 */
int lb_run_point(const struct lb_point *p, struct lb_result *r);
/*
 * lb_stop_requested - set by a signal handler (Ctrl-C, SIGTERM): the point
 * that runs raises stop, ends with lb_result.interrupted, and the run stops
 */
extern volatile sig_atomic_t lb_stop_requested;
/* lb_warm_ns() - the warm-up's length: a tenth of a fixed-time point, at most 10 ms; 0: none */
uint64_t lb_warm_ns(const struct lb_point *p);
/*
 * The first warm-up a process runs natively lasts at least LB_WARM_SETTLE_NS
 * (harness.c): after lockbench's start-up the placement's CPUs were idle,
 * and a VM's host takes that long to give its vCPUs back steadily (issue
 * 24: without it the first repetition ran short, and the others spread).
 * lb_warm_settle_ns() - what that adds to @p's time if it is the first
 */
#define LB_WARM_SETTLE_NS 200000000ull
uint64_t lb_warm_settle_ns(const struct lb_point *p);
/**
 * lb_intervals_levels() - do @r's intervals (--interval) fall into two
 * levels (the machine changed in the middle of the point)? Two groups of at
 * least three intervals, 15% apart, with a gap between them wider than
 * twice the spread within either; out: their means, and how many are low.
 */
bool lb_intervals_levels(const struct lb_result *r, double *lo, double *hi, unsigned *nlo);
/* lb_result_role() - the population @role of @r, NULL if it has none */
const struct lb_role_result *lb_result_role(const struct lb_result *r, const char *role);
/* lb_result_free() - release r->threads (and the rest lb_run_point() allocated) */
void lb_result_free(struct lb_result *r);
/**
 * lb_expected_reads() - read slots among @n operations of thread @tid
 *
 * The interleave: operation j of thread tid is a read when
 * (j + tid) mod (R + W) < R. Used by --validate to check the harness.
 */
uint64_t lb_expected_reads(const struct lb_ratio *ratio, unsigned tid, uint64_t n);

/**
 * struct lb_worker_layout - where a worker's record keeps what (for tests)
 * @ops_off:  the loop's per-operation store (struct lb_worker.ops)
 * @tctx_off: the context handed to the lock in every call
 * @priv_off: the context's priv pointer (the lock's per-thread area)
 * @size:     sizeof(struct lb_worker)
 */
struct lb_worker_layout {
	size_t ops_off, tctx_off, priv_off, size;
};
void lb_worker_layout(struct lb_worker_layout *wl);

#endif /* LB_SRC_HARNESS_H */

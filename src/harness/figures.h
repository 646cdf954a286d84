/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * figures.h - figures computed from one measured point (struct lb_result)
 *
 * What a result says beyond its raw counts: Jain's index over its threads,
 * the wall time per operation, the core-to-core round trip it is compared
 * with. The numbers behind them are measure's (statistics.h, c2c.h); this
 * file only picks them out of a result, so that every format reports the
 * same figure.
 */
#ifndef LB_SRC_HARNESS_FIGURES_H
#define LB_SRC_HARNESS_FIGURES_H

#include "harness/point.h"
#include "measure/c2c.h"

/**
 * lb_result_jain() - Jain's index of the threads' operations in a point
 * @kind: only the threads of this role (enum lb_role_kind), or -1 for all
 *
 * Interrupt reader threads take no lock and are left out.
 */
double lb_result_jain(const struct lb_result *r, int kind);
/* lb_ns_per_op() - wall time per operation of a point (all threads), in ns */
double lb_ns_per_op(const struct lb_result *r);
/**
 * lb_result_c2c() - the round trip between the CPUs of the point's threads 0
 * and 1, or NULL (no --c2c, one thread, unpinned, or one shared CPU)
 */
const struct lb_c2c *lb_result_c2c(const struct lb_c2c *c, unsigned n, const struct lb_result *r);
/* lb_ns_per_op_per_c2c() - the wall time per operation in round trips of @c (lb_result_c2c()) */
double lb_ns_per_op_per_c2c(const struct lb_result *r, const struct lb_c2c *c);

#endif /* LB_SRC_HARNESS_FIGURES_H */

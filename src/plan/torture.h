/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * torture.h - --torture: every selected lock under --validate, in rounds
 * of random thread counts, mixes and placements, with delays injected
 */
#ifndef LB_SRC_PLAN_TORTURE_H
#define LB_SRC_PLAN_TORTURE_H

#include <stdio.h>

#include "plan/plan.h"

/* LB_TORTURE_MIN_S - the least a lock gets of --duration's share */
#define LB_TORTURE_MIN_S 0.2

/**
 * lb_torture_run() - torture each lock of the configuration for --duration
 * seconds (LB_D_TORTURE_DURATION per lock without it) and print one summary line per
 * lock on @out
 * Return: 0, LB_EXIT_VALIDATE when a lock failed a check, or the exit
 * status of a point that could not run.
 */
int lb_torture_run(const struct lb_plan *plan, FILE *out);

#endif /* LB_SRC_PLAN_TORTURE_H */

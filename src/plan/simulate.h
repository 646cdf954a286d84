/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * simulate.h - --simulate's machine and profile (simulate.c): the
 * placement as simulated CPUs, the latency profile, the virtual clock;
 * this machine's profile from --c2c
 */
#ifndef LB_SRC_PLAN_SIMULATE_H
#define LB_SRC_PLAN_SIMULATE_H

#include <stdio.h>

#include "plan/plan.h"

/**
 * lb_sim_env_setup() - plan->sim: the simulated machine of the placement,
 * its profile (--sim-profile, the saved machine's, --c2c's or the build
 * VM's), --seed, --sim-jitter, --sim-slice; then lb_clock is the
 * profile's (every figure of the run in its virtual time)
 *
 * Return: 0, or -1 with one line in @why (a profile file's: its line and key).
 */
int lb_sim_env_setup(struct lb_plan *plan, char *why, size_t len);
/* lb_sim_env_free() - what lb_sim_env_setup() allocated */
void lb_sim_env_free(struct lb_sim_env *env);
/**
 * lb_sim_profile_measured() - this machine's profile from plan->c2c (its
 * round trips fitted in the simulator) and its own costs, measured now
 *
 * Return: 0, or -1 with @why (no pair was measured).
 */
int lb_sim_profile_measured(const struct lb_plan *plan, struct lb_sim_profile *p, char *why,
			    size_t len);
/**
 * lb_sim_profile_fit_hold() - fit @p's hold_ns and hold_skip_pct (as --c2c
 * does) so that two simulated CPUs of one L3 group contending with
 * fetch-adds run @run of them in a row (tests/unit/test-sim)
 *
 * Return: the simulated mean run with the fit, or < 0 (it could not run).
 */
double lb_sim_profile_fit_hold(struct lb_sim_profile *p, double run);
/* lb_sim_profile_print() - @p in the profile format, with the round trips it came from */
int lb_sim_profile_print(FILE *f, const struct lb_plan *plan, const struct lb_sim_profile *p);

#endif /* LB_SRC_PLAN_SIMULATE_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * domain.h - lock domains: what a topology-aware lock treats as local
 *
 * Each CPU of the placement gets a dense domain number (lb_pu.domain) from
 * --lock-domain (NUMA node, package, L3 group) or, with --domains=N, a
 * pretend one; a thread's domain is its CPU's (thread i -> pus[i % npus]).
 */
#ifndef LB_SRC_PLAN_DOMAIN_H
#define LB_SRC_PLAN_DOMAIN_H

#include <stdbool.h>
#include <stddef.h>

#include "machine/topology.h"
#include "plan/configuration.h"

struct lb_domains {
	unsigned n;		/* domains in the placement, 1..LB_MAX_DOMAINS */
	bool pretend;		/* --domains: not the machine's */
	const char *level;	/* "numa", "package", "cache": the level used */
	char desc[160];		/* one line for reports: "2 pretend (--domains=2 ...)" */
};

/**
 * lb_domains_assign() - set pus[].domain for the configuration
 *
 * --domains=N: CPU k of the placement is in pretend domain k mod N
 * (round-robin, so that threads 0..N-1 are in N domains on any machine).
 * Otherwise the CPU's NUMA node (the package where hwloc knows no node),
 * package, or L3 group (the package where hwloc knows no L3), numbered in
 * order of first appearance in the placement; with --place=none, whose
 * threads are not pinned, one domain.
 *
 * Return: 0, or -1 with the reason in @why (more than LB_MAX_DOMAINS,
 * more pretend domains than CPUs).
 */
int lb_domains_assign(const struct lb_config *c, struct lb_pu *pus, unsigned npus,
		      struct lb_domains *d, char *why, size_t len);

/* lb_lock_domain_name() - "numa", "package", "cache" */
const char *lb_lock_domain_name(enum lb_lock_domain d);
/* lb_lock_domain_names[] - each level at its value, NULL-terminated */
extern const char *const lb_lock_domain_names[];
/*
 * lb_domains_note() - one line on stderr when a numa lock (or --lock-domain)
 * meets a placement of one domain: the lock degenerates to its base
 */
void lb_domains_note(const struct lb_config *c, const struct lb_domains *d);

#endif /* LB_SRC_PLAN_DOMAIN_H */

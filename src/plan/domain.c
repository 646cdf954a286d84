// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * domain.c - lock domains from the placement (--lock-domain, --domains)
 *
 * No hwloc here: the placement's lb_pu entries already carry each CPU's
 * package, NUMA node and L3 group (topology.c).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "base/compiler.h"
#include "base/log.h"
#include "plan/domain.h"

#define WHY(...) lb_why(why, len, __VA_ARGS__)

static int level_key(enum lb_lock_domain lvl, const struct lb_pu *p, const char **used)
{
	switch (lvl) {
	case LB_DOMAIN_NUMA:
		if (p->numa_os >= 0)
			return p->numa_os;
		*used = "package";	/* hwloc knows no NUMA node here */
		return p->package_l;
	case LB_DOMAIN_CACHE:
		if (p->l3_l >= 0)
			return p->l3_l;
		*used = "package";	/* no L3 known */
		return p->package_l;
	case LB_DOMAIN_PACKAGE:
		break;
	}
	return p->package_l;
}

int lb_domains_assign(const struct lb_config *c, struct lb_pu *pus, unsigned npus,
		      struct lb_domains *d, char *why, size_t len)
{
	int keys[LB_MAX_DOMAINS];

	d->n = 0;
	d->pretend = c->domains > 0;
	d->level = lb_lock_domain_name(c->lock_domain);
	if (d->pretend) {
		if (c->domains > npus)
			return WHY("%u pretend domains, but the placement has %u CPU%s", c->domains,
				   npus, LB_S(npus));
		for (unsigned k = 0; k < npus; k++)
			pus[k].domain = k % c->domains;
		d->n = c->domains;
		snprintf(d->desc, sizeof(d->desc), "%u pretend domain%s (--domains: CPU k of the "
			 "placement in domain k mod %u)", d->n, d->n == 1 ? "" : "s", d->n);
		return 0;
	}
	if (c->place == LB_PLACE_NONE) {
		for (unsigned k = 0; k < npus; k++)
			pus[k].domain = 0;
		d->n = 1;
		snprintf(d->desc, sizeof(d->desc), "1 domain (threads are not pinned)");
		return 0;
	}
	for (unsigned k = 0; k < npus; k++) {
		int key = level_key(c->lock_domain, &pus[k], &d->level);
		unsigned i;

		for (i = 0; i < d->n; i++)
			if (keys[i] == key)
				break;
		if (i == d->n) {
			if (d->n == LB_MAX_DOMAINS)
				return WHY("the placement spans more than %d domains of level %s",
					   LB_MAX_DOMAINS, d->level);
			keys[d->n++] = key;
		}
		pus[k].domain = i;
	}
	snprintf(d->desc, sizeof(d->desc), "%u %s%s", d->n,
		 d->level[0] == 'n' ? "NUMA node" : d->level[0] == 'p' ? "package" : "L3 group",
		 d->n == 1 ? "" : "s");
	return 0;
}

const char *const lb_lock_domain_names[] = { "numa", "package", "cache", NULL };	/* enum lb_lock_domain */

const char *lb_lock_domain_name(enum lb_lock_domain d)
{
	return lb_lock_domain_names[d];
}

static bool numa_lock_selected(const struct lb_config *c)
{
	for (unsigned i = 0; i < c->nlocks; i++)
		if (strcmp(c->locks[i]->family, "numa") == 0)
			return true;
	return false;
}

void lb_domains_note(const struct lb_config *c, const struct lb_domains *d)
{
	if (d->n > 1 || !(c->lock_domain_set || numa_lock_selected(c)))
		return;
	lb_warn("--lock-domain=%s: the placement has one domain (%s), so the numa locks "
		"degenerate to their base locks (cna to qspinlock, cohort and hmcs to a local "
		"lock before an uncontended global one); --domains=N pretends more",
		lb_lock_domain_name(c->lock_domain), d->desc);
}

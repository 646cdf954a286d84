// SPDX-License-Identifier: GPL-2.0-or-later
/* figures.c - figures computed from one measured point (figures.h) */
#include "config.h"

#include <stdlib.h>

#include "harness/figures.h"
#include "harness/roles.h"
#include "measure/statistics.h"

double lb_result_jain(const struct lb_result *r, int kind)
{
	const struct lb_point *p = &r->point;
	uint64_t *per = calloc(p->nthreads ? p->nthreads : 1, sizeof(*per));
	unsigned n = 0;
	double j;

	if (!per || !r->threads) {
		free(per);
		return 0;
	}
	for (unsigned t = 0; t < p->nthreads; t++) {
		enum lb_role_kind k = p->roles ? p->roles[t].kind : LB_ROLE_MIX;

		if (lb_role_is_irq(k) || (kind >= 0 && (int)k != kind))
			continue;
		per[n++] = r->threads[t].ops;
	}
	j = n ? lb_jain(per, n) : 0;
	free(per);
	return j;
}

double lb_ns_per_op(const struct lb_result *r)
{
	return lb_per_op_ns(r->exec_ms, r->ops_total);
}

const struct lb_c2c *lb_result_c2c(const struct lb_c2c *c, unsigned n, const struct lb_result *r)
{
	if (!c || r->point.nthreads < 2 || !r->threads || !r->point.pin)
		return NULL;
	return lb_c2c_find(c, n, r->threads[0].cpu_os, r->threads[1].cpu_os);
}

double lb_ns_per_op_per_c2c(const struct lb_result *r, const struct lb_c2c *c)
{
	return lb_ns_per_op(r) / c->rt_ns_median;
}

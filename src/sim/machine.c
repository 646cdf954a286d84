// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * machine.c - the simulated machine's description: from a placement's PUs
 * (topology.h) or a regular shape, dense indexes and a distance matrix
 *
 * Without a matrix (the saved machines carry none) the distances are the
 * usual firmware figures: 10 within a node, 11 between two nodes of one
 * package (sub-NUMA clustering), 20 between packages. Every pair of
 * packages is then one hop: an 8-socket machine's two-hop pairs are not
 * told apart unless the topology has a matrix.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "sim/sim.h"

#define WHY(...) lb_why(why, len, __VA_ARGS__)

/* the dense index of @v in @map (of @n used), added when new */
static int dense(int *map, unsigned *n, int v)
{
	for (unsigned i = 0; i < *n; i++)
		if (map[i] == v)
			return (int)i;
	map[*n] = v;
	return (int)(*n)++;
}

static int alloc_machine(struct lb_sim_machine *m, unsigned ncpus, unsigned nnodes)
{
	m->ncpus = ncpus;
	m->nnodes = nnodes;
	m->cpu = calloc(ncpus, sizeof(*m->cpu));
	m->dist = calloc((size_t)nnodes * nnodes, sizeof(*m->dist));
	m->node_os = calloc(nnodes, sizeof(*m->node_os));
	return m->cpu && m->dist && m->node_os ? 0 : -1;
}

/* distances where the topology gave none: by node, then by package */
static void default_distances(struct lb_sim_machine *m)
{
	int *pkg_of = calloc(m->nnodes, sizeof(int));

	if (!pkg_of)
		return;
	for (unsigned i = m->ncpus; i-- > 0;)
		pkg_of[m->cpu[i].node] = m->cpu[i].package;
	for (unsigned a = 0; a < m->nnodes; a++)
		for (unsigned b = 0; b < m->nnodes; b++)
			if (!m->dist[a * m->nnodes + b])
				m->dist[a * m->nnodes + b] = a == b ? 10 :
							   pkg_of[a] == pkg_of[b] ? 11 : 20;
	free(pkg_of);
}

int lb_sim_machine_from_pus(struct lb_sim_machine *m, const struct lb_pu *pus, unsigned n,
			    const unsigned *dist, unsigned dist_n, char *why, size_t len)
{
	int *cores = calloc(n, sizeof(int)), *l3s = calloc(n, sizeof(int));
	int *pkgs = calloc(n, sizeof(int)), *nodes = calloc(n, sizeof(int));
	unsigned ncores = 0, nl3 = 0, npkg = 0, nnodes = 0;
	int rc = -1;

	memset(m, 0, sizeof(*m));
	if (!n) {
		WHY("a simulated machine needs at least one CPU");
		goto out;
	}
	if (!cores || !l3s || !pkgs || !nodes) {
		WHY("out of memory");
		goto out;
	}
	for (unsigned i = 0; i < n; i++)
		dense(nodes, &nnodes, pus[i].numa_os);
	if (alloc_machine(m, n, nnodes)) {
		WHY("out of memory");
		goto out;
	}
	for (unsigned i = 0; i < n; i++) {
		struct lb_sim_cpu *c = &m->cpu[i];

		c->core = dense(cores, &ncores, pus[i].core_l);
		c->smt = pus[i].smt_rank;
		c->l3 = pus[i].l3_l < 0 ? -1 : dense(l3s, &nl3, pus[i].l3_l);
		c->package = dense(pkgs, &npkg, pus[i].package_l);
		c->node = dense(nodes, &nnodes, pus[i].numa_os);
	}
	for (unsigned a = 0; a < nnodes; a++) {
		m->node_os[a] = nodes[a];
		for (unsigned b = 0; b < nnodes; b++) {
			unsigned v = 0;

			if (dist && nodes[a] >= 0 && nodes[b] >= 0 && (unsigned)nodes[a] < dist_n &&
			    (unsigned)nodes[b] < dist_n)
				v = dist[nodes[a] * dist_n + nodes[b]];
			m->dist[a * nnodes + b] = v;
		}
	}
	default_distances(m);
	snprintf(m->name, sizeof(m->name), "%u CPUs, %u cores, %u packages, %u NUMA nodes", n,
		 ncores, npkg, nnodes);
	rc = 0;
out:
	free(cores);
	free(l3s);
	free(pkgs);
	free(nodes);
	if (rc)
		lb_sim_machine_free(m);
	return rc;
}

int lb_sim_machine_shape(struct lb_sim_machine *m, unsigned packages, unsigned l3s,
			 unsigned cores, unsigned smt, unsigned nodes_per_package, char *why,
			 size_t len)
{
	unsigned ncpus = packages * l3s * cores * smt, i = 0;

	memset(m, 0, sizeof(*m));
	if (!ncpus || !nodes_per_package || l3s % nodes_per_package || ncpus > 65536) {
		WHY("machine shape %u packages x %u L3 x %u cores x %u threads, %u nodes per "
		    "package: not a machine", packages, l3s, cores, smt, nodes_per_package);
		return -1;
	}
	if (alloc_machine(m, ncpus, packages * nodes_per_package)) {
		lb_sim_machine_free(m);
		WHY("out of memory");
		return -1;
	}
	for (unsigned p = 0; p < packages; p++)
		for (unsigned g = 0; g < l3s; g++)
			for (unsigned c = 0; c < cores; c++)
				for (unsigned t = 0; t < smt; t++, i++)
					m->cpu[i] = (struct lb_sim_cpu){
						.core = (int)((p * l3s + g) * cores + c),
						.smt = (int)t,
						.l3 = (int)(p * l3s + g),
						.package = (int)p,
						.node = (int)(p * nodes_per_package +
							      g / (l3s / nodes_per_package)),
					};
	for (unsigned k = 0; k < m->nnodes; k++)
		m->node_os[k] = (int)k;
	default_distances(m);
	snprintf(m->name, sizeof(m->name), "%ux%ux%ux%u (packages x L3 x cores x threads)",
		 packages, l3s, cores, smt);
	return 0;
}

void lb_sim_machine_free(struct lb_sim_machine *m)
{
	free(m->cpu);
	free(m->dist);
	free(m->node_os);
	m->cpu = NULL;
	m->dist = NULL;
	m->node_os = NULL;
}

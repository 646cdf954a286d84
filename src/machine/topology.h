/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * topology.h - the machine (or a planned one) through hwloc, and placement
 *
 * hwloc types do not escape topology.c. A placement is an ordered list of
 * PUs; thread i runs on entry i modulo its length (so "2x" puts two
 * threads on every CPU of the placement).
 */
#ifndef LB_SRC_TOPOLOGY_H
#define LB_SRC_TOPOLOGY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum lb_place {
	LB_PLACE_SOCKET = 0,	/* one thread per core of package 0, SMT siblings last, then package 1 */
	LB_PLACE_SPREAD,	/* round-robin over packages */
	LB_PLACE_COMPACT,	/* SMT siblings first */
	LB_PLACE_NONE,		/* no pinning */
	LB_PLACE_CACHE,		/* the cores of one L3 group before the next, SMT siblings last */
	LB_PLACE_NUMA,		/* one NUMA node (siblings included) before the next */
};

/* lb_place_name() - "socket", "spread", ...; lb_place_names[]: each, NULL-terminated */
const char *lb_place_name(enum lb_place p);
extern const char *const lb_place_names[];

struct lb_pu {
	int pu_l;		/* hwloc logical index (L#) */
	int pu_os;		/* OS index (P#): what sched_getcpu() says */
	int core_l;		/* core L#, or the PU's when the machine has no cores */
	int package_l;		/* package L#, 0 when there are none */
	int numa_os;		/* NUMA node OS index, -1 if unknown */
	int smt_rank;		/* 0 for the first PU of its core, 1 for the second, ... */
	int l3_l;		/* L3 group (the L3 cache's L#), -1 when hwloc knows no L3 */
	unsigned domain;	/* lock domain (domain.c), dense over the placement */
	void *cpuset;		/* hwloc_bitmap_t of this PU (owned by topology.c) */
};

struct lb_topo_info {
	unsigned packages, cores, pus, numa_nodes;
	bool thissystem;
	char source[256];	/* "this machine", "synthetic: ...", "xml: FILE" */
	char cpu_model[128];
	char synthetic[512];	/* hwloc's synthetic export, when it can make one */
};

/**
 * lb_topo_load() - load this machine or @spec
 * @spec: NULL, "FILE.xml", "synthetic:DESC" (DESC may be quoted) or the NAME of
 *        a saved topology (NAME.xml in the installed or the source tree's
 *        data/topologies)
 *
 * Return: 0, or -1 with the reason in @why.
 */
int lb_topo_load(const char *spec, char *why, size_t len);
/**
 * lb_topo_synthetic_check() - refuse an hwloc synthetic description
 * (without "synthetic:") of more than LB_MAX_TOPOLOGY_PUS PUs or
 * LB_MAX_TOPOLOGY_OBJECTS objects, before hwloc spends minutes on it: the
 * product of the levels' arities (memory children in brackets aside)
 *
 * Return: 0 (hwloc still judges the syntax), or -1 with the reason in @why.
 */
int lb_topo_synthetic_check(const char *desc, char *why, size_t len);
/**
 * lb_topo_synthetic_size() - the PUs and objects of a synthetic description
 * (the product of the arities, and the sum of those products), counted up
 * to the first level that goes over a limit, which @at and @at_len name
 * (both may be NULL)
 *
 * Return: 0, -1 when a limit is exceeded, or -2 when a '[' has no ']' (@at names it).
 */
int lb_topo_synthetic_size(const char *desc, unsigned long long *pus,
			   unsigned long long *objects, const char **at, int *at_len);
/* lb_topo_info() - counts and provenance of the loaded topology */
const struct lb_topo_info *lb_topo_info(void);
/**
 * lb_topo_place() - order the candidate PUs for a policy
 * @place:    the policy
 * @cpus:     --cpus (numactl list syntax), or NULL for every CPU
 * @physical: @cpus are OS indexes rather than logical ones
 * @out: malloc'ed array of PUs in placement order
 * @n:   its length (the "CPUs in the placement" of max and Nx)
 *
 * Return: 0, or -1 with the reason in @why (e.g. a CPU that does not exist).
 */
int lb_topo_place(enum lb_place place, const char *cpus, bool physical, struct lb_pu **out, unsigned *n, char *why, size_t len);
/* lb_topo_bind_self() - pin the calling thread to @pu; 0 or -errno */
int lb_topo_bind_self(const struct lb_pu *pu);
/* lb_topo_attr_affinity() - set @pu as the CPU set of pthread attributes @attr */
int lb_topo_attr_affinity(void *attr, const struct lb_pu *pu);
/* lb_topo_numa_valid() - does NUMA node @node (OS index) exist? */
bool lb_topo_numa_valid(int node);
/* lb_topo_alloc_onnode() - page-aligned zeroed memory on @node; free with lb_topo_free_onnode() */
void *lb_topo_alloc_onnode(size_t size, int node);
void lb_topo_free_onnode(void *p, size_t size);
/*
 * lb_topo_bind_area() - bind the pages of @p (page-aligned, not yet
 * touched: a shared mapping, --processes) to NUMA node @node
 * Return: 0 or -errno.
 */
int lb_topo_bind_area(void *p, size_t size, int node);
/**
 * lb_topo_numa_distances() - the loaded topology's NUMA distance matrix
 * (hwloc's latency distances, ACPI SLIT style: 10 within a node)
 * @out: malloc'ed @n x @n matrix indexed by NUMA node OS index (0 where
 *       hwloc has no figure for a pair); free() it
 * @n:   its dimension (the largest node OS index + 1)
 *
 * Return: 0, or -1 when the topology carries no distances (the saved
 * machines of data/topologies do not).
 */
int lb_topo_numa_distances(unsigned **out, unsigned *n);
/* lb_topo_numa_method() - "libnuma", "hwloc" */
const char *lb_topo_numa_method(void);
/* lb_topo_fini() - release the topology */
void lb_topo_fini(void);

#endif /* LB_SRC_TOPOLOGY_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * c2c.h - core-to-core cache-line round trip (--c2c)
 *
 * Two threads pinned to two CPUs pass a sequence number back and forth on
 * one cache line: the time of one round trip is the physical floor of a
 * lock hand-off between those CPUs (a hand-off moves the lock's line at
 * least once each way). platform-notes.md section 7 measured about 400 ns
 * on the build VM, whose vCPUs sit on different L3 domains.
 */
#ifndef LB_SRC_C2C_H
#define LB_SRC_C2C_H

#include <stdbool.h>
#include <stdint.h>

#include "machine/topology.h"

#define LB_C2C_MAX_PAIRS 64	/* pairs measured: the first CPU against the next 64 */
#define LB_C2C_RUN_MAX	16	/* a longer run of fetch-adds: the other CPU was not running */

struct lb_c2c {
	int cpu_a, cpu_b;		/* OS indexes (P#) */
	unsigned samples;		/* each the mean of LB_C2C_BATCH round trips */
	double rt_ns_min, rt_ns_median, rt_ns_p90;	/* one round trip */
	double rmw_run;			/* contending fetch-adds: mean run by one CPU (c2c.c) */
	double rmw_add_ns;		/* and ns per add of the two together (0: not measured) */
};

/**
 * lb_c2c_run() - measure the round trip from the placement's first CPU to
 * each other CPU of the placement (up to LB_C2C_MAX_PAIRS)
 * @pus, @npus: the placement order
 * @out, @n:    malloc'ed results, in placement order
 *
 * Return: 0, or -errno when a thread could not be created or pinned. A
 * placement of one CPU gives no pair (n = 0).
 */
int lb_c2c_run(const struct lb_pu *pus, unsigned npus, struct lb_c2c **out, unsigned *n);
/**
 * struct lb_c2c_local - what the calling CPU's own accesses cost, in ns
 * (a simulation profile's local costs, --c2c --sim-profile-out)
 * @hit_ns:   a load or store that hits its own cache (the harness's two per operation)
 * @plain_hit_ns: a load or a store that hits, in a loop of them that do not
 *            wait for each other (an out-of-order core overlaps them)
 * @commit_ns: from a store that hits to a locked read-modify-write after
 *            it (which waits for the store to leave the store buffer)
 * @rmw_ns:   a locked read-modify-write's extra over a hit
 * @rmw_overlap_pct: the share of rmw_ns that loads before the RMW hide
 *            (the simulator's rmw_overlap_pct)
 * @fence_ns: a full fence
 * @forward_ns: from a half-word store to a locked read-modify-write of the
 *            word around it (store-to-load forwarding fails: the ticket
 *            lock's release and next acquire) until that RMW starts
 * @forward_cas_ns: the same from a byte store to a compare-and-swap of the
 *            word (qspinlock's release and next fast path)
 */
struct lb_c2c_local {
	double hit_ns, plain_hit_ns, commit_ns, rmw_ns, rmw_overlap_pct, fence_ns, forward_ns;
	double forward_cas_ns;
};
/* lb_c2c_local() - measure them on the calling thread (medians of short loops); 0 or -errno */
int lb_c2c_local(struct lb_c2c_local *out);
/**
 * lb_c2c_run_mean() - the mean run of fetch-adds by one CPU in a row
 * @got:    the values each of two CPUs' fetch-adds of one counter returned
 *          (from 0)
 * @n_each: fetch-adds per CPU
 *
 * The first and last tenth of the values and runs over LB_C2C_RUN_MAX are
 * left out (c2c.c). Return: the mean, or 0 when no run was kept (or no memory).
 */
double lb_c2c_run_mean(uint32_t *const got[2], unsigned n_each);
/**
 * lb_c2c_probe() - a quick round trip between @a and @b: the median of 9
 * samples of 100 round trips, after 2 (well under a millisecond), to tell
 * the host's state (a VM's vCPUs moved to other cores, or onto SMT
 * siblings, change it several times over) before and after a repetition
 *
 * Return: 0 with *@rt_ns, or -errno when a thread could not be created or pinned.
 */
int lb_c2c_probe(const struct lb_pu *a, const struct lb_pu *b, double *rt_ns);
/* lb_c2c_probe_line() - the line every probe of this process uses (NULL before the first) */
const void *lb_c2c_probe_line(void);
/* lb_c2c_probe_moved() - do two probes (> 0: measured) differ by more than @ratio times? */
bool lb_c2c_probe_moved(double before_ns, double after_ns, double ratio);
/* lb_c2c_find() - the measured pair of CPUs @a and @b (either order), or NULL */
const struct lb_c2c *lb_c2c_find(const struct lb_c2c *c, unsigned n, int a, int b);

#endif /* LB_SRC_C2C_H */

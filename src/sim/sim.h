/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sim.h - the simulator: lock code in virtual time on a modelled machine
 *
 * The caller describes a machine (struct lb_sim_machine: per CPU its core,
 * SMT rank, L3 group, package and NUMA node, and the nodes' distances),
 * picks a latency profile (struct lb_sim_profile: built in per saved
 * machine, or read from a file), adds threads pinned to simulated CPUs
 * and runs them: each is a coroutine of the calling OS thread, and the
 * discrete-event scheduler always resumes the CPU with the smallest
 * virtual clock, so every shared access of code compiled with -DLB_SIM
 * (base/sim.h) happens in virtual-time order. The memory model, the
 * scheduler and the futex are described at the top of mem.c and engine.c.
 *
 *	struct lb_sim *s = lb_sim_new(&machine, &profile, seed, jitter_pct, &why);
 *	for each thread: lb_sim_thread(s, cpu, fn, arg);
 *	lb_sim_at(s, deadline_ns, raise_stop, run);	(optional: timers)
 *	rc = lb_sim_run(s);		LB_SIM_DONE, LB_SIM_DEADLOCK, LB_SIM_ABORTED
 *	lb_sim_stats(s, &st); lb_sim_hot_lines(s, lines, n);
 *	lb_sim_free(s);
 */
#ifndef LB_SRC_SIM_SIM_H
#define LB_SRC_SIM_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "machine/topology.h"

/* struct lb_sim_cpu - one simulated CPU: dense indexes of what it shares */
struct lb_sim_cpu {
	int core;	/* SMT siblings share it */
	int smt;	/* rank within the core, 0 first */
	int l3;		/* L3 group, -1: none known (then the package is the group) */
	int package;
	int node;	/* NUMA node, in [0, nnodes) */
};

/**
 * struct lb_sim_machine - a machine to simulate, no hwloc types
 * @ncpus, @cpu: the CPUs
 * @nnodes:  NUMA nodes
 * @dist:    nnodes x nnodes distances, ACPI SLIT style (10 local): row-major
 * @node_os: each node's OS index (-1: not known), for lb_sim_mem_home()'s callers
 * @name:    what it is, for the reports
 */
struct lb_sim_machine {
	unsigned ncpus;
	struct lb_sim_cpu *cpu;
	unsigned nnodes;
	unsigned *dist;
	int *node_os;
	char name[128];
};

/**
 * lb_sim_machine_from_pus() - the machine of a placement's PUs
 * @pus, @n:  the PUs (topology.h), each becomes simulated CPU i
 * @dist:     the distance matrix by NUMA node OS index (lb_topo_numa_distances()),
 *            or NULL: 10 within a node, 20 between packages, 11 between
 *            nodes of one package
 * @dist_n:   its dimension
 *
 * Return: 0, or -1 with the reason in @why.
 */
int lb_sim_machine_from_pus(struct lb_sim_machine *m, const struct lb_pu *pus, unsigned n,
			    const unsigned *dist, unsigned dist_n, char *why, size_t len);
/**
 * lb_sim_machine_shape() - a regular machine: @packages x @l3s L3 groups x
 * @cores cores x @smt threads, @nodes_per_package NUMA nodes per package
 * (dividing its L3 groups evenly), CPUs numbered compactly (siblings adjacent);
 * distances as lb_sim_machine_from_pus() with @dist NULL
 */
int lb_sim_machine_shape(struct lb_sim_machine *m, unsigned packages, unsigned l3s,
			 unsigned cores, unsigned smt, unsigned nodes_per_package, char *why,
			 size_t len);
void lb_sim_machine_free(struct lb_sim_machine *m);

/*
 * struct lb_sim_profile - what each thing costs, in ns unless said (the
 * keys of the file format, profile.c, are these names)
 */
struct lb_sim_profile {
	char name[64];
	double ghz;		/* the cycle counter's rate (lb_cycles() under simulation) */
	double hit_ns;		/* an access that hits the CPU's own cache (a locked RMW's) */
	double plain_hit_ns;	/* a plain load or store that hits (overlapped: less than hit_ns) */
	double smt_ns;		/* a line from the SMT sibling's cache */
	double l3_ns;		/* from another core of the same L3 group */
	double package_ns;	/* from another L3 group of the same package */
	double remote_ns;	/* from another package at NUMA distance remote_distance */
	double remote_distance;	/* the distance remote_ns was measured at; cost scales with it */
	double home_ns;		/* extra when the line's home node is a third package's */
	double memory_ns;	/* from memory on the CPU's own node (scales with distance / 10) */
	double invalidate_ns;	/* per further sharer a write or RMW invalidates */
	double rmw_ns;		/* a locked read-modify-write's own extra */
	double rmw_overlap_pct;	/* 0 to 100: the share of rmw_ns that its CPU's time since its last
				 * locked RMW or fence hides (out-of-order overlap; 0: none) */
	double hold_ns;		/* a line stays with the CPU it came to this long (mem.c) */
	double hold_random;	/* 1: each hold's length is drawn, its mean hold_ns (mem.c); 0: hold_ns */
	double hold_skip_pct;	/* of the misses, the percent after which it stays for none
				 * (drawn per miss, seeded; 0: every miss keeps it hold_ns) */
	double store_buffer;	/* entries: stores a CPU may have in flight (0 to 128; 0: none) */
	double forward_ns;	/* a read or RMW that store-to-load forwarding fails for waits, from
				 * the store's issue (internal.h: lb_sim_sb_enter()) */
	double forward_cas_ns;	/* the same wait of a compare-and-swap (LB_SIM_CAS) */
	double commit_ns;	/* a store that hits reaches the cache this long after its issue:
				 * a locked RMW, fence or system call after it waits (drains) */
	double fence_ns;	/* a full fence */
	double pause_ns;	/* one lb_cpu_relax() */
	double spin_ns;		/* one lb_spin_n() iteration */
	double op_ns;		/* the measured loop's own work per operation beyond its accesses */
	double futex_wait_ns;	/* the waiter's system call, before it sleeps */
	double futex_wake_ns;	/* the waker's system call */
	double wakeup_ns;	/* from a wake-up to the woken thread running on an idle CPU */
	double context_switch_ns; /* switching a CPU from one thread to another */
	double slice_ns;	/* round-robin time slice when threads share a CPU */
};

/* lb_sim_profile_builtin() - the profile of a saved machine (data/topologies NAME), or NULL */
const struct lb_sim_profile *lb_sim_profile_builtin(const char *name);
/* lb_sim_profile_names() - the built-in profiles' names, NULL-terminated */
const char *const *lb_sim_profile_names(void);
/**
 * lb_sim_profile_load() - read @path over *@p (keys not in the file keep
 * their value: start from a built-in profile)
 *
 * Return: 0, or -1 with one line in @why naming the file, the line and the key.
 */
int lb_sim_profile_load(const char *path, struct lb_sim_profile *p, char *why, size_t len);
/* lb_sim_profile_write() - @p in the format lb_sim_profile_load() reads; @comment first (or NULL) */
int lb_sim_profile_write(FILE *f, const struct lb_sim_profile *p, const char *comment);

struct lb_sim;

/* how lb_sim_run() ended */
enum lb_sim_end {
	LB_SIM_DONE = 0,	/* every thread returned */
	LB_SIM_DEADLOCK = 1,	/* every thread left is blocked for good (lb_sim_blocked()) */
	LB_SIM_ABORTED = 2,	/* a timer called lb_sim_abort() */
};

/**
 * lb_sim_new() - a simulation of @m with @p
 * @seed:       the jitter's seed: the same inputs and seed, the same run
 * @jitter_pct: each access's cost is scaled by a seeded uniform factor in
 *              [1 - pct/100, 1 + pct/100] (0: none)
 *
 * @m and @p are copied. Return: the simulation, or NULL with @why.
 */
struct lb_sim *lb_sim_new(const struct lb_sim_machine *m, const struct lb_sim_profile *p,
			  uint64_t seed, double jitter_pct, char *why, size_t len);
/* lb_sim_thread() - a thread pinned to simulated CPU @cpu running @fn(@arg); its tid or -1 */
int lb_sim_thread(struct lb_sim *s, unsigned cpu, void (*fn)(void *), void *arg);
/*
 * lb_sim_thread_local() - the @size bytes at @addr (a thread variable of the
 * OS thread, which every simulated thread would share) are kept per
 * simulated thread: its copy is put there when it is switched in and taken
 * back when it is switched out; each starts with the bytes as they are at
 * its lb_sim_thread(), and the OS thread's are put back when lb_sim_run()
 * returns. Before the first lb_sim_thread(); 4 regions, 64 bytes in all.
 * Return: 0, or -1 past those limits.
 */
int lb_sim_thread_local(struct lb_sim *s, void *addr, size_t size);
/* lb_sim_thread_area() - [@addr, @addr+@size) is thread @tid's (lb_sim_owner_running()); 0 or -1 */
int lb_sim_thread_area(struct lb_sim *s, unsigned tid, const void *addr, size_t size);
/* lb_sim_mem_home() - the lines of [@addr, @addr+@size) live on NUMA node @node (else first touch) */
int lb_sim_mem_home(struct lb_sim *s, const void *addr, size_t size, unsigned node);
/*
 * lb_sim_at() - call @fn(@s, @arg) at virtual time @ns, outside every
 * thread (a deadline, a watchdog's look; it may call lb_sim_at() again)
 */
int lb_sim_at(struct lb_sim *s, uint64_t ns, void (*fn)(struct lb_sim *s, void *arg), void *arg);
/*
 * lb_sim_external_write() - a timer wrote [@addr, @addr+@size) (a stop
 * flag): every cached copy is invalidated and spinners parked on it wake
 */
void lb_sim_external_write(struct lb_sim *s, const void *addr, size_t size);
/* lb_sim_abort() - from a timer: end lb_sim_run() now (LB_SIM_ABORTED) */
void lb_sim_abort(struct lb_sim *s);
/* lb_sim_run() - run until every thread returned, or a deadlock, or an abort */
enum lb_sim_end lb_sim_run(struct lb_sim *s);
void lb_sim_free(struct lb_sim *s);

/* lb_sim_now_ns() - the virtual time: the running CPU's clock, or the last event's */
uint64_t lb_sim_now_ns(const struct lb_sim *s);
/* lb_sim_self() - the calling simulated thread's tid, -1 outside a thread */
int lb_sim_self(const struct lb_sim *s);
/* lb_sim_on_cpu() - is thread @tid running on its CPU (neither preempted, asleep nor done)? */
bool lb_sim_on_cpu(const struct lb_sim *s, unsigned tid);
/* lb_sim_progress() - shared accesses thread @tid has made (the watchdog's progress read) */
uint64_t lb_sim_progress(const struct lb_sim *s, unsigned tid);
/*
 * lb_sim_oncpu_ns() - the virtual time thread @tid has been its CPU's
 * current thread (running or spinning; not ready in a run queue, asleep
 * or done)
 */
uint64_t lb_sim_oncpu_ns(const struct lb_sim *s, unsigned tid);
/* lb_sim_preempted() - time slices of thread @tid that ended with another thread waiting */
uint64_t lb_sim_preempted(const struct lb_sim *s, unsigned tid);
/* lb_sim_blocked() - one line per blocked thread (what it waits on), for a deadlock report */
int lb_sim_blocked(const struct lb_sim *s, char *buf, size_t len);

/* struct lb_sim_stats - what a run did */
struct lb_sim_stats {
	uint64_t accesses;	/* shared accesses simulated (fences included) */
	uint64_t hits, misses;	/* of which in the CPU's own cache, and not */
	uint64_t queued;	/* misses that waited for their line */
	uint64_t stalled;	/* misses that waited for another CPU's hold to end */
	uint64_t posted;	/* store misses whose CPU went on from its store buffer */
	uint64_t forward_stalls;	/* reads and RMWs that waited for a store they overlap */
	uint64_t parks;		/* spin-until waits that parked */
	uint64_t switches;	/* coroutine switches */
	uint64_t preemptions;	/* time slices that ran out with another thread waiting */
	uint64_t futex_waits, futex_wakes;
	uint64_t lines;		/* cache lines touched */
	uint64_t virtual_ns;	/* the last event's time */
	double real_s;		/* wall time spent in lb_sim_run() */
};

/* struct lb_sim_line_stat - one cache line's queueing */
struct lb_sim_line_stat {
	uintptr_t addr;		/* the line's first byte */
	uint64_t requests;	/* misses served */
	uint64_t queued;	/* of which found it busy */
	double queue_ns;	/* their total wait */
	double max_queue_ns;
};

void lb_sim_stats(const struct lb_sim *s, struct lb_sim_stats *st);
/* lb_sim_hot_lines() - the @n lines with the most queueing time, most first; how many written */
unsigned lb_sim_hot_lines(const struct lb_sim *s, struct lb_sim_line_stat *out, unsigned n);
/* lb_sim_tsc_per_ns() - the profile's counter cycles per ns (lb_clock.tsc_per_ns under simulation) */
double lb_sim_tsc_per_ns(const struct lb_sim *s);

#endif /* LB_SRC_SIM_SIM_H */

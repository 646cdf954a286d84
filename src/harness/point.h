/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * point.h - what one measured point runs (struct lb_point) and what it
 * gives back (struct lb_result): the types the harness, the role loops, the
 * plan and the formatters share
 */
#ifndef LB_SRC_HARNESS_POINT_H
#define LB_SRC_HARNESS_POINT_H

#include <stdbool.h>
#include <stdint.h>

#include "base/parse.h"
#include "kernel/perf.h"
#include "kernel/trace.h"
#include "locks/lock.h"
#include "machine/topology.h"
#include "measure/hist.h"
#include "sim/sim.h"

struct lb_role;

/**
 * struct lb_sim_env - --simulate: the machine a run's points run on in
 * virtual time (the plan's, plan/simulate.c)
 * @machine:  the placement's PUs as simulated CPUs (thread i on CPU i mod n)
 * @profile:  what each thing costs there (with --sim-slice)
 * @name:     the machine, as the reports say it: --topology's NAME, file or
 *            synthetic description, or "this machine"
 * @profile_from: where the profile came from: "built in", its file, "--c2c"
 * @seed, @jitter_pct: --seed, --sim-jitter
 */
struct lb_sim_env {
	struct lb_sim_machine machine;
	struct lb_sim_profile profile;
	char name[256];
	char profile_from[288];
	uint64_t seed;
	double jitter_pct;
};

/* What one point runs. */
struct lb_point {
	const struct lb_lock_ops *ops;
	const uint64_t *lockopts;	/* values of ops->options */
	/*
	 * mix: the read:write interleave every thread runs (--ratio; 0:1 for
	 * an exclusive lock), when thread_ratio is NULL; 0:0 when each thread
	 * has its own there (--scenario=roles, a fair phase). A point is
	 * labelled and matched by lb_point_ratio().
	 */
	struct lb_ratio mix;
	const struct lb_ratio *thread_ratio;	/* NULL, or a ratio per thread (roles, fair) */
	unsigned readers, writers;		/* --scenario=roles: its reader and writer threads */
	const char *const *thread_role;		/* NULL, or a role name per thread */
	const uint64_t *thread_nops;		/* NULL, or a cap on each thread's operations */
	unsigned nthreads;
	unsigned tgroup;		/* the --threads element nthreads came from */
	uint64_t load;			/* pauses inside the critical section */
	uint64_t load_arg;		/* as given: pauses, or ns with load_ns */
	bool load_ns;
	uint64_t delay;			/* pauses between operations */
	bool spin;			/* --load-unit=loop: load, delay in lb_spin_n() turns */
	uint64_t nops;			/* per thread; fixed work (ignored with duration) */
	double duration;		/* seconds; > 0 means fixed time */
	bool validate;
	bool processes;			/* --processes: each worker a process (process.c) */
	bool torture;			/* --torture: the hook of lock.h's lb_torture_point() */
	bool perf;			/* --perf: per-thread perf_event_open counters */
	struct lb_trace *trace;		/* --trace: the collector (trace.h), or NULL */
	double timeout;			/* watchdog: seconds without progress, 0 = off */
	double point_timeout;		/* --point-timeout: seconds before stop is raised, 0 = none */
	int lock_node;			/* -1: default allocation */
	const struct lb_pu *pus;	/* placement order; thread i -> pus[i % npus] */
	unsigned npus;
	bool pin;			/* false with --place=none */
	unsigned ndomains;		/* lock domains (pus[].domain < ndomains); 0 counts as 1 */
	bool domains_pretend;		/* --domains: the domains are not the machine's */
	unsigned repeat;		/* which repetition (0-based) */
	/* --latency: time acquisitions (locks/loop.h's latency variants) */
	bool latency;
	uint32_t lat_every;		/* one acquisition in lat_every (1: all) */
	uint64_t interval_ns;		/* --interval: the throughput every so many ns; 0: none */
	double est_s;			/* fixed work: the seconds it should take (estimate.c); 0: unknown */
	/* NULL, or a role per thread (roles.h): the fair scenario */
	const struct lb_role *roles;
	unsigned phase;			/* the fair scenario's phase (fair.h), 0 otherwise */
	uint32_t roles_dropped;		/* 1 << lb_role_kind left out: the lock cannot run them */
	/* --simulate: the machine, and the copy of the lock compiled for it; NULL: a real point */
	const struct lb_sim_env *sim;
	const struct lb_lock_ops *sim_ops;
};

struct lb_thread_result {
	const char *role;		/* NULL unless the point gives roles */
	uint64_t ops, reads, writes;
	uint64_t ctr[LB_LOCK_MAX_COUNTERS];
	double finish_ms;		/* from the common start */
	int cpu_os;			/* OS CPU the thread was pinned to, -1 if none */
	int cpu_seen;			/* sched_getcpu() when it started */
	/* --latency and roles: acquisition times, calibrated (zero when not timed) */
	struct lb_lat lat, lat_r, lat_w;	/* all, reads, writes */
	/* roles: attempts and successes (trylock threads), rounds (interrupt readers) */
	uint64_t tries, successes;
	struct lb_perf_vals perf;	/* --perf: this thread's counters */
	double cpu_pct;			/* CPU time over wall time of its loop, % */
	double run_pct;			/* CPU time over the time it was runnable, % */
	uint64_t nivcsw;		/* involuntary context switches during it */
	bool ran_short;			/* did not really run the point (collect.c) */
};

/* Interrupt readers on one CPU (Desnoyers 2008's "interrupt readers on CPU n" lines). */
struct lb_irq_cpu {
	int cpu;			/* OS index */
	struct lb_lat lat;		/* read_lock in the handler, calibrated */
	uint64_t tries, successes;	/* read_trylock in the handler */
};

#define LB_MAX_ROLES 4

/* Operations per thread of one population (roles: "reader", "writer"). */
struct lb_role_result {
	const char *role;
	unsigned threads;
	uint64_t ops_min, ops_max;
	double ops_mean;
};

/* One interval of a point (--interval): from the common start, all threads' operations in it */
struct lb_interval {
	double start_ms, ms;
	uint64_t ops;
	double ops_per_s;
	uint64_t *thread_ops;		/* each thread's, into lb_result.interval_thread_ops */
};

/* lb_result.disturbed: what disturbed a repetition */
enum {
	LB_DISTURB_SHORT = 1 << 0,	/* a thread ran short ('*') */
	LB_DISTURB_STEAL = 1 << 1,	/* the host stole over LB_DISTURB_STEAL_PCT of its CPUs' time */
	LB_DISTURB_LEVELS = 1 << 2,	/* --interval: the throughput fell into two levels */
	LB_DISTURB_HOST = 1 << 3,	/* the c2c probes before and after differ over _HOST_RATIO */
};
#define LB_DISTURB_STEAL_PCT 1.0
#define LB_DISTURB_HOST_RATIO 1.5

struct lb_result {
	struct lb_point point;
	bool timed_out;			/* --point-timeout stopped it: fewer ops than asked */
	unsigned abandoned_threads;	/* of them, threads that could not stop (abandon.c) */
	bool interrupted;		/* Ctrl-C or SIGTERM stopped it: not a result */
	double exec_ms;			/* common start to the last thread's finish */
	double ops_per_s;		/* all threads' operations over exec_ms */
	uint64_t ops_total, reads, writes;
	uint64_t ops_min, ops_max;
	double ops_mean;
	double setup_ms;		/* first pthread_create to the start signal */
	double teardown_ms;		/* last finish to the last join */
	/*
	 * Did every thread run: the lowest CPU time over the time a thread was
	 * runnable (run_pct), the threads below LB_RAN_PCT of their share of
	 * the CPUs (collect.c); the host's steal is steal_ms below
	 */
	double cpu_min_pct;
	unsigned short_threads;
	/*
	 * What disturbed this repetition, LB_DISTURB_* (plan/run.c): a thread
	 * that ran short, the host's steal on its CPUs over LB_DISTURB_STEAL_PCT
	 * of the threads' time, a throughput in two levels (--interval), the
	 * host's state changed (probe_ns); and
	 * with --drop-disturbed, on a repetition kept, how many of its point's
	 * were left out
	 */
	unsigned disturbed;
	unsigned repeats_dropped;
	unsigned nctr;
	uint64_t ctr_total[LB_LOCK_MAX_COUNTERS];
	struct lb_thread_result *threads;	/* nthreads entries */
	/* latency over all threads (--latency or roles), calibrated */
	struct lb_lat lat, lat_r, lat_w;
	/*
	 * Starvation: a population (the reads, or the writes, of all threads)
	 * starves when two progress samples at least starve_window_ms apart
	 * see the same count while some of its threads are still running.
	 */
	double starve_window_ms;
	bool has_readers, has_writers;	/* the point has read, write acquisitions */
	bool starved_readers, starved_writers;
	double gap_read_ms, gap_write_ms;	/* longest such interval seen */
	/* interrupt readers, per CPU of the placement that received them */
	struct lb_irq_cpu *irq_cpus;
	unsigned nirq_cpus;
	unsigned irq_cpus_round;	/* CPUs interrupted in each round */
	unsigned irq_cpus_total;	/* CPUs in the placement */
	const char *irq_mechanism;	/* "signals" (Desnoyers 2008: "IPIs") */
	struct lb_perf_vals perf;		/* --perf: summed over threads */
	struct lb_trace_vals *trace;		/* --trace: the kernel's view, or NULL */
	unsigned nroles;			/* 0 unless the point gives roles */
	struct lb_role_result roles[LB_MAX_ROLES];
	/* steal on the point's CPUs while it ran (/proc/stat, read by the run loop); -1: unknown */
	double steal_ms;
	/*
	 * the host's state: a c2c round trip between the placement's first two
	 * CPUs just before and just after the repetition (lb_c2c_probe(), by
	 * the run loop), ns; -1: none (one CPU, simulated, or not measured)
	 */
	double probe_ns[2];
	/*
	 * --simulate: the point ran in virtual time (every time above is
	 * virtual); what the engine did, and the line that queued longest
	 */
	bool simulated;
	struct lb_sim_stats sim;
	struct lb_sim_line_stat sim_hot;
	/* --interval (interval.c): the point's throughput over time */
	struct lb_interval *intervals;
	unsigned nintervals;
	uint64_t *interval_thread_ops;	/* nintervals x nthreads */
	bool intervals_lost;		/* more boundaries than samples kept: the rest not sampled */
};

/*
 * lb_point_ratio() - the R:W a point is labelled and matched by in every
 * format and in --baseline: its mix, or with --scenario=roles its reader
 * and writer threads (2:1: two readers, one writer); 0:0 for a fair phase
 */
static inline struct lb_ratio lb_point_ratio(const struct lb_point *p)
{
	if (p->readers || p->writers)
		return (struct lb_ratio){ .r = p->readers, .w = p->writers };
	return p->mix;
}

/* lb_point_ratio_str() - lb_point_ratio() as "R:W" in @buf */
static inline char *lb_point_ratio_str(const struct lb_point *p, char *buf, size_t len)
{
	struct lb_ratio r = lb_point_ratio(p);

	return lb_ratio_str(&r, buf, len);
}

/* lb_point_same_ratio() - are @a and @b labelled with the same R:W? */
static inline bool lb_point_same_ratio(const struct lb_point *a, const struct lb_point *b)
{
	struct lb_ratio x = lb_point_ratio(a), y = lb_point_ratio(b);

	return x.r == y.r && x.w == y.w;
}

/* lb_thread_ratio() - the read:write mix thread @tid runs in point @p */
static inline const struct lb_ratio *lb_thread_ratio(const struct lb_point *p, unsigned tid)
{
	return p->thread_ratio ? &p->thread_ratio[tid] : &p->mix;
}

/* lb_thread_nops() - the operations thread @tid does at most (UINT64_MAX: until stopped) */
static inline uint64_t lb_thread_nops(const struct lb_point *p, unsigned tid)
{
	uint64_t n = p->duration > 0 ? UINT64_MAX : p->nops;

	if (p->thread_nops && p->thread_nops[tid] < n)
		n = p->thread_nops[tid];
	return n;
}

#endif /* LB_SRC_HARNESS_POINT_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * worker.h - the state of one point while it runs, shared by the harness's
 * own files (not for the parts above): each worker's record, the run, and
 * the steps of lb_run_point() that live in files of their own
 *
 *	harness.c	set-up, start (threads, barrier), stop, tear-down;
 *			each worker's life (worker_main) and which loop it runs
 *	watch.c		the main thread while the point runs: deadline,
 *			--timeout watchdog, starvation watch
 *	collect.c	the results: per thread, per role, latency
 *	check.c		the checked critical sections of loop.h's checked
 *			variants (--validate, --torture), --torture's hook
 *	validate.c	the loop of a lock without its own, the checks after
 *			a --validate point
 *	process.c	--processes: the shared mapping, the children
 */
#ifndef LB_SRC_HARNESS_WORKER_H
#define LB_SRC_HARNESS_WORKER_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "base/compiler.h"
#include "base/futex.h"
#include "harness/point.h"
#include "harness/roles.h"
#include "harness/loop.h"
#include "kernel/perf.h"
#include "kernel/sched.h"
#include "locks/lock.h"

/* One worker's record: allocated by the worker itself after pinning. */
struct lb_worker {
	struct lb_tctx tctx;			/* handed to the lock in every call */
	/*
	 * Written by the loop after every operation: a line of its own, away
	 * from tctx, which the lock reads on every call.
	 */
	uint64_t ops LB_ALIGNED;		/* operations done; read by the watchdog */
	uint64_t reads, writes;
	uint32_t period, nreads;		/* this thread's ratio: R + W, and R (0: exclusive) */
	uint64_t nops;				/* this thread's operations (lb_thread_nops()) */
	uint32_t done;				/* set once the loop ended */
	int cpu_seen;
	uint64_t t_begin, t_end;		/* cycle counter before the loop, at finish */
	uint64_t slept;				/* lb_slept_cycles at t_begin, then its growth */
	struct lb_sched_mark sched0, sched1;	/* CPU time and switches at t_begin, t_end */
	struct lb_perf perf;			/* --perf: this thread's counters */
	struct lb_perf_vals perf_vals;
	pid_t tid_os;				/* gettid(), for --trace's event filter */
	uint64_t ctr[LB_LOCK_MAX_COUNTERS] LB_ALIGNED;	/* the lock's event counters */
	struct lb_hist *hist_r, *hist_w;	/* --latency: reads and writes */
	struct lb_role_thread *rt;		/* roles: the thread's role state */
	struct lb_torture torture;		/* --torture: lb_torture_self points here */
	uint32_t in_loop;			/* in the warm-up or the loop: may be parked */
	uint32_t parked;			/* abandoned (abandon.c): never runs again */
};

_Static_assert(offsetof(struct lb_worker, ops) / LB_CACHELINE !=
	       offsetof(struct lb_worker, tctx.priv) / LB_CACHELINE,
	       "the loop's store must not share a line with the context");

/* Starvation watch of one population (the reads, or the writes, of all threads). */
struct lb_starve {
	bool exists;				/* some thread acquires this way */
	uint64_t count;				/* at the last sample */
	uint64_t since;				/* ns: first sample that saw this count */
	uint64_t gap;				/* ns: longest interval with an unchanged count */
};

struct lb_run;

/* What pthread_create() hands each worker. */
struct lb_worker_arg {
	struct lb_run *run;
	unsigned tid;
};

struct lb_run {
	/* read-mostly: everything the loop reads */
	const struct lb_point *p;
	const struct lb_lock_ops *ops;
	void *lock;
	struct lb_tctx **tctxs;			/* indexed by tid, filled before arrival */
	void **privs;				/* each tctx's priv: lb_tctx.peer_priv */
	struct lb_worker **workers;
	struct lb_check *v;			/* --validate's shared state (loop.h) */

	/*
	 * start and stop: written once each per point, read by the loops (stop
	 * before every operation in fixed time), on a line of their own
	 */
	uint32_t go LB_ALIGNED;			/* into the warm-up (or the loop) */
	uint32_t stop;
	uint32_t warm_stop;			/* end of the warm-up */
	uint32_t start;				/* the common start after the warm-up */
	bool warm;				/* this point warms up (set before go) */

	/* written by each thread once */
	uint32_t arrived LB_ALIGNED;
	uint32_t warmed;			/* threads at the start barrier after the warm-up */
	uint32_t finished;			/* futex word: the main thread waits on it */
	int init_error;
	uint64_t t_start;

	/* roles and the starvation watch (main thread only) */
	struct lb_role_point *rp;
	struct lb_starve starve[2];		/* reads, writes */
	uint64_t starve_window;			/* ns */

	/* set-up and tear-down (main thread only) */
	size_t lsize;				/* bytes allocated for the lock */
	bool lock_inited;			/* init() succeeded: fini() at tear-down */
	struct lb_worker_arg *args;
	pthread_t *tids;
	unsigned created;			/* threads created, to join */
	uint64_t t_create, t_joined;		/* cycle counter: first create, last join */
	bool traced;				/* --trace recording was started */
	struct lb_procs *procs;			/* --processes (process.h), else NULL */
	bool timed_out, interrupted;		/* watch.c: why stop was raised early */
	const char *sim_blocked;		/* --simulate: who waits on what, for the watchdog */

	/* --interval (interval.c; main thread only): sample times (cycles), each thread's ops */
	uint64_t *isamp_t, *isamp_ops;
	unsigned isamp_n, isamp_max;
	uint64_t isamp_next;			/* the next boundary, lb_now_ns() */
	bool isamp_lost;

	uint64_t t0_ns, stop_ns;		/* ns: the point's start (its budget's), the cap's stop */
	unsigned abandoned;			/* workers parked or killed (abandon.c) */
	struct lb_run *next_abandoned;		/* abandon.c's list of the runs kept */
};

/* setup.c: set-up and tear-down, for the point on threads and the simulated one */
/* lb_round_up() - @x rounded up to a multiple of @a */
size_t lb_round_up(size_t x, size_t a);
/* lb_loop_args() - the measured loop's arguments for worker @w: the point's work, its ratio */
struct lb_loop lb_loop_args(struct lb_run *run, struct lb_worker *w);
/*
 * lb_worker_fill() - zero worker @w's record and private area (the
 * point's sizes) and set its context, ratio and work for thread @tid on
 * @pu (NULL: not pinned)
 */
void lb_worker_fill(struct lb_run *run, struct lb_worker *w, unsigned tid, const struct lb_pu *pu);
/* lb_worker_hists() - --latency: @w's histograms (in the shared mapping with --processes); 0 or -errno */
int lb_worker_hists(struct lb_run *run, struct lb_worker *w, unsigned tid);
/* lb_run_alloc() - the run's state and arrays, and @r's threads; 0 or an exit status */
int lb_run_alloc(const struct lb_point *p, struct lb_result *r, struct lb_run **runp);
/* lb_run_setup() - the lock (on --lock-node when given), init(), the roles; 0 or an exit status */
int lb_run_setup(struct lb_run *run);
/* lb_run_teardown() - each thread's state, the roles', fini() and the lock; @run may be partial */
void lb_run_teardown(struct lb_run *run);

/* interval.c: --interval */
/* lb_interval_alloc() - the point's sample table, before the point; 0 or -1 (memory) */
int lb_interval_alloc(struct lb_run *run);
void lb_interval_free(struct lb_run *run);
/*
 * lb_interval_sample() - from the watch loop at @now_ns: sample at a
 * boundary that has come; return @wait_ns, or less to wake at the next
 */
uint64_t lb_interval_sample(struct lb_run *run, uint64_t now_ns, uint64_t wait_ns);
/* lb_interval_results() - the samples as @r's intervals, the last ending at @t_end (cycles) */
int lb_interval_results(const struct lb_run *run, struct lb_result *r, uint64_t t_end);

/* validate.c: the loop through the ops pointers, the checks after a point */
/* lb_loop_pointers() - loop.h's body for a lock without lb_lock_ops.loop */
void lb_loop_pointers(const struct lb_lock_ops *ops, struct lb_loop *l);
/**
 * lb_validate_point() - after a --validate point: the checked loop's
 * violations, the harness's own invariants (the interleave), then the
 * shared value: twice the writes
 * Return: 0, or LB_EXIT_VALIDATE after one line that says why.
 */
int lb_validate_point(const struct lb_run *run, const struct lb_result *r);

/* watch.c: the main thread while the point runs */
/**
 * lb_watch_point() - sleep until every worker finished, raising stop at
 * the deadline (fixed time), sampling the starvation watch; the --timeout
 * watchdog does not return (exit 4)
 */
void lb_watch_point(struct lb_run *run);
/**
 * lb_setup_watch_arm() - the set-up watchdog for point @p (its --timeout):
 * a set-up and start that do not end within it end the run, one line, exit 4
 */
void lb_setup_watch_arm(const struct lb_point *p);
/* lb_setup_watch_disarm() - the set-up ended: the workers run, lb_watch_point() watches */
void lb_setup_watch_disarm(void);
/* lb_watch_results() - the starvation figures of @r */
void lb_watch_results(const struct lb_run *run, struct lb_result *r);
/* lb_watch_starve_start(), lb_watch_starve_sample() - the starvation watch at time @now (ns) */
void lb_watch_starve_start(struct lb_run *run, uint64_t now);
void lb_watch_starve_sample(struct lb_run *run, uint64_t now);
/*
 * lb_watch_fire() - the --timeout watchdog: the lock word and what each
 * unfinished thread was doing (and run->sim_blocked), then exit 4
 */
LB_NORETURN void lb_watch_fire(struct lb_run *run, double stuck_s);

/* simpoint.c: --simulate */
/**
 * lb_sim_point() - run point @p (p->sim set) in virtual time: each thread a
 * coroutine of the simulator on its simulated CPU, running the copy of the
 * lock compiled for it; @r as lb_run_point() fills it, every time virtual
 * Return: 0 or an exit status; a deadlock or no progress for --timeout
 * virtual seconds exits 4 with the diagnosis, as the watchdog does.
 */
int lb_sim_point(const struct lb_point *p, struct lb_result *r);

/* abandon.c: a point that cannot stop */
/* lb_self_worker - the calling worker's record (the park handler's) */
extern __thread struct lb_worker *lb_self_worker;
/**
 * lb_abandon_point() - park the unfinished threads (kill the unfinished
 * processes) of a point past its cap and grace; run->abandoned says how many
 * Return: 0; -1 when a worker neither parked nor finished in time (the
 * caller's watchdog); an exit status when it could not try.
 */
int lb_abandon_point(struct lb_run *run);
/* lb_abandon_keep() - keep @run for good: its parked threads are in it */
void lb_abandon_keep(struct lb_run *run);

/* collect.c: the results */
/**
 * lb_collect_point() - every thread's figures, the totals, the roles'
 * populations, the starvation figures and the latency into @r
 * Return: 0 or an exit status.
 */
int lb_collect_point(const struct lb_run *run, struct lb_result *r);
/**
 * lb_ran_short() - did a thread get less than LB_RAN_PCT of its @share of
 * the CPUs (1, or CPUs over threads when there are more threads)
 * @cpu_ns, @waited_ns: its CPU time and run-queue wait (-1: unknown)
 * @cpu_pct: without the wait, CPU time over the wall time it was awake
 * @asleep_unseen: it may have slept where lockbench could not time it and
 *	was never switched out against its will (then only the wait tells)
 * @run_pct: out: CPU time over the time it was runnable (or @cpu_pct)
 */
bool lb_ran_short(double cpu_ns, double waited_ns, double cpu_pct, double share,
		  bool asleep_unseen, double *run_pct);

#endif /* LB_SRC_HARNESS_WORKER_H */

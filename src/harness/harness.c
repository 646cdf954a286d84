// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * harness.c - one measured point
 *
 * 1. Allocate the lock (cache-line aligned, on --lock-node when given) and
 *    call init().
 * 2. Create the threads, each with its CPU set already in its attributes.
 *    Each thread pins itself with hwloc before it touches its own state,
 *    then allocates and zeroes its record (so the record lives on its own
 *    NUMA node), calls thread_init() and arrives at the start barrier.
 * 3. The main thread waits until all have arrived, reads the cycle counter
 *    (the common start) and releases them with one store; waiters only read
 *    the flag, so the barrier's cost does not grow with contention.
 * 4. Each thread runs the deterministic read:write interleave: operation j
 *    of thread tid is a read when (j + tid) mod (R + W) < R; the critical
 *    section is `load` pause instructions, `delay` more follow outside the
 *    lock. Fixed work stops after `ops`, fixed time when the main thread
 *    raises `stop`. The loop allocates nothing and makes no system call.
 * 5. Each thread reads the counter when it is done; the execution time is
 *    the last finish minus the common start (Long 2014's figure).
 *
 * The main thread sleeps meanwhile (futex on the finish count, with a
 * timeout), checking progress for the --timeout watchdog (watch.c); after
 * the join it collects the results (collect.c) and, with --validate,
 * checks them (validate.c). worker.h has the state they share. With
 * --processes each worker is a child process instead of a thread and the
 * state they share is in a shared mapping (process.c); the steps are the
 * same, with a hook where a thread and a process differ.
 */
#include "config.h"

#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/lb-atomic.h"
#include "base/log.h"
#include "base/maps.h"
#include "harness/harness.h"
#include "harness/process.h"
#include "harness/worker.h"
#include "kernel/perf.h"

void lb_worker_layout(struct lb_worker_layout *wl)
{
	wl->ops_off = offsetof(struct lb_worker, ops);
	wl->tctx_off = offsetof(struct lb_worker, tctx);
	wl->priv_off = offsetof(struct lb_worker, tctx.priv);
	wl->size = sizeof(struct lb_worker);
}

static void run_loop(struct lb_run *run, struct lb_worker *w)
{
	struct lb_loop l;

	if (w->rt && lb_role_run(w->rt)) {
		/* roles.c: a thread type the plain loop cannot express */
		lb_role_rw(w->rt, &w->reads, &w->writes);
		return;
	}
	l = lb_loop_args(run, w);
	if (run->ops->loop)
		run->ops->loop(&l);
	else
		lb_loop_pointers(run->ops, &l);
	w->reads = l.reads;
	w->writes = l.done - l.reads;
}

/* Spin until @flag is set (acquire); oversubscribed, let the threads still to come run. */
static void wait_flag(const uint32_t *flag)
{
	unsigned spins = 0;

	while (!lb_load_acquire(flag)) {
		lb_cpu_relax();
		if (++spins > 20000)
			sched_yield();
	}
}

/*
 * The warm-up: the same measured loop, untimed, until the main thread
 * raises warm_stop; then what it counted is forgotten and the thread waits
 * at the start barrier. Caches, predictors and the lock's hand-off rhythm
 * are in their steady state when the clock starts, and no thread starts
 * the timed loop alone while the other is still waking up.
 */
static void warm_up(struct lb_run *run, struct lb_worker *w)
{
	struct lb_loop l = lb_loop_args(run, w);

	l.nops = UINT64_MAX;
	l.timed = true;
	l.stop = &run->warm_stop;
	run->ops->loop(&l);
	lb_store_relaxed(&w->ops, 0);
	memset(w->ctr, 0, sizeof(w->ctr));
	/* release: the reset counts before the main thread counts us */
	lb_fetch_add_release(&run->warmed, 1);
	wait_flag(&run->start);
}

/* "lb-worker-N" in top, perf and /proc: the workers apart from the main thread */
static void name_self(unsigned tid)
{
	char name[16];

	snprintf(name, sizeof(name), "lb-worker-%u", tid);
	pthread_setname_np(pthread_self(), name);
}

/* hist_setup() - --latency: worker @w's two histograms, so that the loop allocates nothing */
/*
 * worker_setup() - pin the calling thread as worker @tid, then allocate and
 * fill its record (*@wp, set as soon as it exists: teardown frees it), run
 * the lock's thread_init() and the measurements' per-thread set-up
 *
 * Return: 0, or -errno of the first step that failed; the steps after it
 * are not taken.
 */
static int worker_setup(struct lb_run *run, unsigned tid, struct lb_worker **wp)
{
	const struct lb_point *p = run->p;
	const struct lb_pu *pu = p->pin ? &p->pus[tid % p->npus] : NULL;
	size_t wsize = lb_round_up(sizeof(struct lb_worker), LB_CACHELINE);
	size_t psize = lb_round_up(p->ops->tctx_size, LB_CACHELINE);
	struct lb_worker *w;
	int err;

	/* pin first: everything this thread touches from here on is on its node */
	if (pu) {
		err = lb_topo_bind_self(pu);
		if (err)
			return err;
	}
	if (run->procs)
		w = lb_proc_slot(run, tid);	/* process.c: in the shared mapping */
	else if (posix_memalign((void **)&w, LB_CACHELINE, wsize + psize))
		return -ENOMEM;
	*wp = w;
	lb_worker_fill(run, w, tid, pu);	/* setup.c: its context, ratio and work */
	w->cpu_seen = sched_getcpu();
	w->tid_os = (pid_t)syscall(SYS_gettid);
	name_self(tid);
	if (p->torture) {
		lb_torture_init(&w->torture, lb_cycles() * 2654435761u + tid + 1);
		lb_torture_self = &w->torture;
	}
	if (p->ops->thread_init) {
		err = p->ops->thread_init(run->lock, &w->tctx);
		if (err)
			return err;
	}
	/* --latency: the histograms (setup.c), allocated here so that the loop allocates nothing */
	err = lb_worker_hists(run, w, tid);
	if (err)
		return err;
	if (p->roles) {
		err = lb_role_thread_init(run->rp, tid, &w->tctx, &w->ops, &w->rt);
		if (err)
			return err;
	}
	/* --perf: this thread's counters, opened disabled (system calls stay out of the loop) */
	if (p->perf)
		lb_perf_open(&w->perf);
	return 0;
}

static void *worker_main(void *argp)
{
	struct lb_worker_arg *arg = argp;
	struct lb_run *run = arg->run;
	const struct lb_point *p = run->p;
	unsigned tid = arg->tid;
	struct lb_worker *w = NULL;
	int err = worker_setup(run, tid, &w);

	run->workers[tid] = w;
	lb_self_worker = w;
	if (w)
		run->tctxs[tid] = &w->tctx, run->privs[tid] = w->tctx.priv;
	if (err) {
		int zero = 0;

		lb_cmpxchg_relaxed(&run->init_error, &zero, err);
	}
	/* release: our record and tctx are published before the main thread counts us */
	lb_fetch_add_release(&run->arrived, 1);
	/* acquire: pairs with the release store of go; every peer's tctx is visible after it */
	wait_flag(&run->go);
	if (err)
		goto finished;	/* the main thread saw init_error: it stops the point */
	/* from here to the loop's end a point that cannot stop may park us (abandon.c) */
	__atomic_store_n(&w->in_loop, 1, __ATOMIC_RELAXED);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	if (run->warm)
		warm_up(run, w);
	if (p->perf)
		lb_perf_enable(&w->perf);
	lb_sched_mark(&w->sched0);
	w->slept = lb_slept_cycles;
	w->t_begin = lb_cycles_fenced();
	if (!lb_load_relaxed(&run->stop))
		run_loop(run, w);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	__atomic_store_n(&w->in_loop, 0, __ATOMIC_RELAXED);
	if (w->rt)
		lb_role_thread_done(w->rt);
	w->t_end = lb_cycles_fenced();
	w->slept = lb_slept_cycles - w->slept;
	lb_sched_mark(&w->sched1);
	if (p->perf)
		lb_perf_read_close(&w->perf, &w->perf_vals);
	lb_store_release(&w->done, 1);
finished:
	lb_torture_self = NULL;
	/* release: t_end and the counts are visible to the main thread after the count */
	if (lb_add_return_release(&run->finished, 1) == p->nthreads)
		lb_futex(&run->finished, FUTEX_WAKE, 1, NULL);
	return NULL;
}

/* --trace: hand the workers' kernel thread ids to the collector (all have arrived) */
static int trace_start(struct lb_run *run)
{
	const struct lb_point *p = run->p;
	pid_t *tids = calloc(p->nthreads, sizeof(*tids));
	int rc;

	if (!tids) {
		lb_err("out of memory for %u thread ids", p->nthreads);
		return LB_EXIT_RUNTIME;
	}
	for (unsigned i = 0; i < p->nthreads; i++)
		tids[i] = run->workers[i]->tid_os;
	rc = lb_trace_point_start(p->trace, tids, p->nthreads);
	free(tids);
	return rc;
}

/* Start, 1: create the threads, each with its CPU in its attributes. */
static int create_threads(struct lb_run *run)
{
	const struct lb_point *p = run->p;
	int err;

	run->t0_ns = lb_now_ns();	/* --point-timeout's budget starts here (watch.c) */
	run->t_create = lb_cycles_fenced();
	if (p->processes)
		return lb_proc_fork(run, worker_main);	/* process.c: one child per worker */
	for (unsigned i = 0; i < p->nthreads; i++) {
		pthread_attr_t attr;

		run->args[i].run = run;
		run->args[i].tid = i;
		pthread_attr_init(&attr);
		pthread_attr_setstacksize(&attr, 256 * 1024);
		if (p->pin) {
			err = lb_topo_attr_affinity(&attr, &p->pus[i % p->npus]);
			if (err) {
				pthread_attr_destroy(&attr);
				lb_err("cannot set the CPU of thread %u: %s", i, strerror(-err));
				return LB_EXIT_RUNTIME;
			}
		}
		err = pthread_create(&run->tids[i], &attr, worker_main, &run->args[i]);
		pthread_attr_destroy(&attr);
		if (err) {
			lb_err("cannot create thread %u of %u: %s", i, p->nthreads, strerror(err));
			return LB_EXIT_RUNTIME;
		}
		run->created++;
	}
	return 0;
}

/*
 * Start, 3: let the threads warm up for @ns, stop them and wait (at most
 * a second: a thread stuck in the lock is the watchdog's business) until
 * they are at the start barrier; the caller then starts --trace's
 * recording and releases them: the common start.
 */
static void warm_wait(struct lb_run *run, uint64_t ns)
{
	struct timespec ts = { (time_t)(ns / 1000000000), (long)(ns % 1000000000) };
	uint64_t until;

	nanosleep(&ts, NULL);
	lb_store_relaxed(&run->warm_stop, 1);
	until = lb_now_ns() + 1000000000ull;
	/* acquire: pairs with each worker's release add; their reset counts are visible */
	while (lb_load_acquire(&run->warmed) != run->created && lb_now_ns() < until)
		sched_yield();
}

/* --trace: start recording; on an error the threads will find stop raised */
static int point_trace(struct lb_run *run)
{
	int rc;

	if (!run->p->trace)
		return 0;
	rc = trace_start(run);
	if (rc)
		lb_store_relaxed(&run->stop, 1);
	else
		run->traced = true;
	return rc;
}

/*
 * Start, 2: wait until every created thread arrived, then the common start
 * and the go store. On an error the threads are released with stop raised,
 * so that they can be joined.
 */
static int point_start(struct lb_run *run, struct lb_result *r)
{
	const struct lb_point *p = run->p;
	int rc = create_threads(run);

	/* wait for the arrivals (acquire: pairs with each worker's release add) */
	while (lb_load_acquire(&run->arrived) != run->created) {
		if (run->procs)
			lb_proc_check(run);	/* a child that died before it arrived */
		sched_yield();
	}
	lb_setup_watch_disarm();	/* all arrived: from the warm-up on, watch.c watches */
	if (rc || run->init_error) {
		if (!rc) {
			lb_err("lock %s: a thread could not start: %s", run->ops->name,
			       strerror(-run->init_error));
			rc = LB_EXIT_RUNTIME;
		}
		lb_store_relaxed(&run->stop, 1);
	}
	run->warm = !rc && lb_warm_ns(p) > 0 && run->ops->loop;
	/* --trace: record the workers from the common start on (no system call in the loop) */
	if (!rc && !run->warm)
		rc = point_trace(run);
	run->t_start = lb_cycles_fenced();
	r->setup_ms = lb_cycles_to_ns(run->t_start - run->t_create) / 1e6;
	/* release: the start time, warm and stop are visible before anyone runs */
	lb_store_release(&run->go, 1);
	if (run->warm) {
		static bool settled;	/* the process's first native warm-up settles the host */

		warm_wait(run, lb_warm_ns(p) + (settled ? 0 : lb_warm_settle_ns(p)));
		settled = true;
		rc = point_trace(run);
		run->t_start = lb_cycles_fenced();
		/* release: the start time and stop are visible before the measured loops run */
		lb_store_release(&run->start, 1);
	}
	return rc;
}

/* Stop: recording off, join every thread, the kernel's view (--trace). */
static int point_stop(struct lb_run *run, struct lb_result *r, int rc)
{
	const struct lb_point *p = run->p;

	if (run->traced)
		lb_trace_point_stop(p->trace);
	if (run->procs) {
		int jrc = lb_proc_join(run);	/* process.c: waitpid, a child that died */

		rc = rc ? rc : jrc;
	}
	for (unsigned i = 0; !run->procs && i < run->created; i++)
		if (run->workers[i] && lb_load_acquire(&run->workers[i]->parked))
			pthread_detach(run->tids[i]);	/* never to finish (abandon.c) */
		else
			pthread_join(run->tids[i], NULL);
	run->t_joined = lb_cycles_fenced();
	if (!rc && run->traced)
		rc = lb_trace_point_collect(p->trace, &r->trace);
	return rc;
}

/* What a crash's line names (log.h): the lock and the point; set before a handler can read it. */
static void crash_what(const struct lb_point *p)
{
	char ratio[32];

	lb_crash_set = 0;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	snprintf(lb_crash_what, sizeof(lb_crash_what), "lock %s, point %s/%s threads=%u load=%llu",
		 p->ops->name, p->ops->name, lb_point_ratio_str(p, ratio, sizeof(ratio)),
		 p->nthreads, (unsigned long long)p->load_arg);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	lb_crash_set = 1;
}

int lb_run_point(const struct lb_point *p, struct lb_result *r)
{
	struct lb_run *run = NULL;
	int rc;

	if (p->sim)
		return lb_sim_point(p, r);	/* simpoint.c: in virtual time */
	memset(r, 0, sizeof(*r));
	r->point = *p;
	crash_what(p);
	lb_setup_watch_arm(p);	/* init(), the threads' creation and thread_init() */
	rc = lb_run_alloc(p, r, &run);
	if (!rc)
		rc = lb_run_setup(run);
	if (!rc) {
		rc = point_start(run, r);
		if (!rc)
			lb_watch_point(run);
		rc = point_stop(run, r, rc);
	}
	lb_setup_watch_disarm();	/* a set-up that failed */
	if (!rc)
		rc = lb_collect_point(run, r);
	if (!rc) {
		r->timed_out = run->timed_out;
		r->interrupted = run->interrupted;
		r->abandoned_threads = run->abandoned;
	}
	/* abandoned: parked threads stopped inside their sections, the final checks cannot hold */
	if (!rc && p->validate && !run->abandoned)
		rc = lb_validate_point(run, r);
	lb_run_teardown(run);
	lb_crash_set = 0;
	if (rc)
		lb_result_free(r);
	return rc;
}

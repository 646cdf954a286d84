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

/* The measured loop's arguments for worker @w: the point's work, the thread's ratio. */
static struct lb_loop loop_args(struct lb_run *run, struct lb_worker *w)
{
	return (struct lb_loop){
		.lock = run->lock,
		.t = &w->tctx,
		.nops = w->nops,
		.load = run->p->load,
		.delay = run->p->delay,
		.period = w->period,
		.nreads = w->nreads,	/* 0: this thread never reads, the write-only variant */
		.spin = run->p->spin,
		.timed = run->p->duration > 0,
		.stop = &run->stop,
		.ops = &w->ops,
		.lat_r = w->hist_r,	/* NULL: the plain variants */
		.lat_w = w->hist_w,
		.lat_every = run->p->lat_every ? run->p->lat_every : 1,
		/* loop.h: oversubscribed, an operation may take a scheduler tick */
		.stop_every = run->p->nthreads > run->p->npus ? 1 : LB_STOP_EVERY,
		.chk = run->p->validate ? run->v : NULL,	/* the checked variants */
	};
}

static void run_loop(struct lb_run *run, struct lb_worker *w)
{
	struct lb_loop l;

	if (w->rt && lb_role_run(w->rt)) {
		/* roles.c: a thread type the plain loop cannot express */
		lb_role_rw(w->rt, &w->reads, &w->writes);
		return;
	}
	l = loop_args(run, w);
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
	struct lb_loop l = loop_args(run, w);

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

static size_t round_up(size_t x, size_t a)
{
	return (x + a - 1) / a * a;
}

/* "lb-worker-N" in top, perf and /proc: the workers apart from the main thread */
static void name_self(unsigned tid)
{
	char name[16];

	snprintf(name, sizeof(name), "lb-worker-%u", tid);
	pthread_setname_np(pthread_self(), name);
}

/* hist_setup() - --latency: worker @w's two histograms, so that the loop allocates nothing */
static int hist_setup(struct lb_run *run, struct lb_worker *w, size_t off)
{
	if (run->procs) {		/* process.c: after the record, in the shared mapping */
		w->hist_r = (struct lb_hist *)((char *)w + off);
		w->hist_w = w->hist_r + 1;
	} else if (posix_memalign((void **)&w->hist_r, LB_CACHELINE, sizeof(struct lb_hist)) ||
		   posix_memalign((void **)&w->hist_w, LB_CACHELINE, sizeof(struct lb_hist))) {
		return -ENOMEM;		/* what was allocated, teardown frees */
	}
	lb_hist_init(w->hist_r);
	lb_hist_init(w->hist_w);
	return 0;
}

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
	size_t wsize = round_up(sizeof(struct lb_worker), LB_CACHELINE);
	size_t psize = round_up(p->ops->tctx_size, LB_CACHELINE);
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
	memset(w, 0, wsize + psize);
	w->tctx.tid = tid;
	w->tctx.nthreads = p->nthreads;
	w->tctx.priv = psize ? (char *)w + wsize : NULL;
	w->tctx.ctr = w->ctr;
	w->tctx.context = LB_CTX_THREAD;
	w->tctx.cpu = pu ? pu->pu_os : -1;
	w->tctx.peers = run->tctxs;
	w->tctx.peer_priv = run->privs;
	w->tctx.domain = p->pus && p->ndomains > 1 ? p->pus[tid % p->npus].domain : 0;
	w->tctx.ndomains = p->ndomains ? p->ndomains : 1;
	w->period = lb_thread_ratio(p, tid)->r + lb_thread_ratio(p, tid)->w;
	w->nreads = p->ops->kind == LB_LOCK_RW ? lb_thread_ratio(p, tid)->r : 0;
	w->nops = lb_thread_nops(p, tid);
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
	if (p->latency && !(p->roles && p->roles[tid].kind != LB_ROLE_MIX)) {
		err = hist_setup(run, w, wsize + psize);
		if (err)
			return err;
	}
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

/* Set-up, 1: the run's state and arrays, and the result's threads. */
static int point_alloc(const struct lb_point *p, struct lb_result *r, struct lb_run **runp)
{
	struct lb_run *run = NULL;

	if (p->processes)
		run = lb_proc_alloc(p);		/* the run, its arrays and the lock, shared */
	else if (posix_memalign((void **)&run, LB_CACHELINE, sizeof(*run)))
		run = NULL;
	if (run && !p->processes) {
		memset(run, 0, sizeof(*run));
		if (posix_memalign((void **)&run->v, LB_CACHELINE, sizeof(*run->v)))
			run->v = NULL;
		else
			memset(run->v, 0, sizeof(*run->v));
		run->tctxs = calloc(p->nthreads, sizeof(*run->tctxs));
		run->privs = calloc(p->nthreads, sizeof(*run->privs));
		run->workers = calloc(p->nthreads, sizeof(*run->workers));
	}
	if (run) {
		run->args = calloc(p->nthreads, sizeof(*run->args));
		run->tids = calloc(p->nthreads, sizeof(*run->tids));
	}
	r->threads = calloc(p->nthreads, sizeof(*r->threads));
	*runp = run;
	if (!run || !run->v || !run->args || !run->tids || !run->tctxs || !run->privs ||
	    !run->workers || !r->threads) {
		lb_err("out of memory for a point of %u threads", p->nthreads);
		return LB_EXIT_RUNTIME;
	}
	run->p = p;
	run->ops = p->ops;
	run->v->stop = &run->stop;
	run->v->is_locked = p->ops->is_locked;
	run->v->trylock = p->ops->trylock;
	run->v->read_trylock = p->ops->read_trylock;
	run->v->noexcl = (p->ops->flags & LB_LOCK_F_NOEXCL) != 0;
	if (lb_interval_alloc(run)) {
		lb_err("out of memory for the --interval samples of a point of %u threads",
		       p->nthreads);
		return LB_EXIT_RUNTIME;
	}
	return 0;
}

/* Set-up, 2: the lock (cache-line aligned, on --lock-node when given), init(), the roles. */
static int point_setup(struct lb_run *run)
{
	const struct lb_point *p = run->p;
	const struct lb_lock_ops *ops = run->ops;
	struct lb_lock_cfg cfg = {
		.nthreads = p->nthreads,
		.ndomains = p->ndomains ? p->ndomains : 1,
		.opts = p->lockopts,
		.tsc_per_ns = lb_clock.tsc_per_ns,
		.pause_ns = lb_clock.pause_ns,
	};
	int err;

	/* the lock's futexes: shared ones between processes (lock.h) */
	lb_futex_flags = p->processes ? 0 : FUTEX_PRIVATE_FLAG;
	/* --processes: process.c mapped the lock with the run, zeroed, on --lock-node */
	if (!run->procs) {
		run->lsize = round_up(ops->lock_size, LB_CACHELINE) + LB_CACHELINE;
		if (p->lock_node >= 0)
			run->lock = lb_topo_alloc_onnode(run->lsize, p->lock_node);
		else if (posix_memalign(&run->lock, LB_CACHELINE, run->lsize))
			run->lock = NULL;
		if (!run->lock) {
			lb_err("out of memory for the lock (%zu bytes)", run->lsize);
			return LB_EXIT_RUNTIME;
		}
		if (p->lock_node < 0)
			memset(run->lock, 0, run->lsize);
	}
	lb_lock_why[0] = '\0';
	err = ops->init(run->lock, &cfg);
	if (err) {
		lb_lock_why[sizeof(lb_lock_why) - 1] = '\0';
		lb_err("lock %s: init failed: %s%s%s", ops->name, lb_lock_why,
		       lb_lock_why[0] ? ": " : "", strerror(-err));
		return LB_EXIT_RUNTIME;
	}
	run->lock_inited = true;
	run->v->lock = run->lock;
	if (p->processes && lb_private_pointer(run->lock, ops->lock_size) >= 0) {
		/* the workers, made by fork(), would each see their own copy of it */
		lb_err("lock %s: --processes: after init() the lock points to memory of this process "
		       "alone (the heap, or another private mapping): it cannot be shared by "
		       "processes", ops->name);
		return LB_EXIT_UNAVAIL;
	}
	if (p->roles) {
		err = lb_role_point_init(p, run->lock, &run->stop, &run->rp);
		if (err) {
			lb_err("lock %s: cannot set up the thread roles: %s", ops->name,
			       strerror(-err));
			return LB_EXIT_RUNTIME;
		}
	}
	return 0;
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
 * The warm-up's length: a tenth of a fixed-time point, at most 10 ms. None
 * in fixed work, whose figure is the postings' execution time of N
 * operations from a cold start (and whose counts some locks' tests check
 * exactly), nor where the loop is not the plain measured one (--validate,
 * --latency, the fair scenario's roles).
 */
static uint64_t warm_ns(const struct lb_point *p)
{
	uint64_t ns = 10000000;

	if (!(p->duration > 0) || p->validate || p->latency || p->roles)
		return 0;
	if (p->duration * 1e8 < (double)ns)
		ns = (uint64_t)(p->duration * 1e8);
	return ns;
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
	run->warm = !rc && warm_ns(p) > 0 && run->ops->loop;
	/* --trace: record the workers from the common start on (no system call in the loop) */
	if (!rc && !run->warm)
		rc = point_trace(run);
	run->t_start = lb_cycles_fenced();
	r->setup_ms = lb_cycles_to_ns(run->t_start - run->t_create) / 1e6;
	/* release: the start time, warm and stop are visible before anyone runs */
	lb_store_release(&run->go, 1);
	if (run->warm) {
		warm_wait(run, warm_ns(p));
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

/*
 * An abandoned point's tear-down: the finished threads' thread_fini(), the
 * roles and the lock's fini() (every worker is finished or parked, and a
 * parked one never runs again); nothing of the run is freed, as the parked
 * threads are inside it (abandon.c).
 */
static void abandoned_teardown(struct lb_run *run)
{
	for (unsigned i = 0; i < run->p->nthreads; i++) {
		struct lb_worker *w = run->workers[i];

		if (w && !w->parked && run->ops->thread_fini)
			run->ops->thread_fini(run->lock, &w->tctx);
	}
	lb_role_point_fini(run->rp);
	run->rp = NULL;
	if (run->lock_inited && run->ops->fini)
		run->ops->fini(run->lock);
	lb_abandon_keep(run);
}

/* Tear-down: each thread's state, the roles', fini() and the lock; @run may be partly set up. */
static void point_teardown(struct lb_run *run)
{
	const struct lb_point *p;

	if (!run)
		return;
	if (run->procs) {
		lb_proc_teardown(run);	/* each child ran its thread_fini() */
		return;
	}
	p = run->p;
	if (run->abandoned) {
		abandoned_teardown(run);
		return;
	}
	for (unsigned i = 0; run->workers && i < p->nthreads; i++) {
		if (run->workers[i] && run->ops->thread_fini)
			run->ops->thread_fini(run->lock, &run->workers[i]->tctx);
		if (run->workers[i]) {
			free(run->workers[i]->hist_r);
			free(run->workers[i]->hist_w);
			lb_role_thread_free(run->workers[i]->rt);
		}
		free(run->workers[i]);
	}
	lb_role_point_fini(run->rp);
	if (run->lock_inited && run->ops->fini)
		run->ops->fini(run->lock);
	if (run->lock && p->lock_node >= 0)
		lb_topo_free_onnode(run->lock, run->lsize);
	else
		free(run->lock);
	free(run->tctxs);
	free(run->privs);
	free(run->workers);
	free(run->v);
	free(run->args);
	free(run->tids);
	lb_interval_free(run);
	free(run);
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

	memset(r, 0, sizeof(*r));
	r->point = *p;
	crash_what(p);
	lb_setup_watch_arm(p);	/* init(), the threads' creation and thread_init() */
	rc = point_alloc(p, r, &run);
	if (!rc)
		rc = point_setup(run);
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
	point_teardown(run);
	lb_crash_set = 0;
	if (rc)
		lb_result_free(r);
	return rc;
}

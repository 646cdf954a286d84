// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setup.c - a point's set-up and tear-down, shared by the point on real
 * threads (harness.c) and the point in virtual time (simpoint.c): the
 * run's state, the lock and its init(), each worker's context and
 * histograms, the measured loop's arguments, the warm-up's length, and
 * everything freed again
 */
#include "config.h"

#include <errno.h>
#include <linux/futex.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/log.h"
#include "base/maps.h"
#include "harness/harness.h"
#include "harness/process.h"
#include "harness/worker.h"

size_t lb_round_up(size_t x, size_t a)
{
	return (x + a - 1) / a * a;
}

/* the lock on --lock-node: a real point's (a simulated one's nodes are the simulator's) */
static bool on_node(const struct lb_point *p)
{
	return p->lock_node >= 0 && !p->sim;
}

/*
 * The lock's memory: one page-aligned area for the process, which every
 * point and every repetition that fits in it reuses, so that the lock is
 * on the same lines each time. On the build VM, whose two vCPUs are at
 * times ~450 ns apart, each line then has a transfer cost of its own
 * (10-20% apart between lines of one process, each line's steady over
 * a second), and a fresh allocation per repetition put each repetition's
 * lock on another line: ticket at 2 threads, --load=10 --delay=10, 7 x
 * 0.3 s, median CV 3.0% (1.7-6.9, 6 runs) where the bare loop, whose
 * lock is static, had 1.65%; with the area, 1.4% (1.1-3.5, 7 runs),
 * interleaved, and in another set 1.8% against the bare loop's 2.4% (16
 * runs each) (issue 24). Two locks of one run then also share the
 * lines they are compared on. A point whose lock
 * does not fit (the area grows to it: the lines move once), a point on
 * --lock-node (lb_topo_alloc_onnode()) and --processes (a shared mapping,
 * process.c) allocate their own; an abandoned point keeps the area, as its
 * parked threads are inside it, and the next point makes another.
 */
#define LB_LOCK_AREA_MIN (16 * 1024)
static struct {
	void *mem;
	size_t size;
	bool busy;
} lock_area;

static void *lock_alloc(size_t size)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	void *mem;

	if (lock_area.busy)	/* not expected: points run one at a time */
		return posix_memalign(&mem, LB_CACHELINE, size) ? NULL : mem;
	if (lock_area.size < size) {
		size_t want = lb_round_up(size > LB_LOCK_AREA_MIN ? size : LB_LOCK_AREA_MIN, page);

		free(lock_area.mem);
		lock_area.mem = NULL;
		lock_area.size = 0;
		if (posix_memalign(&mem, page, want))
			return NULL;
		lock_area.mem = mem;
		lock_area.size = want;
	}
	lock_area.busy = true;
	return lock_area.mem;
}

/* lock_free() - give @mem back; @kept: an abandoned point keeps it (the area is forgotten) */
static void lock_free(void *mem, bool kept)
{
	if (mem && mem == lock_area.mem && lock_area.busy) {
		lock_area.busy = false;
		if (kept)
			lock_area.mem = NULL, lock_area.size = 0;
	} else if (!kept) {
		free(mem);
	}
}

/* The measured loop's arguments for worker @w: the point's work, the thread's ratio. */
struct lb_loop lb_loop_args(struct lb_run *run, struct lb_worker *w)
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

void lb_worker_fill(struct lb_run *run, struct lb_worker *w, unsigned tid, const struct lb_pu *pu)
{
	const struct lb_point *p = run->p;
	size_t wsize = lb_round_up(sizeof(struct lb_worker), LB_CACHELINE);
	size_t psize = lb_round_up(run->ops->tctx_size, LB_CACHELINE);

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
}

int lb_worker_hists(struct lb_run *run, struct lb_worker *w, unsigned tid)
{
	const struct lb_point *p = run->p;
	size_t wsize = lb_round_up(sizeof(struct lb_worker), LB_CACHELINE);
	size_t psize = lb_round_up(run->ops->tctx_size, LB_CACHELINE);

	if (!p->latency || (p->roles && p->roles[tid].kind != LB_ROLE_MIX))
		return 0;
	if (run->procs) {
		w->hist_r = (struct lb_hist *)((char *)w + wsize + psize);
		w->hist_w = w->hist_r + 1;
	} else if (posix_memalign((void **)&w->hist_r, LB_CACHELINE, sizeof(struct lb_hist)) ||
		   posix_memalign((void **)&w->hist_w, LB_CACHELINE, sizeof(struct lb_hist))) {
		return -ENOMEM;
	}
	lb_hist_init(w->hist_r);
	lb_hist_init(w->hist_w);
	return 0;
}

/* Set-up, 1: the run's state and arrays, and the result's threads. */
int lb_run_alloc(const struct lb_point *p, struct lb_result *r, struct lb_run **runp)
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
	/* --simulate: the copy of the lock compiled for the simulator runs */
	run->ops = p->sim_ops ? p->sim_ops : p->ops;
	run->v->stop = &run->stop;
	run->v->is_locked = run->ops->is_locked;
	run->v->trylock = run->ops->trylock;
	run->v->read_trylock = run->ops->read_trylock;
	run->v->noexcl = (run->ops->flags & LB_LOCK_F_NOEXCL) != 0;
	if (lb_interval_alloc(run)) {
		lb_err("out of memory for the --interval samples of a point of %u threads",
		       p->nthreads);
		return LB_EXIT_RUNTIME;
	}
	return 0;
}

/* Set-up, 2: the lock (cache-line aligned, on --lock-node when given), init(), the roles. */
int lb_run_setup(struct lb_run *run)
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
		run->lsize = lb_round_up(ops->lock_size, LB_CACHELINE) + LB_CACHELINE;
		if (on_node(p))
			run->lock = lb_topo_alloc_onnode(run->lsize, p->lock_node);
		else
			run->lock = lock_alloc(run->lsize);
		if (!run->lock) {
			lb_err("out of memory for the lock (%zu bytes)", run->lsize);
			return LB_EXIT_RUNTIME;
		}
		if (!on_node(p))
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

/*
 * The warm-up's length: a tenth of a fixed-time point, at most 10 ms. None
 * in fixed work, whose figure is the postings' execution time of N
 * operations from a cold start (and whose counts some locks' tests check
 * exactly), nor where the loop is not the plain measured one (--validate,
 * --latency, the fair scenario's roles).
 */
uint64_t lb_warm_ns(const struct lb_point *p)
{
	uint64_t ns = 10000000;

	if (!(p->duration > 0) || p->validate || p->latency || p->roles)
		return 0;
	if (p->duration * 1e8 < (double)ns)
		ns = (uint64_t)(p->duration * 1e8);
	return ns;
}

uint64_t lb_warm_settle_ns(const struct lb_point *p)
{
	uint64_t ns = lb_warm_ns(p);

	return ns && !p->sim && ns < LB_WARM_SETTLE_NS ? LB_WARM_SETTLE_NS - ns : 0;
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
	if (!on_node(run->p))
		lock_free(run->lock, true);
	lb_abandon_keep(run);
}

/* Tear-down: each thread's state, the roles', fini() and the lock; @run may be partly set up. */
void lb_run_teardown(struct lb_run *run)
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
	if (run->lock && on_node(p))
		lb_topo_free_onnode(run->lock, run->lsize);
	else
		lock_free(run->lock, false);
	free(run->tctxs);
	free(run->privs);
	free(run->workers);
	free(run->v);
	free(run->args);
	free(run->tids);
	lb_interval_free(run);
	free(run);
}

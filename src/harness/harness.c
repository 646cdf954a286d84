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
 *    the last finish minus the common start (the 2014 rwsem-spinning posting's figure).
 *
 * The main thread sleeps meanwhile (futex on the finish count, with a
 * timeout), checking progress for the --timeout watchdog.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/clock.h"
#include "harness/harness.h"
#include "base/lb-atomic.h"
#include "base/log.h"
#include "harness/loop.h"
#include "kernel/perf.h"

/* One worker's record: allocated by the worker itself after pinning. */
struct lb_worker {
	struct lb_tctx tctx;			/* handed to the lock in every call */
	/*
	 * Written by the loop after every operation: a line of its own, away
	 * from tctx, which the lock reads on every call (issue 10).
	 */
	uint64_t ops LB_ALIGNED;		/* operations done; read by the watchdog */
	uint64_t reads, writes;
	uint32_t period, nreads;		/* this thread's ratio: R + W, and R (0: exclusive) */
	uint64_t nops;				/* this thread's operations (lb_thread_nops()) */
	uint32_t done;				/* set once the loop ended */
	int cpu_seen;
	uint64_t t_end;				/* cycle counter at finish */
	struct lb_perf perf;			/* --perf: this thread's counters */
	struct lb_perf_vals perf_vals;
	pid_t tid_os;				/* gettid(), for --trace's event filter */
	uint64_t ctr[LB_LOCK_MAX_COUNTERS] LB_ALIGNED;	/* the lock's event counters */
	struct lb_hist *hist_r, *hist_w;	/* --latency: reads and writes */
	struct lb_role_thread *rt;		/* roles: the thread's role state */
};

_Static_assert(offsetof(struct lb_worker, ops) / LB_CACHELINE !=
	       offsetof(struct lb_worker, tctx.priv) / LB_CACHELINE,
	       "the loop's store must not share a line with the context");

void lb_worker_layout(struct lb_worker_layout *wl)
{
	wl->ops_off = offsetof(struct lb_worker, ops);
	wl->tctx_off = offsetof(struct lb_worker, tctx);
	wl->priv_off = offsetof(struct lb_worker, tctx.priv);
	wl->size = sizeof(struct lb_worker);
}

/* Starvation watch of one population (the reads, or the writes, of all threads). */
struct lb_starve {
	bool exists;				/* some thread acquires this way */
	uint64_t count;				/* at the last sample */
	uint64_t since;				/* ns: first sample that saw this count */
	uint64_t gap;				/* ns: longest interval with an unchanged count */
};

/* --validate's shared state: who is inside, and data the lock protects. */
struct lb_vstate {
	int32_t writers LB_ALIGNED;
	int32_t readers;
	uint64_t data;				/* plain data, written only under the write lock */
	int violation;				/* first violation wins */
	char what[256];
};

struct lb_run {
	/* read-mostly: everything the loop reads */
	const struct lb_point *p;
	const struct lb_lock_ops *ops;
	void *lock;
	struct lb_tctx **tctxs;			/* indexed by tid, filled before arrival */
	void **privs;				/* each tctx's priv: lb_tctx.peer_priv */
	struct lb_worker **workers;
	struct lb_vstate *v;

	/* start and stop: written once each per point */
	uint32_t go LB_ALIGNED;
	uint32_t stop;

	/* written by each thread once */
	uint32_t arrived LB_ALIGNED;
	uint32_t finished;			/* futex word: the main thread waits on it */
	int init_error;
	uint64_t t_start;

	/* roles and the starvation watch (main thread only) */
	struct lb_role_point *rp;
	struct lb_starve starve[2];		/* reads, writes */
	uint64_t starve_window;			/* ns */
};

struct worker_arg {
	struct lb_run *run;
	unsigned tid;
};

static long futex(uint32_t *uaddr, int op, uint32_t val, const struct timespec *ts)
{
	return syscall(SYS_futex, uaddr, op | FUTEX_PRIVATE_FLAG, val, ts, NULL, 0);
}

uint64_t lb_expected_reads(const struct lb_ratio *ratio, unsigned tid, uint64_t n)
{
	uint64_t period = (uint64_t)ratio->r + ratio->w, start = tid % period;
	uint64_t full = n / period, rest = n % period, reads = full * ratio->r;

	/* the partial cycle covers positions start .. start+rest-1 (mod period) */
	for (uint64_t k = 0; k < rest; k++)
		if ((start + k) % period < ratio->r)
			reads++;
	return reads;
}

LB_PRINTF(2, 3) static void violation(struct lb_run *run, const char *fmt, ...)
{
	struct lb_vstate *v = run->v;
	int expected = 0;

	if (lb_cmpxchg_acq_rel(&v->violation, &expected, 1)) {
		va_list ap;

		va_start(ap, fmt);
		vsnprintf(v->what, sizeof(v->what), fmt, ap);
		va_end(ap);
		/* release: the message is written before anyone sees stop */
		lb_store_release(&run->stop, 1);
	}
}

/* The validating critical sections (ck's regression validators, extended to readers). */
static LB_NOINLINE void validate_write_cs(struct lb_run *run, uint64_t load)
{
	struct lb_vstate *v = run->v;
	int32_t w = lb_fetch_add_relaxed(&v->writers, 1);
	int32_t r = lb_load_relaxed(&v->readers);
	volatile uint64_t *data = &v->data;
	uint64_t start;

	if (w != 0 || r != 0)
		violation(run, "a writer entered while %d other writer(s) and %d reader(s) were inside",
			  w, r);
	if (run->ops->is_locked && !run->ops->is_locked(run->lock))
		violation(run, "is_locked() says free while a writer holds it");
	start = *data;
	for (int k = 1; k <= 10; k++)
		*data = start + (uint64_t)k;
	lb_pause_n(load);
	if (*data != start + 10)
		violation(run, "data written under the lock changed under the writer's feet "
			  "(%d writers, %d readers inside)", lb_load_relaxed(&v->writers),
			  lb_load_relaxed(&v->readers));
	w = lb_load_relaxed(&v->writers);
	r = lb_load_relaxed(&v->readers);
	if (w != 1 || r != 0)
		violation(run, "a writer found %d other writer(s) and %d reader(s) inside on its way out",
			  w - 1, r);
	lb_fetch_sub_relaxed(&v->writers, 1);
}

static LB_NOINLINE void validate_read_cs(struct lb_run *run, uint64_t load)
{
	struct lb_vstate *v = run->v;
	volatile uint64_t *data = &v->data;
	int32_t w;
	uint64_t d0, d1;

	lb_fetch_add_relaxed(&v->readers, 1);
	w = lb_load_relaxed(&v->writers);
	if (w != 0)
		violation(run, "a reader entered while %d writer(s) were inside", w);
	d0 = *data;
	lb_pause_n(load);
	d1 = *data;
	w = lb_load_relaxed(&v->writers);
	if (w != 0 || d0 != d1)
		violation(run, "a reader saw %d writer(s) inside on its way out%s", w,
			  d0 != d1 ? " and the data changed under it" : "");
	lb_fetch_sub_relaxed(&v->readers, 1);
}

/*
 * The checking loop of --validate, and the loop of a lock that has no
 * lb_lock_ops.loop: the same interleave as loop.h, calling the verbs
 * through pointers. With @validate the critical sections check exclusion
 * and every fourth operation spins on trylock where the lock has one
 * (Concurrency Kit's validators alternate the same way).
 */
static LB_ALWAYS_INLINE void work_loop(struct lb_run *run, struct lb_worker *w, const bool validate,
				       const bool timed, const bool mixed)
{
	const struct lb_lock_ops *ops = run->ops;
	void (*const wlock)(void *, struct lb_tctx *) = ops->lock;
	void (*const wunlock)(void *, struct lb_tctx *) = ops->unlock;
	void (*const rlock)(void *, struct lb_tctx *) = ops->read_lock ? ops->read_lock : ops->lock;
	void (*const runlock)(void *, struct lb_tctx *) =
		ops->read_unlock ? ops->read_unlock : ops->unlock;
	bool (*const wtry)(void *, struct lb_tctx *) = ops->trylock;
	bool (*const rtry)(void *, struct lb_tctx *) = ops->read_trylock;
	const bool noexcl = (ops->flags & LB_LOCK_F_NOEXCL) != 0;
	void *const lock = run->lock;
	struct lb_tctx *const t = &w->tctx;
	const uint64_t nops = w->nops, load = run->p->load, delay = run->p->delay;
	const uint32_t period = w->period, nreads = w->nreads;
	uint32_t pos = t->tid % period;
	uint64_t n, reads = 0;

	for (n = 0; n < nops; n++) {
		if ((timed || validate) && lb_unlikely(lb_load_relaxed(&run->stop)))
			break;
		if (mixed && pos < nreads) {
			if (validate && rtry && (n & 3) == 3) {
				while (!rtry(lock, t))	/* ck: alternate lock with spinning on trylock */
					lb_cpu_relax();
			} else {
				rlock(lock, t);
			}
			if (validate && !noexcl)
				validate_read_cs(run, load);
			else
				lb_pause_n(load);
			runlock(lock, t);
			reads++;
		} else {
			if (validate && wtry && (n & 3) == 3) {
				while (!wtry(lock, t))
					lb_cpu_relax();
			} else {
				wlock(lock, t);
			}
			if (validate && !noexcl)
				validate_write_cs(run, load);
			else
				lb_pause_n(load);
			wunlock(lock, t);
		}
		if (mixed && ++pos == period)
			pos = 0;
		lb_pause_n(delay);
		lb_store_relaxed(&w->ops, n + 1);
	}
	w->reads = reads;
	w->writes = n - reads;
}

/* For a lock without its own loop (lb_lock_ops.loop): the verbs through pointers. */
static LB_NOINLINE void loop_generic(struct lb_run *run, struct lb_worker *w)
{
	work_loop(run, w, false, true, true);
}

static LB_NOINLINE void loop_validate(struct lb_run *run, struct lb_worker *w)
{
	work_loop(run, w, true, true, true);
}

/* --latency for a lock without its own loop: the loop.h body, verbs through pointers */
static LB_NOINLINE void loop_generic_latency(const struct lb_lock_ops *ops, struct lb_loop *l)
{
	lb_verb rl = ops->read_lock ? ops->read_lock : ops->lock;
	lb_verb ru = ops->read_unlock ? ops->read_unlock : ops->unlock;

	lb_loop_body(l, ops->lock, ops->unlock, rl, ru, l->timed, l->nreads != 0, true);
}

static void run_loop(struct lb_run *run, struct lb_worker *w)
{
	struct lb_loop l;

	if (w->rt && lb_role_run(w->rt)) {
		/* roles.c: a thread type the plain loop cannot express */
		lb_role_rw(w->rt, &w->reads, &w->writes);
		return;
	}
	if (run->p->validate) {
		loop_validate(run, w);
		return;
	}
	if (!run->ops->loop && !w->hist_r) {
		loop_generic(run, w);
		return;
	}
	l = (struct lb_loop){
		.lock = run->lock,
		.t = &w->tctx,
		.nops = w->nops,
		.load = run->p->load,
		.delay = run->p->delay,
		.period = w->period,
		.nreads = w->nreads,	/* 0: this thread never reads, the write-only variant */
		.timed = run->p->duration > 0,
		.stop = &run->stop,
		.ops = &w->ops,
		.lat_r = w->hist_r,	/* NULL: the plain variants */
		.lat_w = w->hist_w,
		.lat_every = run->p->lat_every ? run->p->lat_every : 1,
	};
	if (run->ops->loop)
		run->ops->loop(&l);
	else
		loop_generic_latency(run->ops, &l);
	w->reads = l.reads;
	w->writes = l.done - l.reads;
}

static size_t round_up(size_t x, size_t a)
{
	return (x + a - 1) / a * a;
}

static void *worker_main(void *argp)
{
	struct worker_arg *arg = argp;
	struct lb_run *run = arg->run;
	const struct lb_point *p = run->p;
	unsigned tid = arg->tid;
	const struct lb_pu *pu = p->pin ? &p->pus[tid % p->npus] : NULL;
	size_t wsize = round_up(sizeof(struct lb_worker), LB_CACHELINE);
	size_t psize = round_up(p->ops->tctx_size, LB_CACHELINE);
	struct lb_worker *w = NULL;
	unsigned spins = 0;
	int err = 0;

	/* pin first: everything this thread touches from here on is on its node */
	if (pu)
		err = lb_topo_bind_self(pu);
	if (!err && posix_memalign((void **)&w, LB_CACHELINE, wsize + psize))
		err = -ENOMEM;
	if (!err) {
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
		if (p->ops->thread_init)
			err = p->ops->thread_init(run->lock, &w->tctx);
	}
	/* --latency: the histograms, allocated here so that the loop allocates nothing */
	if (!err && p->latency && !(p->roles && p->roles[tid].kind != LB_ROLE_MIX)) {
		if (posix_memalign((void **)&w->hist_r, LB_CACHELINE, sizeof(struct lb_hist)) ||
		    posix_memalign((void **)&w->hist_w, LB_CACHELINE, sizeof(struct lb_hist)))
			err = -ENOMEM;
		else {
			lb_hist_init(w->hist_r);
			lb_hist_init(w->hist_w);
		}
	}
	if (!err && p->roles)
		err = lb_role_thread_init(run->rp, tid, &w->tctx, &w->ops, &w->rt);
	/* --perf: this thread's counters, opened disabled (system calls stay out of the loop) */
	if (!err && p->perf)
		lb_perf_open(&w->perf);
	run->workers[tid] = w;
	if (w)
		run->tctxs[tid] = &w->tctx, run->privs[tid] = w->tctx.priv;
	if (err) {
		int zero = 0;

		lb_cmpxchg_relaxed(&run->init_error, &zero, err);
	}
	/* release: our record and tctx are published before the main thread counts us */
	lb_fetch_add_release(&run->arrived, 1);

	/* acquire: pairs with the release store of go; every peer's tctx is visible after it */
	while (!lb_load_acquire(&run->go)) {
		lb_cpu_relax();
		if (++spins > 20000)	/* oversubscribed: let the threads still to arrive run */
			sched_yield();
	}
	if (w && p->perf)
		lb_perf_enable(&w->perf);
	if (w && !lb_load_relaxed(&run->stop)) {
		run_loop(run, w);
	}
	if (w && w->rt)
		lb_role_thread_done(w->rt);
	if (w) {
		w->t_end = lb_cycles_fenced();
		if (p->perf)
			lb_perf_read_close(&w->perf, &w->perf_vals);
		lb_store_release(&w->done, 1);
	}
	/* release: t_end and the counts are visible to the main thread after the count */
	if (lb_add_return_release(&run->finished, 1) == p->nthreads)
		futex(&run->finished, FUTEX_WAKE, 1, NULL);
	return NULL;
}

LB_NORETURN static void watchdog_fire(struct lb_run *run, double stuck_s)
{
	const struct lb_point *p = run->p;
	char word[256] = "(the lock has no describe hook)";
	char ratio[32];
	unsigned waiting = 0;
	uint64_t done;

	if (p->ops->describe)
		p->ops->describe(run->lock, word, sizeof(word));
	lb_err("watchdog: point %s/%s threads=%u load=%llu made no progress for %.1f s "
	       "(--timeout=%g); lock word: %s", p->ops->name, lb_ratio_str(&p->ratio, ratio,
	       sizeof(ratio)), p->nthreads, (unsigned long long)p->load_arg, stuck_s, p->timeout,
	       word);
	for (unsigned i = 0; i < p->nthreads; i++) {
		struct lb_worker *w = run->workers[i];

		if (!w || lb_load_acquire(&w->done))
			continue;
		waiting++;
		done = lb_load_relaxed(&w->ops);
		/* the loop counts an operation when its unlock returned: the thread is inside the next */
		if (p->duration > 0)
			fprintf(stderr, "lockbench: watchdog:   thread %u (cpu %d): waiting in operation "
				"%llu (lock, critical section or unlock), %llu done\n", i, w->tctx.cpu,
				(unsigned long long)done + 1, (unsigned long long)done);
		else
			fprintf(stderr, "lockbench: watchdog:   thread %u (cpu %d): waiting in operation "
				"%llu (lock, critical section or unlock), %llu of %llu done\n", i,
				w->tctx.cpu, (unsigned long long)done + 1, (unsigned long long)done,
				(unsigned long long)p->nops);
	}
	fprintf(stderr, "lockbench: watchdog: %u of %u threads not finished%s; stopping\n", waiting,
		p->nthreads, lb_load_relaxed(&run->stop) ? " although told to stop" : "");
	lb_exit(LB_EXIT_WATCHDOG);
}

/*
 * The populations thread @tid acquires for, and how many times it did so far
 * (@ops done): reader and writer roles count their successes; a thread of
 * the plain loop follows its deterministic interleave, so its reads are
 * lb_expected_reads() of its operations.
 */
static void thread_populations(const struct lb_run *run, unsigned tid, uint64_t ops, bool member[2],
			       uint64_t count[2])
{
	const struct lb_point *p = run->p;
	enum lb_role_kind k = p->roles ? p->roles[tid].kind : LB_ROLE_MIX;
	const struct lb_ratio *ratio = lb_thread_ratio(p, tid);

	member[0] = member[1] = false;
	count[0] = count[1] = 0;
	if (k == LB_ROLE_READER || k == LB_ROLE_TRYLOCK_READER) {
		member[0] = true;
		count[0] = ops;
	} else if (k == LB_ROLE_WRITER || k == LB_ROLE_TRYLOCK_WRITER) {
		member[1] = true;
		count[1] = ops;
	} else if (k == LB_ROLE_MIX) {
		bool rw = p->ops->kind == LB_LOCK_RW;

		member[0] = rw && ratio->r > 0;
		member[1] = !rw || ratio->w > 0;
		count[0] = member[0] ? lb_expected_reads(ratio, tid, ops) : 0;
		count[1] = ops - count[0];
	}
}

/*
 * One progress sample of the starvation watch: a population whose count has
 * not changed since an earlier sample, while some of its threads still run,
 * has made no acquisition for at least the time between the two samples
 * (a lower bound: a late wake-up of this thread cannot make a false gap).
 */
static void starve_sample(struct lb_run *run, uint64_t now)
{
	uint64_t total[2] = { 0, 0 };
	bool active[2] = { false, false };

	for (unsigned i = 0; i < run->p->nthreads; i++) {
		struct lb_worker *w = run->workers[i];
		bool member[2];
		uint64_t count[2];
		bool done;

		if (!w)
			continue;
		done = lb_load_acquire(&w->done);
		thread_populations(run, i, lb_load_relaxed(&w->ops), member, count);
		for (unsigned k = 0; k < 2; k++) {
			total[k] += count[k];
			active[k] |= member[k] && !done;
		}
	}
	for (unsigned k = 0; k < 2; k++) {
		struct lb_starve *st = &run->starve[k];

		if (!st->exists)
			continue;
		if (total[k] != st->count || !active[k]) {
			st->count = total[k];
			st->since = now;
		} else if (now - st->since > st->gap) {
			st->gap = now - st->since;
		}
	}
}

/* The window: a tenth of a fixed-time point, at least 100 ms (fixed work: 100 ms). */
static uint64_t starve_window_ns(const struct lb_point *p)
{
	uint64_t w = p->duration > 0 ? (uint64_t)(p->duration * 1e8) : 0;

	return w > 100000000 ? w : 100000000;
}

static void starve_start(struct lb_run *run, uint64_t now)
{
	run->starve_window = starve_window_ns(run->p);
	for (unsigned i = 0; i < run->p->nthreads; i++) {
		bool member[2];
		uint64_t count[2];

		thread_populations(run, i, 0, member, count);
		run->starve[0].exists |= member[0];
		run->starve[1].exists |= member[1];
	}
	run->starve[0].since = run->starve[1].since = now;
}

/* Sleep until all threads finished, stopping them at the deadline (fixed time). */
static void wait_finish(struct lb_run *run)
{
	const struct lb_point *p = run->p;
	uint64_t deadline = p->duration > 0 ? lb_now_ns() + (uint64_t)(p->duration * 1e9) : 0;
	uint64_t last_progress = lb_now_ns(), last_ops = 0;

	starve_start(run, last_progress);
	for (;;) {
		uint32_t f = lb_load_acquire(&run->finished);
		uint64_t now = lb_now_ns(), wait_ns = run->starve_window / 5, total = 0;
		struct timespec ts;

		if (wait_ns > 100000000)
			wait_ns = 100000000;
		if (!lb_load_relaxed(&run->stop))
			starve_sample(run, now);	/* until the deadline: then threads just stop */
		if (f == p->nthreads)
			return;
		if (deadline && !lb_load_relaxed(&run->stop)) {
			if (now >= deadline) {
				lb_store_relaxed(&run->stop, 1);
				last_progress = now;
			} else if (deadline - now < wait_ns) {
				wait_ns = deadline - now;
			}
		}
		for (unsigned i = 0; i < p->nthreads; i++)
			if (run->workers[i])
				total += lb_load_relaxed(&run->workers[i]->ops);
		if (total != last_ops) {
			last_ops = total;
			last_progress = now;
		} else if (p->timeout > 0 && (double)(now - last_progress) / 1e9 >= p->timeout) {
			watchdog_fire(run, (double)(now - last_progress) / 1e9);
		}
		ts.tv_sec = (time_t)(wait_ns / 1000000000);
		ts.tv_nsec = (long)(wait_ns % 1000000000);
		futex(&run->finished, FUTEX_WAIT, f, &ts);
	}
}

/* Per population (role) min, mean and max operations per thread, in first-seen order. */
static void role_results(struct lb_result *r)
{
	for (unsigned t = 0; t < r->point.nthreads; t++) {
		const struct lb_thread_result *tr = &r->threads[t];
		struct lb_role_result *rr = NULL;

		for (unsigned k = 0; k < r->nroles; k++)
			if (strcmp(r->roles[k].role, tr->role) == 0)
				rr = &r->roles[k];
		if (!rr) {
			if (r->nroles == LB_MAX_ROLES)
				continue;
			rr = &r->roles[r->nroles++];
			rr->role = tr->role;
			rr->ops_min = UINT64_MAX;
		}
		rr->ops_mean = (rr->ops_mean * rr->threads + (double)tr->ops) / (rr->threads + 1);
		rr->threads++;
		if (tr->ops < rr->ops_min)
			rr->ops_min = tr->ops;
		if (tr->ops > rr->ops_max)
			rr->ops_max = tr->ops;
	}
}

const struct lb_role_result *lb_result_role(const struct lb_result *r, const char *role)
{
	for (unsigned k = 0; k < r->nroles; k++)
		if (strcmp(r->roles[k].role, role) == 0)
			return &r->roles[k];
	return NULL;
}

void lb_result_free(struct lb_result *r)
{
	free(r->threads);
	r->threads = NULL;
	free(r->irq_cpus);
	r->irq_cpus = NULL;
	lb_trace_vals_free(r->trace);
	r->trace = NULL;
}

/* --latency: each thread's figures, and the point's over all threads */
static int latency_results(struct lb_run *run, struct lb_result *r)
{
	const struct lb_point *p = run->p;
	double calib = lb_clock.read_cycles_avg;
	struct lb_hist *all = NULL, *rd = NULL, *wr = NULL, *one = NULL;
	bool any = false;
	int rc = 0;

	if (posix_memalign((void **)&all, LB_CACHELINE, sizeof(*all)) ||
	    posix_memalign((void **)&rd, LB_CACHELINE, sizeof(*rd)) ||
	    posix_memalign((void **)&wr, LB_CACHELINE, sizeof(*wr)) ||
	    posix_memalign((void **)&one, LB_CACHELINE, sizeof(*one))) {
		lb_err("out of memory for the latency figures");
		rc = LB_EXIT_RUNTIME;
		goto out;
	}
	lb_hist_init(all);
	lb_hist_init(rd);
	lb_hist_init(wr);
	for (unsigned i = 0; i < p->nthreads; i++) {
		struct lb_worker *w = run->workers[i];
		struct lb_thread_result *tr = &r->threads[i];

		if (w->hist_r) {
			lb_hist_init(one);
			lb_hist_merge(one, w->hist_r);
			lb_hist_merge(one, w->hist_w);
			lb_lat_summarize(one, calib, &tr->lat);
			lb_lat_summarize(w->hist_r, calib, &tr->lat_r);
			lb_lat_summarize(w->hist_w, calib, &tr->lat_w);
			lb_hist_merge(rd, w->hist_r);
			lb_hist_merge(wr, w->hist_w);
			any = true;
		}
		if (w->rt) {
			lb_role_thread_result(w->rt, tr);
			lb_role_thread_hists(w->rt, rd, wr);
			any = true;
		}
	}
	if (any) {
		lb_hist_merge(all, rd);
		lb_hist_merge(all, wr);
		lb_lat_summarize(all, calib, &r->lat);
		lb_lat_summarize(rd, calib, &r->lat_r);
		lb_lat_summarize(wr, calib, &r->lat_w);
	}
out:
	free(all);
	free(rd);
	free(wr);
	free(one);
	return rc;
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

int lb_run_point(const struct lb_point *p, struct lb_result *r)
{
	const struct lb_lock_ops *ops = p->ops;
	size_t lsize = round_up(ops->lock_size, LB_CACHELINE) + LB_CACHELINE;
	struct lb_lock_cfg cfg = {
		.nthreads = p->nthreads,
		.ndomains = p->ndomains ? p->ndomains : 1,
		.opts = p->lockopts,
		.tsc_per_ns = lb_clock.tsc_per_ns,
		.pause_ns = lb_clock.pause_ns,
	};
	struct lb_run *run = NULL;
	struct worker_arg *args = NULL;
	pthread_t *tids = NULL;
	unsigned created = 0, ntakers = 0;
	uint64_t t_create, t_last_end = 0, t_joined;
	bool traced = false;
	int rc = 0, err;

	memset(r, 0, sizeof(*r));
	r->point = *p;
	if (posix_memalign((void **)&run, LB_CACHELINE, sizeof(*run)))
		run = NULL;
	if (run) {
		memset(run, 0, sizeof(*run));
		if (posix_memalign((void **)&run->v, LB_CACHELINE, sizeof(*run->v)))
			run->v = NULL;
	}
	args = calloc(p->nthreads, sizeof(*args));
	tids = calloc(p->nthreads, sizeof(*tids));
	r->threads = calloc(p->nthreads, sizeof(*r->threads));
	if (run && run->v) {
		memset(run->v, 0, sizeof(*run->v));
		run->tctxs = calloc(p->nthreads, sizeof(*run->tctxs));
		run->privs = calloc(p->nthreads, sizeof(*run->privs));
		run->workers = calloc(p->nthreads, sizeof(*run->workers));
	}
	if (!run || !run->v || !args || !tids || !r->threads || !run->tctxs || !run->privs ||
	    !run->workers) {
		lb_err("out of memory for a point of %u threads", p->nthreads);
		rc = LB_EXIT_RUNTIME;
		goto out;
	}
	run->p = p;
	run->ops = ops;

	if (p->lock_node >= 0)
		run->lock = lb_topo_alloc_onnode(lsize, p->lock_node);
	else if (posix_memalign(&run->lock, LB_CACHELINE, lsize))
		run->lock = NULL;
	if (!run->lock) {
		lb_err("out of memory for the lock (%zu bytes)", lsize);
		rc = LB_EXIT_RUNTIME;
		goto out;
	}
	if (p->lock_node < 0)
		memset(run->lock, 0, lsize);
	err = ops->init(run->lock, &cfg);
	if (err) {
		lb_err("lock %s: init failed: %s", ops->name, strerror(-err));
		rc = LB_EXIT_RUNTIME;
		goto out_lock;
	}
	if (p->roles) {
		err = lb_role_point_init(p, run->lock, &run->stop, &run->rp);
		if (err) {
			lb_err("lock %s: cannot set up the thread roles: %s", ops->name,
			       strerror(-err));
			rc = LB_EXIT_RUNTIME;
			goto out_fini;
		}
	}

	t_create = lb_cycles_fenced();
	for (unsigned i = 0; i < p->nthreads; i++) {
		pthread_attr_t attr;

		args[i].run = run;
		args[i].tid = i;
		pthread_attr_init(&attr);
		pthread_attr_setstacksize(&attr, 256 * 1024);
		if (p->pin) {
			err = lb_topo_attr_affinity(&attr, &p->pus[i % p->npus]);
			if (err) {
				pthread_attr_destroy(&attr);
				lb_err("cannot set the CPU of thread %u: %s", i, strerror(-err));
				rc = LB_EXIT_RUNTIME;
				break;
			}
		}
		err = pthread_create(&tids[i], &attr, worker_main, &args[i]);
		pthread_attr_destroy(&attr);
		if (err) {
			lb_err("cannot create thread %u of %u: %s", i, p->nthreads, strerror(err));
			rc = LB_EXIT_RUNTIME;
			break;
		}
		created++;
	}
	/* wait for the arrivals (acquire: pairs with each worker's release add) */
	while (lb_load_acquire(&run->arrived) != created)
		sched_yield();
	if (rc || run->init_error) {
		if (!rc) {
			lb_err("lock %s: a thread could not start: %s", ops->name,
			       strerror(-run->init_error));
			rc = LB_EXIT_RUNTIME;
		}
		lb_store_relaxed(&run->stop, 1);
	}
	/* --trace: record the workers from here on (outside the loop: no system call in it) */
	if (!rc && p->trace) {
		rc = trace_start(run);
		if (rc)
			lb_store_relaxed(&run->stop, 1);
		else
			traced = true;
	}
	run->t_start = lb_cycles_fenced();
	r->setup_ms = lb_cycles_to_ns(run->t_start - t_create) / 1e6;
	/* release: the start time and stop are visible before anyone runs */
	lb_store_release(&run->go, 1);

	if (!rc)
		wait_finish(run);
	if (traced)
		lb_trace_point_stop(p->trace);
	for (unsigned i = 0; i < created; i++)
		pthread_join(tids[i], NULL);
	t_joined = lb_cycles_fenced();
	if (!rc && traced)
		rc = lb_trace_point_collect(p->trace, &r->trace);
	if (rc)
		goto out_threads;

	r->ops_min = UINT64_MAX;
	for (unsigned i = 0; i < p->nthreads; i++) {
		struct lb_worker *w = run->workers[i];
		struct lb_thread_result *tr = &r->threads[i];
		/* an interrupt reader thread takes no lock: its progress counts rounds */
		bool taker = !(p->roles && lb_role_is_irq(p->roles[i].kind));
		uint64_t ops_i = taker ? w->ops : 0;

		tr->role = p->thread_role ? p->thread_role[i] : NULL;
		tr->ops = ops_i;
		tr->reads = w->reads;
		tr->writes = w->writes;
		tr->cpu_os = w->tctx.cpu;
		tr->cpu_seen = w->cpu_seen;
		tr->finish_ms = lb_cycles_to_ns(w->t_end - run->t_start) / 1e6;
		memcpy(tr->ctr, w->ctr, sizeof(tr->ctr));
		if (p->perf) {
			tr->perf = w->perf_vals;
			if (i == 0)
				r->perf = w->perf_vals;
			else
				lb_perf_sum(&r->perf, &w->perf_vals);
		}
		if (w->t_end > t_last_end)
			t_last_end = w->t_end;
		for (unsigned k = 0; k < LB_LOCK_MAX_COUNTERS; k++)
			if (ops->counters_max & (1u << k))	/* a longest run: the largest thread's */
				r->ctr_total[k] = w->ctr[k] > r->ctr_total[k] ? w->ctr[k] : r->ctr_total[k];
			else
				r->ctr_total[k] += w->ctr[k];
		if (!taker)
			continue;
		ntakers++;
		r->ops_total += ops_i;
		r->reads += w->reads;
		r->writes += w->writes;
		r->ops_min = ops_i < r->ops_min ? ops_i : r->ops_min;
		r->ops_max = ops_i > r->ops_max ? ops_i : r->ops_max;
	}
	if (!ntakers)
		r->ops_min = 0;
	while (ops->counters && ops->counters[r->nctr])
		r->nctr++;
	r->ops_mean = ntakers ? (double)r->ops_total / ntakers : 0;
	if (p->thread_role)
		role_results(r);
	r->exec_ms = lb_cycles_to_ns(t_last_end - run->t_start) / 1e6;
	r->ops_per_s = r->exec_ms > 0 ? (double)r->ops_total / (r->exec_ms / 1e3) : 0;
	r->teardown_ms = lb_cycles_to_ns(t_joined - t_last_end) / 1e6;

	/* fairness: the starvation watch (wait_finish) */
	r->starve_window_ms = (double)run->starve_window / 1e6;
	r->has_readers = run->starve[0].exists;
	r->has_writers = run->starve[1].exists;
	r->gap_read_ms = (double)run->starve[0].gap / 1e6;
	r->gap_write_ms = (double)run->starve[1].gap / 1e6;
	r->starved_readers = r->has_readers && run->starve[0].gap >= run->starve_window;
	r->starved_writers = r->has_writers && run->starve[1].gap >= run->starve_window;
	if (p->latency || p->roles)
		rc = latency_results(run, r);
	if (!rc && run->rp) {
		struct lb_role_thread **rts = calloc(p->nthreads, sizeof(*rts));

		for (unsigned i = 0; rts && i < p->nthreads; i++)
			rts[i] = run->workers[i]->rt;
		rc = rts ? lb_role_point_result(run->rp, rts, r) : LB_EXIT_RUNTIME;
		free(rts);
	}

	if (p->validate) {
		char ratio[32];

		if (run->v->violation) {
			lb_err("validation failed: lock %s, ratio %s, %u threads: %s", ops->name,
			       lb_ratio_str(&p->ratio, ratio, sizeof(ratio)), p->nthreads, run->v->what);
			rc = LB_EXIT_VALIDATE;
		}
		/* the harness's own invariants, which hold for every lock, null included */
		for (unsigned i = 0; !rc && i < p->nthreads; i++) {
			struct lb_thread_result *tr = &r->threads[i];
			uint64_t want = ops->kind == LB_LOCK_RW ?
					lb_expected_reads(lb_thread_ratio(p, i), i, tr->ops) : 0;

			if (tr->reads + tr->writes != tr->ops || tr->reads != want ||
			    (p->duration <= 0 && tr->ops != lb_thread_nops(p, i))) {
				lb_err("validation failed: harness: thread %u did %llu ops = %llu reads + "
				       "%llu writes, expected %llu reads", i,
				       (unsigned long long)tr->ops, (unsigned long long)tr->reads,
				       (unsigned long long)tr->writes, (unsigned long long)want);
				rc = LB_EXIT_VALIDATE;
			}
		}
	}

out_threads:
	for (unsigned i = 0; i < p->nthreads; i++) {
		if (run->workers[i] && ops->thread_fini)
			ops->thread_fini(run->lock, &run->workers[i]->tctx);
		if (run->workers[i]) {
			free(run->workers[i]->hist_r);
			free(run->workers[i]->hist_w);
			lb_role_thread_free(run->workers[i]->rt);
		}
		free(run->workers[i]);
	}
	lb_role_point_fini(run->rp);
out_fini:
	if (ops->fini)
		ops->fini(run->lock);
out_lock:
	if (p->lock_node >= 0)
		lb_topo_free_onnode(run->lock, lsize);
	else
		free(run->lock);
out:
	if (run) {
		free(run->tctxs);
		free(run->privs);
		free(run->workers);
		free(run->v);
	}
	free(run);
	free(args);
	free(tids);
	if (rc)
		lb_result_free(r);
	return rc;
}

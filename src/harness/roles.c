// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * roles.c - the role loops of Desnoyers 2008's test, and its interrupt readers
 *
 * See roles.h for what each thread type does. Everything a loop touches is
 * allocated before the start barrier by the thread itself (after pinning):
 * its histograms and counters. The interrupt reader threads are the only
 * ones that make system calls (clock_nanosleep between rounds,
 * pthread_kill to send the interrupts); they take no lock.
 *
 * Interrupt delivery: a handler finds its worker through a thread-local
 * pointer. If the worker has masked interrupts (struct lb_irq depth > 0:
 * it is inside a write-side acquisition or critical section, where the
 * kernel's writer has interrupts off) the interrupt is left pending, and
 * lb_local_irq_enable() replays it when the mask drops: the cost of
 * masking is an increment, not a sigprocmask(2), which would add a system
 * call to every write-side acquisition. Both interrupt signals
 * are blocked while either handler runs, so interrupts do not nest, as
 * hard interrupts on one CPU do not.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/clock.h"
#include "harness/point.h"
#include "measure/hist.h"
#include "base/lb-atomic.h"
#include "base/log.h"
#include "harness/loop.h"
#include "harness/roles.h"

#define LB_ROLE_NVARS 100	/* Desnoyers 2008's NR_VARS: the array the lock protects */

static const char *const role_names[LB_ROLE_NKINDS] = {
	[LB_ROLE_MIX] = "mix_thread",
	[LB_ROLE_READER] = "reader_thread",
	[LB_ROLE_WRITER] = "writer_thread",
	[LB_ROLE_TRYLOCK_READER] = "trylock_reader_thread",
	[LB_ROLE_TRYLOCK_WRITER] = "trylock_writer_thread",
	[LB_ROLE_IRQ_READER] = "interrupt_reader_thread",
	[LB_ROLE_TRYLOCK_IRQ_READER] = "trylock_interrupt_reader_thread",
};

const char *lb_role_name(enum lb_role_kind k)
{
	return k < LB_ROLE_NKINDS ? role_names[k] : "?";
}

int lb_role_check(const struct lb_lock_ops *o, enum lb_role_kind k, char *why, size_t len)
{
	bool rw = o->kind == LB_LOCK_RW;
	bool sigsafe = (o->flags & LB_LOCK_F_SIGSAFE_READ) != 0;

	switch (k) {
	case LB_ROLE_READER:
		if (!rw)
			return lb_why(why, len, "%s is not a reader-writer lock", o->name);
		break;
	case LB_ROLE_TRYLOCK_READER:
		if (!rw || !o->read_trylock)
			return lb_why(why, len, "%s has no read_trylock", o->name);
		break;
	case LB_ROLE_TRYLOCK_WRITER:
		if (!o->trylock && !o->write_trylock_subscribed)
			return lb_why(why, len, "%s has no write trylock", o->name);
		break;
	case LB_ROLE_IRQ_READER:
		if (!rw || !sigsafe)
			return lb_why(why, len, "the read side of %s is not async-signal-safe "
				      "(it may sleep or deadlock in a signal handler)", o->name);
		break;
	case LB_ROLE_TRYLOCK_IRQ_READER:
		if (!rw || !o->read_trylock)
			return lb_why(why, len, "%s has no read_trylock", o->name);
		if (!sigsafe)
			return lb_why(why, len, "the read side of %s is not async-signal-safe "
				      "(it may sleep or deadlock in a signal handler)", o->name);
		break;
	default:
		break;
	}
	return 0;
}

/* One worker's role state; the handler's part is only touched on its own thread. */
struct lb_role_thread {
	struct lb_role_point *rp;
	const struct lb_role *role;
	unsigned tid;
	int cpu;				/* OS CPU it is pinned to, -1 if none */
	pthread_t self;
	struct lb_tctx *t;			/* the worker's context */
	uint64_t *progress;
	uint64_t tries, successes;
	struct lb_hist *hist;			/* its own acquisitions, when timed */
	/* interrupt readers running on this worker */
	struct lb_irq irq;
	struct lb_tctx itctx;			/* the handler's context: LB_CTX_HARDIRQ */
	uint64_t ictr[LB_LOCK_MAX_COUNTERS];	/* the lock's counters, in the handler */
	struct lb_hist *ihist;			/* read_lock in the handler */
	uint64_t itries, iok;			/* read_trylock in the handler */
};

struct lb_role_point {
	const struct lb_point *p;
	const struct lb_lock_ops *ops;
	void *lock;
	const uint32_t *stop;
	bool noexcl;				/* null: the array check cannot hold */
	bool mask_writes;			/* the harness masks interrupts around writes */
	bool irq;				/* the point has interrupt readers */
	int sig[2];				/* read_lock and read_trylock interrupts */
	struct sigaction old[2];
	bool installed;
	struct lb_role_thread **threads;	/* by tid, published before the barrier */
	/* interrupt targets: for each CPU of the placement, the workers pinned there */
	unsigned ncpus;
	unsigned *cpu_first, *cpu_count;	/* into targets[] */
	unsigned *targets;			/* tids */
	uint64_t torn;				/* reads that saw the array half written */
	volatile int32_t data[LB_ROLE_NVARS] LB_ALIGNED;
};

static __thread struct lb_role_thread *lb_self;	/* the worker a handler runs on */

/* The critical sections of Desnoyers 2008: store one value in all, or check all equal. */
static LB_ALWAYS_INLINE void write_cs(struct lb_role_point *rp, uint64_t load)
{
	int32_t v = (int32_t)lb_cycles();

	for (unsigned i = 0; i < LB_ROLE_NVARS; i++)
		rp->data[i] = v;
	lb_pause_n(load);
}

static LB_ALWAYS_INLINE void read_cs(struct lb_role_point *rp, uint64_t load)
{
	int32_t first = rp->data[0];
	bool torn = false;

	for (unsigned i = 1; i < LB_ROLE_NVARS; i++)
		torn |= rp->data[i] != first;
	if (lb_unlikely(torn) && !rp->noexcl)
		lb_fetch_add_relaxed(&rp->torn, 1);
	lb_pause_n(load);
}

/* Busy-wait @ns (Desnoyers 2008's udelay), or until the stop flag. */
static void spin_ns(const uint32_t *stop, uint64_t ns)
{
	uint64_t end;

	if (!ns)
		return;
	end = lb_cycles() + (uint64_t)((double)ns * lb_clock.tsc_per_ns);
	while (lb_cycles() < end && !lb_load_relaxed(stop))
		lb_cpu_relax();
}

/* --- interrupt readers ------------------------------------------------- */

static void irq_read(struct lb_role_thread *rt)
{
	struct lb_role_point *rp = rt->rp;
	uint64_t t0, t1;

	t0 = lb_cycles_fenced();
	rp->ops->read_lock(rp->lock, &rt->itctx);
	t1 = lb_cycles_fenced();
	lb_hist_add(rt->ihist, t1 - t0);
	read_cs(rp, 0);
	rp->ops->read_unlock(rp->lock, &rt->itctx);
}

/*
 * A trylock interrupt reader gives up after LB_IRQ_TRYLOCK_TRIES failed
 * attempts: a handler must not spin on a lock a waiting writer keeps it out
 * of, since the thread it interrupted may be the very reader that writer
 * waits for (qrwlock's read_trylock fails while a writer waits). The posting's
 * per-CPU lines report attempts and successes the same way.
 */
#define LB_IRQ_TRYLOCK_TRIES 100

static void irq_tryread(struct lb_role_thread *rt)
{
	struct lb_role_point *rp = rt->rp;
	unsigned n = 1;

	rt->itries++;
	while (!rp->ops->read_trylock(rp->lock, &rt->itctx)) {
		if (n++ == LB_IRQ_TRYLOCK_TRIES)
			return;
		rt->itries++;
		lb_cpu_relax();
	}
	rt->iok++;
	read_cs(rp, 0);
	rp->ops->read_unlock(rp->lock, &rt->itctx);
}

static void irq_run(struct lb_role_thread *rt, unsigned which)
{
	if (which == 0)
		irq_read(rt);
	else
		irq_tryread(rt);
}

static void irq_handler(int sig)
{
	struct lb_role_thread *rt = lb_self;
	int saved = errno;
	unsigned which;

	if (!rt || !rt->ihist)
		return;
	which = sig == rt->rp->sig[0] ? 0 : 1;
	if (lb_irq_masked(&rt->irq, LB_CTX_HARDIRQ))
		rt->irq.pending |= 1u << which;	/* masked: lb_local_irq_enable() runs it */
	else
		irq_run(rt, which);
	errno = saved;
}

/* struct lb_irq.replay of a worker: run the interrupts left pending while it was masked */
static void roles_irq_replay(struct lb_tctx *t)
{
	struct lb_role_thread *rt = (struct lb_role_thread *)((char *)t->irq -
							      offsetof(struct lb_role_thread, irq));
	uint32_t bits;

	/*
	 * Run the pending interrupts masked, as a handler runs with its signals
	 * blocked; one that arrives meanwhile is added to pending and run by
	 * the next turn.
	 */
	do {
		rt->irq.depth = 1;
		lb_barrier();
		while ((bits = lb_xchg_relaxed(&rt->irq.pending, 0)) != 0) {
			if (bits & 1)
				irq_run(rt, 0);
			if (bits & 2)
				irq_run(rt, 1);
		}
		lb_barrier();
		rt->irq.depth = 0;
		lb_barrier();
	} while (rt->irq.pending);
}

static void irq_sleep_until(const struct lb_role_point *rp, uint64_t deadline_ns)
{
	for (;;) {
		uint64_t now = lb_now_ns(), slice;
		struct timespec ts;

		if (now >= deadline_ns || lb_load_relaxed(rp->stop))
			return;
		/* 10 ms slices: the stop flag is a plain word, nobody wakes us */
		slice = deadline_ns - now < 10000000 ? deadline_ns - now : 10000000;
		ts.tv_sec = 0;
		ts.tv_nsec = (long)slice;
		nanosleep(&ts, NULL);
	}
}

/* An interrupt reader thread: Desnoyers 2008's on_each_cpu() every period. */
static void irq_source(struct lb_role_thread *rt)
{
	struct lb_role_point *rp = rt->rp;
	int sig = rp->sig[rt->role->kind == LB_ROLE_IRQ_READER ? 0 : 1];
	struct sched_param sp = { .sched_priority = 1 };
	uint64_t next = lb_now_ns(), rounds = 0;

	/* a high-priority thread where allowed (root or CAP_SYS_NICE); ordinary otherwise */
	pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
	while (!lb_load_relaxed(rp->stop)) {
		rounds++;
		for (unsigned c = 0; c < rp->ncpus; c++) {
			unsigned n = rp->cpu_count[c];

			if (n)
				pthread_kill(rp->threads[rp->targets[rp->cpu_first[c] +
								      (rounds - 1) % n]]->self, sig);
		}
		/* no progress counted: the watchdog watches the threads that take the lock */
		next += rt->role->period_ns;
		irq_sleep_until(rp, next);
	}
	rt->tries = rt->successes = rounds;
}

/* --- the thread loops ------------------------------------------------------ */

static void run_reader(struct lb_role_thread *rt)
{
	struct lb_role_point *rp = rt->rp;
	const struct lb_lock_ops *ops = rp->ops;
	void *lock = rp->lock;
	struct lb_tctx *t = rt->t;
	const uint64_t load = rp->p->load;
	const uint32_t every = rp->p->lat_every ? rp->p->lat_every : 1;
	uint32_t countdown = 1;
	uint64_t n = 0;

	while (!lb_load_relaxed(rp->stop)) {
		lb_timed_acquire(ops->read_lock, lock, t, true, rt->hist, &countdown, every);
		read_cs(rp, load);
		ops->read_unlock(lock, t);
		lb_store_relaxed(rt->progress, ++n);
	}
	rt->tries = rt->successes = n;
}

static void run_writer(struct lb_role_thread *rt)
{
	struct lb_role_point *rp = rt->rp;
	const struct lb_lock_ops *ops = rp->ops;
	void *lock = rp->lock;
	struct lb_tctx *t = rt->t;
	const uint64_t load = rp->p->load, period = rt->role->period_ns;
	const uint32_t every = rp->p->lat_every ? rp->p->lat_every : 1;
	const bool mask = rp->mask_writes;
	uint32_t countdown = 1;
	uint64_t n = 0;

	while (!lb_load_relaxed(rp->stop)) {
		if (mask)
			lb_local_irq_disable(t);	/* write_lock_irq() */
		lb_timed_acquire(ops->lock, lock, t, true, rt->hist, &countdown, every);
		write_cs(rp, load);
		ops->unlock(lock, t);
		if (mask)
			lb_local_irq_enable(t);
		lb_store_relaxed(rt->progress, ++n);
		spin_ns(rp->stop, period);
	}
	rt->tries = rt->successes = n;
}

static void run_trylock_reader(struct lb_role_thread *rt)
{
	struct lb_role_point *rp = rt->rp;
	const struct lb_lock_ops *ops = rp->ops;
	void *lock = rp->lock;
	struct lb_tctx *t = rt->t;
	const uint64_t load = rp->p->load;
	uint64_t tries = 0, ok = 0;

	while (!lb_load_relaxed(rp->stop)) {
		tries++;
		if (!ops->read_trylock(lock, t)) {
			lb_cpu_relax();
			continue;
		}
		read_cs(rp, load);
		ops->read_unlock(lock, t);
		lb_store_relaxed(rt->progress, ++ok);
	}
	rt->tries = tries;
	rt->successes = ok;
}

/*
 * A trylock writer (Desnoyers 2008 and its Aug 18 successor): subscribe where the
 * lock can, then up to `tries` attempts; a writer that gives up
 * unsubscribes. Without subscription, plain trylock attempts. Then the
 * period, whether it got the lock or not.
 */
static void run_trylock_writer(struct lb_role_thread *rt)
{
	struct lb_role_point *rp = rt->rp;
	const struct lb_lock_ops *ops = rp->ops;
	void *lock = rp->lock;
	struct lb_tctx *t = rt->t;
	const uint64_t load = rp->p->load, period = rt->role->period_ns;
	const uint32_t max_tries = rt->role->tries;
	const bool subscribe = ops->write_subscribe != NULL;
	const bool mask = rp->mask_writes;
	uint64_t tries = 0, ok = 0;

	while (!lb_load_relaxed(rp->stop)) {
		bool got = false;

		if (mask)
			lb_local_irq_disable(t);
		if (subscribe)
			ops->write_subscribe(lock, t);
		for (uint32_t i = 0; !max_tries || i < max_tries; i++) {
			tries++;
			got = subscribe ? ops->write_trylock_subscribed(lock, t) : ops->trylock(lock, t);
			if (got || lb_load_relaxed(rp->stop))
				break;
			lb_cpu_relax();
		}
		if (got) {
			write_cs(rp, load);
			ops->unlock(lock, t);
			lb_store_relaxed(rt->progress, ++ok);
		} else if (subscribe) {
			ops->write_unsubscribe(lock, t);
		}
		if (mask)
			lb_local_irq_enable(t);
		spin_ns(rp->stop, period);
	}
	rt->tries = tries;
	rt->successes = ok;
}

bool lb_role_run(struct lb_role_thread *rt)
{
	switch (rt->role->kind) {
	case LB_ROLE_READER:
		run_reader(rt);
		break;
	case LB_ROLE_WRITER:
		run_writer(rt);
		break;
	case LB_ROLE_TRYLOCK_READER:
		run_trylock_reader(rt);
		break;
	case LB_ROLE_TRYLOCK_WRITER:
		run_trylock_writer(rt);
		break;
	case LB_ROLE_IRQ_READER:
	case LB_ROLE_TRYLOCK_IRQ_READER:
		irq_source(rt);
		break;
	default:
		return false;	/* LB_ROLE_MIX: the plain loop */
	}
	return true;
}

/* --- set-up and results --------------------------------------------------- */

int lb_role_point_init(const struct lb_point *p, void *lock, const uint32_t *stop,
		       struct lb_role_point **out)
{
	struct lb_role_point *rp;
	unsigned k = 0;

	*out = NULL;
	if (posix_memalign((void **)&rp, LB_CACHELINE, sizeof(*rp)))
		return -ENOMEM;
	memset(rp, 0, sizeof(*rp));
	rp->p = p;
	rp->ops = p->ops;
	rp->lock = lock;
	rp->stop = stop;
	rp->noexcl = (p->ops->flags & LB_LOCK_F_NOEXCL) != 0;
	rp->threads = calloc(p->nthreads, sizeof(*rp->threads));
	if (!rp->threads)
		goto nomem;
	for (unsigned i = 0; p->roles && i < p->nthreads; i++)
		rp->irq |= lb_role_is_irq(p->roles[i].kind);
	rp->mask_writes = rp->irq && !(p->ops->flags & LB_LOCK_F_IRQ_WRITE);
	if (rp->irq) {
		struct sigaction sa;

		/* targets: the lock-taking workers of each CPU of the placement */
		rp->ncpus = p->npus;
		rp->cpu_first = calloc(p->npus, sizeof(unsigned));
		rp->cpu_count = calloc(p->npus, sizeof(unsigned));
		rp->targets = calloc(p->nthreads, sizeof(unsigned));
		if (!rp->cpu_first || !rp->cpu_count || !rp->targets)
			goto nomem;
		for (unsigned c = 0; c < p->npus; c++) {
			rp->cpu_first[c] = k;
			for (unsigned i = c; i < p->nthreads; i += p->npus)
				if (!lb_role_is_irq(p->roles[i].kind))
					rp->targets[k++] = i;
			rp->cpu_count[c] = k - rp->cpu_first[c];
		}
		rp->sig[0] = SIGRTMIN;
		rp->sig[1] = SIGRTMIN + 1;
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = irq_handler;
		sigemptyset(&sa.sa_mask);
		sigaddset(&sa.sa_mask, rp->sig[0]);
		sigaddset(&sa.sa_mask, rp->sig[1]);
		sa.sa_flags = SA_RESTART;
		if (sigaction(rp->sig[0], &sa, &rp->old[0]) ||
		    sigaction(rp->sig[1], &sa, &rp->old[1])) {
			int err = errno;

			sigaction(rp->sig[0], &rp->old[0], NULL);
			lb_role_point_fini(rp);
			return -err;
		}
		rp->installed = true;
	}
	*out = rp;
	return 0;
nomem:
	lb_role_point_fini(rp);
	return -ENOMEM;
}

void lb_role_point_fini(struct lb_role_point *rp)
{
	if (!rp)
		return;
	if (rp->installed) {
		sigaction(rp->sig[0], &rp->old[0], NULL);
		sigaction(rp->sig[1], &rp->old[1], NULL);
	}
	free(rp->threads);
	free(rp->cpu_first);
	free(rp->cpu_count);
	free(rp->targets);
	free(rp);
}

static struct lb_hist *hist_new(void)
{
	struct lb_hist *h;

	if (posix_memalign((void **)&h, LB_CACHELINE, sizeof(*h)))
		return NULL;
	lb_hist_init(h);
	return h;
}

int lb_role_thread_init(struct lb_role_point *rp, unsigned tid, struct lb_tctx *t,
			uint64_t *progress, struct lb_role_thread **out)
{
	const struct lb_point *p = rp->p;
	const struct lb_role *role = &p->roles[tid];
	struct lb_role_thread *rt;

	*out = NULL;
	if (posix_memalign((void **)&rt, LB_CACHELINE, sizeof(*rt)))
		return -ENOMEM;
	memset(rt, 0, sizeof(*rt));
	rt->rp = rp;
	rt->role = role;
	rt->tid = tid;
	rt->cpu = t->cpu;
	rt->self = pthread_self();
	rt->t = t;
	rt->progress = progress;
	if (role->kind == LB_ROLE_READER || role->kind == LB_ROLE_WRITER) {
		rt->hist = hist_new();
		if (!rt->hist)
			goto nomem;
	}
	if (rp->irq && !lb_role_is_irq(role->kind)) {
		/* an interrupt target: its handler context and figures */
		rt->ihist = hist_new();
		if (!rt->ihist)
			goto nomem;
		rt->itctx = *t;
		rt->itctx.context = LB_CTX_HARDIRQ;
		rt->itctx.ctr = rt->ictr;
		rt->itctx.irq = NULL;		/* inside an interrupt, interrupts are off */
		rt->irq.replay = roles_irq_replay;
		t->irq = &rt->irq;
		lb_self = rt;
	}
	rp->threads[tid] = rt;	/* read after the start barrier (its release/acquire) */
	*out = rt;
	return 0;
nomem:
	lb_role_thread_free(rt);
	return -ENOMEM;
}

void lb_role_thread_done(struct lb_role_thread *rt)
{
	sigset_t set;

	if (!rt || !rt->rp->irq)
		return;
	/* interrupts still on their way are dropped with the thread */
	sigemptyset(&set);
	sigaddset(&set, rt->rp->sig[0]);
	sigaddset(&set, rt->rp->sig[1]);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	rt->t->irq = NULL;
	lb_self = NULL;
	/* the handler's event counters belong to the thread */
	for (unsigned k = 0; k < LB_LOCK_MAX_COUNTERS; k++)
		rt->t->ctr[k] += rt->ictr[k];
}

void lb_role_rw(const struct lb_role_thread *rt, uint64_t *reads, uint64_t *writes)
{
	enum lb_role_kind k = rt->role->kind;

	*reads = k == LB_ROLE_READER || k == LB_ROLE_TRYLOCK_READER ? rt->successes : 0;
	*writes = k == LB_ROLE_WRITER || k == LB_ROLE_TRYLOCK_WRITER ? rt->successes : 0;
}

void lb_role_thread_result(const struct lb_role_thread *rt, struct lb_thread_result *tr)
{
	enum lb_role_kind k = rt->role->kind;

	tr->tries = rt->tries;
	tr->successes = rt->successes;
	tr->ops = lb_role_is_irq(k) ? 0 : rt->successes;	/* rounds take no lock */
	lb_role_rw(rt, &tr->reads, &tr->writes);
	if (k == LB_ROLE_MIX)
		return;		/* the harness counted its plain loop */
	if (rt->hist) {
		lb_lat_summarize(rt->hist, lb_clock.read_cycles_avg, &tr->lat);
		if (k == LB_ROLE_READER)
			tr->lat_r = tr->lat;
		else
			tr->lat_w = tr->lat;
	}
}

void lb_role_thread_hists(const struct lb_role_thread *rt, struct lb_hist *reads,
			  struct lb_hist *writes)
{
	if (rt->hist)
		lb_hist_merge(rt->role->kind == LB_ROLE_READER ? reads : writes, rt->hist);
}

void lb_role_thread_free(struct lb_role_thread *rt)
{
	if (!rt)
		return;
	free(rt->hist);
	free(rt->ihist);
	free(rt);
}

int lb_role_point_result(struct lb_role_point *rp, struct lb_role_thread *const *threads,
			 struct lb_result *r)
{
	const struct lb_point *p = rp->p;
	struct lb_hist *h = NULL;

	r->irq_mechanism = "signals";
	r->irq_cpus_total = p->npus;
	if (rp->irq) {
		r->irq_cpus = calloc(rp->ncpus, sizeof(*r->irq_cpus));
		h = hist_new();
		if (!r->irq_cpus || !h) {
			free(h);
			lb_err("out of memory for the interrupt readers' figures");
			return LB_EXIT_RUNTIME;
		}
		for (unsigned c = 0; c < rp->ncpus; c++) {
			struct lb_irq_cpu *ic = &r->irq_cpus[r->nirq_cpus];

			if (!rp->cpu_count[c])
				continue;
			lb_hist_init(h);
			ic->cpu = p->pus[c].pu_os;
			for (unsigned j = 0; j < rp->cpu_count[c]; j++) {
				const struct lb_role_thread *rt = threads[rp->targets[rp->cpu_first[c] + j]];

				if (!rt)
					continue;
				lb_hist_merge(h, rt->ihist);
				ic->tries += rt->itries;
				ic->successes += rt->iok;
			}
			lb_lat_summarize(h, lb_clock.read_cycles_avg, &ic->lat);
			r->nirq_cpus++;
			r->irq_cpus_round++;
		}
		free(h);
	}
	if (rp->torn) {
		lb_err("validation failed: lock %s: %llu reader critical section(s) saw the "
		       "protected array half written: a reader was let in beside a writer",
		       p->ops->name, (unsigned long long)rp->torn);
		return LB_EXIT_VALIDATE;
	}
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * simpoint.c - one point in virtual time (--simulate)
 *
 * The same steps as harness.c's, on the simulator (src/sim/) instead of
 * the CPUs: set-up (setup.c: the run, the lock and its init(), outside the
 * simulation), then every thread of the point is one lb_sim_thread() on
 * the simulated CPU its place gives (thread i on CPU i mod the placement's
 * CPUs), running, as a coroutine of this OS thread:
 *
 *	thread_init()		its accesses charged like the loop's
 *	the start barrier	the last thread to arrive writes go, the others
 *				spin on it (parked until it is written)
 *	the warm-up		fixed time: the measured loop until warm_stop,
 *				which a timer raises a tenth of the point (at
 *				most 10 ms) of virtual time later; the counts
 *				forgotten, a second barrier, whose last thread
 *				is the common start
 *	the measured loop	the lock's own .loop, its copy compiled with
 *				-DLB_SIM (lb_point.sim_ops), built as
 *				harness.c builds it (lb_loop_args())
 *
 * The deadline is a timer at the common start plus the duration, which
 * raises stop as an outside write (every cached copy goes and the parked
 * spinners wake, lb_sim_external_write()). A look every LOOK_NS of virtual
 * time is the watch: Ctrl-C and --point-timeout (real seconds) raise stop,
 * the starvation watch samples, and a point without progress for --timeout
 * virtual (or real) seconds is the watchdog's (exit 4); so is a deadlock, which the
 * simulator reports (every thread left blocked: who waits on what).
 *
 * Each worker's record and private area and the run's state are homed on
 * the NUMA node of the thread's simulated CPU (the lock on --lock-node's,
 * else on thread 0's): a real point's first touch. The thread variables
 * the locks and the checks use (lb_torture_self, lb_slept_cycles) are kept
 * per simulated thread. Times are virtual: the cycle counter is the
 * profile's (lb_clock says the same under --simulate, plan/simulate.c),
 * a thread's CPU time is the time it was its CPU's current thread
 * (lb_sim_oncpu_ns()), and its involuntary switches are its lost slices.
 * The result is a real point's (collect.c, validate.c), marked simulated,
 * with the engine's figures.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/lb-atomic.h"
#include "base/log.h"
#include "base/sim.h"
#include "harness/harness.h"
#include "harness/worker.h"
#include "sim/sim.h"

/* the watch's period, virtual ns */
#define LOOK_NS 100000

struct simrun;

/* what each simulated thread is handed */
struct sim_arg {
	struct simrun *sr;
	unsigned tid;
};

struct simrun {
	struct lb_run *run;
	struct lb_sim *s;
	struct sim_arg *args;
	double ghz;			/* the profile's counter cycles per ns */
	uint64_t duration_ns;		/* fixed time: the point's, virtual */
	uint64_t go_ns;			/* the first barrier's end */
	uint64_t last_ops, last_progress, last_progress_real;
	bool went;			/* the first barrier passed: the watchdog watches */
	bool started;			/* the common start passed */
	uint64_t real_t0;		/* lb_now_ns() at lb_sim_run() */
	char blocked[4096];		/* lb_sim_blocked(), for the watchdog */
};

static uint64_t sim_cycles(const struct simrun *sr)
{
	return (uint64_t)((double)lb_sim_now_ns(sr->s) * sr->ghz);
}

/* a charged write of 1 to a flag the threads spin on (they wake) */
static void flag_write(uint32_t *flag)
{
	lb_sim_access(LB_SIM_WRITE, flag, sizeof(*flag));
	lb_store_relaxed(flag, 1);
}

/* spin until @flag is set: a charged read, parked until the line is written */
static void flag_wait(const uint32_t *flag)
{
	for (;;) {
		lb_sim_access(LB_SIM_READ, flag, sizeof(*flag));
		if (lb_load_relaxed(flag))
			return;
		lb_sim_park(flag, sizeof(*flag));
	}
}

/* a timer raises @flag: an outside write */
static void raise_flag(struct simrun *sr, uint32_t *flag)
{
	lb_store_relaxed(flag, 1);
	lb_sim_external_write(sr->s, flag, sizeof(*flag));
}

static void on_deadline(struct lb_sim *s, void *arg)
{
	struct simrun *sr = arg;

	raise_flag(sr, &sr->run->stop);
}

static void on_warm_end(struct lb_sim *s, void *arg)
{
	struct simrun *sr = arg;

	raise_flag(sr, &sr->run->warm_stop);
}

/* the common start: by the last thread at the barrier, in its coroutine */
static void common_start(struct simrun *sr, uint32_t *flag)
{
	struct lb_run *run = sr->run;

	run->t_start = sim_cycles(sr);
	sr->started = true;
	if (sr->duration_ns)
		lb_sim_at(sr->s, lb_sim_now_ns(sr->s) + sr->duration_ns, on_deadline, sr);
	flag_write(flag);
}

/* the first barrier's end: by the last thread to arrive */
static void first_start(struct simrun *sr)
{
	struct lb_run *run = sr->run;

	sr->go_ns = lb_sim_now_ns(sr->s);
	sr->went = true;
	if (run->init_error)
		lb_store_relaxed(&run->stop, 1);
	if (run->warm && !run->init_error) {
		lb_sim_at(sr->s, sr->go_ns + lb_warm_ns(run->p), on_warm_end, sr);
		flag_write(&run->go);
	} else {
		common_start(sr, &run->go);
	}
}

/* the warm-up (harness.c's): the loop until warm_stop, the counts forgotten, the second barrier */
static void warm_up(struct simrun *sr, struct lb_worker *w)
{
	struct lb_run *run = sr->run;
	struct lb_loop l = lb_loop_args(run, w);

	l.nops = UINT64_MAX;
	l.timed = true;
	l.stop = &run->warm_stop;
	run->ops->loop(&l);
	w->ops = 0;
	memset(w->ctr, 0, sizeof(w->ctr));
	if (++run->warmed == run->p->nthreads)
		common_start(sr, &run->start);
	else
		flag_wait(&run->start);
}

static void sim_worker(void *argp)
{
	struct sim_arg *a = argp;
	struct simrun *sr = a->sr;
	struct lb_run *run = sr->run;
	const struct lb_point *p = run->p;
	struct lb_worker *w = run->workers[a->tid];
	int err = 0;

	if (p->torture) {
		lb_torture_init(&w->torture, p->sim->seed * 2654435761u + a->tid + 1);
		lb_torture_self = &w->torture;
	}
	if (run->ops->thread_init)
		err = run->ops->thread_init(run->lock, &w->tctx);
	if (err && !run->init_error)
		run->init_error = err;
	if (++run->arrived == p->nthreads)
		first_start(sr);
	else
		flag_wait(&run->go);
	if (run->warm && !run->init_error)
		warm_up(sr, w);
	w->sched0.cpu_ns = lb_sim_oncpu_ns(sr->s, a->tid);
	w->sched0.nivcsw = lb_sim_preempted(sr->s, a->tid);
	w->slept = lb_slept_cycles;
	w->t_begin = sim_cycles(sr);
	if (!lb_load_relaxed(&run->stop)) {
		struct lb_loop l = lb_loop_args(run, w);

		run->ops->loop(&l);
		w->reads = l.reads;
		w->writes = l.done - l.reads;
	}
	lb_torture_self = NULL;
	w->t_end = sim_cycles(sr);
	w->slept = lb_slept_cycles - w->slept;
	w->sched1.cpu_ns = lb_sim_oncpu_ns(sr->s, a->tid);
	w->sched1.nivcsw = lb_sim_preempted(sr->s, a->tid);
	w->done = 1;
	run->finished++;
}

/* the simulator's view of the blocked threads, each line as the watchdog's */
static const char *blocked(struct simrun *sr)
{
	char raw[sizeof(sr->blocked)], *line, *save;
	size_t o = 0;

	lb_sim_blocked(sr->s, raw, sizeof(raw));
	sr->blocked[0] = '\0';
	for (line = strtok_r(raw, "\n", &save); line && o < sizeof(sr->blocked);
	     line = strtok_r(NULL, "\n", &save))
		o += (size_t)snprintf(sr->blocked + o, sizeof(sr->blocked) - o,
				      "lockbench: watchdog:   simulated %s\n", line);
	return sr->blocked;
}

/* the watch: a signal, --point-timeout (real time), starvation, --timeout (virtual) */
static void on_look(struct lb_sim *s, void *arg)
{
	struct simrun *sr = arg;
	struct lb_run *run = sr->run;
	const struct lb_point *p = run->p;
	uint64_t now = lb_sim_now_ns(s), total = 0;

	if (lb_stop_requested && !run->interrupted) {
		run->interrupted = true;
		raise_flag(sr, &run->stop);
	}
	if (p->point_timeout > 0 && !run->timed_out && !run->stop &&
	    (double)(lb_now_ns() - sr->real_t0) / 1e9 >= p->point_timeout) {
		run->timed_out = true;
		raise_flag(sr, &run->stop);
	}
	if (sr->started && !run->stop)
		lb_watch_starve_sample(run, now);
	for (unsigned i = 0; i < p->nthreads; i++)
		total += run->workers[i]->ops;
	/*
	 * The warm-up's operations are progress too (a lock that stalls in it
	 * is caught). No progress for --timeout virtual seconds is the
	 * watchdog's, and so is none for --timeout real ones (a stuck spin
	 * that is costed turn by turn takes long to fill virtual seconds).
	 */
	if (total != sr->last_ops || !sr->went) {
		sr->last_ops = total;
		sr->last_progress = now;
		sr->last_progress_real = lb_now_ns();
	} else if (p->timeout > 0 && ((double)(now - sr->last_progress) / 1e9 >= p->timeout ||
				      (double)(lb_now_ns() - sr->last_progress_real) / 1e9 >=
				      p->timeout)) {
		size_t o;

		blocked(sr);
		o = strlen(sr->blocked);
		snprintf(sr->blocked + o, sizeof(sr->blocked) - o, "lockbench: watchdog:   and "
			 "none for %.3g s of real time\n",
			 (double)(lb_now_ns() - sr->last_progress_real) / 1e9);
		run->sim_blocked = sr->blocked;
		lb_watch_fire(run, (double)(now - sr->last_progress) / 1e9);
	}
	if (run->finished < p->nthreads)
		lb_sim_at(s, now + LOOK_NS, on_look, sr);
}

/* every thread left blocked for good: the watchdog's diagnosis, exit 4 */
LB_NORETURN static void deadlock(struct simrun *sr)
{
	struct lb_run *run = sr->run;
	const struct lb_point *p = run->p;
	char word[256] = "(the lock has no describe hook)", ratio[32];

	if (run->ops->describe)
		run->ops->describe(run->lock, word, sizeof(word));
	blocked(sr);
	lb_err("watchdog: simulated point %s/%s threads=%u load=%llu: every thread left is "
	       "blocked for good at %.6f virtual s; lock word: %s", p->ops->name,
	       lb_point_ratio_str(p, ratio, sizeof(ratio)), p->nthreads,
	       (unsigned long long)p->load_arg, (double)lb_sim_now_ns(sr->s) / 1e9, word);
	fputs(sr->blocked, stderr);
	lb_exit(LB_EXIT_WATCHDOG);
}

/* the dense node of the simulated machine whose OS index is @os, -1 if none */
static int node_dense(const struct lb_sim_machine *m, int os)
{
	for (unsigned k = 0; k < m->nnodes; k++)
		if (m->node_os[k] == os)
			return (int)k;
	return -1;
}

/* each worker's record, homed on its CPU's node, and its simulated thread */
static int sim_threads(struct simrun *sr)
{
	struct lb_run *run = sr->run;
	const struct lb_point *p = run->p;
	const struct lb_sim_machine *m = &p->sim->machine;
	size_t wsize = lb_round_up(sizeof(struct lb_worker), LB_CACHELINE);
	size_t size = wsize + lb_round_up(run->ops->tctx_size, LB_CACHELINE);

	for (unsigned i = 0; i < p->nthreads; i++) {
		unsigned cpu = i % m->ncpus;
		struct lb_worker *w;

		if (posix_memalign((void **)&w, LB_CACHELINE, size))
			return -ENOMEM;
		run->workers[i] = w;
		lb_worker_fill(run, w, i, &p->pus[i % p->npus]);
		w->cpu_seen = w->tctx.cpu;
		run->tctxs[i] = &w->tctx;
		run->privs[i] = w->tctx.priv;
		if (lb_worker_hists(run, w, i))
			return -ENOMEM;
		lb_sim_mem_home(sr->s, w, size, (unsigned)m->cpu[cpu].node);
		sr->args[i] = (struct sim_arg){ .sr = sr, .tid = i };
		if (lb_sim_thread(sr->s, cpu, sim_worker, &sr->args[i]) < 0)
			return -ENOMEM;
		/* its private area: a sleeping lock's task, whose owner runs when it does */
		lb_sim_thread_area(sr->s, i, w, size);
		run->created++;
	}
	return 0;
}

/* the simulation of @run's point: machine, homes, thread variables, threads, timers */
static int sim_setup(struct simrun *sr)
{
	struct lb_run *run = sr->run;
	const struct lb_point *p = run->p;
	const struct lb_sim_env *env = p->sim;
	int lock_node = p->lock_node >= 0 ? node_dense(&env->machine, p->lock_node) : -1;
	unsigned home0 = (unsigned)env->machine.cpu[0].node;
	char why[256];

	sr->s = lb_sim_new(&env->machine, &env->profile, env->seed * 1000003u + p->repeat,
			   env->jitter_pct, why, sizeof(why));
	if (!sr->s) {
		lb_err("--simulate: %s", why);
		return LB_EXIT_RUNTIME;
	}
	sr->args = calloc(p->nthreads, sizeof(*sr->args));
	sr->ghz = lb_sim_tsc_per_ns(sr->s);
	sr->duration_ns = p->duration > 0 ? (uint64_t)(p->duration * 1e9 + 0.5) : 0;
	lb_sim_mem_home(sr->s, run->lock, run->lsize, lock_node >= 0 ? (unsigned)lock_node : home0);
	lb_sim_mem_home(sr->s, run, sizeof(*run), home0);
	lb_sim_mem_home(sr->s, run->v, sizeof(*run->v), home0);
	if (!sr->args || lb_sim_thread_local(sr->s, &lb_torture_self, sizeof(lb_torture_self)) ||
	    lb_sim_thread_local(sr->s, &lb_slept_cycles, sizeof(lb_slept_cycles)) ||
	    sim_threads(sr)) {
		lb_err("out of memory for a simulated point of %u threads", p->nthreads);
		return LB_EXIT_RUNTIME;
	}
	/* the warm-up as a real point's, for the plain loop of a lock that has one */
	run->warm = lb_warm_ns(p) > 0 && run->ops->loop;
	lb_watch_starve_start(run, 0);
	lb_sim_at(sr->s, LOOK_NS, on_look, sr);
	return 0;
}

/* the engine's figures, and the times of a real point's result, virtual */
static void sim_results(struct simrun *sr, struct lb_result *r)
{
	r->simulated = true;
	lb_sim_stats(sr->s, &r->sim);
	if (!lb_sim_hot_lines(sr->s, &r->sim_hot, 1))
		memset(&r->sim_hot, 0, sizeof(r->sim_hot));
	r->setup_ms = (double)sr->go_ns / 1e6;
	r->timed_out = sr->run->timed_out;
	r->interrupted = sr->run->interrupted;
}

int lb_sim_point(const struct lb_point *p, struct lb_result *r)
{
	struct simrun sr = { 0 };
	struct lb_run *run = NULL;
	enum lb_sim_end end;
	int rc;

	memset(r, 0, sizeof(*r));
	r->point = *p;
	rc = lb_run_alloc(p, r, &run);
	sr.run = run;
	if (!rc && !run->ops->loop) {
		lb_err("--simulate: lock %s has no loop of its own", run->ops->name);
		rc = LB_EXIT_UNAVAIL;
	}
	if (!rc)
		rc = lb_run_setup(run);
	if (!rc)
		rc = sim_setup(&sr);
	if (!rc) {
		sr.real_t0 = sr.last_progress_real = lb_now_ns();
		end = lb_sim_run(sr.s);
		if (end == LB_SIM_DEADLOCK)
			deadlock(&sr);
		if (end != LB_SIM_DONE) {
			lb_err("--simulate: out of memory for the simulated caches");
			rc = LB_EXIT_RUNTIME;
		}
	}
	if (!rc && run->init_error) {
		lb_err("lock %s: a thread could not start: %s", run->ops->name,
		       strerror(-run->init_error));
		rc = LB_EXIT_RUNTIME;
	}
	for (unsigned i = 0; !rc && i < p->nthreads; i++)
		if (run->workers[i]->t_end > run->t_joined)
			run->t_joined = run->workers[i]->t_end;
	if (!rc)
		rc = lb_collect_point(run, r);
	if (!rc)
		sim_results(&sr, r);
	if (!rc && p->validate)
		rc = lb_validate_point(run, r);
	lb_run_teardown(run);
	if (sr.s)
		lb_sim_free(sr.s);
	free(sr.args);
	if (rc)
		lb_result_free(r);
	return rc;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * simbench.c - the simulator's own benchmark (never a test: it prints
 * figures and exits 0 unless a run fails)
 *
 *	scripts/simbench [REPEATS]
 *
 * 1. The coroutine switch: the engine's (coro.h: fcontext where
 *    configure found Boost.Context, else ucontext) and glibc's
 *    swapcontext(), in ns per one-way switch, median of REPEATS rounds.
 * 2. Accesses simulated per second of real time on one CPU: the real
 *    ticket and mcs loops (the build's copies of their lock files compiled
 *    with -DLB_SIM, lb_sim_lock_find()) on Westmere-EX's 80-CPU shape at 2 to 80 threads,
 *    load 0, delay 100 pauses, 2 ms of virtual time a point; the median
 *    of REPEATS sweeps, and the coroutine switches per access.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#include "base/clock.h"
#include "harness/loop.h"
#include "locks/lock.h"
#include "locks/registry.h"
#include "sim/coro.h"
#include "sim/sim.h"

#define NSWITCH 2000000
#define MAXT 80

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* this process's CPU time, s */
static double cpu_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double median(double *v, unsigned n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static struct lb_coro co;

static void bouncer(void *arg)
{
	for (;;)
		lb_coro_yield(&co);
}

static double coro_switch_ns(void)
{
	uint64_t t0;

	lb_coro_resume(&co);	/* started */
	t0 = lb_now_ns();
	for (unsigned i = 0; i < NSWITCH; i++)
		lb_coro_resume(&co);
	return (double)(lb_now_ns() - t0) / NSWITCH / 2;
}

static ucontext_t u_main, u_co;

static void u_bouncer(void)
{
	for (;;)
		swapcontext(&u_co, &u_main);
}

static double ucontext_switch_ns(void)
{
	uint64_t t0 = lb_now_ns();

	for (unsigned i = 0; i < NSWITCH / 10; i++)
		swapcontext(&u_main, &u_co);
	return (double)(lb_now_ns() - t0) / (NSWITCH / 10) / 2;
}

/* ---- the sweep */

struct worker {
	struct lb_loop l;
	struct lb_tctx t;
	uint64_t ctr[LB_LOCK_MAX_COUNTERS] LB_ALIGNED;
	uint64_t ops LB_ALIGNED;
	const struct lb_lock_ops *lops;
};

static struct worker w[MAXT];
static struct lb_tctx *peers[MAXT];
static void *privs[MAXT];
static uint32_t stop LB_ALIGNED;

static void run_worker(void *arg)
{
	struct worker *x = arg;

	x->lops->loop(&x->l);
}

static void deadline(struct lb_sim *s, void *arg)
{
	stop = 1;
	lb_sim_external_write(s, &stop, sizeof(stop));
}

/* one point; adds its accesses, switches and real seconds */
static int point(const struct lb_lock_ops *ops, const struct lb_sim_machine *m, unsigned n,
		 struct lb_sim_stats *sum)
{
	char why[256];
	struct lb_sim *s = lb_sim_new(m, lb_sim_profile_builtin("westmere-ex-8s80c"), 1, 2, why,
				      sizeof(why));
	void *lock = aligned_alloc(LB_CACHELINE, LB_CACHELINE);
	struct lb_lock_cfg cfg = { .nthreads = n, .ndomains = 1 };
	struct lb_sim_stats st;
	enum lb_sim_end end;

	if (!s || !lock)
		return -1;
	memset(lock, 0, LB_CACHELINE);
	ops->init(lock, &cfg);
	stop = 0;
	for (unsigned i = 0; i < n; i++) {
		privs[i] = aligned_alloc(LB_CACHELINE, LB_CACHELINE * 4);
		memset(privs[i], 0, LB_CACHELINE * 4);
		peers[i] = &w[i].t;
		memset(&w[i], 0, sizeof(w[i]));
		w[i].lops = ops;
		w[i].t = (struct lb_tctx){ .tid = i, .nthreads = n, .priv = privs[i], .ctr = w[i].ctr,
					   .cpu = (int)i, .peers = peers, .peer_priv = privs,
					   .ndomains = 1 };
		w[i].l = (struct lb_loop){ .lock = lock, .t = &w[i].t, .nops = UINT64_MAX,
					   .delay = 100, .period = 1, .timed = true, .stop = &stop,
					   .ops = &w[i].ops, .lat_every = 1,
					   .stop_every = LB_STOP_EVERY };
		lb_sim_thread(s, i, run_worker, &w[i]);
	}
	lb_sim_at(s, 2000000, deadline, NULL);
	end = lb_sim_run(s);
	lb_sim_stats(s, &st);
	sum->accesses += st.accesses;
	sum->switches += st.switches;
	sum->real_s += st.real_s;
	lb_sim_free(s);
	for (unsigned i = 0; i < n; i++)
		free(privs[i]);
	free(lock);
	return end == LB_SIM_DONE ? 0 : -1;
}

int main(int argc, char **argv)
{
	static const unsigned counts[] = { 2, 4, 8, 10, 16, 20, 32, 40, 48, 64, 80 };
	unsigned reps = argc > 1 ? (unsigned)atoi(argv[1]) : 5;
	double cs[64], us[64], rate[64], per[64], crate[64];
	struct lb_sim_machine m;
	char why[128];
	static char ustack[65536];

	if (reps < 1 || reps > 64 || lb_sim_machine_shape(&m, 8, 1, 10, 1, 1, why, sizeof(why))) {
		fprintf(stderr, "usage: simbench [REPEATS 1-64]\n");
		return 2;
	}
	if (lb_coro_init(&co, 65536, bouncer, NULL))
		return 1;
	getcontext(&u_co);
	u_co.uc_stack.ss_sp = ustack;
	u_co.uc_stack.ss_size = sizeof(ustack);
	makecontext(&u_co, u_bouncer, 0);
	for (unsigned r = 0; r < reps; r++) {
		struct lb_sim_stats sum = { 0 };
		double cpu0;

		cs[r] = coro_switch_ns();
		us[r] = ucontext_switch_ns();
		cpu0 = cpu_s();
		for (unsigned i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
			if (point(lb_sim_lock_find("ticket"), &m, counts[i], &sum) ||
			    point(lb_sim_lock_find("mcs"), &m, counts[i], &sum)) {
				fprintf(stderr, "simbench: a point did not end\n");
				return 1;
			}
		rate[r] = (double)sum.accesses / sum.real_s;
		crate[r] = (double)sum.accesses / (cpu_s() - cpu0);
		per[r] = (double)sum.switches / (double)sum.accesses;
	}
	printf("coroutine switch, %s: %.1f ns (median of %u)\n", lb_coro_impl(), median(cs, reps),
	       reps);
	printf("coroutine switch, glibc swapcontext(): %.1f ns\n", median(us, reps));
	printf("accesses simulated per second (ticket and mcs, 2-80 threads, westmere-ex-8s80c): "
	       "%.2f M, %.2f coroutine switches per access\n", median(rate, reps) / 1e6,
	       median(per, reps));
	printf("accesses simulated per second of this process's CPU time (a shared machine's "
	       "wall clock counts others' work too): %.2f M\n", median(crate, reps) / 1e6);
	lb_coro_fini(&co);
	lb_sim_machine_free(&m);
	return 0;
}

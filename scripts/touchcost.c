// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * touchcost.c - what another CPU's touch of a line costs the CPU running
 * on it, on this machine and in the simulator (a benchmark: it prints
 * figures and exits 0 unless a run fails)
 *
 *	scripts/touchcost [PROFILE]
 *
 * The holder runs test-and-set acquires and releases of word 0 of a line
 * (an exchange, a release store), as tas does at --load=0; the toucher, on
 * another CPU, an exchange, a load or a store of word 1 of the same line,
 * then N pauses, over and over. Per touch: the toucher's period, the
 * holder's operations, and the holder's loss, the period less those
 * operations at the holder's own rate alone. Natively: the process's first
 * two allowed CPUs, 50 ms a row. Simulated: two cores of one L3 group with
 * the build VM's profile read over by PROFILE (a --sim-profile file, such
 * as --c2c --sim-profile-out writes), 20000 holder operations a row.
 *
 * Why: a waiter's failed exchange and pause is such a touch. On the Zen 3
 * guest this was written on, in its fast state (--c2c round trip 88 ns),
 * the holder lost 32 to 56 ns to each touch at one pause and 164 to 284
 * ns at 16, while the simulator, with the profile --c2c had just written,
 * charged it 27 to 41 ns, about one transfer, whatever the period: what
 * the simulated tas at two threads and --load=0 does not pay (lockbench(1),
 * SIMULATION). The real figures move from run to run with the host.
 */
#include "config.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/lb-atomic.h"
#include "sim/sim.h"

#define NATIVE_NS 50000000.0
#define SIM_OPS 20000

enum kind { K_XCHG, K_LOAD, K_STORE, K_N };

static const char *const kind_names[K_N] = { "exchange", "load", "store" };
static const unsigned pauses[] = { 1, 2, 4, 8, 16 };
#define NP (sizeof(pauses) / sizeof(pauses[0]))

/* the line both touch: the holder's word and the toucher's, alone on it */
static struct {
	uint32_t locked;
	uint32_t other;
} line __attribute__((aligned(128)));
static volatile int stop __attribute__((aligned(128)));

struct row {
	double period_ns, ops_per_touch, loss_ns;
};

/* ---- natively: __atomic builtins and the pause instruction, not the simulator's */

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

struct toucher {
	int cpu;
	enum kind kind;
	unsigned npause;
	unsigned long touches;
};

static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

static void *native_toucher(void *arg)
{
	struct toucher *t = arg;
	unsigned long n = 0;

	pin(t->cpu);
	while (!stop) {
		if (t->kind == K_XCHG)
			__atomic_exchange_n(&line.other, 1, __ATOMIC_ACQUIRE);
		else if (t->kind == K_LOAD)
			(void)__atomic_load_n(&line.other, __ATOMIC_ACQUIRE);
		else
			__atomic_store_n(&line.other, 1, __ATOMIC_RELEASE);
		n++;
		for (unsigned i = 0; i < t->npause; i++)
			lb_cpu_relax_native();
	}
	t->touches = n;
	return NULL;
}

/* the holder's operations in NATIVE_NS, and the time they took (ns) */
static unsigned long native_holder(double *took)
{
	unsigned long ops = 0;
	double t0 = now_ns(), t;

	do {
		for (unsigned i = 0; i < 10000; i++) {
			while (__atomic_exchange_n(&line.locked, 1, __ATOMIC_ACQUIRE))
				lb_cpu_relax_native();
			__atomic_store_n(&line.locked, 0, __ATOMIC_RELEASE);
		}
		ops += 10000;
		t = now_ns();
	} while (t - t0 < NATIVE_NS);
	*took = t - t0;
	return ops;
}

static int native(struct row rows[K_N][NP], double *alone_ns)
{
	cpu_set_t set;
	int cpus[2], n = 0;
	double took;
	unsigned long ops;

	if (sched_getaffinity(0, sizeof(set), &set))
		return -1;
	for (int c = 0; c < CPU_SETSIZE && n < 2; c++)
		if (CPU_ISSET(c, &set))
			cpus[n++] = c;
	if (n < 2 || pin(cpus[0]))
		return -1;
	ops = native_holder(&took);
	*alone_ns = took / (double)ops;
	for (unsigned k = 0; k < K_N; k++) {
		for (unsigned p = 0; p < NP; p++) {
			struct toucher t = { .cpu = cpus[1], .kind = k, .npause = pauses[p] };
			pthread_t th;

			stop = 0;
			if (pthread_create(&th, NULL, native_toucher, &t))
				return -1;
			ops = native_holder(&took);
			stop = 1;
			pthread_join(th, NULL);
			if (!t.touches)
				return -1;
			rows[k][p].period_ns = took / (double)t.touches;
			rows[k][p].ops_per_touch = (double)ops / (double)t.touches;
			rows[k][p].loss_ns = rows[k][p].period_ns - rows[k][p].ops_per_touch * *alone_ns;
		}
	}
	return 0;
}

/* ---- simulated: lb-atomic.h routed into the simulator (-DLB_SIM) */

static struct lb_sim *sim;
static int sim_done;
static double sim_took;
static struct toucher sim_t;

static void sim_holder(void *arg)
{
	double t0 = lb_sim_now_ns(sim);

	for (unsigned i = 0; i < SIM_OPS; i++) {
		while (lb_xchg_acquire(&line.locked, 1))
			lb_cpu_relax();
		lb_store_release(&line.locked, 0);
	}
	sim_took = lb_sim_now_ns(sim) - t0;
	sim_done = 1;
}

static void sim_toucher(void *arg)
{
	unsigned long n = 0;

	while (!sim_done) {
		if (sim_t.kind == K_XCHG)
			lb_xchg_acquire(&line.other, 1);
		else if (sim_t.kind == K_LOAD)
			(void)lb_load_acquire(&line.other);
		else
			lb_store_release(&line.other, 1);
		n++;
		lb_pause_n(sim_t.npause);
	}
	sim_t.touches = n;
}

/* one simulated row; @touch false: the holder alone */
static int sim_run(const struct lb_sim_machine *m, const struct lb_sim_profile *p, bool touch)
{
	char why[256];

	memset(&line, 0, sizeof(line));
	sim_done = 0;
	sim_t.touches = 0;
	sim = lb_sim_new(m, p, 1, 2, why, sizeof(why));
	if (!sim) {
		fprintf(stderr, "touchcost: %s\n", why);
		return -1;
	}
	lb_sim_thread(sim, 0, sim_holder, NULL);
	if (touch)
		lb_sim_thread(sim, 1, sim_toucher, NULL);
	if (lb_sim_run(sim) != LB_SIM_DONE || (touch && !sim_t.touches)) {
		lb_sim_free(sim);
		return -1;
	}
	lb_sim_free(sim);
	return 0;
}

static int simulated(const char *file, struct row rows[K_N][NP], double *alone_ns)
{
	struct lb_sim_profile p = *lb_sim_profile_builtin("build-vm-2c");
	struct lb_sim_machine m;
	char why[512];
	int rc = -1;

	if (file && lb_sim_profile_load(file, &p, why, sizeof(why))) {
		fprintf(stderr, "touchcost: %s\n", why);
		return -1;
	}
	if (lb_sim_machine_shape(&m, 1, 1, 2, 1, 1, why, sizeof(why))) {
		fprintf(stderr, "touchcost: %s\n", why);
		return -1;
	}
	if (sim_run(&m, &p, false))
		goto out;
	*alone_ns = sim_took / SIM_OPS;
	for (unsigned k = 0; k < K_N; k++) {
		for (unsigned i = 0; i < NP; i++) {
			struct row *r = &rows[k][i];

			sim_t = (struct toucher){ .kind = k, .npause = pauses[i] };
			if (sim_run(&m, &p, true))
				goto out;
			r->period_ns = sim_took / (double)sim_t.touches;
			r->ops_per_touch = (double)SIM_OPS / (double)sim_t.touches;
			r->loss_ns = r->period_ns - r->ops_per_touch * *alone_ns;
		}
	}
	rc = 0;
out:
	lb_sim_machine_free(&m);
	return rc;
}

int main(int argc, char **argv)
{
	static struct row nat[K_N][NP], sim_rows[K_N][NP];
	double nat_alone, sim_alone;

	if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
		fprintf(stderr, "usage: scripts/touchcost [PROFILE]\n");
		return 2;
	}
	if (native(nat, &nat_alone)) {
		fprintf(stderr, "touchcost: the native run needs two CPUs it may use\n");
		return 1;
	}
	if (simulated(argc == 2 ? argv[1] : NULL, sim_rows, &sim_alone))
		return 1;
	printf("the holder alone: %.2f ns an operation here, %.2f simulated (profile %s)\n",
	       nat_alone, sim_alone, argc == 2 ? argv[1] : "build-vm-2c");
	printf("%-9s %6s | %28s | %28s\n", "touch", "pauses", "here: period, ops, loss (ns)",
	       "simulated: period, ops, loss");
	for (unsigned k = 0; k < K_N; k++)
		for (unsigned i = 0; i < NP; i++)
			printf("%-9s %6u | %9.1f %8.2f %9.1f | %9.1f %8.2f %9.1f\n", kind_names[k],
			       pauses[i], nat[k][i].period_ns, nat[k][i].ops_per_touch,
			       nat[k][i].loss_ns, sim_rows[k][i].period_ns,
			       sim_rows[k][i].ops_per_touch, sim_rows[k][i].loss_ns);
	return 0;
}

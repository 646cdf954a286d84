// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-sim.c - the simulator's engine, compiled with -DLB_SIM so that
 * lb-atomic.h, clock.h and futex.h go to it: costs of the memory model on
 * a synthetic machine, queueing on a line, the hold after a miss, the store
 * buffer, the spin-until primitive's park, time slices and "owner running",
 * the futex with and without a timeout, deadlocks, determinism, and the
 * profile format. Every figure
 * is exact: a simulation is deterministic.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "base/clock.h"
#include "base/futex.h"
#include "base/lb-atomic.h"
#include "plan/simulate.h"
#include "sim/sim.h"

/* a profile with round figures, so that expected times are plain sums (ns) */
static const struct lb_sim_profile round_prof = {
	.name = "round", .ghz = 2, .hit_ns = 1, .plain_hit_ns = 1, .smt_ns = 5, .l3_ns = 40, .package_ns = 60,
	.remote_ns = 100, .remote_distance = 20, .home_ns = 30, .memory_ns = 80,
	.invalidate_ns = 3, .rmw_ns = 10, .fence_ns = 7, .pause_ns = 2, .spin_ns = 0.5,
	.futex_wait_ns = 500, .futex_wake_ns = 400, .wakeup_ns = 3000,
	.context_switch_ns = 2000, .slice_ns = 100000,
};

static struct lb_sim_machine mach;	/* 2 packages x 2 L3 x 2 cores x 2 threads */
static struct lb_sim *sim;

static struct lb_sim *new_sim_with(const struct lb_sim_profile *p, double jitter, uint64_t seed)
{
	char why[256] = "";
	struct lb_sim *s = lb_sim_new(&mach, p, seed, jitter, why, sizeof(why));

	CHECK(s != NULL, "lb_sim_new: %s", why);
	if (!s)
		exit(1);
	return s;
}

static struct lb_sim *new_sim(double jitter, uint64_t seed)
{
	return new_sim_with(&round_prof, jitter, seed);
}

/* ---- costs: one thread reads and writes lines another left in each state */

static uint64_t word[8][8] __attribute__((aligned(64)));
static uint64_t t_at[8][8];	/* ns stamps the threads record */

static void costs_a(void *arg)
{
	lb_store_relaxed(&word[0][0], 1);	/* I: memory of node 0, first touch: 80 */
	t_at[0][0] = lb_sim_now_ns(sim);
	lb_load_relaxed(&word[0][0]);		/* hit: 1 */
	t_at[0][1] = lb_sim_now_ns(sim);
	lb_fetch_add_relaxed(&word[0][0], 1);	/* M hit, RMW: 1 + 10 */
	t_at[0][2] = lb_sim_now_ns(sim);
	lb_fence_full();			/* 7 */
	t_at[0][3] = lb_sim_now_ns(sim);
}

/* CPU 8 (package 1) reads CPU 0's modified line, then CPU 1 (its SMT sibling) writes it */
static void costs_b(void *arg)
{
	lb_pause_n(1000);			/* after costs_a: 2000 ns */
	lb_load_relaxed(&word[0][0]);		/* M in CPU 0, remote: 100 */
	t_at[1][0] = lb_sim_now_ns(sim);
}

static void costs_c(void *arg)
{
	lb_pause_n(2000);			/* 4000 ns */
	/* S in CPUs 0 and 8, forwarder 8 (remote, home node 0 is 0's): 100; 1 invalidation more */
	lb_store_relaxed(&word[0][0], 5);
	t_at[2][0] = lb_sim_now_ns(sim);
}

static void test_costs(void)
{
	sim = new_sim(0, 1);
	lb_sim_thread(sim, 0, costs_a, NULL);
	lb_sim_thread(sim, 8, costs_b, NULL);
	lb_sim_thread(sim, 1, costs_c, NULL);
	CHECK(lb_sim_run(sim) == LB_SIM_DONE, "costs: the run ends");
	CHECK(t_at[0][0] == 80 && t_at[0][1] == 81 && t_at[0][2] == 92 && t_at[0][3] == 99,
	      "memory 80, hit 1, RMW hit 11, fence 7: %llu %llu %llu %llu",
	      (unsigned long long)t_at[0][0], (unsigned long long)t_at[0][1],
	      (unsigned long long)t_at[0][2], (unsigned long long)t_at[0][3]);
	CHECK(t_at[1][0] == 2100, "a remote read of a modified line: 2000 + 100, got %llu",
	      (unsigned long long)t_at[1][0]);
	CHECK(t_at[2][0] == 4103, "a write to a line shared by two: 4000 + 100 + 3, got %llu",
	      (unsigned long long)t_at[2][0]);
	CHECK(word[0][0] == 5, "the accesses ran: %llu", (unsigned long long)word[0][0]);
	lb_sim_free(sim);
}

/* ---- queueing: N CPUs fetch-and-add one line at once, served one at a time */

static void fadd(void *arg)
{
	lb_fetch_add_full(&word[1][0], 1);
	t_at[3][(uintptr_t)arg] = lb_sim_now_ns(sim);
}

static void test_queue(void)
{
	struct lb_sim_line_stat hot;
	struct lb_sim_stats st;

	sim = new_sim(0, 1);
	/* CPUs 2 and 4 (other L3 groups of package 0) and 6 */
	lb_sim_thread(sim, 2, fadd, (void *)0);
	lb_sim_thread(sim, 4, fadd, (void *)1);
	lb_sim_thread(sim, 6, fadd, (void *)2);
	CHECK(lb_sim_run(sim) == LB_SIM_DONE, "queue: the run ends");
	/* CPU 2 from memory (80 + 10), then 4 from 2 (package 60 + 10), then 6 from 4 (l3 40 + 10) */
	CHECK(t_at[3][0] == 90 && t_at[3][1] == 160 && t_at[3][2] == 210,
	      "queued RMWs end at 90, 160, 210: %llu %llu %llu", (unsigned long long)t_at[3][0],
	      (unsigned long long)t_at[3][1], (unsigned long long)t_at[3][2]);
	CHECK(word[1][0] == 3, "three adds");
	lb_sim_stats(sim, &st);
	CHECK(st.queued == 2 && lb_sim_hot_lines(sim, &hot, 1) == 1 &&
	      hot.addr == (uintptr_t)&word[1][0] && hot.queued == 2 &&
	      hot.queue_ns == 90 + 160, "the hot line: %u queued, %g ns", (unsigned)hot.queued,
	      hot.queue_ns);
	lb_sim_free(sim);
}

/* none queued: the hot line is the most requested, not the lowest address */
static uint64_t tie_word[2][8] __attribute__((aligned(64)));

static void tie_a(void *arg)
{
	lb_store_relaxed(&tie_word[0][0], 1);	/* one miss */
	lb_store_relaxed(&tie_word[1][0], 1);	/* and the first of three */
}

static void tie_b(void *arg)
{
	lb_pause_n(500);			/* 1000 ns: after tie_a's */
	lb_load_relaxed(&tie_word[1][0]);
	lb_store_relaxed(&tie_word[1][0], 2);
}

static void test_hot_tie(void)
{
	struct lb_sim_line_stat hot;

	sim = new_sim(0, 1);
	lb_sim_thread(sim, 0, tie_a, NULL);
	lb_sim_thread(sim, 8, tie_b, NULL);
	CHECK(lb_sim_run(sim) == LB_SIM_DONE, "hot tie: the run ends");
	CHECK(lb_sim_hot_lines(sim, &hot, 1) == 1 && hot.queued == 0 &&
	      hot.addr == (uintptr_t)&tie_word[1][0] && hot.requests == 3,
	      "no queue: the line of 3 misses, %u (%s)", (unsigned)hot.requests,
	      hot.addr == (uintptr_t)&tie_word[1][0] ? "it" : "another");
	lb_sim_free(sim);
}

/* reads of a clean copy in one L3 group overlap: the L3 takes the next a hit later */
static uint64_t l3_at[16];

static void l3_writer(void *arg)
{
	lb_store_relaxed(&word[6][0], 1);	/* memory: M in CPU 0 at 80 */
}

static void l3_reader(void *arg)
{
	unsigned cpu = (unsigned)(uintptr_t)arg;

	lb_pause_n(500);			/* all at 1000 ns */
	lb_load_relaxed(&word[6][0]);
	l3_at[cpu] = lb_sim_now_ns(sim);
}

static void test_l3_reads(void)
{
	sim = new_sim(0, 1);
	lb_sim_thread(sim, 0, l3_writer, NULL);
	for (unsigned c = 4; c < 8; c++)	/* package 0's second L3 group: cores 2 and 3 */
		lb_sim_thread(sim, c, l3_reader, (void *)(uintptr_t)c);
	CHECK(lb_sim_run(sim) == LB_SIM_DONE, "l3 reads: the run ends");
	/*
	 * CPU 4 fetches the modified line from CPU 0 (the other L3 group: 60),
	 * 1060, and the line is busy for all of it; then the copy is clean in
	 * the group: CPU 5 from its sibling 1060 + 5, CPU 6 a hit later (1061)
	 * from core 2, + 40: 1101, CPU 7 a hit after that from its sibling,
	 * 1062 + 5: each read overlaps the one before (serially: 1065, 1105, 1110)
	 */
	CHECK(l3_at[4] == 1060 && l3_at[5] == 1065 && l3_at[6] == 1101 && l3_at[7] == 1067,
	      "l3 reads at 1060, 1065, 1101, 1067: %llu %llu %llu %llu",
	      (unsigned long long)l3_at[4], (unsigned long long)l3_at[5],
	      (unsigned long long)l3_at[6], (unsigned long long)l3_at[7]);
	lb_sim_free(sim);
}

/* ---- the hold: the CPU a line comes to keeps it hold_ns, others' requests wait */

static void hold_a(void *arg)
{
	for (unsigned i = 0; i < 4; i++) {
		if (i == 3)
			lb_pause_n(10);		/* 20 ns */
		lb_fetch_add_full(&word[2][0], 1);
		t_at[5][i] = lb_sim_now_ns(sim);
	}
}

static void hold_b(void *arg)
{
	lb_pause_n(48);				/* 96 ns: inside CPU 2's hold */
	lb_fetch_add_full(&word[2][0], 1);
	t_at[5][4] = lb_sim_now_ns(sim);
}

/* with @p, CPU 4's add at 96 takes the line at once and CPU 2's third waits */
static void check_no_hold(const struct lb_sim_profile *p, const char *what)
{
	sim = new_sim_with(p, 0, 1);
	lb_sim_thread(sim, 2, hold_a, NULL);
	lb_sim_thread(sim, 4, hold_b, NULL);
	CHECK(lb_sim_run(sim) == LB_SIM_DONE, "%s: the run ends", what);
	CHECK(t_at[5][0] == 90 && t_at[5][1] == 101 && t_at[5][4] == 166 && t_at[5][2] == 236,
	      "%s: 90, 101, the other's 96 + 70 = 166, then 236: %llu %llu %llu %llu", what,
	      (unsigned long long)t_at[5][0], (unsigned long long)t_at[5][1],
	      (unsigned long long)t_at[5][4], (unsigned long long)t_at[5][2]);
	lb_sim_free(sim);
}

static void test_hold(void)
{
	struct lb_sim_profile p = round_prof;
	struct lb_sim_stats st;

	p.hold_ns = 25;
	sim = new_sim_with(&p, 0, 1);
	lb_sim_thread(sim, 2, hold_a, NULL);
	lb_sim_thread(sim, 4, hold_b, NULL);
	CHECK(lb_sim_run(sim) == LB_SIM_DONE, "hold: the run ends");
	/*
	 * CPU 2: from memory 80 + 10, held until 115, so its next two adds hit
	 * (11 each); CPU 4's add at 96 waits for 115 and takes the line from
	 * package 0's other L3 group (60 + 10): 185, held until 210; CPU 2's
	 * fourth add, at 112 + 20, waits for that and takes it back: 280
	 */
	CHECK(t_at[5][0] == 90 && t_at[5][1] == 101 && t_at[5][2] == 112 && t_at[5][4] == 185 &&
	      t_at[5][3] == 280, "held adds at 90, 101, 112, the other's at 185, then 280: "
	      "%llu %llu %llu, %llu, %llu", (unsigned long long)t_at[5][0],
	      (unsigned long long)t_at[5][1], (unsigned long long)t_at[5][2],
	      (unsigned long long)t_at[5][4], (unsigned long long)t_at[5][3]);
	CHECK(word[2][0] == 5, "five adds: %llu", (unsigned long long)word[2][0]);
	lb_sim_stats(sim, &st);
	CHECK(st.stalled == 2, "two requests waited for a hold: %llu",
	      (unsigned long long)st.stalled);
	lb_sim_free(sim);
	check_no_hold(&round_prof, "no hold");
}

/*
 * hold_skip_pct: after that share of the misses, drawn per miss from the
 * seed, the line is kept for none. 0 is the hold's exact times (test_hold),
 * 100 no hold's; a share between gives runs of fetch-adds between, the same
 * for the same seed
 */
#define SKIP_N 400

static uint64_t skip_got[2][SKIP_N];

static void skip_adds(void *arg)
{
	unsigned me = (unsigned)(uintptr_t)arg;

	for (unsigned i = 0; i < SKIP_N; i++)
		skip_got[me][i] = lb_fetch_add_full(&word[7][0], 1);
}

/* the mean run of one CPU's adds in a row (values one apart), both CPUs' runs */
static double skip_run(double skip_pct, uint64_t seed)
{
	struct lb_sim_profile p = round_prof;
	unsigned runs = 0;

	p.hold_ns = 0.001;
	p.hold_skip_pct = skip_pct;
	word[7][0] = 0;
	sim = new_sim_with(&p, 0, seed);
	lb_sim_thread(sim, 2, skip_adds, (void *)0);
	lb_sim_thread(sim, 4, skip_adds, (void *)1);
	CHECK(lb_sim_run(sim) == LB_SIM_DONE, "skip %g: the run ends", skip_pct);
	lb_sim_free(sim);
	for (unsigned c = 0; c < 2; c++)
		for (unsigned i = 0; i < SKIP_N; i++)
			runs += i == 0 || skip_got[c][i] != skip_got[c][i - 1] + 1;
	return 2.0 * SKIP_N / runs;
}

static void test_hold_skip(void)
{
	struct lb_sim_profile p = round_prof;
	double none, half, all;

	p.hold_ns = 25;
	p.hold_skip_pct = 100;
	check_no_hold(&p, "skip 100 is no hold");
	/* a 1 ps hold keeps the line for the next add, at the completion: runs of 2 */
	all = skip_run(0, 1);
	none = skip_run(100, 1);
	half = skip_run(50, 1);
	CHECK(all == 2 && none == 1, "runs of 2 with the hold after every miss, 1 with none: %g %g",
	      all, none);
	CHECK(half > 1.2 && half < 1.6 && half == skip_run(50, 1) && skip_run(25, 1) > half &&
	      skip_run(75, 1) < half, "skip 50: between (%g), the same again, and 25 and 75 "
	      "either side", half);
}

/*
 * A store's or a load's miss keeps its hold whatever hold_skip_pct says
 * (its draw is for locked instructions): the CPU's next access (the locked
 * instruction that waited for the store to commit, as a spinlock's next
 * acquire waits for its release; the exchange that the loaded value
 * decided) comes before a request that another CPU sent while the line
 * was on its way
 */
static uint64_t sh_word[8] __attribute__((aligned(64)));
static uint64_t sh_at[2], sh_got[2];

static void store_hold_a(void *arg)
{
	lb_pause_n(55);				/* 110 ns */
	if (arg)				/* M in CPU 4, other L3 group: 60, 170 */
		lb_load_relaxed(&sh_word[0]);
	else
		lb_store_relaxed(&sh_word[0], 1);
	sh_got[0] = lb_fetch_add_full(&sh_word[0], 1);
	sh_at[0] = lb_sim_now_ns(sim);
}

static void store_hold_b(void *arg)
{
	lb_store_relaxed(&sh_word[0], 5);	/* memory: 80 */
	lb_pause_n(20);				/* 120 ns: CPU 2's store is on its way */
	sh_got[1] = lb_fetch_add_full(&sh_word[0], 10);
	sh_at[1] = lb_sim_now_ns(sim);
}

/* CPU 2 stores (@load 0) or loads, then adds; CPU 4 adds meanwhile: who comes first, when */
static void check_store_hold(int load, uint64_t at2, uint64_t at4, uint64_t got2, uint64_t got4)
{
	struct lb_sim_profile p = round_prof;
	const char *what = load ? "load" : "store";

	p.hold_ns = 25;
	p.hold_skip_pct = 100;
	sim = new_sim_with(&p, 0, 1);
	lb_sim_thread(sim, 2, store_hold_a, (void *)(uintptr_t)load);
	lb_sim_thread(sim, 4, store_hold_b, NULL);
	CHECK(lb_sim_run(sim) == LB_SIM_DONE, "%s hold: the run ends", what);
	CHECK(sh_at[0] == at2 && sh_at[1] == at4 && sh_got[0] == got2 && sh_got[1] == got4,
	      "%s hold: CPU 2's add first, got %llu at %llu (want %llu at %llu), CPU 4's got "
	      "%llu at %llu (want %llu at %llu)", what, (unsigned long long)sh_got[0],
	      (unsigned long long)sh_at[0], (unsigned long long)got2, (unsigned long long)at2,
	      (unsigned long long)sh_got[1], (unsigned long long)sh_at[1],
	      (unsigned long long)got4, (unsigned long long)at4);
	lb_sim_free(sim);
}

static void test_store_hold(void)
{
	/*
	 * CPU 2's store ends at 170, its line held until 195: CPU 2's add hits
	 * (1 + 10: 181) and CPU 4's, sent at 120, waits for 195 and takes the
	 * line back (60 + 10): 265. Without the store's hold CPU 4's add would
	 * come first (170 + 70 = 240) and CPU 2's after it (310)
	 */
	check_store_hold(0, 181, 265, 1, 2);
	/*
	 * A load's miss too (a test-and-test-and-set waiter's read of the lock,
	 * then its exchange): CPU 2's read ends at 170, held until 195; its add
	 * is an upgrade within the package (the L3's directory 40, an
	 * invalidation 3, rmw 10): 223; CPU 4's waits for the hold, then for the
	 * line: 223 + 70 = 293. Without the hold, CPU 4's upgrade first (170 +
	 * 53 = 223) and CPU 2's add after it (293)
	 */
	check_store_hold(1, 223, 293, 5, 6);
}

/*
 * --c2c's fit of the hold to a measured run (src/plan/simulate.c): none for
 * a run of 1; under the first step (2), the least hold after a share of the
 * misses that gives the run; past it, the nearer step from its least hold
 */
static void test_hold_fit(void)
{
	static const double under[] = { 1.05, 1.3, 1.6, 1.9 }, past[] = { 2.5, 3.2, 6.5 };
	struct lb_sim_profile p = round_prof;
	double r, h;

	r = lb_sim_profile_fit_hold(&p, 1);
	CHECK(r == 1 && p.hold_ns == 0 && p.hold_skip_pct == 0, "a run of 1: no hold (%g, %g, %g)",
	      r, p.hold_ns, p.hold_skip_pct);
	for (unsigned i = 0; i < sizeof(under) / sizeof(under[0]); i++) {
		r = lb_sim_profile_fit_hold(&p, under[i]);
		CHECK(r > under[i] - 0.02 && r < under[i] + 0.02 && p.hold_ns > 0 &&
		      p.hold_ns < 0.001 && p.hold_skip_pct > 0 && p.hold_skip_pct < 100,
		      "a run of %g: %g, with a %g ns hold after %g%% of the misses", under[i], r,
		      p.hold_ns, 100 - p.hold_skip_pct);
	}
	/* past the first step: after every miss, a hold of whole adds (11 ns each) */
	r = lb_sim_profile_fit_hold(&p, 3.2);
	h = p.hold_ns;
	CHECK(r > 2.98 && r < 3.02 && p.hold_skip_pct == 0 && h > 10 && h < 12,
	      "a run of 3.2: %.4f, hold %g ns", r, h);
	r = lb_sim_profile_fit_hold(&p, 3.8);
	CHECK(r > 3.98 && r < 4.02 && p.hold_skip_pct == 0 && p.hold_ns > h,
	      "a run of 3.8: %.4f, hold %g ns", r, p.hold_ns);
	/* drawn holds (hold_random): past the first step the run is reached, between steps */
	p.hold_random = 1;
	for (unsigned i = 0; i < sizeof(past) / sizeof(past[0]); i++) {
		r = lb_sim_profile_fit_hold(&p, past[i]);
		CHECK(r > past[i] - 0.05 && r < past[i] + 0.05 && p.hold_skip_pct == 0,
		      "drawn holds, a run of %g: %.4f, a mean hold of %g ns", past[i], r, p.hold_ns);
	}
}

/* three CPUs that ask for a held line while it is held are served in the order they asked */
static uint64_t fifo_at[16];

static void fifo_add(void *arg)
{
	unsigned cpu = (unsigned)(uintptr_t)arg;

	if (cpu != 2)
		lb_pause_n(cpu == 4 ? 48 : cpu == 6 ? 50 : 52);	/* 96, 100, 104 ns */
	lb_fetch_add_full(&word[5][0], 1);
	fifo_at[cpu] = lb_sim_now_ns(sim);
}

static void test_hold_fifo(void)
{
	struct lb_sim_profile p = round_prof;
	struct lb_sim_line_stat hot;
	struct lb_sim_stats st;
	static const unsigned cpus[] = { 2, 1, 6, 4 };	/* made in another order than they ask */

	p.hold_ns = 25;
	sim = new_sim_with(&p, 0, 1);
	for (unsigned i = 0; i < 4; i++)
		lb_sim_thread(sim, cpus[i], fifo_add, (void *)(uintptr_t)cpus[i]);
	CHECK(lb_sim_run(sim) == LB_SIM_DONE, "hold fifo: the run ends");
	/*
	 * CPU 2 from memory at 90, held until 115; CPUs 4 (at 96), 6 (100) and
	 * 1 (104) wait in that order: 4 from 2's other L3 group 115 + 70 = 185,
	 * held until 210; 6 from 4, same L3, 210 + 50 = 260, held until 285; 1
	 * from 6, across the package, 285 + 70 = 355
	 */
	CHECK(fifo_at[2] == 90 && fifo_at[4] == 185 && fifo_at[6] == 260 && fifo_at[1] == 355,
	      "in the order they asked: 90, 185, 260, 355: %llu %llu %llu %llu",
	      (unsigned long long)fifo_at[2], (unsigned long long)fifo_at[4],
	      (unsigned long long)fifo_at[6], (unsigned long long)fifo_at[1]);
	lb_sim_stats(sim, &st);
	CHECK(st.stalled == 3 && word[5][0] == 4, "three waited for a hold: %llu, %llu adds",
	      (unsigned long long)st.stalled, (unsigned long long)word[5][0]);
	/* they queued from their ask: 115 - 96, 210 - 100, 285 - 104 */
	CHECK(st.queued == 3 && lb_sim_hot_lines(sim, &hot, 1) == 1 &&
	      hot.addr == (uintptr_t)&word[5][0] && hot.queued == 3 && hot.requests == 4 &&
	      hot.queue_ns == 19 + 110 + 181, "the hot line: %u queued of %u, %g ns",
	      (unsigned)hot.queued, (unsigned)hot.requests, hot.queue_ns);
	lb_sim_free(sim);
}

/* ---- parking: a spinner costs nothing until its line is written */

static uint32_t flag __attribute__((aligned(64)));

static void spinner(void *arg)
{
	uint64_t accesses = lb_sim_progress(sim, 0);

	lb_cond_load_acquire(&flag, VAL == 1);
	t_at[4][0] = lb_sim_now_ns(sim);
	t_at[4][1] = lb_sim_progress(sim, 0) - accesses;
}

static void releaser(void *arg)
{
	lb_pause_n(500000);	/* 1 ms */
	lb_store_release(&flag, 1);
	t_at[4][2] = lb_sim_now_ns(sim);
}

static void test_park(void)
{
	struct lb_sim_stats st;

	flag = 0;
	sim = new_sim(0, 1);
	lb_sim_thread(sim, 0, spinner, NULL);
	lb_sim_thread(sim, 8, releaser, NULL);
	CHECK(lb_sim_run(sim) == LB_SIM_DONE, "park: the run ends");
	lb_sim_stats(sim, &st);
	/* the store (remote, one invalidation: 1000000 + 100), then the re-read (100) */
	CHECK(t_at[4][2] == 1000100 && t_at[4][0] == 1000200,
	      "released at %llu, seen at %llu", (unsigned long long)t_at[4][2],
	      (unsigned long long)t_at[4][0]);
	CHECK(t_at[4][1] == 2 && st.parks == 1, "a parked spinner made %llu accesses, %llu parks",
	      (unsigned long long)t_at[4][1], (unsigned long long)st.parks);
	lb_sim_free(sim);
}

/*
 * ---- the wakers of one write resume in a drawn order (engine.c): seven
 * spinners of package 0 parked on one flag, written from package 1; the
 * order their re-reads are served in, by seed
 */
static uint32_t wake_flag __attribute__((aligned(64)));
static uint64_t wake_at[8];

static void wake_spinner(void *arg)
{
	lb_cond_load_acquire(&wake_flag, VAL == 1);
	wake_at[(uintptr_t)arg] = lb_sim_now_ns(sim);
}

static void wake_writer(void *arg)
{
	lb_pause_n(5000);	/* 10 us: every spinner parked */
	lb_store_release(&wake_flag, 1);
}

/* the seven spinners' CPUs in the order they saw the flag, as digits */
static unsigned long wake_order(uint64_t seed)
{
	unsigned long order = 0;
	bool done[8] = { false };

	wake_flag = 0;
	memset(wake_at, 0, sizeof(wake_at));
	sim = new_sim(0, seed);
	for (uintptr_t c = 1; c < 8; c++)
		lb_sim_thread(sim, (unsigned)c, wake_spinner, (void *)c);
	lb_sim_thread(sim, 8, wake_writer, NULL);
	CHECK(lb_sim_run(sim) == LB_SIM_DONE, "wake order, seed %llu: the run ends",
	      (unsigned long long)seed);
	lb_sim_free(sim);
	for (unsigned n = 0; n < 7; n++) {
		unsigned first = 0;

		for (unsigned c = 1; c < 8; c++)
			if (!done[c] && (!first || wake_at[c] < wake_at[first]))
				first = c;
		done[first] = true;
		order = order * 10 + first;
	}
	return order;
}

static void test_wake_order(void)
{
	unsigned long first = wake_order(1), again = wake_order(1), other = 0;
	unsigned differ = 0;

	CHECK(first == again, "wake order: seed 1 twice, %lu and %lu", first, again);
	/* without the draw every seed gave one order: the heap's tie-break, by CPU */
	for (uint64_t seed = 2; seed <= 8; seed++) {
		unsigned long o = wake_order(seed);

		differ += o != first;
		if (o != first)
			other = o;
	}
	CHECK(differ >= 5, "wake order: %u of 7 seeds differ from seed 1's %lu (one: %lu)", differ,
	      first, other);
}

/* ---- the store buffer: a store that misses costs its CPU a hit; an RMW drains */

static uint64_t sb_at[4], sb_val;

static void sb_releaser(void *arg)
{
	lb_pause_n(500000);			/* 1 ms */
	lb_store_release(&flag, 1);		/* the spinner's line, remote: done at +100 */
	sb_at[0] = lb_sim_now_ns(sim);
	lb_store_relaxed(&word[3][0], 7);	/* a line from memory: 80 */
	sb_at[1] = lb_sim_now_ns(sim);
	sb_val = lb_load_relaxed(&word[3][0]);	/* its own store's line: a hit */
	sb_at[2] = lb_sim_now_ns(sim);
	lb_fetch_add_full(&word[4][0], 1);	/* drains the buffer, then memory + rmw: 90 */
	sb_at[3] = lb_sim_now_ns(sim);
}

static void test_store_buffer(void)
{
	struct lb_sim_profile p = round_prof;
	struct lb_sim_stats st;

	for (unsigned n = 1; n <= 2; n++) {
		flag = 0;
		word[3][0] = 0;
		p.store_buffer = n;
		sim = new_sim_with(&p, 0, 1);
		lb_sim_thread(sim, 0, spinner, NULL);
		lb_sim_thread(sim, 8, sb_releaser, NULL);
		CHECK(lb_sim_run(sim) == LB_SIM_DONE, "store buffer %u: the run ends", n);
		lb_sim_stats(sim, &st);
		/* the spinner sees the store when it completes, as without a buffer */
		CHECK(t_at[4][0] == 1000200, "store buffer %u: the release seen at 1000200, got %llu",
		      n, (unsigned long long)t_at[4][0]);
		CHECK(sb_at[0] == 1000001, "store buffer %u: the releaser went on after a hit: %llu",
		      n, (unsigned long long)sb_at[0]);
		if (n == 1)
			/*
			 * one entry: the second store waits for the first's completion
			 * (1000100) and completes at 1000180; the RMW after it at
			 * 1000180 + 90
			 */
			CHECK(sb_at[1] == 1000101 && sb_at[2] == 1000102 && sb_at[3] == 1000270,
			      "one entry: 1000101, 1000102, 1000270: %llu %llu %llu",
			      (unsigned long long)sb_at[1], (unsigned long long)sb_at[2],
			      (unsigned long long)sb_at[3]);
		else
			/* two: the second goes at once but completes after the first (1000100) */
			CHECK(sb_at[1] == 1000002 && sb_at[2] == 1000003 && sb_at[3] == 1000190,
			      "two entries: 1000002, 1000003, 1000190: %llu %llu %llu",
			      (unsigned long long)sb_at[1], (unsigned long long)sb_at[2],
			      (unsigned long long)sb_at[3]);
		CHECK(sb_val == 7 && word[4][0] == n && st.posted == 2,
		      "store buffer %u: the load saw its store (%llu), %llu posted", n,
		      (unsigned long long)sb_val, (unsigned long long)st.posted);
		lb_sim_free(sim);
	}
}

/* ---- store-to-load forwarding: a wider read or RMW after a narrower store waits for it */

static union {
	uint32_t w;
	uint16_t h[2];
	uint8_t b[4];
} fw __attribute__((aligned(64)));
static uint64_t fw_at[7];

static void forwarder(void *arg)
{
	uint64_t t0;

	lb_store_relaxed(&fw.w, 0);		/* memory: 80 */
	lb_store_relaxed(&word[5][0], 0);	/* memory: 80 */
	lb_pause_n(10);				/* at 180 */
	t0 = lb_sim_now_ns(sim);
	lb_store_release(&fw.h[0], 1);		/* a hit: 1 */
	lb_fetch_add_full(&fw.w, 1u << 16);	/* waits to t0 + 20, then 1 + 10 */
	fw_at[0] = lb_sim_now_ns(sim) - t0;
	t0 = lb_sim_now_ns(sim);
	lb_store_release(&fw.w, 2);		/* the whole word: it forwards */
	lb_fetch_add_full(&fw.w, 1);
	fw_at[1] = lb_sim_now_ns(sim) - t0;
	t0 = lb_sim_now_ns(sim);
	lb_store_relaxed(&fw.w, 3);
	fw_at[2] = lb_load_relaxed(&fw.b[1]);	/* a byte of it: forwards */
	fw_at[3] = lb_sim_now_ns(sim) - t0;
	t0 = lb_sim_now_ns(sim);
	lb_store_relaxed(&fw.b[2], 4);
	lb_store_relaxed(&word[5][0], 1);	/* another line's, a hit: the byte's is remembered */
	fw_at[4] = lb_load_relaxed(&fw.w);	/* waits to t0 + 20, then a hit */
	fw_at[5] = lb_sim_now_ns(sim) - t0;
	t0 = lb_sim_now_ns(sim);
	lb_store_release(&fw.b[0], 0);		/* a hit: 1 */
	{
		uint32_t old = 0x00040000;	/* a compare-and-swap waits forward_cas_ns */

		lb_cmpxchg_acquire(&fw.w, &old, 1);
	}
	fw_at[6] = lb_sim_now_ns(sim) - t0;
}

static void test_forward(void)
{
	struct lb_sim_profile p = round_prof;
	struct lb_sim_stats st;

	p.forward_ns = 20;
	p.forward_cas_ns = 5;
	sim = new_sim_with(&p, 0, 1);
	lb_sim_thread(sim, 0, forwarder, NULL);
	CHECK(lb_sim_run(sim) == LB_SIM_DONE, "forwarding: the run ends");
	lb_sim_stats(sim, &st);
	CHECK(fw_at[0] == 31, "a half-word store, then an RMW of the word: 31 ns, got %llu",
	      (unsigned long long)fw_at[0]);
	CHECK(fw_at[1] == 12, "a word store, then an RMW of it: 12 ns, got %llu",
	      (unsigned long long)fw_at[1]);
	CHECK(fw_at[2] == 0 && fw_at[3] == 2, "a byte of a stored word: 2 ns, got %llu",
	      (unsigned long long)fw_at[3]);
	CHECK(fw_at[4] == 0x00040003 && fw_at[5] == 21,
	      "the word after a byte store and another line's: 21 ns, got %llu (%#llx)",
	      (unsigned long long)fw_at[5], (unsigned long long)fw_at[4]);
	CHECK(fw_at[6] == 16 && fw.w == 1,
	      "a byte store, then a compare-and-swap of the word: 5 + 11 = 16 ns, got %llu (%#x)",
	      (unsigned long long)fw_at[6], fw.w);
	CHECK(st.forward_stalls == 3, "three forwarding stalls, got %llu",
	      (unsigned long long)st.forward_stalls);
	lb_sim_free(sim);
	/* forward_ns 0: none */
	sim = new_sim(0, 1);
	lb_sim_thread(sim, 0, forwarder, NULL);
	CHECK(lb_sim_run(sim) == LB_SIM_DONE, "no forwarding cost: the run ends");
	lb_sim_stats(sim, &st);
	CHECK(fw_at[0] == 12 && fw_at[5] == 3 && fw_at[6] == 12 && st.forward_stalls == 0,
	      "forward_ns 0: 12, 3 and 12 ns, got %llu, %llu and %llu", (unsigned long long)fw_at[0],
	      (unsigned long long)fw_at[5], (unsigned long long)fw_at[6]);
	lb_sim_free(sim);
}

/* ---- a store hit's commit: the locked RMW after it drains it (commit_ns) */

static uint64_t cm_at[2];

static void committer(void *arg)
{
	uint64_t t0;

	lb_fetch_add_relaxed(&word[6][0], 1);	/* both lines come here */
	lb_store_relaxed(&word[7][0], 0);
	lb_fence_full();
	t0 = lb_sim_now_ns(sim);
	for (unsigned i = 0; i < 10; i++) {
		lb_fetch_add_relaxed(&word[6][0], 1);	/* 11 ns, from the last store's commit */
		lb_store_relaxed(&word[7][0], i);	/* a plain hit, 0.25 ns */
	}
	cm_at[0] = lb_sim_now_ns(sim) - t0;
	t0 = lb_sim_now_ns(sim);
	for (unsigned i = 0; i < 10; i++)	/* loads drain nothing */
		(void)lb_load_relaxed(&word[6][0]);
	cm_at[1] = lb_sim_now_ns(sim) - t0;
}

static void test_commit(void)
{
	struct lb_sim_profile p = round_prof;

	p.plain_hit_ns = 0.25;
	for (unsigned k = 0; k < 2; k++) {
		/* commit 5 ns: 11 + 9 x 16 + 0.25; commit 0: 10 x 11.25 */
		p.commit_ns = k ? 0 : 5;
		sim = new_sim_with(&p, 0, 1);
		lb_sim_thread(sim, 0, committer, NULL);
		CHECK(lb_sim_run(sim) == LB_SIM_DONE, "commit: the run ends");
		/* the loads: 2.5 ns from 155.25 or 112.5, in whole ns of the clock */
		CHECK(cm_at[0] == (k ? 112 : 155) && cm_at[1] == (k ? 3 : 2),
		      "commit_ns %g: 10 RMW-store pairs %llu ns (%u), 10 loads %llu (%u)", p.commit_ns,
		      (unsigned long long)cm_at[0], k ? 112 : 155, (unsigned long long)cm_at[1],
		      k ? 3 : 2);
		lb_sim_free(sim);
	}
}

/* a simulation of @p with @fn alone on CPU 0, run to its end (sim; the caller frees it) */
static void run_alone(const struct lb_sim_profile *p, void (*fn)(void *), const char *what)
{
	sim = new_sim_with(p, 0, 1);
	lb_sim_thread(sim, 0, fn, NULL);
	CHECK(lb_sim_run(sim) == LB_SIM_DONE, "%s: the run ends", what);
}

/* ---- a locked RMW's overlap with the work before it (rmw_overlap_pct) */

static uint64_t ov_at[4];

static void overlapper(void *arg)
{
	uint64_t t0;

	lb_fetch_add_relaxed(&word[6][0], 1);	/* both lines come here */
	(void)lb_load_relaxed(&word[7][0]);
	lb_fence_full();
	t0 = lb_sim_now_ns(sim);
	for (unsigned i = 0; i < 10; i++)	/* back to back: nothing before them */
		lb_fetch_add_relaxed(&word[6][0], 1);
	ov_at[0] = lb_sim_now_ns(sim) - t0;
	t0 = lb_sim_now_ns(sim);
	for (unsigned i = 0; i < 10; i++) {	/* 4 ns of plain hits before each */
		for (unsigned j = 0; j < 4; j++)
			(void)lb_load_relaxed(&word[7][0]);
		lb_fetch_add_relaxed(&word[6][0], 1);
	}
	ov_at[1] = lb_sim_now_ns(sim) - t0;
	t0 = lb_sim_now_ns(sim);
	for (unsigned i = 0; i < 10; i++) {	/* 12 ns: more than rmw_ns */
		for (unsigned j = 0; j < 12; j++)
			(void)lb_load_relaxed(&word[7][0]);
		lb_fetch_add_relaxed(&word[6][0], 1);
	}
	ov_at[2] = lb_sim_now_ns(sim) - t0;
	t0 = lb_sim_now_ns(sim);
	for (unsigned i = 0; i < 10; i++) {	/* a fence ends the work before, as an RMW does */
		lb_fence_full();
		lb_fetch_add_relaxed(&word[6][0], 1);
	}
	ov_at[3] = lb_sim_now_ns(sim) - t0;
}

static void test_overlap(void)
{
	struct lb_sim_profile p = round_prof;
	/* hit 1 + rmw 10 less pct of min(10, the plain time); fence 7 */
	static const uint64_t want[3][4] = {
		{ 110, 150, 230, 180 },		/* 0: 11, 4 + 11, 12 + 11, 7 + 11 */
		{ 110, 130, 180, 180 },		/* 50: 11, 4 + 9, 12 + 6, 7 + 11 */
		{ 110, 110, 130, 180 },		/* 100: 11, 4 + 7, 12 + 1, 7 + 11 */
	};

	for (unsigned k = 0; k < 3; k++) {
		p.rmw_overlap_pct = 50.0 * k;
		run_alone(&p, overlapper, "overlap");
		CHECK(memcmp(ov_at, want[k], sizeof(ov_at)) == 0,
		      "rmw_overlap_pct %g: %llu %llu %llu %llu ns, want %llu %llu %llu %llu",
		      p.rmw_overlap_pct, (unsigned long long)ov_at[0], (unsigned long long)ov_at[1],
		      (unsigned long long)ov_at[2], (unsigned long long)ov_at[3],
		      (unsigned long long)want[k][0], (unsigned long long)want[k][1],
		      (unsigned long long)want[k][2], (unsigned long long)want[k][3]);
		lb_sim_free(sim);
	}
}

/*
 * An RMW that hits hides all it costs beyond a plain hit, not only its
 * rmw_ns: with plain hits of 0.5 ns, 24 of them (12 ns) before each RMW
 * hide 10.5 of its 11 ns at 100% (12.5 ns an iteration; 13 if only rmw_ns
 * could hide), none at 0 (23)
 */
static void overlapper_hit(void *arg)
{
	uint64_t t0;

	lb_fetch_add_relaxed(&word[6][0], 1);
	(void)lb_load_relaxed(&word[7][0]);
	lb_fence_full();
	t0 = lb_sim_now_ns(sim);
	for (unsigned i = 0; i < 10; i++) {
		for (unsigned j = 0; j < 24; j++)
			(void)lb_load_relaxed(&word[7][0]);
		lb_fetch_add_relaxed(&word[6][0], 1);
	}
	ov_at[0] = lb_sim_now_ns(sim) - t0;
}

static void test_overlap_hit(void)
{
	struct lb_sim_profile p = round_prof;

	p.plain_hit_ns = 0.5;
	for (unsigned k = 0; k < 2; k++) {
		uint64_t want = k ? 125 : 230;

		p.rmw_overlap_pct = 100.0 * k;
		run_alone(&p, overlapper_hit, "overlap of a hit");
		CHECK(ov_at[0] == want, "rmw_overlap_pct %g, plain hits 0.5 ns: %llu ns, want %llu",
		      p.rmw_overlap_pct, (unsigned long long)ov_at[0], (unsigned long long)want);
		lb_sim_free(sim);
	}
}

/* ---- the measured loop's own work per operation (op_ns) */

static uint64_t op_at;

static void op_doer(void *arg)
{
	uint64_t t0 = lb_sim_now_ns(sim);

	for (unsigned i = 0; i < 10; i++)
		lb_sim_op();
	op_at = lb_sim_now_ns(sim) - t0;
}

static void test_op(void)
{
	struct lb_sim_profile p = round_prof;

	for (unsigned k = 0; k < 2; k++) {
		p.op_ns = k ? 0 : 2.5;
		run_alone(&p, op_doer, "op");
		CHECK(op_at == (k ? 0 : 25), "op_ns %g: 10 operations' own work %llu ns (%u)", p.op_ns,
		      (unsigned long long)op_at, k ? 0 : 25);
		lb_sim_free(sim);
	}
}

/* ---- plain hits: what a load or store that hits costs beside a locked RMW */

static uint64_t ph_at[3];

static void plain_hitter(void *arg)
{
	uint64_t t0;

	lb_store_relaxed(&word[6][0], 0);	/* memory: 80 */
	t0 = lb_sim_now_ns(sim);
	for (unsigned i = 0; i < 100; i++)
		lb_store_relaxed(&word[6][0], i);	/* plain hits */
	ph_at[0] = lb_sim_now_ns(sim) - t0;
	t0 = lb_sim_now_ns(sim);
	for (unsigned i = 0; i < 100; i++)
		lb_fetch_add_relaxed(&word[6][0], 1);	/* RMW hits: hit_ns + rmw_ns whatever */
	ph_at[1] = lb_sim_now_ns(sim) - t0;
}

static void test_plain_hits(void)
{
	struct lb_sim_profile p = round_prof;

	for (unsigned k = 0; k < 2; k++) {
		/* 0.25 ns, or 0: at least a third of a cycle (2 GHz: 167 ps) */
		p.plain_hit_ns = k ? 0 : 0.25;
		sim = new_sim_with(&p, 0, 1);
		lb_sim_thread(sim, 0, plain_hitter, NULL);
		CHECK(lb_sim_run(sim) == LB_SIM_DONE, "plain hits: the run ends");
		CHECK(ph_at[0] == (k ? 16 : 25) && ph_at[1] == 1100,
		      "plain_hit_ns %g: 100 stores %llu ns (%u), 100 RMWs %llu (1100)", p.plain_hit_ns,
		      (unsigned long long)ph_at[0], k ? 16 : 25, (unsigned long long)ph_at[1]);
		lb_sim_free(sim);
	}
}

/* ---- a park with a budget: back at a write, or at its end */

static uint32_t pword __attribute__((aligned(64)));
static uint64_t pu_at[4];

static void budget_spinner(void *arg)
{
	uint64_t end = lb_cycles() + 2 * 20000;	/* 20 us at 2 GHz */

	lb_load_relaxed(&pword);
	lb_sim_park_until(&pword, sizeof(pword), end);	/* nobody writes: back at 20 us */
	pu_at[0] = lb_sim_now_ns(sim);
	lb_load_relaxed(&pword);
	lb_sim_park_until(&pword, sizeof(pword), end + 2 * 100000);	/* written at 50 us */
	pu_at[1] = lb_sim_now_ns(sim);
	pu_at[2] = lb_load_relaxed(&pword);
	pu_at[3] = lb_sim_now_ns(sim);
	lb_sim_park_until(&pword, sizeof(pword), 1);	/* spent: back at once */
	pu_at[3] = lb_sim_now_ns(sim) - pu_at[3];
}

static void budget_writer(void *arg)
{
	lb_pause_n(25000);			/* 50 us */
	lb_store_relaxed(&pword, 9);
}

static void test_park_until(void)
{
	sim = new_sim(0, 1);
	lb_sim_thread(sim, 0, budget_spinner, NULL);
	lb_sim_thread(sim, 8, budget_writer, NULL);
	CHECK(lb_sim_run(sim) == LB_SIM_DONE, "park until: the run ends");
	CHECK(pu_at[0] == 20000, "no write: back at the budget's end, %llu ns",
	      (unsigned long long)pu_at[0]);
	CHECK(pu_at[1] >= 50000 && pu_at[1] < 50300 && pu_at[2] == 9,
	      "a write: back at it (%llu ns), seeing %llu", (unsigned long long)pu_at[1],
	      (unsigned long long)pu_at[2]);
	CHECK(pu_at[3] == 0, "a spent budget: back at once (%llu ns later)",
	      (unsigned long long)pu_at[3]);
	lb_sim_free(sim);
}

/* ---- time slices and owner running: two threads on one CPU */

static int on_cpu_other[2];
static __thread uintptr_t mine;		/* each simulated thread's own (lb_sim_thread_local()) */
static uintptr_t mine_seen[2];

static void slicer(void *arg)
{
	unsigned me = (unsigned)(uintptr_t)arg;

	mine_seen[me] = mine;			/* 7: the OS thread's at lb_sim_thread() */
	mine = me + 1;
	t_at[5][me] = lb_sim_now_ns(sim);	/* when it first ran */
	on_cpu_other[me] = lb_sim_on_cpu(sim, 1 - me) + 2 * lb_sim_on_cpu(sim, me);
	lb_pause_n(100000);			/* 200 us: split by the 100 us slices */
	t_at[5][2 + me] = lb_sim_now_ns(sim);
	mine_seen[me] += 10 * mine;		/* its own, though the other ran meanwhile */
}

static void test_slices(void)
{
	struct lb_sim_stats st;

	sim = new_sim(0, 1);
	mine = 7;
	CHECK(lb_sim_thread_local(sim, &mine, sizeof(mine)) == 0, "a thread-local region");
	lb_sim_thread(sim, 3, slicer, (void *)0);
	lb_sim_thread(sim, 3, slicer, (void *)1);
	CHECK(lb_sim_thread_local(sim, &mine, 1) == -1, "none after the first thread");
	CHECK(lb_sim_run(sim) == LB_SIM_DONE, "slices: the run ends");
	CHECK(mine == 7 && mine_seen[0] == 17 && mine_seen[1] == 27,
	      "thread-local: the OS thread's %llu back, the threads saw %llu and %llu",
	      (unsigned long long)mine, (unsigned long long)mine_seen[0],
	      (unsigned long long)mine_seen[1]);
	/* on its CPU 0-100 and 204-304, 102-202 and 306-406: 200 us each, one slice lost */
	CHECK(lb_sim_oncpu_ns(sim, 0) == 200000 && lb_sim_oncpu_ns(sim, 1) == 200000 &&
	      lb_sim_preempted(sim, 0) == 1 && lb_sim_preempted(sim, 1) == 1,
	      "on CPU %llu and %llu ns, preempted %llu and %llu times",
	      (unsigned long long)lb_sim_oncpu_ns(sim, 0), (unsigned long long)lb_sim_oncpu_ns(sim, 1),
	      (unsigned long long)lb_sim_preempted(sim, 0), (unsigned long long)lb_sim_preempted(sim, 1));
	lb_sim_stats(sim, &st);
	/* 0 runs 0-100 us; 1 from 102 (a switch: 2 us); 0 again at 204, and so on */
	CHECK(t_at[5][0] == 0 && t_at[5][1] == 102000, "first runs at %llu and %llu",
	      (unsigned long long)t_at[5][0], (unsigned long long)t_at[5][1]);
	CHECK(t_at[5][2] == 304000 && t_at[5][3] == 406000, "done at %llu and %llu",
	      (unsigned long long)t_at[5][2], (unsigned long long)t_at[5][3]);
	CHECK(st.preemptions == 2, "%llu preemptions", (unsigned long long)st.preemptions);
	CHECK(on_cpu_other[0] == 2 && on_cpu_other[1] == 2,
	      "each on its CPU, the other not: %d %d", on_cpu_other[0], on_cpu_other[1]);
	lb_sim_free(sim);
}

/* ---- the futex: a wake, a timeout, and a deadlock */

static uint32_t fword __attribute__((aligned(64)));
static long frc[4];
static int ferr[4];

static void waiter(void *arg)
{
	struct timespec ts = { 0, 50000 };	/* 50 us */

	frc[0] = lb_futex(&fword, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 0, NULL);
	t_at[6][0] = lb_sim_now_ns(sim);
	frc[1] = lb_futex(&fword, FUTEX_WAIT, 1, &ts);	/* nobody wakes it */
	ferr[1] = errno;
	t_at[6][1] = lb_sim_now_ns(sim);
	frc[2] = lb_futex(&fword, FUTEX_WAIT, 7, NULL);	/* the value differs */
	ferr[2] = errno;
}

static void waker(void *arg)
{
	lb_pause_n(5000);			/* 10 us */
	lb_store_relaxed(&fword, 1);
	t_at[6][2] = lb_sim_now_ns(sim);
	frc[3] = lb_futex(&fword, FUTEX_WAKE, 1, NULL);
	t_at[6][3] = lb_sim_now_ns(sim);
}

static void sleeper(void *arg)
{
	lb_futex(&fword, FUTEX_WAIT, 0, NULL);
}

static void stuck_spinner(void *arg)
{
	lb_cond_load_relaxed(&flag, VAL == 2);
}

static void test_futex(void)
{
	char buf[256];

	fword = 0;
	sim = new_sim(0, 1);
	lb_sim_thread(sim, 0, waiter, NULL);
	lb_sim_thread(sim, 1, waker, NULL);
	CHECK(lb_sim_run(sim) == LB_SIM_DONE, "futex: the run ends");
	CHECK(frc[0] == 0 && frc[3] == 1, "woken: wait %ld, wake %ld", frc[0], frc[3]);
	/* woken at the end of the wake's system call (400 ns) plus the wake-up (3000) */
	CHECK(t_at[6][0] == t_at[6][3] + 3000, "the waiter runs at %llu, the wake ended at %llu",
	      (unsigned long long)t_at[6][0], (unsigned long long)t_at[6][3]);
	CHECK(frc[1] == -1 && ferr[1] == ETIMEDOUT, "timed out: %ld, errno %d", frc[1], ferr[1]);
	/* 500 (system call) + 5 (the word, from the waker, its SMT sibling) + 50 us + the wake-up */
	CHECK(t_at[6][1] == t_at[6][0] + 500 + 5 + 50000 + 3000, "the timeout at %llu",
	      (unsigned long long)t_at[6][1]);
	CHECK(frc[2] == -1 && ferr[2] == EAGAIN, "value differs: %ld, errno %d", frc[2], ferr[2]);
	lb_sim_free(sim);

	fword = 0;
	flag = 0;
	sim = new_sim(0, 1);
	lb_sim_thread(sim, 0, sleeper, NULL);
	lb_sim_thread(sim, 9, stuck_spinner, NULL);
	CHECK(lb_sim_run(sim) == LB_SIM_DEADLOCK, "every thread blocked: a deadlock");
	lb_sim_blocked(sim, buf, sizeof(buf));
	CHECK(strstr(buf, "thread 0 (CPU 0): sleeps on futex") &&
	      strstr(buf, "thread 1 (CPU 9): spins on line"), "the report: %s", buf);
	lb_sim_free(sim);
}

/* ---- determinism and jitter: a contended counter with pauses */

static uint64_t counter __attribute__((aligned(64)));

static void hammer(void *arg)
{
	for (int i = 0; i < 200; i++) {
		lb_fetch_add_full(&counter, 1);
		lb_pause_n(10);
	}
	t_at[7][(uintptr_t)arg] = lb_sim_now_ns(sim);
}

static uint64_t hammer_run(double jitter, uint64_t seed)
{
	uint64_t h = 0;

	sim = new_sim(jitter, seed);
	for (uintptr_t i = 0; i < 8; i++)
		lb_sim_thread(sim, (unsigned)(i * 2), hammer, (void *)i);
	lb_sim_run(sim);
	for (int i = 0; i < 8; i++)
		h = h * 1000003 + t_at[7][i];
	lb_sim_free(sim);
	return h;
}

static void test_determinism(void)
{
	uint64_t a = hammer_run(2, 42), b = hammer_run(2, 42), c = hammer_run(2, 43);
	uint64_t d = hammer_run(0, 42), e = hammer_run(0, 43);

	CHECK(a == b, "the same seed, the same times");
	CHECK(a != c, "another seed, other times (jitter 2%%)");
	CHECK(d == e, "without jitter the seed does not matter");
	CHECK(counter == 5 * 8 * 200, "every add ran: %llu", (unsigned long long)counter);
}

/* ---- the profile format */

static void test_profile(void)
{
	char path[] = "/tmp/lb-test-sim-XXXXXX", why[512];
	struct lb_sim_profile p = { 0 }, q;
	const struct lb_sim_profile *w = lb_sim_profile_builtin("westmere-ex-8s80c");
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	CHECK(w && lb_sim_profile_builtin("build-vm-2c") && !lb_sim_profile_builtin("nope"),
	      "built-in profiles by saved machine");
	for (const char *const *n = lb_sim_profile_names(); *n; n++)
		CHECK(lb_sim_profile_builtin(*n) != NULL, "listed %s", *n);
	if (!f || !w)
		return;
	lb_sim_profile_write(f, w, "a test");
	fclose(f);
	CHECK(lb_sim_profile_load(path, &p, why, sizeof(why)) == 0, "read back: %s", why);
	CHECK(memcmp(&p, w, sizeof(p)) == 0, "what was written is what is read");
	f = fopen(path, "w");
	fprintf(f, "# three costs\nremote_ns 250  # a slower link\n\nslice_ns 1e6\n"
		"hold_skip_pct 37.5\n");
	fclose(f);
	q = *w;
	CHECK(lb_sim_profile_load(path, &q, why, sizeof(why)) == 0 && q.remote_ns == 250 &&
	      q.slice_ns == 1e6 && q.hold_skip_pct == 37.5 && q.l3_ns == w->l3_ns &&
	      q.store_buffer == 32 && w->hold_skip_pct == 0 && q.hold_random == 1,
	      "a partial file changes its keys only");
	static const char *const bad[][2] = {
		{ "hit_ns 1\nbogus 3\n", ":2: unknown key 'bogus'" },
		{ "l3_ns -4\n", ":1: key 'l3_ns': '-4' is not a number >= 0" },
		{ "ghz 0\n", ":1: key 'ghz': '0' is not a number > 0" },
		{ "pause_ns 1\npause_ns 2\n", ":2: key 'pause_ns' given twice" },
		{ "\nmemory_ns\n", ":2: key 'memory_ns' has no value" },
		{ "rmw_ns 3 4\n", ":1: key 'rmw_ns': one value expected" },
		{ "remote_distance 5\n", ":1: key 'remote_distance': '5' is not a number >= 10" },
		{ "store_buffer 1.5\n",
		  ":1: key 'store_buffer': '1.5' is not a whole number from 0 to 128" },
		{ "store_buffer 129\n",
		  ":1: key 'store_buffer': '129' is not a whole number from 0 to 128" },
		{ "hold_skip_pct 100.5\n",
		  ":1: key 'hold_skip_pct': '100.5' is not a number from 0 to 100" },
		{ "hold_skip_pct -1\n", ":1: key 'hold_skip_pct': '-1' is not a number >= 0" },
		{ "hold_random 2\n", ":1: key 'hold_random': '2' is not a whole number from 0 to 1" },
		{ "hold_random 0.5\n",
		  ":1: key 'hold_random': '0.5' is not a whole number from 0 to 1" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		f = fopen(path, "w");
		fputs(bad[i][0], f);
		fclose(f);
		q = *w;
		why[0] = '\0';
		CHECK(lb_sim_profile_load(path, &q, why, sizeof(why)) == -1 &&
		      strncmp(why, path, strlen(path)) == 0 && strstr(why, bad[i][1]) &&
		      !strchr(why, '\n') && memcmp(&q, w, sizeof(q)) == 0,
		      "bad file %zu: \"%s\"", i, why);
	}
	unlink(path);
}

/* ---- the machine from a placement's PUs */

static void test_machine(void)
{
	struct lb_pu pus[4] = {
		{ .core_l = 7, .package_l = 1, .numa_os = 3, .smt_rank = 0, .l3_l = 2 },
		{ .core_l = 7, .package_l = 1, .numa_os = 3, .smt_rank = 1, .l3_l = 2 },
		{ .core_l = 2, .package_l = 0, .numa_os = 0, .smt_rank = 0, .l3_l = -1 },
		{ .core_l = 9, .package_l = 1, .numa_os = 4, .smt_rank = 0, .l3_l = 2 },
	};
	unsigned dist[5 * 5] = { 0 };
	struct lb_sim_machine m;
	char why[128];

	dist[3 * 5 + 0] = 31;
	CHECK(lb_sim_machine_from_pus(&m, pus, 4, dist, 5, why, sizeof(why)) == 0, "%s", why);
	CHECK(m.ncpus == 4 && m.nnodes == 3 && m.cpu[0].core == m.cpu[1].core &&
	      m.cpu[1].smt == 1 && m.cpu[2].l3 == -1 && m.cpu[2].package == 1 &&
	      m.cpu[3].node == 2 && m.node_os[2] == 4, "dense indexes");
	/* the given pair, then the defaults: same package 11, another 20 */
	CHECK(m.dist[0 * 3 + 1] == 31 && m.dist[1 * 3 + 0] == 20 && m.dist[0 * 3 + 2] == 11 &&
	      m.dist[2 * 3 + 2] == 10, "distances %u %u %u", m.dist[1], m.dist[3], m.dist[2]);
	lb_sim_machine_free(&m);
	CHECK(lb_sim_machine_shape(&m, 2, 3, 1, 1, 2, why, sizeof(why)) == -1,
	      "3 L3 groups do not split into 2 nodes");
}

/* the saved 8-socket Westmere-EX through hwloc, placed socket by socket */
static void test_saved_machine(void)
{
	struct lb_pu *pus = NULL;
	struct lb_sim_machine m;
	unsigned n = 0, *dist, dn;
	char why[256] = "";

	if (lb_topo_load("westmere-ex-8s80c", why, sizeof(why)) ||
	    lb_topo_place(LB_PLACE_SOCKET, NULL, false, &pus, &n, why, sizeof(why))) {
		CHECK(0, "westmere-ex-8s80c: %s", why);
		return;
	}
	CHECK(lb_topo_numa_distances(&dist, &dn) == -1 && !dist, "the saved XML has no distances");
	CHECK(lb_sim_machine_from_pus(&m, pus, n, NULL, 0, why, sizeof(why)) == 0, "%s", why);
	CHECK(m.ncpus == 80 && m.nnodes == 8 && m.cpu[9].package == 0 && m.cpu[10].package == 1 &&
	      m.cpu[0].l3 == m.cpu[9].l3 && m.cpu[0].l3 != m.cpu[10].l3 &&
	      m.cpu[79].node == 7 && m.dist[0 * 8 + 7] == 20 && m.dist[3 * 8 + 3] == 10,
	      "80 CPUs, 8 packages and nodes, one L3 each: %s", m.name);
	lb_sim_machine_free(&m);
	free(pus);
	lb_topo_fini();
}

int main(void)
{
	char why[128];

	if (lb_sim_machine_shape(&mach, 2, 2, 2, 2, 1, why, sizeof(why))) {
		fprintf(stderr, "%s\n", why);
		return 1;
	}
	test_costs();
	test_queue();
	test_l3_reads();
	test_hot_tie();
	test_hold();
	test_hold_skip();
	test_store_hold();
	test_hold_fit();
	test_hold_fifo();
	test_park();
	test_wake_order();
	test_store_buffer();
	test_forward();
	test_plain_hits();
	test_commit();
	test_overlap();
	test_overlap_hit();
	test_op();
	test_park_until();
	test_slices();
	test_futex();
	test_determinism();
	test_profile();
	test_machine();
	test_saved_machine();
	lb_sim_machine_free(&mach);
	return check_done();
}

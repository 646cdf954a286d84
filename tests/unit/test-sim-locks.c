// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-sim-locks.c - real lock files in virtual time: the copies of
 * locks/ticket.c, mcs.c, qspinlock.c and busted.c that the build compiles
 * a second time with -DLB_SIM (with the checked critical sections of
 * src/harness/check.c, locks/local.mk), found through lb_sim_lock_find(),
 * run their own measured loops (.loop, LB_LOCK_LOOP) as the harness would
 * set them up (setup.c's lb_loop_args()), one simulated thread per CPU,
 * for a fixed virtual time.
 *
 * Asserted exactly (a simulated figure is deterministic): the same seed
 * gives the same operation counts; on Westmere-EX's shape (8 packages of
 * 10 cores, its built-in profile, threads filling one package before the
 * next) ticket's throughput with a critical section of 5 pauses (20 ns;
 * with an empty one the lock word's line sets the pace, and mcs, two
 * locked instructions an operation on its tail's line, stays below ticket)
 * rises to a knee and falls as the threads grow to 80, ending
 * below half its peak, while mcs's stays within the remote hand-off cost
 * and ends at least twice ticket's (the shape of Boyd-Wickizer et al.,
 * "Non-scalable locks are dangerous", Linux Symposium 2012); every lock
 * keeps exclusion under the checked loop, oversubscribed too, and busted
 * is caught; a hold drawn per miss (mem.c) lets a waiter find the lock
 * held where a fixed one does not.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "harness/loop.h"
#include "locks/lock.h"
#include "locks/registry.h"
#include "sim/sim.h"

/* the simulator's copies of the locks (lb_sim_lock_find()) */
static const struct lb_lock_ops *sim_ticket, *sim_mcs, *sim_qspinlock, *sim_busted;

#define MAXT 96

struct worker {
	struct lb_loop l;
	struct lb_tctx t;
	uint64_t ctr[LB_LOCK_MAX_COUNTERS] LB_ALIGNED;
	uint64_t ops LB_ALIGNED;
	const struct lb_lock_ops *lock_ops;
};

/* one point: what the harness would set up, and what came out */
struct point {
	const struct lb_lock_ops *ops;
	const struct lb_sim_machine *m;
	const struct lb_sim_profile *p;
	unsigned nthreads;
	uint64_t load, delay;
	uint64_t duration_ns;
	uint64_t seed;
	double jitter;
	bool validate;
	/* out */
	enum lb_sim_end end;
	uint64_t done[MAXT], total;
	double mops;		/* operations per virtual microsecond: Mops/s */
	int violation;
	char what[256];
	struct lb_sim_stats st;
};

static struct worker workers[MAXT];
static struct lb_tctx *peers[MAXT];
static void *peer_priv[MAXT];
static uint32_t stop LB_ALIGNED;
static struct lb_check chk;

static void run_worker(void *arg)
{
	struct worker *w = arg;

	w->lock_ops->loop(&w->l);
}

/* the deadline: the harness's watch raises stop */
static void deadline(struct lb_sim *s, void *arg)
{
	lb_store_relaxed(&stop, 1);
	lb_sim_external_write(s, &stop, sizeof(stop));
}

static void *alloc_lock(const struct lb_lock_ops *ops, unsigned nthreads)
{
	uint64_t opts[16] = { 0 };
	size_t size = (ops->lock_size + LB_CACHELINE - 1) / LB_CACHELINE * LB_CACHELINE;
	void *lock = aligned_alloc(LB_CACHELINE, size);
	struct lb_lock_cfg cfg = { .nthreads = nthreads, .ndomains = 1, .opts = opts,
				   .tsc_per_ns = 2.4, .pause_ns = 4 };

	memset(lock, 0, size);
	for (unsigned i = 0; ops->options && ops->options[i].name; i++)
		opts[i] = ops->options[i].def;
	if (ops->init && ops->init(lock, &cfg)) {
		free(lock);
		return NULL;
	}
	return lock;
}

static void setup_workers(struct point *pt, void *lock)
{
	const struct lb_lock_ops *ops = pt->ops;
	size_t psize = (ops->tctx_size + LB_CACHELINE - 1) / LB_CACHELINE * LB_CACHELINE;

	for (unsigned i = 0; i < pt->nthreads; i++) {
		struct worker *w = &workers[i];

		memset(w, 0, sizeof(*w));
		peer_priv[i] = psize ? aligned_alloc(LB_CACHELINE, psize) : NULL;
		if (psize)
			memset(peer_priv[i], 0, psize);
		peers[i] = &w->t;
		w->lock_ops = ops;
		w->t = (struct lb_tctx){ .tid = i, .nthreads = pt->nthreads, .priv = peer_priv[i],
					 .ctr = w->ctr, .cpu = (int)(i % pt->m->ncpus),
					 .peers = peers, .peer_priv = peer_priv, .ndomains = 1 };
		/* loop_args() in harness.c, for fixed time */
		w->l = (struct lb_loop){
			.lock = lock, .t = &w->t, .nops = UINT64_MAX, .load = pt->load,
			.delay = pt->delay, .period = 1, .nreads = 0, .timed = true,
			.stop = &stop, .ops = &w->ops, .lat_every = 1,
			.stop_every = pt->nthreads > pt->m->ncpus ? 1 : LB_STOP_EVERY,
			.chk = pt->validate ? &chk : NULL,
		};
	}
}

static void run_point(struct point *pt)
{
	char why[256] = "";
	struct lb_sim *s = lb_sim_new(pt->m, pt->p, pt->seed, pt->jitter, why, sizeof(why));
	void *lock = alloc_lock(pt->ops, pt->nthreads);

	CHECK(s && lock, "set-up: %s", why);
	if (!s || !lock)
		exit(1);
	stop = 0;
	memset(&chk, 0, sizeof(chk));
	chk.stop = &stop;
	chk.lock = lock;
	chk.is_locked = pt->ops->is_locked;
	chk.trylock = pt->ops->trylock;
	setup_workers(pt, lock);
	for (unsigned i = 0; i < pt->nthreads; i++)
		lb_sim_thread(s, i % pt->m->ncpus, run_worker, &workers[i]);
	lb_sim_at(s, pt->duration_ns, deadline, NULL);
	pt->end = lb_sim_run(s);
	lb_sim_stats(s, &pt->st);
	pt->total = 0;
	for (unsigned i = 0; i < pt->nthreads; i++) {
		pt->done[i] = workers[i].l.done;
		pt->total += workers[i].l.done;
		free(peer_priv[i]);
	}
	pt->mops = (double)pt->total / ((double)pt->duration_ns / 1000);
	pt->violation = chk.violation;
	memcpy(pt->what, chk.what, sizeof(pt->what));
	lb_sim_free(s);
	free(lock);
}

static struct lb_sim_machine westmere, twosocket, tiny;

/*
 * same seed, same counts; another seed with jitter, other counts (2 pauses
 * between operations: with 20, 1.2 us, the twelve threads rarely contend,
 * the counts are the delay's, and with drawn holds two seeds gave the same)
 */
static void test_determinism(void)
{
	struct point a = { .ops = sim_ticket, .m = &twosocket,
			   .p = lb_sim_profile_builtin("skylake-2s40c80t"), .nthreads = 12,
			   .delay = 2, .duration_ns = 200000, .seed = 7, .jitter = 2 };
	struct point b = a, c = a;

	c.seed = 8;
	run_point(&a);
	run_point(&b);
	run_point(&c);
	CHECK(a.end == LB_SIM_DONE && a.total > 100, "ticket ran: %llu ops",
	      (unsigned long long)a.total);
	CHECK(memcmp(a.done, b.done, sizeof(a.done)) == 0 && a.st.accesses == b.st.accesses,
	      "the same seed: identical ops counts (%llu, %llu)", (unsigned long long)a.total,
	      (unsigned long long)b.total);
	CHECK(memcmp(a.done, c.done, sizeof(a.done)) != 0, "another seed: other counts");
}

static const unsigned sweep_threads[] = { 1, 2, 4, 6, 8, 10, 16, 20, 32, 40, 48, 64, 80 };
#define NSWEEP (sizeof(sweep_threads) / sizeof(sweep_threads[0]))

static void sweep(const struct lb_lock_ops *ops, double *mops, uint64_t *accesses)
{
	for (unsigned i = 0; i < NSWEEP; i++) {
		struct point pt = { .ops = ops, .m = &westmere,
				    .p = lb_sim_profile_builtin("westmere-ex-8s80c"),
				    .nthreads = sweep_threads[i], .load = 5, .delay = 100,
				    .duration_ns = 2000000, .seed = 1, .jitter = 2 };

		run_point(&pt);
		CHECK(pt.end == LB_SIM_DONE, "%s at %u threads ends", ops->name, pt.nthreads);
		mops[i] = pt.mops;
		*accesses += pt.st.accesses;
	}
}

/* the 2012 paper's shape on the 80-core Westmere-EX */
static void test_collapse(void)
{
	double tk[NSWEEP], mc[NSWEEP], peak = 0;
	double remote = lb_sim_profile_builtin("westmere-ex-8s80c")->remote_ns;
	uint64_t acc = 0;
	unsigned at = 0;

	sweep(sim_ticket, tk, &acc);
	sweep(sim_mcs, mc, &acc);
	printf("# threads ticket-Mops/s mcs-Mops/s (westmere-ex-8s80c, load 5, delay 100)\n");
	for (unsigned i = 0; i < NSWEEP; i++) {
		printf("%u %.3f %.3f\n", sweep_threads[i], tk[i], mc[i]);
		if (tk[i] > peak) {
			peak = tk[i];
			at = i;
		}
	}
	printf("# %llu accesses simulated\n", (unsigned long long)acc);
	CHECK(at > 0 && at < NSWEEP - 1 && tk[at] > tk[0],
	      "ticket rises to a knee (at %u threads, %.2f Mops/s) and falls", sweep_threads[at],
	      peak);
	CHECK(tk[NSWEEP - 1] < peak / 2, "ticket at 80 threads %.2f, under half its peak %.2f",
	      tk[NSWEEP - 1], peak);
	CHECK(mc[NSWEEP - 1] >= 2 * tk[NSWEEP - 1], "mcs at 80 threads %.2f, twice ticket's %.2f",
	      mc[NSWEEP - 1], tk[NSWEEP - 1]);
	/* mcs's hand-off is O(1) remote transfers: at most four per operation at 80 threads */
	CHECK(mc[NSWEEP - 1] >= 1000.0 / (4 * remote), "mcs at 80 threads %.2f Mops/s: at most "
	      "4 remote transfers (%g ns) an operation", mc[NSWEEP - 1], remote);
}

/*
 * a hold that covers a whole mcs acquire and release (80 ns on the build
 * VM's profile, two threads, an empty critical section): held for exactly
 * that, it ends at the same point of the holder's cycle every time, the
 * waiter's swap finds the queue empty and the two alternate runs without
 * ever queueing; drawn (mem.c), the waiter finds the lock held and queues
 */
static void test_drawn_hold(void)
{
	struct lb_sim_profile p = *lb_sim_profile_builtin("build-vm-2c");
	uint64_t queued[2];

	p.hold_ns = 80;
	for (unsigned r = 0; r < 2; r++) {
		struct point pt = { .ops = sim_mcs, .m = &tiny, .p = &p, .nthreads = 2,
				    .duration_ns = 2000000, .seed = 1, .jitter = 2 };

		p.hold_random = r;
		run_point(&pt);
		queued[r] = workers[0].ctr[0] + workers[1].ctr[0];
		CHECK(pt.end == LB_SIM_DONE && pt.total > 1000, "mcs, hold %s: %llu ops, %llu "
		      "queued", r ? "drawn" : "fixed", (unsigned long long)pt.total,
		      (unsigned long long)queued[r]);
		if (r)
			CHECK(queued[r] > pt.total / 2, "a drawn hold: %llu of %llu queued",
			      (unsigned long long)queued[r], (unsigned long long)pt.total);
	}
	CHECK(queued[0] == 0, "a fixed hold: %llu queued", (unsigned long long)queued[0]);
}

/* exclusion under the checked loop, and busted caught */
static void test_validate(void)
{
	const struct lb_lock_ops *good[] = { sim_ticket, sim_mcs, sim_qspinlock };
	const unsigned counts[] = { 2, 5, 16 };

	for (unsigned i = 0; i < 3; i++) {
		for (unsigned k = 0; k < 3; k++) {
			struct point pt = { .ops = good[i], .m = &twosocket,
					    .p = lb_sim_profile_builtin("skylake-2s40c80t"),
					    .nthreads = counts[k], .load = 3, .delay = 5,
					    .duration_ns = 300000, .seed = 3, .jitter = 2,
					    .validate = true };

			run_point(&pt);
			CHECK(pt.end == LB_SIM_DONE && !pt.violation && pt.total > 20,
			      "%s at %u threads: %llu ops, %s", good[i]->name, counts[k],
			      (unsigned long long)pt.total, pt.violation ? pt.what : "exclusive");
		}
		/* oversubscribed: 4 threads on 2 CPUs, time slices */
		struct point ov = { .ops = good[i], .m = &tiny, .p = lb_sim_profile_builtin("build-vm-2c"),
				    .nthreads = 4, .load = 3, .delay = 5, .duration_ns = 20000000,
				    .seed = 3, .validate = true };

		run_point(&ov);
		CHECK(ov.end == LB_SIM_DONE && !ov.violation && ov.st.preemptions > 0 &&
		      ov.done[0] && ov.done[1] && ov.done[2] && ov.done[3],
		      "%s oversubscribed: %llu ops, %llu preemptions, %s", good[i]->name,
		      (unsigned long long)ov.total, (unsigned long long)ov.st.preemptions,
		      ov.violation ? ov.what : "exclusive");
	}
	struct point bad = { .ops = sim_busted, .m = &twosocket,
			     .p = lb_sim_profile_builtin("skylake-2s40c80t"), .nthreads = 4,
			     .duration_ns = 300000, .seed = 3, .validate = true };

	run_point(&bad);
	CHECK(bad.end == LB_SIM_DONE && bad.violation, "busted caught: %s", bad.what);
}

int main(void)
{
	char why[128];

	if (lb_sim_machine_shape(&westmere, 8, 1, 10, 1, 1, why, sizeof(why)) ||
	    lb_sim_machine_shape(&twosocket, 2, 1, 8, 1, 1, why, sizeof(why)) ||
	    lb_sim_machine_shape(&tiny, 1, 1, 2, 1, 1, why, sizeof(why))) {
		fprintf(stderr, "%s\n", why);
		return 1;
	}
	sim_ticket = lb_sim_lock_find("ticket");
	sim_mcs = lb_sim_lock_find("mcs");
	sim_qspinlock = lb_sim_lock_find("qspinlock");
	sim_busted = lb_sim_lock_find("busted");
	if (!sim_ticket || !sim_mcs || !sim_qspinlock || !sim_busted) {
		fprintf(stderr, "a simulator copy is missing\n");
		return 1;
	}
	test_determinism();
	test_validate();
	test_collapse();
	test_drawn_hold();
	lb_sim_machine_free(&westmere);
	lb_sim_machine_free(&twosocket);
	lb_sim_machine_free(&tiny);
	return check_done();
}

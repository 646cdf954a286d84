// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * c2c.c - core-to-core cache-line round trip (--c2c)
 *
 * A "ping" thread on CPU a and a "pong" thread on CPU b share one cache
 * line holding a sequence number. Ping stores an odd number and waits for
 * the next even one; pong waits for the odd number and stores the even one.
 * Each store must take the line from the other CPU, so one round trip is
 * two line transfers, as a lock hand-off and its return are. A sample is
 * the mean of LB_C2C_BATCH round trips timed with the cycle counter (the
 * counter's quantum on the build VM is about 10 ns); the report gives the
 * minimum, median and 90th percentile of the samples, after a warm-up.
 *
 * Then the two threads contend for one line with fetch-adds, each noting
 * the value it got: the counter's values then say which CPU did each add,
 * and the mean length of the runs of adds by one CPU in a row is how long
 * a line stays with the CPU it came to before the other one's request
 * takes it (a run of 1: at once). The first and last tenth of the values
 * (one CPU started or finished first) and runs over LB_C2C_RUN_MAX (the
 * other was not running) are left out. The simulator's hold_ns is fitted
 * to it (plan/simulate.c).
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "measure/c2c.h"
#include "base/clock.h"
#include "base/lb-atomic.h"
#include "measure/statistics.h"

#define LB_C2C_BATCH	100	/* round trips per timed sample */
#define LB_C2C_SAMPLES	1000	/* timed samples per pair */
#define LB_C2C_WARMUP	100	/* samples thrown away first */
#define LB_C2C_STOP	UINT32_MAX
#define LB_C2C_RUN_OPS	100000	/* fetch-adds per CPU in the run phase */
#define RUN_LO	(LB_C2C_RUN_OPS / 10)	/* the adds between which it is timed */
#define RUN_HI	(LB_C2C_RUN_OPS - LB_C2C_RUN_OPS / 10)
#define LB_C2C_PROBE_WARMUP	2	/* lb_c2c_probe(): samples thrown away */
#define LB_C2C_PROBE_SAMPLES	9	/* and timed (about 0.1 to 0.4 ms in all on the build VM) */

struct c2c_pair {
	uint32_t seq LB_ALIGNED;	/* the line that travels */
	uint32_t ready LB_ALIGNED;	/* pong is pinned and waiting */
	const struct lb_pu *a, *b;
	double *sample;			/* cycles per round trip, LB_C2C_SAMPLES */
	int err;
	uint32_t ctr LB_ALIGNED;	/* the run phase's counter */
	uint32_t *got[2];		/* the values each CPU's fetch-adds returned, or NULL: none */
	uint64_t mark[2][2];		/* each CPU's cycle counter just before its adds RUN_LO and RUN_HI */
	unsigned warmup, samples;	/* LB_C2C_WARMUP and _SAMPLES, or a probe's */
};

static int pin(pthread_attr_t *attr, const struct lb_pu *pu)
{
	pthread_attr_init(attr);
	return lb_topo_attr_affinity(attr, pu);
}

/* the run phase on one CPU: wait for the other, then LB_C2C_RUN_OPS fetch-adds */
static void run_phase(struct c2c_pair *p, unsigned me)
{
	uint32_t *got = p->got[me];

	/* both ready: each adds 1, then waits for the other's */
	lb_fetch_add_full(&p->ready, 1);
	while (lb_load_acquire(&p->ready) < 3)
		lb_cpu_relax();
	for (unsigned i = 0; i < LB_C2C_RUN_OPS; i++) {
		if (i == RUN_LO || i == RUN_HI)
			p->mark[me][i == RUN_HI] = lb_cycles_fenced();
		got[i] = lb_fetch_add_full(&p->ctr, 1);
	}
}

/*
 * ns per add of the two CPUs together while both ran: each CPU's time from
 * its add RUN_LO to its add RUN_HI over how far the counter moved between
 * them (both CPUs' adds), the mean of the two
 */
static double add_ns(const struct c2c_pair *p)
{
	double sum = 0;

	for (unsigned c = 0; c < 2; c++) {
		uint32_t moved = p->got[c][RUN_HI] - p->got[c][RUN_LO];

		if (!moved || p->mark[c][1] <= p->mark[c][0])
			return 0;
		sum += (double)(p->mark[c][1] - p->mark[c][0]) / lb_clock.tsc_per_ns / moved;
	}
	return sum / 2;
}

static void *pong(void *arg)
{
	struct c2c_pair *p = arg;
	uint32_t want = 1;

	if (lb_topo_bind_self(p->b))
		p->err = -EINVAL;
	lb_store_release(&p->ready, 1);
	for (;;) {
		/* acquire: pairs with ping's release store of the odd number */
		uint32_t s = lb_load_acquire(&p->seq);

		if (s == LB_C2C_STOP) {
			if (!p->err && p->got[1])
				run_phase(p, 1);
			break;
		}
		if (s != want) {
			lb_cpu_relax();
			continue;
		}
		/* release: ping's acquire wait sees it */
		lb_store_release(&p->seq, want + 1);
		want += 2;
	}
	return NULL;
}

static void *ping(void *arg)
{
	struct c2c_pair *p = arg;
	uint32_t next = 1;

	if (lb_topo_bind_self(p->a)) {
		p->err = -EINVAL;
		lb_store_release(&p->seq, LB_C2C_STOP);
		return NULL;
	}
	while (!lb_load_acquire(&p->ready))
		lb_cpu_relax();
	for (unsigned s = 0; s < p->warmup + p->samples; s++) {
		uint64_t t0 = lb_cycles_fenced(), t1;

		for (unsigned k = 0; k < LB_C2C_BATCH; k++, next += 2) {
			/* release: pong's acquire wait sees it */
			lb_store_release(&p->seq, next);
			/* acquire: pairs with pong's release store of the even number */
			while (lb_load_acquire(&p->seq) != next + 1)
				lb_cpu_relax();
		}
		t1 = lb_cycles_fenced();
		if (s >= p->warmup)
			p->sample[s - p->warmup] = (double)(t1 - t0) / LB_C2C_BATCH;
	}
	lb_store_release(&p->seq, LB_C2C_STOP);
	if (!p->err && p->got[0])
		run_phase(p, 0);
	return NULL;
}

double lb_c2c_run_mean(uint32_t *const got[2], unsigned n_each)
{
	unsigned n = 2 * n_each, lo = n / 10, hi = n - n / 10;
	unsigned char *who = malloc(n);
	unsigned long runs = 0, ops = 0;
	unsigned len = 1;

	if (!who)
		return 0;
	memset(who, 2, n);
	for (unsigned c = 0; c < 2; c++)
		for (unsigned i = 0; i < n_each; i++)
			if (got[c][i] < n)
				who[got[c][i]] = (unsigned char)c;
	for (unsigned v = lo + 1; v <= hi; v++) {
		if (v < hi && who[v] == who[v - 1]) {
			len++;
			continue;
		}
		if (len <= LB_C2C_RUN_MAX) {
			runs++;
			ops += len;
		}
		len = 1;
	}
	free(who);
	return runs ? (double)ops / runs : 0;
}

/* the pair's threads: pong on p->b, ping on p->a; 0 or -errno */
static int pair_run(struct c2c_pair *p)
{
	pthread_attr_t attr;
	pthread_t tping, tpong;
	int err;

	err = pin(&attr, p->b);
	if (!err)
		err = -pthread_create(&tpong, &attr, pong, p);
	pthread_attr_destroy(&attr);
	if (err)
		return err;
	err = pin(&attr, p->a);
	if (!err)
		err = -pthread_create(&tping, &attr, ping, p);
	pthread_attr_destroy(&attr);
	if (err) {
		lb_store_release(&p->seq, LB_C2C_STOP);
		pthread_join(tpong, NULL);
		return err;
	}
	pthread_join(tping, NULL);
	pthread_join(tpong, NULL);
	return p->err;
}

static void pair_free(struct c2c_pair *p)
{
	free(p->got[0]);
	free(p->got[1]);
	free(p->sample);
	free(p);
}

/* a pair of @a and @b for @samples after @warmup, with the run phase or not; NULL: no memory */
static struct c2c_pair *pair_new(const struct lb_pu *a, const struct lb_pu *b, unsigned warmup,
				 unsigned samples, bool runs)
{
	struct c2c_pair *p;

	if (posix_memalign((void **)&p, LB_CACHELINE, sizeof(*p)))
		return NULL;
	memset(p, 0, sizeof(*p));
	p->a = a;
	p->b = b;
	p->warmup = warmup;
	p->samples = samples;
	p->sample = calloc(samples, sizeof(*p->sample));
	if (runs) {
		p->got[0] = calloc(LB_C2C_RUN_OPS, sizeof(uint32_t));
		p->got[1] = calloc(LB_C2C_RUN_OPS, sizeof(uint32_t));
	}
	if (!p->sample || (runs && (!p->got[0] || !p->got[1]))) {
		pair_free(p);
		return NULL;
	}
	return p;
}

static int measure(const struct lb_pu *a, const struct lb_pu *b, struct lb_c2c *out)
{
	struct c2c_pair *p = pair_new(a, b, LB_C2C_WARMUP, LB_C2C_SAMPLES, true);
	struct lb_summary s;
	int err;

	if (!p)
		return -ENOMEM;
	err = pair_run(p);
	if (!err) {
		double p90 = lb_quantile(p->sample, LB_C2C_SAMPLES, 0.9);

		lb_summarize(p->sample, LB_C2C_SAMPLES, &s);
		out->cpu_a = a->pu_os;
		out->cpu_b = b->pu_os;
		out->samples = LB_C2C_SAMPLES;
		out->rt_ns_min = s.min / lb_clock.tsc_per_ns;
		out->rt_ns_median = s.median / lb_clock.tsc_per_ns;
		out->rt_ns_p90 = p90 / lb_clock.tsc_per_ns;
		out->rmw_run = lb_c2c_run_mean(p->got, LB_C2C_RUN_OPS);
		out->rmw_add_ns = out->rmw_run > 0 ? add_ns(p) : 0;
	}
	pair_free(p);
	return err;
}

/*
 * One pair for every probe of the process, so that each probe's line is the
 * same: in the build VM's slow host state (c2c ~450 ns) each line has a
 * transfer cost of its own, 10-20% apart, and a fresh line per probe
 * spread a run's probes by that much more than the host moved (the lock
 * has one area per process for the same reason, harness/setup.c). It is
 * the process's until its exit; the main thread alone probes.
 */
static struct c2c_pair *probe_pair;

int lb_c2c_probe(const struct lb_pu *a, const struct lb_pu *b, double *rt_ns)
{
	struct c2c_pair *p = probe_pair;
	int err;

	if (!p)
		p = probe_pair = pair_new(a, b, LB_C2C_PROBE_WARMUP, LB_C2C_PROBE_SAMPLES, false);
	if (!p)
		return -ENOMEM;
	p->a = a;
	p->b = b;
	p->err = 0;
	lb_store_relaxed(&p->seq, 0);
	lb_store_relaxed(&p->ready, 0);
	err = pair_run(p);
	if (!err)
		*rt_ns = lb_quantile(p->sample, LB_C2C_PROBE_SAMPLES, 0.5) / lb_clock.tsc_per_ns;
	return err;
}

const void *lb_c2c_probe_line(void)
{
	return probe_pair ? &probe_pair->seq : NULL;
}

bool lb_c2c_probe_moved(double before_ns, double after_ns, double ratio)
{
	return before_ns > 0 && after_ns > 0 &&
	       (before_ns > ratio * after_ns || after_ns > ratio * before_ns);
}

int lb_c2c_run(const struct lb_pu *pus, unsigned npus, struct lb_c2c **out, unsigned *n)
{
	struct lb_c2c *res = calloc(LB_C2C_MAX_PAIRS, sizeof(*res));
	unsigned cnt = 0;

	if (!res)
		return -ENOMEM;
	for (unsigned i = 1; i < npus && cnt < LB_C2C_MAX_PAIRS; i++) {
		int err;

		if (pus[i].pu_os == pus[0].pu_os || lb_c2c_find(res, cnt, pus[0].pu_os, pus[i].pu_os))
			continue;
		err = measure(&pus[0], &pus[i], &res[cnt]);
		if (err) {
			free(res);
			return err;
		}
		cnt++;
	}
	*out = res;
	*n = cnt;
	return 0;
}

const struct lb_c2c *lb_c2c_find(const struct lb_c2c *c, unsigned n, int a, int b)
{
	for (unsigned i = 0; i < n; i++)
		if ((c[i].cpu_a == a && c[i].cpu_b == b) || (c[i].cpu_a == b && c[i].cpu_b == a))
			return &c[i];
	return NULL;
}

/* ns per iteration of @f over @n iterations, the median of @rounds */
static double per_iter_ns(void (*f)(uint64_t *w, unsigned n), uint64_t *w, unsigned n,
			  unsigned rounds)
{
	double v[15];

	if (rounds > 15)
		rounds = 15;
	for (unsigned r = 0; r < rounds; r++) {
		uint64_t t0 = lb_cycles_fenced();

		f(w, n);
		v[r] = (double)(lb_cycles_fenced() - t0) / lb_clock.tsc_per_ns / n;
	}
	return lb_quantile(v, rounds, 0.5);
}

/*
 * A load and a store that hit, each load's address waiting for the one
 * before it (the simulator charges an access as latency, not throughput)
 */
static void loop_hits(uint64_t *w, unsigned n)
{
	uint64_t k = 0;

	for (unsigned i = 0; i < n; i++) {
		k = lb_load_relaxed(&w[k & 7]);
		lb_store_relaxed(&w[8 + (k & 7)], i);
	}
}

static void loop_rmw(uint64_t *w, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		lb_fetch_add_full(&w[0], 1);
}

/* a store and a load of other lines, which do not wait for each other */
static void loop_plain(uint64_t *w, unsigned n)
{
	uint64_t k = 0;

	for (unsigned i = 0; i < n; i++) {
		lb_store_relaxed(&w[8], i);
		k += lb_load_relaxed(&w[16]);
	}
	lb_store_relaxed(&w[24], k);
}

/* a fetch-add, then four loads of other lines, which it need not wait for */
static void loop_overlap(uint64_t *w, unsigned n)
{
	uint64_t k = 0;

	for (unsigned i = 0; i < n; i++) {
		lb_fetch_add_full(&w[0], 1);
		k += lb_load_relaxed(&w[8]);
		k += lb_load_relaxed(&w[16]);
		k += lb_load_relaxed(&w[24]);
		k += lb_load_relaxed(&w[32]);
	}
	lb_store_relaxed(&w[40], k);
}

/* what the work before an RMW that hits can hide of it: its cost beyond a plain hit */
static double hideable(const struct lb_c2c_local *o)
{
	double x = o->hit_ns + o->rmw_ns - o->plain_hit_ns;

	return x > 0 ? x : 0;
}

/*
 * The simulator's iteration of a loop of a fetch-add that hits and other
 * work, whose next fetch-add starts @s ns after the last one ended (mem.c's
 * overlap: the work hides rmw_overlap_pct of hideable(), up to @s of it)
 */
static double rmw_after(const struct lb_c2c_local *o, double s)
{
	double x = hideable(o);

	return s + o->hit_ns + o->rmw_ns - o->rmw_overlap_pct / 100 * (s < x ? s : x);
}

/* the start (>= 0) at which rmw_after() is @t, or -1 when it is less than with none */
static double rmw_start_for(const struct lb_c2c_local *o, double t)
{
	double f = o->rmw_overlap_pct / 100, x = hideable(o);

	if (t >= rmw_after(o, x))
		return t - o->hit_ns - o->rmw_ns + f * x;
	if (t < o->hit_ns + o->rmw_ns)
		return -1;
	return f < 1 ? (t - o->hit_ns - o->rmw_ns) / (1 - f) : 0;
}

/* a fetch-add, then a store of another line: the next fetch-add drains it */
static void loop_commit(uint64_t *w, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		lb_fetch_add_full(&w[0], 1);
		lb_store_relaxed(&w[8], i);
	}
}

/* a half-word store, then a fetch-add of the word it is half of */
static void loop_forward(uint64_t *w, unsigned n)
{
	uint32_t *word = (uint32_t *)w;
	uint16_t *half = (uint16_t *)w;

	for (unsigned i = 0; i < n; i++) {
		lb_fetch_add_full(word, 1u << 16);
		lb_store_release(half, (uint16_t)i);
	}
}

/* a byte store of 0, then a compare-and-swap of its word from 0 to 1 */
static void loop_forward_cas(uint64_t *w, unsigned n)
{
	uint32_t *word = (uint32_t *)w;
	uint8_t *byte = (uint8_t *)w;

	for (unsigned i = 0; i < n; i++) {
		uint32_t old = 0;

		lb_cmpxchg_acquire(word, &old, 1);
		lb_store_release(byte, 0);
	}
}

static void loop_fence(uint64_t *w, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		lb_fence_full();
}

int lb_c2c_local(struct lb_c2c_local *out)
{
	uint64_t *w;
	double t, hidden;

	if (posix_memalign((void **)&w, LB_CACHELINE, 6 * LB_CACHELINE))
		return -ENOMEM;
	memset(w, 0, 6 * LB_CACHELINE);
	out->hit_ns = per_iter_ns(loop_hits, w, 200000, 7) / 2;
	out->rmw_ns = per_iter_ns(loop_rmw, w, 200000, 7) - out->hit_ns;
	if (out->rmw_ns < 0)
		out->rmw_ns = 0;
	out->plain_hit_ns = per_iter_ns(loop_plain, w, 200000, 7) / 2;
	/*
	 * The simulator's iteration of loop_overlap: four plain hits, then the
	 * RMW, less the share of hideable() (at most the four hits' time) they
	 * hid. None seen when the hits or hideable() are under 0.01 ns.
	 */
	out->rmw_overlap_pct = 0;
	hidden = 4 * out->plain_hit_ns < hideable(out) ? 4 * out->plain_hit_ns : hideable(out);
	t = per_iter_ns(loop_overlap, w, 200000, 7);
	if (hidden >= 0.01) {
		double f = (4 * out->plain_hit_ns + out->hit_ns + out->rmw_ns - t) / hidden;

		out->rmw_overlap_pct = f < 0 ? 0 : f > 1 ? 100 : 100 * f;
	}
	/*
	 * The simulator's iteration of loop_commit: the RMW, the store (a plain
	 * hit), then the next RMW from the store's issue plus commit_ns when
	 * that is later (rmw_after()): 0 when the store costs no more than a
	 * plain hit there (its commit overlapped)
	 */
	t = per_iter_ns(loop_commit, w, 200000, 7);
	out->commit_ns = rmw_start_for(out, t);
	if (out->commit_ns <= out->plain_hit_ns)
		out->commit_ns = 0;
	out->fence_ns = per_iter_ns(loop_fence, w, 200000, 7);
	/*
	 * The simulator's iteration of loop_forward: the store, then the RMW
	 * from the store's issue plus forward_ns (rmw_after()): 0 when that is
	 * under a hit (it forwarded, or stalled no longer than the store)
	 */
	t = per_iter_ns(loop_forward, w, 200000, 7);
	out->forward_ns = rmw_start_for(out, t);
	if (out->forward_ns < out->hit_ns)
		out->forward_ns = 0;
	/* the same of loop_forward_cas() (the compare-and-swap is an RMW that hits) */
	t = per_iter_ns(loop_forward_cas, w, 200000, 7);
	out->forward_cas_ns = rmw_start_for(out, t);
	if (out->forward_cas_ns < out->hit_ns)
		out->forward_cas_ns = 0;
	free(w);
	return 0;
}

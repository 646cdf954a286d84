// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-latency.c - the histogram, the timer calibration and Desnoyers 2008's report
 *
 * 1. Percentiles of the log-linear histogram against inputs whose exact
 *    quantiles are known: exact below 128, never below the true value and
 *    at most one bucket (1/64) above it, never decreasing.
 * 2. The calibration of Desnoyers 2008 (back-to-back reads, [min,avg,max]) on a
 *    synthetic counter whose back-to-back differences are chosen.
 * 3. The latency formatter fed Desnoyers 2008's own figures (read from
 *    tests/golden/fair-rwlock-2008-latency.txt) against the posting's lines, white
 *    space aside. The intended difference: lockbench's first line names
 *    the lock ("** Performance tests: frwlock").
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>

#include "check.h"
#include "base/clock.h"
#include "plan/fair.h"
#include "measure/hist.h"
#include "output/output.h"

/* --- 1. the histogram ------------------------------------------------------ */

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* The exact q-quantile as the histogram defines it: the ceil(q*n)-th smallest. */
static uint64_t exact(const uint64_t *sorted, unsigned n, double q)
{
	unsigned rank = (unsigned)(q * n + 0.999999999);

	return sorted[(rank ? rank : 1) - 1];
}

static void hist_known(void)
{
	static struct lb_hist h, h2;
	static uint64_t v[20000];
	uint64_t seed = 12345;

	/* 1..1000 once each: p50 is 500, in bucket [500,503]; p99 990 in [984,991]; p99.9 999 */
	lb_hist_init(&h);
	for (uint64_t i = 1; i <= 1000; i++)
		lb_hist_add(&h, i);
	CHECK(h.count == 1000 && h.min == 1 && h.max == 1000 && h.sum == 500500, "counts");
	CHECK(lb_hist_percentile(&h, 0.50) == 503, "p50 %llu",
	      (unsigned long long)lb_hist_percentile(&h, 0.50));
	CHECK(lb_hist_percentile(&h, 0.99) == 991, "p99 %llu",
	      (unsigned long long)lb_hist_percentile(&h, 0.99));
	CHECK(lb_hist_percentile(&h, 0.999) == 999, "p99.9 %llu",
	      (unsigned long long)lb_hist_percentile(&h, 0.999));
	CHECK(lb_hist_percentile(&h, 1.0) == 1000, "p100 is the max");

	/* small values are exact: 90 of 42 cycles, 9 of 84, 1 of 1000 */
	lb_hist_init(&h);
	for (int i = 0; i < 90; i++)
		lb_hist_add(&h, 42);
	for (int i = 0; i < 9; i++)
		lb_hist_add(&h, 84);
	lb_hist_add(&h, 1000);
	CHECK(lb_hist_percentile(&h, 0.50) == 42, "p50 exact");
	CHECK(lb_hist_percentile(&h, 0.90) == 42, "p90: the 90th value is still 42");
	CHECK(lb_hist_percentile(&h, 0.99) == 84, "p99 exact");
	CHECK(lb_hist_percentile(&h, 0.999) == 1000, "p99.9 is the one outlier (clamped to max)");

	/* an empty histogram says 0 */
	lb_hist_init(&h2);
	CHECK(lb_hist_percentile(&h2, 0.5) == 0, "empty");

	/* buckets tile the values: lowest(i+1) = highest(i) + 1, and each value is inside its own */
	for (unsigned i = 0; i + 1 < LB_HIST_BUCKETS - 1; i++)
		CHECK(lb_hist_lowest(i + 1) == lb_hist_highest(i) + 1, "bucket %u", i);
	for (uint64_t x = 1; x < (1ull << 47); x = x * 3 + 1) {
		unsigned i = lb_hist_index(x);

		CHECK(lb_hist_lowest(i) <= x && x <= lb_hist_highest(i), "value %llu", (unsigned long long)x);
		CHECK(lb_hist_highest(i) - lb_hist_lowest(i) <= lb_hist_lowest(i) / 64, "width at %llu",
		      (unsigned long long)x);
	}
	CHECK(lb_hist_index(1ull << 50) == LB_HIST_BUCKETS - 1, "huge values share the last bucket");

	/* pseudo-random log-spread values against the sorted truth */
	lb_hist_init(&h);
	for (unsigned i = 0; i < 20000; i++) {
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		v[i] = (seed >> 33) >> (seed % 24);	/* 0 .. 2^31, many orders of magnitude */
		lb_hist_add(&h, v[i]);
	}
	qsort(v, 20000, sizeof(v[0]), cmp_u64);
	{
		static const double qs[] = { 0.01, 0.1, 0.5, 0.9, 0.99, 0.999, 0.9999 };
		uint64_t prev = 0;

		for (unsigned k = 0; k < sizeof(qs) / sizeof(qs[0]); k++) {
			uint64_t want = exact(v, 20000, qs[k]), got = lb_hist_percentile(&h, qs[k]);

			CHECK(got >= want && got <= want + want / 64, "q %g: got %llu, exact %llu", qs[k],
			      (unsigned long long)got, (unsigned long long)want);
			CHECK(got >= prev, "percentiles never decrease");
			prev = got;
		}
	}

	/* merging two halves gives the whole */
	lb_hist_init(&h);
	lb_hist_init(&h2);
	for (uint64_t i = 1; i <= 500; i++)
		lb_hist_add(&h, i);
	for (uint64_t i = 501; i <= 1000; i++)
		lb_hist_add(&h2, i);
	lb_hist_merge(&h, &h2);
	CHECK(h.count == 1000 && h.min == 1 && h.max == 1000, "merged counts");
	CHECK(lb_hist_percentile(&h, 0.99) == 991, "merged p99");

	/* the calibrated summary: less the timer's cost, never below 0 */
	{
		struct lb_lat l;

		lb_hist_init(&h);
		lb_hist_add(&h, 100);
		lb_hist_add(&h, 200);
		lb_hist_add(&h, 60);
		lb_lat_summarize(&h, 79, &l);
		CHECK(l.n == 3 && l.min == 0 && l.max == 121 && l.p50 == 21, "calibrated %llu %llu %llu",
		      (unsigned long long)l.min, (unsigned long long)l.p50, (unsigned long long)l.max);
		CHECK(l.avg > 40.99 && l.avg < 41.01, "avg 120 - 79 = 41: %f", l.avg);
		CHECK(l.p50 <= l.p99 && l.p99 <= l.p999 && l.p999 <= l.max, "ordered");
	}
}

/* --- 2. the calibration on a synthetic counter ------------------------------ */

/*
 * A counter that moves by deltas[i] between its i-th and (i+1)-th read: the
 * even steps are what a back-to-back pair sees, the odd ones the gap before
 * the next pair, which the calibration must ignore.
 */
static const uint64_t deltas[] = { 78, 5000, 79, 7, 84, 123456, 79, 1, 80, 0 };
static uint64_t fake_now = 1000000, fake_i;

static uint64_t fake_counter(void)
{
	uint64_t v = fake_now;

	fake_now += deltas[fake_i++ % (sizeof(deltas) / sizeof(deltas[0]))];
	return v;
}

static const uint64_t *replay;
static unsigned replay_i;

static uint64_t replay_counter(void)
{
	return replay[replay_i++];
}

static void calibration(void)
{
	struct lb_read_cost rc;

	fake_i = 0;
	lb_clock_read_cost(fake_counter, 5, &rc);
	CHECK(rc.min == 78 && rc.max == 84, "[min,max] %llu,%llu", (unsigned long long)rc.min,
	      (unsigned long long)rc.max);
	CHECK(rc.avg == 80.0, "avg (78+79+84+79+80)/5 = 80: %f", rc.avg);
	CHECK(fake_i == 10, "two reads per sample, %llu", (unsigned long long)fake_i);

	/* twice over: the pattern repeats, the figures do not move */
	fake_i = 0;
	lb_clock_read_cost(fake_counter, 10, &rc);
	CHECK(rc.min == 78 && rc.max == 84 && rc.avg == 80.0, "10 samples");

	/* a preemption between two reads: in max, not in the average */
	{
		static const uint64_t pre[] = { 78, 5000, 79, 7, 84, 123456, 79, 1, 80, 0,
						2000000, 3 };
		uint64_t now = 1000000;
		unsigned k = 0;
		uint64_t reads[24];

		for (unsigned i = 0; i < 24; i++) {
			reads[i] = now;
			now += pre[k++ % 12];
		}
		replay = reads;
		replay_i = 0;
		lb_clock_read_cost(replay_counter, 6, &rc);
		CHECK(rc.max == 2000000 && rc.min == 78, "preempted sample: [min,max] %llu,%llu",
		      (unsigned long long)rc.min, (unsigned long long)rc.max);
		CHECK(rc.avg == 80.0, "the average leaves the preempted sample out: %f", rc.avg);
	}

	/* the real counter: sane and ordered */
	lb_clock_calibrate();
	CHECK(lb_clock.read_cycles_min <= lb_clock.read_cycles_avg &&
	      lb_clock.read_cycles_avg <= lb_clock.read_cycles_max, "real counter [min,avg,max]");
}

/* --- 3. Desnoyers 2008's report ---------------------------------------------------- */

#define MAXL 96
#define MAXT 32

static char golden[MAXL][200];
static unsigned ngolden;

static const struct lb_lock_ops fake_frwlock = { .name = "frwlock", .family = "spin",
						 .kind = LB_LOCK_RW };

struct phase {
	struct lb_role roles[MAXT];
	struct lb_thread_result threads[MAXT];
	struct lb_irq_cpu cpus[16];
};

static struct phase phases[LB_FAIR_NPHASES];

static int role_kind(const char *name)
{
	for (int k = 0; k < LB_ROLE_NKINDS; k++)
		if (strcmp(lb_role_name(k), name) == 0)
			return k;
	return -1;
}

static struct lb_irq_cpu *cpu_slot(struct lb_result *r, struct phase *ph, int cpu)
{
	for (unsigned c = 0; c < r->nirq_cpus; c++)
		if (r->irq_cpus[c].cpu == cpu)
			return &r->irq_cpus[c];
	r->irq_cpus = ph->cpus;
	ph->cpus[r->nirq_cpus].cpu = cpu;
	return &ph->cpus[r->nirq_cpus++];
}

/* Turn the posting's lines into four results, as the fair scenario would give them. */
static unsigned seed_results(struct lb_result *res)
{
	struct lb_result *r = NULL;
	struct phase *ph = NULL;
	unsigned n = 0;

	for (unsigned i = 0; i < ngolden; i++) {
		const char *l = golden[i];
		char name[64], mech[16];
		unsigned a, b, idx;
		unsigned long long it, x, y, z;
		int cpu;

		for (unsigned p = LB_FAIR_SINGLE_WRITER; p < LB_FAIR_NPHASES; p++) {
			char title[96];

			snprintf(title, sizeof(title), "** %s **", lb_fair_phase_title(p));
			if (strcmp(l, title) == 0) {
				r = &res[n++];
				ph = &phases[p];
				memset(r, 0, sizeof(*r));
				r->point.ops = &fake_frwlock;
				r->point.phase = p;
				r->point.roles = ph->roles;
				r->point.duration = p == LB_FAIR_HIGH_CONTENTION ? 60 : 10;
				r->threads = ph->threads;
			}
		}
		if (!r)
			continue;
		if (sscanf(l, "%63[a-z_]/%u iterations : %llu, lock delay [min,avg,max] %llu,%llu,%llu",
			   name, &idx, &it, &x, &y, &z) == 6 && role_kind(name) >= 0) {
			struct lb_thread_result *tr = &ph->threads[r->point.nthreads];

			ph->roles[r->point.nthreads].kind = role_kind(name);
			ph->roles[r->point.nthreads].index = idx;
			tr->tries = tr->successes = tr->ops = it;
			tr->lat = (struct lb_lat){ .n = it, .min = x, .avg = (double)y, .max = z };
			r->point.nthreads++;
		} else if (sscanf(l, "%63[a-z_]/%u iterations : %llu, successful iterations : %llu",
				  name, &idx, &it, &x) == 4 && role_kind(name) >= 0) {
			struct lb_thread_result *tr = &ph->threads[r->point.nthreads];

			ph->roles[r->point.nthreads].kind = role_kind(name);
			ph->roles[r->point.nthreads].index = idx;
			tr->tries = it;
			tr->successes = tr->ops = x;
			r->point.nthreads++;
		} else if (sscanf(l, "%63[a-z_]/%u iterations : %llu", name, &idx, &it) == 3 &&
			   role_kind(name) >= 0) {
			ph->roles[r->point.nthreads].kind = role_kind(name);
			ph->roles[r->point.nthreads].index = idx;
			ph->threads[r->point.nthreads].tries = it;
			r->point.nthreads++;
		} else if (sscanf(l, "interrupt readers on CPU %d, lock delay [min,avg,max] %llu,%llu,%llu",
				  &cpu, &x, &y, &z) == 4) {
			cpu_slot(r, ph, cpu)->lat = (struct lb_lat){ .n = 1, .min = x, .avg = (double)y,
								     .max = z };
		} else if (sscanf(l, "trylock interrupt readers on CPU %d, iterations %llu, successful "
				  "iterations : %llu", &cpu, &x, &y) == 3) {
			struct lb_irq_cpu *ic = cpu_slot(r, ph, cpu);

			ic->tries = x;
			ic->successes = y;
		} else if (sscanf(l, "%u periodical interrupt readers on %u/%u cpus (%15[^)]", &idx, &a,
				  &b, mech) == 4) {
			r->irq_cpus_round = a;
			r->irq_cpus_total = b;
			r->irq_mechanism = strcmp(mech, "IPIs") == 0 ? "IPIs" : "?";
		} else if (sscanf(l, "%u thread writers (%uus period)", &idx, &a) == 2) {
			for (unsigned k = 0; k < MAXT; k++)
				ph->roles[k].period_ns = (uint64_t)a * 1000;	/* writers and trylock writers */
		}
	}
	return n;
}

static void posting_fair_rwlock_2008(void)
{
	const char *srcdir = getenv("srcdir");
	static const struct lb_topo_info topo = { .cpu_model = "Dual quad-core Xeon 2.0GHz E5405" };
	struct lb_result res[LB_FAIR_NPHASES];
	struct lb_report rep = { .topo = &topo };
	char path[1024], line[256], *buf = NULL, *save = NULL, *tok;
	char out[MAXL][200];
	size_t len = 0;
	unsigned n, nl = 0;
	FILE *f, *m;

	snprintf(path, sizeof(path), "%s/tests/golden/fair-rwlock-2008-latency.txt", srcdir ? srcdir : ".");
	f = fopen(path, "r");
	CHECK(f != NULL, "cannot open %s", path);
	if (!f)
		return;
	while (ngolden < MAXL && fgets(line, sizeof(line), f))
		squeeze(line, golden[ngolden++], sizeof(golden[0]));
	fclose(f);
	CHECK(ngolden == 49, "49 report lines in the golden file, got %u", ngolden);

	n = seed_results(res);
	CHECK(n == 4, "four phases, got %u", n);
	CHECK(res[3].point.nthreads == 12, "12 threads in the high-contention test, got %u",
	      res[3].point.nthreads);
	CHECK(res[3].nirq_cpus == 8, "8 CPUs of interrupt readers, got %u", res[3].nirq_cpus);

	lb_clock.read_cycles_min = 78;
	lb_clock.read_cycles_avg = 79;
	lb_clock.read_cycles_max = 84;
	lb_clock.tsc_per_ns = 2.0;
	rep.results = res;
	rep.nresults = n;
	m = open_memstream(&buf, &len);
	CHECK(lb_output_latency(m, &rep) == 0, "latency formatter failed");
	fclose(m);
	for (tok = strtok_r(buf, "\n", &save); tok && nl < MAXL; tok = strtok_r(NULL, "\n", &save))
		squeeze(tok, out[nl++], sizeof(out[0]));
	free(buf);

	CHECK(nl == ngolden, "%u lines, the posting has %u", nl, ngolden);
	CHECK_STR(out[0], "** Performance tests: frwlock");
	CHECK(strcmp(golden[0], "** Performance tests") == 0, "the posting's first line");
	for (unsigned i = 1; i < nl && i < ngolden; i++)
		CHECK_STR(out[i], golden[i]);
}

/* a thread type the lock lacks appears in the mix as "not run", with the reason */
static void dropped(void)
{
	static const struct lb_lock_ops plain = { .name = "plain-rw", .family = "sleep",
						  .kind = LB_LOCK_RW };
	static const struct lb_topo_info topo = { .cpu_model = "cpu" };
	struct lb_role roles[1] = { { .kind = LB_ROLE_READER } };
	struct lb_thread_result tr[1] = { { .tries = 5, .ops = 5 } };
	struct lb_result r = { .threads = tr };
	struct lb_report rep = { .topo = &topo, .results = &r, .nresults = 1 };
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	r.point.ops = &plain;
	r.point.phase = LB_FAIR_HIGH_CONTENTION;
	r.point.roles = roles;
	r.point.nthreads = 1;
	r.point.duration = 1;
	r.point.roles_dropped = (1u << LB_ROLE_IRQ_READER) | (1u << LB_ROLE_TRYLOCK_READER);
	CHECK(lb_output_latency(m, &rep) == 0, "formatter");
	fclose(m);
	CHECK(buf && strstr(buf, "0 periodical interrupt readers: not run, the read side of "
			    "plain-rw is not async-signal-safe"), "irq readers not run: %s", buf);
	CHECK(buf && strstr(buf, "0 thread trylock readers (no delay loop): not run, plain-rw has "
			    "no read_trylock"), "trylock readers not run");
	CHECK(buf && strstr(buf, "reader_thread/0 iterations : 5\n"), "a reader without timing");
	free(buf);
}

/* --- the stall probe: a counter that jumps 10000 ticks every tenth read --- */

static uint64_t stall_t, stall_i;

static uint64_t stall_counter(void)
{
	stall_i++;
	stall_t += stall_i % 10 == 0 ? 10000 : 100;
	return stall_t;
}

static void stalls(void)
{
	unsigned n = 0;
	double pct = 0;

	/* 100 reads span 108900 ticks; the 10 jumps (over 5000) are 100000 of them */
	stall_t = stall_i = 0;
	lb_clock_stalls(stall_counter, NULL, 100000, 5000, &n, &pct);
	CHECK(n == 10, "stalls: %u, want 10", n);
	CHECK(pct > 91.82 && pct < 91.83, "stalled share %.3f%%, want 91.827%%", pct);
	CHECK(stall_i == 100, "reads %llu, want 100", (unsigned long long)stall_i);
	/* a threshold above the jumps: no stall */
	stall_t = stall_i = 0;
	lb_clock_stalls(stall_counter, NULL, 100000, 20000, &n, &pct);
	CHECK(n == 0 && pct == 0, "no stall over 20000: %u, %.3f%%", n, pct);
	/* the real calibration fills both streams' figures */
	lb_clock_calibrate();
	CHECK(lb_clock.pause_stall_pct >= 0 && lb_clock.pause_stall_pct <= 100 &&
	      lb_clock.loop_stall_pct >= 0 && lb_clock.loop_stall_pct <= 100,
	      "stall shares %.1f%% and %.1f%%", lb_clock.pause_stall_pct, lb_clock.loop_stall_pct);
}

int main(void)
{
	hist_known();
	calibration();
	stalls();
	posting_fair_rwlock_2008();
	dropped();
	return check_done();
}

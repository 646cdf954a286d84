// SPDX-License-Identifier: GPL-2.0-or-later
/* test-harness.c - the read:write interleave, and the statistics */
#include "config.h"

#include <math.h>

#include "check.h"
#include "harness/harness.h"
#include "harness/worker.h"
#include "measure/statistics.h"

/* Count reads by walking the interleave one operation at a time. */
static uint64_t walk(const struct lb_ratio *r, unsigned tid, uint64_t n)
{
	uint32_t period = r->r + r->w, pos = tid % period;
	uint64_t reads = 0;

	for (uint64_t j = 0; j < n; j++) {
		if (pos < r->r)
			reads++;
		if (++pos == period)
			pos = 0;
	}
	return reads;
}

/* a point of @n intervals: the first @nlo at @lo ops/s, the rest at @hi, with +-@noise (a fraction) */
static bool levels(unsigned n, unsigned nlo, double lo, double hi, double noise, double *mlo,
		   double *mhi)
{
	struct lb_interval iv[64];
	struct lb_result r = { .intervals = iv, .nintervals = n };
	unsigned got;

	for (unsigned k = 0; k < n; k++)	/* a fixed wiggle, +-noise, no randomness */
		iv[k].ops_per_s = (k < nlo ? lo : hi) * (1 + noise * ((double)(k * 7 % 5) / 2 - 1));
	return lb_intervals_levels(&r, mlo, mhi, &got) && got == nlo;
}

int main(void)
{
	static const struct lb_ratio ratios[] = { { 0, 1 }, { 1, 1 }, { 10, 1 }, { 5, 1 }, { 1, 0 },
						  { 3, 7 } };
	struct lb_summary s;
	double v[] = { 4, 1, 3, 2 };
	uint64_t even[] = { 5, 5, 5, 5 }, one[] = { 20, 0, 0, 0 };

	for (unsigned i = 0; i < sizeof(ratios) / sizeof(ratios[0]); i++)
		for (unsigned tid = 0; tid < 13; tid++)
			for (uint64_t n = 0; n < 40; n++)
				CHECK(lb_expected_reads(&ratios[i], tid, n) == walk(&ratios[i], tid, n),
				      "ratio %u:%u tid %u n %llu", ratios[i].r, ratios[i].w, tid,
				      (unsigned long long)n);
	/* 10:1 is ten reads then one write: 1000 ops of thread 0 hold 910 reads (90 full cycles + 10) */
	CHECK(lb_expected_reads(&ratios[2], 0, 1000) == 910, "10:1 over 1000 ops");
	/* thread 1 of 1:1 starts with a write */
	CHECK(lb_expected_reads(&ratios[1], 1, 1) == 0, "phase shift");

	/* --interval: a host that moved the vCPUs mid-point (3.4 and 2.2 Mops/s) is two levels */
	{
		double lo = 0, hi = 0;

		CHECK(levels(20, 8, 2.2e6, 3.4e6, 0.02, &lo, &hi) && fabs(lo - 2.2e6) < 1e5 &&
		      fabs(hi - 3.4e6) < 1e5, "two levels found: %.3g %.3g", lo, hi);
		CHECK(!levels(20, 0, 3e6, 3e6, 0.05, &lo, &hi), "one level with 5%% noise: not two");
		CHECK(!levels(20, 10, 3e6, 3.2e6, 0.02, &lo, &hi), "7%% apart: not two levels");
		CHECK(!levels(7, 3, 2.2e6, 3.4e6, 0.02, &lo, &hi), "7 intervals: too few to say");
	}

	/* ran short: against the time runnable, and a fair share when oversubscribed */
	{
		double pct;

		/* 10 threads on 2 CPUs: a thread that ran 20% of the time it was runnable got its share */
		CHECK(!lb_ran_short(20, 80, 20, 0.2, false, &pct) && fabs(pct - 20) < 1e-9,
		      "its share of an oversubscribed run: not short (%.1f%%)", pct);
		CHECK(lb_ran_short(10, 90, 10, 0.2, false, &pct), "half its share: short");
		/* a sleeping lock: 5% of the wall time on CPU, never waiting for one */
		CHECK(!lb_ran_short(5, 0, 5, 1, false, &pct) && pct == 100,
		      "asleep, not waiting: not short");
		CHECK(lb_ran_short(80, 20, 80, 1, false, &pct), "a fifth of its time waiting: short");
		CHECK(!lb_ran_short(95, 5, 95, 1, false, &pct), "5%% waiting: not short");
		/* without schedstats: CPU over wall, and an unseen sleep excuses it */
		CHECK(lb_ran_short(50, -1, 50, 1, false, &pct) && pct == 50, "no schedstat: cpu/wall");
		CHECK(!lb_ran_short(50, -1, 50, 1, true, &pct), "no schedstat, asleep unseen: not short");
		CHECK(!lb_ran_short(0, 0, 100, 1, false, &pct) && pct == 100, "nothing measured");
	}

	lb_summarize(v, 4, &s);
	CHECK(s.mean == 2.5 && s.median == 2.5 && s.min == 1 && s.max == 4, "summary");
	CHECK(fabs(s.stdev - 1.2909944) < 1e-6, "sample stdev %.7f", s.stdev);
	lb_summarize(v, 1, &s);
	CHECK(s.stdev == 0 && s.median == 4, "one value");
	{
		double q[10] = { 9, 1, 8, 2, 7, 3, 6, 4, 5, 10 };

		CHECK(lb_quantile(q, 10, 0.9) == 9, "p90 of 1..10 (nearest rank) %g", lb_quantile(q, 10, 0.9));
		CHECK(lb_quantile(q, 10, 0.5) == 5 && lb_quantile(q, 10, 0) == 1 &&
		      lb_quantile(q, 10, 1) == 10, "median, min and max by nearest rank");
		CHECK(lb_quantile(q, 1, 0.9) == 9 && lb_quantile(q, 0, 0.5) == 0, "one and no values");
		CHECK(q[0] == 9 && q[9] == 10, "the input is left unsorted");
	}
	CHECK(fabs(lb_jain(even, 4) - 1.0) < 1e-12, "Jain even");
	CHECK(fabs(lb_jain(one, 4) - 0.25) < 1e-12, "Jain one thread");
	return check_done();
}

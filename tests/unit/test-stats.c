// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-stats.c - Student's t tail and Welch's test against known values
 *
 * Reference values: closed forms (df = 1: the Cauchy distribution,
 * p = 1 - 2 atan(t)/pi; df = 2: p = 1 - t/sqrt(t^2 + 2)), the two-sided
 * critical values of the usual t tables (e.g. 2.228139 at df = 10 for
 * p = 0.05), and values computed to 30 digits with mpmath's betainc for
 * non-integer degrees of freedom and two Welch examples.
 */
#include "config.h"

#include <math.h>

#include "check.h"
#include "measure/statistics.h"

#define NEAR(got, want, tol) \
	CHECK(fabs((got) - (want)) <= (tol), "got %.15g, want %.15g", (double)(got), (double)(want))

static struct lb_summary sample(const double *v, unsigned n)
{
	struct lb_summary s;

	lb_summarize(v, n, &s);
	return s;
}

int main(void)
{
	static const double a1[] = { 10.1, 10.3, 9.9, 10.2 }, b1[] = { 10.6, 10.8, 10.4, 10.9, 10.5 };
	static const double a2[] = { 100, 103, 98 }, b2[] = { 101, 99, 104 };
	static const double flat[] = { 5, 5, 5 }, flat2[] = { 6, 6, 6 };
	struct lb_summary sa, sb;
	double t, df;

	/* closed forms */
	for (double x = 0.25; x < 20; x *= 2) {
		NEAR(lb_t_sf2(x, 1), 1 - 2 * atan(x) / M_PI, 1e-12);
		NEAR(lb_t_sf2(x, 2), 1 - x / sqrt(x * x + 2), 1e-12);
		NEAR(lb_t_sf2(-x, 2), lb_t_sf2(x, 2), 1e-15);
	}
	NEAR(lb_t_sf2(1, 1), 0.5, 1e-12);
	NEAR(lb_t_sf2(0, 5), 1.0, 1e-15);
	/* table critical values, two-sided */
	NEAR(lb_t_sf2(2.228138852, 10), 0.05, 1e-9);
	NEAR(lb_t_sf2(4.604094871, 4), 0.01, 1e-9);
	NEAR(lb_t_sf2(2.042272456, 30), 0.05, 1e-9);
	/* mpmath, fractional degrees of freedom */
	NEAR(lb_t_sf2(0.5, 3.7), 0.645335633319932, 1e-11);
	NEAR(lb_t_sf2(3.0, 7.25), 0.0191341329931691, 1e-12);
	NEAR(lb_t_sf2(10, 2.5), 0.00444149576730742, 1e-12);
	NEAR(lb_t_sf2(1.96, 1000), 0.0502731849557489, 1e-11);
	/* the incomplete beta itself: I_x(1, 1) = x, I_x(a, b) + I_{1-x}(b, a) = 1 */
	NEAR(lb_betai(1, 1, 0.3), 0.3, 1e-14);
	NEAR(lb_betai(2.5, 0.5, 0.7) + lb_betai(0.5, 2.5, 0.3), 1.0, 1e-13);

	/* Welch: a clear difference, and noise */
	sa = sample(a1, 4);
	sb = sample(b1, 5);
	NEAR(lb_welch(&sa, &sb, &t, &df), 0.00469566598368431, 1e-11);
	NEAR(t, -4.08528637446695683, 1e-10);
	NEAR(df, 6.973917040027665, 1e-9);
	sa = sample(a2, 3);
	sb = sample(b2, 3);
	NEAR(lb_welch(&sa, &sb, &t, &df), 0.651958696375155, 1e-11);
	NEAR(df, 4.0, 1e-12);
	/* degenerate: too few values, no noise at all */
	sa = sample(a2, 1);
	NEAR(lb_welch(&sa, &sb, NULL, NULL), 1.0, 0);
	sa = sample(flat, 3);
	sb = sample(flat2, 3);
	NEAR(lb_welch(&sa, &sb, NULL, NULL), 0.0, 0);
	NEAR(lb_welch(&sa, &sa, NULL, NULL), 1.0, 0);

	/* t quantiles (two-sided 5%): the tables' 4.302653 (2 df), 2.776445 (4), 1.959964 (inf) */
	NEAR(lb_t_quantile2(0.05, 2), 4.302652729749464, 1e-9);
	NEAR(lb_t_quantile2(0.05, 4), 2.7764451051977987, 1e-9);
	NEAR(lb_t_quantile2(0.05, 1e9), 1.959963984540054, 1e-6);
	NEAR(lb_t_sf2(lb_t_quantile2(0.01, 7), 7), 0.01, 1e-12);

	/*
	 * A replayed drift: the host moves between two states from round to
	 * round (3.4 and 2.2 Mops/s, as these VMs do) and both sides move with
	 * it; the after side is 5% faster in every round, give or take 0.5%.
	 * Welch over the sides' values sees the spread and calls it noise; the
	 * paired ratio of each round sees the 5%.
	 */
	{
		static const double wiggle[] = { 1.004, 0.996, 1.0, 1.003, 0.997, 1.002 };
		double bd[6], ad[6], same[6];
		struct lb_paired pr;

		for (unsigned i = 0; i < 6; i++) {
			bd[i] = i % 2 ? 2.2 : 3.4;
			ad[i] = bd[i] * 1.05 * wiggle[i];
			same[i] = bd[i] * wiggle[i];
		}
		CHECK(lb_noisy(bd, 6, ad, 6), "Welch: within the noise");
		CHECK(lb_paired(bd, ad, 6, &pr) == 0 && pr.n == 6 && pr.differs && pr.p < 1e-4,
		      "paired: differs (p %g)", pr.p);
		CHECK(pr.lo > 1.04 && pr.hi < 1.06 && pr.lo < 1.05 && pr.hi > 1.05 &&
		      fabs(pr.median - 1.05) < 0.005 && fabs(pr.gmean - 1.05) < 0.005,
		      "paired: 1.05 in [%.4f, %.4f], median %.4f",
		      pr.lo, pr.hi, pr.median);
		CHECK(lb_paired(bd, same, 6, &pr) == 0 && !pr.differs && pr.lo < 1 && pr.hi > 1,
		      "no change: the interval [%.4f, %.4f] holds 1", pr.lo, pr.hi);
		CHECK(lb_paired(bd, ad, 2, &pr) == -1 && pr.n == 2 && !pr.differs, "2 rounds: no test");
		ad[1] = 0;	/* a round without a figure on one side is left out */
		CHECK(lb_paired(bd, ad, 6, &pr) == 0 && pr.n == 5, "5 rounds with both: %u", pr.n);
		for (unsigned i = 0; i < 6; i++)
			ad[i] = bd[i] * 2;
		CHECK(lb_paired(bd, ad, 6, &pr) == 0 && pr.differs && pr.lo == 2 && pr.hi == 2,
		      "the same ratio every round: no noise at all");
	}
	return check_done();
}

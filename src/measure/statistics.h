/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stats.h - summary statistics of repeated measurements */
#ifndef LB_SRC_STATS_H
#define LB_SRC_STATS_H

#include <stdbool.h>
#include <stdint.h>

struct lb_summary {
	unsigned n;
	double mean, stdev;	/* stdev: sample (n - 1) standard deviation, 0 when n < 2 */
	double median, min, max;
};

/* lb_summarize() - mean, sample stdev, median, min and max of @n values */
void lb_summarize(const double *v, unsigned n, struct lb_summary *s);
/* lb_quantile() - the @q quantile (0..1) of @n values, nearest rank; 0 when n is 0 */
double lb_quantile(const double *v, unsigned n, double q);
/* lb_jain() - Jain's fairness index of @n counts: 1 = perfectly even, 1/n = one did all */
double lb_jain(const uint64_t *v, unsigned n);

/**
 * lb_betai() - the regularized incomplete beta function I_x(a, b)
 *
 * For a, b > 0 and 0 <= x <= 1: the continued fraction of Numerical
 * Recipes in C (Press, Teukolsky, Vetterling, Flannery, 2nd ed., 1992,
 * section 6.4, "betai"/"betacf"), evaluated with the modified Lentz method
 * (section 5.2), using the symmetry I_x(a, b) = 1 - I_{1-x}(b, a) where it
 * converges faster. Relative accuracy about 1e-12.
 */
double lb_betai(double a, double b, double x);
/**
 * lb_t_sf2() - two-sided tail of Student's t distribution, P(|T| >= |t|)
 * @df: degrees of freedom (> 0, need not be an integer: Welch's test)
 *
 * I_{df/(df+t^2)}(df/2, 1/2) (Abramowitz and Stegun 26.5.27 and 26.7.1).
 */
double lb_t_sf2(double t, double df);
/**
 * lb_welch() - Welch's unequal-variance t-test of two samples' means
 * @a, @b: summaries (n, mean, sample stdev) of the two samples
 * @t, @df: out (may be NULL): the statistic and the Welch-Satterthwaite
 *          degrees of freedom
 *
 * Return: the two-sided p-value; 1 when a sample has fewer than 2 values
 * (no test possible), and 0 or 1 when both stdevs are 0 (the means differ
 * or not: no noise at all).
 */
double lb_welch(const struct lb_summary *a, const struct lb_summary *b, double *t, double *df);
/**
 * lb_noisy() - is the change from @b to @a within the run-to-run noise?
 *
 * With 3 or more values on each side: Welch's test finds no difference at
 * the 5% level (p > 0.05). With fewer: false (no test possible, no mark).
 */
bool lb_noisy(const double *b, unsigned nb, const double *a, unsigned na);
/* lb_t_quantile2() - t such that P(|T| >= t) = @p for Student's t with @df degrees */
double lb_t_quantile2(double p, double df);

#define LB_PAIRED_MAX 1024u	/* rounds a paired comparison takes */

/**
 * struct lb_paired - a change measured round by round
 * @n: rounds with a figure on both sides
 * @median: the median of the rounds' ratios (after / before)
 * @gmean: their geometric mean, the middle of the interval
 * @lo, @hi: the 95% interval of the ratio: a t interval of the mean of the
 *	rounds' log ratios, turned back into a ratio
 * @p: the two-sided p-value of the paired t-test on the log ratios
 * @differs: the interval leaves out 1 (p <= 0.05)
 */
struct lb_paired {
	unsigned n;
	double median, gmean, lo, hi, p;
	bool differs;
};

/**
 * lb_paired() - compare @a with @b round by round: @b[i] and @a[i] ran in
 * the same round, so what drifts between rounds (a host changing state)
 * moves both and cancels in their ratio, where Welch's test over the two
 * sides' means sees only a wide spread
 *
 * Return: 0, or -1 with fewer than 3 rounds (no interval; *@out has n).
 */
int lb_paired(const double *b, const double *a, unsigned n, struct lb_paired *out);
/* lb_per_op_ns() - wall time per operation: @ms over @ops operations, in ns; 0 without any */
double lb_per_op_ns(double ms, uint64_t ops);

#endif /* LB_SRC_STATS_H */

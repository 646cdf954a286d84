// SPDX-License-Identifier: GPL-2.0-or-later
/* stats.c - summary statistics of repeated measurements */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "measure/statistics.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void lb_summarize(const double *v, unsigned n, struct lb_summary *s)
{
	double sum = 0, ss = 0, *sorted;

	memset(s, 0, sizeof(*s));
	s->n = n;
	if (n == 0)
		return;
	for (unsigned i = 0; i < n; i++)
		sum += v[i];
	s->mean = sum / n;
	for (unsigned i = 0; i < n; i++)
		ss += (v[i] - s->mean) * (v[i] - s->mean);
	s->stdev = n > 1 ? sqrt(ss / (n - 1)) : 0;
	sorted = malloc(n * sizeof(*sorted));
	if (!sorted) {
		s->median = s->min = s->max = v[0];
		return;
	}
	memcpy(sorted, v, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_double);
	s->min = sorted[0];
	s->max = sorted[n - 1];
	s->median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	free(sorted);
}

double lb_quantile(const double *v, unsigned n, double q)
{
	double *sorted, r;
	unsigned i;

	if (n == 0)
		return 0;
	sorted = malloc(n * sizeof(*sorted));
	if (!sorted)
		return v[0];
	memcpy(sorted, v, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_double);
	i = q <= 0 ? 0 : q >= 1 ? n - 1 : (unsigned)(q * n + 0.999999) - 1;
	r = sorted[i < n ? i : n - 1];
	free(sorted);
	return r;
}

double lb_jain(const uint64_t *v, unsigned n)
{
	double sum = 0, sq = 0;

	for (unsigned i = 0; i < n; i++) {
		sum += (double)v[i];
		sq += (double)v[i] * (double)v[i];
	}
	return sq > 0 ? sum * sum / (n * sq) : 0;
}

/*
 * The continued fraction for I_x(a, b) (Numerical Recipes 6.4, eq. 6.4.5),
 * by the modified Lentz method: converges fast for x < (a + 1)/(a + b + 2).
 */
static double betacf(double a, double b, double x)
{
	const double tiny = 1e-300, eps = 1e-15;
	double qab = a + b, qap = a + 1, qam = a - 1, c = 1, d = 1 - qab * x / qap, h;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= 300; m++) {
		int m2 = 2 * m;
		double aa = m * (b - m) * x / ((qam + m2) * (a + m2)), del;

		/* the even step */
		d = 1 + aa * d;
		if (fabs(d) < tiny)
			d = tiny;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		h *= d * c;
		/* the odd step */
		aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
		d = 1 + aa * d;
		if (fabs(d) < tiny)
			d = tiny;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < eps)
			break;
	}
	return h;
}

double lb_betai(double a, double b, double x)
{
	double bt;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	/* the prefactor x^a (1-x)^b / (a B(a, b)), through log-gamma */
	bt = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return bt * betacf(a, b, x) / a;
	return 1 - bt * betacf(b, a, 1 - x) / b;
}

double lb_t_sf2(double t, double df)
{
	if (!(df > 0))
		return 1;
	return lb_betai(df / 2, 0.5, df / (df + t * t));
}

double lb_welch(const struct lb_summary *a, const struct lb_summary *b, double *t, double *df)
{
	double va, vb, se2, tt, d;

	if (t)
		*t = 0;
	if (df)
		*df = 0;
	if (a->n < 2 || b->n < 2)
		return 1;
	va = a->stdev * a->stdev / a->n;
	vb = b->stdev * b->stdev / b->n;
	se2 = va + vb;
	if (se2 <= 0)
		return a->mean == b->mean ? 1 : 0;
	tt = (a->mean - b->mean) / sqrt(se2);
	/* Welch-Satterthwaite */
	d = se2 * se2 / (va * va / (a->n - 1) + vb * vb / (b->n - 1));
	if (t)
		*t = tt;
	if (df)
		*df = d;
	return lb_t_sf2(tt, d);
}

bool lb_noisy(const double *b, unsigned nb, const double *a, unsigned na)
{
	struct lb_summary sb, sa;

	if (nb < 3 || na < 3)
		return false;
	lb_summarize(b, nb, &sb);
	lb_summarize(a, na, &sa);
	return lb_welch(&sb, &sa, NULL, NULL) > 0.05;
}

double lb_t_quantile2(double p, double df)
{
	double lo = 0, hi = 1;

	if (!(p > 0 && p < 1) || !(df > 0))
		return 0;
	while (lb_t_sf2(hi, df) > p && hi < 1e12)	/* the tail falls as t grows */
		hi *= 2;
	for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
		double mid = (lo + hi) / 2;

		if (lb_t_sf2(mid, df) > p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

int lb_paired(const double *b, const double *a, unsigned n, struct lb_paired *out)
{
	double lr[LB_PAIRED_MAX], r[LB_PAIRED_MAX], m = 0, ss = 0, se, tq;
	unsigned k = 0;

	memset(out, 0, sizeof(*out));
	out->p = 1;
	for (unsigned i = 0; i < n && k < LB_PAIRED_MAX; i++)
		if (b[i] > 0 && a[i] > 0) {
			r[k] = a[i] / b[i];
			lr[k] = log(r[k]);
			m += lr[k++];
		}
	out->n = k;
	if (k < 3)
		return -1;
	m /= k;
	for (unsigned i = 0; i < k; i++)
		ss += (lr[i] - m) * (lr[i] - m);
	se = sqrt(ss / (k - 1) / k);
	out->median = lb_quantile(r, k, 0.5);
	out->gmean = exp(m);
	if (se <= 0) {	/* every round the same ratio: no noise at all */
		out->lo = out->hi = exp(m);
		out->p = m == 0 ? 1 : 0;
	} else {
		tq = lb_t_quantile2(0.05, k - 1);
		out->lo = exp(m - tq * se);
		out->hi = exp(m + tq * se);
		out->p = lb_t_sf2(m / se, k - 1);
	}
	out->differs = out->p <= 0.05;
	return 0;
}

double lb_per_op_ns(double ms, uint64_t ops)
{
	return ops ? ms * 1e6 / (double)ops : 0;
}

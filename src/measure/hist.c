// SPDX-License-Identifier: GPL-2.0-or-later
/* hist.c - the latency histogram's read side: percentiles, merging, summaries */
#include "config.h"

#include <math.h>
#include <string.h>

#include "measure/hist.h"

void lb_hist_init(struct lb_hist *h)
{
	memset(h, 0, sizeof(*h));
	h->min = UINT64_MAX;
}

uint64_t lb_hist_lowest(unsigned idx)
{
	unsigned k = idx >> LB_HIST_SUB_BITS;

	if (idx < (2u << LB_HIST_SUB_BITS))
		return idx;
	/* bucket idx covers (2^SUB_BITS + sub) << (k - 1) ... and 2^(k-1) values */
	return ((uint64_t)(1u << LB_HIST_SUB_BITS) + (idx & ((1u << LB_HIST_SUB_BITS) - 1)))
	       << (k - 1);
}

uint64_t lb_hist_highest(unsigned idx)
{
	if (idx < (2u << LB_HIST_SUB_BITS))
		return idx;
	if (idx == LB_HIST_BUCKETS - 1)
		return UINT64_MAX;
	return lb_hist_lowest(idx) + (1ull << ((idx >> LB_HIST_SUB_BITS) - 1)) - 1;
}

uint64_t lb_hist_percentile(const struct lb_hist *h, double q)
{
	uint64_t rank, cum = 0;

	if (!h->count)
		return 0;
	if (q >= 1)
		return h->max;
	rank = (uint64_t)ceil(q * (double)h->count);
	if (rank < 1)
		rank = 1;
	for (unsigned i = 0; i < LB_HIST_BUCKETS; i++) {
		cum += h->b[i];
		if (cum >= rank) {
			uint64_t v = lb_hist_highest(i);

			return v > h->max ? h->max : v < h->min ? h->min : v;
		}
	}
	return h->max;
}

void lb_hist_merge(struct lb_hist *dst, const struct lb_hist *src)
{
	for (unsigned i = 0; i < LB_HIST_BUCKETS; i++)
		dst->b[i] += src->b[i];
	dst->count += src->count;
	dst->sum += src->sum;
	if (src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
}

static uint64_t calibrated(uint64_t v, double calib)
{
	double c = (double)v - calib;

	return c > 0 ? (uint64_t)llround(c) : 0;
}

void lb_lat_summarize(const struct lb_hist *h, double calib, struct lb_lat *out)
{
	memset(out, 0, sizeof(*out));
	out->calib = calib;
	if (!h || !h->count)
		return;
	out->n = h->count;
	out->min = calibrated(h->min, calib);
	out->p50 = calibrated(lb_hist_percentile(h, 0.50), calib);
	out->p99 = calibrated(lb_hist_percentile(h, 0.99), calib);
	out->p999 = calibrated(lb_hist_percentile(h, 0.999), calib);
	out->max = calibrated(h->max, calib);
	out->avg = (double)h->sum / (double)h->count - calib;
	if (out->avg < 0)
		out->avg = 0;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hist.h - a log-linear latency histogram, filled in the measured loop
 *
 * Values (cycle-counter deltas) below 2^(LB_HIST_SUB_BITS + 1) each have
 * their own bucket; above that every power of two is split into
 * 2^LB_HIST_SUB_BITS equal buckets, so a bucket is at most 1/64 of its
 * values wide (HdrHistogram's layout with 6 significant bits). Values
 * from 2^LB_HIST_MAX_EXP cycles up (about 37 hours at 2 GHz) share the
 * last bucket; min, max and the sum are exact.
 *
 * Each thread fills its own histogram, allocated and zeroed by the thread
 * before the start barrier: lb_hist_add() is a count-leading-zeros, a shift
 * and four stores, with no allocation and no system call. The histograms
 * are merged and summarised after the run.
 */
#ifndef LB_SRC_HIST_H
#define LB_SRC_HIST_H

#include <stdint.h>

#include "base/compiler.h"

#define LB_HIST_SUB_BITS	6	/* 64 buckets per power of two: <= 1.6% wide */
#define LB_HIST_MAX_EXP		48	/* values >= 2^48 land in the last bucket */
#define LB_HIST_BUCKETS		((LB_HIST_MAX_EXP - LB_HIST_SUB_BITS + 1) << LB_HIST_SUB_BITS)

struct lb_hist {
	uint64_t count, sum, min, max;
	uint64_t b[LB_HIST_BUCKETS];
};

/* lb_hist_index() - the bucket of @v */
static LB_ALWAYS_INLINE unsigned lb_hist_index(uint64_t v)
{
	unsigned e, shift;

	if (v < (2u << LB_HIST_SUB_BITS))
		return (unsigned)v;
	e = 63u - (unsigned)__builtin_clzll(v);		/* 2^e <= v < 2^(e+1), e > SUB_BITS */
	if (e >= LB_HIST_MAX_EXP)
		return LB_HIST_BUCKETS - 1;
	shift = e - LB_HIST_SUB_BITS;
	/* power e starts at bucket (e - SUB_BITS + 1) * 2^SUB_BITS; v >> shift is in [64, 128) */
	return ((e - LB_HIST_SUB_BITS) << LB_HIST_SUB_BITS) + (unsigned)(v >> shift);
}

/* lb_hist_add() - count one value: no allocation, no system call */
static LB_ALWAYS_INLINE void lb_hist_add(struct lb_hist *h, uint64_t v)
{
	h->b[lb_hist_index(v)]++;
	h->count++;
	h->sum += v;
	if (v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
}

/* lb_hist_init() - empty (the caller zeroed or allocates it zeroed: this sets min) */
void lb_hist_init(struct lb_hist *h);
/* lb_hist_lowest(), lb_hist_highest() - the range of values bucket @idx counts */
uint64_t lb_hist_lowest(unsigned idx);
uint64_t lb_hist_highest(unsigned idx);
/**
 * lb_hist_percentile() - the value at quantile @q (0 < q <= 1)
 *
 * The highest value of the bucket that holds the ceil(q * count)-th
 * smallest value, clamped to [min, max]: exact below 128, at most 1/64
 * above the true value elsewhere, and never decreasing in @q. 0 when the
 * histogram is empty.
 */
uint64_t lb_hist_percentile(const struct lb_hist *h, double q);
/* lb_hist_merge() - add @src's counts to @dst */
void lb_hist_merge(struct lb_hist *dst, const struct lb_hist *src);

/**
 * struct lb_lat - a latency summary, calibrated
 * @n:      acquisitions timed
 * @calib:  cycles subtracted from every value (the average cost of the
 *          timer itself, Desnoyers 2008's "calibrated on avg"); values below it
 *          are reported as 0
 * @min, @p50, @p99, @p999, @max: cycles, calibrated
 * @avg:    mean in cycles, calibrated
 */
struct lb_lat {
	uint64_t n;
	double calib;
	uint64_t min, p50, p99, p999, max;
	double avg;
};

/* lb_lat_summarize() - @h's figures less @calib cycles; all 0 when @h is empty */
void lb_lat_summarize(const struct lb_hist *h, double calib, struct lb_lat *out);

#endif /* LB_SRC_HIST_H */

// SPDX-License-Identifier: GPL-2.0-or-later
/* clock.c - calibrate the cycle counter against CLOCK_MONOTONIC, once */
#include "config.h"

#include <stdbool.h>

#include "base/clock.h"
#include "base/lb-atomic.h"

struct lb_clock lb_clock;
static bool calibrated;

/* Ticks per ns over a window of about @ns, bracketed by monotonic reads. */
static double measure_freq(uint64_t ns)
{
	uint64_t t0 = lb_now_ns(), c0 = lb_cycles_fenced(), t1, c1;

	do {
		t1 = lb_now_ns();
	} while (t1 - t0 < ns);
	c1 = lb_cycles_fenced();
	return (double)(c1 - c0) / (double)(t1 - t0);
}

/*
 * The calibration of Desnoyers 2008: back-to-back reads. Inlined, so that
 * lb_clock_calibrate() measures exactly the two fenced reads the latency
 * loops put around an acquisition, with no call in between.
 */
#define LB_READ_SAMPLES_MAX 1000

/*
 * The average leaves out a sample over 8 times the least plus 100: an
 * interrupt or a preemption between the two reads, not their cost. One
 * preemption of a millisecond in a loaded machine's calibration otherwise
 * lifts the average to thousands of cycles, and every latency less it
 * reads 0. [min,max] keep every sample.
 */
static LB_ALWAYS_INLINE void read_cost(lb_clock_read_fn read, unsigned n, struct lb_read_cost *out)
{
	uint64_t d[LB_READ_SAMPLES_MAX], sum = 0, mn = UINT64_MAX, mx = 0, cut;
	unsigned kept = 0;

	if (n > LB_READ_SAMPLES_MAX)
		n = LB_READ_SAMPLES_MAX;
	for (unsigned i = 0; i < n; i++) {
		uint64_t a = read(), b = read();

		d[i] = b - a;
		mn = d[i] < mn ? d[i] : mn;
		mx = d[i] > mx ? d[i] : mx;
	}
	cut = n ? 8 * mn + 100 : 0;
	for (unsigned i = 0; i < n; i++)
		if (d[i] <= cut) {
			sum += d[i];
			kept++;
		}
	out->min = n ? mn : 0;
	out->max = mx;
	out->avg = kept ? (double)sum / kept : 0;
}

void lb_clock_read_cost(lb_clock_read_fn read, unsigned n, struct lb_read_cost *out)
{
	read_cost(read, n, out);
}

static inline uint64_t fenced_read(void)
{
	return lb_cycles_fenced();
}

void lb_clock_stalls(lb_clock_read_fn read, void (*work)(void), uint64_t window, uint64_t thr,
		     unsigned *stalls, double *pct)
{
	uint64_t start = read(), prev = start, lost = 0, now;
	unsigned n = 0;

	do {
		if (work)
			work();
		now = read();
		if (now - prev > thr) {
			n++;
			lost += now - prev;
		}
		prev = now;
	} while (now - start < window);
	*stalls = n;
	*pct = now > start ? 100.0 * (double)lost / (double)(now - start) : 0;
}

static void pause_batch(void)
{
	for (int i = 0; i < 8; i++)
		lb_cpu_relax();
}

static void loop_batch(void)
{
	lb_spin_n(256);
}

void lb_clock_calibrate(void)
{
	struct lb_read_cost rc;
	uint64_t start = lb_now_ns();
	double f[3];
	enum { NREAD = 1000, NPAUSE = 20000, NLOOP = 1000000 };

	if (calibrated)
		return;
#if defined(__x86_64__) || defined(__i386__)
	lb_clock.source = "rdtsc";
#elif defined(__aarch64__)
	lb_clock.source = "cntvct";
#else
	lb_clock.source = "clock_gettime";
#endif
	/* median of three 8 ms windows */
	for (int i = 0; i < 3; i++)
		f[i] = measure_freq(8000000);
	if (f[0] > f[1]) { double x = f[0]; f[0] = f[1]; f[1] = x; }
	if (f[1] > f[2]) { double x = f[1]; f[1] = f[2]; f[2] = x; }
	if (f[0] > f[1]) { double x = f[0]; f[0] = f[1]; f[1] = x; }
	lb_clock.tsc_per_ns = f[1] > 0 ? f[1] : 1.0;

	/* Desnoyers 2008: back-to-back fenced reads, [min,avg,max] */
	read_cost(fenced_read, NREAD, &rc);
	lb_clock.read_cycles_min = rc.min;
	lb_clock.read_cycles_max = rc.max;
	lb_clock.read_cycles_avg = rc.avg;

	/* pause cost: best of three batches (the VM adds noise, never removes it) */
	lb_clock.pause_cycles = 1e30;
	for (int r = 0; r < 3; r++) {
		uint64_t c0 = lb_cycles_fenced(), c1;

		for (int i = 0; i < NPAUSE; i++)
			lb_cpu_relax();
		c1 = lb_cycles_fenced();
		if ((double)(c1 - c0) / NPAUSE < lb_clock.pause_cycles)
			lb_clock.pause_cycles = (double)(c1 - c0) / NPAUSE;
	}
	lb_clock.pause_ns = lb_clock.pause_cycles / lb_clock.tsc_per_ns;

	/* the dependent-add loop (--load-unit=loop): best of three batches too */
	lb_clock.loop_cycles = 1e30;
	for (int r = 0; r < 3; r++) {
		uint64_t c0 = lb_cycles_fenced(), c1;

		lb_spin_n(NLOOP);
		c1 = lb_cycles_fenced();
		if ((double)(c1 - c0) / NLOOP < lb_clock.loop_cycles)
			lb_clock.loop_cycles = (double)(c1 - c0) / NLOOP;
	}
	lb_clock.loop_ns = lb_clock.loop_cycles / lb_clock.tsc_per_ns;

	/* stalls of a pause stream against an add loop's: 10 ms each, stall over 5 us */
	lb_clock_stalls(fenced_read, pause_batch, (uint64_t)(10e6 * lb_clock.tsc_per_ns),
			(uint64_t)(5000 * lb_clock.tsc_per_ns), &lb_clock.pause_stalls,
			&lb_clock.pause_stall_pct);
	lb_clock_stalls(fenced_read, loop_batch, (uint64_t)(10e6 * lb_clock.tsc_per_ns),
			(uint64_t)(5000 * lb_clock.tsc_per_ns), &lb_clock.loop_stalls,
			&lb_clock.loop_stall_pct);
	lb_clock.calib_ms = (double)(lb_now_ns() - start) / 1e6;
	calibrated = true;
}

double lb_cycles_to_ns(uint64_t cycles)
{
	return (double)cycles / lb_clock.tsc_per_ns;
}

void lb_clock_virtual(double ghz, double pause_ns, double loop_ns)
{
	lb_clock = (struct lb_clock){
		.tsc_per_ns = ghz,
		.pause_ns = pause_ns,
		.pause_cycles = pause_ns * ghz,
		.loop_ns = loop_ns,
		.loop_cycles = loop_ns * ghz,
		.source = "simulated",
	};
	calibrated = true;
}

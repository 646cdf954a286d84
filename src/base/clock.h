/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clock.h - the cycle counter, calibrated once per process
 *
 * x86: rdtsc (invariant TSC; on the build VM every value is a multiple of
 * 21 ticks, platform-notes.md section 3); arm64: cntvct_el0; elsewhere
 * CLOCK_MONOTONIC in ns. "Cycles" in lockbench's output are ticks of this
 * counter. Compiled with -DLB_SIM, lb_cycles() and lb_cycles_fenced() read
 * the simulated CPU's virtual clock in the profile's cycles, and
 * lb_spin_n() is one virtual delay (base/sim.h).
 */
#ifndef LB_SRC_CLOCK_H
#define LB_SRC_CLOCK_H

#include <stdint.h>
#include <time.h>

#include "base/compiler.h"
#ifdef LB_SIM
#include "base/sim.h"
#endif

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

struct lb_clock {
	double tsc_per_ns;	/* counter ticks per nanosecond */
	double pause_ns;	/* cost of one lb_cpu_relax() */
	double pause_cycles;
	double loop_ns;		/* one iteration of lb_spin_n(): --load-unit=loop */
	double loop_cycles;
	double read_cycles_avg;	/* back-to-back fenced reads: Desnoyers 2008's get_cycles cost */
	uint64_t read_cycles_min, read_cycles_max;
	/*
	 * A 10 ms stream of pauses, and one of the dependent-add loop, in
	 * short batches: the batches over 5 us (stalls: the vCPU trapped or
	 * taken away) and their share of the stream's time, %. A stall rate
	 * of pauses well above the loop's is a hypervisor trapping pause.
	 */
	unsigned pause_stalls, loop_stalls;
	double pause_stall_pct, loop_stall_pct;
	double calib_ms;	/* time spent calibrating */
	const char *source;	/* "rdtsc", "cntvct", "clock_gettime" */
};

extern struct lb_clock lb_clock;

/* lb_now_ns() - CLOCK_MONOTONIC in ns */
static inline uint64_t lb_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/*
 * lb_spin_n() - @n iterations of a dependent add (decrement and branch),
 * lockhammer's unit of work: no pause, so nothing a hypervisor traps
 * (--load-unit=loop). The empty asm keeps the compiler from folding it.
 */
static LB_ALWAYS_INLINE void lb_spin_n(uint64_t n)
{
#ifdef LB_SIM
	lb_sim_spin(n);
#else
	for (; n; n--)
		__asm__ __volatile__("" : "+r"(n));
#endif
}

/* lb_cycles() - the raw counter, unfenced */
static LB_ALWAYS_INLINE uint64_t lb_cycles(void)
{
#ifdef LB_SIM
	return lb_sim_cycles();
#elif defined(__x86_64__) || defined(__i386__)
	return __rdtsc();
#elif defined(__aarch64__)
	uint64_t v;

	__asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(v));
	return v;
#else
	return lb_now_ns();
#endif
}

/* lb_cycles_fenced() - the counter, ordered after earlier loads and before later ones */
static LB_ALWAYS_INLINE uint64_t lb_cycles_fenced(void)
{
#ifdef LB_SIM
	return lb_sim_cycles();
#elif defined(__x86_64__) || defined(__i386__)
	uint64_t v;

	_mm_lfence();
	v = __rdtsc();
	_mm_lfence();
	return v;
#elif defined(__aarch64__)
	uint64_t v;

	__asm__ __volatile__("isb; mrs %0, cntvct_el0; isb" : "=r"(v) : : "memory");
	return v;
#else
	return lb_now_ns();
#endif
}

/**
 * struct lb_read_cost - the cost of reading the counter (Desnoyers 2008's
 * "get_cycles takes [min,avg,max] 78,79,84 cycles, results calibrated on avg")
 */
struct lb_read_cost {
	uint64_t min, max;
	double avg;
};

/* A counter to calibrate: lb_cycles_fenced in lockbench, a fake one in the tests. */
typedef uint64_t (*lb_clock_read_fn)(void);

/**
 * lb_clock_read_cost() - [min,avg,max] of @n back-to-back reads of @read
 *
 * Each sample is the difference of two consecutive reads, as Desnoyers 2008's
 * calibration does (10 pairs there; lockbench takes more). Latencies timed
 * with the same two reads around an acquisition are then reported less the
 * average. lb_clock_calibrate() runs the same code with the fenced
 * counter inlined.
 */
void lb_clock_read_cost(lb_clock_read_fn read, unsigned n, struct lb_read_cost *out);

/**
 * lb_clock_stalls() - run @work in batches for @window ticks of @read;
 * a batch over @thr ticks (read to read) is a stall. Out: the stalls
 * and their share of the whole time, %. @work NULL: nothing between reads.
 */
void lb_clock_stalls(lb_clock_read_fn read, void (*work)(void), uint64_t window, uint64_t thr,
		     unsigned *stalls, double *pct);

/**
 * lb_clock_calibrate() - measure counter frequency, pause and timer cost
 *
 * Idempotent: only the first call measures (about 30 ms).
 */
void lb_clock_calibrate(void);
/*
 * lb_clock_virtual() - the counter of a simulated machine (--simulate):
 * @ghz ticks per ns, a pause of @pause_ns, an lb_spin_n() turn of
 * @loop_ns, reads that cost nothing; what every figure of a simulated
 * run is converted with. A later lb_clock_calibrate() does nothing.
 */
void lb_clock_virtual(double ghz, double pause_ns, double loop_ns);
/* lb_cycles_to_ns() - convert a counter delta */
double lb_cycles_to_ns(uint64_t cycles);

#endif /* LB_SRC_CLOCK_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * loop.h - the measured loop, compiled into each lock's own file
 *
 * The three loops that drive a lock, side by side; a worker runs one of
 * them, chosen by run_loop() in harness.c in this order:
 *
 *	roles loops	roles.c		a point with lb_point.roles (the fair
 *					phases), for a thread type this loop cannot
 *					express: timed readers, periodic writers,
 *					trylock threads, interrupt readers; the
 *					ops through pointers
 *	checking loop	validate.c	--validate: the interleave below with
 *					critical sections that check exclusion,
 *					trylock every fourth operation; the ops
 *					through pointers (also, without checks,
 *					the loop of a lock with no .loop)
 *	measured loop	this file	everything else (--scenario=roles too:
 *					each thread its own ratio): the
 *					interleave, the lock's fast path
 *					inlined, plain or --latency
 *
 * A harness that calls every lock through a function pointer pays two
 * indirect calls per operation: about 4 ns on the build VM, twice the
 * budget for the harness's own cost (at most 2 ns per operation). So each lock file
 * instantiates the loop below with LB_LOCK_LOOP(), which lets the compiler
 * inline its lock and unlock functions into it, as Concurrency Kit's
 * regression benchmarks do by compiling once per lock. Every lock gets the
 * same loop, so `null` still measures exactly what the others include.
 *
 * The loop: operation j of thread tid is a read when (j + tid) mod (R + W)
 * < R (R:W from struct lb_ratio: period = R + W, nreads = R); `load` pauses
 * inside the lock and `delay` outside; one relaxed store of the operation
 * count per operation to the thread's own line (the watchdog reads it).
 * No allocation, no system call.
 *
 * The stop flag: fixed time checks it before every operation; fixed work
 * checks it once per `stop_every` operations, between two runs of the
 * inner loop (whose bound is then the end of the chunk instead of nops),
 * so the plain fixed-work loop's inner loop is what it was, and
 * --point-timeout or Ctrl-C stops it within stop_every operations of each
 * thread. The harness sets stop_every to LB_STOP_EVERY (64: the check then
 * costs nothing measurable) and to 1 for a point with more threads than
 * CPUs, whose operations can each take a scheduler tick (a preempted
 * waiter of a FIFO spinlock): there a chunk of 64 would let a timed-out
 * point run on for seconds.
 *
 * --latency adds four more variants of the same body, which read the
 * fenced cycle counter before and after every acquisition (or one in
 * lat_every: --latency-sample) and count the difference in the thread's
 * own histogram (hist.h), allocated before the start barrier: still no
 * allocation and no system call. The plain variants are compiled without
 * any of it, so they cost exactly what they cost before.
 */
#ifndef LB_LOCKS_LOOP_H
#define LB_LOCKS_LOOP_H

#include <stdbool.h>
#include <stdint.h>

#include "base/clock.h"
#include "measure/hist.h"
#include "base/lb-atomic.h"
#include "locks/lock.h"

/**
 * struct lb_loop - what one thread's measured loop needs, and its result
 * @lock:   the lock
 * @t:      the thread's context
 * @nops:   operations to do (UINT64_MAX in fixed-time mode)
 * @load:   pauses inside the critical section
 * @delay:  pauses between operations
 * @period: R + W of the ratio
 * @nreads: R, or 0 for an exclusive lock (every operation is a write)
 * @timed:  fixed time: check *stop before every operation
 * @stop:   raised by the main thread at the deadline
 * @ops:    progress counter on the thread's own line
 * @done:   out: operations done
 * @reads:  out: of which reads
 * @lat_r, @lat_w: --latency: the histograms of read and write acquisition
 *          times (may be the same); NULL: the plain loop
 * @lat_every: time one acquisition in lat_every (1: all of them)
 * @stop_every: fixed work: operations between two looks at *stop (0: LB_STOP_EVERY)
 */
struct lb_loop {
	void *lock;
	struct lb_tctx *t;
	uint64_t nops, load, delay;
	uint32_t period, nreads;
	bool timed;
	const uint32_t *stop;
	uint64_t *ops;
	uint64_t done, reads;
	struct lb_hist *lat_r, *lat_w;
	uint32_t lat_every;
	uint32_t stop_every;
};

/* fixed work: operations between two looks at the stop flag (see above) */
#define LB_STOP_EVERY 64

typedef void (*lb_verb)(void *lock, struct lb_tctx *t);

static inline __attribute__((always_inline)) void lb_pause_n(uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		lb_cpu_relax();
}

/*
 * lb_timed_acquire() - take the lock with @verb; with @lat, every lat_every-th
 * time between two fenced counter reads, counted in @h (the 2008 fair-rwlock posting's timing:
 * rdtsc_barrier, get_cycles, rdtsc_barrier on both sides of the lock call)
 */
static inline __attribute__((always_inline)) void
lb_timed_acquire(lb_verb verb, void *lock, struct lb_tctx *t, const bool lat, struct lb_hist *h,
		 uint32_t *countdown, uint32_t every)
{
	if (lat && --*countdown == 0) {
		uint64_t t0, t1;

		*countdown = every;
		t0 = lb_cycles_fenced();
		verb(lock, t);
		t1 = lb_cycles_fenced();
		lb_hist_add(h, t1 - t0);
	} else {
		verb(lock, t);
	}
}

static inline __attribute__((always_inline)) void
lb_loop_body(struct lb_loop *l, lb_verb wlock, lb_verb wunlock, lb_verb rlock, lb_verb runlock,
	     const bool timed, const bool mixed, const bool lat)
{
	void *const lock = l->lock;
	struct lb_tctx *const t = l->t;
	const uint64_t nops = l->nops, load = l->load, delay = l->delay;
	const uint32_t period = l->period, nreads = l->nreads;
	uint64_t *const opsp = l->ops;
	uint32_t pos = t->tid % period;
	uint64_t n = 0, end, reads = 0;
	struct lb_hist *const hr = l->lat_r, *const hw = l->lat_w;
	const uint32_t every = lat ? l->lat_every : 1;
	uint32_t countdown = 1;
	/* once per call: a caller that sets neither (a unit test) runs to nops */
	static const uint32_t never;
	const uint32_t *const stop = l->stop ? l->stop : &never;
	const uint64_t chunk = l->stop_every ? l->stop_every : LB_STOP_EVERY;

	while (n < nops) {
		/* relaxed: only a "time is up" hint; nothing is published through it */
		if (lb_unlikely(lb_load_relaxed(stop)))
			break;
		if (timed)
			end = n + 1;
		else
			end = nops - n > chunk ? n + chunk : nops;
		for (; n < end; n++) {
			if (mixed && pos < nreads) {
				lb_timed_acquire(rlock, lock, t, lat, hr, &countdown, every);
				lb_pause_n(load);
				runlock(lock, t);
				reads++;
			} else {
				lb_timed_acquire(wlock, lock, t, lat, hw, &countdown, every);
				lb_pause_n(load);
				wunlock(lock, t);
			}
			if (mixed && ++pos == period)
				pos = 0;
			lb_pause_n(delay);
			/* relaxed: progress for the watchdog; the join publishes the final value */
			lb_store_relaxed(opsp, n + 1);
		}
	}
	l->done = n;
	l->reads = reads;
}

/*
 * The eight variants (fixed work or time, exclusive or mixed, plain or
 * --latency) are `flatten`ed: every call in them is inlined where
 * the compiler can, so a lock's fast path lands in the loop; a slow path
 * the lock marks noinline (as the kernel keeps its slow paths out of line)
 * stays a call.
 *
 * LB_LOCK_LOOP(name, lock, unlock, read_lock, read_unlock) - define
 * `static void name(struct lb_loop *)` for a lock's verbs (pass the write
 * verbs twice for an exclusive lock), to be set as lb_lock_ops.loop.
 */
#define LB_LOCK_LOOP_VARIANT(name, wl, wu, rl, ru, timed, mixed, lat)			\
	static __attribute__((noinline, flatten)) void name(struct lb_loop *l)		\
	{										\
		lb_loop_body(l, wl, wu, rl, ru, timed, mixed, lat);			\
	}

#define LB_LOCK_LOOP(name, wl, wu, rl, ru)						\
	LB_LOCK_LOOP_VARIANT(name##_ops_excl, wl, wu, rl, ru, false, false, false)	\
	LB_LOCK_LOOP_VARIANT(name##_ops_mixed, wl, wu, rl, ru, false, true, false)	\
	LB_LOCK_LOOP_VARIANT(name##_time_excl, wl, wu, rl, ru, true, false, false)	\
	LB_LOCK_LOOP_VARIANT(name##_time_mixed, wl, wu, rl, ru, true, true, false)	\
	LB_LOCK_LOOP_VARIANT(name##_lat_ops_excl, wl, wu, rl, ru, false, false, true)	\
	LB_LOCK_LOOP_VARIANT(name##_lat_ops_mixed, wl, wu, rl, ru, false, true, true)	\
	LB_LOCK_LOOP_VARIANT(name##_lat_time_excl, wl, wu, rl, ru, true, false, true)	\
	LB_LOCK_LOOP_VARIANT(name##_lat_time_mixed, wl, wu, rl, ru, true, true, true)	\
	static void name(struct lb_loop *l)						\
	{										\
		if (l->lat_r)								\
			(l->timed ? (l->nreads ? name##_lat_time_mixed : name##_lat_time_excl)	\
				  : (l->nreads ? name##_lat_ops_mixed : name##_lat_ops_excl))(l);\
		else if (l->timed)							\
			(l->nreads ? name##_time_mixed : name##_time_excl)(l);		\
		else									\
			(l->nreads ? name##_ops_mixed : name##_ops_excl)(l);		\
	}

#endif /* LB_LOCKS_LOOP_H */

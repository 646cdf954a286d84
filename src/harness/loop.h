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
 *	checked loop	this file	--validate and --torture: the one body
 *					below with its chk constant set, in
 *					every lock file: the checks of check.c
 *					in its critical sections, trylock
 *					every fourth operation, and the
 *					--torture hook
 *	measured loop	this file	everything else (--scenario=roles too:
 *					each thread its own ratio): the
 *					interleave, the lock's fast path
 *					inlined, plain or --latency
 *
 * A lock without .loop (a test's) runs the same body with its verbs
 * through the ops pointers (validate.c), checked or not.
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
 *
 * --validate (and --torture) select two checked variants of the same
 * body (chk true): the same verbs, inlined the same way, so what is
 * validated is what is measured. Inside every write section the writer
 * checks that it is alone and moves the shared value in two steps with a
 * pause between (odd while it is inside), inside every read section the reader checks that no
 * writer is inside and that the value is even and does not move
 * (lb_check_write_cs(), lb_check_read_cs() in check.c). At the end the
 * value is twice the writes done. Every fourth operation takes the lock
 * with its trylock, where it has one. With --torture the thread has a
 * torture state (lb_torture_self, lock.h): the checks call its hook inside the
 * sections, and the loop calls it between operations (random pauses,
 * sched_yield). None of this is in the plain variants' code.
 */
#ifndef LB_LOCKS_LOOP_H
#define LB_LOCKS_LOOP_H

#include <stdbool.h>
#include <stdint.h>

#include "base/clock.h"
#include "base/lb-atomic.h"
#include "harness/check.h"
#include "locks/lock.h"
#include "measure/hist.h"

/**
 * struct lb_loop - what one thread's measured loop needs, and its result
 * @lock:   the lock
 * @t:      the thread's context
 * @nops:   operations to do (UINT64_MAX in fixed-time mode)
 * @load:   pauses inside the critical section
 * @delay:  pauses between operations
 * @period: R + W of the ratio
 * @nreads: R, or 0 for an exclusive lock (every operation is a write)
 * @spin:   --load-unit=loop: load and delay count lb_spin_n() iterations,
 *          not pauses
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
	bool spin;
	bool timed;
	const uint32_t *stop;
	uint64_t *ops;
	uint64_t done, reads;
	struct lb_hist *lat_r, *lat_w;
	uint32_t lat_every;
	uint32_t stop_every;
	struct lb_check *chk;
};

/* fixed work: operations between two looks at the stop flag (see above) */
#define LB_STOP_EVERY 64

typedef void (*lb_verb)(void *lock, struct lb_tctx *t);

/* lb_wait_n() - @n units of work: pauses, or with @spin dependent adds */
static inline __attribute__((always_inline)) void lb_wait_n(uint64_t n, const bool spin)
{
	if (spin)
		lb_spin_n(n);
	else
		lb_pause_n(n);
}

/*
 * lb_timed_acquire() - take the lock with @verb; with @lat, every lat_every-th
 * time between two fenced counter reads, counted in @h (Desnoyers 2008's timing:
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

/* lb_check_acquire() - the checked variants' acquisition: trylock every fourth operation */
static inline __attribute__((always_inline)) void
lb_check_acquire(lb_verb verb, lb_try_verb try, void *lock, struct lb_tctx *t, uint64_t n)
{
	if (try && (n & 3) == 3) {
		while (!try(lock, t))	/* ck's validators: alternate lock and trylock */
			lb_cpu_relax();
	} else {
		verb(lock, t);
	}
}

/*
 * lb_section() - a critical section of @load units: the pause (or loop)
 * load, or with @chk the checked section, which keeps the checks' floor of
 * pauses (a lock that gives no exclusion gets the load only)
 */
static inline __attribute__((always_inline)) void
lb_section(struct lb_check *c, struct lb_tctx *t, uint64_t load, const bool spin, const bool chk,
	   const bool read)
{
	if (chk && !c->noexcl) {
		if (read)
			lb_check_read_cs(c, t, load);
		else
			lb_check_write_cs(c, t, load);
	} else {
		lb_wait_n(load, spin);
	}
}

/*
 * lb_loop_body() - the measured loop, the one body of every variant:
 * @timed (fixed time: look at the stop flag before every operation),
 * @mixed (reads by the interleave), @lat (time the acquisitions), @spin
 * (--load-unit=loop) and @chk (the checked variants: trylock every fourth
 * operation, the checked sections, the --torture hook between operations)
 * are constants of each variant, so what a variant leaves out is not in
 * its code: the plain variants compile to the loop without any of it.
 */
static inline __attribute__((always_inline)) void
lb_loop_body(struct lb_loop *l, lb_verb wlock, lb_verb wunlock, lb_verb rlock, lb_verb runlock,
	     const bool timed, const bool mixed, const bool lat, const bool spin, const bool chk)
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
	struct lb_check *const c = chk ? l->chk : NULL;
	/* once per call: a caller that sets neither (a unit test) runs to nops */
	static const uint32_t never;
	const uint32_t *const stop = l->stop ? l->stop : &never;
	const uint64_t chunk = l->stop_every ? l->stop_every : LB_STOP_EVERY;

	while (n < nops) {
		/* relaxed: only a "time is up" (or a violation) hint; nothing is published through it */
		if (lb_unlikely(lb_load_relaxed(stop)))
			break;
		if (timed)
			end = n + 1;
		else
			end = nops - n > chunk ? n + chunk : nops;
		for (; n < end; n++) {
			if (mixed && pos < nreads) {
				if (chk)
					lb_check_acquire(rlock, c->read_trylock, lock, t, n);
				else
					lb_timed_acquire(rlock, lock, t, lat, hr, &countdown, every);
				lb_section(c, t, load, spin, chk, true);
				runlock(lock, t);
				reads++;
			} else {
				if (chk)
					lb_check_acquire(wlock, c->trylock, lock, t, n);
				else
					lb_timed_acquire(wlock, lock, t, lat, hw, &countdown, every);
				lb_section(c, t, load, spin, chk, false);
				wunlock(lock, t);
			}
			if (mixed && ++pos == period)
				pos = 0;
			lb_wait_n(delay, spin);
			if (chk)
				lb_torture_point(t);	/* --torture: between operations too */
			/* relaxed: progress for the watchdog; the join publishes the final value */
			lb_store_relaxed(opsp, n + 1);
#ifdef LB_SIM
			lb_sim_op();	/* the rest of this operation's own work (op_ns) */
#endif
		}
	}
	l->done = n;
	l->reads = reads;
}

/*
 * The fourteen variants of the one body (fixed work or time, exclusive or
 * mixed; plain with pauses, plain with --load-unit=loop, or --latency; and
 * the two checked ones, exclusive or mixed, which watch the stop flag
 * before every operation in both modes) are
 * `flatten`ed: every call in them is inlined where the compiler can, so a
 * lock's fast path lands in the loop; a slow path the lock marks noinline
 * (as the kernel keeps its slow paths out of line) stays a call. The unit
 * is a constant of the plain variants, so the pause loop pays nothing for
 * the other; the --latency and checked variants test it at run time (a
 * checking critical section keeps its floor of pauses).
 *
 * LB_LOCK_LOOP(name, lock, unlock, read_lock, read_unlock) - define
 * `static void name(struct lb_loop *)` for a lock's verbs (pass the write
 * verbs twice for an exclusive lock), to be set as lb_lock_ops.loop.
 */
#define LB_LOCK_LOOP_VARIANT(name, wl, wu, rl, ru, timed, mixed, lat, spin, chk)	\
	static __attribute__((__noinline__, __flatten__)) void name(struct lb_loop *l)		\
	{										\
		lb_loop_body(l, wl, wu, rl, ru, timed, mixed, lat, spin, chk);		\
	}

#define LB_LOCK_LOOP(name, wl, wu, rl, ru)						\
	LB_LOCK_LOOP_VARIANT(name##_ops_excl, wl, wu, rl, ru, false, false, false, false, false)	\
	LB_LOCK_LOOP_VARIANT(name##_ops_mixed, wl, wu, rl, ru, false, true, false, false, false)	\
	LB_LOCK_LOOP_VARIANT(name##_time_excl, wl, wu, rl, ru, true, false, false, false, false)	\
	LB_LOCK_LOOP_VARIANT(name##_time_mixed, wl, wu, rl, ru, true, true, false, false, false)	\
	LB_LOCK_LOOP_VARIANT(name##_sops_excl, wl, wu, rl, ru, false, false, false, true, false)	\
	LB_LOCK_LOOP_VARIANT(name##_sops_mixed, wl, wu, rl, ru, false, true, false, true, false)	\
	LB_LOCK_LOOP_VARIANT(name##_stime_excl, wl, wu, rl, ru, true, false, false, true, false)	\
	LB_LOCK_LOOP_VARIANT(name##_stime_mixed, wl, wu, rl, ru, true, true, false, true, false)	\
	LB_LOCK_LOOP_VARIANT(name##_lat_ops_excl, wl, wu, rl, ru, false, false, true, l->spin, false)\
	LB_LOCK_LOOP_VARIANT(name##_lat_ops_mixed, wl, wu, rl, ru, false, true, true, l->spin, false)\
	LB_LOCK_LOOP_VARIANT(name##_lat_time_excl, wl, wu, rl, ru, true, false, true, l->spin, false)\
	LB_LOCK_LOOP_VARIANT(name##_lat_time_mixed, wl, wu, rl, ru, true, true, true, l->spin, false)\
	LB_LOCK_LOOP_VARIANT(name##_chk_excl, wl, wu, rl, ru, true, false, false, l->spin, true)\
	LB_LOCK_LOOP_VARIANT(name##_chk_mixed, wl, wu, rl, ru, true, true, false, l->spin, true)\
	static void name(struct lb_loop *l)						\
	{										\
		if (l->chk)								\
			(l->nreads ? name##_chk_mixed : name##_chk_excl)(l);			\
		else if (l->lat_r)							\
			(l->timed ? (l->nreads ? name##_lat_time_mixed : name##_lat_time_excl)	\
				  : (l->nreads ? name##_lat_ops_mixed : name##_lat_ops_excl))(l);\
		else if (l->spin)							\
			(l->timed ? (l->nreads ? name##_stime_mixed : name##_stime_excl)	\
				  : (l->nreads ? name##_sops_mixed : name##_sops_excl))(l);	\
		else if (l->timed)							\
			(l->nreads ? name##_time_mixed : name##_time_excl)(l);		\
		else									\
			(l->nreads ? name##_ops_mixed : name##_ops_excl)(l);		\
	}

#endif /* LB_LOCKS_LOOP_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * internal.h - the simulator's state, shared by its files (engine.c: the
 * scheduler, the hooks and the futex; mem.c: the coherence directory);
 * nothing outside src/sim/ includes it
 */
#ifndef LB_SRC_SIM_INTERNAL_H
#define LB_SRC_SIM_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "base/sim.h"
#include "sim/coro.h"
#include "sim/sim.h"

#define SIM_LINE_SHIFT	6		/* 64-byte lines */
#define SIM_TLS_MAX	4		/* lb_sim_thread_local() regions */
#define SIM_TLS_BYTES	64		/* their bytes in all */
#define SIM_NONE	(-1)
#define SIM_SB_MAX	128		/* the most store-buffer entries a profile may give */
#define SIM_ST_N	4		/* the stores a CPU remembers for forwarding (lb_sim_sb_enter()) */
#define SIM_WAKE_SPREAD_PS 1000	/* a write's wakers resume within a nanosecond of it, in a drawn order */

/* a line's state in the directory (MESI; S has a forwarder, as MESIF's F) */
enum { SIM_I = 0, SIM_S = 1, SIM_E = 2, SIM_M = 3 };

/**
 * struct sim_line - one 64-byte line's directory entry
 * @tag:      address >> SIM_LINE_SHIFT
 * @busy:     ps: the line serves one request at a time, the last ends then
 * @owner:    M/E: the holder; S: the forwarder (the last to fetch it)
 * @nholders: CPUs holding a copy (bits[])
 * @home:     NUMA node of its memory
 * @parked:   first thread parked on it (struct sim_thread.park_next), or -1
 * @pkgs:     bit p: a holder in package p (packages past 63 share bit 63)
 * @hold_until, @hold_cpu, @hold_m: the last CPU to receive the line keeps it
 *            until then (against writes; against reads too when it came as M)
 * @wait_head, @wait_tail: the threads whose misses wait for a hold, in the
 *            order they came (struct sim_thread.wait_next); only the first
 *            is scheduled, for the hold's end
 * @requests, @queued, @queue_ps, @max_queue_ps: misses, those that waited, the waits
 * @bits:     one bit per CPU holding a copy
 */
struct sim_line {
	uintptr_t tag;
	uint64_t busy;
	int32_t owner;
	uint32_t nholders;
	uint8_t state;
	int16_t home;
	int32_t parked;
	uint64_t pkgs;
	uint64_t hold_until;
	int32_t hold_cpu;
	uint8_t hold_m;
	int32_t wait_head, wait_tail;
	uint64_t requests, queued, queue_ps, max_queue_ps;
	uint64_t bits[];
};

struct sim_home {
	uintptr_t lo, hi;	/* line tags [lo, hi) */
	int node;
};

/* the directory: lines in an arena (stable indexes), found through an open-addressed table */
struct sim_mem {
	unsigned nwords;	/* 64-bit words of a line's bits[] */
	size_t stride;		/* bytes of one line */
	char *arena;
	uint32_t n, cap;	/* lines, and room */
	uint32_t *slots;	/* index + 1, 0 empty */
	uint32_t mask;		/* table size - 1 (a power of two) */
	struct sim_home *homes;
	unsigned nhomes;
};

enum sim_tstate {
	SIM_T_READY = 0,	/* in its CPU's run queue */
	SIM_T_RUNNING,		/* its CPU's current thread, runnable */
	SIM_T_PARKED,		/* its CPU's current thread, spinning parked on a line */
	SIM_T_SLEEPING,		/* in a futex wait */
	SIM_T_DONE,
};

struct sim_thread {
	struct lb_coro co;
	unsigned cpu;
	enum sim_tstate state;
	int rq_next;		/* run queue link */
	int park_next;		/* parked list link */
	int wait_next;		/* a line's waiters' link (mem.c's hold) */
	bool waiting;		/* in a line's waiters */
	uint32_t park_line;
	uint32_t *futex;	/* the word it sleeps on */
	int fq_next;		/* futex queue link */
	uint32_t gen;		/* its futex timeout's generation (a stale timer is skipped) */
	uint32_t park_gen;	/* its park's, for lb_sim_park_until()'s timer */
	bool timed_out;
	uint64_t ready_at;	/* ps: not before this when switched in */
	uint64_t accesses;
	uint64_t on_since;	/* ps: current on its CPU since (running or spinning) */
	uint64_t oncpu_ps;	/* time current on its CPU before on_since */
	uint64_t preempted;	/* time slices that ended with another thread waiting */
	unsigned char tls[SIM_TLS_BYTES];	/* its copy of the thread-local regions */
	uintptr_t area_lo, area_hi;	/* lb_sim_thread_area() */
};

struct sim_cpu {
	uint64_t clock;		/* ps */
	uint64_t slice_end;
	uint64_t key;		/* its heap key */
	int heap_pos;		/* -1: not in the heap */
	int cur;		/* current thread, -1: idle */
	int rq_head, rq_tail;
	unsigned nready;
	/* the store buffer: its stores' completions (ps), oldest at sb_head; the last one's */
	uint64_t sb[SIM_SB_MAX];
	unsigned sb_head;
	uint64_t sb_done;
	uint64_t ser_done;	/* ps: its last locked RMW's or fence's completion */
	/* its last SIM_ST_N stores: bytes [lo, hi), issued at (ps); st_head the next to reuse */
	struct { uintptr_t lo, hi; uint64_t at; } st[SIM_ST_N];
	unsigned st_head;
};

struct sim_timer {
	uint64_t at;		/* ps */
	uint64_t seq;		/* ties by creation order */
	int tid;		/* a futex timeout (or a park's end), or -1: a caller's timer */
	uint32_t gen;
	bool park;		/* lb_sim_park_until()'s end, not a futex timeout */
	void (*fn)(struct lb_sim *s, void *arg);
	void *arg;
};

#define SIM_FUTEX_BUCKETS 256

struct lb_sim {
	struct lb_sim_machine m;
	struct lb_sim_profile p;
	/* the profile in ps */
	uint64_t c_hit, c_smt, c_l3, c_pkg, c_home, c_inval, c_rmw, c_fence, c_pause, c_spin;
	uint64_t c_hold, c_fwd, c_fwd_cas, c_plain, c_commit, c_op;
	uint32_t ovl;		/* rmw_overlap_pct as a fraction x 2^20 */
	unsigned sb_n;		/* store buffer entries; 0: a store waits for its completion */
	uint64_t c_fwait, c_fwake, c_wakeup, c_ctxsw, c_slice;
	uint64_t *c_remote;	/* nnodes x nnodes: a transfer between packages */
	uint64_t *c_mem;	/* nnodes x nnodes: memory of node j from node i */
	unsigned npackages;
	unsigned *pkg_cpu;	/* the first CPU of each package */
	uint64_t rng;
	uint32_t jit;		/* jitter: fraction x 2^20 */
	uint64_t hold_rng;	/* the hold's draws (a stream of their own: the jitter's unmoved) */
	uint64_t wake_rng;	/* the order of a write's wakers (engine.c) */
	uint64_t hold_skip;	/* hold_skip_pct as a fraction x 2^53; 0: no draw */
	bool hold_random;	/* each hold's length drawn (hold_len()) */
	struct sim_cpu *cpu;
	struct sim_thread *thr;
	unsigned nthr, cap_thr;
	int *heap;		/* CPU indexes by (key, index) */
	unsigned nheap;
	struct sim_timer *timers;	/* a heap by (at, seq) */
	unsigned ntimers, cap_timers;
	uint64_t timer_seq;
	int cur;		/* the running thread, -1 in the scheduler */
	uint64_t now;		/* ps of the last event */
	struct sim_mem mem;
	int fq_head[SIM_FUTEX_BUCKETS];
	unsigned ndone;
	bool aborted, running;
	size_t stack_size;
	struct lb_sim_stats st;
	struct { void *addr; size_t size, off; } tls[SIM_TLS_MAX];	/* lb_sim_thread_local() */
	unsigned ntls;
	size_t tls_bytes;
	unsigned char tls_os[SIM_TLS_BYTES];	/* the OS thread's, put back after the run */
};

/* the next number of a seeded stream (xorshift64): the jitter's, the hold's, the wakers' */
static inline uint64_t xorshift64(uint64_t *state)
{
	uint64_t x = *state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*state = x;
	return x;
}

/* mem.c */
int lb_sim_mem_init(struct lb_sim *s);
void lb_sim_mem_fini(struct lb_sim *s);
uint32_t lb_sim_line_of(struct lb_sim *s, uintptr_t tag, unsigned cpu);
static inline struct sim_line *lb_sim_line(const struct lb_sim *s, uint32_t idx)
{
	return (struct sim_line *)(s->mem.arena + (size_t)idx * s->mem.stride);
}
/* does @cpu hold a copy of line @idx (as the directory will be once the issued requests end)? */
static inline bool lb_sim_mem_holds(const struct lb_sim *s, uint32_t idx, unsigned cpu)
{
	return lb_sim_line(s, idx)->bits[cpu / 64] >> (cpu % 64) & 1;
}
uint64_t lb_sim_mem_stall(const struct lb_sim *s, unsigned cpu, uint32_t idx,
			  enum lb_sim_kind kind, uint64_t now);
/* a hit: @cpu holds a copy of line @idx and the access needs no more (a read, or M or E) */
static inline bool lb_sim_mem_hit(const struct lb_sim *s, uint32_t idx, unsigned cpu,
				  enum lb_sim_kind kind)
{
	return lb_sim_mem_holds(s, idx, cpu) &&
	       (kind == LB_SIM_READ || lb_sim_line(s, idx)->state != SIM_S);
}
uint64_t lb_sim_mem_access(struct lb_sim *s, unsigned cpu, uint32_t idx, enum lb_sim_kind kind,
			   uint64_t asked, uint64_t now, uint64_t floor, uint64_t hidden);
void lb_sim_mem_drop(struct lb_sim *s, uint32_t idx);
uint64_t lb_sim_jitter(struct lb_sim *s, uint64_t cost);

/* the store buffer (mem.c's model): @c's clock past its stores' completion (a drain) */
static inline void lb_sim_sb_drain(struct sim_cpu *c)
{
	if (c->clock < c->sb_done)
		c->clock = c->sb_done;
}

/* a store's entry: @c's clock past the oldest one's completion when all are in use */
static inline void lb_sim_sb_wait(const struct lb_sim *s, struct sim_cpu *c)
{
	if (s->sb_n && c->clock < c->sb[c->sb_head])
		c->clock = c->sb[c->sb_head];
}

/* a posted store completing at @done into @c's buffer */
static inline void lb_sim_sb_post(struct lb_sim *s, struct sim_cpu *c, uint64_t done)
{
	s->st.posted++;
	c->sb[c->sb_head] = done;
	c->sb_head = (c->sb_head + 1) % s->sb_n;
	c->sb_done = done;
}

/*
 * After @c's access of @kind to bytes [@a, @a + @size), issued at
 * @issued and done at @c's clock. A store that missed is posted (into the
 * buffer); one that hit commits at @issued + commit_ns, no earlier than
 * the stores before it (TSO), and a drain waits for that (x86 stores that
 * hit do not hold an entry this long: their entries are not counted).
 */
static inline void lb_sim_sb_after(struct lb_sim *s, struct sim_cpu *c, enum lb_sim_kind kind,
				   bool posted, uint64_t issued, uintptr_t a, size_t size)
{
	uint64_t done;

	if (kind == LB_SIM_WRITE && posted) {
		lb_sim_sb_post(s, c, c->clock);
	} else if (kind == LB_SIM_WRITE) {
		done = s->c_commit ? issued + s->c_commit : 0;	/* not jittered: not an access */
		if (done > c->sb_done)
			c->sb_done = done;
	}
}

/*
 * Before @c's access of @kind to bytes [@a, @a + @size): a fence or a
 * locked RMW drains the store buffer; a store waits for an entry and is
 * remembered (the CPU's last SIM_ST_N stores). A read or an RMW that takes
 * bytes of one of them and bytes it did not write (a wider load, or one
 * that straddles it: store-to-load forwarding fails, as the Intel and AMD
 * optimization guides describe) starts no earlier than that store's issue
 * plus forward_ns: it waits for the store to reach the cache. A store with
 * SIM_ST_N stores after it is forgotten.
 */
static inline void lb_sim_sb_enter(struct lb_sim *s, struct sim_cpu *c, enum lb_sim_kind kind,
				   uintptr_t a, size_t size, uint64_t fwd)
{
	uint64_t until = 0;

	if (kind == LB_SIM_WRITE) {
		lb_sim_sb_wait(s, c);
		c->st[c->st_head].lo = a;
		c->st[c->st_head].hi = a + size;
		c->st[c->st_head].at = c->clock;
		c->st_head = (c->st_head + 1) % SIM_ST_N;
		return;
	}
	if (kind != LB_SIM_READ)
		lb_sim_sb_drain(c);	/* a fence or a locked instruction */
	if (kind == LB_SIM_FENCE || !fwd)
		return;
	for (unsigned i = 0; i < SIM_ST_N; i++)
		if (a < c->st[i].hi && a + size > c->st[i].lo &&
		    (a < c->st[i].lo || a + size > c->st[i].hi) && c->st[i].at + fwd > until)
			until = c->st[i].at + fwd;
	if (c->clock < until) {
		c->clock = until;
		s->st.forward_stalls++;
	}
}

/*
 * the part of an RMW's cost that @c's work since its last locked RMW or
 * fence hid (mem.c): of a hit (@hit), all it costs beyond a plain hit; of
 * a miss, its rmw_ns (the transfer is not hidden)
 */
static inline uint64_t lb_sim_hidden(const struct lb_sim *s, const struct sim_cpu *c,
				     enum lb_sim_kind kind, bool hit)
{
	uint64_t since = c->clock > c->ser_done ? c->clock - c->ser_done : 0, cap = s->c_rmw;

	if (kind != LB_SIM_RMW || !s->ovl)
		return 0;
	if (hit)
		cap = s->c_hit + s->c_rmw > s->c_plain ? s->c_hit + s->c_rmw - s->c_plain : 0;
	return ((since < cap ? since : cap) * s->ovl) >> 20;
}

/* engine.c: wake the threads parked on line @idx, runnable at @at */
void lb_sim_wake_parked(struct lb_sim *s, uint32_t idx, uint64_t at);
/* heap.c: CPU @ci has something to do at @key (into the heap, or moved in it) */
void lb_sim_cpu_schedule(struct lb_sim *s, unsigned ci, uint64_t key);
/* heap.c: the earliest CPU, out of the heap */
int lb_sim_heap_pop(struct lb_sim *s);
/* heap.c: a timer into the timers' heap (its seq is set there); 0 or -ENOMEM */
int lb_sim_timer_push(struct lb_sim *s, struct sim_timer tm);
/* heap.c: the earliest timer, out of the heap */
struct sim_timer lb_sim_timer_pop(struct lb_sim *s);

/* is (@t, CPU @ci) the earliest event? */
static inline bool lb_sim_earliest(const struct lb_sim *s, uint64_t t, unsigned ci)
{
	if (s->nheap) {
		const struct sim_cpu *top = &s->cpu[s->heap[0]];

		if (top->key < t || (top->key == t && s->heap[0] < (int)ci))
			return false;
	}
	return !s->ntimers || s->timers[0].at > t;
}

/* engine.c: thread @tid to the back of CPU @c's run queue */
void lb_sim_rq_push(struct lb_sim *s, struct sim_cpu *c, int tid);

/* @t becomes, or stops being, its CPU's current thread at @clock (ps): its on-CPU time */
static inline void lb_sim_on(struct sim_thread *t, uint64_t clock)
{
	t->on_since = clock;
}

static inline void lb_sim_off(struct sim_thread *t, uint64_t clock)
{
	if (clock > t->on_since)
		t->oncpu_ps += clock - t->on_since;
	t->on_since = clock;
}

#endif /* LB_SRC_SIM_INTERNAL_H */

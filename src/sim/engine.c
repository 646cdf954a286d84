// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * engine.c - the simulator's scheduler, its hooks (base/sim.h) and its futex
 *
 * Threads and CPUs. Each simulated thread is a coroutine (coro.h) pinned
 * to a simulated CPU; a CPU runs its current thread and keeps the others
 * in a FIFO run queue. Each CPU has a virtual clock (picoseconds). The
 * scheduler keeps the CPUs that have something to do in a heap by (clock,
 * CPU index), and the timers (futex timeouts, the caller's lb_sim_at())
 * in another, by (time, creation order) (heap.c); it always resumes the
 * earliest event, timers first on a tie, so runs are deterministic.
 *
 * Hooks. A shared access (lb_sim_access()) first checks the time slice,
 * then waits until its CPU's clock is the earliest event (a coroutine
 * switch to the scheduler, unless it already is: a CPU ahead of no one
 * runs on without a switch), costs the access (mem.c), moves the clock
 * to its completion and waits again until that is the earliest; then the
 * caller's __atomic operation runs. A delay (pauses, lb_spin_n() turns, a
 * system call's cost) moves the clock, split at the slice's end when
 * another thread waits for the CPU, and then waits to be the earliest, so
 * that the plain (uncharged) memory accesses that follow it also happen
 * in virtual-time order.
 *
 * Store buffer (mem.c). A posted store runs, in order, once its completion
 * is the earliest event; then its CPU's clock goes back to the issue plus a
 * plain hit. A locked RMW, a fence or a futex call first drains it (sb_done); a
 * read or RMW that a recent store cannot forward to waits (lb_sim_sb_enter()).
 *
 * Spinning. lb_sim_park() (the spin-until primitive's wait, lb-atomic.h)
 * leaves the thread on its CPU, spinning, but takes the CPU out of the
 * heap: it costs nothing until a write to its line (mem.c) wakes it at
 * the write's completion, or, when another thread waits for the CPU, its
 * slice ends and it is preempted. A write is noticed when it is issued:
 * one issued between the spinner's read being issued and done (queued
 * behind it) has already taken the spinner's copy, so a spinner that no
 * longer holds its line does not park but reads again. The spinners one
 * write wakes resume in a seeded random order: each at the write's
 * completion and a draw under a nanosecond (SIM_WAKE_SPREAD_PS), from a
 * stream of their own, so their reads reach the line in that order. They
 * resumed at the same time, and the heap's tie-break, the CPUs' index
 * order, ordered their reads the same way at every write: a ticket lock
 * whose tickets went out in that order found its next owner early in the
 * queue of readers (westmere-ex-8s80c, --load=0, 16 to 80 threads: 2.8
 * to 0.8 Mops/s; in a random order 0.95 to 0.14, Boyd-Wickizer et al.'s
 * collapse), and an MCS queue kept the order the start barrier's wakers
 * had, one socket after the other or, with --place=spread, alternating
 * (every hand-off remote). A real directory serves the re-reads in the
 * order they arrive, which the lock's order does not set. A spin with a
 * budget parks the same way until its line is written or the budget's end
 * (lb_sim_park_until(): a timer, skipped when a write woke it first). A
 * spin loop not converted to the primitive still runs, each access and
 * pause charged.
 *
 * Time slices. More threads than CPUs share a CPU round-robin: a slice
 * (slice_ns) ending with another thread ready is noticed at the next
 * access or delay; the thread goes to the back of the run queue and the
 * next one is switched in, context_switch_ns later.
 *
 * Futex. FUTEX_WAIT costs futex_wait_ns, reads the word (a charged
 * access), and sleeps when it still holds the value: the thread leaves
 * its CPU (the next ready one is switched in, or the CPU idles), with
 * an optional timeout (a timer). FUTEX_WAKE costs futex_wake_ns and wakes
 * up to n sleepers of the word in FIFO order, each runnable wakeup_ns
 * later: on its CPU at once if the CPU idles, else at the back of its
 * run queue.
 *
 * The end. lb_sim_run() returns when every thread has returned, when no
 * CPU has anything to do and no futex timeout is pending while threads
 * remain (every thread blocked: a deadlock, lb_sim_blocked() says on
 * what), or when a timer calls lb_sim_abort().
 */
#include "config.h"

#include <errno.h>
#include <linux/futex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "sim/internal.h"

/* the simulation lb_sim_run() is running, NULL outside */
static struct lb_sim *cur_sim;

static inline uint64_t max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/* ---- run queues */

void lb_sim_rq_push(struct lb_sim *s, struct sim_cpu *c, int tid)
{
	s->thr[tid].rq_next = SIM_NONE;
	if (c->rq_tail >= 0)
		s->thr[c->rq_tail].rq_next = tid;
	else
		c->rq_head = tid;
	c->rq_tail = tid;
	c->nready++;
}

static int rq_pop(struct lb_sim *s, struct sim_cpu *c)
{
	int tid = c->rq_head;

	c->rq_head = s->thr[tid].rq_next;
	if (c->rq_head < 0)
		c->rq_tail = SIM_NONE;
	c->nready--;
	return tid;
}

/* ---- from inside a thread */

static void yield_thread(struct lb_sim *s, struct sim_thread *t)
{
	lb_coro_yield(&t->co);
}

/* wait until the running thread's clock is the earliest event */
static inline void sync_cpu(struct lb_sim *s, struct sim_thread *t)
{
	struct sim_cpu *c = &s->cpu[t->cpu];

	if (lb_sim_earliest(s, c->clock, t->cpu))
		return;
	lb_sim_cpu_schedule(s, t->cpu, c->clock);
	yield_thread(s, t);
}

/* the slice is over and another thread waits: to the back of the queue */
static inline void preempt_check(struct lb_sim *s, struct sim_thread *t)
{
	struct sim_cpu *c = &s->cpu[t->cpu];

	if (!c->nready || c->clock < c->slice_end)
		return;
	s->st.preemptions++;
	t->preempted++;
	lb_sim_off(t, c->clock);
	t->state = SIM_T_READY;
	t->ready_at = c->clock;
	lb_sim_rq_push(s, c, (int)(t - s->thr));
	c->cur = SIM_NONE;
	lb_sim_cpu_schedule(s, t->cpu, c->clock);
	yield_thread(s, t);
}

/* @d ps of the thread's own time, split at its slice's end */
static void delay(struct lb_sim *s, struct sim_thread *t, uint64_t d)
{
	struct sim_cpu *c = &s->cpu[t->cpu];

	while (c->nready && c->clock + d > c->slice_end) {
		uint64_t step = c->slice_end > c->clock ? c->slice_end - c->clock : 0;

		c->clock += step;
		d -= step;
		preempt_check(s, t);
	}
	c->clock += d;
}

static inline struct sim_thread *running(void)
{
	struct lb_sim *s = cur_sim;

	return s && s->cur >= 0 ? &s->thr[s->cur] : NULL;
}

/*
 * Another CPU's hold on line @idx, or misses waiting before @t's: into the
 * line's waiters (mem.c), the first scheduled for the hold's end, the
 * others off the heap until they are first; back when it may go.
 */
static void wait_hold(struct lb_sim *s, struct sim_thread *t, uint32_t idx, enum lb_sim_kind kind)
{
	struct sim_cpu *c = &s->cpu[t->cpu];
	struct sim_line *l = lb_sim_line(s, idx);
	int tid = (int)(t - s->thr);

	for (;;) {
		uint64_t at = lb_sim_mem_stall(s, t->cpu, idx, kind, c->clock);
		bool behind = l->wait_head != SIM_NONE && l->wait_head != tid &&
			      !lb_sim_mem_holds(s, idx, t->cpu);

		if (!at && !behind)
			return;
		if (!t->waiting) {
			s->st.stalled++;
			t->waiting = true;
			t->wait_next = SIM_NONE;
			if (l->wait_tail != SIM_NONE)
				s->thr[l->wait_tail].wait_next = tid;
			else
				l->wait_head = tid;
			l->wait_tail = tid;
		}
		if (l->wait_head == tid) {
			if (at > c->clock)
				c->clock = at;
			lb_sim_cpu_schedule(s, t->cpu, c->clock);
		}
		yield_thread(s, t);
	}
}

/* @t, first of line @idx's waiters, has issued its miss: the next is first, for the new hold */
static void wait_done(struct lb_sim *s, struct sim_thread *t, uint32_t idx)
{
	struct sim_line *l = lb_sim_line(s, idx);

	t->waiting = false;
	l->wait_head = t->wait_next;
	if (l->wait_head == SIM_NONE) {
		l->wait_tail = SIM_NONE;
		return;
	}
	/* it looks again when the line takes its next request (mem.c: busy) */
	lb_sim_cpu_schedule(s, s->thr[l->wait_head].cpu,
			    max_u64(s->cpu[s->thr[l->wait_head].cpu].clock, l->busy));
}

void lb_sim_access(enum lb_sim_kind kind, const void *addr, size_t size)
{
	struct sim_thread *t = running();
	struct lb_sim *s = cur_sim;
	struct sim_cpu *c;
	uint64_t issued, hidden, fwd;
	uint32_t idx;
	bool posted, hit;

	if (!t)
		return;
	/* a compare-and-swap is an RMW, with a forwarding wait of its own */
	fwd = kind == LB_SIM_CAS ? s->c_fwd_cas : s->c_fwd;
	if (kind == LB_SIM_CAS)
		kind = LB_SIM_RMW;
	c = &s->cpu[t->cpu];
	s->st.accesses++;
	t->accesses++;
	preempt_check(s, t);
	lb_sim_sb_enter(s, c, kind, (uintptr_t)addr, size, fwd);	/* drain, entry, forwarding */
	if (kind == LB_SIM_FENCE) {
		c->clock += lb_sim_jitter(s, s->c_fence);
		c->ser_done = c->clock;
		return;
	}
	sync_cpu(s, t);
	idx = lb_sim_line_of(s, (uintptr_t)addr >> SIM_LINE_SHIFT, t->cpu);
	if (idx == UINT32_MAX) {
		lb_sim_abort(s);	/* out of memory for the directory */
		return;
	}
	issued = c->clock;
	hit = lb_sim_mem_hit(s, idx, t->cpu, kind);
	posted = kind == LB_SIM_WRITE && s->sb_n && !hit;
	hidden = lb_sim_hidden(s, c, kind, hit);
	wait_hold(s, t, idx, kind);
	c->clock = lb_sim_mem_access(s, t->cpu, idx, kind, issued, c->clock,
				     posted ? c->sb_done : 0, hidden);
	if (kind == LB_SIM_RMW)
		c->ser_done = c->clock;
	lb_sim_sb_after(s, c, kind, posted, issued, (uintptr_t)addr, size);
	if (t->waiting)
		wait_done(s, t, idx);
	/* a write wakes the spinners parked on the line, runnable at its completion */
	if (kind != LB_SIM_READ && lb_sim_line(s, idx)->parked != SIM_NONE)
		lb_sim_wake_parked(s, idx, c->clock);
	sync_cpu(s, t);
	/* the caller's store runs now, in order; its CPU went on from its buffer */
	if (posted)
		c->clock = issued + lb_sim_jitter(s, s->c_plain);
}

/* @n times @each ps of the running thread's own work (none: @n 0), then its turn */
static void own_work(uint64_t n, uint64_t each)
{
	struct sim_thread *t = running();

	if (!t || !n)
		return;
	delay(cur_sim, t, n * each);
	sync_cpu(cur_sim, t);
}

void lb_sim_pause(uint64_t n)
{
	own_work(n, cur_sim ? cur_sim->c_pause : 0);
}

void lb_sim_spin(uint64_t n)
{
	own_work(n, cur_sim ? cur_sim->c_spin : 0);
}

void lb_sim_op(void)
{
	own_work(cur_sim && cur_sim->c_op, cur_sim ? cur_sim->c_op : 0);
}

uint64_t lb_sim_cycles(void)
{
	struct sim_thread *t = running();
	const struct lb_sim *s = cur_sim;

	if (!t)
		return 0;
	/* ps x GHz / 1000 */
	return (uint64_t)((double)s->cpu[t->cpu].clock * s->p.ghz / 1000.0);
}

/* park @t on the line of @addr, back by @until_ps at the latest (0: only a write) */
static void park(struct lb_sim *s, struct sim_thread *t, const void *addr, uint64_t until_ps)
{
	struct sim_cpu *c = &s->cpu[t->cpu];
	struct sim_line *l;
	uint32_t idx;

	idx = lb_sim_line_of(s, (uintptr_t)addr >> SIM_LINE_SHIFT, t->cpu);
	if (idx == UINT32_MAX) {
		lb_sim_abort(s);
		return;
	}
	/*
	 * A write issued after our read (queued behind it, not yet done) took
	 * our copy away and woke nobody: do not wait for another one, re-read.
	 */
	if (!lb_sim_mem_holds(s, idx, t->cpu))
		return;
	l = lb_sim_line(s, idx);
	s->st.parks++;
	t->park_gen++;
	if (until_ps && lb_sim_timer_push(s, (struct sim_timer){ .at = until_ps,
			.tid = (int)(t - s->thr), .gen = t->park_gen, .park = true }))
		return;		/* no room for its end: spin on */
	t->state = SIM_T_PARKED;
	t->park_line = idx;
	t->park_next = l->parked;
	l->parked = (int)(t - s->thr);
	/* spinning keeps the CPU; only a thread waiting for it takes it, at the slice's end */
	if (c->nready)
		lb_sim_cpu_schedule(s, t->cpu, max_u64(c->clock, c->slice_end));
	yield_thread(s, t);
}

void lb_sim_park(const void *addr, size_t size)
{
	struct sim_thread *t = running();

	if (t)
		park(cur_sim, t, addr, 0);
}

void lb_sim_park_until(const void *addr, size_t size, uint64_t until)
{
	struct sim_thread *t = running();
	struct lb_sim *s = cur_sim;
	uint64_t at;

	if (!t)
		return;
	at = (uint64_t)((double)until * 1000.0 / s->p.ghz);
	if (at > s->cpu[t->cpu].clock)	/* else the budget is spent: the caller looks again */
		park(s, t, addr, at);
}

/* take @t off the parked list of its line */
static void unpark(struct lb_sim *s, struct sim_thread *t)
{
	struct sim_line *l = lb_sim_line(s, t->park_line);
	int tid = (int)(t - s->thr), *pp = &l->parked;

	while (*pp != tid)
		pp = &s->thr[*pp].park_next;
	*pp = t->park_next;
}

void lb_sim_wake_parked(struct lb_sim *s, uint32_t idx, uint64_t at)
{
	struct sim_line *l = lb_sim_line(s, idx);

	while (l->parked != SIM_NONE) {
		struct sim_thread *u = &s->thr[l->parked];
		struct sim_cpu *c = &s->cpu[u->cpu];

		l->parked = u->park_next;
		u->state = SIM_T_RUNNING;
		/* the wakers' order: a draw under a nanosecond each (above) */
		c->clock = max_u64(c->clock, at + (xorshift64(&s->wake_rng) >> 11) % SIM_WAKE_SPREAD_PS);
		lb_sim_cpu_schedule(s, u->cpu, c->clock);
	}
}

void lb_sim_abort(struct lb_sim *s)
{
	s->aborted = true;
}

int lb_sim_owner_running(const void *addr)
{
	const struct lb_sim *s = cur_sim;
	uintptr_t a = (uintptr_t)addr;

	if (!s)
		return -1;
	for (unsigned i = 0; i < s->nthr; i++) {
		const struct sim_thread *t = &s->thr[i];

		if (a >= t->area_lo && a < t->area_hi)
			return s->cpu[t->cpu].cur == (int)i &&
			       (t->state == SIM_T_RUNNING || t->state == SIM_T_PARKED);
	}
	return -1;
}

/* ---- the futex */

static unsigned futex_bucket(const uint32_t *uaddr)
{
	return (unsigned)(((uintptr_t)uaddr >> 2) * 0x9e3779b1u >> 24) % SIM_FUTEX_BUCKETS;
}

static void futex_remove(struct lb_sim *s, struct sim_thread *t)
{
	int tid = (int)(t - s->thr), *pp = &s->fq_head[futex_bucket(t->futex)];

	while (*pp != tid)
		pp = &s->thr[*pp].fq_next;
	*pp = t->fq_next;
	t->futex = NULL;
}

/* @t becomes runnable at @at on its CPU: at once when it idles, else queued */
static void wake_thread(struct lb_sim *s, struct sim_thread *t, uint64_t at)
{
	struct sim_cpu *c = &s->cpu[t->cpu];
	int tid = (int)(t - s->thr);

	t->gen++;	/* a pending timeout is stale now */
	t->ready_at = at;
	if (c->cur < 0 && !c->nready) {
		c->cur = tid;
		t->state = SIM_T_RUNNING;
		c->clock = max_u64(c->clock, at);
		lb_sim_on(t, c->clock);
		c->slice_end = c->clock + s->c_slice;
		lb_sim_cpu_schedule(s, t->cpu, c->clock);
		return;
	}
	t->state = SIM_T_READY;
	lb_sim_rq_push(s, c, tid);
	if (c->cur >= 0 && s->thr[c->cur].state == SIM_T_PARKED && c->heap_pos < 0)
		lb_sim_cpu_schedule(s, t->cpu, max_u64(c->slice_end, at));
}

static long futex_wait(struct lb_sim *s, struct sim_thread *t, uint32_t *uaddr, uint32_t val,
		       const struct timespec *ts)
{
	struct sim_cpu *c = &s->cpu[t->cpu];
	int tid = (int)(t - s->thr), *pp;

	delay(s, t, s->c_fwait);
	lb_sim_access(LB_SIM_READ, uaddr, sizeof(*uaddr));
	if (__atomic_load_n(uaddr, __ATOMIC_RELAXED) != val) {
		errno = EAGAIN;
		return -1;
	}
	s->st.futex_waits++;
	for (pp = &s->fq_head[futex_bucket(uaddr)]; *pp >= 0; pp = &s->thr[*pp].fq_next)
		;
	*pp = tid;
	t->fq_next = SIM_NONE;
	t->futex = uaddr;
	t->state = SIM_T_SLEEPING;
	t->timed_out = false;
	t->gen++;
	if (ts) {
		uint64_t d = (uint64_t)ts->tv_sec * 1000000000000ull + (uint64_t)ts->tv_nsec * 1000;

		if (lb_sim_timer_push(s, (struct sim_timer){ .at = c->clock + d, .tid = tid,
						      .gen = t->gen }))
			ts = NULL;
	}
	lb_sim_off(t, c->clock);
	c->cur = SIM_NONE;
	if (c->nready)
		lb_sim_cpu_schedule(s, t->cpu, c->clock);
	yield_thread(s, t);
	if (t->timed_out) {
		errno = ETIMEDOUT;
		return -1;
	}
	return 0;
}

static long futex_wake(struct lb_sim *s, struct sim_thread *t, uint32_t *uaddr, uint32_t n)
{
	struct sim_cpu *c = &s->cpu[t->cpu];
	int *pp = &s->fq_head[futex_bucket(uaddr)];
	long woken = 0;

	delay(s, t, s->c_fwake);
	sync_cpu(s, t);
	while (*pp >= 0 && (uint32_t)woken < n) {
		struct sim_thread *u = &s->thr[*pp];

		if (u->futex != uaddr) {
			pp = &u->fq_next;
			continue;
		}
		*pp = u->fq_next;
		u->futex = NULL;
		wake_thread(s, u, c->clock + s->c_wakeup);
		woken++;
	}
	s->st.futex_wakes += (uint64_t)woken;
	return woken;
}

long lb_sim_futex(uint32_t *uaddr, int op, uint32_t val, const struct timespec *ts)
{
	struct sim_thread *t = running();
	int cmd = op & FUTEX_CMD_MASK;

	if (!t)
		return syscall(SYS_futex, uaddr, op, val, ts, NULL, 0);
	lb_sim_sb_drain(&cur_sim->cpu[t->cpu]);	/* the system call's locked instructions */
	if (cmd == FUTEX_WAIT)
		return futex_wait(cur_sim, t, uaddr, val, ts);
	if (cmd == FUTEX_WAKE)
		return futex_wake(cur_sim, t, uaddr, val);
	errno = ENOSYS;
	return -1;
}

/* ---- the scheduler */

/* the thread-local regions: @t's copy in (@in) or out (lb_sim_thread_local()) */
static void tls_swap(struct lb_sim *s, struct sim_thread *t, bool in)
{
	for (unsigned i = 0; i < s->ntls; i++)
		if (in)
			memcpy(s->tls[i].addr, t->tls + s->tls[i].off, s->tls[i].size);
		else
			memcpy(t->tls + s->tls[i].off, s->tls[i].addr, s->tls[i].size);
}

static void run_thread(struct lb_sim *s, unsigned ci, int tid)
{
	struct sim_thread *t = &s->thr[tid];
	struct sim_cpu *c = &s->cpu[ci];

	s->cur = tid;
	s->now = max_u64(s->now, c->clock);	/* a CPU that went on from its store buffer is behind */
	s->st.switches++;
	tls_swap(s, t, true);
	lb_coro_resume(&t->co);
	tls_swap(s, t, false);
	s->cur = SIM_NONE;
	if (t->co.done) {
		lb_sim_off(t, c->clock);
		t->state = SIM_T_DONE;
		s->ndone++;
		c->cur = SIM_NONE;
		if (c->nready)
			lb_sim_cpu_schedule(s, ci, c->clock);
	}
}

/* CPU @ci's event: run its thread, preempt its parked spinner, or switch the next one in */
static void dispatch(struct lb_sim *s, unsigned ci)
{
	struct sim_cpu *c = &s->cpu[ci];
	struct sim_thread *t;
	int tid;

	c->clock = max_u64(c->clock, c->key);
	if (c->cur >= 0) {
		t = &s->thr[c->cur];
		if (t->state == SIM_T_RUNNING) {
			run_thread(s, ci, c->cur);
			return;
		}
		/* a parked spinner whose slice ended while another thread waits */
		unpark(s, t);
		s->st.preemptions++;
		t->preempted++;
		lb_sim_off(t, c->clock);
		t->state = SIM_T_READY;
		t->ready_at = c->clock;
		lb_sim_rq_push(s, c, c->cur);
		c->cur = SIM_NONE;
	}
	if (!c->nready)
		return;
	tid = rq_pop(s, c);
	t = &s->thr[tid];
	c->clock = max_u64(c->clock, t->ready_at) + s->c_ctxsw;
	c->slice_end = c->clock + s->c_slice;
	t->state = SIM_T_RUNNING;
	c->cur = tid;
	lb_sim_on(t, c->clock);
	if (lb_sim_earliest(s, c->clock, ci))
		run_thread(s, ci, tid);
	else
		lb_sim_cpu_schedule(s, ci, c->clock);
}

static void fire(struct lb_sim *s, struct sim_timer tm)
{
	struct sim_thread *t;

	s->now = max_u64(s->now, tm.at);
	if (tm.tid < 0) {
		tm.fn(s, tm.arg);
		return;
	}
	t = &s->thr[tm.tid];
	if (tm.park) {
		struct sim_cpu *c = &s->cpu[t->cpu];

		if (t->park_gen != tm.gen || t->state != SIM_T_PARKED)
			return;		/* its line was written first */
		unpark(s, t);
		t->state = SIM_T_RUNNING;
		c->clock = max_u64(c->clock, tm.at);
		lb_sim_cpu_schedule(s, t->cpu, c->clock);
		return;
	}
	if (t->gen != tm.gen || t->state != SIM_T_SLEEPING)
		return;		/* woken before its timeout */
	futex_remove(s, t);
	t->timed_out = true;
	wake_thread(s, t, tm.at + s->c_wakeup);
}

/* a futex timeout that can still wake someone? */
static bool timeout_pending(const struct lb_sim *s)
{
	for (unsigned i = 0; i < s->ntimers; i++) {
		const struct sim_timer *tm = &s->timers[i];

		const struct sim_thread *t = tm->tid >= 0 ? &s->thr[tm->tid] : NULL;

		if (t && (tm->park ? t->park_gen == tm->gen && t->state == SIM_T_PARKED :
				     t->gen == tm->gen && t->state == SIM_T_SLEEPING))
			return true;
	}
	return false;
}

enum lb_sim_end lb_sim_run(struct lb_sim *s)
{
	enum lb_sim_end end = LB_SIM_DONE;
	uint64_t t0 = lb_now_ns();
	struct lb_sim *outer = cur_sim;

	cur_sim = s;
	s->running = true;
	for (unsigned i = 0; i < s->ntls; i++)
		memcpy(s->tls_os + s->tls[i].off, s->tls[i].addr, s->tls[i].size);
	while (!s->aborted && s->ndone < s->nthr) {
		bool cpu_next = s->nheap != 0;

		if (!cpu_next && !timeout_pending(s)) {
			end = LB_SIM_DEADLOCK;
			break;
		}
		if (s->ntimers &&
		    (!cpu_next || s->timers[0].at <= s->cpu[s->heap[0]].key))
			fire(s, lb_sim_timer_pop(s));
		else
			dispatch(s, (unsigned)lb_sim_heap_pop(s));
	}
	if (s->aborted)
		end = LB_SIM_ABORTED;
	for (unsigned i = 0; i < s->ntls; i++)
		memcpy(s->tls[i].addr, s->tls_os + s->tls[i].off, s->tls[i].size);
	s->running = false;
	cur_sim = outer;
	s->st.real_s += (double)(lb_now_ns() - t0) / 1e9;
	return end;
}

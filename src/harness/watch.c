// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * watch.c - the main thread while a point runs
 *
 * It sleeps on the finish count (a futex, with a timeout) and wakes to
 * raise `stop` at the deadline (fixed time), at the --point-timeout cap
 * (the point is then marked timed out) or when a signal asked the run to
 * stop (lb_stop_requested: the point is marked interrupted), to sample the
 * starvation watch and to check progress for the --timeout watchdog, which
 * prints what each unfinished thread was doing and exits 4. A point still
 * running a grace after its cap cannot stop: it is abandoned (abandon.c).
 */
#include "config.h"

#include <linux/futex.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/lb-atomic.h"
#include "base/log.h"
#include "harness/harness.h"
#include "harness/process.h"
#include "harness/worker.h"

volatile sig_atomic_t lb_stop_requested;

/*
 * The early stops: a signal (Ctrl-C, SIGTERM) or the --point-timeout cap
 * @cap (0: none) passed while threads still run. Return: how long to sleep
 * at most before the cap.
 */
static uint64_t early_stop(struct lb_run *run, uint64_t now, uint64_t cap, uint64_t wait_ns)
{
	if (lb_stop_requested && !run->interrupted) {
		run->interrupted = true;
		lb_store_relaxed(&run->stop, 1);
	}
	if (!cap || run->timed_out)
		return wait_ns;
	if (now >= cap) {
		run->timed_out = true;
		run->stop_ns = now;	/* the grace before abandoning it counts from here */
		lb_store_relaxed(&run->stop, 1);
	} else if (cap - now < wait_ns) {
		wait_ns = cap - now;
	}
	return wait_ns;
}

LB_NORETURN void lb_watch_fire(struct lb_run *run, double stuck_s)
{
	const struct lb_point *p = run->p;
	char word[256] = "(the lock has no describe hook)";
	char ratio[32];
	unsigned waiting = 0;
	uint64_t done;

	if (run->ops->describe) {
		memset(word, 0, sizeof(word));
		run->ops->describe(run->lock, word, sizeof(word) - 1);
		word[sizeof(word) - 1] = '\0';	/* a plugin's that does not end its string */
	}
	lb_err("watchdog: point %s/%s threads=%u load=%llu made no progress for %.3g%s s "
	       "(--timeout=%g); lock word: %s", p->ops->name, lb_point_ratio_str(p, ratio,
	       sizeof(ratio)), p->nthreads, (unsigned long long)p->load_arg, stuck_s,
	       p->sim ? " virtual" : "", p->timeout, word);
	for (unsigned i = 0; i < p->nthreads; i++) {
		struct lb_worker *w = run->workers[i];

		if (!w || lb_load_acquire(&w->done))
			continue;
		waiting++;
		done = lb_load_relaxed(&w->ops);
		/* the loop counts an operation when its unlock returned: the thread is inside the next */
		if (p->duration > 0)
			fprintf(stderr, "lockbench: watchdog:   thread %u (cpu %d): waiting in operation "
				"%llu (lock, critical section or unlock), %llu done\n", i, w->tctx.cpu,
				(unsigned long long)done + 1, (unsigned long long)done);
		else
			fprintf(stderr, "lockbench: watchdog:   thread %u (cpu %d): waiting in operation "
				"%llu (lock, critical section or unlock), %llu of %llu done\n", i,
				w->tctx.cpu, (unsigned long long)done + 1, (unsigned long long)done,
				(unsigned long long)p->nops);
	}
	fprintf(stderr, "lockbench: watchdog: %u of %u threads not finished%s; stopping\n", waiting,
		p->nthreads, lb_load_relaxed(&run->stop) ? " although told to stop" : "");
	if (run->sim_blocked)
		fputs(run->sim_blocked, stderr);	/* simpoint.c: the simulator's view */
	lb_exit(LB_EXIT_WATCHDOG);
}

/*
 * The populations thread @tid acquires for, and how many times it did so far
 * (@ops done): reader and writer roles count their successes; a thread of
 * the plain loop follows its deterministic interleave, so its reads are
 * lb_expected_reads() of its operations.
 */
static void thread_populations(const struct lb_run *run, unsigned tid, uint64_t ops, bool member[2],
			       uint64_t count[2])
{
	const struct lb_point *p = run->p;
	enum lb_role_kind k = p->roles ? p->roles[tid].kind : LB_ROLE_MIX;
	const struct lb_ratio *ratio = lb_thread_ratio(p, tid);

	member[0] = member[1] = false;
	count[0] = count[1] = 0;
	if (k == LB_ROLE_READER || k == LB_ROLE_TRYLOCK_READER) {
		member[0] = true;
		count[0] = ops;
	} else if (k == LB_ROLE_WRITER || k == LB_ROLE_TRYLOCK_WRITER) {
		member[1] = true;
		count[1] = ops;
	} else if (k == LB_ROLE_MIX) {
		bool rw = p->ops->kind == LB_LOCK_RW;

		member[0] = rw && ratio->r > 0;
		member[1] = !rw || ratio->w > 0;
		count[0] = member[0] ? lb_expected_reads(ratio, tid, ops) : 0;
		count[1] = ops - count[0];
	}
}

/*
 * One progress sample of the starvation watch: a population whose count has
 * not changed since an earlier sample, while some of its threads still run,
 * has made no acquisition for at least the time between the two samples
 * (a lower bound: a late wake-up of this thread cannot make a false gap).
 */
void lb_watch_starve_sample(struct lb_run *run, uint64_t now)
{
	uint64_t total[2] = { 0, 0 };
	bool active[2] = { false, false };

	for (unsigned i = 0; i < run->p->nthreads; i++) {
		struct lb_worker *w = run->workers[i];
		bool member[2];
		uint64_t count[2];
		bool done;

		if (!w)
			continue;
		done = lb_load_acquire(&w->done);
		thread_populations(run, i, lb_load_relaxed(&w->ops), member, count);
		for (unsigned k = 0; k < 2; k++) {
			total[k] += count[k];
			active[k] |= member[k] && !done;
		}
	}
	for (unsigned k = 0; k < 2; k++) {
		struct lb_starve *st = &run->starve[k];

		if (!st->exists)
			continue;
		if (total[k] != st->count || !active[k]) {
			st->count = total[k];
			st->since = now;
		} else if (now - st->since > st->gap) {
			st->gap = now - st->since;
		}
	}
}

/* The window: a tenth of a fixed-time point, at least 100 ms (fixed work: 100 ms). */
static uint64_t starve_window_ns(const struct lb_point *p)
{
	uint64_t w = p->duration > 0 ? (uint64_t)(p->duration * 1e8) : 0;

	return w > 100000000 ? w : 100000000;
}

void lb_watch_starve_start(struct lb_run *run, uint64_t now)
{
	run->starve_window = starve_window_ns(run->p);
	for (unsigned i = 0; i < run->p->nthreads; i++) {
		bool member[2];
		uint64_t count[2];

		thread_populations(run, i, 0, member, count);
		run->starve[0].exists |= member[0];
		run->starve[1].exists |= member[1];
	}
	run->starve[0].since = run->starve[1].since = now;
}

/*
 * How long the threads of a point stopped at its cap have to finish before
 * it is abandoned: a tenth of the cap, at least 1 s (a scheduler's period
 * on a loaded machine) and at most 10 s.
 */
static uint64_t abandon_grace_ns(const struct lb_point *p)
{
	double s = p->point_timeout / 10;

	return (uint64_t)((s < 1 ? 1 : s > 10 ? 10 : s) * 1e9);
}

/* Past the cap and its grace: abandon the point (or, if it cannot be, the watchdog's exit). */
static void abandon(struct lb_run *run, uint64_t since)
{
	int rc = lb_abandon_point(run);

	if (rc < 0)
		lb_watch_fire(run, (double)(lb_now_ns() - since) / 1e9);
	if (rc)
		lb_exit(rc);
}

void lb_watch_point(struct lb_run *run)
{
	const struct lb_point *p = run->p;
	uint64_t deadline = p->duration > 0 ? lb_now_ns() + (uint64_t)(p->duration * 1e9) : 0;
	uint64_t last_progress = lb_now_ns(), last_ops = 0;
	/* the budget counts from the point's start: its set-up and warm-up are in it */
	uint64_t cap = p->point_timeout > 0 ? run->t0_ns + (uint64_t)(p->point_timeout * 1e9) : 0;
	uint64_t grace = abandon_grace_ns(p);

	lb_watch_starve_start(run, last_progress);
	for (;;) {
		uint32_t f = lb_load_acquire(&run->finished);
		uint64_t now = lb_now_ns(), wait_ns = run->starve_window / 5, total = 0;
		struct timespec ts;

		if (wait_ns > 100000000)
			wait_ns = 100000000;
		if (!lb_load_relaxed(&run->stop))
			lb_watch_starve_sample(run, now);	/* until the deadline: then threads just stop */
		if (f == p->nthreads)
			return;
		if (run->procs)
			lb_proc_check(run);	/* --processes: a child that died (exit 1) */
		if (run->timed_out && now >= run->stop_ns + grace) {
			abandon(run, run->stop_ns);	/* threads that cannot stop: left where they are */
			return;
		}
		wait_ns = early_stop(run, now, cap, wait_ns);
		if (!lb_load_relaxed(&run->stop))
			wait_ns = lb_interval_sample(run, now, wait_ns);	/* --interval */
		if (run->timed_out && run->stop_ns + grace - now < wait_ns)
			wait_ns = run->stop_ns + grace > now ? run->stop_ns + grace - now : 0;
		if (deadline && !lb_load_relaxed(&run->stop)) {
			if (now >= deadline) {
				lb_store_relaxed(&run->stop, 1);
				last_progress = now;
			} else if (deadline - now < wait_ns) {
				wait_ns = deadline - now;
			}
		}
		for (unsigned i = 0; i < p->nthreads; i++)
			if (run->workers[i])
				total += lb_load_relaxed(&run->workers[i]->ops);
		if (total != last_ops) {
			last_ops = total;
			last_progress = now;
		} else if (p->timeout > 0 && (double)(now - last_progress) / 1e9 >= p->timeout) {
			lb_watch_fire(run, (double)(now - last_progress) / 1e9);
		}
		ts.tv_sec = (time_t)(wait_ns / 1000000000);
		ts.tv_nsec = (long)(wait_ns % 1000000000);
		lb_futex(&run->finished, FUTEX_WAIT, f, &ts);
	}
}

/* fairness: the starvation watch (lb_watch_point()) */
void lb_watch_results(const struct lb_run *run, struct lb_result *r)
{
	r->starve_window_ms = (double)run->starve_window / 1e6;
	r->has_readers = run->starve[0].exists;
	r->has_writers = run->starve[1].exists;
	r->gap_read_ms = (double)run->starve[0].gap / 1e6;
	r->gap_write_ms = (double)run->starve[1].gap / 1e6;
	r->starved_readers = r->has_readers && run->starve[0].gap >= run->starve_window;
	r->starved_writers = r->has_writers && run->starve[1].gap >= run->starve_window;
}

/*
 * The set-up watchdog: the --timeout watchdog above watches the measured
 * points; before them a lock's init() (a plugin's that never returns), a
 * thread's thread_init() or the creation of the threads can hang too. A
 * one-shot timer (timer_create(), a signal: no thread of its own, so a
 * --processes point still has none) is armed for each point's set-up
 * (lb_setup_watch_arm()) and disarmed once the workers have arrived; if it
 * fires, its handler writes the line prepared when it was armed, runs the
 * lb_at_signal() clean-ups and exits 4.
 */
#define LB_SIG_SETUP (SIGRTMIN + 5)	/* abandon.c parks with SIGRTMIN + 4 */

static struct {
	timer_t timer;
	bool made;
	char line[512];			/* written by the handler: prepared at arming */
	size_t len;
} sw;

static void setup_fire(int sig)
{
	(void)sig;
	if (write(STDERR_FILENO, sw.line, sw.len) < 0)
		sw.len = 0;
	lb_signal_cleanup();
	_exit(LB_EXIT_WATCHDOG);
}

static int setup_timer(void)
{
	struct sigaction sa = { .sa_handler = setup_fire };
	struct sigevent ev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = LB_SIG_SETUP };

	if (sw.made)
		return 0;
	sigfillset(&sa.sa_mask);
	if (sigaction(LB_SIG_SETUP, &sa, NULL) || timer_create(CLOCK_MONOTONIC, &ev, &sw.timer))
		return -1;
	sw.made = true;
	return 0;
}

void lb_setup_watch_arm(const struct lb_point *p)
{
	struct itimerspec it = { { 0, 0 }, { 0, 0 } };
	char ratio[32];
	int n;

	if (!(p->timeout > 0) || setup_timer())
		return;	/* no watchdog for the set-up: the points' still runs */
	n = snprintf(sw.line, sizeof(sw.line), "lockbench: watchdog: point %s/%s threads=%u "
		     "load=%llu: its set-up did not end within %g s (--timeout=%g): the lock's "
		     "init(), a thread's thread_init() or the threads' creation did not return; "
		     "stopping\n", p->ops->name, lb_point_ratio_str(p, ratio, sizeof(ratio)),
		     p->nthreads, (unsigned long long)p->load_arg, p->timeout, p->timeout);
	sw.len = n < 0 ? 0 : (size_t)n < sizeof(sw.line) ? (size_t)n : sizeof(sw.line) - 1;
	it.it_value.tv_sec = (time_t)p->timeout;
	it.it_value.tv_nsec = (long)((p->timeout - (double)it.it_value.tv_sec) * 1e9);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);	/* the line before the timer that writes it */
	timer_settime(sw.timer, 0, &it, NULL);
}

void lb_setup_watch_disarm(void)
{
	struct itimerspec off = { { 0, 0 }, { 0, 0 } };

	if (sw.made)
		timer_settime(sw.timer, 0, &off, NULL);
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * abandon.c - a point that cannot stop: its workers left where they are
 *
 * A FIFO spinlock with far more threads than CPUs hands the lock to a
 * waiter that is not running: every hand-off waits for the scheduler to
 * run that one waiter, and a thread that saw `stop` still has to wait its
 * turn through the whole queue (1000 threads of ticket on 2 CPUs took 4 to
 * 63 s after the stop). The stop flag cannot reach a thread inside the
 * lock, and nothing but the lock may release it. Such a point, still
 * running a grace after its --point-timeout cap (watch.c), is abandoned:
 *
 *  - threads: each unfinished worker gets LB_SIG_PARK; the handler, on the
 *    worker itself, parks it only while it is inside the measured loop or
 *    the warm-up (its own in_loop flag, read by the same thread: exact):
 *    it notes its finish time and CPU time, blocks every signal and sleeps
 *    on a futex that is never woken, until lockbench exits. A worker the
 *    signal finds outside the loop returns from the handler and finishes
 *    as usual. A parked thread never runs again, so whatever it holds (the
 *    lock, a ticket, a queue node) is never touched again; its lock, its
 *    record, its private area and its stack are never freed (the run is
 *    kept on a list, so that no address of it comes back for a later
 *    point), and neither its thread_fini() nor the validation's final
 *    checks run. The lock's fini() does, once every worker is parked or
 *    finished: what it releases (a kernel lock's files, bravo's table) no
 *    thread will use again.
 *  - processes: each unfinished worker is killed (SIGKILL) and reaped: a
 *    process takes everything it held with it, and the point's tear-down
 *    is the usual one.
 *
 * The point is marked (timed_out, abandoned_threads) and the run goes on.
 * Should a worker not settle (parked or finished) within LB_SETTLE_NS,
 * the --timeout watchdog's diagnosis ends the run (exit 4) instead.
 */
#include "config.h"

#include <errno.h>
#include <linux/futex.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/lb-atomic.h"
#include "base/log.h"
#include "harness/process.h"
#include "harness/worker.h"

#define LB_SIG_PARK (SIGRTMIN + 4)	/* roles.c's interrupt readers use SIGRTMIN and + 1 */
#define LB_SETTLE_NS 10000000000ull	/* 10 s for every worker to park or finish */

__thread struct lb_worker *lb_self_worker;

static uint32_t park_word;		/* never changes: a parked thread sleeps on it */
static struct lb_run *abandoned;	/* runs that parked threads keep (never freed) */

/* on the worker itself (async-signal-safe): park it, if it is inside the loop */
static void park_handler(int sig)
{
	struct lb_worker *w = lb_self_worker;
	sigset_t all;
	int saved = errno;

	(void)sig;
	if (!w || !__atomic_load_n(&w->in_loop, __ATOMIC_RELAXED)) {
		errno = saved;
		return;		/* outside the loop: it finishes as usual */
	}
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	w->t_end = lb_cycles_fenced();
	if (!w->t_begin) {	/* parked in the warm-up */
		w->t_begin = w->t_end;
		w->sched0 = w->sched1;
	}
	lb_sched_mark(&w->sched1);
	w->slept = lb_slept_cycles - w->slept;
	/* release: the marks above are visible to the main thread before parked */
	lb_store_release(&w->parked, 1);
	for (;;)
		syscall(SYS_futex, &park_word, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
}

static int park_install(void)
{
	static bool installed;
	struct sigaction sa = { .sa_handler = park_handler };

	if (installed)
		return 0;
	sigfillset(&sa.sa_mask);
	if (sigaction(LB_SIG_PARK, &sa, NULL))
		return -errno;
	installed = true;
	return 0;
}

/* Is every created worker finished or parked? */
static bool settled(const struct lb_run *run)
{
	for (unsigned i = 0; i < run->created; i++) {
		struct lb_worker *w = run->workers[i];

		if (w && !lb_load_acquire(&w->done) && !lb_load_acquire(&w->parked))
			return false;
	}
	return true;
}

static int abandon_threads(struct lb_run *run)
{
	uint64_t until = lb_now_ns() + LB_SETTLE_NS;
	int err = park_install();

	if (err) {
		lb_err("cannot install the handler that parks a point's threads: %s", strerror(-err));
		return LB_EXIT_RUNTIME;
	}
	for (unsigned i = 0; i < run->created; i++) {
		struct lb_worker *w = run->workers[i];

		if (w && !lb_load_acquire(&w->done))
			pthread_kill(run->tids[i], LB_SIG_PARK);
	}
	while (!settled(run)) {
		if (lb_now_ns() >= until)
			return -1;
		usleep(1000);
	}
	return 0;
}

/* --processes: the unfinished children killed, their records closed by the parent */
static void abandon_procs(struct lb_run *run)
{
	uint64_t now = lb_cycles_fenced();

	for (unsigned i = 0; i < run->created; i++) {
		struct lb_worker *w = run->workers[i];

		if (!w || lb_load_acquire(&w->done))
			continue;
		lb_proc_mark(run, i, &w->sched1);	/* its CPU time, before it goes */
		w->t_end = now;
		if (!w->t_begin) {
			w->t_begin = now;
			w->sched0 = w->sched1;
		}
		w->slept = 0;
		lb_store_release(&w->parked, 1);
	}
	lb_proc_kill_parked(run);
}

int lb_abandon_point(struct lb_run *run)
{
	if (run->procs) {
		abandon_procs(run);
	} else {
		int rc = abandon_threads(run);

		if (rc > 0)
			return rc;
		if (rc < 0)
			return -1;	/* the caller's watchdog: a worker neither parks nor finishes */
	}
	for (unsigned i = 0; i < run->created; i++)
		run->abandoned += run->workers[i] && lb_load_acquire(&run->workers[i]->parked);
	return 0;
}

void lb_abandon_keep(struct lb_run *run)
{
	run->next_abandoned = abandoned;
	abandoned = run;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * process.c - --processes: each worker is a process
 *
 * The point's shared state lives in one MAP_SHARED | MAP_ANONYMOUS mapping
 * made before the fork, so that it sits at the same address in the parent
 * and in every child and the pointers in it (the peer tables, a queue
 * lock's links between the threads' private areas, a sleeping lock's
 * waiters and owner) mean the same thing everywhere:
 *
 *	the run		start barrier, stop flag, finish count (a futex),
 *			the tables of records, contexts and private areas
 *	--validate	the checking loop's shared state
 *	the lock	whole pages (bound to --lock-node's node when given)
 *	per worker	whole pages: its record (progress counter, results,
 *			lock counters), the lock's private area, the
 *			--latency histograms; first touched by the child
 *			after it bound itself, so on its own node
 *
 * The lock's futexes are shared ones while such a point runs
 * (lb_futex_flags = 0, set by harness.c before init()). A child binds
 * itself with the same hwloc call as a thread, runs worker_main()
 * unchanged (perf_event_open happens there, in the child), calls the
 * lock's thread_fini() (its descriptors are its own) and exits with
 * _exit(), so that it never runs the parent's exit hooks. It dies with the
 * parent (PR_SET_PDEATHSIG) and ignores SIGINT, SIGTERM and SIGHUP: a
 * terminal sends them to the whole group, and the parent stops the point
 * through the shared stop flag (child_signals()). The parent watches
 * for a child that died (watch.c calls lb_proc_check() on every tick) and
 * reaps them all after the point (lb_proc_join()), then collects from the
 * mapping as it does for threads.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#define LB_LSAN_ROOT(p, n) __lsan_register_root_region(p, n)
#define LB_LSAN_UNROOT(p, n) __lsan_unregister_root_region(p, n)
#else
#define LB_LSAN_ROOT(p, n) ((void)0)
#define LB_LSAN_UNROOT(p, n) ((void)0)
#endif

#include "base/log.h"
#include "harness/process.h"
#include "harness/worker.h"
#include "machine/topology.h"
#include "measure/hist.h"

static size_t round_up(size_t x, size_t a)
{
	return (x + a - 1) / a * a;
}

/* Carve @size bytes, cache-line aligned, at *off of @base. */
static void *carve(char *base, size_t *off, size_t size)
{
	void *p = base + *off;

	*off = round_up(*off + size, LB_CACHELINE);
	return p;
}

struct lb_run *lb_proc_alloc(const struct lb_point *p)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), n = p->nthreads, head, lock_off, lsize;
	struct lb_procs *pr = calloc(1, sizeof(*pr));
	size_t off = 0;
	struct lb_run *run;
	char *base;

	if (!pr || !(pr->pids = calloc(n, sizeof(*pr->pids)))) {
		free(pr);
		lb_err("out of memory for a point of %u processes", p->nthreads);
		return NULL;
	}
	pr->wsize = round_up(sizeof(struct lb_worker), LB_CACHELINE);
	pr->psize = round_up(p->ops->tctx_size, LB_CACHELINE);
	pr->slot = pr->wsize + pr->psize;
	if (p->latency)
		pr->slot += 2 * round_up(sizeof(struct lb_hist), LB_CACHELINE);
	pr->slot = round_up(pr->slot, page);
	head = round_up(sizeof(*run), LB_CACHELINE) + round_up(sizeof(struct lb_check), LB_CACHELINE) +
	       3 * round_up(n * sizeof(void *), LB_CACHELINE);
	lock_off = round_up(head, page);
	lsize = round_up(p->ops->lock_size, LB_CACHELINE) + LB_CACHELINE;
	pr->size = lock_off + round_up(lsize, page) + n * pr->slot;
	base = mmap(NULL, pr->size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (base == MAP_FAILED) {
		lb_err("--processes: cannot map %zu bytes of shared memory: %s", pr->size,
		       strerror(errno));
		free(pr->pids);
		free(pr);
		return NULL;
	}
	pr->base = base;
	/*
	 * the run and its records live here and point to the heap: under
	 * LeakSanitizer the mapping is a root, as globals and stacks are (a
	 * watchdog exit from inside the point leaves them allocated)
	 */
	LB_LSAN_ROOT(base, pr->size);
	pr->slots = base + lock_off + round_up(lsize, page);
	/* zero already (a fresh mapping): nothing here is touched before its user */
	run = carve(base, &off, sizeof(*run));
	run->v = carve(base, &off, sizeof(*run->v));
	run->tctxs = carve(base, &off, n * sizeof(void *));
	run->privs = carve(base, &off, n * sizeof(void *));
	run->workers = carve(base, &off, n * sizeof(void *));
	run->lock = base + lock_off;
	run->lsize = lsize;
	run->procs = pr;
	if (p->lock_node >= 0) {
		int err = lb_topo_bind_area(run->lock, round_up(lsize, page), p->lock_node);

		if (err) {
			lb_err("--lock-node=%d: cannot bind the shared lock memory: %s",
			       p->lock_node, strerror(-err));
			lb_proc_teardown(run);
			return NULL;
		}
	}
	return run;
}

void *lb_proc_slot(const struct lb_run *run, unsigned tid)
{
	return run->procs->slots + (size_t)tid * run->procs->slot;
}

/*
 * The signals a child leaves to the parent. A terminal's Ctrl-C and a group
 * SIGTERM or SIGHUP reach every process of the group: the children ignore
 * them, and the parent stops the point through the shared stop flag (the
 * workers finish their operation and exit 0), so the points that finished
 * are written, marked partial (130, 143), or exits at once (SIGHUP, a
 * second signal) and the children die with it. The parent's other
 * clean-up handlers (log.c's) are the parent's: a child takes the default
 * action. Then the mask the parent had before the fork (@mask).
 */
static void child_signals(const sigset_t *mask)
{
	static const int dfl[] = { SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGQUIT };

	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	for (unsigned k = 0; k < LB_ARRAY_SIZE(dfl); k++)
		signal(dfl[k], SIG_DFL);
	sigprocmask(SIG_SETMASK, mask, NULL);
}

/* The child's life: worker_main(), thread_fini(), _exit(). */
LB_NORETURN static void child(struct lb_run *run, unsigned i, pid_t parent,
			      void *(*worker)(void *), const sigset_t *mask)
{
	struct lb_worker *w;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)	/* the parent died before the prctl */
		_exit(1);
	child_signals(mask);
	worker(&run->args[i]);
	w = run->workers[i];
	if (w && run->ops->thread_fini)
		run->ops->thread_fini(run->lock, &w->tctx);
	_exit(0);
}

int lb_proc_fork(struct lb_run *run, void *(*worker)(void *))
{
	const struct lb_point *p = run->p;
	pid_t parent = getpid();

	sigset_t all, mask;
	int rc = 0;

	fflush(NULL);		/* nothing buffered is written twice */
	/* a signal between the fork and the child's handlers would run the parent's */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &mask);
	for (unsigned i = 0; i < p->nthreads; i++) {
		pid_t pid;

		run->args[i].run = run;
		run->args[i].tid = i;
		pid = fork();
		if (pid < 0) {
			lb_err("--processes: cannot fork worker %u of %u: %s", i, p->nthreads,
			       strerror(errno));
			rc = LB_EXIT_RUNTIME;
			break;
		}
		if (pid == 0)
			child(run, i, parent, worker, &mask);
		run->procs->pids[i] = pid;
		run->created++;
	}
	sigprocmask(SIG_SETMASK, &mask, NULL);
	return rc;
}

/* One line on a child's end: NULL when it exited 0. */
static const char *child_end(int status, char *buf, size_t len)
{
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return NULL;
	if (WIFSIGNALED(status))
		snprintf(buf, len, "killed by signal %d (%s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
	else
		snprintf(buf, len, "exited with status %d", WEXITSTATUS(status));
	return buf;
}

void lb_proc_check(struct lb_run *run)
{
	struct lb_procs *pr = run->procs;
	char why[96];

	for (unsigned i = 0; i < run->created; i++) {
		int status;

		if (!pr->pids[i] || waitpid(pr->pids[i], &status, WNOHANG) != pr->pids[i])
			continue;
		if (!child_end(status, why, sizeof(why))) {
			pr->pids[i] = 0;	/* finished and gone: nothing to wait for */
			continue;
		}
		lb_err("lock %s: worker process %u (pid %ld) %s during the point", run->ops->name,
		       i, (long)pr->pids[i], why);
		pr->pids[i] = 0;
		for (unsigned j = 0; j < run->created; j++)
			if (pr->pids[j])
				kill(pr->pids[j], SIGKILL);
		lb_exit(LB_EXIT_RUNTIME);
	}
}

void lb_proc_mark(const struct lb_run *run, unsigned i, struct lb_sched_mark *m)
{
	if (run->procs->pids[i])
		lb_sched_mark_task((long)run->procs->pids[i], m);
}

void lb_proc_kill_parked(struct lb_run *run)
{
	struct lb_procs *pr = run->procs;

	for (unsigned i = 0; i < run->created; i++) {
		struct lb_worker *w = run->workers[i];

		if (pr->pids[i] && w && w->parked)
			kill(pr->pids[i], SIGKILL);
	}
	for (unsigned i = 0; i < run->created; i++) {
		struct lb_worker *w = run->workers[i];

		if (!pr->pids[i] || !w || !w->parked)
			continue;
		while (waitpid(pr->pids[i], NULL, 0) < 0 && errno == EINTR)
			;
		pr->pids[i] = 0;	/* killed on purpose: not a worker that died */
	}
}

int lb_proc_join(struct lb_run *run)
{
	struct lb_procs *pr = run->procs;
	char why[96];
	int rc = 0;

	for (unsigned i = 0; i < run->created; i++) {
		int status;

		if (!pr->pids[i])
			continue;
		while (waitpid(pr->pids[i], &status, 0) < 0)
			if (errno != EINTR) {
				status = 0;
				break;
			}
		if (child_end(status, why, sizeof(why)) && !rc) {
			lb_err("lock %s: worker process %u (pid %ld) %s", run->ops->name, i,
			       (long)pr->pids[i], why);
			rc = LB_EXIT_RUNTIME;
		}
		pr->pids[i] = 0;
	}
	return rc;
}

void lb_proc_teardown(struct lb_run *run)
{
	struct lb_procs *pr = run->procs;

	if (run->lock_inited && run->ops->fini)
		run->ops->fini(run->lock);
	free(run->args);
	free(run->tids);
	free(pr->pids);
	LB_LSAN_UNROOT(pr->base, pr->size);
	munmap(pr->base, pr->size);	/* the run itself is in it */
	free(pr);
}

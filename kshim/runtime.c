// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * runtime.c - the kernel shim's state: CPUs, per-CPU copies, tasks, RCU
 *
 * Compiled into each tree's shared object, without the shim's include
 * path (runtime.h says why). One point at a time: init() of a tree lock
 * calls lb_ks_setup() for the point's threads, fini() lb_ks_teardown().
 *
 * RCU. The shim's readers are the kernel's preemption-off sections
 * (preempt_disable() nests a count in the task, the outermost
 * preempt_enable() and every schedule() raise the task's rcu_seq: a
 * quiescent state). A grace period (lb_ks_synchronize_rcu()) is the
 * classic user-space one with a membarrier(2) on each side (liburcu's
 * "memb" flavour, written here from its published description): after
 * the first MEMBARRIER_CMD_PRIVATE_EXPEDITED every other thread has made
 * a full barrier, so a reader that had not yet made its count visible
 * sees what the updater stored before the grace period; then the updater
 * waits until every task is outside a section or has left the one it was
 * in (its rcu_seq moved); the second membarrier orders the readers' last
 * accesses before what the updater does next. A normal grace period
 * (synchronize_rcu(), and call_rcu()'s) lasts at least a jiffy, as the
 * kernel's waits for every CPU to report a quiescent state at its
 * scheduling-clock tick; the updater sleeps out the rest, timed as a futex
 * sleep is (lb_slept_cycles). Without that a grace period takes
 * microseconds here, and rcu_sync (percpu-rwsem's writer gate) idles
 * between two writers where the kernel's does not (a lone writer ran at a
 * tenth of the model's rate or less, whose grace periods last 4 ms, and
 * at about the model's with this: scripts/tree-compare, Debian's 6.1).
 * synchronize_rcu_expedited() does not wait. call_rcu() queues the
 * callback for a thread of its own that runs it after a grace period
 * (on CPU nthreads, its own per-CPU copy and task); rcu_barrier() waits
 * until that queue is empty. That thread runs on the CPUs the control
 * thread may use (lb_ks_setup() reads them), as the kernel's grace-period
 * kthread is not bound to a CPU: created by the first call_rcu(), in a
 * worker pinned to its CPU, it would otherwise inherit that pinning and
 * share that worker's CPU, busy with grace periods while writers run.
 */
#define _GNU_SOURCE	/* sched_getaffinity(), pthread_attr_setaffinity_np() */
#include <errno.h>
#include <linux/membarrier.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/lb-atomic.h"
#include "kshim/runtime.h"

#define HIDDEN __attribute__((visibility("hidden")))

HIDDEN __thread struct task_struct *lb_ks_current __attribute__((tls_model("initial-exec")));
HIDDEN __thread intptr_t lb_ks_this_off __attribute__((tls_model("initial-exec")));
HIDDEN intptr_t *lb_ks_percpu_off;
HIDDEN unsigned lb_ks_nr_cpus;
HIDDEN uint64_t lb_ks_budget_cycles, lb_ks_jiffy_cycles;
HIDDEN double lb_ks_tsc_per_ns;

/* the per-CPU section of this object (the linker's names); absent when nothing is per-CPU */
extern char __start_lb_percpu[] __attribute__((weak, visibility("hidden")));
extern char __stop_lb_percpu[] __attribute__((weak, visibility("hidden")));

static struct task_struct *tasks;
static char *copies;
static size_t copy_size, static_size, dyn_used;
static unsigned nworkers;

struct rcu_cb {
	void *head;
	void (*func)(void *head);
	struct rcu_cb *next;
};

static struct {
	pthread_mutex_t mu;
	pthread_cond_t cv, idle;
	struct rcu_cb *first, **lastp;
	pthread_t thread;
	bool started, stop, busy;
	bool membarrier;
	bool have_cpus;		/* cpus: the control thread's CPUs, for the callback thread */
	cpu_set_t cpus;
} rcu = { .mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER,
	  .idle = PTHREAD_COND_INITIALIZER };

static void task_init(struct task_struct *p, unsigned cpu)
{
	memset(p, 0, sizeof(*p));
	p->lbt.tid = cpu;
	lb_store_relaxed(&p->lbt.park, 0);
	lb_store_relaxed(&p->lbt.on_cpu, 1);
	p->prio = 120;
	p->cpu = (int)cpu;
	p->dummy_tctx.tid = cpu;
	p->dummy_tctx.ctr = p->dummy_ctr;
	p->tctx = &p->dummy_tctx;
}

int lb_ks_setup(const struct lb_lock_cfg *cfg)
{
	size_t align = LB_CACHELINE;

	lb_ks_teardown();
	nworkers = cfg->nthreads;
	lb_ks_nr_cpus = cfg->nthreads + LB_KS_EXTRA_CPUS;
	static_size = __start_lb_percpu ? (size_t)(__stop_lb_percpu - __start_lb_percpu) : 0;
	copy_size = (static_size + LB_KS_PERCPU_DYN + align - 1) / align * align;
	dyn_used = 0;
	lb_ks_percpu_off = calloc(lb_ks_nr_cpus, sizeof(*lb_ks_percpu_off));
	if (!lb_ks_percpu_off ||
	    posix_memalign((void **)&copies, align, copy_size * lb_ks_nr_cpus) ||
	    posix_memalign((void **)&tasks, align, sizeof(*tasks) * lb_ks_nr_cpus)) {
		free(lb_ks_percpu_off);
		lb_ks_percpu_off = NULL;
		return -ENOMEM;
	}
	for (unsigned c = 0; c < lb_ks_nr_cpus; c++) {
		char *copy = copies + c * copy_size;

		/* each CPU's copy starts as the section's image, as the kernel's */
		if (static_size)
			memcpy(copy, __start_lb_percpu, static_size);
		memset(copy + static_size, 0, copy_size - static_size);
		lb_ks_percpu_off[c] = (intptr_t)copy - (intptr_t)__start_lb_percpu;
		task_init(&tasks[c], c);
	}
	lb_ks_tsc_per_ns = cfg->tsc_per_ns > 0 ? cfg->tsc_per_ns : 1.0;
	lb_ks_budget_cycles = lb_budget_cycles(cfg, LB_BUDGET_DEFAULT_NS);
	lb_ks_jiffy_cycles = (uint64_t)(1e9 / LB_KS_HZ * lb_ks_tsc_per_ns);
	if (!lb_ks_jiffy_cycles)
		lb_ks_jiffy_cycles = 1;
	if (!rcu.membarrier)
		rcu.membarrier = syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED,
					 0, 0) == 0;
	/* init() runs on the control thread, which the harness does not pin */
	rcu.have_cpus = sched_getaffinity(0, sizeof(rcu.cpus), &rcu.cpus) == 0;
	lb_ks_control_enter();
	return 0;
}

static void enter_cpu(unsigned cpu)
{
	lb_ks_current = &tasks[cpu];
	lb_ks_this_off = lb_ks_percpu_off[cpu];
}

void lb_ks_control_enter(void)
{
	enter_cpu(nworkers + 1);
}

void lb_ks_thread_enter(struct lb_tctx *t, unsigned ctr_sleeps, unsigned ctr_wakeups)
{
	struct task_struct *p = &tasks[t->tid];

	enter_cpu(t->tid);
	p->tctx = t;
	p->ctr_sleeps = ctr_sleeps;
	p->ctr_wakeups = ctr_wakeups;
}

void *lb_ks_alloc_percpu(size_t size, size_t align)
{
	size_t at = (static_size + dyn_used + align - 1) / align * align;

	if (at + size > copy_size)
		return NULL;
	dyn_used = at + size - static_size;
	/* zeroed in every copy by lb_ks_setup(); reached only through the offsets */
	return (void *)((uintptr_t)__start_lb_percpu + at);
}

static void membarrier_all(void)
{
	if (!rcu.membarrier ||
	    syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0)
		lb_fence_full();	/* not reached where the registration worked */
}

/* the rest of a normal grace period's jiffy since @start (ns), asleep */
static void gp_jiffy(uint64_t start)
{
	uint64_t c0 = lb_cycles(), end = start + 1000000000u / LB_KS_HZ;
	struct timespec ts = { .tv_sec = (time_t)(end / 1000000000u),
			       .tv_nsec = (long)(end % 1000000000u) };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
	lb_slept_cycles += lb_cycles() - c0;
}

static void grace_period(bool normal)
{
	struct task_struct *me = lb_ks_current;
	struct timespec nap = { 0, 20000 };
	uint64_t start = lb_now_ns();

	lb_fence_full();
	membarrier_all();
	for (unsigned c = 0; c < lb_ks_nr_cpus; c++) {
		struct task_struct *p = &tasks[c];
		uint64_t seq = lb_load_relaxed(&p->rcu_seq);

		if (p == me)
			continue;
		/* relaxed: the membarriers order these reads (see the file's comment) */
		while (lb_load_relaxed(&p->preempt_count) != 0 &&
		       lb_load_relaxed(&p->rcu_seq) == seq)
			nanosleep(&nap, NULL);
	}
	if (normal)
		gp_jiffy(start);
	membarrier_all();
	lb_fence_full();
}

void lb_ks_synchronize_rcu(void)
{
	grace_period(true);
}

void lb_ks_synchronize_rcu_expedited(void)
{
	grace_period(false);
}

static void *rcu_thread(void *arg)
{
	(void)arg;
	enter_cpu(nworkers);
	pthread_mutex_lock(&rcu.mu);
	for (;;) {
		struct rcu_cb *list;

		while (!rcu.first && !rcu.stop)
			pthread_cond_wait(&rcu.cv, &rcu.mu);
		if (!rcu.first && rcu.stop)
			break;
		list = rcu.first;
		rcu.first = NULL;
		rcu.lastp = &rcu.first;
		rcu.busy = true;
		pthread_mutex_unlock(&rcu.mu);
		lb_ks_synchronize_rcu();
		while (list) {
			struct rcu_cb *next = list->next;

			list->func(list->head);
			free(list);
			list = next;
		}
		pthread_mutex_lock(&rcu.mu);
		rcu.busy = false;
		pthread_cond_broadcast(&rcu.idle);
	}
	pthread_mutex_unlock(&rcu.mu);
	return NULL;
}

/* the callback thread, on the control thread's CPUs rather than the caller's */
static int start_rcu_thread(void)
{
	pthread_attr_t attr;
	int err = pthread_attr_init(&attr);

	if (err)
		return err;
	if (rcu.have_cpus)
		err = pthread_attr_setaffinity_np(&attr, sizeof(rcu.cpus), &rcu.cpus);
	if (!err)
		err = pthread_create(&rcu.thread, &attr, rcu_thread, NULL);
	pthread_attr_destroy(&attr);
	return err;
}

void lb_ks_call_rcu(void *head, void (*func)(void *head))
{
	struct rcu_cb *cb = malloc(sizeof(*cb));

	if (!cb)
		lb_ks_bug(__FILE__, __LINE__, "call_rcu(): out of memory");
	*cb = (struct rcu_cb){ .head = head, .func = func };
	pthread_mutex_lock(&rcu.mu);
	if (!rcu.started) {
		rcu.stop = false;
		rcu.lastp = &rcu.first;
		if (start_rcu_thread())
			lb_ks_bug(__FILE__, __LINE__, "call_rcu(): no thread");
		rcu.started = true;
	}
	*rcu.lastp = cb;
	rcu.lastp = &cb->next;
	pthread_cond_signal(&rcu.cv);
	pthread_mutex_unlock(&rcu.mu);
}

void lb_ks_rcu_barrier(void)
{
	pthread_mutex_lock(&rcu.mu);
	while (rcu.started && (rcu.first || rcu.busy))
		pthread_cond_wait(&rcu.idle, &rcu.mu);
	pthread_mutex_unlock(&rcu.mu);
}

void lb_ks_teardown(void)
{
	if (rcu.started) {
		lb_ks_rcu_barrier();
		pthread_mutex_lock(&rcu.mu);
		rcu.stop = true;
		pthread_cond_signal(&rcu.cv);
		pthread_mutex_unlock(&rcu.mu);
		pthread_join(rcu.thread, NULL);
		rcu.started = false;
	}
	lb_ks_current = NULL;
	free(tasks);
	free(copies);
	free(lb_ks_percpu_off);
	tasks = NULL;
	copies = NULL;
	lb_ks_percpu_off = NULL;
	lb_ks_nr_cpus = 0;
}

void lb_ks_warn(const char *file, int line, const char *what)
{
	static const char *seen[64];
	static unsigned nseen;

	for (unsigned i = 0; i < nseen; i++)
		if (seen[i] == what)
			return;
	if (nseen < LB_ARRAY_SIZE(seen))
		seen[nseen++] = what;
	fprintf(stderr, "lockbench: kernel tree: WARN_ON(%s) at %s:%d\n", what, file, line);
}

void lb_ks_bug(const char *file, int line, const char *what)
{
	fprintf(stderr, "lockbench: kernel tree: BUG_ON(%s) at %s:%d\n", what, file, line);
	abort();
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * process.h - --processes: each worker a process (process.c), for the
 * harness's own files; harness.c calls these at its steps, watch.c the
 * check for a dead child
 */
#ifndef LB_SRC_HARNESS_PROCESS_H
#define LB_SRC_HARNESS_PROCESS_H

#include <stddef.h>
#include <sys/types.h>

#include "harness/point.h"
#include "kernel/sched.h"

struct lb_run;

/* The shared mapping of a --processes point and its children (parent only). */
struct lb_procs {
	void *base;			/* MAP_SHARED | MAP_ANONYMOUS, made before the fork */
	size_t size;
	char *slots;			/* per worker: record, private area, histograms */
	size_t slot;			/* bytes per worker, whole pages */
	size_t wsize, psize;		/* record and private area, cache-line rounded */
	pid_t *pids;			/* by tid; 0 once reaped */
};

/**
 * lb_proc_alloc() - the run, its shared arrays and the lock, in one shared
 * mapping (the lock on --lock-node's pages when given)
 * Return: the run, or NULL after one line on stderr.
 */
struct lb_run *lb_proc_alloc(const struct lb_point *p);
/* lb_proc_slot() - worker @tid's record, private area and histograms, untouched */
void *lb_proc_slot(const struct lb_run *run, unsigned tid);
/**
 * lb_proc_fork() - fork one child per worker; each runs @worker with its
 * argument, then the lock's thread_fini(), and exits
 * Return: 0 or an exit status (run->created says how many exist).
 */
int lb_proc_fork(struct lb_run *run, void *(*worker)(void *));
/* lb_proc_check() - a child that died: one line naming it, then exit 1 */
void lb_proc_check(struct lb_run *run);
/* lb_proc_mark() - child @i's CPU time and involuntary switches, from /proc */
void lb_proc_mark(const struct lb_run *run, unsigned i, struct lb_sched_mark *m);
/* lb_proc_kill_parked() - kill and reap the children of the workers marked parked (abandon.c) */
void lb_proc_kill_parked(struct lb_run *run);
/* lb_proc_join() - wait for every child; Return: 0, or 1 when one did not exit 0 */
int lb_proc_join(struct lb_run *run);
/* lb_proc_teardown() - fini(), the parent's arrays and the mapping */
void lb_proc_teardown(struct lb_run *run);

#endif /* LB_SRC_HARNESS_PROCESS_H */

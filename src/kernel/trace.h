/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * trace.h - the kernel's view of a run through tracefs (--trace)
 *
 * One tracefs instance per process, "lockbench-<pid>", with the events
 * sched:sched_switch, lock:contention_begin and lock:contention_end
 * enabled and recording off. For each point the harness hands over its
 * workers' thread ids once they have arrived at the start barrier: the
 * collector writes them to the instance's set_event_pid, clears the
 * buffer and turns recording on; it turns it off when the last worker
 * finished, and reads the buffer after the join, so the measured loop
 * makes no system call for it. The kernel itself pays for every event it
 * records: tracing perturbs the run, and the report says so.
 *
 * Per thread: its switch-outs (sched_switch by prev_pid; switch-ins are
 * under-counted on some kernels) split by the state it left in: R
 * preempted, S sleeping (interruptible: a futex wait, flock), D blocked
 * (uninterruptible: an rwsem or mutex in the kernel). Kernel lock
 * contention: each contention_begin of a worker is one contention, paired
 * with the same thread's contention_end on the same lock for its wait;
 * summed per lock class (the event's flags: SPIN, READ, WRITE, RT, PERCPU,
 * MUTEX) and per lock address.
 *
 * The instance is removed at exit, on lb_die()/lb_exit() and on SIGINT,
 * SIGTERM and SIGHUP (an async-signal-safe rmdir); instances left behind
 * by a killed lockbench (SIGKILL) are removed by the next --trace run.
 */
#ifndef LB_SRC_TRACE_H
#define LB_SRC_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The flags of lock:contention_begin (include/trace/events/lock.h: LCB_F_*). */
enum {
	LB_LCB_SPIN = 1u << 0,
	LB_LCB_READ = 1u << 1,
	LB_LCB_WRITE = 1u << 2,
	LB_LCB_RT = 1u << 3,
	LB_LCB_PERCPU = 1u << 4,
	LB_LCB_MUTEX = 1u << 5,
};
#define LB_TRACE_NFLAGS		6	/* the bits above */
#define LB_TRACE_NCLASSES	64	/* every combination of them */
#define LB_TRACE_MAX_LOCKS	16	/* lock addresses kept per point, by wait time */

/* Contention on one lock class (one combination of flags) or one lock. */
struct lb_trace_lockstat {
	uint64_t addr;			/* per lock: its kernel address; per class: 0 */
	uint32_t flags;			/* per class: the class; per lock: every class seen on it */
	uint64_t count;			/* contention_begin events */
	uint64_t waits;			/* of which paired with their contention_end */
	uint64_t wait_ns, max_ns;	/* of the paired ones */
};

/* One thread's view. */
struct lb_trace_thread {
	pid_t tid_os;			/* the kernel's thread id */
	uint64_t switch_outs;		/* sched_switch with this thread as prev */
	uint64_t preempted;		/* ... that left runnable (R) */
	uint64_t sleeping;		/* ... interruptible sleep (S) */
	uint64_t blocked;		/* ... uninterruptible sleep (D) */
	uint64_t contentions;		/* contention_begin events */
	uint64_t wait_ns;		/* paired contention time */
};

/* One point's view (lb_result.trace). */
struct lb_trace_vals {
	uint64_t switch_outs, preempted, sleeping, blocked;	/* summed over threads */
	uint64_t contentions, waits, wait_ns;			/* all classes */
	struct lb_trace_lockstat classes[LB_TRACE_NCLASSES];	/* indexed by flags */
	struct lb_trace_lockstat locks[LB_TRACE_MAX_LOCKS];	/* most waited-on first */
	unsigned nlocks;
	unsigned nlock_addrs;		/* distinct lock addresses seen (may exceed nlocks) */
	uint64_t events;		/* events read for the point */
	uint64_t lost;			/* events the ring buffer overwrote or dropped */
	double traced_ms;		/* recording on to recording off */
	unsigned nthreads;
	struct lb_trace_thread *threads;
};

struct lb_trace;

/**
 * lb_trace_open() - set up tracing for this process (root only)
 * @out: the collector
 * @why: one line when it fails
 *
 * Mounts tracefs where it is not mounted (libtracefs does), removes the
 * instances killed lockbench processes left behind, creates this process's
 * instance, enables the events and registers its removal at exit and on
 * signals.
 *
 * Return: 0, LB_EXIT_UNAVAIL (no libtracefs in this build, not root, no
 * tracefs or no lock events in this kernel) or LB_EXIT_RUNTIME (tracefs
 * failed otherwise), with @why set.
 */
int lb_trace_open(struct lb_trace **out, char *why, size_t len);
/* lb_trace_close() - remove the instance and free the collector (NULL: nothing) */
void lb_trace_close(struct lb_trace *t);
/* lb_trace_available() - was this build made with libtracefs? */
bool lb_trace_available(void);

/**
 * lb_trace_point_start() - record the threads @tids from now on
 *
 * Called by the harness after the workers arrived and before it releases
 * them. Return: 0 or an exit status after printing one line.
 */
int lb_trace_point_start(struct lb_trace *t, const pid_t *tids, unsigned n);
/* lb_trace_point_stop() - recording off (the last worker finished) */
void lb_trace_point_stop(struct lb_trace *t);
/**
 * lb_trace_point_collect() - read the point's events into a new lb_trace_vals
 *
 * Return: 0, or an exit status after printing one line.
 */
int lb_trace_point_collect(struct lb_trace *t, struct lb_trace_vals **out);
/* lb_trace_vals_free() - free what lb_trace_point_collect() returned */
void lb_trace_vals_free(struct lb_trace_vals *v);

/* lb_trace_flags_str() - "SPIN", "READ|WRITE", "MUTEX|SPIN"; "none" for 0 (a semaphore) */
char *lb_trace_flags_str(uint32_t flags, char *buf, size_t len);
/* lb_trace_flag_name() - the name of flag bit @bit ("SPIN" for 0) */
const char *lb_trace_flag_name(unsigned bit);
/**
 * lb_trace_bit_stat() - contention of every class with flag bit @bit set
 * (a lock of class SPIN|READ counts under SPIN and under READ)
 */
void lb_trace_bit_stat(const struct lb_trace_vals *v, unsigned bit, uint64_t *count,
		       uint64_t *wait_ns);

#endif /* LB_SRC_TRACE_H */

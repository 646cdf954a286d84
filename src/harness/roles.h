/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * roles.h - threads with a role: the thread types of Desnoyers 2008's test
 *
 * The plain loop (harness/loop.h) runs a read:write mix. Desnoyers' test
 * module (test-fair-rwlock.c, August 2008) needs thread types it cannot express:
 * readers and writers timed on every acquisition, writers with a period,
 * trylock readers and writers (with subscription where the lock has it),
 * and interrupt readers. A point whose lb_point.roles is set gives each
 * thread one of these; the harness runs lb_role_run() instead of the plain
 * loop for every thread whose role is not LB_ROLE_MIX.
 *
 * The role loops call the lock through its ops pointers (the posting's kernel
 * module calls the lock functions too); they allocate nothing and make no
 * system call, except the interrupt reader threads, which sleep between
 * rounds and send signals (they take no lock themselves).
 *
 * Interrupt readers (real asynchrony, not a call from the same thread): every period an
 * interrupt reader thread sends a signal to one worker pinned on each CPU
 * of the placement (in turn among the workers of a CPU); the handler, on
 * that worker, does one read-side critical section with read_lock(), timed
 * (or, for trylock interrupt readers, spins on read_trylock(), counting
 * attempts), in a context of its own (LB_CTX_HARDIRQ). Workers mask these
 * interrupts (struct lb_irq, without a system call) around every write-side
 * acquisition and critical section, as write_lock_irq() does, unless the
 * lock masks them itself (LB_LOCK_F_IRQ_WRITE).
 *
 * The critical section is Desnoyers 2008's: writers store one new value into an
 * array of 100 integers, readers check that all 100 are equal (a reader
 * that sees two values was let in beside a writer: a validation failure,
 * exit 3), then `load` pause instructions.
 */
#ifndef LB_SRC_ROLES_H
#define LB_SRC_ROLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "locks/lock.h"

enum lb_role_kind {
	LB_ROLE_MIX = 0,		/* the plain loop, with the thread's ratio */
	LB_ROLE_READER,			/* read_lock, critical section, read_unlock, no delay */
	LB_ROLE_WRITER,			/* lock, critical section, unlock, then a busy period */
	LB_ROLE_TRYLOCK_READER,		/* spin on read_trylock */
	LB_ROLE_TRYLOCK_WRITER,		/* (subscribe,) up to `tries` trylocks, give up; period */
	LB_ROLE_IRQ_READER,		/* every period, read_lock in a handler on each CPU */
	LB_ROLE_TRYLOCK_IRQ_READER,	/* the same with read_trylock */
	LB_ROLE_NKINDS,
};

/**
 * struct lb_role - what one thread does
 * @kind:      its type
 * @index:     its number among the threads of its type (writer_thread/<index>)
 * @period_ns: writers and trylock writers: busy wait after each iteration
 *             (Desnoyers 2008: udelay); interrupt readers: between rounds (msleep)
 * @tries:     trylock writers: attempts before giving up; 0 = never give up
 */
struct lb_role {
	enum lb_role_kind kind;
	unsigned index;
	uint64_t period_ns;
	uint32_t tries;
};

/* lb_role_name() - Desnoyers 2008's thread name: "writer_thread", "trylock_reader_thread", ... */
const char *lb_role_name(enum lb_role_kind k);
/* lb_role_is_irq() - an interrupt reader thread (takes no lock itself) */
static inline bool lb_role_is_irq(enum lb_role_kind k)
{
	return k == LB_ROLE_IRQ_READER || k == LB_ROLE_TRYLOCK_IRQ_READER;
}

/**
 * lb_role_check() - can lock @o run threads of type @k?
 *
 * Return: 0, or -1 with the reason in @why (the caller exits 5: a feature
 * this lock does not have).
 */
int lb_role_check(const struct lb_lock_ops *o, enum lb_role_kind k, char *why, size_t len);

struct lb_hist;
struct lb_point;
struct lb_result;
struct lb_thread_result;
struct lb_role_point;
struct lb_role_thread;

/**
 * lb_role_point_init() - a point's shared role state, before its threads start
 * @lock:     the point's lock, initialised
 * @stop:     the harness's stop flag
 *
 * Installs the interrupt readers' signal handlers when the point has any.
 * Return: 0 or -errno.
 */
int lb_role_point_init(const struct lb_point *p, void *lock, const uint32_t *stop,
		       struct lb_role_point **out);
/* lb_role_point_fini() - restore the signal handlers, free */
void lb_role_point_fini(struct lb_role_point *rp);

/**
 * lb_role_thread_init() - a worker's role state, by the worker after pinning
 * @t:        its context, after the lock's thread_init(); gets its irq mask
 *            when the point has interrupt readers
 * @progress: the worker's progress counter (the watchdog reads it):
 *            successful acquisitions (an interrupt reader thread leaves it
 *            at 0: it takes no lock, and its rounds must not hide a hang)
 *
 * Allocates the thread's histograms; publishes the thread for the
 * interrupt readers before the start barrier. Return: 0 or -errno.
 */
int lb_role_thread_init(struct lb_role_point *rp, unsigned tid, struct lb_tctx *t,
			uint64_t *progress, struct lb_role_thread **out);
/* lb_role_run() - the thread's role loop, until the stop flag; false for LB_ROLE_MIX */
bool lb_role_run(struct lb_role_thread *rt);
/* lb_role_rw() - after lb_role_run(): its successful read and write acquisitions */
void lb_role_rw(const struct lb_role_thread *rt, uint64_t *reads, uint64_t *writes);
/* lb_role_thread_done() - after the loop: mask the interrupt signals for good */
void lb_role_thread_done(struct lb_role_thread *rt);
/* lb_role_thread_result() - its counts and calibrated latency into @tr */
void lb_role_thread_result(const struct lb_role_thread *rt, struct lb_thread_result *tr);
/* lb_role_thread_hists() - add its timed acquisitions to @reads or @writes */
void lb_role_thread_hists(const struct lb_role_thread *rt, struct lb_hist *reads,
			  struct lb_hist *writes);
/* lb_role_thread_free() - after the join */
void lb_role_thread_free(struct lb_role_thread *rt);
/**
 * lb_role_point_result() - per-CPU interrupt reader figures into @r
 *
 * Return: 0, or LB_EXIT_VALIDATE after printing why (a reader saw the
 * array half written), or LB_EXIT_RUNTIME (out of memory).
 */
int lb_role_point_result(struct lb_role_point *rp, struct lb_role_thread *const *threads,
			 struct lb_result *r);

#endif /* LB_SRC_ROLES_H */

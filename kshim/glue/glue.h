/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * glue.h - what every tree lock's glue shares: lockbench's side, then the shim
 *
 * A glue file (kshim/glue/<lock>.c) is the lb_lock_ops around one of the
 * tree's lock files: its verbs call the tree's functions, the kernel's
 * callers' way (the tree's inline fast paths inlined, its exported
 * functions called), inside lockbench's own measured loop (LB_LOCK_LOOP,
 * harness/loop.h), so what is measured and validated is that loop, as for
 * a model. Its counters are the tree's lock events (the tree's
 * lock_events_list.h, CONFIG_LOCK_EVENT_COUNTS), then for a sleeping lock
 * the emulation's own "sleeps" and "wakeups".
 *
 * Lock events are per-CPU counters in the kernel (lockevents[], counted
 * with raw_cpu_inc()); here each CPU is a thread, and a loop adds what its
 * CPU counted while it ran to the thread's counters when it returns
 * (LB_KS_LOOP()): the warm-up's are then forgotten with the rest, the
 * measured loop's kept. Points of --scenario=roles, which call the verbs
 * through their pointers, count no lock events.
 *
 * Each glue file defines `const struct lb_lock_ops lb_tree_lock_<id>` and
 * a `lb_tree_prepare_<id>()` that fills its counter names; the loader
 * (src/tree/load.c) finds both with dlsym(), renames the lock NAME:<lock>
 * and gives it its follows line.
 */
#ifndef LB_KSHIM_GLUE_H
#define LB_KSHIM_GLUE_H

#include <stdio.h>
#include <string.h>

#include "harness/loop.h"
#include "locks/lock.h"
#include "kshim/runtime.h"

#include <linux/kernel.h>

#define LB_KS_EXPORT __attribute__((visibility("default")))
#define LB_KS_MAX_EVENTS 64

/* The lock events a lock reports: those whose name starts with one of its prefixes. */
struct lb_ks_events {
	unsigned n;			/* lock events among the counters (they come first) */
	unsigned sleeps, wakeups;	/* the emulation's counters' indices (sleeping locks) */
	uint16_t ev[LB_LOCK_MAX_COUNTERS];
	const char *names[LB_LOCK_MAX_COUNTERS + 1];
};

/* lb_ks_events_select() - the counters of a lock (events.c) */
void lb_ks_events_select(struct lb_ks_events *e, const char *const *prefixes, bool sleeping);
/* lb_ks_events_snap() - this CPU's lock events now, into @snap[LB_KS_MAX_EVENTS] */
void lb_ks_events_snap(uint64_t *snap);
/* lb_ks_events_add() - add to @t's counters what this CPU counted since @snap */
void lb_ks_events_add(const struct lb_ks_events *e, struct lb_tctx *t, const uint64_t *snap);

/* LB_KS_LOOP(name, inner, ev) - the lock's .loop: @inner (an LB_LOCK_LOOP) and its events */
#define LB_KS_LOOP(name, inner, ev)						\
	static void name(struct lb_loop *l)					\
	{									\
		uint64_t snap[LB_KS_MAX_EVENTS];				\
										\
		lb_ks_events_snap(snap);					\
		inner(l);							\
		lb_ks_events_add((ev), l->t, snap);				\
	}

/* LB_KS_PREPARE(id, ev, sleeping, prefixes...) - lb_tree_prepare_<id>(): its counter names */
#define LB_KS_PREPARE(id, ev, sleeping, ...)					\
	LB_KS_EXPORT void lb_tree_prepare_##id(struct lb_lock_ops *o)		\
	{									\
		static const char *const pfx[] = { __VA_ARGS__, NULL };	\
										\
		lb_ks_events_select((ev), pfx, (sleeping));			\
		o->counters = (ev)->names;					\
	}

/* lb_ks_fini() - a tree lock's fini(): the point's CPUs, copies and tasks go */
void lb_ks_fini(void *lock);

/* LB_KS_THREAD_INIT(name, ev) - thread_init(): the thread is CPU tid (its counters: @ev's) */
#define LB_KS_THREAD_INIT(name, ev)						\
	static int name(void *lock, struct lb_tctx *t)				\
	{									\
		(void)lock;							\
		lb_ks_thread_enter(t, (ev)->sleeps, (ev)->wakeups);		\
		return 0;							\
	}

/* The deviations every tree lock has (its own are added after these). */
#define LB_KS_DEVIATIONS "per-CPU data one copy per thread (smp_processor_id() = thread " \
	"index); lockdep, debug checks and tracepoints compiled out"
#define LB_KS_SLEEP_DEVIATIONS LB_KS_DEVIATIONS "; " LB_SLEEP_DEVIATIONS "; current, " \
	"schedule() and wake_q on locks/sleep.h"

#endif /* LB_KSHIM_GLUE_H */

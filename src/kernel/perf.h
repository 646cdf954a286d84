/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * perf.h - per-thread counters through perf_event_open(2) (--perf)
 *
 * Each worker opens its own counters (pid 0: this thread, any CPU) after
 * it was pinned and before the start barrier, enables them when it passes
 * the barrier and reads them when its loop ends; the measured loop makes
 * no system call. The software events count on every Linux machine
 * (task clock, context switches, migrations, page faults); the hardware
 * ones (cycles, instructions, cache misses) only where the machine has a
 * PMU the kernel exposes: elsewhere they are "not supported", said plainly
 * (platform-notes.md section 5: the build VM has none).
 */
#ifndef LB_SRC_PERF_H
#define LB_SRC_PERF_H

#include <stdbool.h>
#include <stdint.h>

enum lb_perf_ev {
	LB_PERF_TASK_CLOCK = 0,		/* ns the thread ran */
	LB_PERF_CSW,			/* context switches */
	LB_PERF_MIGRATIONS,		/* CPU migrations */
	LB_PERF_FAULTS,			/* page faults */
	LB_PERF_CYCLES,			/* hardware */
	LB_PERF_INSTRUCTIONS,		/* hardware */
	LB_PERF_CACHE_MISSES,		/* hardware */
	LB_PERF_NEV
};

struct lb_perf {
	int fd[LB_PERF_NEV];		/* -1 where the event could not be opened */
	int err[LB_PERF_NEV];		/* its errno, 0 when open */
};

struct lb_perf_vals {
	uint64_t v[LB_PERF_NEV];
	uint32_t ok;			/* bit per event: counted */
	int err[LB_PERF_NEV];		/* why not, for the ones that were not */
};

/* lb_perf_name() - "task-clock", "context-switches", ... (perf(1)'s names) */
const char *lb_perf_name(enum lb_perf_ev ev);
/* lb_perf_open() - open the calling thread's counters, disabled; never fails as a whole */
void lb_perf_open(struct lb_perf *p);
/* lb_perf_enable() - start counting (one ioctl per counter) */
void lb_perf_enable(struct lb_perf *p);
/* lb_perf_read_close() - stop, read and close; values of events that could not be opened are 0 */
void lb_perf_read_close(struct lb_perf *p, struct lb_perf_vals *out);
/* lb_perf_why() - a short reason an event is not counted ("not supported", "needs root") */
const char *lb_perf_why(int err);
/* lb_perf_sum() - add @b into @a; an event stays counted only if counted in both */
void lb_perf_sum(struct lb_perf_vals *a, const struct lb_perf_vals *b);

#endif /* LB_SRC_PERF_H */

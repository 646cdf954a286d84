// SPDX-License-Identifier: GPL-2.0-or-later
/* sched.c - a thread's CPU time and involuntary switches */
#include "config.h"

#include <sys/resource.h>
#include <time.h>

#include "kernel/sched.h"

void lb_sched_mark(struct lb_sched_mark *m)
{
	struct timespec ts;
	struct rusage ru;

	m->cpu_ns = 0;
	m->nivcsw = 0;
	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
		m->cpu_ns = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	if (getrusage(RUSAGE_THREAD, &ru) == 0)
		m->nivcsw = (uint64_t)ru.ru_nivcsw;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/* sched.c - a thread's CPU time, involuntary switches and run-queue wait */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

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
	m->rq_ok = lb_sched_rq_wait(&m->rq_ns) == 0;
}

int lb_sched_rq_wait(uint64_t *ns)
{
	char buf[128];
	unsigned long long run, wait;
	int fd = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	if (sscanf(buf, "%llu %llu", &run, &wait) != 2)
		return -1;
	*ns = wait;
	return 0;
}

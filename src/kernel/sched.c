// SPDX-License-Identifier: GPL-2.0-or-later
/* sched.c - a thread's CPU time, involuntary switches and run-queue wait */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "base/log.h"
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

int lb_sched_mark_task(long tid, struct lb_sched_mark *m)
{
	char path[64], buf[1024];
	const char *p = lb_pid_stat(tid, buf, sizeof(buf));	/* fields 14, 15: utime, stime */
	unsigned long long ut, st, nv = 0;
	long hz = sysconf(_SC_CLK_TCK);
	FILE *f;

	if (!p || hz <= 0 || sscanf(p, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu",
				    &ut, &st) != 2)
		return -1;
	snprintf(path, sizeof(path), "/proc/%ld/status", tid);
	f = fopen(path, "r");
	while (f && fgets(buf, sizeof(buf), f))
		if (sscanf(buf, "nonvoluntary_ctxt_switches: %llu", &nv) == 1)
			break;
	if (f)
		fclose(f);
	m->cpu_ns = (ut + st) * (1000000000ull / (unsigned long long)hz);
	m->nivcsw = nv;
	return 0;
}

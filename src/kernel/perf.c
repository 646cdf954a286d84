// SPDX-License-Identifier: GPL-2.0-or-later
/* perf.c - per-thread counters through perf_event_open(2) (--perf) */
#include "config.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "kernel/perf.h"

static const struct {
	const char *name;
	uint32_t type;
	uint64_t config;
} events[LB_PERF_NEV] = {
	[LB_PERF_TASK_CLOCK] = { "task-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK },
	[LB_PERF_CSW] = { "context-switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	[LB_PERF_MIGRATIONS] = { "cpu-migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	[LB_PERF_FAULTS] = { "page-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	[LB_PERF_CYCLES] = { "cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	[LB_PERF_INSTRUCTIONS] = { "instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	[LB_PERF_CACHE_MISSES] = { "cache-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES },
};

/* Kernel-side events (context switches, migrations) read 0 when the kernel is excluded. */
static bool needs_kernel(enum lb_perf_ev ev)
{
	return ev == LB_PERF_CSW || ev == LB_PERF_MIGRATIONS;
}

const char *lb_perf_name(enum lb_perf_ev ev)
{
	return ev < LB_PERF_NEV ? events[ev].name : "?";
}

const char *lb_perf_why(int err)
{
	switch (err) {
	case 0:
		return "counted";
	case ENOENT:
	case EOPNOTSUPP:
	case ENODEV:
		return "not supported";
	case EACCES:
	case EPERM:
		return "not supported without root (perf_event_paranoid)";
	case EMFILE:
	case ENFILE:
		return "not counted: out of file descriptors";
	default:
		return "not supported";
	}
}

static int open_event(enum lb_perf_ev ev, bool exclude_kernel)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = events[ev].type;
	a.config = events[ev].config;
	a.disabled = 1;
	a.exclude_kernel = exclude_kernel;
	a.exclude_hv = 1;
	/* pid 0, cpu -1: this thread, wherever it runs */
	return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

void lb_perf_open(struct lb_perf *p)
{
	for (int ev = 0; ev < LB_PERF_NEV; ev++) {
		int fd = open_event((enum lb_perf_ev)ev, false);

		p->err[ev] = 0;
		if (fd < 0 && (errno == EACCES || errno == EPERM)) {
			/*
			 * perf_event_paranoid 2 and no root: user space only. Kernel-side
			 * events would read 0 then, which is not a count: refuse them.
			 */
			if (needs_kernel((enum lb_perf_ev)ev)) {
				p->fd[ev] = -1;
				p->err[ev] = EACCES;
				continue;
			}
			fd = open_event((enum lb_perf_ev)ev, true);
		}
		p->fd[ev] = fd;
		if (fd < 0)
			p->err[ev] = errno;
	}
}

void lb_perf_enable(struct lb_perf *p)
{
	for (int ev = 0; ev < LB_PERF_NEV; ev++)
		if (p->fd[ev] >= 0)
			ioctl(p->fd[ev], PERF_EVENT_IOC_ENABLE, 0);
}

void lb_perf_read_close(struct lb_perf *p, struct lb_perf_vals *out)
{
	memset(out, 0, sizeof(*out));
	for (int ev = 0; ev < LB_PERF_NEV; ev++) {
		uint64_t v;

		out->err[ev] = p->err[ev];
		if (p->fd[ev] < 0)
			continue;
		ioctl(p->fd[ev], PERF_EVENT_IOC_DISABLE, 0);
		if (read(p->fd[ev], &v, sizeof(v)) == (ssize_t)sizeof(v)) {
			out->v[ev] = v;
			out->ok |= 1u << ev;
		} else {
			out->err[ev] = errno ? errno : EIO;
		}
		close(p->fd[ev]);
		p->fd[ev] = -1;
	}
}

void lb_perf_sum(struct lb_perf_vals *a, const struct lb_perf_vals *b)
{
	for (int ev = 0; ev < LB_PERF_NEV; ev++) {
		a->v[ev] += b->v[ev];
		if (!(b->ok & (1u << ev)) && !a->err[ev])
			a->err[ev] = b->err[ev];
	}
	a->ok &= b->ok;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hygiene.h - the conditions a run ran in (the run's hygiene)
 *
 * What distorts a lock's figures without being the lock: frequency
 * scaling, a hypervisor and its steal time, other work on the placement's
 * CPUs, SMT siblings sharing a core, kernel command-line flags that change
 * locking (nopvspin, mitigations=, isolcpus=, ...). The run reads them once
 * (lb_hygiene_read()), samples /proc/stat around each point (steal) and
 * over the start-up (other work), and the report prints them: the header
 * of the text formats, columns of the CSV, the JSON's hygiene object.
 *
 * Paths under /proc and /sys are read below $LOCKBENCH_SYSROOT when it is
 * set (a test's fake machine); $LOCKBENCH_BUSY_WARN (percent) replaces the
 * threshold of the other-work warning.
 */
#ifndef LB_SRC_MACHINE_HYGIENE_H
#define LB_SRC_MACHINE_HYGIENE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "machine/topology.h"

#define LB_BUSY_WARN_PCT 20.0	/* other work on the placement's CPUs worth a warning */

/* Per-CPU times from /proc/stat, in clock ticks (USER_HZ). */
struct lb_cpustat {
	unsigned ncpus;		/* entries of the arrays: OS index + 1 of the highest CPU */
	uint64_t *busy;		/* user, nice, system, irq, softirq */
	uint64_t *steal;
	uint64_t *total;	/* every column but guest (counted in user) */
	double self_ms;		/* this process's CPU time when it was read */
	int cpu;		/* the CPU that read it (sched_getcpu()), -1 unknown */
	double at_ms;		/* CLOCK_MONOTONIC when it was read */
};

struct lb_hygiene {
	char cpufreq_driver[64];	/* "none" without cpufreq */
	char cpufreq_governor[64];	/* the placement's CPUs', "a,b" when they differ */
	char hypervisor[64];		/* CPUID 0x40000000 vendor, /sys/hypervisor/type, or "none" */
	char kernel_flags[512];		/* the flags of /proc/cmdline that change locking, or "none" */
	double loadavg[3];		/* 1, 5, 15 minutes, before the run; -1 when unknown */
	double busy_other_pct;		/* others' share of the placement's CPUs at start-up; -1: unknown */
	double busy_window_ms;		/* how long that was measured */
};

/* lb_hygiene_read() - the run-level conditions, for the CPUs of @pus */
void lb_hygiene_read(struct lb_hygiene *h, const struct lb_pu *pus, unsigned npus);
/* lb_cpustat_read() - /proc/stat now; 0, or -1 (the arrays are then empty) */
int lb_cpustat_read(struct lb_cpustat *s);
void lb_cpustat_free(struct lb_cpustat *s);
/* lb_cpustat_steal_ms() - steal between @a and @b summed over the CPUs of the first @n of @pus */
double lb_cpustat_steal_ms(const struct lb_cpustat *a, const struct lb_cpustat *b,
			   const struct lb_pu *pus, unsigned n);
/**
 * lb_cpustat_busy_other() - other work on the CPUs of @pus between @a and @b:
 * their busy time less this process's CPU time, in percent of their time;
 * -1 when the window is too short to say (under 4 ticks a CPU)
 */
double lb_cpustat_busy_other(const struct lb_cpustat *a, const struct lb_cpustat *b,
			     const struct lb_pu *pus, unsigned npus);
/* lb_busy_warn_pct() - the threshold: $LOCKBENCH_BUSY_WARN or LB_BUSY_WARN_PCT */
double lb_busy_warn_pct(void);
/**
 * lb_smt_shared() - threads of the first @nthreads slots of the placement
 * (thread t on pus[t % npus]) whose core runs another of them on a different
 * PU; @pair gets the OS indexes of one such pair (when not NULL)
 */
unsigned lb_smt_shared(const struct lb_pu *pus, unsigned npus, unsigned nthreads, int pair[2]);
/* lb_kernel_flags() - the locking flags of a kernel command line, "none" if none */
void lb_kernel_flags(const char *cmdline, char *out, size_t len);

#endif /* LB_SRC_MACHINE_HYGIENE_H */

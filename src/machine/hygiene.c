// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hygiene.c - the conditions a run ran in: cpufreq, hypervisor, kernel
 * flags, load, steal and other work from /proc/stat, SMT in the placement
 */
#include "config.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include "machine/hygiene.h"

/* @path (absolute) below $LOCKBENCH_SYSROOT, when it is set */
static FILE *sys_open(const char *path)
{
	const char *root = getenv("LOCKBENCH_SYSROOT");
	char buf[4096];

	if (!root || !*root)
		return fopen(path, "r");
	snprintf(buf, sizeof(buf), "%s%s", root, path);
	return fopen(buf, "r");
}

/* The first line of @path without its newline; false when unreadable or empty */
static bool read_line(const char *path, char *out, size_t len)
{
	FILE *f = sys_open(path);
	bool ok;

	if (!f)
		return false;
	ok = fgets(out, (int)len, f) != NULL;
	fclose(f);
	if (ok)
		out[strcspn(out, "\n")] = '\0';
	return ok && out[0];
}

/* Append @v to the comma-separated @out unless it is there already. */
static void add_unique(char *out, size_t len, const char *v)
{
	size_t l = strlen(v);

	for (const char *p = out; (p = strstr(p, v)) != NULL; p += l)
		if ((p == out || p[-1] == ',') && (p[l] == ',' || p[l] == '\0'))
			return;
	snprintf(out + strlen(out), len - strlen(out), "%s%s", out[0] ? "," : "", v);
}

static void read_cpufreq(struct lb_hygiene *h, const struct lb_pu *pus, unsigned npus)
{
	char path[160], v[64];

	h->cpufreq_driver[0] = h->cpufreq_governor[0] = '\0';
	for (unsigned i = 0; i < npus; i++) {
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_driver",
			 pus[i].pu_os);
		if (read_line(path, v, sizeof(v)))
			add_unique(h->cpufreq_driver, sizeof(h->cpufreq_driver), v);
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor",
			 pus[i].pu_os);
		if (read_line(path, v, sizeof(v)))
			add_unique(h->cpufreq_governor, sizeof(h->cpufreq_governor), v);
	}
	if (!h->cpufreq_driver[0])
		snprintf(h->cpufreq_driver, sizeof(h->cpufreq_driver), "none");
	if (!h->cpufreq_governor[0])
		snprintf(h->cpufreq_governor, sizeof(h->cpufreq_governor), "none");
}

/* CPUID leaf 0x40000000 when CPUID.1:ECX[31] says a hypervisor is there */
static bool cpuid_hypervisor(char *out, size_t len)
{
#if defined(__x86_64__) || defined(__i386__)
	unsigned a, b, c, d;
	char vendor[13];

	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 31)))
		return false;
	__cpuid(0x40000000, a, b, c, d);
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &c, 4);
	memcpy(vendor + 8, &d, 4);
	vendor[12] = '\0';
	snprintf(out, len, "%s", vendor[0] ? vendor : "unknown vendor");
	return true;
#else
	(void)out;
	(void)len;
	return false;
#endif
}

static void read_hypervisor(struct lb_hygiene *h)
{
	const char *root = getenv("LOCKBENCH_SYSROOT");

	/* a fake machine has no CPUID of its own */
	if ((!root || !*root) && cpuid_hypervisor(h->hypervisor, sizeof(h->hypervisor)))
		return;
	if (!read_line("/sys/hypervisor/type", h->hypervisor, sizeof(h->hypervisor)))
		snprintf(h->hypervisor, sizeof(h->hypervisor), "none");
}

/*
 * Flags that change how kernel locks, spinning and wake-ups behave or what
 * runs beside the benchmark; a name ending in '=' matches with any value.
 */
static const char *const locking_flags[] = {
	"nopvspin", "nopv", "mitigations=", "nosmt", "nosmt=", "isolcpus=", "nohz_full=", "nohz=",
	"rcu_nocbs=", "idle=", "preempt=", "threadirqs", "irqaffinity=", "skew_tick=",
	"intel_idle.max_cstate=", "processor.max_cstate=", "cpuidle.off=", "cpuidle_haltpoll.force=",
	"haltpoll.guest_halt_poll_ns=", "spectre_v2=", "pti=", "nopti", "nospectre_v2",
	"numa_balancing=", "transparent_hugepage=", "qspinlock.numa_spinlock_threshold_ns=",
	"numa_spinlock=", "cna_threshold=", NULL,
};

void lb_kernel_flags(const char *cmdline, char *out, size_t len)
{
	char *copy = strdup(cmdline ? cmdline : ""), *save = NULL;

	out[0] = '\0';
	for (char *tok = copy ? strtok_r(copy, " \t\n", &save) : NULL; tok;
	     tok = strtok_r(NULL, " \t\n", &save)) {
		if (strcmp(tok, "--") == 0)	/* what follows is init's */
			break;
		for (unsigned k = 0; locking_flags[k]; k++) {
			size_t l = strlen(locking_flags[k]);
			bool eq = locking_flags[k][l - 1] == '=';

			if (eq ? strncmp(tok, locking_flags[k], l) == 0 : strcmp(tok, locking_flags[k]) == 0) {
				snprintf(out + strlen(out), len - strlen(out), "%s%s", out[0] ? " " : "",
					 tok);
				break;
			}
		}
	}
	free(copy);
	if (!out[0])
		snprintf(out, len, "none");
}

void lb_hygiene_read(struct lb_hygiene *h, const struct lb_pu *pus, unsigned npus)
{
	char line[4096];
	FILE *f;

	read_cpufreq(h, pus, npus);
	read_hypervisor(h);
	lb_kernel_flags(read_line("/proc/cmdline", line, sizeof(line)) ? line : "",
			h->kernel_flags, sizeof(h->kernel_flags));
	h->loadavg[0] = h->loadavg[1] = h->loadavg[2] = -1;
	f = sys_open("/proc/loadavg");
	if (f) {
		if (fscanf(f, "%lf %lf %lf", &h->loadavg[0], &h->loadavg[1], &h->loadavg[2]) != 3)
			h->loadavg[0] = h->loadavg[1] = h->loadavg[2] = -1;
		fclose(f);
	}
	h->busy_other_pct = -1;
	h->busy_window_ms = 0;
}

static double self_cpu_ms(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru))
		return 0;
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
}

/* one "cpuN ..." line into entry N */
static void cpustat_line(struct lb_cpustat *s, unsigned cpu, const char *rest)
{
	unsigned long long v[10] = { 0 };

	if (sscanf(rest, "%llu %llu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2],
		   &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], &v[9]) < 4)
		return;
	s->busy[cpu] = v[0] + v[1] + v[2] + v[5] + v[6];
	s->steal[cpu] = v[7];
	s->total[cpu] = v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
}

/* The CPU number of a "cpuN ..." line (@rest after it), or -1 for another line */
static long cpu_of(const char *line, char **rest)
{
	unsigned long cpu;

	if (strncmp(line, "cpu", 3) != 0 || line[3] < '0' || line[3] > '9')
		return -1;
	cpu = strtoul(line + 3, rest, 10);
	return cpu > 65535 ? -1 : (long)cpu;
}

int lb_cpustat_read(struct lb_cpustat *s)
{
	FILE *f = sys_open("/proc/stat");
	char line[1024], *rest;
	long cpu;
	struct timespec ts;

	memset(s, 0, sizeof(*s));
	s->self_ms = self_cpu_ms();
	s->cpu = sched_getcpu();
	clock_gettime(CLOCK_MONOTONIC, &ts);
	s->at_ms = (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
	if (!f)
		return -1;
	/* two passes: the highest CPU, then the values */
	while (fgets(line, sizeof(line), f))
		if ((cpu = cpu_of(line, &rest)) >= 0 && (unsigned)cpu + 1 > s->ncpus)
			s->ncpus = (unsigned)cpu + 1;
	s->busy = calloc(s->ncpus + 1, sizeof(*s->busy));
	s->steal = calloc(s->ncpus + 1, sizeof(*s->steal));
	s->total = calloc(s->ncpus + 1, sizeof(*s->total));
	if (!s->busy || !s->steal || !s->total) {
		fclose(f);
		lb_cpustat_free(s);
		return -1;
	}
	rewind(f);
	while (fgets(line, sizeof(line), f))
		if ((cpu = cpu_of(line, &rest)) >= 0 && (unsigned)cpu < s->ncpus)
			cpustat_line(s, (unsigned)cpu, rest);
	fclose(f);
	return s->ncpus ? 0 : -1;
}

void lb_cpustat_free(struct lb_cpustat *s)
{
	free(s->busy);
	free(s->steal);
	free(s->total);
	memset(s, 0, sizeof(*s));
}

static double tick_ms(void)
{
	long hz = sysconf(_SC_CLK_TCK);

	return 1e3 / (double)(hz > 0 ? hz : 100);
}

/* @b's minus @a's @v[cpu], 0 when either lacks it or it went back */
static uint64_t delta(const struct lb_cpustat *a, const struct lb_cpustat *b, size_t member,
		      int cpu)
{
	const uint64_t *va = *(uint64_t *const *)((const char *)a + member);
	const uint64_t *vb = *(uint64_t *const *)((const char *)b + member);

	if (cpu < 0 || (unsigned)cpu >= a->ncpus || (unsigned)cpu >= b->ncpus || vb[cpu] < va[cpu])
		return 0;
	return vb[cpu] - va[cpu];
}

/* Has an earlier entry of @pus the same OS CPU? */
static bool seen_before(const struct lb_pu *pus, unsigned i)
{
	for (unsigned j = 0; j < i; j++)
		if (pus[j].pu_os == pus[i].pu_os)
			return true;
	return false;
}

double lb_cpustat_steal_ms(const struct lb_cpustat *a, const struct lb_cpustat *b,
			   const struct lb_pu *pus, unsigned n)
{
	uint64_t ticks = 0;

	for (unsigned i = 0; i < n; i++)
		if (!seen_before(pus, i))
			ticks += delta(a, b, offsetof(struct lb_cpustat, steal), pus[i].pu_os);
	return (double)ticks * tick_ms();
}

static bool in_placement(const struct lb_pu *pus, unsigned npus, int cpu)
{
	for (unsigned i = 0; i < npus; i++)
		if (pus[i].pu_os == cpu)
			return true;
	return false;
}

double lb_cpustat_busy_other(const struct lb_cpustat *a, const struct lb_cpustat *b,
			     const struct lb_pu *pus, unsigned npus)
{
	uint64_t busy = 0, total = 0;
	double busy_ms, self;

	for (unsigned i = 0; i < npus; i++) {
		if (seen_before(pus, i))
			continue;
		busy += delta(a, b, offsetof(struct lb_cpustat, busy), pus[i].pu_os);
		total += delta(a, b, offsetof(struct lb_cpustat, total), pus[i].pu_os);
	}
	if (!npus || total < 4ull * npus)
		return -1;
	/*
	 * Our own start-up ran somewhere: count it against these CPUs (the
	 * worst case) unless both reads ran outside them, as when --cpus
	 * leaves the CPU we run on out of the placement.
	 */
	self = b->self_ms - a->self_ms;
	if (a->cpu >= 0 && b->cpu >= 0 && !in_placement(pus, npus, a->cpu) &&
	    !in_placement(pus, npus, b->cpu))
		self = 0;
	busy_ms = (double)busy * tick_ms() - (self > 0 ? self : 0);
	if (busy_ms < 0)
		busy_ms = 0;
	return 100.0 * busy_ms / ((double)total * tick_ms());
}

double lb_busy_warn_pct(void)
{
	const char *e = getenv("LOCKBENCH_BUSY_WARN");
	char *end;
	double v;

	if (!e || !*e)
		return LB_BUSY_WARN_PCT;
	v = strtod(e, &end);
	return *end || v < 0 ? LB_BUSY_WARN_PCT : v;
}

unsigned lb_smt_shared(const struct lb_pu *pus, unsigned npus, unsigned nthreads, int pair[2])
{
	unsigned n = nthreads < npus ? nthreads : npus, shared = 0;

	for (unsigned t = 0; t < nthreads && npus; t++) {
		const struct lb_pu *p = &pus[t % npus];

		for (unsigned j = 0; j < n; j++) {
			const struct lb_pu *q = &pus[j];

			if (q->core_l == p->core_l && q->package_l == p->package_l &&
			    q->pu_os != p->pu_os) {
				if (!shared && pair) {
					pair[0] = p->pu_os;
					pair[1] = q->pu_os;
				}
				shared++;
				break;
			}
		}
	}
	return shared;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bareloop.c - the reference for scripts/selfbench: the contended point of
 * lockbench's repeat-spread target written as plainly as a peer tool would
 * write it, with none of lockbench's harness (no options, no lock table, no
 * indirect calls, no calibration, no watchdog), so that one run of
 * selfbench can set lockbench's spread and rate beside what the machine
 * gives a bare loop at the same moment.
 *
 * The work is lockbench's: per operation, take the lock, LOAD pauses,
 * release, DELAY pauses, one relaxed store of the thread's count. Threads
 * are pinned to CPUs 0..N-1 in order. Each repeat starts its threads, lets
 * them meet at a barrier, runs for DURATION seconds of CLOCK_MONOTONIC
 * (the main thread sleeps, then raises a stop flag), joins them, and prints
 * the repeat's operations per second on a line of its own.
 *
 * Two options, both outside the measured window, so that selfbench can set
 * the bare loop beside lockbench at the same host state:
 *   -s MS   settle: run the loop for MS milliseconds on the same CPUs before
 *           the first repeat, uncounted, as lockbench's first warm-up lasts
 *           200 ms (after an idle second, the first 0.3 s of this loop ran
 *           2.11, 2.41 and 2.95 M/s in 0.1 s repeats on the build VM, then
 *           3.3-3.7)
 *   -p      probe: threads 0 and 1 time a ping-pong of one line just before
 *           the barrier and just after the stop (the median of 9 samples of
 *           100 round trips after 2 thrown away, as lockbench's host probe),
 *           and each line says the repeat's rate, then the two round trips
 *           in ns
 *
 * Locks:
 *   ticket  a ticket lock in one 32-bit word, head in bits 0-15 and tail in
 *           bits 16-31: a 32-bit fetch-add of 1 << 16 takes a ticket, the
 *           waiter pauses until the head equals it, the owner releases
 *           with a release store of head + 1 to the 16-bit head half
 *           (Mellor-Crummey and Scott, ACM TOCS 9(1), 1991, section 2.2)
 *   ticket-add
 *           the same, released as lockbench's ticket and the kernel's x86
 *           ticket unlock do: one non-locked add to the head half in
 *           memory (one read-for-ownership of the line, where the load and
 *           store above first fetch it shared); a plain store elsewhere
 *   mutex   glibc's pthread_mutex_t, default type
 *
 * Usage: bareloop [-s MS] [-p] LOCK THREADS LOAD DELAY DURATION REPEATS
 * Build: cc -O2 -pthread -o bareloop scripts/bareloop.c
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define LINE 64

static inline void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("yield" ::: "memory");
#else
	__asm__ __volatile__("" ::: "memory");
#endif
}

union ticket {
	uint32_t word;
	uint16_t half[2];	/* little-endian: half[0] is the head */
};

static struct {
	_Alignas(LINE) union ticket ticket;
	_Alignas(LINE) pthread_mutex_t mutex;
	_Alignas(LINE) uint32_t stop;
	_Alignas(LINE) uint32_t probe_seq[2];	/* before, after: a line each */
} shared = { .mutex = PTHREAD_MUTEX_INITIALIZER };

struct worker {
	_Alignas(LINE) uint64_t ops;
	pthread_t tid;
	int cpu;
	union ticket *lock;	/* &shared.ticket, set at run time */
	double probe_ns[2];	/* thread 0's: before and after */
};

#define PROBE_BATCH	100
#define PROBE_WARMUP	2
#define PROBE_SAMPLES	9

static int use_mutex, use_add, use_probe;
static unsigned long nthreads;
static uint64_t load, delay;
static pthread_barrier_t start;

/*
 * The ticket is reached through a pointer that each thread loads once, as
 * lockbench's locks are (a lock's functions take its address, allocated at
 * run time): addressed directly, the same loop compiled to the same
 * instructions with RIP-relative operands 0x60 bytes further on, and in
 * the host's slow state (c2c ~450 ns) at --load=10 --delay=10 it ran 3.60
 * M/s where the pointer's form and lockbench ran 2.41 and 2.27, though at
 * delays 8 and 12 all three agreed within 5% (2.30/2.30/2.20 and
 * 3.32/3.23/3.15): the two-thread hand-off there has two regimes, and the
 * code's placement alone moved the direct loop into the faster one.
 */
static inline void ticket_lock(union ticket *tk)
{
	uint32_t t = __atomic_fetch_add(&tk->word, 1u << 16, __ATOMIC_ACQUIRE) >> 16;

	while (__atomic_load_n(&tk->half[0], __ATOMIC_ACQUIRE) != (uint16_t)t)
		relax();
}

static inline void ticket_unlock(union ticket *tk)
{
	uint16_t h;

#if defined(__x86_64__) || defined(__i386__)
	if (use_add) {
		__asm__ __volatile__("addw $1, %0" : "+m"(tk->half[0]) : : "memory");
		return;
	}
#endif
	h = __atomic_load_n(&tk->half[0], __ATOMIC_RELAXED);
	__atomic_store_n(&tk->half[0], (uint16_t)(h + 1), __ATOMIC_RELEASE);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * probe: threads 0 and 1 bounce @seq, thread 0 writing odd values and 1
 * even ones; thread 0 returns the median round trip in ns, thread 1 0
 */
static double probe(int cpu, uint32_t *seq)
{
	double sample[PROBE_SAMPLES];
	uint32_t v = cpu ? 1 : 0;

	for (int k = 0; k < PROBE_WARMUP + PROBE_SAMPLES; k++) {
		double t0 = now();

		for (int i = 0; i < PROBE_BATCH; i++, v += 2) {
			while (__atomic_load_n(seq, __ATOMIC_ACQUIRE) != v)
				relax();
			__atomic_store_n(seq, v + 1, __ATOMIC_RELEASE);
		}
		if (k >= PROBE_WARMUP)
			sample[k - PROBE_WARMUP] = (now() - t0) * 1e9 / PROBE_BATCH;
	}
	if (cpu)
		return 0;
	qsort(sample, PROBE_SAMPLES, sizeof(sample[0]), cmp_double);
	return sample[PROBE_SAMPLES / 2];
}

static void *work(void *arg)
{
	struct worker *w = arg;
	cpu_set_t set;
	union ticket *const tk = w->lock;
	uint64_t n = 0;
	int probes = use_probe && nthreads >= 2 && w->cpu < 2;

	CPU_ZERO(&set);
	CPU_SET(w->cpu, &set);
	if (pthread_setaffinity_np(pthread_self(), sizeof(set), &set))
		fprintf(stderr, "bareloop: cannot pin to CPU %d\n", w->cpu);
	if (probes)
		w->probe_ns[0] = probe(w->cpu, &shared.probe_seq[0]);
	pthread_barrier_wait(&start);
	while (!__atomic_load_n(&shared.stop, __ATOMIC_RELAXED)) {
		if (use_mutex)
			pthread_mutex_lock(&shared.mutex);
		else
			ticket_lock(tk);
		for (uint64_t i = 0; i < load; i++)
			relax();
		if (use_mutex)
			pthread_mutex_unlock(&shared.mutex);
		else
			ticket_unlock(tk);
		for (uint64_t i = 0; i < delay; i++)
			relax();
		__atomic_store_n(&w->ops, ++n, __ATOMIC_RELAXED);
	}
	if (probes)
		w->probe_ns[1] = probe(w->cpu, &shared.probe_seq[1]);
	return NULL;
}

static unsigned long arg(const char *s, const char *what)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || end == s) {
		fprintf(stderr, "bareloop: %s: not a number: '%s'\n", what, s);
		exit(2);
	}
	return v;
}

/* one repeat of @duration seconds: its operations per second */
static double repeat(struct worker *w, double duration)
{
	struct timespec d = { (time_t)duration, (long)((duration - (time_t)duration) * 1e9) };
	uint64_t sum = 0;
	double t0, t1;

	memset(w, 0, nthreads * sizeof(*w));
	shared.stop = 0;
	shared.probe_seq[0] = shared.probe_seq[1] = 0;
	pthread_barrier_init(&start, NULL, nthreads + 1);
	for (unsigned long i = 0; i < nthreads; i++) {
		w[i].cpu = (int)i;
		w[i].lock = &shared.ticket;
		if (pthread_create(&w[i].tid, NULL, work, &w[i])) {
			fprintf(stderr, "bareloop: cannot start thread %lu\n", i);
			exit(1);
		}
	}
	pthread_barrier_wait(&start);
	t0 = now();
	clock_nanosleep(CLOCK_MONOTONIC, 0, &d, NULL);
	__atomic_store_n(&shared.stop, 1, __ATOMIC_RELAXED);
	t1 = now();
	for (unsigned long i = 0; i < nthreads; i++) {
		pthread_join(w[i].tid, NULL);
		sum += w[i].ops;
	}
	pthread_barrier_destroy(&start);
	return sum / (t1 - t0);
}

static void usage(void)
{
	fprintf(stderr, "usage: bareloop [-s MS] [-p] ticket|ticket-add|mutex THREADS LOAD DELAY "
		"DURATION REPEATS\n");
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned long repeats, settle_ms = 0;
	double duration;
	struct worker *w;
	int opt;

	while ((opt = getopt(argc, argv, "+s:p")) != -1) {
		if (opt == 's')
			settle_ms = arg(optarg, "-s");
		else if (opt == 'p')
			use_probe = 1;
		else
			usage();
	}
	argc -= optind - 1;
	argv += optind - 1;
	if (argc != 7 || (strcmp(argv[1], "ticket") && strcmp(argv[1], "ticket-add") &&
			  strcmp(argv[1], "mutex")))
		usage();
	use_mutex = !strcmp(argv[1], "mutex");
	use_add = !strcmp(argv[1], "ticket-add");
	nthreads = arg(argv[2], "THREADS");
	load = arg(argv[3], "LOAD");
	delay = arg(argv[4], "DELAY");
	duration = strtod(argv[5], NULL);
	repeats = arg(argv[6], "REPEATS");
	if (nthreads < 1 || nthreads > 1024 || duration <= 0 || repeats < 1) {
		fprintf(stderr, "bareloop: THREADS 1..1024, DURATION > 0, REPEATS >= 1\n");
		return 2;
	}
	w = aligned_alloc(LINE, nthreads * sizeof(*w));
	if (!w)
		return 1;
	if (settle_ms)
		repeat(w, settle_ms / 1000.0);
	for (unsigned long r = 0; r < repeats; r++) {
		double rate = repeat(w, duration);

		if (use_probe && nthreads >= 2)
			printf("%.0f %.1f %.1f\n", rate, w[0].probe_ns[0], w[0].probe_ns[1]);
		else
			printf("%.0f\n", rate);
		fflush(stdout);
	}
	free(w);
	return 0;
}

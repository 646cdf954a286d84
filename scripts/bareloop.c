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
 * Usage: bareloop LOCK THREADS LOAD DELAY DURATION REPEATS
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

static struct {
	_Alignas(LINE) union {
		uint32_t word;
		uint16_t half[2];	/* little-endian: half[0] is the head */
	} ticket;
	_Alignas(LINE) pthread_mutex_t mutex;
	_Alignas(LINE) uint32_t stop;
} shared = { .mutex = PTHREAD_MUTEX_INITIALIZER };

struct worker {
	_Alignas(LINE) uint64_t ops;
	pthread_t tid;
	int cpu;
};

static int use_mutex, use_add;
static uint64_t load, delay;
static pthread_barrier_t start;

static inline void ticket_lock(void)
{
	uint32_t t = __atomic_fetch_add(&shared.ticket.word, 1u << 16, __ATOMIC_ACQUIRE) >> 16;

	while (__atomic_load_n(&shared.ticket.half[0], __ATOMIC_ACQUIRE) != (uint16_t)t)
		relax();
}

static inline void ticket_unlock(void)
{
	uint16_t h;

#if defined(__x86_64__) || defined(__i386__)
	if (use_add) {
		__asm__ __volatile__("addw $1, %0" : "+m"(shared.ticket.half[0]) : : "memory");
		return;
	}
#endif
	h = __atomic_load_n(&shared.ticket.half[0], __ATOMIC_RELAXED);
	__atomic_store_n(&shared.ticket.half[0], (uint16_t)(h + 1), __ATOMIC_RELEASE);
}

static void *work(void *arg)
{
	struct worker *w = arg;
	cpu_set_t set;
	uint64_t n = 0;

	CPU_ZERO(&set);
	CPU_SET(w->cpu, &set);
	if (pthread_setaffinity_np(pthread_self(), sizeof(set), &set))
		fprintf(stderr, "bareloop: cannot pin to CPU %d\n", w->cpu);
	pthread_barrier_wait(&start);
	while (!__atomic_load_n(&shared.stop, __ATOMIC_RELAXED)) {
		if (use_mutex)
			pthread_mutex_lock(&shared.mutex);
		else
			ticket_lock();
		for (uint64_t i = 0; i < load; i++)
			relax();
		if (use_mutex)
			pthread_mutex_unlock(&shared.mutex);
		else
			ticket_unlock();
		for (uint64_t i = 0; i < delay; i++)
			relax();
		__atomic_store_n(&w->ops, ++n, __ATOMIC_RELAXED);
	}
	return NULL;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
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

int main(int argc, char **argv)
{
	unsigned long nthreads, repeats;
	double duration;
	struct worker *w;

	if (argc != 7 || (strcmp(argv[1], "ticket") && strcmp(argv[1], "ticket-add") &&
			  strcmp(argv[1], "mutex"))) {
		fprintf(stderr, "usage: bareloop ticket|ticket-add|mutex THREADS LOAD DELAY DURATION "
			"REPEATS\n");
		return 2;
	}
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
	for (unsigned long r = 0; r < repeats; r++) {
		struct timespec d = { (time_t)duration, (long)((duration - (time_t)duration) * 1e9) };
		uint64_t sum = 0;
		double t0, t1;

		memset(w, 0, nthreads * sizeof(*w));
		shared.stop = 0;
		pthread_barrier_init(&start, NULL, nthreads + 1);
		for (unsigned long i = 0; i < nthreads; i++) {
			w[i].cpu = (int)i;
			if (pthread_create(&w[i].tid, NULL, work, &w[i])) {
				fprintf(stderr, "bareloop: cannot start thread %lu\n", i);
				return 1;
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
		printf("%.0f\n", sum / (t1 - t0));
		fflush(stdout);
	}
	free(w);
	return 0;
}

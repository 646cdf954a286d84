// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-lock-area.c - every point and repetition puts its lock on the same
 * lines (setup.c's lock area), zeroed each time, and every host probe uses
 * the same line (c2c.c)
 *
 * A fresh allocation per repetition put each repetition's lock on other
 * lines, and on a host whose lines each have a transfer cost of their own
 * that spread the repetitions (issue 24). Through lb_run_point() on two
 * real threads: a small test lock's address is page-aligned and the same
 * for two points and for another lock of another size; a lock larger than
 * the area gets a page-aligned area of its own, which the next small lock
 * then shares; each init() finds its memory zeroed, though the fini()
 * before it scribbled on it. Two host probes (lb_c2c_probe(), before and
 * after each repetition) measure a round trip on one line.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "base/clock.h"
#include "base/lb-atomic.h"
#include "base/log.h"
#include "harness/harness.h"
#include "machine/topology.h"
#include "measure/c2c.h"

#define BIG (40 * 1024)

static void *seen;		/* the address init() was given */
static size_t seen_size;
static bool dirty;		/* init() found a byte that was not zero */

static int tas_init(void *lock, const struct lb_lock_cfg *cfg)
{
	const unsigned char *b = lock;

	seen = lock;
	dirty = false;
	for (size_t i = 0; i < seen_size; i++)
		dirty |= b[i] != 0;
	return 0;
}

/* scribble over the whole lock, which the next point must not see */
static void tas_fini(void *lock)
{
	memset(lock, 0xa5, seen_size);
}

static void tas_lock(void *lock, struct lb_tctx *t)
{
	uint32_t *w = lock;

	/* acquire: pairs with the release store of tas_unlock() */
	while (lb_xchg_acquire(w, 1))
		lb_cpu_relax();
}

static void tas_unlock(void *lock, struct lb_tctx *t)
{
	lb_store_release((uint32_t *)lock, 0);
}

#define TAS_OPS(n, size)							\
	{ .name = n, .desc = "test", .family = "spin", .kind = LB_LOCK_EXCL,	\
	  .lock_size = size, .init = tas_init, .fini = tas_fini,		\
	  .lock = tas_lock, .unlock = tas_unlock }

static const struct lb_lock_ops small = TAS_OPS("small", sizeof(uint32_t));
static const struct lb_lock_ops line = TAS_OPS("line", 64);
static const struct lb_lock_ops big = TAS_OPS("big", BIG);

static struct lb_pu pus[2] = { { .pu_os = 0 }, { .pu_os = 1 } };

/* one point of @o at 2 threads; the address its init() saw */
static void *run(const struct lb_lock_ops *o, int node)
{
	struct lb_point p;
	struct lb_result r;
	int rc;

	memset(&p, 0, sizeof(p));
	p.ops = o;
	p.mix = (struct lb_ratio){ 0, 1 };
	p.nthreads = 2;
	p.nops = 2000;
	p.timeout = 20;
	p.lock_node = node;
	p.pus = pus;
	p.npus = 2;
	seen = NULL;
	seen_size = o->lock_size;
	lb_verbose = -1;
	rc = lb_run_point(&p, &r);
	lb_verbose = 0;
	CHECK(rc == 0, "%s: exit %d", o->name, rc);
	if (!rc) {
		CHECK(r.ops_total == 4000, "%s: %llu operations", o->name,
		      (unsigned long long)r.ops_total);
		lb_result_free(&r);
	}
	CHECK(!dirty, "%s: init() found its memory not zeroed", o->name);
	return seen;
}

/* two host probes on this machine's first two CPUs, a point between them: one line for both */
static void probes(void)
{
	struct lb_pu *here;
	unsigned n;
	char why[256];

	if (lb_topo_load(NULL, why, sizeof(why)) ||
	    lb_topo_place(LB_PLACE_SOCKET, NULL, false, &here, &n, why, sizeof(why)) || n < 2) {
		CHECK(0, "this machine's topology: %s", why);
		return;
	}
	for (unsigned k = 0; k < 2; k++) {
		const void *before = lb_c2c_probe_line();
		double ns = 0;

		CHECK(lb_c2c_probe(&here[0], &here[1], &ns) == 0 && ns > 0, "probe %u: %.1f ns", k, ns);
		CHECK(lb_c2c_probe_line() && (!k || lb_c2c_probe_line() == before),
		      "probe %u: on the line of the one before (%p, then %p)", k, before,
		      lb_c2c_probe_line());
		run(&line, -1);		/* its allocations, as a repetition's between its probes */
	}
	free(here);
	lb_topo_fini();
}

int main(void)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	void *a, *b;

	if (sysconf(_SC_NPROCESSORS_ONLN) < 2) {
		fprintf(stderr, "SKIP: fewer than 2 CPUs\n");
		return 77;
	}
	lb_clock_calibrate();
	a = run(&small, -1);
	CHECK(a && (uintptr_t)a % page == 0, "the area is page-aligned: %p", a);
	CHECK(run(&small, -1) == a, "a second point: the same lines");
	CHECK(run(&line, -1) == a, "another lock of another size: the same lines");
	b = run(&big, -1);
	CHECK(b && (uintptr_t)b % page == 0, "a %d-byte lock: a page-aligned area too: %p", BIG, b);
	CHECK(run(&small, -1) == b, "after it, the small lock shares the grown area");
	CHECK(run(&big, -1) == b, "and so does the large one again");
	probes();
	return check_done();
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-layout.c - the sleeping locks' words share one line, as the
 * kernel's struct mutex and struct rw_semaphore do, and the measured
 * loop's per-thread store stays off the lines other threads read
 *
 * Prints every mutex and rwsem model's layout (lb_lock_ops.layout, in
 * the kernel's field order) and checks that its words lie in the lock's
 * first 64 bytes, in increasing order, without overlap; that the lock
 * object is big enough for its read-mostly line after them; that the
 * loop's `ops` store is not on the line of the worker's context; and that
 * lb_peer_priv() reaches a peer through the read-only peer_priv table,
 * not through the peer's context.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "harness/harness.h"
#include "locks/lock.h"
#include "locks/registry.h"

static bool is_kernel_sleeping_model(const struct lb_lock_ops *o)
{
	return strcmp(o->family, "sleep") == 0 &&
	       (strncmp(o->name, "mutex", 5) == 0 || strncmp(o->name, "rwsem", 5) == 0);
}

static void check_lock(const struct lb_lock_ops *o)
{
	size_t end = 0;
	unsigned n = 0;

	CHECK(o->layout != NULL, "%s has no layout table", o->name);
	if (!o->layout)
		return;
	printf("%-14s", o->name);
	for (const struct lb_lock_field *f = o->layout; f->name; f++, n++) {
		printf(" %s@%zu+%zu", f->name, f->offset, f->size);
		CHECK(f->offset >= end, "%s: %s at %zu overlaps or precedes the field before",
		      o->name, f->name, f->offset);
		CHECK(f->offset + f->size <= 64, "%s: %s ends at %zu, past the first line",
		      o->name, f->name, f->offset + f->size);
		end = f->offset + f->size;
	}
	printf("  (%zu bytes of words, lock object %zu)\n", end, o->lock_size);
	/* count or owner, the wait_lock, the wait list, and the OSQ tail at least */
	CHECK(n >= 4, "%s describes only %u words", o->name, n);
	CHECK(o->lock_size > 64, "%s: no read-mostly line after the words (%zu bytes)", o->name,
	      o->lock_size);
}

int main(void)
{
	struct lb_worker_layout wl;
	unsigned models = 0;

	for (unsigned i = 0; i < lb_lock_count(); i++) {
		const struct lb_lock_ops *o = lb_lock_at(i);

		if (o->unavailable || !is_kernel_sleeping_model(o))
			continue;
		models++;
		check_lock(o);
	}
	/* mutex, mutex-osq, rwsem and the xadd-era rwsems */
	CHECK(models >= 7, "only %u mutex/rwsem models found", models);

	lb_worker_layout(&wl);
	printf("worker: tctx@%zu priv@%zu ops@%zu size %zu\n", wl.tctx_off, wl.priv_off,
	       wl.ops_off, wl.size);
	CHECK(wl.ops_off / 64 != wl.priv_off / 64,
	      "the loop's ops store (%zu) shares a line with tctx.priv (%zu)", wl.ops_off,
	      wl.priv_off);
	CHECK(wl.ops_off / 64 != wl.tctx_off / 64 &&
	      wl.ops_off / 64 != (wl.tctx_off + sizeof(struct lb_tctx) - 1) / 64,
	      "the loop's ops store (%zu) shares a line with the context (%zu+%zu)", wl.ops_off,
	      wl.tctx_off, sizeof(struct lb_tctx));

	/* lb_peer_priv() reads the table, never the peer's context (peers is NULL here) */
	{
		static char area[2][128];
		void *table[2] = { area[0], area[1] };
		struct lb_tctx t = { .tid = 0, .nthreads = 2, .priv = area[0] + 16, .priv_off = 16,
				     .peers = NULL, .peer_priv = table };

		CHECK(lb_peer_priv(&t, 1) == area[1] + 16, "lb_peer_priv() through peer_priv");
	}
	return check_done();
}

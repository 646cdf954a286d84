// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check.c - the checked critical sections that the checked variants of
 * loop.h's body run (--validate, --torture), and --torture's hook
 */
#include "config.h"

#include <stdarg.h>
#include <sched.h>
#include <stdio.h>

#include "base/lb-atomic.h"
#include "harness/check.h"

LB_PRINTF(2, 3) static void violation(struct lb_check *c, const char *fmt, ...)
{
	int expected = 0;

	if (lb_cmpxchg_acq_rel(&c->violation, &expected, 1)) {
		va_list ap;

		va_start(ap, fmt);
		vsnprintf(c->what, sizeof(c->what), fmt, ap);
		va_end(ap);
		/* release: the message is written before anyone sees stop */
		lb_store_release(c->stop, 1);
	}
}

/*
 * A writer moves the shared value in two steps (odd while it is inside),
 * with at least this many pauses between them, so that a reader or writer
 * let in beside it sees it there even when the section is otherwise empty
 * (--load=0) and two threads share two CPUs. A reader waits a quarter of
 * that between its two reads of the value.
 */
#define LB_CHECK_GAP 64

/*
 * The checked critical sections (ck's regression validators, extended to
 * readers and to a value moved in two steps), called by the checked
 * variants of every lock's loop (loop.h).
 */
void lb_check_write_cs(struct lb_check *c, struct lb_tctx *t, uint64_t load)
{
	int32_t w = lb_fetch_add_relaxed(&c->writers, 1);
	int32_t r = lb_load_relaxed(&c->readers);
	volatile uint64_t *data = &c->data;
	uint64_t start;

	if (w != 0 || r != 0)
		violation(c, "a writer entered while %d other writer(s) and %d reader(s) were inside",
			  w, r);
	if (c->is_locked && !c->is_locked(c->lock))
		violation(c, "is_locked() says free while a writer holds it");
	start = *data;
	if (start & 1)
		violation(c, "a writer entered while another was half-way through its section");
	*data = start + 1;
	lb_pause_n(load > LB_CHECK_GAP ? load : LB_CHECK_GAP);
	lb_torture_point(t);
	if (*data != start + 1)
		violation(c, "data written under the lock changed under the writer's feet "
			  "(%d writers, %d readers inside)", lb_load_relaxed(&c->writers),
			  lb_load_relaxed(&c->readers));
	*data = start + 2;
	w = lb_load_relaxed(&c->writers);
	r = lb_load_relaxed(&c->readers);
	if (w != 1 || r != 0)
		violation(c, "a writer found %d other writer(s) and %d reader(s) inside on its way out",
			  w - 1, r);
	lb_fetch_sub_relaxed(&c->writers, 1);
}

void lb_check_read_cs(struct lb_check *c, struct lb_tctx *t, uint64_t load)
{
	volatile uint64_t *data = &c->data;
	int32_t w;
	uint64_t d0, d1;

	lb_fetch_add_relaxed(&c->readers, 1);
	w = lb_load_relaxed(&c->writers);
	if (w != 0)
		violation(c, "a reader entered while %d writer(s) were inside", w);
	d0 = *data;
	lb_pause_n(load > LB_CHECK_GAP / 4 ? load : LB_CHECK_GAP / 4);
	lb_torture_point(t);
	d1 = *data;
	w = lb_load_relaxed(&c->writers);
	if (w != 0 || d0 != d1 || (d0 & 1))
		violation(c, "a reader saw %d writer(s) inside on its way out%s", w,
			  d0 != d1 ? " and the data changed under it" :
			  (d0 & 1) ? " and a write half done" : "");
	lb_fetch_sub_relaxed(&c->readers, 1);
}

/* --torture's hook: one call in 16 a random pause (up to 511), one in 128 a yield */
static void torture_hook(struct lb_torture *tt)
{
	uint64_t x = tt->rng;

	/* xorshift64 */
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	tt->rng = x;
	if ((x & 127) == 0)
		sched_yield();
	else if ((x & 15) == 1)
		lb_pause_n((x >> 8) & 511);
}

#ifndef LB_SIM
/* one for both copies: the simulator's (-DLB_SIM) saves it per simulated thread */
__thread struct lb_torture *lb_torture_self;
#endif

void lb_torture_init(struct lb_torture *tt, uint64_t seed)
{
	tt->hook = torture_hook;
	tt->rng = seed ? seed : 0x9e3779b97f4a7c15ull;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * heap.c - the simulator's two heaps (engine.c's scheduler): the CPUs that
 * have something to do, by (clock, CPU index), and the timers, by (time,
 * creation order); both binary heaps in arrays, so that the earliest event
 * is always at the top and ties break the same way in every run
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include "sim/internal.h"

/* ---- the CPUs' heap, by (key, index) */

static inline bool cpu_before(const struct lb_sim *s, int a, int b)
{
	return s->cpu[a].key < s->cpu[b].key || (s->cpu[a].key == s->cpu[b].key && a < b);
}

static void heap_set(struct lb_sim *s, unsigned pos, int ci)
{
	s->heap[pos] = ci;
	s->cpu[ci].heap_pos = (int)pos;
}

static void heap_up(struct lb_sim *s, unsigned pos)
{
	int ci = s->heap[pos];

	while (pos) {
		unsigned up = (pos - 1) / 2;

		if (!cpu_before(s, ci, s->heap[up]))
			break;
		heap_set(s, pos, s->heap[up]);
		pos = up;
	}
	heap_set(s, pos, ci);
}

static void heap_down(struct lb_sim *s, unsigned pos)
{
	int ci = s->heap[pos];

	for (;;) {
		unsigned l = 2 * pos + 1, best = pos;
		int bc = ci;

		if (l < s->nheap && cpu_before(s, s->heap[l], bc))
			best = l, bc = s->heap[l];
		if (l + 1 < s->nheap && cpu_before(s, s->heap[l + 1], bc))
			best = l + 1, bc = s->heap[l + 1];
		if (best == pos)
			break;
		heap_set(s, pos, bc);
		pos = best;
	}
	heap_set(s, pos, ci);
}

void lb_sim_cpu_schedule(struct lb_sim *s, unsigned ci, uint64_t key)
{
	struct sim_cpu *c = &s->cpu[ci];

	c->key = key;
	if (c->heap_pos < 0) {
		heap_set(s, s->nheap++, (int)ci);
		heap_up(s, s->nheap - 1);
	} else {
		heap_up(s, (unsigned)c->heap_pos);
		heap_down(s, (unsigned)c->heap_pos);
	}
}

int lb_sim_heap_pop(struct lb_sim *s)
{
	int ci = s->heap[0];

	s->cpu[ci].heap_pos = -1;
	if (--s->nheap) {
		heap_set(s, 0, s->heap[s->nheap]);
		heap_down(s, 0);
	}
	return ci;
}

/* ---- the timers' heap, by (at, seq) */

static inline bool timer_before(const struct sim_timer *a, const struct sim_timer *b)
{
	return a->at < b->at || (a->at == b->at && a->seq < b->seq);
}

int lb_sim_timer_push(struct lb_sim *s, struct sim_timer tm)
{
	unsigned pos;

	if (s->ntimers == s->cap_timers) {
		unsigned cap = s->cap_timers ? s->cap_timers * 2 : 16;
		struct sim_timer *nt = realloc(s->timers, cap * sizeof(*nt));

		if (!nt)
			return -ENOMEM;
		s->timers = nt;
		s->cap_timers = cap;
	}
	tm.seq = s->timer_seq++;
	for (pos = s->ntimers++; pos && timer_before(&tm, &s->timers[(pos - 1) / 2]);
	     pos = (pos - 1) / 2)
		s->timers[pos] = s->timers[(pos - 1) / 2];
	s->timers[pos] = tm;
	return 0;
}

struct sim_timer lb_sim_timer_pop(struct lb_sim *s)
{
	struct sim_timer top = s->timers[0], last = s->timers[--s->ntimers];
	unsigned pos = 0;

	for (;;) {
		unsigned l = 2 * pos + 1, best = l;

		if (l >= s->ntimers)
			break;
		if (l + 1 < s->ntimers && timer_before(&s->timers[l + 1], &s->timers[l]))
			best = l + 1;
		if (!timer_before(&s->timers[best], &last))
			break;
		s->timers[pos] = s->timers[best];
		pos = best;
	}
	if (s->ntimers)
		s->timers[pos] = last;
	return top;
}

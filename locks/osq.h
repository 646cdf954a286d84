/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * osq.h - the optimistic spin queue, for the locks built on it
 *
 * The kernel's mutex and rwsem let only one optimistic spinner at a time
 * spin on the owner; the others wait in an OSQ, an MCS-style queue whose
 * waiters can leave when they should stop spinning (need_resched). The
 * implementation and its description are in osq.c, which also exports it
 * as the stand-alone lock `osq`.
 *
 * A lock that uses an OSQ puts a struct lb_osq in its lock word and a
 * struct lb_osq_node in its per-thread area, and passes lb_osq_lock() a
 * context whose priv is that node (lb_tctx_sub() when the node is not at
 * the start of the area).
 */
#ifndef LB_LOCKS_OSQ_H
#define LB_LOCKS_OSQ_H

#include <stdbool.h>
#include <stdint.h>

#include "lock.h"
#include "resched.h"

struct lb_osq {
	uint32_t tail;		/* tid + 1 of the last queued node, 0 when empty */
};

struct lb_osq_node {
	struct lb_osq_node *next;	/* successor, NULL if none (yet) */
	struct lb_osq_node *prev;	/* predecessor; rewritten when it leaves the queue */
	uint32_t locked;		/* 1: the predecessor handed the queue head to us */
	uint32_t cpu;			/* our tid + 1, as encoded in tail */
} LB_ALIGNED;

/**
 * lb_osq_lock() - queue up as an optimistic spinner
 * @q:      the queue
 * @t:      the caller's context; t->priv is its struct lb_osq_node
 * @budget: need_resched() emulation; when it runs out the caller leaves the queue
 *
 * Return: true when the caller is at the head of the queue (and may spin
 * on the owner), false when it left the queue because its budget ran out.
 */
bool lb_osq_lock(struct lb_osq *q, struct lb_tctx *t, struct lb_budget *budget);
/* lb_osq_unlock() - leave the head of the queue, handing it to the next spinner */
void lb_osq_unlock(struct lb_osq *q, struct lb_tctx *t);
/* lb_osq_is_locked() - is anyone queued (the kernel's osq_is_locked())? */
static inline bool lb_osq_is_locked(struct lb_osq *q)
{
	return lb_load_relaxed(&q->tail) != 0;
}

#endif /* LB_LOCKS_OSQ_H */

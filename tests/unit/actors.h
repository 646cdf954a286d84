/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * actors.h - the threads a scripted lock test plays from one thread
 *
 * test-qrwlock, test-rwsem and test-percpu-rwsem run the verb under test
 * in one thread and act as the other threads at steps of its slow path.
 * Each actor is a struct lb_tctx of its own, with its counters, its
 * private area and the peer tables through which queue locks reach one
 * another's nodes; ACTORS_FIELDS() declares them inside the test's state
 * and actors_init() fills them.
 */
#ifndef LB_TESTS_ACTORS_H
#define LB_TESTS_ACTORS_H

#include <stddef.h>
#include <stdint.h>

#include "locks/lock.h"

/* ACTORS_FIELDS(n) - the members of a test's state for @n actors */
#define ACTORS_FIELDS(n)							\
	struct lb_tctx t[n];							\
	struct lb_tctx *peers[n];						\
	void *peer_priv[n];							\
	uint64_t ctr[n][LB_LOCK_MAX_COUNTERS]

/* ACTORS_INIT(st, priv, n) - actor i is thread i with private area &priv[i] */
#define ACTORS_INIT(st, priv, n)						\
	actors_init((st)->t, (st)->peers, (st)->peer_priv, (st)->ctr,		\
		    (unsigned char *)(priv), sizeof((priv)[0]), (n))

static inline void actors_init(struct lb_tctx *t, struct lb_tctx **peers, void **peer_priv,
			       uint64_t (*ctr)[LB_LOCK_MAX_COUNTERS], unsigned char *priv,
			       size_t stride, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		t[i] = (struct lb_tctx){ .tid = i, .nthreads = n, .priv = priv + i * stride,
					 .ctr = ctr[i], .context = LB_CTX_THREAD, .cpu = -1,
					 .peers = peers, .peer_priv = peer_priv, .ndomains = 1 };
		peers[i] = &t[i];
		peer_priv[i] = priv + i * stride;
	}
}

#endif /* LB_TESTS_ACTORS_H */

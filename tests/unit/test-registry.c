// SPDX-License-Identifier: GPL-2.0-or-later
/* test-registry.c - every lock entry keeps the ops contract */
#include "config.h"

#include <stdlib.h>
#include <sys/mman.h>

#include "check.h"
#include "base/maps.h"
#include "locks/inner.h"
#include "locks/registry.h"

#define PS_THREADS 2

/*
 * A lock that may be shared by processes (LB_LOCK_F_PSHARED) keeps, after
 * init() and each thread_init(), no pointer to memory of this process
 * alone: its object and per-thread areas in a shared mapping, as
 * --processes has them (harness/process.c), and lb_private_pointer() over
 * both. bravo's readers' table on the heap was one (each worker its copy).
 */
static void check_pshared(const struct lb_lock_ops *o)
{
	size_t lsize = (o->lock_size + 4095) / 4096 * 4096, psize = (o->tctx_size + 63) / 64 * 64;
	size_t size = lsize + PS_THREADS * (psize + sizeof(struct lb_tctx) + 2 * sizeof(void *) +
					    LB_LOCK_MAX_COUNTERS * sizeof(uint64_t));
	uint64_t opts[64] = { 0 };
	struct lb_lock_cfg cfg = { .nthreads = PS_THREADS, .ndomains = 1, .opts = opts,
				   .tsc_per_ns = 1, .pause_ns = 10 };
	char *m = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct lb_tctx *t, **peers;
	void **privs;
	char *priv;
	uint64_t *ctr;
	long at;

	CHECK(m != MAP_FAILED, "a shared mapping for %s", o->name);
	if (m == MAP_FAILED)
		return;
	t = (struct lb_tctx *)(m + lsize);
	peers = (struct lb_tctx **)(t + PS_THREADS);
	privs = (void **)(peers + PS_THREADS);
	ctr = (uint64_t *)(privs + PS_THREADS);
	priv = (char *)(ctr + PS_THREADS * LB_LOCK_MAX_COUNTERS);
	priv += (64 - (uintptr_t)priv % 64) % 64;
	for (unsigned k = 0; o->options && o->options[k].name; k++)
		opts[k] = o->options[k].def;
	for (unsigned i = 0; i < PS_THREADS; i++) {
		t[i] = (struct lb_tctx){ .tid = i, .nthreads = PS_THREADS, .priv = priv + i * psize,
					 .ctr = ctr + i * LB_LOCK_MAX_COUNTERS, .cpu = -1,
					 .peers = peers, .peer_priv = privs, .ndomains = 1 };
		peers[i] = &t[i];
		privs[i] = t[i].priv;
	}
	CHECK(o->init(m, &cfg) == 0, "%s: init() in shared memory", o->name);
	at = lb_private_pointer(m, o->lock_size);
	CHECK(at == -1, "%s: after init() the lock points to private memory at byte %ld", o->name,
	      at);
	for (unsigned i = 0; i < PS_THREADS; i++) {
		CHECK(!o->thread_init || o->thread_init(m, &t[i]) == 0, "%s: thread_init(%u)",
		      o->name, i);
		at = lb_private_pointer(t[i].priv, o->tctx_size);
		CHECK(at == -1, "%s: after thread_init() thread %u's area points to private memory "
		      "at byte %ld", o->name, i, at);
	}
	for (unsigned i = 0; i < PS_THREADS && o->thread_fini; i++)
		o->thread_fini(m, &t[i]);
	if (o->fini)
		o->fini(m);
	munmap(m, size);
}

/* the check can fail: a heap pointer is found, a shared one is not */
static void check_private_pointer(void)
{
	void *shared = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	void *words[4] = { (void *)(uintptr_t)4096, shared, NULL, malloc(64) };

	CHECK(lb_private_pointer(words, 3 * sizeof(void *)) == -1, "no private pointer in a "
	      "number, a shared mapping and NULL");
	CHECK(lb_private_pointer(words, sizeof(words)) == 3 * (long)sizeof(void *),
	      "the heap pointer is found, at its offset");
	free(words[3]);
	munmap(shared, 4096);
}

int main(void)
{
	unsigned visible = 0;

	CHECK(lb_lock_registry_check(stderr) == 0, "the registry is consistent");
	CHECK(lb_sim_registry_check(stderr) == 0, "every lock has a simulator copy or a reason");
	CHECK(lb_lock_find("ticket") != NULL, "ticket is registered");
	CHECK(lb_lock_find("nosuch") == NULL, "unknown names are not found");
	CHECK(lb_lock_find("busted") && (lb_lock_find("busted")->flags & LB_LOCK_F_HIDDEN),
	      "busted exists and is hidden");
	CHECK(lb_lock_find("stall") && (lb_lock_find("stall")->flags & LB_LOCK_F_HIDDEN),
	      "stall exists and is hidden");
	CHECK(!lb_lock_in_family(lb_lock_find("busted"), "all"), "busted is in no family");
	CHECK(lb_lock_in_family(lb_lock_find("ticket"), "spin"), "ticket is spin");
	CHECK(lb_lock_in_family(lb_lock_find("pthread-rwlock"), "rw"), "rwlock is rw");
	CHECK(!lb_lock_in_family(lb_lock_find("pthread-mutex"), "rw"), "mutex is not rw");
	CHECK(lb_lock_is_family("peer") && !lb_lock_is_family("ticket"), "family names");
	CHECK(lb_lock_nearest("tiket") && strcmp(lb_lock_nearest("tiket"), "ticket") == 0,
	      "did you mean ticket");
	for (unsigned i = 0; i < lb_lock_count(); i++) {
		const struct lb_lock_ops *o = lb_lock_at(i);

		if (!(o->flags & LB_LOCK_F_HIDDEN))
			visible++;
		else	/* the controls that prove a check can fail */
			CHECK(strcmp(o->family, "harness") == 0, "hidden lock %s is not a harness control",
			      o->name);
		/* every available lock has its own inlined loop (loop.h) */
		CHECK(o->unavailable || o->loop, "lock %s has no LB_LOCK_LOOP", o->name);
		CHECK(o->unavailable || o->describe || (o->flags & LB_LOCK_F_NOEXCL),
		      "lock %s cannot describe its lock word for the watchdog", o->name);
	}
	CHECK(visible + 4 == lb_lock_count(), "only busted, busted-rw, stall and stall-sleep are hidden");
	check_private_pointer();
	for (unsigned i = 0; i < lb_lock_count(); i++) {
		const struct lb_lock_ops *o = lb_lock_at(i);

		if ((o->flags & LB_LOCK_F_PSHARED) && !o->unavailable)
			check_pshared(o);
	}

	/* a spinlock inside another lock runs with its own option defaults, not the outer's */
	{
		static uint64_t mem[LB_INNER_MAX_SIZE / 8] LB_ALIGNED;
		const uint64_t outer_opts[] = { 7, 7, 7 };
		struct lb_lock_cfg cfg = { .nthreads = 2, .opts = outer_opts };
		struct lb_inner in;

		CHECK(lb_inner_init(&in, &lb_lock_ticket, mem, &cfg, 0, 0) == 0, "ticket as inner lock");
		CHECK(lb_inner_init(&in, &lb_lock_qspinlock, mem, &cfg, 0, 0) == 0,
		      "qspinlock as inner lock");
		CHECK(((uint32_t *)mem)[1] == 512, "inner qspinlock's pending-loops: %u, want its "
		      "default 512", ((uint32_t *)mem)[1]);
		CHECK(lb_inner_init(&in, lb_lock_find("aqticket"), mem, &cfg, 0, 0) != 0,
		      "aqticket is too big to be an inner lock");
	}
	return check_done();
}

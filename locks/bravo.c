// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bravo.c - BRAVO, biased locking for reader-writer locks, over qrwlock
 *
 * Algorithm: Dave Dice and Alex Kogan, "BRAVO - Biased Locking for
 * Reader-Writer Locks", USENIX ATC 2019 (arXiv 1810.01553). A wrapper
 * around any rwlock (here lockbench's modern qrwlock): while the lock is
 * read-biased, a reader publishes itself by installing the lock's address
 * in a slot of a table of visible readers, chosen by hashing its thread
 * and the lock, and never writes the lock's own cache line. A writer takes
 * the underlying lock, revokes the bias and waits until no slot names the
 * lock; it then keeps the bias off for N times as long as the revocation
 * took, bounding revocation to about 1/(N+1) of the time. A reader that
 * falls back to the underlying lock re-enables the bias once that time has
 * passed. Reimplemented from the published description cited here; no code was
 * taken from the paper's or anyone's implementation.
 *
 * Lock word(s):
 *	rbias          0 readers go to the underlying lock, 1 read-biased
 *	inhibit_until  cycle-counter time before which no reader re-biases
 *	table          --bravo-table-size slots, each NULL or a lock's address
 *	               (one table: the paper's is global, shared by all locks;
 *	               lockbench runs one lock per point, so it lives with it),
 *	               in a shared mapping of its own: --processes workers,
 *	               made by fork() after init(), share it as threads do
 *	qrw            the underlying qrwlock (qrwlock-common.h), in a cache
 *	               line of its own
 *	initial value rbias 0, inhibit_until 0, every slot NULL
 *
 * States: (rbias, slots naming the lock, underlying lock).
 *	fast read:    (1, n, *) -> (1, n+1, *) by cmpxchg of our slot NULL ->
 *	              lock, kept if rbias still reads 1, else undone
 *	slow read:    underlying read lock; then (0, 0, r) -> (1, 0, r) if
 *	              inhibit_until has passed
 *	read unlock:  our slot -> NULL, or the underlying read unlock
 *	write:        underlying write lock; if (1, n, W): (1, n, W) ->
 *	              (0, n, W), wait for (0, 0, W), inhibit_until = now +
 *	              N * (revocation time)
 *	write unlock: the underlying write unlock
 *	trylocks:     the same without waiting; a write trylock that finds a
 *	              fast reader in the table puts the bias back and fails
 *
 * Ordering: the reader's slot cmpxchg and its re-check of rbias, and the
 * writer's store clearing rbias and its scan of the table, are all
 * sequentially consistent (store-load order on both sides: either the
 * reader sees the bias gone or the writer sees the slot). The scan's loads
 * are acquires that pair with the readers' release of their slots. A fast
 * reader's seq_cst load of rbias pairs with the release store that set it,
 * made by a slow reader inside the underlying read lock, after the last
 * writer's release: so the last write happens before the fast read.
 *
 * Progress and fairness: as the underlying qrwlock, plus the revocation:
 * a writer that finds the lock biased waits for every fast reader and
 * scans the whole table. Hash collisions only send readers to the slow
 * path. Counters: underlying-reads (reads that took the underlying lock;
 * the fast path counts nothing, so the bias reads are the reads less
 * these), slot-collisions, revocations, bias-enables, then the qrwlock's
 * read-slow, write-slow, lock-cas-fails.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/clock.h"
#include "harness/loop.h"
#include "qrwlock-common.h"

struct bravo {
	uint32_t rbias LB_ALIGNED;	/* read by every reader */
	uint64_t inhibit_until;		/* cycles */
	void **table;			/* read-only pointer after init */
	uint64_t size;			/* slots in the table */
	uint64_t slowdown;		/* N */
	struct lb_qrw qrw LB_ALIGNED;	/* the underlying lock */
};

/* A thread's part: its slot for this lock, whether it holds it; then the qrwlock's. */
struct bravo_tctx {
	void **slot;		/* table[hash(thread, lock)] */
	void **held;		/* the slot while a fast read holds it, else NULL */
};

#define BRAVO_QRW_OFF	((sizeof(struct bravo_tctx) + LB_CACHELINE - 1) / LB_CACHELINE * LB_CACHELINE)

static const char *const bravo_counters[] = {
	"underlying-reads",	/* reads through the underlying lock (the rest used a slot) */
	"slot-collisions",	/* biased reads that found their slot taken */
	"revocations",		/* writers that turned the bias off */
	"bias-enables",		/* slow readers that turned it back on */
	LB_QRW_COUNTER_NAMES,	/* the underlying qrwlock's */
	NULL,
};

enum { CTR_UNDERLYING_READS, CTR_SLOT_COLLISIONS, CTR_REVOCATIONS, CTR_BIAS_ENABLES, BRAVO_CTR_QRW };

static const struct lb_lock_option bravo_options[] = {
	{ .name = "table-size", .type = LB_LOCK_OPT_U64, .min = 1, .max = 1u << 24, .def = 4096,
	  .help = "slots in the visible-readers table" },
	{ .name = "slowdown", .type = LB_LOCK_OPT_U64, .min = 0, .max = 1000000, .def = 9,
	  .help = "N: after a revocation the bias stays off N times as long as it took "
		  "(revocation costs about 1/(N+1) of the time)" },
	LB_WAIT_LOCK_OPTION(LB_WAIT_LOCK_QSPINLOCK, "the spinlock that queues the waiters (one of lockbench's own; qspinlock from 4.2, ticket before)"),
	{ .name = NULL },
};

enum { OPT_TABLE_SIZE, OPT_SLOWDOWN, OPT_WAIT_LOCK };

LB_QRWLOCK_DEFINE(bravo_qrw, LB_QRW_MODERN, BRAVO_CTR_QRW)

/* the table's bytes: whole pages */
static size_t bravo_table_bytes(uint64_t slots)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	return (slots * sizeof(void *) + page - 1) / page * page;
}

static void bravo_fini(void *lock)
{
	struct bravo *b = lock;

	if (b->table)
		munmap(b->table, bravo_table_bytes(b->size));
	b->table = NULL;
}

static int bravo_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct bravo *b = lock;
	static const uint64_t defs[] = { 4096, 9, 0 };
	const uint64_t *o = cfg->opts ? cfg->opts : defs;
	void *t;
	int err;

	b->size = o[OPT_TABLE_SIZE];
	b->slowdown = o[OPT_SLOWDOWN];
	/*
	 * A shared mapping, zeroed, made before the workers are: under
	 * --processes (made by fork()) every worker sees the same table, as
	 * threads do; from the heap, each process had its own copy, and a
	 * writer never saw another process's fast readers.
	 */
	t = mmap(NULL, bravo_table_bytes(b->size), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (t == MAP_FAILED)
		return -errno;
	b->table = t;
	err = lb_qrw_init(&b->qrw, cfg, o[OPT_WAIT_LOCK], BRAVO_QRW_OFF,
			  BRAVO_CTR_QRW + LB_QRW_NCTR_MODERN);
	if (err)
		bravo_fini(b);
	return err;
}

/* a 64-bit mixer (the splitmix64 finaliser) of thread and lock */
static uint64_t bravo_hash(const void *lock, unsigned tid)
{
	uint64_t x = (uint64_t)(uintptr_t)lock ^ ((uint64_t)tid + 1) * 0x9e3779b97f4a7c15ull;

	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

static int bravo_thread_init(void *lock, struct lb_tctx *t)
{
	struct bravo *b = lock;
	struct bravo_tctx *me = t->priv;

	me->slot = &b->table[bravo_hash(b, t->tid) % b->size];
	me->held = NULL;
	return lb_qrw_thread_init(&b->qrw, t);
}

/* Take our slot if the lock is biased; true when that is a read lock. */
static LB_ALWAYS_INLINE bool bravo_read_fast(struct bravo *b, struct lb_tctx *t)
{
	struct bravo_tctx *me = t->priv;
	void *expected = NULL;

	/* relaxed: a hint; the seq_cst re-check below decides */
	if (!lb_load_relaxed(&b->rbias))
		return false;
	/* NULL -> lock; seq_cst: ordered before the re-check (against the writer's store and scan) */
	if (!lb_cmpxchg_full(me->slot, &expected, (void *)b)) {
		lb_count(t, CTR_SLOT_COLLISIONS);
		return false;
	}
	/* seq_cst: pairs with the revoking writer's store; acquire part: with the enabling store */
	if (lb_likely(lb_load_full(&b->rbias))) {
		me->held = me->slot;
		return true;
	}
	/* revoked meanwhile: lock -> NULL; release: pairs with the writer's scan */
	lb_store_release(me->slot, NULL);
	return false;
}

/* Inside the underlying read lock no writer is revoking: re-bias when inhibit_until has passed. */
static void bravo_maybe_enable(struct bravo *b, struct lb_tctx *t)
{
	if (!lb_load_relaxed(&b->rbias) && lb_cycles() >= lb_load_relaxed(&b->inhibit_until)) {
		/* (0, 0, r) -> (1, 0, r); release: pairs with the fast readers' seq_cst load */
		lb_store_release(&b->rbias, 1);
		lb_count(t, CTR_BIAS_ENABLES);
	}
}

static LB_NOINLINE void bravo_read_slow(struct bravo *b, struct lb_tctx *t)
{
	lb_count(t, CTR_UNDERLYING_READS);
	bravo_qrw_read_lock(&b->qrw, t);
	bravo_maybe_enable(b, t);
}

static inline void bravo_read_lock(void *lock, struct lb_tctx *t)
{
	struct bravo *b = lock;

	if (lb_likely(bravo_read_fast(b, t)))
		return;
	bravo_read_slow(b, t);
}

static bool bravo_read_trylock(void *lock, struct lb_tctx *t)
{
	struct bravo *b = lock;

	if (bravo_read_fast(b, t))
		return true;
	if (!bravo_qrw_read_trylock(&b->qrw, t))
		return false;
	lb_count(t, CTR_UNDERLYING_READS);
	bravo_maybe_enable(b, t);
	return true;
}

static inline void bravo_read_unlock(void *lock, struct lb_tctx *t)
{
	struct bravo *b = lock;
	struct bravo_tctx *me = t->priv;

	if (lb_likely(me->held != NULL)) {
		/* lock -> NULL; release: the read section before a revoking writer's scan */
		lb_store_release(me->held, NULL);
		me->held = NULL;
		return;
	}
	bravo_qrw_read_unlock(&b->qrw, t);
}

/*
 * The writer holds the underlying lock: turn the bias off and wait out the
 * fast readers (@wait), or just look once (a trylock). Returns false when
 * a trylock found a reader: the bias is then back on, since the readers
 * it found still hold the lock through it.
 */
static LB_NOINLINE bool bravo_revoke(struct bravo *b, struct lb_tctx *t, bool wait)
{
	uint64_t start = lb_cycles(), now;

	/*
	 * (1, n, W) -> (0, n, W), then one full fence before the scan: store,
	 * fence, load against the readers' full cmpxchg of a slot and seq_cst
	 * load of rbias (a seq_cst store would fence a second time on x86)
	 */
	lb_store_relaxed(&b->rbias, 0);
	lb_fence_full();
	for (uint64_t i = 0; i < b->size; i++) {
		/* acquire: pairs with the reader's release of its slot */
		while (lb_load_acquire(&b->table[i]) == (void *)b) {
			if (!wait) {
				/* (0, n, W) -> (1, n, W); release as in bravo_maybe_enable() */
				lb_store_release(&b->rbias, 1);
				return false;
			}
			lb_cpu_relax();
		}
	}
	now = lb_cycles();
	/* relaxed: read by slow readers inside the underlying lock, after our release of it */
	lb_store_relaxed(&b->inhibit_until, now + (now - start) * b->slowdown);
	lb_count(t, CTR_REVOCATIONS);
	return true;
}

static inline void bravo_lock(void *lock, struct lb_tctx *t)
{
	struct bravo *b = lock;

	bravo_qrw_lock(&b->qrw, t);
	/* relaxed: only a reader inside the underlying read lock sets it, and we exclude them */
	if (lb_unlikely(lb_load_relaxed(&b->rbias)))
		bravo_revoke(b, t, true);
}

static inline void bravo_unlock(void *lock, struct lb_tctx *t)
{
	struct bravo *b = lock;

	bravo_qrw_unlock(&b->qrw, t);
}

static bool bravo_trylock(void *lock, struct lb_tctx *t)
{
	struct bravo *b = lock;

	if (!bravo_qrw_trylock(&b->qrw, t))
		return false;
	if (!lb_load_relaxed(&b->rbias) || bravo_revoke(b, t, false))
		return true;
	/* a fast reader is in: a trylock does not wait for it */
	bravo_qrw_unlock(&b->qrw, t);
	return false;
}

static bool bravo_is_locked(void *lock)
{
	struct bravo *b = lock;

	return lb_qrw_is_locked(&b->qrw);
}

static int bravo_describe(void *lock, char *buf, size_t len)
{
	struct bravo *b = lock;
	uint64_t held = 0, now = lb_cycles(), until = lb_load_relaxed(&b->inhibit_until);
	char q[256];

	for (uint64_t i = 0; b->table && i < b->size; i++)
		held += lb_load_relaxed(&b->table[i]) == (void *)b;
	bravo_qrw_describe(&b->qrw, q, sizeof(q));
	return snprintf(buf, len, "rbias=%u, bias inhibited for %llu more cycles, %llu of %llu "
			"slots hold a reader; underlying qrwlock: %s", lb_load_relaxed(&b->rbias),
			(unsigned long long)(until > now ? until - now : 0), (unsigned long long)held,
			(unsigned long long)b->size, q);
}

LB_LOCK_LOOP(bravo_loop, bravo_lock, bravo_unlock, bravo_read_lock, bravo_read_unlock)

const struct lb_lock_ops lb_lock_bravo = {
	.name = "bravo",
	.desc = "BRAVO (Dice and Kogan 2019) over qrwlock: read bias through a visible-readers table",
	.follows = "Dice & Kogan, BRAVO, USENIX ATC 2019",
	.deviations = "over lockbench's qrwlock; the visible-readers table belongs to the lock (the "
		"paper's is global)",
	.family = "spin",
	.kind = LB_LOCK_RW,
	.flags = LB_LOCK_F_PSHARED,
	.lock_size = sizeof(struct bravo),
	.tctx_size = BRAVO_QRW_OFF + LB_INNER_MAX_TCTX,
	.init = bravo_init,
	.fini = bravo_fini,
	.thread_init = bravo_thread_init,
	.lock = bravo_lock,
	.unlock = bravo_unlock,
	.trylock = bravo_trylock,
	.read_lock = bravo_read_lock,
	.read_unlock = bravo_read_unlock,
	.read_trylock = bravo_read_trylock,
	.loop = bravo_loop,
	.is_locked = bravo_is_locked,
	.describe = bravo_describe,
	.options = bravo_options,
	.counters = bravo_counters,
};

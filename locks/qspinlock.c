// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * qspinlock.c - the kernel's queued spinlock, modern slow path (4.18+)
 *
 * Algorithm: Waiman Long's "qspinlock: a simple generic 4-byte queue
 * spinlock" series (LKML 2014-2015), as reworked by Peter Zijlstra and
 * merged in Linux 4.2 (kernel/locking/qspinlock.c), in the slow path of
 * 4.20 and later on x86: a bounded wait for a pending hand-over, a locked
 * bit-test-and-set of the pending bit followed by a plain read of the rest
 * of the word (x86's queued_fetch_set_pending_acquire(), 4.20+; the
 * `pending` option's default, `bts`) or the generic atomic fetch_or, which
 * x86 compilers build as a cmpxchg loop (`pending=cmpxchg`, 4.18-4.19 and
 * other architectures), and the fallback for more than four nesting
 * levels. Reimplemented from the description in algorithms.md section 5;
 * no code was taken from the kernel. The word stays 4 bytes like the
 * ticket lock's, yet waiters queue MCS-style: a thread spins on at most
 * four spinlocks at once (task, softirq, hardirq, NMI), so (thread,
 * nesting index) names a queue node in a few bits, and the nodes live in
 * each thread's own area, four per thread (the kernel's per-CPU qnodes).
 *
 * Lock word (32 bits, little-endian sub-objects):
 *	 0- 7: locked byte - 1 when held
 *	    8: pending - one waiter spins on the word itself (9-15 unused, so
 *	       bits 8-15 form the pending byte and 0-15 the locked_pending half)
 *	16-17: tail index - nesting index (0-3) of the last queued node
 *	18-31: tail thread - tid + 1 of the last queued node, 0 = no queue
 *	initial value 0
 * The bound of the pending wait and the pending form (read-only, 31 bits
 * and 1) follow the word: they are read only right after the word was, so
 * they cost no extra miss, and the lock stays 8 bytes, small enough to
 * serve inside another lock (inner.h, a sleeping lock's wait_lock).
 * Queue node (16 bytes, four per thread in one cache line): next, locked,
 * count (the nesting counter, in node 0).
 *
 * States: (tail, pending, locked).
 *	fast:    (0,0,0) -> (0,0,1) by cmpxchg
 *	pending: (0,0,*) -> (0,1,*) by lock bts (or fetch_or); wait for
 *	         locked == 0; then
 *	         (0,1,0) -> (0,0,1) by one 16-bit store (clear_pending_set_locked)
 *	queue:   (t,p,l) -> (me,p,l) by a 16-bit xchg of the tail half; link
 *	         behind the old tail and wait for our node's locked flag; as
 *	         queue head wait for (me|n,0,0), then either (me,0,0) -> (0,0,1)
 *	         by cmpxchg (nobody behind us) or set the locked byte,
 *	         (n,0,0) -> (n,0,1), and pass headship on (next.locked 0 -> 1)
 *	unlock:  (*,*,1) -> (*,*,0) by a byte store
 *
 * Ordering: the fast-path cmpxchg and the fetch_or are acquires; the wait
 * for the locked byte (pending path) and the waits for our node's locked
 * flag and for locked == pending == 0 (queue head) are acquire loads that
 * pair with the release store of the unlock or of the MCS hand-off. Node
 * initialisation is ordered before the relaxed tail exchange by a release
 * fence (the kernel's smp_wmb()); the successor reads its predecessor
 * from the old tail and uses an acquire fence where the kernel relies on
 * the address dependency. The link store prev.next is a release (pairs
 * with the predecessor's acquire load of next before it hands over).
 *
 * Progress and fairness: while a node is queued the tail is non-zero, so
 * the word is never 0 (no fast-path or trylock steal) and a newcomer's
 * fetch_or sees the tail and queues: at most one pending waiter (which
 * came before the queue), then strict MCS FIFO. The pending bit keeps
 * 2-thread contention off the queue entirely. Not abortable: a queued
 * waiter that is not running stalls everyone behind it.
 */
#include "config.h"

#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"
#include "harness/loop.h"

#define QS_LOCKED_VAL		1u
#define QS_LOCKED_MASK		0x000000ffu
#define QS_PENDING_VAL		(1u << 8)
#define QS_PENDING_MASK		0x0000ff00u
#define QS_LOCKED_PENDING_MASK	(QS_LOCKED_MASK | QS_PENDING_MASK)
#define QS_TAIL_IDX_OFFSET	16
#define QS_TAIL_IDX_MASK	(3u << QS_TAIL_IDX_OFFSET)
#define QS_TAIL_TID_OFFSET	18
#define QS_TAIL_MASK		0xffff0000u
#define QS_MAX_NODES		4	/* nesting levels: task, softirq, hardirq, NMI */

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define QS_LOCKED_BYTE	0
#define QS_PENDING_BYTE	1
#define QS_LP_HALF	0	/* locked_pending */
#define QS_TAIL_HALF	1
#else
#define QS_LOCKED_BYTE	3
#define QS_PENDING_BYTE	2
#define QS_LP_HALF	1
#define QS_TAIL_HALF	0
#endif

struct qs_node {
	struct qs_node *next;
	uint32_t locked;	/* 1: the predecessor made us queue head */
	uint32_t count;		/* node 0 only: nesting levels in use */
};

struct qspinlock {
	union {
		uint32_t val;
		uint16_t half[2];
		uint8_t byte[4];
	};
	uint32_t pending_loops : 31;	/* bound of the wait for a pending hand-over */
	uint32_t pending_cmpxchg : 1;	/* QS_PENDING_CMPXCHG: the generic fetch_or */
};

/*
 * The first counter is the contended acquisitions, as ticket's is: a lock
 * built from either (a wait_lock) reports it as "wait-lock-waits". The
 * fast-path acquisitions are the operations less "slow".
 */
static const char *const qs_counters[] = {
	"slow",		/* acquisitions that missed the fast-path cmpxchg */
	"pending",	/* acquisitions as the pending waiter */
	"queued",	/* acquisitions through the MCS queue */
	NULL,
};

enum { CTR_SLOW, CTR_PENDING, CTR_QUEUED };

static const char *const qs_pending_names[] = { "bts", "cmpxchg", NULL };
#define QS_PENDING_BTS		0
#define QS_PENDING_CMPXCHG	1

static const struct lb_lock_option qs_options[] = {
	{ .name = "pending-loops", .type = LB_LOCK_OPT_U64, .min = 0, .max = 1048576, .def = 512,
	  .help = "spins a newcomer waits for a pending waiter's hand-over before it queues "
		  "(the kernel's _Q_PENDING_LOOPS: 512 on x86, 1 elsewhere)" },
	{ .name = "pending", .type = LB_LOCK_OPT_ENUM, .def = 0, .values = qs_pending_names,
	  .help = "how a newcomer sets the pending bit: bts, x86's locked bit-test-and-set "
		  "and a plain read (4.20+), or cmpxchg, the generic atomic fetch_or (a "
		  "cmpxchg loop on x86)" },
	{ .name = NULL },
};

enum { OPT_PENDING_LOOPS, OPT_PENDING };

static int qs_init(void *lock, const struct lb_lock_cfg *cfg)
{
	struct qspinlock *l = lock;

	l->pending_loops = (uint32_t)cfg->opts[OPT_PENDING_LOOPS];
	l->pending_cmpxchg = cfg->opts[OPT_PENDING] == QS_PENDING_CMPXCHG;
	return 0;
}

static inline uint32_t qs_encode_tail(unsigned tid, uint32_t idx)
{
	return (uint32_t)(tid + 1) << QS_TAIL_TID_OFFSET | idx << QS_TAIL_IDX_OFFSET;
}

/* The node a tail names: thread tid's node idx, in its private area. */
static inline struct qs_node *qs_decode_tail(const struct lb_tctx *t, uint32_t tail)
{
	unsigned tid = (tail >> QS_TAIL_TID_OFFSET) - 1;
	uint32_t idx = (tail & QS_TAIL_IDX_MASK) >> QS_TAIL_IDX_OFFSET;

	return (struct qs_node *)lb_peer_priv(t, tid) + idx;
}

static inline bool qs_trylock_word(struct qspinlock *l)
{
	uint32_t val = lb_load_relaxed(&l->val);

	/* (0,0,0) -> (0,0,1); acquire: pairs with the release store in qs_unlock() */
	return val == 0 && lb_cmpxchg_acquire(&l->val, &val, QS_LOCKED_VAL);
}

/*
 * queued_fetch_set_pending_acquire(): (*,p,*) -> (*,1,*), returning the
 * word as it was. x86 (4.20+): `lock btsl` of the pending bit, whose carry
 * flag is the old bit, then a plain read of the rest of the word (the two
 * are not one snapshot; the caller only needs "was anything else set").
 * Elsewhere, or with pending=cmpxchg: an atomic fetch_or returning the old
 * word, which x86 has no instruction for (a lock cmpxchg loop).
 * Acquire either way: the locked RMW is a full barrier on x86 and the
 * fetch_or is an acquire; pairs with the release store in qs_unlock().
 */
static inline uint32_t qs_fetch_set_pending_acquire(struct qspinlock *l)
{
#if defined(__x86_64__) || defined(__i386__)
	if (!l->pending_cmpxchg) {
		bool was;

		__asm__ __volatile__("lock btsl %[bit], %[val]"
				     : [val] "+m" (l->val), "=@ccc" (was)
				     : [bit] "I" (8)
				     : "memory");
		return (was ? QS_PENDING_VAL : 0) |
		       (lb_load_relaxed(&l->val) & ~QS_PENDING_MASK);
	}
#endif
	return lb_fetch_or_acquire(&l->val, QS_PENDING_VAL);
}

static LB_NOINLINE void qs_lock_slow(struct qspinlock *l, struct lb_tctx *t, uint32_t val)
{
	struct qs_node *nodes = t->priv, *node, *prev, *next = NULL;
	uint32_t tail, old, idx;

	/* 1. (0,1,0): a pending waiter is taking over; give it a bounded while */
	if (val == QS_PENDING_VAL) {
		uint32_t cnt = l->pending_loops;

		while (val == QS_PENDING_VAL && cnt--) {
			lb_cpu_relax();
			val = lb_load_relaxed(&l->val);
		}
	}
	/* 2. pending or a queue: contended, queue up */
	if (val & ~QS_LOCKED_MASK)
		goto queue;

	/* 3. (0,0,*) -> (0,1,*); acquire: pairs with the release store in qs_unlock() */
	val = qs_fetch_set_pending_acquire(l);
	if (val & ~QS_LOCKED_MASK) {
		/* someone came first: undo our pending bit, if it was ours, (*,1,*) -> (*,0,*) */
		if (!(val & QS_PENDING_MASK))
			lb_store_relaxed(&l->byte[QS_PENDING_BYTE], 0);
		goto queue;
	}
	/* 4. we are the pending waiter; acquire: pairs with the unlock's release store */
	if (val & QS_LOCKED_MASK)
		while (lb_load_acquire(&l->byte[QS_LOCKED_BYTE]))
			lb_cpu_relax();
	/* 5. (0,1,0) -> (0,0,1): clear_pending_set_locked, one 16-bit store */
	lb_store_relaxed(&l->half[QS_LP_HALF], (uint16_t)QS_LOCKED_VAL);
	lb_count(t, CTR_PENDING);
	return;

queue:
	lb_count(t, CTR_QUEUED);
	/* 6. our node for this nesting level; only this thread touches count */
	idx = nodes[0].count++;
	if (lb_unlikely(idx >= QS_MAX_NODES)) {
		/* nested deeper than four (5.0+): spin on trylock instead of queueing */
		while (!qs_trylock_word(l))
			lb_cpu_relax();
		goto release;
	}
	node = &nodes[idx];
	tail = qs_encode_tail(t->tid, idx);
	lb_barrier();	/* the count before the node's fields, as for an interrupt */
	lb_store_relaxed(&node->locked, 0);
	lb_store_relaxed(&node->next, NULL);

	/* 7. we just touched a cold line: the lock may have been freed meanwhile */
	if (qs_trylock_word(l))
		goto release;

	/* 8. release fence: the node's initialisation before the exchange publishes it */
	lb_fence_release();
	/* (t,p,l) -> (me,p,l); relaxed 16-bit exchange of the tail half */
	old = (uint32_t)lb_xchg_relaxed(&l->half[QS_TAIL_HALF], (uint16_t)(tail >> 16)) << 16;

	/* 9. someone is ahead of us: link behind it and wait to become queue head */
	if (old & QS_TAIL_MASK) {
		/* acquire fence: the kernel's address dependency on the old tail */
		lb_fence_acquire();
		prev = qs_decode_tail(t, old);
		/* release: pairs with the acquire load of next in the predecessor's hand-off */
		lb_store_release(&prev->next, node);
		/* acquire: pairs with the predecessor's release store (locked 0 -> 1) */
		while (!lb_load_acquire(&node->locked))
			lb_cpu_relax();
		/* relaxed, opportunistic: saves a miss at hand-off; checked again below */
		next = lb_load_relaxed(&node->next);
	}

	/* 10. queue head: acquire wait for (*,0,0); pairs with the unlock's release store */
	while ((val = lb_load_acquire(&l->val)) & QS_LOCKED_PENDING_MASK)
		lb_cpu_relax();

	/* 11. (me,0,0) -> (0,0,1) when nobody queued behind us; relaxed after the acquire wait */
	if ((val & QS_TAIL_MASK) == tail && lb_cmpxchg_relaxed(&l->val, &val, QS_LOCKED_VAL))
		goto release;

	/* 12. (n,0,0) -> (n,0,1): only the queue head sets it while locked == pending == 0 */
	lb_store_relaxed(&l->byte[QS_LOCKED_BYTE], (uint8_t)QS_LOCKED_VAL);
	if (!next) {
		/* acquire: pairs with the successor's release link store */
		while (!(next = lb_load_acquire(&node->next)))
			lb_cpu_relax();
	}
	/* next.locked 0 -> 1; release: pairs with the successor's acquire wait */
	lb_store_release(&next->locked, 1);

release:
	/* 13. */
	nodes[0].count--;
}

static void qs_lock(void *lock, struct lb_tctx *t)
{
	struct qspinlock *l = lock;
	uint32_t val = 0;

	/* (0,0,0) -> (0,0,1); acquire: pairs with the release store in qs_unlock() */
	if (lb_likely(lb_cmpxchg_acquire(&l->val, &val, QS_LOCKED_VAL)))
		return;
	lb_count(t, CTR_SLOW);
	qs_lock_slow(l, t, val);
}

static bool qs_trylock(void *lock, struct lb_tctx *t)
{
	return qs_trylock_word(lock);
}

static void qs_unlock(void *lock, struct lb_tctx *t)
{
	struct qspinlock *l = lock;

	/* (*,*,1) -> (*,*,0); release: the critical section before the next owner's acquire */
	lb_store_release(&l->byte[QS_LOCKED_BYTE], 0);
}

static bool qs_is_locked(void *lock)
{
	struct qspinlock *l = lock;

	return lb_load_relaxed(&l->byte[QS_LOCKED_BYTE]) != 0;
}

static int qs_describe(void *lock, char *buf, size_t len)
{
	struct qspinlock *l = lock;
	uint32_t v = lb_load_relaxed(&l->val);
	unsigned tid1 = v >> QS_TAIL_TID_OFFSET;

	if (!tid1)
		return snprintf(buf, len, "val=0x%08x (tail=none, pending=%u, locked=%u)", v,
				(v & QS_PENDING_MASK) >> 8, v & QS_LOCKED_MASK);
	return snprintf(buf, len, "val=0x%08x (tail=thread %u node %u, pending=%u, locked=%u)", v,
			tid1 - 1, (v & QS_TAIL_IDX_MASK) >> QS_TAIL_IDX_OFFSET,
			(v & QS_PENDING_MASK) >> 8, v & QS_LOCKED_MASK);
}

LB_LOCK_LOOP(qs_loop, qs_lock, qs_unlock, qs_lock, qs_unlock)

const struct lb_lock_ops lb_lock_qspinlock = {
	.name = "qspinlock",
	.desc = "Linux queued spinlock (x86 4.20+ slow path: pending by lock bts): locked byte, "
		"pending bit, MCS tail",
	.family = "spin",
	.kind = LB_LOCK_EXCL,
	.flags = LB_LOCK_F_FIFO,
	.lock_size = sizeof(struct qspinlock),
	.tctx_size = QS_MAX_NODES * sizeof(struct qs_node),
	.init = qs_init,
	.lock = qs_lock,
	.unlock = qs_unlock,
	.loop = qs_loop,
	.trylock = qs_trylock,
	.is_locked = qs_is_locked,
	.describe = qs_describe,
	.options = qs_options,
	.counters = qs_counters,
};

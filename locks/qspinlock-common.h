/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qspinlock-common.h - the queued spinlock's word and slow path, shared by
 * qspinlock.c and cna.c
 *
 * The kernel builds its paravirt qspinlock, and the CNA series its NUMA-
 * aware one, by compiling the one slow path of kernel/locking/qspinlock.c
 * again with hooks at three places: node initialisation, the queue head's
 * "nobody behind me" exit, and the MCS hand-off of queue headship. This
 * header does the same for lockbench: qs_lock_slowpath() is always inlined
 * into its caller with the hooks as constant arguments, so each lock file
 * gets its own copy with the hooks inlined and no indirect call, and the
 * queue nodes may be larger than struct qs_node as long as they begin with
 * it (@stride is their size). The algorithm, word layout, states and
 * ordering are described in qspinlock.c.
 */
#ifndef LB_LOCKS_QSPINLOCK_COMMON_H
#define LB_LOCKS_QSPINLOCK_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/lb-atomic.h"
#include "lock.h"

/*
 * The word (qspinlock.c draws it), each field by offset and width as the
 * kernel's asm-generic/qspinlock_types.h gives them (NR_CPUS < 16K): the
 * locked byte, the pending byte (one bit used), the tail's node index and
 * the tail's thread (tid + 1).
 */
#define QS_FIELD_MASK(off, bits)	(((1u << (bits)) - 1) << (off))
#define QS_LOCKED_OFFSET	0
#define QS_LOCKED_BITS		8
#define QS_PENDING_OFFSET	(QS_LOCKED_OFFSET + QS_LOCKED_BITS)
#define QS_PENDING_BITS		8
#define QS_TAIL_IDX_OFFSET	(QS_PENDING_OFFSET + QS_PENDING_BITS)
#define QS_TAIL_IDX_BITS	2
#define QS_TAIL_TID_OFFSET	(QS_TAIL_IDX_OFFSET + QS_TAIL_IDX_BITS)
#define QS_TAIL_TID_BITS	(32 - QS_TAIL_TID_OFFSET)
#define QS_TAIL_OFFSET		QS_TAIL_IDX_OFFSET
#define QS_TAIL_BITS		(QS_TAIL_IDX_BITS + QS_TAIL_TID_BITS)

#define QS_LOCKED_MASK		QS_FIELD_MASK(QS_LOCKED_OFFSET, QS_LOCKED_BITS)
#define QS_LOCKED_VAL		(1u << QS_LOCKED_OFFSET)
#define QS_PENDING_MASK		QS_FIELD_MASK(QS_PENDING_OFFSET, QS_PENDING_BITS)
#define QS_PENDING_VAL		(1u << QS_PENDING_OFFSET)
#define QS_LOCKED_PENDING_MASK	(QS_LOCKED_MASK | QS_PENDING_MASK)
#define QS_TAIL_IDX_MASK	QS_FIELD_MASK(QS_TAIL_IDX_OFFSET, QS_TAIL_IDX_BITS)
#define QS_TAIL_MASK		(0xffffffffu << QS_TAIL_OFFSET)
_Static_assert(QS_TAIL_OFFSET + QS_TAIL_BITS == 32, "the tail is the word's top bits");
_Static_assert(QS_LOCKED_MASK == 0xffu && QS_PENDING_MASK == 0xff00u &&
	       QS_TAIL_MASK == 0xffff0000u, "the kernel's layout below 16K CPUs");
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
	uint32_t locked;	/* non-zero: the predecessor made us queue head */
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

/* the `pending` option: how a newcomer sets the pending bit */
static const char *const qs_pending_names[] = { "bts", "cmpxchg", NULL };
#define QS_PENDING_BTS		0
#define QS_PENDING_CMPXCHG	1

/* The first three counters of every lock built on this slow path. */
#define QS_COUNTER_NAMES							\
	"slow",		/* acquisitions that missed the fast-path cmpxchg */	\
	"pending",	/* acquisitions as the pending waiter */		\
	"queued"	/* acquisitions that published a node in the tail (after step 7) */
enum { QS_CTR_SLOW, QS_CTR_PENDING, QS_CTR_QUEUED, QS_NCTR };

static inline uint32_t qs_encode_tail(unsigned tid, uint32_t idx)
{
	return (uint32_t)(tid + 1) << QS_TAIL_TID_OFFSET | idx << QS_TAIL_IDX_OFFSET;
}

/* The node a tail names: thread tid's node idx, in its private area. */
static inline struct qs_node *qs_decode_tail(const struct lb_tctx *t, uint32_t tail, size_t stride)
{
	unsigned tid = (tail >> QS_TAIL_TID_OFFSET) - 1;
	uint32_t idx = (tail & QS_TAIL_IDX_MASK) >> QS_TAIL_IDX_OFFSET;

	return (struct qs_node *)((char *)lb_peer_priv(t, tid) + idx * stride);
}

static inline bool qs_trylock_word(struct qspinlock *l)
{
	uint32_t val = lb_load_relaxed(&l->val);

	/* (0,0,0) -> (0,0,1); acquire: pairs with the release store in the unlock */
	return val == 0 && lb_cmpxchg_acquire(&l->val, &val, QS_LOCKED_VAL);
}

/* The fast path: (0,0,0) -> (0,0,1); acquire: pairs with qs_unlock_word()'s release */
static LB_ALWAYS_INLINE bool qs_lock_fast(struct qspinlock *l, uint32_t *val)
{
	*val = 0;
	return lb_likely(lb_cmpxchg_acquire(&l->val, val, QS_LOCKED_VAL));
}

/* (*,*,1) -> (*,*,0); release: the critical section before the next owner's acquire */
static LB_ALWAYS_INLINE void qs_unlock_word(struct qspinlock *l)
{
	lb_store_release(&l->byte[QS_LOCKED_BYTE], 0);
}

static inline bool qs_is_locked_word(struct qspinlock *l)
{
	return lb_load_relaxed(&l->byte[QS_LOCKED_BYTE]) != 0;
}

/* The lock word for a watchdog diagnosis: tail (thread, node), pending, locked */
static inline int qs_describe_word(struct qspinlock *l, char *buf, size_t len)
{
	uint32_t v = lb_load_relaxed(&l->val);
	unsigned tid1 = v >> QS_TAIL_TID_OFFSET;

	if (!tid1)
		return snprintf(buf, len, "val=0x%08x (tail=none, pending=%u, locked=%u)", v,
				(v & QS_PENDING_MASK) >> 8, v & QS_LOCKED_MASK);
	return snprintf(buf, len, "val=0x%08x (tail=thread %u node %u, pending=%u, locked=%u)", v,
			tid1 - 1, (v & QS_TAIL_IDX_MASK) >> QS_TAIL_IDX_OFFSET,
			(v & QS_PENDING_MASK) >> 8, v & QS_LOCKED_MASK);
}

/*
 * The hooks (kernel names in brackets):
 * @init_node(node, t)                   [cna_init_node] after next and locked are cleared
 * @try_clear_tail(l, val, node, t)      [cna_try_clear_tail] we are the tail: take the lock
 *                                       and leave the queue; false when someone queued
 * @pass_lock(l, node, next, t)          [cna_pass_lock] hand queue headship on; we hold
 *                                       the lock and @next is our (linked) successor
 */
typedef void (*qs_init_node_fn)(struct qs_node *node, struct lb_tctx *t);
typedef bool (*qs_try_clear_tail_fn)(struct qspinlock *l, uint32_t val, struct qs_node *node,
				     struct lb_tctx *t);
typedef void (*qs_pass_lock_fn)(struct qspinlock *l, struct qs_node *node, struct qs_node *next,
				struct lb_tctx *t);

/* The native hooks: nothing to initialise, the plain cmpxchg, the MCS hand-off. */
static inline void qs_native_init_node(struct qs_node *node, struct lb_tctx *t)
{
}

static inline bool qs_native_try_clear_tail(struct qspinlock *l, uint32_t val,
					    struct qs_node *node, struct lb_tctx *t)
{
	/* (me,0,0) -> (0,0,1); relaxed after the head's acquire wait */
	return lb_cmpxchg_relaxed(&l->val, &val, QS_LOCKED_VAL);
}

static inline void qs_native_pass_lock(struct qspinlock *l, struct qs_node *node,
				       struct qs_node *next, struct lb_tctx *t)
{
	/* next.locked 0 -> 1; release: pairs with the successor's acquire wait */
	lb_store_release(&next->locked, 1);
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

static inline __attribute__((always_inline)) void
qs_lock_slowpath(struct qspinlock *l, struct lb_tctx *t, uint32_t val, size_t stride,
		 qs_init_node_fn init_node, qs_try_clear_tail_fn try_clear_tail,
		 qs_pass_lock_fn pass_lock)
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

	/* 3. (0,0,*) -> (0,1,*); acquire: pairs with the release store of the unlock */
	val = qs_fetch_set_pending_acquire(l);
	if (val & ~QS_LOCKED_MASK) {
		/* someone came first: undo our pending bit, if it was ours, (*,1,*) -> (*,0,*) */
		if (!(val & QS_PENDING_MASK))
			lb_store_relaxed(&l->byte[QS_PENDING_BYTE], 0);
		goto queue;
	}
	/* 4. we are the pending waiter; acquire: pairs with the unlock's release store */
	if (val & QS_LOCKED_MASK)
		lb_cond_load_acquire(&l->byte[QS_LOCKED_BYTE], !VAL);
	/* 5. (0,1,0) -> (0,0,1): clear_pending_set_locked, one 16-bit store */
	lb_store_relaxed(&l->half[QS_LP_HALF], (uint16_t)QS_LOCKED_VAL);
	lb_count(t, QS_CTR_PENDING);
	return;

queue:
	/* 6. our node for this nesting level; only this thread touches count */
	idx = nodes[0].count++;
	if (lb_unlikely(idx >= QS_MAX_NODES)) {
		/* nested deeper than four (5.0+): spin on trylock instead of queueing */
		while (!qs_trylock_word(l))
			lb_cpu_relax();
		goto release;
	}
	node = (struct qs_node *)((char *)nodes + idx * stride);
	tail = qs_encode_tail(t->tid, idx);
	lb_barrier();	/* the count before the node's fields, as for an interrupt */
	lb_store_relaxed(&node->locked, 0);
	lb_store_relaxed(&node->next, NULL);
	init_node(node, t);

	/* 7. we just touched a cold line: the lock may have been freed meanwhile */
	if (qs_trylock_word(l))
		goto release;
	lb_count(t, QS_CTR_QUEUED);

	/* 8. release fence: the node's initialisation before the exchange publishes it */
	lb_fence_release();
	/* (t,p,l) -> (me,p,l); relaxed 16-bit exchange of the tail half */
	old = (uint32_t)lb_xchg_relaxed(&l->half[QS_TAIL_HALF], (uint16_t)(tail >> 16)) << 16;

	/* 9. someone is ahead of us: link behind it and wait to become queue head */
	if (old & QS_TAIL_MASK) {
		/* acquire fence: the kernel's address dependency on the old tail */
		lb_fence_acquire();
		prev = qs_decode_tail(t, old, stride);
		/* release: pairs with the acquire load of next in the predecessor's hand-off */
		lb_store_release(&prev->next, node);
		/* acquire: pairs with the predecessor's release store (locked 0 -> non-zero) */
		lb_cond_load_acquire(&node->locked, VAL);
		/* relaxed, opportunistic: saves a miss at hand-off; checked again below */
		next = lb_load_relaxed(&node->next);
	}

	/* 10. queue head: acquire wait for (*,0,0); pairs with the unlock's release store */
	val = lb_cond_load_acquire(&l->val, !(VAL & QS_LOCKED_PENDING_MASK));

	/* 11. (me,0,0) -> (0,0,1) when nobody queued behind us */
	if ((val & QS_TAIL_MASK) == tail && try_clear_tail(l, val, node, t))
		goto release;

	/* 12. (n,0,0) -> (n,0,1): only the queue head sets it while locked == pending == 0 */
	lb_store_relaxed(&l->byte[QS_LOCKED_BYTE], (uint8_t)QS_LOCKED_VAL);
	if (!next) {
		/* acquire: pairs with the successor's release link store */
		next = lb_cond_load_acquire(&node->next, VAL);
	}
	pass_lock(l, node, next, t);

release:
	/* 13. */
	nodes[0].count--;
}

#endif /* LB_LOCKS_QSPINLOCK_COMMON_H */

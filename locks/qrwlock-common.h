/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qrwlock-common.h - the queued rwlock, one body for all its variants
 *
 * Algorithm: Waiman Long's queued rwlock (LKML "qrwlock: A queue
 * read/write lock implementation", v4-v11, 2013-2014; Linux 3.16+,
 * kernel/locking/qrwlock.c). One 32-bit word holds a writer byte and a
 * reader count; contended readers and writers queue on a spinlock (the
 * "wait_lock"), which makes the lock fair apart from fast-path stealing.
 * Reimplemented from the published description cited here (lockbench(1), REFERENCES) (the
 * kernel's v3.16, v4.2, v4.3 and 4.15+ texts were the model; no code was
 * taken from them). The variants differ only where the kernel changed:
 *
 *   LB_QRW_WCAS   3.16-4.1 announcement: a waiting writer sets _QW_WAITING
 *                 with a full-word cmpxchg loop, which fails whenever a
 *                 reader arrives or leaves between its load and its cmpxchg;
 *   LB_QRW_BCAS   4.2 ("locking/qrwlock: Don't contend with readers when
 *                 setting _QW_WAITING", Waiman Long, June 2015): a byte
 *                 cmpxchg on the writer byte, which reader-count changes in
 *                 the upper bytes cannot fail;
 *   LB_QRW_MODERN 4.15+: _QW_WAITING moved to bit 8 and set with an atomic
 *                 OR, and the 4.3+ reader slow path ("Reduce reader/writer
 *                 to reader lock transfer latency", July 2015), with the
 *                 acquire/relaxed orderings of 4.3+.
 *
 * WCAS and BCAS share everything else, the 3.16-4.2 reader slow path and
 * fully ordered read-modify-writes (4.2 still used them) included, so that
 * the difference measured between qrwlock-wcas and qrwlock-bcas is the 2015
 * change alone (Long 2015). tests/unit/test-qrwlock.c drives both through
 * the same scripted interleavings and checks exactly that.
 *
 * Lock word (cnts, 32 bits; the writer byte is the lowest-addressed byte on
 * little-endian machines, a byte of its own for the byte cmpxchg and the
 * byte-store unlock, as in the kernel):
 *	3.16-4.14 (WCAS, BCAS)            4.15+ (MODERN)
 *	 0- 7: writer byte:               0- 7: writer locked byte
 *	       0x00 none,                       0x00 none, 0xff held
 *	       0x01 a writer is waiting,  8   : a writer is waiting
 *	       0xff a writer holds it     9-31: reader count
 *	 8-31: reader count
 *	initial value 0
 * plus wait_lock, one of lockbench's spinlocks (wait-lock.h), in the same
 * cache line as cnts, as in the kernel's struct qrwlock.
 *
 * States: (readers, waiting, locked) of cnts; the wait_lock's holder is
 * the head of the queue.
 *	read fast:   (r, 0, 0) -> (r+1, 0, 0); otherwise the bias is taken
 *	             back out and the reader queues (thread context) or keeps
 *	             it and waits for locked == 0 (interrupt context)
 *	read head:   3.16-4.2: wait for (*, 0, 0), then (r, 0, 0) -> (r+1, 0, 0),
 *	             then wait for locked == 0 (a fast-path writer may have
 *	             stolen the lock in between);
 *	             4.3+: (r, w, l) -> (r+1, w, l) at once, wait for locked == 0
 *	read unlock: (r+1, w, l) -> (r, w, l)
 *	write fast:  (0, 0, 0) -> (0, 0, 1)
 *	write head:  (0, 0, 0) -> (0, 0, 1); or (r, 0, 0) -> (r, 1, 0) (the
 *	             announcement), then (0, 1, 0) -> (0, 0, 1)
 *	write unlock: (0, 0, 1) -> (0, 0, 0) by a byte store
 *
 * Ordering: a reader's bias add (fast path, head) and the writer's
 * 0->LOCKED and WAITING->LOCKED cmpxchgs are the acquires; they pair with
 * the release of the reader's bias (fetch_sub_release) and the writer's
 * release store of the writer byte. WCAS and BCAS use fully ordered RMWs
 * throughout (3.16-4.2: atomic_add_return, atomic_cmpxchg, cmpxchg);
 * MODERN uses the 4.3+ forms (add_return_acquire, cmpxchg_acquire,
 * relaxed bias add at the head followed by an acquire load, relaxed OR).
 * The queue's ordering comes from wait_lock's own acquire and release.
 *
 * Progress and fairness: FIFO through wait_lock, except that a reader
 * steals in the fast path while no writer holds or waits, a writer steals
 * while the word is 0, and interrupt-context readers barge past the queue
 * (they only wait for a holding writer, so that an interrupt reader nested
 * in a thread reader cannot deadlock behind a waiting writer). A waiting
 * writer blocks new fast-path readers. With more threads than CPUs a
 * preempted holder or queue head stalls every spinner for a time slice.
 */
#ifndef LB_LOCKS_QRWLOCK_COMMON_H
#define LB_LOCKS_QRWLOCK_COMMON_H

#include <stdio.h>

#include "inner.h"
#include "base/clock.h"
#include "base/lb-atomic.h"
#include "lock.h"
#include "wait-lock.h"

enum lb_qrw_variant {
	LB_QRW_WCAS,		/* 3.16-4.1: full-word cmpxchg announcement */
	LB_QRW_BCAS,		/* 4.2: byte cmpxchg announcement */
	LB_QRW_MODERN,		/* 4.15+ layout, atomic OR, 4.3+ reader slow path */
};

/* 3.16-4.14 layout */
#define QRW_OLD_WAITING		0x001u	/* a writer is waiting */
#define QRW_OLD_LOCKED		0x0ffu	/* a writer holds the lock */
#define QRW_OLD_WMASK		0x0ffu	/* writer mask */
#define QRW_OLD_RSHIFT		8	/* reader count shift */
/* 4.15+ layout */
#define QRW_NEW_WAITING		0x100u	/* a writer is waiting */
#define QRW_NEW_LOCKED		0x0ffu	/* a writer holds the lock */
#define QRW_NEW_WMASK		0x1ffu	/* writer mask */
#define QRW_NEW_RSHIFT		9	/* reader count shift */

#define QRW_OLD(v)		((v) != LB_QRW_MODERN)
#define QRW_WAITING(v)		(QRW_OLD(v) ? QRW_OLD_WAITING : QRW_NEW_WAITING)
#define QRW_LOCKED(v)		(QRW_OLD(v) ? QRW_OLD_LOCKED : QRW_NEW_LOCKED)
#define QRW_WMASK(v)		(QRW_OLD(v) ? QRW_OLD_WMASK : QRW_NEW_WMASK)
#define QRW_RSHIFT(v)		(QRW_OLD(v) ? QRW_OLD_RSHIFT : QRW_NEW_RSHIFT)
#define QRW_BIAS(v)		(1u << QRW_RSHIFT(v))	/* one reader */

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define QRW_WBYTE_IDX		0	/* the writer byte: bits 0-7 of cnts */
#else
#define QRW_WBYTE_IDX		3
#endif

/**
 * struct lb_qrw - the lock: the word, then the queue's spinlock
 * @cnts:      the lock word
 * @wbyte:     its bytes; [QRW_WBYTE_IDX] is the writer byte
 * @wait_lock: the inner spinlock's memory (same cache line as cnts)
 * @wq:        which spinlock that is (read-only after init)
 */
struct lb_qrw {
	union {
		uint32_t cnts;
		uint8_t wbyte[4];
	};
	uint32_t pad_;
	unsigned char wait_lock[LB_INNER_MAX_SIZE] __attribute__((aligned(8)));
	struct lb_inner wq;
	double ns_per_tsc;	/* for wbyte-wait-ns; read-only after init */
};

/* Event counters, relative to the counter base a lock gives its qrwlock. */
enum {
	LB_QRW_CTR_READ_SLOW,		/* readers that took the slow path */
	LB_QRW_CTR_WRITE_SLOW,		/* writers that took the slow path */
	LB_QRW_CTR_LOCK_CAS_FAILS,	/* failed WAITING -> LOCKED cmpxchgs */
	/*
	 * ns spent waiting for the writer byte: slow readers waiting for a
	 * holding writer (and, 3.16-4.2, the queue head for a waiting one),
	 * writers waiting to announce while another writer's byte is set
	 * (WCAS, BCAS). Timed with the TSC from the first failed look only,
	 * so a path that does not wait reads no clock.
	 */
	LB_QRW_CTR_WBYTE_WAIT_NS,
	LB_QRW_CTR_ANNOUNCE_CAS_FAILS,	/* failed cmpxchgs setting WAITING (WCAS, BCAS) */
};
#define LB_QRW_NCTR_2015	5	/* counters of qrwlock-wcas and qrwlock-bcas */
#define LB_QRW_NCTR_MODERN	4	/* of qrwlock: its OR cannot fail */
#define LB_QRW_NCTR(v)		((v) == LB_QRW_MODERN ? LB_QRW_NCTR_MODERN : LB_QRW_NCTR_2015)

/* what every queued rwlock does that the kernel's does not */
#define LB_QRW_DEVIATIONS "a slow-path wait reads the TSC at its start and end (wbyte-wait-ns)"

#define LB_QRW_COUNTER_NAMES "read-slow", "write-slow", "lock-cas-fails", "wbyte-wait-ns"

/*
 * The steps of the slow paths, for tests/unit/test-qrwlock.c: a test that
 * defines LB_QRW_TEST_STEP(l, t, step) before including this header sees
 * every step and may act as other threads in between. Compiled to nothing
 * otherwise.
 */
enum lb_qrw_step {
	LB_QRW_S_W_QUEUED,		/* writer holds wait_lock */
	LB_QRW_S_W_ANNOUNCE,		/* writer read a free writer byte, cmpxchg next */
	LB_QRW_S_W_ANNOUNCE_BUSY,	/* writer found the writer byte in use */
	LB_QRW_S_W_ANNOUNCED,		/* WAITING is set */
	LB_QRW_S_W_DRAIN,		/* writer waits for readers to drain */
	LB_QRW_S_W_LOCKED,		/* writer holds the lock, about to release wait_lock */
	LB_QRW_S_R_SLOW,		/* reader entered the slow path */
	LB_QRW_S_R_QUEUED,		/* reader holds wait_lock */
	LB_QRW_S_R_HEAD,		/* (3.16-4.2) reader at the head waits for writer byte 0 */
	LB_QRW_S_R_BIAS,		/* reader at the head is about to add its bias */
	LB_QRW_S_R_SPIN,		/* reader waits for a holding writer to leave */
	LB_QRW_S_R_LOCKED,		/* reader holds the lock */
	LB_QRW_NSTEPS,
};

#ifdef LB_QRW_TEST_STEP
#define QRW_STEP(l, t, s)	LB_QRW_TEST_STEP(l, t, s)
#else
#define QRW_STEP(l, t, s)	do { } while (0)
#endif

/* lb_qrw_write_held() - does @c show a writer holding the lock (not merely waiting)? */
static LB_ALWAYS_INLINE bool lb_qrw_write_held(uint32_t c, const enum lb_qrw_variant v)
{
	/* 3.16-4.2: (cnts & _QW_WMASK) == _QW_LOCKED; 4.3+: cnts & _QW_LOCKED */
	return QRW_OLD(v) ? (c & QRW_WMASK(v)) == QRW_LOCKED(v) : (c & QRW_LOCKED(v)) != 0;
}

/* Fast path: true when the reader got the lock; *cp is the word it saw. */
static LB_ALWAYS_INLINE bool lb_qrw_read_fast(struct lb_qrw *l, const enum lb_qrw_variant v,
					      uint32_t *cp)
{
	/*
	 * (r, w, l) -> (r+1, w, l). WCAS/BCAS: fully ordered (atomic_add_return);
	 * MODERN: acquire. Either pairs with the release store of the writer
	 * byte in lb_qrw_write_unlock().
	 */
	uint32_t c = QRW_OLD(v) ? lb_add_return_full(&l->cnts, QRW_BIAS(v)) :
				  lb_add_return_acquire(&l->cnts, QRW_BIAS(v));

	*cp = c;
	return !(c & QRW_WMASK(v));
}

/* wbyte-wait-ns: add the time since @start (TSC) to the counter at @cb */
static LB_ALWAYS_INLINE void lb_qrw_waited(struct lb_qrw *l, struct lb_tctx *t, uint64_t start,
					   const unsigned cb)
{
	lb_count_add(t, cb + LB_QRW_CTR_WBYTE_WAIT_NS,
		     (uint64_t)((double)(lb_cycles() - start) * l->ns_per_tsc));
}

/* Wait while a writer holds the lock; @c is the word last seen. */
static LB_ALWAYS_INLINE void lb_qrw_read_spin(struct lb_qrw *l, struct lb_tctx *t, uint32_t c,
					      const enum lb_qrw_variant v, const unsigned cb)
{
	uint64_t start;

	if (!lb_qrw_write_held(c, v))
		return;
	start = lb_cycles();
#if defined(LB_SIM) && !defined(LB_QRW_TEST_STEP)
	/*
	 * The same wait as the loop below, parked between the writes of the
	 * word (the loop's native code, which starts from the caller's @c,
	 * is kept as it was); acquire as below.
	 */
	lb_cond_load_acquire(&l->cnts, !lb_qrw_write_held(VAL, v));
#else
	while (lb_qrw_write_held(c, v)) {
		QRW_STEP(l, t, LB_QRW_S_R_SPIN);
		lb_cpu_relax();
		/* acquire: pairs with the writer's release store of the writer byte */
		c = lb_load_acquire(&l->cnts);
	}
#endif
	lb_qrw_waited(l, t, start, cb);
}

static LB_ALWAYS_INLINE void lb_qrw_read_slow(struct lb_qrw *l, struct lb_tctx *t, uint32_t c,
					      const enum lb_qrw_variant v, const unsigned cb)
{
	lb_count(t, cb + LB_QRW_CTR_READ_SLOW);
	QRW_STEP(l, t, LB_QRW_S_R_SLOW);
	if (t->context != LB_CTX_THREAD) {
		/* interrupt context: keep the bias, wait only for a holding writer */
		lb_qrw_read_spin(l, t, c, v, cb);
		QRW_STEP(l, t, LB_QRW_S_R_LOCKED);
		return;
	}
	/* (r+1, w, l) -> (r, w, l); relaxed (kernel atomic_sub): wait_lock orders what follows */
	lb_fetch_sub_relaxed(&l->cnts, QRW_BIAS(v));
	lb_inner_lock(&l->wq, l->wait_lock, t);
	QRW_STEP(l, t, LB_QRW_S_R_QUEUED);
	if (QRW_OLD(v)) {
		/* 3.16-4.2: at the head, wait until no writer holds or waits */
		if (lb_load_relaxed(&l->cnts) & QRW_WMASK(v)) {
			uint64_t start = lb_cycles();

#ifdef LB_QRW_TEST_STEP
			while (lb_load_relaxed(&l->cnts) & QRW_WMASK(v)) {
				QRW_STEP(l, t, LB_QRW_S_R_HEAD);
				lb_cpu_relax();
			}
#else
			lb_cond_load_relaxed(&l->cnts, !(VAL & QRW_WMASK(v)));
#endif
			lb_qrw_waited(l, t, start, cb);
		}
		QRW_STEP(l, t, LB_QRW_S_R_BIAS);
		/* (r, 0, l) -> (r+1, 0, l); fully ordered, pairs as in the fast path */
		c = lb_add_return_full(&l->cnts, QRW_BIAS(v)) - QRW_BIAS(v);
	} else {
		QRW_STEP(l, t, LB_QRW_S_R_BIAS);
		/*
		 * 4.3+: (r, w, l) -> (r+1, w, l) at once; relaxed (atomic_add): a
		 * waiting writer can no longer take the lock once the bias is in,
		 * and the acquire load below orders the critical section.
		 */
		lb_fetch_add_relaxed(&l->cnts, QRW_BIAS(v));
		/* acquire: pairs with the release store of the writer byte */
		c = lb_load_acquire(&l->cnts);
	}
	lb_qrw_read_spin(l, t, c, v, cb);
	QRW_STEP(l, t, LB_QRW_S_R_LOCKED);
	lb_inner_unlock(&l->wq, l->wait_lock, t);
}

static LB_ALWAYS_INLINE void lb_qrw_read_unlock(struct lb_qrw *l, const enum lb_qrw_variant v)
{
	/* (r+1, w, l) -> (r, w, l); release: the read section before a writer's acquire */
	lb_fetch_sub_release(&l->cnts, QRW_BIAS(v));
}

static LB_ALWAYS_INLINE bool lb_qrw_read_trylock(struct lb_qrw *l, const enum lb_qrw_variant v)
{
	uint32_t c = lb_load_relaxed(&l->cnts);

	if (!(c & QRW_WMASK(v))) {
		if (lb_qrw_read_fast(l, v, &c))
			return true;
		/* (r+1, w, l) -> (r, w, l); relaxed (atomic_sub): we never entered */
		lb_fetch_sub_relaxed(&l->cnts, QRW_BIAS(v));
	}
	return false;
}

/* (0, 0, 0) -> (0, 0, 1): the cmpxchg both write paths use */
static LB_ALWAYS_INLINE bool lb_qrw_cas_lock(struct lb_qrw *l, uint32_t *oldp, uint32_t nv,
					     const enum lb_qrw_variant v)
{
	/* WCAS/BCAS: fully ordered (atomic_cmpxchg); MODERN: acquire (try_cmpxchg_acquire) */
	return QRW_OLD(v) ? lb_cmpxchg_full(&l->cnts, oldp, nv) :
			    lb_cmpxchg_acquire(&l->cnts, oldp, nv);
}

static LB_ALWAYS_INLINE bool lb_qrw_write_fast(struct lb_qrw *l, const enum lb_qrw_variant v)
{
	uint32_t zero = 0;

	/* (0, 0, 0) -> (0, 0, 1); acquire: pairs with both unlocks' releases */
	return lb_qrw_cas_lock(l, &zero, QRW_LOCKED(v), v);
}

/* Step 3 of the writer's slow path: tell readers a writer waits (the variants differ here only). */
static LB_ALWAYS_INLINE void lb_qrw_announce(struct lb_qrw *l, struct lb_tctx *t,
					     const enum lb_qrw_variant v, const unsigned cb)
{
	if (v == LB_QRW_MODERN) {
		QRW_STEP(l, t, LB_QRW_S_W_ANNOUNCE);
		/* (r, 0, l) -> (r, 1, l); relaxed (atomic_or): the drain loop's acquire orders */
		lb_fetch_or_relaxed(&l->cnts, QRW_WAITING(v));
		return;
	}
	uint64_t busy_since = 0;	/* TSC at the first look that found the byte set */

	for (;;) {
		if (v == LB_QRW_WCAS) {
			/* 3.16-4.1: the whole word; any reader arrival or departure fails it */
			uint32_t c = lb_load_relaxed(&l->cnts);

			if (!(c & QRW_WMASK(v))) {
				QRW_STEP(l, t, LB_QRW_S_W_ANNOUNCE);
				/* (r, 0, 0) -> (r, 1, 0); fully ordered (atomic_cmpxchg) */
				if (lb_cmpxchg_full(&l->cnts, &c, c | QRW_WAITING(v)))
					break;
				lb_count(t, cb + LB_QRW_CTR_ANNOUNCE_CAS_FAILS);
			} else {
				QRW_STEP(l, t, LB_QRW_S_W_ANNOUNCE_BUSY);
				if (!busy_since)
					busy_since = lb_cycles();
			}
		} else {
			/* 4.2: the writer byte only; reader-count changes cannot fail it */
			uint8_t b = lb_load_relaxed(&l->wbyte[QRW_WBYTE_IDX]);

			if (!b) {
				QRW_STEP(l, t, LB_QRW_S_W_ANNOUNCE);
				/* (r, 0, 0) -> (r, 1, 0); fully ordered (4.2's byte cmpxchg) */
				if (lb_cmpxchg_full(&l->wbyte[QRW_WBYTE_IDX], &b,
						    (uint8_t)QRW_WAITING(v)))
					break;
				lb_count(t, cb + LB_QRW_CTR_ANNOUNCE_CAS_FAILS);
			} else {
				QRW_STEP(l, t, LB_QRW_S_W_ANNOUNCE_BUSY);
				if (!busy_since)
					busy_since = lb_cycles();
			}
		}
		lb_cpu_relax();
	}
	if (busy_since)
		lb_qrw_waited(l, t, busy_since, cb);
}

static LB_ALWAYS_INLINE void lb_qrw_write_slow(struct lb_qrw *l, struct lb_tctx *t,
					       const enum lb_qrw_variant v, const unsigned cb)
{
	uint32_t c;

	lb_count(t, cb + LB_QRW_CTR_WRITE_SLOW);
	lb_inner_lock(&l->wq, l->wait_lock, t);
	QRW_STEP(l, t, LB_QRW_S_W_QUEUED);
	/* no reader present: (0, 0, 0) -> (0, 0, 1) directly */
	c = lb_load_relaxed(&l->cnts);
	if (c == 0 && lb_qrw_cas_lock(l, &c, QRW_LOCKED(v), v))
		goto out;
	lb_qrw_announce(l, t, v, cb);
	QRW_STEP(l, t, LB_QRW_S_W_ANNOUNCED);
	/* wait for the readers to drain, then (0, 1, 0) -> (0, 0, 1) */
	for (;;) {
		QRW_STEP(l, t, LB_QRW_S_W_DRAIN);
		c = lb_load_relaxed(&l->cnts);
		if (c == QRW_WAITING(v)) {
			/* acquire (full in WCAS/BCAS): pairs with the last reader's release */
			if (lb_qrw_cas_lock(l, &c, QRW_LOCKED(v), v))
				break;
			lb_count(t, cb + LB_QRW_CTR_LOCK_CAS_FAILS);
		}
		lb_cpu_relax();
	}
out:
	QRW_STEP(l, t, LB_QRW_S_W_LOCKED);
	lb_inner_unlock(&l->wq, l->wait_lock, t);
}

static LB_ALWAYS_INLINE void lb_qrw_write_unlock(struct lb_qrw *l)
{
	/* (0, 0, 1) -> (0, 0, 0); release: the write section before the next acquire */
	lb_store_release(&l->wbyte[QRW_WBYTE_IDX], 0);
}

static LB_ALWAYS_INLINE bool lb_qrw_write_trylock(struct lb_qrw *l, const enum lb_qrw_variant v)
{
	uint32_t c = lb_load_relaxed(&l->cnts);

	return c == 0 && lb_qrw_cas_lock(l, &c, QRW_LOCKED(v), v);
}

/**
 * lb_qrw_init() - set up a qrwlock and its queue
 * @l:         the lock (zeroed)
 * @cfg:       the owning lock's configuration
 * @wait_lock: the value of its wait-lock option
 * @priv_off:  where the queue spinlock's per-thread data starts
 * @ctr_base:  the first counter index the queue spinlock may use
 */
static inline int lb_qrw_init(struct lb_qrw *l, const struct lb_lock_cfg *cfg, uint64_t wait_lock,
			      size_t priv_off, unsigned ctr_base)
{
	l->ns_per_tsc = cfg->tsc_per_ns > 0 ? 1.0 / cfg->tsc_per_ns : 0;
	return lb_wait_lock_init(&l->wq, wait_lock, l->wait_lock, cfg, priv_off, ctr_base);
}

static inline int lb_qrw_thread_init(struct lb_qrw *l, struct lb_tctx *t)
{
	return lb_inner_thread_init(&l->wq, l->wait_lock, t);
}

static inline bool lb_qrw_is_locked(struct lb_qrw *l)
{
	/* both layouts: the low byte is 0xff while a writer holds the lock */
	return (lb_load_relaxed(&l->cnts) & 0xffu) == 0xffu;
}

static inline int lb_qrw_describe(struct lb_qrw *l, const enum lb_qrw_variant v, char *buf,
				  size_t len)
{
	uint32_t c = lb_load_relaxed(&l->cnts);
	bool held = lb_qrw_write_held(c, v), waiting = (c & QRW_WAITING(v)) && !(QRW_OLD(v) && held);
	char q[160] = "";

	if (l->wq.ops && l->wq.ops->describe)
		l->wq.ops->describe(l->wait_lock, q, sizeof(q));
	return snprintf(buf, len, "cnts=0x%08x readers=%u writer %s%s; wait_lock (%s): %s", c,
			c >> QRW_RSHIFT(v), held ? "holds" : "free", waiting ? ", a writer waits" : "",
			l->wq.ops ? l->wq.ops->name : "?", q);
}

/*
 * LB_QRWLOCK_DEFINE(pfx, variant, cb) - the verbs of one variant, with its
 * counters from index @cb: pfx_init (a stand-alone qrwlock), pfx_read_lock, pfx_read_unlock,
 * pfx_read_trylock, pfx_lock, pfx_unlock, pfx_trylock, pfx_describe. The
 * fast paths are inline (they land in the lock's LB_LOCK_LOOP), the slow
 * paths out of line, as in the kernel.
 */
#define LB_QRWLOCK_DEFINE(pfx, variant, cb)						\
	static LB_UNUSED int pfx##_init(void *lock, const struct lb_lock_cfg *cfg)	\
	{										\
		/* option 0 is wait-lock; the queue's counters follow ours */		\
		return lb_qrw_init(lock, cfg, cfg->opts ? cfg->opts[0] : 0, 0,		\
				   (cb) + LB_QRW_NCTR(variant));				\
	}										\
	static LB_NOINLINE void pfx##_read_slow(void *lock, struct lb_tctx *t, uint32_t c)	\
	{										\
		lb_torture_point(t);						\
		lb_qrw_read_slow(lock, t, c, variant, cb);				\
	}										\
	static LB_NOINLINE void pfx##_write_slow(void *lock, struct lb_tctx *t)		\
	{										\
		lb_torture_point(t);						\
		lb_qrw_write_slow(lock, t, variant, cb);				\
	}										\
	static inline LB_UNUSED void pfx##_read_lock(void *lock, struct lb_tctx *t)	\
	{										\
		uint32_t c;								\
											\
		if (lb_unlikely(!lb_qrw_read_fast(lock, variant, &c)))			\
			pfx##_read_slow(lock, t, c);					\
	}										\
	static inline LB_UNUSED void pfx##_read_unlock(void *lock, struct lb_tctx *t)	\
	{										\
		lb_qrw_read_unlock(lock, variant);					\
	}										\
	static LB_UNUSED bool pfx##_read_trylock(void *lock, struct lb_tctx *t)		\
	{										\
		return lb_qrw_read_trylock(lock, variant);				\
	}										\
	static inline LB_UNUSED void pfx##_lock(void *lock, struct lb_tctx *t)		\
	{										\
		if (lb_unlikely(!lb_qrw_write_fast(lock, variant)))			\
			pfx##_write_slow(lock, t);					\
	}										\
	static inline LB_UNUSED void pfx##_unlock(void *lock, struct lb_tctx *t)	\
	{										\
		lb_qrw_write_unlock(lock);						\
	}										\
	static LB_UNUSED bool pfx##_trylock(void *lock, struct lb_tctx *t)		\
	{										\
		return lb_qrw_write_trylock(lock, variant);				\
	}										\
	static LB_UNUSED int pfx##_describe(void *lock, char *buf, size_t len)		\
	{										\
		return lb_qrw_describe(lock, variant, buf, len);			\
	}

/* The ops fields every qrwlock lock shares (wait-lock is its option 0). */
static inline LB_UNUSED bool lb_qrw_is_locked_op(void *lock)
{
	return lb_qrw_is_locked(lock);
}

static inline LB_UNUSED int lb_qrw_thread_init_op(void *lock, struct lb_tctx *t)
{
	return lb_qrw_thread_init(lock, t);
}

static const struct lb_lock_option lb_qrw_options[] LB_UNUSED = {
	LB_WAIT_LOCK_OPTION(LB_WAIT_LOCK_QSPINLOCK, "the spinlock that queues the waiters (one of lockbench's own; qspinlock from 4.2, ticket before)"),
	{ .name = NULL },
};

/*
 * The read side is async-signal-safe: a reader in interrupt context keeps
 * its bias and spins only while a writer holds the lock, never queueing on
 * the wait lock (and the harness masks interrupts around the write side).
 */
#define LB_QRWLOCK_OPS_FIELDS(pfx)							\
	.family = "spin",								\
	.kind = LB_LOCK_RW,								\
	.flags = LB_LOCK_F_SIGSAFE_READ | LB_LOCK_F_PSHARED,				\
	.lock_size = sizeof(struct lb_qrw),						\
	.tctx_size = LB_INNER_MAX_TCTX,						\
	.init = pfx##_init,								\
	.thread_init = lb_qrw_thread_init_op,						\
	.lock = pfx##_lock,								\
	.unlock = pfx##_unlock,								\
	.trylock = pfx##_trylock,							\
	.read_lock = pfx##_read_lock,							\
	.read_unlock = pfx##_read_unlock,						\
	.read_trylock = pfx##_read_trylock,						\
	.is_locked = lb_qrw_is_locked_op,						\
	.describe = pfx##_describe,							\
	.loop = pfx##_loop,								\
	.options = lb_qrw_options

#endif /* LB_LOCKS_QRWLOCK_COMMON_H */

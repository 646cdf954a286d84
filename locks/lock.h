/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lock.h - the interface between the harness and every lock
 *
 * One file per lock under locks/, each exporting one
 * `const struct lb_lock_ops lb_lock_<id>` built with designated
 * initialisers (fio's engines, stress-ng's stressors, locktorture's ops
 * vector). The harness never looks inside a lock: it allocates lock_size
 * bytes, cache-line aligned and zeroed, calls init(), and then the verbs
 * below from the worker threads. A NULL verb means "not supported" (ck's
 * CK_F_*_TRYLOCK idea). For a reader-writer lock lock()/unlock() are the
 * *write* side.
 *
 * Every lock gets a per-thread context, struct lb_tctx, in every call: its
 * dense thread index (for locks that encode a thread in the lock word, as
 * qspinlock's tail does with a CPU number), a private area of tctx_size
 * bytes (an MCS node, a park word) first touched by the thread itself on
 * its own NUMA node, and its event counters.
 */
#ifndef LB_LOCKS_LOCK_H
#define LB_LOCKS_LOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/compiler.h"
#include "base/limits.h"

enum lb_lock_kind {
	LB_LOCK_EXCL = 0,	/* exclusive only */
	LB_LOCK_RW = 1,		/* reader-writer: read_lock/read_unlock present */
};

/* Capability flags (struct lb_lock_ops.flags). */
#define LB_LOCK_F_BLOCKING	(1u << 0)	/* may sleep in the kernel (futex) */
#define LB_LOCK_F_FIFO		(1u << 1)	/* hands over in arrival order */
#define LB_LOCK_F_HIDDEN	(1u << 2)	/* left out of --list-locks and of families */
#define LB_LOCK_F_SIGSAFE_READ	(1u << 3)	/* read side may run in a signal handler */
#define LB_LOCK_F_PEER		(1u << 4)	/* from another library (Concurrency Kit) */
#define LB_LOCK_F_NOEXCL	(1u << 5)	/* gives no exclusion (null): --validate checks the harness only */
/*
 * The write side masks emulated interrupts itself, with lb_local_irq_disable()
 * where the kernel's _irq writer disables them (Desnoyers' lock does it only
 * for its last stages). Without it, a run with interrupt readers masks them
 * around every write-side acquisition and critical section, as the kernel's
 * write_lock_irq() does.
 */
#define LB_LOCK_F_IRQ_WRITE	(1u << 6)
/*
 * The lock works in memory shared by processes (--processes): its object
 * and its threads' private areas hold nothing that points into one
 * process's own memory (the harness puts both, the peer tables and the
 * per-thread records in one MAP_SHARED mapping made before the fork, at the
 * same address in every process), and its futexes use lb_futex_flags. A
 * lock without it names why in lb_lock_ops.unshared.
 */
#define LB_LOCK_F_PSHARED	(1u << 7)

#define LB_LOCK_MAX_COUNTERS	32	/* event counters a lock may declare */
/*
 * Lock domains (--lock-domain, --domains): what a topology-aware lock (family
 * numa) treats as local. Every such lock sizes its per-domain state for this
 * many inside its own lock object, so lock_size stays a constant.
 */
#define LB_MAX_DOMAINS		64

/* Emulated execution contexts of a thread. */
enum lb_context {
	LB_CTX_THREAD = 0,
	LB_CTX_SOFTIRQ = 1,
	LB_CTX_HARDIRQ = 2,
};

struct lb_tctx;

/**
 * struct lb_irq - a thread's emulated interrupt mask
 * @depth:    lb_local_irq_disable() nesting; > 0 masks hardirq and softirq
 * @bh_depth: lb_local_bh_disable() nesting; > 0 masks softirq
 * @pending:  interrupts that arrived while masked (the raiser's own bits)
 * @replay:   runs them once unmasked; set by whoever raises interrupts
 *
 * Interrupt readers are signals sent to pinned workers (--scenario=fair);
 * their handler asks lb_irq_masked() and, when its class is masked, sets a
 * bit in @pending and returns. Masking costs no system call.
 */
struct lb_irq {
	volatile uint32_t depth;
	volatile uint32_t bh_depth;
	volatile uint32_t pending;
	void (*replay)(struct lb_tctx *t);
};

/**
 * struct lb_tctx - what a lock knows of the calling thread
 * @tid:      dense index in [0, nthreads); locks that encode a thread in the
 *            lock word use tid + 1 (0 meaning "none")
 * @nthreads: number of threads in this measured point
 * @priv:     tctx_size bytes of the lock's own per-thread data, zeroed,
 *            cache-line aligned, first touched by this thread after it was
 *            pinned; valid for the whole point
 * @priv_off: where @priv sits in the thread's whole private area: 0 for the
 *            lock the harness runs, more for a lock another one is built
 *            from (lb_tctx_sub()); lb_peer_priv() adds it
 * @ctr:      the lock's event counters (see lb_lock_ops.counters); count with
 *            lb_count(), which is a plain increment of this thread's own line
 * @context:  emulated context class (thread, softirq, hardirq)
 * @cpu:      OS index of the CPU the thread is pinned to, -1 when unpinned
 * @peers:    every thread's top-level context, indexed by tid; only valid
 *            once the threads have passed the start barrier, not in
 *            thread_init()
 * @peer_priv: every thread's top-level @priv, indexed by tid: the table
 *            through which queue locks reach another thread's node
 *            (lb_peer_priv()), as the kernel's per-CPU offset table; a
 *            separate array, read-only once filled, so that reaching a peer
 *            never reads a line its owner writes (same validity as @peers)
 * @irq:      the thread's emulated interrupt mask, or NULL when the run has no
 *            interrupt readers (and inside an interrupt, which is masked);
 *            use lb_local_irq_disable()/lb_local_irq_enable()
 * @domain:   the thread's lock domain, in [0, ndomains): its NUMA node,
 *            package or L3 group (--lock-domain), or a pretend domain
 *            (--domains); numbered densely over the placement
 * @ndomains: domains of the run (1 when every thread is local to every
 *            other); at most LB_MAX_DOMAINS
 *
 * An interrupt reader runs in a signal handler on a worker thread with a
 * context of its own: the same @tid, @cpu and @priv (per-CPU data is shared
 * by the contexts of a CPU, as in the kernel: a lock that keeps per-thread
 * nodes picks its slot by @context), @context LB_CTX_HARDIRQ, its own
 * counters, and @irq NULL.
 */
struct lb_tctx {
	unsigned tid;
	unsigned nthreads;
	void *priv;
	size_t priv_off;
	uint64_t *ctr;
	enum lb_context context;
	int cpu;
	struct lb_tctx *const *peers;
	void *const *peer_priv;
	struct lb_irq *irq;
	unsigned domain;
	unsigned ndomains;
};

/**
 * struct lb_torture - one thread's --torture state (the harness's)
 * @hook: a random pause or sched_yield(), or nothing (validate.c)
 * @rng:  the thread's random state
 */
struct lb_torture {
	void (*hook)(struct lb_torture *tt);
	uint64_t rng;
};

/*
 * lb_torture_self - the calling thread's torture state, NULL unless the
 * point tortures (set by the harness's worker). A thread variable rather
 * than a field of struct lb_tctx, which locks copy (lb_tctx_sub()) in
 * their fast paths: the measured code stays what it was.
 */
extern __thread struct lb_torture *lb_torture_self;

/*
 * lb_torture_point() - where a lock's slow path (LB_NOINLINE, out of the
 * measured loop's inlined code) may be delayed by --torture, as
 * locktorture's random delays: nothing unless the point tortures. The
 * checked loop calls it inside its critical sections and between
 * operations; the plain variants never do. Only where the plain variants
 * still compile to the same code: a call in a slow path that made none
 * changes how GCC allocates the caller's registers (-fipa-ra), so the
 * spinning locks' leaf slow paths have none.
 */
#define lb_torture_point(t)								\
	do {										\
		struct lb_torture *lb_tt_ = lb_torture_self;				\
		(void)(t);								\
		if (lb_unlikely(lb_tt_ != NULL))					\
			lb_tt_->hook(lb_tt_);						\
	} while (0)

/* lb_irq_masked() - must a handler of class @ctx wait (for signal handlers)? */
static inline bool lb_irq_masked(const struct lb_irq *q, enum lb_context ctx)
{
	if (ctx == LB_CTX_HARDIRQ)
		return q->depth > 0;
	return q->depth > 0 || q->bh_depth > 0;
}

/* lb_local_irq_disable() - mask emulated interrupts on this thread (kernel local_irq_disable) */
static inline void lb_local_irq_disable(struct lb_tctx *t)
{
	struct lb_irq *q = t->irq;

	if (q) {
		q->depth++;
		/* compiler barrier: the mask is set before the lock word is touched */
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
	}
}

/* lb_local_irq_enable() - unmask, and run what arrived meanwhile */
static inline void lb_local_irq_enable(struct lb_tctx *t)
{
	struct lb_irq *q = t->irq;

	if (q) {
		/* compiler barrier: the lock word is released before the mask */
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		if (--q->depth == 0 && q->bh_depth == 0 && q->pending && q->replay)
			q->replay(t);
	}
}

/* lb_local_bh_disable() - mask emulated softirqs on this thread (kernel local_bh_disable) */
static inline void lb_local_bh_disable(struct lb_tctx *t)
{
	struct lb_irq *q = t->irq;

	if (q) {
		q->bh_depth++;
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
	}
}

/* lb_local_bh_enable() - unmask softirqs, and run what is no longer masked */
static inline void lb_local_bh_enable(struct lb_tctx *t)
{
	struct lb_irq *q = t->irq;

	if (q) {
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		if (--q->bh_depth == 0 && q->depth == 0 && q->pending && q->replay)
			q->replay(t);
	}
}

/*
 * lb_slept_cycles - the calling thread's counter cycles asleep in the
 * models' futex waits (lb_futex_sleep(), park.h). The harness reads it
 * before and after the loop, so a thread that slept in the lock is not
 * taken for one that was kept off its CPU (collect.c).
 */
extern __thread uint64_t lb_slept_cycles;

/*
 * lb_lock_why - what an init() that fails may say besides its error code
 * (the directory it could not use, and where that came from); the harness
 * empties it before init() and prints it in the error's one line.
 */
#define LB_LOCK_WHY_LEN 320
extern __thread char lb_lock_why[LB_LOCK_WHY_LEN];

/* lb_count() - add one to a declared event counter of the calling thread */
static inline void lb_count(struct lb_tctx *t, unsigned idx)
{
	t->ctr[idx]++;
}

/* lb_count_add() - add @v to a declared event counter (a sum: time, bytes) */
static inline void lb_count_add(struct lb_tctx *t, unsigned idx, uint64_t v)
{
	t->ctr[idx] += v;
}

/*
 * lb_count_max() - raise a declared maximum counter (lb_lock_ops.counters_max)
 * to @v: the calling thread's own line, like lb_count()
 */
static inline void lb_count_max(struct lb_tctx *t, unsigned idx, uint64_t v)
{
	if (v > t->ctr[idx])
		t->ctr[idx] = v;
}

/* lb_peer_priv() - thread @tid's counterpart of t->priv */
static inline void *lb_peer_priv(const struct lb_tctx *t, unsigned tid)
{
	return (char *)t->peer_priv[tid] + t->priv_off;
}

/**
 * lb_tctx_sub() - the context for a lock this lock is built from
 * @t:        the caller's context
 * @off:      where the inner lock's per-thread data starts in t->priv
 * @ctr_base: the first of the caller's counters that the inner lock uses
 *
 * An rwsem's wait_lock or a qrwlock's wait queue is one of lockbench's own
 * spinlocks; it sees its own slice of the outer lock's per-thread area and
 * counters, and finds its peers' slices through lb_peer_priv().
 */
static inline struct lb_tctx lb_tctx_sub(const struct lb_tctx *t, size_t off, unsigned ctr_base)
{
	struct lb_tctx s = *t;

	s.priv = (char *)t->priv + off;
	s.priv_off = t->priv_off + off;
	s.ctr = t->ctr + ctr_base;
	return s;
}

enum lb_lock_opt_type {
	LB_LOCK_OPT_U64 = 0,	/* integer in [min, max] */
	LB_LOCK_OPT_ENUM = 1,	/* one of values[], stored as its index */
};

/**
 * struct lb_lock_option - one per-lock tunable
 *
 * Declared without prefix ("threshold"); on the command line it is
 * --<lock>-<name>, e.g. --aqticket-threshold=N. The table ends with an
 * entry whose name is NULL.
 */
struct lb_lock_option {
	const char *name;
	enum lb_lock_opt_type type;
	uint64_t min, max, def;		/* U64: bounds and default; ENUM: index of default in def */
	const char *const *values;	/* ENUM: NULL-terminated names */
	const char *help;
};

/**
 * struct lb_lock_cfg - what init() learns about the run
 * @nthreads:      threads in this point
 * @opts:          option values, in the order of lb_lock_ops.options
 * @tsc_per_ns:    calibrated cycle-counter ticks per nanosecond
 * @pause_ns:      calibrated cost of one lb_cpu_relax(), in ns
 * @ndomains:      lock domains of the run (lb_tctx.domain), 1 to LB_MAX_DOMAINS
 */
struct lb_lock_cfg {
	unsigned nthreads;
	unsigned ndomains;
	const uint64_t *opts;
	double tsc_per_ns;
	double pause_ns;
};

struct lb_loop;

/* struct lb_lock_field - one word of a lock object, for lb_lock_ops.layout */
struct lb_lock_field {
	const char *name;	/* the kernel's field name; NULL ends the table */
	size_t offset, size;	/* bytes, from the start of the lock object */
};

struct lb_lock_ops {
	const char *name;	/* CLI name, [a-z0-9-]+; file locks/<name>.c */
	const char *desc;	/* one line for --list-locks */
	const char *family;	/* spin, sleep, numa, kernel, peer or harness */
	enum lb_lock_kind kind;
	unsigned flags;		/* LB_LOCK_F_* */
	size_t lock_size;	/* bytes of one lock object */
	size_t tctx_size;	/* bytes of per-thread private data, 0 if none */

	int (*init)(void *lock, const struct lb_lock_cfg *cfg);	/* 0 or -errno */
	void (*fini)(void *lock);
	int (*thread_init)(void *lock, struct lb_tctx *t);	/* after pinning */
	void (*thread_fini)(void *lock, struct lb_tctx *t);

	void (*lock)(void *lock, struct lb_tctx *t);		/* acquire semantics */
	void (*unlock)(void *lock, struct lb_tctx *t);		/* release semantics */
	bool (*trylock)(void *lock, struct lb_tctx *t);		/* NULL: unsupported */
	void (*read_lock)(void *lock, struct lb_tctx *t);	/* RW only */
	void (*read_unlock)(void *lock, struct lb_tctx *t);
	bool (*read_trylock)(void *lock, struct lb_tctx *t);
	/*
	 * Writer trylock with subscription (Desnoyers' lock; all three or none):
	 * write_subscribe() announces a writer, which keeps new thread readers
	 * out; write_trylock_subscribed() then tries to turn the subscription
	 * into ownership without waiting (true: held, unlock() releases it);
	 * write_unsubscribe() withdraws a writer that gives up. A lock without
	 * them has its trylock writers use plain trylock().
	 */
	void (*write_subscribe)(void *lock, struct lb_tctx *t);
	bool (*write_trylock_subscribed)(void *lock, struct lb_tctx *t);
	void (*write_unsubscribe)(void *lock, struct lb_tctx *t);

	bool (*is_locked)(void *lock);		/* used by --validate only */
	/* describe() - print the lock word for a watchdog diagnosis */
	int (*describe)(void *lock, char *buf, size_t len);

	/* loop() - the measured loop with this lock's verbs inlined (loop.h, LB_LOCK_LOOP) */
	void (*loop)(struct lb_loop *l);

	const struct lb_lock_option *options;	/* NULL or terminated by a NULL name */
	/*
	 * check_options() - do the option values make sense together? The
	 * parser checks each value's range; this is for rules across options
	 * (a minimum above a maximum). NULL: nothing to check. Return 0, or
	 * -1 with one line in @why that names the options and their values.
	 */
	int (*check_options)(const uint64_t *opts, char *why, size_t len);
	const char *const *counters;		/* NULL or NULL-terminated names */
	/*
	 * layout: the words that model the kernel's struct, in its field
	 * order (sleeping locks: they share the first line; checked by
	 * tests/unit/test-layout). NULL: not described.
	 */
	const struct lb_lock_field *layout;
	/*
	 * Bit k set: counter k is a maximum (a longest run), raised with
	 * lb_count_max(); the point's total is the largest thread's, not the sum.
	 */
	unsigned counters_max;
	const char *unavailable;		/* set: not built in; the reason */
	/* without LB_LOCK_F_PSHARED: why it cannot be shared by processes, one line */
	const char *unshared;
	/*
	 * follows: what the model follows, one line (a kernel version and
	 * file, a paper, a library); deviations: its known deviations from
	 * that, one line, ';'-separated ("none" only when there are none).
	 * --list-locks -v prints both and the man page's entry repeats them;
	 * a built-in lock needs both, a plugin's may leave them NULL.
	 */
	const char *follows;
	const char *deviations;
	/*
	 * peer: the lock of another library (family peer) that runs the same
	 * algorithm, e.g. "ck-ticket" for ticket, or NULL: --list-locks says
	 * it under the peer, and scripts/selfbench compares the two
	 */
	const char *peer;
	/*
	 * nosim: why --simulate cannot run this lock, one line (its shared
	 * accesses are not lb-atomic.h's: a library's code, system calls, a
	 * plugin), set with LB_NOSIM(); NULL: the build compiles the lock's
	 * file a second time with -DLB_SIM for the simulator (locks/local.mk
	 * takes every lock file without an LB_NOSIM() line)
	 */
	const char *nosim;
};

/* LB_NOSIM(why) - the ops field of a lock --simulate refuses, on a line of its own */
#define LB_NOSIM(why) .nosim = (why)
/* the reasons of the locks that cannot be simulated */
#define LB_NOSIM_LIBC	"the C library's lock: its atomics and futex calls are glibc's, " \
			"not lb-atomic.h's"
#define LB_NOSIM_KERNEL	"the running kernel's lock, taken inside system calls"
#define LB_NOSIM_PEER	"Concurrency Kit's code: its atomics are ck's own, not lb-atomic.h's"
#define LB_NOSIM_PLUGIN	"a plugin: its code was not compiled against lb-atomic.h for the " \
			"simulator"

#endif /* LB_LOCKS_LOCK_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * <lockbench/lock.h> - the lock contract for plugins (--lock-plugin=PATH.so)
 *
 * A stable, versioned subset of lockbench's own locks/lock.h: the per-thread
 * context a lock's verbs get, the options and counters a lock declares, and
 * the verbs (init, lock, unlock, trylock, the read side, describe). A plugin
 * is a shared object that defines LB_PLUGIN_DECLARE once and the entry point
 *
 *	int lb_plugin_register(int abi, struct lb_plugin_api *api)
 *
 * which, when @abi is LB_PLUGIN_ABI_VERSION, calls api->add_lock() once per
 * lock and returns 0 (anything else refuses the plugin). Its locks then
 * behave as built-in ones (--list-locks, --validate, every format), called
 * through their pointers: a plugin lock has no inlined measured loop
 * (scripts/selfbench prints what that costs).
 *
 * Self-contained: it includes only the C library's headers. The types it
 * shares with locks/lock.h have the same layout there; tests/unit/
 * test-plugin-abi checks each field's offset and each constant. Build with
 *	cc -shared -fPIC $(pkg-config --cflags lockbench) -o mylock.so mylock.c
 * (examples/plugin/ in the source tree is one).
 */
#ifndef LOCKBENCH_LOCK_H
#define LOCKBENCH_LOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The version of this contract; a change of any layout below raises it. */
#define LB_PLUGIN_ABI_VERSION	1

#ifndef LB_LOCKS_LOCK_H	/* inside lockbench, locks/lock.h defines these same types */

enum lb_lock_kind {
	LB_LOCK_EXCL = 0,	/* exclusive only */
	LB_LOCK_RW = 1,		/* reader-writer: read_lock/read_unlock present */
};

/* Capability flags (struct lb_plugin_lock.flags): the ones a plugin may set. */
#define LB_LOCK_F_BLOCKING	(1u << 0)	/* may sleep in the kernel (futex) */
#define LB_LOCK_F_FIFO		(1u << 1)	/* hands over in arrival order */
#define LB_LOCK_F_SIGSAFE_READ	(1u << 3)	/* read side may run in a signal handler */
#define LB_LOCK_F_NOEXCL	(1u << 5)	/* gives no exclusion: --validate checks the harness only */
#define LB_LOCK_F_IRQ_WRITE	(1u << 6)	/* the write side masks emulated interrupts itself */

#define LB_LOCK_MAX_COUNTERS	32	/* event counters a lock may declare */
#define LB_MAX_DOMAINS		64	/* lock domains (lb_tctx.domain) of a run, at most */

/* Emulated execution contexts of a thread. */
enum lb_context {
	LB_CTX_THREAD = 0,
	LB_CTX_SOFTIRQ = 1,
	LB_CTX_HARDIRQ = 2,
};

struct lb_tctx;

/* struct lb_irq - a thread's emulated interrupt mask (lb_local_irq_disable()) */
struct lb_irq {
	volatile uint32_t depth;
	volatile uint32_t bh_depth;
	volatile uint32_t pending;
	void (*replay)(struct lb_tctx *t);
};

/**
 * struct lb_tctx - what a lock knows of the calling thread
 * @tid:       dense index in [0, nthreads)
 * @nthreads:  threads in this measured point
 * @priv:      tctx_size bytes of the lock's own per-thread data, zeroed,
 *             cache-line aligned, first touched by this thread once pinned
 * @priv_off:  where @priv sits in the thread's private area (lb_peer_priv())
 * @ctr:       the lock's event counters; count with lb_count()
 * @context:   emulated context class (thread, softirq, hardirq)
 * @cpu:       OS index of the CPU the thread is pinned to, -1 when unpinned
 * @peers:     every thread's context, by tid (valid after the start barrier)
 * @peer_priv: every thread's @priv, by tid (lb_peer_priv())
 * @irq:       the emulated interrupt mask, or NULL
 * @domain:    the thread's lock domain, in [0, ndomains)
 * @ndomains:  lock domains of the run
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

/* lb_local_irq_disable() - mask emulated interrupts on this thread */
static inline void lb_local_irq_disable(struct lb_tctx *t)
{
	struct lb_irq *q = t->irq;

	if (q) {
		q->depth++;
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
	}
}

/* lb_local_irq_enable() - unmask, and run what arrived meanwhile */
static inline void lb_local_irq_enable(struct lb_tctx *t)
{
	struct lb_irq *q = t->irq;

	if (q) {
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		if (--q->depth == 0 && q->bh_depth == 0 && q->pending && q->replay)
			q->replay(t);
	}
}

/* lb_count() - add one to a declared event counter of the calling thread */
static inline void lb_count(struct lb_tctx *t, unsigned idx)
{
	t->ctr[idx]++;
}

/* lb_count_max() - raise a declared maximum counter (counters_max) to @v */
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

enum lb_lock_opt_type {
	LB_LOCK_OPT_U64 = 0,	/* integer in [min, max] */
	LB_LOCK_OPT_ENUM = 1,	/* one of values[], stored as its index */
};

/*
 * struct lb_lock_option - one tunable: --<lock>-<name>=V on the command
 * line, or name=V in a lock instance (--lock=<lock>:<name>=V). The table
 * ends with an entry whose name is NULL.
 */
struct lb_lock_option {
	const char *name;
	enum lb_lock_opt_type type;
	uint64_t min, max, def;		/* U64: bounds and default; ENUM: index of default in def */
	const char *const *values;	/* ENUM: NULL-terminated names */
	const char *help;
};

/* struct lb_lock_cfg - what init() learns about the run */
struct lb_lock_cfg {
	unsigned nthreads;
	unsigned ndomains;
	const uint64_t *opts;		/* option values, in the order of .options */
	double tsc_per_ns;
	double pause_ns;		/* cost of one spin-wait hint, in ns */
};

#endif /* LB_LOCKS_LOCK_H */

/* lb_plugin_relax() - the spin-wait hint (x86 pause, arm64 yield) */
static inline void lb_plugin_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__asm__ __volatile__("pause" ::: "memory");
#elif defined(__aarch64__)
	__asm__ __volatile__("yield" ::: "memory");
#else
	__asm__ __volatile__("" ::: "memory");
#endif
}

/**
 * struct lb_plugin_lock - one lock of a plugin (lockbench copies it)
 * @size:     sizeof(struct lb_plugin_lock) as the plugin was built
 * @name:     [a-z0-9-]+, not a built-in lock's nor a family's
 * @desc:     one line for --list-locks
 * @family:   spin, sleep, numa, kernel, peer or harness
 *
 * The verbs are those of a built-in lock (lockbench's locks/lock.h): a NULL
 * verb is "not supported"; lock()/unlock() are the write side of a
 * reader-writer lock; init, lock and unlock are required.
 */
struct lb_plugin_lock {
	size_t size;
	const char *name;
	const char *desc;
	const char *family;
	enum lb_lock_kind kind;
	unsigned flags;			/* LB_LOCK_F_* above */
	size_t lock_size;		/* bytes of one lock object (cache-line aligned, zeroed) */
	size_t tctx_size;		/* bytes of per-thread private data, 0 if none */

	int (*init)(void *lock, const struct lb_lock_cfg *cfg);	/* 0 or -errno */
	void (*fini)(void *lock);
	int (*thread_init)(void *lock, struct lb_tctx *t);
	void (*thread_fini)(void *lock, struct lb_tctx *t);

	void (*lock)(void *lock, struct lb_tctx *t);		/* acquire semantics */
	void (*unlock)(void *lock, struct lb_tctx *t);		/* release semantics */
	bool (*trylock)(void *lock, struct lb_tctx *t);
	void (*read_lock)(void *lock, struct lb_tctx *t);	/* reader-writer only */
	void (*read_unlock)(void *lock, struct lb_tctx *t);
	bool (*read_trylock)(void *lock, struct lb_tctx *t);

	bool (*is_locked)(void *lock);				/* --validate */
	int (*describe)(void *lock, char *buf, size_t len);	/* the watchdog's diagnosis */

	const struct lb_lock_option *options;	/* NULL or ended by a NULL name */
	int (*check_options)(const uint64_t *opts, char *why, size_t len);
	const char *const *counters;		/* NULL or NULL-terminated names */
	unsigned counters_max;			/* bit k: counter k is a maximum */
};

/* What lockbench hands the entry point. */
struct lb_plugin_api {
	int abi;		/* lockbench's LB_PLUGIN_ABI_VERSION */
	void *host;		/* lockbench's own */
	/* add_lock() - register @lock; 0, or -1 (lockbench says why on stderr) */
	int (*add_lock)(struct lb_plugin_api *api, const struct lb_plugin_lock *lock);
};

/* The ABI the plugin was built for, read before the entry point is called. */
#define LB_PLUGIN_DECLARE \
	__attribute__((visibility("default"))) const int lb_plugin_abi = LB_PLUGIN_ABI_VERSION

/* The entry point every plugin defines. */
__attribute__((visibility("default")))
int lb_plugin_register(int abi, struct lb_plugin_api *api);

#endif /* LOCKBENCH_LOCK_H */

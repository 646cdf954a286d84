/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lb-atomic.h - atomics and fences named by their intent
 *
 * Lock code never calls __atomic_* directly: it says which ordering it
 * needs through these names, so that a reviewer can check each choice
 * against its pairing comment. All operations are GCC/Clang __atomic
 * builtins, which also work on the byte and half-word sub-objects of a
 * lock word, so a lock keeps the kernel's mixed-size accesses as they are.
 *
 * The kernel's fully ordered RMWs (xchg, cmpxchg, atomic_*_return) map to
 * the *_full forms (seq_cst); its void RMWs (atomic_add, atomic_or) map to
 * the *_relaxed forms.
 *
 * Compiled with -DLB_SIM (a lock built a further time for --simulate),
 * every operation here first calls the simulator (base/sim.h) with its
 * kind (read, write, RMW, fence), address and size, which charges it in
 * virtual time and returns when it is due; then the same __atomic builtin
 * runs. The pointer argument is then evaluated twice: pass one without
 * side effects (the value argument is evaluated once). lb_cpu_relax() and
 * lb_pause_n() become one virtual delay, and the spin-until primitive
 * lb_cond_load_*() parks the simulated CPU until its line is written.
 * Natively nothing changes: the same builtins, the same code.
 */
#ifndef LB_SRC_LB_ATOMIC_H
#define LB_SRC_LB_ATOMIC_H

#include <stdbool.h>
#include <stdint.h>

#ifdef LB_SIM
#include "base/sim.h"
/* charge the access to *@p in virtual time, then do @op */
#define LB_SIM_DO(kind, p, op)	(lb_sim_access((kind), (const void *)(p), sizeof(*(p))), (op))
#define LB_SIM_R(p, op)		LB_SIM_DO(LB_SIM_READ, p, op)
#define LB_SIM_W(p, op)		LB_SIM_DO(LB_SIM_WRITE, p, op)
#define LB_SIM_X(p, op)		LB_SIM_DO(LB_SIM_RMW, p, op)
#define LB_SIM_C(p, op)		LB_SIM_DO(LB_SIM_CAS, p, op)
#define LB_SIM_F(op)		(lb_sim_access(LB_SIM_FENCE, NULL, 0), (op))
#else
#define LB_SIM_R(p, op)		(op)
#define LB_SIM_W(p, op)		(op)
#define LB_SIM_X(p, op)		(op)
#define LB_SIM_C(p, op)		(op)
#define LB_SIM_F(op)		(op)
#endif

#define lb_load_relaxed(p)	LB_SIM_R(p, __atomic_load_n((p), __ATOMIC_RELAXED))
#define lb_load_acquire(p)	LB_SIM_R(p, __atomic_load_n((p), __ATOMIC_ACQUIRE))
#define lb_load_full(p)		LB_SIM_R(p, __atomic_load_n((p), __ATOMIC_SEQ_CST))
#define lb_store_relaxed(p, v)	LB_SIM_W(p, __atomic_store_n((p), (v), __ATOMIC_RELAXED))
#define lb_store_release(p, v)	LB_SIM_W(p, __atomic_store_n((p), (v), __ATOMIC_RELEASE))
#define lb_store_full(p, v)	LB_SIM_W(p, __atomic_store_n((p), (v), __ATOMIC_SEQ_CST))

#define lb_xchg_relaxed(p, v)	LB_SIM_X(p, __atomic_exchange_n((p), (v), __ATOMIC_RELAXED))
#define lb_xchg_acquire(p, v)	LB_SIM_X(p, __atomic_exchange_n((p), (v), __ATOMIC_ACQUIRE))
#define lb_xchg_release(p, v)	LB_SIM_X(p, __atomic_exchange_n((p), (v), __ATOMIC_RELEASE))
#define lb_xchg_full(p, v)	LB_SIM_X(p, __atomic_exchange_n((p), (v), __ATOMIC_SEQ_CST))

/*
 * lb_cmpxchg_*(p, oldp, new): strong compare-and-swap. On failure *oldp is
 * updated with the value found (C11 semantics), so loops need no reload.
 * The failure ordering is relaxed except for the _full form.
 */
#define lb_cmpxchg_relaxed(p, o, n) \
	LB_SIM_C(p, __atomic_compare_exchange_n((p), (o), (n), false, __ATOMIC_RELAXED, \
						 __ATOMIC_RELAXED))
#define lb_cmpxchg_acquire(p, o, n) \
	LB_SIM_C(p, __atomic_compare_exchange_n((p), (o), (n), false, __ATOMIC_ACQUIRE, \
						 __ATOMIC_RELAXED))
#define lb_cmpxchg_release(p, o, n) \
	LB_SIM_C(p, __atomic_compare_exchange_n((p), (o), (n), false, __ATOMIC_RELEASE, \
						 __ATOMIC_RELAXED))
#define lb_cmpxchg_acq_rel(p, o, n) \
	LB_SIM_C(p, __atomic_compare_exchange_n((p), (o), (n), false, __ATOMIC_ACQ_REL, \
						 __ATOMIC_ACQUIRE))
#define lb_cmpxchg_full(p, o, n) \
	LB_SIM_C(p, __atomic_compare_exchange_n((p), (o), (n), false, __ATOMIC_SEQ_CST, \
						 __ATOMIC_SEQ_CST))

#define lb_fetch_add_relaxed(p, v)	LB_SIM_X(p, __atomic_fetch_add((p), (v), __ATOMIC_RELAXED))
#define lb_fetch_add_acquire(p, v)	LB_SIM_X(p, __atomic_fetch_add((p), (v), __ATOMIC_ACQUIRE))
#define lb_fetch_add_release(p, v)	LB_SIM_X(p, __atomic_fetch_add((p), (v), __ATOMIC_RELEASE))
#define lb_fetch_add_full(p, v)		LB_SIM_X(p, __atomic_fetch_add((p), (v), __ATOMIC_SEQ_CST))
#define lb_fetch_sub_relaxed(p, v)	LB_SIM_X(p, __atomic_fetch_sub((p), (v), __ATOMIC_RELAXED))
#define lb_fetch_sub_acquire(p, v)	LB_SIM_X(p, __atomic_fetch_sub((p), (v), __ATOMIC_ACQUIRE))
#define lb_fetch_sub_release(p, v)	LB_SIM_X(p, __atomic_fetch_sub((p), (v), __ATOMIC_RELEASE))
#define lb_fetch_sub_full(p, v)		LB_SIM_X(p, __atomic_fetch_sub((p), (v), __ATOMIC_SEQ_CST))
#define lb_fetch_or_relaxed(p, v)	LB_SIM_X(p, __atomic_fetch_or((p), (v), __ATOMIC_RELAXED))
#define lb_fetch_or_acquire(p, v)	LB_SIM_X(p, __atomic_fetch_or((p), (v), __ATOMIC_ACQUIRE))
#define lb_fetch_or_release(p, v)	LB_SIM_X(p, __atomic_fetch_or((p), (v), __ATOMIC_RELEASE))
#define lb_fetch_or_full(p, v)		LB_SIM_X(p, __atomic_fetch_or((p), (v), __ATOMIC_SEQ_CST))
#define lb_fetch_and_relaxed(p, v)	LB_SIM_X(p, __atomic_fetch_and((p), (v), __ATOMIC_RELAXED))
#define lb_fetch_and_release(p, v)	LB_SIM_X(p, __atomic_fetch_and((p), (v), __ATOMIC_RELEASE))
#define lb_fetch_and_full(p, v)		LB_SIM_X(p, __atomic_fetch_and((p), (v), __ATOMIC_SEQ_CST))
#define lb_add_return_relaxed(p, v)	LB_SIM_X(p, __atomic_add_fetch((p), (v), __ATOMIC_RELAXED))
#define lb_add_return_acquire(p, v)	LB_SIM_X(p, __atomic_add_fetch((p), (v), __ATOMIC_ACQUIRE))
#define lb_add_return_release(p, v)	LB_SIM_X(p, __atomic_add_fetch((p), (v), __ATOMIC_RELEASE))
#define lb_add_return_full(p, v)	LB_SIM_X(p, __atomic_add_fetch((p), (v), __ATOMIC_SEQ_CST))

#define lb_fence_acquire()	LB_SIM_F(__atomic_thread_fence(__ATOMIC_ACQUIRE))
#define lb_fence_release()	LB_SIM_F(__atomic_thread_fence(__ATOMIC_RELEASE))
#define lb_fence_full()		LB_SIM_F(__atomic_thread_fence(__ATOMIC_SEQ_CST))
#define lb_barrier()		__atomic_signal_fence(__ATOMIC_SEQ_CST)

/**
 * lb_add_owner_release16() - add to a half-word that only the caller writes
 * @p: the half-word (the ticket lock's head: only the lock's owner moves it)
 * @v: what to add
 *
 * The kernel's x86 ticket unlock, __add() without the LOCK prefix: one
 * non-locked add to memory, so one read-for-ownership of the line, where a
 * load followed by a store would first fetch the line shared from the
 * spinning waiters and then upgrade it (two coherence transactions on the
 * hand-off path). Not atomic against other writers, which is why only the
 * owner may use it; aligned, so readers see the old or the new value. x86
 * is TSO, so the store is a release (the "memory" clobber keeps the
 * compiler from sinking the critical section below it). Elsewhere a
 * relaxed load and a release store.
 */
static inline void lb_add_owner_release16(uint16_t *p, uint16_t v)
{
#ifdef LB_SIM
	/* one read-for-ownership, no locked cycle; the simulation runs one thread at a time */
	lb_sim_access(LB_SIM_WRITE, p, sizeof(*p));
	__atomic_store_n(p, (uint16_t)(__atomic_load_n(p, __ATOMIC_RELAXED) + v), __ATOMIC_RELEASE);
#elif defined(__x86_64__) || defined(__i386__)
	__asm__ __volatile__("addw %1, %0" : "+m"(*p) : "ri"(v) : "memory");
#else
	__atomic_store_n(p, (uint16_t)(__atomic_load_n(p, __ATOMIC_RELAXED) + v),
			 __ATOMIC_RELEASE);
#endif
}

/* lb_cpu_relax_native() - the spin-wait instruction itself, under LB_SIM too */
static inline __attribute__((always_inline)) void lb_cpu_relax_native(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("yield" ::: "memory");
#else
	lb_barrier();
#endif
}

/**
 * lb_cpu_relax() - spin-wait hint (x86 pause, arm64 yield)
 *
 * Every spin loop calls it; the harness's critical-section "load" is a
 * count of these.
 */
static inline void lb_cpu_relax(void)
{
#ifdef LB_SIM
	lb_sim_pause(1);
#else
	lb_cpu_relax_native();
#endif
}

/* lb_pause_n() - @n spin-wait hints: the unit of the critical-section load and the delay */
static inline __attribute__((always_inline)) void lb_pause_n(uint64_t n)
{
#ifdef LB_SIM
	lb_sim_pause(n);
#else
	for (uint64_t i = 0; i < n; i++)
		lb_cpu_relax();
#endif
}

/*
 * lb_cond_load_acquire(p, cond), lb_cond_load_relaxed(p, cond) - spin until
 * @cond holds, the kernel's smp_cond_load_acquire()/_relaxed(): @cond is an
 * expression in VAL, the value just loaded from @p (an acquire or relaxed
 * load); the value of the whole is the VAL that satisfied it. Only for a
 * pure "wait for this word": @cond may read VAL and the caller's locals,
 * nothing shared (a loop that also watches a budget, a backoff or another
 * word stays open-coded). @p must point to a non-const object.
 *
 * Natively: load, test, lb_cpu_relax(), again: the open-coded loop, the
 * same code. Under LB_SIM: load, test, then the simulated CPU parks until
 * the line is next written (a spin on an unchanged line hits its own cache
 * and costs nothing but time), then the re-read is charged.
 */
#ifdef LB_SIM
#define LB_COND_WAIT(p)	lb_sim_park((const void *)(p), sizeof(*(p)))
#else
#define LB_COND_WAIT(p)	lb_cpu_relax()
#endif

#define LB_COND_LOAD(p, cond, load)						\
	({									\
		__typeof__(*(p)) VAL;						\
		while (VAL = load(p), !(cond))					\
			LB_COND_WAIT(p);					\
		VAL;								\
	})
#define lb_cond_load_acquire(p, cond)	LB_COND_LOAD(p, cond, lb_load_acquire)
#define lb_cond_load_relaxed(p, cond)	LB_COND_LOAD(p, cond, lb_load_relaxed)

#endif /* LB_SRC_LB_ATOMIC_H */

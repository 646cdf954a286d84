/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * coro.h - the simulated threads' coroutines: a stack of their own each
 * (mmap, a guard page below it), switched in one OS thread
 *
 * Boost.Context's fcontext (make_fcontext()/jump_fcontext(), assembly with
 * C linkage in libboost_context) where configure found it, else glibc's
 * ucontext (swapcontext() makes a sigprocmask system call per switch: about
 * 370 ns on the build VM, against a few ns for fcontext; scripts/simbench
 * measures both).
 */
#ifndef LB_SRC_SIM_CORO_H
#define LB_SRC_SIM_CORO_H

#include <stdbool.h>
#include <stddef.h>

/**
 * struct lb_coro - one coroutine
 * @ctx:   its saved context (fcontext) or its ucontext_t
 * @back:  the context of whoever resumed it, to return to
 * @stack: the mapping, guard page included; @size its length
 * @fn, @arg: what it runs; @done once @fn returned
 */
struct lb_coro {
	void *ctx;
	void *back;
	void *stack;
	size_t size;
	void (*fn)(void *arg);
	void *arg;
	bool done;
};

/* lb_coro_init() - a coroutine that will run @fn(@arg) on a @stack_size stack; 0 or -errno */
int lb_coro_init(struct lb_coro *c, size_t stack_size, void (*fn)(void *), void *arg);
/* lb_coro_resume() - run @c until it yields or returns */
void lb_coro_resume(struct lb_coro *c);
/* lb_coro_yield() - from inside @c: back to whoever resumed it */
void lb_coro_yield(struct lb_coro *c);
/* lb_coro_fini() - unmap the stack (the coroutine need not have finished) */
void lb_coro_fini(struct lb_coro *c);
/* lb_coro_impl() - "fcontext (Boost.Context)" or "ucontext (glibc)" */
const char *lb_coro_impl(void);

#endif /* LB_SRC_SIM_CORO_H */

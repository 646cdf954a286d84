// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * coro.c - coroutines on Boost.Context's fcontext, or on ucontext
 *
 * fcontext: make_fcontext(top, size, entry) prepares a context that runs
 * entry(transfer) on the stack below @top; jump_fcontext(to, data) saves
 * the callee-saved registers, the x87 control word and MXCSR on the
 * current stack, switches to @to and returns, when someone jumps back,
 * the context that jumped here (struct lb_transfer). Declared here with
 * the C linkage they have in libboost_context (boost/context/detail/
 * fcontext.hpp declares them extern "C"); no Boost header is used.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sim/coro.h"

#ifdef HAVE_BOOST_CONTEXT

struct lb_transfer {
	void *fctx;
	void *data;
};

struct lb_transfer jump_fcontext(void *const to, void *vp);
void *make_fcontext(void *sp, size_t size, void (*fn)(struct lb_transfer));

static void entry(struct lb_transfer t)
{
	struct lb_coro *c = t.data;

	c->back = t.fctx;
	c->fn(c->arg);
	c->done = true;
	jump_fcontext(c->back, NULL);	/* never resumed again */
	abort();
}

static int ctx_make(struct lb_coro *c, char *base, size_t len)
{
	c->ctx = make_fcontext(base + len, len, entry);
	return c->ctx ? 0 : -ENOMEM;
}

void lb_coro_resume(struct lb_coro *c)
{
	struct lb_transfer t = jump_fcontext(c->ctx, c);

	c->ctx = t.fctx;
}

void lb_coro_yield(struct lb_coro *c)
{
	struct lb_transfer t = jump_fcontext(c->back, NULL);

	c->back = t.fctx;
}

static void ctx_free(struct lb_coro *c)
{
}

const char *lb_coro_impl(void)
{
	return "fcontext (Boost.Context)";
}

#else /* ucontext */

#include <ucontext.h>

struct uctx {
	ucontext_t self, back;
};

/*
 * The coroutine being started: given to its entry by the first resume, as
 * fcontext's first jump gives it, so that a struct lb_coro may move
 * before it first runs (the simulator's thread table grows).
 */
static struct lb_coro *starting;

static void entry(void)
{
	struct lb_coro *c = starting;
	struct uctx *u = c->ctx;

	c->back = u;	/* started */
	c->fn(c->arg);
	c->done = true;
	swapcontext(&u->self, &u->back);
	abort();
}

static int ctx_make(struct lb_coro *c, char *base, size_t len)
{
	struct uctx *u = calloc(1, sizeof(*u));

	if (!u)
		return -ENOMEM;
	if (getcontext(&u->self)) {
		free(u);
		return -errno;
	}
	u->self.uc_stack.ss_sp = base;
	u->self.uc_stack.ss_size = len;
	u->self.uc_link = NULL;
	makecontext(&u->self, entry, 0);
	c->ctx = u;
	return 0;
}

void lb_coro_resume(struct lb_coro *c)
{
	struct uctx *u = c->ctx;

	if (!c->back)
		starting = c;
	swapcontext(&u->back, &u->self);
}

void lb_coro_yield(struct lb_coro *c)
{
	struct uctx *u = c->ctx;

	swapcontext(&u->self, &u->back);
}

static void ctx_free(struct lb_coro *c)
{
	free(c->ctx);
}

const char *lb_coro_impl(void)
{
	return "ucontext (glibc)";
}

#endif

int lb_coro_init(struct lb_coro *c, size_t stack_size, void (*fn)(void *), void *arg)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t len = (stack_size + page - 1) / page * page;
	char *m;
	int rc;

	*c = (struct lb_coro){ .fn = fn, .arg = arg };
	m = mmap(NULL, len + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
		 -1, 0);
	if (m == MAP_FAILED)
		return -errno;
	/* the guard page: a stack overflow faults instead of writing another stack */
	if (mprotect(m, page, PROT_NONE)) {
		rc = -errno;
		munmap(m, len + page);
		return rc;
	}
	c->stack = m;
	c->size = len + page;
	rc = ctx_make(c, m + page, len);
	if (rc) {
		munmap(m, len + page);
		c->stack = NULL;
	}
	return rc;
}

void lb_coro_fini(struct lb_coro *c)
{
	if (!c->stack)
		return;
	ctx_free(c);
	munmap(c->stack, c->size);
	c->stack = NULL;
}

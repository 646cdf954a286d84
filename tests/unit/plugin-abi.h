/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * plugin-abi.h - what <lockbench/lock.h> and locks/lock.h must agree on
 *
 * LB_ABI_FACTS lists each shared struct's size and each field's offset, and
 * each shared constant; test-plugin-abi.c evaluates the list against
 * locks/lock.h and plugin-abi-public.c against the installed header (the
 * two cannot meet in one file: they define the same types).
 */
#ifndef LB_TESTS_PLUGIN_ABI_H
#define LB_TESTS_PLUGIN_ABI_H

#include <stddef.h>

struct lb_abi_fact {
	const char *what;
	size_t v;
};

#define ABI_S(s)	{ "sizeof(struct " #s ")", sizeof(struct s) }
#define ABI_F(s, m)	{ "offsetof(struct " #s ", " #m ")", offsetof(struct s, m) }
#define ABI_K(c)	{ #c, (size_t)(c) }

#define LB_ABI_FACTS \
	ABI_S(lb_irq), ABI_F(lb_irq, depth), ABI_F(lb_irq, bh_depth), ABI_F(lb_irq, pending), \
	ABI_F(lb_irq, replay), \
	ABI_S(lb_tctx), ABI_F(lb_tctx, tid), ABI_F(lb_tctx, nthreads), ABI_F(lb_tctx, priv), \
	ABI_F(lb_tctx, priv_off), ABI_F(lb_tctx, ctr), ABI_F(lb_tctx, context), \
	ABI_F(lb_tctx, cpu), ABI_F(lb_tctx, peers), ABI_F(lb_tctx, peer_priv), \
	ABI_F(lb_tctx, irq), ABI_F(lb_tctx, domain), ABI_F(lb_tctx, ndomains), \
	ABI_S(lb_lock_option), ABI_F(lb_lock_option, name), ABI_F(lb_lock_option, type), \
	ABI_F(lb_lock_option, min), ABI_F(lb_lock_option, max), ABI_F(lb_lock_option, def), \
	ABI_F(lb_lock_option, values), ABI_F(lb_lock_option, help), \
	ABI_S(lb_lock_cfg), ABI_F(lb_lock_cfg, nthreads), ABI_F(lb_lock_cfg, ndomains), \
	ABI_F(lb_lock_cfg, opts), ABI_F(lb_lock_cfg, tsc_per_ns), ABI_F(lb_lock_cfg, pause_ns), \
	ABI_K(LB_LOCK_EXCL), ABI_K(LB_LOCK_RW), ABI_K(LB_CTX_THREAD), ABI_K(LB_CTX_SOFTIRQ), \
	ABI_K(LB_CTX_HARDIRQ), ABI_K(LB_LOCK_OPT_U64), ABI_K(LB_LOCK_OPT_ENUM), \
	ABI_K(LB_LOCK_F_BLOCKING), ABI_K(LB_LOCK_F_FIFO), ABI_K(LB_LOCK_F_SIGSAFE_READ), \
	ABI_K(LB_LOCK_F_NOEXCL), ABI_K(LB_LOCK_F_IRQ_WRITE), ABI_K(LB_LOCK_MAX_COUNTERS), \
	ABI_K(LB_MAX_DOMAINS), \
	ABI_K(sizeof(enum lb_lock_kind)), ABI_K(sizeof(enum lb_context))

extern const struct lb_abi_fact lb_abi_public[];
extern const unsigned lb_abi_npublic;

#endif

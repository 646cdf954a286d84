/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * <asm/rmwcc.h> - lockbench kernel shim: a locked x86 instruction whose
 * condition code is the result (GEN_UNARY_RMWcc, GEN_BINARY_RMWcc), with
 * GCC's flag outputs. Two argument orders: the kernel's from 5.0 (op, var,
 * cc, constraint, value[, clobbers]) and 4.20's (op, var, constraint,
 * value, arg0, cc); the builder passes the tree's version.
 */
#ifndef LB_KSHIM_ASM_RMWCC_H
#define LB_KSHIM_ASM_RMWCC_H
#include "lbshim/kernel.h"

#define LB_KS_RMWCC(op, var, cc, cons, val) ({					\
	bool __lbc;								\
	__asm__ __volatile__(op " %[lbv], %[lbm]"				\
			     : [lbm] "+m" (var), "=@cc" #cc (__lbc)		\
			     : [lbv] cons (val) : "memory");			\
	__lbc;									\
})
#define LB_KS_RMWCC1(op, var, cc) ({						\
	bool __lbc;								\
	__asm__ __volatile__(op " %[lbm]" : [lbm] "+m" (var), "=@cc" #cc (__lbc) \
			     : : "memory");					\
	__lbc;									\
})

#if LB_KS_LINUX_VERSION < 0x050000
#define GEN_BINARY_RMWcc(op, var, vcon, val, arg0, cc)	LB_KS_RMWCC(op, var, cc, vcon, val)
#define GEN_UNARY_RMWcc(op, var, arg0, cc)		LB_KS_RMWCC1(op, var, cc)
#else
#define GEN_BINARY_RMWcc(op, var, cc, cons, val, ...)	LB_KS_RMWCC(op, var, cc, cons, val)
#define GEN_UNARY_RMWcc(op, var, cc, ...)		LB_KS_RMWCC1(op, var, cc)
#endif
#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* compiler.h - cache-line size, branch hints and attributes */
#ifndef LB_SRC_COMPILER_H
#define LB_SRC_COMPILER_H

#ifndef LB_CACHELINE
#define LB_CACHELINE 64		/* bytes; override with ./configure LB_CACHELINE=128 */
#endif

#define LB_ALIGNED		__attribute__((aligned(LB_CACHELINE)))
#define lb_likely(x)		__builtin_expect(!!(x), 1)
#define lb_unlikely(x)		__builtin_expect(!!(x), 0)
#define LB_UNUSED		__attribute__((unused))
#define LB_NOINLINE		__attribute__((__noinline__))
#define LB_ALWAYS_INLINE	inline __attribute__((always_inline))
#define LB_PRINTF(a, b)		__attribute__((format(printf, a, b)))
#define LB_NORETURN		__attribute__((noreturn))
#define LB_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#endif /* LB_SRC_COMPILER_H */

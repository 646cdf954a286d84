/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * <asm/spinlock_types.h> - lockbench kernel shim: the tree's qspinlock and
 * qrwlock types (x86 uses both), with their little-endian layout asserted
 */
#ifndef LB_KSHIM_ASM_SPINLOCK_TYPES_H
#define LB_KSHIM_ASM_SPINLOCK_TYPES_H
#include <asm/byteorder.h>
#include <include/asm-generic/qspinlock_types.h>
#include <include/asm-generic/qrwlock_types.h>
_Static_assert(offsetof(struct qspinlock, locked) == 0,
	       "qspinlock: the locked byte is the lowest (little-endian layout)");
_Static_assert(sizeof(struct qspinlock) == 4, "qspinlock: one 32-bit word");
_Static_assert(offsetof(struct qrwlock, wlocked) == 0,
	       "qrwlock: the writer byte is the lowest (little-endian layout)");
#endif

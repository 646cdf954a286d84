/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * <asm/byteorder.h> - lockbench kernel shim: x86 is little-endian
 *
 * The tree's qspinlock_types.h and qrwlock_types.h choose their byte
 * layout with #ifdef __LITTLE_ENDIAN; the C library's <stdint.h> does not
 * define it (a lock built without it silently takes the big-endian layout,
 * where the unlock clears the wrong byte). asm/spinlock_types.h asserts
 * the layout.
 */
#ifndef LB_KSHIM_ASM_BYTEORDER_H
#define LB_KSHIM_ASM_BYTEORDER_H
#ifndef __LITTLE_ENDIAN
#define __LITTLE_ENDIAN 1234
#endif
#ifndef __LITTLE_ENDIAN_BITFIELD
#define __LITTLE_ENDIAN_BITFIELD
#endif
#undef __BIG_ENDIAN
#include "lbshim/kernel.h"
#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <asm/spinlock.h> - lockbench kernel shim: x86's arch locks, the tree's qspinlock and qrwlock */
#ifndef LB_KSHIM_ASM_SPINLOCK_H
#define LB_KSHIM_ASM_SPINLOCK_H
#include <asm/qspinlock.h>
#include <asm/qrwlock.h>
#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * <asm/qspinlock.h> - lockbench kernel shim: x86's qspinlock hooks
 *
 * The tree's own arch/x86/include/asm/qspinlock.h (the pending bit set with
 * a locked btsl, _Q_PENDING_LOOPS), built against the shim's asm/rmwcc.h;
 * where it does not build (or under the simulator, whose accesses must all
 * go through lb-atomic.h), the builder defines LB_KS_OWN_X86 and this is
 * lockbench's own version of those hooks: the same pending-loop bound and
 * the generic fetch_or of the tree's qspinlock.c. --list-locks -v says
 * which was used.
 */
#ifndef LB_KSHIM_ASM_QSPINLOCK_H
#define LB_KSHIM_ASM_QSPINLOCK_H
#if defined(LB_KS_OWN_X86) || defined(LB_SIM)
#define LB_KS_X86_HOOKS "lockbench's own x86 qspinlock hooks (generic fetch_or pending)"
#include <asm/byteorder.h>
#include <include/asm-generic/qspinlock_types.h>
#define _Q_PENDING_LOOPS	(1 << 9)
#include <include/asm-generic/qspinlock.h>
#else
#define LB_KS_X86_HOOKS "the tree's arch/x86/include/asm/qspinlock.h"
#include <asm/byteorder.h>
#include <arch/x86/include/asm/qspinlock.h>
#endif
#endif

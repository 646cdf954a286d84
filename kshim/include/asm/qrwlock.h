/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <asm/qrwlock.h> - lockbench kernel shim: x86's is the generic one, the tree's */
#include <include/asm-generic/qrwlock_types.h>
#include <include/asm-generic/qrwlock.h>

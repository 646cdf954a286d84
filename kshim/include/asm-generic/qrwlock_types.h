/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <asm-generic/qrwlock_types.h> - lockbench kernel shim: the tree's own include/asm-generic/qrwlock_types.h */
#include <include/asm-generic/qrwlock_types.h>

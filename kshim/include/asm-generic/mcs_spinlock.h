/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <asm-generic/mcs_spinlock.h> - kernel shim: the tree's own (include/asm-generic/) */
#include <include/asm-generic/mcs_spinlock.h>

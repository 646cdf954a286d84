/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <asm-generic/qspinlock.h> - lockbench kernel shim: the tree's own include/asm-generic/qspinlock.h */
#include <include/asm-generic/qspinlock.h>

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <asm-generic/qspinlock.h> - kernel shim: the tree's include/asm-generic/qspinlock.h */
#include <include/asm-generic/qspinlock.h>

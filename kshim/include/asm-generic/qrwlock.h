/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <asm-generic/qrwlock.h> - lockbench kernel shim: the tree's own include/asm-generic/qrwlock.h */
#include <include/asm-generic/qrwlock.h>

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <asm-generic/qrwlock.h> - kernel shim: the tree's include/asm-generic/qrwlock.h */
#include <include/asm-generic/qrwlock.h>

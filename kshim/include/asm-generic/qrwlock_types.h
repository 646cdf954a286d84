/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <asm-generic/qrwlock_types.h> - kernel shim: the tree's include/asm-generic/qrwlock_types.h */
#include <include/asm-generic/qrwlock_types.h>

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <asm/alternative.h> - lockbench kernel shim: its own definitions (lbshim/kernel.h) */
#include "lbshim/kernel.h"
#ifndef LOCK_PREFIX
#define LOCK_PREFIX "lock; "
#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <asm/mcs_spinlock.h> - lockbench kernel shim: its own definitions (lbshim/kernel.h) */
#include "lbshim/kernel.h"

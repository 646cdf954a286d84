/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <asm-generic/percpu.h> - lockbench kernel shim: its own definitions (lbshim/kernel.h) */
#include "lbshim/kernel.h"

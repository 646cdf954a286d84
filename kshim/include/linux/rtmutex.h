/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <linux/rtmutex.h> - lockbench kernel shim: lbshim/kernel.h (no PREEMPT_RT) */
#include "lbshim/kernel.h"

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <trace/events/lock.h> - lockbench kernel shim: no tracepoints (lbshim/core.h) */
#include "lbshim/kernel.h"

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kernel.h - all of the shim's own parts, in the order they need each other
 *
 * Most of the shim's <linux/...> and <asm/...> names include this one file:
 * the tree's locking files include a few dozen kernel headers for a few
 * hundred names, and which header holds which name differs between kernel
 * versions. The headers whose content is the tree's own (types and fast
 * paths: asm-generic/qspinlock*.h, linux/mutex.h, linux/rwsem.h, ...) are
 * forwarded to the tree's file instead (see the shim's README).
 */
#ifndef LB_KSHIM_KERNEL_H
#define LB_KSHIM_KERNEL_H

#include "lbshim/core.h"
#include "lbshim/atomic.h"
#include "lbshim/list.h"
#include "lbshim/sched.h"
#include "lbshim/percpu.h"
#include "lbshim/spinlock.h"
#include "lbshim/wait.h"

#endif /* LB_KSHIM_KERNEL_H */

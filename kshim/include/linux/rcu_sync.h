/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <linux/rcu_sync.h> - kernel shim: the tree's include/linux/rcu_sync.h */
#include <include/linux/rcu_sync.h>

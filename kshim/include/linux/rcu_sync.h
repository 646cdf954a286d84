/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <linux/rcu_sync.h> - lockbench kernel shim: the tree's own include/linux/rcu_sync.h */
#include <include/linux/rcu_sync.h>

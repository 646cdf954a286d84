/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <linux/percpu-rwsem.h> - lockbench kernel shim: the tree's own include/linux/percpu-rwsem.h */
#include <include/linux/percpu-rwsem.h>

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <linux/percpu-rwsem.h> - kernel shim: the tree's include/linux/percpu-rwsem.h */
#include <include/linux/percpu-rwsem.h>

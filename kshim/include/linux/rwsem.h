/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <linux/rwsem.h> - lockbench kernel shim: the tree's own include/linux/rwsem.h */
#include <include/linux/rwsem.h>

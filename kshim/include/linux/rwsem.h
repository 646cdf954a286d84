/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <linux/rwsem.h> - kernel shim: the tree's include/linux/rwsem.h */
#include <include/linux/rwsem.h>

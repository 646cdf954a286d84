/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <linux/cleanup.h> - lockbench kernel shim: the tree's own include/linux/cleanup.h */
#include <include/linux/cleanup.h>

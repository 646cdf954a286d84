/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <linux/ww_mutex.h> - lockbench kernel shim: the tree's own include/linux/ww_mutex.h */
#include <include/linux/ww_mutex.h>

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <linux/mutex.h> - lockbench kernel shim: the tree's own include/linux/mutex.h */
#include <include/linux/mutex.h>

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <linux/rcuwait.h> - lockbench kernel shim: the tree's own include/linux/rcuwait.h */
#include <include/linux/rcuwait.h>

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <linux/rcuwait.h> - kernel shim: the tree's include/linux/rcuwait.h */
#include <include/linux/rcuwait.h>

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <linux/cleanup.h> - kernel shim: the tree's include/linux/cleanup.h */
#include <include/linux/cleanup.h>

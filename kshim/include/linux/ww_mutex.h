/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <linux/ww_mutex.h> - kernel shim: the tree's include/linux/ww_mutex.h */
#include <include/linux/ww_mutex.h>

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <linux/mutex.h> - kernel shim: the tree's include/linux/mutex.h */
#include <include/linux/mutex.h>

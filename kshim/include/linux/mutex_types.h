/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <linux/mutex_types.h> - kernel shim: the tree's include/linux/mutex_types.h */
#include <include/linux/mutex_types.h>

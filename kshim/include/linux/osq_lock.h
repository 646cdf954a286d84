/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <linux/osq_lock.h> - kernel shim: the tree's include/linux/osq_lock.h */
#include <include/linux/osq_lock.h>

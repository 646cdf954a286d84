/* SPDX-License-Identifier: GPL-2.0-or-later */
/* <linux/args.h> - kernel shim: the tree's include/linux/args.h (preprocessor helpers) */
#include <include/linux/args.h>

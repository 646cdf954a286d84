// SPDX-License-Identifier: GPL-2.0-or-later
/* futex.c - the futex flag of the running point (futex.h) */
#include "config.h"

#include "base/futex.h"

/* private futexes, until a --processes point says otherwise (harness.c) */
int lb_futex_flags = FUTEX_PRIVATE_FLAG;

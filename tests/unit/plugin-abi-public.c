// SPDX-License-Identifier: GPL-2.0-or-later
/* plugin-abi-public.c - LB_ABI_FACTS as the installed <lockbench/lock.h> has them */
#include <lockbench/lock.h>

#include "plugin-abi.h"

const struct lb_abi_fact lb_abi_public[] = { LB_ABI_FACTS };
const unsigned lb_abi_npublic = sizeof(lb_abi_public) / sizeof(lb_abi_public[0]);

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-plugin-abi.c - <lockbench/lock.h> in step with locks/lock.h
 *
 * A plugin's verbs get lockbench's struct lb_tctx, its init() our struct
 * lb_lock_cfg, its options are read as our struct lb_lock_option: each
 * size, offset and constant must be the same on both sides
 * (plugin-abi-public.c compiles the list against the installed header).
 * And the plugin's lock, copied field by field into an lb_lock_ops, keeps
 * every verb (locks/plugin.c; the compiler checks their types there).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "check.h"
#include "locks/lock.h"
#include <lockbench/lock.h>	/* after lock.h: only the plugin's own types */
#include "plugin-abi.h"

static const struct lb_abi_fact internal[] = { LB_ABI_FACTS };

int main(void)
{
	unsigned n = sizeof(internal) / sizeof(internal[0]);

	CHECK(n == lb_abi_npublic, "both sides list the same facts");
	for (unsigned i = 0; i < n && i < lb_abi_npublic; i++) {
		char what[160];

		snprintf(what, sizeof(what), "%s: lock.h %zu, <lockbench/lock.h> %zu",
			 internal[i].what, internal[i].v, lb_abi_public[i].v);
		CHECK(internal[i].v == lb_abi_public[i].v, "%s", what);
	}
	CHECK(LB_PLUGIN_ABI_VERSION >= 1, "the ABI has a version");
	return check_done();
}

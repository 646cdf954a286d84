#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kernel-tree-torture.sh - the six tree locks under a short --torture
# (random thread counts up to 4x the CPUs, mixes, delays, placements).
. "${srcdir:-.}/tests/cli/kernel-tree-lib.sh"

locks=tree:qspinlock,tree:qrwlock,tree:osq,tree:mutex,tree:rwsem,tree:percpu-rwsem
expect_status 0 "--torture of the six tree locks" -- --kernel-tree="$KTREE" --lock=$locks \
	--torture --duration=6
[ "$(grep -c '^torture: tree:[a-z-]* .* 0 violations: ok$' "$TMPD/out")" -eq 6 ] && pass "one torture line per tree lock" ||
	fail "torture lines: $(cat "$TMPD/out")"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Hostile files and sizes: --baseline and --topology=FILE read only regular
# files under a size limit (256 MiB and 64 MiB), a FIFO does not block, and
# a synthetic topology over 16384 PUs is refused before hwloc spends minutes
# on it: exit 2 and one line naming the option and the value, at once.
# (`timeout` only keeps a regression from hanging the suite; nothing is timed.)
. "$srcdir/tests/lib.sh"

base="--lock=null --threads=1 --load=0 --ops=100 -f compare"
mkfifo "$TMPD/fifo"
mkdir "$TMPD/dir"
truncate -s 257M "$TMPD/huge.csv"
truncate -s 65M "$TMPD/huge.xml"

# shellcheck disable=SC2086
{
hostile "--baseline=/dev/zero" "--baseline=/dev/zero: a character device" $base --baseline=/dev/zero
hostile "--baseline=FIFO" "--baseline=$TMPD/fifo: a FIFO" $base --baseline="$TMPD/fifo"
hostile "--baseline=DIR" "--baseline=$TMPD/dir: a directory" $base --baseline="$TMPD/dir"
hostile "--baseline over 256 MiB" "over the limit of 256 MiB" $base --baseline="$TMPD/huge.csv"
}
hostile "--topology=/dev/zero" "--topology=/dev/zero: a character device" --plan --topology=/dev/zero
hostile "--topology=FIFO" "--topology=$TMPD/fifo: a FIFO" --plan --topology="$TMPD/fifo"
hostile "--topology over 64 MiB" "over the limit of 64 MiB" --plan --topology="$TMPD/huge.xml"
hostile "131072 PUs" 'over 16384 PUs at the level "pu:8"' \
	--plan --topology="synthetic:package:64 core:256 pu:8"
hostile "arities beyond 64 bits" "over 16384 PUs" \
	--plan --topology="synthetic:package:99999999999999999999999 pu:1"
# 16384 objects on each of 17 levels (checked before hwloc judges the syntax)
hostile "objects" "over 262144 objects" \
	--plan --topology="synthetic:package:16384$(
	i=0; while [ $i -lt 16 ]; do printf ' core:1'; i=$((i + 1)); done)"
# a '[' without its ']' hides the levels after it from the count: refused
# (found by fuzz-topology: hwloc read "pac[kage:64 core:256 pu:8" as 131072 PUs)
hostile "an unbalanced bracket" "without its ']'" \
	--plan --topology="synthetic:pac[kage:64 core:256 pu:8"
# memory children in brackets are not a level; arities within the limit pass
timeout 20 "$LOCKBENCH" --plan --threads=1 \
	--topology="synthetic:package:2 [numa] core:8 pu:2" >"$TMPD/out" 2>"$TMPD/err" &&
	grep -q "2 packages, 16 cores, 32 PUs, 2 NUMA nodes" "$TMPD/out" ||
	fail "a bracketed memory child: $(cat "$TMPD/err")"
# the environment's descriptions have the same limit
HWLOC_SYNTHETIC="package:64 core:256 pu:8" timeout 20 "$LOCKBENCH" --plan >"$TMPD/out" 2>"$TMPD/err"
rc=$?
[ "$rc" -ne 0 ] && [ "$rc" -lt 124 ] && grep -q "HWLOC_SYNTHETIC=.*over 16384 PUs" "$TMPD/err" ||
	fail "HWLOC_SYNTHETIC over the limit: exit $rc: $(cat "$TMPD/err")"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run-topology.sh FILE.topo - plan on a saved topology and compare the placement.
#
# A .topo file sets topo= (a file under data/topologies, or synthetic:DESC)
# and args= (more lockbench options); FILE.expected holds the wanted thread
# lines: "thread package core pu(L#) pu(P#) numa", one per thread, in order.
. "$srcdir/tests/lib.sh"

file=$1
topo= args=
. "$file" || exit 99
case $topo in
synthetic:*) spec=$topo ;;
*) spec="$srcdir/data/topologies/$topo" ;;
esac
# shellcheck disable=SC2086
"$LOCKBENCH" --plan --topology="$spec" --lock=null --load=0 $args >"$TMPD/plan" 2>"$TMPD/err" ||
	{ fail "lockbench --plan failed: $(cat "$TMPD/err")"; finish; }
awk '$1 ~ /^[0-9]+$/ && NF == 7 {print $1, $2, $3, $4, $5, $6}' "$TMPD/plan" >"$TMPD/got"
if diff -u "${file%.topo}.expected" "$TMPD/got" >"$TMPD/diff"; then
	pass "$(basename "$file"): $(wc -l <"$TMPD/got") threads placed as expected"
else
	fail "$(basename "$file"): placement differs"
	cat "$TMPD/diff" >&2
fi
finish

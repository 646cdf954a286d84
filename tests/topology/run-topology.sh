#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run-topology.sh FILE.topo - plan on a saved topology and compare the placement.
#
# A .topo file sets topo= (a file under data/topologies, or synthetic:DESC)
# and args= (more lockbench options); FILE.expected holds the wanted thread
# lines: "thread package core pu(L#) pu(P#) numa [l3 [domain]]", one per
# thread, in order: the plan's columns, as many as the first line has.
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
ncol=$(head -n 1 "${file%.topo}.expected" | awk '{print NF}')
awk -v n="$ncol" '$1 ~ /^[0-9]+$/ && NF == 9 {
	s = $1; for (i = 2; i <= n; i++) s = s " " $i; print s }' "$TMPD/plan" >"$TMPD/got"
if diff -u "${file%.topo}.expected" "$TMPD/got" >"$TMPD/diff"; then
	pass "$(basename "$file"): $(wc -l <"$TMPD/got") threads placed as expected"
else
	fail "$(basename "$file"): placement differs"
	cat "$TMPD/diff" >&2
fi
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --plan on a synthetic 4-socket machine: socket fills package 0, spread deals round-robin.
. "$srcdir/tests/lib.sh"

topo='synthetic:package:4 core:10 pu:1'
"$LOCKBENCH" --plan --topology="$topo" --threads=10 >"$TMPD/p" || fail "--plan socket"
# thread lines: thread package core pu(L#) pu(P#) numa l3 domain role
awk '$1 ~ /^[0-9]+$/ && NF == 9' "$TMPD/p" >"$TMPD/rows"
[ "$(wc -l <"$TMPD/rows")" -eq 10 ] || fail "socket: want 10 thread lines"
[ "$(awk '$2 != 0' "$TMPD/rows" | wc -l)" -eq 0 ] || fail "socket: a thread left package 0"
[ "$(awk '{print $3}' "$TMPD/rows" | sort -u | wc -l)" -eq 10 ] || fail "socket: cores not distinct"

"$LOCKBENCH" --plan --topology="$topo" --threads=10 --place=spread >"$TMPD/p" || fail "--plan spread"
awk '$1 ~ /^[0-9]+$/ && NF == 9 {print $2}' "$TMPD/p" | tr '\n' ' ' >"$TMPD/pk"
[ "$(cat "$TMPD/pk")" = "0 1 2 3 0 1 2 3 0 1 " ] || fail "spread: packages $(cat "$TMPD/pk")"
awk '$1 ~ /^[0-9]+$/ && NF == 9 {print $3}' "$TMPD/p" | sort -u | wc -l | grep -qx 10 ||
	fail "spread: cores not distinct"

# the same without --plan is refused, and says why
"$LOCKBENCH" --topology="$topo" --threads=10 2>"$TMPD/e" >/dev/null
rc=$?
[ "$rc" -eq 2 ] || fail "without --plan: exit $rc, want 2"
grep -q "add --plan" "$TMPD/e" || fail "without --plan: no reason given: $(cat "$TMPD/e")"
# so is an environment that makes hwloc load another machine
HWLOC_SYNTHETIC="package:2 core:2 pu:1" "$LOCKBENCH" --lock=null --threads=1 --ops=1 2>"$TMPD/e" >/dev/null
rc=$?
[ "$rc" -eq 2 ] || fail "HWLOC_SYNTHETIC without --plan: exit $rc, want 2"

# max and Nx follow the placement: 3x on 40 CPUs is 120 threads, wrapping around
"$LOCKBENCH" --plan --topology="$topo" --threads=max,3x >"$TMPD/p" || fail "--plan max,3x"
grep -q '^threads=40 ' "$TMPD/p" || fail "max is not 40"
grep -q '^threads=120 .*oversubscribed' "$TMPD/p" || fail "3x is not 120, oversubscribed"
# --cpus restricts and orders by policy; --physical takes OS numbers
"$LOCKBENCH" --plan --topology="$topo" --cpus=10-19 --threads=max >"$TMPD/p" || fail "--cpus"
grep -q '10 CPUs in the placement' "$TMPD/p" || fail "--cpus=10-19 is not 10 CPUs"
[ "$(awk '$1 ~ /^[0-9]+$/ && NF == 9 && $2 != 1' "$TMPD/p" | wc -l)" -eq 0 ] || fail "--cpus=10-19 is package 1"
"$LOCKBENCH" --plan --topology="$topo" --cpus='!0-38' --threads=1 >"$TMPD/p" || fail "--cpus=!0-38"
awk '$1 == 0 && NF == 9 {print $4}' "$TMPD/p" | grep -qx 39 || fail "!0-38 leaves CPU 39"
# --place=cache on an AMD shape: 16 threads on 16 distinct cores of two L3 groups of package 0
"$LOCKBENCH" --plan --topology='synthetic:"package:2 [NUMANode] l3:8 core:8 pu:2"' --place=cache \
	--threads=16 >"$TMPD/p" || fail "--place=cache"
awk '$1 ~ /^[0-9]+$/ && NF == 9' "$TMPD/p" >"$TMPD/rows"
[ "$(wc -l <"$TMPD/rows")" -eq 16 ] || fail "cache: want 16 thread lines"
[ "$(awk '$2 != 0' "$TMPD/rows" | wc -l)" -eq 0 ] || fail "cache: a thread left package 0"
[ "$(awk '{print $3}' "$TMPD/rows" | sort -u | wc -l)" -eq 16 ] || fail "cache: cores not distinct"
[ "$(awk '{print $7}' "$TMPD/rows" | sort -u | tr '\n' ' ')" = "0 1 " ] || fail "cache: not L3 groups 0 and 1"
# the points: each once, whatever --repeat, in run order (lock, threads, ratio, load)
"$LOCKBENCH" --plan --topology="$topo" --lock=null,ticket --threads=1,2 --load=0,3 --repeat=3 \
	--ops=10 >"$TMPD/p" || fail "--plan points"
grep -q '^# points: 2 locks x 2 thread counts x 1 ratio x 2 loads = 8, each run 3 times; fixed work$' \
	"$TMPD/p" || fail "points summary: $(grep '^# points' "$TMPD/p")"
grep '^point ' "$TMPD/p" | awk '{print $2, $3, $4}' | tr '\n' ' ' >"$TMPD/pts"
[ "$(cat "$TMPD/pts")" = "null/0:1 threads=1 load=0 null/0:1 threads=1 load=3 null/0:1 threads=2 load=0 \
null/0:1 threads=2 load=3 ticket/0:1 threads=1 load=0 ticket/0:1 threads=1 load=3 ticket/0:1 threads=2 load=0 \
ticket/0:1 threads=2 load=3 " ] || fail "points: $(cat "$TMPD/pts")"
pass "plans"
finish

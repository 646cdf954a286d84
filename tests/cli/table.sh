#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The 2014 rwsem-spinning table: header, rule and one row per lock/ratio and thread count.
# (--no-header: the layout alone; tests/cli/hygiene.sh checks the header over it)
. "$srcdir/tests/lib.sh"

"$LOCKBENCH" --no-header --lock=pthread-rwlock --ratio=10:1 --threads=10 --ops=100000 >"$TMPD/t" 2>"$TMPD/e" ||
	fail "the table run failed: $(cat "$TMPD/e")"
sed -n 1p "$TMPD/t" | grep -Eq '^lock/r:w ratio +# of threads +Load:Execution Time \(ms\)$' ||
	fail "header: $(sed -n 1p "$TMPD/t")"
sed -n 2p "$TMPD/t" | grep -Eq '^-+ +-+ +-{24}$' || fail "rule: $(sed -n 2p "$TMPD/t")"
# on a busy machine a point where a thread ran short is marked "*", with a note under the table
sed -n 3p "$TMPD/t" | grep -Eq '^pthread-rwlock/10:1 +10 +1:[0-9.]+\*? *, 5:[0-9.]+\*? *, 10:[0-9.]+\*?$' ||
	fail "row: $(sed -n 3p "$TMPD/t")"
grep -v '^\* ' "$TMPD/t" >"$TMPD/t3"
[ "$(wc -l <"$TMPD/t3")" -eq 3 ] || fail "want 3 lines, got $(wc -l <"$TMPD/t3")"

# fixed time: Mops/s in the header; rows in lock, threads, ratio order
"$LOCKBENCH" --no-header --lock=tas,null --ratio=0:1,1:1 --threads=1,2 --load=0,3 --duration=0.05 >"$TMPD/t" ||
	fail "the fixed-time run failed"
sed -n 1p "$TMPD/t" | grep -q 'Load:Throughput (Mops/s)' || fail "fixed-time header"
tail -n +3 "$TMPD/t" | grep -v '^\* \|^$\|^tas: exclusive' | awk '{print $1, $2}' | tr '\n' ' ' >"$TMPD/order"
# (tas is exclusive: its points once, at 0:1)
want="tas/0:1 1 tas/0:1 2 null/0:1 1 null/1:1 1 null/0:1 2 null/1:1 2 "
[ "$(cat "$TMPD/order")" = "$want" ] || fail "row order: $(cat "$TMPD/order")"
pass "table layout"
finish

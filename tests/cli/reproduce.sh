#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# scripts/reproduce-seed000 and -seed001 run and print the seed's layout
# (at a tiny size: their extra arguments override the sizes).
. "$srcdir/tests/lib.sh"
need_python

sh "$srcdir/scripts/reproduce-seed000" --ops=300 --repeat=1 >"$TMPD/s0" 2>"$TMPD/e0" ||
	fail "reproduce-seed000: $(cat "$TMPD/e0")"
for block in '^Before: rwsem-wspin$' '^After: rwsem-rspin$' '^% Change: rwsem-rspin against rwsem-wspin' \
	'^mutex-osq/0:1 +2 +1:' '^Workload +Before +After +% Change$'; do
	grep -Eq "$block" "$TMPD/s0" || fail "reproduce-seed000: no line matching $block"
done
for r in 0:1 1:1 10:1; do
	grep -Eq "^rwsem/$r +2 +1:[-+][0-9.]+%, 5:[-+][0-9.]+%, 10:[-+][0-9.]+%$" "$TMPD/s0" ||
		fail "reproduce-seed000: no % Change row for $r at 2 threads"
done

sh "$srcdir/scripts/reproduce-seed001" --duration=0.05 --repeat=1 >"$TMPD/s1" 2>"$TMPD/e1" ||
	fail "reproduce-seed001: $(cat "$TMPD/e1")"
grep -Eq '^rwsem/[0-9]+:1 +[0-9]+ +1:[-+][0-9.]+%$' "$TMPD/s1" || fail "reproduce-seed001: no % Change row"
grep -Eq '^rwsem-wspin +[0-9.]+ +[0-9]+ +[0-9]+ +- ' "$TMPD/s1" || fail "reproduce-seed001: no rwsem-wspin counters"
grep -Eq '^rwsem-qexit +[0-9.]+ +[0-9]+ +[0-9]+ +[0-9]+ ' "$TMPD/s1" || fail "reproduce-seed001: no rwsem-qexit counters"
[ "$failures" -eq 0 ] && pass "both reproductions print their tables"
finish

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
grep -Eq '^rwsem-4.18 +[0-9.]+ +[0-9]+ +[0-9]+ +- ' "$TMPD/s1" || fail "reproduce-seed001: no rwsem-4.18 counters"
grep -Eq '^rwsem-qexit +[0-9.]+ +[0-9]+ +[0-9]+ +[0-9]+ ' "$TMPD/s1" || fail "reproduce-seed001: no rwsem-qexit counters"

sh "$srcdir/scripts/reproduce-rwsem-reader-exit-2018" --duration=0.05 --repeat=1 >"$TMPD/s2" 2>"$TMPD/e2" ||
	fail "reproduce-rwsem-reader-exit-2018: $(cat "$TMPD/e2")"
[ "$(grep -Ec '^rwsem/[0-9]+:1 +[0-9]+ +1:[-+][0-9.]+%$' "$TMPD/s2")" -eq 2 ] ||
	fail "reproduce-rwsem-reader-exit-2018: not two % Change rows"
[ "$(grep -Ec '^rwsem-4.18 +[0-9.]+( +[0-9]+){4} +- +[0-9]+$' "$TMPD/s2")" -eq 2 ] ||
	fail "reproduce-rwsem-reader-exit-2018: no rwsem-4.18 mechanism rows"
[ "$(grep -Ec '^rwsem-qexit +[0-9.]+( +[0-9]+){5} +[0-9]+$' "$TMPD/s2")" -eq 2 ] ||
	fail "reproduce-rwsem-reader-exit-2018: no rwsem-qexit mechanism rows"
[ "$failures" -eq 0 ] && pass "the reproductions print their tables"
finish

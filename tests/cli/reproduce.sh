#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# the scripts under scripts/reproduce/ run and print their postings' layouts
# (at a tiny size: their extra arguments override the sizes).
. "$srcdir/tests/lib.sh"
need_python

sh "$srcdir/scripts/reproduce/rwsem-spinning-2014" --ops=300 --repeat=1 >"$TMPD/s0" 2>"$TMPD/e0" ||
	fail "reproduce/rwsem-spinning-2014: $(cat "$TMPD/e0")"
for block in '^Before: rwsem-wspin$' '^After: rwsem-rspin$' '^% Change: rwsem-rspin against rwsem-wspin' \
	'^mutex-osq/0:1 +2 +1:' '^Workload +Before +After +% Change$'; do
	grep -Eq "$block" "$TMPD/s0" || fail "reproduce/rwsem-spinning-2014: no line matching $block"
done
for r in 0:1 1:1 10:1; do
	grep -Eq "^rwsem/$r +2 +1:[-+][0-9.]+%, 5:[-+][0-9.]+%, 10:[-+][0-9.]+%$" "$TMPD/s0" ||
		fail "reproduce/rwsem-spinning-2014: no % Change row for $r at 2 threads"
done

sh "$srcdir/scripts/reproduce/rwsem-reader-exit-2018" --duration=0.05 --repeat=1 >"$TMPD/s1" 2>"$TMPD/e1" ||
	fail "reproduce/rwsem-reader-exit-2018: $(cat "$TMPD/e1")"
[ "$(grep -Ec '^rwsem/[0-9]+:1 +[0-9]+ +1:[-+][0-9.]+%$' "$TMPD/s1")" -eq 2 ] ||
	fail "reproduce/rwsem-reader-exit-2018: not two % Change rows"
[ "$(grep -Ec '^rwsem-4.18 +[0-9.]+( +[0-9]+){4} +- +[0-9]+$' "$TMPD/s1")" -eq 2 ] ||
	fail "reproduce/rwsem-reader-exit-2018: no rwsem-4.18 mechanism rows"
[ "$(grep -Ec '^rwsem-qexit +[0-9.]+( +[0-9]+){5} +[0-9]+$' "$TMPD/s1")" -eq 2 ] ||
	fail "reproduce/rwsem-reader-exit-2018: no rwsem-qexit mechanism rows"
DURATION=0.1 LOCKS=frwlock sh "$srcdir/scripts/reproduce/fair-rwlock-2008" >"$TMPD/s2" 2>"$TMPD/e2" ||
	fail "reproduce/fair-rwlock-2008: $(cat "$TMPD/e2")"
grep -Eq '^get_cycles takes \[min,avg,max\] [0-9]+,[0-9]+,[0-9]+ cycles' "$TMPD/s2" ||
	fail "reproduce/fair-rwlock-2008: no calibration line"
grep -Eq '^writer_thread/1 iterations : [0-9]+, lock delay \[min,avg,max\]' "$TMPD/s2" ||
	fail "reproduce/fair-rwlock-2008: no high-contention writer line"
DURATION=0.05 REPEAT=2 sh "$srcdir/scripts/reproduce/aqticket-2013" >"$TMPD/s3" 2>"$TMPD/e3" ||
	fail "reproduce/aqticket-2013: $(cat "$TMPD/e3")"
for x in 1x 2x 3x; do
	grep -Eq "^$x +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +-?[0-9.]+\$" "$TMPD/s3" ||
		fail "reproduce/aqticket-2013: no $x row"
done
[ "$failures" -eq 0 ] && pass "the reproductions print their tables"
finish

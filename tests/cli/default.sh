#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A bare lockbench runs the default experiment and prints a Long 2014 table.
. "$srcdir/tests/lib.sh"

timeout 120 "$LOCKBENCH" >"$TMPD/t" 2>"$TMPD/e" || fail "bare lockbench failed: $(cat "$TMPD/e")"
grep -v '^# ' "$TMPD/t" | sed -n 1p | grep -q '^lock/r:w ratio  *# of threads  *Load:Execution Time (ms)$' || fail "header"
# the exclusive mutex once per thread count (at 0:1), the rwsem at each ratio
grep -Eq "^(mutex|pthread-mutex)/0:1 +2 +1:.*, 5:.*, 10:" "$TMPD/t" || fail "no mutex/0:1 row at 2 threads"
grep -Eq "^(mutex|pthread-mutex)/(1:1|10:1) " "$TMPD/t" && fail "the exclusive mutex has a row at another ratio"
grep -q "^mutex: exclusive, every operation a write" "$TMPD/t" || fail "no note that mutex runs at 0:1 only"
for r in 0:1 1:1 10:1; do
	grep -Eq "^(rwsem|pthread-rwlock)/$r +2 +1:" "$TMPD/t" || fail "no rwsem/$r row at 2 threads"
done
grep -q '^# command: lockbench$' "$TMPD/t" || fail "no machine header over the table"
pass "default experiment"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The 2015 qrwlock byte-cmpxchg sweep: two locks side by side, one row per thread count, the
# change with its sign; refused (exit 2) unless two locks, one ratio, one load.
. "$srcdir/tests/lib.sh"

# the sweep, bounded: no --load (the sweep's default is one load)
"$LOCKBENCH" --no-header --lock=qrwlock-wcas,qrwlock-bcas --ratio=5:1 --threads=1-2 --ops=20000 -f sweep \
	>"$TMPD/s" 2>"$TMPD/e" || fail "the sweep run failed: $(cat "$TMPD/e")"
sed -n 1p "$TMPD/s" | grep -qx 'With R:W ratio = 5:1' || fail "title: $(sed -n 1p "$TMPD/s")"
sed -n 3p "$TMPD/s" | grep -Eq '^Threads +qrwlock-wcas +qrwlock-bcas +% change$' ||
	fail "header: $(sed -n 3p "$TMPD/s")"
sed -n 4p "$TMPD/s" | grep -Eq '^-{7} +-{12} +-{12} +-{8}$' || fail "rule: $(sed -n 4p "$TMPD/s")"
for t in 1 2; do
	# (a figure may carry the marks: * a thread ran short, on a busy machine)
	grep -Eq "^ +$t +[0-9.]+\*? +[0-9.]+\*? +([+-][0-9]+\.[0-9]|0\.0)%$" "$TMPD/s" ||
		fail "no row for $t threads: $(cat "$TMPD/s")"
done
grep -q '^(execution time in ms, load 1;' "$TMPD/s" || fail "note: $(cat "$TMPD/s")"

# more threads than CPUs: fixed time, figures in Mops/s, one row per count in order
"$LOCKBENCH" --no-header --lock=qrwlock-wcas,qrwlock-bcas --ratio=5:1 --threads=1-4 --duration=0.05 -f sweep \
	>"$TMPD/s" 2>"$TMPD/e" || fail "the fixed-time sweep failed: $(cat "$TMPD/e")"
[ "$(sed -n '5,8p' "$TMPD/s" | awk '{print $1}' | tr '\n' ' ')" = "1 2 3 4 " ] ||
	fail "rows: $(cat "$TMPD/s")"
grep -q '^(throughput in Mops/s.*positive is better' "$TMPD/s" || fail "fixed-time note"

# repetitions: each figure's spread (cv) and the noise mark; a timed-out point marked "!"
"$LOCKBENCH" --no-header --lock=qrwlock-wcas,qrwlock-bcas --ratio=5:1 --threads=2 --duration=0.05 \
	--repeat=3 -f sweep >"$TMPD/s" 2>"$TMPD/e" || fail "the repeated sweep: $(cat "$TMPD/e")"
sed -n 3p "$TMPD/s" | grep -Eq '^Threads +qrwlock-wcas +cv +qrwlock-bcas +cv +% change$' ||
	fail "header with repetitions: $(cat "$TMPD/s")"
grep -Eq '^ +2 +[0-9.]+\*? +[0-9.]+% +[0-9.]+\*? +[0-9.]+% +([+-][0-9]+\.[0-9]|0\.0)%~?$' "$TMPD/s" &&
	grep -q 'mean of 3 runs, cv their coefficient of variation' "$TMPD/s" ||
	fail "the row with repetitions: $(cat "$TMPD/s")"
"$LOCKBENCH" --no-header --lock=ticket,mcs --cpus=0 --threads=3 --load=1 --ops=100000000 \
	--point-timeout=0.3 -f sweep >"$TMPD/s" 2>"$TMPD/e" || fail "the timed-out sweep: $(cat "$TMPD/e")"
grep -Eq '^ +3 +[0-9.]+!\*? +[0-9.]+!\*? ' "$TMPD/s" && grep -q '^! a run of the point timed out' "$TMPD/s" ||
	fail "timed out: no '!': $(cat "$TMPD/s")"

expect_status 2 "three locks" -- --lock=qrwlock-wcas,qrwlock-bcas,qrwlock -f sweep --ops=10
grep -q -- '--format=sweep.*two locks' "$TMPD/err" || fail "message: $(cat "$TMPD/err")"
expect_status 2 "one lock" -- --lock=qrwlock -f sweep --ops=10
expect_status 2 "two ratios" -- --lock=qrwlock-wcas,qrwlock-bcas --ratio=5:1,1:1 -f sweep --ops=10
grep -q -- '--ratio' "$TMPD/err" || fail "message: $(cat "$TMPD/err")"
expect_status 2 "two loads" -- --lock=qrwlock-wcas,qrwlock-bcas --load=1,5 -f sweep --ops=10
grep -q -- '--load' "$TMPD/err" || fail "message: $(cat "$TMPD/err")"
[ "$(wc -l <"$TMPD/err")" -eq 1 ] || fail "one line on stderr, got: $(cat "$TMPD/err")"
finish

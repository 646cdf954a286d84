#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --baseline checks what it compares: a point and its counterpart
# must agree in ops or duration and lock options (exit 2 naming the field,
# --baseline-loose compares with a warning); another machine is a warning
# and both are printed above the table; one repetition has no noise
# estimate. Numbers in the file are finite, in range, and end where they
# end: exit 2 naming the file, the line, the field and the value.
. "$srcdir/tests/lib.sh"
"$LOCKBENCH" --lock=ticket --threads=1 --load=1 --ops=1000 -f csv -o "$TMPD/b.csv" 2>/dev/null ||
	fail "baseline run"
"$LOCKBENCH" --lock=ticket --threads=1 --load=1 --ops=1000 -f json -o "$TMPD/b.json" 2>/dev/null ||
	fail "baseline run (JSON)"
run() { "$LOCKBENCH" --no-header --lock=ticket --threads=1 --load=1 -f compare "$@" >"$TMPD/out" 2>"$TMPD/err"; }

for f in b.csv b.json; do
	run --ops=2000 --baseline="$TMPD/$f"
	rc=$?
	[ "$rc" -eq 2 ] || fail "$f, other --ops: exit $rc, want 2"
	grep -q "differs in ops: 2000 here, 1000 in the baseline" "$TMPD/err" ||
		fail "$f: the error does not name ops: $(cat "$TMPD/err")"
	[ "$(wc -l <"$TMPD/err")" -eq 1 ] || fail "$f: not one line: $(cat "$TMPD/err")"
done
run --ops=2000 --baseline="$TMPD/b.csv" --baseline-loose || fail "--baseline-loose: exit $?"
grep -q "warning: .*differs in ops: 2000 here, 1000 in the baseline; compared anyway" "$TMPD/err" ||
	fail "--baseline-loose: no warning: $(cat "$TMPD/err")"
run --duration=0.05 --baseline="$TMPD/b.csv"
[ $? -eq 2 ] && grep -q "differs in mode: time here, ops" "$TMPD/err" || fail "mode: $(cat "$TMPD/err")"
"$LOCKBENCH" --lock=aqticket --threads=1 --load=1 --ops=1000 -f csv -o "$TMPD/a.csv" 2>/dev/null
"$LOCKBENCH" --lock=aqticket --threads=1 --load=1 --ops=1000 -f compare --baseline="$TMPD/a.csv" \
	--aqticket-threshold=3 >"$TMPD/out" 2>"$TMPD/err"
[ $? -eq 2 ] && grep -q "differs in lock options: 'threshold=3.*' here, 'threshold=" "$TMPD/err" ||
	fail "lock options: $(cat "$TMPD/err")"
[ "$failures" -eq 0 ] && pass "ops, mode and lock options must match (--baseline-loose: a warning)"

# the same machine: no machine lines; one repetition: said
run --ops=1000 --baseline="$TMPD/b.csv" || fail "same run: exit $?"
grep -q "^Before (--baseline" "$TMPD/out" && fail "same machine printed as another"
grep -q "^(one repetition per point: no noise estimate" "$TMPD/out" || fail "no noise note"
# another host: a warning, both machines above the table
csv_set "$TMPD/b.csv" "$TMPD/o.csv" host elsewhere
run --ops=1000 --baseline="$TMPD/o.csv" || fail "other host: exit $?"
grep -q "warning: --baseline=.* was measured on another machine (host elsewhere" "$TMPD/err" ||
	fail "other host: no warning: $(cat "$TMPD/err")"
head -1 "$TMPD/out" | grep -q "^Before (--baseline=.*): host elsewhere, kernel" ||
	fail "other host: not above the table: $(cat "$TMPD/out")"
sed -n 2p "$TMPD/out" | grep -q "^After (this run): host " || fail "this machine not printed"
[ "$failures" -eq 0 ] && pass "another host warns and prints both machines"

# hostile numbers
for v in inf nan 1e300 0.5abc 0x1p3 -1; do
	csv_set "$TMPD/b.csv" "$TMPD/g.csv" exec_time_ms "$v" 1
	usage_error "exec_time_ms=$v" -- --lock=ticket --threads=1 --load=1 --ops=1000 -f compare \
		--baseline="$TMPD/g.csv"
	grep -q -- "--baseline=$TMPD/g.csv: line 2: exec_time_ms '$v' is not one lockbench writes" \
		"$TMPD/err" || fail "$v: the message does not name line, field and value: $(cat "$TMPD/err")"
done
for v in 99999999999999999999 4294967297 1.5; do
	csv_set "$TMPD/b.csv" "$TMPD/g.csv" repeat "$v" 1
	usage_error "repeat=$v" -- --lock=ticket --threads=1 --load=1 --ops=1000 -f compare \
		--baseline="$TMPD/g.csv"
	grep -q "line 2: repeat '$v'" "$TMPD/err" || fail "repeat=$v: $(cat "$TMPD/err")"
done
sed 's/"exec_time_ms": [0-9.e+-]*/"exec_time_ms": 1e300/' "$TMPD/b.json" >"$TMPD/g.json"
usage_error "JSON 1e300" -- --lock=ticket --threads=1 --load=1 --ops=1000 -f compare \
	--baseline="$TMPD/g.json"
finish

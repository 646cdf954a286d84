#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# scripts/lockbench-plot: one plot per ratio and load from a lockbench CSV;
# bad input is refused.
. "$srcdir/tests/lib.sh"
command -v gnuplot >/dev/null 2>&1 || { echo "SKIP: needs gnuplot"; exit 77; }
PLOT="$srcdir/scripts/lockbench-plot"

"$LOCKBENCH" --lock=ticket,tas --threads=1,2 --ratio=0:1,1:1 --load=0 --ops=2000 --repeat=2 \
	-f csv -o "$TMPD/run.csv" || fail "the csv run"
sh "$PLOT" -o "$TMPD/p" "$TMPD/run.csv" >"$TMPD/list" 2>"$TMPD/err" || fail "plot: $(cat "$TMPD/err")"
[ "$(wc -l <"$TMPD/list")" -eq 2 ] || fail "want two plots (two ratios), got: $(cat "$TMPD/list")"
for f in "$TMPD/p-0-1-load0.svg" "$TMPD/p-1-1-load0.svg"; do
	grep -q '<svg' "$f" 2>/dev/null || fail "$f is not an SVG"
	grep -q 'ticket' "$f" && grep -q 'tas' "$f" || fail "$f lacks a lock's line"
done
sh "$PLOT" -T dumb -s " (old)" "$TMPD/run.csv" >"$TMPD/dumb" || fail "dumb terminal"
grep -q 'ratio 0:1, load 0' "$TMPD/dumb" && grep -q 'ticket (old)' "$TMPD/dumb" ||
	fail "dumb output: title or renamed lock missing"

printf 'a,b\n1,2\n' >"$TMPD/other.csv"
sh "$PLOT" "$TMPD/other.csv" >/dev/null 2>"$TMPD/err"
[ $? -eq 2 ] && grep -q "not a lockbench CSV" "$TMPD/err" || fail "a foreign CSV is not refused"
sh "$PLOT" >/dev/null 2>&1
[ $? -eq 2 ] || fail "no file: want exit 2"
sh "$PLOT" -T gif "$TMPD/run.csv" >/dev/null 2>&1
[ $? -eq 2 ] || fail "-T gif: want exit 2"
pass "plots"
finish

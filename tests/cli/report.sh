#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# lockbench report FILE...: one table over several runs (JSON and CSV), a
# column per run, each change against the first run with the noise mark;
# the machine and command line of each run above it; -f csv; a file of
# another format version is refused with one line (exit 2).
. "$srcdir/tests/lib.sh"
run="--lock=ticket,null --threads=1 --load=0,1 --duration=0.01 --repeat=3 -q"
"$LOCKBENCH" $run -f json -o "$TMPD/a.json" || fail "run a"
"$LOCKBENCH" $run -f json -o "$TMPD/b.json" || fail "run b"
csv=yes
"$LOCKBENCH" $run -f csv -o "$TMPD/c.csv" 2>/dev/null || csv=
files="$TMPD/a.json $TMPD/b.json"
[ -n "$csv" ] && files="$files $TMPD/c.csv"
nruns=$(echo $files | wc -w)

"$LOCKBENCH" report $files >"$TMPD/rep" 2>"$TMPD/err" || fail "report: $(cat "$TMPD/err")"
grep -q "^lockbench report: $nruns runs; throughput in Mops/s" "$TMPD/rep" &&
	pass "report: $nruns runs" || fail "report header: $(head -1 "$TMPD/rep")"
grep -q "^run 1  $TMPD/a.json: .*; lockbench " "$TMPD/rep" &&
	grep -q "^ *$LOCKBENCH --lock=ticket,null" "$TMPD/rep" &&
	pass "each run's machine and command line" || fail "provenance: $(head -6 "$TMPD/rep")"
# a row per point, a column per run; every later run's cell has a change
rows=$(grep -c '^\(ticket\|null\)/0:1  ' "$TMPD/rep")
[ "$rows" -eq 4 ] && pass "a row per point (4)" || fail "rows: $rows, want 4"
awk -v n="$nruns" '/^(ticket|null)\/0:1  / {
	c = gsub(/[-+][0-9.]+%~?/, "&"); if (c != n - 1) bad++ }
	END { exit bad > 0 }' "$TMPD/rep" && pass "each later run's change against run 1" ||
	fail "changes: $(grep '^ticket' "$TMPD/rep")"
grep -q '%~' "$TMPD/rep" || grep -q '%  \|%$' "$TMPD/rep" || fail "no change marks"

"$LOCKBENCH" report -f csv $files >"$TMPD/rep.csv" 2>"$TMPD/err" || fail "-f csv: $(cat "$TMPD/err")"
head -1 "$TMPD/rep.csv" | grep -q '^lock,ratio,phase,threads,load,unit,run1,run2,run2_change_pct,run2_noisy' &&
	[ "$(wc -l <"$TMPD/rep.csv")" -eq 5 ] && pass "report -f csv" ||
	fail "-f csv: $(head -2 "$TMPD/rep.csv")"

sed 's/"format_version": 2/"format_version": 99/' "$TMPD/a.json" >"$TMPD/v99.json"
usage_error "a file of another format version" -- report "$TMPD/a.json" "$TMPD/v99.json" &&
	{ grep -q "v99.json: format_version 99" "$TMPD/err" || fail "the line names the file"; }
usage_error "report without files" -- report
usage_error "report -f json" -- report -f json "$TMPD/a.json"
"$LOCKBENCH" --lock=ticket --threads=1 --load=0 --ops=100 -q -f json -o "$TMPD/w.json"
usage_error "fixed work against fixed time" -- report "$TMPD/a.json" "$TMPD/w.json"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# lockbench report FILE...: one table over several runs (JSON and CSV), a
# column per run, each change against the first run with the noise mark;
# the machine and command line of each run above it; -f csv; a file of
# another format version is refused with one line (exit 2).
. "$srcdir/tests/lib.sh"
named() { # named TEXT: the last error names TEXT
	grep -qF -- "$1" "$TMPD/err" || fail "the message does not name '$1': $(cat "$TMPD/err")"
}
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

# runs of other conditions are refused, naming the field; --loose takes them
lo="--lock=aqticket --threads=1 --load=1 --duration=0.01 -q"
"$LOCKBENCH" $lo --aqticket-threshold=2 -f csv -o "$TMPD/t2.csv" 2>/dev/null &&
	"$LOCKBENCH" $lo --aqticket-threshold=8 -f json -o "$TMPD/t8.json" &&
	"$LOCKBENCH" $lo --aqticket-threshold=2 --duration=0.02 -f json -o "$TMPD/d2.json" ||
	fail "the runs of other conditions"
if [ -s "$TMPD/t2.csv" ]; then
	usage_error "other lock options" -- report "$TMPD/t2.csv" "$TMPD/t8.json" &&
		named "t8.json differs from $TMPD/t2.csv in lock_options of aqticket: 'threshold=8' against 'threshold=2'"
	usage_error "another duration" -- report "$TMPD/t2.csv" "$TMPD/d2.json" &&
		named "in duration_s: 0.02 against 0.01"
	"$LOCKBENCH" report --loose "$TMPD/t2.csv" "$TMPD/t8.json" >"$TMPD/loose" 2>"$TMPD/err" &&
		grep -q "^aqticket/0:1 .*%" "$TMPD/loose" &&
		grep -q "^(--loose: run 2 differs from run 1 in lock_options of aqticket" "$TMPD/loose" &&
		pass "--loose: side by side, the difference said" || fail "--loose: $(cat "$TMPD/err" "$TMPD/loose")"
fi
# another machine: the host edited in a copy of the JSON
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); d["host"]["name"] = "elsewhere"; json.dump(d, open(sys.argv[2], "w"))' \
		"$TMPD/b.json" "$TMPD/other.json" || fail "edit the host"
	usage_error "another machine" -- report "$TMPD/a.json" "$TMPD/other.json" && named "in machine: elsewhere"
fi
sed 's/"lockbench_version": *"[^"]*"/"lockbench_version": "0.0.9"/' "$TMPD/b.json" >"$TMPD/old.json"
if grep -q '"lockbench_version": "0.0.9"' "$TMPD/old.json"; then
	usage_error "another lockbench version" -- report "$TMPD/a.json" "$TMPD/old.json" &&
		named "in lockbench version: 0.0.9 against"
fi
finish

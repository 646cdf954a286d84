#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --interval=MS: a 1 s point of 50 ms intervals is 20 CSV rows, each with its
# interval's operations (their sum the point's), 20 entries in the JSON
# result (each thread's with -v), --baseline and report read the point
# once, and lockbench-plot draws its timeline.
. "$srcdir/tests/lib.sh"
need_python

"$LOCKBENCH" --lock=ticket,null --threads=2 --load=1 --duration=1 --interval=50 -f csv,json \
	-v >"$TMPD/out" 2>"$TMPD/e" || fail "the interval run: $(cat "$TMPD/e")"
sed -n '/^format_version,/,/^{/p' "$TMPD/out" | sed '$d' >"$TMPD/run.csv"
sed -n '/^{/,$p' "$TMPD/out" >"$TMPD/run.json"
python3 - "$TMPD/run.csv" "$TMPD/run.json" <<'PY' || fail "interval rows"
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
for lock in ("ticket", "null"):
    rs = [r for r in rows if r["lock"] == lock]
    assert [int(r["interval"]) for r in rs] == list(range(1, 21)), [r["interval"] for r in rs]
    assert sum(int(r["interval_ops"]) for r in rs) == int(rs[0]["ops_total"])
    # a busy machine's watch wakes late: one interval long, the next one short
    assert all(0 < float(r["interval_ms"]) < 1000 for r in rs), [r["interval_ms"] for r in rs]
    assert 900 < sum(float(r["interval_ms"]) for r in rs) < 1300, [r["interval_ms"] for r in rs]
    for r in rs:
        assert len(r["interval_thread_ops"].split(";")) == 2
        assert sum(map(int, r["interval_thread_ops"].split(";"))) == int(r["interval_ops"])
d = json.load(open(sys.argv[2]))
for res in d["results"]:
    assert len(res["intervals"]) == 20 and len(res["intervals"][0]["thread_ops"]) == 2
print("ok: 20 rows per point, their operations add up; 20 intervals in the JSON")
PY
"$LOCKBENCH" --lock=ticket,null --threads=2 --load=1 --duration=1 --baseline="$TMPD/run.csv" \
	-f compare -q --no-header >"$TMPD/cmp" 2>"$TMPD/e" || fail "--baseline with interval rows: $(cat "$TMPD/e")"
[ "$(grep -c '^\(ticket\|null\)/0:1 .*%' "$TMPD/cmp")" -eq 2 ] &&
	pass "--baseline takes each point of an --interval CSV once" || fail "baseline: $(cat "$TMPD/cmp")"
"$LOCKBENCH" report "$TMPD/run.csv" >"$TMPD/rep" 2>"$TMPD/e" &&
	[ "$(grep -c '^\(ticket\|null\)/0:1 ' "$TMPD/rep")" -eq 2 ] &&
	pass "report takes each point once" || fail "report: $(cat "$TMPD/e" "$TMPD/rep")"
if command -v gnuplot >/dev/null 2>&1; then
	"$srcdir/scripts/lockbench-plot" -o "$TMPD/p" "$TMPD/run.csv" >"$TMPD/list" 2>"$TMPD/e" ||
		fail "plot: $(cat "$TMPD/e")"
	tl="$TMPD/p-timeline-0-1-load1-t2.svg"
	grep -q '<svg' "$tl" 2>/dev/null && grep -q 'ticket #1' "$tl" && grep -q 'null #1' "$tl" &&
		grep -q 'time into the point' "$tl" && pass "the plot draws the timeline" ||
		fail "no timeline plot: $(cat "$TMPD/list")"
else
	echo "note: no gnuplot, the timeline plot is not drawn"
fi
# the option's bounds
usage_error "--interval=0" -- --lock=null --interval=0 --duration=0.1
finish

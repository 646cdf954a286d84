#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --perf: per-thread perf_event_open counters in the table, CSV and JSON;
# a counter the machine or the user cannot have is "not supported", never 0.
. "$srcdir/tests/lib.sh"
need_python

"$LOCKBENCH" --lock=pthread-mutex --threads=2 --load=1 --ops=20000 --perf -f table,csv,json \
	>"$TMPD/out" 2>"$TMPD/err" || fail "--perf run: $(cat "$TMPD/err")"
grep -q '^perf_event_open counters (--perf)' "$TMPD/out" || fail "no perf block after the table"
grep -Eq '^pthread-mutex/0:1  2  load 1: task-clock [0-9.]+ ms, context-switches ' "$TMPD/out" ||
	fail "the perf block has no task clock"
python3 - "$TMPD/out" "$(id -u)" <<'PY' || fail "csv and json"
import csv, io, json, sys
text = open(sys.argv[1]).read()
root = sys.argv[2] == "0"
rows = list(csv.DictReader(io.StringIO(text[text.index("format_version,"):text.index("{")])))
assert len(rows) == 1
r = rows[0]
assert float(r["perf_task_clock_ms"]) > 0, r["perf_task_clock_ms"]
doc = json.loads(text[text.index("{"):])
res = doc["results"][0]
names = ["task-clock", "context-switches", "cpu-migrations", "page-faults", "cycles",
         "instructions", "cache-misses"]
assert list(res["perf"]) == names, list(res["perf"])
for n in names:
    v = res["perf"][n]
    assert isinstance(v, int) or v.startswith("not "), (n, v)
    col = "perf_" + n.replace("-", "_") + ("_ms" if n == "task-clock" else "")
    assert (r[col] == "") == isinstance(v, str), (n, v, r[col])
# the point's counts are the sum of its threads'
per = [t["perf"]["task-clock"] for t in res["per_thread"]]
assert sum(per) == res["perf"]["task-clock"], (per, res["perf"]["task-clock"])
if root:
    # kernel-side software events count for root; never a silent 0 for a missing one
    assert isinstance(res["perf"]["context-switches"], int), res["perf"]["context-switches"]
print("ok: task-clock %s ms" % r["perf_task_clock_ms"])
PY

# without --perf the columns are empty
"$LOCKBENCH" --lock=null --threads=1 --load=0 --ops=100 -f csv >"$TMPD/plain.csv" || fail "plain run"
python3 - "$TMPD/plain.csv" <<'PY' || fail "perf columns without --perf"
import csv, sys
r = next(csv.DictReader(open(sys.argv[1], newline="")))
assert all(r[k] == "" for k in r if k.startswith("perf_")), {k: r[k] for k in r if k.startswith("perf_")}
print("ok: empty without --perf")
PY
finish

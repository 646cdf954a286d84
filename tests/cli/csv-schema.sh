#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# csv-schema.sh - the CSV's schema, format 2: two runs of different locks and
# the same options have the same columns, so they concatenate (in pandas
# when it is installed, with a CSV reader in any case) into one frame, the
# counters in long form in one column; a column that does not apply is
# empty, not 0; and a format 1 file still serves as --baseline and in
# lockbench report.
. "$srcdir/tests/lib.sh"
need_python

opts="--threads=2 --load=1 --duration=0.05 -f csv -q"
# shellcheck disable=SC2086
"$LOCKBENCH" --lock=ticket $opts >"$TMPD/a.csv" 2>"$TMPD/e" || fail "ticket run: $(cat "$TMPD/e")"
# shellcheck disable=SC2086
"$LOCKBENCH" --lock=rwsem --ratio=10:1 $opts >"$TMPD/b.csv" 2>"$TMPD/e" || fail "rwsem run: $(cat "$TMPD/e")"
python3 - "$TMPD/a.csv" "$TMPD/b.csv" <<'PY' || fail "the two CSVs do not concatenate column for column"
import csv, sys
heads = [next(csv.reader(open(f, newline=""))) for f in sys.argv[1:]]
assert heads[0] == heads[1], set(heads[0]) ^ set(heads[1])
assert not any(h.startswith("ctr_") for h in heads[0]), "a counter column per counter"
rows = [r for f in sys.argv[1:] for r in csv.DictReader(open(f, newline=""))]
ctr = {r["lock"]: dict(kv.split("=", 1) for kv in r["counters"].split(";") if kv) for r in rows}
assert "spin-waits" in ctr["ticket"] and "sleeps" in ctr["rwsem"], ctr
assert all(r["format_version"] == "2" and r["ops_per_thread"] == "" and r["load_ns"] == "" and
           r["duration_s"] == "0.05" for r in rows), "fixed time: ops_per_thread and load_ns empty"
print("ok: %d columns, the same in both; counters in long form" % len(heads[0]))
try:
    import pandas
except ImportError:
    print("note: no pandas here; the headers are identical, which is what pandas.concat needs")
    sys.exit(0)
frames = [pandas.read_csv(f) for f in sys.argv[1:]]
df = pandas.concat(frames, ignore_index=True)
assert list(df.columns) == list(frames[0].columns) == list(frames[1].columns)
assert len(df) == 2 and set(df["lock"]) == {"ticket", "rwsem"}
print("ok: pandas.concat gives one frame of %d rows and %d columns" % df.shape)
PY

# a format 1 CSV (an earlier lockbench's) as the "before"
v1="$srcdir/tests/fuzz/baseline/run.csv"
head -n 1 "$v1" | grep -q '^format_version,lockbench_version,timestamp,' || fail "$v1 is not a format 1 file"
"$LOCKBENCH" --lock=null,mutex --threads=1,2 --load=0 --ops=1000 --baseline="$v1" -f compare \
	--no-header -q >"$TMPD/cmp" 2>"$TMPD/e" || fail "format 1 as --baseline: $(cat "$TMPD/e")"
[ "$(grep -Ec '^(null|mutex)/0:1 +[12] +0:[-+][0-9.]+%' "$TMPD/cmp")" -eq 4 ] &&
	pass "a format 1 CSV as --baseline: 4 % Change rows" ||
	fail "format 1 as --baseline: $(cat "$TMPD/cmp")"
"$LOCKBENCH" --lock=null --threads=1,2 --load=0 --ops=1000 -f csv -q >"$TMPD/w.csv" ||
	fail "the fixed-work run for report"
"$LOCKBENCH" report --loose "$v1" "$TMPD/w.csv" >"$TMPD/rep" 2>"$TMPD/e" &&
	grep -q "lockbench version" "$TMPD/rep" &&
	grep -q '^null' "$TMPD/rep" &&
	pass "lockbench report reads a format 1 and a format 2 CSV" ||
	fail "report of format 1 and 2: $(cat "$TMPD/e" "$TMPD/rep")"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# CSV reads with a standard CSV reader: one header, one row per point, format_version first.
. "$srcdir/tests/lib.sh"
need_python

"$LOCKBENCH" --lock=ticket,pthread-mutex --ratio=0:1,1:1 --threads=2 --load=1,5 -f csv \
	>"$TMPD/run.csv" 2>"$TMPD/e" || fail "the csv run failed: $(cat "$TMPD/e")"
python3 - "$TMPD/run.csv" <<'PY' || fail "csv contents"
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
head, data = rows[0], rows[1:]
assert head[0] == "format_version", head[:3]
assert len(data) == 4, len(data)	# exclusive locks: 0:1 only, whatever --ratio
for r in data:
    assert len(r) == len(head), (len(r), len(head))
    d = dict(zip(head, r))
    assert d["format_version"] == "2"
    assert d["threads"] == "2" and d["mode"] == "ops" and d["ops_per_thread"] == "1000000"
    assert int(d["ops_total"]) == 2000000, d["ops_total"]
    assert float(d["exec_time_ms"]) > 0
    assert d["lock"] in ("ticket", "pthread-mutex")
    assert len(d["cpus"].split(";")) == 2
    # exclusive locks: every operation is a write
    assert d["read_ops"] == "0" and d["write_ops"] == "2000000", (d["read_ops"], d["write_ops"])
combos = {(dict(zip(head, r))["lock"], dict(zip(head, r))["ratio"], dict(zip(head, r))["load"]) for r in data}
assert len(combos) == 4 and {c[1] for c in combos} == {"0:1"}, combos
print("ok: 1 header + 4 rows")
PY

# a reader-writer lock counts its reads: 1:1 over 1000 ops is 500 + 500
"$LOCKBENCH" --lock=pthread-rwlock --ratio=1:1 --threads=3 --load=0 --ops=1000 -f csv >"$TMPD/rw.csv" ||
	fail "rw csv run"
python3 - "$TMPD/rw.csv" <<'PY' || fail "rw read counts"
import csv, sys
d = next(csv.DictReader(open(sys.argv[1], newline="")))
assert d["read_ops"] == "1500" and d["write_ops"] == "1500", (d["read_ops"], d["write_ops"])
print("ok: 1500 reads + 1500 writes")
PY
finish

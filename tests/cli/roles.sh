#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --scenario=roles: dedicated reader and writer threads, per-population
# operation counts in -v, CSV and JSON; writers make progress under a
# reader flood on rwsem; nonsense is exit 2.
. "$srcdir/tests/lib.sh"
need_python

# the plan names each thread's role
"$LOCKBENCH" --plan --lock=rwsem --scenario=roles --readers=2 --writers=1 >"$TMPD/plan" ||
	fail "--plan with roles"
[ "$(awk '$1 ~ /^[0-9]+$/ && $NF == "reader"' "$TMPD/plan" | wc -l)" -eq 2 ] || fail "plan: 2 readers"
[ "$(awk '$1 ~ /^[0-9]+$/ && $NF == "writer"' "$TMPD/plan" | wc -l)" -eq 1 ] || fail "plan: 1 writer"
grep -q '^point rwsem/2:1 threads=3 ' "$TMPD/plan" || fail "plan: the point is rwsem/2:1 at 3 threads"

# acceptance 5: no writer with zero acquisitions under a reader flood
"$LOCKBENCH" --lock=rwsem --scenario=roles --readers=2 --writers=1 --duration=2 --load=1 -v \
	-f csv -o "$TMPD/flood.csv" 2>"$TMPD/flood.err" || fail "reader flood run: $(cat "$TMPD/flood.err")"
grep -q 'readers: 2 threads, ops/thread min' "$TMPD/flood.err" || fail "-v: no reader population line"
grep -q 'writers: 1 thread, ops/thread min' "$TMPD/flood.err" || fail "-v: no writer population line"
python3 - "$TMPD/flood.csv" <<'PY' || fail "writer progress"
import csv, sys
r = next(csv.DictReader(open(sys.argv[1], newline="")))
assert r["scenario"] == "roles" and r["readers"] == "2" and r["writers"] == "1", r
assert int(r["writer_ops_min"]) > 0, "a writer starved: %s" % r["writer_ops_min"]
assert int(r["reader_ops_min"]) > 0, r["reader_ops_min"]
assert int(r["write_ops"]) == int(r["writer_ops_min"]), (r["write_ops"], r["writer_ops_min"])
print("ok: writer did %s writes beside readers' min %s" % (r["writer_ops_min"], r["reader_ops_min"]))
PY

# --writer-ops: the writer stops after N writes, the readers go on (fixed work)
"$LOCKBENCH" --lock=rwsem-wspin --scenario=roles --readers=2 --writers=1 --writer-ops=3 \
	--ops=2000 --load=1 -f json >"$TMPD/w.json" || fail "--writer-ops run"
python3 - "$TMPD/w.json" <<'PY' || fail "--writer-ops counts"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["config"]["scenario"] == "roles" and d["config"]["writer_ops"] == 3, d["config"]
r = d["results"][0]
roles = {x["role"]: x for x in r["roles"]}
assert roles["writer"]["ops_max"] == 3 and roles["writer"]["threads"] == 1, roles
assert roles["reader"]["ops_min"] == 2000 and roles["reader"]["threads"] == 2, roles
assert [t["role"] for t in r["per_thread"]] == ["reader", "reader", "writer"], r["per_thread"]
assert r["write_ops"] == 3 and r["read_ops"] == 4000, (r["write_ops"], r["read_ops"])
print("ok: writer stopped after 3 writes, readers did 2000 each")
PY

# nonsense: exit 2, one line naming the option
for args in "--readers=2" "--scenario=roles" "--scenario=roles --readers=0 --writers=0" \
	"--scenario=roles --lock=mutex --readers=1" "--scenario=roles --lock=rwsem --readers=1 --threads=4" \
	"--scenario=roles --lock=rwsem --readers=1 --ratio=1:1" \
	"--scenario=roles --lock=rwsem --readers=2 --writer-ops=5" "--scenario=roles --readers=x" \
	"--scenario=chaos"; do
	# shellcheck disable=SC2086
	usage_error "$args" -- $args
done
# writers alone may use an exclusive lock
"$LOCKBENCH" --scenario=roles --lock=mutex --writers=2 --ops=1000 --load=1 >/dev/null ||
	fail "writers only on an exclusive lock"
# the 2018 chain experiment: slow-path-ns lengthens the reader's window in
# rwsem-4.18 and rwsem-qexit; exclusion still holds (--validate), and the
# value is reported with the lock's options
"$LOCKBENCH" --lock=rwsem-4.18,rwsem-qexit --rwsem-4.18-slow-path-ns=1000 \
	--rwsem-qexit-slow-path-ns=1000 --validate --ratio=1:1,10:1 --threads=2,4 --load=1 --duration=0.2 \
	-f csv -o "$TMPD/slow.csv" 2>"$TMPD/slow.err" || fail "slow-path-ns under --validate: $(cat "$TMPD/slow.err")"
python3 - "$TMPD/slow.csv" <<'PY' || fail "slow-path-ns in lock_options"
import csv, sys
ctr = lambda r: dict(kv.split("=", 1) for kv in r["counters"].split(";") if kv)
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert len(rows) == 8, len(rows)
for r in rows:
    assert "slow-path-ns=1000" in r["lock_options"], r["lock_options"]
    assert int(ctr(r)["read-slowpaths"]) >= 0
print("ok: slow-path-ns=1000 validated at 1:1 and 10:1, 2 and 4 threads")
PY
finish

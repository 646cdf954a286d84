#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --c2c: the round trip is measured between the placement's CPUs, reported
# in the table, CSV and JSON, and each 2-thread point's time per operation
# is given as a multiple of it; one CPU gives no pair.
. "$srcdir/tests/lib.sh"
need_python

ncpu=$("$LOCKBENCH" --plan --lock=null --threads=max --load=0 | sed -n 's/.* \([0-9]*\) CPUs\{0,1\} in the placement.*/\1/p')
[ "${ncpu:-1}" -ge 2 ] || { echo "SKIP: needs 2 CPUs"; exit 77; }

"$LOCKBENCH" --lock=ticket --threads=1,2 --load=0 --ops=20000 --c2c -f table,csv,json \
	>"$TMPD/out" 2>"$TMPD/err" || fail "--c2c run: $(cat "$TMPD/err")"
grep -q '^c2c round trip (--c2c' "$TMPD/out" || fail "no c2c block after the table"
grep -Eq '^CPU [0-9]+ <-> CPU [0-9]+  [0-9.]+ ns \(min [0-9.]+, p90 [0-9.]+; RMW run ([0-9.]+, [0-9.]+ ns an add|not measured)\)$' "$TMPD/out" ||
	fail "no measured pair in the table output"
grep -Eq '^ticket/0:1 +2 +0:[0-9.]+$' "$TMPD/out" || fail "no multiple for the 2-thread point"
grep -Eq '^ticket/0:1 +1 +0:-$' "$TMPD/out" || fail "a 1-thread point has no pair: want -"
python3 - "$TMPD/out" <<'PY' || fail "csv and json"
import csv, io, json, sys
text = open(sys.argv[1]).read()
csvpart = text[text.index("format_version,"):text.index("{")]
rows = list(csv.DictReader(io.StringIO(csvpart)))
one = [r for r in rows if r["threads"] == "1"][0]
two = [r for r in rows if r["threads"] == "2"][0]
assert one["c2c_rt_ns"] == "" and one["ns_per_op_per_c2c"] == "", one
rt = float(two["c2c_rt_ns"])
assert 1 < rt < 1e6, rt
per = float(two["ns_per_op"])
assert abs(per - float(two["exec_time_ms"]) * 1e6 / int(two["ops_total"])) < 0.01, per
# each column is rounded (rt to 0.1 ns, ns/op to 0.001, their ratio to 0.0001)
slack = per / rt * (0.05 / rt + 0.0005 / per) + 0.00005
assert abs(float(two["ns_per_op_per_c2c"]) - per / rt) <= slack * 1.01, (two, per / rt)
doc = json.loads(text[text.index("{"):])
pairs = doc["c2c"]
assert len(pairs) == 1 and pairs[0]["cpu_a"] != pairs[0]["cpu_b"], pairs
p = pairs[0]
assert p["rt_ns_min"] <= p["rt_ns_median"] <= p["rt_ns_p90"] and p["samples"] == 1000, p
# a run of contending fetch-adds is 1 to 16 long (c2c.c); null when every run was one CPU's alone
assert p["rmw_run"] is None or 1 <= p["rmw_run"] <= 16, p
# and the ns per add of both CPUs together, measured with the run (null with it): at least
# a locked add's own time, at most the round trip's many times over
assert (p["rmw_add_ns"] is None) == (p["rmw_run"] is None), p
assert p["rmw_add_ns"] is None or 0.1 < p["rmw_add_ns"] < 10 * p["rt_ns_p90"], p
# the host's state before and after each repetition of 2 threads; none with 1
assert one["host_probe_ns_before"] == "" and one["host_probe_ns_after"] == "", one
assert 1 < float(two["host_probe_ns_before"]) < 1e6 and 1 < float(two["host_probe_ns_after"]) < 1e6, two
two_j = [r for r in doc["results"] if r["threads"] == 2][0]
assert two_j["c2c_rt_ns"] == p["rt_ns_median"], (two_j.get("c2c_rt_ns"), p)
print("ok: c2c %.1f ns, ticket at 2 threads %.1f ns/op = %.2f round trips" % (rt, per, per / rt))
PY

# one CPU in the placement: no pair, said plainly, and no multiples
"$LOCKBENCH" --lock=ticket --cpus=0 --threads=1 --load=0 --ops=1000 --c2c >"$TMPD/one" 2>"$TMPD/err" ||
	fail "--c2c on one CPU failed"
grep -q "no pair to measure" "$TMPD/err" || fail "no warning for a one-CPU placement"
grep -q "(none: the placement has one CPU)" "$TMPD/one" || fail "the table does not say why"
finish

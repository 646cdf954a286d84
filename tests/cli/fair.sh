#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --scenario=fair (Desnoyers 2008), --latency and --format=latency on the command
# line: the report's lines, the thread types a lock cannot run (left out
# with a note by default, exit 5 when asked for), exclusive locks (exit 2),
# and the latency and fairness columns of CSV and JSON. Short durations:
# each fair run takes about 0.6 s.
. "$srcdir/tests/lib.sh"
need_python

# Desnoyers 2008's report for null (every thread type), Desnoyers' lock and
# qrwlock (their read sides are signal-safe: interrupt readers run), and
# pthread-rwlock and rwsem (they may sleep: no interrupt readers, and why)
for lock in null frwlock qrwlock pthread-rwlock rwsem; do
	"$LOCKBENCH" --no-header --scenario=fair --lock=$lock --duration=0.5 -f latency >"$TMPD/$lock.txt" \
		2>"$TMPD/$lock.err" || fail "fair $lock: exit $?: $(cat "$TMPD/$lock.err")"
	python3 - "$TMPD/$lock.txt" "$lock" <<'PY' || fail "fair $lock: report"
import re, sys
text = open(sys.argv[1]).read()
lock = sys.argv[2]
lines = text.splitlines()
assert lines[0] == "** Performance tests: " + lock, lines[0]
assert lines[2] == "* Lock contention delays, per context, 0.5s test", lines[2]
assert lines[3] == "** get_cycles calibration **", lines[3]
m = re.fullmatch(r"get_cycles takes \[min,avg,max\] (\d+),(\d+),(\d+) cycles, results calibrated on avg", lines[4])
assert m and int(m[1]) <= int(m[2]) <= int(m[3]), lines[4]
for h in ("** Single writer test, no contention **", "** Single reader test, no contention **",
          "** Multiple readers test, no contention **", "** High contention test **"):
    assert h in lines, h
delay = re.compile(r"(writer|reader)_thread/(\d+) iterations : (\d+)(, lock delay \[min,avg,max\] (\d+),(\d+),(\d+) cycles)?$")
tries = re.compile(r"trylock_(writer|reader)_thread/(\d+) iterations : (\d+), successful iterations : (\d+)$")
hc = lines.index("** High contention test **")
single_w = lines[lines.index("** Single writer test, no contention **") + 1]
assert delay.match(single_w) and single_w.startswith("writer_thread/0"), single_w
assert "4 thread readers (no delay loop)" in lines[hc:]
assert "2 thread writers (10us period)" in lines[hc:]
assert "2 thread trylock writers (10us period)" in lines[hc:]
assert "2 thread trylock readers (no delay loop)" in lines[hc:]
n = {"writer": 0, "reader": 0, "trylock_writer": 0, "trylock_reader": 0}
for l in lines[hc:]:
    m = delay.match(l)
    if m:
        n[m[1]] += 1
        if m[4]:
            assert int(m[5]) <= int(m[6]) <= int(m[7]), l
        continue
    m = tries.match(l)
    if m:
        n["trylock_" + m[1]] += 1
        assert int(m[4]) <= int(m[3]), l
assert n == {"writer": 2, "reader": 4, "trylock_writer": 2, "trylock_reader": 2}, n
irq = [l for l in lines if l.startswith("interrupt readers on CPU ")]
tirq = [l for l in lines if l.startswith("trylock interrupt readers on CPU ")]
if lock in ("null", "frwlock", "qrwlock"):
    assert re.search(r"^1 periodical interrupt readers on \d+/\d+ cpus \(signals\)\.$", text, re.M), text
    assert re.search(r"^interrupt_reader_thread/0 iterations : [1-9]\d*$", text, re.M)
    assert re.search(r"^trylock_interrupt_reader_thread/0 iterations : [1-9]\d*$", text, re.M)
    assert irq and tirq, "per-CPU interrupt lines"
    for l in irq:
        assert re.fullmatch(r"interrupt readers on CPU \d+, lock delay \[min,avg,max\] \d+,\d+,\d+ cycles", l), l
    for l in tirq:
        m = re.fullmatch(r"trylock interrupt readers on CPU \d+, iterations (\d+), successful iterations : (\d+)", l)
        assert m and int(m[2]) <= int(m[1]), l
else:
    # glibc's rwlock and the rwsem may sleep: no interrupt readers, and the report says why
    assert not irq and not tirq
    assert "0 periodical interrupt readers: not run, the read side of %s is not async-signal-safe" % lock in text, text
print("ok:", lock, len(lines), "lines")
PY
done
grep -q "runs no interrupt_reader_thread" "$TMPD/pthread-rwlock.err" ||
	fail "no warning about the interrupt readers pthread-rwlock cannot run"
pass "Desnoyers 2008 report for null, frwlock, qrwlock, pthread-rwlock and rwsem"

# exclusive locks are not reader-writer locks; asking for what a lock lacks is exit 5
expect_status 2 "fair on an exclusive lock" -- --scenario=fair --lock=ticket --duration=0.1
grep -q "reader-writer" "$TMPD/err" || fail "the ticket error does not say why: $(cat "$TMPD/err")"
expect_status 5 "interrupt readers on a lock that may sleep" -- --scenario=fair --lock=pthread-rwlock \
	--fair-irq-readers=1 --duration=0.1
grep -q -- "--fair-irq-readers=1: the read side of pthread-rwlock is not async-signal-safe" "$TMPD/err" ||
	fail "exit 5 message: $(cat "$TMPD/err")"
expect_status 5 "trylock interrupt readers on a lock that may sleep" -- --scenario=fair \
	--lock=pthread-rwlock --fair-trylock-irq-readers=2 --duration=0.1
expect_status 2 "interrupt readers need pinned threads" -- --scenario=fair --lock=null \
	--place=none --fair-irq-readers=1 --duration=0.1
expect_status 2 "fair runs for a time" -- --scenario=fair --lock=null --ops=100
expect_status 2 "fair sets its own threads" -- --scenario=fair --lock=null --threads=4
expect_status 2 "fair has no ratio" -- --scenario=fair --lock=null --ratio=1:1
expect_status 2 "fair options need the fair scenario" -- --lock=null --fair-readers=2
expect_status 2 "latency report without timing" -- --lock=null -f latency --ops=10
expect_status 2 "--latency-sample alone" -- --lock=null --latency-sample=10 --ops=10
expect_status 2 "--latency-sample=0" -- --lock=null --latency --latency-sample=0 --ops=10
expect_status 2 "--latency with --validate" -- --lock=null --latency --validate --ops=10
expect_status 2 "unknown scenario" -- --scenario=roundrobin --lock=null
expect_status 2 "a negative period" -- --scenario=fair --lock=null --fair-writer-period=-1
# without subscription, trylock writers give up after the given tries: attempts <= tries x rounds
expect_status 0 "fair with fewer threads and no interrupts" -- --scenario=fair --lock=null \
	--fair-readers=1 --fair-trylock-readers=0 --fair-writers=1 --fair-trylock-writers=1 \
	--fair-irq-readers=0 --fair-trylock-irq-readers=0 --fair-trylock-writer-tries=3 \
	--fair-trylock-writer-period=1000 --duration=0.2 -f latency
grep -q "^1 thread trylock writers (1000us period)$" "$TMPD/out" || fail "trylock writer period: $(cat "$TMPD/out")"
if grep -q "interrupt" "$TMPD/out"; then fail "interrupt readers ran with counts of 0"; fi

# --latency in CSV: the percentile columns, ordered; JSON has the same per thread
"$LOCKBENCH" --no-header --lock=null,pthread-rwlock --ratio=1:1,10:1 --threads=2 --load=1 --duration=0.1 \
	--latency -f csv >"$TMPD/lat.csv" 2>"$TMPD/e" || fail "--latency csv: $(cat "$TMPD/e")"
"$LOCKBENCH" --no-header --scenario=fair --lock=null --duration=0.2 -f csv >"$TMPD/fair.csv" 2>"$TMPD/e" ||
	fail "fair csv: $(cat "$TMPD/e")"
"$LOCKBENCH" --no-header --lock=pthread-rwlock --ratio=10:1 --threads=2 --load=1 --ops=2000 --latency \
	--latency-sample=10 -f json >"$TMPD/lat.json" 2>"$TMPD/e" || fail "--latency json: $(cat "$TMPD/e")"
"$LOCKBENCH" --no-header --lock=null --threads=1 --load=1 --ops=100 -f csv >"$TMPD/plain.csv" 2>"$TMPD/e" ||
	fail "plain csv: $(cat "$TMPD/e")"
python3 - "$TMPD/lat.csv" "$TMPD/fair.csv" "$TMPD/lat.json" "$TMPD/plain.csv" <<'PY' || fail "latency columns"
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert len(rows) == 4, len(rows)
for d in rows:
    v = [int(d[k]) for k in ("lat_p50_cycles", "lat_p99_cycles", "lat_p999_cycles", "lat_max_cycles")]
    assert v == sorted(v), v
    assert int(d["lat_min_cycles"]) <= v[0]
    assert int(d["lat_samples"]) == int(d["ops_total"]), (d["lat_samples"], d["ops_total"])
    ns = [float(d[k]) for k in ("lat_p50_ns", "lat_p99_ns", "lat_p999_ns", "lat_max_ns")]
    assert ns == sorted(ns), ns
    assert float(d["lat_calib_cycles"]) > 0
    assert d["scenario"] == "mix" and d["latency_sample"] == "1"
    assert d["starved_readers"] in ("0", "1") and d["starved_writers"] in ("0", "1")
    assert float(d["starve_window_ms"]) == 100
fair = list(csv.DictReader(open(sys.argv[2], newline="")))
assert [d["phase"] for d in fair] == ["single-writer", "single-reader", "multiple-readers", "high-contention"], [d["phase"] for d in fair]
hc = fair[3]
assert hc["scenario"] == "fair"
assert hc["roles"] == "writer_thread*2;trylock_writer_thread*2;reader_thread*4;trylock_reader_thread*2;interrupt_reader_thread*1;trylock_interrupt_reader_thread*1", hc["roles"]
assert int(hc["lat_read_p99_cycles"]) <= int(hc["lat_read_max_cycles"])
assert fair[0]["starved_readers"] == "" and fair[0]["starved_writers"] in ("0", "1")
d = json.load(open(sys.argv[3]))
r = d["results"][0]
assert r["latency"]["sample_every"] == 10
for t in r["per_thread"]:
    l = t["latency"]["all"]
    assert l["samples"] == 200, l["samples"]       # 2000 operations, one in ten timed
    assert l["p50_cycles"] <= l["p99_cycles"] <= l["p999_cycles"] <= l["max_cycles"]
assert "jain" in r["fairness"] and "starved_writers" in r["fairness"]
plain = next(csv.DictReader(open(sys.argv[4], newline="")))
assert "lat_samples" not in plain and "lat_p99_cycles" not in plain, "no latency columns without --latency"
assert plain["starved_writers"] == "0" and plain["starved_readers"] == "", (plain["starved_writers"], plain["starved_readers"])
print("ok: latency and fairness columns")
PY

# -v: the table gets a fairness block, the latency report percentiles and a fairness line
"$LOCKBENCH" --no-header --lock=null --ratio=1:1 --threads=2 --load=1 --duration=0.1 -v >"$TMPD/v.txt" 2>/dev/null ||
	fail "table -v"
grep -q "^Fairness: " "$TMPD/v.txt" && grep -q "^null/1:1  2  load 1: .*Jain .*starvation (window 100 ms): none" "$TMPD/v.txt" ||
	fail "table -v fairness block: $(cat "$TMPD/v.txt")"
"$LOCKBENCH" --no-header --lock=null --ratio=1:1 --threads=2 --load=1 --duration=0.1 --latency -f latency -v \
	>"$TMPD/lv.txt" 2>/dev/null || fail "latency -v"
grep -q "^mix_thread/1 iterations : [0-9]*, lock delay \[min,avg,max\]" "$TMPD/lv.txt" &&
	grep -q "^  p50,p99,p99.9 [0-9]*,[0-9]*,[0-9]* cycles" "$TMPD/lv.txt" &&
	grep -q "^fairness: acquisitions per thread" "$TMPD/lv.txt" || fail "latency -v: $(cat "$TMPD/lv.txt")"

# without -v: the plain loop's percentiles all the same, no fairness line
"$LOCKBENCH" --no-header --lock=null --ratio=1:1 --threads=2 --load=1 --duration=0.1 --latency -f latency \
	>"$TMPD/l.txt" 2>/dev/null || fail "latency"
[ "$(grep -c "^  p50,p99,p99.9 [0-9]*,[0-9]*,[0-9]* cycles" "$TMPD/l.txt")" -eq 2 ] &&
	! grep -q "^fairness: " "$TMPD/l.txt" && pass "latency: each thread's percentiles without -v" ||
	fail "latency without -v: $(cat "$TMPD/l.txt")"

# -v reports after each point, the fair phases too: one report per phase, named by it
"$LOCKBENCH" --no-header --scenario=fair --lock=null --duration=0.06 -f csv -v >/dev/null 2>"$TMPD/fv.err" ||
	fail "fair -v: $(cat "$TMPD/fv.err")"
[ "$(grep -c '^lockbench: null/[a-z-]* threads=' "$TMPD/fv.err")" -eq 4 ] &&
	grep -q '^lockbench: null/high-contention threads=12 ' "$TMPD/fv.err" ||
	fail "fair -v: not one report per phase: $(cat "$TMPD/fv.err")"

# --plan shows the phases and roles without running them
expect_status 0 "fair --plan" -- --scenario=fair --lock=pthread-rwlock --plan
grep -q "^point pthread-rwlock fair/high-contention duration=10s threads=10" "$TMPD/out" &&
	grep -q "(no interrupt_reader_thread: the read side of pthread-rwlock" "$TMPD/out" ||
	fail "fair plan: $(cat "$TMPD/out")"
finish

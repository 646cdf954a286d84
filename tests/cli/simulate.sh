#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --simulate: the same command and seed give the same CSV byte for byte,
# another seed another one; the CSV and the header say it is simulated and
# where; a lock that cannot be simulated is refused by name (exit 5, one
# line) and a family leaves it out; a simulated baseline against a real run
# is refused (exit 2, one line) unless --baseline-loose, and so is report;
# the options of the simulator need it; a profile file is read and a bad
# one refused with its line; a stuck or deadlocked simulated point is the
# watchdog's (exit 4); --c2c writes this machine's profile, which reads back;
# tas's counters count in the simulation.
. "$srcdir/tests/lib.sh"
need_python

west="--simulate --topology=westmere-ex-4s40c"
run() {
	# shellcheck disable=SC2086
	"$LOCKBENCH" $west --lock=mcs --threads=8 --duration=0.01 -f csv "$@"
}

# determinism: the before-stop hook's command, twice; a third with another seed
run --seed=1 >"$TMPD/a.csv" 2>"$TMPD/err" || fail "simulated run: $(cat "$TMPD/err")"
run --seed=1 >"$TMPD/b.csv" 2>/dev/null
run --seed=2 >"$TMPD/c.csv" 2>/dev/null
cmp -s "$TMPD/a.csv" "$TMPD/b.csv" && pass "the same seed: the same CSV" ||
	fail "the same seed, another CSV: $(diff "$TMPD/a.csv" "$TMPD/b.csv" | head -c 600)"
cmp -s "$TMPD/a.csv" "$TMPD/c.csv" && fail "another seed, the same CSV (jitter 2%)"
python3 - "$TMPD/a.csv" <<'PY' && pass "CSV: simulated on westmere-ex-4s40c, no wall-clock field" ||
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    assert (r["simulated"], r["sim_machine"], r["sim_profile"], r["sim_cpus"]) == \
        ("1", "westmere-ex-4s40c", "westmere-ex", "40"), r
    for k in ("timestamp", "loadavg_1m", "busy_other_pct", "steal_ms", "pause_stall_pct",
              "host_probe_ns_before", "host_probe_ns_after"):
        assert r[k] == "", (k, r[k])
    assert int(r["ops_total"]) > 1000 and int(r["sim_accesses"]) > int(r["ops_total"]), r
PY
	fail "CSV of a simulated run: $(head -c 300 "$TMPD/a.csv")"
"$LOCKBENCH" --lock=null --threads=1 --load=0 --ops=1000 -f csv >"$TMPD/real.csv" 2>/dev/null
head -1 "$TMPD/real.csv" | grep -q 'sim_machine' && fail "a real run's CSV has the sim columns"
[ "$(csv_cols "$TMPD/real.csv" simulated)" = 0 ] || fail "a real run is not simulated=0"

# the header says so, and every time is virtual
"$LOCKBENCH" $west --lock=ticket --threads=4 --load=0 --duration=0.001 >"$TMPD/t" 2>&1 ||
	fail "table of a simulated run"
grep -q '^# simulated: every time is virtual, on westmere-ex-4s40c (40 CPUs, 40 cores, 4 packages, 4 NUMA nodes); profile westmere-ex' "$TMPD/t" ||
	fail "no simulated line in the header: $(grep '^#' "$TMPD/t")"

# --plan --simulate: the virtual time, and the wall time its probes estimate
"$LOCKBENCH" --plan $west --lock=ticket --threads=8 --load=0 --duration=2 >"$TMPD/plan" 2>&1 ||
	fail "--plan --simulate: $(cat "$TMPD/plan")"
grep -Eq '^# time: 1 simulated point of 2(\.0)? s of virtual time: about [0-9.]+ (s|min)( [0-9]+ s)? of wall time \(a probe of each' "$TMPD/plan" &&
	pass "--plan --simulate: $(grep '^# time' "$TMPD/plan")" ||
	fail "--plan --simulate's estimate: $(grep '^# ' "$TMPD/plan")"
# fixed work: the virtual time is not known before it runs, so it is not given as 0
"$LOCKBENCH" --plan $west --lock=ticket --threads=8 --load=0 --ops=1000 >"$TMPD/plan" 2>&1 ||
	fail "--plan --simulate --ops: $(cat "$TMPD/plan")"
grep -Eq '^# time: 1 simulated point of fixed work: about [0-9.]+ (s|min)( [0-9]+ s)? of wall time' \
	"$TMPD/plan" || fail "--plan --simulate of fixed work: $(grep '^# time' "$TMPD/plan")"

# what cannot be simulated: by name exit 5 and one line; a family leaves it out
for l in pthread-mutex ck-ticket kernel-futex; do
	"$LOCKBENCH" --simulate --lock=$l --threads=2 --duration=0.001 >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	if [ "$rc" -eq 5 ] && [ "$(wc -l <"$TMPD/err")" -eq 1 ] &&
	   grep -q "^lockbench: --simulate: lock $l cannot be simulated: " "$TMPD/err"; then
		pass "$l refused: $(cat "$TMPD/err")"
	else
		fail "$l: exit $rc, want 5 and one line: $(cat "$TMPD/err")"
	fi
done
"$LOCKBENCH" --simulate --lock=spin --threads=2 --load=0 --duration=0.001 -f csv \
	>"$TMPD/spin.csv" 2>"$TMPD/err" || fail "--lock=spin --simulate: $(cat "$TMPD/err")"
locks=$(csv_cols "$TMPD/spin.csv" lock | tr '\n' ' ')
case " $locks" in
*" pthread-spin "*) fail "the spin family kept pthread-spin: $locks" ;;
*" ticket "*) pass "the spin family without pthread-spin: $locks" ;;
*) fail "the spin family ran $locks" ;;
esac

# a simulated baseline against a real run, and report (its --loose)
usage_error "sim baseline, real run" -- --lock=mcs --threads=8 --duration=0.01 -f compare \
	--baseline="$TMPD/a.csv" -q
grep -q 'it holds simulated results and this run is real' "$TMPD/err" || fail "the line: $(cat "$TMPD/err")"
"$LOCKBENCH" --lock=mcs --threads=2 --duration=0.01 -f csv >"$TMPD/r.csv" 2>/dev/null
usage_error "real baseline, simulated run" -- $west --lock=mcs --threads=2 --duration=0.01 \
	-f compare --baseline="$TMPD/r.csv" -q
expect_status 0 "--baseline-loose compares them" -- $west --lock=mcs --threads=2 \
	--duration=0.01 -f compare --baseline="$TMPD/r.csv" --baseline-loose -q
"$LOCKBENCH" report "$TMPD/a.csv" "$TMPD/r.csv" >"$TMPD/out" 2>"$TMPD/err"
[ $? -eq 2 ] && [ "$(wc -l <"$TMPD/err")" -eq 1 ] && pass "report refuses: $(cat "$TMPD/err")" ||
	fail "report of simulated and real: $(cat "$TMPD/err")"
expect_status 0 "report --loose" -- report --loose "$TMPD/a.csv" "$TMPD/r.csv"

# the options
usage_error "--seed without --simulate" -- --lock=ticket --seed=3
usage_error "--sim-jitter without --simulate" -- --lock=ticket --sim-jitter=5
usage_error "--sim-jitter over 100" -- --simulate --lock=ticket --sim-jitter=101
usage_error "--sim-profile-out without --c2c" -- --lock=ticket --sim-profile-out="$TMPD/p"
usage_error "--topology without --plan or --simulate" -- --topology=westmere-ex-4s40c --lock=ticket
usage_error "--simulate with --processes" -- --simulate --lock=ticket --processes
printf 'l3_ns 60\nrmw_ns x\n' >"$TMPD/bad.prof"
usage_error "a bad profile" -- --simulate --lock=ticket --threads=2 --sim-profile="$TMPD/bad.prof"
grep -q "bad.prof:2: key 'rmw_ns'" "$TMPD/err" || fail "the bad profile's line and key: $(cat "$TMPD/err")"

# a profile file changes the costs: mcs between two packages, remote lines twice as dear
printf '# slower links\nremote_ns 240\n' >"$TMPD/slow.prof"
"$LOCKBENCH" $west --lock=mcs --threads=2 --place=spread --load=5 --duration=0.002 -f csv \
	>"$TMPD/fast.csv" 2>/dev/null
"$LOCKBENCH" $west --lock=mcs --threads=2 --place=spread --load=5 --duration=0.002 -f csv \
	--sim-profile="$TMPD/slow.prof" >"$TMPD/slow.csv" 2>/dev/null
python3 - "$TMPD/fast.csv" "$TMPD/slow.csv" <<'PY' && pass "--sim-profile: dearer remote lines, fewer ops" || fail "--sim-profile had no effect"
import csv, sys
f, s = (next(csv.DictReader(open(p))) for p in sys.argv[1:])
assert s["sim_profile_from"].endswith("slow.prof"), s["sim_profile_from"]
assert float(s["ops_per_s"]) < 0.65 * float(f["ops_per_s"]), (f["ops_per_s"], s["ops_per_s"])
PY

# op_ns: the measured loop's own work; the null lock's simulated loop is two plain
# hits and it an operation (--c2c's op_ns is the real loop's time less those two)
for op in 0 1.5; do
	printf 'plain_hit_ns 0.5\nop_ns %s\n' "$op" >"$TMPD/op.prof"
	"$LOCKBENCH" --simulate --sim-profile="$TMPD/op.prof" --sim-jitter=0 --lock=null \
		--threads=1 --load=0 --duration=0.001 -f csv >"$TMPD/op.csv" 2>/dev/null
	python3 - "$TMPD/op.csv" "$op" <<'PY' && pass "op_ns $op: null's simulated operation" ||
import csv, sys
r = next(csv.DictReader(open(sys.argv[1])))
want = 2 * 0.5 + float(sys.argv[2])
assert abs(float(r["ns_per_op"]) - want) < 0.001, (r["ns_per_op"], want)
PY
		fail "op_ns $op: null's simulated operation is not two plain hits and op_ns"
done

# tas's counters in the simulation: none alone; at two threads some waits, each
# of at least one failed exchange (the counts of a seeded run, so never luck)
"$LOCKBENCH" --simulate --topology=build-vm-2c --lock=tas --threads=1,2 --load=0 \
	--duration=0.001 -f csv >"$TMPD/tas.csv" 2>"$TMPD/err" || fail "tas: $(cat "$TMPD/err")"
python3 - "$TMPD/tas.csv" <<'PY' && pass "tas counts its waits and failed exchanges" ||
import csv, sys
rows = {int(r["threads"]): dict(kv.split("=") for kv in r["counters"].split(";"))
        for r in csv.DictReader(open(sys.argv[1]))}
one, two = rows[1], rows[2]
assert int(one["spin-waits"]) == 0 and int(one["xchg-fails"]) == 0, one
assert 0 < int(two["spin-waits"]) <= int(two["xchg-fails"]), two
PY
	fail "tas's counters: $(cat "$TMPD/tas.csv")"

# the watchdog: no progress for --timeout virtual seconds, and a deadlock
expect_status 4 "a stuck spinning lock" -- --simulate --lock=stall --threads=2 \
	--duration=0.01 --timeout=0.001 -q
grep -q 'made no progress for .* virtual s (--timeout=0.001)' "$TMPD/err" ||
	fail "its diagnosis: $(cat "$TMPD/err")"
expect_status 4 "a deadlocked sleeping lock" -- --simulate --lock=stall-sleep --threads=3 \
	--duration=1 -q
grep -q 'every thread left is blocked for good' "$TMPD/err" &&
	grep -q 'simulated thread 2 (CPU 0): sleeps on futex' "$TMPD/err" ||
	fail "the deadlock's diagnosis: $(cat "$TMPD/err")"

# --c2c --sim-profile-out: this machine's profile, which --sim-profile reads back
ncpu=$("$LOCKBENCH" --plan --lock=null --threads=max --load=0 | sed -n 's/.* \([0-9]*\) CPUs in the placement.*/\1/p')
if [ "${ncpu:-1}" -ge 2 ]; then
	"$LOCKBENCH" --lock=null --threads=2 --ops=1000 --c2c --sim-profile-out="$TMPD/here.prof" \
		-q >/dev/null 2>"$TMPD/err" || fail "--c2c --sim-profile-out: $(cat "$TMPD/err")"
	grep -q '^name measured$' "$TMPD/here.prof" && grep -q '^pause_ns ' "$TMPD/here.prof" &&
		grep -Eq '^op_ns [0-9.e+-]+$' "$TMPD/here.prof" &&
		grep -Eq '^rmw_overlap_pct [0-9.e+-]+$' "$TMPD/here.prof" &&
		grep -q '^# this machine.s, measured by lockbench --c2c' "$TMPD/here.prof" ||
		fail "the profile written: $(cat "$TMPD/here.prof")"
	# the hold fitted to the measured runs of contending fetch-adds (a run of 1: none;
	# one under 2: after a share of the misses)
	grep -Eq '^hold_ns [0-9.e+-]+$' "$TMPD/here.prof" &&
		grep -Eq '^hold_skip_pct [0-9.e+-]+$' "$TMPD/here.prof" ||
		fail "no hold_ns or hold_skip_pct: $(cat "$TMPD/here.prof")"
	"$LOCKBENCH" --lock=null --threads=2 --ops=1000 --c2c --sim-profile-out="$TMPD/here2.prof" \
		-v >/dev/null 2>"$TMPD/err" || fail "--c2c -v: $(cat "$TMPD/err")"
	# the hold's fit, or (when every run of fetch-adds was one CPU's alone, as on a
	# busy or sanitized build) that none was measured and the base profile's hold stays
	said="--c2c: simulated hold (a mean of )?[0-9.e+-]+ ns( after [0-9.]+% of the misses, none after the others)?: the simulator's contending fetch-adds then run"
	unsaid="--c2c: the hold is the base profile's [0-9.]+ ns: no run of contending fetch-adds"
	if grep -Eq -- "$said [0-9.]+ in a row, the measured [0-9.]+" "$TMPD/err"; then
		pass "the hold's fit is said"
	elif grep -Eq -- "$unsaid was measured" "$TMPD/err" &&
	     grep -Eq 'contending fetch-adds: no run measured \(every run was longer than' \
		     "$TMPD/err"; then
		pass "no run measured, and said so"
	else
		fail "the hold's fit not said: $(cat "$TMPD/err")"
	fi
	expect_status 0 "the written profile reads back" -- --simulate --lock=ticket --threads=2 \
		--duration=0.001 --sim-profile="$TMPD/here.prof" -q
fi
finish

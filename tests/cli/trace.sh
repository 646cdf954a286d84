#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --trace: the kernel's view in the table, -v, CSV and JSON; its switch-outs
# agree with perf's per-thread context switches; and no tracefs instance
# survives a normal run, a failed run, a SIGTERM'd run, nor (once the next
# --trace run has swept it) a SIGKILL'd one. Root only: otherwise --trace
# must refuse with exit 5 and one line, and the rest is skipped.
. "$srcdir/tests/lib.sh"
need_python

if [ "$(id -u)" -ne 0 ]; then
	expect_status 5 "--trace without root" -- --lock=null --threads=1 --load=0 --ops=10 --trace
	grep -q -- "--trace: needs root" "$TMPD/err" && [ "$(wc -l <"$TMPD/err")" -eq 1 ] ||
		fail "not one 'needs root' line: $(cat "$TMPD/err")"
	[ "$failures" -eq 0 ] || finish
	echo "SKIP: the rest needs root"
	exit 77
fi

# run_bg COMMAND...: in the background (env execs lockbench: same pid); $pid is its id
run_bg() {
	"$@" >"$TMPD/out" 2>"$TMPD/err" &
	pid=$!
}

# inst PID: the tracefs instance of process PID (lockbench-PID-START), or nothing
inst() {
	for d in "$tdir/instances/lockbench-$1-"*; do
		[ -d "$d" ] && echo "$d"
	done
}

# wait_point: until lockbench-$pid is in tracefs and the kernel lock's
# temporary directory in $TMPD/k (60 s at most: seconds under ASan): the point is running
wait_point() {
	n=0
	while { [ -z "$(inst "$pid")" ] || [ -z "$(ls -A "$TMPD/k")" ]; } &&
	      [ "$n" -lt 600 ]; do
		sleep 0.1
		n=$((n + 1))
	done
}

# no_instance WHAT: lockbench-$pid must not be in tracefs
no_instance() {
	if [ -n "$(inst "$pid")" ]; then
		fail "$1: the tracefs instance $(inst "$pid") is still there"
		rmdir "$(inst "$pid")"
	else
		pass "$1: no instance lockbench-$pid left"
	fi
}

# 1. a normal run: the block after the table, -v, CSV and JSON
run_bg "$LOCKBENCH" --lock=pthread-mutex --threads=2 --load=1 --duration=0.3 --trace --perf -v \
	-f table,csv,json
wait "$pid" || fail "--trace run: exit $?: $(cat "$TMPD/err")"
tdir=$(awk '$3 == "tracefs" {print $2; exit}' /proc/mounts)
[ -n "$tdir" ] && [ -d "$tdir/instances" ] || { fail "--trace did not mount tracefs"; finish; }
no_instance "normal run"
grep -q '^kernel view (--trace' "$TMPD/out" || fail "no kernel view block after the table"
grep -q 'tracing perturbs the run' "$TMPD/out" || fail "the block does not say that tracing perturbs"
grep -Eq '^pthread-mutex/0:1  2  load 1: switch-outs [0-9]+ \(preempted [0-9]+, sleeping [0-9]+, blocked [0-9]+\); kernel lock contention ' \
	"$TMPD/out" || fail "no per-point line in the kernel view block"
grep -Eq '^lockbench:   trace: switch-outs [0-9]+ .* events in [0-9.]+ ms$' "$TMPD/err" ||
	fail "-v has no trace line: $(cat "$TMPD/err")"
python3 - "$TMPD/out" <<'PY' || fail "csv and json"
import csv, io, json, sys
text = open(sys.argv[1]).read()
rows = list(csv.DictReader(io.StringIO(text[text.index("format_version,"):text.index("{")])))
assert len(rows) == 1
r = rows[0]
doc = json.loads(text[text.index("{"):])
res = doc["results"][0]
tr = res["trace"]
for k in ("switch_outs", "preempted", "sleeping", "blocked", "contentions", "waits",
          "wait_ns", "events", "lost_events", "classes", "locks", "traced_ms"):
    assert k in tr, k
assert doc["config"]["trace"] is True
assert tr["traced_ms"] >= 250, tr["traced_ms"]
assert int(r["trace_switch_outs"]) == tr["switch_outs"], (r["trace_switch_outs"], tr["switch_outs"])
assert int(r["trace_contentions"]) == tr["contentions"]
assert int(r["trace_lost_events"]) == tr["lost_events"]
assert tr["preempted"] + tr["sleeping"] + tr["blocked"] <= tr["switch_outs"]
# every class is a combination of the six flags, and the classes add up
assert sum(c["count"] for c in tr["classes"]) == tr["contentions"], tr["classes"]
for c in tr["classes"]:
    assert 0 <= c["flags_value"] < 64 and c["waits"] <= c["count"], c
spin = sum(c["count"] for c in tr["classes"] if c["flags_value"] & 1)
assert int(r["trace_spin_contentions"]) == spin, (r["trace_spin_contentions"], spin)
for l in tr["locks"]:
    assert l["addr"].startswith("0x") and int(l["addr"], 16) != 0, l
# each thread: its own kernel thread id, and the point's figures are their sum
tids = [t["trace"]["tid_os"] for t in res["per_thread"]]
assert len(set(tids)) == 2 and all(t > 0 for t in tids), tids
for k in ("switch_outs", "preempted", "sleeping", "blocked", "contentions"):
    assert sum(t["trace"][k] for t in res["per_thread"]) == tr[k], k
# the kernel's switch-outs of each thread are perf's context switches, plus
# the ones between recording on and perf's enable: a thread that waits long
# at the start barrier yields the CPU, and the warm-up (the same loop, up to
# 10 ms of the 0.3 s, a thirtieth) runs before perf counts; and the exit
if not tr["lost_events"]:
    for t in res["per_thread"]:
        cs = t["perf"]["context-switches"]
        so = t["trace"]["switch_outs"]
        assert isinstance(cs, int) and 0 <= so - cs <= 3 + cs // 10, (t["tid"], so, cs)
# a contended futex-based mutex at 2 threads sleeps in FUTEX_WAIT (S)
assert tr["sleeping"] > 0, tr
print("ok: %d switch-outs (%d sleeping), %d contentions in %d classes" %
      (tr["switch_outs"], tr["sleeping"], tr["contentions"], len(tr["classes"])))
PY
# without --trace: no block, empty columns
"$LOCKBENCH" --lock=null --threads=1 --load=0 --ops=100 -f table,csv >"$TMPD/plain" ||
	fail "plain run"
grep -q 'kernel view' "$TMPD/plain" && fail "a block without --trace"
python3 - "$TMPD/plain" <<'PY' || fail "trace columns without --trace"
import csv, io, sys
text = open(sys.argv[1]).read()
r = next(csv.DictReader(io.StringIO(text[text.index("format_version,"):])))
assert all(r[k] == "" for k in r if k.startswith("trace_")), {k: r[k] for k in r if k.startswith("trace_")}
PY

# 2. failed runs leave nothing either: a validation failure (exit 3; busted's
#    race shows in most runs, not all), the watchdog (exit 4), a lock whose
#    init() fails (exit 1: no directory for its file)
for try in 1 2 3 4 5; do
	run_bg "$LOCKBENCH" --lock=busted --threads=2 --load=1 --duration=1 --validate --trace
	wait "$pid"
	rc=$?
	[ "$rc" -eq 3 ] && break
done
[ "$rc" -eq 3 ] || fail "busted --validate --trace: exit $rc, want 3: $(cat "$TMPD/err")"
no_instance "validation failure (exit $rc)"
run_bg "$LOCKBENCH" --lock=stall --threads=2 --load=0 --duration=5 --timeout=0.5 --trace
wait "$pid"
rc=$?
[ "$rc" -eq 4 ] || fail "stall --trace: exit $rc, want 4: $(cat "$TMPD/err")"
no_instance "watchdog (exit $rc)"
run_bg env TMPDIR="$TMPD/none" "$LOCKBENCH" --lock=kernel-file --threads=2 --load=0 \
	--duration=0.1 --trace
wait "$pid"
rc=$?
[ "$rc" -eq 1 ] || fail "kernel-file in a missing TMPDIR: exit $rc, want 1: $(cat "$TMPD/err")"
no_instance "init failure (exit $rc)"

# 3. SIGTERM in the middle of a point: the handler removes the instance and
#    the kernel lock's temporary directory
mkdir "$TMPD/k"
run_bg env TMPDIR="$TMPD/k" "$LOCKBENCH" --lock=kernel-flock --threads=2 --load=1 --duration=20 \
	--trace
wait_point
[ -n "$(inst "$pid")" ] || fail "SIGTERM: the instance never appeared"
[ -n "$(ls -A "$TMPD/k")" ] || fail "SIGTERM: no temporary directory of kernel-flock"
sleep 0.5
kill -TERM "$pid"
wait "$pid"
rc=$?
[ "$rc" -eq 143 ] || fail "SIGTERM: exit $rc, want 143"
no_instance "SIGTERM'd run"
[ -z "$(ls -A "$TMPD/k")" ] || fail "SIGTERM: the kernel lock left $(ls -A "$TMPD/k")"

# 4. SIGKILL leaves the instance (nothing runs); the next --trace run sweeps it
run_bg env TMPDIR="$TMPD/k" "$LOCKBENCH" --lock=kernel-flock --threads=2 --load=1 --duration=20 \
	--trace
wait_point
sleep 0.3
kill -KILL "$pid"
wait "$pid"
killed=$pid
[ -n "$(inst "$killed")" ] || fail "SIGKILL: no instance to sweep"
[ -n "$(ls -A "$TMPD/k")" ] || fail "SIGKILL: no temporary directory to sweep"
env TMPDIR="$TMPD/k" "$LOCKBENCH" --lock=kernel-flock --threads=1 --load=0 --duration=0.05 \
	--trace -v >"$TMPD/out" 2>"$TMPD/err" || fail "the run after SIGKILL: $(cat "$TMPD/err")"
if [ -n "$(inst "$killed")" ]; then
	fail "the next --trace run did not remove $(inst "$killed")"
	rmdir "$(inst "$killed")"
else
	pass "SIGKILL'd run: the next --trace run removed lockbench-$killed"
fi
[ -z "$(ls -A "$TMPD/k")" ] || fail "SIGKILL: the next run left $(ls -A "$TMPD/k")"

# 5. a user who is not root gets exit 5 and one line
if command -v setpriv >/dev/null 2>&1; then
	setpriv --reuid=65534 --regid=65534 --clear-groups "$LOCKBENCH" --lock=null --threads=1 \
		--load=0 --ops=10 --trace >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	if [ "$rc" -eq 5 ] && [ "$(wc -l <"$TMPD/err")" -eq 1 ] &&
	   grep -q -- "--trace: needs root" "$TMPD/err"; then
		pass "not root: exit 5, $(cat "$TMPD/err")"
	else
		fail "not root: exit $rc, want 5 and one 'needs root' line: $(cat "$TMPD/err")"
	fi
fi
finish

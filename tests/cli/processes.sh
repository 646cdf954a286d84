#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --processes: each worker a process sharing the lock through a shared
# mapping. The acceptance run validates, bravo's too (its table shared);
# a group SIGINT or SIGTERM stops the run with the finished points written; a lock that cannot be shared and a
# scenario with roles are refused with one line; the workers are processes
# with shared futexes (where strace exists); busted fails validation (3),
# stall trips the watchdog (4) and leaves no child behind, a killed child
# is a runtime error (1) naming it; --latency and --perf report per child.
# As root, --trace sees the children sleep in the lock's futex.
. "$srcdir/tests/lib.sh"
need_python

# 1. acceptance 1, shorter: four locks, read and write, validated, as processes
expect_status 0 "ticket, mutex, rwsem, pthread-mutex-shared as processes, validated" -- \
	--processes --lock=ticket,mutex,rwsem,pthread-mutex-shared,pthread-rwlock-shared \
	--ratio=1:1 --threads=2 --load=1 --duration=0.3 --validate --timeout=30
expect_status 0 "queue and sleeping locks, oversubscribed processes, validated" -- \
	--processes --lock=mcs,qspinlock,osq,rwsem-xadd,percpu-rwsem,frwlock --ratio=1:1 \
	--threads=4 --load=1 --duration=0.2 --validate --timeout=30

# bravo's readers' table is shared by the processes: on the heap before the
# fork, each worker had its copy, writers missed other processes' fast
# readers and --validate failed (exit 3) in about half the runs
n=0
while [ "$n" -lt 5 ]; do
	"$LOCKBENCH" --lock=bravo --validate --processes --threads=4 --ratio=10:1 --duration=0.3 \
		--timeout=30 -q >"$TMPD/out" 2>"$TMPD/err" || break
	n=$((n + 1))
done
[ "$n" -eq 5 ] && pass "bravo as processes, validated 5 times" ||
	fail "bravo as processes: run $((n + 1)) of 5 failed: $(cat "$TMPD/err")"

# Ctrl-C and a group SIGTERM (as a terminal sends them, to every process of
# the group) while the second point runs: the workers leave them to the
# parent, which stops the point; 130 / 143, the first point written, marked
# partial (the workers died of the signal: exit 1, every point lost)
for sig in 2 15; do
	python3 - "$LOCKBENCH" "$sig" "$TMPD/sig.csv" >"$TMPD/sig.out" <<'PY'
import os, subprocess, sys, time
lb, sig, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
p = subprocess.Popen([lb, "--processes", "--lock=ticket,mcs,tas,ttas", "--threads=2",
                      "--load=1", "--duration=0.3", "-f", "csv", "-o", out],
                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
def kids():
    try:
        return open("/proc/%d/task/%d/children" % (p.pid, p.pid)).read().split()
    except OSError:
        return []
first, deadline = [], time.time() + 30
while time.time() < deadline and not first:	# the first point's workers
    first = kids()
    time.sleep(0.02)
while time.time() < deadline:			# then the second point's
    k = kids()
    if k and set(k).isdisjoint(first):
        break
    time.sleep(0.02)
time.sleep(0.1)
os.killpg(p.pid, sig)
err = p.communicate(timeout=30)[1].decode()
sys.stdout.write("%d\n%s" % (p.returncode, err))
PY
	rc=$(head -n 1 "$TMPD/sig.out")
	want=$((128 + sig))
	if [ "$rc" = "$want" ] && grep -q "interrupted (SIG[A-Z]*) after [1-3] of 4 points" "$TMPD/sig.out" &&
	   python3 -c 'import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert 1 <= len(rows) <= 3 and all(r["partial"] == "1" for r in rows), rows' "$TMPD/sig.csv"; then
		pass "signal $sig to the group of --processes: exit $rc, finished points written, partial"
	else
		fail "signal $sig to the group of --processes: exit $rc, want $want: $(tail -n +2 "$TMPD/sig.out")"
	fi
	rm -f "$TMPD/sig.csv"
done

# 2. refusals: exit 5 and the lock's reason, one line; roles: exit 2
for l in aqticket pthread-mutex pthread-rwlock kernel-mmap; do
	if expect_status 5 "$l cannot be shared" -- --processes --lock="ticket,$l" --threads=2 \
		--duration=0.1; then
		[ "$(wc -l <"$TMPD/err")" -eq 1 ] &&
			grep -q -- "--processes: lock $l cannot be shared by processes: ." \
				"$TMPD/err" ||
			fail "$l: not one line naming the lock and why: $(cat "$TMPD/err")"
	fi
done
usage_error "--processes with roles" -- --processes --scenario=roles --lock=rwsem --readers=1 \
	--writers=1 --duration=0.1
"$LOCKBENCH" --list-locks >"$TMPD/list" || fail "--list-locks"
grep -Eq '^mutex +excl +sleep +B-T-PV ' "$TMPD/list" || fail "mutex is not flagged P"
grep -Eq '^aqticket +excl +spin +-FT--V ' "$TMPD/list" || fail "aqticket is flagged P"
grep -q 'P may be shared by processes' "$TMPD/list" || fail "the legend does not explain P"

# 3. the workers are processes (fork: no CLONE_THREAD) and the futexes shared;
# not under a sanitizer, whose runtime has futexes of its own and whose
# LeakSanitizer cannot run under ptrace
if grep -q __asan_init "$LOCKBENCH" 2>/dev/null || grep -q __tsan_init "$LOCKBENCH" 2>/dev/null; then
	echo "the strace check of forks and futex flags: not under a sanitizer"
elif command -v strace >/dev/null 2>&1; then
	strace -f -qq -e trace=clone,clone3,futex -o "$TMPD/strace" "$LOCKBENCH" --processes \
		--lock=mutex,pthread-mutex-shared --threads=4 --load=10 --duration=0.2 -q >/dev/null
	forks=$(grep -c 'clone.*SIGCHLD' "$TMPD/strace")
	threads=$(grep -c 'CLONE_THREAD' "$TMPD/strace")
	shared=$(grep -Ec 'FUTEX_(WAIT|WAKE)[,|]' "$TMPD/strace")
	private=$(grep -c 'FUTEX_[A-Z]*_PRIVATE' "$TMPD/strace")
	if [ "$forks" -eq 8 ] && [ "$threads" -eq 0 ] && [ "$shared" -gt 0 ] &&
	   [ "$private" -eq 0 ]; then
		pass "8 forked workers, no thread; $shared shared futex calls, no private one"
	else
		fail "forks $forks (want 8), threads $threads (want 0), shared futex calls" \
			"$shared, private $private (want 0)"
	fi
	strace -f -qq -e trace=futex -o "$TMPD/strace" "$LOCKBENCH" --lock=mutex --threads=4 \
		--load=10 --duration=0.2 -q >/dev/null
	grep -q 'FUTEX_WAIT_PRIVATE' "$TMPD/strace" ||
		fail "threads: the mutex's futexes are not private"
else
	echo "(no strace: the fork and futex check is skipped)"
fi

# 4. the controls: validation (3) and the watchdog (4), no child left behind
expect_status 3 "busted as processes fails validation" -- --processes --lock=busted --threads=2 \
	--duration=0.3 --validate
"$LOCKBENCH" --processes --lock=stall --threads=2 --duration=5 --timeout=1 -q \
	>"$TMPD/out" 2>"$TMPD/err" &
pid=$!
n=0
kids=
while [ -z "$kids" ] && [ "$n" -lt 50 ]; do
	sleep 0.1
	kids=$(cat "/proc/$pid/task/$pid/children" 2>/dev/null)
	n=$((n + 1))
done
wait "$pid"
rc=$?
[ "$rc" -eq 4 ] && pass "stall as processes: the watchdog (exit 4)" ||
	fail "stall: exit $rc, want 4"
sleep 0.3
for k in $kids; do
	if [ -d "/proc/$k" ] && ! grep -q '^State:.*Z' "/proc/$k/status" 2>/dev/null; then
		fail "child $k outlived the watchdog's exit"
		kill -KILL "$k"
	fi
done

# 5. a child that dies: exit 1 and one line naming it
"$LOCKBENCH" --processes --lock=ticket --threads=2 --duration=10 -q >"$TMPD/out" 2>"$TMPD/err" &
pid=$!
n=0
kids=
while [ "$(echo "$kids" | wc -w)" -lt 2 ] && [ "$n" -lt 50 ]; do
	sleep 0.1
	kids=$(cat "/proc/$pid/task/$pid/children" 2>/dev/null)
	n=$((n + 1))
done
victim=$(echo "$kids" | awk '{print $1}')
if [ -n "$victim" ]; then
	sleep 0.2
	kill -KILL "$victim"
	wait "$pid"
	rc=$?
	if [ "$rc" -eq 1 ] &&
	   grep -q "worker process [01] (pid $victim) killed by signal 9" "$TMPD/err"; then
		pass "a killed child: exit 1, $(cat "$TMPD/err")"
	else
		fail "a killed child: exit $rc, want 1 naming pid $victim: $(cat "$TMPD/err")"
	fi
else
	kill "$pid"
	fail "no children seen"
fi

# 6. --latency and --perf, per child
if expect_status 0 "--latency as processes" -- --processes --lock=ticket,mutex --threads=2 \
	--load=1 --duration=0.2 --latency -f csv; then
	python3 - "$TMPD/out" <<'PY' || fail "--latency: no percentiles from the children"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 2, rows
for r in rows:
    assert int(r["ops_total"]) > 0 and float(r["lat_p99_cycles"]) > 0, r
PY
fi
if "$LOCKBENCH" --processes --lock=mutex --threads=2 --load=1 --duration=0.2 --perf -f csv \
	>"$TMPD/out" 2>"$TMPD/err"; then
	if python3 - "$TMPD/out" <<'PY'
import csv, sys
r = next(csv.DictReader(open(sys.argv[1])))
assert float(r["perf_task_clock_ms"]) > 0, r
PY
	then
		pass "--perf: each child's task clock"
	else
		fail "--perf: no task clock"
	fi
else
	echo "(--perf unavailable here: $(cat "$TMPD/err"))"
fi

# a results file says which mode ran
"$LOCKBENCH" --lock=ticket --threads=2 --duration=0.05 --processes -f csv >"$TMPD/p.csv" 2>"$TMPD/err" &&
"$LOCKBENCH" --lock=ticket --threads=2 --duration=0.05 -f csv >"$TMPD/t.csv" 2>>"$TMPD/err" ||
	fail "processes column runs: $(cat "$TMPD/err")"
col() { python3 -c 'import csv, sys; print(next(csv.DictReader(open(sys.argv[1])))["processes"])' "$1"; }
[ "$(col "$TMPD/p.csv")" = 1 ] && [ "$(col "$TMPD/t.csv")" = 0 ] &&
	pass "CSV column processes: 1 with --processes, 0 with threads" ||
	fail "CSV column processes: $(col "$TMPD/p.csv") and $(col "$TMPD/t.csv")"

# 7. root: --trace follows the children, which sleep in the mutex's futex
if [ "$(id -u)" -ne 0 ] ||
   ! "$LOCKBENCH" --lock=null --threads=1 --ops=10 --load=0 --trace -q >/dev/null 2>&1; then
	[ "$failures" -eq 0 ] || finish
	echo "SKIP: the --trace part needs root and a build with libtracefs (the parts above passed)"
	exit 77
fi
if expect_status 0 "--trace as processes" -- --processes --lock=mutex --threads=4 --load=10 \
	--duration=0.3 --trace -f csv; then
	if python3 - "$TMPD/out" <<'PY'
import csv, sys
ctr = lambda r: dict(kv.split("=", 1) for kv in r["counters"].split(";") if kv)
r = next(csv.DictReader(open(sys.argv[1])))
sleeps, seen = int(ctr(r)["sleeps"]), int(r["trace_sleeping"])
print("    the lock's FUTEX_WAITs that slept %d, the trace's sleeping switch-outs %d"
      % (sleeps, seen))
assert sleeps > 0 and seen > 0, r
PY
	then
		pass "--trace: the children's sleeps in the futex"
	else
		fail "--trace: no sleeping switch-out of the children"
	fi
fi
finish

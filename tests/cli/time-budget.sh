#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The time budget: --point-timeout stops a point that runs too
# long and marks it in every format, and bounds one that cannot stop; a spinning
# lock with more threads than
# CPUs is warned about; Ctrl-C and SIGTERM write the points that finished,
# marked partial, and exit 130 / 143; the estimate in --plan.
. "$srcdir/tests/lib.sh"

# a FIFO spinlock with 4 threads on one CPU: each hand-off waits for a preempted waiter
start=$(date +%s)
"$LOCKBENCH" --lock=ticket --cpus=0 --threads=4 --load=1 --ops=100000000 --point-timeout=1 \
	-f table,csv,json >"$TMPD/out" 2>"$TMPD/err"
rc=$?
took=$(($(date +%s) - start))
[ "$rc" -eq 0 ] || fail "timed-out point: exit $rc, want 0: $(cat "$TMPD/err")"
[ "$took" -le 10 ] || fail "--point-timeout=1 took $took s"
grep -q "warning: the spinning lock ticket gets up to 4 threads on 1 CPU:" "$TMPD/err" ||
	fail "no oversubscription warning: $(cat "$TMPD/err")"
grep -q "1 of 1 point timed out after [0-9.]* s (--point-timeout; the first ticket/0:1 threads=4" "$TMPD/err" || fail "no timed-out line: $(cat "$TMPD/err")"
# "*" after it: a thread also ran less than its share of the CPU (a busy machine)
grep -q "^ticket/0:1  *4  *1:[0-9.]*!\\*\\{0,1\\}$" "$TMPD/out" || fail "table: no '!' mark: $(cat "$TMPD/out")"
grep -q "^! 1 point timed out" "$TMPD/out" || fail "table: no note under the table"
# a CSV column by name (python3's csv: quoted fields hold commas), one value per row
csv_col() {
	python3 -c 'import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if r]
h = next(i for i, r in enumerate(rows) if r[0] == "format_version")
c = rows[h].index(sys.argv[2])
for r in rows[h + 1:]:
	if r[0][:1].isdigit() and len(r) > c: print(r[c])' "$1" "$2"
}
if command -v python3 >/dev/null 2>&1; then
	csv_col "$TMPD/out" timed_out | grep -qx 1 || fail "CSV: timed_out is not 1"
fi
grep -q '"timed_out": true' "$TMPD/out" || fail "JSON: no \"timed_out\": true"
[ "$failures" -eq 0 ] && pass "a point past --point-timeout is stopped and marked (table, CSV, JSON)"

# A point whose threads cannot stop: the hidden stall locks stop releasing
# after 1000 acquisitions (a spinning one, and stall-sleep, whose waiters
# sleep in FUTEX_WAIT), so no thread ever sees the stop flag again. With
# the watchdog later than the cap, the point is abandoned a grace (1 s)
# after its cap: its threads parked where they are (processes killed),
# marked, exit 0 and the next point runs. (It hung, or exit 4 and every
# result lost.) `timeout` only keeps a regression from hanging the suite.
abandoned() {
	what=$1; shift
	timeout -k 5 60 "$LOCKBENCH" "$@" --load=0 --duration=5 --point-timeout=1 --timeout=20 \
		-f csv -o "$TMPD/ab.csv" >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	if [ "$rc" -ne 0 ]; then
		fail "$what: exit $rc, want 0: $(cat "$TMPD/err")"
		return
	fi
	python3 - "$TMPD/ab.csv" <<'PY' || fail "$what: $(head -c 300 "$TMPD/err")"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 2, rows
stalled, ticket = rows
assert stalled["timed_out"] == "1", stalled["timed_out"]
assert ticket["lock"] == "ticket" and int(ticket["ops_total"]) > 0, ticket
PY
	# each of the N threads that is inside the stalled lock when the cap comes
	# is abandoned; one that saw the stop between two operations finished
	n=$(echo "$*" | sed 's/.*--threads=\([0-9]*\).*/\1/')
	k=$(sed -n 's/.*timed out after 1 s .*; \([0-9]*\) of their threads could not stop .* and were abandoned.*/\1/p' "$TMPD/err")
	[ -n "$k" ] && [ "$k" -ge 1 ] && [ "$k" -le "$n" ] ||
		fail "$what: no warning of 1 to $n abandoned threads: $(cat "$TMPD/err")"
}
if command -v python3 >/dev/null 2>&1; then
	abandoned "stall, threads" --lock=stall,ticket --threads=2
	abandoned "stall-sleep, threads" --lock=stall-sleep,ticket --threads=3
	abandoned "stall, processes" --lock=stall,ticket --threads=2 --processes
	[ "$failures" -eq 0 ] && pass "points that cannot stop are abandoned and marked, the run goes on"
fi
# the real case: 600 threads of a FIFO spinlock on 2 CPUs, where after the
# stop every hand-off waits for a preempted waiter (the queue took 20 s and
# more to drain): bounded, marked, exit 0
if [ "$(nproc)" -ge 2 ]; then
	timeout -k 5 120 "$LOCKBENCH" --lock=ticket --cpus=0,1 --threads=600 --ratio=0:1 --load=1 \
		--duration=0.1 --point-timeout=1 -f csv -o "$TMPD/ab.csv" 2>"$TMPD/err"
	rc=$?
	[ "$rc" -eq 0 ] && grep -q "timed out after 1 s" "$TMPD/err" &&
		pass "600 threads of ticket on 2 CPUs: stopped and marked, exit 0" ||
		fail "600 threads of ticket on 2 CPUs: exit $rc: $(cat "$TMPD/err")"
fi

# without oversubscription nothing is said, and a short fixed-work point is not "0.0"
"$LOCKBENCH" --lock=ticket --cpus=0 --threads=1 --load=1 --ops=10 >"$TMPD/out" 2>"$TMPD/err" ||
	fail "short point failed"
# (the run hygiene's warnings about other work on a shared machine are not ours)
grep -v "warning: other work\|steal\|SMT" "$TMPD/err" | grep -q . &&
	fail "short point: unexpected message: $(cat "$TMPD/err")"
grep -q "1:0\.0$" "$TMPD/out" && fail "short fixed-work time printed as 0.0: $(cat "$TMPD/out")"
grep -q "^ticket/0:1  *1  *1:[0-9.]*[1-9]" "$TMPD/out" || fail "short time: $(cat "$TMPD/out")"
[ "$failures" -eq 0 ] && pass "no warning without oversubscription; times below 1 ms keep 3 digits"

# JSON: ops_per_thread is null in fixed time, point_timeout_s null when not given
"$LOCKBENCH" --lock=null --threads=1 --load=0 --duration=0.01 -f json >"$TMPD/out" 2>/dev/null
grep -q '"ops_per_thread": null' "$TMPD/out" || fail "JSON: config.ops_per_thread not null"
grep -q '"partial": false' "$TMPD/out" || fail "JSON: no \"partial\": false"

# --plan says how long the run takes
"$LOCKBENCH" --plan --lock=ticket,mcs --threads=1,2 --load=1 --duration=2 >"$TMPD/out" ||
	fail "--plan failed"
grep -q "^# time: 4 points: about 8\(\.[0-9]\)\{0,1\} s" "$TMPD/out" || fail "--plan: no estimate: $(cat "$TMPD/out")"
# fixed work on this machine: probed (estimate.sh checks how well); on a
# planned machine nothing can run: the caps are the bound
"$LOCKBENCH" --plan --lock=ticket --threads=1 --load=1 --ops=1000 --point-timeout=30 >"$TMPD/out"
grep -q "^# time: 1 point: about .* (fixed work: from 1 short probe)" "$TMPD/out" ||
	fail "--plan, fixed work: no probed estimate: $(cat "$TMPD/out")"
"$LOCKBENCH" --plan --topology=westmere-ex-4s40c --lock=ticket --threads=1 --load=1 --ops=1000 \
	--point-timeout=30 >"$TMPD/out"
grep -q "^# time: 1 point of fixed work: at most 30 s" "$TMPD/out" ||
	fail "--plan, fixed work on a planned machine: no bound: $(cat "$TMPD/out")"
[ "$failures" -eq 0 ] && pass "--plan prints the estimated time"

# Ctrl-C: the finished points are written, marked partial, exit 130
interrupt() {
	sig=$1; want=$2; shift 2
	rm -f "$TMPD/run.csv"
	"$LOCKBENCH" --lock=null,ticket --threads=1 --load=1,5 --duration=0.4 "$@" \
		>"$TMPD/out" 2>"$TMPD/err" &
	pid=$!
	sleep 1.5
	kill -s "$sig" "$pid"
	wait "$pid"
	rc=$?
	[ "$rc" -eq "$want" ] || fail "$sig: exit $rc, want $want: $(cat "$TMPD/err")"
	grep -q "interrupted (SIG$sig) after [1-3] of 4 points" "$TMPD/err" ||
		fail "$sig: no interrupted line: $(cat "$TMPD/err")"
}
interrupt INT 130 -f csv -o "$TMPD/run.csv"
[ -f "$TMPD/run.csv" ] || fail "INT: no output file"
rows=$(grep -c '^[0-9]' "$TMPD/run.csv")
[ "$rows" -ge 1 ] && [ "$rows" -le 3 ] || fail "INT: $rows rows, want 1 to 3"
if command -v python3 >/dev/null 2>&1; then
	[ "$(csv_col "$TMPD/run.csv" partial | sort -u)" = 1 ] || fail "INT: rows not marked partial"
fi
[ "$failures" -eq 0 ] && pass "SIGINT: the finished points in the CSV, marked partial, exit 130"
interrupt TERM 143 -f table,json
grep -q "^Interrupted after [1-3] of 4 points" "$TMPD/out" || fail "TERM: table has no note"
grep -q '"partial": true' "$TMPD/out" || fail "TERM: JSON not partial"
grep -q '"points_planned": 4' "$TMPD/out" || fail "TERM: JSON points_planned"
[ "$failures" -eq 0 ] && pass "SIGTERM: table says interrupted, JSON partial, exit 143"
finish

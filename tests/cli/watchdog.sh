#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --timeout: a point that stops making progress (the hidden `stall` lock's
# unlock stops releasing after 1000 acquisitions) is stopped with exit 4 and
# a diagnosis: the lock word (who holds it) and each thread that waits;
# with sleeping waiters too (the hidden `stall-sleep`, a futex lock).
. "$srcdir/tests/lib.sh"

# fixed time: --duration is far longer than the timeout, so only the watchdog ends it
"$LOCKBENCH" --lock=stall --threads=2 --load=0 --duration=5 --timeout=0.5 -o "$TMPD/run.csv" \
	>"$TMPD/out" 2>"$TMPD/err"
rc=$?
[ "$rc" -eq 4 ] || fail "stall, fixed time: exit $rc, want 4"
grep -q "watchdog: point stall/0:1 threads=2 load=0 made no progress for .* (--timeout=0.5); lock word: owner=[12] (held by thread [01], never to be released) after 1000 acquisitions" "$TMPD/err" ||
	fail "no point and lock-word line: $(cat "$TMPD/err")"
for t in 0 1; do
	grep -q "watchdog:   thread $t (cpu [0-9-]*): waiting in operation [0-9]* (lock, critical section or unlock), [0-9]* done" "$TMPD/err" ||
		fail "thread $t is not named as waiting: $(cat "$TMPD/err")"
done
grep -q "watchdog: 2 of 2 threads not finished" "$TMPD/err" || fail "no summary line"
[ -e "$TMPD/run.csv" ] && fail "a stopped run left its output file"
[ -s "$TMPD/out" ] && fail "a stopped run wrote to stdout"
[ "$failures" -eq 0 ] && pass "fixed time: exit 4 with the lock word and both threads"

# fixed work: the diagnosis counts against the operations asked for
"$LOCKBENCH" --lock=stall --threads=3 --load=0 --ops=100000 --timeout=0.5 >"$TMPD/out" 2>"$TMPD/err"
rc=$?
[ "$rc" -eq 4 ] || fail "stall, fixed work: exit $rc, want 4"
[ "$(grep -c "waiting in operation .* of 100000 done" "$TMPD/err")" -eq 3 ] ||
	fail "fixed work: not three waiting threads: $(cat "$TMPD/err")"
# the 1000 acquisitions before the stall are spread over the threads as the
# scheduler had it: their done counts add up to 1000
done_sum=$(sed -n 's/.*waiting in operation [0-9]* (lock, critical section or unlock), \([0-9]*\) of 100000 done.*/\1/p' \
	"$TMPD/err" | awk '{s += $1} END {print s + 0}')
[ "$done_sum" -eq 1000 ] ||
	fail "fixed work: the threads' done counts add up to $done_sum, not the 1000 acquisitions"
[ "$rc" -eq 4 ] && pass "fixed work: exit 4, three waiting threads"

# sleeping waiters: under stall-sleep (a futex lock that stops releasing)
# every thread sleeps in FUTEX_WAIT, and the watchdog still stops the point
"$LOCKBENCH" --lock=stall-sleep --threads=3 --load=0 --duration=10 --timeout=3 \
	-o "$TMPD/sleep.csv" >"$TMPD/out" 2>"$TMPD/err" &
pid=$!
# the workers (lb-worker-N) are asleep (S), not spinning (R): all 3 at
# one look.  A loaded machine (make -j, CI) may be slow to start the run,
# so look every 0.1 s while the point runs and keep the most seen at once.
sleeping=0
tries=0
while [ "$tries" -lt 60 ] && kill -0 "$pid" 2>/dev/null; do
	n=$(cat /proc/"$pid"/task/*/stat 2>/dev/null | grep '(lb-worker-' | sed 's/.*) //' | awk '$1 == "S"' | wc -l)
	[ "$n" -gt "$sleeping" ] && sleeping=$n
	[ "$sleeping" -ge 3 ] && break
	sleep 0.1
	tries=$((tries + 1))
done
wait "$pid"
rc=$?
[ "$rc" -eq 4 ] || fail "stall-sleep: exit $rc, want 4: $(cat "$TMPD/err")"
[ "$sleeping" -ge 3 ] || fail "stall-sleep: $sleeping tasks asleep, want the 3 workers"
grep -q "watchdog: point stall-sleep/0:1 threads=3 load=0 made no progress for .* (--timeout=3); lock word: state=2 (held by thread [012], sleepers in FUTEX_WAIT, never to be released) after 1000 acquisitions" "$TMPD/err" ||
	fail "stall-sleep: no point and lock-word line: $(cat "$TMPD/err")"
grep -q "watchdog: 3 of 3 threads not finished" "$TMPD/err" || fail "stall-sleep: no summary line"
[ -e "$TMPD/sleep.csv" ] && fail "stall-sleep: a stopped run left its output file"
[ "$rc" -eq 4 ] && [ "$sleeping" -ge 3 ] && pass "sleeping waiters: exit 4, $sleeping tasks asleep"

# the stall locks are hidden, like busted
"$LOCKBENCH" --list-locks | grep -q "^stall " && fail "stall is listed"
"$LOCKBENCH" --list-locks | grep -q "^stall-sleep " && fail "stall-sleep is listed"
finish

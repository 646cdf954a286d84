#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --trace: the tracefs instance is named lockbench-<pid>-<start time> and
# owned by that process alone: every terminating signal removes it (INT,
# TERM, HUP, PIPE, USR1, USR2, ALRM, QUIT), `lockbench --trace | true` leaves
# none, a renamed copy of the binary keeps its instance while another run
# starts, and the sweep removes only the instances of processes that are
# gone (or whose pid now has another start time). Root only (skip otherwise).
. "$srcdir/tests/lib.sh"
need_python

if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP: needs root"
	exit 77
fi
"$LOCKBENCH" --lock=null --threads=1 --load=0 --ops=10 --trace >/dev/null 2>"$TMPD/err"
rc=$?
if [ "$rc" -eq 5 ]; then
	echo "SKIP: --trace unavailable: $(cat "$TMPD/err")"
	exit 77
fi
tdir=$(awk '$3 == "tracefs" {print $2; exit}' /proc/mounts)
[ -n "$tdir" ] && [ -d "$tdir/instances" ] || { fail "--trace did not mount tracefs"; finish; }

# inst PID: the instance of process PID, or nothing
inst() {
	for d in "$tdir/instances/lockbench-$1-"*; do
		[ -d "$d" ] && echo "$d"
	done
}

# wait_inst PID: until its instance exists (60 s at most: a --trace run under
# ASan on a busy machine takes seconds to make it)
wait_inst() {
	n=0
	while [ -z "$(inst "$1")" ] && [ "$n" -lt 600 ]; do
		sleep 0.1
		n=$((n + 1))
	done
}

# a background job of a non-interactive shell starts with SIGINT and SIGQUIT
# ignored: python3 -c "$dfl" PROGRAM ARGS... runs it with every signal at its
# default, in the same pid (a shell function would run in a subshell)
dfl='import os, signal, sys
for s in (signal.SIGINT, signal.SIGQUIT, signal.SIGHUP, signal.SIGPIPE):
    signal.signal(s, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])'

# 1. every terminating signal, in the middle of a point
for sig in INT TERM HUP PIPE USR1 USR2 ALRM QUIT; do
	python3 -c "$dfl" "$LOCKBENCH" --lock=null --threads=1 --load=0 --duration=20 --trace >/dev/null \
		2>"$TMPD/err" &
	pid=$!
	wait_inst "$pid"
	[ -n "$(inst "$pid")" ] || fail "SIG$sig: the instance of $pid never appeared"
	name=$(basename "$(inst "$pid")")
	start=$(awk '{print $22}' "/proc/$pid/stat")
	[ "$name" = "lockbench-$pid-$start" ] || fail "instance $name, want lockbench-$pid-$start"
	sleep 0.2
	kill -"$sig" "$pid"
	wait "$pid"
	rc=$?
	want=$((128 + $(kill -l "$sig")))
	[ "$rc" -eq "$want" ] || fail "SIG$sig: exit $rc, want $want: $(cat "$TMPD/err")"
	if [ -n "$(inst "$pid")" ]; then
		fail "SIG$sig: $(inst "$pid") is still there"
		rmdir "$(inst "$pid")"
	else
		pass "SIG$sig: exit $rc, no instance left"
	fi
done

# 2. a reader that is gone: SIGPIPE while writing the results
{ "$LOCKBENCH" --lock=null --threads=1 --load=0 --duration=0.2 --trace -v 2>"$TMPD/err"
  echo $? >"$TMPD/rc"; } | true
name=$(sed -n 's/.*trace: instance .*\/\(lockbench-[0-9-]*\),.*/\1/p' "$TMPD/err")
[ -n "$name" ] || fail "| true: no instance in -v: $(cat "$TMPD/err")"
[ "$(cat "$TMPD/rc")" -eq 141 ] || fail "| true: exit $(cat "$TMPD/rc"), want 141"
if [ -n "$name" ] && [ -d "$tdir/instances/$name" ]; then
	fail "| true: $name is still there"
	rmdir "$tdir/instances/$name"
else
	pass "| true: exit $(cat "$TMPD/rc"), no instance left"
fi

# 3. a renamed copy keeps its instance while another run starts (and
#    sweeps); the copy runs until told to stop, whatever the runs take
cp "$LOCKBENCH" "$TMPD/lb-copy"
"$TMPD/lb-copy" --lock=null --threads=1 --load=0 --duration=60 --trace >/dev/null \
	2>"$TMPD/err.copy" &
copy=$!
wait_inst "$copy"
[ -n "$(inst "$copy")" ] || fail "the copy's instance never appeared"
"$LOCKBENCH" --lock=null --threads=1 --load=0 --duration=0.05 --trace >/dev/null 2>"$TMPD/err" ||
	fail "the second run: $(cat "$TMPD/err")"
kill -0 "$copy" 2>/dev/null || fail "the renamed copy ended early: $(cat "$TMPD/err.copy")"
[ -n "$(inst "$copy")" ] || fail "another run removed the renamed copy's live instance"
kill -TERM "$copy"
wait "$copy"
rc=$?
[ "$rc" -eq 143 ] || fail "the renamed copy: exit $rc, want 143: $(cat "$TMPD/err.copy")"
[ -z "$(inst "$copy")" ] || fail "the copy left $(inst "$copy")"
[ "$failures" -eq 0 ] && pass "a renamed copy keeps its instance"

# 4. the sweep: a dead pid's instance and one whose pid has another start
#    time go; a live process's (this shell's, with its start time) stays
sleep 0 &
dead=$!
wait "$dead"
me=$$
mystart=$(awk '{print $22}' "/proc/$me/stat")
mkdir "$tdir/instances/lockbench-$dead-1" "$tdir/instances/lockbench-$me-$((mystart + 1))" \
	"$tdir/instances/lockbench-$me-$mystart" || fail "cannot make the fake instances"
"$LOCKBENCH" --lock=null --threads=1 --load=0 --ops=10 --trace >/dev/null 2>"$TMPD/err" ||
	fail "the sweeping run: $(cat "$TMPD/err")"
[ -d "$tdir/instances/lockbench-$dead-1" ] && fail "a dead pid's instance was kept"
[ -d "$tdir/instances/lockbench-$me-$((mystart + 1))" ] &&
	fail "an instance of a reused pid (another start time) was kept"
[ -d "$tdir/instances/lockbench-$me-$mystart" ] || fail "a live process's instance was removed"
for d in "lockbench-$dead-1" "lockbench-$me-$((mystart + 1))" "lockbench-$me-$mystart"; do
	[ -d "$tdir/instances/$d" ] && rmdir "$tdir/instances/$d"
done
[ "$failures" -eq 0 ] && pass "the sweep removes the dead and reused pids' instances only"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The kernel's own locks (family kernel) without --trace, as any user: the
# family selects the four, each runs with no failed system call, and the
# temporary directory of their files is gone after a normal run, a failed
# init() and a SIGTERM; one a SIGKILL'd run left is swept by the next run,
# and only that. (tests/cli/trace-kernel.sh checks, as root, that each hits
# the kernel lock it names.)
. "$srcdir/tests/lib.sh"
need_python
k="$TMPD/k"
mkdir "$k"

"$LOCKBENCH" --list-locks >"$TMPD/list" || fail "--list-locks"
[ "$(awk '$3 == "kernel" {print $1}' "$TMPD/list" | tr '\n' ' ')" = \
  "kernel-mmap kernel-futex kernel-flock kernel-file " ] ||
	fail "family kernel: $(awk '$3 == "kernel"' "$TMPD/list")"
grep -Eq '^kernel-flock +rw +kernel +B-T-' "$TMPD/list" || fail "kernel-flock: rw, blocking, trylock"

env TMPDIR="$k" "$LOCKBENCH" --lock=kernel --threads=2 --ratio=1:1 --load=1 --duration=0.1 -f json \
	>"$TMPD/out.json" 2>"$TMPD/err" || fail "--lock=kernel: $(cat "$TMPD/err")"
python3 - "$TMPD/out.json" <<'PY' || fail "the four kernel locks"
import json, sys
doc = json.load(open(sys.argv[1]))
names = [r["lock"] for r in doc["results"]]
assert names == ["kernel-mmap", "kernel-futex", "kernel-flock", "kernel-file"], names
for r in doc["results"]:
    assert r["counters"]["syscall-errors"] == 0, (r["lock"], r["counters"])
    assert r["ops_total"] > 0, r["lock"]
    if r["lock"] != "kernel-futex":
        assert r["read_ops"] > 0 and r["write_ops"] > 0, (r["lock"], r["read_ops"], r["write_ops"])
print("ok: " + ", ".join("%s %d ops" % (r["lock"], r["ops_total"]) for r in doc["results"]))
PY
[ -z "$(ls -A "$k")" ] || fail "a normal run left $(ls -A "$k")"

# init() fails (no directory for the files): exit 1, one line, nothing left
for l in kernel-flock kernel-file; do
	env TMPDIR="$k/missing" "$LOCKBENCH" --lock=$l --threads=2 --load=0 --duration=0.1 \
		>"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	if [ "$rc" -eq 1 ] && [ "$(wc -l <"$TMPD/err")" -eq 1 ] &&
	   grep -q "lock $l: init failed: cannot make its temporary directory in $k/missing (\$TMPDIR): No such file or directory" "$TMPD/err"; then
		pass "$l, no TMPDIR: $(cat "$TMPD/err")"
	else
		fail "$l, no TMPDIR: exit $rc, want 1 and one line: $(cat "$TMPD/err")"
	fi
done
[ -z "$(ls -A "$k")" ] || fail "a failed init left $(ls -A "$k")"

# SIGTERM in the middle of a point: the handler removes the directory
env TMPDIR="$k" "$LOCKBENCH" --lock=kernel-flock --threads=2 --load=1 --duration=20 \
	>"$TMPD/out" 2>"$TMPD/err" &
pid=$!
n=0
while [ -z "$(ls -A "$k")" ] && [ "$n" -lt 100 ]; do
	sleep 0.1
	n=$((n + 1))
done
ls "$k" | grep -q "^lockbench-$pid-kernel-flock\." || fail "SIGTERM: no directory lockbench-$pid-kernel-flock.*"
kill -TERM "$pid"
wait "$pid"
rc=$?
[ "$rc" -eq 143 ] || fail "SIGTERM: exit $rc, want 143"
[ -z "$(ls -A "$k")" ] && pass "SIGTERM: nothing left" || fail "SIGTERM left $(ls -A "$k")"

# what a SIGKILL'd run leaves (pid 999999999 never runs: above pid_max) is
# swept by the next run; a directory with a file we did not make stays
mkdir "$k/lockbench-999999999-kernel-flock.AbC123" "$k/lockbench-999999999-kernel-file.XyZ789"
: >"$k/lockbench-999999999-kernel-flock.AbC123/lock"
: >"$k/lockbench-999999999-kernel-file.XyZ789/notours"
env TMPDIR="$k" "$LOCKBENCH" --lock=kernel-flock --threads=1 --load=0 --duration=0.05 \
	>"$TMPD/out" 2>"$TMPD/err" || fail "the run after a kill: $(cat "$TMPD/err")"
[ -e "$k/lockbench-999999999-kernel-flock.AbC123" ] && fail "the stale directory was not swept"
[ -e "$k/lockbench-999999999-kernel-file.XyZ789/notours" ] || fail "a directory with a foreign file was removed"
[ "$failures" -eq 0 ] && pass "stale directory swept, a foreign one kept"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Each kernel-* lock hits the kernel lock it names: run at 2 threads with
# --trace and check the lock:contention_begin events it causes.
#   kernel-mmap  1:1  one lock address with WRITE and READ contention and no
#                     other class (an rwsem: the mm's mmap_lock), and D waits
#   kernel-file  1:1  the same for the inode's i_rwsem (on ext4 or btrfs,
#                     where lseek(SEEK_DATA) takes it shared; skipped elsewhere)
#   kernel-futex 0:1  SPIN contention, at least half of it on one lock (the
#                     futex hash bucket's spinlock; RT on PREEMPT_RT)
#   kernel-flock 1:0  the same (LOCK_SH never sleeps: the file's flc_lock),
#                0:1  LOCK_EX waiters sleep interruptibly (S), and 90% of the
#                     contention is on spinlocks (flc_lock, blocked_lock_lock
#                     and the run queues' locks of the wake-ups)
# Contention needs threads running at once and is a matter of chance: each
# check gets three runs of growing length before it fails; with one CPU the
# test skips. A spinlock's lock:contention_begin fires only when a waiter
# queues (a third contender, or the pending bit taken), so two threads see
# it by chance: with fewer than 3 CPUs the spinlock checks (kernel-futex,
# kernel-flock 1:0) ask only that the system calls ran without an error and
# that whatever contention the run saw is on one spinlock; with 3 or more
# CPUs they run 3 threads and ask for the contention. The rwsem checks and
# the sleeping LOCK_EX waiters are deterministic at 2 threads. Root only
# (tracefs).
. "$srcdir/tests/lib.sh"
need_python
[ "$(id -u)" -eq 0 ] || { echo "SKIP: --trace needs root"; exit 77; }
ncpu=$("$LOCKBENCH" --plan --lock=null --threads=max --load=0 | sed -n 's/.* \([0-9]*\) CPUs\{0,1\} in the placement.*/\1/p')
[ "${ncpu:-1}" -ge 2 ] || { echo "SKIP: needs 2 CPUs for the threads to contend"; exit 77; }
case $(uname -v) in *PREEMPT_RT*) spin=8 ;; *) spin=1 ;; esac	# spinlock_t is an rt_mutex there

# the spinlock checks contend with 3 threads where 3 CPUs can run them
spinthreads=2
[ "$ncpu" -ge 3 ] && spinthreads=3

# check NAME LOCK RATIO [THREADS]: run until the python check NAME passes (3 tries)
check() {
	name=$1 lock=$2 ratio=$3 nt=${4:-2}
	for d in 0.3 0.6 1.2; do
		env TMPDIR="$TMPD" "$LOCKBENCH" --lock="$lock" --threads="$nt" --ratio="$ratio" --load=1 \
			--duration="$d" --trace -f json >"$TMPD/out.json" 2>"$TMPD/err" ||
			{ fail "$name: exit $?: $(cat "$TMPD/err")"; return; }
		if python3 - "$TMPD/out.json" "$name" "$spin" "$nt" >"$TMPD/why" 2>&1 <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
name, spin, nthreads = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
res = doc["results"][0]
tr = res["trace"]
assert res["counters"]["syscall-errors"] == 0, res["counters"]
locks = tr["locks"]
total = tr["contentions"]
READ, WRITE = 2, 4
if name in ("kernel-mmap", "kernel-file"):
    rw = [l for l in locks if l["flags_value"] == READ | WRITE]
    assert rw, "no lock with both READ and WRITE contention: %s" % locks
    assert all(l["flags_value"] & ~(READ | WRITE) == 0 for l in rw)
    assert rw[0]["count"] >= 10, rw[0]
    assert tr["blocked"] > 0, "no rwsem sleep (D): %s" % tr
    print("%s: lock %s %s: %d contentions, %.1f ms; %d blocked switch-outs" %
          (name, rw[0]["addr"], rw[0]["flags"], rw[0]["count"], rw[0]["wait_ns"] / 1e6,
           tr["blocked"]))
elif nthreads < 3 and name != "kernel-flock-ex" and total == 0:
    # two contenders: a spinlock's contention_begin needs a queued waiter (see above)
    assert res["ops_total"] > 0, res
    print("%s: %d system calls without an error; no spinlock contention at %d threads "
          "(a third contender is needed to see it)" % (name, res["ops_total"], nthreads))
else:
    assert locks and total >= 20, "too little contention: %s" % tr
    top = max(locks, key=lambda l: l["count"])
    assert top["flags_value"] == spin, "the most contended lock is not a spinlock: %s" % top
    if name == "kernel-flock-ex":
        # waiters sleep, so the run queues' locks contend too: spinlocks all the same
        nspin = sum(c["count"] for c in tr["classes"] if c["flags_value"] == spin)
        assert 10 * nspin >= 9 * total, "not 90%% spinlock contention: %s" % tr["classes"]
        assert tr["sleeping"] > 0, "LOCK_EX waiters did not sleep (S): %s" % tr
    else:
        assert 2 * top["count"] >= total, "no lock has half the contention: %s of %d" % (top, total)
    print("%s: lock %s %s: %d of %d contentions; %d sleeping switch-outs" %
          (name, top["addr"], top["flags"], top["count"], total, tr["sleeping"]))
PY
		then
			pass "$(cat "$TMPD/why") (${d} s)"
			return
		fi
	done
	fail "$name after 3 runs: $(cat "$TMPD/why")"
}

check kernel-mmap kernel-mmap 1:1
fs=$(stat -f -c %T "$TMPD" 2>/dev/null)
case $fs in
ext2/ext3|ext4|btrfs) check kernel-file kernel-file 1:1 ;;
*) echo "kernel-file: $TMPD is on $fs, where lseek(SEEK_DATA) may not take i_rwsem shared: not checked" ;;
esac
check kernel-futex kernel-futex 0:1 "$spinthreads"
check kernel-flock-sh kernel-flock 1:0 "$spinthreads"
check kernel-flock-ex kernel-flock 0:1
[ -z "$(find "$TMPD" -name 'lockbench-*-kernel-*')" ] || fail "a kernel lock left its directory"
finish

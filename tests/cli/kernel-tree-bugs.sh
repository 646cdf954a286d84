#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kernel-tree-bugs.sh - what runs is the tree's code: copies of Debian's 6.1
# qspinlock.c changed by sed here (nothing of the tree is in lockbench)
# - a bug (the pending waiter does not wait for the owner) fails --validate;
# - no pending path: the tree's own lock events move (the copy queues,
#   lock_slowpath > 0, and never takes the pending path, lock_pending 0);
# - a call of a made-up kernel function: one line naming it, the tree's file
#   and line, the log's path; exit 5; the other locks of the run still run.
# And the cache: an edited file rebuilds that file's object only.
. "${srcdir:-.}/tests/cli/kernel-tree-lib.sh"

ktree_copy "$TMPD/base"
qs=kernel/locking/qspinlock.c
wait='atomic_cond_read_acquire(.lock->val, !(VAL . _Q_LOCKED_MASK));'
grep -q "^		$wait\$" "$TMPD/base/$qs" &&
grep -q '^	if (val & ~_Q_LOCKED_MASK)$' "$TMPD/base/$qs" ||
	{ echo "FAIL: the 6.1 qspinlock.c lines this test edits are not there" >&2; exit 1; }

# 1. the pending waiter takes the lock without waiting for its owner
cp -R "$TMPD/base" "$TMPD/bug"
sed -i "s/^\\(		\\)$wait\$/\\1;/" "$TMPD/bug/$qs"
"$LOCKBENCH" --kernel-tree=bug="$TMPD/bug" --lock=bug:qspinlock --threads=2 --load=5 \
	--duration=1 --timeout=5 --validate -q >"$TMPD/out" 2>"$TMPD/err"
rc=$?
if [ "$rc" -eq 3 ] || [ "$rc" -eq 4 ]; then
	pass "broken qspinlock.c fails --validate (exit $rc: $(head -n 1 "$TMPD/err"))"
else
	fail "broken qspinlock.c: exit $rc, want 3 or 4"
fi
expect_status 0 "the unbroken copy validates" -- --kernel-tree=base="$TMPD/base" \
	--lock=base:qspinlock --threads=2 --load=5 --duration=0.2 --validate -q

# 2. no pending path: every contended acquisition queues (lock_slowpath,
# which 6.1 counts at its queue: label, > 0) and none takes the pending path
# (lock_pending 0), where the base takes it.  Not asserted: a larger queued
# share.  It is a race: in one ASan CI run the copy queued 5475 of 19092
# operations, the base 83217 of 279744.
cp -R "$TMPD/base" "$TMPD/nopend"
sed -i 's/^	if (val & ~_Q_LOCKED_MASK)$/	if (1)/' "$TMPD/nopend/$qs"
ctr() { sed -n "s/^lockbench: *counter $2 = //p" "$1"; }
"$LOCKBENCH" --kernel-tree=base="$TMPD/base" --kernel-tree=nopend="$TMPD/nopend" \
	--lock=base:qspinlock,nopend:qspinlock --threads=2 --load=10 --duration=0.3 -v -f csv \
	>"$TMPD/out" 2>"$TMPD/v"
sed -n '/base:qspinlock\/0:1 threads=2/,/lock_no_node/p' "$TMPD/v" >"$TMPD/vb"
sed -n '/nopend:qspinlock\/0:1 threads=2/,/lock_no_node/p' "$TMPD/v" >"$TMPD/vn"
bp=$(ctr "$TMPD/vb" lock_pending) bs=$(ctr "$TMPD/vb" lock_slowpath)
np=$(ctr "$TMPD/vn" lock_pending) ns=$(ctr "$TMPD/vn" lock_slowpath)
ops() {	# ops LOCK: its ops_total in the CSV (quoted fields made one word first)
	awk -F, -v l="$1" '{gsub(/"[^"]*"/, "Q")}
		NR == 1 {for (i = 1; i <= NF; i++) c[$i] = i; next}
		$c["lock"] == l {print $c["ops_total"]}' "$TMPD/out"
}
bo=$(ops base:qspinlock) no=$(ops nopend:qspinlock)
if [ -n "$bp" ] && [ -n "$np" ] && [ -n "$bo" ] && [ -n "$no" ] && [ "$bp" -gt 0 ] &&
   [ "$np" -eq 0 ] && [ -n "$ns" ] && [ "$ns" -gt 0 ] && [ "$no" -gt 0 ]; then
	pass "lock events: base pending $bp slowpath $bs of $bo; no pending path: pending $np slowpath $ns of $no"
else
	fail "lock events: base pending '$bp' slowpath '$bs' of '$bo', copy pending '$np' slowpath '$ns' of '$no'"
fi

# 3. a kernel function the shim does not have
cp -R "$TMPD/base" "$TMPD/missing"
sed -i 's/^	if (pv_enabled())$/	lb_made_up_kernel_function(lock);\n&/' "$TMPD/missing/$qs"
line=$(grep -n 'lb_made_up_kernel_function' "$TMPD/missing/$qs" | cut -d: -f1)
"$LOCKBENCH" --kernel-tree=missing="$TMPD/missing" --lock=missing:qspinlock,ticket --threads=1 \
	--load=1 --duration=0.02 -f csv >"$TMPD/out" 2>"$TMPD/err"
rc=$?
msg=$(grep -v '^lockbench: warning:' "$TMPD/err")
log=$(sed -n 's/.*full log: \([^ ]*\).*/\1/p' "$TMPD/err")
if [ "$rc" -eq 5 ] && [ "$(echo "$msg" | wc -l)" -eq 1 ] &&
   echo "$msg" | grep -q "kernel/locking/qspinlock.c:$line: 'lb_made_up_kernel_function'" &&
   echo "$msg" | grep -q "no header of the tree declares it" && [ -f "$log" ]; then
	pass "a missing kernel function: exit 5, one line: $msg"
else
	fail "a missing kernel function: exit $rc (want 5), stderr: $msg"
fi
grep -q ',ticket,' "$TMPD/out" && pass "the run's other lock ran (ticket)" ||
	fail "ticket's result is missing from the run with a broken tree lock"
expect_status 0 "the same tree's other locks build" -- --kernel-tree=missing="$TMPD/missing" \
	--lock=missing:osq --threads=1 --duration=0.02 -q

# 4. the cache: an edit rebuilds its file's object, an unchanged tree nothing
# (a file's unit, compiled or from the cache, as --list-locks -v says)
built() { "$LOCKBENCH" --kernel-tree=base="$TMPD/base" --list-locks -v 2>&1 |
	sed -n 's/^    this run: \([0-9]*\) files\{0,1\} compiled, \([0-9]*\) from the cache$/\1 \2/p'; }
echo "/* an edit of this run: $TMPD $(date +%s%N) */" >>"$TMPD/base/kernel/locking/qrwlock.c"
b1=$(built)
b2=$(built)
[ "$b1" = "1 14" ] && [ "$b2" = "0 15" ] &&
	pass "an edited qrwlock.c: 1 file compiled, 14 from the cache; unchanged: 0 and 15" ||
	fail "after an edit: '$b1' (want '1 14'), unchanged: '$b2' (want '0 15')"
finish

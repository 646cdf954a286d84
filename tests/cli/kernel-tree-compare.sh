#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kernel-tree-compare.sh - a patch's before and after in one run: two trees
# (base=, patched=) in one -f compare, their locks interleaved, and each
# tree's version in the header; --kernel-config and its refusals; the
# one-line refusals of bad trees.
. "${srcdir:-.}/tests/cli/kernel-tree-lib.sh"

ktree_copy "$TMPD/patched"
# the patch: no pending path in qspinlock.c (the same edit as kernel-tree-bugs.sh)
sed -i 's/^	if (val & ~_Q_LOCKED_MASK)$/	if (1)/' "$TMPD/patched/kernel/locking/qspinlock.c"
expect_status 0 "two trees, -f compare" -- --kernel-tree=base="$KTREE" \
	--kernel-tree=patched="$TMPD/patched" --lock=base:qspinlock,patched:qspinlock \
	--threads=1,2 --repeat=3 --duration=0.05 -f compare
if grep -q '^Before:' "$TMPD/out" && grep -q '^After:' "$TMPD/out" &&
   grep -q '^% Change:' "$TMPD/out" && grep -q 'base:qspinlock' "$TMPD/out" &&
   grep -q 'patched:qspinlock' "$TMPD/out"; then
	pass "the before/after table of base:qspinlock and patched:qspinlock"
else
	fail "no before/after table: $(head -n 5 "$TMPD/out")"
fi
"$LOCKBENCH" --kernel-tree=base="$KTREE" --kernel-tree=patched="$TMPD/patched" \
	--lock=base:qspinlock,patched:qspinlock --threads=1 --duration=0.02 >"$TMPD/t" 2>/dev/null
[ "$(grep -c '^# kernel tree \(base\|patched\): Linux 6\.1\.' "$TMPD/t")" -eq 2 ] &&
	pass "both trees' versions in the header" || fail "the header lacks a tree's version"
hb=$(sed -n 's/^# kernel tree base: Linux [^ ]* files \([0-9a-f]*\).*/\1/p' "$TMPD/t")
hp=$(sed -n 's/^# kernel tree patched: Linux [^ ]* files \([0-9a-f]*\).*/\1/p' "$TMPD/t")
[ -n "$hb" ] && [ "$hb" != "$hp" ] && pass "the patched tree's files hash apart ($hb, $hp)" ||
	fail "files hashes: base '$hb', patched '$hp'"

# --kernel-config
expect_status 0 "--kernel-config=CONFIG_MUTEX_SPIN_ON_OWNER=n" -- --kernel-tree="$KTREE" \
	--kernel-config=CONFIG_MUTEX_SPIN_ON_OWNER=n --lock=tree:mutex --threads=2 \
	--duration=0.05 --validate -q
"$LOCKBENCH" --kernel-tree="$KTREE" --kernel-config=CONFIG_LOCK_EVENT_COUNTS=n --list-locks -v \
	>"$TMPD/l" 2>&1
grep -q 'CONFIG_LOCK_EVENT_COUNTS=n' "$TMPD/l" && pass "the configuration in --list-locks -v" ||
	fail "CONFIG_LOCK_EVENT_COUNTS=n not shown in --list-locks -v"
usage_error "an option the shim does not support" -- --kernel-tree="$KTREE" \
	--kernel-config=CONFIG_PREEMPT_RT=y --list-locks
usage_error "a value not y or n" -- --kernel-config=CONFIG_LOCK_EVENT_COUNTS=m --list-locks
usage_error "a tree lock of no --kernel-tree" -- --lock=base:qspinlock --duration=0.01
usage_error "no such tree" -- --kernel-tree="$TMPD/none" --list-locks
mkdir "$TMPD/empty"
usage_error "a directory that is no tree" -- --kernel-tree="$TMPD/empty" --list-locks
usage_error "a name given twice" -- --kernel-tree=a="$TMPD/patched" --kernel-tree=a="$KTREE" \
	--list-locks
finish

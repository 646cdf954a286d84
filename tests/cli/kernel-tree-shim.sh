#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kernel-tree-shim.sh - the shim's words for newer trees than the suite's
# 6.1, checked in a copy of Debian's 6.1 made to use them (the lines added
# here are this test's own; nothing of any tree is in lockbench):
# - 7.0's context-analysis annotations, IS_ERR_VALUE, typeof_member,
#   __cleanup and __nonnull_args compile in the tree's qspinlock.c, and
#   _Static_asserts there check what the shim's macros give;
# - the headers 6.12 and 7.x added reach the tree's own file
#   (<linux/mutex_types.h> from linux/mutex.h, <linux/args.h>,
#   <asm-generic/mcs_spinlock.h>) or the shim's (<asm-generic/percpu.h>);
# - the copy's qspinlock then builds and passes --validate; a false assert
#   fails its build with the one-line diagnosis.
. "${srcdir:-.}/tests/cli/kernel-tree-lib.sh"

ktree_copy "$TMPD/new"
qs=kernel/locking/qspinlock.c
mh=include/linux/mutex.h
grep -q '^#include <linux/osq_lock.h>$' "$TMPD/new/$mh" ||
	{ echo "FAIL: the 6.1 linux/mutex.h line this test edits is not there" >&2; exit 1; }
for h in include/linux/mutex_types.h include/linux/args.h; do
	[ ! -e "$TMPD/new/$h" ] || { echo "FAIL: the 6.1 tree already has $h" >&2; exit 1; }
done

# the new headers, each defining a mark that qspinlock.c checks
echo '#define LB_TEST_MUTEX_TYPES 1' >"$TMPD/new/include/linux/mutex_types.h"
echo '#define LB_TEST_ARGS 1' >"$TMPD/new/include/linux/args.h"
echo '#define LB_TEST_ASM_GENERIC_MCS 1' >>"$TMPD/new/include/asm-generic/mcs_spinlock.h"
sed -i 's|^#include <linux/osq_lock.h>$|&\n#include <linux/mutex_types.h>|' "$TMPD/new/$mh"
cat >>"$TMPD/new/$qs" <<'EOF'

/* kernel-tree-shim.sh: the words of newer trees */
#include <linux/args.h>
#include <asm-generic/mcs_spinlock.h>
#include <asm-generic/percpu.h>
_Static_assert(LB_TEST_MUTEX_TYPES && LB_TEST_ARGS && LB_TEST_ASM_GENERIC_MCS,
	       "the tree's own headers");
context_lock_struct(lb_test_lock) {
	int word;
};
struct lb_test_data {
	struct lb_test_lock lock;
	long value __guarded_by(&lock);
	long *ptr __pt_guarded_by(&lock);
};
static void lb_test_release(long **p) { (void)p; }
static __maybe_unused __nonnull_args(1) long lb_test_get(struct lb_test_data *d)
	__must_hold(&d->lock) __must_hold_shared(&d->lock) __must_not_hold(&d->lock)
	__no_context_analysis
{
	long *tmp __cleanup(lb_test_release) = &d->value;

	__assume_ctx_lock(&d->lock);
	__assume_shared_ctx_lock(&d->lock);
	__acquire(&d->lock);
	__release(&d->lock);
	__acquire_shared(&d->lock);
	__release_shared(&d->lock);
	disable_context_analysis();
	enable_context_analysis();
	return *tmp;
}
static __maybe_unused bool lb_test_try(struct lb_test_data *d)
	__cond_acquires(true, &d->lock) __cond_acquires_shared(0, &d->lock)
	__acquires(&d->lock) __acquires_shared(&d->lock) __releases(&d->lock, &d->lock)
	__releases_shared(&d->lock) __assumes_ctx_lock(&d->lock)
	__assumes_shared_ctx_lock(&d->lock);
_Static_assert(IS_ERR_VALUE(-1L) && IS_ERR_VALUE((unsigned long)-MAX_ERRNO) &&
	       !IS_ERR_VALUE((unsigned long)-MAX_ERRNO - 1) && !IS_ERR_VALUE(0),
	       "IS_ERR_VALUE: the last MAX_ERRNO values");
_Static_assert(MAX_ERRNO == 4095, "MAX_ERRNO");
_Static_assert(sizeof(typeof_member(struct lb_test_data, value)) == sizeof(long),
	       "typeof_member");
_Static_assert(sizeof(struct lb_test_lock) == sizeof(int), "a plain struct");
_Static_assert(__builtin_types_compatible_p(__typeof__(per_cpu_ptr(&lb_test_get, 0)),
					    __typeof__(&lb_test_get)), "per_cpu_ptr");
EOF

"$LOCKBENCH" --kernel-tree=new="$TMPD/new" --list-locks -v >"$TMPD/list" 2>&1
if grep -q '^new:qspinlock .* yes ' "$TMPD/list"; then
	pass "a 6.1 qspinlock.c with the newer trees' words and headers builds"
else
	fail "the newer words: $(grep '^new:qspinlock' "$TMPD/list")"
fi
expect_status 0 "and validates" -- --kernel-tree=new="$TMPD/new" --lock=new:qspinlock \
	--threads=1,2 --duration=0.1 --validate -q

# a false assert fails the build: the asserts above are checked
cp -R "$TMPD/new" "$TMPD/false"
echo '_Static_assert(IS_ERR_VALUE(0), "false");' >>"$TMPD/false/$qs"
"$LOCKBENCH" --kernel-tree=false="$TMPD/false" --lock=false:qspinlock --threads=1 \
	--duration=0.02 -q >"$TMPD/out" 2>"$TMPD/err"
rc=$?
line="false:qspinlock: not built: $qs:[0-9]*: static assertion failed: \"false\""
if [ "$rc" -eq 5 ] && grep -q "$line" "$TMPD/err"; then
	pass "a false _Static_assert fails the copy's build (exit 5, one line)"
else
	fail "a false assert: exit $rc, $(head -n 1 "$TMPD/err")"
fi
finish

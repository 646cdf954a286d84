#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run-validate.sh FILE.validate - run one lock under --validate.
#
# A .validate file sets, in shell syntax:
#   lock=NAME      the lock
#   expect=N       exit status wanted (0; 3 for the broken lock)
#   threads="2 4"  thread counts, each a separate run (4 on a 2-CPU machine
#                  is oversubscribed: time-bounded, never op-bounded)
#   ratios=LIST    --ratio list (reader-writer locks: 0:1,1:1,10:1)
#   duration=SEC   per point (default 0.2; LB_TEST_DURATION overrides)
#   tries=N        for expect=3: a race is likely, not certain, to show
#   args="..."     extra options
. "$srcdir/tests/lib.sh"

file=$1
lock= expect=0 threads="2 4" ratios=0:1 duration=0.2 tries=1 args=
. "$file" || exit 99
[ -n "$lock" ] || { echo "$file: no lock=" >&2; exit 99; }
[ -n "$LB_TEST_DURATION" ] && duration=$LB_TEST_DURATION

# a lock this build lacks (its library is missing) is skipped, not failed
if "$LOCKBENCH" --list-locks | awk -v l="$lock" '$1 == l && $5 == "no" {f = 1} END {exit !f}'; then
	echo "SKIP: $lock is not available in this build"
	exit 77
fi

for t in $threads; do
	n=0
	while :; do
		n=$((n + 1))
		# shellcheck disable=SC2086
		"$LOCKBENCH" --lock="$lock" --validate --threads="$t" --ratio="$ratios" --load=1 \
			--duration="$duration" --timeout=30 -q $args >"$TMPD/out" 2>"$TMPD/err"
		rc=$?
		[ "$rc" -eq "$expect" ] && break
		[ "$n" -ge "$tries" ] && break
	done
	if [ "$rc" -ne "$expect" ]; then
		fail "$lock, $t threads, ratios $ratios: exit $rc, want $expect"
		sed 's/^/    /' "$TMPD/err" >&2
	else
		pass "$lock, $t threads, ratios $ratios: exit $rc$( [ "$expect" -ne 0 ] && echo " ($(cat "$TMPD/err"))")"
	fi
done
finish

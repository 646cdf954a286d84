#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The broken reader-writer control (busted-rw: read_lock does
# nothing) is caught by --validate through its own measured loop every
# time, at 1:1 and 10:1: ten short runs each, every one exit 3.
. "$srcdir/tests/lib.sh"

for ratio in 1:1 10:1; do
	caught=0
	for i in 1 2 3 4 5 6 7 8 9 10; do
		"$LOCKBENCH" --lock=busted-rw --validate --ratio=$ratio --threads=2 --duration=0.5 \
			--timeout=30 -q >"$TMPD/out" 2>"$TMPD/err"
		rc=$?
		if [ "$rc" -eq 3 ]; then
			caught=$((caught + 1))
		else
			fail "busted-rw at $ratio, run $i: exit $rc, want 3: $(cat "$TMPD/err")"
		fi
	done
	grep -q "validation failed: lock busted-rw, ratio $ratio, 2 threads: a .* inside" "$TMPD/err" ||
		fail "busted-rw at $ratio: no line naming the violation: $(cat "$TMPD/err")"
	[ "$caught" -eq 10 ] && pass "busted-rw at $ratio: caught in 10 of 10 runs"
done
finish

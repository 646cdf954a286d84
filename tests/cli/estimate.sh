#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# estimate.sh - --plan's estimate of a fixed-work run (each point probed for
# a moment, estimate.c), made just before or just after it, is within 30% of
# the run's real time, for three runs
# of small --ops; each is tried up to five times, as a busy machine can
# throw one measurement off (this is not a timing assertion of lockbench's
# speed: the estimate and the run are measured on the same machine, minutes
# apart at most). Each point's estimate is in the --plan listing.
. "$srcdir/tests/lib.sh"

est() {	# the "# time:" line's seconds
	awk '/^# time: / { for (i = 1; i <= NF; i++) if ($i == "about") { v = $(i + 1);
		u = $(i + 2); if (u ~ /^min/) v = v * 60 + $(i + 3); print v; exit } }' "$1"
}
check() {
	what=$1; shift
	for try in 1 2 3 4 5; do
		"$LOCKBENCH" --plan "$@" >"$TMPD/plan" 2>"$TMPD/e" || { fail "$what: --plan: $(cat "$TMPD/e")"; return; }
		e=$(est "$TMPD/plan")
		t0=$(date +%s.%N)
		"$LOCKBENCH" "$@" -q --no-header >/dev/null 2>"$TMPD/e" || { fail "$what: the run: $(cat "$TMPD/e")"; return; }
		t1=$(date +%s.%N)
		# the estimate made just after the run too: the other tests of a parallel
		# make check start and stop around it, and the estimate holds for the
		# machine as it is when it is made
		"$LOCKBENCH" --plan "$@" >"$TMPD/plan2" 2>"$TMPD/e" || { fail "$what: --plan: $(cat "$TMPD/e")"; return; }
		e2=$(est "$TMPD/plan2")
		took=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
		if awk -v e="$e" -v f="$e2" -v r="$took" 'BEGIN {
			exit !((e > 0 && e >= 0.7 * r && e <= 1.3 * r) || (f > 0 && f >= 0.7 * r && f <= 1.3 * r)) }'; then
			pass "$what: estimated $e s (and $e2 s after), took $took s (try $try)"
			return
		fi
		echo "try $try: estimated ${e:-nothing} s before and ${e2:-nothing} s after, took $took s"
	done
	fail "$what: the estimate missed by more than 30% five times"
}
check "ticket,mcs at 1 and 2 threads" --lock=ticket,mcs --threads=1,2 --ops=100000
check "rwsem at 0:1 and 10:1" --lock=rwsem --ratio=0:1,10:1 --threads=2 --load=5 --ops=50000
check "tas, two repetitions" --lock=tas --threads=1,2 --load=10 --ops=200000 --repeat=2
"$LOCKBENCH" --plan --lock=ticket --threads=2 --load=1 --ops=100000 >"$TMPD/p" || fail "--plan"
grep -q '^point ticket/0:1 threads=2 load=1 ops=100000 (about [0-9. minhs]*)$' "$TMPD/p" &&
	pass "each fixed-work point's estimate in --plan" || fail "no per-point estimate: $(cat "$TMPD/p")"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aqticket's counters (-v): with --aqticket-threshold=2 at 2x overcommit the
# lock switches to queued mode and back (each switch is undone by the end of
# the point, so the two counts are equal), and hands over through the queue;
# with a threshold of at least the thread count it never can: a switch needs
# that many tickets ahead of the waiter's own.
. "$srcdir/tests/lib.sh"

ncpu=$("$LOCKBENCH" --plan --lock=null --threads=max --load=0 | sed -n 's/.* \([0-9]*\) CPUs\{0,1\} in the placement.*/\1/p')
[ -n "$ncpu" ] || { echo "cannot read the CPU count from --plan"; exit 99; }
nthreads=$((2 * ncpu))

counter() {	# counter NAME: the value -v printed
	sed -n "s/^lockbench:   counter $1 = \([0-9]*\)$/\1/p" "$TMPD/err"
}

# three waiters in line is likely, not certain, in half a second on a busy
# machine (the scheduler may keep a CPU's second thread off for a while): try
# up to three times
for try in 1 2 3; do
	"$LOCKBENCH" --lock=aqticket --aqticket-threshold=2 --threads=2x --load=1 --duration=0.5 -v \
		>"$TMPD/out" 2>"$TMPD/err" || fail "threshold 2 run: $(cat "$TMPD/err")"
	q=$(counter to-queued) t=$(counter to-ticket) h=$(counter queued-handoffs)
	[ -n "$q" ] && [ "$q" -gt 0 ] && break
done
if [ -z "$q" ] || [ -z "$t" ] || [ -z "$h" ]; then
	fail "threshold 2: counters missing from -v: $(cat "$TMPD/err")"
elif [ "$q" -eq 0 ] || [ "$q" -ne "$t" ] || [ "$h" -eq 0 ]; then
	fail "threshold 2 at $nthreads threads: to-queued=$q to-ticket=$t queued-handoffs=$h"
else
	pass "threshold 2 at $nthreads threads: to-queued=$q to-ticket=$t queued-handoffs=$h"
fi

"$LOCKBENCH" --lock=aqticket --aqticket-threshold=$nthreads --threads=2x --load=1 --duration=0.3 -v \
	>"$TMPD/out" 2>"$TMPD/err" || fail "high threshold run: $(cat "$TMPD/err")"
q=$(counter to-queued) t=$(counter to-ticket) h=$(counter queued-handoffs) s=$(counter spin-waits)
if [ "$q" != 0 ] || [ "$t" != 0 ] || [ "$h" != 0 ] || [ -z "$s" ] || [ "$s" -eq 0 ]; then
	fail "threshold $nthreads at $nthreads threads: to-queued=$q to-ticket=$t queued-handoffs=$h spin-waits=$s"
else
	pass "threshold $nthreads at $nthreads threads: no switch ($s contended acquisitions)"
fi
finish

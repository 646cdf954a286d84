#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# percpu-rwsem reports which grace period it ran: lock_options has the
# request, the gp-membarrier and gp-fence counters what actually ran. And
# rcu_sync's exit grace period: a writer that comes during it runs none.
. "$srcdir/tests/lib.sh"

col() {	# col NAME FILE: the values of a CSV column (counters.NAME: one counter)
	csv_cols "$2" "$1"
}

# no exit grace period: every write (each the only writer) runs one (of no
# length: --percpu-rwsem-enter-gp=0, the membarrier or fence alone)
"$LOCKBENCH" --lock=percpu-rwsem --percpu-rwsem-exit-gp=0 --percpu-rwsem-enter-gp=0 \
	--ratio=1:1 --threads=1 --load=0 \
	--ops=2000 -f csv -q >"$TMPD/m.csv" 2>"$TMPD/e" || fail "membarrier run: $(cat "$TMPD/e")"
[ "$(col lock_options "$TMPD/m.csv")" = "gp=membarrier;wait-lock=qspinlock;exit-gp=0;enter-gp=0" ] ||
	fail "lock_options: $(col lock_options "$TMPD/m.csv")"
m=$(col counters.gp-membarrier "$TMPD/m.csv") f=$(col counters.gp-fence "$TMPD/m.csv")
# 1000 writes, each the only writer: one grace period each, of one kind
[ $((m + f)) -eq 1000 ] || fail "1000 grace periods, got $m membarrier + $f fence"
if [ "$m" -eq 0 ]; then
	echo "note: membarrier unavailable here; the fence variant ran ($f grace periods)"
fi

"$LOCKBENCH" --lock=percpu-rwsem --percpu-rwsem-gp=fence --percpu-rwsem-exit-gp=0 \
	--percpu-rwsem-enter-gp=0 --ratio=1:1 \
	--threads=1 --load=0 --ops=2000 -f csv -q >"$TMPD/f.csv" 2>"$TMPD/e" ||
	fail "fence run: $(cat "$TMPD/e")"
[ "$(col lock_options "$TMPD/f.csv")" = "gp=fence;wait-lock=qspinlock;exit-gp=0;enter-gp=0" ] ||
	fail "lock_options: $(col lock_options "$TMPD/f.csv")"
[ "$(col counters.gp-membarrier "$TMPD/f.csv")" -eq 0 ] && [ "$(col counters.gp-fence "$TMPD/f.csv")" -eq 1000 ] ||
	fail "fence variant: $(col counters.gp-membarrier "$TMPD/f.csv") membarrier, $(col counters.gp-fence "$TMPD/f.csv") fence"
pass "grace periods reported"

# an exit grace period longer than the run (10 s): the first writer runs the
# only entering grace period; the other 999 come during EXIT or REPLAY and
# skip it; readers stay on the slow path after the first write
"$LOCKBENCH" --lock=percpu-rwsem --percpu-rwsem-exit-gp=10000000 --ratio=1:1 --threads=1 \
	--load=0 --ops=2000 -f csv -q >"$TMPD/x.csv" 2>"$TMPD/e" || fail "exit-gp run: $(cat "$TMPD/e")"
m=$(col counters.gp-membarrier "$TMPD/x.csv") f=$(col counters.gp-fence "$TMPD/x.csv")
sk=$(col counters.gp-skipped "$TMPD/x.csv") st=$(col counters.gp-started "$TMPD/x.csv")
rs=$(col counters.read-slow "$TMPD/x.csv")
[ $((m + f)) -eq 1 ] || fail "one entering grace period, got $m membarrier + $f fence"
[ "$sk" -eq 999 ] || fail "999 writers skip the grace period, got $sk"
[ "$st" -eq 2 ] || fail "grace periods started: the entering one and one exit, got $st"
[ "$rs" -ge 999 ] || fail "readers stay on the slow path during the exit: $rs slow reads"
pass "exit grace period: 1 entering, $sk skipped, $rs slow reads"
finish

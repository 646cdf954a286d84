#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# percpu-rwsem reports which grace period it ran: lock_options has the
# request, the gp-membarrier and gp-fence counters what actually ran.
. "$srcdir/tests/lib.sh"

col() {	# col NAME FILE: the values of a CSV column
	awk -F, -v name="$1" 'NR == 1 {for (i = 1; i <= NF; i++) if ($i == name) c = i; next} {print $c}' "$2"
}

"$LOCKBENCH" --lock=percpu-rwsem --ratio=1:1 --threads=1 --load=0 --ops=2000 -f csv -q \
	>"$TMPD/m.csv" 2>"$TMPD/e" || fail "membarrier run: $(cat "$TMPD/e")"
[ "$(col lock_options "$TMPD/m.csv")" = "gp=membarrier;wait-lock=qspinlock" ] ||
	fail "lock_options: $(col lock_options "$TMPD/m.csv")"
m=$(col ctr_gp_membarrier "$TMPD/m.csv") f=$(col ctr_gp_fence "$TMPD/m.csv")
# 1000 writes, each the only writer: one grace period each, of one kind
[ $((m + f)) -eq 1000 ] || fail "1000 grace periods, got $m membarrier + $f fence"
if [ "$m" -eq 0 ]; then
	echo "note: membarrier unavailable here; the fence variant ran ($f grace periods)"
fi

"$LOCKBENCH" --lock=percpu-rwsem --percpu-rwsem-gp=fence --ratio=1:1 --threads=1 --load=0 \
	--ops=2000 -f csv -q >"$TMPD/f.csv" 2>"$TMPD/e" || fail "fence run: $(cat "$TMPD/e")"
[ "$(col lock_options "$TMPD/f.csv")" = "gp=fence;wait-lock=qspinlock" ] ||
	fail "lock_options: $(col lock_options "$TMPD/f.csv")"
[ "$(col ctr_gp_membarrier "$TMPD/f.csv")" -eq 0 ] && [ "$(col ctr_gp_fence "$TMPD/f.csv")" -eq 1000 ] ||
	fail "fence variant: $(col ctr_gp_membarrier "$TMPD/f.csv") membarrier, $(col ctr_gp_fence "$TMPD/f.csv") fence"
pass "grace periods reported"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# -f compare and -f aim7 of two locks of one run, whose repetitions are
# rounds (each round runs both): the paired change of the rounds with its
# 95% interval and a note saying so; against a --baseline (another run: no
# rounds in common) Welch's test as before. The statistics themselves, with a
# replayed drift, are test-stats's.
. "$srcdir/tests/lib.sh"
run="--lock=ticket,mcs --threads=1 --load=1 --duration=0.02 -q --no-header"
"$LOCKBENCH" $run --repeat=3 -f compare,aim7 >"$TMPD/out" 2>"$TMPD/err" || fail "run: $(cat "$TMPD/err")"
grep -Eq '^ticket->mcs/0:1 +1 +1:[-+][0-9.]+%\[[-+][0-9.]+\.\.[-+][0-9.]+\]~?$' "$TMPD/out" &&
	pass "compare: the paired change and its interval" || fail "compare: $(grep 'ticket->mcs' "$TMPD/out")"
grep -Eq '^ticket->mcs 0:1 +[0-9]+\*? +[0-9]+\*? +[-+][0-9.]+%\[[-+][0-9.]+\.\.[-+][0-9.]+\]~?$' "$TMPD/out" &&
	pass "aim7: the paired change and its interval" || fail "aim7: $(grep 'ticket->mcs 0:1' "$TMPD/out")"
[ "$(grep -c '^\[\.\.\] paired: both sides ran in each round' "$TMPD/out")" -eq 2 ] &&
	pass "the note under each" || fail "notes: $(grep '^\[' "$TMPD/out")"
# two rounds: no interval, the means' change
"$LOCKBENCH" $run --repeat=2 -f compare >"$TMPD/two" 2>"$TMPD/err" || fail "two rounds: $(cat "$TMPD/err")"
grep -Eq '^ticket->mcs/0:1 +1 +1:[-+][0-9.]+%$' "$TMPD/two" && ! grep -q '^\[\.\.\]' "$TMPD/two" &&
	pass "two rounds: the means' change, no interval" || fail "two rounds: $(cat "$TMPD/two")"
# against a baseline: another run, Welch
"$LOCKBENCH" --lock=ticket --threads=1 --load=1 --duration=0.02 --repeat=3 -q -f json -o "$TMPD/b.json" ||
	fail "baseline run"
"$LOCKBENCH" --lock=ticket --threads=1 --load=1 --duration=0.02 --repeat=3 -q --no-header \
	--baseline="$TMPD/b.json" -f compare >"$TMPD/base" 2>"$TMPD/err" || fail "--baseline: $(cat "$TMPD/err")"
grep -Eq '^ticket/0:1 +1 +1:[-+][0-9.]+%~?$' "$TMPD/base" && ! grep -q '^\[\.\.\]' "$TMPD/base" &&
	pass "--baseline: Welch over the two runs, no pairing" || fail "--baseline: $(cat "$TMPD/base")"
finish

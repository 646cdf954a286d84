#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A point that timed out (--point-timeout) is marked in every format that
# has a place for it: '!' after its figure in the table, compare, aim7 and
# sweep, after its title in latency, with the note under each; timed_out in
# CSV and JSON, which report reads back and marks; the plot leaves it out and
# says so.
. "$srcdir/tests/lib.sh"
# 4 threads of a FIFO spinlock on one CPU time out; 1 thread of it does not
run="--lock=ticket,mcs --cpus=0 --threads=1,4 --load=1 --ops=3000000 --point-timeout=0.5 -q"
"$LOCKBENCH" $run -f table,compare,aim7,sweep,csv,json --no-header >"$TMPD/out" 2>"$TMPD/err"
rc=$?
[ $rc -eq 0 ] || fail "run: exit $rc: $(cat "$TMPD/err")"
sed -n '/^format_version,/,/^{/p' "$TMPD/out" | sed '$d' >"$TMPD/run.csv"
sed -n '/^{/,$p' "$TMPD/out" >"$TMPD/run.json"
sed -n '1,/^format_version,/p' "$TMPD/out" >"$TMPD/text"
to=$(csv_cols "$TMPD/run.csv" timed_out | grep -c '^1$')
[ "$to" -ge 2 ] && pass "CSV: $to points with timed_out 1" || fail "CSV timed_out: $(csv_cols "$TMPD/run.csv" timed_out | tr '\n' ' ')"
[ "$(grep -c '"timed_out": true' "$TMPD/run.json")" -ge 2 ] && pass "JSON: timed_out true" ||
	fail "JSON: no timed_out"
# the table: the 4-thread rows end in '!'
grep -Eq '^ticket/0:1 +4 +1:[0-9.]+!\*?$' "$TMPD/text" && grep -Eq '^mcs/0:1 +4 +1:[0-9.]+!\*?$' "$TMPD/text" &&
	pass "table: '!' after the figure" || fail "table: $(grep '/0:1' "$TMPD/text")"
grep -q '^! [0-9]* points timed out (--point-timeout)' "$TMPD/text" && pass "the note under the tables" ||
	fail "no note"
# compare (ticket before, mcs after): the 4-thread row of each block
[ "$(grep -Ec '^(ticket|mcs)/0:1 +4 +1:[0-9.]+!\*?$' "$TMPD/text")" -ge 4 ] &&
	pass "compare: '!' in the Before and After blocks" || fail "compare: $(grep '0:1  *4' "$TMPD/text")"
# aim7: the row of the element 4 (its workload wraps: the element on a line of its own)
grep -B1 -x '(4)' "$TMPD/text" | grep -Eq '^ticket->mcs 0:1 +[0-9]+!\*? +[0-9]+!\*? ' &&
	grep -B1 -x '(1)' "$TMPD/text" | grep -Eq '^ticket->mcs 0:1 +[0-9]+\*? +[0-9]+\*? ' &&
	pass "aim7: '!' on both sides of the 4-thread row only" || fail "aim7: $(grep -A1 'ticket->mcs' "$TMPD/text")"
# sweep: the 4-thread row
grep -Eq '^ +4 +[0-9.]+!\*? +[0-9.]+!\*? ' "$TMPD/text" && grep -Eq '^ +1 +[0-9.]+\*? +[0-9.]+\*? ' "$TMPD/text" &&
	pass "sweep: '!' on the 4-thread row only" || fail "sweep: $(grep '^ *[14] ' "$TMPD/text")"
# latency: the title of the point
"$LOCKBENCH" --lock=ticket --cpus=0 --threads=4 --load=1 --ops=3000000 --point-timeout=0.5 -q \
	--latency --latency-sample=100 -f latency --no-header >"$TMPD/lat" 2>"$TMPD/err" || fail "latency run: $(cat "$TMPD/err")"
grep -Eq '^\*\* ticket/0:1, 4 threads, load 1 \*\* !\*?$' "$TMPD/lat" && grep -q '^! 1 point timed out' "$TMPD/lat" &&
	pass "latency: '!' after the point's title, and the note" || fail "latency: $(grep '^\*\*\|^!' "$TMPD/lat")"
# report: the cell marked, the note naming the run; the JSON the same
"$LOCKBENCH" report "$TMPD/run.csv" "$TMPD/run.json" >"$TMPD/rep" 2>"$TMPD/err" || fail "report: $(cat "$TMPD/err")"
grep -Eq '^ticket/0:1 +4 +1 +[0-9.]+!\*? +[0-9.]+!\*? ' "$TMPD/rep" &&
	grep -Eq '^ticket/0:1 +1 +1 +[0-9.]+\*? +[0-9.]+\*? ' "$TMPD/rep" &&
	grep -q '^! run 1: [0-9]* points timed out (--point-timeout)' "$TMPD/rep" &&
	grep -q '^! run 2: [0-9]* points timed out (--point-timeout)' "$TMPD/rep" &&
	pass "report: '!' in both runs' cells of the 4-thread rows, and the notes" ||
	fail "report: $(cat "$TMPD/rep")"
# the plot: not drawn, said in the title
if command -v gnuplot >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1; then
	"$srcdir/scripts/lockbench-plot" -o "$TMPD/p" "$TMPD/run.csv" >"$TMPD/list" 2>"$TMPD/err" ||
		fail "plot: $(cat "$TMPD/err")"
	grep -q 'timed-out point.* not drawn' "$TMPD"/p*.svg && pass "plot: the timed-out points not drawn, said" ||
		fail "plot: $(cat "$TMPD/list")"
fi
finish

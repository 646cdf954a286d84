#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# scripts/lockbench-plot: one plot per ratio and load from a lockbench CSV or
# JSON, titled with the locks, host, ratio, load and mode, a mark at the CPU
# count, a log axis when the values span more than 10x, bars for a single
# thread count (before/after); PNG and SVG without a gnuplot warning; bad
# input is refused.
. "$srcdir/tests/lib.sh"
need_python
command -v gnuplot >/dev/null 2>&1 || { echo "SKIP: needs gnuplot"; exit 77; }
PLOT="python3 $srcdir/scripts/lockbench-plot"

# plot DESCRIPTION ARGS...: run the script; it must succeed and gnuplot stay quiet
plot() {
	what=$1; shift
	$PLOT "$@" >"$TMPD/list" 2>"$TMPD/err" || { fail "$what: exit $?: $(cat "$TMPD/err")"; return 1; }
	[ -s "$TMPD/err" ] && { fail "$what: warnings: $(cat "$TMPD/err")"; return 1; }
	return 0
}

# two reader-writer locks at two ratios (an exclusive lock runs at 0:1 only)
"$LOCKBENCH" --lock=pthread-rwlock,qrwlock --threads=1,2 --ratio=0:1,1:1 --load=0 --ops=2000 --repeat=2 \
	-f csv -o "$TMPD/run.csv" || fail "the csv run"
host=$(csv_cols "$TMPD/run.csv" host | head -n 1)
if plot "lines, svg" -o "$TMPD/p" "$TMPD/run.csv"; then
	[ "$(wc -l <"$TMPD/list")" -eq 2 ] || fail "want two plots (two ratios), got: $(cat "$TMPD/list")"
	for f in "$TMPD/p-0-1-load0.svg" "$TMPD/p-1-1-load0.svg"; do
		grep -q '<svg' "$f" 2>/dev/null || fail "$f is not an SVG"
		grep -q 'pthread-rwlock' "$f" && grep -q 'qrwlock' "$f" || fail "$f lacks a lock's line"
	done
fi
if plot "lines, png" -T png -o "$TMPD/q" "$TMPD/run.csv"; then
	for f in "$TMPD/q-0-1-load0.png" "$TMPD/q-1-1-load0.png"; do
		[ -s "$f" ] && head -c 4 "$f" | grep -q 'PNG' || fail "$f is not a PNG"
	done
	pass "PNG and SVG plots, no gnuplot warning"
fi
if plot "dumb" -T dumb -s " (old)" "$TMPD/run.csv"; then
	for want in "pthread-rwlock (old), qrwlock (old) on $host" 'ratio 0:1, load 0 pauses; fixed work:' \
		'execution time (ms), lower is better'; do
		grep -qF "$want" "$TMPD/list" || fail "dumb title: no '$want'"
	done
fi

# fixed time, more threads than CPUs (one CPU): Mops/s and a mark at 1 CPU
"$LOCKBENCH" --lock=tas --cpus=0 --threads=1,2 --load=1 --duration=0.05 -f csv \
	-o "$TMPD/over.csv" ||
	fail "the oversubscribed run"
# (SVG: the dumb terminal draws neither the y label nor a label over the mark)
if plot "cpu mark" -o "$TMPD/o" "$TMPD/over.csv"; then
	grep -qF 'fixed time: Mops/s (all threads), higher is better' \
		"$TMPD/o-0-1-load1.svg" ||
		fail "fixed time: no Mops/s in the title"
	grep -qF '> 1 CPU<' "$TMPD/o-0-1-load1.svg" || fail "no mark at the 1 CPU of --cpus=0"
fi

# JSON: the same plots; the CPU count from the placement
"$LOCKBENCH" --lock=ticket,tas --threads=1,2 --load=1 --duration=0.05 -f json \
	-o "$TMPD/run.json" ||
	fail "the json run"
plot "json, png" -T png -o "$TMPD/j" "$TMPD/run.json" && [ -s "$TMPD/j-0-1-load1.png" ] ||
	fail "no PNG from JSON: $(cat "$TMPD/list")"
plot "json, svg" -o "$TMPD/j" "$TMPD/run.json" &&
	grep -qE '> [0-9]+ CPUs?<' "$TMPD/j-0-1-load1.svg" ||
	fail "JSON: no CPU mark"
pass "JSON input"

# made-up numbers: a 100x range turns the axis logarithmic; -L keeps it linear
cols=format_version,host,lock,ratio,threads,load,load_unit,mode,exec_time_ms,ops_total,cpus
{
	echo "$cols"
	echo "1,h,a,0:1,1,1,pause,ops,1.0,1000,0"
	echo "1,h,a,0:1,2,1,pause,ops,100.0,2000,0;1"
	echo "1,h,b,0:1,1,1,pause,ops,2.0,1000,0"
	echo "1,h,b,0:1,2,1,pause,ops,50.0,2000,0;1"
} >"$TMPD/span.csv"
plot "auto log" -o "$TMPD/s" "$TMPD/span.csv" &&
	grep -q 'execution time (ms), log scale' "$TMPD/s-0-1-load1.svg" ||
	fail "100x range: no log axis"
plot "forced linear" -L -o "$TMPD/s" "$TMPD/span.csv" &&
	! grep -q 'log scale' "$TMPD/s-0-1-load1.svg" ||
	fail "-L: still log"
sed 's/,100.0,/,3.0,/; s/,50.0,/,4.0,/' "$TMPD/span.csv" >"$TMPD/narrow.csv"
plot "linear" -o "$TMPD/n" "$TMPD/narrow.csv" &&
	! grep -q 'log scale' "$TMPD/n-0-1-load1.svg" ||
	fail "4x range: log axis"
plot "forced log" -T png -l -o "$TMPD/l" "$TMPD/narrow.csv" && [ -s "$TMPD/l-0-1-load1.png" ] ||
	fail "-l: no PNG"
pass "log axis when the range spans more than 10x, -l and -L"

# before/after at one thread count: bars, the change over the first bar
{
	echo "$cols"
	echo "1,h,rwsem,0:1,2,1,pause,ops,10.0,1000,0;1"
	echo "1,h,rwsem,0:1,2,5,pause,ops,20.0,1000,0;1"
} >"$TMPD/before.csv"
sed 's/,10.0,/,8.0,/; s/,20.0,/,25.0,/' "$TMPD/before.csv" >"$TMPD/after.csv"
if plot "bars, png" -T png -o "$TMPD/b" \
	-s ' (before)' "$TMPD/before.csv" -s ' (after)' "$TMPD/after.csv"; then
	[ "$(wc -l <"$TMPD/list")" -eq 2 ] && [ -s "$TMPD/b-0-1-load1.png" ] &&
		[ -s "$TMPD/b-0-1-load5.png" ] ||
		fail "bars: want two PNGs (two loads): $(cat "$TMPD/list")"
fi
if plot "bars, dumb" -T dumb -s ' (before)' "$TMPD/before.csv" -s ' (after)' "$TMPD/after.csv"; then
	grep -qF -- '-20.0%' "$TMPD/list" && grep -qF -- '+25.0%' "$TMPD/list" ||
		fail "bars: no -20.0% and +25.0% labels"
	grep -qF 'rwsem (before), rwsem (after) on h' "$TMPD/list" || fail "bars: title"
fi
plot "bars forced" -T svg -b -o "$TMPD/c" "$TMPD/span.csv" && [ -s "$TMPD/c-0-1-load1.svg" ] ||
	fail "-b: no SVG"
pass "bar charts for before/after"

printf 'a,b\n1,2\n' >"$TMPD/other.csv"
$PLOT "$TMPD/other.csv" >/dev/null 2>"$TMPD/err"
[ $? -eq 2 ] && grep -q "not a lockbench CSV" "$TMPD/err" || fail "a foreign CSV is not refused"
printf '{"a": 1}\n' >"$TMPD/other.json"
$PLOT "$TMPD/other.json" >/dev/null 2>"$TMPD/err"
[ $? -eq 2 ] && grep -q "not a lockbench JSON" "$TMPD/err" || fail "a foreign JSON is not refused"
$PLOT >/dev/null 2>&1
[ $? -eq 2 ] || fail "no file: want exit 2"
$PLOT -T gif "$TMPD/run.csv" >/dev/null 2>&1
[ $? -eq 2 ] || fail "-T gif: want exit 2"
pass "bad input refused"
finish

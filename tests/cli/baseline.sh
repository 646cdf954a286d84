#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --baseline: a CSV or JSON of an earlier run is "before" of -f compare and
# -f aim7; a file with no matching point, a truncated file and a file that
# is not lockbench's exit 2 with one line naming the option and the file
# Compare and aim7 need two locks or a baseline.
. "$srcdir/tests/lib.sh"

run="--lock=rwsem,mutex --ratio=0:1,10:1 --threads=2 --load=1,5 --ops=2000"
# shellcheck disable=SC2086
"$LOCKBENCH" $run -f csv -o "$TMPD/before.csv" || fail "writing the CSV"
# shellcheck disable=SC2086
"$LOCKBENCH" $run -f json -o "$TMPD/before.json" || fail "writing the JSON"

csv_ok=1
# shellcheck disable=SC2086
"$LOCKBENCH" $run --baseline="$TMPD/before.csv" -f compare >"$TMPD/cmp" 2>"$TMPD/err"
rc=$?
if [ "$rc" -eq 5 ] && grep -q 'needs libcsv' "$TMPD/err"; then
	csv_ok=0
	pass "this build has no libcsv: a CSV baseline is exit 5 and says so"
elif [ "$rc" -ne 0 ]; then
	fail "compare against the CSV: exit $rc: $(cat "$TMPD/err")"
fi
if [ "$csv_ok" -eq 1 ]; then
	grep -q "^Before: baseline $TMPD/before.csv" "$TMPD/cmp" || fail "no Before block"
	grep -q '^After: this run' "$TMPD/cmp" || fail "no After block"
	grep -q '^% Change: .*negative is better' "$TMPD/cmp" || fail "no % Change block"
	# rwsem at 0:1 and 10:1, the exclusive mutex at 0:1 only
	[ "$(grep -Ec '^(rwsem|mutex)/(0:1|10:1) +2 +1:[-+][0-9.]+%~?, 5:[-+][0-9.]+%~?$' "$TMPD/cmp")" -eq 3 ] ||
		{ fail "want 3 % Change rows"; cat "$TMPD/cmp" >&2; }
	pass "compare against a CSV baseline"
fi

# JSON, and aim7
# shellcheck disable=SC2086
"$LOCKBENCH" $run --baseline="$TMPD/before.json" -f compare >"$TMPD/cmp" ||
	fail "compare against the JSON"
[ "$(grep -Ec '^(rwsem|mutex)/(0:1|10:1) +2 +1:[-+][0-9.]+%~?, 5:' "$TMPD/cmp")" -eq 3 ] ||
	fail "JSON baseline: want 3 % Change rows"
"$LOCKBENCH" --lock=rwsem --ratio=10:1 --threads=1-2 --load=1 --ops=2000 -f json -o "$TMPD/a.json" &&
	"$LOCKBENCH" --lock=rwsem --ratio=10:1 --threads=1-2 --load=1 --ops=2000 \
		--baseline="$TMPD/a.json" -f aim7 >"$TMPD/aim7" || fail "aim7 against a JSON baseline"
grep -Eq '^rwsem 10:1 \(1-2\) +[0-9]+[!*]* +[0-9]+[!*]* +[-+][0-9.]+%~?$' "$TMPD/aim7" ||
	{ fail "aim7 row"; cat "$TMPD/aim7" >&2; }

# errors: exit 2 (one line naming --baseline and the file)
check2() {
	what=$1 file=$2; shift 2
	usage_error "$what" -- "$@" --baseline="$file" -f compare &&
		{ grep -qF -- "--baseline=$file" "$TMPD/err" && [ ! -s "$TMPD/out" ]; } ||
		fail "$what: the line does not name --baseline=$file, or stdout is not empty"
}
# shellcheck disable=SC2086
check2 "no matching point" "$TMPD/before.json" --lock=rwsem --ratio=1:1 --threads=2 --load=1 --ops=100
head -c 700 "$TMPD/before.json" >"$TMPD/trunc.json"
# shellcheck disable=SC2086
check2 "truncated JSON" "$TMPD/trunc.json" $run
printf 'hello, world\n1,2\n' >"$TMPD/other.csv"
printf '{"name": "not ours", "results": []}\n' >"$TMPD/other.json"
# shellcheck disable=SC2086
check2 "a JSON that is not lockbench's" "$TMPD/other.json" $run
check2 "a missing file" "$TMPD/none.csv" --lock=rwsem,mutex
if [ "$csv_ok" -eq 1 ]; then
	head -c 900 "$TMPD/before.csv" >"$TMPD/trunc.csv"
	# shellcheck disable=SC2086
	check2 "truncated CSV" "$TMPD/trunc.csv" $run
	head -n 3 "$TMPD/before.csv" | sed '3s/,[^,]*,[^,]*$//' >"$TMPD/short.csv"
	# shellcheck disable=SC2086
	check2 "a CSV row shorter than its header" "$TMPD/short.csv" $run
	# shellcheck disable=SC2086
	check2 "a CSV that is not lockbench's" "$TMPD/other.csv" $run
	csv_set "$TMPD/before.csv" "$TMPD/v99.csv" format_version 99 1
	# shellcheck disable=SC2086
	check2 "a newer format_version" "$TMPD/v99.csv" $run
fi

# usage: compare needs two locks or a baseline; a baseline needs compare or aim7
for args in "--lock=rwsem -f compare" "--lock=rwsem -f aim7" \
	"--lock=rwsem --baseline=$TMPD/before.json -f table"; do
	# shellcheck disable=SC2086
	usage_error "$args" -- $args
done
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# -o: the format comes from the extension; a failed run leaves no file, not even a temporary one.
. "$srcdir/tests/lib.sh"

"$LOCKBENCH" --lock=null --threads=1 --load=0 --ops=1000 -o "$TMPD/a.csv" || fail "-o a.csv"
head -c 15 "$TMPD/a.csv" | grep -q '^format_version,' || fail "a.csv is not CSV"
"$LOCKBENCH" --lock=null --threads=1 --load=0 --ops=1000 -o "$TMPD/a.json" || fail "-o a.json"
head -c 1 "$TMPD/a.json" | grep -q '{' || fail "a.json is not JSON"
"$LOCKBENCH" --lock=null --threads=1 --load=0 --ops=1000 -o "$TMPD/a.txt" --no-header || fail "-o a.txt"
head -n 1 "$TMPD/a.txt" | grep -q '^lock/r:w ratio' || fail "a.txt is not a table"
"$LOCKBENCH" --lock=null --threads=1 --load=0 --ops=1000 -f csv -o "$TMPD/b.out" || fail "-f csv -o b.out"
head -c 15 "$TMPD/b.out" | grep -q '^format_version,' || fail "-f wins over the extension"

# an existing file survives a failed run untouched
echo "precious" >"$TMPD/keep.csv"
"$LOCKBENCH" --lock=busted --validate --threads=2 --duration=1 -o "$TMPD/keep.csv" 2>/dev/null
[ "$(cat "$TMPD/keep.csv")" = precious ] || fail "a failed run overwrote the output file"
"$LOCKBENCH" --lock=busted --validate --threads=2 --duration=1 -o "$TMPD/new.csv" 2>/dev/null
[ -e "$TMPD/new.csv" ] && fail "a failed run left an output file"
ls "$TMPD" | grep -q 'csv\.' && fail "a temporary file was left behind: $(ls "$TMPD")"
pass "output files"
finish

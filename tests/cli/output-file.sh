#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# -o: the format comes from the extension; a failed run leaves no file, not
# even a temporary one; a regular file is replaced through a temporary file,
# keeping its mode, a symlink's target is written (the link stays), a
# read-only file is refused, and what is not a regular file (a character
# device, a FIFO, /dev/stdout) is written in place, never replaced.
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

A="--lock=null --threads=1 --load=0 --ops=1000 -f csv"

# a symlink: its target holds the output, the link stays a link
echo old >"$TMPD/target.csv"
ln -s target.csv "$TMPD/link.csv"
"$LOCKBENCH" $A -o "$TMPD/link.csv" || fail "-o link.csv"
[ -L "$TMPD/link.csv" ] || fail "the symlink was replaced"
head -c 15 "$TMPD/target.csv" | grep -q '^format_version,' || fail "the link's target has no CSV"
# a dangling symlink: the file it names is made
ln -s made.csv "$TMPD/dangling.csv"
"$LOCKBENCH" $A -o "$TMPD/dangling.csv" || fail "-o dangling.csv"
[ -L "$TMPD/dangling.csv" ] && [ -s "$TMPD/made.csv" ] || fail "the dangling link's file was not made"

# an existing file keeps its mode
echo old >"$TMPD/mode.csv"
chmod 0600 "$TMPD/mode.csv"
"$LOCKBENCH" $A -o "$TMPD/mode.csv" || fail "-o mode.csv"
[ "$(stat -c %a "$TMPD/mode.csv")" = 600 ] || fail "mode 0600 became $(stat -c %a "$TMPD/mode.csv")"

# a read-only file is refused before anything is replaced: exit 2, one line
echo precious >"$TMPD/ro.csv"
chmod 0444 "$TMPD/ro.csv"
usage_error "-o onto a 0444 file" -- $A -o "$TMPD/ro.csv"
[ "$(cat "$TMPD/ro.csv")" = precious ] && [ "$(stat -c %a "$TMPD/ro.csv")" = 444 ] ||
	fail "the 0444 file changed: $(stat -c %a "$TMPD/ro.csv")"

# a FIFO with a reader: written in place, still a FIFO. The reader must be
# there when lockbench starts: fd 3 holds the FIFO open until cat has it.
mkfifo "$TMPD/fifo"
exec 3<>"$TMPD/fifo"
cat "$TMPD/fifo" >"$TMPD/fifo.out" 3>&- &
reader=$!
tries=0
until ls -l /proc/$reader/fd 2>/dev/null | grep -q "$TMPD/fifo" || [ $tries -ge 100 ]; do
	sleep 0.05
	tries=$((tries + 1))
done
"$LOCKBENCH" $A -o "$TMPD/fifo" 3>&- || fail "-o fifo"
exec 3>&-
wait "$reader"
[ -p "$TMPD/fifo" ] || fail "the FIFO was replaced"
head -c 15 "$TMPD/fifo.out" | grep -q '^format_version,' || fail "the FIFO's reader got no CSV"
# a FIFO without a reader: refused before the run (it blocked after it, the results lost)
mkfifo "$TMPD/lonely"
HOSTILE_TIMEOUT=20 hostile "-o a FIFO without a reader" "a FIFO with no reader" $A -o "$TMPD/lonely"

# /dev/stdout: the descriptor itself, never the file behind it
"$LOCKBENCH" $A -o /dev/stdout | head -c 15 | grep -q '^format_version,' ||
	fail "-o /dev/stdout into a pipe"
"$LOCKBENCH" $A -o /dev/stdout >"$TMPD/so.csv" || fail "-o /dev/stdout into a file"
head -c 15 "$TMPD/so.csv" | grep -q '^format_version,' || fail "-o /dev/stdout into a file: no CSV"

# a character device (root: mknod a /dev/null of our own), and /dev/full's error
if [ "$(id -u)" -eq 0 ] && mknod "$TMPD/null" c 1 3 2>/dev/null; then
	"$LOCKBENCH" $A -o "$TMPD/null" || fail "-o onto a character device"
	[ -c "$TMPD/null" ] || fail "the character device was replaced"
	mknod "$TMPD/full" c 1 7
	"$LOCKBENCH" $A -o "$TMPD/full" 2>"$TMPD/err"
	rc=$?
	[ "$rc" -eq 1 ] && [ -c "$TMPD/full" ] && grep -q 'No space left' "$TMPD/err" ||
		fail "-o onto /dev/full: exit $rc, want 1 and the device kept: $(cat "$TMPD/err")"
	ls "$TMPD" | grep -q 'full\.\|null\.' && fail "a temporary file beside a device"
else
	echo "skip: character devices (needs root and mknod)"
fi
ls "$TMPD" | grep -q 'csv\.' && fail "a temporary file was left behind: $(ls "$TMPD")"
[ "$failures" -eq 0 ] && pass "symlinks, modes, read-only files, FIFO, /dev/stdout, devices"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# -o goes through the kernel's own path resolution, so its protections of
# symbolic links hold for lockbench as for the shell: with
# fs.protected_symlinks=1, root's -o to a link another user owns in a
# sticky world-writable directory is refused (exit 2, one line) and the
# file it names is unchanged, and a dangling one makes no file. Whatever the
# setting, lockbench does what the kernel lets the shell do through the
# same link (`: >>` opens it without writing). Root only (skip otherwise).
. "$srcdir/tests/lib.sh"
[ "$(id -u)" -eq 0 ] || { echo "SKIP: needs root (a link owned by another user)"; exit 77; }
other=$(id -u nobody 2>/dev/null) || { echo "SKIP: no user nobody"; exit 77; }
A="--lock=null --threads=1 --load=0 --ops=1000 -f csv"
ps=$(cat /proc/sys/fs/protected_symlinks 2>/dev/null || echo "?")

mkdir "$TMPD/sticky" && chmod 1777 "$TMPD/sticky" || exit 99
echo precious >"$TMPD/target"
ln -s ../target "$TMPD/sticky/link" && chown -h "$other" "$TMPD/sticky/link" || exit 99
ln -s ../made.csv "$TMPD/sticky/dangling" && chown -h "$other" "$TMPD/sticky/dangling" || exit 99

# what the kernel lets a root shell do through each link
if ( : >>"$TMPD/sticky/link" ) 2>/dev/null; then follows=1; else follows=0; fi
if ( : >>"$TMPD/sticky/dangling" ) 2>/dev/null; then dfollows=1; else dfollows=0; fi
rm -f "$TMPD/made.csv"
echo "fs.protected_symlinks=$ps: the shell follows the link: $follows, the dangling one: $dfollows"
if [ "$ps" = 1 ] && [ "$follows" -ne 0 ]; then
	fail "fs.protected_symlinks=1 and the shell followed another user's link in a sticky directory"
fi

if [ "$follows" -eq 0 ]; then
	hostile "-o through another user's link in a sticky directory" "the kernel refuses" \
		$A -o "$TMPD/sticky/link"
	[ "$(cat "$TMPD/target")" = precious ] || fail "the link's target changed: $(head -c 80 "$TMPD/target")"
	[ -L "$TMPD/sticky/link" ] || fail "the link was replaced"
else
	"$LOCKBENCH" $A -o "$TMPD/sticky/link" 2>"$TMPD/err" || fail "-o link: $(cat "$TMPD/err")"
	head -c 15 "$TMPD/target" | grep -q '^format_version,' ||
		fail "the kernel follows the link, and the target got no CSV"
	echo "note: fs.protected_symlinks is $ps here: the refusal is not exercised"
fi
if [ "$dfollows" -eq 0 ]; then
	hostile "-o through another user's dangling link" "the kernel refuses" \
		$A -o "$TMPD/sticky/dangling"
	[ -e "$TMPD/made.csv" ] && fail "the dangling link's file was made"
else
	"$LOCKBENCH" $A -o "$TMPD/sticky/dangling" 2>"$TMPD/err" ||
		fail "-o dangling: $(cat "$TMPD/err")"
	[ -s "$TMPD/made.csv" ] || fail "the kernel follows the dangling link; no file made"
fi
ls "$TMPD/sticky" "$TMPD" | grep -q '\.[0-9a-f]\{6\}$' && fail "a temporary file was left: $(ls "$TMPD/sticky" "$TMPD")"

# root's own link there is followed, as the kernel does for its owner
rm -f "$TMPD/made.csv"
ln -s ../own.csv "$TMPD/sticky/own"
"$LOCKBENCH" $A -o "$TMPD/sticky/own" 2>"$TMPD/err" && [ -s "$TMPD/own.csv" ] && [ -L "$TMPD/sticky/own" ] ||
	fail "root's own dangling link in the sticky directory: $(cat "$TMPD/err")"
# a failed run leaves no file through a dangling link either
ln -s ../never.csv "$TMPD/sticky/never"
"$LOCKBENCH" --lock=busted --validate --threads=2 --duration=0.3 -o "$TMPD/sticky/never" 2>/dev/null
[ -e "$TMPD/never.csv" ] && fail "a failed run left the dangling link's file"
[ "$failures" -eq 0 ] && pass "-o follows a link exactly when the kernel would (fs.protected_symlinks=$ps)"
finish

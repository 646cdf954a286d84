#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Hostile lock plugins (tests/cli/hostile-plugin.c, one per variant): the
# contract check refuses a NULL name, a kind that is none, a lock size that
# wraps, with one line naming the plugin (exit 2); --lock-plugin takes
# regular files only (a FIFO hung in dlopen()); the --timeout watchdog
# covers set-up (an init() that never returns: exit 4, one line); the
# watchdog reads a describe() that does not end its string within its
# buffer; a crash or abort() in lock() prints one line naming the lock and
# ends with its signal (139, 134) after the clean-ups (as root with
# --trace: no tracefs instance is left); exit(0) in lock() is exit 1 with
# one line, not a silent 0. (`timeout` only guards against a hang.)
. "$srcdir/tests/lib.sh"
[ -f "$top_builddir/Makefile" ] || { echo "SKIP: no Makefile in $top_builddir"; exit 77; }
CC=$(sed -n 's/^CC = //p' "$top_builddir/Makefile" | head -n 1)
# the sanitizers' runtime is the executable's: the plugin needs no flags of its own
build() {
	"${CC:-cc}" -shared -fPIC -O1 -I"$srcdir/include" -D"HOSTILE_$1" \
		-o "$TMPD/$1.so" "$srcdir/tests/cli/hostile-plugin.c" 2>"$TMPD/cc.err" ||
		{ cat "$TMPD/cc.err" >&2; fail "cannot build the $1 plugin"; }
}
for v in OK NAME_NULL KIND SIZE HANG_INIT DESCRIBE CRASH ABORT EXIT; do
	build "$v"
done
[ "$failures" -eq 0 ] || finish
A="--lock=hp-lock --threads=2 --load=1"

# the contract: one line naming the plugin, exit 2 (a NULL name crashed the check)
"$LOCKBENCH" --lock-plugin="$TMPD/OK.so" $A --duration=0.05 -q >/dev/null 2>"$TMPD/err" ||
	fail "the well-behaved variant: $(cat "$TMPD/err")"
hostile "a NULL name" "--lock-plugin=$TMPD/NAME_NULL.so: lock ?: name must match" \
	--lock-plugin="$TMPD/NAME_NULL.so" --list-locks
hostile "kind 99" "--lock-plugin=$TMPD/KIND.so: lock hp-lock: kind 99 is neither" \
	--lock-plugin="$TMPD/KIND.so" --list-locks
hostile "lock_size SIZE_MAX" "--lock-plugin=$TMPD/SIZE.so: lock hp-lock: lock_size" \
	--lock-plugin="$TMPD/SIZE.so" --list-locks
mkfifo "$TMPD/fifo.so"
hostile "a FIFO as a plugin" "--lock-plugin=$TMPD/fifo.so: a FIFO, not a regular file" \
	--lock-plugin="$TMPD/fifo.so" --list-locks

# set-up: an init() that never returns is the watchdog's (it hung even with --timeout=2)
timeout -k 5 60 "$LOCKBENCH" --lock-plugin="$TMPD/HANG_INIT.so" $A --duration=0.1 --timeout=2 \
	>"$TMPD/out" 2>"$TMPD/err"
rc=$?
[ "$rc" -eq 4 ] && [ "$(wc -l <"$TMPD/err")" -eq 1 ] &&
	grep -q "watchdog: point hp-lock/0:1 threads=2 load=1: its set-up did not end within 2 s" \
		"$TMPD/err" && pass "an init() that never returns: exit 4, $(cat "$TMPD/err")" ||
	fail "an init() that never returns: exit $rc, want 4 and one line: $(cat "$TMPD/err")"

# describe() without its NUL: the lock word is the buffer's 255 characters, no more
timeout -k 5 60 "$LOCKBENCH" --lock-plugin="$TMPD/DESCRIBE.so" $A --duration=5 --timeout=1 \
	>"$TMPD/out" 2>"$TMPD/err"
rc=$?
n=$(sed -n 's/.*lock word: \(A*\).*/\1/p' "$TMPD/err" | head -n 1 | tr -d '\n' | wc -c)
[ "$rc" -eq 4 ] && [ "$n" -eq 255 ] && grep -q 'lock word: A*$' "$TMPD/err" &&
	pass "a describe() without its NUL: $n characters of the buffer, nothing after" ||
	fail "a describe() without its NUL: exit $rc, $n characters: $(head -n 1 "$TMPD/err" | od -c | tail -n 3)"

# crashes: one line naming the lock, the signal's own status; exit(0) is exit 1
crash() {
	v=$1 want=$2 needle=$3; shift 3
	timeout -k 5 60 "$LOCKBENCH" --lock-plugin="$TMPD/$v.so" $A --duration=1 "$@" \
		>"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	if [ "$rc" -eq "$want" ] && grep -q "$needle lock hp-lock, point hp-lock/0:1 threads=2" \
		"$TMPD/err" && [ "$(grep -c . "$TMPD/err")" -le 2 ] && [ ! -s "$TMPD/out" ]; then
		pass "$v: exit $rc, $(grep "$needle" "$TMPD/err")"
	else
		fail "$v: exit $rc, want $want and the line '$needle': $(cat "$TMPD/err")"
	fi
}
# ASan's own report follows its line under the sanitizer: allow it
if grep -q __asan_init "$LOCKBENCH" 2>/dev/null; then
	echo "(under ASan the crash's report follows lockbench's line: its exit status is ASan's)"
else
	crash CRASH 139 "crashed: SIGSEGV (a bad memory access) in"
	crash ABORT 134 "crashed: SIGABRT (abort()) in"
fi
crash EXIT 1 "exit() was called in"

# as root with libtracefs: the crash leaves no tracefs instance
if [ "$(id -u)" -eq 0 ] && ! grep -q __asan_init "$LOCKBENCH" 2>/dev/null &&
   "$LOCKBENCH" --lock=null --threads=1 --ops=10 --load=0 --trace -q >/dev/null 2>&1; then
	tr=/sys/kernel/tracing
	[ -d "$tr/instances" ] || tr=/sys/kernel/debug/tracing
	"$LOCKBENCH" --lock-plugin="$TMPD/CRASH.so" $A --duration=1 --trace >/dev/null 2>"$TMPD/err" &
	pid=$!
	wait "$pid"
	rc=$?
	ls "$tr/instances" 2>/dev/null | grep -q "^lockbench-$pid-" &&
		fail "the crashed run (exit $rc) left its tracefs instance: $(ls "$tr/instances")" ||
		pass "a crash under --trace (exit $rc) leaves no tracefs instance"
fi
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Lock plugins: make install DESTDIR=... installs <lockbench/lock.h> and
# lockbench.pc; examples/plugin builds out of tree against them (pkg-config);
# --lock-plugin loads it, its locks are listed and pass --validate, and the
# busted variant of the example is caught by --validate (exit 3).
. "$srcdir/tests/lib.sh"
command -v make >/dev/null 2>&1 || { echo "SKIP: needs make"; exit 77; }
command -v pkg-config >/dev/null 2>&1 || { echo "SKIP: needs pkg-config"; exit 77; }
[ -f "$top_builddir/Makefile" ] || { echo "SKIP: no Makefile in $top_builddir"; exit 77; }
mkvar() { sed -n "s/^$1 = //p" "$top_builddir/Makefile" | head -n 1; }
CC=$(mkvar CC)
DEST="$TMPD/dest"
(unset MAKEFLAGS MFLAGS MAKELEVEL; make -s -C "$top_builddir" install DESTDIR="$DEST") \
	>"$TMPD/log" 2>&1 || { cat "$TMPD/log" >&2; fail "make install"; finish; }
hdr=$(find "$DEST" -path '*/include/lockbench/lock.h')
pc=$(find "$DEST" -name lockbench.pc)
[ -n "$hdr" ] && [ -n "$pc" ] || { fail "no lockbench/lock.h ($hdr) or lockbench.pc ($pc)"; finish; }
pass "installed ${hdr#"$DEST"} and ${pc#"$DEST"}"

# out of tree: a copy of the example, the installed header only
cp -R "$srcdir/examples/plugin" "$TMPD/plugin" && chmod -R u+w "$TMPD/plugin" || exit 99
rm -f "$TMPD/plugin"/*.so
export PKG_CONFIG_PATH="${pc%/*}" PKG_CONFIG_SYSROOT_DIR="$DEST"
pkg-config --cflags lockbench | grep -q -- "-I$DEST" ||
	fail "pkg-config --cflags lockbench: $(pkg-config --cflags lockbench 2>&1)"
(unset MAKEFLAGS MFLAGS MAKELEVEL; make -s -C "$TMPD/plugin" CC="${CC:-cc}" all busted) \
	>"$TMPD/log" 2>&1 || { cat "$TMPD/log" >&2; fail "the example plugin does not build"; finish; }
pass "examples/plugin builds out of tree with pkg-config --cflags lockbench"
so="$TMPD/plugin/ttas.so"

"$LOCKBENCH" --lock-plugin="$so" --list-locks >"$TMPD/list" 2>"$TMPD/err" ||
	fail "--list-locks with the plugin: $(cat "$TMPD/err")"
grep -q "^ex-ttas .*\[plugin: $so\]" "$TMPD/list" && grep -q "^ex-null " "$TMPD/list" &&
	pass "--list-locks lists the plugin's locks with their plugin" ||
	fail "--list-locks: $(grep ex- "$TMPD/list")"
# the plugin ABI has no follows or deviations: -v says '-' for both
"$LOCKBENCH" --lock-plugin="$so" --list-locks -v 2>&1 | grep -A1 '^ex-ttas ' |
	grep -qx '    follows: -; deviations: -' &&
	pass "--list-locks -v: a plugin's lock follows '-'" ||
	fail "--list-locks -v: $("$LOCKBENCH" --lock-plugin="$so" --list-locks -v 2>&1 | grep -A1 ex-ttas)"

expect_status 0 "the example plugin's locks pass --validate" -- --lock-plugin="$so" \
	--lock=ex-ttas,ex-null --threads=2 --ratio=0:1,1:1 --load=1 --duration=0.1 --validate
expect_status 3 "the busted plugin is caught by --validate" -- \
	--lock-plugin="$TMPD/plugin/ttas-busted.so" --lock=ex-busted --threads=2 --load=1 \
	--duration=0.2 --validate
grep -q "validation failed: lock ex-busted" "$TMPD/err" || fail "no line naming ex-busted"

# every format, and with a built-in lock in the same run
"$LOCKBENCH" --lock-plugin="$so" --lock=ticket,ex-ttas --threads=1 --load=0 --ops=1000 \
	-f csv,json >"$TMPD/out" 2>"$TMPD/err" || fail "-f csv,json: $(cat "$TMPD/err")"
grep -q '^2,.*,ex-ttas,excl,spin,' "$TMPD/out" && grep -q '"lock": "ex-ttas"' "$TMPD/out" &&
	pass "the plugin's lock in CSV and JSON" || fail "CSV/JSON: $(grep -c ex-ttas "$TMPD/out")"

usage_error "a missing plugin" -- --lock-plugin="$TMPD/nosuch.so" --list-locks
usage_error "a shared object that is not a plugin" -- --lock-plugin="$TMPD/plugin/Makefile" \
	--list-locks
usage_error "a plugin's lock named twice" -- --lock-plugin="$so" \
	--lock-plugin="$TMPD/plugin/../plugin/ttas.so" --list-locks
finish

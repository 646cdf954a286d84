#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make install DESTDIR=...: the binary and its page, lockbench-plot, the
# reproductions, the saved topologies (found by name) and the bash
# completion; make uninstall takes them all away again.
. "$srcdir/tests/lib.sh"
command -v make >/dev/null 2>&1 || { echo "SKIP: needs make"; exit 77; }
[ -f "$top_builddir/Makefile" ] || { echo "SKIP: no Makefile in $top_builddir"; exit 77; }
mkvar() { sed -n "s/^$1 = //p" "$top_builddir/Makefile" | head -n 1; }
prefix=$(mkvar prefix)
topodir=$(sed -n 's/^#define LB_TOPOLOGY_DIR "\(.*\)"$/\1/p' "$top_builddir/config.h")
[ -n "$prefix" ] && [ -n "$topodir" ] || { echo "SKIP: no prefix or LB_TOPOLOGY_DIR"; exit 77; }
DEST="$TMPD/dest"
# a make of our own, not a job of the make that runs the tests
(unset MAKEFLAGS MFLAGS MAKELEVEL; make -s -C "$top_builddir" install DESTDIR="$DEST") \
	>"$TMPD/log" 2>&1 || { cat "$TMPD/log" >&2; fail "make install"; finish; }
bin="$DEST$prefix/bin"

[ -x "$bin/lockbench" ] || fail "no $bin/lockbench"
[ -x "$bin/lockbench-plot" ] || fail "no $bin/lockbench-plot"
find "$DEST" -name lockbench.1 | grep -q . || fail "no lockbench.1"
for s in rwsem-spinning-2014 rwsem-reader-exit-2018 qrwlock-byte-cmpxchg-2015 aqticket-2013 \
	fair-rwlock-2008; do
	[ -x "$DEST$prefix/share/lockbench/reproduce/$s" ] || fail "reproduction $s not installed"
done
for t in "$srcdir"/data/topologies/*.xml; do
	[ -f "$DEST$topodir/${t##*/}" ] || fail "${t##*/} not in $topodir, where lockbench looks"
done
if [ -n "$(mkvar bashcompletiondir)" ]; then
	find "$DEST" -path '*/bash-completion/completions/lockbench' | grep -q . ||
		fail "no bash completion in bash-completion/completions"
fi
[ "$failures" -eq 0 ] && pass "installed: $(cd "$DEST" && find . -type f | wc -l) files"

"$bin/lockbench" --plan --topology=westmere-ex-4s40c --threads=4 >"$TMPD/plan" 2>"$TMPD/err" ||
	fail "--topology=westmere-ex-4s40c: $(cat "$TMPD/err")"
grep -q '4 packages, 40 cores' "$TMPD/plan" && pass "--topology=westmere-ex-4s40c by name" ||
	fail "--topology=westmere-ex-4s40c: $(head -3 "$TMPD/plan")"
"$bin/lockbench" --plan --topology=no-such-machine >/dev/null 2>&1
[ $? -eq 2 ] || fail "--topology=no-such-machine: want exit 2"

# an installed reproduction runs the installed lockbench (from the PATH)
mkdir "$TMPD/elsewhere" && cd "$TMPD/elsewhere" || exit 99
(unset LOCKBENCH; PATH="$bin:$PATH" DURATION=0.02 REPEAT=2 \
	sh "$DEST$prefix/share/lockbench/reproduce/aqticket-2013") >"$TMPD/rep" 2>&1 ||
	fail "installed aqticket-2013: $(cat "$TMPD/rep")"
grep -q "^$bin/lockbench --lock=ticket,aqticket" "$TMPD/rep" &&
	pass "the installed reproduction runs the installed lockbench" ||
	fail "installed aqticket-2013 ran: $(head -2 "$TMPD/rep")"
cd "$TMPD" || exit 99

(unset MAKEFLAGS MFLAGS MAKELEVEL; make -s -C "$top_builddir" uninstall DESTDIR="$DEST") \
	>"$TMPD/log" 2>&1 || fail "make uninstall: $(cat "$TMPD/log")"
left=$(find "$DEST" -type f)
[ -z "$left" ] && pass "make uninstall" || fail "make uninstall left: $left"
finish

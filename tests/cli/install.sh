#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make install, into a prefix given to make (make install prefix=DIR, not
# the configured one) and with DESTDIR: the binary and its page,
# lockbench-plot, the reproductions, the saved topologies, the kernel shim,
# <lockbench/lock.h>, lockbench.pc and the bash completion. The installed
# files name where they are (pkg-config's flags, the completion's and the
# manual's paths), never DESTDIR; the installed binary finds its own
# topologies and kernel shim and loads the example plugin built against the
# installed header with pkg-config; make uninstall takes them all away again.
. "$srcdir/tests/lib.sh"
command -v make >/dev/null 2>&1 || { echo "SKIP: needs make"; exit 77; }
[ -f "$top_builddir/Makefile" ] || { echo "SKIP: no Makefile in $top_builddir"; exit 77; }
unset PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_LIBDIR
# a make of our own, not a job of the make that runs the tests
lb_make() {
	(unset MAKEFLAGS MFLAGS MAKELEVEL; make -s --no-print-directory -C "$top_builddir" "$@")
}
# dirs MAKE-ARGS...: the installation's directories as make has them
dirs() {
	lb_make --eval 'lb-dirs: ; @printf "%s\n" "$(prefix)" "$(bindir)" "$(pkgdatadir)" \
		"$(includedir)" "$(pkgconfigdir)" "$(lb_man1dir)" "$(bashcompletiondir)"' \
		"$@" lb-dirs >"$TMPD/dirs" || { echo "SKIP: no GNU make --eval"; exit 77; }
	{ read -r prefix; read -r bindir; read -r pkgdatadir; read -r includedir
	  read -r pcdir; read -r man1dir; read -r bcdir; } <"$TMPD/dirs"
}
dirs
configured=$pkgdatadir
CC=$(sed -n 's/^CC = //p' "$top_builddir/Makefile" | head -n 1)

# installed D: every file under D (DESTDIR or empty) and the directories;
# the installed binary, run from elsewhere, reads its own topologies
installed() {
	d=$1
	[ -x "$d$bindir/lockbench" ] || fail "no $d$bindir/lockbench"
	[ -x "$d$bindir/lockbench-plot" ] || fail "no $d$bindir/lockbench-plot"
	for f in "$man1dir/lockbench.1" "$includedir/lockbench/lock.h" "$pcdir/lockbench.pc" \
		"$pkgdatadir/kshim/kshim/runtime.c" ${bcdir:+"$bcdir/lockbench"}; do
		[ -f "$d$f" ] || fail "no $d$f"
	done
	for s in rwsem-spinning-2014 rwsem-reader-exit-2018 qrwlock-byte-cmpxchg-2015 \
		aqticket-2013 fair-rwlock-2008; do
		[ -x "$d$pkgdatadir/reproduce/$s" ] || fail "reproduction $s not installed"
	done
	for t in "$srcdir"/data/topologies/*.xml; do
		[ -f "$d$pkgdatadir/topologies/${t##*/}" ] ||
			fail "${t##*/} not in $d$pkgdatadir/topologies"
	done
	[ "$failures" -eq 0 ] && pass "installed: $(find "$d$prefix" -type f | wc -l) files"
	(cd "$TMPD" && "$d$bindir/lockbench" --plan --topology=westmere-ex-4s40c --threads=4) \
		>"$TMPD/plan" 2>"$TMPD/err" || fail "--topology=westmere-ex-4s40c: $(cat "$TMPD/err")"
	grep -qxF "# topology: xml: $d$pkgdatadir/topologies/westmere-ex-4s40c.xml (not this machine: plan only)" \
		"$TMPD/plan" && grep -q '4 packages, 40 cores' "$TMPD/plan" &&
		pass "the installed lockbench reads $d$pkgdatadir/topologies/westmere-ex-4s40c.xml" ||
		fail "--topology=westmere-ex-4s40c: $(head -3 "$TMPD/plan")"
	"$d$bindir/lockbench" --plan --topology=no-such-machine >/dev/null 2>&1
	[ $? -eq 2 ] || fail "--topology=no-such-machine: want exit 2"
}

# uninstalled D MAKE-ARGS...: make uninstall leaves no file under D$prefix
uninstalled() {
	d=$1; shift
	lb_make uninstall "$@" >"$TMPD/log" 2>&1 || fail "make uninstall $*: $(cat "$TMPD/log")"
	left=$(find "$d$prefix" -type f)
	[ -z "$left" ] && pass "make uninstall $*" || fail "make uninstall $* left: $left"
}

# --- make install prefix=P: nothing of the configured prefix in what it installs
P="$TMPD/p"
mkdir -p "$P" || exit 99
P=$(cd "$P" && pwd -P)	# the binary's data directory is a real path
set -- prefix="$P"
dirs "$@"
case $bcdir in
"$P"/*) ;;
/*) set -- "$@" bashcompletiondir="$P/share/bash-completion/completions"; dirs "$@" ;;
esac
lb_make install "$@" >"$TMPD/log" 2>&1 || { cat "$TMPD/log" >&2; fail "make install $*"; finish; }
installed ""
if command -v pkg-config >/dev/null 2>&1; then
	export PKG_CONFIG_PATH="$pcdir"
	cflags=$(pkg-config --cflags lockbench 2>&1 | sed 's/ *$//')
	[ "$(pkg-config --variable=prefix lockbench)" = "$P" ] && [ "$cflags" = "-I$includedir" ] &&
		pass "pkg-config: prefix $P, $cflags" || fail "pkg-config --cflags lockbench: $cflags"
	# the example, out of the tree (srcdir may be read-only), the installed header only
	cp -R "$srcdir/examples/plugin" "$TMPD/plugin" && chmod -R u+w "$TMPD/plugin" || exit 99
	rm -f "$TMPD/plugin"/*.so
	(unset MAKEFLAGS MFLAGS MAKELEVEL; make -s -C "$TMPD/plugin" CC="${CC:-cc}") \
		>"$TMPD/log" 2>&1 && pass "PKG_CONFIG_PATH=$pcdir make -C examples/plugin" ||
		fail "examples/plugin against $P: $(cat "$TMPD/log")"
	(cd "$TMPD" && "$bindir/lockbench" --lock-plugin="$TMPD/plugin/ttas.so" --lock=ex-ttas \
		--threads=2 --ops=2000 --validate) >"$TMPD/out" 2>"$TMPD/err" &&
		grep -q '^ex-ttas' "$TMPD/out" &&
		pass "the installed lockbench runs the plugin under --validate" ||
		fail "--lock-plugin with $bindir/lockbench: $(cat "$TMPD/err")"
	unset PKG_CONFIG_PATH
else
	echo "skipped: pkg-config and the example plugin (no pkg-config)"
fi

# the completion offers a topology that is only in P; the manual names P's files
if [ -n "$bcdir" ] && command -v bash >/dev/null 2>&1; then
	cp "$pkgdatadir/topologies/build-vm-2c.xml" "$pkgdatadir/topologies/only-in-p.xml" || exit 99
	# the line as bash gives it with blanks the only word breaks (completion.sh has the others)
	bash -c '. "$1"; COMP_WORDBREAKS=" "; COMP_WORDS=("$2" --topology=only-); COMP_CWORD=1
		COMP_LINE="$2 --topology=only-"; COMP_POINT=${#COMP_LINE}
		_lockbench; printf "%s\n" "${COMPREPLY[@]}"' sh "$bcdir/lockbench" \
		"$bindir/lockbench" >"$TMPD/out" 2>&1
	grep -qxF -- --topology=only-in-p "$TMPD/out" &&
		pass "the installed completion offers $pkgdatadir/topologies" ||
		fail "the installed completion: --topology=only- offers $(cat "$TMPD/out")"
	rm -f "$pkgdatadir/topologies/only-in-p.xml"
fi
for f in "$pkgdatadir/topologies/" "$pkgdatadir/kshim/" "$includedir/lockbench/lock.h" \
	"$pcdir/lockbench.pc" ${bcdir:+"$bcdir/lockbench"}; do
	grep -qxF ".I $f" "$man1dir/lockbench.1" || fail "the manual's FILES: no .I $f"
done
grep -lF "$configured" "$man1dir/lockbench.1" "$pcdir/lockbench.pc" ${bcdir:+"$bcdir/lockbench"} \
	>"$TMPD/out" && fail "the configured $configured in $(cat "$TMPD/out")"
[ "$failures" -eq 0 ] && pass "the manual, lockbench.pc and the completion name $P"

# the installed kernel shim, found beside the binary, is whole: a tree of
# nothing but its version fails to compile on the tree's missing files only
if command -v "${CC:-cc}" >/dev/null 2>&1; then
	mkdir -p "$TMPD/tree/kernel/locking" || exit 99
	printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 0\n' >"$TMPD/tree/Makefile"
	(cd "$TMPD" && XDG_CACHE_HOME="$TMPD/cache" "$bindir/lockbench" \
		--kernel-tree="$TMPD/tree" --list-locks) >"$TMPD/out" 2>"$TMPD/err" ||
		fail "--kernel-tree with $bindir/lockbench: $(cat "$TMPD/err")"
	find "$TMPD/cache" -name '*.log' -type f -exec cat {} + >"$TMPD/logs"
	grep -q "$pkgdatadir/kshim/kshim/glue/" "$TMPD/logs" &&
		pass "the installed lockbench compiles with $pkgdatadir/kshim" ||
		fail "--kernel-tree: no compile with $pkgdatadir/kshim: $(head -3 "$TMPD/logs")"
	for h in $(sed -n 's/.* fatal error: \([^:]*\): No such file.*/\1/p' "$TMPD/logs" | sort -u)
	do
		for s in "$srcdir" "$srcdir/src" "$srcdir/kshim/include"; do
			[ -f "$s/$h" ] && fail "$h ($s/$h) is not installed in $pkgdatadir/kshim"
		done
	done
fi
uninstalled "" "$@"

# --- make install DESTDIR=D: the files name the prefix, never D
dirs
DEST="$(cd "$TMPD" && pwd -P)/dest"
lb_make install DESTDIR="$DEST" >"$TMPD/log" 2>&1 ||
	{ cat "$TMPD/log" >&2; fail "make install DESTDIR=$DEST"; finish; }
installed "$DEST"
grep -qxF "prefix=$prefix" "$DEST$pcdir/lockbench.pc" &&
	grep -qxF ".I $pkgdatadir/topologies/" "$DEST$man1dir/lockbench.1" &&
	! grep -lF "$DEST" "$DEST$pcdir/lockbench.pc" "$DEST$man1dir/lockbench.1" \
		${bcdir:+"$DEST$bcdir/lockbench"} &&
	pass "lockbench.pc, the manual and the completion name $prefix, not DESTDIR" ||
	fail "DESTDIR in the installed files or no prefix=$prefix"

# an installed reproduction runs the installed lockbench (from the PATH)
mkdir "$TMPD/elsewhere" && cd "$TMPD/elsewhere" || exit 99
(unset LOCKBENCH; PATH="$DEST$bindir:$PATH" DURATION=0.02 REPEAT=2 \
	sh "$DEST$pkgdatadir/reproduce/aqticket-2013") >"$TMPD/rep" 2>&1 ||
	fail "installed aqticket-2013: $(cat "$TMPD/rep")"
grep -q "^$DEST$bindir/lockbench --lock=ticket,aqticket" "$TMPD/rep" &&
	pass "the installed reproduction runs the installed lockbench" ||
	fail "installed aqticket-2013 ran: $(head -2 "$TMPD/rep")"
cd "$TMPD" || exit 99
uninstalled "$DEST" DESTDIR="$DEST"
finish

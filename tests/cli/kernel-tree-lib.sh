# SPDX-License-Identifier: GPL-2.0-or-later
# kernel-tree-lib.sh - shared by the tests/cli/kernel-tree*.sh tests: the tree
# they build (Debian's linux-source-6.1, which .ci/run installs), the cache
# they share (tests/kcache of the build tree, so the tarball is extracted and
# compiled once per build tree), and a copy of the tree to break.
. "${srcdir:-.}/tests/lib.sh"

KTREE=${LOCKBENCH_TEST_KTREE:-/usr/src/linux-source-6.1.tar.xz}
if [ ! -r "$KTREE" ]; then
	if [ "${CI:-}" = true ]; then
		echo "FAIL: $KTREE is missing (.ci/run installs linux-source-6.1)" >&2
		exit 1
	fi
	echo "SKIP: no $KTREE (apt-get install linux-source-6.1)"
	exit 77
fi
command -v "${CC:-cc}" >/dev/null 2>&1 || { echo "SKIP: no C compiler"; exit 77; }
XDG_CACHE_HOME=${LOCKBENCH_TEST_KCACHE:-${top_builddir:-.}/tests/kcache}
export XDG_CACHE_HOME
mkdir -p "$XDG_CACHE_HOME" || exit 99

# ktree_copy DIR: the files of the tree that lockbench extracted (they are all
# it uses), copied into DIR, where a test may break them
ktree_copy() {
	root=$("$LOCKBENCH" --kernel-tree="$KTREE" --list-locks -v | sed -n 's/.*, compiled from //p')
	[ -d "$root/kernel/locking" ] || { echo "FAIL: no tree root in --list-locks -v" >&2; exit 1; }
	mkdir -p "$1" && cp -R "$root/." "$1/" && rm -f "$1/.complete"
}

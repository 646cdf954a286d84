#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The README in step with lockbench: it opens with the two one-line commands
# for a fresh machine, and every ./lockbench example in it is a command
# lockbench takes (each run once with --plan: the options parse and hold;
# nothing is measured). A kernel-tree example needs a tree and is left out,
# as are report and sudo.
. "$srcdir/tests/lib.sh"
readme="$(cd "$srcdir" && pwd)/README.md"
[ "$(sed -n 3p "$readme")" = "    scripts/bootstrap && ./lockbench" ] &&
	[ "$(sed -n 4p "$readme")" = "    scripts/bootstrap && make check" ] &&
	[ -z "$(sed -n 5p "$readme")" ] && pass "the two commands for a fresh machine" ||
	fail "the README does not open with the two commands: $(sed -n 1,5p "$readme")"
# examples: indented lines that start with ./lockbench, a continuation joined
awk '/^    \.\/lockbench / { line = $0; while (line ~ /\\$/ && (getline nxt) > 0) {
		sub(/\\$/, "", line); line = line " " nxt }; print line }' "$readme" |
	sed 's/  *# .*$//; s/ && .*$//; s/^ *\.\/lockbench //' >"$TMPD/examples"
n=0
cd "$TMPD" || fail "cd"
while IFS= read -r ex; do
	case $ex in report*|*--kernel-tree*) continue ;; esac
	n=$((n + 1))
	# the words as the shell gives them (quotes kept: synthetic descriptions)
	eval "set -- $ex"
	"$LOCKBENCH" "$@" --plan >out 2>err || fail "README example '$ex': $(tail -1 err)"
done <"$TMPD/examples"
[ "$n" -ge 10 ] && pass "$n README examples are commands lockbench takes" ||
	fail "only $n examples found"
grep -q '^    lockbench ' "$readme" && fail "an example calls lockbench, which a fresh clone does not have"
finish

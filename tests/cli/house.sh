#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# house.sh - the include doors between the parts of src/ and locks/, no
# include circle, no call circle between the files of one part, and the
# size limits of files and functions (HACKING.md); and that the checker
# itself sees a call circle and an include circle when there is one.
. "${srcdir:-.}/tests/lib.sh"
need_python

# house.py on a small tree WHAT must fail with a line matching PATTERN
circle_case() {
	what=$1 tree=$2 pattern=$3
	if python3 "$srcdir/tests/cli/house.py" "$tree" >"$TMPD/circle" 2>&1; then
		fail "house.py passed a tree whose $what"
	elif grep -q "$pattern" "$TMPD/circle"; then
		pass "found: $what"
	else
		fail "house.py failed the tree whose $what for another reason: $(head -n 3 "$TMPD/circle")"
	fi
}
# two files of one part that call each other
mkdir -p "$TMPD/tree/src/base" "$TMPD/tree/locks"
printf '#include "base/b.h"\nint lb_a(int x)\n{\n\treturn x ? lb_b(x - 1) : 0;\n}\n' >"$TMPD/tree/src/base/a.c"
printf 'int lb_a(int x);\n' >"$TMPD/tree/src/base/a.h"
printf '#include "base/a.h"\nint lb_b(int x)\n{\n\treturn lb_a(x);\n}\n' >"$TMPD/tree/src/base/b.c"
printf 'int lb_b(int x);\n' >"$TMPD/tree/src/base/b.h"
circle_case "base/a.c and base/b.c call each other" "$TMPD/tree" \
	'call circle in base: src/base/a -> src/base/b -> src/base/a'
# two headers that include each other
mkdir -p "$TMPD/inc/src/base" "$TMPD/inc/locks"
printf '#include "base/d.h"\n' >"$TMPD/inc/src/base/c.h"
printf '#include "base/c.h"\n' >"$TMPD/inc/src/base/d.h"
circle_case "base/c.h and base/d.h include each other" "$TMPD/inc" \
	'include circle: src/base/[cd] -> src/base/[cd] -> src/base/[cd]'

if python3 "$srcdir/tests/cli/house.py" "$srcdir" --sizes >"$TMPD/out" 2>&1; then
	pass "$(tail -n 1 "$TMPD/out")"
else
	sed 's/^/    /' "$TMPD/out" >&2
	fail "the house rules"
fi
finish

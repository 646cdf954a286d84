#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# house.sh - the include doors between the parts of src/ and locks/, no
# include circle, and the size limits of files and functions (HACKING.md).
. "${srcdir:-.}/tests/lib.sh"
need_python
if python3 "$srcdir/tests/cli/house.py" "$srcdir" --sizes >"$TMPD/out" 2>&1; then
	pass "$(tail -n 1 "$TMPD/out")"
else
	sed 's/^/    /' "$TMPD/out" >&2
	fail "the house rules"
fi
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A build without libtracefs/libtraceevent (--without-libtracefs, or none
# found): --trace is refused with exit 5 and one line that says why.
. "$srcdir/tests/lib.sh"

expect_status 5 "--trace without libtracefs" -- --lock=null --threads=1 --load=0 --ops=10 --trace
grep -q -- "--trace: this build has no libtracefs" "$TMPD/err" && [ "$(wc -l <"$TMPD/err")" -eq 1 ] ||
	fail "not one line naming libtracefs: $(cat "$TMPD/err")"
finish

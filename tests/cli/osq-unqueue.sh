#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# osq: a short spin budget makes waiters leave the queue (counted), and the
# lock still excludes while they do; a long one at 1 thread never unqueues.
. "$srcdir/tests/lib.sh"
need_python

"$LOCKBENCH" --lock=osq --osq-spin-budget=200 --threads=2x --load=20 --duration=0.3 --validate \
	-f csv >"$TMPD/short.csv" 2>"$TMPD/e" || fail "short budget run: $(cat "$TMPD/e")"
"$LOCKBENCH" --lock=osq --threads=1 --load=20 --duration=0.1 -f csv >"$TMPD/one.csv" ||
	fail "one-thread run"
python3 - "$TMPD/short.csv" "$TMPD/one.csv" <<'PY' || fail "unqueue counts"
import csv, sys
ctr = lambda r: dict(kv.split("=", 1) for kv in r["counters"].split(";") if kv)
short = next(csv.DictReader(open(sys.argv[1], newline="")))
one = next(csv.DictReader(open(sys.argv[2], newline="")))
assert "spin-budget=200" in short["lock_options"], short["lock_options"]
assert int(ctr(short)["unqueued"]) > 0, ctr(short)["unqueued"]
assert int(ctr(one)["unqueued"]) == 0 and int(ctr(one)["queued"]) == 0, (ctr(one)["unqueued"], ctr(one)["queued"])
print("ok: %s unqueues with a 200 ns budget at 2x, none alone" % ctr(short)["unqueued"])
PY
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --simulate on the saved 80-core Westmere-EX (8 packages of 10 cores, its
# built-in profile): ticket and mcs from 1 to 64 threads, 5 pauses in the
# critical section (20 ns there: with an empty one the lock word's line,
# not the lock, sets the pace: ticket peaks at 14.3 Mops/s at 8-10 threads
# and falls to 6.0 at 80, and mcs, two locked instructions an operation on
# its tail's line, stays below it), 100 pauses between operations. The shape of Boyd-Wickizer et
# al., "Non-scalable locks are dangerous" (Linux Symposium 2012): ticket
# rises to a knee and falls, ending below half its peak, while mcs ends at
# least twice ticket's and within four remote transfers an operation.
# Simulated figures are deterministic (the seed): asserted exactly as computed.
. "$srcdir/tests/lib.sh"
need_python

"$LOCKBENCH" --simulate --topology=westmere-ex-8s80c --lock=ticket,mcs \
	--threads=1,2,4,6,8,10,16,20,32,40,48,64 --load=5 --delay=100 --duration=0.002 \
	-f csv -o "$TMPD/sweep.csv" -q 2>"$TMPD/err" || fail "the sweep: $(cat "$TMPD/err")"
python3 - "$TMPD/sweep.csv" <<'PY' && pass "ticket collapses, mcs holds (westmere-ex-8s80c)" ||
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
mops = {}
for r in rows:
    assert r["simulated"] == "1", r
    mops.setdefault(r["lock"], []).append((int(r["threads"]), float(r["ops_per_s"]) / 1e6))
tk, mc = sorted(mops["ticket"]), sorted(mops["mcs"])
print("threads", " ".join(str(t) for t, _ in tk))
print("ticket ", " ".join("%.2f" % m for _, m in tk))
print("mcs    ", " ".join("%.2f" % m for _, m in mc))
peak = max(range(len(tk)), key=lambda i: tk[i][1])
assert 0 < peak < len(tk) - 1 and tk[peak][1] > tk[0][1], "no knee: peak at %d" % tk[peak][0]
assert tk[-1][1] < tk[peak][1] / 2, "ticket at 64 %.2f, peak %.2f" % (tk[-1][1], tk[peak][1])
assert mc[-1][1] >= 2 * tk[-1][1], "mcs %.2f, ticket %.2f at 64" % (mc[-1][1], tk[-1][1])
# Westmere-EX's profile: a remote transfer 120 ns, 45 more through a third package's home
assert mc[-1][1] >= 1000.0 / (4 * (120 + 45)), "mcs at 64: %.2f Mops/s" % mc[-1][1]
PY
	fail "the shape"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --format=stats (McKenney 2013): rows 1x 2x 3x, base/stdev/patched/stdev/%improvement,
# and every figure equals what a CSV reader computes from the CSV of the same
# run (-f stats,csv writes both from one set of results).
. "$srcdir/tests/lib.sh"
need_python

"$LOCKBENCH" --no-header --lock=ticket,aqticket --threads=1x,2x,3x --repeat=3 --duration=0.2 --load=1 \
	-f stats,csv >"$TMPD/out" 2>"$TMPD/err" || fail "fixed-time run: $(cat "$TMPD/err")"
"$LOCKBENCH" --no-header --lock=tas,ticket --threads=1,2 --repeat=2 --ops=200000 --load=0,5 \
	-f stats,csv >"$TMPD/work" 2>"$TMPD/err" || fail "fixed-work run: $(cat "$TMPD/err")"
python3 - "$TMPD/out" "$TMPD/work" <<'PY' || fail "stats against the csv"
import csv, io, math, re, statistics, sys

def check(path, fixed_time, labels, nblocks):
    text = open(path).read()
    cut = text.index("format_version,")
    table, rows = text[:cut].splitlines(), list(csv.DictReader(io.StringIO(text[cut:])))
    # the notes under the table: "~" (within the noise), "*" (a thread ran short: a busy machine)
    notes = [l for l in table if l.startswith("~ ") or l.startswith("* ")]
    table = [l for l in table if l not in notes]
    rule = re.compile(r"^\+(-+\+)+$")
    metric = "ops/s" if fixed_time else "1/execution time in 1/s"
    blocks = [i for i, l in enumerate(table) if "higher is better" in l]
    assert len(blocks) == nblocks, blocks
    assert len(table) == nblocks * (6 + len(labels)), len(table)
    locks = []
    for r in rows:
        if r["lock"] not in locks:
            locks.append(r["lock"])
    for b in blocks:
        title = table[b]
        m = re.match(r"^(\S+) vs (\S+), ratio (\S+), load (\d+) \(throughput: (.*), higher is better\)$", title)
        assert m, title
        base, patched, ratio, load = m.group(1), m.group(2), m.group(3), m.group(4)
        assert [base, patched] == locks, (title, locks)
        assert m.group(5) == metric, title
        for k in (-1, 1, 3, 4 + len(labels)):
            assert rule.match(table[b + k]), table[b + k]
        assert table[b + 2].split() == ["base", "stdev", "patched", "stdev", "%improvement"], table[b + 2]
        got_labels = []
        for line in table[b + 4:b + 4 + len(labels)]:
            f = line.split()
            got_labels.append(f[0])
            pts = {}
            for r in rows:
                if r["ratio"] != ratio or r["load"] != load:
                    continue
                t = int(r["threads"])
                v = float(r["ops_per_s"]) if fixed_time else 1000.0 / float(r["exec_time_ms"])
                pts.setdefault((r["lock"], t), []).append(v)
            threads = sorted({t for (_, t) in pts})[len(got_labels) - 1]
            want, err = [], 1e-4
            for r in rows:	# what the csv's rounding of exec_time_ms (6 decimals) can move 1000/ms
                if not fixed_time:
                    err = max(err, 2 * 1000.0 / float(r["exec_time_ms"]) ** 2 * 5e-7)
            for lk in (base, patched):
                v = pts[(lk, threads)]
                assert len(v) == int(rows[-1]["repeat"]), v
                want += [statistics.mean(v), statistics.stdev(v)]
            want.append((want[2] - want[0]) / want[0] * 100)
            if any(x.endswith("~") for x in f):
                assert any(n.startswith("~ the change is within") for n in notes), notes
            if any(x.endswith("*") for x in f):
                assert any(n.startswith("* in ") for n in notes), notes
            got = [float(x.rstrip("~*")) for x in f[1:]]
            for i, (g, w, what) in enumerate(zip(got, want, ("base", "stdev", "patched", "stdev", "%"))):
                # the csv's ops_per_s has one decimal; the table five significant digits
                tol = 0.06 + 1e-6 * abs(w) if fixed_time else err + 1e-6 * abs(w)
                if what != "%":
                    mean = max(got[0 if i < 2 else 2], 1e-9)	# a stdev has its mean's decimals
                    tol += 0.5 * 10 ** -min(4, max(1, 4 - math.floor(math.log10(mean))))
                if what == "%":	# one decimal
                    tol = 0.05 + 1e-4 + 1e-4 * abs(w)
                assert abs(g - w) <= tol, (line, what, g, w)
        assert got_labels == labels, got_labels
    print("ok: %s: %d block(s), rows %s match the csv" % (path, nblocks, " ".join(labels)))

check(sys.argv[1], True, ["1x", "2x", "3x"], 1)
check(sys.argv[2], False, ["1", "2"], 2)
PY

# a run the table cannot show is refused before it starts
expect_status 2 "stats with one lock" -- --lock=ticket --repeat=3 -f stats
grep -q "two locks" "$TMPD/err" || fail "no reason given for one lock"
expect_status 2 "stats with one repetition" -- --lock=ticket,aqticket --repeat=1 -f stats
grep -q -- "--repeat=2 or more" "$TMPD/err" || fail "no reason given with --repeat=1"
# without --repeat, --ops or --duration: the posting's five repetitions of a fixed time
"$LOCKBENCH" --plan --lock=ticket,aqticket --threads=1 --load=1 -f stats >"$TMPD/plan" 2>&1 ||
	fail "stats defaults: $(cat "$TMPD/plan")"
grep -q "each run 5 times; fixed time" "$TMPD/plan" || fail "stats defaults: $(grep '^# points' "$TMPD/plan")"
grep -q "^point ticket/0:1 threads=1 load=1 duration=1s$" "$TMPD/plan" || fail "stats defaults: no 1 s point"
finish

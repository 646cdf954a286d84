#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tree-compare.sh - scripts/tree-compare, the models against Debian's 6.1
# tree's own locks, run short: the table of all six pairs (a row per lock,
# mix and thread count, both sides validated, every round paired), the
# counters both sides report present on both, a pair of another kind or an
# unknown lock refused in one line (exit 2), another model of the same kind
# taken, a tree lock that fails --validate failing the script (exit 3), and
# --update replacing one model's record and keeping the others. Figures are
# never checked: the machine is shared.
. "${srcdir:-.}/tests/cli/kernel-tree-lib.sh"
need_python

tc="$srcdir/scripts/tree-compare"
run_tc() {	# run_tc ARGS...: the script on this build's lockbench, stdout/stderr in TMPD
	python3 "$tc" --tree="$KTREE" "$@" "$LOCKBENCH" >"$TMPD/tc.out" 2>"$TMPD/tc.err"
}

# 1. all six, two rounds of a moment each
if run_tc --rounds=2 --duration=0.02 --csv="$TMPD/t.csv"; then
	pass "scripts/tree-compare ran ($(wc -l <"$TMPD/tc.out") lines)"
else
	fail "scripts/tree-compare: exit $?: $(tail -n 3 "$TMPD/tc.err")"
fi
python3 - "$TMPD/t.csv" "$TMPD/tc.out" <<'PY'
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
want = {(l, r, t) for l in ("qspinlock", "osq", "mutex") for r in ("0:1",) for t in "12"}
want |= {(l, r, t) for l in ("qrwlock", "rwsem", "percpu-rwsem") for r in ("0:1", "10:1")
         for t in "12"}
got = {(r["lock"], r["ratio"], r["threads"]) for r in rows}
assert got == want and len(rows) == len(want), sorted(got ^ want)
# the counters each pair must show on both sides (a name changed on either
# side drops the pair, which this catches)
ctr = {"qspinlock": {"pending", "queue"}, "qrwlock": set(), "osq": {"unqueued"},
       "mutex": {"sleeps", "wakeups", "wait-lock"},
       "rwsem": {"sleeps", "wakeups", "wait-lock", "read-slow", "read-steal", "write-slow",
                 "spin-taken", "handoff"},
       "percpu-rwsem": {"sleeps~"}}
for r in rows:
    assert r["model"] == r["lock"] and r["tree_lock"] == "tree:" + r["lock"], r
    assert r["model_validated"] == "yes" and r["tree_validated"] == "yes", r
    assert r["rounds"] == "2", r
    for k in ("model_mops", "tree_mops", "tree_over_model", "round_min", "round_max"):
        v = float(r[k])
        assert math.isfinite(v) and v > 0, (k, r)
    assert float(r["round_min"]) <= float(r["tree_over_model"]) <= float(r["round_max"]), r
    assert r["verdict"] in ("agrees", "differs"), r
    pairs = dict(kv.split("=", 1) for kv in r["counters"].split(";") if kv)
    assert set(pairs) == ctr[r["lock"]], (r["lock"], sorted(pairs))
    for v in pairs.values():
        m, t = v.split("|")
        assert float(m) >= 0 and float(t) >= 0, v
# the text table: its header and one line per row, in the same order
text = [l for l in open(sys.argv[2]) if not l.startswith("#")]
assert text[0].split()[:3] == ["lock", "model", "ratio"], text[0]
assert [tuple(l.split()[:4]) for l in text[1:]] == \
    [(r["lock"], r["model"], r["ratio"], r["threads"]) for r in rows], text[1:]
PY
if [ $? -eq 0 ]; then
	pass "the table: 18 rows of six pairs, validated, paired, counters on both sides"
else
	fail "the table's shape (above)"
fi

# 2. pairs refused, each in one line naming the option (exit 2)
for bad in --model=qspinlock=rwsem --model=rwsem=qspinlock --model=qspinlock=no-such-lock \
	   --model=no-such=qspinlock --locks=qspinlock,no-such --rounds=0; do
	run_tc "$bad" --rounds=1 --duration=0.01
	rc=$?
	opt=${bad%%=*}
	if [ "$rc" -eq 2 ] && [ "$(wc -l <"$TMPD/tc.err")" -eq 1 ] &&
	   grep -q -- "$opt" "$TMPD/tc.err"; then
		pass "$bad refused: $(cat "$TMPD/tc.err")"
	else
		fail "$bad: exit $rc, want 2 and one line naming $opt: $(cat "$TMPD/tc.err")"
	fi
done
# another model of the same kind is taken, and named in the table
if run_tc --locks=mutex --model=mutex=mutex-osq --threads=1 --rounds=1 --duration=0.01 \
	--csv="$TMPD/m.csv" &&
   [ "$(csv_cols "$TMPD/m.csv" model tree_lock)" = "mutex-osq tree:mutex" ]; then
	pass "--model=mutex=mutex-osq: mutex-osq against tree:mutex"
else
	fail "--model=mutex=mutex-osq: $(cat "$TMPD/tc.err")"
fi

# 3. a tree lock that fails --validate fails the script (3, or 4 if it hung)
ktree_copy "$TMPD/bug"
wait='atomic_cond_read_acquire(.lock->val, !(VAL . _Q_LOCKED_MASK));'
sed -i "s/^\\(		\\)$wait\$/\\1;/" "$TMPD/bug/kernel/locking/qspinlock.c"
python3 "$tc" --tree="$TMPD/bug" --locks=qspinlock --threads=2 --load=5 --rounds=1 --duration=1 \
	"$LOCKBENCH" >"$TMPD/tc.out" 2>"$TMPD/tc.err"
rc=$?
if { [ "$rc" -eq 3 ] || [ "$rc" -eq 4 ]; } && grep -q -- '--validate' "$TMPD/tc.err" &&
   ! grep -q '^qspinlock' "$TMPD/tc.out"; then
	pass "a broken tree qspinlock fails the script (exit $rc: $(cat "$TMPD/tc.err"))"
else
	fail "a broken tree qspinlock: exit $rc (want 3 or 4, no table): $(cat "$TMPD/tc.err")"
fi

# 4. --update=FILE: this run's model replaced, the other records kept as they were
cp "$srcdir/locks/tree-check.def" "$TMPD/tc.def"
records() {	# the models of tc.def's records, but osq's
	grep '^LB_TREE_CHECK("' "$TMPD/tc.def" | grep -v '"osq"' | cut -d'"' -f2 | tr '\n' ' '
}
others=$(records)
if run_tc --locks=osq --rounds=1 --duration=0.01 --update="$TMPD/tc.def"; then
	today=$(date +%Y-%m-%d)
	osq=$(sed -n '/^LB_TREE_CHECK("osq"/,/)$/p' "$TMPD/tc.def")
	if [ "$(grep -c '^LB_TREE_CHECK("osq"' "$TMPD/tc.def")" -eq 1 ] &&
	   echo "$osq" | grep -q "\"$today\"" && echo "$osq" | grep -q 'kernel/locking/osq_lock.c' &&
	   echo "$osq" | grep -q '"1 thread [0-9.]* ([0-9.]*-[0-9.]*), 2 threads [0-9.]* (' &&
	   [ "$(records)" = "$others" ]; then
		pass "--update: osq's record of today, the others kept (${others:-none})"
	else
		fail "--update: osq: $osq; others before: $others; after: $(records)"
	fi
else
	fail "--update: exit $?: $(cat "$TMPD/tc.err")"
fi
finish

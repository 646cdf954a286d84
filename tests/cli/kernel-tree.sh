#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kernel-tree.sh - --kernel-tree: the six locks of Debian's 6.1 tree, listed
# with the tree's version and file, each passing --validate (spinning and
# sleeping at 1, 2 and 4 threads, reader-writer at 0:1, 1:1 and 10:1), and
# the tree's version in every format.
. "${srcdir:-.}/tests/cli/kernel-tree-lib.sh"

"$LOCKBENCH" --kernel-tree="$KTREE" --list-locks -v >"$TMPD/list" 2>"$TMPD/err"
n=$(grep -c '^tree:' "$TMPD/list")
[ "$n" -eq 6 ] && pass "six tree: locks listed" || fail "tree: locks listed: $n, want 6"
for l in qspinlock:qspinlock.c qrwlock:qrwlock.c osq:osq_lock.c mutex:mutex.c rwsem:rwsem.c \
	 percpu-rwsem:percpu-rwsem.c; do
	lock=${l%%:*} file=${l#*:}
	if grep -A1 "^tree:$lock " "$TMPD/list" | grep -q "follows: Linux 6\.1\.[0-9]* .*kernel/locking/$file"; then
		pass "tree:$lock: Linux 6.1.N and kernel/locking/$file"
	else
		fail "tree:$lock: no 'Linux 6.1.N ... kernel/locking/$file' in --list-locks -v"
	fi
	grep -q "^tree:$lock .* yes " "$TMPD/list" || fail "tree:$lock is not available"
done

# --validate: the tree's code inside lockbench's checked loop
for lock in qspinlock osq mutex; do
	expect_status 0 "tree:$lock validates at 1, 2, 4 threads" -- --kernel-tree="$KTREE" \
		--lock=tree:$lock --threads=1,2,4 --load=1 --duration=0.05 --validate -q
done
for lock in qrwlock rwsem percpu-rwsem; do
	expect_status 0 "tree:$lock validates at 0:1, 1:1, 10:1" -- --kernel-tree="$KTREE" \
		--lock=tree:$lock --threads=1,2,4 --ratio=0:1,1:1,10:1 --load=1 --duration=0.05 \
		--validate -q
done

# the tree's version and files' hash in the text header, the CSV and the JSON
label=$(sed -n 's/^    \(Linux 6\.1\.[0-9]* files [0-9a-f]*\), compiled from .*/\1/p' "$TMPD/list")
[ -n "$label" ] || fail "no 'Linux 6.1.N files HASH' line in --list-locks -v"
"$LOCKBENCH" --kernel-tree="$KTREE" --lock=tree:qspinlock --threads=1 --load=1 --duration=0.02 \
	-f csv -o "$TMPD/run.csv" 2>/dev/null
"$LOCKBENCH" --kernel-tree="$KTREE" --lock=tree:qspinlock --threads=1 --load=1 --duration=0.02 \
	-f json -o "$TMPD/run.json" 2>/dev/null
"$LOCKBENCH" --kernel-tree="$KTREE" --lock=tree:qspinlock --threads=1 --load=1 --duration=0.02 \
	>"$TMPD/table" 2>/dev/null
grep -q "^# kernel tree tree: $label " "$TMPD/table" && pass "header: $label" ||
	fail "no '# kernel tree tree: $label' in the text header"
need_python
python3 - "$TMPD/run.csv" "$TMPD/run.json" "$label" <<'PY' && pass "CSV and JSON: lock_follows" || fail "CSV/JSON lock_follows"
import csv, json, sys
row = next(csv.DictReader(open(sys.argv[1])))
assert row["lock"] == "tree:qspinlock" and row["lock_follows"].startswith(sys.argv[3]), row
res = json.load(open(sys.argv[2]))["results"][0]
assert res["lock_follows"].startswith(sys.argv[3]), res["lock_follows"]
PY
finish

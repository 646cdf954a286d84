#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Hostile inputs, third pass: a baseline whose values have another JSON
# type than lockbench writes (lock_options null, a number, a string, an
# array; a number as a string), a NUL in a value or in the file, text after
# the JSON object, a file that reads longer than its size said, and 80000
# distinct rows (read in linear time); topology XML with one object type at
# two depths or an internal DTD subset, a synthetic description over 479
# characters, a topology without a PU, one that crashes hwloc; control
# characters in a value; the --timeout floor; --baseline-loose alone; the
# kernel locks' TMPDIR.
# Each refusal is exit 2 and one line. (`timeout` only keeps a regression
# from hanging the suite; nothing is timed.)
. "$srcdir/tests/lib.sh"
need_python

HOSTILE_TIMEOUT=60

run="--lock=null --threads=1 --load=0 --ops=1000"
"$LOCKBENCH" $run -f json >"$TMPD/run.json" 2>/dev/null || { fail "a JSON run"; finish; }
"$LOCKBENCH" $run -f csv >"$TMPD/run.csv" 2>/dev/null || { fail "a CSV run"; finish; }

# json_edit OUT EXPR: run.json with the first result changed by a Python expression on r
json_edit() {
	python3 - "$TMPD/run.json" "$TMPD/$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
r = d["results"][0]
exec(sys.argv[3])
open(sys.argv[2], "w").write(json.dumps(d))
PY
}

# --- baseline and report: types, NULs, trailing text --------------------------
for v in None 7 '"x=1"' '[1, 2]' '{"x": [1]}' '{"x": None}'; do
	json_edit lo.json "r['lock_options'] = $v"
	hostile "lock_options $v" "lock_options" $run -f compare --baseline="$TMPD/lo.json"
	timeout -k 5 60 "$LOCKBENCH" report "$TMPD/lo.json" >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	[ "$rc" -eq 2 ] && [ "$(wc -l <"$TMPD/err")" -eq 1 ] ||
		fail "report, lock_options $v: exit $rc, want 2: $(cat "$TMPD/err")"
done
json_edit str.json "r['threads'] = '1'"
hostile "a number as a JSON string" "threads is a JSON string" $run -f compare \
	--baseline="$TMPD/str.json"
json_edit obj.json "r['lock'] = {'a': 1}"
hostile "an object as the lock" "lock is a JSON object" $run -f compare --baseline="$TMPD/obj.json"
json_edit nul.json "r['lock'] = 'null\\u0000evil'"
grep -q 'null\\u0000evil' "$TMPD/nul.json" || fail "the test's \\u0000 did not reach the file"
hostile "a NUL inside a JSON string" "lock holds a NUL character" $run -f compare \
	--baseline="$TMPD/nul.json"
cp "$TMPD/run.json" "$TMPD/trail.json" && echo '{"results": []}' >>"$TMPD/trail.json"
hostile "text after the JSON object" "text after the JSON object" $run -f compare \
	--baseline="$TMPD/trail.json"
printf 'tic\000ket' >"$TMPD/tic"
python3 - "$TMPD/run.csv" "$TMPD/nul.csv" <<'PY'
import sys
t = open(sys.argv[1], "rb").read().split(b"\n")
t[1] = t[1].replace(b",null,", b",nu\0ll,", 1)
open(sys.argv[2], "wb").write(b"\n".join(t))
PY
hostile "a NUL byte in a CSV field" "a NUL byte at offset" $run -f compare --baseline="$TMPD/nul.csv"
python3 - "$TMPD/run.csv" "$TMPD/esc.csv" <<'PY'
import sys
t = open(sys.argv[1], "rb").read().split(b"\n")
t[1] = t[1].replace(b",null,", b",nu\x1b[31mll,", 1)
open(sys.argv[2], "wb").write(b"\n".join(t))
PY
hostile "an escape sequence in the lock's name" "lock holds a control character" $run \
	-f compare --baseline="$TMPD/esc.csv"
# a regular file whose size says 0 and that reads without end: the limit holds while reading
hostile "a file that reads past the limit" "more than the limit of 256 MiB" $run -f compare \
	--baseline=/proc/self/pagemap

# 80000 distinct rows: matched by hash, in a time linear in the file (the
# quadratic reader took half a minute and gigabytes; timeout only guards)
python3 - "$TMPD/run.csv" "$TMPD/many.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
h, r = rows[0], rows[1]
lock = h.index("lock")
with open(sys.argv[2], "w", newline="") as f:
	w = csv.writer(f, lineterminator="\n")
	w.writerow(h)
	for i in range(80000):
		r[lock] = "null" if i == 0 else "lock%d" % i
		w.writerow(r)
PY
timeout -k 5 60 "$LOCKBENCH" $run -f compare --baseline="$TMPD/many.csv" --baseline-loose -q \
	>"$TMPD/out" 2>"$TMPD/err"
rc=$?
[ "$rc" -eq 0 ] && grep -q '^null/0:1' "$TMPD/out" ||
	fail "80000 distinct baseline rows: exit $rc: $(head -c 300 "$TMPD/err")"
timeout -k 5 60 "$LOCKBENCH" report "$TMPD/many.csv" "$TMPD/run.csv" >"$TMPD/out" 2>"$TMPD/err"
rc=$?
[ "$rc" -eq 0 ] && [ "$(grep -c '^lock[0-9]*/0:1 ' "$TMPD/out")" -eq 79999 ] ||
	fail "report on 80000 rows: exit $rc, $(grep -c '^lock' "$TMPD/out") rows"
[ "$failures" -eq 0 ] && pass "80000 distinct rows: --baseline and report"

# --- topology ---------------------------------------------------------------
cat >"$TMPD/two-depths.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<topology version="2.0">
  <object type="Machine" os_index="0" cpuset="0x00000003" complete_cpuset="0x00000003" allowed_cpuset="0x00000003" nodeset="0x00000001" complete_nodeset="0x00000001" allowed_nodeset="0x00000001" gp_index="1">
    <object type="Package" os_index="0" cpuset="0x00000003" complete_cpuset="0x00000003" nodeset="0x00000001" complete_nodeset="0x00000001" gp_index="2">
      <object type="NUMANode" os_index="0" cpuset="0x00000003" complete_cpuset="0x00000003" nodeset="0x00000001" complete_nodeset="0x00000001" gp_index="3" local_memory="1000000"/>
      <object type="Core" os_index="0" cpuset="0x00000003" complete_cpuset="0x00000003" nodeset="0x00000001" complete_nodeset="0x00000001" gp_index="4">
        <object type="Package" os_index="1" cpuset="0x00000003" complete_cpuset="0x00000003" nodeset="0x00000001" complete_nodeset="0x00000001" gp_index="6">
          <object type="PU" os_index="0" cpuset="0x00000001" complete_cpuset="0x00000001" nodeset="0x00000001" complete_nodeset="0x00000001" gp_index="5"/>
          <object type="PU" os_index="1" cpuset="0x00000002" complete_cpuset="0x00000002" nodeset="0x00000001" complete_nodeset="0x00000001" gp_index="7"/>
        </object>
      </object>
    </object>
  </object>
</topology>
XML
hostile "a package inside a core (hwloc's count is -1)" "more than one depth" \
	--plan --threads=1 --topology="$TMPD/two-depths.xml"
# an internal DTD subset: libxml2's importer crashed in hwloc 2.9; hwloc's own parser reads it
sed -e 's|<!DOCTYPE topology SYSTEM "hwloc2.dtd">|<!DOCTYPE topology [ ]>|' \
	"$srcdir/data/topologies/build-vm-2c.xml" >"$TMPD/dtd.xml"
grep -q 'DOCTYPE topology \[ \]' "$TMPD/dtd.xml" || fail "the test's DTD subset is not in the file"
timeout -k 5 20 "$LOCKBENCH" --plan --threads=1 --topology="$TMPD/dtd.xml" >"$TMPD/out" 2>"$TMPD/err"
rc=$?
[ "$rc" -eq 0 ] || { [ "$rc" -eq 2 ] && [ "$(wc -l <"$TMPD/err")" -eq 1 ]; } ||
	fail "an internal DTD subset: exit $rc, want 0 or 2 and one line: $(cat "$TMPD/err")"
# hwloc's own parser crashes on an object without its cpuset (found by
# fuzz-topology-xml): hwloc reads a file first in a child process
hostile "a file that crashes hwloc's parser" "hwloc crashed reading it" \
	--plan --threads=1 --topology="$srcdir/tests/fuzz/topology-xml/object-without-cpuset.xml"
cat >"$TMPD/nopu.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<topology version="2.0">
  <object type="Machine" os_index="0" cpuset="0x00000003" complete_cpuset="0x00000003" allowed_cpuset="0x00000003" nodeset="0x00000001" complete_nodeset="0x00000001" allowed_nodeset="0x00000001" gp_index="1">
    <object type="NUMANode" os_index="0" cpuset="0x00000003" complete_cpuset="0x00000003" nodeset="0x00000001" complete_nodeset="0x00000001" gp_index="3" local_memory="1000000"/>
    <object type="Core" os_index="0" cpuset="0x00000003" complete_cpuset="0x00000003" nodeset="0x00000001" complete_nodeset="0x00000001" gp_index="4"/>
  </object>
</topology>
XML
hostile "a topology without a PU" "--topology=$TMPD/nopu.xml: it has no PU" \
	--plan --threads=1 --topology="$TMPD/nopu.xml"
# an arity in hex, and a level right after it without a space, as hwloc
# reads them (found by fuzz-topology: the count saw 6 PUs, hwloc 206334)
hostile "a hex arity" 'over 16384 PUs at the level "pack:0x8655"' \
	--plan --threads=1 --topology="synthetic:pack:0x8655pu:6"
# an index of 10^100 in indexes=: hwloc made a bitmap that large (gigabytes, found by fuzz-topology)
hostile "a huge index" "over 1048575 in the attributes" \
	--plan --threads=1 --topology="synthetic:core:2 pu:2(indexes=0,2,1888888888888888888888,1)"
# a description over 479 characters reaches hwloc whole (it was cut there)
pad=$(printf '%500s' '')
timeout -k 5 20 "$LOCKBENCH" --plan --threads=1 --topology="synthetic:package:2${pad}core:2 pu:1" \
	>"$TMPD/out" 2>"$TMPD/err"
grep -q "2 packages, 4 cores, 4 PUs" "$TMPD/out" ||
	fail "a 520-character synthetic description: $(cat "$TMPD/err") $(grep machine "$TMPD/out")"

# --- messages, options, the kernel locks' directory ---------------------------
esc=$(printf 'tic\033[2Jket\nlockbench: forged line')
timeout -k 5 20 "$LOCKBENCH" --lock="$esc" --threads=1 >"$TMPD/out" 2>"$TMPD/err"
rc=$?
[ "$rc" -eq 2 ] && [ "$(wc -l <"$TMPD/err")" -eq 1 ] && ! grep -q "$(printf '\033')" "$TMPD/err" &&
	grep -qF 'tic\x1b[2Jket\nlockbench: forged line' "$TMPD/err" &&
	pass "a value's control characters are escaped: $(cat "$TMPD/err")" ||
	fail "a value with an escape and a newline: exit $rc: $(od -c "$TMPD/err" | head -5)"
hostile "--timeout under the floor" "--timeout=0.01" $run --timeout=0.01
hostile "--timeout=0.000001" "--timeout=1e-06" $run --timeout=0.000001
expect_status 0 "--timeout=0 disables the watchdog" -- $run --timeout=0
hostile "--baseline-loose without --baseline" "--baseline-loose" $run --baseline-loose
TMPDIR="$TMPD/nosuch" timeout -k 5 20 "$LOCKBENCH" --lock=kernel-file --threads=1 --duration=0.05 \
	>"$TMPD/out" 2>"$TMPD/err"
rc=$?
[ "$rc" -eq 1 ] && grep -q "lock kernel-file: init failed: cannot make its temporary directory in $TMPD/nosuch (\$TMPDIR)" "$TMPD/err" ||
	fail "kernel-file with a TMPDIR that does not exist: exit $rc: $(cat "$TMPD/err")"
finish

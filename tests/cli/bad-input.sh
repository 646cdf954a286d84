#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Bad input: exit 2, exactly one line on stderr naming the option and the
# value, nothing on stdout, no crash.
. "$srcdir/tests/lib.sh"

ncpu=$("$LOCKBENCH" --plan --lock=null --threads=max --load=0 | sed -n 's/.* \([0-9]*\) CPUs\{0,1\} in the placement.*/\1/p')
[ -n "$ncpu" ] || { echo "cannot read the CPU count from --plan"; exit 99; }
bad_cpu=$((ncpu + 5))

check() {
	needle=$1; shift
	"$LOCKBENCH" "$@" >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	lines=$(wc -l <"$TMPD/err")
	if [ "$rc" -ne 2 ]; then
		fail "lockbench $*: exit $rc, want 2"
	elif [ "$lines" -ne 1 ]; then
		fail "lockbench $*: $lines lines on stderr, want 1"; cat "$TMPD/err" >&2
	elif ! grep -qF -- "$needle" "$TMPD/err"; then
		fail "lockbench $*: stderr does not name '$needle': $(cat "$TMPD/err")"
	elif [ -s "$TMPD/out" ]; then
		fail "lockbench $*: wrote to stdout"
	else
		pass "$* -> $(cat "$TMPD/err")"
	fi
}

check "--ratio=1:0:3" --ratio=1:0:3
check "--ratio=a:b" --ratio=a:b
check "--ratio=0:0" --ratio=0:0
check "--threads=0" --threads=0
check "--threads=-1" --threads=-1
check "--threads=5-2" --threads=5-2
check "--lock=nosuch" --lock=nosuch
check "--load=99999999999999999999" --load=99999999999999999999
check "--cpus=$bad_cpu" --cpus=$bad_cpu
check "--format=xml" --format=xml
check "--ops=0" --ops=0
check "--duration=-1" --duration=-1
check "--frobnicate" --frobnicate
check "-Z" -Z
check "--lock" --lock
check "extra" --lock=null extra
check "--ops and --duration" --ops=5 --duration=1
check "--repeat=0" --repeat=0
check "--place=diagonal" --place=diagonal
check "--cpus=1-" --cpus=1-
check "--delay=x" --delay=x
check "--timeout=-3" --timeout=-3
check "--load-ns" --load=1 --load-ns=5
check "--output=$TMPD/nodir/x.csv" --lock=null --output="$TMPD/nodir/x.csv"
check "--output=$TMPD/x.xml" --lock=null --output="$TMPD/x.xml"
check "--topology=" --topology=synthetic:"package:4 core:10 pu:1"
check "--topology=$TMPD/none.xml" --plan --topology="$TMPD/none.xml"
check "--topology=synthetic:bogus" --plan --topology=synthetic:bogus
check "--lock-node=77" --lock=null --lock-node=77
check "--physical" --physical
check "--osq-spin-budget=5" --lock=osq --osq-spin-budget=5
check "--osq-spin-budget=lots" --lock=osq --osq-spin-budget=lots
check "--aqticket-threshold=0" --lock=aqticket --aqticket-threshold=0
check "--aqticket-threshold=99999" --lock=aqticket --aqticket-threshold=99999
check "--qspinlock-pending-loops=-1" --lock=qspinlock --qspinlock-pending-loops=-1
check "--ttas-backoff-max=0" --lock=ttas --ttas-backoff-max=0
check "--ttas-backoff-min=64: above --ttas-backoff-max=16" --ttas-backoff-min=64 --ttas-backoff-max=16
check "--format=stats,xml" --format=stats,xml
check "--format=csv,csv" --format=csv,csv

# the unknown lock's line points to --list-locks rather than listing 40 names
"$LOCKBENCH" --lock=nosuch 2>&1 | grep -q "lockbench --list-locks lists the locks" ||
	fail "--lock=nosuch does not point to --list-locks"
"$LOCKBENCH" --lock=nosuch 2>&1 | grep -q "ticket" && fail "--lock=nosuch lists the lock names"
# a near miss gets a suggestion
"$LOCKBENCH" --lock=tiket 2>&1 | grep -q "did you mean 'ticket'" || fail "no suggestion for tiket"
finish

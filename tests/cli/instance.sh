#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Lock instances, --lock=NAME:OPT=V[:OPT=V...]: named by their options in
# every format, the two sides of -f stats, compare and sweep; the lock's
# --<lock>-<option> is every instance's default; bad syntax, an unknown
# lock or option: exit 2 with one line.
. "$srcdir/tests/lib.sh"
two="--lock=aqticket:threshold=2,aqticket:threshold=8"

"$LOCKBENCH" $two --threads=2x --duration=0.02 --repeat=2 -q -f stats >"$TMPD/s" 2>"$TMPD/err" ||
	fail "-f stats: $(cat "$TMPD/err")"
grep -q '^aqticket:threshold=2 vs aqticket:threshold=8, ' "$TMPD/s" &&
	pass "-f stats: the two instances are the two sides" || fail "stats: $(head -3 "$TMPD/s")"
"$LOCKBENCH" $two --threads=2 --load=1 --duration=0.02 -q -f compare >"$TMPD/c" 2>"$TMPD/err" ||
	fail "-f compare: $(cat "$TMPD/err")"
grep -q 'aqticket:threshold=2' "$TMPD/c" && grep -q 'aqticket:threshold=8' "$TMPD/c" &&
	pass "-f compare names both instances" || fail "compare: $(head -5 "$TMPD/c")"
"$LOCKBENCH" $two --threads=1,2 --load=1 --duration=0.02 -q -f sweep >"$TMPD/w" 2>"$TMPD/err" &&
	pass "-f sweep takes two instances" || fail "-f sweep: $(cat "$TMPD/err")"

# names and options in CSV and JSON; --ttas-backoff-max, even after --lock, is the
# default of the instance that does not set it; the enum option by its name
"$LOCKBENCH" --lock=ttas:backoff-min=2,qspinlock:pending=cmpxchg --ttas-backoff-max=64 --threads=1 \
	--load=0 --ops=100 -q -f csv,json >"$TMPD/o" 2>"$TMPD/err" || fail "csv,json: $(cat "$TMPD/err")"
grep -q ',ttas:backoff-min=2,excl,spin,\("[^"]*"\|[^,]*\),"\{0,1\}backoff-min=2[ ;]backoff-max=64' "$TMPD/o" &&
	grep -q '"lock": "ttas:backoff-min=2"' "$TMPD/o" &&
	grep -q '"lock": "qspinlock:pending=cmpxchg"' "$TMPD/o" &&
	pass "CSV and JSON name the instance; --ttas-backoff-max is its default" ||
	fail "CSV/JSON: $(grep 'ttas:\|qspinlock:' "$TMPD/o" | head -4)"

for bad in "aqticket:" "aqticket:threshold" "aqticket:nosuch=1" "aqticket:threshold=x" \
	"aqticket:threshold=2:threshold=3" "nosuch:a=1" "spin:a=1" "ticket:a=1"; do
	usage_error "--lock=$bad" -- --lock="$bad" --threads=1 --ops=10
done
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The numa locks and lock domains: each lock's local and remote hand-off
# counters with two pretend domains, the one-domain note, the domain column
# of --plan, and bad --domains / --lock-domain values.
. "$srcdir/tests/lib.sh"

locks="cna cohort-tkt cohort-mcs hmcs"

# counter NAME FILE: the -v total of counter NAME in FILE
counter() {
	awk -v n="$2" '$2 == "counter" && $3 == n {v = $5} END {print v + 0}' "$1"
}

# With --domains=2, CPU k of the placement is in domain k mod 2. At 2 threads
# each domain has one thread: a local hand-off needs a waiter of the holder's
# own domain, so there can be none, and every contended hand-over crosses.
# (cna is left out here: at 2 threads qspinlock's pending bit keeps nearly
# every waiter off the queue, so its hand-offs of queue headship are rare.)
for l in cohort-tkt cohort-mcs hmcs; do
	"$LOCKBENCH" --lock="$l" --domains=2 --threads=2 --load=1 --duration=0.2 -v \
		>/dev/null 2>"$TMPD/v" || { fail "$l at 2 threads: exit $?"; continue; }
	loc=$(counter "$TMPD/v" local-handoffs) rem=$(counter "$TMPD/v" remote-handoffs)
	[ "$loc" -eq 0 ] || fail "$l, 2 threads in 2 domains: $loc local hand-offs, want 0"
	[ "$rem" -gt 0 ] || fail "$l, 2 threads in 2 domains: no remote hand-off"
	pass "$l, 2 threads in 2 domains: local 0, remote $rem"
done

# At 4 threads two share each domain (and, on a 2-CPU machine, each CPU: a
# thread preempted while it waits leaves its CPU to its domain mate, which
# then queues behind it, at every time slice). Threshold 2 makes every third
# hand-off at most go to the other domain, so both counts must be non-zero.
for l in $locks; do
	"$LOCKBENCH" --lock="$l" --domains=2 --threads=4 --load=1 --duration=0.3 -v \
		--"$l"-threshold=2 --timeout=30 >/dev/null 2>"$TMPD/v" ||
		{ fail "$l at 4 threads: exit $?"; continue; }
	loc=$(counter "$TMPD/v" local-handoffs) rem=$(counter "$TMPD/v" remote-handoffs)
	run=$(counter "$TMPD/v" longest-local-run)
	[ "$loc" -gt 0 ] || fail "$l, 4 threads in 2 domains: no local hand-off"
	[ "$rem" -gt 0 ] || fail "$l, 4 threads in 2 domains: no remote hand-off"
	# the longest run is a maximum over threads, never more than the threshold
	# (cna's may pass it: after the threshold it goes FIFO, and FIFO may be local)
	[ "$run" -ge 1 ] || fail "$l: longest local run $run, want at least 1"
	[ "$l" = cna ] || [ "$run" -le 2 ] || fail "$l: longest local run $run above the threshold 2"
	pass "$l, 4 threads in 2 domains: local $loc, remote $rem, longest run $run"
done
# cna moves waiters of the other domain to its secondary queue, and flushes it
"$LOCKBENCH" --lock=cna --domains=2 --threads=4 --load=1 --duration=0.3 -v --cna-threshold=2 \
	--timeout=30 >/dev/null 2>"$TMPD/v" || fail "cna: exit $?"
[ "$(counter "$TMPD/v" secondary-moves)" -gt 0 ] || fail "cna: no waiter moved to the secondary queue"
# threshold 0: never pass locally
"$LOCKBENCH" --lock=cohort-tkt --domains=2 --threads=4 --load=1 --duration=0.2 -v \
	--cohort-tkt-threshold=0 --timeout=30 >/dev/null 2>"$TMPD/v" || fail "threshold 0: exit $?"
[ "$(counter "$TMPD/v" local-handoffs)" -eq 0 ] || fail "cohort-tkt threshold 0 passed locally"

# the report says the domains are pretend
"$LOCKBENCH" --plan --lock=hmcs --domains=2 --threads=4 >"$TMPD/p" 2>"$TMPD/e" || fail "--plan --domains=2"
grep -q '^# lock domains: 2 pretend domains' "$TMPD/p" || fail "--plan does not say the domains are pretend"
# thread lines: thread package core pu(L#) pu(P#) numa l3 domain role
[ "$(awk '$1 ~ /^[0-9]+$/ && NF == 9 {printf "%s", $8}' "$TMPD/p")" = 0101 ] ||
	fail "--domains=2: thread domains are not 0 1 0 1"
[ -s "$TMPD/e" ] && fail "--domains=2: unexpected message: $(cat "$TMPD/e")"

# the table says so under the figures; CSV and JSON carry the domains
"$LOCKBENCH" --lock=cohort-tkt,null --domains=2 --threads=2 --load=1 --duration=0.05 \
	-f table,csv >"$TMPD/out" 2>/dev/null || fail "table,csv with --domains: exit $?"
grep -q '^Lock domains are pretend (--domains=2' "$TMPD/out" || fail "the table does not say the domains are pretend"
sed -n '/^format_version,/,$p' "$TMPD/out" >"$TMPD/out.csv"
csv_cols "$TMPD/out.csv" lock lock_domain domains domains_pretend | grep -qx 'cohort-tkt numa 2 1' ||
	fail "CSV: want lock_domain numa, domains 2, domains_pretend 1"

# one domain: one line that says the lock degenerates; not with --domains
if [ "$(awk '$1 ~ /^[0-9]+$/ && NF == 9 {print $7}' "$TMPD/p" | sort -u | wc -l)" -eq 1 ]; then
	"$LOCKBENCH" --lock-domain=cache --lock=cna --threads=2 --load=1 --duration=0.05 \
		>/dev/null 2>"$TMPD/e" || fail "--lock-domain=cache: exit $?"
	[ "$(wc -l <"$TMPD/e")" -eq 1 ] && grep -q 'has one domain (1 L3 group), so the numa locks degenerate' "$TMPD/e" ||
		fail "--lock-domain=cache on one L3 group: want one line, got: $(cat "$TMPD/e")"
else
	echo "note: this machine has several L3 groups; the one-domain line is checked on a plan"
fi
"$LOCKBENCH" --plan --topology='synthetic:package:1 l3:1 core:4 pu:1' --lock-domain=cache \
	--lock=cna --threads=2 >/dev/null 2>"$TMPD/e" || fail "plan, one L3: exit $?"
[ "$(wc -l <"$TMPD/e")" -eq 1 ] && grep -q 'has one domain (1 L3 group), so the numa locks degenerate' "$TMPD/e" ||
	fail "plan on one L3 group: $(cat "$TMPD/e")"
"$LOCKBENCH" --plan --topology='synthetic:package:1 l3:1 core:4 pu:1' --lock=null \
	--threads=2 >/dev/null 2>"$TMPD/e" || fail "plan, null: exit $?"
[ -s "$TMPD/e" ] && fail "no numa lock and no --lock-domain, yet: $(cat "$TMPD/e")"

# real domains on a planned machine: --lock-domain=cache numbers the L3 groups
topo='synthetic:package:2 [NUMANode] l3:2 core:2 pu:1'
"$LOCKBENCH" --plan --topology="$topo" --lock-domain=cache --place=spread --threads=8 \
	--lock=hmcs >"$TMPD/p" || fail "plan cache domains"
[ "$(awk '$1 ~ /^[0-9]+$/ && NF == 9 {printf "%s%s ", $7, $8}' "$TMPD/p")" = \
	"00 21 00 21 12 33 12 33 " ] || fail "cache domains: $(awk '$1 ~ /^[0-9]+$/ && NF == 9 {printf "%s%s ", $7, $8}' "$TMPD/p")"
"$LOCKBENCH" --plan --topology="$topo" --place=spread --threads=4 --lock=hmcs >"$TMPD/p" ||
	fail "plan numa domains"
[ "$(awk '$1 ~ /^[0-9]+$/ && NF == 9 {printf "%s", $8}' "$TMPD/p")" = 0101 ] ||
	fail "numa domains under spread are not 0 1 0 1"

usage_error "--domains=0" -- --domains=0 --lock=null
usage_error "--domains=65" -- --domains=65 --lock=null
usage_error "--domains beyond the CPUs" -- --plan --topology='synthetic:package:1 core:2 pu:1' --domains=3
usage_error "--lock-domain=l2" -- --lock-domain=l2
usage_error "--cna-threshold=-1" -- --cna-threshold=-1
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --torture tortures every lock for a short budget (rounds of 1 to
# 4x the CPUs in threads, random mixes and placements, delays injected)
# and passes; the broken controls fail it with exit 3.
. "$srcdir/tests/lib.sh"

# every lock of `all`, a second each: --duration is the whole torture's time
# (a round may run a little over)
"$LOCKBENCH" --list-locks | tail -n +2 | sed '/^$/,$d' | awk '$5 != "no" {print $1}' >"$TMPD/locks"
nlocks=$(wc -l <"$TMPD/locks")
"$LOCKBENCH" --torture --lock=all --duration="$nlocks" --timeout=30 >"$TMPD/out" 2>"$TMPD/err"
rc=$?
[ "$rc" -eq 0 ] || fail "--torture --lock=all: exit $rc, want 0: $(cat "$TMPD/err")"
while read -r l; do
	grep -Eq "^torture: $l +[0-9]+ rounds, [0-9]+-[0-9]+ threads, +[0-9]+ ops .*, 0 violations: ok$" \
		"$TMPD/out" || fail "no ok summary line for $l"
done <"$TMPD/locks"
[ "$failures" -eq 0 ] && pass "--torture --lock=all: $(wc -l <"$TMPD/out") locks, every one ok"

# the controls: busted-rw is caught at once; busted's race is narrower, so
# it gets three tries of a second
for l in busted-rw busted; do
	n=0
	while :; do
		n=$((n + 1))
		"$LOCKBENCH" --torture --lock=$l --duration=1 --timeout=30 >"$TMPD/out" 2>"$TMPD/err"
		rc=$?
		[ "$rc" -eq 3 ] || [ "$n" -ge 3 ] && break
	done
	if [ "$rc" -eq 3 ] && grep -q "^torture: $l .* [1-9][0-9]* violations: FAILED$" "$TMPD/out"; then
		pass "$l fails --torture (exit 3, try $n)"
	else
		fail "$l: exit $rc, want 3: $(cat "$TMPD/out" "$TMPD/err")"
	fi
done

# what --torture refuses
usage_error "--torture with --latency" -- --torture --latency --lock=ticket
finish

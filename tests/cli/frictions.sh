#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Small frictions: each one line, each
# naming the option and the value; what a user types that should just work.
. "$srcdir/tests/lib.sh"

named() { # named TEXT: the last error names TEXT
	grep -qF -- "$1" "$TMPD/err" || fail "the message does not name '$1': $(cat "$TMPD/err")"
}
usage_error "bare -t before an option" -- -t --duration=1 && named "'-t' needs a value"
usage_error "misspelt option" -- --duraton=1 && named "did you mean --duration?"
usage_error "misspelt lock option" -- --aqticket-treshold=2 && named "did you mean --aqticket-threshold?"
usage_error "unknown lock" -- --lock=tciket && named "did you mean 'ticket'?"
usage_error "a subcommand as an option" -- --report && named "did you mean 'lockbench report FILE...'?"
usage_error "a misspelt subcommand" -- reprot a.csv && named "did you mean 'lockbench report FILE...'?"
usage_error "an unknown option of report" -- report --bogus x.csv && named "unknown option '--bogus'"
"$LOCKBENCH" report --help >"$TMPD/out" 2>"$TMPD/err" && grep -q '^Usage: lockbench report' "$TMPD/out" &&
	grep -q -- '--format=table|csv' "$TMPD/out" && pass "report --help" ||
	fail "report --help: $(cat "$TMPD/err")"
"$LOCKBENCH" --help | grep -q '^  report FILE\.\.\.  ' && pass "--help names the report subcommand" ||
	fail "--help has no report line"
[ "$(wc -c <"$TMPD/err")" -lt 200 ] || fail "unknown lock: the message lists every lock"
usage_error "an option of a lock not selected" -- --aqticket-threshold=2 --lock=ticket &&
	named "--aqticket-threshold=2: lock aqticket is not selected (--lock=ticket)"
usage_error "hex float duration" -- --lock=null --duration=0x1p-1 && named "--duration=0x1p-1"
usage_error "inf duration" -- --lock=null --duration=inf && named "--duration=inf"
for c in "0," ",0" "0,,1"; do
	usage_error "--cpus=$c" -- --lock=null --cpus="$c" --plan && named "--cpus=$c: empty element"
done
usage_error "--cpus=99999999999" -- --lock=null --cpus=99999999999 --plan &&
	named "CPU 99999999999 is out of range"
usage_error "--threads=1-2000" -- --lock=null --threads=1-2000 && named "--threads=1-2000"

# what should work
ok() { # ok WHAT ARGS...: exit 0 with --plan
	what=$1; shift
	"$LOCKBENCH" --plan "$@" >"$TMPD/out" 2>"$TMPD/err" || fail "$what: exit $?: $(cat "$TMPD/err")"
}
ok "a repeated family" --lock=ticket,spin,spin
ok "all,all" --lock=all,all
ok "ticket,ticket" --lock=ticket,ticket
grep -q "warning: --lock: 'ticket' is selected twice; it runs once" "$TMPD/err" ||
	fail "ticket,ticket: no warning: $(cat "$TMPD/err")"
[ "$(grep -c "^point ticket/" "$TMPD/out")" -eq "$(grep -c "^point " "$TMPD/out")" ] ||
	fail "ticket,ticket: not only ticket"
ok "--ops=1M" --lock=null --threads=1 --load=1 --ops=1M
grep -q "ops=1000000\( (about [0-9. minhs]*)\)\{0,1\}$" "$TMPD/out" || fail "--ops=1M is not 1000000"
ok "--ops=1e6" --lock=null --threads=1 --load=1 --ops=2e6
grep -q "ops=2000000\( (about [0-9. minhs]*)\)\{0,1\}$" "$TMPD/out" || fail "--ops=2e6 is not 2000000"
ok "--duration=500ms" --lock=null --threads=1 --load=1 --duration=500ms
grep -q "duration=0.5s$" "$TMPD/out" || fail "--duration=500ms is not 0.5 s"
ok "--duration=1s" --lock=null --threads=1 --load=1 --duration=1s
grep -q "duration=1s$" "$TMPD/out" || fail "--duration=1s is not 1 s"
"$LOCKBENCH" --help | grep -q -- "--topology=FILE.xml|synthetic:DESC|NAME" ||
	fail "--help: --topology does not mention NAME"
[ "$failures" -eq 0 ] && pass "repeated locks and families, 1M, 1e6, 500ms, 1s; --topology NAME"
# --help has the global options only; --help=LOCK a lock's own, where an
# option many locks share names the first lock that has it
"$LOCKBENCH" --help >"$TMPD/help"
"$LOCKBENCH" --help=rwsem >"$TMPD/help-rwsem"
"$LOCKBENCH" --help=mutex >"$TMPD/help-mutex"
if grep -q -- "--[a-z0-9.-]*-wait-lock=" "$TMPD/help"; then
	fail "--help lists per-lock options"
elif grep -q -- "--rwsem-wait-lock=NAME" "$TMPD/help-rwsem" &&
     grep -q "(as --mutex-wait-lock)" "$TMPD/help-rwsem" &&
     ! grep -q "(as --" "$TMPD/help-mutex"; then
	pass "--help=rwsem: its wait-lock option, shared with mutex, the first to have it"
else
	fail "--help=rwsem: $(cat "$TMPD/help-rwsem")"
fi
finish

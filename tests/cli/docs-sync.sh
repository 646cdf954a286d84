#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --help, --list-locks, the man page and the validate suite stay in step:
# every option --help prints is in the man page and every option the man
# page documents exists, with the default of the option table; every lock
# --list-locks shows has a man entry; every simulation profile key too.
. "$srcdir/tests/lib.sh"

man="$srcdir/man/lockbench.1.in"
"$LOCKBENCH" --help >"$TMPD/help" || fail "--help failed"
"$LOCKBENCH" --list-locks >"$TMPD/locks" || fail "--list-locks failed"

# --help has the global options, --help=LOCK each lock's own
tail -n +2 "$TMPD/locks" | sed '/^$/,$d' | awk '{print $1}' >"$TMPD/list-locks"
while read -r l; do
	"$LOCKBENCH" --help="$l" >>"$TMPD/help-locks" || fail "--help=$l failed"
done <"$TMPD/list-locks"
[ "$(wc -l <"$TMPD/help")" -lt 150 ] || fail "--help has $(wc -l <"$TMPD/help") lines (fewer than 150)"
awk 'length > 80 { print FILENAME ": " $0 }' "$TMPD/help" "$TMPD/help-locks" >"$TMPD/wide"
[ -s "$TMPD/wide" ] && fail "lines over 80 columns: $(head -n 3 "$TMPD/wide")"

# options in --help and --help=LOCK
# (a '.' between digits belongs to the name: --rwsem-4.18-wake)
"$LOCKBENCH" report --help >"$TMPD/help-report" || fail "report --help"
cat "$TMPD/help" "$TMPD/help-locks" "$TMPD/help-report" |
	grep -oE -- '--[a-z][a-z0-9-]*([.][0-9][a-z0-9-]*)*' | sort -u >"$TMPD/help-opts"
[ -s "$TMPD/help-opts" ] || fail "no options found in --help"
# options documented in the man page (roff writes \-\-name)
# (a backslash is part of a name only before a dash: \-\-loose\fR is --loose)
grep -oE -- '\\-\\-[a-z]([a-z0-9]|\\-)*([.][0-9]([a-z0-9]|\\-)*)*' "$man" | sed 's/\\//g' | sort -u >"$TMPD/man-opts"

while read -r o; do
	grep -qx -- "$o" "$TMPD/man-opts" || fail "option $o is in --help but not in the man page"
done <"$TMPD/help-opts"
while read -r o; do
	grep -qx -- "$o" "$TMPD/help-opts" || fail "the man page documents $o, which --help does not have"
done <"$TMPD/man-opts"

# locks: one bold entry each in the man page's LOCKS section (an entry is the
# .B line right after a .TP); the validate shards run every listed lock
sed -n '/^\.SH LOCKS/,/^\.SH DEFAULTS/p' "$man" |
	awk 'tp && /^\.B / {sub(/^\.B /, ""); gsub(/\\/, ""); print} {tp = ($0 == ".TP")}' >"$TMPD/man-locks"
[ -s "$TMPD/list-locks" ] || fail "no locks in --list-locks"
while read -r l; do
	grep -qx -- "$l" "$TMPD/man-locks" ||
		fail "lock $l has no entry in the man page's LOCKS section (man/lockbench.1.in: .TP, .B $l, its text)"
	grep -qw -- "$l" "$TMPD/help" || fail "lock $l is not named in --help"
done <"$TMPD/list-locks"
while read -r l; do
	case $l in busted|busted-rw|stall) continue ;; esac	# the hidden controls
	grep -q "^$l " "$TMPD/locks" || fail "the man page describes lock $l, which --list-locks does not show"
done <"$TMPD/man-locks"
[ -f "$srcdir/tests/validate/busted.validate" ] || fail "the broken lock has no validate file"

# defaults: the table of defaults (lockbench --export-defaults: option, value,
# and the context it applies in, empty for the option's own; "-" for an
# option whose row has none). The man page says the option's own as
# "Default: X" (a line of its own, in the option's entry) and each of the
# others as "Default with CONTEXT: X." on a line of its own in the same
# entry; an option without one of its own has no "Default:" line
"$LOCKBENCH" --export-defaults >"$TMPD/defaults" || fail "--export-defaults failed"
[ -s "$TMPD/defaults" ] || fail "no options in --export-defaults"
sed -n '/^\.SH OPTIONS/,/^\.SH LOCKS/p' "$man" | awk '
	/^\.(SS|SH)/ { cur = ""; tp = 0; next }
	/^\.TP/ { tp = 1; next }
	tp {
		tp = 0; cur = ""
		if (match($0, /\\-\\-[a-z][a-z0-9\\-]*/)) {
			cur = substr($0, RSTART, RLENGTH); gsub(/\\/, "", cur)
		}
		next
	}
	/^Default: / && cur != "" {
		v = $2; gsub(/\\f[BIRP]/, "", v); gsub(/\\/, "", v); sub(/[.,;]$/, "", v)
		print cur "\t" v "\t"
	}
	/^Default with .*: / && cur != "" {
		l = $0; gsub(/\\f[BIRP]/, "", l); gsub(/\\/, "", l)
		sub(/^Default with /, "", l); i = index(l, ": ")
		w = substr(l, 1, i - 1); v = substr(l, i + 2); sub(/\.$/, "", v)
		print cur "\t" v "\t" w
	}' >"$TMPD/man-defaults"
tab=$(printf '\t')
ndef=0
while IFS="$tab" read -r o d w; do
	m=$(awk -F'\t' -v o="$o" -v w="$w" '$1 == o && $3 == w { print $2 }' "$TMPD/man-defaults")
	what="default${w:+ with $w}"
	case $m in *"
"*) fail "the man page gives $o more than one '$what' line"; continue ;; esac
	if [ "$d" = "-" ]; then
		m=$(awk -F'\t' -v o="$o" '$1 == o && $3 == "" { print $2 }' "$TMPD/man-defaults")
		[ -z "$m" ] || fail "the man page gives $o the default '$m'; its row in the option table has none"
	elif [ "$m" != "$d" ]; then
		fail "$o: the $what is '$d' in the table of defaults, the man page says '${m:-nothing}'"
	else
		ndef=$((ndef + 1))
	fi
done <"$TMPD/defaults"
while IFS="$tab" read -r o d w; do
	awk -F'\t' -v o="$o" -v w="$w" '$1 == o && $3 == w { f = 1 } END { exit !f }' "$TMPD/defaults" ||
		fail "the man page gives $o a default${w:+ with $w}, which lockbench does not have"
done <"$TMPD/man-defaults"
pass "$(wc -l <"$TMPD/help-opts") options, $ndef defaults and $(wc -l <"$TMPD/list-locks") locks in step"
# every key of the simulation profile format (src/sim/profile.c's table) in the
# man page's list of them (an entry ".B key" or ".BR key ,")
keys=$(grep -v '#define' "$srcdir/src/sim/profile.c" |
	grep -oE 'K\([a-z_]+,|\{ "[a-z_]+", offsetof\(struct lb_sim_profile' |
	sed -E 's/K\(([a-z_]+),/\1/; s/\{ "([a-z_]+)".*/\1/')
[ -n "$keys" ] || fail "no profile keys found in src/sim/profile.c"
nkeys=0
for k in $keys; do
	if grep -qE "^\.(B|BR) $k( ,)?\$" "$man"; then
		nkeys=$((nkeys + 1))
	else
		fail "the simulation profile key $k is not in the man page's list"
	fi
done
pass "the $nkeys simulation profile keys in the man page"
# every saved machine has its entry among the man page's saved machines, and no other
man_machines=$(sed -n '/The saved machines:$/,/^\.RE$/p' "$srcdir/man/lockbench.1.in" |
	sed -n 's/^\.B \(.*\)$/\1/p' | sed 's/\\-/-/g' | sort)
saved=$(for f in "$srcdir"/data/topologies/*.xml; do basename "$f" .xml; done | sort)
[ -n "$saved" ] && [ "$man_machines" = "$saved" ] &&
	pass "the $(echo "$saved" | wc -l) saved machines in the man page" ||
	fail "saved machines: data/topologies has '$(echo $saved)', the man page '$(echo $man_machines)'"
finish

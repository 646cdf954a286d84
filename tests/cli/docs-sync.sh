#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --help, --list-locks, the man page and the validate suite stay in step:
# every option --help prints is in the man page and every option the man
# page documents exists, with the default of the option table; every lock
# --list-locks shows has a man entry.
. "$srcdir/tests/lib.sh"

man="$srcdir/man/lockbench.1.in"
"$LOCKBENCH" --help >"$TMPD/help" || fail "--help failed"
"$LOCKBENCH" --list-locks >"$TMPD/locks" || fail "--list-locks failed"

# options in --help
# (a '.' between digits belongs to the name: --rwsem-4.18-wake)
grep -oE -- '--[a-z][a-z0-9-]*([.][0-9][a-z0-9-]*)*' "$TMPD/help" | sort -u >"$TMPD/help-opts"
[ -s "$TMPD/help-opts" ] || fail "no options found in --help"
# options documented in the man page (roff writes \-\-name)
grep -oE -- '\\-\\-[a-z][a-z0-9\\-]*([.][0-9][a-z0-9\\-]*)*' "$man" | sed 's/\\//g' | sort -u >"$TMPD/man-opts"

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
tail -n +2 "$TMPD/locks" | sed '/^$/,$d' | awk '{print $1}' >"$TMPD/list-locks"
[ -s "$TMPD/list-locks" ] || fail "no locks in --list-locks"
while read -r l; do
	grep -qx -- "$l" "$TMPD/man-locks" ||
		fail "lock $l has no entry in the man page's LOCKS section (man/lockbench.1.in: .TP, .B $l, its text)"
	grep -q -- "$l" "$TMPD/help" || fail "lock $l is not named in --help"
done <"$TMPD/list-locks"
while read -r l; do
	case $l in busted|busted-rw|stall) continue ;; esac	# the hidden controls
	grep -q "^$l " "$TMPD/locks" || fail "the man page describes lock $l, which --list-locks does not show"
done <"$TMPD/man-locks"
[ -f "$srcdir/tests/validate/busted.validate" ] || fail "the broken lock has no validate file"

# defaults: the man page's "Default: X" (a line of its own, in the option's
# entry) is the default of the option's row, which the parser starts from
# and --help prints (lockbench --export-defaults: "--name<TAB>default", "-" for
# none); an option whose row has no default has no "Default:" line
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
		print cur "\t" v
	}' >"$TMPD/man-defaults"
tab=$(printf '\t')
ndef=0
while IFS="$tab" read -r o d; do
	m=$(awk -F'\t' -v o="$o" '$1 == o { print $2 }' "$TMPD/man-defaults")
	case $m in *"
"*) fail "the man page gives $o more than one 'Default:' line"; continue ;; esac
	if [ "$d" = "-" ]; then
		[ -z "$m" ] || fail "the man page gives $o the default '$m'; its row in the option table has none"
	elif [ "$m" != "$d" ]; then
		fail "$o: the option table's default is '$d', the man page's 'Default:' says '${m:-nothing}'"
	else
		ndef=$((ndef + 1))
	fi
done <"$TMPD/defaults"
while IFS="$tab" read -r o d; do
	grep -q "^$o$tab" "$TMPD/defaults" || fail "the man page gives $o a default, and lockbench has no such option"
done <"$TMPD/man-defaults"
pass "$(wc -l <"$TMPD/help-opts") options, $ndef defaults and $(wc -l <"$TMPD/list-locks") locks in step"
finish

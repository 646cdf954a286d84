#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --list-locks -v: under every lock --list-locks shows, an indented line
# "follows: F; deviations: D" with both set, the same with -v before or after
# --list-locks; without -v the table is unchanged; and the lock's entry in
# the man page's LOCKS section says "Follows F; deviations: D." in the same
# words (troff escapes removed, lines joined). Under the six models that
# scripts/tree-compare checks against a kernel tree, and only there, a
# second line "tree check: ..." (locks/tree-check.def) after the follows line.
. "$srcdir/tests/lib.sh"

man="$srcdir/man/lockbench.1.in"
"$LOCKBENCH" --list-locks >"$TMPD/plain" || fail "--list-locks failed"
"$LOCKBENCH" --list-locks -v >"$TMPD/v-after" || fail "--list-locks -v failed"
"$LOCKBENCH" -v --list-locks >"$TMPD/v-before" || fail "-v --list-locks failed"
cmp -s "$TMPD/v-after" "$TMPD/v-before" || fail "--list-locks -v and -v --list-locks differ"
grep -v '^    \(follows\|tree check\|not simulated\): ' "$TMPD/v-after" | cmp -s - "$TMPD/plain" ||
	fail "--list-locks -v is not the plain table plus the follows, tree check and not simulated lines"
grep -q '^    \(follows\|tree check\): ' "$TMPD/plain" &&
	fail "--list-locks without -v prints follows or tree check lines"

# a lock without flag V (--simulate) says why under its follows line, and only such a lock
tail -n +2 "$TMPD/v-after" | sed '/^$/,$d' | awk '
	/^    not simulated: ./ {
		if (prev !~ /^    (follows|tree check): / || flags ~ /V$/) bad = bad " " name
		said[name] = 1; next
	}
	/^    (follows|tree check): / { prev = $0; next }
	{ if (name != "" && flags !~ /V$/ && !said[name]) bad = bad " " name
	  name = $1; flags = $4; prev = "" }
	END { if (name != "" && flags !~ /V$/ && !said[name]) bad = bad " " name; print bad }' \
	>"$TMPD/nosim"
[ "$(tr -d ' \n' <"$TMPD/nosim")" ] &&
	fail "locks without a right 'not simulated' line: $(cat "$TMPD/nosim")"
grep -q '^ticket .*V *yes' "$TMPD/plain" || fail "ticket is not marked V (may be simulated)"
grep -q '^pthread-mutex .*- *yes' "$TMPD/plain" || fail "pthread-mutex is marked V"

# the tree check lines: right after a follows line, under exactly the six models
awk '/^    tree check: / { if (prev !~ /^    follows: /) print "stray: " $0; else print lock }
     /^[^ ]/ { lock = $1 } { prev = $0 }' "$TMPD/v-after" | sort >"$TMPD/checked"
printf '%s\n' mutex osq percpu-rwsem qrwlock qspinlock rwsem >"$TMPD/six"
if cmp -s "$TMPD/checked" "$TMPD/six"; then
	pass "a tree check line under each of the six models, and nowhere else"
else
	fail "tree check lines under: $(tr '\n' ' ' <"$TMPD/checked")(want the six models)"
fi

# name<TAB>follows<TAB>deviations of every listed lock; a lock without its line fails
tab=$(printf '\t')
tail -n +2 "$TMPD/v-after" | sed '/^$/,$d' | awk -v tab="$tab" '
	function flush() { if (cur != "") print cur tab "" tab ""; cur = "" }
	/^    not simulated: / { next }
	/^    follows: / {
		if (cur == "") { print "stray" tab $0 > "/dev/stderr"; next }
		s = substr($0, 14); i = index(s, "; deviations: ")
		if (i) print cur tab substr(s, 1, i - 1) tab substr(s, i + 14)
		else print cur tab s tab ""
		cur = ""; next
	}
	/^    tree check: / { next }
	{ flush(); cur = $1 }
	END { flush() }' >"$TMPD/rows" 2>"$TMPD/stray"
[ -s "$TMPD/stray" ] && fail "follows lines under no lock: $(cat "$TMPD/stray")"
[ -s "$TMPD/rows" ] || fail "no locks in --list-locks -v"

# each LOCKS entry of the man page as one line: name<TAB>text, escapes removed
sed -n '/^\.SH LOCKS/,/^\.SH "SLEEPING LOCKS"/p' "$man" | awk -v tab="$tab" '
	function flush() { if (name != "") print name tab text; name = "" }
	/^\.(TP|SS|SH)/ { flush(); tp = ($0 == ".TP"); next }
	tp && /^\.B / { tp = 0; name = substr($0, 4); gsub(/\\/, "", name); text = ""; next }
	name != "" {
		l = $0
		sub(/^\.[A-Za-z]+ */, "", l)
		gsub(/\\-/, "-", l); gsub(/\\f[BIRP]/, "", l); gsub(/\\e/, "\\", l); gsub(/\\&/, "", l)
		text = text " " l
	}
	END { flush() }' >"$TMPD/man"

n=0
while IFS="$tab" read -r l f d; do
	n=$((n + 1))
	if [ -z "$f" ] || [ "$f" = "-" ]; then
		fail "lock $l: --list-locks -v gives no follows"
		continue
	fi
	if [ -z "$d" ] || [ "$d" = "-" ]; then
		fail "lock $l: --list-locks -v gives no deviations"
		continue
	fi
	# a lock with no entry at all is docs-sync.sh's to report
	awk -F"$tab" -v l="$l" '$1 == l { f = 1 } END { exit !f }' "$TMPD/man" || continue
	L=$l S="Follows $f; deviations: $d." awk -F"$tab" '
		$1 == ENVIRON["L"] { t = $2; gsub(/  +/, " ", t); if (index(t, ENVIRON["S"])) ok = 1 }
		END { exit !ok }' "$TMPD/man" ||
		fail "lock $l: the man page's entry lacks \"Follows $f; deviations: $d.\""
done <"$TMPD/rows"
[ "$failures" -eq 0 ] && pass "$n locks: a follows line each, and its words in the man page"
finish

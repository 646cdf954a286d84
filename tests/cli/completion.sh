#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# data/bash-completion/lockbench: options from --help, locks and families
# from --list-locks, formats, policies, scenarios, saved topologies by name
# and file names, with '=' a word of its own (bash's default) or not.
. "$srcdir/tests/lib.sh"
command -v bash >/dev/null 2>&1 || { echo "SKIP: needs bash"; exit 77; }
COMPLETION="$top_builddir/data/bash-completion/lockbench"
[ -r "$COMPLETION" ] || { echo "SKIP: no $COMPLETION (configure makes it)"; exit 77; }

# an uninstalled tree: lockbench with data/topologies beside it
mkdir -p "$TMPD/tree/data" "$TMPD/files" || exit 99
ln -s "$LOCKBENCH" "$TMPD/tree/lockbench" || exit 99
ln -s "$(cd "$srcdir/data/topologies" && pwd)" "$TMPD/tree/data/topologies" || exit 99
: >"$TMPD/files/before.csv"

# complete EXPECTED WORDS...: the last word is the one completed
complete_has() {
	want=$1; shift
	got=$(bash -c '
		. "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		_lockbench
		printf "%s\n" "${COMPREPLY[@]}"' sh "$COMPLETION" "$TMPD/tree/lockbench" "$@" 2>&1)
	if printf '%s\n' "$got" | grep -qxF -- "$want"; then
		pass "'$*' offers '$want'"
	else
		fail "'$*' does not offer '$want': $(printf '%s' "$got" | tr '\n' ' ')"
	fi
}

complete_has --duration= --dur
complete_has --lock= --lo
complete_has --list-locks --list

complete_has qspinlock --lock = qsp
complete_has --lock=qspinlock --lock=qsp
complete_has qspinlock -l qsp
complete_has ticket,mcs --lock = ticket,mc
complete_has spin --lock = sp
complete_has rw --lock = r
complete_has all --lock = a
complete_has json -f js
complete_has table,csv --format = table,c
complete_has spread --place = sp
complete_has fair --scenario = fa
complete_has westmere-ex-4s40c --topology = westmere-ex-4
complete_has --topology=skylake-2s40c80t --topology=sky
complete_has synthetic: --topology = syn
complete_has "$TMPD/files/before.csv" --baseline = "$TMPD/files/bef"
complete_has "$TMPD/files/before.csv" -o "$TMPD/files/b"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# data/bash-completion/lockbench: what a TAB offers, as bash would call it:
# the line split into COMP_WORDS at blanks and at COMP_WORDBREAKS, once
# with '=' and ':' word breaks (bash's default) and once without, each
# reply then put where readline puts it (after the last break character).
# Options and lock options; the value sets (--place, --scenario, -f ...,
# a lock's own option); lock lists after their last comma, instances,
# families, a kernel tree's NAME: locks, a plugin's locks; files by
# extension (.csv/.json, .so, .xml, tarballs) and directories; saved
# topologies; an option whose --help value is a FILE (--job); lockbench
# report, its options and files; that the binary is asked once per shell;
# and that every name --export-values lists is one the parser takes.
. "$srcdir/tests/lib.sh"
command -v bash >/dev/null 2>&1 || { echo "SKIP: needs bash"; exit 77; }
COMPLETION="$top_builddir/data/bash-completion/lockbench"
[ -r "$COMPLETION" ] || { echo "SKIP: no $COMPLETION (configure makes it)"; exit 77; }

# an uninstalled tree: lockbench (a wrapper that logs each call) with
# data/topologies beside it
F="$TMPD/files"
mkdir -p "$TMPD/tree/data" "$F/sub" || exit 99
real=$(cd "$(dirname "$LOCKBENCH")" && pwd)/$(basename "$LOCKBENCH")
printf '#!/bin/sh\necho "$*" >>"%s/calls"\nexec "%s" "$@"\n' "$TMPD" "$real" >"$TMPD/tree/lockbench"
chmod +x "$TMPD/tree/lockbench" || exit 99
ln -s "$(cd "$srcdir/data/topologies" && pwd)" "$TMPD/tree/data/topologies" || exit 99
for f in before.csv run.json notes.txt plug.so linux-6.1.tar.xz m.xml; do
	: >"$F/$f" || exit 99
done

cat >"$TMPD/drive.bash" <<'EOF'
# drive.bash COMPLETION BINARY BREAKS LINE: LINE's last word as it reads
# after each reply, a line each, and "(nospace)" when that was asked
. "$1"
bin=$2 COMP_WORDBREAKS=$3 line="$2 $4"
COMP_WORDS=() w= brk=0
for ((i = 0; i < ${#line}; i++)); do
	c=${line:i:1}
	if [[ $c == [[:space:]] ]]; then
		[[ -n $w ]] && COMP_WORDS+=("$w")
		w=
		continue
	fi
	b=0
	[[ $COMP_WORDBREAKS == *"$c"* ]] && b=1
	[[ -n $w && $b != "$brk" ]] && COMP_WORDS+=("$w") && w=
	w+=$c brk=$b
done
COMP_WORDS+=("$w")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) COMP_LINE=$line COMP_POINT=${#line}
compopt() { [[ $* == *nospace* ]] && nospace=1; return 0; }
_lockbench
word=${line##*[[:space:]]}
for ((i = ${#word} - 1; i >= 0; i--)); do
	[[ $COMP_WORDBREAKS == *"${word:i:1}"* ]] && break
done
for r in "${COMPREPLY[@]}"; do
	printf '%s\n' "${word:0:i + 1}$r"
done
[[ -n $nospace ]] && echo "(nospace)"
EOF

# offers LINE: what a TAB at the end of LINE offers, under both word
# breaks, into $TMPD/got; they must agree
offers() {
	bash "$TMPD/drive.bash" "$COMPLETION" "$TMPD/tree/lockbench" \
		"$(printf ' \t\n"'"'"'@><=;|&(:')" "$1" >"$TMPD/got" 2>"$TMPD/err"
	bash "$TMPD/drive.bash" "$COMPLETION" "$TMPD/tree/lockbench" \
		"$(printf ' \t\n"'"'"'><;|&(')" "$1" >"$TMPD/got2" 2>>"$TMPD/err"
	[ -s "$TMPD/err" ] && fail "'$1': stderr: $(head -n 3 "$TMPD/err")"
	cmp -s "$TMPD/got" "$TMPD/got2" ||
		fail "'$1': '=' and ':' as word breaks or not differ:" \
			"$(tr '\n' ' ' <"$TMPD/got") | $(tr '\n' ' ' <"$TMPD/got2")"
}

# has LINE WORD...: a TAB after LINE offers each WORD
has() {
	line=$1; shift
	offers "$line"
	for want; do
		if grep -qxF -- "$want" "$TMPD/got"; then
			pass "'$line' offers '$want'"
		else
			fail "'$line' does not offer '$want': $(tr '\n' ' ' <"$TMPD/got")"
		fi
	done
}

# lacks LINE WORD...: it offers none of them
lacks() {
	line=$1; shift
	offers "$line"
	for no; do
		grep -qxF -- "$no" "$TMPD/got" && fail "'$line' offers '$no'" ||
			pass "'$line' does not offer '$no'"
	done
}

# exactly LINE WORD...: it offers these and nothing else ("(nospace)" a word)
exactly() {
	line=$1; shift
	offers "$line"
	: >"$TMPD/want"
	[ $# -eq 0 ] || printf '%s\n' "$@" | sort >"$TMPD/want"
	sort "$TMPD/got" >"$TMPD/got.sorted"
	cmp -s "$TMPD/want" "$TMPD/got.sorted" && pass "'$line' offers exactly: $*" ||
		fail "'$line' offers $(tr '\n' ' ' <"$TMPD/got"), want: $*"
}

# options, abbreviated, and each lock's own
has "--dur" --duration= "(nospace)"
has "--lo" --lock= --lock-plugin= --load=
has "--list" --list-locks
has "-" -l -f --place=
has "--qspinlock-pen" --qspinlock-pending= --qspinlock-pending-loops=
exactly "--rep" --repeat= "(nospace)"

# a value set, in each spelling of the option
exactly "--place=" --place=socket --place=spread --place=compact --place=none \
	--place=cache --place=numa
exactly "--place=ca" --place=cache
exactly "--place nu" numa
exactly "-p n" none numa
exactly "-pso" -psocket
exactly "--plac=nu" --plac=numa
exactly "--scenario=f" --scenario=fair
exactly "--load-unit=l" --load-unit=loop
exactly "--lock-domain=p" --lock-domain=package
# a lock's option that names its choices
exactly "--qspinlock-pending=" --qspinlock-pending=bts --qspinlock-pending=cmpxchg
exactly "--mutex-osq-wake=a" --mutex-osq-wake=after-unlock
exactly "--rwsem-4.18-arch g" generic
# numbers: nothing to offer, and an option lockbench lacks: nothing either
exactly "--threads="
# an option that takes a FILE: file names, whatever their extension
exactly "--job=$F/n" "--job=$F/notes.txt"
exactly "--save-job $F/p" "$F/plug.so"
exactly "--no-such-option "

# formats: a comma list, completed after its last comma
exactly "-f js" json "(nospace)"
exactly "--format=table,c" --format=table,compare --format=table,csv "(nospace)"

# --lock: names, families, lists after the last comma, instances
has "--lock=qsp" --lock=qspinlock
has "-l sp" spin
has "--lock=r" --lock=rw --lock=rwsem "(nospace)"
exactly "--lock=ticket,mc" --lock=ticket,mcs "(nospace)"
has "--lock=null,tas," --lock=null,tas,ttas --lock=null,tas,all
exactly "--lock=qspinlock:pe" --lock=qspinlock:pending= --lock=qspinlock:pending-loops= "(nospace)"
exactly "--lock=ticket,qspinlock:pending=c" --lock=ticket,qspinlock:pending=cmpxchg "(nospace)"
exactly "--lock mutex-osq:wake=in-lock:ow" mutex-osq:wake=in-lock:owner-change= "(nospace)"
exactly "--help=aq" --help=aqticket
lacks "--help=" --help=all --help=spin
# a kernel tree's locks: NAME: as --kernel-tree names it ("tree" unless given)
exactly "--kernel-tree=base=/nonexistent --lock=mcs,base:q" --lock=mcs,base:qspinlock \
	--lock=mcs,base:qrwlock "(nospace)"
has "--kernel-tree /nonexistent -l tr" tree:
lacks "-l tr" tree:
exactly "--kernel-config=CONFIG_M" --kernel-config=CONFIG_MUTEX_SPIN_ON_OWNER= "(nospace)"
exactly "--kernel-config=CONFIG_LOCK_EVENT_COUNTS=" --kernel-config=CONFIG_LOCK_EVENT_COUNTS=y \
	--kernel-config=CONFIG_LOCK_EVENT_COUNTS=n

# files: by extension, and directories
exactly "--baseline=$F/" "--baseline=$F/before.csv" "--baseline=$F/run.json" \
	"--baseline=$F/sub/" "(nospace)"
exactly "-o $F/b" "$F/before.csv"
exactly "--lock-plugin $F/" "$F/plug.so" "$F/sub/" "(nospace)"
exactly "--kernel-tree=base=$F/l" "--kernel-tree=base=$F/linux-6.1.tar.xz"
exactly "--kernel-tree=$F/" "--kernel-tree=$F/linux-6.1.tar.xz" "--kernel-tree=$F/sub/" "(nospace)"
exactly "--topology=$F/" "--topology=$F/m.xml" "--topology=$F/sub/" "(nospace)"
# saved topologies by name
has "--topology=westmere-ex-4" --topology=westmere-ex-4s40c
has "--topology sky" skylake-2s40c80t
has "--topology=syn" --topology=synthetic:

# lockbench report FILE...
exactly "rep" report
exactly "report $F/" "$F/before.csv" "$F/run.json" "$F/sub/" "(nospace)"
exactly "report -f c" csv
exactly "report --format=t" --format=table
exactly "report -" -f --format= --loose -h --help "(nospace)"
exactly "report --f" --format= "(nospace)"
exactly "report -f csv $F/r" "$F/run.json"
exactly "report $F/run.json -- $F/n"
lacks "report --p" --place=

# a plugin's locks, from --lock-plugin on the line
if command -v cc >/dev/null 2>&1 &&
	cc -std=gnu11 -fPIC -shared -fvisibility=hidden -I"$srcdir/include" \
		-o "$TMPD/ttas.so" "$srcdir/examples/plugin/ttas.c" 2>"$TMPD/cc.log"; then
	has "--lock-plugin=$TMPD/ttas.so --lock=ex-" --lock=ex-ttas --lock=ex-null
	lacks "--lock=ex-" --lock=ex-ttas
else
	echo "(no cc: the plugin case is not run)"
fi

# the binary is asked once per shell: three calls for two TABs
rm -f "$TMPD/calls"
bash -c '. "$1"; COMP_WORDS=("$2" --pla); COMP_CWORD=1; COMP_LINE="$2 --pla"
	COMP_POINT=${#COMP_LINE}; _lockbench; _lockbench' sh "$COMPLETION" "$TMPD/tree/lockbench"
n=$(wc -l <"$TMPD/calls")
[ "$n" -eq 3 ] &&
	pass "two TABs ask lockbench three times (--export-values, --help, --list-locks)" ||
	fail "two TABs ask lockbench $n times: $(tr '\n' ';' <"$TMPD/calls")"

# every name --export-values lists is one the parser takes, and a wrong one is not
"$LOCKBENCH" --export-values >"$TMPD/values" || fail "--export-values failed"
tab=$(printf '\t')
nv=0
while IFS="$tab" read -r kind key names; do
	case $kind:$key in
	values:--kernel-config)
		for v in $names; do
			"$LOCKBENCH" --kernel-config="$v=n" --version >/dev/null 2>&1 ||
				fail "--export-values lists $key $v, which lockbench refuses"
			nv=$((nv + 1))
		done
		;;
	values:--*)
		for v in $names; do
			"$LOCKBENCH" "$key=$v" --version >/dev/null 2>&1 ||
				fail "--export-values lists $key=$v, which lockbench refuses"
			nv=$((nv + 1))
		done
		"$LOCKBENCH" "$key=no-such-name" --version >/dev/null 2>&1 &&
			fail "$key=no-such-name is taken: the check above proves nothing"
		;;
	values:"report --format")
		for v in $names no-such-name; do	# it takes V, then finds no file
			"$LOCKBENCH" report --format="$v" >/dev/null 2>"$TMPD/err"
			grep -q "no file" "$TMPD/err" && [ "$v" = no-such-name ] &&
				fail "report --format=$v is taken: the check proves nothing"
			grep -q "no file" "$TMPD/err" || [ "$v" = no-such-name ] ||
				fail "--export-values lists report --format $v, which it refuses"
			[ "$v" = no-such-name ] || nv=$((nv + 1))
		done
		;;
	esac
done <"$TMPD/values"
[ "$nv" -gt 40 ] && pass "lockbench takes each of the $nv names of --export-values" ||
	fail "only $nv names in --export-values"
finish

# SPDX-License-Identifier: GPL-2.0-or-later
# lib.sh - shared by the shell tests: where lockbench is, how to fail.
# Automake exit codes: 0 pass, 77 skip, 99 hard error; anything else fails.

: "${LOCKBENCH:=${top_builddir:-.}/lockbench}"
: "${srcdir:=.}"
TMPD=$(mktemp -d "${TMPDIR:-/tmp}/lockbench-test.XXXXXX") || exit 99
trap 'rm -rf "$TMPD"' EXIT
failures=0

fail() {
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

pass() {
	echo "ok: $*"
}

need_python() {
	command -v python3 >/dev/null 2>&1 || { echo "SKIP: needs python3"; exit 77; }
}

# expect_status CODE DESCRIPTION -- ARGS...: run lockbench, check the exit code
expect_status() {
	want=$1; what=$2; shift 3
	"$LOCKBENCH" "$@" >"$TMPD/out" 2>"$TMPD/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		fail "$what: exit $got, want $want: lockbench $*"
		sed 's/^/    /' "$TMPD/err" >&2
		return 1
	fi
	pass "$what (exit $got)"
	return 0
}

# usage_error DESCRIPTION -- ARGS...: lockbench must exit 2 with one line on stderr
usage_error() {
	what=$1; shift 2
	"$LOCKBENCH" "$@" >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	if [ "$rc" -ne 2 ] || [ "$(wc -l <"$TMPD/err")" -ne 1 ]; then
		fail "$what: exit $rc, want 2 and one line on stderr: $(cat "$TMPD/err")"
		return 1
	fi
	pass "$what -> $(cat "$TMPD/err")"
	return 0
}

# hostile WHAT NEEDLE ARGS...: exit 2, one line naming NEEDLE, nothing on stdout
# (under `timeout $HOSTILE_TIMEOUT`, 20 s unless set: a regression must not hang the suite)
hostile() {
	what=$1 needle=$2; shift 2
	timeout -k 5 "${HOSTILE_TIMEOUT:-20}" "$LOCKBENCH" "$@" >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	if [ "$rc" -ne 2 ] || [ "$(wc -l <"$TMPD/err")" -ne 1 ] ||
	   ! grep -qF -- "$needle" "$TMPD/err" || [ -s "$TMPD/out" ]; then
		fail "$what: exit $rc, want 2 and one line naming '$needle': $(cat "$TMPD/err")"
	else
		pass "$what -> $(cat "$TMPD/err")"
	fi
}

finish() {
	if [ "$failures" -ne 0 ]; then
		echo "$failures failure(s)"
		exit 1
	fi
	exit 0
}

# csv_cols FILE COL...: those columns of every data row of a lockbench CSV,
# space separated, one row a line, through a real CSV reader (fields such as
# command and kernel_flags are quoted and hold commas); the counters column
# is read as its fields: counters.NAME is one counter ("" if the lock has none)
csv_cols() {
	need_python
	python3 - "$@" <<'PY'
import csv, sys
f, cols = sys.argv[1], sys.argv[2:]
for r in csv.DictReader(open(f, newline="")):
    ctr = dict(kv.split("=", 1) for kv in (r.get("counters") or "").split(";") if "=" in kv)
    print(" ".join(ctr.get(c[9:], "") if c.startswith("counters.") else r.get(c, "") for c in cols))
PY
}

# csv_set IN OUT COL VALUE [ROW]: a copy of a lockbench CSV with column COL
# set to VALUE in data row ROW (1: the first; 0 or none: every row)
csv_set() {
	need_python
	python3 - "$@" <<'PY'
import csv, sys
src, dst, col, val = sys.argv[1:5]
row = int(sys.argv[5]) if len(sys.argv) > 5 else 0
rows = list(csv.reader(open(src, newline="")))
k = rows[0].index(col)
for i, r in enumerate(rows[1:], 1):
    if row in (0, i):
        r[k] = val
csv.writer(open(dst, "w", newline=""), lineterminator="\n").writerows(rows)
PY
}

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --save-job writes a run's options, --job reruns them: the same command line
# in the header, the CSV and the JSON; options after --job override the file's;
# bad job files are one line naming the file and line, exit 2, nothing written.
. "$srcdir/tests/lib.sh"
cd "$TMPD" || fail "cd"
run="--lock=ticket,mcs -t 1,2 --ops=2k --load 1 -q"
"$LOCKBENCH" $run --save-job=run.job >a.out 2>err || fail "--save-job run: $(cat err)"
[ -f run.job ] && pass "--save-job wrote the job" || fail "no job file"
grep -q '^# lockbench .* job, saved ' run.job && grep -qx -- '--load 1' run.job &&
	grep -qx -- '-t 1,2' run.job && ! grep -q -- 'save-job' run.job &&
	pass "one option per line, a separate value beside its option, --save-job left out" ||
	fail "job: $(cat run.job)"
ls run.job.* >/dev/null 2>&1 && fail "a temporary file left beside the job"
"$LOCKBENCH" --job=run.job >b.out 2>err || fail "--job run: $(cat err)"
want=$(grep '^# command:' a.out)
[ -n "$want" ] && [ "$(grep '^# command:' b.out)" = "$want" ] &&
	pass "rerun with --job: the same command line ($want)" ||
	fail "command lines: '$want' vs '$(grep '^# command:' b.out)'"
grep -qx '# job: run.job' b.out && pass "the header names the job" || fail "no # job: line"
[ "$(grep -c '^\(ticket\|mcs\)/0:1 ' b.out)" = 4 ] && pass "the same points" ||
	fail "points: $(grep '/0:1' b.out)"
# later options override the file's; CSV and JSON carry the same words
"$LOCKBENCH" --job=run.job --threads=1 -f csv -o c.csv 2>err || fail "override: $(cat err)"
[ "$(csv_cols c.csv threads | sort -u)" = 1 ] && pass "--threads after --job overrides it" ||
	fail "threads: $(csv_cols c.csv threads | sort -u | tr '\n' ' ')"
csv_cols c.csv command | head -1 | grep -q -- '--lock=ticket,mcs -t 1,2 --ops=2k --load 1 -q --threads=1 -f csv -o c.csv$' &&
	pass "the CSV's command holds the job's options" || fail "csv command: $(csv_cols c.csv command | head -1)"
"$LOCKBENCH" --job=run.job -f json -o d.json 2>err || fail "json: $(cat err)"
grep -q '"job": *"run.job"' d.json && grep -q '"--lock=ticket,mcs"' d.json &&
	pass "JSON: job and command_line" || fail "json: $(grep -o '"command_line[^]]*' d.json)"
# a command that is refused saves nothing
"$LOCKBENCH" --lock=nosuch --save-job=bad.job 2>err; rc=$?
[ $rc -eq 2 ] && [ ! -e bad.job ] && ! ls bad.job.* >/dev/null 2>&1 &&
	pass "a refused command saves no job" || fail "rc $rc, $(ls bad.job* 2>&1)"
# bad job files
printf -- '--lock=ticket\nfoo\n' >notopt.job
usage_error "a line that is not an option" -- --job=notopt.job &&
	{ grep -q "notopt.job: line 2: 'foo' is not an option" "$TMPD/err" || fail "names file and line: $(cat "$TMPD/err")"; }
printf -- '--job=run.job\n' >nested.job
usage_error "a job inside a job" -- --job=nested.job
usage_error "a missing job" -- --job=nonexistent.job
usage_error "two jobs" -- --job=run.job --job=run.job
usage_error "--save-job inside a job" -- --job="$(printf -- '--save-job=x\n' >s.job; echo s.job)"
printf -- '--lock=ticket\0x\n' >nul.job
usage_error "a NUL byte" -- --job=nul.job
usage_error "--job shortened" -- --jo=run.job
# comments, blank lines, spaces around
printf -- '# a comment\n\n  --lock=null  \n--threads=1\n--ops 1000\n' >ok.job
"$LOCKBENCH" --job=ok.job -q >e.out 2>err && grep -q '^null/0:1 ' e.out &&
	pass "comments, blank lines and blanks around an option" || fail "ok.job: $(cat err)"
finish

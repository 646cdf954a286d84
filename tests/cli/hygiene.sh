#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Run hygiene: the "# " header over a text report and
# --no-header; the same conditions in CSV and JSON; the warnings for SMT
# siblings (on planned machines), other work on the placement's CPUs and
# steal (on a fake /proc and /sys under $LOCKBENCH_SYSROOT, and on this
# machine with a busy loop); Load(ns): with --load-ns.
. "$srcdir/tests/lib.sh"

run="--lock=null --threads=1 --load=0,1 --ops=1000"

# --- the header, over the unchanged table
"$LOCKBENCH" $run >"$TMPD/t" 2>"$TMPD/e" || fail "table run: $(cat "$TMPD/e")"
"$LOCKBENCH" $run --no-header >"$TMPD/n" 2>"$TMPD/e" || fail "--no-header run: $(cat "$TMPD/e")"
sed -n 1p "$TMPD/t" | grep -Eq '^# lockbench [0-9.]+ \(git [^)]+\), built with .+, CFLAGS ' ||
	fail "first line: $(sed -n 1p "$TMPD/t")"
# the revision is the tree's as it was built, not as it was configured (a clone's; a tarball's own)
if [ -e "$srcdir/.git" ] && command -v git >/dev/null; then
	want=$(cd "$srcdir" && git describe --always --dirty --abbrev=12 2>/dev/null)
elif [ -e "$srcdir/.tarball-revision" ]; then
	want=$(cat "$srcdir/.tarball-revision")
else
	want=unknown
fi
sed -n 1p "$TMPD/t" | grep -Fq "(git $want)," && pass "the header's revision is the tree's: $want" ||
	fail "the header's revision: $(sed -n 1p "$TMPD/t"), the tree's: $want"
for want in '^# host: .+; kernel: ' '^# CPU: .*[^ ]; [0-9]+ package' \
	'^# placement: socket, [0-9]+ of [0-9]+ CPUs \([0-9,.]+\); SMT: ' '^# pause: [0-9.]+ ns' \
	'^# stalls over 5 us: a 10 ms pause stream lost [0-9.]+% \([0-9]+\), a dependent-add loop [0-9.]+% \([0-9]+\)$' \
	'^# cpufreq: driver .+, governor .+; hypervisor: .+' '^# load before the run: load average ' \
	'^# kernel flags: .+' '^# steal: ' '^# work: fixed (work, [0-9]+ lock-unlock operations per thread|time, [0-9.]+ s a point); each point run (once|[0-9]+ times)$' \
	"^# command: lockbench --lock=null --threads=1 "; do
	grep -Eq "$want" "$TMPD/t" || fail "no header line $want"
done
grep -q '^# CPU: .* ;' "$TMPD/t" && fail "the CPU model keeps trailing spaces"
grep -v '^# ' "$TMPD/t" | sed -n 1p | grep -q '^lock/r:w ratio' || fail "the table does not follow the header"
grep -c '^# ' "$TMPD/n" | grep -qx 0 || fail "--no-header printed '# ' lines"
# the same table rows (notes under the table, e.g. a thread that ran short, depend on the run)
[ "$(grep -Ec '^(lock/r:w|--|null/)' "$TMPD/t")" -eq "$(grep -Ec '^(lock/r:w|--|null/)' "$TMPD/n")" ] ||
	fail "the table under the header differs"
# once over the first text report; never in CSV or JSON
"$LOCKBENCH" --lock=null,ticket --threads=1 --load=1 --ops=1000 -f csv,table,compare \
	>"$TMPD/m" 2>/dev/null || fail "csv,table,compare run"
[ "$(grep -c '^# lockbench' "$TMPD/m")" -eq 1 ] || fail "want one header in csv,table,compare"
sed -n 1p "$TMPD/m" | grep -q '^format_version,' || fail "a header over the CSV"
pass "header over the table, --no-header, once per output"

# --- CSV and JSON carry the hygiene
"$LOCKBENCH" $run -f csv >"$TMPD/c" 2>/dev/null || fail "csv run"
awk -F, '{gsub(/"[^"]*"/, "Q")} NR == 1 {for (i = 1; i <= NF; i++) c[$i] = i; next}
	{print ($c["steal_ms"] != ""), ($c["placement_cpus"] > 0), ($c["host_cpus"] > 0),
	 $c["smt_shared_threads"], ($c["hypervisor"] != ""), ($c["git_revision"] != "")}' "$TMPD/c" |
	sort -u | grep -qx '1 1 1 0 1 1' || fail "CSV hygiene columns: $(cat "$TMPD/c")"
"$LOCKBENCH" $run -f json >"$TMPD/j" 2>/dev/null || fail "json run"
for key in '"hygiene": {' '"cpufreq_governor"' '"kernel_flags"' '"loadavg"' '"git_revision"' \
	'"steal_ms"' '"placement_cpus"' '"host_cpus"'; do
	grep -q "$key" "$TMPD/j" || fail "JSON has no $key"
done
pass "CSV and JSON hygiene"

# --- Load(ns): with --load-ns; Load: with pauses (the posting's)
"$LOCKBENCH" --lock=null --threads=1 --load-ns=100,1000 --ops=1000 --no-header >"$TMPD/t" ||
	fail "--load-ns run"
sed -n 1p "$TMPD/t" | grep -q '  Load(ns):Execution Time (ms)$' || fail "ns header: $(sed -n 1p "$TMPD/t")"
sed -n 1p "$TMPD/n" | grep -q '  Load:Execution Time (ms)$' || fail "pause header: $(sed -n 1p "$TMPD/n")"
pass "Load(ns): and Load:"

# --- SMT siblings, on planned machines
smt='synthetic:package:1 core:2 pu:2'
"$LOCKBENCH" --plan --topology="$smt" --place=compact --threads=2 >/dev/null 2>"$TMPD/e" ||
	fail "compact plan"
grep -q 'threads share a core: at 2 threads, 2 run on SMT siblings' "$TMPD/e" ||
	fail "compact, 2 threads on one core: $(cat "$TMPD/e")"
"$LOCKBENCH" --plan --topology="$smt" --place=socket --threads=2 >/dev/null 2>"$TMPD/e" ||
	fail "socket plan"
[ -s "$TMPD/e" ] && fail "socket, 2 threads on 2 cores: $(cat "$TMPD/e")"
"$LOCKBENCH" --plan --topology="$smt" --place=socket --threads=2,4 >/dev/null 2>"$TMPD/e" ||
	fail "socket plan, 4 threads"
grep -q 'at 4 threads, 4 run on SMT siblings' "$TMPD/e" || fail "socket, 4 threads: $(cat "$TMPD/e")"
pass "SMT warning on planned machines"

# --- a fake machine: cmdline, cpufreq, hypervisor, load average
root="$TMPD/root"
ncpu=$(grep -c '^cpu[0-9]' /proc/stat)
mkdir -p "$root/proc" "$root/sys/hypervisor"
echo 'BOOT_IMAGE=/vmlinuz root=/dev/sda1 nopvspin quiet isolcpus=1 mitigations=off -- nosmt' \
	>"$root/proc/cmdline"
echo '3.50 2.00 1.00 1/100 1' >"$root/proc/loadavg"
echo xen >"$root/sys/hypervisor/type"
i=0
while [ "$i" -lt "$ncpu" ]; do
	d="$root/sys/devices/system/cpu/cpu$i/cpufreq"
	mkdir -p "$d"
	echo acpi-cpufreq >"$d/scaling_driver"
	echo performance >"$d/scaling_governor"
	i=$((i + 1))
done
# /proc/stat: every CPU gains 20 ticks of user time and 10 of steal at each step
stat_at() {
	echo "cpu  0 0 0 0 0 0 0 0 0 0"
	i=0
	while [ "$i" -lt "$ncpu" ]; do
		echo "cpu$i $((20 * $1)) 0 0 1000 0 0 0 $((10 * $1)) 0 0"
		i=$((i + 1))
	done
}
stat_at 0 >"$root/proc/stat"
LOCKBENCH_SYSROOT=$root "$LOCKBENCH" $run >"$TMPD/t" 2>"$TMPD/e" || fail "fake machine run"
grep -qx '# kernel flags: nopvspin isolcpus=1 mitigations=off' "$TMPD/t" ||
	fail "kernel flags: $(grep '^# kernel' "$TMPD/t")"
grep -qx '# cpufreq: driver acpi-cpufreq, governor performance; hypervisor: xen' "$TMPD/t" ||
	fail "cpufreq, hypervisor: $(grep '^# cpufreq' "$TMPD/t")"
grep -q '^# load before the run: load average 3.50 2.00 1.00' "$TMPD/t" ||
	fail "load average: $(grep '^# load' "$TMPD/t")"
grep -qx '# steal: none during the points' "$TMPD/t" || fail "steal: $(grep '^# steal' "$TMPD/t")"
[ -s "$TMPD/e" ] && fail "a still machine, yet: $(cat "$TMPD/e")"
pass "fake machine: kernel flags, cpufreq, hypervisor, load average"

# --- other work and steal on the fake machine: /proc/stat moves while lockbench runs
(
	n=1
	while :; do
		stat_at "$n" >"$root/proc/stat.new" && mv "$root/proc/stat.new" "$root/proc/stat"
		n=$((n + 1))
		sleep 0.005
	done
) &
writer=$!
sleep 0.1
LOCKBENCH_SYSROOT=$root LOCKBENCH_BUSY_WARN=20 "$LOCKBENCH" --lock=null --threads=1 --load=1 \
	--duration=0.3 -f table,csv >"$TMPD/t" 2>"$TMPD/e"
rc=$?
# the same steal marks every repetition disturbed; --drop-disturbed keeps a point all of whose were
LOCKBENCH_SYSROOT=$root "$LOCKBENCH" --lock=null --threads=1 --load=1 --duration=0.1 --repeat=2 \
	--drop-disturbed -f table,csv >"$TMPD/d" 2>"$TMPD/de"
drc=$?
sed -n '/^format_version,/,$p' "$TMPD/d" >"$TMPD/d.csv"
kill "$writer"
wait "$writer" 2>/dev/null
[ "$drc" -eq 0 ] &&
	grep -Eq '^\* --drop-disturbed: 2 repetitions disturbed \([a-z+, -]*steal[a-z, -]*\), kept: every repetition of their point was' "$TMPD/d" &&
	[ "$(csv_cols "$TMPD/d.csv" disturbed | grep -c steal)" -eq 2 ] &&
	[ "$(csv_cols "$TMPD/d.csv" repeats_dropped | grep -c '^0$')" -eq 2 ] &&
	pass "fake machine: steal marks each repetition disturbed; --drop-disturbed keeps them all, says so" ||
	fail "disturbed: exit $drc: $(cat "$TMPD/de" "$TMPD/d")"
[ "$rc" -eq 0 ] || fail "moving fake machine: exit $rc: $(cat "$TMPD/e")"
grep -q "warning: other work on the placement's CPUs: [0-9]*% busy before the run" "$TMPD/e" ||
	fail "no other-work warning: $(cat "$TMPD/e")"
grep -q 'warning: steal time during 1 of 1 points (the most, [0-9]* ms, at null with 1 threads)' \
	"$TMPD/e" || fail "no steal warning: $(cat "$TMPD/e")"
grep -Eq '^# steal: [0-9]+ ms during 1 of 1 points' "$TMPD/t" || fail "header: $(grep '^# steal' "$TMPD/t")"
awk -F, '{gsub(/"[^"]*"/, "Q")} /^format_version,/ {for (i = 1; i <= NF; i++) c[$i] = i; next}
	/^[0-9]/ {print ($c["steal_ms"] > 0), ($c["busy_other_pct"] >= 20)}' "$TMPD/t" | grep -qx '1 1' ||
	fail "CSV: want steal_ms > 0 and busy_other_pct >= 20"
pass "fake machine: other-work and steal warnings"

# --- a thread asleep in the lock is not a thread kept off its CPU: rwsem-4.18
# at 1:1 sleeps thousands of times in 0.3 s; the models' futex sleeps are
# timed and taken off the wall time, so its threads ran (nearly) all the time
# they were awake (without the subtraction: about a third). Other tests of a
# parallel make check may take the CPUs for part of a run: the best of three
# runs counts, and a run that saw other work at its start is left out.
best=0 note=
for try in 1 2 3; do
	"$LOCKBENCH" --lock=rwsem-4.18 --threads=2 --ratio=1:1 --load=20 --delay=20 --duration=0.3 \
		-f csv -o "$TMPD/sl.csv" 2>"$TMPD/e" || { fail "rwsem-4.18 run: $(cat "$TMPD/e")"; break; }
	set -- $(python3 -c '
import csv, sys
ctr = lambda r: dict(kv.split("=", 1) for kv in r["counters"].split(";") if kv)
r = next(csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith("#")))
print(ctr(r)["sleeps"], r["cpu_min_pct"], r["busy_other_pct"])' "$TMPD/sl.csv")
	if [ "${1:-0}" -lt 100 ]; then
		note="slept only ${1:-0} times"
	elif awk -v b="$3" 'BEGIN {exit !(b >= 10)}'; then
		note="other work on the CPUs ($3%)"
	else
		awk -v c="$2" -v b="$best" 'BEGIN {exit !(c > b)}' && best=$2 sleeps=$1
		awk -v c="$best" 'BEGIN {exit !(c >= 60)}' && break
	fi
done
if awk -v c="$best" 'BEGIN {exit !(c >= 60)}'; then
	pass "rwsem-4.18 slept $sleeps times, its threads ran $best% of their awake time"
elif [ "$best" = 0 ]; then
	echo "note: rwsem-4.18 $note; the sleep-time check is left out"
else
	fail "rwsem-4.18 slept $sleeps times, yet its threads ran at best $best% of their awake time"
fi
# --- other work on this machine: a busy loop on CPU 0, lockbench placed there
if command -v taskset >/dev/null 2>&1 && taskset -c 0 true 2>/dev/null; then
	taskset -c 0 sh -c 'while :; do :; done' &
	busy=$!
	sleep 0.2
	# /proc/stat counts whole ticks and our own start-up is taken off when we
	# ran on CPU 0 too (a parallel make check may push us there): two tries
	for try in 1 2; do
		LOCKBENCH_BUSY_WARN=10 "$LOCKBENCH" --lock=null --threads=1 --load=1 --ops=1000 \
			--cpus=0 --physical --no-header >/dev/null 2>"$TMPD/e"
		rc=$?
		grep -q "warning: other work on the placement's CPUs" "$TMPD/e" && break
	done
	kill "$busy"
	wait "$busy" 2>/dev/null
	[ "$rc" -eq 0 ] || fail "busy-loop run: exit $rc"
	grep -q "warning: other work on the placement's CPUs" "$TMPD/e" ||
		fail "a busy loop on CPU 0, yet no warning in two runs: $(cat "$TMPD/e")"
	pass "other-work warning with a busy loop on CPU 0"
else
	echo "note: no taskset; the busy-loop check is left out"
fi

finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run-validate.sh FILE - run locks under --validate.
#
# FILE.shard: every lock --list-locks shows (so a new lock needs nothing
# here), in N shards that make check runs in parallel: shard=K shards=N
# takes the locks whose index in the list is K-1 modulo N, each with what
# its kind and flags call for: threads 2 and 2x the CPUs (more threads
# than CPUs are oversubscribed), 2 and 5x for a lock that sleeps; a
# reader-writer lock at 0:1,1:1,5:1,100:1, or 0:1,1:1,10:1 when it sleeps.
#
# A shard with simulate=1 runs the same in virtual time (--simulate) on the
# saved 2-package, 8-CPU machine, for every lock --list-locks marks V:
# at 2 and 8 threads, 2 ms of virtual time a point; a lock that sleeps on 4
# of the CPUs with 0.2 ms slices, so that 8 threads share them.
#
# FILE.validate: one lock, or one lock with options, in shell syntax:
#   lock=NAME      the lock
#   expect=N       exit status wanted (0; 3 for the broken lock)
#   threads="2 4"  thread counts, each a separate run (4 on a 2-CPU machine
#                  is oversubscribed: time-bounded, never op-bounded)
#   ratios=LIST    --ratio list (reader-writer locks: 0:1,1:1,10:1)
#   duration=SEC   per point (default 0.2; LB_TEST_DURATION overrides)
#   tries=N        for expect=3: a race is likely, not certain, to show
#   args="..."     extra options
. "$srcdir/tests/lib.sh"

# validate LOCK EXPECT THREADS RATIOS DURATION TRIES ARGS
validate() {
	v_lock=$1 v_expect=$2 v_threads=$3 v_ratios=$4 v_duration=$5 v_tries=$6 v_args=$7
	# virtual seconds are not the real ones LB_TEST_DURATION speaks of
	[ -n "$LB_TEST_DURATION" ] && [ -z "$simulate" ] && v_duration=$LB_TEST_DURATION
	for t in $v_threads; do
		n=0
		while :; do
			n=$((n + 1))
			# shellcheck disable=SC2086
			"$LOCKBENCH" --lock="$v_lock" --validate --threads="$t" --ratio="$v_ratios" \
				--load=1 --duration="$v_duration" --timeout=30 -q $v_args \
				>"$TMPD/out" 2>"$TMPD/err"
			rc=$?
			[ "$rc" -eq "$v_expect" ] && break
			[ "$n" -ge "$v_tries" ] && break
		done
		if [ "$rc" -ne "$v_expect" ]; then
			fail "$v_lock, $t threads, ratios $v_ratios: exit $rc, want $v_expect"
			sed 's/^/    /' "$TMPD/err" >&2
		else
			pass "$v_lock, $t threads, ratios $v_ratios: exit $rc$( [ "$v_expect" -ne 0 ] &&
				echo " ($(cat "$TMPD/err"))")"
		fi
	done
}

file=$1
"$LOCKBENCH" --list-locks >"$TMPD/locks" || exit 99
# name kind flags available, one listed lock a line
tail -n +2 "$TMPD/locks" | sed '/^$/,$d' | awk '{print $1, $2, $4, $5}' >"$TMPD/table"

case $file in
*.shard)
	shard= shards= simulate=
	. "$file" || exit 99
	[ -n "$shard" ] && [ -n "$shards" ] || { echo "$file: needs shard= and shards=" >&2; exit 99; }
	i=0 ran=0
	while read -r name kind flags avail; do
		i=$((i + 1))
		[ $(((i - 1) % shards)) -eq $((shard - 1)) ] || continue
		if [ "$avail" != yes ]; then
			echo "skip: $name is not available in this build"
			continue
		fi
		threads="2 2x" ratios=0:1 duration=0.2 args=
		case $flags in B*) threads="2 5x" ;; esac
		if [ -n "$simulate" ]; then
			case $flags in *V) ;; *) echo "skip: $name cannot be simulated"; continue ;; esac
			threads="2 8" duration=0.002
			args="--simulate --topology=xeon-e5405-2s8c"
			case $flags in B*) args="$args --cpus=0-3 --sim-slice=0.2ms" ;; esac
		fi
		if [ "$kind" = rw ]; then
			case $flags in B*) ratios=0:1,1:1,10:1 ;; *) ratios=0:1,1:1,5:1,100:1 ;; esac
		fi
		validate "$name" 0 "$threads" "$ratios" "$duration" 1 "$args"
		ran=$((ran + 1))
	done <"$TMPD/table"
	[ "$i" -gt 0 ] || fail "--list-locks listed no lock"
	pass "shard $shard of $shards: $ran of the $i listed locks validated"
	;;
*)
	lock= expect=0 threads="2 4" ratios=0:1 duration=0.2 tries=1 args= simulate=
	. "$file" || exit 99
	[ -n "$lock" ] || { echo "$file: no lock=" >&2; exit 99; }
	# a lock this build lacks (its library is missing) is skipped, not failed
	if awk -v l="$lock" '$1 == l && $4 == "no" {f = 1} END {exit !f}' "$TMPD/table"; then
		echo "SKIP: $lock is not available in this build"
		exit 77
	fi
	validate "$lock" "$expect" "$threads" "$ratios" "$duration" "$tries" "$args"
	;;
esac
finish

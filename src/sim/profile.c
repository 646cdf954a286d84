// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * profile.c - the simulator's latency profiles: built in per saved machine,
 * and the text format that --sim-profile reads and --c2c can write
 *
 * The format: one `key value` per line; `#` starts a comment (to the end
 * of the line); blank lines are ignored. Keys (values in ns unless said,
 * each a finite number >= 0; what each costs: struct lb_sim_profile):
 *
 *	name NAME                 a word, for the reports
 *	ghz G                     > 0: the cycle counter's rate
 *	hit_ns plain_hit_ns smt_ns l3_ns package_ns remote_ns
 *	remote_distance D         >= 10: the NUMA distance remote_ns was measured at
 *	home_ns memory_ns invalidate_ns rmw_ns hold_ns fence_ns pause_ns spin_ns
 *	rmw_overlap_pct P         0 to 100: the share of a locked RMW's own cost (a hit's
 *	                          beyond a plain hit; a miss's rmw_ns) that the CPU's work
 *	                          since its last locked RMW or fence hides
 *	hold_random R             0 or 1: 1 draws each hold's length (mem.c), its mean hold_ns
 *	hold_skip_pct P           0 to 100: the misses after which the line is kept for none
 *	                          (of locked RMWs: a load's or a store's miss keeps it)
 *	store_buffer N            a whole number 0 to 128: stores in flight (0: none)
 *	forward_ns                a failed store-to-load forwarding's wait
 *	forward_cas_ns            the same of a compare-and-swap
 *	commit_ns                 a store hit's issue to its commit (what a drain waits for)
 *	op_ns                     the measured loop's own work per operation, beyond its accesses
 *	futex_wait_ns futex_wake_ns wakeup_ns context_switch_ns
 *	slice_ns S                > 0
 *
 * A file need not give every key: lb_sim_profile_load() reads it over the
 * profile it is given (a built-in one), so a file of two lines changes two
 * costs. An unknown key, a key without a value, a bad value or a key
 * given twice is refused with one line naming the file, line and key.
 *
 * The built-in figures and where they come from. Cycles are converted at
 * the generation's nominal clock. "Estimate" marks a figure that is ours,
 * not a published measurement of that machine; calibrate with a profile
 * file (--c2c measures this machine's round trips) where it matters.
 *
 * Westmere-EX (Xeon E7-8870, 2.4 GHz, 10 cores and one L3 per package;
 * Long's 2014 and 2015 postings ran 4- and 8-socket machines of it):
 *	l3 45, package 45: David, Guerraoui and Trigonakis, "Everything you
 *	always wanted to know about synchronization but were afraid to ask",
 *	SOSP 2013, Table 2 (an 8-socket 80-core Xeon E7-8867L): a load of a
 *	line modified by another core of the same die, about 109 cycles;
 *	remote 120: the same table, one hop, about 289 cycles; home 45: its
 *	two-hop figure (about 400 cycles) less the one-hop one. hit 1.7: four
 *	cycles (Intel 64 and IA-32 Architectures Optimization Reference
 *	Manual, Nehalem's L1 load-to-use). rmw 8, fence 14: Agner Fog's
 *	instruction tables for Nehalem/Westmere (a locked XADD or CMPXCHG
 *	about 20 cycles, MFENCE about 33). pause 4: about 10 cycles before
 *	Skylake (the Optimization Manual's Skylake section gives the increase
 *	to about 140). memory 130, invalidate 5, smt 5 (HT was off in the
 *	postings): estimates.
 * Skylake-SP (2 x 20 cores, 2.4 GHz; the 2019 rwsem rework's machine):
 *	l3 50, package 50, remote 130: core-to-core latencies published for
 *	Xeon Scalable (AnandTech's 2017 review, tens of ns on the mesh, 120 to
 *	140 across UPI); pause 58: 140 cycles (Optimization Manual, Skylake
 *	server); hit 2, rmw 8, fence 14 as Westmere's in cycles; smt 10,
 *	memory 90, invalidate 5: estimates.
 * Ice Lake-SP with SNC2 (2 x 40 cores, 2.3 GHz): l3 55 within a sub-NUMA
 *	node, package 65 across the two of a package, remote 115: published
 *	core-to-core figures for Ice Lake-SP (AnandTech 2021, chipsandcheese)
 *	of that size; pause 61 (140 cycles, as Skylake's: not verified for Ice
 *	Lake); smt 10, memory 85, invalidate 5: estimates.
 * EPYC Zen 3 (2 x 64 cores, 8 per CCX and L3, 2.45 GHz, NPS1): smt 7,
 *	l3 20 within a CCX, package 100 across CCXs, remote 190 across
 *	sockets: AnandTech's EPYC 7003 core-to-core measurements (2021);
 *	hit 1.6 (4 cycles); rmw 4, fence 12, pause 26 (about 65 cycles),
 *	memory 110, invalidate 5: estimates.
 * Xeon E5405 (Harpertown, 2 packages x 2 dies x 2 cores, each die's pair
 *	sharing an L2, one front-side bus, 2.0 GHz; Desnoyers' 2008 posting):
 *	package 100 and remote 100 (across dies and packages alike over the
 *	FSB), memory 110: estimates; the saved machine has no L3 groups, so
 *	the two cores of a die, which share an L2, are costed as across dies
 *	(an overstatement of about 85 ns for that pair). hit 1.5 (3 cycles,
 *	Core 2), remote_distance 10 (one memory node): the rest estimates.
 * The build VM (2 vCPUs of a Zen 5 host, no shared L3 between them, TSC
 *	2.096 GHz): package 32, half the 64 ns round trip lockbench's --c2c
 *	measured there in the host's fast state (407 ns in its slow one);
 *	pause 19 (platform-notes.md: 18.8-19.1 ns per pause); futex and
 *	wake-up costs raised for PTI and the hypervisor: estimates.
 * Store buffers, entries, as the vendors' optimization guides give them:
 *	Core 2 (Penryn) 20, Nehalem/Westmere 32, Skylake 56, Sunny Cove (Ice
 *	Lake) 72, Zen 3 64; the build VM 104, Zen 5's (platform-notes.md; this
 *	stage's CI guest reports an Intel family 6 model 207, whose Raptor Cove
 *	cores have 114). A lock's paths have one to three stores between two
 *	drains, so the number seldom matters; an SMT pair's split of it is not
 *	modelled.
 * Plain hits (plain_hit_ns): hit_ns in every built-in profile, as a load
 *	that waits for the one before it; an estimate, an overstatement where
 *	they overlap with the locked instructions, as on the Zen 3 guest this
 *	was written on, where --c2c measured 0.01 ns (a fetch-add with a store
 *	and a load of other lines: 2.9 ns an iteration, as the fetch-add alone).
 * Failed store-to-load forwarding (forward_ns): Zen 3 8.2, 20 cycles:
 *	measured by lockbench --c2c (loop_forward(), a half-word store and a
 *	locked add of its word: 11.3 ns an iteration against 3.2 for the add
 *	alone) on a KVM guest of an EPYC of family 25 model 1, the CI machine
 *	of this stage. The Intel optimization manual describes the failure (a
 *	load must be wholly within one store to forward) without a cycle count;
 *	for the Intel machines and the older ones no figure was measured or
 *	found, and forward_ns is 0 there (not modelled: an understatement of
 *	ticket's and qspinlock's uncontended cost). --c2c measures it.
 *	A compare-and-swap's (forward_cas_ns): forward_ns in every built-in
 *	profile (not measured apart). --c2c measures it (loop_forward_cas(), a
 *	byte store and a compare-and-swap of its word, qspinlock's pattern):
 *	on the Zen 3 guest that loop took 9.1-9.4 ns an iteration where the
 *	fetch-add's took 10.8-11.0, and a byte store then a fetch-add 10.9-11.3:
 *	the instruction, not the store's width, makes the difference.
 * A store hit's commit (commit_ns): 0 in every built-in profile (not
 *	modelled: the store's commit overlaps the locked instruction after
 *	it). --c2c measures it (loop_commit(), a fetch-add and a store of
 *	another line): on the Intel guest (family 6 model 167) this was
 *	written on, 2.5 ns in one of its two states, where the fetch-add alone
 *	took 7.3 ns, and 0 in the other (9.3 ns); before it was a key, the same
 *	loop measured plain_hit_ns, 2.4 ns in the first state, and every plain
 *	hit of a simulated lock cost that.
 * A locked RMW's overlap with the work before it (rmw_overlap_pct): 0 in
 *	every built-in profile (not modelled: an overstatement of an
 *	uncontended lock's cost by up to hit_ns + rmw_ns - plain_hit_ns per
 *	locked instruction, where the core runs them beside the plain accesses
 *	and loop work before them).
 *	--c2c measures it (loop_overlap(), a fetch-add and four loads of other
 *	lines): on the Zen 3 guest this was written on, 1.9 ns an iteration,
 *	less than the fetch-add alone (2.2), so 100; the simulated one-thread
 *	tas took 3.1 ns an operation there against 2.5 real with 0.
 * The measured loop's own work (op_ns): 0 in every built-in profile (not
 *	modelled: the simulator charges the loop's two accesses per operation
 *	only, 0.6 of the 1.1 to 1.3 ns the null lock's real loop takes on the
 *	Zen 3 guest this was written on). --c2c measures it: the null lock's
 *	own loop on the measuring CPU, less its two plain hits.
 * Every profile: hold_skip_pct 0 (every miss keeps its line; --c2c fits a
 *	share when the measured run is under 2: simulate.c), hold_random 1
 *	(each hold drawn, a mean of hold_ns: mem.c). Hold 40
 *	cycles at its clock (16.3 to 20 ns): an
 *	estimate from the build VM, where --c2c measured runs of 2.6 to 4.2
 *	contending fetch-adds in a row by one CPU (the simulator's hold for
 *	them: 12 to 23 ns at 2.3 GHz); no published figure was found for the
 *	other machines. futex_wait 600, futex_wake 500, wakeup 4000 (an idle
 *	CPU's wake-up: IPI, exit from a shallow C-state, schedule()),
 *	context_switch 2000 (Li, Ding and Shen, "Quantifying the cost of
 *	context switch", ExpCS 2007, measured a few us on Xeons of that era):
 *	estimates; slice 3 ms (the default of --sim-slice).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "sim/sim.h"

#define WHY(...) lb_why(why, len, __VA_ARGS__)

#define SYSCOSTS .futex_wait_ns = 600, .futex_wake_ns = 500, .wakeup_ns = 4000,	\
	.context_switch_ns = 2000, .slice_ns = 3e6

static const struct lb_sim_profile westmere_ex = {
	.name = "westmere-ex", .ghz = 2.4, .hit_ns = 1.7, .plain_hit_ns = 1.7,
	.smt_ns = 5, .l3_ns = 45, .package_ns = 45,
	.remote_ns = 120, .remote_distance = 20, .home_ns = 45,
	.memory_ns = 130, .invalidate_ns = 5, .rmw_ns = 8, .hold_ns = 16.7, .hold_random = 1,
	.store_buffer = 32,
	.fence_ns = 14, .pause_ns = 4, .spin_ns = 0.42, SYSCOSTS,
};

static const struct lb_sim_profile skylake_sp = {
	.name = "skylake-sp", .ghz = 2.4, .hit_ns = 2, .plain_hit_ns = 2,
	.smt_ns = 10, .l3_ns = 50, .package_ns = 50,
	.remote_ns = 130, .remote_distance = 20, .home_ns = 0,
	.memory_ns = 90, .invalidate_ns = 5, .rmw_ns = 8, .hold_ns = 16.7, .hold_random = 1,
	.store_buffer = 56,
	.fence_ns = 14, .pause_ns = 58, .spin_ns = 0.42, SYSCOSTS,
};

static const struct lb_sim_profile icelake_sp = {
	.name = "icelake-sp-snc2", .ghz = 2.3, .hit_ns = 2.2, .plain_hit_ns = 2.2,
	.smt_ns = 10, .l3_ns = 55, .package_ns = 65,
	.remote_ns = 115, .remote_distance = 20, .home_ns = 0,
	.memory_ns = 85, .invalidate_ns = 5, .rmw_ns = 8, .hold_ns = 17.4, .hold_random = 1,
	.store_buffer = 72,
	.fence_ns = 14, .pause_ns = 61, .spin_ns = 0.43, SYSCOSTS,
};

static const struct lb_sim_profile epyc_zen3 = {
	.name = "epyc-zen3", .ghz = 2.45, .hit_ns = 1.6, .plain_hit_ns = 1.6,
	.smt_ns = 7, .l3_ns = 20, .package_ns = 100,
	.remote_ns = 190, .remote_distance = 20, .home_ns = 0,
	.memory_ns = 110, .invalidate_ns = 5, .rmw_ns = 4, .hold_ns = 16.3, .hold_random = 1,
	.store_buffer = 64,
	.forward_ns = 8.2, .forward_cas_ns = 8.2, .fence_ns = 12, .pause_ns = 26, .spin_ns = 0.41, SYSCOSTS,
};

static const struct lb_sim_profile harpertown = {
	.name = "xeon-e5405", .ghz = 2.0, .hit_ns = 1.5, .plain_hit_ns = 1.5,
	.smt_ns = 5, .l3_ns = 15, .package_ns = 100,
	.remote_ns = 100, .remote_distance = 10, .home_ns = 0,
	.memory_ns = 110, .invalidate_ns = 5, .rmw_ns = 10, .hold_ns = 20, .hold_random = 1,
	.store_buffer = 20,
	.fence_ns = 10, .pause_ns = 5, .spin_ns = 0.5, SYSCOSTS,
};

static const struct lb_sim_profile build_vm = {
	.name = "build-vm", .ghz = 2.096, .hit_ns = 1.2, .plain_hit_ns = 1.2,
	.smt_ns = 5, .l3_ns = 32, .package_ns = 32,
	.remote_ns = 100, .remote_distance = 20, .home_ns = 0,
	.memory_ns = 100, .invalidate_ns = 5, .rmw_ns = 5, .hold_ns = 19, .hold_random = 1,
	.store_buffer = 104,
	.fence_ns = 10, .pause_ns = 19, .spin_ns = 0.3, .futex_wait_ns = 1500,
	.futex_wake_ns = 1200, .wakeup_ns = 10000, .context_switch_ns = 3000, .slice_ns = 3e6,
};

/* the saved machines of data/topologies, and "generic" (the Skylake figures) */
static const struct {
	const char *name;
	const struct lb_sim_profile *p;
} builtins[] = {
	{ "westmere-ex-4s40c", &westmere_ex },
	{ "westmere-ex-8s80c", &westmere_ex },
	{ "skylake-2s40c80t", &skylake_sp },
	{ "icelake-snc2-2s80c160t", &icelake_sp },
	{ "epyc-2s128c256t", &epyc_zen3 },
	{ "xeon-e5405-2s8c", &harpertown },
	{ "build-vm-2c", &build_vm },
	{ "generic", &skylake_sp },
};

static const char *const builtin_names[] = {
	"westmere-ex-4s40c", "westmere-ex-8s80c", "skylake-2s40c80t", "icelake-snc2-2s80c160t",
	"epyc-2s128c256t", "xeon-e5405-2s8c", "build-vm-2c", "generic", NULL,
};

const struct lb_sim_profile *lb_sim_profile_builtin(const char *name)
{
	for (size_t i = 0; i < sizeof(builtins) / sizeof(builtins[0]); i++)
		if (strcmp(name, builtins[i].name) == 0)
			return builtins[i].p;
	return NULL;
}

const char *const *lb_sim_profile_names(void)
{
	return builtin_names;
}

/* the numeric keys: where each lives and its lower bound (exclusive when open) */
static const struct pkey {
	const char *key;
	size_t off;
	double min;
	bool open;
	double max;	/* at most this; 0: any number */
	bool whole;	/* a whole number */
} pkeys[] = {
#define K(f, lo, op) { #f, offsetof(struct lb_sim_profile, f), lo, op, 0, false }
	K(ghz, 0, true), K(hit_ns, 0, false), K(plain_hit_ns, 0, false), K(smt_ns, 0, false),
	K(l3_ns, 0, false),
	K(package_ns, 0, false), K(remote_ns, 0, false), K(remote_distance, 10, false),
	K(home_ns, 0, false), K(memory_ns, 0, false), K(invalidate_ns, 0, false),
	K(rmw_ns, 0, false),
	{ "rmw_overlap_pct", offsetof(struct lb_sim_profile, rmw_overlap_pct), 0, false, 100, false },
	K(hold_ns, 0, false),
	{ "hold_random", offsetof(struct lb_sim_profile, hold_random), 0, false, 1, true },
	{ "hold_skip_pct", offsetof(struct lb_sim_profile, hold_skip_pct), 0, false, 100, false },
	{ "store_buffer", offsetof(struct lb_sim_profile, store_buffer), 0, false, 128, true },
	K(forward_ns, 0, false), K(forward_cas_ns, 0, false), K(commit_ns, 0, false),
	K(fence_ns, 0, false), K(pause_ns, 0, false),
	K(spin_ns, 0, false), K(op_ns, 0, false), K(futex_wait_ns, 0, false), K(futex_wake_ns, 0, false),
	K(wakeup_ns, 0, false), K(context_switch_ns, 0, false), K(slice_ns, 0, true),
#undef K
};

#define NKEYS (sizeof(pkeys) / sizeof(pkeys[0]))

static int set_key(struct lb_sim_profile *p, const char *key, const char *val, bool *seen,
		   const char *where, char *why, size_t len)
{
	char *end;
	double v;

	if (strcmp(key, "name") == 0) {
		if (seen[NKEYS])
			return WHY("%s: key 'name' given twice", where);
		seen[NKEYS] = true;
		if (strlen(val) >= sizeof(p->name) || strpbrk(val, " \t"))
			return WHY("%s: key 'name': '%s' is not one word under %zu characters", where,
				   val, sizeof(p->name));
		strcpy(p->name, val);
		return 0;
	}
	for (size_t i = 0; i < NKEYS; i++) {
		if (strcmp(key, pkeys[i].key))
			continue;
		if (seen[i])
			return WHY("%s: key '%s' given twice", where, key);
		seen[i] = true;
		errno = 0;
		v = strtod(val, &end);
		if (errno || end == val || *end || !isfinite(v) || v < pkeys[i].min ||
		    (pkeys[i].open && v <= pkeys[i].min))
			return WHY("%s: key '%s': '%s' is not a number %s %g", where, key, val,
				   pkeys[i].open ? ">" : ">=", pkeys[i].min);
		if (pkeys[i].max && (v > pkeys[i].max || (pkeys[i].whole && v != floor(v))))
			return WHY("%s: key '%s': '%s' is not a %s from %g to %g", where, key, val,
				   pkeys[i].whole ? "whole number" : "number", pkeys[i].min,
				   pkeys[i].max);
		*(double *)((char *)p + pkeys[i].off) = v;
		return 0;
	}
	return WHY("%s: unknown key '%s'", where, key);
}

/* one line: strip the comment and the blanks, split key and value; 0 or -1 */
static int parse_line(char *line, struct lb_sim_profile *p, bool *seen, const char *where,
		      char *why, size_t len)
{
	char *hash = strchr(line, '#'), *key, *val, *rest;

	if (hash)
		*hash = '\0';
	key = strtok_r(line, " \t\r\n", &rest);
	if (!key)
		return 0;
	val = strtok_r(NULL, " \t\r\n", &rest);
	if (!val)
		return WHY("%s: key '%s' has no value", where, key);
	if (strtok_r(NULL, " \t\r\n", &rest))
		return WHY("%s: key '%s': one value expected", where, key);
	return set_key(p, key, val, seen, where, why, len);
}

int lb_sim_profile_load(const char *path, struct lb_sim_profile *p, char *why, size_t len)
{
	struct lb_sim_profile np = *p;
	bool seen[NKEYS + 1] = { false };
	char line[512], where[320];
	unsigned lineno = 0;
	FILE *f = fopen(path, "r");
	int rc = 0;

	if (!f)
		return WHY("%s: %s", path, strerror(errno));
	while (!rc && fgets(line, sizeof(line), f)) {
		lineno++;
		snprintf(where, sizeof(where), "%s:%u", path, lineno);
		if (!strchr(line, '\n') && !feof(f))
			rc = WHY("%s: line longer than %zu characters", where, sizeof(line) - 2);
		else
			rc = parse_line(line, &np, seen, where, why, len);
	}
	if (!rc && ferror(f))
		rc = WHY("%s: %s", path, strerror(errno));
	fclose(f);
	if (!rc)
		*p = np;
	return rc;
}

int lb_sim_profile_write(FILE *f, const struct lb_sim_profile *p, const char *comment)
{
	fprintf(f, "# lockbench simulation profile (lb_sim_profile_load(): key value, ns unless "
		"said)\n");
	if (comment)
		fprintf(f, "# %s\n", comment);
	fprintf(f, "name %s\n", p->name[0] ? p->name : "unnamed");
	for (size_t i = 0; i < NKEYS; i++) {
		double v = *(const double *)((const char *)p + pkeys[i].off);
		char buf[40];

		/* the shortest of 15 or 17 digits that reads back as the same number */
		snprintf(buf, sizeof(buf), "%.15g", v);
		if (strtod(buf, NULL) != v)
			snprintf(buf, sizeof(buf), "%.17g", v);
		fprintf(f, "%s %s\n", pkeys[i].key, buf);
	}
	return ferror(f) ? -1 : 0;
}

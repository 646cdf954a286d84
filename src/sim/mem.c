// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mem.c - the simulator's memory: a coherence directory per 64-byte line
 *
 * The model (algorithms.md section 18; Boyd-Wickizer, Kaashoek, Morris and
 * Zeldovich, "Non-scalable locks are dangerous", Linux Symposium 2012, for
 * the mechanism of the ticket lock's collapse):
 *
 * Directory. Every line an access touches gets an entry: a state (M, E, S
 * or I), the CPUs holding a copy (one bit each), an owner (M/E: the one
 * holder; S: the forwarder, the last CPU that fetched it, as MESIF's F
 * state), the packages of the holders, and its home NUMA node (the node given
 * by lb_sim_mem_home(), else the first CPU to touch it: first touch).
 * Caches are infinite: a line leaves a cache only by invalidation.
 *
 * Cost of an access by CPU c, with the level between two CPUs a and b
 * being: same core (SMT sibling) smt_ns; same L3 group l3_ns; same package
 * package_ns; other packages remote_ns, times dist(a, b) / remote_distance
 * when that is farther (never less: packages on one memory node), plus
 * home_ns when the line's home is on neither's node (a third package):
 *	hit:   c holds a copy and the access needs no more (a read of any
 *	       valid copy; a write or RMW of an M or E copy, E becoming M):
 *	       hit_ns (+ rmw_ns for an RMW); the line is not occupied
 *	read miss: from the owner (M/E) or the forwarder (S) at their level,
 *	       or from memory (I): memory_ns x dist(c, home) / 10; the line
 *	       becomes S with c added (c the forwarder), or E when it was I
 *	write or RMW miss: the data as a read miss (none when c holds an S
 *	       copy: an upgrade, which costs l3_ns within c's package) and at
 *	       least the farthest other holder's level (by their packages: the
 *	       acknowledgements), plus invalidate_ns per holder other
 *	       than c and the data's source; + rmw_ns for an RMW; the line
 *	       becomes M in c alone, and the threads parked on it wake
 * Each cost is scaled by the seeded jitter (lb_sim_jitter()).
 *
 * Overlap (engine.c): an out-of-order core runs a locked RMW's own work
 * beside the loads, stores and loop work before it, back to its previous
 * locked instruction or fence; a back-to-back run of them gets none. An
 * RMW that hits is less rmw_overlap_pct of the time its CPU spent since
 * then, the time capped at all it costs beyond a plain hit (hit_ns +
 * rmw_ns - plain_hit_ns): at 100 it completes at the later of its start
 * plus plain_hit_ns and the last locked instruction's end plus hit_ns +
 * rmw_ns, the core's own rate of locked instructions. A miss hides only
 * its rmw_ns that way (capped at rmw_ns), not the transfer.
 *
 * Serialisation: a line serves one miss at a time. It has a busy-until
 * time; a miss issued at `now` starts at max(now, busy), ends at start +
 * cost, and the line is busy until then: requesters of a contended line
 * queue, so a ticket lock's release, which invalidates N spinners that
 * each re-read the line, costs time in proportion to N. Except a read of a
 * clean copy in the reader's own L3 group (the line S, its forwarder a
 * core of the group): the L3 serves it, and takes the line's next request
 * a hit later, so such reads overlap (the spinners of one socket re-read
 * in about one transfer; those of other sockets still queue).
 *
 * Hold (hardware's forward progress): the CPU a line comes to keeps it
 * for hold_ns after its miss completes, so that it can do its next few
 * accesses to it (an acquire's RMW, then the release, or a load, then its
 * cmpxchg) before another CPU's request takes it away. A miss by another
 * CPU issued before the hold ends waits for the end (lb_sim_mem_stall()),
 * when it would take the holder's copy: any request when the line came as
 * M (a write or an RMW), a write or RMW when it came as S or E (a read).
 * Waiters queue on the line in the order they came, and any later miss
 * of it queues behind them (no overtaking); only the first is scheduled,
 * for the hold's end (engine.c), and when it is issued the next becomes
 * first, so a hand-off costs one wake-up, not one per waiter. The holder
 * itself waits for nothing: its next accesses hit, or miss at once (a
 * load's compare-and-swap: the upgrade, which starts a hold of its own).
 * One hold per line: a later read of a line held for a read takes the
 * hold over, so the earlier reader's copy is then protected only until the
 * new hold ends, and it waits like any other CPU. With two CPUs contending
 * for one line by RMWs, each does a run of about 1 + hold_ns / (hit_ns +
 * rmw_ns + its loop's own time) of them in a row: the run lengths that
 * --c2c measures (simulate.c fits hold_ns to them). With hold_ns 0 the
 * line goes to the next requester at once. With a fixed hold the run is a
 * step function of it: 1 at none, 2 from the least hold (1 ps: the holder's
 * access at the miss's very completion, an acquire's release store at
 * --load=0, goes first), one more per RMW's time after that; with a drawn
 * one (below), 2 from the least and rising smoothly past it. A measured
 * run between 1 and 2 (a core that keeps the line for its next locked
 * instruction after some misses, not all) is hold_skip_pct: after that
 * share of the misses, drawn per miss from a seeded stream of its own
 * (skip_hold()), the line is kept for none, after the others for hold_ns;
 * the mean run then goes from 2 down to 1 as the share goes from 0 to 100,
 * and a lock's figures with it, where a fixed hold gives one regime or the
 * other (ticket at two threads and --load=0 on the Zen 3 build VM: 18 or
 * 57 Mops/s, as the measured run was under or over 1.5). The draw is for
 * the misses of locked instructions, what the run measures; a store's or a
 * load's miss always keeps its hold, for the CPU's next access to the line:
 *  - after a store, the access that waited for it: a spinlock's next
 *    acquire, whose locked instruction drains the buffer that holds its
 *    release. With the draw, at --load=5 and 10 on that VM, a waiter whose
 *    request was sent while the release was on its way took the lock in
 *    up to 16% of ttas's operations and 25% of tas's (8 rounds of
 *    scripts/simagree); the real waiters in under 0.1% (their spin-waits);
 *  - after a load, the locked instruction its value decided: a ttas
 *    waiter's exchange after it read the lock free. With the draw it lost
 *    to the holder's, backed off, and one thread kept the lock: ttas over
 *    ticket at two threads and --load=0 came out 1.1-10x the real one's
 *    (6 fast-state rounds); with the hold, 0.93-1.41 (5 rounds), and its
 *    backoffs are 0.00 an operation, as the real ones.
 *
 * Drawn holds (hold_random 1: every built-in profile, and --c2c's, which
 * starts from the build VM's): each hold lasts the least hold and an
 * exponential draw for the rest of a mean of hold_ns, from the hold's
 * stream (hold_len()). Another CPU's request reaches the holder at a time
 * that is not locked to the holder's instructions. A fixed hold locks the
 * simulated CPUs in phase: a hold that covers whole lock-unlock cycles ends
 * at the same point of the holder's cycle every time; where that is
 * between a release and the next acquire, the waiter takes the lock free,
 * and the CPUs alternate runs of operations without ever waiting. With
 * three profiles --c2c measured in the Zen 3 build VM's slow state (round
 * trip 424-447 ns, hold 15-26 ns), at two threads and --load=0, mcs came
 * out 32.6-36.0 Mops/s and never queued, and ticket 18.0 and 24.4 and
 * never waited with two of them, where the real ones run 3.7-4.9 and
 * 4.2-4.9 and wait in 0.79-1.00 of their operations; with drawn holds mcs
 * 2.7-2.9 and ticket 4.5-4.7, waiting in every one (mcs still about 0.65
 * of the real: that state is not one transfer cost). A hold of the least
 * (a measured run under 2, with hold_skip_pct) is the same either way, so
 * the fast state's figures do not move.
 *
 * Store buffer (engine.c): a plain or release store that misses is
 * posted: the line's request, its hold's wait and its completion are as
 * above, but its CPU goes on a plain hit's time (plain_hit_ns) after issuing it, and a store
 * completes no earlier than the one before it (TSO's order); a store that
 * hits commits commit_ns after its issue (lb_sim_sb_after()). A locked
 * RMW, a fence or a system call waits for the buffer to drain; a load
 * passes it (a load of the line the store is for hits, as forwarding).
 * The store itself runs at its completion in virtual time, as any
 * access; its CPU's clock is then set back. Until it catches up, that
 * CPU's accesses are processed after events later in virtual time: what
 * it reads may be up to one store's latency newer than its clock says.
 *
 * When an access takes effect: at its completion in virtual time. The
 * directory is updated when the miss is issued (it describes the line as
 * it will be once every issued request has completed, so a later request
 * is costed against its true predecessor and queues behind it); the
 * requesting CPU's clock moves to the completion and the hook returns
 * only when that clock is the smallest (engine.c), so the caller's real
 * __atomic operation runs in virtual-time order. A hit runs at once: no
 * earlier-completing write can be pending on a line the CPU holds, since
 * issuing that write took the copy away.
 *
 * Memory: one entry of about 80 + CPUs / 8 bytes per line touched, in an
 * arena indexed by an open-addressed hash table; linear in lines for a
 * machine, and in CPUs for a working set.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/internal.h"

static inline uint32_t hash_tag(uintptr_t tag)
{
	return (uint32_t)(((uint64_t)tag * 0x9e3779b97f4a7c15ull) >> 32);
}

int lb_sim_mem_init(struct lb_sim *s)
{
	struct sim_mem *m = &s->mem;

	m->nwords = (s->m.ncpus + 63) / 64;
	m->stride = sizeof(struct sim_line) + m->nwords * sizeof(uint64_t);
	m->cap = 256;
	m->arena = calloc(m->cap, m->stride);
	m->mask = 1023;
	m->slots = calloc(m->mask + 1, sizeof(uint32_t));
	if (!m->arena || !m->slots)
		return -ENOMEM;
	return 0;
}

void lb_sim_mem_fini(struct lb_sim *s)
{
	free(s->mem.arena);
	free(s->mem.slots);
	free(s->mem.homes);
	memset(&s->mem, 0, sizeof(s->mem));
}

static int grow_table(struct sim_mem *m)
{
	uint32_t nmask = m->mask * 2 + 1;
	uint32_t *ns = calloc((size_t)nmask + 1, sizeof(uint32_t));

	if (!ns)
		return -ENOMEM;
	for (uint32_t i = 0; i < m->n; i++) {
		const struct sim_line *l = (const void *)(m->arena + (size_t)i * m->stride);
		uint32_t h = hash_tag(l->tag) & nmask;

		while (ns[h])
			h = (h + 1) & nmask;
		ns[h] = i + 1;
	}
	free(m->slots);
	m->slots = ns;
	m->mask = nmask;
	return 0;
}

static int home_of(const struct lb_sim *s, uintptr_t tag, unsigned cpu)
{
	for (unsigned i = 0; i < s->mem.nhomes; i++)
		if (tag >= s->mem.homes[i].lo && tag < s->mem.homes[i].hi)
			return s->mem.homes[i].node;
	return s->m.cpu[cpu].node;	/* first touch */
}

/* lb_sim_line_of() - the entry of line @tag, made on first touch by @cpu; UINT32_MAX: no memory */
uint32_t lb_sim_line_of(struct lb_sim *s, uintptr_t tag, unsigned cpu)
{
	struct sim_mem *m = &s->mem;
	uint32_t h = hash_tag(tag) & m->mask, idx;
	struct sim_line *l;

	for (; m->slots[h]; h = (h + 1) & m->mask)
		if (lb_sim_line(s, m->slots[h] - 1)->tag == tag)
			return m->slots[h] - 1;
	if (m->n == m->cap) {
		char *na = realloc(m->arena, (size_t)m->cap * 2 * m->stride);

		if (!na)
			return UINT32_MAX;
		m->arena = na;
		m->cap *= 2;
	}
	idx = m->n++;
	l = lb_sim_line(s, idx);
	memset(l, 0, m->stride);
	l->tag = tag;
	l->owner = SIM_NONE;
	l->parked = SIM_NONE;
	l->hold_cpu = SIM_NONE;
	l->wait_head = l->wait_tail = SIM_NONE;
	l->home = (int16_t)home_of(s, tag, cpu);
	m->slots[h] = idx + 1;
	if (m->n * 2 > m->mask && grow_table(m))
		return UINT32_MAX;
	s->st.lines = m->n;
	return idx;
}

int lb_sim_mem_home(struct lb_sim *s, const void *addr, size_t size, unsigned node)
{
	struct sim_mem *m = &s->mem;
	struct sim_home *nh;

	if (node >= s->m.nnodes || !size)
		return -EINVAL;
	nh = realloc(m->homes, (m->nhomes + 1) * sizeof(*nh));
	if (!nh)
		return -ENOMEM;
	m->homes = nh;
	nh[m->nhomes++] = (struct sim_home){
		.lo = (uintptr_t)addr >> SIM_LINE_SHIFT,
		.hi = (((uintptr_t)addr + size - 1) >> SIM_LINE_SHIFT) + 1,
		.node = (int)node,
	};
	return 0;
}

/* lb_sim_jitter() - @cost scaled by the seeded uniform factor in [1 - j, 1 + j] */
uint64_t lb_sim_jitter(struct lb_sim *s, uint64_t cost)
{
	int64_t u;

	if (!s->jit)
		return cost;
	u = (int64_t)(xorshift64(&s->rng) >> 43) - (1 << 20);	/* [-2^20, 2^20) */
	return (uint64_t)((int64_t)cost + (int64_t)((cost * s->jit) >> 20) * u / (1 << 20));
}

static inline bool holds(const struct sim_line *l, unsigned cpu)
{
	return l->bits[cpu / 64] >> (cpu % 64) & 1;
}

static inline uint64_t node_bit(int node)
{
	return 1ull << (node < 63 ? node : 63);
}

/* the level between CPUs @a and @b for a line whose home is @home */
static uint64_t level(const struct lb_sim *s, unsigned a, unsigned b, int home)
{
	const struct lb_sim_cpu *ca = &s->m.cpu[a], *cb = &s->m.cpu[b];

	if (ca->core == cb->core)
		return s->c_smt;
	if (ca->package == cb->package)
		return ca->l3 >= 0 && ca->l3 == cb->l3 ? s->c_l3 : s->c_pkg;
	return s->c_remote[ca->node * s->m.nnodes + cb->node] +
	       (home != ca->node && home != cb->node ? s->c_home : 0);
}

/*
 * the farthest other holder's level, by their packages (a write's
 * acknowledgements); 0 when they all share @cpu's package
 */
static uint64_t farthest(const struct lb_sim *s, const struct sim_line *l, unsigned cpu)
{
	int me = s->m.cpu[cpu].package;
	uint64_t others = l->pkgs & ~node_bit(me), worst = 0;

	for (unsigned p = 0; others && p < s->npackages; p++) {
		uint64_t c;

		if (!(others & node_bit((int)p)))
			continue;
		others &= ~node_bit((int)p);
		c = level(s, cpu, s->pkg_cpu[p], l->home);
		if (c > worst)
			worst = c;
	}
	return worst;
}

static void take_alone(const struct lb_sim *s, struct sim_line *l, unsigned cpu, int state)
{
	memset(l->bits, 0, s->mem.nwords * sizeof(uint64_t));
	l->bits[cpu / 64] |= 1ull << (cpu % 64);
	l->nholders = 1;
	l->owner = (int32_t)cpu;
	l->state = (uint8_t)state;
	l->pkgs = node_bit(s->m.cpu[cpu].package);
}

static void add_holder(const struct lb_sim *s, struct sim_line *l, unsigned cpu)
{
	l->bits[cpu / 64] |= 1ull << (cpu % 64);
	l->nholders++;
	l->owner = (int32_t)cpu;	/* the forwarder */
	l->state = SIM_S;
	l->pkgs |= node_bit(s->m.cpu[cpu].package);
}

/* a miss's cost: data from the owner, the forwarder or memory; the directory updated */
static uint64_t miss_cost(struct lb_sim *s, struct sim_line *l, unsigned cpu,
			  enum lb_sim_kind kind)
{
	bool mine = holds(l, cpu);
	uint64_t cost = 0, inval = 0;

	if (l->state == SIM_I)
		cost = s->c_mem[s->m.cpu[cpu].node * s->m.nnodes + l->home];
	else if (!mine)
		cost = level(s, cpu, (unsigned)l->owner, l->home);
	if (kind == LB_SIM_READ) {
		if (l->state == SIM_I)
			take_alone(s, l, cpu, SIM_E);
		else
			add_holder(s, l, cpu);
		return cost;
	}
	/* write or RMW: every other copy goes; the data's source's with the transfer */
	if (l->state != SIM_I) {
		uint64_t f = farthest(s, l, cpu);

		if (mine && !f)
			f = s->c_l3;	/* an upgrade within the package: its L3's directory */

		inval = l->nholders - (mine ? 1 : 0) - (mine ? 0 : 1);
		if (f > cost)
			cost = f;
	}
	cost += inval * s->c_inval;
	if (kind == LB_SIM_RMW)
		cost += s->c_rmw;
	take_alone(s, l, cpu, SIM_M);
	return cost;
}


/**
 * lb_sim_mem_stall() - must CPU @cpu's access of line @idx at @now wait
 * for another CPU's hold to end?
 *
 * Return: 0 to go on, or the hold's end (ps).
 */
uint64_t lb_sim_mem_stall(const struct lb_sim *s, unsigned cpu, uint32_t idx,
			  enum lb_sim_kind kind, uint64_t now)
{
	const struct sim_line *l = lb_sim_line(s, idx);

	if (now >= l->hold_until || l->hold_cpu == (int32_t)cpu || lb_sim_mem_hit(s, idx, cpu, kind))
		return 0;
	if (kind == LB_SIM_READ && !l->hold_m)
		return 0;
	return l->hold_until;
}

/*
 * how long this miss keeps its line: hold_ns, or with hold_random the
 * least hold (1 ps) and an exponential draw (seeded) for the rest of a
 * mean of hold_ns
 */
static uint64_t hold_len(struct lb_sim *s)
{
	double u;

	if (!s->hold_random || s->c_hold <= 1)
		return s->c_hold;
	u = (double)((xorshift64(&s->hold_rng) >> 11) + 1) / 9007199254740992.0;	/* (0, 1] */
	return 1 + (uint64_t)(-log(u) * (double)(s->c_hold - 1));
}

/* does this miss keep its line for none? hold_skip_pct of them, by a seeded draw */
static bool skip_hold(struct lb_sim *s)
{
	return s->hold_skip && (xorshift64(&s->hold_rng) >> 11) < s->hold_skip;
}

/**
 * lb_sim_mem_access() - CPU @cpu accesses line @idx at @now (ps)
 *
 * A miss completes no earlier than @floor (a posted store after the
 * stores before it in its CPU's buffer: they commit in order). @asked is
 * when the CPU asked for the line, before any wait for another CPU's hold:
 * the miss queued from then to its start (the line's queue figures).
 * @hidden (an RMW's, at most rmw_ns) is the part of it the work before it
 * hid (the overlap above).
 *
 * Return: the access's completion time; the directory and the line's
 * busy time describe it as done; the caller wakes the threads parked on
 * the line after a write or RMW (runnable at the completion).
 */
uint64_t lb_sim_mem_access(struct lb_sim *s, unsigned cpu, uint32_t idx, enum lb_sim_kind kind,
			   uint64_t asked, uint64_t now, uint64_t floor, uint64_t hidden)
{
	struct sim_line *l = lb_sim_line(s, idx);
	uint64_t start, done, wait;
	bool l3_copy;

	if (lb_sim_mem_hit(s, idx, cpu, kind)) {
		s->st.hits++;
		if (kind != LB_SIM_READ)
			l->state = SIM_M;
		return now + lb_sim_jitter(s, kind == LB_SIM_RMW ? s->c_hit + s->c_rmw - hidden
								 : s->c_plain);
	}
	s->st.misses++;
	start = now > l->busy ? now : l->busy;
	l3_copy = kind == LB_SIM_READ && l->state == SIM_S && s->m.cpu[cpu].l3 >= 0 &&
		  s->m.cpu[cpu].l3 == s->m.cpu[l->owner].l3;
	done = start + lb_sim_jitter(s, miss_cost(s, l, cpu, kind) - hidden);
	if (done < floor)
		done = floor;
	/* a clean copy in the L3 group: the L3 serves the next request a hit later */
	l->busy = l3_copy ? (start + s->c_hit > l->busy ? start + s->c_hit : l->busy) : done;
	if (s->c_hold && (kind != LB_SIM_RMW || !skip_hold(s))) {
		l->hold_cpu = (int32_t)cpu;
		l->hold_until = done + hold_len(s);
		l->hold_m = kind != LB_SIM_READ;
	} else if (s->hold_skip) {	/* this miss keeps it for none: no earlier hold either */
		l->hold_cpu = SIM_NONE;
		l->hold_until = 0;
	}
	l->requests++;
	wait = start - (asked < now ? asked : now);
	if (wait) {
		s->st.queued++;
		l->queued++;
		l->queue_ps += wait;
		if (wait > l->max_queue_ps)
			l->max_queue_ps = wait;
	}
	return done;
}

/* lb_sim_mem_drop() - an outside write: no cache keeps a copy (the caller wakes the parked) */
void lb_sim_mem_drop(struct lb_sim *s, uint32_t idx)
{
	struct sim_line *l = lb_sim_line(s, idx);

	memset(l->bits, 0, s->mem.nwords * sizeof(uint64_t));
	l->nholders = 0;
	l->owner = SIM_NONE;
	l->state = SIM_I;
	l->pkgs = 0;
	l->hold_cpu = SIM_NONE;	/* no cache has it to hold */
	l->hold_until = 0;
}

/* the longest queued first; on a tie (none queued), the most requested, then by address */
static int cmp_queue(const void *a, const void *b)
{
	const struct lb_sim_line_stat *x = a, *y = b;

	if (x->queue_ns != y->queue_ns)
		return x->queue_ns < y->queue_ns ? 1 : -1;
	if (x->requests != y->requests)
		return x->requests < y->requests ? 1 : -1;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

unsigned lb_sim_hot_lines(const struct lb_sim *s, struct lb_sim_line_stat *out, unsigned n)
{
	struct lb_sim_line_stat *all;
	unsigned k = 0;

	if (!n || !s->mem.n)
		return 0;
	all = malloc(s->mem.n * sizeof(*all));
	if (!all)
		return 0;
	for (uint32_t i = 0; i < s->mem.n; i++) {
		const struct sim_line *l = lb_sim_line(s, i);

		all[i] = (struct lb_sim_line_stat){
			.addr = l->tag << SIM_LINE_SHIFT,
			.requests = l->requests,
			.queued = l->queued,
			.queue_ns = (double)l->queue_ps / 1000,
			.max_queue_ns = (double)l->max_queue_ps / 1000,
		};
	}
	qsort(all, s->mem.n, sizeof(*all), cmp_queue);
	for (; k < n && k < s->mem.n; k++)
		out[k] = all[k];
	free(all);
	return k;
}

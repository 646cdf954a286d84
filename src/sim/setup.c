// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setup.c - a simulation's set-up (machine, profile in ps, threads, timers,
 * homes) and the caller's reads of it (time, on-CPU, progress, deadlock
 * report, statistics); the scheduler and the hooks are engine.c's
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/internal.h"

#define SIM_STACK_SIZE	(256 * 1024)

static inline uint64_t ps_of(double ns)
{
	return ns > 0 ? (uint64_t)(ns * 1000 + 0.5) : 0;
}

static int copy_machine(struct lb_sim *s, const struct lb_sim_machine *m, char *why, size_t len)
{
	s->m = *m;
	s->m.cpu = malloc(m->ncpus * sizeof(*m->cpu));
	s->m.dist = malloc((size_t)m->nnodes * m->nnodes * sizeof(*m->dist));
	s->m.node_os = calloc(m->nnodes, sizeof(*m->node_os));
	s->cpu = calloc(m->ncpus, sizeof(*s->cpu));
	s->heap = calloc(m->ncpus, sizeof(*s->heap));
	s->c_remote = malloc((size_t)m->nnodes * m->nnodes * sizeof(uint64_t));
	s->c_mem = malloc((size_t)m->nnodes * m->nnodes * sizeof(uint64_t));
	if (!s->m.cpu || !s->m.dist || !s->m.node_os || !s->cpu || !s->heap || !s->c_remote ||
	    !s->c_mem) {
		snprintf(why, len, "out of memory for a %u-CPU machine", m->ncpus);
		return -1;
	}
	memcpy(s->m.cpu, m->cpu, m->ncpus * sizeof(*m->cpu));
	memcpy(s->m.dist, m->dist, (size_t)m->nnodes * m->nnodes * sizeof(*m->dist));
	if (m->node_os)
		memcpy(s->m.node_os, m->node_os, m->nnodes * sizeof(*m->node_os));
	for (unsigned i = 0; i < m->ncpus; i++) {
		if (m->cpu[i].package < 0 || m->cpu[i].node < 0 ||
		    (unsigned)m->cpu[i].node >= m->nnodes || m->cpu[i].core < 0) {
			snprintf(why, len, "simulated CPU %u: package %d, node %d of %u, core %d", i,
				 m->cpu[i].package, m->cpu[i].node, m->nnodes, m->cpu[i].core);
			return -1;
		}
		if ((unsigned)m->cpu[i].package + 1 > s->npackages)
			s->npackages = (unsigned)m->cpu[i].package + 1;
		s->cpu[i] = (struct sim_cpu){ .heap_pos = -1, .cur = SIM_NONE,
					      .rq_head = SIM_NONE, .rq_tail = SIM_NONE };
	}
	s->pkg_cpu = calloc(s->npackages, sizeof(*s->pkg_cpu));
	if (!s->pkg_cpu) {
		snprintf(why, len, "out of memory");
		return -1;
	}
	for (unsigned i = m->ncpus; i-- > 0;)
		s->pkg_cpu[m->cpu[i].package] = i;
	return 0;
}

static void set_costs(struct lb_sim *s)
{
	const struct lb_sim_profile *p = &s->p;
	unsigned nn = s->m.nnodes;

	s->c_hit = ps_of(p->hit_ns);
	s->c_smt = ps_of(p->smt_ns);
	s->c_l3 = ps_of(p->l3_ns);
	s->c_pkg = ps_of(p->package_ns);
	s->c_home = ps_of(p->home_ns);
	s->c_inval = ps_of(p->invalidate_ns);
	s->c_rmw = ps_of(p->rmw_ns);
	s->ovl = (uint32_t)(p->rmw_overlap_pct / 100 * (1 << 20) + 0.5);
	s->c_hold = ps_of(p->hold_ns);
	s->c_fwd = ps_of(p->forward_ns);
	s->c_fwd_cas = ps_of(p->forward_cas_ns);
	s->c_commit = ps_of(p->commit_ns);
	s->c_op = ps_of(p->op_ns);
	/* at least a third of a cycle (three loads a cycle), so that a loop of them moves time */
	s->c_plain = ps_of(p->plain_hit_ns);
	if (s->c_plain < ps_of(1 / (3 * p->ghz)))
		s->c_plain = ps_of(1 / (3 * p->ghz));
	/* the profile's loader takes 0 to SIM_SB_MAX */
	s->sb_n = p->store_buffer < SIM_SB_MAX ? (unsigned)p->store_buffer : SIM_SB_MAX;
	s->c_fence = ps_of(p->fence_ns);
	s->c_pause = ps_of(p->pause_ns);
	s->c_spin = ps_of(p->spin_ns);
	s->c_fwait = ps_of(p->futex_wait_ns);
	s->c_fwake = ps_of(p->futex_wake_ns);
	s->c_wakeup = ps_of(p->wakeup_ns);
	s->c_ctxsw = ps_of(p->context_switch_ns);
	s->c_slice = ps_of(p->slice_ns);
	for (unsigned i = 0; i < nn * nn; i++) {
		/*
		 * Between packages: remote_ns at remote_distance, more at a farther
		 * one, never less (packages that share a memory node, distance 10,
		 * are still a package apart)
		 */
		double hops = s->m.dist[i] > p->remote_distance ? s->m.dist[i] / p->remote_distance : 1;

		s->c_remote[i] = ps_of(p->remote_ns * hops);
		s->c_mem[i] = ps_of(p->memory_ns * s->m.dist[i] / 10.0);
	}
}

struct lb_sim *lb_sim_new(const struct lb_sim_machine *m, const struct lb_sim_profile *p,
			  uint64_t seed, double jitter_pct, char *why, size_t len)
{
	struct lb_sim *s;

	if (!m->ncpus || !m->nnodes) {
		snprintf(why, len, "a simulated machine needs CPUs and a NUMA node");
		return NULL;
	}
	if (!(jitter_pct >= 0 && jitter_pct <= 100)) {
		snprintf(why, len, "jitter %g%%: not in [0, 100]", jitter_pct);
		return NULL;
	}
	s = calloc(1, sizeof(*s));
	if (!s) {
		snprintf(why, len, "out of memory");
		return NULL;
	}
	s->p = *p;
	s->cur = SIM_NONE;
	s->stack_size = SIM_STACK_SIZE;
	s->rng = seed * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull;
	if (!s->rng)
		s->rng = 1;
	s->jit = (uint32_t)(jitter_pct / 100 * (1 << 20) + 0.5);
	s->hold_rng = (seed + 1) * 0xbf58476d1ce4e5b9ull | 1;
	s->wake_rng = (seed + 2) * 0x94d049bb133111ebull | 1;
	s->hold_skip = (uint64_t)(p->hold_skip_pct / 100 * 9007199254740992.0 + 0.5);
	s->hold_random = p->hold_random > 0;
	for (unsigned i = 0; i < SIM_FUTEX_BUCKETS; i++)
		s->fq_head[i] = SIM_NONE;
	if (copy_machine(s, m, why, len)) {
		lb_sim_free(s);
		return NULL;
	}
	if (lb_sim_mem_init(s)) {
		snprintf(why, len, "out of memory for the directory");
		lb_sim_free(s);
		return NULL;
	}
	set_costs(s);
	return s;
}

int lb_sim_thread(struct lb_sim *s, unsigned cpu, void (*fn)(void *), void *arg)
{
	struct sim_thread *t;
	struct sim_cpu *c;
	int tid = (int)s->nthr;

	if (s->running || cpu >= s->m.ncpus)
		return -1;
	if (s->nthr == s->cap_thr) {
		unsigned cap = s->cap_thr ? s->cap_thr * 2 : 16;
		struct sim_thread *nt = realloc(s->thr, cap * sizeof(*nt));

		if (!nt)
			return -1;
		s->thr = nt;
		s->cap_thr = cap;
	}
	t = &s->thr[tid];
	*t = (struct sim_thread){ .cpu = cpu, .rq_next = SIM_NONE, .park_next = SIM_NONE,
				  .fq_next = SIM_NONE };
	if (lb_coro_init(&t->co, s->stack_size, fn, arg))
		return -1;
	for (unsigned i = 0; i < s->ntls; i++)
		memcpy(t->tls + s->tls[i].off, s->tls[i].addr, s->tls[i].size);
	s->nthr++;
	c = &s->cpu[cpu];
	if (c->cur < 0) {
		/* the CPU's first thread runs from time 0 */
		c->cur = tid;
		t->state = SIM_T_RUNNING;
		c->slice_end = s->c_slice;
		lb_sim_cpu_schedule(s, cpu, 0);
	} else {
		t->state = SIM_T_READY;
		lb_sim_rq_push(s, c, tid);
	}
	return tid;
}

int lb_sim_thread_area(struct lb_sim *s, unsigned tid, const void *addr, size_t size)
{
	if (tid >= s->nthr)
		return -1;
	s->thr[tid].area_lo = (uintptr_t)addr;
	s->thr[tid].area_hi = (uintptr_t)addr + size;
	return 0;
}

int lb_sim_thread_local(struct lb_sim *s, void *addr, size_t size)
{
	if (s->nthr || s->ntls == SIM_TLS_MAX || !size || s->tls_bytes + size > SIM_TLS_BYTES)
		return -1;
	s->tls[s->ntls].addr = addr;
	s->tls[s->ntls].size = size;
	s->tls[s->ntls].off = s->tls_bytes;
	s->ntls++;
	s->tls_bytes += size;
	return 0;
}

int lb_sim_at(struct lb_sim *s, uint64_t ns, void (*fn)(struct lb_sim *s, void *arg), void *arg)
{
	return lb_sim_timer_push(s, (struct sim_timer){ .at = ns * 1000, .tid = -1, .fn = fn, .arg = arg });
}

void lb_sim_external_write(struct lb_sim *s, const void *addr, size_t size)
{
	uintptr_t lo = (uintptr_t)addr >> SIM_LINE_SHIFT;
	uintptr_t hi = ((uintptr_t)addr + (size ? size : 1) - 1) >> SIM_LINE_SHIFT;

	for (uintptr_t tag = lo; tag <= hi; tag++) {
		uint32_t idx = lb_sim_line_of(s, tag, 0);

		if (idx == UINT32_MAX)
			continue;
		lb_sim_mem_drop(s, idx);
		if (lb_sim_line(s, idx)->parked != SIM_NONE)
			lb_sim_wake_parked(s, idx, s->now);	/* they see the write now */
	}
}

void lb_sim_free(struct lb_sim *s)
{
	if (!s)
		return;
	for (unsigned i = 0; i < s->nthr; i++)
		lb_coro_fini(&s->thr[i].co);
	lb_sim_mem_fini(s);
	free(s->thr);
	free(s->timers);
	free(s->cpu);
	free(s->heap);
	free(s->c_remote);
	free(s->c_mem);
	free(s->pkg_cpu);
	free(s->m.cpu);
	free(s->m.dist);
	free(s->m.node_os);
	free(s);
}

uint64_t lb_sim_now_ns(const struct lb_sim *s)
{
	if (s->cur >= 0)
		return s->cpu[s->thr[s->cur].cpu].clock / 1000;
	return s->now / 1000;
}

int lb_sim_self(const struct lb_sim *s)
{
	return s->cur;
}

bool lb_sim_on_cpu(const struct lb_sim *s, unsigned tid)
{
	const struct sim_thread *t;

	if (tid >= s->nthr)
		return false;
	t = &s->thr[tid];
	return s->cpu[t->cpu].cur == (int)tid &&
	       (t->state == SIM_T_RUNNING || t->state == SIM_T_PARKED);
}

uint64_t lb_sim_progress(const struct lb_sim *s, unsigned tid)
{
	return tid < s->nthr ? s->thr[tid].accesses : 0;
}

uint64_t lb_sim_oncpu_ns(const struct lb_sim *s, unsigned tid)
{
	const struct sim_thread *t;
	uint64_t ps;

	if (tid >= s->nthr)
		return 0;
	t = &s->thr[tid];
	ps = t->oncpu_ps;
	if (t->state != SIM_T_DONE && s->cpu[t->cpu].cur == (int)tid &&
	    s->cpu[t->cpu].clock > t->on_since)
		ps += s->cpu[t->cpu].clock - t->on_since;
	return ps / 1000;
}

uint64_t lb_sim_preempted(const struct lb_sim *s, unsigned tid)
{
	return tid < s->nthr ? s->thr[tid].preempted : 0;
}

int lb_sim_blocked(const struct lb_sim *s, char *buf, size_t len)
{
	size_t o = 0;

	if (len)
		buf[0] = '\0';
	for (unsigned i = 0; i < s->nthr && o < len; i++) {
		const struct sim_thread *t = &s->thr[i];
		int n = 0;

		if (t->state == SIM_T_PARKED)
			n = snprintf(buf + o, len - o, "thread %u (CPU %u): spins on line %#lx\n", i,
				     t->cpu,
				     (unsigned long)(lb_sim_line(s, t->park_line)->tag << SIM_LINE_SHIFT));
		else if (t->state == SIM_T_SLEEPING)
			n = snprintf(buf + o, len - o, "thread %u (CPU %u): sleeps on futex %p\n", i,
				     t->cpu, (void *)t->futex);
		if (n > 0)
			o += (size_t)n;
	}
	return (int)(o < len ? o : len);
}

void lb_sim_stats(const struct lb_sim *s, struct lb_sim_stats *st)
{
	*st = s->st;
	st->virtual_ns = s->now / 1000;
	for (unsigned i = 0; i < s->m.ncpus; i++)
		if (s->cpu[i].clock / 1000 > st->virtual_ns)
			st->virtual_ns = s->cpu[i].clock / 1000;
}

double lb_sim_tsc_per_ns(const struct lb_sim *s)
{
	return s->p.ghz;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-roles.c - thread roles, interrupt readers and --latency, through the harness
 *
 * Short fixed-time points (0.3 s) on locks defined here, checked for what
 * must hold whatever the timing: counts add up, every acquisition of a
 * timed thread is timed (or one in N), interrupt readers ran in an
 * interrupt context and never on a thread inside its own write-side
 * critical section (the emulated interrupt mask works, whether the harness
 * or the lock masks), and a lock that lets readers in beside a writer
 * fails Desnoyers 2008's array check (exit 3).
 */
#include "config.h"

#include <unistd.h>

#include "check.h"
#include "base/clock.h"
#include "harness/harness.h"
#include "base/lb-atomic.h"
#include "base/log.h"
#include "locks/registry.h"

/* --- a small correct reader-writer spinlock that watches its callers ------- */

enum { C_IRQ_READS, C_IRQ_IN_WRITE, C_NCTR };

static const char *const probe_counters[] = { "irq-reads", "irq-inside-write", NULL };

struct probe {
	int32_t word;		/* -1: a writer; n >= 0: n readers */
};

struct probe_thread {
	volatile int in_write;	/* this thread is inside a write-side critical section */
};

static int probe_init(void *lock, const struct lb_lock_cfg *cfg)
{
	return 0;
}

static bool probe_trylock(void *lock, struct lb_tctx *t)
{
	struct probe *p = lock;
	int32_t zero = 0;

	if (!lb_cmpxchg_acquire(&p->word, &zero, -1))
		return false;
	((struct probe_thread *)t->priv)->in_write = 1;
	return true;
}

static void probe_lock(void *lock, struct lb_tctx *t)
{
	while (!probe_trylock(lock, t))
		lb_cpu_relax();
}

static void probe_unlock(void *lock, struct lb_tctx *t)
{
	struct probe *p = lock;

	((struct probe_thread *)t->priv)->in_write = 0;
	lb_store_release(&p->word, 0);
}

/* the same, masking interrupts itself (LB_LOCK_F_IRQ_WRITE) */
static void probe_lock_irq(void *lock, struct lb_tctx *t)
{
	lb_local_irq_disable(t);
	probe_lock(lock, t);
}

static bool probe_trylock_irq(void *lock, struct lb_tctx *t)
{
	bool ok;

	lb_local_irq_disable(t);
	ok = probe_trylock(lock, t);
	if (!ok)
		lb_local_irq_enable(t);
	return ok;
}

static void probe_unlock_irq(void *lock, struct lb_tctx *t)
{
	probe_unlock(lock, t);
	lb_local_irq_enable(t);
}

static void watch(struct lb_tctx *t)
{
	if (t->context == LB_CTX_HARDIRQ) {
		lb_count(t, C_IRQ_READS);
		if (((struct probe_thread *)t->priv)->in_write)
			lb_count(t, C_IRQ_IN_WRITE);
	}
}

static bool probe_read_trylock(void *lock, struct lb_tctx *t)
{
	struct probe *p = lock;
	int32_t v = lb_load_relaxed(&p->word);

	while (v >= 0)
		if (lb_cmpxchg_acquire(&p->word, &v, v + 1))
			return true;
	return false;
}

static void probe_read_lock(void *lock, struct lb_tctx *t)
{
	watch(t);
	while (!probe_read_trylock(lock, t))
		lb_cpu_relax();
}

static void probe_read_unlock(void *lock, struct lb_tctx *t)
{
	struct probe *p = lock;

	lb_fetch_sub_release(&p->word, 1);
}

static const struct lb_lock_ops probe = {
	.name = "probe", .desc = "test", .family = "spin", .kind = LB_LOCK_RW,
	.flags = LB_LOCK_F_SIGSAFE_READ, .lock_size = sizeof(struct probe),
	.tctx_size = sizeof(struct probe_thread), .init = probe_init,
	.lock = probe_lock, .unlock = probe_unlock, .trylock = probe_trylock,
	.read_lock = probe_read_lock, .read_unlock = probe_read_unlock,
	.read_trylock = probe_read_trylock, .counters = probe_counters,
};

static const struct lb_lock_ops probe_irq = {
	.name = "probe-irq", .desc = "test", .family = "spin", .kind = LB_LOCK_RW,
	.flags = LB_LOCK_F_SIGSAFE_READ | LB_LOCK_F_IRQ_WRITE, .lock_size = sizeof(struct probe),
	.tctx_size = sizeof(struct probe_thread), .init = probe_init,
	.lock = probe_lock_irq, .unlock = probe_unlock_irq, .trylock = probe_trylock_irq,
	.read_lock = probe_read_lock, .read_unlock = probe_read_unlock,
	.read_trylock = probe_read_trylock, .counters = probe_counters,
};

/* readers take nothing: a reader-writer "lock" that excludes no reader */
static void leaky_read_lock(void *lock, struct lb_tctx *t)
{
}

static const struct lb_lock_ops leaky = {
	.name = "leaky", .desc = "test", .family = "spin", .kind = LB_LOCK_RW,
	.lock_size = sizeof(struct probe), .tctx_size = sizeof(struct probe_thread),
	.init = probe_init, .lock = probe_lock, .unlock = probe_unlock,
	.read_lock = leaky_read_lock, .read_unlock = leaky_read_lock,
};

static struct lb_pu pus[2] = { { .pu_os = 0 }, { .pu_os = 1 } };

static struct lb_point point(const struct lb_lock_ops *o, const struct lb_role *roles, unsigned n)
{
	static struct lb_ratio ratios[16];
	struct lb_point p;

	memset(&p, 0, sizeof(p));
	for (unsigned i = 0; i < n; i++)
		ratios[i] = roles[i].kind == LB_ROLE_READER || roles[i].kind == LB_ROLE_TRYLOCK_READER ?
			    (struct lb_ratio){ 1, 0 } : (struct lb_ratio){ 0, 1 };
	p.ops = o;
	p.thread_ratio = ratios;
	p.roles = roles;
	p.nthreads = n;
	p.duration = 1.0;	/* 7 threads on 2 CPUs, under ASan too: each must get a turn */
	p.timeout = 20;
	p.lock_node = -1;
	p.pus = pus;
	p.npus = 2;
	p.latency = true;
	p.lat_every = 1;
	return p;
}

static void all_roles(const struct lb_lock_ops *o)
{
	static const struct lb_role roles[] = {
		{ .kind = LB_ROLE_WRITER, .index = 0 },
		{ .kind = LB_ROLE_TRYLOCK_WRITER, .index = 0, .period_ns = 1000, .tries = 100 },
		{ .kind = LB_ROLE_READER, .index = 0 },
		{ .kind = LB_ROLE_READER, .index = 1 },
		{ .kind = LB_ROLE_TRYLOCK_READER, .index = 0 },
		{ .kind = LB_ROLE_IRQ_READER, .index = 0, .period_ns = 10000000 },
		{ .kind = LB_ROLE_TRYLOCK_IRQ_READER, .index = 0, .period_ns = 10000000 },
	};
	struct lb_point p = point(o, roles, 7);
	struct lb_result r;
	uint64_t irq_n = 0, itries = 0, iok = 0;
	int rc = lb_run_point(&p, &r);

	CHECK(rc == 0, "%s: all roles: exit %d", o->name, rc);
	if (rc)
		return;
	for (unsigned t = 0; t < 5; t++) {
		const struct lb_thread_result *tr = &r.threads[t];

		/* a trylock may lose every time to a busy reader: only blocking threads must win */
		CHECK(tr->tries > 0 && tr->tries >= tr->successes, "%s thread %u: %llu of %llu",
		      o->name, t, (unsigned long long)tr->successes, (unsigned long long)tr->tries);
		if (roles[t].kind == LB_ROLE_WRITER || roles[t].kind == LB_ROLE_READER)
			CHECK(tr->successes > 0 && tr->successes == tr->tries, "%s thread %u",
			      o->name, t);
		CHECK(tr->ops == tr->successes, "%s thread %u: ops are successes", o->name, t);
		if (roles[t].kind == LB_ROLE_WRITER || roles[t].kind == LB_ROLE_READER)
			CHECK(tr->lat.n == tr->ops && tr->lat.min <= tr->lat.p50 &&
			      tr->lat.p50 <= tr->lat.p99 && tr->lat.p99 <= tr->lat.p999 &&
			      tr->lat.p999 <= tr->lat.max, "%s thread %u: every acquisition timed, "
			      "figures ordered", o->name, t);
	}
	CHECK(r.threads[2].reads == r.threads[2].ops && r.threads[0].writes == r.threads[0].ops,
	      "reads and writes by role");
	CHECK(r.threads[5].ops == 0 && r.threads[5].tries >= 3, "%s: interrupt rounds %llu",
	      o->name, (unsigned long long)r.threads[5].tries);
	CHECK(r.nirq_cpus == 2 && r.irq_cpus_round == 2 && r.irq_cpus_total == 2, "%s: 2 CPUs",
	      o->name);
	for (unsigned c = 0; c < r.nirq_cpus; c++) {
		irq_n += r.irq_cpus[c].lat.n;
		itries += r.irq_cpus[c].tries;
		iok += r.irq_cpus[c].successes;
	}
	CHECK(irq_n > 0 && iok > 0 && itries >= iok, "%s: interrupts %llu, trylock %llu/%llu",
	      o->name, (unsigned long long)irq_n, (unsigned long long)iok,
	      (unsigned long long)itries);
	/* each round interrupts each CPU's worker once, delivered or still pending at the end */
	CHECK(irq_n <= 2 * r.threads[5].tries && iok <= 2 * r.threads[6].tries, "%s: no more "
	      "interrupts than sent", o->name);
	CHECK(r.ctr_total[C_IRQ_READS] == irq_n, "%s: the handler ran in interrupt context: "
	      "%llu of %llu", o->name, (unsigned long long)r.ctr_total[C_IRQ_READS],
	      (unsigned long long)irq_n);
	CHECK(r.ctr_total[C_IRQ_IN_WRITE] == 0, "%s: %llu interrupt(s) ran inside their thread's "
	      "write-side critical section", o->name,
	      (unsigned long long)r.ctr_total[C_IRQ_IN_WRITE]);
	CHECK(r.has_readers && r.has_writers && r.starve_window_ms == 100, "starvation watch");
	CHECK(r.lat.n == r.lat_r.n + r.lat_w.n && r.lat_r.n > 0 && r.lat_w.n > 0, "point latency");
	lb_result_free(&r);
}

static void leaky_fails(void)
{
	static const struct lb_role roles[] = {
		{ .kind = LB_ROLE_WRITER, .index = 0 },
		{ .kind = LB_ROLE_READER, .index = 0 },
		{ .kind = LB_ROLE_READER, .index = 1 },
	};
	struct lb_point p = point(&leaky, roles, 3);
	struct lb_result r;
	int rc;

	if (sysconf(_SC_NPROCESSORS_ONLN) < 2) {
		printf("leaky: skipped, one CPU cannot overlap a reader and a writer reliably\n");
		return;
	}
	lb_verbose = -1;
	rc = lb_run_point(&p, &r);
	lb_verbose = 0;
	CHECK(rc == LB_EXIT_VALIDATE, "readers beside a writer must fail the array check: exit %d",
	      rc);
	if (!rc)
		lb_result_free(&r);
}

static void plain_latency(void)
{
	struct lb_point p;
	struct lb_result r;
	int rc;

	memset(&p, 0, sizeof(p));
	p.ops = lb_lock_find("null");
	p.mix = (struct lb_ratio){ 1, 1 };
	p.nthreads = 2;
	p.nops = 10000;
	p.timeout = 20;
	p.lock_node = -1;
	p.pus = pus;
	p.npus = 2;
	p.latency = true;
	p.lat_every = 1;
	rc = lb_run_point(&p, &r);
	CHECK(rc == 0, "null --latency: exit %d", rc);
	for (unsigned t = 0; !rc && t < 2; t++) {
		const struct lb_thread_result *tr = &r.threads[t];

		CHECK(tr->lat.n == 10000 && tr->lat_r.n == tr->reads && tr->lat_w.n == tr->writes &&
		      tr->reads == 5000, "thread %u: %llu timed, %llu reads", t,
		      (unsigned long long)tr->lat.n, (unsigned long long)tr->lat_r.n);
	}
	CHECK(!rc && r.lat.n == 20000 && r.lat.p50 <= r.lat.p99 && r.lat.p99 <= r.lat.p999 &&
	      r.lat.p999 <= r.lat.max, "point: 20000 timed, ordered");
	if (!rc)
		lb_result_free(&r);

	p.lat_every = 10;	/* --latency-sample=10: the first, then one in ten */
	rc = lb_run_point(&p, &r);
	CHECK(rc == 0 && r.threads[0].lat.n == 1000 && r.threads[1].lat.n == 1000,
	      "one in ten: %llu", rc ? 0ull : (unsigned long long)r.threads[0].lat.n);
	if (!rc)
		lb_result_free(&r);
}

int main(void)
{
	lb_clock_calibrate();
	plain_latency();
	all_roles(&probe);
	all_roles(&probe_irq);
	leaky_fails();
	return check_done();
}

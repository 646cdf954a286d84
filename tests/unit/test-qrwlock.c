// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-qrwlock.c - qrwlock-wcas and qrwlock-bcas differ in the announcement only
 *
 * Long 2015 measures one change: how a waiting writer sets _QW_WAITING.
 * This test compiles the qrwlock body (locks/qrwlock-common.h) with a step
 * hook, so that a single thread can play the other threads at chosen steps
 * of the slow paths, and drives the WCAS and BCAS variants through the same
 * scripted interleavings. For each script it checks that
 *   - the two traces (every step, the lock word at that step, every scripted
 *     action and its outcome) are identical once the announcement's own
 *     steps are left out;
 *   - every counter agrees except announce-cas-fails, which is what the
 *     script predicts: a reader arriving or leaving between the writer's
 *     load and its cmpxchg fails the word cmpxchg and not the byte one; a
 *     writer stealing the lock in between fails both.
 * The same scripts run the modern variant, whose 4.3+ reader slow path
 * must show up as a different trace: the comparison can tell paths apart.
 * Finally the registered locks are checked to be the same lock apart from
 * their names (sizes, flags, options, counters).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "actors.h"
#include "check.h"
#include "locks/registry.h"

struct lb_qrw;
static void test_step(struct lb_qrw *l, struct lb_tctx *t, int step);
#define LB_QRW_TEST_STEP(l, t, s) test_step((l), (t), (s))
#include "locks/qrwlock-common.h"

LB_QRWLOCK_DEFINE(tw, LB_QRW_WCAS, 0)
LB_QRWLOCK_DEFINE(tb, LB_QRW_BCAS, 0)
LB_QRWLOCK_DEFINE(tm, LB_QRW_MODERN, 0)

struct variant {
	const char *name;
	int (*init)(void *, const struct lb_lock_cfg *);
	void (*read_lock)(void *, struct lb_tctx *);
	void (*read_unlock)(void *, struct lb_tctx *);
	bool (*read_trylock)(void *, struct lb_tctx *);
	void (*lock)(void *, struct lb_tctx *);
	void (*unlock)(void *, struct lb_tctx *);
	bool (*trylock)(void *, struct lb_tctx *);
};

#define VARIANT(pfx, n) { n, pfx##_init, pfx##_read_lock, pfx##_read_unlock, pfx##_read_trylock, \
			  pfx##_lock, pfx##_unlock, pfx##_trylock }
static const struct variant v_wcas = VARIANT(tw, "wcas");
static const struct variant v_bcas = VARIANT(tb, "bcas");
static const struct variant v_modern = VARIANT(tm, "modern");

/* The actors: 0 runs the verb under test, the others act from the hook. */
enum { MAIN, R1, R2, W1, W2, IRQ, NACTORS };
static const char *const actor_name[NACTORS] = { "main", "R1", "R2", "W1", "W2", "IRQ" };

enum act {
	RTRY,		/* read_trylock */
	RLOCK,		/* read_lock (IRQ: interrupt context, never queues) */
	RUNLOCK,	/* read_unlock, if the actor holds a read lock */
	WTRY,		/* trylock */
	WUNLOCK,	/* unlock, if the actor holds the write lock */
};

struct action {
	int step;	/* at this step ... */
	unsigned nth;	/* ... on its nth occurrence (1-based) */
	int who;
	enum act what;
	int expect;	/* -1 any, 0 must fail, 1 must succeed */
};

struct script {
	const char *name;
	const struct action *setup;	/* run before the verb under test (step ignored) */
	bool main_reads;		/* the verb: read_lock, else lock */
	bool main_irq;			/* main runs in hardirq context */
	const struct action *acts;
	unsigned fails_wcas, fails_bcas;	/* expected announce-cas-fails */
	bool wbyte_wait;		/* someone waits for the writer byte: wbyte-wait-ns > 0 */
};

#define END { -1, 0, 0, 0, 0 }

/* S1: a reader arrives between the writer's load and its cmpxchg */
static const struct action s1_setup[] = { { 0, 0, R1, RTRY, 1 }, END };
static const struct action s1[] = {
	{ LB_QRW_S_W_ANNOUNCE, 1, R2, RTRY, 1 },
	{ LB_QRW_S_W_DRAIN, 1, R1, RTRY, 0 },	/* WAITING now turns readers away */
	{ LB_QRW_S_W_DRAIN, 1, R1, RUNLOCK, 1 },
	{ LB_QRW_S_W_DRAIN, 2, R2, RUNLOCK, 1 },
	END,
};
/* S2: a reader leaves between the writer's load and its cmpxchg */
static const struct action s2_setup[] = { { 0, 0, R1, RTRY, 1 }, { 0, 0, R2, RTRY, 1 }, END };
static const struct action s2[] = {
	{ LB_QRW_S_W_ANNOUNCE, 1, R2, RUNLOCK, 1 },
	{ LB_QRW_S_W_DRAIN, 1, R1, RUNLOCK, 1 },
	END,
};
/* S3: a fast-path writer steals the lock between the load and the cmpxchg */
static const struct action s3[] = {
	{ LB_QRW_S_W_ANNOUNCE, 1, R1, RUNLOCK, 1 },
	{ LB_QRW_S_W_ANNOUNCE, 1, W2, WTRY, 1 },
	{ LB_QRW_S_W_ANNOUNCE_BUSY, 1, W2, WUNLOCK, 1 },
	END,
};
/* S4: a queued reader; a writer steals the lock while the reader is at the head */
static const struct action s4_setup[] = { { 0, 0, W1, WTRY, 1 }, END };
static const struct action s4[] = {
	{ LB_QRW_S_R_HEAD, 2, W1, WUNLOCK, 1 },
	{ LB_QRW_S_R_BIAS, 1, W2, WTRY, -1 },
	{ LB_QRW_S_R_SPIN, 1, W2, WUNLOCK, -1 },
	{ LB_QRW_S_R_SPIN, 1, W1, WUNLOCK, -1 },	/* modern: it never waited at the head */
	END,
};
/* S5: an interrupt reader waits for the holding writer, outside the queue */
static const struct action s5[] = {
	{ LB_QRW_S_R_SPIN, 2, W1, WUNLOCK, 1 },
	END,
};
/* S6: an interrupt reader gets in past a waiting writer; a thread reader does not */
static const struct action s6[] = {
	{ LB_QRW_S_W_DRAIN, 1, R2, RTRY, 0 },
	{ LB_QRW_S_W_DRAIN, 1, IRQ, RLOCK, 1 },
	{ LB_QRW_S_W_DRAIN, 1, R1, RUNLOCK, 1 },
	{ LB_QRW_S_W_DRAIN, 3, IRQ, RUNLOCK, 1 },
	END,
};

static const struct script scripts[] = {
	{ "S1 reader arrives during the announcement", s1_setup, false, false, s1, 1, 0, false },
	{ "S2 reader leaves during the announcement", s2_setup, false, false, s2, 1, 0, false },
	{ "S3 writer steals during the announcement", s1_setup, false, false, s3, 1, 1, true },
	{ "S4 queued reader, writer steals at the head", s4_setup, true, false, s4, 0, 0, true },
	{ "S5 interrupt reader behind a writer", s4_setup, true, true, s5, 0, 0, true },
	{ "S6 interrupt reader past a waiting writer", s1_setup, false, false, s6, 0, 0, false },
};

/* One trace entry: a step with the word, or an action with its outcome. */
struct entry {
	int step;		/* -1 for an action */
	uint32_t cnts;
	int who, what, ok;	/* ok: 1 done, 0 failed, 2 skipped */
};

#define MAXTRACE 256
#define MAXSTEPS 200	/* a script that loops longer than this is wrong */

static struct {
	const struct variant *v;
	const struct script *s;
	struct lb_qrw *l;
	ACTORS_FIELDS(NACTORS);
	unsigned reads_held[NACTORS];
	bool write_held[NACTORS];
	unsigned seen[LB_QRW_NSTEPS];
	struct entry trace[MAXTRACE];
	unsigned ntrace, nsteps;
	bool acting, runaway;
} st;

static void record(struct entry e)
{
	if (st.ntrace < MAXTRACE)
		st.trace[st.ntrace++] = e;
}

static void perform(const struct action *a)
{
	struct lb_tctx *t = &st.t[a->who];
	int ok = 1;

	st.acting = true;
	switch (a->what) {
	case RTRY:
		ok = st.v->read_trylock(st.l, t);
		st.reads_held[a->who] += ok;
		break;
	case RLOCK:
		st.v->read_lock(st.l, t);
		st.reads_held[a->who]++;
		break;
	case RUNLOCK:
		if (!st.reads_held[a->who]) {
			ok = 2;
			break;
		}
		st.v->read_unlock(st.l, t);
		st.reads_held[a->who]--;
		break;
	case WTRY:
		ok = st.v->trylock(st.l, t);
		st.write_held[a->who] = ok;
		break;
	case WUNLOCK:
		if (!st.write_held[a->who]) {
			ok = 2;
			break;
		}
		st.v->unlock(st.l, t);
		st.write_held[a->who] = false;
		break;
	}
	st.acting = false;
	if (a->expect >= 0)
		CHECK(ok == a->expect, "%s/%s: %s action %d at step %d#%u: outcome %d, want %d",
		      st.s->name, st.v->name, actor_name[a->who], a->what, a->step, a->nth, ok,
		      a->expect);
	record((struct entry){ .step = -1, .cnts = lb_load_relaxed(&st.l->cnts), .who = a->who,
			       .what = a->what, .ok = ok });
}

static void test_step(struct lb_qrw *l, struct lb_tctx *t, int step)
{
	(void)t;
	record((struct entry){ .step = step, .cnts = lb_load_relaxed(&l->cnts), .who = -1 });
	if (st.acting)
		return;		/* a step of an action's own verb (the interrupt reader) */
	st.seen[step]++;
	if (++st.nsteps > MAXSTEPS) {
		/* never hang the suite: let go of everything the actors hold */
		if (!st.runaway)
			CHECK(0, "%s/%s: more than %d steps", st.s->name, st.v->name, MAXSTEPS);
		st.runaway = true;
		for (int w = R1; w < NACTORS; w++) {
			if (st.write_held[w])
				perform(&(struct action){ step, 0, w, WUNLOCK, -1 });
			while (st.reads_held[w])
				perform(&(struct action){ step, 0, w, RUNLOCK, -1 });
		}
		return;
	}
	for (const struct action *a = st.s->acts; a->step >= 0; a++)
		if (a->step == step && a->nth == st.seen[step])
			perform(a);
}

/* Run one script on one variant; the trace stays in st. */
static void run(const struct variant *v, const struct script *s, uint64_t ctr_sum[])
{
	struct lb_qrw *l = aligned_alloc(64, (sizeof(*l) + 63) / 64 * 64);
	static char priv[NACTORS][LB_INNER_MAX_TCTX] __attribute__((aligned(64)));
	uint64_t opts[1] = { 0 };
	/* 1 tick per ns: wbyte-wait-ns counts TSC ticks, > 0 for any wait */
	struct lb_lock_cfg cfg = { .nthreads = NACTORS, .opts = opts, .tsc_per_ns = 1.0 };

	memset(&st, 0, sizeof(st));
	memset(priv, 0, sizeof(priv));
	memset(l, 0, sizeof(*l));
	st.v = v;
	st.s = s;
	st.l = l;
	ACTORS_INIT(&st, priv, NACTORS);
	st.t[IRQ].context = LB_CTX_HARDIRQ;
	if (s->main_irq)
		st.t[MAIN].context = LB_CTX_HARDIRQ;
	CHECK(v->init(l, &cfg) == 0, "init");
	for (int i = 0; i < NACTORS; i++)
		CHECK(lb_qrw_thread_init(l, &st.t[i]) == 0, "thread_init");
	for (const struct action *a = s->setup; a && a->step >= 0; a++)
		perform(a);
	if (s->main_reads)
		v->read_lock(l, &st.t[MAIN]);
	else
		v->lock(l, &st.t[MAIN]);
	record((struct entry){ .step = LB_QRW_NSTEPS, .cnts = lb_load_relaxed(&l->cnts) });
	/* the verb returned: it holds the lock, so no writer and, for a writer, no reader */
	if (s->main_reads)
		CHECK(!lb_qrw_write_held(lb_load_relaxed(&l->cnts), v == &v_modern ? LB_QRW_MODERN :
					 LB_QRW_BCAS), "%s/%s: reader in beside a writer",
		      s->name, v->name);
	else
		CHECK(lb_qrw_is_locked(l) && lb_load_relaxed(&l->cnts) == QRW_OLD_LOCKED,
		      "%s/%s: writer in beside readers: cnts 0x%x", s->name, v->name,
		      lb_load_relaxed(&l->cnts));
	st.acting = true;
	if (s->main_reads)
		v->read_unlock(l, &st.t[MAIN]);
	else
		v->unlock(l, &st.t[MAIN]);
	for (int w = R1; w < NACTORS; w++) {
		if (st.write_held[w])
			v->unlock(l, &st.t[w]);
		for (; st.reads_held[w]; st.reads_held[w]--)
			v->read_unlock(l, &st.t[w]);
	}
	st.acting = false;
	CHECK(lb_load_relaxed(&l->cnts) == 0, "%s/%s: word 0x%x after everyone left", s->name,
	      v->name, lb_load_relaxed(&l->cnts));
	for (unsigned k = 0; k < LB_LOCK_MAX_COUNTERS; k++) {
		ctr_sum[k] = 0;
		for (int i = 0; i < NACTORS; i++)
			ctr_sum[k] += st.ctr[i][k];
	}
	free(l);
}

static bool announcement_step(const struct entry *e)
{
	return e->step == LB_QRW_S_W_ANNOUNCE || e->step == LB_QRW_S_W_ANNOUNCE_BUSY;
}

/* The trace without the announcement's steps, as one comparable string. */
static void render(char *buf, size_t len, bool steps_only)
{
	size_t o = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i < st.ntrace && o < len; i++) {
		const struct entry *e = &st.trace[i];

		if (announcement_step(e))
			continue;
		if (e->step >= 0)
			o += (size_t)snprintf(buf + o, len - o, steps_only ? "s%d " : "s%d:%x ",
					      e->step, e->cnts);
		else
			o += (size_t)snprintf(buf + o, len - o, steps_only ? "%s.%d=%d " :
					      "%s.%d=%d:%x ", actor_name[e->who], e->what, e->ok,
					      e->cnts);
	}
}

static void compare_wcas_bcas(void)
{
	static char tw_trace[8192], tb_trace[8192];
	uint64_t cw[LB_LOCK_MAX_COUNTERS], cb[LB_LOCK_MAX_COUNTERS];

	for (unsigned i = 0; i < LB_ARRAY_SIZE(scripts); i++) {
		const struct script *s = &scripts[i];
		unsigned announce_w, announce_b;
		int failed = check_failed;

		run(&v_wcas, s, cw);
		render(tw_trace, sizeof(tw_trace), false);
		announce_w = st.seen[LB_QRW_S_W_ANNOUNCE];
		run(&v_bcas, s, cb);
		render(tb_trace, sizeof(tb_trace), false);
		announce_b = st.seen[LB_QRW_S_W_ANNOUNCE];
		CHECK_STR(tw_trace, tb_trace);
		CHECK(cw[LB_QRW_CTR_ANNOUNCE_CAS_FAILS] == s->fails_wcas,
		      "%s: wcas announce-cas-fails %llu, want %u", s->name,
		      (unsigned long long)cw[LB_QRW_CTR_ANNOUNCE_CAS_FAILS], s->fails_wcas);
		CHECK(cb[LB_QRW_CTR_ANNOUNCE_CAS_FAILS] == s->fails_bcas,
		      "%s: bcas announce-cas-fails %llu, want %u", s->name,
		      (unsigned long long)cb[LB_QRW_CTR_ANNOUNCE_CAS_FAILS], s->fails_bcas);
		/* every failed cmpxchg costs one more trip round the announcement loop */
		CHECK(announce_w - announce_b == s->fails_wcas - s->fails_bcas,
		      "%s: announcement attempts %u vs %u", s->name, announce_w, announce_b);
		/* the time counter: only whether anyone waited for the writer byte */
		CHECK((cw[LB_QRW_CTR_WBYTE_WAIT_NS] > 0) == s->wbyte_wait &&
		      (cb[LB_QRW_CTR_WBYTE_WAIT_NS] > 0) == s->wbyte_wait,
		      "%s: wbyte-wait-ns wcas %llu bcas %llu, want %s", s->name,
		      (unsigned long long)cw[LB_QRW_CTR_WBYTE_WAIT_NS],
		      (unsigned long long)cb[LB_QRW_CTR_WBYTE_WAIT_NS], s->wbyte_wait ? "> 0" : "0");
		for (unsigned k = 0; k < LB_LOCK_MAX_COUNTERS; k++)
			if (k != LB_QRW_CTR_ANNOUNCE_CAS_FAILS && k != LB_QRW_CTR_WBYTE_WAIT_NS)
				CHECK(cw[k] == cb[k], "%s: counter %u differs: %llu vs %llu", s->name,
				      k, (unsigned long long)cw[k], (unsigned long long)cb[k]);
		printf("%s: %s: same trace, announce-cas-fails wcas %llu bcas %llu\n",
		       check_failed == failed ? "ok" : "FAILED", s->name,
		       (unsigned long long)cw[LB_QRW_CTR_ANNOUNCE_CAS_FAILS],
		       (unsigned long long)cb[LB_QRW_CTR_ANNOUNCE_CAS_FAILS]);
	}
}

/* The comparison sees a different reader slow path: the modern one in S4. */
static void modern_differs(void)
{
	static char tb_trace[8192], tm_trace[8192];
	uint64_t c[LB_LOCK_MAX_COUNTERS];

	run(&v_bcas, &scripts[3], c);
	render(tb_trace, sizeof(tb_trace), true);
	CHECK(st.seen[LB_QRW_S_R_HEAD] == 2, "bcas: reader waited at the head twice");
	run(&v_modern, &scripts[3], c);
	render(tm_trace, sizeof(tm_trace), true);
	CHECK(st.seen[LB_QRW_S_R_HEAD] == 0, "modern: no wait at the head before the bias");
	CHECK(strcmp(tb_trace, tm_trace) != 0, "the 4.3+ reader slow path must change the trace");
	/* the reader-count scripts pass on it too, announced by one OR (S3 needs a byte cmpxchg) */
	for (unsigned i = 0; i < 2; i++) {
		run(&v_modern, &scripts[i], c);
		CHECK(st.seen[LB_QRW_S_W_ANNOUNCE] == 1, "modern: one OR announces");
	}
}

/* The registered locks: the same lock apart from name, description and verbs. */
static void same_ops(void)
{
	const struct lb_lock_ops *w = lb_lock_find("qrwlock-wcas"), *b = lb_lock_find("qrwlock-bcas");

	CHECK(w && b, "both variants are registered");
	if (!w || !b)
		return;
	CHECK(w->kind == b->kind && w->flags == b->flags && w->lock_size == b->lock_size &&
	      w->tctx_size == b->tctx_size && strcmp(w->family, b->family) == 0,
	      "same kind, flags, sizes and family");
	for (unsigned k = 0; w->options[k].name || b->options[k].name; k++) {
		CHECK(w->options[k].name && b->options[k].name &&
		      strcmp(w->options[k].name, b->options[k].name) == 0 &&
		      w->options[k].def == b->options[k].def, "option %u: same name and default", k);
		for (unsigned j = 0; w->options[k].values && w->options[k].values[j]; j++)
			CHECK(b->options[k].values[j] &&
			      strcmp(w->options[k].values[j], b->options[k].values[j]) == 0,
			      "option %u: same value %u", k, j);
	}
	for (unsigned k = 0; w->counters[k] || b->counters[k]; k++)
		CHECK(w->counters[k] && b->counters[k] && strcmp(w->counters[k], b->counters[k]) == 0,
		      "counter %u: same name", k);
	CHECK(w->trylock && b->trylock && w->read_trylock && b->read_trylock, "both have trylocks");
}

int main(void)
{
	compare_wcas_bcas();
	modern_differs();
	same_ops();
	return check_done();
}

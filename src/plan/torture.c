// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * torture.c - --torture, after the kernel's locktorture: each selected lock
 * runs under --validate for its time, in rounds. Each round draws a thread
 * count from 1 to 4x the CPUs of the placement, a mix (reader-writer locks:
 * 0:1, 1:1, 10:1 or 1:0), a load and a delay, and a placement: the
 * placement's CPUs in a shuffled order, or no pinning at all. Every worker
 * gets a torture state (lock.h), so that the checked loop's critical
 * sections and the locks' slow paths (lb_torture_point()) pause at random
 * or yield the CPU. Rounds are bounded by time, never by operations:
 * oversubscribed spinning locks crawl. One line per lock says what ran.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/clock.h"
#include "base/log.h"
#include "plan/defaults.h"
#include "plan/torture.h"

/* what one lock's rounds add up to */
struct torture_sum {
	unsigned rounds, tmin, tmax;
	uint64_t ops, reads, writes;
	unsigned violations;
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static uint64_t next_rand(uint64_t *s)
{
	/* xorshift64* */
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dull;
}

static unsigned pick(uint64_t *s, unsigned n)
{
	return (unsigned)(next_rand(s) % n);
}

/* One round's point: threads, mix, load, delay and placement drawn from @rng. */
static void draw_round(const struct lb_plan *plan, const struct lb_lock_ops *ops, double secs,
		       struct lb_pu *pus, uint64_t *rng, struct lb_point *p)
{
	static const struct lb_ratio mixes[] = { { 0, 1 }, { 1, 1 }, { 10, 1 }, { 1, 0 } };
	const struct lb_config *c = plan->cfg;
	unsigned n = plan->npus;

	lb_point_init(p, plan, ops, pick(rng, 3) ? pick(rng, 16) : 0);
	p->load_arg = p->load;
	p->load_ns = false;
	p->delay = pick(rng, 2) ? pick(rng, 16) : 0;
	p->nthreads = 1 + pick(rng, 4 * n);
	p->mix = ops->kind == LB_LOCK_RW ? mixes[pick(rng, LB_ARRAY_SIZE(mixes))] : mixes[0];
	p->duration = secs;
	p->validate = true;
	p->torture = true;
	p->timeout = c->timeout > 0 ? c->timeout : 60;
	/* the placement's CPUs shuffled (Fisher-Yates); one round in four unpinned */
	memcpy(pus, plan->pus, n * sizeof(*pus));
	for (unsigned i = n; i > 1; i--) {
		unsigned j = pick(rng, i);
		struct lb_pu tmp = pus[i - 1];

		pus[i - 1] = pus[j];
		pus[j] = tmp;
	}
	p->pus = pus;
	p->pin = p->pin && pick(rng, 4) != 0;
}

/* Torture one lock for @budget seconds; Return: 0, LB_EXIT_VALIDATE or a point's status. */
static int torture_lock(const struct lb_plan *plan, const struct lb_lock_ops *ops, double budget,
			struct lb_pu *pus, uint64_t *rng, struct torture_sum *sum)
{
	double end = now_s() + budget;
	/* about eight rounds in the budget, each 10 ms to 2 s */
	double round = budget / 8 < 0.01 ? 0.01 : budget / 8 > 2 ? 2 : budget / 8;

	memset(sum, 0, sizeof(*sum));
	sum->tmin = ~0u;
	for (double left = budget; left > 0.005; left = end - now_s()) {
		struct lb_point p;
		struct lb_result r;
		double secs = round * (0.5 + pick(rng, 1000) / 1000.0);
		int rc;

		draw_round(plan, ops, secs < left ? secs : left, pus, rng, &p);
		lb_info("torture: %s round %u: %u threads, %u:%u, load %llu, delay %llu, %s",
			ops->name, sum->rounds + 1, p.nthreads, p.mix.r, p.mix.w,
			(unsigned long long)p.load, (unsigned long long)p.delay,
			p.pin ? "pinned, CPUs shuffled" : "unpinned");
		rc = lb_run_point(&p, &r);
		sum->rounds++;
		sum->tmin = p.nthreads < sum->tmin ? p.nthreads : sum->tmin;
		sum->tmax = p.nthreads > sum->tmax ? p.nthreads : sum->tmax;
		if (rc == LB_EXIT_VALIDATE) {
			sum->violations++;
			return rc;	/* this lock is broken: no use running it on */
		}
		if (rc)
			return rc;
		sum->ops += r.ops_total;
		sum->reads += r.reads;
		sum->writes += r.writes;
		lb_result_free(&r);
	}
	return 0;
}

int lb_torture_run(const struct lb_plan *plan, FILE *out)
{
	const struct lb_config *c = plan->cfg;
	/* --duration is the whole torture's time, shared evenly by the locks */
	double budget = c->duration > 0 ? c->duration / (c->nlocks ? c->nlocks : 1) :
			lb_default_seconds(LB_D_TORTURE_DURATION);
	struct lb_pu *pus = calloc(plan->npus ? plan->npus : 1, sizeof(*pus));
	uint64_t rng = lb_cycles() | 1;
	int rc = 0;

	if (!pus) {
		lb_err("out of memory for the torture's placements");
		return LB_EXIT_RUNTIME;
	}
	if (budget < LB_TORTURE_MIN_S)
		budget = LB_TORTURE_MIN_S;
	for (unsigned i = 0; i < c->nlocks; i++) {
		const struct lb_lock_ops *ops = c->locks[i];
		struct torture_sum s;
		int lrc = torture_lock(plan, ops, budget, pus, &rng, &s);

		if (lrc && lrc != LB_EXIT_VALIDATE) {
			rc = lrc;
			break;
		}
		fprintf(out, "torture: %-22s %4u rounds, %u-%u threads, %12llu ops (%llu reads, "
			"%llu writes), %u violations: %s\n", ops->name, s.rounds, s.tmin, s.tmax,
			(unsigned long long)s.ops, (unsigned long long)s.reads,
			(unsigned long long)s.writes, s.violations, lrc ? "FAILED" : "ok");
		fflush(out);
		if (lrc)
			rc = lrc;
	}
	free(pus);
	return rc;
}

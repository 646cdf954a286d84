// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * output-latency.c - Desnoyers 2008's report, line for line
 *
 *	** Performance tests: frwlock
 *	Dual quad-core Xeon 2.0GHz E5405
 *	* Lock contention delays, per context, 60s test
 *	** get_cycles calibration **
 *	get_cycles takes [min,avg,max] 78,79,84 cycles, results calibrated on avg
 *	** Single writer test, no contention **
 *	writer_thread/0 iterations : 964054, lock delay [min,avg,max] 149,157,5933 cycles
 *	...
 *	** High contention test **
 *	4 thread readers (no delay loop)
 *	...
 *	1 periodical interrupt readers on 7/8 cpus (IPIs).
 *	writer_thread/0 iterations : 2864146, lock delay [min,avg,max] 179,9493,102563 cycles
 *	trylock_writer_thread/0 iterations : 12789892, successful iterations : 3257203
 *	interrupt_reader_thread/0 iterations : 559
 *	interrupt readers on CPU 0, lock delay [min,avg,max] 167,984,16271 cycles
 *	trylock_interrupt_reader_thread/0 iterations : 570
 *	trylock interrupt readers on CPU 0, iterations 280, successful iterations : 239
 *
 * The posting's "** Performance tests" line gains the lock's name; the machine
 * line is the CPU model. Delays are in cycles of the counter, less the
 * average cost of reading it (the calibration line). A thread type the lock
 * could not run is named in the thread mix with the reason.
 *
 * --latency runs of the plain loop (--scenario=mix) print one block per
 * point in the same per-thread form, each thread with its percentiles.
 * With -v each point adds a fairness line (operations per thread, Jain's
 * index, starvation), and the fair scenario's threads their percentiles
 * under the posting's lines.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "plan/fair.h"
#include "base/log.h"
#include "output/output.h"
#include "measure/statistics.h"

static unsigned long long cyc(double v)
{
	return v > 0 ? (unsigned long long)llround(v) : 0;
}

static void delay_line(FILE *f, const char *who, unsigned idx, uint64_t iter, const struct lb_lat *l)
{
	fprintf(f, "%s/%u iterations : %llu", who, idx, (unsigned long long)iter);
	if (l->n)
		fprintf(f, ", lock delay [min,avg,max] %llu,%llu,%llu cycles",
			(unsigned long long)l->min, cyc(l->avg), (unsigned long long)l->max);
	fputc('\n', f);
}

/*
 * The percentiles of one thread, in cycles and ns: always for a point of
 * the plain loop, with -v under the posting's lines (@posting), which
 * have none
 */
static void percentile_line(FILE *f, const struct lb_lat *l, bool posting)
{
	if (!l->n || (posting && lb_verbose <= 0))
		return;
	fprintf(f, "  p50,p99,p99.9 %llu,%llu,%llu cycles (%.0f,%.0f,%.0f ns), %llu timed\n",
		(unsigned long long)l->p50, (unsigned long long)l->p99,
		(unsigned long long)l->p999, lb_cycles_to_ns(l->p50), lb_cycles_to_ns(l->p99),
		lb_cycles_to_ns(l->p999), (unsigned long long)l->n);
}

/* -v: per-thread spread, Jain's index, starvation */
static void fairness_line(FILE *f, const struct lb_result *r)
{
	if (lb_verbose <= 0)
		return;
	fprintf(f, "fairness: acquisitions per thread min/mean/max %llu/%.1f/%llu, Jain's index "
		"%.4f; starvation (window %.0f ms): ", (unsigned long long)r->ops_min, r->ops_mean,
		(unsigned long long)r->ops_max, lb_result_jain(r, -1), r->starve_window_ms);
	lb_fmt_starvation(f, r);
	fputc('\n', f);
}

/* after a point's title: its marks, as a table's cell has them */
static const char *marks(const struct lb_result *r)
{
	if (r->timed_out && r->short_threads)
		return " !*";
	return r->timed_out ? " !" : r->short_threads ? " *" : "";
}

/* The thread mix of a phase: Desnoyers 2008's lines under "** High contention test **". */
static void thread_mix(FILE *f, const struct lb_result *r)
{
	const struct lb_point *p = &r->point;
	unsigned n[LB_ROLE_NKINDS] = { 0 };
	uint64_t period[LB_ROLE_NKINDS] = { 0 };
	char why[256];

	for (unsigned t = 0; t < p->nthreads; t++) {
		n[p->roles[t].kind]++;
		period[p->roles[t].kind] = p->roles[t].period_ns;
	}
	if (n[LB_ROLE_READER])
		fprintf(f, "%u thread readers (no delay loop)\n", n[LB_ROLE_READER]);
	if (n[LB_ROLE_TRYLOCK_READER] || lb_fair_dropped_why(p, LB_ROLE_TRYLOCK_READER, why, sizeof(why)))
		fprintf(f, "%u thread trylock readers (no delay loop)%s%s\n", n[LB_ROLE_TRYLOCK_READER],
			n[LB_ROLE_TRYLOCK_READER] ? "" : ": not run, ",
			n[LB_ROLE_TRYLOCK_READER] ? "" : why);
	if (n[LB_ROLE_WRITER])
		fprintf(f, "%u thread writers (%.0fus period)\n", n[LB_ROLE_WRITER],
			(double)period[LB_ROLE_WRITER] / 1e3);
	if (n[LB_ROLE_TRYLOCK_WRITER])
		fprintf(f, "%u thread trylock writers (%.0fus period)\n", n[LB_ROLE_TRYLOCK_WRITER],
			(double)period[LB_ROLE_TRYLOCK_WRITER] / 1e3);
	else if (lb_fair_dropped_why(p, LB_ROLE_TRYLOCK_WRITER, why, sizeof(why)))
		fprintf(f, "0 thread trylock writers: not run, %s\n", why);
	if (n[LB_ROLE_IRQ_READER])
		fprintf(f, "%u periodical interrupt readers on %u/%u cpus (%s).\n",
			n[LB_ROLE_IRQ_READER], r->irq_cpus_round, r->irq_cpus_total,
			r->irq_mechanism ? r->irq_mechanism : "signals");
	else if (lb_fair_dropped_why(p, LB_ROLE_IRQ_READER, why, sizeof(why)))
		fprintf(f, "0 periodical interrupt readers: not run, %s.\n", why);
	if (n[LB_ROLE_TRYLOCK_IRQ_READER])
		fprintf(f, "%u periodical interrupt trylock readers on %u/%u cpus (%s).\n",
			n[LB_ROLE_TRYLOCK_IRQ_READER], r->irq_cpus_round, r->irq_cpus_total,
			r->irq_mechanism ? r->irq_mechanism : "signals");
	else if (lb_fair_dropped_why(p, LB_ROLE_TRYLOCK_IRQ_READER, why, sizeof(why)))
		fprintf(f, "0 periodical interrupt trylock readers: not run, %s.\n", why);
}

static void irq_cpu_lines(FILE *f, const struct lb_result *r, bool trylock)
{
	for (unsigned c = 0; c < r->nirq_cpus; c++) {
		const struct lb_irq_cpu *ic = &r->irq_cpus[c];

		if (trylock) {
			fprintf(f, "trylock interrupt readers on CPU %d, iterations %llu, successful "
				"iterations : %llu\n", ic->cpu, (unsigned long long)ic->tries,
				(unsigned long long)ic->successes);
		} else if (ic->lat.n) {
			fprintf(f, "interrupt readers on CPU %d, lock delay [min,avg,max] "
				"%llu,%llu,%llu cycles\n", ic->cpu, (unsigned long long)ic->lat.min,
				cyc(ic->lat.avg), (unsigned long long)ic->lat.max);
			percentile_line(f, &ic->lat, true);
		}
	}
}

/* One phase of the fair scenario: its header, thread mix and one line per thread. */
static void fair_phase(FILE *f, const struct lb_result *r)
{
	const struct lb_point *p = &r->point;
	int last_irq = -1, last_tirq = -1;

	fprintf(f, "** %s **\n", lb_fair_phase_title(p->phase));	/* the posting's: marks below */
	if (p->phase == LB_FAIR_HIGH_CONTENTION)
		thread_mix(f, r);
	for (unsigned t = 0; t < p->nthreads; t++) {
		if (p->roles[t].kind == LB_ROLE_IRQ_READER)
			last_irq = (int)t;
		if (p->roles[t].kind == LB_ROLE_TRYLOCK_IRQ_READER)
			last_tirq = (int)t;
	}
	for (unsigned t = 0; t < p->nthreads; t++) {
		const struct lb_role *ro = &p->roles[t];
		const struct lb_thread_result *tr = r->threads ? &r->threads[t] : NULL;
		const char *who = lb_role_name(ro->kind);
		static const struct lb_thread_result none;

		if (!tr)
			tr = &none;
		switch (ro->kind) {
		case LB_ROLE_TRYLOCK_READER:
		case LB_ROLE_TRYLOCK_WRITER:
			fprintf(f, "%s/%u iterations : %llu, successful iterations : %llu\n", who,
				ro->index, (unsigned long long)tr->tries,
				(unsigned long long)tr->successes);
			break;
		case LB_ROLE_IRQ_READER:
		case LB_ROLE_TRYLOCK_IRQ_READER:
			fprintf(f, "%s/%u iterations : %llu\n", who, ro->index,
				(unsigned long long)tr->tries);
			if ((int)t == last_irq)
				irq_cpu_lines(f, r, false);
			if ((int)t == last_tirq)
				irq_cpu_lines(f, r, true);
			break;
		default:
			delay_line(f, who, ro->index, tr->tries, &tr->lat);
			percentile_line(f, &tr->lat, true);
			break;
		}
	}
	fairness_line(f, r);
}

/* A --latency point of the plain loop, in the same per-thread form. */
static void mix_point(FILE *f, const struct lb_result *r)
{
	const struct lb_point *p = &r->point;
	bool rw = p->ops->kind == LB_LOCK_RW;
	unsigned idx[3] = { 0, 0, 0 };
	char ratio[32];

	fprintf(f, "** %s/%s, %u threads, load %llu%s", p->ops->name,
		lb_point_ratio_str(p, ratio, sizeof(ratio)), p->nthreads,
		(unsigned long long)p->load_arg, p->load_ns ? "ns" : "");
	if (p->repeat)
		fprintf(f, ", repetition %u", p->repeat + 1);
	fprintf(f, " **%s\n", marks(r));
	for (unsigned t = 0; r->threads && t < p->nthreads; t++) {
		const struct lb_ratio *tr_ratio = lb_thread_ratio(p, t);
		const struct lb_thread_result *tr = &r->threads[t];
		unsigned k = !rw || tr_ratio->r == 0 ? 0 : tr_ratio->w == 0 ? 1 : 2;
		static const char *const who[] = { "writer_thread", "reader_thread", "mix_thread" };

		delay_line(f, who[k], idx[k]++, tr->ops, &tr->lat);
		percentile_line(f, &tr->lat, false);
	}
	fairness_line(f, r);
}

/* the fair phases' marks, under the report (their titles are the posting's) */
static void fair_marks(FILE *f, const struct lb_report *rep)
{
	unsigned n = 0;

	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_result *r = &rep->results[i];

		if (!r->point.phase || !r->point.roles || !*marks(r))
			continue;
		fprintf(f, "%s%s/%s%s", n++ ? "; " : "\nmarked: ", r->point.ops->name,
			lb_fair_phase_title(r->point.phase), marks(r));
	}
	if (n)
		fputc('\n', f);
}

int lb_output_latency(FILE *f, const struct lb_report *rep)
{
	const struct lb_lock_ops *block = NULL;

	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_result *r = &rep->results[i];
		const struct lb_point *p = &r->point;

		if (p->ops != block) {
			double test_s = p->duration;

			/* the block's header: the high-contention phase names the test's length */
			for (unsigned j = i; j < rep->nresults && rep->results[j].point.ops == p->ops; j++)
				if (rep->results[j].point.phase == LB_FAIR_HIGH_CONTENTION)
					test_s = rep->results[j].point.duration;
			if (block)
				fputc('\n', f);
			block = p->ops;
			fprintf(f, "** Performance tests: %s\n", p->ops->name);
			fprintf(f, "%s\n", rep->topo && rep->topo->cpu_model[0] ? rep->topo->cpu_model :
				"(unknown CPU)");
			if (p->phase)
				fprintf(f, "* Lock contention delays, per context, %gs test\n", test_s);
			else
				fprintf(f, "* Lock contention delays, per thread, %s\n", test_s > 0 ?
					"fixed time" : "fixed work");
			fprintf(f, "** get_cycles calibration **\n");
			fprintf(f, "get_cycles takes [min,avg,max] %llu,%llu,%llu cycles, results "
				"calibrated on avg\n", (unsigned long long)lb_clock.read_cycles_min,
				cyc(lb_clock.read_cycles_avg), (unsigned long long)lb_clock.read_cycles_max);
		}
		if (p->phase && p->roles)
			fair_phase(f, r);
		else
			mix_point(f, r);
	}
	fair_marks(f, rep);
	lb_timed_out_note(f, rep);
	lb_short_note(f, rep);
	return ferror(f) ? -1 : 0;
}

int lb_output_latency_check(const struct lb_config *c, char *why, size_t len)
{
	if (c->scenario != LB_SCN_FAIR && !c->latency)
		return lb_why(why, len, "the 2008 fair-rwlock report needs timed acquisitions: add "
			      "--scenario=fair or --latency");
	return 0;
}

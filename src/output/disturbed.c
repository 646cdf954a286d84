// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * disturbed.c - the repetitions something else disturbed, said and, when
 * the user asks (--drop-disturbed), left out of the figures
 *
 * plan/run.c marks each repetition with what disturbed it (lb_result
 * .disturbed: a thread that ran short, the host's steal over 1% of the
 * threads' time, a throughput in two levels, the host's probes before and
 * after it apart; lb_mark_host_outliers() adds a repetition whose probes
 * are apart from the point's others). Every layout says under its
 * table how many were; the CSV and JSON name what, per row. With
 * --drop-disturbed a disturbed repetition of a point that has an
 * undisturbed one is taken out before any layout sees the run, each kept
 * repetition of the point counts them (repeats_dropped), and the note (a
 * '*' line, as the machine's other marks) says how many went; a point
 * whose every repetition was disturbed is kept whole, as nothing would be
 * left of it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "harness/harness.h"
#include "measure/statistics.h"
#include "output/output.h"

static const struct {
	unsigned bit;
	const char *word;
} words[] = {
	{ LB_DISTURB_SHORT, "ran-short" },
	{ LB_DISTURB_STEAL, "steal" },
	{ LB_DISTURB_LEVELS, "two-levels" },
	{ LB_DISTURB_HOST, "host-moved" },
};

const char *lb_disturb_words(unsigned d, const char *sep, char *buf, size_t len)
{
	size_t l = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i < sizeof(words) / sizeof(words[0]) && l < len; i++)
		if (d & words[i].bit)
			l += (size_t)snprintf(buf + l, len - l, "%s%s", l ? sep : "", words[i].word);
	return buf;
}

unsigned lb_mark_host_outliers(struct lb_result *res, unsigned n)
{
	double *v = malloc(2 * (size_t)n * sizeof(*v));
	unsigned marked = 0;

	if (!v)
		return 0;
	for (unsigned i = 0; i < n; i++) {
		unsigned k = 0, reps = 0;
		double m, lo, hi;

		if (res[i].probe_ns[0] <= 0 || res[i].probe_ns[1] <= 0)
			continue;
		for (unsigned j = 0; j < n; j++) {
			if (!lb_point_same(&res[j].point, &res[i].point) ||
			    res[j].probe_ns[0] <= 0 || res[j].probe_ns[1] <= 0)
				continue;
			v[k++] = res[j].probe_ns[0];
			v[k++] = res[j].probe_ns[1];
			reps++;
		}
		if (reps < 3)
			continue;	/* no majority to be apart from */
		m = lb_quantile(v, k, 0.5);
		lo = m / LB_DISTURB_HOST_RATIO;
		hi = m * LB_DISTURB_HOST_RATIO;
		if (res[i].probe_ns[0] < lo || res[i].probe_ns[0] > hi ||
		    res[i].probe_ns[1] < lo || res[i].probe_ns[1] > hi) {
			marked += !(res[i].disturbed & LB_DISTURB_HOST);
			res[i].disturbed |= LB_DISTURB_HOST;
		}
	}
	free(v);
	return marked;
}

/* Has @r's point a repetition in @res that nothing disturbed? */
static bool has_clean(const struct lb_result *res, unsigned n, const struct lb_result *r)
{
	for (unsigned j = 0; j < n; j++)
		if (!res[j].disturbed && lb_point_same(&res[j].point, &r->point))
			return true;
	return false;
}

unsigned lb_drop_disturbed(struct lb_result *res, unsigned *n)
{
	unsigned k = 0, dropped = 0;
	bool *drop = calloc(*n + 1, sizeof(*drop));

	if (!drop)
		return 0;	/* out of memory: nothing left out, the note says none */
	for (unsigned i = 0; i < *n; i++)
		drop[i] = res[i].disturbed && has_clean(res, *n, &res[i]);
	for (unsigned i = 0; i < *n; i++) {
		if (!drop[i])
			continue;
		dropped++;
		for (unsigned j = 0; j < *n; j++)
			if (!drop[j] && lb_point_same(&res[j].point, &res[i].point))
				res[j].repeats_dropped++;
	}
	for (unsigned i = 0; i < *n; i++) {
		if (drop[i])
			lb_result_free(&res[i]);
		else
			res[k++] = res[i];
	}
	free(drop);
	*n = k;
	return dropped;
}

void lb_disturbed_note(FILE *f, const struct lb_report *rep)
{
	unsigned d = 0, all = 0, dropped = 0;
	char what[64];

	for (unsigned i = 0; i < rep->nresults; i++) {
		d += rep->results[i].disturbed != 0;
		all |= rep->results[i].disturbed;
	}
	for (unsigned i = 0; i < rep->nresults; i++) {
		const struct lb_result *r = &rep->results[i];
		bool first = true;

		/* a point's count once: on its first repetition kept */
		for (unsigned j = 0; j < i && first; j++)
			first = !lb_point_same(&rep->results[j].point, &r->point);
		if (first)
			dropped += r->repeats_dropped;
	}
	lb_disturb_words(all, ", ", what, sizeof(what));
	if (dropped)
		fprintf(f, "* --drop-disturbed: %u disturbed repetition%s left out of the figures%s\n",
			dropped, LB_S(dropped), d ? "; kept where every repetition of a point was" : "");
	if (d && !(rep->cfg && rep->cfg->drop_disturbed))
		fprintf(f, "* %u of %u repetition%s disturbed (%s: a thread ran short, the host stole "
			"over %.0f%% of their CPUs' time, the throughput fell into two levels, or "
			"the host moved the CPUs (its c2c probes, before and after, or against the "
			"point's others, differ over %gx); "
			"CSV and JSON: disturbed); --drop-disturbed leaves them out\n", d,
			rep->nresults, LB_S(rep->nresults), what, LB_DISTURB_STEAL_PCT,
			LB_DISTURB_HOST_RATIO);
	else if (d && !dropped)
		fprintf(f, "* --drop-disturbed: %u repetition%s disturbed (%s), kept: every repetition "
			"of their point was\n", d, LB_S(d), what);
}

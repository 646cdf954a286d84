// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-output.c - the formatters on fixed numbers
 *
 * The table test feeds Long 2014's own figures (read from
 * tests/golden/rwsem-spinning-2014-table.txt) to the table formatter and compares its
 * lines with the posting's, white space aside. The one intended difference:
 * lockbench labels an exclusive lock's row with its ratio (as the postings do),
 * so the posting's "mutex" rows come out as "mutex/0:1". The sweep test does
 * the same with Long 2015's thread sweep (tests/golden/qrwlock-byte-cmpxchg-2015-sweep.txt),
 * its two columns named after two fake locks called "w/o patch" and
 * "with patch".
 */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "check.h"
#include "lb-revision.h"
#include "measure/c2c.h"
#include "output/output.h"

static const struct lb_lock_ops fake_mutex = { .name = "mutex", .family = "sleep",
					       .kind = LB_LOCK_EXCL };
static const struct lb_lock_ops fake_rwsem = { .name = "rwsem", .family = "sleep",
					       .kind = LB_LOCK_RW };

static char golden[64][224];
static unsigned ngolden;

/* Read tests/golden/@name, white space squeezed, into @lines; return the count. */
static unsigned load_lines(const char *name, char lines[][224], unsigned max)
{
	const char *srcdir = getenv("srcdir");
	char path[1024], line[256];
	unsigned n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/tests/golden/%s", srcdir ? srcdir : ".", name);
	f = fopen(path, "r");
	CHECK(f != NULL, "cannot open %s", path);
	if (!f)
		return 0;
	while (n < max && fgets(line, sizeof(line), f))
		squeeze(line, lines[n++], 160);
	fclose(f);
	return n;
}

static void load_golden(const char *name)
{
	ngolden = load_lines(name, golden, 64);
}

/* Split @buf into squeezed lines. */
static unsigned split_lines(char *buf, char lines[][224], unsigned max)
{
	char *save = NULL, *tok;
	unsigned nl = 0;

	for (tok = strtok_r(buf, "\n", &save); tok && nl < max; tok = strtok_r(NULL, "\n", &save))
		squeeze(tok, lines[nl++], 224);
	return nl;
}

/* Turn the posting's data lines from @first up to a non-data line into results. */
static unsigned seed_results(unsigned first, struct lb_result *res, unsigned max)
{
	unsigned n = 0;

	for (unsigned i = first; i < ngolden; i++) {
		char label[64], *p, *slash;
		unsigned threads;
		int off;

		if (sscanf(golden[i], "%63s %u %n", label, &threads, &off) != 2)
			break;
		p = golden[i] + off;
		slash = strchr(label, '/');
		while (*p && n < max) {
			unsigned load;
			double ms;
			int used;

			if (sscanf(p, "%u:%lf%n", &load, &ms, &used) != 2)
				break;
			memset(&res[n], 0, sizeof(res[n]));
			res[n].point.ops = slash ? &fake_rwsem : &fake_mutex;
			if (slash)
				sscanf(slash + 1, "%u:%u", &res[n].point.mix.r, &res[n].point.mix.w);
			else
				res[n].point.mix = (struct lb_ratio){ 0, 1 };
			res[n].point.nthreads = threads;
			res[n].point.load_arg = load;
			res[n].exec_ms = ms;
			n++;
			p += used;
			while (*p == ' ' || *p == ',')
				p++;
		}
	}
	return n;
}

static unsigned render(struct lb_result *res, unsigned n, bool fixed_time, char lines[][224],
		       unsigned max)
{
	struct lb_report rep = { .results = res, .nresults = n, .fixed_time = fixed_time };
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	unsigned nl;

	CHECK(lb_output_table(m, &rep) == 0, "table formatter failed");
	fclose(m);
	nl = split_lines(buf, lines, max);
	free(buf);
	return nl;
}

static unsigned find(const char *text)
{
	for (unsigned i = 0; i < ngolden; i++)
		if (strcmp(golden[i], text) == 0)
			return i;
	CHECK(0, "golden file lacks \"%s\"", text);
	return ngolden;
}

static void table(void)
{
	struct lb_result res[64];
	char out[32][224];
	unsigned n, nl, before, after;

	load_golden("rwsem-spinning-2014-table.txt");
	if (ngolden < 10)
		return;
	/* the mutex rows */
	n = seed_results(2, res, 64);
	CHECK(n == 6, "6 mutex figures, got %u", n);
	nl = render(res, n, false, out, 32);
	CHECK(nl == 4, "header, rule, 2 rows: got %u lines", nl);
	CHECK_STR(out[0], golden[0]);
	CHECK_STR(out[1], golden[1]);
	for (unsigned i = 2; i < nl && i < 4; i++) {
		char want[224];

		/* the posting's "mutex 2 ..." is lockbench's "mutex/0:1 2 ..." */
		snprintf(want, sizeof(want), "mutex/0:1%s", golden[i] + strlen("mutex"));
		CHECK_STR(out[i], want);
	}
	/* the two rwsem blocks, each one table */
	before = find("Before patch:");
	after = find("After patch:");
	for (unsigned blk = 0; blk < 2; blk++) {
		unsigned first = (blk ? after : before) + 1;

		n = seed_results(first, res, 64);
		CHECK(n == 18, "18 rwsem figures, got %u", n);
		nl = render(res, n, false, out, 32);
		CHECK(nl == 8, "header, rule, 6 rows: got %u", nl);
		for (unsigned i = 2; i < nl; i++)
			CHECK_STR(out[i], golden[first + i - 2]);
	}
	/*
	 * repeats are averaged, with the coefficient of variation after "±"
	 * and a note; fixed time is labelled Mops/s with two decimals under 10;
	 * a point where a thread ran short is marked "*", with a note
	 */
	memset(res, 0, sizeof(res));
	for (unsigned i = 0; i < 2; i++) {
		res[i].point.ops = &fake_mutex;
		res[i].point.mix = (struct lb_ratio){ 0, 1 };
		res[i].point.nthreads = 2;
		res[i].point.load_arg = 1;
		res[i].point.repeat = i;
		res[i].exec_ms = 1000 + 1000 * i;
		res[i].ops_per_s = 1.5e6 + 1e6 * i;
	}
	nl = render(res, 2, false, out, 32);
	CHECK(nl == 4, "header, rule, row, note: got %u", nl);
	CHECK_STR(out[2], "mutex/0:1 2 1:1500\u00b147.1%");
	CHECK_STR(out[3], "\u00b1 the coefficient of variation of the repetitions (up to 2): sample "
		  "standard deviation over the mean");
	nl = render(res, 2, true, out, 32);
	CHECK_STR(out[0], "lock/r:w ratio # of threads Load:Throughput (Mops/s)");
	CHECK_STR(out[2], "mutex/0:1 2 1:2.00\u00b135.4%");
	res[1].short_threads = 1;
	nl = render(res, 2, true, out, 32);
	CHECK(nl == 5, "header, rule, row, two notes: got %u", nl);
	CHECK_STR(out[2], "mutex/0:1 2 1:2.00\u00b135.4%*");
	CHECK_STR(out[4], "* in 1 point a thread got less than 90% of the time it was runnable (of "
		  "its share of the CPUs when there are more threads than CPUs): preempted, the "
		  "figure measures the scheduler too");
}

/*
 * The stats table: McKenney 2013's two blocks (ebizzy, dbench). Each figure
 * pair (mean m, stdev s) becomes two repetitions m + s/sqrt(2) and
 * m - s/sqrt(2), whose mean is m and sample stdev s. The intended
 * differences: lockbench's title names the two locks, the ratio, the load
 * and the metric ("ebizzy (rec/sec higher is better)" becomes "base vs
 * patched, ratio 0:1, load 1 (throughput: ops/s, higher is better)"), and
 * the posting's ebizzy block has one stray "+---" in its second rule, which
 * lockbench draws like all the others.
 */
static void stats(void)
{
	static const struct lb_lock_ops base = { .name = "base", .family = "spin",
						 .kind = LB_LOCK_EXCL };
	static const struct lb_lock_ops patched = { .name = "patched", .family = "spin",
						    .kind = LB_LOCK_EXCL };
	struct lb_telem telems[3] = {
		{ .kind = LB_T_X, .mult = 1 }, { .kind = LB_T_X, .mult = 2 }, { .kind = LB_T_X, .mult = 3 },
	};
	struct lb_config cfg = { .telems = telems, .ntelems = 3 };
	char seed[32][224], out[32][224];
	unsigned nseed = load_lines("aqticket-2013-stats.txt", seed, 32);

	CHECK(nseed == 18, "two blocks of 9 lines, got %u", nseed);
	for (unsigned blk = 0; blk < 2 && nseed == 18; blk++) {
		const char (*g)[224] = &seed[blk * 9];
		struct lb_result res[12];
		struct lb_report rep = { .cfg = &cfg, .results = res, .nresults = 12, .npus = 32,
					 .fixed_time = true };
		char *buf = NULL, *save = NULL, *tok;
		size_t len = 0;
		FILE *m;
		unsigned n = 0, nl = 0;

		memset(res, 0, sizeof(res));
		for (unsigned row = 0; row < 3; row++) {
			double v[5];
			char label[8];

			CHECK(sscanf(g[5 + row], "%7s %lf %lf %lf %lf %lf", label, &v[0], &v[1], &v[2],
				     &v[3], &v[4]) == 6, "seed row \"%s\"", g[5 + row]);
			for (unsigned k = 0; k < 2; k++)
				for (unsigned rep_i = 0; rep_i < 2; rep_i++, n++) {
					double d = v[2 * k + 1] / sqrt(2.0);

					res[n].point.ops = k ? &patched : &base;
					res[n].point.mix = (struct lb_ratio){ 0, 1 };
					res[n].point.nthreads = 32 * (row + 1);
					res[n].point.load_arg = 1;
					res[n].point.repeat = rep_i;
					res[n].ops_per_s = v[2 * k] + (rep_i ? -d : d);
				}
		}
		m = open_memstream(&buf, &len);
		CHECK(lb_output_stats_posting(m, &rep) == 0, "stats formatter failed");
		fclose(m);
		for (tok = strtok_r(buf, "\n", &save); tok && nl < 32; tok = strtok_r(NULL, "\n", &save))
			squeeze(tok, out[nl++], 160);
		free(buf);
		CHECK(nl == 9, "rule, title, rule, header, rule, 3 rows, rule: got %u lines", nl);
		if (nl != 9)
			continue;
		CHECK_STR(out[0], g[0]);
		CHECK_STR(out[1], "base vs patched, ratio 0:1, load 1 (throughput: ops/s, higher is better)");
		CHECK(strstr(g[1], "higher is better)") != NULL, "the posting's title names the direction");
		CHECK_STR(out[2], blk ? g[2] : g[4]);	/* the posting's ebizzy rule has a stray +--- */
		for (unsigned i = 3; i < 9; i++)
			CHECK_STR(out[i], g[i]);
	}

	/* fixed work: 1/execution time; plain thread counts label as numbers */
	{
		struct lb_telem tl[1] = { { .kind = LB_T_NUM, .lo = 2, .hi = 4, .step = 2 } };
		struct lb_config c2 = { .telems = tl, .ntelems = 1 };
		struct lb_result res[4];
		struct lb_report rep = { .cfg = &c2, .results = res, .nresults = 4, .npus = 2 };
		char *buf = NULL, *save = NULL, *tok;
		size_t len = 0;
		unsigned nl = 0;
		FILE *m;

		memset(res, 0, sizeof(res));
		for (unsigned i = 0; i < 4; i++) {
			res[i].point.ops = i % 2 ? &patched : &base;
			res[i].point.mix = (struct lb_ratio){ 0, 1 };
			res[i].point.nthreads = 2;
			res[i].point.load_arg = 5;
			res[i].exec_ms = i % 2 ? 250 : 500 + 500 * (i / 2);	/* base 2 and 1 per s; patched 4 */
		}
		m = open_memstream(&buf, &len);
		CHECK(lb_output_stats(m, &rep) == 0, "stats formatter failed (fixed work)");
		fclose(m);
		for (tok = strtok_r(buf, "\n", &save); tok && nl < 32; tok = strtok_r(NULL, "\n", &save))
			squeeze(tok, out[nl++], 160);
		free(buf);
		CHECK(nl == 7, "one row: got %u lines", nl);
		CHECK_STR(out[1], "base vs patched, ratio 0:1, load 5 (throughput: 1/execution time in 1/s, "
			  "higher is better)");
		CHECK_STR(out[5], "2 1.5000 0.7071 4.0000 0.0000 166.7");
	}

	/* one decimal, and compare's "~" when Welch's test finds the change within the noise */
	{
		struct lb_telem tl[1] = { { .kind = LB_T_NUM, .lo = 2, .hi = 4, .step = 2 } };
		struct lb_config c2 = { .telems = tl, .ntelems = 1 };
		static const double fig[2][2][3] = {
			{ { 10, 11, 12 }, { 10.5, 11.5, 12.5 } },	/* 2 threads: noise */
			{ { 10, 10.1, 9.9 }, { 20, 20.1, 19.9 } },	/* 4 threads: +100% */
		};
		struct lb_result res[12];
		struct lb_report rep = { .cfg = &c2, .results = res, .nresults = 12, .npus = 2,
					 .fixed_time = true };
		char *buf = NULL, *save = NULL, *tok;
		size_t len = 0;
		unsigned nl = 0, n = 0;
		FILE *m;

		memset(res, 0, sizeof(res));
		for (unsigned t = 0; t < 2; t++)
			for (unsigned k = 0; k < 2; k++)
				for (unsigned i = 0; i < 3; i++, n++) {
					res[n].point.ops = k ? &patched : &base;
					res[n].point.mix = (struct lb_ratio){ 0, 1 };
					res[n].point.nthreads = 2 + 2 * t;
					res[n].point.load_arg = 5;
					res[n].point.repeat = i;
					res[n].ops_per_s = fig[t][k][i];
				}
		m = open_memstream(&buf, &len);
		CHECK(lb_output_stats(m, &rep) == 0, "stats formatter failed (noise)");
		fclose(m);
		for (tok = strtok_r(buf, "\n", &save); tok && nl < 32; tok = strtok_r(NULL, "\n", &save))
			squeeze(tok, out[nl++], 160);
		free(buf);
		CHECK(nl == 9, "two rows and the note: got %u lines", nl);
		CHECK_STR(out[5], "2 11.000 1.000 11.500 1.000 4.5~");
		CHECK_STR(out[6], "4 10.000 0.100 20.000 0.100 100.0");
		CHECK_STR(out[8], "~ the change is within the run-to-run noise: Welch's t-test over the "
			  "repetitions gives p > 0.05");
	}
}

/*
 * compare: Long 2014's mutex rows as reference rows, its "Before patch"
 * and "After patch" figures as the two sides; the % Change lines must be
 * the posting's, computed, not copied.
 */
static void compare(void)
{
	static struct lb_result ref[8], before[24], after[24];
	const struct lb_result *pref[8], *pbefore[24], *pafter[24];
	struct lb_sides s = { .before = pbefore, .after = pafter, .ref = pref, .by_lock = true };
	char out[40][224], *buf = NULL;
	size_t len = 0;
	FILE *m;
	unsigned nl, b, a, c;

	load_golden("rwsem-spinning-2014-table.txt");
	if (ngolden < 30)
		return;
	b = find("Before patch:");
	a = find("After patch:");
	c = find("% Change:");
	s.nref = seed_results(2, ref, 8);
	s.nbefore = seed_results(b + 1, before, 24);
	s.nafter = seed_results(a + 1, after, 24);
	CHECK(s.nref == 6 && s.nbefore == 18 && s.nafter == 18, "figures %u %u %u", s.nref,
	      s.nbefore, s.nafter);
	for (unsigned i = 0; i < 24; i++) {
		pref[i % 8] = &ref[i % 8];
		pbefore[i] = &before[i];
		pafter[i] = &after[i];
	}
	strcpy(s.before_name, "before");
	strcpy(s.after_name, "after");
	m = open_memstream(&buf, &len);
	CHECK(lb_compare_write(m, &s) == 0, "compare formatter failed");
	fclose(m);
	nl = split_lines(buf, out, 40);
	free(buf);
	CHECK(nl == 25, "header, rule, 2 mutex rows, 3 titled blocks of 6 rows: got %u lines", nl);
	if (nl < 25)
		return;
	CHECK_STR(out[0], golden[0]);
	CHECK_STR(out[1], golden[1]);
	CHECK(strncmp(out[4], "Before:", 7) == 0, "%s", out[4]);
	CHECK(strncmp(out[11], "After:", 6) == 0, "%s", out[11]);
	CHECK(strncmp(out[18], "% Change:", 9) == 0 && strstr(out[18], "negative is better"),
	      "%s", out[18]);
	for (unsigned i = 0; i < 6; i++) {
		CHECK_STR(out[5 + i], golden[b + 1 + i]);
		CHECK_STR(out[12 + i], golden[a + 1 + i]);
		CHECK_STR(out[19 + i], golden[c + 1 + i]);
	}
}

/* Three repetitions a side: noise is marked "~" and explained, a clear change is not. */
static void compare_noise(void)
{
	static const double noisy_b[] = { 100, 110, 90 }, noisy_a[] = { 101, 95, 108 };
	static const double clear_b[] = { 100, 101, 99 }, clear_a[] = { 50, 51, 49 };
	struct lb_result before[6], after[6];
	const struct lb_result *pb[6], *pa[6];
	struct lb_sides s = { .before = pb, .after = pa, .nbefore = 6, .nafter = 6 };
	char *buf = NULL;
	size_t len = 0;
	FILE *m;

	memset(before, 0, sizeof(before));
	memset(after, 0, sizeof(after));
	for (unsigned i = 0; i < 6; i++) {
		before[i].point.ops = &fake_mutex;
		after[i].point.ops = &fake_rwsem;
		before[i].point.mix = after[i].point.mix = (struct lb_ratio){ 0, 1 };
		before[i].point.nthreads = after[i].point.nthreads = 2;
		before[i].point.load_arg = after[i].point.load_arg = i < 3 ? 1 : 5;
		before[i].point.repeat = after[i].point.repeat = i % 3;
		before[i].exec_ms = i < 3 ? noisy_b[i % 3] : clear_b[i % 3];
		after[i].exec_ms = i < 3 ? noisy_a[i % 3] : clear_a[i % 3];
		pb[i] = &before[i];
		pa[i] = &after[i];
	}
	m = open_memstream(&buf, &len);
	CHECK(lb_compare_write(m, &s) == 0, "compare formatter failed");
	fclose(m);
	CHECK(strstr(buf, "1:+1.3%~, 5:-50.0%\n") != NULL, "no noise marker where due: %s", buf);
	CHECK(strstr(buf, "~ the change is within the run-to-run noise") != NULL, "no explanation");
	/* the stem of "mutex" and "rwsem" is both names */
	CHECK(strstr(buf, "mutex->rwsem/0:1") != NULL, "label of an unrelated pair: %s", buf);
	free(buf);
}

/* aim7: the posting's own rows through the formatter, then a row computed from results. */
static void aim7(void)
{
	static const struct lb_aim7_row seed[] = {
		{ .label = "custom (200-1000)", .before = 446135, .after = 477404 },
		{ .label = "custom (1100-2000)", .before = 449665, .after = 484734 },
		{ .label = "high_systime (200-1000)", .before = 152437, .after = 154217 },
		{ .label = "high_systime (1100-2000)", .before = 269695, .after = 278942 },
	};
	static const struct lb_lock_ops lk_a = { .name = "lk-a", .kind = LB_LOCK_RW };
	static const struct lb_lock_ops lk_b = { .name = "lk-b", .kind = LB_LOCK_RW };
	struct lb_result res[6];
	struct lb_report rep = { .results = res, .nresults = 6 };
	char out[16][224], *buf = NULL;
	size_t len = 0;
	FILE *m;
	unsigned nl;

	load_golden("rwsem-spinning-2014-aim7.txt");
	if (ngolden < 8)
		return;
	m = open_memstream(&buf, &len);
	CHECK(lb_aim7_write(m, seed, 4, NULL) == 0, "aim7 formatter failed");
	fclose(m);
	nl = split_lines(buf, out, 16);
	free(buf);
	CHECK(nl == 8, "header, rule, 4 rows, 2 wrapped: got %u", nl);
	/* the intended difference: the column names of the specification's CSV */
	CHECK_STR(out[0], "Workload Before After % Change");
	CHECK_STR(out[1], "-------- ------ ----- --------");
	CHECK(strcmp(golden[0], "Workload Before Patch After Patch % Change") == 0, "seed header");
	for (unsigned i = 2; i < nl && i < 8; i++)
		CHECK_STR(out[i], golden[i]);

	/* two locks at 2, 3 and 4 threads: the mean of the three, per minute */
	memset(res, 0, sizeof(res));
	for (unsigned i = 0; i < 6; i++) {
		res[i].point.ops = i < 3 ? &lk_a : &lk_b;
		res[i].point.mix = (struct lb_ratio){ 10, 1 };
		res[i].point.nthreads = 2 + i % 3;
		res[i].point.load_arg = 1;
		res[i].ops_per_s = (1 + i % 3) * (i < 3 ? 1e6 : 1.1e6);
	}
	buf = NULL;
	m = open_memstream(&buf, &len);
	CHECK(lb_output_aim7(m, &rep) == 0, "aim7 from results failed");
	fclose(m);
	nl = split_lines(buf, out, 16);
	free(buf);
	CHECK(nl >= 3, "got %u lines", nl);
	if (nl >= 3)
		CHECK_STR(out[2], "lk 10:1 (2-4) 120000000 132000000 +10.0%");
}

static void figures(void)
{
	char b[32];

	CHECK_STR(lb_fmt_figure(530.72, false, b, sizeof(b)), "530.7");
	CHECK_STR(lb_fmt_figure(999.94, false, b, sizeof(b)), "999.9");
	CHECK_STR(lb_fmt_figure(999.96, false, b, sizeof(b)), "1000");
	CHECK_STR(lb_fmt_figure(14561.6, false, b, sizeof(b)), "14562");
	CHECK_STR(lb_fmt_figure(5.04, false, b, sizeof(b)), "5.0");
	CHECK_STR(lb_fmt_figure(5.04, true, b, sizeof(b)), "5.04");
}

static struct lb_result csv_result(struct lb_thread_result *tr)
{
	static const char *const ctr[] = { "spin-waits", NULL };
	static const struct lb_lock_ops tk = { .name = "ticket", .family = "spin",
					       .kind = LB_LOCK_EXCL, .counters = ctr };
	struct lb_result r;

	memset(&r, 0, sizeof(r));
	r.point.ops = &tk;
	r.point.mix = (struct lb_ratio){ 1, 1 };
	r.point.nthreads = 2;
	r.point.load_arg = 5;
	r.point.load = 5;
	r.point.nops = 1000;
	r.point.pin = true;
	r.point.lock_node = -1;
	r.exec_ms = 12.5;
	r.ops_total = 2000;
	r.ops_per_s = 160000;
	r.writes = 2000;
	r.ops_min = 1000;
	r.ops_mean = 1000;
	r.ops_max = 1000;
	r.setup_ms = 0.25;
	r.nctr = 1;
	r.ctr_total[0] = 77;
	tr[0] = (struct lb_thread_result){ .ops = 1000, .writes = 1000, .cpu_os = 0, .cpu_seen = 0 };
	tr[1] = (struct lb_thread_result){ .ops = 1000, .writes = 1000, .cpu_os = 1, .cpu_seen = 1 };
	tr[0].ctr[0] = 40;
	tr[1].ctr[0] = 37;
	r.threads = tr;
	return r;
}

static void csv(void)
{
	struct lb_thread_result tr[2];
	struct lb_result r = csv_result(tr);
	struct lb_report rep = { .results = &r, .nresults = 1 };
	char *buf = NULL, *nl;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	strcpy(rep.host, "box,1");		/* a comma: must be quoted */
	strcpy(rep.kernel, "Linux 6.1 \"x\"");	/* quotes: must be doubled */
	strcpy(rep.timestamp, "2026-11-29T00:00:00Z");
	CHECK(lb_output_csv(m, &rep) == 0, "csv formatter failed");
	fclose(m);
	nl = strchr(buf, '\n');
	CHECK(nl != NULL, "no header line");
	if (!nl)
		return;
	*nl = '\0';
	/* format 2: a report without a configuration has every group (columns.c) */
	CHECK_STR(buf, "format_version,lockbench_version,command,timestamp,host,kernel,cpu_model,topology,lock,kin"
		  "d,family,lock_follows,lock_options,ratio,ratio_reads,ratio_writes,threads,load,load_ns,load_unit,load_u"
		  "nit_ns,delay,mode,ops_per_thread,duration_s,repeat,scenario,phase,placement,cpus,lock_node"
		  ",lock_domain,domains,domains_pretend,validate,processes,exec_time_ms,ops_total,ops_per_s,r"
		  "ead_ops,write_ops,ops_min,ops_mean,ops_max,fairness_jain,ns_per_op,counters,starve_window_"
		  "ms,starved_readers,starved_writers,max_gap_read_ms,max_gap_write_ms,setup_ms,teardown_ms,t"
		  "sc_mhz,pause_ns,pause_stall_pct,loop_stall_pct,cpu_min_pct,short_threads,steal_ms,"
		  "host_probe_ns_before,host_probe_ns_after,placemen"
		  "t_cpus,host_cpus,smt_shared_threads,cpufreq_driver,cpufreq_governor,hypervisor,kernel_flag"
		  "s,loadavg_1m,busy_other_pct,compiler,cflags,git_revision,timed_out,partial,disturbed,repeats_dropped,repeats,median_"
		  "ops_per_s,min_ops_per_s,max_ops_per_s,cv_pct,median_exec_time_ms,min_exec_time_ms,max_exec"
		  "_time_ms,cv_exec_time_pct,simulated,roles,readers,writers,reader_ops_min,reader_ops_mean,reader_ops_"
		  "max,writer_ops_min,writer_ops_mean,writer_ops_max,latency_sample,lat_samples,lat_calib_cyc"
		  "les,lat_min_cycles,lat_avg_cycles,lat_p50_cycles,lat_p99_cycles,lat_p999_cycles,lat_max_cy"
		  "cles,lat_min_ns,lat_avg_ns,lat_p50_ns,lat_p99_ns,lat_p999_ns,lat_max_ns,lat_read_p50_cycle"
		  "s,lat_read_p99_cycles,lat_read_max_cycles,lat_write_p50_cycles,lat_write_p99_cycles,lat_wr"
		  "ite_max_cycles,c2c_rt_ns,ns_per_op_per_c2c,perf_task_clock_ms,perf_context_switches,perf_c"
		  "pu_migrations,perf_page_faults,perf_cycles,perf_instructions,perf_cache_misses,trace_switc"
		  "h_outs,trace_preempted,trace_sleeping,trace_blocked,trace_contentions,trace_wait_ms,trace_"
		  "spin_contentions,trace_spin_wait_ms,trace_read_contentions,trace_read_wait_ms,trace_write_"
		  "contentions,trace_write_wait_ms,trace_rt_contentions,trace_rt_wait_ms,trace_percpu_content"
		  "ions,trace_percpu_wait_ms,trace_mutex_contentions,trace_mutex_wait_ms,trace_lock_classes,t"
		  "race_top_lock,trace_lost_events,interval,interval_start_ms,interval_ms,interval_ops,"
		  "interval_ops_per_s,interval_thread_ops,sim_machine,sim_machine_desc,sim_cpus,sim_profile,"
		  "sim_profile_from,sim_seed,sim_jitter_pct,sim_slice_ms,sim_accesses,sim_hits,sim_misses,"
		  "sim_queued,sim_stalled,sim_posted,sim_forward_stalls,sim_parks,sim_switches,"
		  "sim_preemptions,sim_futex_waits,sim_futex_wakes,"
		  "sim_lines,sim_virtual_ms,sim_hot_line_requests,sim_hot_line_queued,sim_hot_line_queue_ms");
	CHECK_STR(nl + 1, "2," PACKAGE_VERSION ",,2026-11-29T00:00:00Z,\"box,1\",\"Linux 6.1 \"\"x\"\"\",,,"
		  "ticket,excl,spin,,,1:1,1,1,2,5,,pause,0.000,0,ops,1000,,1,mix,,socket,0;1,,numa,1,0,0,0,"
		  "12.500000,2000,160000.0,0,2000,1000,1000.0,1000,1.0000,6250.000,spin-waits=77,0,,,,,"
		  "0.2500,0.0000,0.000,0.000,0.0,0.0,0.0,0,0.0,,,,,0,,,,,,,"
		  LB_COMPILER "," LB_CFLAGS "," LB_GIT_REVISION ",0,0,,0,1,160000.0,160000.0,160000.0,0.00,"
		  "12.500000,12.500000,12.500000,0.00,0"
		  /* the 90 columns of the groups: none of them applies */
		  ",,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,"
		  ",,,,,,,,,,,,,,,,,,,,,,,,,\n");
	free(buf);
}

/* A --trace view: an rwsem (WRITE and READ on one lock), its wait_lock (SPIN) */
static struct lb_trace_vals *trace_vals(void)
{
	static struct lb_trace_thread th[2];
	static struct lb_trace_vals v;

	memset(&v, 0, sizeof(v));
	th[0] = (struct lb_trace_thread){ .tid_os = 101, .switch_outs = 7, .preempted = 1,
					  .blocked = 6, .contentions = 220, .wait_ns = 2500000 };
	th[1] = (struct lb_trace_thread){ .tid_os = 102, .switch_outs = 5, .preempted = 2,
					  .sleeping = 1, .blocked = 2, .contentions = 194,
					  .wait_ns = 1824000 };
	v.threads = th;
	v.nthreads = 2;
	v.switch_outs = 12;
	v.preempted = 3;
	v.sleeping = 1;
	v.blocked = 8;
	for (unsigned c = 0; c < LB_TRACE_NCLASSES; c++)
		v.classes[c].flags = c;
	v.classes[LB_LCB_WRITE] = (struct lb_trace_lockstat){ .flags = LB_LCB_WRITE, .count = 130,
							      .waits = 130, .wait_ns = 3214000,
							      .max_ns = 90000 };
	v.classes[LB_LCB_READ] = (struct lb_trace_lockstat){ .flags = LB_LCB_READ, .count = 280,
							     .waits = 279, .wait_ns = 1100000,
							     .max_ns = 20000 };
	v.classes[LB_LCB_SPIN] = (struct lb_trace_lockstat){ .flags = LB_LCB_SPIN, .count = 4,
							     .waits = 4, .wait_ns = 10000,
							     .max_ns = 5000 };
	v.contentions = 414;
	v.waits = 413;
	v.wait_ns = 4324000;
	v.locks[0] = (struct lb_trace_lockstat){ .addr = 0xffff888104332638ull,
						 .flags = LB_LCB_READ | LB_LCB_WRITE, .count = 410,
						 .waits = 409, .wait_ns = 4314000, .max_ns = 90000 };
	v.locks[1] = (struct lb_trace_lockstat){ .addr = 0xffff888104332650ull,
						 .flags = LB_LCB_SPIN, .count = 4, .waits = 4,
						 .wait_ns = 10000, .max_ns = 5000 };
	v.nlocks = 2;
	v.nlock_addrs = 2;
	v.events = 440;
	v.traced_ms = 300.5;
	return &v;
}

static void trace(void)
{
	struct lb_thread_result tr[2];
	struct lb_result r = csv_result(tr);
	struct lb_report rep = { .results = &r, .nresults = 1 };
	char *buf = NULL, *row, flags[64];
	size_t len = 0;
	FILE *m;

	CHECK_STR(lb_trace_flags_str(0, flags, sizeof(flags)), "none");
	CHECK_STR(lb_trace_flags_str(LB_LCB_MUTEX | LB_LCB_SPIN, flags, sizeof(flags)), "SPIN|MUTEX");
	CHECK_STR(lb_trace_flags_str(LB_LCB_PERCPU | LB_LCB_WRITE, flags, sizeof(flags)),
		  "WRITE|PERCPU");
	CHECK_STR(lb_trace_flags_str(LB_LCB_RT | 0x100, flags, sizeof(flags)), "RT|0x100");

	r.trace = trace_vals();
	m = open_memstream(&buf, &len);
	lb_fmt_trace(m, r.trace);
	fclose(m);
	CHECK_STR(buf, "switch-outs 12 (preempted 3, sleeping 1, blocked 8); kernel lock contention "
		  "414 (WRITE 130 in 3.214 ms, READ 280 in 1.100 ms, SPIN 4 in 0.010 ms)");
	free(buf);
	r.trace->lost = 17;
	m = open_memstream(&buf, &len);
	lb_fmt_trace(m, r.trace);
	fclose(m);
	CHECK(strstr(buf, "; 17 events lost (the trace buffer overflowed: the counts are low)") != NULL,
	      "lost events not said: %s", buf);
	free(buf);
	r.trace->lost = 0;

	/* the table: the block after it */
	m = open_memstream(&buf, &len);
	CHECK(lb_output_table(m, &rep) == 0, "table formatter failed");
	fclose(m);
	CHECK(strstr(buf, "\nkernel view (--trace: sched_switch and lock:contention_begin/end through "
		      "tracefs;\ntracing perturbs the run: compare the figures with an untraced "
		      "run):\nticket/1:1  2  load 5: switch-outs 12 (preempted 3, sleeping 1, blocked "
		      "8); kernel lock contention 414 (WRITE 130 in 3.214 ms, ") != NULL,
	      "no trace block: %s", buf);
	free(buf);

	/* CSV: the 21 trace columns, the last group */
	m = open_memstream(&buf, &len);
	CHECK(lb_output_csv(m, &rep) == 0, "csv formatter failed");
	fclose(m);
	row = strchr(buf, '\n');
	CHECK(row && strstr(row, ",12,3,1,8,414,4.324,4,0.010,280,1.100,130,3.214,0,0.000,0,0.000,"
			     "0,0.000,SPIN:4:0.010;READ:280:1.100;WRITE:130:3.214,"
			     "0xffff888104332638:READ|WRITE:410:4.314,0,,,,,,"
			     ",,,,,,,,,,,,,,,,,,,,,,,,,\n") != NULL,
	      "trace columns: %s", row ? row : "(no row)");
	free(buf);

	/* JSON: the point's view and each thread's */
	m = open_memstream(&buf, &len);
	CHECK(lb_output_json(m, &rep) == 0, "json formatter failed");
	fclose(m);
	{
		json_object *doc = json_tokener_parse(buf), *res, *t, *x, *a;

		CHECK(doc != NULL, "json does not parse");
		if (doc && json_object_object_get_ex(doc, "results", &a)) {
			res = json_object_array_get_idx(a, 0);
			CHECK(json_object_object_get_ex(res, "trace", &t), "no trace object");
			CHECK(json_object_object_get_ex(t, "classes", &a) &&
			      json_object_array_length(a) == 3, "not 3 classes");
			x = json_object_array_get_idx(a, 2);
			CHECK(json_object_object_get_ex(x, "flags", &x) &&
			      strcmp(json_object_get_string(x), "WRITE") == 0, "third class not WRITE");
			CHECK(json_object_object_get_ex(t, "locks", &a) &&
			      json_object_array_length(a) == 2, "not 2 locks");
			x = json_object_array_get_idx(a, 0);
			CHECK(json_object_object_get_ex(x, "addr", &x) &&
			      strcmp(json_object_get_string(x), "0xffff888104332638") == 0,
			      "first lock's address");
			json_object_object_get_ex(res, "per_thread", &a);
			x = json_object_array_get_idx(a, 1);
			CHECK(json_object_object_get_ex(x, "trace", &t) &&
			      json_object_object_get_ex(t, "tid_os", &x) && json_object_get_int(x) == 102,
			      "thread 1's tid_os");
		}
		json_object_put(doc);
	}
	free(buf);
}

static void json(void)
{
	struct lb_thread_result tr[2];
	struct lb_result r = csv_result(tr);
	struct lb_report rep = { .results = &r, .nresults = 1 };
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	json_object *root, *res, *x, *v;

	CHECK(lb_output_json(m, &rep) == 0, "json formatter failed");
	fclose(m);
	root = json_tokener_parse(buf);
	CHECK(root != NULL, "output is not JSON");
	if (!root) {
		free(buf);
		return;
	}
	CHECK(json_object_object_get_ex(root, "format_version", &v) && json_object_get_int(v) == 2,
	      "format_version");
	CHECK(json_object_object_get_ex(root, "results", &res) && json_object_array_length(res) == 1,
	      "one result");
	x = json_object_array_get_idx(res, 0);
	CHECK(json_object_object_get_ex(x, "exec_time_ms", &v) && json_object_get_double(v) == 12.5,
	      "exec_time_ms");
	CHECK(json_object_object_get_ex(x, "per_thread", &v) && json_object_array_length(v) == 2,
	      "per_thread");
	v = json_object_array_get_idx(v, 1);
	CHECK(json_object_object_get_ex(v, "counters", &v) &&
	      json_object_object_get_ex(v, "spin-waits", &v) && json_object_get_int(v) == 37,
	      "thread 1's counter");
	json_object_put(root);
	free(buf);
}

/* Render a report with @fmt into squeezed lines. */
static unsigned render_with(lb_formatter fmt, struct lb_report *rep, char lines[][224], unsigned max)
{
	char *buf = NULL, *save = NULL, *tok;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	unsigned nl = 0;

	CHECK(fmt(m, rep) == 0, "formatter failed");
	fclose(m);
	for (tok = strtok_r(buf, "\n", &save); tok && nl < max; tok = strtok_r(NULL, "\n", &save))
		squeeze(tok, lines[nl++], 224);
	free(buf);
	return nl;
}

static void sweep(void)
{
	static const struct lb_lock_ops before = { .name = "w/o patch", .kind = LB_LOCK_RW };
	static const struct lb_lock_ops after = { .name = "with patch", .kind = LB_LOCK_RW };
	struct lb_result res[64];
	struct lb_report rep = { .results = res };
	char out[32][224], b[32];
	unsigned nrows = 0, nl;

	load_golden("qrwlock-byte-cmpxchg-2015-sweep.txt");
	CHECK(ngolden >= 15, "Long 2015 golden file: %u lines", ngolden);
	if (ngolden < 15)
		return;
	/* the posting's rows, run the way lockbench runs them: lock outermost */
	memset(res, 0, sizeof(res));
	for (unsigned lk = 0; lk < 2; lk++)
		for (unsigned i = 4; i < ngolden; i++) {
			unsigned threads;
			double v[2];

			if (sscanf(golden[i], "%u %lf %lf", &threads, &v[0], &v[1]) != 3)
				continue;
			res[rep.nresults].point.ops = lk ? &after : &before;
			res[rep.nresults].point.mix = (struct lb_ratio){ 5, 1 };
			res[rep.nresults].point.nthreads = threads;
			res[rep.nresults].point.load_arg = 1;
			res[rep.nresults++].exec_ms = v[lk];
			nrows += !lk;
		}
	CHECK(nrows == 11, "11 thread counts in the posting, got %u", nrows);
	nl = render_with(lb_output_sweep, &rep, out, 32);
	CHECK(nl == 3 + nrows + 1, "title, header, rule, %u rows and the note: got %u lines", nrows,
	      nl);
	CHECK_STR(out[0], golden[0]);		/* With R:W ratio = 5:1 */
	for (unsigned i = 1; i < 3 + nrows && i < nl; i++)
		CHECK_STR(out[i], golden[i + 1]);	/* the golden file keeps the blank line */
	CHECK(strstr(out[nl - 1], "execution time in ms") && strstr(out[nl - 1], "negative is better"),
	      "the note names the unit and the direction: %s", out[nl - 1]);

	/* repeats are averaged; missing points print "-"; Mops/s says positive is better */
	memset(res, 0, sizeof(res));
	for (unsigned i = 0; i < 3; i++) {
		res[i].point.ops = i < 2 ? &before : &after;
		res[i].point.mix = (struct lb_ratio){ 5, 1 };
		res[i].point.nthreads = 2;
		res[i].point.repeat = i % 2;
		res[i].exec_ms = 100 + 50 * i;
		res[i].ops_per_s = 1e6 * (i + 1);
	}
	res[3] = res[2];
	res[3].point.nthreads = 4;
	rep.nresults = 4;
	nl = render_with(lb_output_sweep, &rep, out, 32);
	/* with repetitions each figure has its cv column ("-" for one run) */
	CHECK_STR(out[3], "2 125 28.3% 200 - +60.0%");
	CHECK_STR(out[4], "4 - - 200 - -");
	CHECK(strstr(out[nl - 1], "mean of 2 runs") != NULL, "note: %s", out[nl - 1]);
	rep.fixed_time = true;
	nl = render_with(lb_output_sweep, &rep, out, 32);
	CHECK_STR(out[3], "2 1.50 47.1% 3.00 - +100.0%");
	CHECK(strstr(out[nl - 1], "Mops/s") && strstr(out[nl - 1], "positive is better"),
	      "fixed-time note: %s", out[nl - 1]);

	/* the figures and the change, as the posting prints them */
	CHECK_STR(lb_sweep_figure(990, b, sizeof(b)), "990");
	CHECK_STR(lb_sweep_figure(13767.4, b, sizeof(b)), "13767");
	CHECK_STR(lb_sweep_figure(99.4, b, sizeof(b)), "99.4");
	CHECK_STR(lb_sweep_figure(7.491, b, sizeof(b)), "7.49");
	CHECK_STR(lb_sweep_change(7599, 7599, b, sizeof(b)), "0.0%");
	CHECK_STR(lb_sweep_change(10000, 9996, b, sizeof(b)), "0.0%");	/* -0.04: no "-0.0%" */
	CHECK_STR(lb_sweep_change(9757, 9766, b, sizeof(b)), "+0.1%");
	CHECK_STR(lb_sweep_change(2136, 1912, b, sizeof(b)), "-10.5%");
}

/*
 * --drop-disturbed: a disturbed repetition goes where its point has a clean
 * one, and each kept repetition counts it; a point whose every repetition
 * was disturbed stays whole; the note says both
 */
static void disturbed(void)
{
	static struct lb_result res[5];
	struct lb_config cfg = { .drop_disturbed = true };
	struct lb_report rep = { .cfg = &cfg };
	char *text = NULL;
	size_t len = 0;
	FILE *f;
	unsigned n = 5;

	memset(res, 0, sizeof(res));
	for (unsigned i = 0; i < 5; i++) {
		res[i].point.ops = &fake_mutex;
		res[i].point.mix = (struct lb_ratio){ 0, 1 };
		res[i].point.nthreads = i < 3 ? 2 : 1;
		res[i].point.repeat = i < 3 ? i : i - 3;
	}
	res[1].disturbed = LB_DISTURB_STEAL;
	res[3].disturbed = res[4].disturbed = LB_DISTURB_SHORT;
	CHECK(lb_drop_disturbed(res, &n) == 1, "one repetition left out");
	CHECK(n == 4, "4 kept, got %u", n);
	CHECK(res[0].repeats_dropped == 1 && res[1].repeats_dropped == 1 &&
	      res[1].point.repeat == 2, "the 2-thread point's two kept count it");
	CHECK(res[2].repeats_dropped == 0 && res[3].disturbed, "the 1-thread point whole");
	rep.results = res;
	rep.nresults = n;
	f = open_memstream(&text, &len);
	lb_disturbed_note(f, &rep);
	fclose(f);
	CHECK_STR(text, "* --drop-disturbed: 1 disturbed repetition left out of the figures; kept "
		  "where every repetition of a point was\n");
	free(text);
	cfg.drop_disturbed = false;
	for (unsigned i = 0; i < n; i++)
		res[i].repeats_dropped = 0;	/* as a run without the option has them */
	f = open_memstream(&text, &len);
	lb_disturbed_note(f, &rep);
	fclose(f);
	CHECK(strstr(text, "* 2 of 4 repetitions disturbed (ran-short: ") == text, "got %s", text);
	free(text);
}

/* the host's state: probes 1.5x apart mark a repetition host-moved, and the mark has its word */
static void host_moved(void)
{
	char w[64];

	CHECK(lb_c2c_probe_moved(130, 36, LB_DISTURB_HOST_RATIO), "130 then 36 ns: moved");
	CHECK(lb_c2c_probe_moved(36, 130, LB_DISTURB_HOST_RATIO), "36 then 130 ns: moved");
	CHECK(!lb_c2c_probe_moved(101, 150, LB_DISTURB_HOST_RATIO), "101 then 150 ns: not moved");
	CHECK(!lb_c2c_probe_moved(-1, 36, LB_DISTURB_HOST_RATIO), "no probe before: not moved");
	CHECK(!lb_c2c_probe_moved(130, 0, LB_DISTURB_HOST_RATIO), "no probe after: not moved");
	CHECK_STR(lb_disturb_words(LB_DISTURB_STEAL | LB_DISTURB_HOST, "+", w, sizeof(w)),
		  "steal+host-moved");
}

/* a repetition whose host probes are apart from its point's others is marked host-moved */
static void host_outliers(void)
{
	static struct lb_result res[6];
	const double pr[6][2] = { { 130, 120 }, { 140, 125 }, { 36, 38 }, { 128, 131 },
				  { 22, 23 }, { -1, -1 } };

	memset(res, 0, sizeof(res));
	for (unsigned i = 0; i < 6; i++) {
		res[i].point.ops = &fake_mutex;
		res[i].point.mix = (struct lb_ratio){ 0, 1 };
		res[i].point.nthreads = i < 4 ? 2 : 3;	/* 4 of one point, 2 of another */
		res[i].point.repeat = i;
		res[i].probe_ns[0] = pr[i][0];
		res[i].probe_ns[1] = pr[i][1];
	}
	res[1].disturbed = LB_DISTURB_STEAL;
	CHECK(lb_mark_host_outliers(res, 6) == 1, "one repetition newly marked");
	CHECK(res[2].disturbed == LB_DISTURB_HOST && !res[0].disturbed && !res[3].disturbed &&
	      res[1].disturbed == LB_DISTURB_STEAL, "the 36 ns one of four, got %u %u %u %u",
	      res[0].disturbed, res[1].disturbed, res[2].disturbed, res[3].disturbed);
	CHECK(!res[4].disturbed && !res[5].disturbed, "two repetitions: no majority to be apart from");
}

/* --c2c with no run of contending fetch-adds measured: "not measured", JSON null */
static void c2c_unmeasured(void)
{
	struct lb_thread_result tr[2];
	struct lb_result r = csv_result(tr);
	const struct lb_c2c pairs[2] = {
		{ .cpu_a = 0, .cpu_b = 1, .samples = 1000, .rt_ns_min = 100, .rt_ns_median = 110,
		  .rt_ns_p90 = 120, .rmw_run = 0 },
		{ .cpu_a = 0, .cpu_b = 2, .samples = 1000, .rt_ns_min = 100, .rt_ns_median = 110,
		  .rt_ns_p90 = 120, .rmw_run = 3.5, .rmw_add_ns = 7.25 },
	};
	struct lb_report rep = { .results = &r, .nresults = 1, .c2c = pairs, .nc2c = 2 };
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	json_object *root, *c, *v;

	CHECK(lb_output_table(m, &rep) == 0, "table formatter failed");
	fclose(m);
	CHECK(strstr(buf, "CPU 0 <-> CPU 1  110.0 ns (min 100.0, p90 120.0; RMW run not measured)") &&
	      strstr(buf, "CPU 0 <-> CPU 2  110.0 ns (min 100.0, p90 120.0; RMW run 3.50, 7.25 ns an add)"),
	      "the table's c2c block: %s", buf);
	free(buf);
	buf = NULL;
	m = open_memstream(&buf, &len);
	CHECK(lb_output_json(m, &rep) == 0, "json formatter failed");
	fclose(m);
	root = json_tokener_parse(buf);
	CHECK(root && json_object_object_get_ex(root, "c2c", &c) && json_object_array_length(c) == 2,
	      "two c2c pairs in the JSON");
	if (root) {
		CHECK(json_object_object_get_ex(json_object_array_get_idx(c, 0), "rmw_run", &v) &&
		      v == NULL, "not measured: rmw_run null");
		CHECK(json_object_object_get_ex(json_object_array_get_idx(c, 1), "rmw_run", &v) &&
		      json_object_get_double(v) == 3.5, "measured: rmw_run 3.5");
		CHECK(json_object_object_get_ex(json_object_array_get_idx(c, 0), "rmw_add_ns", &v) &&
		      v == NULL, "not measured: rmw_add_ns null");
		CHECK(json_object_object_get_ex(json_object_array_get_idx(c, 1), "rmw_add_ns", &v) &&
		      json_object_get_double(v) == 7.25, "measured: rmw_add_ns 7.25");
		json_object_put(root);
	}
	free(buf);
}

int main(void)
{
	disturbed();
	host_moved();
	host_outliers();
	figures();
	table();
	stats();
	sweep();
	compare();
	compare_noise();
	aim7();
	csv();
	json();
	c2c_unmeasured();
	trace();
	return check_done();
}

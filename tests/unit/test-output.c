// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-output.c - the formatters on fixed numbers
 *
 * The table test feeds seed 000's own figures (read from
 * tests/golden/seed000-table.txt) to the table formatter and compares its
 * lines with the seed's, white space aside. The one intended difference:
 * lockbench labels an exclusive lock's row with its ratio (spec section 2),
 * so the seed's "mutex" rows come out as "mutex/0:1".
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>

#include <json.h>

#include "check.h"
#include "output.h"

static const struct lb_lock_ops fake_mutex = { .name = "mutex", .family = "sleep",
					       .kind = LB_LOCK_EXCL };
static const struct lb_lock_ops fake_rwsem = { .name = "rwsem", .family = "sleep",
					       .kind = LB_LOCK_RW };

/* Collapse runs of white space to one space and trim the ends. */
static void squeeze(const char *in, char *out, size_t len)
{
	size_t o = 0;
	bool space = false;

	while (*in && isspace((unsigned char)*in))
		in++;
	for (; *in && o + 1 < len; in++) {
		if (isspace((unsigned char)*in)) {
			space = true;
			continue;
		}
		if (space)
			out[o++] = ' ';
		space = false;
		out[o++] = *in;
	}
	out[o] = '\0';
}

static char golden[64][160];
static unsigned ngolden;

/* Read tests/golden/@name into golden[], each line squeezed. */
static void load_golden(const char *name)
{
	const char *srcdir = getenv("srcdir");
	char path[1024], line[256];
	FILE *f;

	ngolden = 0;
	snprintf(path, sizeof(path), "%s/tests/golden/%s", srcdir ? srcdir : ".", name);
	f = fopen(path, "r");
	CHECK(f != NULL, "cannot open %s", path);
	if (!f)
		return;
	while (ngolden < 64 && fgets(line, sizeof(line), f))
		squeeze(line, golden[ngolden++], sizeof(golden[0]));
	fclose(f);
}

/* Split @buf into squeezed lines. */
static unsigned split_lines(char *buf, char lines[][160], unsigned max)
{
	char *save = NULL, *tok;
	unsigned nl = 0;

	for (tok = strtok_r(buf, "\n", &save); tok && nl < max; tok = strtok_r(NULL, "\n", &save))
		squeeze(tok, lines[nl++], 160);
	return nl;
}

/* Turn the seed's data lines from @first up to a non-data line into results. */
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
				sscanf(slash + 1, "%u:%u", &res[n].point.ratio.r, &res[n].point.ratio.w);
			else
				res[n].point.ratio = (struct lb_ratio){ 0, 1 };
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

static unsigned render(struct lb_result *res, unsigned n, bool fixed_time, char lines[][160],
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
	char out[32][160];
	unsigned n, nl, before, after;

	load_golden("seed000-table.txt");
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
		char want[160];

		/* the seed's "mutex 2 ..." is lockbench's "mutex/0:1 2 ..." */
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
	/* repeats are averaged; fixed time is labelled Mops/s with two decimals under 10 */
	memset(res, 0, sizeof(res));
	for (unsigned i = 0; i < 2; i++) {
		res[i].point.ops = &fake_mutex;
		res[i].point.ratio = (struct lb_ratio){ 0, 1 };
		res[i].point.nthreads = 2;
		res[i].point.load_arg = 1;
		res[i].point.repeat = i;
		res[i].exec_ms = 1000 + 1000 * i;
		res[i].ops_per_s = 1.5e6 + 1e6 * i;
	}
	nl = render(res, 2, false, out, 32);
	CHECK_STR(out[2], "mutex/0:1 2 1:1500");
	nl = render(res, 2, true, out, 32);
	CHECK_STR(out[0], "lock/r:w ratio # of threads Load:Throughput (Mops/s)");
	CHECK_STR(out[2], "mutex/0:1 2 1:2.00");
}

/*
 * compare: seed 000's mutex rows as reference rows, its "Before patch"
 * and "After patch" figures as the two sides; the % Change lines must be
 * the seed's, computed, not copied.
 */
static void compare(void)
{
	static struct lb_result ref[8], before[24], after[24];
	const struct lb_result *pref[8], *pbefore[24], *pafter[24];
	struct lb_sides s = { .before = pbefore, .after = pafter, .ref = pref, .by_lock = true };
	char out[40][160], *buf = NULL;
	size_t len = 0;
	FILE *m;
	unsigned nl, b, a, c;

	load_golden("seed000-table.txt");
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
		before[i].point.ratio = after[i].point.ratio = (struct lb_ratio){ 0, 1 };
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

/* aim7: the seed's own rows through the formatter, then a row computed from results. */
static void aim7(void)
{
	static const struct lb_aim7_row seed[] = {
		{ "custom (200-1000)", 446135, 477404, false },
		{ "custom (1100-2000)", 449665, 484734, false },
		{ "high_systime (200-1000)", 152437, 154217, false },
		{ "high_systime (1100-2000)", 269695, 278942, false },
	};
	static const struct lb_lock_ops lk_a = { .name = "lk-a", .kind = LB_LOCK_RW };
	static const struct lb_lock_ops lk_b = { .name = "lk-b", .kind = LB_LOCK_RW };
	struct lb_result res[6];
	struct lb_report rep = { .results = res, .nresults = 6 };
	char out[16][160], *buf = NULL;
	size_t len = 0;
	FILE *m;
	unsigned nl;

	load_golden("seed000-aim7.txt");
	if (ngolden < 8)
		return;
	m = open_memstream(&buf, &len);
	CHECK(lb_aim7_write(m, seed, 4, NULL) == 0, "aim7 formatter failed");
	fclose(m);
	nl = split_lines(buf, out, 16);
	free(buf);
	CHECK(nl == 8, "header, rule, 4 rows, 2 wrapped: got %u", nl);
	/* the intended difference: spec section 4's column names */
	CHECK_STR(out[0], "Workload Before After % Change");
	CHECK_STR(out[1], "-------- ------ ----- --------");
	CHECK(strcmp(golden[0], "Workload Before Patch After Patch % Change") == 0, "seed header");
	for (unsigned i = 2; i < nl && i < 8; i++)
		CHECK_STR(out[i], golden[i]);

	/* two locks at 2, 3 and 4 threads: the mean of the three, per minute */
	memset(res, 0, sizeof(res));
	for (unsigned i = 0; i < 6; i++) {
		res[i].point.ops = i < 3 ? &lk_a : &lk_b;
		res[i].point.ratio = (struct lb_ratio){ 10, 1 };
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
	r.point.ratio = (struct lb_ratio){ 1, 1 };
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
	CHECK_STR(buf, "format_version,lockbench_version,timestamp,host,kernel,cpu_model,topology,"
		  "lock,kind,family,lock_options,ratio,ratio_reads,ratio_writes,threads,load,load_unit,"
		  "load_pauses,delay_pauses,mode,ops_per_thread,duration_s,repeat,placement,cpus,"
		  "lock_node,validate,exec_time_ms,ops_total,ops_per_s,read_ops,write_ops,"
		  "ops_min,ops_mean,ops_max,fairness_jain,setup_ms,tsc_mhz,pause_ns,teardown_ms,"
		  "scenario,readers,writers,reader_ops_min,reader_ops_mean,reader_ops_max,"
		  "writer_ops_min,writer_ops_mean,writer_ops_max,ctr_spin_waits");
	CHECK_STR(nl + 1, "1," PACKAGE_VERSION ",2026-11-29T00:00:00Z,\"box,1\",\"Linux 6.1 \"\"x\"\"\",,,"
		  "ticket,excl,spin,,1:1,1,1,2,5,pause,5,0,ops,1000,0,1,socket,0;1,-1,0,12.500000,2000,"
		  "160000.0,0,2000,1000,1000.0,1000,1.0000,0.2500,0.000,0.000,0.0000,mix,,,,,,,,,77\n");
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
	CHECK(json_object_object_get_ex(root, "format_version", &v) && json_object_get_int(v) == 1,
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

int main(void)
{
	figures();
	table();
	compare();
	compare_noise();
	aim7();
	csv();
	json();
	return check_done();
}

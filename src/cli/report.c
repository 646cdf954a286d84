// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * report.c - lockbench report FILE...: one table over several runs
 *
 * The kernel developer's comparison of several kernels or patches (mmtests'
 * compare-kernels): each FILE is the CSV or JSON of one run, read with the
 * --baseline reader (baseline.c, which refuses a file of another format
 * version); the table has a row per point (lock, ratio, threads, load) and
 * a column per run, each cell the mean figure over the run's repetitions
 * and, from the second run on, its change against the first run's with
 * -f compare's noise mark ('~': Welch's test finds no difference,
 * measure/statistics.c lb_noisy()). Above it, each run's machine and
 * command line. -f csv writes the same table as CSV.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "cli/baseline.h"
#include "cli/report.h"
#include "kernel/sched.h"
#include "measure/statistics.h"
#include "output/output.h"

/* One row: a point of any run. */
struct key {
	const char *lock;
	struct lb_ratio ratio;
	unsigned threads, phase;
	uint64_t load;
};

struct runs {
	struct lb_baseline *b;
	struct lb_ttable *t;
	unsigned n;
	bool fixed_time;
	struct key *keys;
	unsigned nkeys, capkeys;
	struct lb_hidx key_idx;		/* the keys by hash: linear in the files */
};

static const struct lb_tcell *cell_of(const struct lb_ttable *t, const struct key *k)
{
	const struct lb_trow *r = lb_ttable_row(t, k->lock, &k->ratio, k->threads, k->phase);

	return r ? lb_ttable_cell(t, r, k->load) : NULL;
}

static uint64_t key_hash(const struct key *k)
{
	uint64_t h = lb_hash_str(LB_HASH_SEED, k->lock);

	h = lb_hash_u64(h, ((uint64_t)k->ratio.r << 32) | k->ratio.w);
	h = lb_hash_u64(h, ((uint64_t)k->threads << 32) | k->phase);
	return lb_hash_u64(h, k->load);
}

static bool key_is(const struct key *a, const struct key *b)
{
	return strcmp(a->lock, b->lock) == 0 && a->ratio.r == b->ratio.r &&
	       a->ratio.w == b->ratio.w && a->threads == b->threads && a->phase == b->phase &&
	       a->load == b->load;
}

/* Add @k to the rows unless it is one already. */
static void key_add(struct runs *rs, const struct key *k)
{
	uint64_t h = key_hash(k);

	for (uint32_t q = lb_hidx_first(&rs->key_idx, h); q != LB_HIDX_END;
	     q = lb_hidx_next(&rs->key_idx, q))
		if (key_is(&rs->keys[q], k))
			return;
	if (lb_grow((void **)&rs->keys, &rs->capkeys, rs->nkeys, sizeof(*rs->keys), 64) ||
	    lb_hidx_add(&rs->key_idx, h) != rs->nkeys)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	rs->keys[rs->nkeys++] = *k;
}

/* The rows: the first run's points in its order, then those only later runs have. */
static void collect_keys(struct runs *rs)
{
	for (unsigned i = 0; i < rs->n; i++)
		for (unsigned j = 0; j < rs->t[i].nrows; j++) {
			const struct lb_trow *r = &rs->t[i].rows[j];

			for (unsigned c = 0; c < r->ncells; c++) {
				struct key k = { r->lock, r->ratio, r->threads, r->phase, r->cells[c].load };

				key_add(rs, &k);
			}
		}
}

/* Cell @run of row @k: "3.28", "3.10 -5.5%~", or "-" (the run has no such point). */
static void cell_text(const struct runs *rs, unsigned run, const struct key *k, char *buf,
		      size_t len, bool csv)
{
	const struct lb_tcell *c = cell_of(&rs->t[run], k), *first = cell_of(&rs->t[0], k);
	char fig[48], chg[48];

	if (!c) {
		snprintf(buf, len, csv ? "" : "-");
		return;
	}
	if (csv)
		snprintf(fig, sizeof(fig), "%.6g", c->mean);
	else
		lb_fmt_figure(c->mean, rs->fixed_time, fig, sizeof(fig));
	/* the run's own marks: '!' timed out, '*' a thread ran short (the notes say) */
	if (!csv && (c->timed_out || c->nshort))
		snprintf(fig + strlen(fig), sizeof(fig) - strlen(fig), "%s%s", c->timed_out ? "!" : "",
			 c->nshort ? "*" : "");
	if (run == 0) {
		snprintf(buf, len, "%s", fig);
		return;
	}
	if (!first) {
		snprintf(buf, len, csv ? "%s,," : "%s n/a", fig);
		return;
	}
	if (csv) {
		bool noisy = lb_noisy(first->v, first->n, c->v, c->n);

		snprintf(buf, len, "%s,%.2f,%d", fig, first->mean > 0 ?
			 (c->mean - first->mean) / first->mean * 100 : 0.0, noisy);
		return;
	}
	lb_fmt_change(first->mean, c->mean, lb_noisy(first->v, first->n, c->v, c->n), chg,
		      sizeof(chg));
	snprintf(buf, len, "%s %s", fig, chg);
}

static void key_label(const struct key *k, char *buf, size_t len)
{
	char l[192];

	lb_table_label(k->lock, &k->ratio, l, sizeof(l));
	if (k->phase)
		snprintf(buf, len, "%s/phase%u", l, k->phase);
	else
		snprintf(buf, len, "%s", l);
}

static void write_csv(FILE *f, const struct runs *rs)
{
	char cell[256], label[256];

	fprintf(f, "lock,ratio,phase,threads,load,unit");
	for (unsigned r = 0; r < rs->n; r++) {
		fprintf(f, ",run%u", r + 1);
		if (r)
			fprintf(f, ",run%u_change_pct,run%u_noisy", r + 1, r + 1);
	}
	fputc('\n', f);
	for (unsigned i = 0; i < rs->nkeys; i++) {
		const struct key *k = &rs->keys[i];

		lb_ratio_str(&k->ratio, label, sizeof(label));
		fprintf(f, "%s,%s,%u,%u,%llu,%s", k->lock, label, k->phase, k->threads,
			(unsigned long long)k->load, rs->fixed_time ? "Mops/s" : "ms");
		for (unsigned r = 0; r < rs->n; r++) {
			cell_text(rs, r, k, cell, sizeof(cell), true);
			fprintf(f, ",%s", cell);
		}
		fputc('\n', f);
	}
}

/* Under the table: how many cells of each run are marked, and what the marks mean. */
static void marks_notes(FILE *f, const struct runs *rs)
{
	for (unsigned r = 0; r < rs->n; r++) {
		unsigned to = 0, sh = 0;

		for (unsigned i = 0; i < rs->nkeys; i++) {
			const struct lb_tcell *c = cell_of(&rs->t[r], &rs->keys[i]);

			to += c && c->timed_out;
			sh += c && c->nshort;
		}
		if (to)
			fprintf(f, "! run %u: %u point%s timed out (--point-timeout): stopped early, "
				"the figure counts the operations done\n", r + 1, to, LB_S(to));
		if (sh)
			fprintf(f, "* run %u: in %u point%s a thread got less than %.0f%% of the time "
				"it was runnable: preempted, the figure measures the scheduler too\n",
				r + 1, sh, LB_S(sh), LB_RAN_PCT);
	}
}

static void write_table(FILE *f, const struct runs *rs, char **paths)
{
	int w1 = (int)strlen("lock/r:w ratio"), *w = calloc(rs->n, sizeof(int));
	char cell[256], label[256];

	if (!w)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	fprintf(f, "lockbench report: %u runs; %s; each change is against run 1, '~' within the "
		"noise (Welch's test, p > 0.05, 3 or more repeats a side)\n", rs->n,
		rs->fixed_time ? "throughput in Mops/s, higher is better" :
		"execution time in ms, lower is better");
	for (unsigned r = 0; r < rs->n; r++) {
		const struct lb_baseline *b = &rs->b[r];

		fprintf(f, "run %u  %s: %s, %s, %s; lockbench %s, %s\n", r + 1, paths[r],
			*b->host ? b->host : "?", *b->kernel ? b->kernel : "?",
			*b->cpu_model ? b->cpu_model : "?", *b->version ? b->version : "?",
			*b->timestamp ? b->timestamp : b->n && b->results[0].simulated ?
			"simulated (virtual time)" : "?");
		if (b->partial)
			fprintf(f, "       (partial: Ctrl-C or SIGTERM ended it after %u results)\n",
				b->n);
		fprintf(f, "       %s\n", *b->command ? b->command : "(no command line: a format 1 CSV file)");
		w[r] = (int)strlen("run 1") + 1;
	}
	for (unsigned i = 0; i < rs->nkeys; i++) {
		key_label(&rs->keys[i], label, sizeof(label));
		if ((int)strlen(label) > w1)
			w1 = (int)strlen(label);
		for (unsigned r = 0; r < rs->n; r++) {
			cell_text(rs, r, &rs->keys[i], cell, sizeof(cell), false);
			if ((int)strlen(cell) > w[r])
				w[r] = (int)strlen(cell);
		}
	}
	fprintf(f, "\n%-*s  %7s  %6s", w1, "lock/r:w ratio", "threads", "load");
	for (unsigned r = 0; r < rs->n; r++) {
		snprintf(cell, sizeof(cell), "run %u", r + 1);
		fprintf(f, "  %-*s", r + 1 < rs->n ? w[r] : 0, cell);
	}
	fputc('\n', f);
	for (unsigned i = 0; i < rs->nkeys; i++) {
		const struct key *k = &rs->keys[i];

		key_label(k, label, sizeof(label));
		fprintf(f, "%-*s  %7u  %6llu", w1, label, k->threads, (unsigned long long)k->load);
		for (unsigned r = 0; r < rs->n; r++) {
			cell_text(rs, r, k, cell, sizeof(cell), false);
			fprintf(f, "  %-*s", r + 1 < rs->n ? w[r] : 0, cell);
		}
		fputc('\n', f);
	}
	free(w);
	marks_notes(f, rs);
}

/* the options of @lock in run @b ("" without any), or NULL when the file does not say */
static const char *lock_options(const struct lb_baseline *b, const char *lock)
{
	for (unsigned k = 0; k < b->n; k++)
		if (strcmp(b->results[k].point.ops->name, lock) == 0)
			return b->lockopts ? b->lockopts[k] : NULL;
	return NULL;
}

static bool has_lock(const struct lb_baseline *b, const char *lock)
{
	for (unsigned k = 0; k < b->n; k++)
		if (strcmp(b->results[k].point.ops->name, lock) == 0)
			return true;
	return false;
}

/*
 * What makes run @b's figures not those of run @a's conditions: the first
 * field that differs, with both values, into @what; false when none does.
 * A field a file does not say (an older format) is not compared.
 */
static bool runs_differ(const struct lb_baseline *a, const struct lb_baseline *b, char *what,
			size_t len)
{
	const struct lb_point *p = &a->results[0].point, *q = &b->results[0].point;

	/* --simulate: a model's figures against a machine's */
	if (a->results[0].simulated != b->results[0].simulated)
		return snprintf(what, len, "simulated: %d against %d (virtual time against real)",
				b->results[0].simulated, a->results[0].simulated), true;
	if (p->duration > 0 && q->duration > 0 && p->duration != q->duration)
		return snprintf(what, len, "duration_s: %g against %g", q->duration, p->duration), true;
	if (p->duration <= 0 && q->duration <= 0 && p->nops && q->nops && p->nops != q->nops)
		return snprintf(what, len, "ops_per_thread: %llu against %llu",
				(unsigned long long)q->nops, (unsigned long long)p->nops), true;
	if (p->spin != q->spin || p->load_ns != q->load_ns)
		return snprintf(what, len, "load_unit: %s against %s", q->load_ns ? "ns" :
				q->spin ? "loop" : "pause", p->load_ns ? "ns" : p->spin ? "loop" :
				"pause"), true;
	for (unsigned k = 0; k < b->n; k++) {
		const char *lock = b->results[k].point.ops->name, *x, *y;

		if (!has_lock(a, lock))
			continue;
		x = lock_options(a, lock);
		y = lock_options(b, lock);
		if (x && y && strcmp(x, y) != 0)
			return snprintf(what, len, "lock_options of %.60s: '%.140s' against '%.140s'", lock, y,
					x), true;
	}
	if (*a->version && *b->version && strcmp(a->version, b->version) != 0)
		return snprintf(what, len, "lockbench version: %s against %s", b->version,
				a->version), true;
	if (*a->host && *b->host && (strcmp(a->host, b->host) != 0 ||
				     strcmp(a->cpu_model, b->cpu_model) != 0))
		return snprintf(what, len, "machine: %.60s (%.100s) against %.60s (%.100s)", b->host, b->cpu_model,
				a->host, a->cpu_model), true;
	return false;
}

const char *const lb_report_formats[] = { "table", "csv", NULL };	/* csv: 1 */

LB_NORETURN static void report_usage(const char *why)
{
	lb_die(LB_EXIT_USAGE, "report: %s (usage: lockbench report [-f table|csv] [--loose] FILE...)", why);
}

/* lockbench report --help */
LB_NORETURN static void report_help(void)
{
	printf("Usage: lockbench report [-f table|csv] [--loose] FILE...\n"
	       "Put the runs of lockbench's CSV or JSON files side by side: one row per\n"
	       "lock, mix and thread count, one column per file, each figure with its\n"
	       "change against the first file's. A run whose duration or operations,\n"
	       "load unit, lock options, lockbench version or machine differ from the\n"
	       "first run's is refused, naming the field.\n"
	       "\n"
	       "  -f, --format=table|csv  the report as a table (default) or as CSV\n"
	       "      --loose             put such runs side by side all the same, the\n"
	       "                          differences said under the table\n"
	       "  -h, --help              this text\n"
	       "\n"
	       "Full documentation: man lockbench, REPORT\n");
	exit(fflush(stdout) ? LB_EXIT_RUNTIME : LB_EXIT_OK);
}

int lb_report_main(int argc, char **argv)
{
	struct runs rs = { 0 };
	bool csv = false, loose = false;
	char (*differs)[400] = NULL;
	char why[512];
	int i = 1;

	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		const char *fmt = NULL;

		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		}
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
			report_help();
		if (strcmp(argv[i], "--loose") == 0) {
			loose = true;
			continue;
		}
		if (strcmp(argv[i], "-f") == 0 || strcmp(argv[i], "--format") == 0)
			fmt = i + 1 < argc ? argv[++i] : "";
		else if (strncmp(argv[i], "--format=", 9) == 0)
			fmt = argv[i] + 9;
		else if (strncmp(argv[i], "-f", 2) == 0)
			fmt = argv[i] + 2;
		else {
			char what[160];

			snprintf(what, sizeof(what), "unknown option '%.100s'", argv[i]);
			report_usage(what);
		}
		if (strcmp(fmt, lb_report_formats[1]) == 0)
			csv = true;
		else if (strcmp(fmt, lb_report_formats[0]) != 0)
			report_usage("-f: the report is written as table or csv");
	}
	if (i == argc)
		report_usage("no file");
	rs.n = (unsigned)(argc - i);
	rs.b = calloc(rs.n, sizeof(*rs.b));
	rs.t = calloc(rs.n, sizeof(*rs.t));
	if (!rs.b || !rs.t)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	for (unsigned r = 0; r < rs.n; r++) {
		const struct lb_result **ptrs;
		int rc = lb_baseline_load(argv[i + r], &rs.b[r], why, sizeof(why));
		bool ft;

		if (rc)
			lb_die(rc, "report: %s: %s", argv[i + r], why);
		ft = rs.b[r].results[0].point.duration > 0;
		if (r == 0)
			rs.fixed_time = ft;
		else if (ft != rs.fixed_time)
			lb_die(LB_EXIT_USAGE, "report: %s: a run of fixed %s, %s one of fixed %s: their "
			       "figures do not compare", argv[i + r], ft ? "time" : "work", argv[i],
			       rs.fixed_time ? "time" : "work");
		ptrs = malloc(rs.b[r].n * sizeof(*ptrs));
		if (!ptrs)
			lb_die(LB_EXIT_RUNTIME, "out of memory");
		for (unsigned k = 0; k < rs.b[r].n; k++)
			ptrs[k] = &rs.b[r].results[k];
		if (lb_ttable_build(&rs.t[r], ptrs, rs.b[r].n, rs.fixed_time))
			lb_die(LB_EXIT_RUNTIME, "out of memory");
		free(ptrs);
	}
	/* runs of other conditions: refused, or with --loose said under the header */
	differs = calloc(rs.n, sizeof(*differs));
	if (!differs)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	for (unsigned r = 1; r < rs.n; r++)
		if (runs_differ(&rs.b[0], &rs.b[r], differs[r], sizeof(differs[r])) && !loose)
			lb_die(LB_EXIT_USAGE, "report: %s differs from %s in %s: the figures do not "
			       "compare (--loose puts them side by side all the same)", argv[i + r],
			       argv[i], differs[r]);
	collect_keys(&rs);
	if (csv) {
		write_csv(stdout, &rs);
	} else {
		write_table(stdout, &rs, argv + i);
		for (unsigned r = 1; r < rs.n; r++)
			if (differs[r][0])
				printf("(--loose: run %u differs from run 1 in %s)\n", r + 1, differs[r]);
	}
	free(differs);
	for (unsigned r = 0; r < rs.n; r++) {
		lb_ttable_free(&rs.t[r]);
		lb_baseline_free(&rs.b[r]);
	}
	free(rs.t);
	free(rs.b);
	free(rs.keys);
	lb_hidx_free(&rs.key_idx);
	return fflush(stdout) ? LB_EXIT_RUNTIME : LB_EXIT_OK;
}

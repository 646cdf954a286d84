// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * baseline.c - read an earlier CSV (libcsv) or JSON (json-c) of lockbench
 *
 * Both formats carry the same fields (the schema, output/columns.c); this
 * file reads the ones marked LB_COL_BASELINE, one result per point and
 * repetition, and refuses what it cannot trust: a file that is not
 * lockbench's (format_version and the header or top-level keys are
 * checked), one written by a newer format, and a truncated one (JSON that
 * ends early; CSV that does not end with a newline, has an unterminated
 * quote or a row shorter than its header).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>
#ifdef HAVE_LIBCSV
#include <csv.h>
#endif

#include "cli/baseline.h"
#include "base/file.h"
#include "base/log.h"
#include "output/columns.h"
#include "output/output.h"

#define WHY(...) (snprintf(why, len, __VA_ARGS__), LB_EXIT_USAGE)

/* One record: a CSV row under its header, or a JSON result object. */
struct rec {
	char **hdr, **val;	/* CSV */
	unsigned n;
	json_object *obj;	/* JSON */
	unsigned line;		/* for messages: CSV line, or JSON result index */
};

/* The text of column @c in @r: its CSV field, or its key in a JSON result; NULL if none. */
static const char *rec_get(const struct rec *r, const struct lb_column *c)
{
	json_object *v;

	if (r->obj)
		return json_object_object_get_ex(r->obj, lb_col_json_path(c), &v) && v ?
		       json_object_get_string(v) : NULL;
	for (unsigned i = 0; i < r->n; i++)
		if (strcmp(r->hdr[i], c->name) == 0)
			return r->val[i];
	return NULL;
}

static bool is(const struct lb_column *c, const char *name)
{
	return strcmp(c->name, name) == 0;
}

static struct lb_lock_ops *stub_for(struct lb_baseline *b, const char *name)
{
	for (unsigned i = 0; i < b->nstubs; i++)
		if (strcmp(b->stubs[i].name, name) == 0)
			return &b->stubs[i];
	return NULL;
}

static bool to_u64(const char *s, unsigned long long *out)
{
	char *end;

	errno = 0;
	*out = strtoull(s, &end, 10);
	return !errno && end != s && !*end && *s != '-';
}

/* The result's lock: a stub that carries only its name, one per distinct name. */
static int set_lock(struct lb_baseline *b, struct lb_result *res, const char *name, char *why,
		    size_t len)
{
	struct lb_lock_ops *stub = stub_for(b, name);

	if (!stub) {
		stub = &b->stubs[b->nstubs++];
		stub->name = strdup(name);
		stub->family = "baseline";
		stub->desc = "from --baseline";
		if (!stub->name)
			return WHY("out of memory");
	}
	res->point.ops = stub;
	return 0;
}

/* JSON {"name": value, ...} as the CSV's "name=value;..." */
static char *json_lockopts(json_object *o)
{
	char *buf = NULL;
	size_t sz = 0;
	FILE *m = open_memstream(&buf, &sz);
	bool first = true;

	if (!m)
		return NULL;
	json_object_object_foreach(o, k, v) {
		fprintf(m, "%s%s=%s", first ? "" : ";", k, json_object_get_string(v));
		first = false;
	}
	fclose(m);
	return buf;
}

/*
 * What older files may lack: ops_per_thread and duration_s (which agree
 * with the mode), the lock options; and the machine, from the first record.
 */
static int optional_fields(struct lb_baseline *b, const struct rec *r, const char *what,
			   char *why, size_t len)
{
	static const char *const names[] = { "ops_per_thread", "duration_s" };
	struct lb_result *res = &b->results[b->n];
	bool timed = res->point.duration > 0;	/* the mode's put() */
	const struct lb_column *c;
	const char *v;
	json_object *o;

	for (unsigned i = 0; i < 2; i++) {
		c = lb_col_find(names[i]);
		v = rec_get(r, c);
		if (v && *v && (!c->put || !c->put(res, c, v)))
			return WHY("%s %u: %s '%s' is not one lockbench writes", what, r->line,
				   c->name, v);
	}
	if (timed != (res->point.duration > 0) || (!timed && res->point.nops == 0))
		return WHY("%s %u: the mode and ops_per_thread or duration_s disagree", what, r->line);
	if (r->obj && json_object_object_get_ex(r->obj, "lock_options", &o))
		b->lockopts[b->n] = json_lockopts(o);
	else if (!r->obj && (v = rec_get(r, lb_col_find("lock_options"))))
		b->lockopts[b->n] = strdup(v);
	return 0;
}

/*
 * Turn one record into results[b->n] (room for it was allocated): every
 * column of the schema marked LB_COL_BASELINE, each set by its put(); the
 * lock and format_version are this reader's own.
 */
static int add_record(struct lb_baseline *b, const struct rec *r, const char *what, char *why,
		      size_t len)
{
	struct lb_result *res = &b->results[b->n];
	unsigned long long fv = 1;
	const char *lock = NULL;
	int rc;

	memset(res, 0, sizeof(*res));
	res->point.lock_node = -1;
	for (const struct lb_column *c = lb_columns; c->name; c++) {
		const char *v;

		if (!(c->flags & LB_COL_BASELINE))
			continue;
		v = rec_get(r, c);
		if (r->obj && is(c, "format_version"))	/* JSON: the version is the file's */
			continue;
		if ((!v || !*v) && (c->flags & LB_COL_BASE_EMPTY))
			v = "";		/* may be empty, or missing in format 1 */
		else if (!v || !*v)
			return WHY("%s %u has no %s: not a lockbench result", what, r->line, c->name);
		if (is(c, "format_version") && !to_u64(v, &fv))
			return WHY("%s %u: format_version '%s' is not a number", what, r->line, v);
		if (is(c, "lock"))
			lock = v;
		if (c->put && !c->put(res, c, v))
			return WHY("%s %u: %s '%s' is not one lockbench writes", what, r->line,
				   c->name, v);
	}
	if (fv < 1 || fv > LB_FORMAT_VERSION)
		return WHY("%s %u: format_version %llu is not one this lockbench reads (1..%d)", what,
			   r->line, fv, LB_FORMAT_VERSION);
	if ((res->point.mix.r == 0 && res->point.mix.w == 0) || res->point.nthreads == 0 ||
	    res->point.nthreads > LB_MAX_THREADS)
		return WHY("%s %u: the ratio or threads is not one lockbench writes", what, r->line);
	rc = optional_fields(b, r, what, why, len);
	if (!rc)
		rc = set_lock(b, res, lock, why, len);
	if (!rc)
		b->n++;
	return rc;
}

/* The run's machine and command line, from a JSON file's top level. */
static void json_provenance(struct lb_baseline *b, json_object *root)
{
	json_object *v, *host, *argv;
	size_t l = 0;

#define JSTR(obj, key, dst) \
	if (json_object_object_get_ex(obj, key, &v) && json_object_is_type(v, json_type_string)) \
		snprintf(dst, sizeof(dst), "%s", json_object_get_string(v))
	JSTR(root, "lockbench_version", b->version);
	JSTR(root, "timestamp", b->timestamp);
	if (json_object_object_get_ex(root, "host", &host) && json_object_is_type(host, json_type_object)) {
		JSTR(host, "name", b->host);
		JSTR(host, "kernel", b->kernel);
		JSTR(host, "cpu_model", b->cpu_model);
	}
#undef JSTR
	if (json_object_object_get_ex(root, "command_line", &argv) &&
	    json_object_is_type(argv, json_type_array))
		for (size_t i = 0; i < json_object_array_length(argv) && l < sizeof(b->command); i++)
			l += (size_t)snprintf(b->command + l, sizeof(b->command) - l, "%s%s",
					      i ? " " : "",
					      json_object_get_string(json_object_array_get_idx(argv, i)));
}

static int alloc_results(struct lb_baseline *b, unsigned n, char *why, size_t len)
{
	b->results = calloc(n + 1, sizeof(*b->results));
	b->stubs = calloc(n + 1, sizeof(*b->stubs));
	b->lockopts = calloc(n + 1, sizeof(*b->lockopts));
	if (!b->results || !b->stubs || !b->lockopts)
		return WHY("out of memory for %u points", n);
	return 0;
}

static int load_json(struct lb_baseline *b, const char *buf, size_t blen, char *why, size_t len)
{
	struct json_tokener *tok = json_tokener_new();
	json_object *root, *v, *results;
	enum json_tokener_error e;
	int rc = 0;
	size_t n;

	if (!tok)
		return WHY("out of memory");
	root = json_tokener_parse_ex(tok, buf, (int)blen);
	e = json_tokener_get_error(tok);
	json_tokener_free(tok);
	if (!root)
		return e == json_tokener_continue ? WHY("the JSON ends early: truncated file") :
		       WHY("not valid JSON: %s", json_tokener_error_desc(e));
	if (!json_object_is_type(root, json_type_object) ||
	    !json_object_object_get_ex(root, "format_version", &v) ||
	    !json_object_is_type(v, json_type_int) ||
	    !json_object_object_get_ex(root, "lockbench_version", NULL) ||
	    !json_object_object_get_ex(root, "results", &results) ||
	    !json_object_is_type(results, json_type_array)) {
		rc = WHY("not a JSON file of lockbench (no format_version, lockbench_version and "
			 "results)");
		goto out;
	}
	if (json_object_get_int(v) < 1 || json_object_get_int(v) > LB_FORMAT_VERSION) {
		rc = WHY("format_version %d is not one this lockbench reads (1..%d)",
			 json_object_get_int(v), LB_FORMAT_VERSION);
		goto out;
	}
	json_provenance(b, root);
	n = json_object_array_length(results);
	rc = alloc_results(b, (unsigned)n, why, len);
	for (size_t i = 0; !rc && i < n; i++) {
		struct rec r = { .obj = json_object_array_get_idx(results, i), .line = (unsigned)i };

		if (!json_object_is_type(r.obj, json_type_object))
			rc = WHY("result %zu is not an object: not a lockbench result", i);
		else
			rc = add_record(b, &r, "result", why, len);
	}
out:
	json_object_put(root);
	return rc;
}

#ifdef HAVE_LIBCSV
struct csv_rows {
	char ***rows;		/* rows of fields */
	unsigned *nf;		/* fields per row */
	unsigned n, cap;
	char **cur;
	unsigned ncur, capcur;
	bool oom;
};

static void csv_field(void *s, size_t l, void *data)
{
	struct csv_rows *c = data;
	char *f = malloc(l + 1);

	if (c->ncur == c->capcur) {
		char **nc = realloc(c->cur, (c->capcur * 2 + 8) * sizeof(*nc));

		if (!nc) {
			c->oom = true;
			free(f);
			return;
		}
		c->cur = nc;
		c->capcur = c->capcur * 2 + 8;
	}
	if (!f) {
		c->oom = true;
		return;
	}
	memcpy(f, s ? s : "", s ? l : 0);
	f[s ? l : 0] = '\0';
	c->cur[c->ncur++] = f;
}

static void csv_row(int ch, void *data)
{
	struct csv_rows *c = data;

	if (c->n == c->cap) {
		char ***nr = realloc(c->rows, (c->cap * 2 + 16) * sizeof(*nr));
		unsigned *nn = realloc(c->nf, (c->cap * 2 + 16) * sizeof(*nn));

		if (nr)
			c->rows = nr;
		if (nn)
			c->nf = nn;
		if (!nr || !nn) {
			c->oom = true;
			return;
		}
		c->cap = c->cap * 2 + 16;
	}
	c->rows[c->n] = c->cur;
	c->nf[c->n++] = c->ncur;
	c->cur = NULL;
	c->ncur = c->capcur = 0;
}

static void csv_rows_free(struct csv_rows *c)
{
	for (unsigned i = 0; i < c->n; i++) {
		for (unsigned j = 0; j < c->nf[i]; j++)
			free(c->rows[i][j]);
		free(c->rows[i]);
	}
	for (unsigned j = 0; j < c->ncur; j++)
		free(c->cur[j]);
	free(c->cur);
	free(c->rows);
	free(c->nf);
}

static int load_csv(struct lb_baseline *b, const char *buf, size_t blen, char *why, size_t len)
{
	struct csv_parser p;
	struct csv_rows c = { 0 };
	int rc = 0;

	if (blen == 0 || buf[blen - 1] != '\n')
		return WHY("the last line does not end: truncated file");
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL))
		return WHY("out of memory");
	if (csv_parse(&p, buf, blen, csv_field, csv_row, &c) != blen ||
	    csv_fini(&p, csv_field, csv_row, &c)) {
		rc = WHY("not valid CSV (%s): damaged or truncated file",
			 csv_strerror(csv_error(&p)));
		goto out;
	}
	if (c.oom) {
		rc = WHY("out of memory");
		goto out;
	}
	if (c.n == 0 || c.nf[0] == 0 || strcmp(c.rows[0][0], "format_version") != 0) {
		rc = WHY("not a CSV file of lockbench (its first column is not format_version)");
		goto out;
	}
	for (const struct lb_column *col = lb_columns; col->name; col++) {
		struct rec hdr = { .hdr = c.rows[0], .val = c.rows[0], .n = c.nf[0] };

		if ((col->flags & LB_COL_BASELINE) && !(col->flags & LB_COL_BASE_EMPTY) &&
		    !rec_get(&hdr, col)) {
			rc = WHY("not a CSV file of lockbench: no column %s", col->name);
			goto out;
		}
	}
	for (unsigned j = 0; c.n > 1 && j < c.nf[0] && j < c.nf[1]; j++) {
		const char *k = c.rows[0][j], *v = c.rows[1][j];

		if (strcmp(k, "host") == 0)
			snprintf(b->host, sizeof(b->host), "%s", v);
		else if (strcmp(k, "kernel") == 0)
			snprintf(b->kernel, sizeof(b->kernel), "%s", v);
		else if (strcmp(k, "cpu_model") == 0)
			snprintf(b->cpu_model, sizeof(b->cpu_model), "%s", v);
		else if (strcmp(k, "lockbench_version") == 0)
			snprintf(b->version, sizeof(b->version), "%s", v);
		else if (strcmp(k, "timestamp") == 0)
			snprintf(b->timestamp, sizeof(b->timestamp), "%s", v);
		else if (strcmp(k, "command") == 0)	/* format 2 */
			snprintf(b->command, sizeof(b->command), "%s", v);
	}
	rc = alloc_results(b, c.n, why, len);
	for (unsigned i = 1; !rc && i < c.n; i++) {
		struct rec r = { .hdr = c.rows[0], .val = c.rows[i], .n = c.nf[i], .line = i + 1 };

		const char *iv;

		if (c.nf[i] != c.nf[0])
			rc = WHY("line %u has %u fields, the header %u: truncated or damaged file",
				 i + 1, c.nf[i], c.nf[0]);
		else if ((iv = rec_get(&r, lb_col_find("interval"))) && strtoul(iv, NULL, 10) > 1)
			continue;	/* --interval: the point's row again, for a later interval */
		else
			rc = add_record(b, &r, "line", why, len);
	}
out:
	csv_free(&p);
	csv_rows_free(&c);
	return rc;
}
#endif

int lb_baseline_load(const char *path, struct lb_baseline *b, char *why, size_t len)
{
	if (lb_check_regular_file(path, LB_MAX_BASELINE_BYTES, why, len))
		return LB_EXIT_USAGE;	/* /dev/zero, a FIFO, a file over the limit */
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t blen = 0, i = 0;
	FILE *m;
	int rc;

	memset(b, 0, sizeof(*b));
	b->path = path;
	if (!f)
		return WHY("cannot open: %s", strerror(errno));
	m = open_memstream(&buf, &blen);
	if (!m) {
		fclose(f);
		return WHY("out of memory");
	}
	for (int ch; (ch = getc(f)) != EOF;)
		putc(ch, m);
	rc = ferror(f);
	fclose(f);
	if (fclose(m) || rc) {
		free(buf);
		return WHY("cannot read it");
	}
	while (i < blen && (buf[i] == ' ' || buf[i] == '\n' || buf[i] == '\t' || buf[i] == '\r'))
		i++;
	if (i == blen) {
		rc = WHY("the file is empty");
	} else if (buf[i] == '{') {
		rc = load_json(b, buf, blen, why, len);
	} else {
#ifdef HAVE_LIBCSV
		rc = load_csv(b, buf, blen, why, len);
#else
		snprintf(why, len, "reading a CSV baseline needs libcsv, and this lockbench was "
			 "built without it (apt-get install libcsv-dev, then configure again); a "
			 "JSON file (-f json) works");
		rc = LB_EXIT_UNAVAIL;
#endif
	}
	free(buf);
	if (!rc && b->n == 0)
		rc = WHY("it holds no measured point");
	if (rc)
		lb_baseline_free(b);
	return rc;
}

bool lb_baseline_has(const struct lb_baseline *b, const struct lb_point *p)
{
	for (unsigned i = 0; i < b->n; i++) {
		const struct lb_point *q = &b->results[i].point;

		if (strcmp(q->ops->name, p->ops->name) == 0 && lb_point_same_ratio(q, p) &&
		    q->nthreads == p->nthreads &&
		    q->load_arg == p->load_arg && q->load_ns == p->load_ns &&
		    (q->duration > 0) == (p->duration > 0))
			return true;
	}
	return false;
}

/* the identity of a point: lock, ratio, thread count, load */
static bool same_point(const struct lb_point *q, const struct lb_point *p)
{
	return strcmp(q->ops->name, p->ops->name) == 0 && lb_point_same_ratio(q, p) &&
	       q->nthreads == p->nthreads && q->load_arg == p->load_arg;
}

/* The first field in which @q (baseline result @i) differs from @p, into @d; false if none. */
static bool point_diff(const struct lb_baseline *b, unsigned i, const struct lb_point *p,
		       char *d, size_t len)
{
	const struct lb_point *q = &b->results[i].point;
	char here[512];

	if (q->load_ns != p->load_ns)
		snprintf(d, len, "load unit: %s here, %s in the baseline", p->load_ns ? "ns" : "pause",
			 q->load_ns ? "ns" : "pause");
	else if ((q->duration > 0) != (p->duration > 0))
		snprintf(d, len, "mode: %s here, %s in the baseline", p->duration > 0 ? "time" : "ops",
			 q->duration > 0 ? "time" : "ops");
	else if (p->duration <= 0 && q->nops != p->nops)
		snprintf(d, len, "ops: %llu here, %llu in the baseline", (unsigned long long)p->nops,
			 (unsigned long long)q->nops);
	else if (p->duration > 0 && fabs(q->duration - p->duration) > 1e-9 * p->duration)
		snprintf(d, len, "duration: %g s here, %g s in the baseline", p->duration,
			 q->duration);
	else if (b->lockopts[i] && strcmp(b->lockopts[i],
					  lb_lock_options_str(p, here, sizeof(here))) != 0)
		snprintf(d, len, "lock options: '%s' here, '%s' in the baseline", here,
			 b->lockopts[i]);
	else
		return false;
	return true;
}

/*
 * A simulated result against a real one compares a model with a machine:
 * refused unless --baseline-loose (then a warning). 0, or -1 with @why.
 */
static int same_kind(const struct lb_baseline *b, bool simulated, bool loose, char *why,
		     size_t len)
{
	for (unsigned i = 0; i < b->n; i++) {
		if (b->results[i].simulated == simulated)
			continue;
		if (!loose)
			return WHY("it holds %s results and this run is %s: a model and a machine do "
				   "not compare (--baseline-loose compares them anyway)",
				   simulated ? "real" : "simulated", simulated ? "simulated" : "real");
		lb_warn("--baseline=%s: %s results against this %s run, compared anyway "
			"(--baseline-loose)", b->path, simulated ? "real" : "simulated",
			simulated ? "simulated" : "real");
		break;
	}
	return 0;
}

int lb_baseline_check(const struct lb_baseline *b, const struct lb_points *pts, bool loose,
		      char *why, size_t len)
{
	bool any = false;
	char d[1200], other[1200], ratio[32];

	if (same_kind(b, pts->n && pts->v[0].sim, loose, why, len))
		return -1;

	for (unsigned k = 0; k < pts->n; k++) {
		const struct lb_point *p = &pts->v[k];
		bool cand = false, full = false;

		for (unsigned i = 0; i < b->n && !full; i++) {
			if (!same_point(&b->results[i].point, p))
				continue;
			/* the first candidate's difference is the one reported */
			full = !point_diff(b, i, p, cand ? other : d, cand ? sizeof(other) : sizeof(d));
			cand = true;
		}
		any |= full || (cand && loose);
		if (full || !cand || p->repeat)
			continue;
		lb_point_ratio_str(p, ratio, sizeof(ratio));
		if (!loose)
			return WHY("point %s/%s threads=%u load=%llu differs in %s "
				   "(--baseline-loose compares it anyway)", p->ops->name, ratio,
				   p->nthreads, (unsigned long long)p->load_arg, d);
		lb_warn("--baseline=%s: point %s/%s threads=%u load=%llu differs in %s; compared "
			"anyway (--baseline-loose)", b->path, p->ops->name, ratio, p->nthreads,
			(unsigned long long)p->load_arg, d);
	}
	if (!any)
		return WHY("no point of this run is in it (lock, ratio, threads, load, load unit and "
			   "ops/duration mode must match)");
	return 0;
}

bool lb_baseline_machine(const struct lb_baseline *b, const char *host, const char *kernel,
			 const char *cpu, char *buf, size_t len)
{
	snprintf(buf, len, "host %s, kernel %s, CPU %s", *b->host ? b->host : "?",
		 *b->kernel ? b->kernel : "?", *b->cpu_model ? b->cpu_model : "?");
	return (*b->host && strcmp(b->host, host)) || (*b->kernel && strcmp(b->kernel, kernel)) ||
	       (*b->cpu_model && strcmp(b->cpu_model, cpu));
}

void lb_baseline_free(struct lb_baseline *b)
{
	for (unsigned i = 0; b->stubs && i < b->nstubs; i++)
		free((char *)b->stubs[i].name);
	for (unsigned i = 0; b->lockopts && i <= b->n; i++)	/* n: a record that failed */
		free(b->lockopts[i]);
	free(b->lockopts);
	b->lockopts = NULL;
	free(b->stubs);
	free(b->results);
	b->stubs = NULL;
	b->results = NULL;
	b->n = b->nstubs = 0;
}

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

#include "cli/baseline.h"
#include "base/file.h"
#include "base/log.h"
#include "output/columns.h"
#include "output/output.h"

#define WHY(...) (snprintf(why, len, __VA_ARGS__), LB_EXIT_USAGE)


static const char *json_type_word(json_object *v)
{
	return json_type_to_name(json_object_get_type(v));
}

/* A JSON value of the type lockbench writes for @c: numbers for numbers, a string for text. */
static bool json_type_fits(const struct lb_column *c, json_object *v)
{
	switch (c->type) {
	case LB_COL_STR:
		return json_object_is_type(v, json_type_string);
	case LB_COL_DBL:
		return json_object_is_type(v, json_type_double) ||
		       json_object_is_type(v, json_type_int);
	case LB_COL_BOOL:
		return json_object_is_type(v, json_type_boolean);
	default:
		return json_object_is_type(v, json_type_int);
	}
}

/* Printable ASCII only: what lockbench writes in a lock's name and options. */
static bool plain_text(const char *s)
{
	for (; *s; s++)
		if (*s < 0x20 || *s > 0x7e)
			return false;
	return true;
}

/* A JSON result's member at a dotted @path ("ran.short_threads"): false if it has none. */
static bool json_get_path(json_object *obj, const char *path, json_object **v)
{
	char key[64];
	const char *dot;

	while ((dot = strchr(path, '.'))) {
		if ((size_t)(dot - path) >= sizeof(key))
			return false;
		memcpy(key, path, (size_t)(dot - path));
		key[dot - path] = '\0';
		if (!json_object_object_get_ex(obj, key, &obj) ||
		    !json_object_is_type(obj, json_type_object))
			return false;
		path = dot + 1;
	}
	return json_object_object_get_ex(obj, path, v);
}

/*
 * The text of column @c in @r into *@out: its CSV field, or its key in a
 * JSON result (NULL when it has none, or null). Return: 0, or
 * LB_EXIT_USAGE with the reason when the value is of another type than
 * lockbench writes, or a string holding a NUL or a control character.
 */
static int rec_get(const struct lb_brec *r, const struct lb_column *c, const char **out, char *why,
		   size_t len)
{
	json_object *v;
	const char *s;

	*out = NULL;
	if (!r->obj) {
		int at = r->col[c - lb_columns];

		s = at >= 0 && (unsigned)at < r->n ? r->val[at] : NULL;
	} else {
		if (!json_get_path(r->obj, lb_col_json_path(c), &v) || !v)
			return 0;
		if (!json_type_fits(c, v))
			return WHY("%s %u: %s is a JSON %s, not what lockbench writes there", r->what,
				   r->line, c->name, json_type_word(v));
		s = json_object_get_string(v);
		if (json_object_is_type(v, json_type_string) &&
		    (size_t)json_object_get_string_len(v) != strlen(s))
			return WHY("%s %u: %s holds a NUL character", r->what, r->line, c->name);
	}
	if (s && c->type == LB_COL_STR && !plain_text(s))
		return WHY("%s %u: %s holds a control character", r->what, r->line, c->name);
	*out = s;
	return 0;
}

static bool to_u64(const char *s, unsigned long long *out)
{
	char *end;

	errno = 0;
	*out = strtoull(s, &end, 10);
	return !errno && end != s && !*end && *s != '-';
}

static bool is(const struct lb_column *c, const char *name)
{
	return strcmp(c->name, name) == 0;
}

/* The result's lock: a stub that carries only its name, one per distinct name. */
static int set_lock(struct lb_baseline *b, struct lb_result *res, const char *name, char *why,
		    size_t len)
{
	uint64_t h = lb_hash_str(LB_HASH_SEED, name);
	struct lb_lock_ops *stub;

	for (uint32_t i = lb_hidx_first(&b->stub_idx, h); i != LB_HIDX_END;
	     i = lb_hidx_next(&b->stub_idx, i))
		if (strcmp(b->stubs[i]->name, name) == 0) {
			res->point.ops = b->stubs[i];
			return 0;
		}
	if (strlen(name) > 255)
		return WHY("lock name '%.40s...' is longer than any lockbench writes", name);
	if (lb_grow((void **)&b->stubs, &b->capstubs, b->nstubs, sizeof(*b->stubs), 16))
		return WHY("out of memory");
	stub = calloc(1, sizeof(*stub));
	if (!stub || !(stub->name = strdup(name)) || lb_hidx_add(&b->stub_idx, h) != b->nstubs) {
		if (stub)
			free((char *)stub->name);
		free(stub);
		return WHY("out of memory");
	}
	stub->family = "baseline";
	stub->desc = "from --baseline";
	b->stubs[b->nstubs++] = stub;
	res->point.ops = stub;
	return 0;
}

/* JSON {"name": value, ...} as the CSV's "name=value;..." into *@out: an object of numbers and words */
static int json_lockopts(const struct lb_brec *r, json_object *o, char **out, char *why, size_t len)
{
	char *buf = NULL;
	size_t sz = 0;
	FILE *m;
	bool first = true;

	*out = NULL;
	if (!o || !json_object_is_type(o, json_type_object))
		return WHY("result %u: lock_options is a JSON %s, not an object", r->line,
			   o ? json_type_word(o) : "null");
	json_object_object_foreach(o, k, v) {
		const char *s = v ? json_object_get_string(v) : NULL;

		if (!v || !(json_object_is_type(v, json_type_int) ||
			    json_object_is_type(v, json_type_string)))
			return WHY("result %u: lock_options.%.64s is a JSON %s, not a number or a word",
				   r->line, plain_text(k) ? k : "?", v ? json_type_word(v) : "null");
		if (!plain_text(k) || !plain_text(s) || (json_object_is_type(v, json_type_string) &&
		    strlen(s) != (size_t)json_object_get_string_len(v)))
			return WHY("result %u: lock_options holds a control or NUL character", r->line);
	}
	m = open_memstream(&buf, &sz);
	if (!m)
		return WHY("out of memory");
	json_object_object_foreach(o, k2, v2) {
		fprintf(m, "%s%s=%s", first ? "" : ";", k2, json_object_get_string(v2));
		first = false;
	}
	if (fclose(m)) {
		free(buf);
		return WHY("out of memory");
	}
	*out = buf;
	return 0;
}

/*
 * What older files may lack: ops_per_thread and duration_s (which agree
 * with the mode), the lock options; and the machine, from the first record.
 */
static int optional_fields(struct lb_baseline *b, const struct lb_brec *r, char *why, size_t len)
{
	static const char *const names[] = { "ops_per_thread", "duration_s" };
	struct lb_result *res = &b->results[b->n];
	bool timed = res->point.duration > 0;	/* the mode's put() */
	const struct lb_column *c;
	const char *v;
	json_object *o;
	int rc;

	for (unsigned i = 0; i < 2; i++) {
		c = lb_col_find(names[i]);
		rc = rec_get(r, c, &v, why, len);
		if (rc)
			return rc;
		if (v && *v && (!c->put || !c->put(res, c, v)))
			return WHY("%s %u: %s '%s' is not one lockbench writes", r->what, r->line,
				   c->name, v);
	}
	if (timed != (res->point.duration > 0) || (!timed && res->point.nops == 0))
		return WHY("%s %u: the mode and ops_per_thread or duration_s disagree", r->what,
			   r->line);
	if (r->obj && json_object_object_get_ex(r->obj, "lock_options", &o))
		return json_lockopts(r, o, &b->lockopts[b->n], why, len);
	if (r->obj)
		return 0;
	rc = rec_get(r, lb_col_find("lock_options"), &v, why, len);
	if (!rc && v && !(b->lockopts[b->n] = strdup(v)))
		rc = WHY("out of memory");
	return rc;
}

/* Room for one more result (and its lock options) at b->n. */
static int room(struct lb_baseline *b, char *why, size_t len)
{
	unsigned cap;
	struct lb_result *res;
	char **lo;

	if (b->n < b->cap)
		return 0;
	cap = b->cap ? 2 * b->cap : 64;
	if (cap > LB_MAX_BASELINE_BYTES / 64)
		return WHY("more points than a file under the size limit can hold");
	res = realloc(b->results, ((size_t)cap + 1) * sizeof(*res));
	if (res)
		b->results = res;
	lo = realloc(b->lockopts, ((size_t)cap + 1) * sizeof(*lo));
	if (lo)
		b->lockopts = lo;
	if (!res || !lo)
		return WHY("out of memory for %u points", cap);
	memset(lo + b->cap, 0, (cap + 1 - b->cap) * sizeof(*lo));
	b->cap = cap;
	return 0;
}

/* lb_baseline_add_fn (baseline.h): the JSON reader's, and the CSV reader's by pointer */
static int add_record(struct lb_baseline *b, const struct lb_brec *r, char *why, size_t len)
{
	struct lb_result *res;
	unsigned long long fv = 1;
	const char *lock = NULL;
	int rc = room(b, why, len);

	if (rc)
		return rc;
	res = &b->results[b->n];
	memset(res, 0, sizeof(*res));
	res->point.lock_node = -1;
	for (const struct lb_column *c = lb_columns; c->name; c++) {
		const char *v;

		if (!(c->flags & LB_COL_BASELINE))
			continue;
		if (r->obj && is(c, "format_version"))	/* JSON: the version is the file's */
			continue;
		rc = rec_get(r, c, &v, why, len);
		if (rc)
			return rc;
		if ((!v || !*v) && (c->flags & LB_COL_BASE_EMPTY))
			continue;	/* may be empty, or missing in format 1: not given */
		if (!v || !*v)
			return WHY("%s %u has no %s: not a lockbench result", r->what, r->line,
				   c->name);
		if (is(c, "format_version") && !to_u64(v, &fv))
			return WHY("%s %u: format_version '%s' is not a number", r->what, r->line, v);
		if (is(c, "lock"))
			lock = v;
		if (c->put && !c->put(res, c, v))
			return WHY("%s %u: %s '%s' is not one lockbench writes", r->what, r->line,
				   c->name, v);
	}
	if (fv < 1 || fv > LB_FORMAT_VERSION)
		return WHY("%s %u: format_version %llu is not one this lockbench reads (1..%d)",
			   r->what, r->line, fv, LB_FORMAT_VERSION);
	if ((res->point.mix.r == 0 && res->point.mix.w == 0) || res->point.nthreads == 0 ||
	    res->point.nthreads > LB_MAX_THREADS)
		return WHY("%s %u: the ratio or threads is not one lockbench writes", r->what,
			   r->line);
	rc = optional_fields(b, r, why, len);
	if (!rc)
		rc = set_lock(b, res, lock, why, len);
	if (!rc)
		b->n++;
	return rc;
}

/* What a file's text may put before the terminal: control characters as '?' */
static void sanitize(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
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
	if (json_object_object_get_ex(root, "partial", &v) && json_object_is_type(v, json_type_boolean))
		b->partial = json_object_get_boolean(v);
	if (json_object_object_get_ex(root, "command_line", &argv) &&
	    json_object_is_type(argv, json_type_array))
		for (size_t i = 0; i < json_object_array_length(argv) && l < sizeof(b->command); i++) {
			json_object *a = json_object_array_get_idx(argv, i);

			if (json_object_is_type(a, json_type_string))
				l += (size_t)snprintf(b->command + l, sizeof(b->command) - l, "%s%s",
						      i ? " " : "", json_object_get_string(a));
		}
}

/* Nothing but white space after the JSON object. */
static bool only_space(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\n' && s[i] != '\t' && s[i] != '\r')
			return false;
	return true;
}

static int load_json(struct lb_baseline *b, const char *buf, size_t blen, char *why, size_t len)
{
	struct json_tokener *tok = json_tokener_new();
	json_object *root, *v, *results;
	enum json_tokener_error e;
	size_t end;
	int rc = 0;
	size_t n;

	if (!tok)
		return WHY("out of memory");
	root = json_tokener_parse_ex(tok, buf, (int)blen);
	e = json_tokener_get_error(tok);
	end = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (!root)
		return e == json_tokener_continue ? WHY("the JSON ends early: truncated file") :
		       WHY("not valid JSON: %s", json_tokener_error_desc(e));
	if (end > blen || !only_space(buf + end, blen - end)) {
		rc = WHY("text after the JSON object (at byte %zu): not a file lockbench writes", end);
		goto out;
	}
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
	if (json_object_get_int64(v) < 1 || json_object_get_int64(v) > LB_FORMAT_VERSION) {
		rc = WHY("format_version %lld is not one this lockbench reads (1..%d)",
			 (long long)json_object_get_int64(v), LB_FORMAT_VERSION);
		goto out;
	}
	json_provenance(b, root);
	n = json_object_array_length(results);
	for (size_t i = 0; !rc && i < n; i++) {
		struct lb_brec r = { .obj = json_object_array_get_idx(results, i), .line = (unsigned)i,
				 .what = "result" };

		if (!json_object_is_type(r.obj, json_type_object))
			rc = WHY("result %zu is not an object: not a lockbench result", i);
		else
			rc = add_record(b, &r, why, len);
	}
out:
	json_object_put(root);
	return rc;
}


/* The results by lock, ratio, threads and load: lb_baseline_check()'s lookups. */
static uint64_t point_hash(const char *lock, const struct lb_ratio *ratio, unsigned threads,
			   uint64_t load)
{
	uint64_t h = lb_hash_str(LB_HASH_SEED, lock);

	h = lb_hash_u64(h, ((uint64_t)ratio->r << 32) | ratio->w);
	h = lb_hash_u64(h, threads);
	return lb_hash_u64(h, load);
}

static int index_points(struct lb_baseline *b, char *why, size_t len)
{
	for (unsigned i = 0; i < b->n; i++) {
		const struct lb_point *q = &b->results[i].point;
		struct lb_ratio ratio = lb_point_ratio(q);

		if (lb_hidx_add(&b->point_idx, point_hash(q->ops->name, &ratio, q->nthreads,
							   q->load_arg)) != i)
			return WHY("out of memory");
	}
	return 0;
}

static int load_text(struct lb_baseline *b, const char *buf, size_t blen, char *why, size_t len)
{
	size_t i = 0;
	const char *nul = memchr(buf, '\0', blen);

	if (nul)
		return WHY("a NUL byte at offset %zu: not a file lockbench writes", (size_t)(nul - buf));
	while (i < blen && (buf[i] == ' ' || buf[i] == '\n' || buf[i] == '\t' || buf[i] == '\r'))
		i++;
	if (i == blen)
		return WHY("the file is empty");
	if (buf[i] == '{')
		return load_json(b, buf, blen, why, len);
#ifdef HAVE_LIBCSV
	return lb_baseline_load_csv(b, buf, blen, add_record, why, len);
#else
	snprintf(why, len, "reading a CSV baseline needs libcsv, and this lockbench was "
		 "built without it (apt-get install libcsv-dev, then configure again); a "
		 "JSON file (-f json) works");
	return LB_EXIT_UNAVAIL;
#endif
}

int lb_baseline_load(const char *path, struct lb_baseline *b, char *why, size_t len)
{
	char *buf = NULL;
	size_t blen = 0;
	int rc;

	memset(b, 0, sizeof(*b));
	b->path = path;
	/* /dev/zero, a FIFO, a file over the limit, one that grows while read: refused */
	rc = lb_read_regular_file(path, LB_MAX_BASELINE_BYTES, &buf, &blen, why, len) ?
	     LB_EXIT_USAGE : 0;
	if (!rc)
		rc = load_text(b, buf, blen, why, len);
	free(buf);
	if (!rc && b->n == 0)
		rc = WHY("it holds no measured point");
	if (!rc)
		rc = index_points(b, why, len);
	if (rc) {
		lb_baseline_free(b);
		return rc;
	}
	sanitize(b->host);
	sanitize(b->kernel);
	sanitize(b->cpu_model);
	sanitize(b->version);
	sanitize(b->timestamp);
	sanitize(b->command);
	return 0;
}

/* the identity of a point: lock, ratio, thread count, load */
static bool same_point(const struct lb_point *q, const struct lb_point *p)
{
	return strcmp(q->ops->name, p->ops->name) == 0 && lb_point_same_ratio(q, p) &&
	       q->nthreads == p->nthreads && q->load_arg == p->load_arg;
}

/* The first baseline result with @p's identity, or LB_HIDX_END; then lb_hidx_next() on. */
static uint32_t first_match(const struct lb_baseline *b, const struct lb_point *p)
{
	struct lb_ratio ratio = lb_point_ratio(p);
	uint32_t i = lb_hidx_first(&b->point_idx, point_hash(p->ops->name, &ratio, p->nthreads,
							     p->load_arg));

	while (i != LB_HIDX_END && !same_point(&b->results[i].point, p))
		i = lb_hidx_next(&b->point_idx, i);
	return i;
}

static uint32_t next_match(const struct lb_baseline *b, const struct lb_point *p, uint32_t i)
{
	do
		i = lb_hidx_next(&b->point_idx, i);
	while (i != LB_HIDX_END && !same_point(&b->results[i].point, p));
	return i;
}

bool lb_baseline_has(const struct lb_baseline *b, const struct lb_point *p)
{
	for (uint32_t i = first_match(b, p); i != LB_HIDX_END; i = next_match(b, p, i)) {
		const struct lb_point *q = &b->results[i].point;

		if (q->load_ns == p->load_ns && (q->duration > 0) == (p->duration > 0))
			return true;
	}
	return false;
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

		for (uint32_t i = first_match(b, p); i != LB_HIDX_END && !full;
		     i = next_match(b, p, i)) {
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
	for (unsigned i = 0; b->stubs && i < b->nstubs; i++) {
		free((char *)b->stubs[i]->name);
		free(b->stubs[i]);
	}
	for (unsigned i = 0; b->lockopts && i <= b->n && i <= b->cap; i++)	/* n: a record that failed */
		free(b->lockopts[i]);
	free(b->lockopts);
	free(b->stubs);
	free(b->results);
	lb_hidx_free(&b->stub_idx);
	lb_hidx_free(&b->point_idx);
	b->lockopts = NULL;
	b->stubs = NULL;
	b->results = NULL;
	b->n = b->nstubs = b->cap = b->capstubs = 0;
}

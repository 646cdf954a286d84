// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * job.c - --job=FILE and --save-job=FILE: a run's options in a file
 *
 * As fio's job files hold a run, a lockbench job holds the options of one,
 * one per line as on the command line (`--lock=ticket,mcs`, `-t 2`,
 * `--threads 1-4`), with blank lines and `#` comments. --job=FILE puts
 * its options where it stands, so options after it override the file's;
 * --save-job=FILE writes the options of this run (--job expanded,
 * --save-job itself left out) before it starts. Both happen before the
 * options are read (lb_job_expand()), so the header's command line, the
 * CSV's command column and the saved job are the same words: a run saved
 * with --save-job and rerun with --job shows the same command line.
 *
 * A line is one word of argv, or an option and its value split at the
 * first blank when the option has no '=' (`-t 2`, `--lock ticket`); the
 * writer keeps the words as they were given, joining an option and a
 * separate value on one line.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/log.h"
#include "cli/job.h"
#include "cli/table.h"

#define JOB_MAX_BYTES (1u << 20)	/* a job file is options, not data */
#define JOB_MAX_WORDS 4096u

struct words {
	char **v;
	int n, cap;
};

static void push(struct words *w, char *s)
{
	if (w->n + 2 > w->cap) {
		int cap = w->cap ? 2 * w->cap : 64;
		char **v = realloc(w->v, (size_t)cap * sizeof(*v));

		if (!v)
			lb_die(LB_EXIT_RUNTIME, "out of memory");
		w->v = v;
		w->cap = cap;
	}
	w->v[w->n++] = s;
	w->v[w->n] = NULL;
}

/* "--job=FILE" or "--job" "FILE": the value of option @name at argv[*i], or NULL */
static const char *value_of(const char *name, int argc, char **argv, int *i)
{
	size_t l = strlen(name);

	if (strncmp(argv[*i], name, l) != 0)
		return NULL;
	if (argv[*i][l] == '=')
		return argv[*i] + l + 1;
	if (argv[*i][l])
		return NULL;
	if (*i + 1 >= argc)
		lb_die(LB_EXIT_USAGE, "option '%s' needs a value (see lockbench --help)", name);
	return argv[++*i];
}

static char *read_job(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf = malloc(JOB_MAX_BYTES + 1);
	size_t n;

	if (!f || !buf)
		lb_die(f ? LB_EXIT_RUNTIME : LB_EXIT_USAGE, "--job=%s: %s", path,
		       f ? "out of memory" : strerror(errno));
	n = fread(buf, 1, JOB_MAX_BYTES + 1, f);
	if (ferror(f))
		lb_die(LB_EXIT_USAGE, "--job=%s: cannot read it: %s", path, strerror(errno));
	fclose(f);
	if (n > JOB_MAX_BYTES)
		lb_die(LB_EXIT_USAGE, "--job=%s: larger than %u KiB: not a job file", path,
		       JOB_MAX_BYTES >> 10);
	if (memchr(buf, '\0', n))
		lb_die(LB_EXIT_USAGE, "--job=%s: has a NUL byte: not a job file", path);
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* the words of one line of a job into @w (the line is changed in place) */
static void job_line(const char *path, unsigned lineno, char *line, struct words *w)
{
	char *end = line + strlen(line), *blank;

	while (end > line && isspace((unsigned char)end[-1]))
		*--end = '\0';
	while (isspace((unsigned char)*line))
		line++;
	if (!*line || *line == '#')
		return;
	if (line[0] != '-' || !line[1])
		lb_die(LB_EXIT_USAGE, "--job=%s: line %u: '%s' is not an option (one option per "
		       "line, as on the command line)", path, lineno, line);
	if (strncmp(line, "--job", 5) == 0 && (!line[5] || line[5] == '=' || line[5] == ' '))
		lb_die(LB_EXIT_USAGE, "--job=%s: line %u: a job does not include another job", path,
		       lineno);
	if (strncmp(line, "--save-job", 10) == 0)
		lb_die(LB_EXIT_USAGE, "--job=%s: line %u: --save-job belongs on the command line",
		       path, lineno);
	blank = strpbrk(line, " \t");
	if (blank && !memchr(line, '=', (size_t)(blank - line))) {	/* "-t 2", "--lock ticket" */
		*blank++ = '\0';
		while (isspace((unsigned char)*blank))
			blank++;
		push(w, line);
		push(w, blank);
	} else {
		push(w, line);
	}
	if (w->n > (int)JOB_MAX_WORDS)
		lb_die(LB_EXIT_USAGE, "--job=%s: more than %u options", path, JOB_MAX_WORDS);
}

static void expand_job(const char *path, struct words *w)
{
	size_t len;
	char *buf = read_job(path, &len), *line;
	unsigned lineno = 0;
	char *p = buf;

	/* lines by hand: strtok would skip empty ones and shift the numbers */
	for (line = p; line && *line; line = p) {
		char *nl = strchr(line, '\n');

		p = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		job_line(path, ++lineno, line, w);
	}
	/* the words point into buf, which lives as long as the run (argv's lifetime) */
}

void lb_job_expand(int argc, char **argv, struct lb_job *job)
{
	struct words w = { 0 };

	memset(job, 0, sizeof(*job));
	push(&w, argv[0]);
	for (int i = 1; i < argc; i++) {
		int at = i;
		const char *v;

		if (strcmp(argv[i], "--") == 0) {
			for (; i < argc; i++)
				push(&w, argv[i]);
			break;
		}
		if ((v = value_of("--save-job", argc, argv, &i))) {
			if (!*v)
				lb_die(LB_EXIT_USAGE, "--save-job=: empty file name");
			job->save = v;
			continue;
		}
		i = at;
		if ((v = value_of("--job", argc, argv, &i))) {
			if (!*v)
				lb_die(LB_EXIT_USAGE, "--job=: empty file name");
			if (job->job)
				lb_die(LB_EXIT_USAGE, "--job=%s: one job a run (and --job=%s before it)",
				       v, job->job);
			job->job = v;
			expand_job(v, &w);
			continue;
		}
		i = at;
		push(&w, argv[i]);
	}
	job->argc = w.n;
	job->argv = w.v;
}

/* does @word, an option written alone, take the next word as its value */
static bool takes_value(const char *word)
{
	if (word[0] != '-' || strchr(word, '='))
		return false;
	if (word[1] != '-') {	/* -t 2, but -t2 holds its value */
		for (unsigned id = 1; id < O_NOPTS && !word[2]; id++)
			if (lb_opts[id].shortopt == word[1])
				return lb_opts[id].arg && !lb_opts[id].optional;
		return false;
	}
	for (unsigned id = 1; id < O_NOPTS; id++)
		if (strcmp(word + 2, lb_opts[id].name) == 0)
			return lb_opts[id].arg && !lb_opts[id].optional;
	return word[2] != '\0';	/* a lock's own option (--ticket-x): they all take one */
}

/* the temporary file while it is written, removed by a signal or exit before the rename */
static char job_tmp[4096];

static void job_tmp_remove(void)
{
	if (job_tmp[0])
		unlink(job_tmp);
}

void lb_job_save(const struct lb_job *job)
{
	char when[64];
	time_t now = time(NULL);
	struct tm tm;
	FILE *f;
	int fd;

	if (!job->save)
		return;
	for (int i = 1; i < job->argc; i++)
		if (strchr(job->argv[i], '\n'))
			lb_die(LB_EXIT_USAGE, "--save-job=%s: the option '%s' holds a newline, which a "
			       "job file cannot", job->save, job->argv[i]);
	if (snprintf(job_tmp, sizeof(job_tmp), "%s.XXXXXX", job->save) >= (int)sizeof(job_tmp))
		lb_die(LB_EXIT_USAGE, "--save-job=%s: name too long", job->save);
	lb_at_signal(job_tmp_remove);
	lb_at_exit(job_tmp_remove);
	fd = mkstemp(job_tmp);
	if (fd < 0) {
		job_tmp[0] = '\0';
		lb_die(LB_EXIT_USAGE, "--save-job=%s: cannot write it: %s", job->save,
		       strerror(errno));
	}
	f = fdopen(fd, "w");
	if (!f)
		lb_die(LB_EXIT_RUNTIME, "--save-job=%s: %s", job->save, strerror(errno));
	strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S UTC", gmtime_r(&now, &tm));
	fprintf(f, "# lockbench %s job, saved %s\n# rerun: lockbench --job=%s "
		"(options after it override its own)\n", PACKAGE_VERSION, when, job->save);
	for (int i = 1; i < job->argc; i++) {
		const char *a = job->argv[i];

		if (takes_value(a) && i + 1 < job->argc)
			fprintf(f, "%s %s\n", a, job->argv[++i]);
		else
			fprintf(f, "%s\n", a);
	}
	if (fflush(f) || fsync(fileno(f)) || fclose(f) || rename(job_tmp, job->save))
		lb_die(LB_EXIT_RUNTIME, "--save-job=%s: cannot write it: %s", job->save,
		       strerror(errno));
	job_tmp[0] = '\0';	/* renamed: nothing to remove */
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * help.c - --help, --help=LOCK and --export-defaults, generated from the
 * option rows, the lock tables and the table of defaults
 *
 * --help prints the global options, one line each where the text allows,
 * within 80 columns: the row's help and "(default X)" from the table of
 * defaults (plan/defaults.h), the value the parser itself starts from.
 * --help=LOCK prints a lock's own options (--<lock>-<option>); the man page
 * has every option in full. The hidden --export-defaults prints the whole
 * table of defaults, for tests/cli/docs-sync.sh to compare with the man
 * page's "Default:" lines; the hidden --export-values the names the
 * options take, for the bash completion.
 */
#include "config.h"

#include <string.h>

#include "cli/options.h"
#include "cli/report.h"
#include "cli/table.h"
#include "output/output.h"
#include "locks/registry.h"
#include "tree/tree.h"

#define HELP_INDENT	28	/* where the text starts */
#define HELP_WIDTH	80	/* no line of --help is wider */

static void wrap(FILE *f, const char *text, int indent, int width)
{
	int col = indent;
	const char *p = text;

	while (*p) {
		const char *sp = strchr(p, ' ');
		int wl = sp ? (int)(sp - p) : (int)strlen(p);

		if (col > indent && col + 1 + wl > width) {
			fprintf(f, "\n%*s", indent, "");
			col = indent;
		} else if (col > indent) {
			fputc(' ', f);
			col++;
		}
		fprintf(f, "%.*s", wl, p);
		col += wl;
		p += wl;
		while (*p == ' ')
			p++;
	}
	fputc('\n', f);
}

static void help_line(FILE *f, int shortopt, const char *name, const char *arg, bool optional,
		      const char *help)
{
	char left[96], flag[8] = "    ";
	int n;

	if (shortopt)
		snprintf(flag, sizeof(flag), "-%c, ", shortopt);
	n = snprintf(left, sizeof(left), "  %s--%s%s%s%s%s", flag, name, arg && optional ? "[" : "",
		     arg ? "=" : "", arg ? arg : "", arg && optional ? "]" : "");
	if (n >= HELP_INDENT)
		fprintf(f, "%s\n%*s", left, HELP_INDENT, "");
	else
		fprintf(f, "%-*s", HELP_INDENT, left);
	wrap(f, help, HELP_INDENT, HELP_WIDTH - 1);
}

size_t lb_cli_formats_help(char *buf, size_t len)
{
	size_t l = 0;

	for (unsigned k = 0; lb_formats[k].name && l < len; k++)
		l += (size_t)snprintf(buf + l, len - l, "%s%s", k ? ", " : ": ",
				      lb_formats[k].name);
	return l;
}

/* a global option's text: the row's help, what it appends, and its default */
static void row_help(const struct lb_optdef *d, char *buf, size_t len)
{
	size_t l = (size_t)snprintf(buf, len, "%s", d->help);

	if (d->help_more && l < len)
		l += d->help_more(buf + l, len - l);
	if (d->def && l < len) {
		const struct lb_default *def = &lb_defaults[d->def];

		snprintf(buf + l, len - l, " (default %s%s%s)", def->value, def->note ? "; " : "",
			 def->note ? def->note : "");
	}
}

void lb_options_help(FILE *f)
{
	const char *group = NULL;

	fprintf(f, "Usage: lockbench [OPTION]...\n"
		   "       lockbench report FILE...\n"
		   "Measure lock contention: pinned threads run a read:write mix of lock-unlock\n"
		   "operations with a pause-loop critical section, over many lock algorithms,\n"
		   "and print the tables of the LKML postings lockbench reproduces.\n");
	for (unsigned id = 1; id < O_NOPTS; id++) {
		const struct lb_optdef *d = &lb_opts[id];
		char help[1024];

		if (d->hidden)
			continue;
		if (!group || strcmp(group, d->group) != 0) {
			group = d->group;
			fprintf(f, "\n%s:\n", group);
		}
		row_help(d, help, sizeof(help));
		help_line(f, d->shortopt, d->name, d->arg, d->optional, help);
	}
	fprintf(f, "\nEach lock's own options (--<lock>-<option>): lockbench --help=LOCK.\n"
		   "Locks (lockbench --list-locks describes each one):\n");
	{
		char names[4096];
		FILE *m = fmemopen(names, sizeof(names), "w");

		if (m) {
			lb_lock_names(m);
			fclose(m);
			fprintf(f, "  ");
			wrap(f, names, 2, HELP_WIDTH - 1);
		}
	}
	fprintf(f, "\nSubcommand:\n");
	fprintf(f, "%-*s", HELP_INDENT, "  report FILE...");
	wrap(f, "the runs of CSV or JSON files side by side (lockbench report --help)",
	     HELP_INDENT, HELP_WIDTH - 1);
	fprintf(f, "\nExit status: 0 success, 1 runtime failure, 2 usage error, 3 validation\n"
		   "failed, 4 watchdog stopped a stuck point, 5 feature or lock unavailable.\n"
		   "Full documentation: man lockbench\n");
}

/*
 * The first lock whose option @op has the same name and text, if another
 * came before @o: many locks share an option (the sleeping locks' and
 * queued rwlocks' wait-lock), whose text is then given once, there.
 */
static const struct lb_lock_ops *shared_option(const struct lb_lock_ops *o,
					       const struct lb_lock_option *op)
{
	for (unsigned i = 0; i < lb_lock_count() && lb_lock_at(i) != o; i++) {
		const struct lb_lock_ops *p = lb_lock_at(i);

		for (unsigned j = 0; p->options && p->options[j].name; j++)
			if (strcmp(p->options[j].name, op->name) == 0 &&
			    strcmp(p->options[j].help, op->help) == 0)
				return p;
	}
	return NULL;
}

/* lb_lock_help() - --help=LOCK: the lock, then each of its options */
int lb_lock_help(FILE *f, const char *name)
{
	const struct lb_lock_ops *o = lb_lock_find(name);
	char line[1024];
	unsigned n = 0;

	if (!o || (o->flags & LB_LOCK_F_HIDDEN))
		return -1;

	snprintf(line, sizeof(line), "%s (%s, %s): %s", o->name, o->kind == LB_LOCK_RW ?
		 "reader-writer" : "exclusive", o->family, o->desc);
	wrap(f, line, 0, HELP_WIDTH - 1);
	if (o->follows) {
		snprintf(line, sizeof(line), "Follows %s.", o->follows);
		wrap(f, line, 0, HELP_WIDTH - 1);
	}
	for (unsigned j = 0; o->options && o->options[j].name; j++) {
		const struct lb_lock_option *op = &o->options[j];
		const struct lb_lock_ops *first = shared_option(o, op);
		char full[96], help[512];
		size_t l;

		if (!n++)
			fprintf(f, "\nOptions (or as an instance: --lock=%s:OPTION=V):\n", o->name);
		snprintf(full, sizeof(full), "%s-%s", o->name, op->name);
		l = (size_t)snprintf(help, sizeof(help), "%s", op->help);
		if (first && l < sizeof(help))
			l += (size_t)snprintf(help + l, sizeof(help) - l, " (as --%s-%s)", first->name,
					      op->name);
		if (op->type == LB_LOCK_OPT_U64) {
			snprintf(help + l, sizeof(help) - l, " (%llu..%llu, default %llu)",
				 (unsigned long long)op->min, (unsigned long long)op->max,
				 (unsigned long long)op->def);
		} else {
			l += (size_t)snprintf(help + l, sizeof(help) - l, " (");
			for (unsigned v = 0; op->values[v] && l < sizeof(help); v++)
				l += (size_t)snprintf(help + l, sizeof(help) - l, "%s%s",
						      v ? "|" : "", op->values[v]);
			if (l < sizeof(help))
				snprintf(help + l, sizeof(help) - l, ", default %s)",
					 op->values[op->def]);
		}
		help_line(f, 0, full, op->type == LB_LOCK_OPT_U64 ? "N" : "NAME", false, help);
	}
	if (!n)
		fprintf(f, "\nNo options of its own.\n");
	fprintf(f, "\nman lockbench, LOCKS, has its entry in full.\n");
	return 0;
}

void lb_cli_export_defaults(FILE *f)
{
	for (unsigned id = 1; id < LB_NDEFAULTS; id++)
		fprintf(f, "--%s\t%s\t%s\n", lb_defaults[id].option, lb_defaults[id].value,
			lb_defaults[id].when ? lb_defaults[id].when : "");
	for (unsigned id = 1; id < O_NOPTS; id++)
		if (!lb_opts[id].hidden && !lb_opts[id].def)
			fprintf(f, "--%s\t-\t\n", lb_opts[id].name);
}

/* KIND, KEY, then the NULL-terminated @names, tab-separated, the names by spaces */
static void words(FILE *f, const char *kind, const char *key, const char *const *names)
{
	fprintf(f, "%s\t%s\t", kind, key);
	for (unsigned i = 0; names && names[i]; i++)
		fprintf(f, "%s%s", i ? " " : "", names[i]);
	fputc('\n', f);
}

/* @at(0), @at(1)... up to its NULL into @n (at most @max - 1 of them), NULL-terminated */
static const char *const *gather(const char **n, unsigned max, const char *(*at)(unsigned))
{
	unsigned k;

	for (k = 0; k + 1 < max && at(k); k++)
		n[k] = at(k);
	n[k] = NULL;
	return n;
}

/* the formats' names (@ext: 0), extensions (1) or the data formats' extensions (2) */
static const char *const *formats(const char **n, unsigned max, int ext)
{
	unsigned m = 0;

	for (unsigned k = 0; lb_formats[k].name && m + 1 < max; k++)
		if (!ext)
			n[m++] = lb_formats[k].name;
		else if (lb_formats[k].ext && (ext == 1 || lb_formats[k].data))
			n[m++] = lb_formats[k].ext;
	n[m] = NULL;
	return n;
}

/* a lock's options: "options LOCK NAME...", then "values --LOCK-NAME V..." for each enum */
static void export_lock(FILE *f, const struct lb_lock_ops *o)
{
	const struct lb_lock_option *op = o->options;
	char key[96];

	fprintf(f, "options\t%s\t", o->name);
	for (unsigned j = 0; op && op[j].name; j++)
		fprintf(f, "%s%s", j ? " " : "", op[j].name);
	fputc('\n', f);
	for (unsigned j = 0; op && op[j].name; j++) {
		if (op[j].type != LB_LOCK_OPT_ENUM)
			continue;
		snprintf(key, sizeof(key), "--%s-%s", o->name, op[j].name);
		words(f, "values", key, op[j].values);
	}
}

/*
 * lb_cli_export_values() - the hidden --export-values: what the bash
 * completion draws option values from, so that its lists cannot drift from
 * the parser's. One line each: KIND, KEY and the words, tab-separated, the
 * words by spaces:
 *   values   --OPTION       the names a global option takes (an enum's,
 *                           -f's formats, --kernel-config's CONFIG_X=y|n)
 *   values   --LOCK-OPT     the names a lock's option takes
 *   values   report --format  lockbench report's formats
 *   options  LOCK           the lock's options (--LOCK-OPT, LOCK:OPT=V)
 *   tree     --kernel-tree  the locks each tree adds, as NAME:LOCK
 *   ext      --output       the extensions -o tells a format by
 *   ext      --baseline     the data formats' (--baseline, report's files)
 *   ext      --kernel-tree  a tarball's
 */
void lb_cli_export_values(FILE *f)
{
	const char *n[64];
	char key[96];
	unsigned k;

	for (unsigned id = 1; id < O_NOPTS; id++)
		if (lb_opts[id].type == LB_OPT_ENUM) {
			snprintf(key, sizeof(key), "--%s", lb_opts[id].name);
			words(f, "values", key, lb_opts[id].values);
		}
	words(f, "values", "--format", formats(n, LB_ARRAY_SIZE(n), 0));
	words(f, "values", "--kernel-config", gather(n, LB_ARRAY_SIZE(n), lb_tree_config_name));
	words(f, "values", "report --format", lb_report_formats);
	words(f, "tree", "--kernel-tree", gather(n, LB_ARRAY_SIZE(n), lb_tree_lock_name));
	words(f, "ext", "--output", formats(n, LB_ARRAY_SIZE(n), 1));
	words(f, "ext", "--baseline", formats(n, LB_ARRAY_SIZE(n), 2));
	for (k = 0; lb_tree_tarball_exts[k] && k + 1 < LB_ARRAY_SIZE(n); k++)
		n[k] = lb_tree_tarball_exts[k] + 1;	/* without the dot */
	n[k] = NULL;
	words(f, "ext", "--kernel-tree", n);
	for (unsigned i = 0; i < lb_lock_count(); i++) {
		const struct lb_lock_ops *o = lb_lock_at(i);

		if (o->options && o->options[0].name && !(o->flags & LB_LOCK_F_HIDDEN) &&
		    !lb_lock_instance_of(o))
			export_lock(f, o);
	}
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * help.c - --help and --export-defaults, generated from the option rows
 *
 * Each option's line is its row's help text followed by "(default X)" from
 * the row's default, the value the parser itself starts from. The hidden
 * --export-defaults prints each option and that default, one per line, for
 * tests/cli/docs-sync.sh to compare with the man page's "Default: X".
 */
#include "config.h"

#include <string.h>

#include "cli/options.h"
#include "cli/table.h"
#include "output/output.h"
#include "locks/registry.h"

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

static void help_line(FILE *f, int shortopt, const char *name, const char *arg, const char *help)
{
	char left[96];
	int n;

	if (shortopt)
		n = snprintf(left, sizeof(left), "  -%c, --%s%s%s", shortopt, name, arg ? "=" : "",
			     arg ? arg : "");
	else
		n = snprintf(left, sizeof(left), "      --%s%s%s", name, arg ? "=" : "",
			     arg ? arg : "");
	if (n >= 28) {
		fprintf(f, "%s\n%28s", left, "");
	} else {
		fprintf(f, "%-28s", left);
	}
	wrap(f, help, 28, 79);
}

size_t lb_cli_formats_help(char *buf, size_t len)
{
	size_t l = 0;

	for (unsigned k = 0; lb_formats[k].name && l < len; k++)
		l += (size_t)snprintf(buf + l, len - l, "%s%s (%s)", k ? "; " : "",
				      lb_formats[k].name, lb_formats[k].help);
	return l;
}

/* a global option's text: the row's help, what it appends, and its default */
static void row_help(const struct lb_optdef *d, char *buf, size_t len)
{
	size_t l = (size_t)snprintf(buf, len, "%s", d->help);

	if (d->help_more && l < len)
		l += d->help_more(buf + l, len - l);
	if (d->def && l < len)
		snprintf(buf + l, len - l, " (default %s%s)", d->def, d->def_note ? d->def_note : "");
}

/*
 * The first lock whose option @op has the same name and text, if another
 * came before @o: many locks share an option (the sleeping locks' and queued
 * rwlocks' wait-lock), whose text --help then gives once.
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

static void lock_options_help(FILE *f)
{
	for (unsigned i = 0; i < lb_lock_count(); i++) {
		const struct lb_lock_ops *o = lb_lock_at(i);

		for (unsigned j = 0; o->options && o->options[j].name; j++) {
			const struct lb_lock_option *op = &o->options[j];
			const struct lb_lock_ops *first = shared_option(o, op);
			char name[96], help[512], as[128];
			const char *text = op->help;

			if (first) {
				snprintf(as, sizeof(as), "as --%s-%s", first->name, op->name);
				text = as;
			}
			snprintf(name, sizeof(name), "%s-%s", o->name, op->name);
			if (op->type == LB_LOCK_OPT_U64) {
				snprintf(help, sizeof(help), "%s (%llu..%llu, default %llu)", text,
					 (unsigned long long)op->min, (unsigned long long)op->max,
					 (unsigned long long)op->def);
			} else {
				size_t l = (size_t)snprintf(help, sizeof(help), "%s (", text);

				for (unsigned v = 0; op->values[v] && l < sizeof(help); v++)
					l += (size_t)snprintf(help + l, sizeof(help) - l, "%s%s",
							      v ? "|" : "", op->values[v]);
				if (l < sizeof(help))
					snprintf(help + l, sizeof(help) - l, ", default %s)",
						 op->values[op->def]);
			}
			help_line(f, 0, name, op->type == LB_LOCK_OPT_U64 ? "N" : "NAME", help);
		}
	}
}

void lb_options_help(FILE *f)
{
	const char *group = NULL;

	fprintf(f, "Usage: lockbench [OPTION]...\n"
		   "Measure lock contention: pinned threads run a read:write mix of lock-unlock\n"
		   "operations with a pause-loop critical section, over many lock algorithms,\n"
		   "and print the tables of the LKML postings lockbench was made from.\n");
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
		help_line(f, d->shortopt, d->name, d->arg, help);
	}
	fprintf(f, "\nLock options (--<lock>-<option>):\n");
	lock_options_help(f);
	fprintf(f, "\nLocks: ");
	lb_lock_names(f);
	fprintf(f, "\n(lockbench --list-locks describes each one.)\n"
		   "\nExit status: 0 success, 1 runtime failure, 2 usage error, 3 validation failed,\n"
		   "4 watchdog stopped a stuck point, 5 feature or lock unavailable.\n"
		   "Full documentation: man lockbench\n");
}

void lb_cli_export_defaults(FILE *f)
{
	for (unsigned id = 1; id < O_NOPTS; id++)
		if (!lb_opts[id].hidden)
			fprintf(f, "--%s\t%s\n", lb_opts[id].name,
				lb_opts[id].def ? lb_opts[id].def : "-");
}

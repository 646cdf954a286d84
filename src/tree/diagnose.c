// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diagnose.c - a failed compile of a tree's file, in one line
 *
 * The compiler's output of a tree that needs an interface the shim lacks
 * is pages long; the user needs one line: where in the tree (file and
 * line), which symbol, from which header. The compile ran with LC_ALL=C,
 * so its diagnostics are "FILE:LINE:COL: error: ...", with ASCII quotes:
 * - implicit declaration of function 'X'   (a function the shim lacks)
 * - 'X' undeclared                         (a constant, a variable)
 * - unknown type name 'X'                  (a type)
 * - fatal error: H: No such file or directory (a header the shim lacks)
 * The first error in the tree's own files is named (the place the tree
 * uses the interface), else the first one at all. The header of a missing
 * symbol is the first of the tree's headers (include/linux, include/
 * asm-generic, arch/x86/include/asm) that declares or defines it.
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tree/build.h"
#include "tree/util.h"

struct diag {
	char file[PATH_MAX];
	unsigned line;
	char sym[128];
	char text[256];
	enum { D_OTHER, D_FUNC, D_UNDECL, D_TYPE, D_HEADER } kind;
};

/* 'X' after @key in @msg into @sym */
static bool quoted_after(const char *msg, const char *key, char *sym, size_t len)
{
	const char *p = strstr(msg, key), *q;

	if (!p)
		return false;
	p = strchr(p, '\'');
	if (!p)
		return false;
	q = strchr(++p, '\'');
	if (!q || (size_t)(q - p) >= len)
		return false;
	memcpy(sym, p, (size_t)(q - p));
	sym[q - p] = '\0';
	return true;
}

/* "FILE:LINE:COL: error: MSG" into @d; false for any other line */
static bool parse_line(const char *l, struct diag *d)
{
	const char *e = strstr(l, ": error: "), *f = strstr(l, ": fatal error: ");
	const char *msg, *c1, *c2;

	if (!e && !f)
		return false;
	msg = f ? f + strlen(": fatal error: ") : e + strlen(": error: ");
	c1 = strchr(l, ':');
	if (!c1 || c1 > msg)
		return false;
	memset(d, 0, sizeof(*d));
	snprintf(d->file, sizeof(d->file), "%.*s", (int)(c1 - l), l);
	d->line = (unsigned)strtoul(c1 + 1, (char **)&c2, 10);
	snprintf(d->text, sizeof(d->text), "%.*s", (int)strcspn(msg, "\n"), msg);
	if (f && strstr(msg, "No such file or directory")) {
		d->kind = D_HEADER;
		snprintf(d->sym, sizeof(d->sym), "%.*s", (int)strcspn(msg, ":"), msg);
	} else if (quoted_after(msg, "implicit declaration of function", d->sym, sizeof(d->sym))) {
		d->kind = D_FUNC;
	} else if (quoted_after(msg, "unknown type name", d->sym, sizeof(d->sym))) {
		d->kind = D_TYPE;
	} else if (strstr(msg, "undeclared") && quoted_after(msg, "", d->sym, sizeof(d->sym))) {
		d->kind = D_UNDECL;
	}
	return true;
}

/*
 * Does @text declare or define @sym? A line at file scope (it starts in
 * column 0, as the kernel's declarations do; a use inside a function is
 * indented) naming it before '(', '{' or ';', or "#define sym".
 */
static bool declares(const char *text, const char *sym)
{
	size_t l = strlen(sym);

	for (const char *p = strstr(text, sym); p; p = strstr(p + 1, sym)) {
		const char *q = p + l, *bol = p;

		if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
			continue;
		if (isalnum((unsigned char)*q) || *q == '_')
			continue;
		while (bol > text && bol[-1] != '\n')
			bol--;
		if (p - bol >= 8 && !strncmp(p - 8, "#define ", 8))
			return true;
		if (*bol == ' ' || *bol == '\t' || *bol == '#' || *bol == '*' || *bol == '/')
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q == '(' || *q == '{' || *q == ';')
			return true;
	}
	return false;
}

/* The first header under @root/@dir (sorted) that declares @sym, into @out. */
static bool find_in_dir(const char *root, const char *dir, const char *sym, char *out, size_t len)
{
	char path[PATH_MAX];
	struct dirent **names;
	int n;
	bool found = false;

	snprintf(path, sizeof(path), "%s/%s", root, dir);
	n = scandir(path, &names, NULL, alphasort);
	for (int i = 0; i < n; i++) {
		const char *nm = names[i]->d_name;
		size_t l = strlen(nm);

		if (!found && l > 2 && !strcmp(nm + l - 2, ".h")) {
			char file[PATH_MAX + 256], *text;

			snprintf(file, sizeof(file), "%s/%s", path, nm);
			text = lb_tree_read_file(file, NULL);
			if (text && declares(text, sym)) {
				snprintf(out, len, "%s/%s", dir, nm);
				found = true;
			}
			free(text);
		}
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	return found;
}

static bool find_header(const char *root, const char *sym, char *out, size_t len)
{
	static const char *const dirs[] = { "include/linux", "include/linux/sched",
					    "include/asm-generic", "arch/x86/include/asm", NULL };

	for (unsigned i = 0; dirs[i]; i++)
		if (find_in_dir(root, dirs[i], sym, out, len))
			return true;
	return false;
}

/* the first error of @log, preferring one in the tree's files */
static bool first_error(const char *log, const char *root, struct diag *best)
{
	char *text = lb_tree_read_file(log, NULL), *line, *save = NULL;
	size_t rl = strlen(root);
	bool any = false, in_tree = false;
	struct diag d;

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line && !in_tree;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!parse_line(line, &d))
			continue;
		if (!strncmp(d.file, root, rl) && d.file[rl] == '/') {
			memmove(d.file, d.file + rl + 1, strlen(d.file + rl + 1) + 1);
			*best = d;
			any = in_tree = true;
		} else if (!any) {
			*best = d;
			any = true;
		}
	}
	free(text);
	return any;
}

char *lb_tree_diagnose(const struct lb_tree *t, const char *kroot, const char *unit,
		       const char *log)
{
	char hdr[PATH_MAX], *out = NULL;
	struct diag d;
	int rc;

	(void)kroot;
	if (!first_error(log, t->root, &d)) {
		rc = asprintf(&out, "%s did not compile; full log: %s", unit, log);
	} else if (d.kind == D_HEADER) {
		rc = asprintf(&out, "%s:%u: the kernel shim has no <%s>; full log: %s", d.file,
			      d.line, d.sym, log);
	} else if (d.kind != D_OTHER) {
		bool found = find_header(t->root, d.sym, hdr, sizeof(hdr));

		rc = asprintf(&out, "%s:%u: '%s' is not in lockbench's kernel shim (%s%s); full "
			      "log: %s", d.file, d.line, d.sym, found ? "the tree declares it in " :
			      "no header of the tree declares it", found ? hdr : "", log);
	} else {
		rc = asprintf(&out, "%s:%u: %s; full log: %s", d.file, d.line, d.text, log);
	}
	return rc < 0 ? NULL : out;
}

bool lb_tree_x86_failed(const char *log)
{
	char *text = lb_tree_read_file(log, NULL);
	bool x86 = text && (strstr(text, "arch/x86/include/asm/qspinlock.h:") ||
			    strstr(text, "asm/rmwcc.h:"));

	free(text);
	return x86;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * datadir.c - the installed data directory, found from the binary's place
 *
 * LB_BINDIR and LB_PKGDATADIR are make's values when this file was compiled
 * (AM_CPPFLAGS in Makefile.am), LB_ABS_BUILDDIR configure's build tree
 * (config.h). The way between the first two does not change when the
 * prefix does ("make install prefix=DIR"), so a binary installed anywhere
 * finds the data installed with it.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/datadir.h"

/* @path is a directory: its canonical name into @buf */
static int a_dir(const char *path, char *buf, size_t len)
{
	char real[PATH_MAX];
	struct stat st;

	if (!realpath(path, real) || stat(real, &st) || !S_ISDIR(st.st_mode))
		return -1;
	return (size_t)snprintf(buf, len, "%s", real) < len ? 0 : -1;
}

/*
 * pkgdatadir beside the binary @exe (edited): up from its directory as many
 * levels as bindir has below the part it shares with pkgdatadir, then the
 * rest of pkgdatadir (/usr/local/bin, /usr/local/share/lockbench: up one,
 * then share/lockbench).
 */
static int beside(char *exe, char *buf, size_t len)
{
	const char *b = LB_BINDIR, *d = LB_PKGDATADIR;
	char path[PATH_MAX], *up = strrchr(exe, '/');
	size_t i, c = 0;

	for (i = 0; b[i] && b[i] == d[i]; i++)
		if (b[i] == '/')
			c = i;
	if ((!b[i] || b[i] == '/') && (!d[i] || d[i] == '/'))
		c = i;
	for (const char *p = b + c; up && *p; p++) {
		if (p[0] == '/' && p[1] && p[1] != '/') {
			*up = '\0';
			up = strrchr(exe, '/');
		}
	}
	if (!up)
		return -1;
	*up = '\0';
	if ((size_t)snprintf(path, sizeof(path), "%s%s", exe, d + c) >= sizeof(path))
		return -1;
	return a_dir(path, buf, len);
}

int lb_data_dir(char *buf, size_t len)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n > 0) {
		exe[n] = '\0';
		if (!strncmp(exe, LB_ABS_BUILDDIR "/", strlen(LB_ABS_BUILDDIR) + 1))
			return -1;
		if (!beside(exe, buf, len))
			return 0;
	}
	return a_dir(LB_PKGDATADIR, buf, len);
}

// SPDX-License-Identifier: GPL-2.0-or-later
/* log.c - messages on stderr and orderly exits */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "log.h"

int lb_verbose;

static void (*exit_hooks[8])(void);
static unsigned n_exit_hooks;

static void vmsg(const char *prefix, const char *fmt, va_list ap)
{
	char line[2048];

	vsnprintf(line, sizeof(line), fmt, ap);
	fprintf(stderr, "lockbench: %s%s\n", prefix, line);
}

void lb_err(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg("", fmt, ap);
	va_end(ap);
}

void lb_warn(const char *fmt, ...)
{
	va_list ap;

	if (lb_verbose < 0)
		return;
	va_start(ap, fmt);
	vmsg("warning: ", fmt, ap);
	va_end(ap);
}

void lb_info(const char *fmt, ...)
{
	va_list ap;

	if (lb_verbose < 1)
		return;
	va_start(ap, fmt);
	vmsg("", fmt, ap);
	va_end(ap);
}

int lb_why(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return -1;
}

void lb_at_exit(void (*fn)(void))
{
	if (n_exit_hooks < LB_ARRAY_SIZE(exit_hooks))
		exit_hooks[n_exit_hooks++] = fn;
}

void lb_exit(int code)
{
	while (n_exit_hooks)
		exit_hooks[--n_exit_hooks]();
	fflush(stdout);
	fflush(stderr);
	exit(code);
}

void lb_die(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg("", fmt, ap);
	va_end(ap);
	lb_exit(code);
}

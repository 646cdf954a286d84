// SPDX-License-Identifier: GPL-2.0-or-later
/* log.c - messages on stderr and orderly exits */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

int lb_verbose;

static void (*exit_hooks[8])(void);
static unsigned n_exit_hooks;
static void (*signal_hooks[8])(void);
static volatile unsigned n_signal_hooks;

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

void lb_at_signal(void (*fn)(void))
{
	if (n_signal_hooks < LB_ARRAY_SIZE(signal_hooks)) {
		signal_hooks[n_signal_hooks] = fn;
		/* compiler barrier: the slot is filled before a handler can see the count */
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		n_signal_hooks++;
	}
}

void lb_signal_cleanup(void)
{
	for (unsigned i = n_signal_hooks; i-- > 0;)
		signal_hooks[i]();
}

bool lb_pid_is_lockbench(long pid)
{
	char path[64], comm[32] = "";
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%ld/comm", pid);
	f = fopen(path, "r");
	if (!f)
		return false;
	if (!fgets(comm, sizeof(comm), f))
		comm[0] = '\0';
	fclose(f);
	comm[strcspn(comm, "\n")] = '\0';
	return strcmp(comm, "lockbench") == 0;
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

// SPDX-License-Identifier: GPL-2.0-or-later
/* log.c - messages on stderr and orderly exits */
#include "config.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* a terminating signal nobody else handles: the clean-ups, then the shell's 128 + sig */
static void fatal_signal(int sig)
{
	lb_signal_cleanup();
	_exit(128 + sig);
}

/*
 * Every signal whose default action ends the process without a core dump
 * worth keeping and that a user or a pipe may send: the first clean-up
 * registered makes each of them run the clean-ups, unless it is already
 * handled (main.c's own handler) or ignored (nohup; then it cannot kill us).
 */
static void catch_fatal_signals(void)
{
	static const int sigs[] = {
		SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGQUIT,
	};
	static bool caught;
	struct sigaction sa = { .sa_handler = fatal_signal }, old;

	if (caught)
		return;
	caught = true;
	sigfillset(&sa.sa_mask);
	for (unsigned i = 0; i < LB_ARRAY_SIZE(sigs); i++)
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL &&
		    !(old.sa_flags & SA_SIGINFO))
			sigaction(sigs[i], &sa, NULL);
}

void lb_at_signal(void (*fn)(void))
{
	catch_fatal_signals();
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

int lb_pid_start_time(long pid, unsigned long long *start)
{
	char path[64], buf[1024], *p;
	unsigned long long v = 0;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* the name in field 2 may hold spaces and parentheses: count from the last ')' */
	p = strrchr(buf, ')');
	if (!p)
		return -1;
	p++;
	for (int field = 3; field <= 22; field++) {
		char *end;

		while (*p == ' ')
			p++;
		if (field == 22) {
			v = strtoull(p, &end, 10);
			if (end == p)
				return -1;
			break;
		}
		p = strchr(p, ' ');
		if (!p)
			return -1;
	}
	*start = v;
	return 0;
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

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

/* The length of the valid UTF-8 sequence at @s (not a C1 control), or 0. */
static size_t utf8_len(const unsigned char *s)
{
	size_t n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 ? 2 : 0;

	if (s[0] >= 0xf5)
		n = 0;
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if (n == 2 && s[0] == 0xc2 && s[1] < 0xa0)
		return 0;	/* U+0080..U+009F: the C1 controls (CSI is one) */
	if ((n == 3 && s[0] == 0xe0 && s[1] < 0xa0) || (n == 4 && s[0] == 0xf0 && s[1] < 0x90) ||
	    (n == 4 && s[0] == 0xf4 && s[1] >= 0x90) || (n == 3 && s[0] == 0xed && s[1] >= 0xa0))
		return 0;	/* overlong, beyond U+10FFFF, surrogates */
	return n;
}

size_t lb_escape(char *dst, size_t len, const char *src)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t o = 0;

	if (!len)
		return 0;
	while (*s && o + 1 < len) {
		size_t n = *s >= 0x80 ? utf8_len(s) : (*s >= 0x20 && *s != 0x7f);
		char esc[5];

		if (n && o + n < len) {
			memcpy(dst + o, s, n);
			o += n;
			s += n;
			continue;
		}
		if (n)
			break;
		if (*s == '\n' || *s == '\t' || *s == '\r')
			snprintf(esc, sizeof(esc), "\\%c", *s == '\n' ? 'n' : *s == '\t' ? 't' : 'r');
		else
			snprintf(esc, sizeof(esc), "\\x%02x", *s);
		if (o + strlen(esc) >= len)
			break;
		memcpy(dst + o, esc, strlen(esc));
		o += strlen(esc);
		s++;
	}
	dst[o] = '\0';
	return o;
}

/*
 * One line: what the values in it hold (a file's field, a path, an option's
 * argument) is escaped, so a newline or a terminal's escape sequence in
 * them can neither split the line nor reach the terminal.
 */
static void vmsg(const char *prefix, const char *fmt, va_list ap)
{
	char line[2048], safe[4 * sizeof(line)];

	vsnprintf(line, sizeof(line), fmt, ap);
	lb_escape(safe, sizeof(safe), line);
	fprintf(stderr, "lockbench: %s%s\n", prefix, safe);
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

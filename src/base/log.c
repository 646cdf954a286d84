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

const char *lb_pid_stat(long pid, char *buf, size_t len)
{
	char path[64], *p;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
	f = fopen(path, "r");
	if (!f)
		return NULL;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* the name in field 2 may hold spaces and parentheses: count from the last ')' */
	p = strrchr(buf, ')');
	return p ? p + 1 : NULL;
}

int lb_pid_start_time(long pid, unsigned long long *start)
{
	char buf[1024];
	const char *p = lb_pid_stat(pid, buf, sizeof(buf));
	unsigned long long v = 0;

	if (!p)
		return -1;
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

/* --- crashes, and exit() from inside a point ----------------------------- */

char lb_crash_what[LB_CRASH_WHAT_LEN];
volatile sig_atomic_t lb_crash_set;
static volatile sig_atomic_t exiting;	/* lb_exit() runs: its exit() is ours */
static pid_t main_pid;
static const int crash_sigs[] = { SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL };
static struct sigaction crash_old[LB_ARRAY_SIZE(crash_sigs)];	/* a sanitizer's, or the default */

/* async-signal-safe: @parts, each a string, joined and written as one line */
static void write_line(const char *const *parts, unsigned n)
{
	char line[LB_CRASH_WHAT_LEN + 256];
	size_t l = 0;

	for (unsigned i = 0; i < n; i++)
		for (const char *s = parts[i]; s && *s && l + 2 < sizeof(line); s++)
			line[l++] = *s;
	line[l++] = '\n';
	if (write(STDERR_FILENO, line, l) < 0)
		l = 0;
}

static const char *sig_name(int sig)
{
	switch (sig) {
	case SIGSEGV: return "SIGSEGV (a bad memory access)";
	case SIGBUS: return "SIGBUS (a bad memory access)";
	case SIGABRT: return "SIGABRT (abort())";
	case SIGFPE: return "SIGFPE (an arithmetic fault)";
	case SIGILL: return "SIGILL (an illegal instruction)";
	default: return "a fatal signal";
	}
}

/*
 * A crash: one line naming what was running (a lock's point, set by the
 * harness in lb_crash_what), the clean-ups (a --trace instance, -o's
 * temporary file) in the process that owns them, then the signal again
 * under the handler there was before (the default action: the usual
 * 128 + signal and core dump; or a sanitizer's, which reports it). The
 * signal raised is blocked until the handler returns, then delivered.
 */
static void crash_signal(int sig)
{
	const char *parts[] = { "lockbench: crashed: ", sig_name(sig), lb_crash_set ? " in " : "",
				lb_crash_set ? lb_crash_what : "", lb_crash_set ? "" :
				" (no point was running)" };

	write_line(parts, LB_ARRAY_SIZE(parts));
	if (getpid() == main_pid)	/* a --processes worker's are its parent's */
		lb_signal_cleanup();
	for (unsigned i = 0; i < LB_ARRAY_SIZE(crash_sigs); i++)
		if (crash_sigs[i] == sig)
			sigaction(sig, &crash_old[i], NULL);
	raise(sig);
}

/* exit() that is not lb_exit()'s while a point runs: a lock's (a plugin's exit(0) in lock()) */
static void exit_guard(void)
{
	const char *parts[] = { "lockbench: exit() was called in ", lb_crash_what,
				": the run is stopped, its results lost" };

	if (exiting || !lb_crash_set)
		return;
	write_line(parts, LB_ARRAY_SIZE(parts));
	if (getpid() == main_pid)
		lb_signal_cleanup();
	_exit(LB_EXIT_RUNTIME);
}

void lb_catch_crashes(void)
{
	static char altstack[64 * 1024];
	stack_t ss = { .ss_sp = altstack, .ss_size = sizeof(altstack) };
	struct sigaction sa = { .sa_handler = crash_signal, .sa_flags = SA_ONSTACK };

	main_pid = getpid();
	sigaltstack(&ss, NULL);	/* a stack overflow of the main thread still gets its line */
	sigfillset(&sa.sa_mask);
	for (unsigned i = 0; i < LB_ARRAY_SIZE(crash_sigs); i++)
		sigaction(crash_sigs[i], &sa, &crash_old[i]);
	atexit(exit_guard);
}

void lb_exit(int code)
{
	exiting = 1;
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

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* log.h - messages on stderr, the verbosity counter and exit codes */
#ifndef LB_SRC_LOG_H
#define LB_SRC_LOG_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "base/compiler.h"

/* Exit status (the man page's EXIT STATUS). */
enum lb_exit {
	LB_EXIT_OK = 0,
	LB_EXIT_RUNTIME = 1,	/* out of memory, thread creation, tracefs */
	LB_EXIT_USAGE = 2,	/* bad option, lock, list, range; foreign topology */
	LB_EXIT_VALIDATE = 3,	/* --validate found a violation */
	LB_EXIT_WATCHDOG = 4,	/* --timeout stopped a stuck point */
	LB_EXIT_UNAVAIL = 5,	/* feature or lock not in this build or machine */
};

extern int lb_verbose;		/* -v raises, -q lowers; 0 is the default */

/**
 * lb_escape() - @src into @dst (@len bytes) with its non-printable bytes
 * escaped: \n, \t, \r, and \xHH for the other control characters (C0,
 * DEL and the UTF-8 C1 controls) and for bytes that are not valid UTF-8
 *
 * The messages pass every value through it, so that one message stays one
 * line and a terminal's escape sequences in a file or argument are shown,
 * not obeyed. Return: the length written (@dst ends with a NUL).
 */
size_t lb_escape(char *dst, size_t len, const char *src);
/* lb_err() - one line "lockbench: ..." on stderr */
void lb_err(const char *fmt, ...) LB_PRINTF(1, 2);
/* lb_warn() - "lockbench: warning: ..." unless -q */
void lb_warn(const char *fmt, ...) LB_PRINTF(1, 2);
/* lb_info() - a line on stderr when -v was given */
void lb_info(const char *fmt, ...) LB_PRINTF(1, 2);
/* lb_die() - lb_err() then run the exit hooks and exit with @code */
void lb_die(int code, const char *fmt, ...) LB_PRINTF(2, 3) LB_NORETURN;
/* lb_at_exit() - register a clean-up run by lb_die() and lb_exit() (temp files) */
void lb_at_exit(void (*fn)(void));
/**
 * lb_at_signal() - register a clean-up for the terminating signals (SIGINT,
 * SIGTERM, SIGHUP, which main.c handles, and SIGPIPE, SIGUSR1, SIGUSR2,
 * SIGALRM, SIGQUIT, whose handler the first call installs where they are
 * neither handled nor ignored), run by lb_signal_cleanup() from the handler
 * before it calls _exit(128 + sig): @fn must be async-signal-safe (unlink(2),
 * rmdir(2), close(2) on paths and descriptors it prepared beforehand)
 */
void lb_at_signal(void (*fn)(void));
/* lb_signal_cleanup() - run the lb_at_signal() clean-ups, latest first (async-signal-safe) */
void lb_signal_cleanup(void);
/**
 * lb_why() - format a reason into @why (for functions that return -1 and
 * let their caller name the option)
 *
 * Return: -1, so that `return lb_why(...)` reads as a failure.
 */
int lb_why(char *why, size_t len, const char *fmt, ...) LB_PRINTF(3, 4);
/**
 * lb_pid_is_lockbench() - is process @pid a running lockbench?
 *
 * For what a killed run leaves behind (a tracefs instance, the kernel
 * locks' temporary directory), named after its pid: another lockbench's
 * is left alone, a dead one's (or a pid since reused by another program)
 * may be removed.
 */
bool lb_pid_is_lockbench(long pid);
/**
 * lb_pid_start_time() - when process @pid started (field 22 of
 * /proc/PID/stat, clock ticks after boot) into *@start
 *
 * With the pid it names one process for the machine's uptime: a pid reused
 * by a later process has another start time.
 * Return: 0, or -1 when there is no such process.
 */
int lb_pid_start_time(long pid, unsigned long long *start);
/* LB_S() - the plural's "s" after a count of @n: "%u point%s", n, LB_S(n) */
#define LB_S(n) ((n) == 1 ? "" : "s")

/**
 * lb_pid_stat() - /proc/@pid/stat into @buf (@len bytes)
 * Return: where the fields after the name (field 3 on) start, NULL if none.
 */
const char *lb_pid_stat(long pid, char *buf, size_t len);
/*
 * lb_crash_what - what runs now, for the one line of a crash ("lock ticket,
 * point ticket/0:1 threads=2 load=1"): the harness fills it, then sets
 * lb_crash_set, before a point's set-up, and clears lb_crash_set after its
 * tear-down
 */
#define LB_CRASH_WHAT_LEN 256
extern char lb_crash_what[LB_CRASH_WHAT_LEN];
extern volatile sig_atomic_t lb_crash_set;
/**
 * lb_catch_crashes() - SIGSEGV, SIGBUS, SIGABRT, SIGFPE and SIGILL print one
 * line naming lb_crash_what, run the lb_at_signal() clean-ups and take
 * their default action again (128 + signal, a core dump); an exit() while
 * a point runs that is not lb_exit()'s (a lock's) prints one line, runs
 * them and exits 1
 */
void lb_catch_crashes(void);
/* lb_exit() - run the clean-ups and exit */
void lb_exit(int code) LB_NORETURN;

#endif /* LB_SRC_LOG_H */

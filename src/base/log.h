/* SPDX-License-Identifier: GPL-2.0-or-later */
/* log.h - messages on stderr, the verbosity counter and exit codes */
#ifndef LB_SRC_LOG_H
#define LB_SRC_LOG_H

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

/* lb_exit() - run the clean-ups and exit */
void lb_exit(int code) LB_NORETURN;

#endif /* LB_SRC_LOG_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report.h - lockbench report FILE...: one table over several runs (report.c) */
#ifndef LB_SRC_CLI_REPORT_H
#define LB_SRC_CLI_REPORT_H

/* lb_report_formats[] - what report's -f takes: "table", "csv", NULL */
extern const char *const lb_report_formats[];

/* lb_report_main() - argv from "report" on; returns the exit status */
int lb_report_main(int argc, char **argv);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* job.h - --job=FILE and --save-job=FILE: a run's options in a file (job.c) */
#ifndef LB_SRC_CLI_JOB_H
#define LB_SRC_CLI_JOB_H

/**
 * struct lb_job - argv with --job expanded and --save-job taken out
 * @argc, @argv: the words the options are read from (argv[0] first)
 * @job: the --job file, or NULL
 * @save: the --save-job file, or NULL
 */
struct lb_job {
	int argc;
	char **argv;
	const char *job, *save;
};

/*
 * lb_job_expand() - @argv with each --job=FILE replaced by its options and
 * --save-job=FILE taken out, into @job; a bad file is one line and exit 2
 */
void lb_job_expand(int argc, char **argv, struct lb_job *job);
/*
 * lb_job_save() - write @job's options to its --save-job file (through a
 * temporary file renamed over it); nothing without --save-job
 */
void lb_job_save(const struct lb_job *job);

#endif /* LB_SRC_CLI_JOB_H */

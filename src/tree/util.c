// SPDX-License-Identifier: GPL-2.0-or-later
/* util.c - files and commands of the tree builder (util.h) */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tree/util.h"

int lb_tree_run(char *const argv[], const char *log, char *out, size_t len)
{
	int pfd[2] = { -1, -1 }, status;
	size_t got = 0;
	pid_t pid;

	if (out && !log && pipe(pfd))
		return 127;
	pid = fork();
	if (pid < 0)
		return 127;
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY), fd = -1;

		if (null >= 0)
			dup2(null, STDIN_FILENO);
		if (log)
			fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
		else if (out)
			fd = pfd[1];
		else
			fd = open("/dev/null", O_WRONLY);
		if (fd >= 0) {
			dup2(fd, STDOUT_FILENO);
			dup2(log ? fd : open("/dev/null", O_WRONLY), STDERR_FILENO);
		}
		setenv("LC_ALL", "C", 1);
		execvp(argv[0], argv);
		_exit(127);
	}
	if (pfd[1] >= 0)
		close(pfd[1]);
	while (pfd[0] >= 0) {
		char buf[512];
		ssize_t r = read(pfd[0], buf, sizeof(buf));

		if (r <= 0) {
			if (r < 0 && errno == EINTR)
				continue;
			break;
		}
		for (ssize_t i = 0; i < r && got + 1 < len; i++)
			out[got++] = buf[i];
	}
	if (out && len)
		out[got] = '\0';
	if (pfd[0] >= 0)
		close(pfd[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 127;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int lb_tree_mkdirs(const char *path)
{
	char buf[PATH_MAX];
	size_t l = strlen(path);

	if (l >= sizeof(buf))
		return errno = ENAMETOOLONG, -1;
	memcpy(buf, path, l + 1);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0755) && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return mkdir(buf, 0755) && errno != EEXIST ? -1 : 0;
}

void lb_tree_rmtree(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		char sub[PATH_MAX];
		struct stat st;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name);
		if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode))
			lb_tree_rmtree(sub);
		else
			unlink(sub);
	}
	if (d)
		closedir(d);
	rmdir(path);
}

int lb_tree_write_file(const char *path, const void *buf, size_t n)
{
	char tmp[PATH_MAX + 32];
	FILE *f;
	int ok;

	snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", path, (long)getpid());
	f = fopen(tmp, "w");
	if (!f)
		return -1;
	ok = fwrite(buf, 1, n, f) == n;
	ok = fclose(f) == 0 && ok;
	if (!ok || rename(tmp, path)) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

char *lb_tree_read_file(const char *path, size_t *n)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	long sz;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (sz = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)sz + 1);
		if (buf && fread(buf, 1, (size_t)sz, f) != (size_t)sz) {
			free(buf);
			buf = NULL;
		}
		if (buf) {
			buf[sz] = '\0';
			if (n)
				*n = (size_t)sz;
		}
	}
	fclose(f);
	return buf;
}

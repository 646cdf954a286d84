// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * file.c - the files lockbench reads (--topology=FILE.xml, --baseline):
 * regular files under a size limit, opened without blocking on a FIFO
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/file.h"
#include "base/log.h"

static const char *kind_of(mode_t m)
{
	if (S_ISDIR(m))
		return "a directory";
	if (S_ISFIFO(m))
		return "a FIFO";
	if (S_ISCHR(m))
		return "a character device";
	if (S_ISBLK(m))
		return "a block device";
	if (S_ISSOCK(m))
		return "a socket";
	return "not a regular file";
}

int lb_open_regular_file(const char *path, uint64_t max, char *why, size_t len)
{
	struct stat st;
	int fd, fl;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return lb_why(why, len, "cannot open: %s", strerror(errno));
	if (fstat(fd, &st)) {
		lb_why(why, len, "cannot read: %s", strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		lb_why(why, len, "%s, not a regular file", kind_of(st.st_mode));
		close(fd);
		return -1;
	}
	if ((uint64_t)st.st_size > max) {
		lb_why(why, len, "%llu bytes, over the limit of %llu MiB for this file",
		       (unsigned long long)st.st_size, (unsigned long long)(max >> 20));
		close(fd);
		return -1;
	}
	fl = fcntl(fd, F_GETFL);
	if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0) {
		lb_why(why, len, "cannot read: %s", strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

int lb_check_regular_file(const char *path, uint64_t max, char *why, size_t len)
{
	int fd = lb_open_regular_file(path, max, why, len);

	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

int lb_read_regular_file(const char *path, uint64_t max, char **out, size_t *outlen, char *why,
			 size_t len)
{
	size_t cap = 1 << 16, n = 0;
	int fd = lb_open_regular_file(path, max, why, len);
	char *buf;

	*out = NULL;
	*outlen = 0;
	if (fd < 0)
		return -1;
	buf = malloc(cap + 1);
	while (buf) {
		ssize_t got;

		if (n == cap) {
			char *grown = realloc(buf, cap * 2 + 1);

			if (!grown)
				break;
			buf = grown;
			cap *= 2;
		}
		got = read(fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			lb_why(why, len, "cannot read it: %s", strerror(errno));
			goto fail;
		}
		if (got == 0) {
			close(fd);
			buf[n] = '\0';
			*out = buf;
			*outlen = n;
			return 0;
		}
		n += (size_t)got;
		if (n > max) {
			lb_why(why, len, "more than the limit of %llu MiB for this file read from it "
			       "(it grew while it was read, or its size said less)",
			       (unsigned long long)(max >> 20));
			goto fail;
		}
	}
	lb_why(why, len, "out of memory");
fail:
	free(buf);
	close(fd);
	return -1;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz-baseline.c - --baseline: the CSV and JSON readers of
 * src/cli/baseline.c through lb_baseline_load(), on a memory file
 * (memfd_create(2), a regular file named /proc/self/fd/N)
 */
#include "config.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cli/baseline.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	static char path[64];
	struct lb_baseline b;
	char why[512];

	if (fd < 0) {
		fd = memfd_create("lockbench-fuzz-baseline", MFD_CLOEXEC);
		FUZZ_ASSERT(fd >= 0);
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	}
	FUZZ_ASSERT(ftruncate(fd, 0) == 0);
	FUZZ_ASSERT(pwrite(fd, data, size, 0) == (ssize_t)size);
	memset(&b, 0, sizeof(b));
	if (lb_baseline_load(path, &b, why, sizeof(why)) == 0) {
		FUZZ_ASSERT(b.n >= 1);
		lb_baseline_free(&b);
	}
	return 0;
}

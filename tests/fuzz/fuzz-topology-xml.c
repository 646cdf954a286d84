// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz-topology-xml.c - --topology=FILE.xml: the file checks and hwloc's
 * XML loader through lb_topo_load() (machine/topology.c), on a memory file
 * (memfd_create(2), a regular file named /proc/self/fd/N), then the
 * counts and a placement on what it made
 */
#include "config.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/limits.h"
#include "machine/topology.h"
#include "fuzz.h"

#define CHEAP_BYTES (256 * 1024)	/* hwloc's time grows with the objects: keep it cheap */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	static char path[64];
	struct lb_pu *placed = NULL;
	unsigned n = 0;
	char why[512];

	if (size > CHEAP_BYTES)
		return 0;
	if (fd < 0) {
		fd = memfd_create("lockbench-fuzz-topology.xml", MFD_CLOEXEC);
		FUZZ_ASSERT(fd >= 0);
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	}
	FUZZ_ASSERT(ftruncate(fd, 0) == 0);
	FUZZ_ASSERT(pwrite(fd, data, size, 0) == (ssize_t)size);
	if (lb_topo_load(path, why, sizeof(why)) == 0) {
		const struct lb_topo_info *ti = lb_topo_info();

		/*
		 * a count hwloc gave as -1 (objects at several depths) is refused,
		 * never wrapped; a file may have more cores than PUs (a core with
		 * none: hwloc keeps it), which the placement does not mind
		 */
		FUZZ_ASSERT(ti->pus >= 1 && ti->pus <= 16384);
		FUZZ_ASSERT(ti->packages <= LB_MAX_TOPOLOGY_OBJECTS &&
			    ti->cores <= LB_MAX_TOPOLOGY_OBJECTS &&
			    ti->numa_nodes <= LB_MAX_TOPOLOGY_OBJECTS);
		if (lb_topo_place(LB_PLACE_SPREAD, NULL, false, &placed, &n, why, sizeof(why)) == 0) {
			FUZZ_ASSERT(n >= 1 && n <= ti->pus);
			free(placed);
		}
	} else {
		FUZZ_ASSERT(why[0] && !strchr(why, '\n'));
	}
	lb_topo_fini();
	return 0;
}

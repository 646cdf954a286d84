// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz-topology.c - --topology=synthetic:DESC: the size check of
 * machine/topology.c, then, for a description small enough to be cheap,
 * hwloc's synthetic loader and a placement on what it made
 */
#include "config.h"

#include <string.h>

#include "machine/topology.h"
#include "fuzz.h"

#define CHEAP_PUS 64	/* hwloc's time grows with the square of the PUs: keep it cheap */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char spec[480], why[512];
	unsigned long long pus, objects;
	struct lb_pu *placed = NULL;
	unsigned n = 0;

	if (size + 11 > sizeof(spec))
		return 0;
	memcpy(spec, "synthetic:", 10);
	memcpy(spec + 10, data, size);
	spec[10 + size] = '\0';
	if (strlen(spec + 10) != size)
		return 0;	/* an inner NUL: not what the command line can give */
	if (lb_topo_synthetic_size(spec + 10, &pus, &objects, NULL, NULL) || pus > CHEAP_PUS)
		return 0;
	if (lb_topo_load(spec, why, sizeof(why)) == 0) {
		const struct lb_topo_info *ti = lb_topo_info();

		FUZZ_ASSERT(ti->pus >= 1 && ti->pus <= 16384);
		if (lb_topo_place(LB_PLACE_SPREAD, NULL, false, &placed, &n, why, sizeof(why)) == 0) {
			FUZZ_ASSERT(n >= 1 && n <= ti->pus);
			free(placed);
		}
	}
	lb_topo_fini();
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* limits.h - sizes every part agrees on */
#ifndef LB_SRC_BASE_LIMITS_H
#define LB_SRC_BASE_LIMITS_H

#define LB_MAX_THREADS 8192u	/* threads in one point (a lock's tid is below it) */

/*
 * What lockbench reads (base/file.c): a regular file no larger than this.
 * An hwloc XML of a 4096-PU machine is about 10 MiB; a baseline CSV row is
 * under 4 KiB, so 256 MiB is some 60000 points, far more than any run.
 */
#define LB_MAX_TOPOLOGY_XML_BYTES	(64ull << 20)
#define LB_MAX_BASELINE_BYTES		(256ull << 20)
#define LB_MAX_PLUGIN_BYTES		(1ull << 30)	/* --lock-plugin: a shared object */

/*
 * A topology that is not this machine (--topology): hwloc's time and memory
 * grow with the square of the PUs (a synthetic 131072-PU machine took
 * minutes and 760 MB), so a synthetic description is refused above these
 * counts before hwloc sees it. The largest machines sold have under 4096.
 */
#define LB_MAX_TOPOLOGY_PUS		16384ull
#define LB_MAX_TOPOLOGY_OBJECTS		262144ull	/* every level's objects together */

#endif /* LB_SRC_BASE_LIMITS_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz.h - the libFuzzer entry point every target in tests/fuzz/ defines;
 * with --enable-fuzzing libFuzzer calls it, and in every build replay.c
 * calls it once per file of the target's corpus (make check)
 */
#ifndef LB_TESTS_FUZZ_H
#define LB_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* an invariant a target checks: a crash libFuzzer (and the replay) reports */
#define FUZZ_ASSERT(cond)							\
	do {									\
		if (!(cond)) {							\
			fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, \
				__LINE__, #cond);				\
			abort();						\
		}								\
	} while (0)

#endif /* LB_TESTS_FUZZ_H */

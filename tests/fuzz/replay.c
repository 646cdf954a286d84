// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * replay.c - the libFuzzer driver of the ordinary build: call a target's
 * LLVMFuzzerTestOneInput() once for each file of its corpus, so that every
 * input fuzzing ever kept (and every crash fixed, added to the corpus) is
 * run by make check with the normal compiler
 *
 * Usage: replay-TARGET [FILE|DIR]...; with none, $srcdir/tests/fuzz/TARGET.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

#ifndef FUZZ_TARGET
#error "FUZZ_TARGET: the target's name, its corpus folder"
#endif

static unsigned nrun;

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL, *exact;
	size_t len = 0, cap = 0, got;

	if (!f) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	for (;;) {
		if (len == cap) {
			uint8_t *n = realloc(buf, cap = cap ? cap * 2 : 4096);

			if (!n) {
				fclose(f);
				free(buf);
				return -1;
			}
			buf = n;
		}
		got = fread(buf + len, 1, cap - len, f);
		if (!got)
			break;
		len += got;
	}
	fclose(f);
	/* a copy of exactly the input's size, so that ASan sees any read past it */
	exact = malloc(len ? len : 1);
	if (!exact) {
		free(buf);
		return -1;
	}
	memcpy(exact, buf, len);
	free(buf);
	LLVMFuzzerTestOneInput(exact, len);
	free(exact);
	nrun++;
	return 0;
}

static int run_path(const char *path)
{
	struct dirent **names;
	struct stat st;
	int n, rc = 0;

	if (stat(path, &st)) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		return run_file(path);
	n = scandir(path, &names, NULL, alphasort);
	if (n < 0) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	for (int i = 0; i < n; i++) {
		char sub[4096];

		if (names[i]->d_name[0] != '.') {
			snprintf(sub, sizeof(sub), "%s/%s", path, names[i]->d_name);
			if (run_path(sub))
				rc = -1;
		}
		free(names[i]);
	}
	free(names);
	return rc;
}

int main(int argc, char **argv)
{
	char dir[4096];
	const char *src = getenv("srcdir");
	int rc = 0;

	if (argc < 2) {
		snprintf(dir, sizeof(dir), "%s/tests/fuzz/%s", src ? src : ".", FUZZ_TARGET);
		rc = run_path(dir);
	}
	for (int i = 1; i < argc; i++)
		if (run_path(argv[i]))
			rc = -1;
	if (rc || !nrun) {
		fprintf(stderr, "replay-%s: %s\n", FUZZ_TARGET, nrun ? "unreadable inputs" :
			"no input found");
		return 99;	/* automake: a hard error */
	}
	printf("replay-%s: %u inputs, no crash\n", FUZZ_TARGET, nrun);
	return 0;
}

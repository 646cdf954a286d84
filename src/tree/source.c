// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * source.c - which tree: a directory or a tarball, its version, git describe
 *
 * A directory is used where it is. A tarball (linux-source-*.tar.xz, a
 * kernel.org .tar.gz) is 100-140 MB of compressed text of which the build
 * needs a few hundred files: those are extracted once into the cache,
 * under a key of the tarball's path, size and modification time, so that
 * an unchanged tarball is never decompressed again (the extraction of
 * Debian's 6.1 takes about 20 s on the build VM). The extraction goes to
 * a temporary directory renamed into place when complete, so a killed
 * run leaves no half tree that a later one would use.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/log.h"
#include "tree/tree.h"
#include "tree/util.h"

/*
 * What the shim may use of a tree, as tar patterns below its top
 * directory (each '*' stops at a '/'): the lock files, the headers whose
 * content the shim forwards to the tree (pure types, the locks' own fast
 * paths), the rest of include/linux and arch/x86/include/asm, where a
 * failed build looks for the header that declares a missing symbol.
 */
static const char *const extract_patterns[] = {
	"*/Makefile",
	"*/kernel/locking/*",
	"*/kernel/rcu/sync.c",
	"*/include/asm-generic/*",
	"*/include/linux/*",
	"*/include/linux/sched/*",
	"*/arch/x86/include/asm/*",
	NULL,
};

/* Makefile's "NAME = value" lines: VERSION, PATCHLEVEL, SUBLEVEL, EXTRAVERSION */
static void read_version(struct lb_tree *t)
{
	char path[PATH_MAX], line[256], extra[64] = "";
	unsigned v[3] = { 0, 0, 0 };
	bool seen[3] = { false, false, false };
	static const char *const keys[] = { "VERSION", "PATCHLEVEL", "SUBLEVEL" };
	FILE *f;

	snprintf(path, sizeof(path), "%s/Makefile", t->root);
	f = fopen(path, "r");
	while (f && fgets(line, sizeof(line), f)) {
		char *eq = strchr(line, '='), *val;
		size_t klen;

		if (!eq)
			continue;
		klen = strcspn(line, " \t=");
		val = eq + 1 + strspn(eq + 1, " \t");
		val[strcspn(val, "\r\n")] = '\0';
		for (unsigned k = 0; k < 3; k++)
			if (!seen[k] && klen == strlen(keys[k]) && !strncmp(line, keys[k], klen)) {
				v[k] = (unsigned)strtoul(val, NULL, 10);
				seen[k] = true;
			}
		if (klen == strlen("EXTRAVERSION") && !strncmp(line, "EXTRAVERSION", klen))
			snprintf(extra, sizeof(extra), "%s", val);
		if (seen[0] && seen[1] && seen[2] && strstr(line, "EXTRAVERSION"))
			break;
	}
	if (f)
		fclose(f);
	if (!seen[0] || !seen[1])
		lb_die(LB_EXIT_USAGE, "--kernel-tree=%s: %s has no VERSION and PATCHLEVEL: not a "
		       "kernel tree's top Makefile", t->arg, path);
	snprintf(t->version, sizeof(t->version), "%u.%u.%u%s", v[0], v[1], v[2], extra);
	t->vcode = v[0] << 16 | v[1] << 8 | (v[2] > 255 ? 255 : v[2]);
}

/* `git describe --dirty` of a git tree (its .git a directory or a file), or "" */
static void read_git(struct lb_tree *t)
{
	char dotgit[PATH_MAX];
	char *const argv[] = { "git", "-C", t->root, "describe", "--tags", "--always", "--dirty",
			       NULL };

	t->git[0] = '\0';
	snprintf(dotgit, sizeof(dotgit), "%s/.git", t->root);
	if (t->tarball || access(dotgit, F_OK) != 0)
		return;
	if (lb_tree_run(argv, NULL, t->git, sizeof(t->git)) != 0)
		t->git[0] = '\0';
	t->git[strcspn(t->git, "\r\n")] = '\0';
}

/* The tarball's files, extracted once into @cache/src/<key> (see the file's comment). */
static void extract(struct lb_tree *t, const struct stat *st, const char *cache)
{
	char dir[PATH_MAX], tmp[PATH_MAX + 32], done[PATH_MAX + 64], log[PATH_MAX + 16];
	const char *argv[32] = { "tar", "-x", "-f", t->path, "-C", tmp, "--strip-components=1",
				 "--wildcards", "--no-wildcards-match-slash" };
	unsigned long long h = lb_tree_hash(0, t->path, strlen(t->path));
	unsigned n = 9;

	h = lb_tree_hash(h, &st->st_size, sizeof(st->st_size));
	h = lb_tree_hash(h, &st->st_mtim, sizeof(st->st_mtim));
	snprintf(dir, sizeof(dir), "%s/src/%016llx", cache, h);
	snprintf(done, sizeof(done), "%s/.complete", dir);
	t->root = strdup(dir);
	if (!t->root)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	if (access(done, F_OK) == 0)
		return;
	snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", dir, (long)getpid());
	snprintf(log, sizeof(log), "%s.log", dir);
	if (lb_tree_mkdirs(tmp))
		lb_die(LB_EXIT_RUNTIME, "--kernel-tree=%s: cannot make %s: %s", t->arg, tmp,
		       strerror(errno));
	for (unsigned i = 0; extract_patterns[i]; i++)
		argv[n++] = extract_patterns[i];
	argv[n] = NULL;
	if (isatty(STDERR_FILENO))	/* some 20 s of silence otherwise */
		fprintf(stderr, "lockbench: extracting the lock files of %s into the cache (once "
			"for this tarball)\n", t->path);
	/* tar exits 2 when a pattern matches nothing (an older tree): the check below decides */
	(void)lb_tree_run((char *const *)argv, log, NULL, 0);
	snprintf(done, sizeof(done), "%s/kernel/locking", tmp);
	if (access(done, F_OK) != 0) {
		lb_tree_rmtree(tmp);
		lb_die(LB_EXIT_USAGE, "--kernel-tree=%s: no kernel/locking/ in the tarball (tar's "
		       "output: %s)", t->arg, log);
	}
	snprintf(done, sizeof(done), "%s/.complete", tmp);
	if (lb_tree_write_file(done, "", 0) || rename(tmp, dir)) {
		int e = errno;

		lb_tree_rmtree(tmp);
		/* another lockbench extracted the same tarball meanwhile: use its copy */
		snprintf(done, sizeof(done), "%s/.complete", dir);
		if (access(done, F_OK) != 0)
			lb_die(LB_EXIT_RUNTIME, "--kernel-tree=%s: cannot move the extraction "
			       "into %s: %s", t->arg, dir, strerror(e));
	}
	unlink(log);
}

const char *const lb_tree_tarball_exts[] = { ".tar.xz", ".tar.gz", ".tgz", ".txz", ".tar.bz2",
					     ".tar", ".tar.zst", NULL };

static bool is_tarball(const char *p)
{
	const char *const *ext = lb_tree_tarball_exts;
	size_t l = strlen(p);

	for (unsigned i = 0; ext[i]; i++)
		if (l > strlen(ext[i]) && !strcmp(p + l - strlen(ext[i]), ext[i]))
			return true;
	return false;
}

void lb_tree_resolve(struct lb_tree *t, const char *cache)
{
	char real[PATH_MAX], probe[PATH_MAX + 32];
	struct stat st;

	if (!realpath(t->path, real) || stat(real, &st) != 0)
		lb_die(LB_EXIT_USAGE, "--kernel-tree=%s: %s: %s", t->arg, t->path, strerror(errno));
	free(t->path);
	t->path = strdup(real);
	if (!t->path)
		lb_die(LB_EXIT_RUNTIME, "out of memory");
	if (S_ISDIR(st.st_mode)) {
		t->root = strdup(real);
		if (!t->root)
			lb_die(LB_EXIT_RUNTIME, "out of memory");
		snprintf(probe, sizeof(probe), "%s/kernel/locking", real);
		if (access(probe, F_OK) != 0)
			lb_die(LB_EXIT_USAGE, "--kernel-tree=%s: %s has no kernel/locking/: not a "
			       "kernel source tree", t->arg, real);
	} else if (S_ISREG(st.st_mode) && is_tarball(real)) {
		t->tarball = true;
		extract(t, &st, cache);
	} else {
		lb_die(LB_EXIT_USAGE, "--kernel-tree=%s: %s is neither a directory nor a kernel "
		       "tarball (.tar.xz, .tar.gz)", t->arg, real);
	}
	read_version(t);
	read_git(t);
}

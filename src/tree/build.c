// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * build.c - compile a tree's lock files against the shim, with a cache
 *
 * Units: each of the tree's files (kernel/locking/qspinlock.c, ...) is a
 * translation unit of its own, as in the kernel, and so is each glue file
 * (kshim/glue/, the lb_lock_ops around it) and the shim's runtime; all
 * are linked into one shared object per tree. A lock is available when
 * every unit it needs compiled; the object holds only those units.
 *
 * The cache ($XDG_CACHE_HOME/lockbench, else ~/.cache/lockbench), one
 * directory per kind of entry, every entry written to a temporary file
 * and renamed (no half entry is ever used), the whole build under an
 * exclusive flock() of "lock" (two lockbenchs never build at once; the
 * second finds the first's entries):
 * - dep/<k0>: the files a unit used last time (the compiler's -MD list),
 *   each as T (the tree's, relative to its root), K (the shim's or
 *   lockbench's headers, relative to the kshim root) or S (the system's);
 *   k0 hashes the build identity (this lockbench's version and binary, the
 *   compiler, the flags, the configuration) and the unit's own file.
 * - obj/<k1>.o: the object; k1 hashes k0 and the content of every file
 *   in dep/<k0> (a system header by its size and time), so an edit to any
 *   file a unit used rebuilds that unit only, and a copy of a tree finds
 *   the objects of the files it did not change.
 * - so/<k2>.so: the linked object of the units' k1s.
 * - log/<k1>.log: a failed compile's output, kept for the user.
 */
#include "config.h"
#include "lb-revision.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/datadir.h"
#include "base/log.h"
#include "tree/build.h"
#include "tree/tree.h"
#include "tree/util.h"

enum { L_QSPIN = 1, L_QRW = 2, L_OSQ = 4, L_MUTEX = 8, L_RWSEM = 16, L_PCPU = 32, L_ALL = 63 };
enum root_kind { R_TREE, R_SHIM, R_RUNTIME };

struct unit {
	const char *src;	/* relative to the tree (R_TREE) or the kshim root */
	enum root_kind kind;
	unsigned needed_by;	/* L_* bits of the locks that need it */
};

static const struct unit units[] = {
	{ "kernel/locking/qspinlock.c", R_TREE, L_QSPIN | L_QRW | L_MUTEX | L_RWSEM | L_PCPU },
	{ "kernel/locking/qrwlock.c", R_TREE, L_QRW },
	{ "kernel/locking/osq_lock.c", R_TREE, L_OSQ | L_MUTEX | L_RWSEM },
	{ "kernel/locking/mutex.c", R_TREE, L_MUTEX },
	{ "kernel/locking/rwsem.c", R_TREE, L_RWSEM },
	{ "kernel/locking/percpu-rwsem.c", R_TREE, L_PCPU },
	{ "kernel/rcu/sync.c", R_TREE, L_PCPU },
	{ "kshim/glue/events.c", R_SHIM, L_ALL },
	{ "kshim/glue/qspinlock.c", R_SHIM, L_QSPIN },
	{ "kshim/glue/qrwlock.c", R_SHIM, L_QRW },
	{ "kshim/glue/osq.c", R_SHIM, L_OSQ },
	{ "kshim/glue/mutex.c", R_SHIM, L_MUTEX },
	{ "kshim/glue/rwsem.c", R_SHIM, L_RWSEM },
	{ "kshim/glue/percpu-rwsem.c", R_SHIM, L_PCPU },
	{ "kshim/runtime.c", R_RUNTIME, L_ALL },
};
#define NUNITS LB_ARRAY_SIZE(units)

/* the state of one unit in one build */
struct job {
	unsigned long long k0, k1;
	char obj[PATH_MAX], log[PATH_MAX], dep[PATH_MAX];
	char *why;		/* the failure's one line */
	pid_t pid;
	bool cached, failed;
	unsigned long long tree_hash;	/* of the tree's files it used */
};

struct build {
	struct lb_tree *t;
	const char *cache, *kroot;
	char ident[1024];	/* the build identity, hashed into every key */
	bool own_x86;
	struct job jobs[NUNITS];
};

unsigned long long lb_tree_hash(unsigned long long h, const void *p, size_t n)
{
	const unsigned char *b = p;

	if (!h)
		h = 0xcbf29ce484222325ull;	/* FNV-1a, 64 bits */
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3ull;
	return h;
}

static unsigned long long hash_str(unsigned long long h, const char *s)
{
	return lb_tree_hash(h, s, strlen(s) + 1);
}

/* the content of @path into @h; false when it cannot be read */
static bool hash_file(unsigned long long *h, const char *path)
{
	size_t n;
	char *buf = lb_tree_read_file(path, &n);

	if (!buf)
		return false;
	*h = lb_tree_hash(*h, buf, n);
	free(buf);
	return true;
}

const char *lb_tree_cache_dir(void)
{
	static char dir[PATH_MAX];
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");

	if (dir[0])
		return dir;
	if (xdg && *xdg == '/')
		snprintf(dir, sizeof(dir), "%s/lockbench", xdg);
	else if (home && *home)
		snprintf(dir, sizeof(dir), "%s/.cache/lockbench", home);
	else
		return NULL;
	if (lb_tree_mkdirs(dir)) {
		dir[0] = '\0';
		return NULL;
	}
	return dir;
}

/* Is kshim/runtime.c in @dir? */
static bool kshim_in(const char *dir)
{
	char p[PATH_MAX];

	snprintf(p, sizeof(p), "%s/kshim/runtime.c", dir);
	return access(p, R_OK) == 0;
}

const char *lb_tree_kshim_root(void)
{
	static char dir[PATH_MAX];
	const char *env = getenv("LOCKBENCH_KSHIM_DIR");

	if (env && *env)
		return kshim_in(env) ? env : NULL;
	/* the installation's own shim; a binary of the build tree has none: its source tree's */
	if (!lb_data_dir(dir, sizeof(dir) - sizeof("/kshim"))) {
		strcat(dir, "/kshim");
		if (kshim_in(dir))
			return dir;
	}
	return kshim_in(LB_KSHIM_SRCDIR) ? LB_KSHIM_SRCDIR : NULL;
}

/* This lockbench, the compiler, the configuration: a different one of any rebuilds. */
static int build_ident(struct build *b)
{
	char cc[256] = "", exe[PATH_MAX] = "";
	char *const ccv[] = { (char *)lb_tree_cc(), "--version", NULL };
	struct stat st = { 0 };
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n > 0)
		exe[n] = '\0';
	stat(exe, &st);
	if (lb_tree_run(ccv, NULL, cc, sizeof(cc)) != 0)
		return -1;
	cc[strcspn(cc, "\n")] = '\0';
	snprintf(b->ident, sizeof(b->ident), "lockbench %s %s exe %s %lld %lld; cc %s; %s; "
		 "cacheline %d; linux 0x%06x; x86 %s; %s", PACKAGE_VERSION, LB_GIT_REVISION, exe,
		 (long long)st.st_size, (long long)st.st_mtime, cc, lb_tree_config_defines(),
		 LB_CACHELINE, b->t->vcode, b->own_x86 ? "own" : "tree", b->kroot);
	return 0;
}

/* the path of a unit's source */
static void unit_src(const struct build *b, unsigned u, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s", units[u].kind == R_TREE ? b->t->root : b->kroot, units[u].src);
}

/*
 * A manifest's line "T kernel/locking/mcs_spinlock.h" into @h (and the
 * tree's ones into @th); false when a file is gone (the unit rebuilds).
 */
static bool hash_dep(const struct build *b, const char *line, unsigned long long *h,
		     unsigned long long *th)
{
	char path[PATH_MAX];
	struct stat st;

	if (line[0] == 'S') {
		if (stat(line + 2, &st) != 0)
			return false;
		*h = hash_str(*h, line);
		*h = lb_tree_hash(*h, &st.st_size, sizeof(st.st_size));
		*h = lb_tree_hash(*h, &st.st_mtime, sizeof(st.st_mtime));
		return true;
	}
	snprintf(path, sizeof(path), "%s/%s", line[0] == 'T' ? b->t->root : b->kroot, line + 2);
	*h = hash_str(*h, line);
	if (line[0] == 'T') {
		*th = hash_str(*th, line + 2);
		if (!hash_file(th, path))
			return false;
	}
	return hash_file(h, path);
}

/* k1 from the manifest of @j->k0, or false when there is none or a file changed */
static bool unit_key(const struct build *b, struct job *j)
{
	char *m = lb_tree_read_file(j->dep, NULL), *line, *save = NULL;
	unsigned long long h = j->k0, th = 0;
	bool ok = m != NULL;

	for (line = m ? strtok_r(m, "\n", &save) : NULL; ok && line;
	     line = strtok_r(NULL, "\n", &save))
		ok = strlen(line) > 2 && hash_dep(b, line, &h, &th);
	free(m);
	j->k1 = h;
	j->tree_hash = th;
	return ok;
}

static void job_paths(const struct build *b, struct job *j)
{
	snprintf(j->obj, sizeof(j->obj), "%s/obj/%016llx.o", b->cache, j->k1);
	snprintf(j->log, sizeof(j->log), "%s/log/%016llx-%016llx.log", b->cache, j->k0,
		 (unsigned long long)getpid());
}

/* -MD's output into a manifest (T/K/S lines), written with the final object */
static int write_manifest(const struct build *b, struct job *j, const char *dfile)
{
	char *d = lb_tree_read_file(dfile, NULL), *p, *out;
	size_t tl = strlen(b->t->root), kl = strlen(b->kroot), n = 0, cap;
	int rc;

	if (!d)
		return -1;
	p = strchr(d, ':');
	cap = strlen(d) * 2 + 16;
	out = malloc(cap);
	if (!p || !out) {
		free(d);
		free(out);
		return -1;
	}
	for (p++; *p;) {
		char path[PATH_MAX];
		size_t l = 0;

		while (*p == ' ' || *p == '\\' || *p == '\n')
			p++;
		while (*p && *p != ' ' && *p != '\n' && l + 1 < sizeof(path)) {
			if (*p == '\\' && p[1] == ' ')
				p++;
			path[l++] = *p++;
		}
		path[l] = '\0';
		if (!l)
			continue;
		if (!strncmp(path, b->t->root, tl) && path[tl] == '/')
			n += (size_t)snprintf(out + n, cap - n, "T %s\n", path + tl + 1);
		else if (!strncmp(path, b->kroot, kl) && path[kl] == '/')
			n += (size_t)snprintf(out + n, cap - n, "K %s\n", path + kl + 1);
		else
			n += (size_t)snprintf(out + n, cap - n, "S %s\n", path);
	}
	rc = lb_tree_write_file(j->dep, out, n);
	free(out);
	free(d);
	return rc;
}

/* Start the compiler on unit @u; the object goes to a temporary name first. */
static pid_t start_compile(const struct build *b, unsigned u, struct job *j)
{
	char src[PATH_MAX], tmp[PATH_MAX + 32], dfile[PATH_MAX + 40];
	char *argv[64];
	pid_t pid;

	unit_src(b, u, src, sizeof(src));
	snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", j->obj, (long)getpid());
	snprintf(dfile, sizeof(dfile), "%s.d", tmp);
	lb_tree_cc_argv(b->t, b->kroot, units[u].kind != R_RUNTIME, b->own_x86, src, tmp, dfile,
			argv, LB_ARRAY_SIZE(argv));
	unlink(j->log);
	pid = fork();
	if (pid == 0) {
		int fd = open(j->log, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (fd >= 0) {
			dup2(fd, STDOUT_FILENO);
			dup2(fd, STDERR_FILENO);
		}
		setenv("LC_ALL", "C", 1);
		execvp(argv[0], argv);
		_exit(127);
	}
	lb_tree_cc_argv_free(argv);
	return pid;
}

/* A compile ended: move its object into place, or say why it failed. */
static void finish_compile(const struct build *b, unsigned u, struct job *j, int status)
{
	char tmp[PATH_MAX + 32], dfile[PATH_MAX + 40];

	snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", j->obj, (long)getpid());
	snprintf(dfile, sizeof(dfile), "%s.d", tmp);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && write_manifest(b, j, dfile) == 0 &&
	    unit_key(b, j)) {
		unlink(j->log);
		job_paths(b, j);	/* k1 from what it really used */
		if (rename(tmp, j->obj) == 0) {
			unlink(dfile);
			return;
		}
	}
	unlink(tmp);
	unlink(dfile);
	j->failed = true;
	j->why = lb_tree_diagnose(b->t, b->kroot, units[u].src, j->log);
}

/* Compile every unit that is not in the cache, as many at once as there are CPUs. */
static void compile_all(struct build *b)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned next = 0, running = 0;

	if (ncpu < 1)
		ncpu = 1;
	for (;;) {
		int status;
		pid_t pid;

		while (next < NUNITS && running < (unsigned)ncpu) {
			struct job *j = &b->jobs[next];

			if (!j->cached) {
				j->pid = start_compile(b, next, j);
				if (j->pid > 0) {
					running++;
				} else {
					j->failed = true;
					j->why = strdup("could not start the compiler");
				}
			}
			next++;
		}
		if (!running)
			break;
		pid = wait(&status);
		if (pid < 0 && errno == EINTR)
			continue;
		if (pid < 0)
			break;
		for (unsigned u = 0; u < NUNITS; u++)
			if (b->jobs[u].pid == pid) {
				b->jobs[u].pid = 0;
				finish_compile(b, u, &b->jobs[u], status);
				running--;
			}
	}
}

/* The keys of every unit, and which must be compiled. */
static void plan_units(struct build *b)
{
	for (unsigned u = 0; u < NUNITS; u++) {
		struct job *j = &b->jobs[u];
		char src[PATH_MAX];
		unsigned long long h = hash_str(0, b->ident);

		memset(j, 0, sizeof(*j));
		unit_src(b, u, src, sizeof(src));
		h = hash_str(h, units[u].src);
		if (!hash_file(&h, src)) {
			j->failed = true;
			if (asprintf(&j->why, "%s: %s", units[u].src, strerror(errno)) < 0)
				j->why = NULL;
			j->cached = true;
			continue;
		}
		j->k0 = h;
		snprintf(j->dep, sizeof(j->dep), "%s/dep/%016llx", b->cache, j->k0);
		j->cached = unit_key(b, j);
		job_paths(b, j);
		if (j->cached && access(j->obj, R_OK) != 0)
			j->cached = false;
	}
}

/* Link the objects of the locks that built; the path of the shared object, or NULL. */
static char *link_units(struct build *b, unsigned avail, char **why)
{
	char so[PATH_MAX], tmp[PATH_MAX + 32], log[PATH_MAX];
	char *argv[NUNITS + 16];
	unsigned long long h = hash_str(0, b->ident), th = 0;
	unsigned n = 0;

	for (unsigned u = 0; u < NUNITS; u++)
		if (units[u].needed_by & avail) {
			h = lb_tree_hash(h, &b->jobs[u].k1, sizeof(b->jobs[u].k1));
			th = lb_tree_hash(th, &b->jobs[u].tree_hash, sizeof(th));
		}
	snprintf(b->t->hash, sizeof(b->t->hash), "%08llx", (th ^ (th >> 32)) & 0xffffffffull);
	snprintf(so, sizeof(so), "%s/so/%016llx.so", b->cache, h);
	if (access(so, R_OK) == 0)
		return strdup(so);
	snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", so, (long)getpid());
	snprintf(log, sizeof(log), "%s/log/%016llx.link.log", b->cache, h);
	argv[n++] = (char *)lb_tree_cc();
	argv[n++] = "-shared";
	argv[n++] = "-o";
	argv[n++] = tmp;
	for (unsigned u = 0; u < NUNITS; u++)
		if (units[u].needed_by & avail)
			argv[n++] = b->jobs[u].obj;
	argv[n++] = "-Wl,-Bsymbolic";
	argv[n++] = "-Wl,-z,start-stop-visibility=hidden";
	argv[n++] = "-lpthread";
	argv[n] = NULL;
	unlink(log);
	if (lb_tree_run(argv, log, NULL, 0) != 0 || rename(tmp, so) != 0) {
		unlink(tmp);
		if (asprintf(why, "linking the tree's locks failed; full log: %s", log) < 0)
			*why = NULL;
		return NULL;
	}
	unlink(log);
	return strdup(so);
}

int lb_tree_cache_lock(const char *cache)
{
	static const char *const sub[] = { "dep", "obj", "so", "log", "src" };
	char p[PATH_MAX];
	int fd;

	for (unsigned i = 0; i < LB_ARRAY_SIZE(sub); i++) {
		snprintf(p, sizeof(p), "%s/%s", cache, sub[i]);
		if (lb_tree_mkdirs(p))
			return -1;
	}
	snprintf(p, sizeof(p), "%s/lock", cache);
	fd = open(p, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd >= 0)
		while (flock(fd, LOCK_EX) != 0 && errno == EINTR)
			;
	return fd;
}

/* Which locks have every unit; the others get their first failed unit's line. */
static unsigned available(const struct build *b, char *why[LB_TREE_NLOCKS])
{
	unsigned avail = 0;

	for (unsigned l = 0; l < LB_TREE_NLOCKS; l++) {
		why[l] = NULL;
		for (unsigned u = 0; u < NUNITS && !why[l]; u++)
			if ((units[u].needed_by >> l & 1) && b->jobs[u].failed)
				why[l] = strdup(b->jobs[u].why ? b->jobs[u].why : "failed");
		if (!why[l])
			avail |= 1u << l;
	}
	return avail;
}

static void free_jobs(struct build *b)
{
	for (unsigned u = 0; u < NUNITS; u++)
		free(b->jobs[u].why);
}

char *lb_tree_build(struct lb_tree *t, const char *cache, char *why[LB_TREE_NLOCKS])
{
	struct build b = { .t = t, .cache = cache, .kroot = lb_tree_kshim_root() };
	char *so = NULL, *lwhy = NULL;
	unsigned avail;

	if (!b.kroot)
		lb_die(LB_EXIT_UNAVAIL, "--kernel-tree=%s: lockbench's kernel shim (kshim/) is "
		       "neither installed (%s/kshim) nor in the source tree (%s)", t->arg,
		       LB_PKGDATADIR, LB_KSHIM_SRCDIR);
	for (int pass = 0; pass < 2; pass++) {
		if (build_ident(&b))
			lb_die(LB_EXIT_UNAVAIL, "--kernel-tree=%s: no C compiler ('%s --version' "
			       "failed; set CC)", t->arg, lb_tree_cc());
		plan_units(&b);
		compile_all(&b);
		/* the tree's x86 hooks did not build against the shim: lockbench's own, once */
		if (pass || !b.jobs[0].failed || !lb_tree_x86_failed(b.jobs[0].log))
			break;
		free_jobs(&b);
		b.own_x86 = true;
	}
	t->compiled = t->cached = 0;
	for (unsigned u = 0; u < NUNITS; u++) {
		t->compiled += !b.jobs[u].cached;
		t->cached += b.jobs[u].cached && !b.jobs[u].failed;
	}
	snprintf(t->x86, sizeof(t->x86), "%s", b.own_x86 ? "lockbench's own x86 qspinlock hooks" :
		 "the tree's arch/x86/include/asm/qspinlock.h");
	avail = available(&b, why);
	if (avail)
		so = link_units(&b, avail, &lwhy);
	if (avail && !so)
		for (unsigned l = 0; l < LB_TREE_NLOCKS; l++)
			if (!why[l])
				why[l] = strdup(lwhy ? lwhy : "linking failed");
	free(lwhy);
	free_jobs(&b);
	return so;
}

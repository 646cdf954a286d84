// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * topology.c - hwloc topology, placement policies and binding
 *
 * Pitfalls handled (platform-notes.md section 1): binding on a synthetic
 * or XML topology "succeeds" and does nothing, so such a topology may only
 * be planned, never run (hwloc_topology_is_thissystem()); hwloc_distrib()
 * splits by weight rather than round-robin, so "spread" is computed here.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <hwloc.h>
#include <hwloc/glibc-sched.h>
#ifdef HAVE_LIBNUMA
#include <numa.h>
#endif

#include "base/datadir.h"
#include "base/file.h"
#include "base/log.h"
#include "machine/topology.h"

#define WHY(...) lb_why(why, len, __VA_ARGS__)

static hwloc_topology_t topo;
static struct lb_topo_info info;
static struct lb_pu *all_pus;		/* indexed by PU logical index */
static unsigned n_pus;

static void fill_pu(struct lb_pu *p, hwloc_obj_t pu)
{
	hwloc_obj_t core = hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_CORE, pu);
	hwloc_obj_t pkg = hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_PACKAGE, pu);
	hwloc_obj_t l3 = hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_L3CACHE, pu);
	hwloc_obj_t node = NULL;

	p->pu_l = (int)pu->logical_index;
	p->pu_os = (int)pu->os_index;
	p->core_l = core ? (int)core->logical_index : (int)pu->logical_index;
	p->package_l = pkg ? (int)pkg->logical_index : 0;
	p->l3_l = l3 ? (int)l3->logical_index : -1;
	p->smt_rank = 0;
	if (core) {
		/* rank = position of this PU among the PUs of its core */
		int idx;

		hwloc_bitmap_foreach_begin(idx, core->cpuset)
			if (idx == (int)pu->os_index)
				break;
			p->smt_rank++;
		hwloc_bitmap_foreach_end();
	}
	p->numa_os = -1;
	while ((node = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_NUMANODE, node)))
		if (hwloc_bitmap_isset(node->cpuset, pu->os_index)) {
			p->numa_os = (int)node->os_index;
			break;
		}
	p->cpuset = hwloc_bitmap_dup(pu->cpuset);
}

/* HWLOC_SYNTHETIC and HWLOC_XMLFILE stand for --topology: the same limits */
static int check_env(char *why, size_t len)
{
	const char *syn = getenv("HWLOC_SYNTHETIC"), *xml = getenv("HWLOC_XMLFILE");
	char sub[400];

	if (syn && lb_topo_synthetic_check(syn, sub, sizeof(sub)))
		return WHY("HWLOC_SYNTHETIC=%s: %s", syn, sub);
	if (xml && !syn && lb_check_regular_file(xml, LB_MAX_TOPOLOGY_XML_BYTES, sub, sizeof(sub)))
		return WHY("HWLOC_XMLFILE=%s: %s", xml, sub);
	return 0;
}

/*
 * topo_named() - the file of a topology given by name (--topology=NAME)
 * @spec: what the user gave: a path, or a name without a slash or .xml
 * @buf:  room for the path found
 * @len:  its size
 *
 * A name that is not a readable file is looked up as NAME.xml in the
 * installed topologies (the topologies/ of lb_data_dir(): the installation
 * of this binary), then in the source tree's data/topologies
 * (LB_TOPOLOGY_SRCDIR, for a build that is not installed). Return: the file
 * found in @buf, or @spec unchanged.
 */
static const char *topo_named(const char *spec, char *buf, size_t len)
{
	char data[PATH_MAX];
	size_t l = strlen(spec);

	if (!*spec || strchr(spec, '/') || (l >= 4 && !strcmp(spec + l - 4, ".xml")) ||
	    !access(spec, F_OK))
		return spec;
	if (!lb_data_dir(data, sizeof(data)) &&
	    (size_t)snprintf(buf, len, "%s/topologies/%s.xml", data, spec) < len &&
	    !access(buf, R_OK))
		return buf;
	if ((size_t)snprintf(buf, len, "%s/%s.xml", LB_TOPOLOGY_SRCDIR, spec) < len &&
	    !access(buf, R_OK))
		return buf;
	return spec;
}

/*
 * hwloc's XML import, tried first in a child process: both of its parsers
 * crash on some files (libxml2's on an internal DTD subset, hwloc's own on
 * an object without its cpuset), and its synthetic export asserts on others
 * (a NUMA node missing where memory should be symmetric), so a file that
 * kills the child, or keeps it past LB_TOPO_PROBE_S, is refused before
 * the parent loads it. The parent then loads the same bytes and asks the
 * same of them: what the child survived.
 */
#define LB_TOPO_PROBE_S 30

LB_NORETURN static void probe_child(const char *buf, size_t n)
{
	static const int sigs[] = { SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL };
	hwloc_topology_t t;
	int null = open("/dev/null", O_WRONLY | O_CLOEXEC);

	for (unsigned i = 0; i < LB_ARRAY_SIZE(sigs); i++)
		signal(sigs[i], SIG_DFL);	/* quietly: the parent says what happened */
	if (null >= 0)
		dup2(null, STDERR_FILENO);
	if (hwloc_topology_init(&t) || hwloc_topology_set_xmlbuffer(t, buf, (int)n + 1) ||
	    hwloc_topology_load(t))
		_exit(1);
	/* what the parent asks of it after the load: the export asserts on some files */
	hwloc_topology_export_synthetic(t, info.synthetic, sizeof(info.synthetic),
					HWLOC_TOPOLOGY_EXPORT_SYNTHETIC_FLAG_NO_ATTRS);
	_exit(0);
}

static int probe_xml(const char *buf, size_t n, char *why, size_t len)
{
	uint64_t waited_us = 0;
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return WHY("cannot fork to try it: %s", strerror(errno));
	if (pid == 0)
		probe_child(buf, n);
	while (waitpid(pid, &status, WNOHANG) == 0) {
		if (waited_us >= LB_TOPO_PROBE_S * 1000000ull) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return WHY("hwloc did not finish reading it within %d s", LB_TOPO_PROBE_S);
		}
		usleep(2000);
		waited_us += 2000;
	}
	if (WIFSIGNALED(status))
		return WHY("hwloc crashed reading it (%s): not an XML topology lockbench can use",
			   strsignal(WTERMSIG(status)));
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		return WHY("hwloc could not load it (not an hwloc topology?)");
	return 0;
}

static char *xml_buf;	/* what hwloc_topology_load() reads: until then */

/* An XML file: read once (a regular file under the limit), tried in a child, handed to hwloc. */
static int set_xml(const char *path, char *why, size_t len)
{
	size_t n;

	int rc;

	if (lb_read_regular_file(path, LB_MAX_TOPOLOGY_XML_BYTES, &xml_buf, &n, why, len))
		return -1;
	rc = probe_xml(xml_buf, n, why, len);	/* n is under the limit of 64 MiB */
	if (!rc && hwloc_topology_set_xmlbuffer(topo, xml_buf, (int)n + 1))
		rc = WHY("not an hwloc XML topology");
	if (rc) {
		free(xml_buf);
		xml_buf = NULL;
	}
	return rc;
}

/* --topology=synthetic:DESC: DESC, without the quotes around it, to hwloc (whole). */
static int set_synthetic(const char *spec, char *why, size_t len)
{
	char *desc = strdup(spec);
	size_t l;
	int rc = 0;

	if (!desc)
		return WHY("out of memory");
	l = strlen(desc);
	if (l >= 2 && (desc[0] == '"' || desc[0] == '\'') && desc[l - 1] == desc[0]) {
		memmove(desc, desc + 1, l - 2);
		desc[l - 2] = '\0';
	}
	if (*desc && lb_topo_synthetic_check(desc, why, len))
		rc = -1;
	else if (!*desc || hwloc_topology_set_synthetic(topo, desc))
		rc = WHY("not a valid hwloc synthetic description (e.g. "
			 "synthetic:\"package:4 core:10 pu:1\")");
	else
		snprintf(info.source, sizeof(info.source), "synthetic: %s", desc);
	free(desc);
	return rc;
}

/*
 * The objects of @type, or -1 where hwloc finds them at several depths (an
 * XML file with a package inside a core): nothing that is one machine.
 */
static int count_type(hwloc_obj_type_t type, unsigned *out, char *why, size_t len)
{
	int n = hwloc_get_nbobjs_by_type(topo, type);

	if (n < 0)
		return WHY("its %s objects are at more than one depth (one inside another): not a "
			   "machine's topology", hwloc_obj_type_string(type));
	*out = (unsigned)n;
	return 0;
}

static int count_objects(char *why, size_t len)
{
	if (count_type(HWLOC_OBJ_PACKAGE, &info.packages, why, len) ||
	    count_type(HWLOC_OBJ_CORE, &info.cores, why, len) ||
	    count_type(HWLOC_OBJ_PU, &info.pus, why, len) ||
	    count_type(HWLOC_OBJ_NUMANODE, &info.numa_nodes, why, len))
		return -1;
	if (!info.pus)
		return WHY("it has no PU (no CPU to place a thread on)");
	if (info.pus > LB_MAX_TOPOLOGY_PUS)
		return WHY("%u PUs, over the limit of %llu for a planned machine", info.pus,
			   LB_MAX_TOPOLOGY_PUS);
	return 0;
}

int lb_topo_load(const char *spec, char *why, size_t len)
{
	char named[240];	/* a saved topology's file: fits info.source */
	hwloc_obj_t root, pkg;
	const char *model = NULL;
	char *env_xml = NULL;
	int rc;

	if (!spec && check_env(why, len))
		return -1;
	/* HWLOC_XMLFILE stands for --topology=FILE.xml: read the same way, not by hwloc */
	if (!spec && getenv("HWLOC_XMLFILE") && !getenv("HWLOC_SYNTHETIC"))
		env_xml = strdup(getenv("HWLOC_XMLFILE"));
	/*
	 * hwloc's own XML parser, never libxml2's importer: hwloc 2.9's crashes
	 * on a document type with an internal subset (<!DOCTYPE topology [ ]>),
	 * which its own parser refuses. hwloc reads this once, at the first XML.
	 */
	setenv("HWLOC_LIBXML_IMPORT", "0", 1);
	if (hwloc_topology_init(&topo))
		return WHY("hwloc_topology_init failed");
	snprintf(info.source, sizeof(info.source), "this machine");
	if (env_xml) {
		rc = set_xml(env_xml, why, len);
		if (rc) {
			char sub[400];

			snprintf(sub, sizeof(sub), "%s", why);
			WHY("HWLOC_XMLFILE=%s: %s", env_xml, sub);
		}
		free(env_xml);
		if (rc) {
			hwloc_topology_destroy(topo);
			topo = NULL;
			return -1;
		}
		unsetenv("HWLOC_XMLFILE");	/* the buffer read is what hwloc loads */
		snprintf(info.source, sizeof(info.source), "HWLOC_XMLFILE");
	} else if (spec) {
		if (strncmp(spec, "synthetic:", 10) == 0) {
			if (set_synthetic(spec + 10, why, len)) {
				hwloc_topology_destroy(topo);
				topo = NULL;
				return -1;
			}
		} else {
			spec = topo_named(spec, named, sizeof(named));
			if (access(spec, R_OK)) {
				int e = errno;

				hwloc_topology_destroy(topo);
				topo = NULL;
				return WHY("cannot read: %s (give an hwloc XML file or synthetic:DESC)",
					   strerror(e));
			}
			if (set_xml(spec, why, len)) {
				hwloc_topology_destroy(topo);
				topo = NULL;
				return -1;
			}
			snprintf(info.source, sizeof(info.source), "xml: %s", spec);
		}
	}
	rc = hwloc_topology_load(topo);
	free(xml_buf);	/* hwloc read it during the load */
	xml_buf = NULL;
	if (rc) {
		hwloc_topology_destroy(topo);
		topo = NULL;
		return WHY(spec ? "hwloc could not load it (not an hwloc topology?)" :
				  "hwloc could not load this machine's topology");
	}
	info.thissystem = hwloc_topology_is_thissystem(topo) != 0;
	if (!spec && !info.thissystem && strcmp(info.source, "HWLOC_XMLFILE"))
		snprintf(info.source, sizeof(info.source), "%s",
			 getenv("HWLOC_XMLFILE") ? "HWLOC_XMLFILE" :
			 getenv("HWLOC_SYNTHETIC") ? "HWLOC_SYNTHETIC" : "not this machine");
	if (count_objects(why, len)) {
		hwloc_topology_destroy(topo);
		topo = NULL;
		return -1;
	}
	root = hwloc_get_root_obj(topo);
	pkg = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PACKAGE, 0);
	if (pkg)
		model = hwloc_obj_get_info_by_name(pkg, "CPUModel");
	if (!model)
		model = hwloc_obj_get_info_by_name(root, "CPUModel");
	snprintf(info.cpu_model, sizeof(info.cpu_model), "%s", model ? model : "unknown");
	/* /proc/cpuinfo pads some model names ("AMD EPYC 7B13 64-Core Processor   ") */
	for (size_t l = strlen(info.cpu_model); l > 0 && isspace((unsigned char)info.cpu_model[l - 1]);
	     l--)
		info.cpu_model[l - 1] = '\0';
	if (hwloc_topology_export_synthetic(topo, info.synthetic, sizeof(info.synthetic),
					    HWLOC_TOPOLOGY_EXPORT_SYNTHETIC_FLAG_NO_ATTRS) < 0)
		info.synthetic[0] = '\0';

	n_pus = info.pus;
	all_pus = calloc(n_pus ? n_pus : 1, sizeof(*all_pus));
	if (!all_pus)
		return WHY("out of memory");
	for (unsigned i = 0; i < n_pus; i++)
		fill_pu(&all_pus[i], hwloc_get_obj_by_type(topo, HWLOC_OBJ_PU, i));
	return 0;
}

const struct lb_topo_info *lb_topo_info(void)
{
	return &info;
}

int lb_topo_numa_distances(unsigned **out, unsigned *n)
{
	struct hwloc_distances_s *d = NULL;
	unsigned nr = 1, dim = 0;
	unsigned *m;

	*out = NULL;
	*n = 0;
	if (!topo)
		return -1;
	if (hwloc_distances_get_by_type(topo, HWLOC_OBJ_NUMANODE, &nr, &d,
					HWLOC_DISTANCES_KIND_MEANS_LATENCY, 0) || nr == 0 || !d)
		return -1;
	for (unsigned i = 0; i < d->nbobjs; i++)
		if (d->objs[i]->os_index + 1 > dim)
			dim = d->objs[i]->os_index + 1;
	m = calloc((size_t)dim * dim, sizeof(*m));
	if (!m) {
		hwloc_distances_release(topo, d);
		return -1;
	}
	for (unsigned i = 0; i < d->nbobjs; i++)
		for (unsigned j = 0; j < d->nbobjs; j++)
			m[d->objs[i]->os_index * dim + d->objs[j]->os_index] =
				(unsigned)d->values[i * d->nbobjs + j];
	hwloc_distances_release(topo, d);
	*out = m;
	*n = dim;
	return 0;
}

/* Parse numactl's CPU list syntax into a bitmap of PU logical indexes. */
/*
 * What hwloc's list parser lets through: an empty element (0, ,0 0,,1) and a
 * number it wraps (99999999999 became CPU 1215752191). Return: 0 or -1.
 */
static int cpu_list_shape(const char *s, char *why, size_t len)
{
	size_t n = strlen(s);

	if (*s == ',' || (n && s[n - 1] == ',') || strstr(s, ",,"))
		return WHY("empty element in the CPU list");
	for (const char *p = s; *p; p++) {
		size_t digits = strspn(p, "0123456789");

		if (digits > 7 || (digits && strtoul(p, NULL, 10) > 1048575))
			return WHY("CPU %.*s is out of range (0..1048575)", (int)digits, p);
		p += digits ? digits - 1 : 0;
	}
	return 0;
}

static int parse_cpus(const char *spec, bool physical, hwloc_bitmap_t out, char *why, size_t len)
{
	hwloc_bitmap_t want = hwloc_bitmap_alloc();
	const char *s = spec;
	bool invert = false;
	int idx, rc = 0;

	if (!want)
		return WHY("out of memory");
	if (*s == '!') {
		invert = true;
		s++;
	}
	if (strcmp(s, "all") && cpu_list_shape(s, why, len)) {
		hwloc_bitmap_free(want);
		return -1;
	}
	if (strcmp(s, "all") == 0) {
		hwloc_bitmap_zero(want);
		for (unsigned i = 0; i < n_pus; i++)
			hwloc_bitmap_set(want, physical ? (unsigned)all_pus[i].pu_os : i);
	} else if (!*s || strspn(s, "0123456789,-") != strlen(s) || s[strlen(s) - 1] == '-' ||
		   hwloc_bitmap_list_sscanf(want, s) < 0 || hwloc_bitmap_weight(want) <= 0) {
		hwloc_bitmap_free(want);
		return WHY("not a CPU list (numactl syntax: 0-3,8  all  !1)");
	}
	hwloc_bitmap_zero(out);
	/* every listed CPU must exist */
	hwloc_bitmap_foreach_begin(idx, want) {
		int found = -1;

		for (unsigned i = 0; i < n_pus; i++)
			if ((physical ? all_pus[i].pu_os : all_pus[i].pu_l) == idx) {
				found = (int)i;
				break;
			}
		if (found < 0) {
			char have[128];
			hwloc_bitmap_t ex = hwloc_bitmap_alloc();

			for (unsigned i = 0; i < n_pus; i++)
				hwloc_bitmap_set(ex, physical ? (unsigned)all_pus[i].pu_os : i);
			hwloc_bitmap_list_snprintf(have, sizeof(have), ex);
			hwloc_bitmap_free(ex);
			rc = WHY("CPU %d does not exist; %s has %s CPUs %s", idx,
				 info.thissystem ? "this machine" : "the topology",
				 physical ? "OS (P#)" : "logical", have);
			break;
		}
		hwloc_bitmap_set(out, (unsigned)found);
	} hwloc_bitmap_foreach_end();
	hwloc_bitmap_free(want);
	if (rc)
		return rc;
	if (invert) {
		hwloc_bitmap_t all = hwloc_bitmap_alloc();

		hwloc_bitmap_set_range(all, 0, (int)n_pus - 1);
		hwloc_bitmap_andnot(out, all, out);
		hwloc_bitmap_free(all);
		if (hwloc_bitmap_iszero(out))
			return WHY("the list leaves no CPU");
	}
	return 0;
}

/* PUs of package @p (logical index, or -1 for "the whole machine") in socket order. */
static unsigned socket_order(int p, hwloc_const_bitmap_t cand, struct lb_pu **out, unsigned n)
{
	int maxrank = 0;

	for (unsigned i = 0; i < n_pus; i++)
		if (all_pus[i].smt_rank > maxrank)
			maxrank = all_pus[i].smt_rank;
	for (int r = 0; r <= maxrank; r++)
		for (unsigned i = 0; i < n_pus; i++) {
			struct lb_pu *pu = &all_pus[i];

			if ((p >= 0 && pu->package_l != p) || pu->smt_rank != r ||
			    !hwloc_bitmap_isset(cand, i))
				continue;
			out[n++] = pu;
		}
	return n;
}

/*
 * --place=cache and --place=numa: every core's first PU before any SMT
 * sibling, and within that the L3 groups (cache) or the NUMA nodes (numa)
 * one after the other, in logical order; so the cores of one group fill
 * before the next group's.
 */
static enum lb_place sort_policy;

static int group_of(const struct lb_pu *p)
{
	return sort_policy == LB_PLACE_CACHE ? p->l3_l : p->numa_os;
}

static int cmp_grouped(const void *a, const void *b)
{
	const struct lb_pu *x = *(struct lb_pu *const *)a, *y = *(struct lb_pu *const *)b;

	if (sort_policy == LB_PLACE_NUMA && group_of(x) != group_of(y))
		return group_of(x) < group_of(y) ? -1 : 1;	/* numa: one node, siblings too, first */
	if (x->smt_rank != y->smt_rank)
		return x->smt_rank < y->smt_rank ? -1 : 1;
	if (group_of(x) != group_of(y))
		return group_of(x) < group_of(y) ? -1 : 1;
	return x->pu_l < y->pu_l ? -1 : x->pu_l > y->pu_l;
}

int lb_topo_place(enum lb_place place, const char *cpus, bool physical, struct lb_pu **outp, unsigned *np, char *why, size_t len)
{
	hwloc_bitmap_t cand = hwloc_bitmap_alloc();
	struct lb_pu *res, **order;
	unsigned n = 0, npkg = info.packages ? info.packages : 1;

	if (!cand)
		return WHY("out of memory");
	if (cpus) {
		if (parse_cpus(cpus, physical, cand, why, len)) {
			hwloc_bitmap_free(cand);
			return -1;
		}
	} else {
		hwloc_bitmap_set_range(cand, 0, (int)n_pus - 1);
	}
	order = calloc(n_pus, sizeof(*order));
	res = calloc(n_pus, sizeof(*res));
	if (!order || !res) {
		hwloc_bitmap_free(cand);
		free(order);
		free(res);
		return WHY("out of memory");
	}
	switch (place) {
	case LB_PLACE_SOCKET:
	case LB_PLACE_NONE:
		for (unsigned p = 0; p < npkg; p++)
			n = socket_order(info.packages ? (int)p : -1, cand, order, n);
		break;
	case LB_PLACE_COMPACT:
		for (unsigned i = 0; i < n_pus; i++)
			if (hwloc_bitmap_isset(cand, i))
				order[n++] = &all_pus[i];
		break;
	case LB_PLACE_CACHE:
	case LB_PLACE_NUMA:
		for (unsigned i = 0; i < n_pus; i++)
			if (hwloc_bitmap_isset(cand, i))
				order[n++] = &all_pus[i];
		sort_policy = place;
		qsort(order, n, sizeof(*order), cmp_grouped);
		break;
	case LB_PLACE_SPREAD: {
		struct lb_pu **per = calloc(n_pus, sizeof(*per));
		unsigned *start = calloc(npkg + 1, sizeof(*start)), total = 0;

		if (!per || !start) {
			free(per);
			free(start);
			break;
		}
		for (unsigned p = 0; p < npkg; p++) {
			start[p] = total;
			total = socket_order(info.packages ? (int)p : -1, cand, per, total);
		}
		start[npkg] = total;
		for (unsigned k = 0; n < total; k++)
			for (unsigned p = 0; p < npkg; p++)
				if (start[p] + k < start[p + 1])
					order[n++] = per[start[p] + k];
		free(per);
		free(start);
		break;
	}
	}
	hwloc_bitmap_free(cand);
	if (n == 0) {
		free(order);
		free(res);
		return WHY("no CPU to place threads on");
	}
	for (unsigned i = 0; i < n; i++)
		res[i] = *order[i];
	free(order);
	*outp = res;
	*np = n;
	return 0;
}

int lb_topo_bind_self(const struct lb_pu *pu)
{
	if (hwloc_set_cpubind(topo, (hwloc_const_bitmap_t)pu->cpuset, HWLOC_CPUBIND_THREAD))
		return -errno;
	return 0;
}

int lb_topo_attr_affinity(void *attr, const struct lb_pu *pu)
{
	cpu_set_t set;

	if (hwloc_cpuset_to_glibc_sched_affinity(topo, (hwloc_const_bitmap_t)pu->cpuset, &set,
						 sizeof(set)))
		return -EINVAL;
	return -pthread_attr_setaffinity_np(attr, sizeof(set), &set);
}

bool lb_topo_numa_valid(int node)
{
	hwloc_obj_t o = NULL;

	while ((o = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_NUMANODE, o)))
		if ((int)o->os_index == node)
			return true;
	return false;
}

#ifdef HAVE_LIBNUMA
/* libnuma prints "mbind: Invalid argument" itself by default; stay quiet, we check first. */
void numa_warn(int num, char *fmt, ...)
{
}

void numa_error(char *where)
{
}
#endif

const char *lb_topo_numa_method(void)
{
#ifdef HAVE_LIBNUMA
	if (numa_available() >= 0)
		return "libnuma";
#endif
	return "hwloc";
}

void *lb_topo_alloc_onnode(size_t size, int node)
{
	void *p = NULL;

#ifdef HAVE_LIBNUMA
	if (numa_available() >= 0) {
		p = numa_alloc_onnode(size, node);
		if (p)
			memset(p, 0, size);
		return p;
	}
#endif
	{
		hwloc_bitmap_t ns = hwloc_bitmap_alloc();

		hwloc_bitmap_only(ns, (unsigned)node);
		p = hwloc_alloc_membind(topo, size, ns, HWLOC_MEMBIND_BIND, HWLOC_MEMBIND_BYNODESET);
		hwloc_bitmap_free(ns);
		if (p)
			memset(p, 0, size);
	}
	return p;
}

int lb_topo_bind_area(void *p, size_t size, int node)
{
	hwloc_bitmap_t ns = hwloc_bitmap_alloc();
	int rc;

	if (!ns)
		return -ENOMEM;
	hwloc_bitmap_only(ns, (unsigned)node);
	rc = hwloc_set_area_membind(topo, p, size, ns, HWLOC_MEMBIND_BIND, HWLOC_MEMBIND_BYNODESET);
	if (rc)
		rc = -errno;
	hwloc_bitmap_free(ns);
	return rc;
}

void lb_topo_free_onnode(void *p, size_t size)
{
	if (!p)
		return;
#ifdef HAVE_LIBNUMA
	if (numa_available() >= 0) {
		numa_free(p, size);
		return;
	}
#endif
	hwloc_free(topo, p, size);
}

void lb_topo_fini(void)
{
	for (unsigned i = 0; i < n_pus; i++)
		hwloc_bitmap_free(all_pus[i].cpuset);
	free(all_pus);
	all_pus = NULL;
	n_pus = 0;
	if (topo)
		hwloc_topology_destroy(topo);
	topo = NULL;
}

const char *const lb_place_names[] = { "socket", "spread", "compact", "none", "cache", "numa",
				     NULL };	/* enum lb_place */

const char *lb_place_name(enum lb_place p)
{
	return lb_place_names[p];
}

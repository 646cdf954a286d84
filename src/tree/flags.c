// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * flags.c - the configuration a tree is built with, and the compiler's command line
 *
 * A generic x86-64 SMP kernel without paravirt (kshim/include/lbshim/
 * config.h has the fixed part). The choices below are the ones the shim
 * supports changing, with --kernel-config=CONFIG_X=y|n; each is part of the
 * cache key (through lb_tree_config_defines()) and shown in
 * --list-locks -v.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/compiler.h"
#include "tree/build.h"
#include "tree/tree.h"

static struct {
	const char *name;
	bool on;
} cfgs[] = {
	{ "CONFIG_MUTEX_SPIN_ON_OWNER", true },
	{ "CONFIG_RWSEM_SPIN_ON_OWNER", true },
	{ "CONFIG_LOCK_EVENT_COUNTS", true },
};

const char *lb_tree_config_names(void)
{
	static char buf[256];
	size_t l = 0;

	for (unsigned i = 0; i < LB_ARRAY_SIZE(cfgs) && l < sizeof(buf); i++)
		l += (size_t)snprintf(buf + l, sizeof(buf) - l, "%s%s", i ? ", " : "",
				      cfgs[i].name);
	return buf;
}

const char *lb_tree_config_name(unsigned i)
{
	return i < LB_ARRAY_SIZE(cfgs) ? cfgs[i].name : NULL;
}

int lb_tree_config(const char *spec, char *why, size_t len)
{
	const char *eq = strchr(spec, '=');

	if (!eq || (strcmp(eq + 1, "y") && strcmp(eq + 1, "n"))) {
		snprintf(why, len, "expected CONFIG_NAME=y or CONFIG_NAME=n");
		return -1;
	}
	for (unsigned i = 0; i < LB_ARRAY_SIZE(cfgs); i++)
		if ((size_t)(eq - spec) == strlen(cfgs[i].name) &&
		    !strncmp(spec, cfgs[i].name, (size_t)(eq - spec))) {
			cfgs[i].on = eq[1] == 'y';
			return 0;
		}
	snprintf(why, len, "not an option the kernel shim supports (it supports %s)",
		 lb_tree_config_names());
	return -1;
}

const char *lb_tree_config_defines(void)
{
	static char buf[512];
	size_t l = 0;

	l += (size_t)snprintf(buf, sizeof(buf), "CONFIG_SMP=y CONFIG_X86_64=y "
			      "CONFIG_QUEUED_SPINLOCKS=y CONFIG_QUEUED_RWLOCKS=y CONFIG_HZ=250 "
			      "CONFIG_NR_CPUS=8192 CONFIG_PARAVIRT=n CONFIG_PARAVIRT_SPINLOCKS=n "
			      "CONFIG_PREEMPT_RT=n CONFIG_DEBUG_*=n CONFIG_LOCKDEP=n");
	for (unsigned i = 0; i < LB_ARRAY_SIZE(cfgs) && l < sizeof(buf); i++)
		l += (size_t)snprintf(buf + l, sizeof(buf) - l, " %s=%c", cfgs[i].name,
				      cfgs[i].on ? 'y' : 'n');
	return buf;
}

const char *lb_tree_cc(void)
{
	const char *cc = getenv("CC");

	return cc && *cc && !strpbrk(cc, " \t") ? cc : "cc";
}

/* @a then @b, one new string */
static char *cat2(const char *a, const char *b)
{
	char *s = NULL;

	if (asprintf(&s, "%s%s", a, b) < 0)
		return NULL;
	return s;
}

void lb_tree_cc_argv(const struct lb_tree *t, const char *kroot, bool shim, bool own_x86,
		     const char *src, const char *obj, const char *dfile, char **argv, size_t n)
{
	static const char *const fixed[] = {
		"-c", "-O2", "-fPIC", "-fvisibility=hidden", "-ftls-model=initial-exec",
		"-std=gnu11", "-fno-strict-aliasing", "-fno-common", "-fno-strict-overflow",
		"-fno-delete-null-pointer-checks", "-Wall", "-Wno-pointer-sign",
		"-Wno-unused-function", "-Wno-unused-variable", "-Wno-unused-but-set-variable",
		"-Werror=implicit-function-declaration", "-Werror=implicit-int", "-MD",
	};
	char num[64], kshim_inc[4200], kshim_src[4200];
	size_t k = 0;

	snprintf(kshim_inc, sizeof(kshim_inc), "%s/kshim/include", kroot);
	snprintf(kshim_src, sizeof(kshim_src), "%s/src", kroot);
	argv[k++] = strdup(lb_tree_cc());
	for (unsigned i = 0; i < LB_ARRAY_SIZE(fixed); i++)
		argv[k++] = strdup(fixed[i]);
	argv[k++] = cat2("-MF", dfile);
	snprintf(num, sizeof(num), "%d", LB_CACHELINE);
	argv[k++] = cat2("-DLB_CACHELINE=", num);
	snprintf(num, sizeof(num), "0x%06x", t->vcode);
	argv[k++] = cat2("-DLB_KS_LINUX_VERSION=", num);
	argv[k++] = strdup("-DLB_KS_HZ=250");
	argv[k++] = strdup("-DCONFIG_HZ=250");
	for (unsigned i = 0; i < LB_ARRAY_SIZE(cfgs); i++)
		if (cfgs[i].on)
			argv[k++] = cat2("-D", cfgs[i].name);	/* defined as 1 */
	if (own_x86)
		argv[k++] = strdup("-DLB_KS_OWN_X86=1");
	if (shim)
		argv[k++] = cat2("-I", kshim_inc);
	argv[k++] = cat2("-I", kshim_src);
	argv[k++] = cat2("-I", kroot);
	if (shim)
		argv[k++] = cat2("-I", t->root);
	argv[k++] = strdup("-o");
	argv[k++] = strdup(obj);
	argv[k++] = strdup(src);
	argv[k] = NULL;
	(void)n;
}

void lb_tree_cc_argv_free(char **argv)
{
	for (unsigned i = 0; argv[i]; i++)
		free(argv[i]);
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * plugin.c - --lock-plugin=PATH.so: locks from a shared object
 *
 * The plugin is built against the installed <lockbench/lock.h> (a stable,
 * versioned subset of lock.h; the types the two share have one layout,
 * tests/unit/test-plugin-abi). We dlopen it, check the ABI version it was
 * built for (its lb_plugin_abi), and call its lb_plugin_register(), which
 * hands us its locks one by one through add_lock(). Each becomes an
 * lb_lock_ops in the registry's dynamic part, checked against the contract
 * like a built-in lock, with no inlined loop: the harness calls it through
 * its pointers (validate.c's loop). The plugin is never closed.
 */
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/file.h"
#include "base/limits.h"

#include "lock.h"
#include "registry.h"
#include <lockbench/lock.h>	/* after lock.h: only the plugin's own types */

#define PLUGIN_FLAGS (LB_LOCK_F_BLOCKING | LB_LOCK_F_FIFO | LB_LOCK_F_SIGSAFE_READ | \
		      LB_LOCK_F_NOEXCL | LB_LOCK_F_IRQ_WRITE)

struct host {
	const char *path;
	char *why;
	size_t len;
	unsigned added;
};

/* add_lock() - the plugin's lock as one of ours */
static int add_lock(struct lb_plugin_api *api, const struct lb_plugin_lock *pl)
{
	struct host *h = api->host;
	struct lb_plugin_lock l = { 0 };
	struct lb_lock_ops *o;
	char *msg = NULL;
	size_t msz = 0;
	FILE *err;
	int rc;

	if (!pl || pl->size < offsetof(struct lb_plugin_lock, options)) {
		snprintf(h->why, h->len, "add_lock() got a lock without its size");
		return -1;
	}
	/* a plugin built with a shorter struct (an older header) has zeros after it */
	memcpy(&l, pl, pl->size < sizeof(l) ? pl->size : sizeof(l));
	if (l.flags & ~PLUGIN_FLAGS) {
		snprintf(h->why, h->len, "lock %s: flags 0x%x are not for plugins",
			 l.name ? l.name : "?", l.flags & ~PLUGIN_FLAGS);
		return -1;
	}
	if (l.name && lb_lock_find(l.name)) {
		snprintf(h->why, h->len, "lock %s: the name is taken (a built-in lock, or another "
			 "plugin's)", l.name);
		return -1;
	}
	o = calloc(1, sizeof(*o));
	if (!o) {
		snprintf(h->why, h->len, "out of memory");
		return -1;
	}
	*o = (struct lb_lock_ops){
		.name = l.name, .desc = l.desc, .family = l.family, .kind = l.kind,
		.flags = l.flags, .lock_size = l.lock_size, .tctx_size = l.tctx_size,
		.init = l.init, .fini = l.fini, .thread_init = l.thread_init,
		.thread_fini = l.thread_fini, .lock = l.lock, .unlock = l.unlock,
		.trylock = l.trylock, .read_lock = l.read_lock, .read_unlock = l.read_unlock,
		.read_trylock = l.read_trylock, .is_locked = l.is_locked,
		.describe = l.describe, .options = l.options,
		.check_options = l.check_options, .counters = l.counters,
		.counters_max = l.counters_max,
		.loop = NULL,	/* called through its pointers */
		/* --processes: the plugin ABI has no word on shared memory yet */
		.unshared = "a plugin lock: the plugin ABI (version 1) cannot say whether it "
			    "may live in shared memory",
		.nosim = LB_NOSIM_PLUGIN,
	};
	err = open_memstream(&msg, &msz);
	rc = err ? lb_lock_add(o, h->path, NULL, err) : -1;
	if (err)
		fclose(err);
	if (rc) {
		/* the contract check's first line */
		snprintf(h->why, h->len, "%.*s", msg ? (int)strcspn(msg, "\n") : 0, msg ? msg : "");
		free(o);
	} else {
		h->added++;
	}
	free(msg);
	return rc;
}

int lb_plugin_load(const char *path, char *why, size_t len)
{
	struct host h = { .path = path, .why = why, .len = len };
	struct lb_plugin_api api = { .abi = LB_PLUGIN_ABI_VERSION, .host = &h, .add_lock = add_lock };
	int (*reg)(int abi, struct lb_plugin_api *api);
	char fdpath[64];
	const int *abi;
	void *dl;
	int fd;

	why[0] = '\0';
	/* a name without a slash would be looked up in the library path: say what is meant */
	if (!strchr(path, '/')) {
		snprintf(why, len, "give a path (./%s), not a library name", path);
		return -1;
	}
	/*
	 * A regular file only (a FIFO hung in dlopen()), opened once without
	 * blocking and loaded through that descriptor, so what was checked is
	 * what is loaded. The descriptor stays open, as the plugin does: its
	 * /proc/self/fd name is then never another plugin's.
	 */
	fd = lb_open_regular_file(path, LB_MAX_PLUGIN_BYTES, why, len);
	if (fd < 0)
		return -1;
	snprintf(fdpath, sizeof(fdpath), "/proc/self/fd/%d", fd);
	dl = dlopen(fdpath, RTLD_NOW | RTLD_LOCAL);
	if (!dl) {
		const char *e = dlerror();

		/* dlerror() names the descriptor: say the file's name instead */
		snprintf(why, len, "cannot load it: %s", e && strstr(e, ": ") ? strstr(e, ": ") + 2 :
			 e ? e : "?");
		close(fd);
		return -1;
	}
	abi = (const int *)dlsym(dl, "lb_plugin_abi");
	*(void **)&reg = dlsym(dl, "lb_plugin_register");
	if (!abi || !reg) {
		snprintf(why, len, "not a lockbench plugin (no %s; see <lockbench/lock.h>)",
			 abi ? "lb_plugin_register()" : "lb_plugin_abi: LB_PLUGIN_DECLARE");
		dlclose(dl);
		return -1;
	}
	if (*abi != LB_PLUGIN_ABI_VERSION) {
		snprintf(why, len, "built for plugin ABI version %d; this lockbench has version %d "
			 "(rebuild it against this lockbench's <lockbench/lock.h>)", *abi,
			 LB_PLUGIN_ABI_VERSION);
		dlclose(dl);
		return -1;
	}
	if (reg(LB_PLUGIN_ABI_VERSION, &api) != 0) {
		if (!why[0])
			snprintf(why, len, "lb_plugin_register() refused (returned nonzero)");
		return -1;	/* locks it added stay registered: the process exits */
	}
	if (!h.added) {
		snprintf(why, len, "lb_plugin_register() added no lock");
		return -1;
	}
	return 0;
}

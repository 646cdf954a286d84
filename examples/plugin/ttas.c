// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ttas.c - an example lock plugin for lockbench (--lock-plugin=./ttas.so)
 *
 * Two locks, built out of lockbench's tree against the installed
 * <lockbench/lock.h> (see the Makefile: pkg-config --cflags lockbench):
 *
 *   ex-ttas  test-and-test-and-set with a pause while the lock is seen held;
 *            a trylock, and a counter of the acquisitions that had to spin
 *   ex-null  no lock at all, as lockbench's own null: what the plugin's
 *            calls through pointers cost (scripts/selfbench compares it
 *            with the built-in null, whose loop is inlined)
 *
 * Built with -DEX_BUSTED it is instead "ex-busted", a ttas whose lock()
 * forgets to wait: lockbench --validate must catch it (exit 3), which
 * tests/cli/plugin.sh checks.
 */
#include <lockbench/lock.h>

LB_PLUGIN_DECLARE;

struct ex_ttas {
	unsigned locked;
};

static int ex_init(void *lock, const struct lb_lock_cfg *cfg)
{
	(void)lock;
	(void)cfg;
	return 0;
}

static bool ex_trylock(void *lock, struct lb_tctx *t)
{
	struct ex_ttas *l = lock;

	(void)t;
	return !__atomic_load_n(&l->locked, __ATOMIC_RELAXED) &&
	       !__atomic_exchange_n(&l->locked, 1, __ATOMIC_ACQUIRE);
}

static void ex_lock(void *lock, struct lb_tctx *t)
{
	struct ex_ttas *l = lock;
	bool spun = false;

#ifdef EX_BUSTED
	/* the bug: take the lock without waiting for it */
	__atomic_store_n(&l->locked, 1, __ATOMIC_RELAXED);
	(void)spun;
	(void)t;
	return;
#endif
	while (__atomic_exchange_n(&l->locked, 1, __ATOMIC_ACQUIRE)) {
		spun = true;
		while (__atomic_load_n(&l->locked, __ATOMIC_RELAXED))
			lb_plugin_relax();
	}
	if (spun)
		lb_count(t, 0);
}

static void ex_unlock(void *lock, struct lb_tctx *t)
{
	struct ex_ttas *l = lock;

	(void)t;
	__atomic_store_n(&l->locked, 0, __ATOMIC_RELEASE);
}

static bool ex_is_locked(void *lock)
{
	return __atomic_load_n(&((struct ex_ttas *)lock)->locked, __ATOMIC_RELAXED) != 0;
}

static int ex_describe(void *lock, char *buf, size_t len)
{
	const char *s = ex_is_locked(lock) ? "locked=1" : "locked=0";
	size_t i;

	for (i = 0; s[i] && i + 1 < len; i++)
		buf[i] = s[i];
	if (len)
		buf[i] = '\0';
	return (int)i;
}

static const char *const ex_counters[] = { "spun", NULL };

static const struct lb_plugin_lock ex_ttas = {
	.size = sizeof(struct lb_plugin_lock),
#ifdef EX_BUSTED
	.name = "ex-busted",
	.desc = "example plugin: a ttas that does not wait (--validate must catch it)",
#else
	.name = "ex-ttas",
	.desc = "example plugin: test-and-test-and-set spinlock",
#endif
	.family = "spin",
	.kind = LB_LOCK_EXCL,
	.lock_size = sizeof(struct ex_ttas),
	.init = ex_init,
	.lock = ex_lock,
	.unlock = ex_unlock,
	.trylock = ex_trylock,
	.is_locked = ex_is_locked,
	.describe = ex_describe,
	.counters = ex_counters,
};

#ifndef EX_BUSTED
static void ex_null_verb(void *lock, struct lb_tctx *t)
{
	(void)lock;
	(void)t;
}

static bool ex_null_try(void *lock, struct lb_tctx *t)
{
	(void)lock;
	(void)t;
	return true;
}

static const struct lb_plugin_lock ex_null = {
	.size = sizeof(struct lb_plugin_lock),
	.name = "ex-null",
	.desc = "example plugin: no lock, the cost of a plugin's calls through pointers",
	.family = "harness",
	.kind = LB_LOCK_RW,
	.flags = LB_LOCK_F_NOEXCL | LB_LOCK_F_SIGSAFE_READ,
	.lock_size = 1,
	.init = ex_init,
	.lock = ex_null_verb,
	.unlock = ex_null_verb,
	.trylock = ex_null_try,
	.read_lock = ex_null_verb,
	.read_unlock = ex_null_verb,
	.read_trylock = ex_null_try,
};
#endif

int lb_plugin_register(int abi, struct lb_plugin_api *api)
{
	if (abi != LB_PLUGIN_ABI_VERSION)
		return -1;
	if (api->add_lock(api, &ex_ttas))
		return -1;
#ifndef EX_BUSTED
	if (api->add_lock(api, &ex_null))
		return -1;
#endif
	return 0;
}

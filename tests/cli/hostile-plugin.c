// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hostile-plugin.c - lock plugins that break the plugin contract, one per
 * HOSTILE_* macro (tests/cli/plugin-contract.sh builds each): a name, kind
 * or size that no lock has, an init() that never returns, a describe()
 * that does not end its string, a lock() that crashes, aborts or calls
 * exit(0). Built against the public <lockbench/lock.h> only.
 */
#include <lockbench/lock.h>

#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

LB_PLUGIN_DECLARE;

struct hp_lock {
	unsigned locked;
	unsigned taken;
};

static int hp_init(void *lock, const struct lb_lock_cfg *cfg)
{
	(void)lock;
	(void)cfg;
#ifdef HOSTILE_HANG_INIT
	for (;;) {	/* never returns */
		struct timespec ts = { 1, 0 };

		nanosleep(&ts, NULL);
	}
#endif
	return 0;
}

static void hp_lock(void *lock, struct lb_tctx *t)
{
	struct hp_lock *l = lock;

	(void)t;
#if defined(HOSTILE_CRASH)
	if (__atomic_add_fetch(&l->taken, 1, __ATOMIC_RELAXED) > 100)
		*(volatile int *)(uintptr_t)8 = 1;	/* a bad memory access */
#elif defined(HOSTILE_ABORT)
	if (__atomic_add_fetch(&l->taken, 1, __ATOMIC_RELAXED) > 100)
		abort();
#elif defined(HOSTILE_EXIT)
	if (__atomic_add_fetch(&l->taken, 1, __ATOMIC_RELAXED) > 100)
		exit(0);
#endif
	while (__atomic_exchange_n(&l->locked, 1, __ATOMIC_ACQUIRE))
		lb_plugin_relax();
}

static void hp_unlock(void *lock, struct lb_tctx *t)
{
	struct hp_lock *l = lock;

	(void)t;
#ifdef HOSTILE_DESCRIBE
	/* never releases after 100 acquisitions: the watchdog reads describe() */
	if (__atomic_add_fetch(&l->taken, 1, __ATOMIC_RELAXED) > 100)
		return;
#endif
	__atomic_store_n(&l->locked, 0, __ATOMIC_RELEASE);
}

/* fills the whole buffer, and no NUL */
static int hp_describe(void *lock, char *buf, size_t len)
{
	(void)lock;
	for (size_t i = 0; i < len; i++)
		buf[i] = 'A';
	return (int)len;
}

static const struct lb_plugin_lock hp = {
	.size = sizeof(struct lb_plugin_lock),
#ifdef HOSTILE_NAME_NULL
	.name = NULL,
#else
	.name = "hp-lock",
#endif
	.desc = "a hostile plugin's lock",
	.family = "spin",
#ifdef HOSTILE_KIND
	.kind = (enum lb_lock_kind)99,
#else
	.kind = LB_LOCK_EXCL,
#endif
#ifdef HOSTILE_SIZE
	.lock_size = SIZE_MAX,
#else
	.lock_size = sizeof(struct hp_lock),
#endif
	.init = hp_init,
	.lock = hp_lock,
	.unlock = hp_unlock,
	.describe = hp_describe,
};

int lb_plugin_register(int abi, struct lb_plugin_api *api)
{
	(void)abi;
	return api->add_lock(api, &hp);
}

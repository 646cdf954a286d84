/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check.h - what the checked variants of the measured loop check inside
 * every critical section (--validate, --torture), and --torture's hook
 *
 * The checked loop is loop.h's one body with its `chk` constant true: the
 * acquisition takes the lock's trylock every fourth operation, and the
 * critical section is lb_check_write_cs() or lb_check_read_cs() (check.c)
 * instead of the pause load. validate.c judges the point afterwards.
 */
#ifndef LB_SRC_HARNESS_CHECK_H
#define LB_SRC_HARNESS_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "base/compiler.h"
#include "locks/lock.h"

typedef bool (*lb_try_verb)(void *lock, struct lb_tctx *t);

/**
 * struct lb_check - --validate's shared state: who is inside, the value
 * the write sections move, the first violation
 * @writers, @readers: threads inside a write, read section
 * @data:    the shared value: +1 on entering a write section, +1 on leaving
 * @violation: set by the first violation, whose text is @what
 * @stop:    raised at the first violation
 * @lock, @is_locked: the lock, and its is_locked() or NULL
 * @trylock, @read_trylock: taken every fourth operation, where not NULL
 * @noexcl:  the lock gives no exclusion (LB_LOCK_F_NOEXCL): no section checks
 */
struct lb_check {
	int32_t writers LB_ALIGNED;
	int32_t readers;
	uint64_t data LB_ALIGNED;
	int violation LB_ALIGNED;
	char what[256];
	uint32_t *stop;
	void *lock;
	bool (*is_locked)(void *lock);
	lb_try_verb trylock, read_trylock;
	bool noexcl;
};

/*
 * lb_check_write_cs(), lb_check_read_cs() - a checked write or read
 * critical section of @load pauses (at least the gap the checks need):
 * alone (writers), beside no writer (readers), the shared value moved in
 * two steps by writers and still for readers; the first violation raises
 * c->stop
 */
void lb_check_write_cs(struct lb_check *c, struct lb_tctx *t, uint64_t load);
void lb_check_read_cs(struct lb_check *c, struct lb_tctx *t, uint64_t load);

/* lb_torture_init() - a thread's --torture state, its hook and random seed */
void lb_torture_init(struct lb_torture *tt, uint64_t seed);

#endif /* LB_SRC_HARNESS_CHECK_H */

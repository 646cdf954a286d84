/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * spinlock.h - spinlock_t, raw_spinlock_t and rwlock_t on the tree's own locks
 *
 * The arch spinlock is the tree's qspinlock and the arch rwlock its
 * qrwlock: their types from the tree's asm-generic/qspinlock_types.h and
 * qrwlock_types.h, their fast paths from the tree's asm-generic headers
 * (through asm/spinlock.h), their slow paths from the tree's
 * kernel/locking/qspinlock.c and qrwlock.c. So a sleeping lock's
 * wait_lock is the tree's qspinlock, as in the kernel. The _irq and
 * _irqsave forms disable nothing (no interrupts are emulated in the tree's
 * code); every form disables preemption, as the kernel's.
 */
#ifndef LB_KSHIM_SPINLOCK_H
#define LB_KSHIM_SPINLOCK_H

#include <asm/spinlock_types.h>

typedef struct raw_spinlock {
	arch_spinlock_t raw_lock;
} raw_spinlock_t;

typedef struct spinlock {
	union {
		struct raw_spinlock rlock;
	};
} spinlock_t;

typedef struct {
	arch_rwlock_t raw_lock;
} rwlock_t;

#define __RAW_SPIN_LOCK_INITIALIZER(n)	{ .raw_lock = __ARCH_SPIN_LOCK_UNLOCKED }
#define __RAW_SPIN_LOCK_UNLOCKED(n)	((raw_spinlock_t)__RAW_SPIN_LOCK_INITIALIZER(n))
#define DEFINE_RAW_SPINLOCK(x)		raw_spinlock_t x = __RAW_SPIN_LOCK_INITIALIZER(x)
#define __SPIN_LOCK_INITIALIZER(n)	{ { .rlock = __RAW_SPIN_LOCK_INITIALIZER(n) } }
#define __SPIN_LOCK_UNLOCKED(n)		((spinlock_t)__SPIN_LOCK_INITIALIZER(n))
#define DEFINE_SPINLOCK(x)		spinlock_t x = __SPIN_LOCK_INITIALIZER(x)
#define __RW_LOCK_UNLOCKED(n)		((rwlock_t){ .raw_lock = __ARCH_RW_LOCK_UNLOCKED })

/* the arch locks' fast paths: the tree's, after the types */
#include <asm/spinlock.h>

#define raw_spin_lock_init(l)	do { *(l) = __RAW_SPIN_LOCK_UNLOCKED(l); } while (0)
#define spin_lock_init(l)	do { *(l) = __SPIN_LOCK_UNLOCKED(l); } while (0)
#define rwlock_init(l)		do { *(l) = __RW_LOCK_UNLOCKED(l); } while (0)

static __always_inline void raw_spin_lock(raw_spinlock_t *l)
{
	preempt_disable();
	arch_spin_lock(&l->raw_lock);
}
static __always_inline int raw_spin_trylock(raw_spinlock_t *l)
{
	preempt_disable();
	if (arch_spin_trylock(&l->raw_lock))
		return 1;
	preempt_enable();
	return 0;
}
static __always_inline void raw_spin_unlock(raw_spinlock_t *l)
{
	arch_spin_unlock(&l->raw_lock);
	preempt_enable();
}
#define raw_spin_is_locked(l)		arch_spin_is_locked(&(l)->raw_lock)
#define raw_spin_is_contended(l)	arch_spin_is_contended(&(l)->raw_lock)
#define raw_spin_lock_irq(l)		raw_spin_lock(l)
#define raw_spin_unlock_irq(l)		raw_spin_unlock(l)
#define raw_spin_lock_bh(l)		raw_spin_lock(l)
#define raw_spin_unlock_bh(l)		raw_spin_unlock(l)
#define raw_spin_lock_irqsave(l, f)	do { (f) = 0; raw_spin_lock(l); } while (0)
#define raw_spin_unlock_irqrestore(l, f) do { (void)(f); raw_spin_unlock(l); } while (0)
#define raw_spin_lock_nested(l, s)	raw_spin_lock(l)
#define raw_spin_trylock_irqsave(l, f)	({ (f) = 0; raw_spin_trylock(l); })
#define raw_spin_lock_irqsave_nested(l, f, s) raw_spin_lock_irqsave(l, f)

#define spin_lock(l)			raw_spin_lock(&(l)->rlock)
#define spin_trylock(l)			raw_spin_trylock(&(l)->rlock)
#define spin_unlock(l)			raw_spin_unlock(&(l)->rlock)
#define spin_lock_irq(l)		raw_spin_lock(&(l)->rlock)
#define spin_unlock_irq(l)		raw_spin_unlock(&(l)->rlock)
#define spin_lock_bh(l)			raw_spin_lock(&(l)->rlock)
#define spin_unlock_bh(l)		raw_spin_unlock(&(l)->rlock)
#define spin_lock_irqsave(l, f)		raw_spin_lock_irqsave(&(l)->rlock, f)
#define spin_unlock_irqrestore(l, f)	raw_spin_unlock_irqrestore(&(l)->rlock, f)
#define spin_lock_nested(l, s)		raw_spin_lock(&(l)->rlock)
#define spin_is_locked(l)		raw_spin_is_locked(&(l)->rlock)
#define assert_spin_locked(l)		do { } while (0)
#define assert_raw_spin_locked(l)	do { } while (0)
#define lockdep_assert_held_once(l)	do { } while (0)

#define read_lock(l)		do { preempt_disable(); arch_read_lock(&(l)->raw_lock); \
				} while (0)
#define read_unlock(l)		do { arch_read_unlock(&(l)->raw_lock); preempt_enable(); \
				} while (0)
#define write_lock(l)		do { preempt_disable(); arch_write_lock(&(l)->raw_lock); \
				} while (0)
#define write_unlock(l)		do { arch_write_unlock(&(l)->raw_lock); preempt_enable(); \
				} while (0)

#endif /* LB_KSHIM_SPINLOCK_H */

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rwsem-common.c - slow paths of the xadd-era rwsem (see rwsem-common.h)
 *
 * Reimplemented from the published descriptions of each era
 * (kernel/locking/rwsem-xadd.c of 3.10 to 4.20, and Waiman Long's 2014
 * series, Long 2014); no code was taken. What each feature bit changes:
 *
 * none (rwsem-xadd, 3.10-3.15): down_read_failed() and down_write_failed()
 *	queue with their bias still counted and adjust it; __rwsem_do_wake()
 *	grants read locks to the run of readers at the head and wakes a head
 *	writer without a grant (it must take the lock itself).
 * RWX_WSPIN (rwsem-wspin, 3.16): a writer first undoes its bias and spins
 *	at the head of the OSQ while a recorded writer owner runs, stealing a
 *	free lock (count 0 or WAITING_BIAS); it spins only if a running owner
 *	is recorded when it starts (3.16's conservative check).
 * RWX_RSPIN (rwsem-rspin, on top of WSPIN): readers spin too (at most
 *	SPIN_READ_THRESHOLD rounds while no owner is recorded); an ownerless
 *	lock counts as spinnable; a woken queued writer that finds the lock
 *	busy and a spinner present leaves the queue and spins again;
 *	rwsem_wake() only tries the wait_lock when a spinner is present, and
 *	__rwsem_do_wake() does nothing while a writer owner is recorded.
 * RWX_QEXIT (rwsem-qexit, on top of WSPIN): a reader entering the slow
 *	path with an empty queue and a count >= 0 keeps the read lock its
 *	fast path took, with the acquire fence of the 2019 fix.
 *
 * Ordering: every acquisition ends with an acquire: the fast-path RMWs,
 * the slow-path cmpxchg of a writer, a reader's acquire load of its grant
 * flag (pairing with the waker's release store, which follows the count
 * update that gave it the read lock), the QEXIT fence. The count updates
 * of the slow paths are fully ordered, as the kernel's rwsem_atomic_update().
 */
#include "config.h"

#include <stdio.h>

#include "rwsem-common.h"

/* A test's view of the slow paths (LB_RWX_TEST_STEP, rwsem-common.h); nothing otherwise. */
#ifdef LB_RWX_TEST_STEP
#define RWX_STEP(sem, t, s)	LB_RWX_TEST_STEP(sem, t, s)
#else
#define RWX_STEP(sem, t, s)	do { } while (0)
#endif

LB_SLEEP_LAYOUT(struct lb_rwx, owner);

const struct lb_lock_field lb_rwx_layout[] = {
	LB_SLEEP_FIELD(struct lb_rwx, count),
	LB_SLEEP_FIELD(struct lb_rwx, wait_list),
	LB_SLEEP_FIELD(struct lb_rwx, wait_lock),
	LB_SLEEP_FIELD(struct lb_rwx, osq),
	LB_SLEEP_FIELD(struct lb_rwx, owner),
	{ .name = NULL },
};

const char *const lb_rwx_arch_names[] = { "generic", "x86", NULL };

enum rwx_wake_type {
	RWX_WAKE_ANY,		/* wake the head: a writer, or the readers at the head */
	RWX_WAKE_READERS,	/* wake readers at the head only */
	RWX_WAKE_READ_OWNED,	/* the caller holds a read lock: grant without the first check */
};

int lb_rwx_init(struct lb_rwx *sem, const struct lb_lock_cfg *cfg, unsigned features,
		uint64_t wait_lock, uint64_t budget_ns, uint64_t arch, unsigned ctr_extra,
		unsigned ctr_wait_lock, uint64_t wake)
{
	lb_store_relaxed(&sem->count, 0);
	lb_store_relaxed(&sem->owner, NULL);
	sem->features = features;
	sem->arch = (unsigned)arch;
	sem->ctr_extra = ctr_extra;
	sem->slow_pauses = 0;	/* lb_rwx_init_418() sets it */
	sem->s.wake_in_lock = wake == LB_WAKE_IN_LOCK;
	return lb_sleep_init(&sem->s, LB_SLEEP_WORDS(sem), cfg, wait_lock, budget_ns, 0, ctr_wait_lock);
}

int lb_rwx_thread_init(void *lock, struct lb_tctx *t)
{
	struct lb_rwx *sem = lock;

	return lb_sleep_thread_init(&sem->s, t);
}

/*
 * __rwsem_do_wake(): the caller holds the wait_lock and the list is not
 * empty. Wake-ups go on @q, to be issued after the wait_lock is dropped.
 */
static void rwx_do_wake(struct lb_rwx *sem, enum rwx_wake_type type, struct lb_wake_q *q)
{
	struct lb_list *h = &sem->wait_list, *n;
	struct lb_waiter *w = lb_first_waiter(h);
	int64_t adjustment = 0, woken = 0;

	/* RSPIN: an active writer wakes the queue itself when it releases */
	if ((sem->features & RWX_RSPIN) && lb_load_relaxed(&sem->owner))
		return;
	if (w->type == LB_WAIT_WRITE) {
		/* no grant: the writer takes the lock itself, others may steal it first */
		if (type == RWX_WAKE_ANY)
			lb_wake_q_add(q, w->task);
		return;
	}
	/*
	 * Grant one read lock before counting the readers, so that a writer
	 * that stole the lock is noticed early: (c) -> (c + 1), undone when
	 * the old count shows an active writer.
	 */
	if (type != RWX_WAKE_READ_OWNED) {
		adjustment = RWSEM_ACTIVE_READ_BIAS;
		for (;;) {
			int64_t old = lb_fetch_add_full(&sem->count, adjustment), undone;

			if (old >= RWSEM_WAITING_BIAS)
				break;
			/*
			 * A writer holds it: undo, and retry only if it left
			 * meanwhile. 3.x: no active locker left; 4.11 on
			 * (RWX_V418 here): no writer left, readers may be in.
			 */
			undone = lb_add_return_full(&sem->count, -adjustment);
			if ((sem->features & RWX_V418) ? undone < RWSEM_WAITING_BIAS :
			    (undone & RWSEM_ACTIVE_MASK) != 0)
				return;
		}
		/* 4.18: an early hint to the spinners that readers own it now */
		if (sem->features & RWX_V418)
			lb_store_relaxed(&sem->owner, RWSEM_READER_OWNED);
	}
	/* the run of readers at the head, up to the first writer */
	n = &w->node;
	do {
		woken++;
		n = lb_load_relaxed(&n->next);
	} while (n != h && lb_waiter_of(n)->type != LB_WAIT_WRITE);
	adjustment = woken * RWSEM_ACTIVE_READ_BIAS - adjustment;
	if (n == h)
		adjustment -= RWSEM_WAITING_BIAS;	/* the list empties */
	/* relaxed, as the kernel's void atomic add: the grant stores below publish it */
	if (adjustment)
		lb_fetch_add_relaxed(&sem->count, adjustment);

	/* grant: capture the task and the next record first, touch nothing after */
	for (struct lb_list *x = lb_load_relaxed(&h->next); woken--;) {
		struct lb_waiter *rw = lb_waiter_of(x);
		struct lb_task *task = rw->task;

		x = lb_load_relaxed(&x->next);
		/* release: the count update above before the reader's acquire of its grant */
		lb_store_release(&rw->granted, 1);
		lb_wake_q_add(q, task);
	}
	/* unlink the granted run: n and the head are not granted records */
	lb_store_relaxed(&h->next, n);
	lb_store_relaxed(&n->prev, h);
}

/* Sleep until a waker grants us the read lock. */
static void rwx_wait_granted(struct lb_sleep_thread *st, struct lb_tctx *t)
{
	for (;;) {
		lb_set_state_sleeping(&st->task);
		/* acquire: pairs with the release store of the grant in rwx_do_wake() */
		if (lb_load_acquire(&st->waiter.granted))
			break;
		RWX_STEP(NULL, t, LB_RWX_S_READ_SLEEP);
		lb_schedule(&st->task, t, LB_SC_SLEEPS);
	}
	lb_set_state_running(&st->task);
}

/*
 * rwsem_can_spin_on_owner(): a recorded owner must run; no owner means
 * @dflt (3.16: false, no spin without a running writer to watch; the 2014
 * series and 4.9-4.20: true, "!owner is considered spinnable"); 4.18: a
 * reader-owned lock is not spun on (readers cannot be watched running).
 */
static bool rwx_can_spin_on_owner(struct lb_rwx *sem, struct lb_budget *b, bool dflt)
{
	struct lb_task *owner;

	if (lb_need_resched(b))
		return false;
	owner = lb_load_relaxed(&sem->owner);
	if (owner == RWSEM_READER_OWNED)
		return false;
	return owner ? lb_owner_on_cpu(owner) : dflt;
}

/*
 * rwsem_spin_on_owner() of 4.18 (the 4.1+ rule): spin while the same
 * writer owns it and runs (false when it stops running or need_resched());
 * afterwards go on spinning unless readers own the lock now.
 */
static bool rwx_spin_on_owner_418(struct lb_rwx *sem, struct lb_budget *b)
{
	struct lb_task *owner = lb_load_relaxed(&sem->owner);

	if (owner && owner != RWSEM_READER_OWNED) {
		while (lb_load_relaxed(&sem->owner) == owner) {
			if (!lb_owner_on_cpu(owner) || lb_need_resched(b))
				return false;
			lb_spin_wait_budget(&sem->owner, b);
		}
	}
	return lb_load_relaxed(&sem->owner) != RWSEM_READER_OWNED;
}

/* rwsem_spin_on_owner() (3.16): spin while it runs; true only if the owner left */
static bool rwx_spin_on_owner(struct lb_rwx *sem, struct lb_task *owner, struct lb_budget *b)
{
	while (lb_load_relaxed(&sem->owner) == owner && lb_owner_on_cpu(owner)) {
		if (lb_need_resched(b))
			break;
		lb_spin_wait_budget(&sem->owner, b);
	}
	return lb_load_relaxed(&sem->owner) == NULL;
}

/* rwsem_try_write_lock_unqueued(): (0 or WAITING_BIAS) -> (+ ACTIVE_WRITE_BIAS) */
static bool rwx_try_write_unqueued(struct lb_rwx *sem, struct lb_tctx *t)
{
	int64_t c = lb_load_relaxed(&sem->count);

	while (c == 0 || c == RWSEM_WAITING_BIAS) {
		/* acquire: pairs with the release of the last up_read()/up_write() */
		if (lb_cmpxchg_acquire(&sem->count, &c, c + RWSEM_ACTIVE_WRITE_BIAS)) {
			lb_rwx_set_owner(sem, t);
			return true;
		}
	}
	return false;
}

/*
 * RSPIN: rwsem_try_read_lock_unqueued(). Join the active readers, past
 * queued waiters too (the series' intended reader barging), and wake the
 * readers queued at the head once we hold a read lock.
 */
static bool rwx_try_read_unqueued(struct lb_rwx *sem, struct lb_tctx *t)
{
	int64_t c = lb_load_relaxed(&sem->count);
	struct lb_wake_q q;

	lb_wake_q_init(&q);
	for (;;) {
		if (c < RWSEM_WAITING_BIAS)
			return false;	/* a writer is active, and waiters */
		if (c >= 0 || c == RWSEM_WAITING_BIAS) {
			/* (c) -> (c + 1); acquire: pairs with the release of the last writer */
			if (!lb_cmpxchg_acquire(&sem->count, &c, c + RWSEM_ACTIVE_READ_BIAS))
				continue;
			if (c == RWSEM_WAITING_BIAS && lb_wait_trylock(&sem->s, t)) {
				if (!lb_list_empty(&sem->wait_list))
					rwx_do_wake(sem, RWX_WAKE_READ_OWNED, &q);
				lb_wait_unlock_wake(&sem->s, t, &q, LB_SC_WAKEUPS);
			}
			return true;
		}
		/* WAITING_BIAS < c < 0: waiters and active readers, or a writer */
		if (lb_load_relaxed(&sem->owner))
			return false;	/* a writer */
		lb_wait_lock(&sem->s, t);
		{
			bool waiters = !lb_list_empty(&sem->wait_list);
			int64_t threshold = waiters ? RWSEM_WAITING_BIAS : 0;
			bool taken;

			c = lb_load_relaxed(&sem->count);
			if (c < threshold) {
				lb_wait_unlock(&sem->s, t);
				return false;
			}
			/* (c) -> (c + 1); acquire, as above */
			taken = lb_cmpxchg_acquire(&sem->count, &c, c + RWSEM_ACTIVE_READ_BIAS);
			if (taken && waiters)
				rwx_do_wake(sem, RWX_WAKE_READ_OWNED, &q);
			lb_wait_unlock_wake(&sem->s, t, &q, LB_SC_WAKEUPS);
			if (taken)
				return true;
		}
	}
}

/*
 * rwsem_optimistic_spin(): at the head of the OSQ, spin while a recorded
 * writer owner runs and try to take the lock whenever it leaves.
 */
static bool rwx_optimistic_spin(struct lb_rwx *sem, struct lb_tctx *t, bool read, bool dflt)
{
	const bool rspin = sem->features & RWX_RSPIN;
	struct lb_budget b;
	unsigned cnt = 0;
	bool taken = false;

	lb_budget_start(&b, sem->s.spin_budget);
	/* not spinning at all is no failed spin: spin-failed counts spins begun */
	if (!rwx_can_spin_on_owner(sem, &b, dflt))
		return false;
	if (!lb_sleep_osq_lock(&sem->s, t, &b)) {
		lb_count(t, LB_SC_SPIN_FAILED);
		return false;
	}
	while (sem->features & RWX_V418) {
		/* 4.18: spin on the owner, try whenever it changes; stop on readers */
		if (!rwx_spin_on_owner_418(sem, &b))
			goto out;
		taken = rwx_try_write_unqueued(sem, t);
		if (taken)
			goto out;
		/* no owner: a writer may be between taking the lock and recording itself */
		if (!lb_load_relaxed(&sem->owner) && lb_need_resched(&b))
			goto out;
		RWX_STEP(sem, t, LB_RWX_S_SPIN);
		lb_spin_wait_budget(&sem->count, &b);
	}
	for (;;) {
		struct lb_task *owner = lb_load_relaxed(&sem->owner);

		if (owner) {
			if (!rwx_spin_on_owner(sem, owner, &b))
				break;
			cnt = 0;
		} else if (rspin && cnt++ >= RWX_SPIN_READ_THRESHOLD) {
			break;	/* maybe reader-owned: readers cannot be watched running */
		}
		taken = read ? rwx_try_read_unqueued(sem, t) : rwx_try_write_unqueued(sem, t);
		if (taken)
			break;
		/* no owner: a writer may be between taking the lock and recording itself */
		if (!owner && lb_need_resched(&b))
			break;
		RWX_STEP(sem, t, LB_RWX_S_SPIN);
		lb_spin_wait_budget(&sem->count, &b);
	}
out:
	lb_sleep_osq_unlock(&sem->s, t);
	lb_count(t, taken ? LB_SC_SPIN_ACQUIRED : LB_SC_SPIN_FAILED);
	return taken;
}

void lb_rwx_down_read_failed(struct lb_rwx *sem, struct lb_tctx *t)
{
	struct lb_sleep_thread *st = lb_sleep_thread(t);
	struct lb_list *h = &sem->wait_list;
	int64_t adjustment = -RWSEM_ACTIVE_READ_BIAS, count;
	bool first = false;
	struct lb_wake_q q;

	lb_count(t, RWX_CTR_READ_SLOWPATHS);
	RWX_STEP(sem, t, LB_RWX_S_READ_SLOW);
	if (sem->features & RWX_RUNS) {
		/* this thread's run of slow-path reads; a fast-path read ends it */
		lb_count_max(t, RWX_CTR_SLOW_RUN, ++st->slow_run);
	}
	if (sem->features & RWX_RSPIN) {
		/* (c) -> (c - 1): stop counting as active, then spin */
		lb_add_return_full(&sem->count, -RWSEM_ACTIVE_READ_BIAS);
		if (rwx_optimistic_spin(sem, t, true, true))
			return;
		adjustment = 0;
	}
	lb_wake_q_init(&q);
	st->waiter.type = LB_WAIT_READ;
	lb_store_relaxed(&st->waiter.granted, 0);	/* published by the list, under wait_lock */
	lb_wait_lock(&sem->s, t);
	if (sem->features & RWX_RUNS)
		lb_count(t, RWX_CTR_READ_WAIT_LOCKS);
	if (lb_list_empty(h)) {
		if ((sem->features & RWX_QEXIT) && lb_load_relaxed(&sem->count) >= 0) {
			/*
			 * No writer and nobody queued: the bias our fast path
			 * added is a read lock. acquire (the 2019 fix): the lock
			 * is taken here, after the last writer's release, not at
			 * the fast-path add, which may have come before it.
			 */
			lb_fence_acquire();
			lb_wait_unlock(&sem->s, t);
			lb_count(t, sem->ctr_extra);
			return;
		}
		adjustment += RWSEM_WAITING_BIAS;
		first = true;
	}
	lb_list_add_tail(&st->waiter.node, h);
	/* we now wait, no longer actively locking: (c) -> (c + adjustment) */
	count = adjustment ? lb_add_return_full(&sem->count, adjustment) : lb_load_full(&sem->count);
	/* slow-path-ns: the window in which the waiting bias turns arriving readers away */
	for (unsigned i = sem->slow_pauses; i; i--)
		lb_cpu_relax();
	/*
	 * Nobody active: wake the head. Only readers active and we are the
	 * first waiter: wake ourselves to join them.
	 */
	if (count == RWSEM_WAITING_BIAS || (count > RWSEM_WAITING_BIAS && first))
		rwx_do_wake(sem, RWX_WAKE_ANY, &q);
	lb_wait_unlock_wake(&sem->s, t, &q, LB_SC_WAKEUPS);
	rwx_wait_granted(st, t);
}

/*
 * rwsem_try_write_lock(): under wait_lock, the queued writer takes a lock
 * nobody is active in; acquire: pairs with the release of the last unlock.
 * Three shapes in the history:
 * 3.10-3.15 (no feature bit): no active locker in the count it last read,
 *	the count reads WAITING_BIAS again, then one cmpxchg (WAITING_BIAS) ->
 *	(ACTIVE_WRITE_BIAS, plus WAITING_BIAS when others still wait);
 * 3.16 and the 2014 series (RWX_WSPIN): the same test, then two atomics:
 *	(WAITING_BIAS) -> (ACTIVE_WRITE_BIAS) by cmpxchg, then + WAITING_BIAS
 *	when others still wait;
 * 4.18 (RWX_V418): only the count it last read is tested (== WAITING_BIAS,
 *	no reload), then 3.15's single cmpxchg to the final value.
 */
static bool rwx_try_write_lock(struct lb_rwx *sem, int64_t count, struct lb_tctx *t)
{
	const bool others = !lb_list_is_singular(&sem->wait_list);
	int64_t wb = RWSEM_WAITING_BIAS;

	if (sem->features & RWX_V418) {
		if (count != RWSEM_WAITING_BIAS)
			return false;
	} else if ((count & RWSEM_ACTIVE_MASK) ||
		   lb_load_relaxed(&sem->count) != RWSEM_WAITING_BIAS) {
		return false;
	}
	if (sem->features & RWX_V418 || !(sem->features & RWX_WSPIN)) {
		if (!lb_cmpxchg_acquire(&sem->count, &wb, RWSEM_ACTIVE_WRITE_BIAS +
					(others ? RWSEM_WAITING_BIAS : 0)))
			return false;
	} else {
		if (!lb_cmpxchg_acquire(&sem->count, &wb, RWSEM_ACTIVE_WRITE_BIAS))
			return false;
		/* the queue still holds others: the waiting bias back (rwsem_atomic_update) */
		if (others)
			lb_add_return_full(&sem->count, RWSEM_WAITING_BIAS);
	}
	lb_rwx_set_owner(sem, t);
	return true;
}

/* RSPIN: leave the queue to spin again (a woken writer that found the lock busy) */
static void rwx_leave_queue(struct lb_rwx *sem, struct lb_sleep_thread *st, struct lb_tctx *t)
{
	lb_wait_lock(&sem->s, t);
	lb_list_del(&st->waiter.node);
	if (lb_list_empty(&sem->wait_list))
		lb_add_return_full(&sem->count, -RWSEM_WAITING_BIAS);
	lb_wait_unlock(&sem->s, t);
	lb_set_state_running(&st->task);
	lb_count(t, sem->ctr_extra);
}

void lb_rwx_down_write_failed(struct lb_rwx *sem, struct lb_tctx *t)
{
	struct lb_sleep_thread *st = lb_sleep_thread(t);
	struct lb_list *h = &sem->wait_list;
	const bool spin = sem->features & RWX_WSPIN, rspin = sem->features & RWX_RSPIN;
	int64_t count, adjustment = -RWSEM_ACTIVE_WRITE_BIAS;
	struct lb_wake_q q;
	bool first;

	lb_count(t, RWX_CTR_WRITE_SLOWPATHS);
	lb_wake_q_init(&q);
	if (spin) {
		/* (c) -> (c - ACTIVE_WRITE_BIAS): stop actively locking, then spin */
		lb_add_return_full(&sem->count, -RWSEM_ACTIVE_WRITE_BIAS);
		adjustment = 0;
	}
respin:
	/* an ownerless lock: 3.16 does not spin on it, the 2014 series and 4.9 on do */
	if (spin && rwx_optimistic_spin(sem, t, false, rspin || (sem->features & RWX_V418)))
		return;
	st->waiter.type = LB_WAIT_WRITE;
	lb_wait_lock(&sem->s, t);
	first = lb_list_empty(h);
	if (first)
		adjustment += RWSEM_WAITING_BIAS;
	lb_list_add_tail(&st->waiter.node, h);
	count = adjustment ? lb_add_return_full(&sem->count, adjustment) : lb_load_full(&sem->count);
	/*
	 * Others were queued before us and no writer is active: the lock is
	 * read-owned; wake the readers queued ahead of us.
	 */
	if (!first && count > RWSEM_WAITING_BIAS) {
		rwx_do_wake(sem, RWX_WAKE_READERS, &q);
		/*
		 * 4.18 wakes them at once, the wait_lock still held (it is
		 * about to try the lock and sleep anyway); 3.x as any waker.
		 */
		if (sem->features & RWX_V418)
			lb_wake_up_q(&q, t, LB_SC_WAKEUPS);
		RWX_STEP(sem, t, LB_RWX_S_WOKE_READERS);
	}
	adjustment = 0;
	lb_set_state_sleeping(&st->task);
	for (;;) {
		if (rwx_try_write_lock(sem, count, t))
			break;
		lb_wait_unlock_wake(&sem->s, t, &q, LB_SC_WAKEUPS);
		/* block until there are no active lockers */
		do {
			RWX_STEP(sem, t, LB_RWX_S_WRITE_SLEEP);
			lb_schedule(&st->task, t, LB_SC_SLEEPS);
			lb_set_state_sleeping(&st->task);
			count = lb_load_relaxed(&sem->count);
			if (rspin && (count & RWSEM_ACTIVE_MASK) && lb_osq_is_locked(&sem->osq)) {
				struct lb_budget b;

				lb_budget_start(&b, sem->s.spin_budget);
				if (rwx_can_spin_on_owner(sem, &b, false)) {
					rwx_leave_queue(sem, st, t);
					goto respin;
				}
			}
		} while (count & RWSEM_ACTIVE_MASK);
		lb_wait_lock(&sem->s, t);
	}
	lb_set_state_running(&st->task);
	lb_list_del(&st->waiter.node);
	lb_wait_unlock_wake(&sem->s, t, &q, LB_SC_WAKEUPS);
}

/*
 * rwsem_wake(); @reader: called by up_read(), whose wait_lock acquisition
 * read-wait-locks counts too (RWX_RUNS): the readers' serialisation on it
 * is the 2018 chain, whether they queue or wake others.
 */
static void rwx_wake(struct lb_rwx *sem, struct lb_tctx *t, bool reader)
{
	struct lb_wake_q q;

	lb_wake_q_init(&q);
	if (sem->features & (RWX_RSPIN | RWX_V418)) {
		/*
		 * Our count update before the look at the OSQ; a spinner that
		 * is there will try the lock (and wake the queue) itself, so
		 * only try the wait_lock (rwsem_has_spinner(), 4.2 on). The
		 * kernel orders the two with smp_rmb() (4.15+ before the look,
		 * 4.2 after it): a compiler barrier on x86, whose locked RMW
		 * is a full barrier. Here an acquire fence: it orders the
		 * RMW's read before the OSQ load (no instruction on x86).
		 */
		lb_fence_acquire();
		if (lb_osq_is_locked(&sem->osq)) {
			if (!lb_wait_trylock(&sem->s, t))
				return;
		} else {
			lb_wait_lock(&sem->s, t);
		}
	} else {
		lb_wait_lock(&sem->s, t);
	}
	if (reader && (sem->features & RWX_RUNS))
		lb_count(t, RWX_CTR_READ_WAIT_LOCKS);
	if (!lb_list_empty(&sem->wait_list))
		rwx_do_wake(sem, RWX_WAKE_ANY, &q);
	lb_wait_unlock_wake(&sem->s, t, &q, LB_SC_WAKEUPS);
}

void lb_rwx_wake(struct lb_rwx *sem, struct lb_tctx *t)
{
	rwx_wake(sem, t, false);
}

void lb_rwx_read_wake(struct lb_rwx *sem, struct lb_tctx *t)
{
	rwx_wake(sem, t, true);
}

bool lb_rwx_is_locked(void *lock)
{
	struct lb_rwx *sem = lock;

	return lb_load_relaxed(&sem->count) != 0;
}

int lb_rwx_describe(void *lock, char *buf, size_t len)
{
	struct lb_rwx *sem = lock;
	int64_t c = lb_load_relaxed(&sem->count);
	struct lb_task *owner = lb_load_relaxed(&sem->owner);
	int n = snprintf(buf, len, "count=%#llx (active part %lld, %lld x WAITING_BIAS) owner=%d%s",
			 (unsigned long long)c, (long long)(c & RWSEM_ACTIVE_MASK),
			 (long long)((c - (c & RWSEM_ACTIVE_MASK)) / RWSEM_WAITING_BIAS),
			 owner && owner != RWSEM_READER_OWNED ? (int)owner->tid : -1,
			 owner == RWSEM_READER_OWNED ? " (readers)" : "");

	return lb_sleep_describe(&sem->s, buf, len, n);
}

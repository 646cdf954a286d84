// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sleep.c - park words, wake queues and the wait_lock of the sleeping locks
 *
 * See sleep.h for what is emulated and why (futex sleep, "owner
 * running", need_resched). The ordering arguments live here.
 *
 * Lost wake-ups. A waiter sets its park word to 1 with a full barrier
 * (lb_set_state_sleeping), then re-checks the lock state, then sleeps in
 * FUTEX_WAIT(park, 1). A waker changes the lock state, then stores 0 to
 * the park word (lb_wake_q_add, a release store ordered after the change),
 * then calls FUTEX_WAKE, unless the word already was 0: whoever turns a
 * 1 into 0 owes the FUTEX_WAKE. Either the waiter's re-check sees the change, or
 * the waker's 0 comes after the waiter's 1: then FUTEX_WAIT either finds
 * 0 and returns, or is queued in the kernel before the FUTEX_WAKE, whose
 * comparison the kernel makes under its hash-bucket lock.
 *
 * A task on two wake queues. If lb_wake_q_add() finds the task already on
 * another waker's queue it does not link it again. Its 0 store came before
 * its failed cmpxchg of wake_next, which came before the other waker's
 * clearing xchg of wake_next (that is why the cmpxchg failed), which comes
 * before the other waker's FUTEX_WAKE: that wake covers both.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>

#include "park.h"
#include "sleep.h"


void lb_wake_q_add(struct lb_wake_q *q, struct lb_task *task)
{
	struct lb_task *none = NULL;

	/*
	 * TASK_RUNNING; release: what the waker changed before (a grant, the
	 * count) is visible to the task once its acquire load in
	 * lb_schedule() sees 0. A task that was running already needs no
	 * FUTEX_WAKE (try_to_wake_up() finds its state does not match): it
	 * is not in FUTEX_WAIT, or whoever made its word 0 wakes it.
	 */
	if (lb_xchg_release(&task->park, 0) == 0)
		return;
	/*
	 * NULL -> TAIL; full, as the kernel's cmpxchg in wake_q_add(): fails
	 * when the task is on another queue, whose wake then covers ours.
	 */
	if (!lb_cmpxchg_full(&task->wake_next, &none, LB_WAKE_Q_TAIL))
		return;
	*q->lastp = task;	/* our own queue: only this thread writes it */
	q->lastp = &task->wake_next;
}

void lb_wake_up_q(struct lb_wake_q *q, struct lb_tctx *t, unsigned ctr_wakeups)
{
	struct lb_task *task = q->first;

	while (task != LB_WAKE_Q_TAIL) {
		struct lb_task *next = lb_load_relaxed(&task->wake_next);

		/*
		 * full: the task leaves the queue before we wake it, so a waker
		 * whose lb_wake_q_add() saw it queued is covered by this wake.
		 */
		(void)lb_xchg_full(&task->wake_next, NULL);
		lb_futex(&task->park, FUTEX_WAKE, 1, NULL);
		lb_count(t, ctr_wakeups);
		task = next;
	}
	lb_wake_q_init(q);
}

bool lb_schedule(struct lb_task *me, struct lb_tctx *t, unsigned ctr_sleeps)
{
	bool slept = false;

	/* acquire: pairs with the waker's release store of 0 in lb_wake_q_add() */
	while (lb_load_acquire(&me->park)) {
		/* relaxed: a spinner's hint; it re-reads the owner before trusting it */
		lb_store_relaxed(&me->on_cpu, 0);
		if (lb_futex_sleep(&me->park, 1) == 0) {
			slept = true;
			lb_count(t, ctr_sleeps);
		}
		lb_store_relaxed(&me->on_cpu, 1);
	}
	return slept;
}

int lb_sleep_init(struct lb_sleep *s, struct lb_osq *osq, struct lb_wait_lock_mem *wait_lock_mem,
		  struct lb_list *wait_list, const struct lb_lock_cfg *cfg, uint64_t wait_lock,
		  uint64_t budget_ns, uint64_t handoff_ns, unsigned ctr_base)
{
	const struct lb_lock_ops *wl = lb_wait_lock_ops(wait_lock);

	/* lb_inner_init() checks its counters fit and gives it its own option defaults */
	if (!wl || !wl->trylock || wl->lock_size > sizeof(*wait_lock_mem))
		return -EINVAL;
	s->osq = osq;
	s->wait_lock = wait_lock_mem;
	s->wait_list = wait_list;
	lb_store_relaxed(&osq->tail, 0);
	lb_list_init(wait_list);
	s->spin_budget = lb_budget_cycles(cfg, budget_ns);
	s->handoff_cycles = lb_budget_cycles(cfg, handoff_ns);
	return lb_inner_init(&s->wl, wl, s->wait_lock, cfg,
			     offsetof(struct lb_sleep_thread, wait_lock), ctr_base);
}

int lb_sleep_thread_init(struct lb_sleep *s, struct lb_tctx *t)
{
	struct lb_sleep_thread *st = lb_sleep_thread(t);

	st->task.tid = t->tid;
	lb_store_relaxed(&st->task.park, 0);
	lb_store_relaxed(&st->task.on_cpu, 1);
	lb_store_relaxed(&st->task.wake_next, NULL);
	st->waiter.task = &st->task;
	return lb_inner_thread_init(&s->wl, s->wait_lock, t);
}

int lb_sleep_describe(struct lb_sleep *s, char *buf, size_t len, int n0)
{
	struct lb_list *h = s->wait_list, *n;
	unsigned nw = 0, nr = 0;
	uint32_t tail = lb_load_relaxed(&s->osq->tail);

	/* a racy walk, bounded: the watchdog reads a lock that is stuck, not a moving one */
	for (n = lb_load_relaxed(&h->next); n != h && nw + nr < 100000; n = lb_load_relaxed(&n->next)) {
		if (lb_waiter_of(n)->type == LB_WAIT_READ)
			nr++;
		else
			nw++;
	}
	if (n0 < 0 || (size_t)n0 >= len)
		return n0;
	return n0 + snprintf(buf + n0, len - (size_t)n0, ", osq tail=%u, wait list: %u reader(s), "
			     "%u writer(s) (wait_lock %s)", tail, nr, nw,
			     s->wl.ops ? s->wl.ops->name : "?");
}

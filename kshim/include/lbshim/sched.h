/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sched.h - current, preemption, sleeping and waking, over the models' emulation
 *
 * The kernel's scheduler as the tree's sleeping locks see it, on the one
 * emulation lockbench's models use (locks/sleep.h, locks/park.h,
 * locks/resched.h), not a second one:
 * - current is the calling thread's struct task_struct (runtime.h);
 * - set_current_state(TASK_*) is lb_set_state_sleeping() (fully ordered,
 *   as smp_store_mb()), TASK_RUNNING lb_set_state_running();
 * - schedule() is lb_schedule(): FUTEX_WAIT on the task's park word while
 *   it is set, on_cpu cleared meanwhile;
 * - wake_q_add()/wake_up_q() are lb_wake_q_add()/lb_wake_up_q(): the task
 *   is made runnable at the add, under the waker's lock, and the FUTEX_WAKE
 *   is issued at wake_up_q(); wake_up_process() is both at once;
 * - owner_on_cpu() reads on_cpu (only a sleep in the lock clears it;
 *   involuntary preemption is invisible), vcpu_is_preempted() is false;
 * - need_resched() is the models' spin budget (resched.h), started by the
 *   first need_resched() of a preemption-off section (a spinner's first
 *   look), about a tick by default;
 * - preempt_disable() counts a nesting depth in the task; every outermost
 *   preempt_enable() is a quiescent state for the shim's RCU
 *   (lb_ks_synchronize_rcu()), as a kernel with consolidated RCU treats a
 *   preemption-off region as a read-side critical section;
 * - jiffies and sched_clock() come from the cycle counter (HZ is 250).
 */
#ifndef LB_KSHIM_SCHED_H
#define LB_KSHIM_SCHED_H

#include "base/clock.h"
#include "lbshim/atomic.h"

#define current			(lb_ks_current)
#define get_current()		(lb_ks_current)

#define TASK_RUNNING		0x0000
#define TASK_INTERRUPTIBLE	0x0001
#define TASK_UNINTERRUPTIBLE	0x0002
#define __TASK_STOPPED		0x0004
#define __TASK_TRACED		0x0008
#define TASK_WAKEKILL		0x0100
#define TASK_NOLOAD		0x0400
#define TASK_KILLABLE		(TASK_WAKEKILL | TASK_UNINTERRUPTIBLE)
#define TASK_NORMAL		(TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE)
#define TASK_IDLE		(TASK_UNINTERRUPTIBLE | TASK_NOLOAD)
#define MAX_RT_PRIO		100
#define MAX_SCHEDULE_TIMEOUT	LONG_MAX

static __always_inline void lb_ks_set_state(struct task_struct *p, unsigned int state)
{
	p->__state = state;
	if (state == TASK_RUNNING)
		lb_set_state_running(&p->lbt);
	else
		lb_set_state_sleeping(&p->lbt);
}

#define set_current_state(s)		lb_ks_set_state(current, (s))
#define __set_current_state(s)		lb_ks_set_state(current, (s))
#define set_special_state(s)		lb_ks_set_state(current, (s))
#define __set_task_state(p, s)		lb_ks_set_state((p), (s))
#define set_task_state(p, s)		lb_ks_set_state((p), (s))

/* schedule(): a context switch is an RCU quiescent state, before and after the sleep */
static inline void schedule(void)
{
	struct task_struct *me = current;

	lb_store_relaxed(&me->rcu_seq, me->rcu_seq + 1);
	(void)lb_schedule(&me->lbt, me->tctx, me->ctr_sleeps);
	lb_store_relaxed(&me->rcu_seq, me->rcu_seq + 1);
}

/* schedule_preempt_disabled(): preemption is on again while it sleeps */
static inline void schedule_preempt_disabled(void)
{
	struct task_struct *me = current;
	uint32_t depth = me->preempt_count;

	lb_store_relaxed(&me->preempt_count, 0);
	schedule();
	lb_store_relaxed(&me->preempt_count, depth);
}
#define io_schedule()			schedule()
#define io_schedule_prepare()		0
#define io_schedule_finish(t)		do { (void)(t); } while (0)
#define preempt_schedule()		do { } while (0)
#define cond_resched()			0
#define yield()				do { } while (0)

/* wake queues: the models' (sleep.h) */
struct wake_q_head {
	struct lb_wake_q q;
};
#define WAKE_Q_HEAD_INITIALIZER(name)	{ { LB_WAKE_Q_TAIL, &(name).q.first } }
#define DEFINE_WAKE_Q(name)		struct wake_q_head name = WAKE_Q_HEAD_INITIALIZER(name)
static inline void wake_q_init(struct wake_q_head *h) { lb_wake_q_init(&h->q); }
static inline bool wake_q_empty(struct wake_q_head *h) { return lb_wake_q_empty(&h->q); }
static inline void wake_q_add(struct wake_q_head *h, struct task_struct *p)
{
	lb_wake_q_add(&h->q, &p->lbt);
}
#define wake_q_add_safe(h, p)		wake_q_add((h), (p))
static inline void wake_up_q(struct wake_q_head *h)
{
	lb_wake_up_q(&h->q, current->tctx, current->ctr_wakeups);
}
static inline int wake_up_process(struct task_struct *p)
{
	struct lb_wake_q q;

	lb_wake_q_init(&q);
	lb_wake_q_add(&q, &p->lbt);
	lb_wake_up_q(&q, current->tctx, current->ctr_wakeups);
	return 1;
}
#define wake_up_state(p, s)		wake_up_process(p)
#define get_task_struct(p)		(p)
#define put_task_struct(p)		do { (void)(p); } while (0)
#define task_is_running(p)		(READ_ONCE((p)->__state) == TASK_RUNNING)

static inline bool owner_on_cpu(struct task_struct *owner)
{
	return lb_owner_on_cpu(&owner->lbt);
}
#define vcpu_is_preempted(cpu)		false
#define rt_task(p)			((p)->prio < MAX_RT_PRIO)
#define rt_prio(p)			((p) < MAX_RT_PRIO)
#define task_is_realtime(p)		false
#define dl_task(p)			false
#define signal_pending(p)		0
#define signal_pending_state(s, p)	0
#define fatal_signal_pending(p)		0
#define __fatal_signal_pending(p)	0
#define task_pid_nr(p)			((p)->cpu)

/* preemption: a nesting depth; the outermost enable is an RCU quiescent state */
/* relaxed stores: the task's own words, read by the RCU thread's scan */
static __always_inline void preempt_disable(void)
{
	struct task_struct *me = current;

	lb_store_relaxed(&me->preempt_count, me->preempt_count + 1);
	lb_barrier();
}
static __always_inline void preempt_enable(void)
{
	struct task_struct *me = current;
	uint32_t depth = me->preempt_count - 1;

	lb_barrier();
	lb_store_relaxed(&me->preempt_count, depth);
	if (depth == 0)
		lb_store_relaxed(&me->rcu_seq, me->rcu_seq + 1);
}
#define preempt_enable_no_resched()	preempt_enable()
#define preempt_disable_notrace()	preempt_disable()
#define preempt_enable_notrace()	preempt_enable()
#define preempt_count()			(current->preempt_count)
#define preemptible()			(current->preempt_count == 0)
#define in_task()			(current->tctx->context == LB_CTX_THREAD)
#define in_interrupt()			(current->tctx->context != LB_CTX_THREAD)
#define in_irq()			(current->tctx->context == LB_CTX_HARDIRQ)
#define in_hardirq()			in_irq()
#define in_softirq()			(current->tctx->context == LB_CTX_SOFTIRQ)
#define in_serving_softirq()		in_softirq()
#define in_nmi()			0
#define irqs_disabled()			0
#define local_irq_disable()		do { } while (0)
#define local_irq_enable()		do { } while (0)
#define local_irq_save(f)		do { (f) = 0; } while (0)
#define local_irq_restore(f)		do { (void)(f); } while (0)
#define raw_local_irq_save(f)		local_irq_save(f)
#define raw_local_irq_restore(f)	local_irq_restore(f)
#define local_bh_disable()		do { } while (0)
#define local_bh_enable()		do { } while (0)

/* need_resched(): the spin budget of the current preemption-off section */
static __always_inline bool need_resched(void)
{
	struct task_struct *me = current;

	if (me->budget_seq != me->rcu_seq + 1) {
		me->budget_seq = me->rcu_seq + 1;
		lb_budget_start(&me->budget, lb_ks_budget_cycles);
		return false;
	}
	return lb_need_resched(&me->budget);
}
#define tif_need_resched()		need_resched()

/* RCU readers: preemption off is a read-side critical section (see lb_ks_synchronize_rcu()) */
#define rcu_read_lock()			preempt_disable()
#define rcu_read_unlock()		preempt_enable()
#define rcu_read_lock_sched()		preempt_disable()
#define rcu_read_unlock_sched()		preempt_enable()
#define rcu_read_lock_any_held()	1
#define rcu_dereference(p)		lb_load_acquire(&(p))
#define rcu_dereference_raw(p)		lb_load_acquire(&(p))
#define rcu_dereference_check(p, c)	lb_load_acquire(&(p))
#define rcu_access_pointer(p)		lb_load_relaxed(&(p))
#define rcu_assign_pointer(p, v)	lb_store_release(&(p), (v))
#define RCU_INIT_POINTER(p, v)		lb_store_relaxed(&(p), (v))
#define synchronize_rcu()		lb_ks_synchronize_rcu()
#define synchronize_rcu_expedited()	lb_ks_synchronize_rcu_expedited()
#define rcu_barrier()			lb_ks_rcu_barrier()
typedef void (*rcu_callback_t)(struct rcu_head *head);
#define call_rcu(head, func)		lb_ks_call_rcu((head), (void (*)(void *))(func))
#define call_rcu_hurry(head, func)	call_rcu(head, func)

/* time: jiffies at HZ from the cycle counter; sched_clock() in ns */
#define jiffies			((unsigned long)(lb_cycles() / lb_ks_jiffy_cycles))
#define time_after(a, b)	((long)((b) - (a)) < 0)
#define time_before(a, b)	time_after(b, a)
#define time_after_eq(a, b)	((long)((a) - (b)) >= 0)
#define time_before_eq(a, b)	time_after_eq(b, a)
#define time_is_before_jiffies(a)	time_after(jiffies, a)
#define time_is_after_jiffies(a)	time_before(jiffies, a)
#define NSEC_PER_USEC		1000L
#define NSEC_PER_MSEC		1000000L
#define NSEC_PER_SEC		1000000000L
#define USEC_PER_SEC		1000000L
#define msecs_to_jiffies(m)	DIV_ROUND_UP((unsigned long)(m) * HZ, 1000)
static inline u64 sched_clock(void)
{
	return (u64)((double)lb_cycles() / lb_ks_tsc_per_ns);
}
#define local_clock()		sched_clock()

#endif /* LB_KSHIM_SCHED_H */

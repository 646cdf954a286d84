/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * list.h - the kernel's circular doubly linked list (struct list_head)
 *
 * The interface of <linux/list.h> the locking files use, written for the
 * shim: the links are read and written with relaxed atomics (the kernel's
 * READ_ONCE/WRITE_ONCE), because a few checks read a list head without
 * the lock that guards it (rwsem's and mutex's "is the wait list empty?").
 */
#ifndef LB_KSHIM_LIST_H
#define LB_KSHIM_LIST_H

#include "lbshim/atomic.h"

#define LIST_HEAD_INIT(name)	{ &(name), &(name) }
#define LIST_HEAD(name)		struct list_head name = LIST_HEAD_INIT(name)

static inline void INIT_LIST_HEAD(struct list_head *l)
{
	WRITE_ONCE(l->next, l);
	WRITE_ONCE(l->prev, l);
}

static inline void lb_ks_list_link(struct list_head *n, struct list_head *prev,
				   struct list_head *next)
{
	WRITE_ONCE(next->prev, n);
	WRITE_ONCE(n->next, next);
	WRITE_ONCE(n->prev, prev);
	WRITE_ONCE(prev->next, n);
}

static inline void list_add(struct list_head *n, struct list_head *h)
{
	lb_ks_list_link(n, h, READ_ONCE(h->next));
}

static inline void list_add_tail(struct list_head *n, struct list_head *h)
{
	lb_ks_list_link(n, READ_ONCE(h->prev), h);
}

static inline void lb_ks_list_unlink(struct list_head *n)
{
	struct list_head *p = READ_ONCE(n->prev), *x = READ_ONCE(n->next);

	WRITE_ONCE(x->prev, p);
	WRITE_ONCE(p->next, x);
}

static inline void list_del(struct list_head *n)
{
	lb_ks_list_unlink(n);
	WRITE_ONCE(n->next, (struct list_head *)0x100);	/* the kernel's poison values */
	WRITE_ONCE(n->prev, (struct list_head *)0x122);
}

static inline void list_del_init(struct list_head *n)
{
	lb_ks_list_unlink(n);
	INIT_LIST_HEAD(n);
}

static inline void list_move_tail(struct list_head *n, struct list_head *h)
{
	lb_ks_list_unlink(n);
	list_add_tail(n, h);
}

static inline void list_move(struct list_head *n, struct list_head *h)
{
	lb_ks_list_unlink(n);
	list_add(n, h);
}

static inline int list_empty(const struct list_head *h)
{
	return READ_ONCE(h->next) == h;
}

static inline int list_empty_careful(const struct list_head *h)
{
	struct list_head *n = READ_ONCE(h->next);

	return n == h && n == READ_ONCE(h->prev);
}

static inline int list_is_singular(const struct list_head *h)
{
	struct list_head *n = READ_ONCE(h->next);

	return n != h && n == READ_ONCE(h->prev);
}

static inline int list_is_last(const struct list_head *n, const struct list_head *h)
{
	return READ_ONCE(n->next) == h;
}

static inline int list_is_first(const struct list_head *n, const struct list_head *h)
{
	return READ_ONCE(n->prev) == h;
}

static inline int list_is_head(const struct list_head *n, const struct list_head *h)
{
	return n == h;
}

static inline void list_splice_tail_init(struct list_head *l, struct list_head *h)
{
	if (!list_empty(l)) {
		struct list_head *first = READ_ONCE(l->next), *last = READ_ONCE(l->prev);
		struct list_head *at = READ_ONCE(h->prev);

		WRITE_ONCE(first->prev, at);
		WRITE_ONCE(at->next, first);
		WRITE_ONCE(last->next, h);
		WRITE_ONCE(h->prev, last);
		INIT_LIST_HEAD(l);
	}
}

#define list_entry(p, type, member)		container_of(p, type, member)
#define list_first_entry(h, type, member)	list_entry(READ_ONCE((h)->next), type, member)
#define list_last_entry(h, type, member)	list_entry(READ_ONCE((h)->prev), type, member)
#define list_first_entry_or_null(h, type, member) ({				\
	struct list_head *__lbh = (h), *__lbn = READ_ONCE(__lbh->next);	\
	__lbn != __lbh ? list_entry(__lbn, type, member) : NULL;		\
})
#define list_next_entry(pos, member)	\
	list_entry(READ_ONCE((pos)->member.next), __typeof__(*(pos)), member)
#define list_prev_entry(pos, member)	\
	list_entry(READ_ONCE((pos)->member.prev), __typeof__(*(pos)), member)
#define list_entry_is_head(pos, h, member)	(&(pos)->member == (h))
#define list_for_each(pos, h)	for ((pos) = READ_ONCE((h)->next); (pos) != (h); \
				     (pos) = READ_ONCE((pos)->next))
#define list_for_each_entry(pos, h, member)					\
	for ((pos) = list_first_entry(h, __typeof__(*(pos)), member);		\
	     !list_entry_is_head(pos, h, member);				\
	     (pos) = list_next_entry(pos, member))
#define list_for_each_entry_safe(pos, n, h, member)				\
	for ((pos) = list_first_entry(h, __typeof__(*(pos)), member),		\
	     (n) = list_next_entry(pos, member);				\
	     !list_entry_is_head(pos, h, member);				\
	     (pos) = (n), (n) = list_next_entry(n, member))

#endif /* LB_KSHIM_LIST_H */

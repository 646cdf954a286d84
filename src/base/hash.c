// SPDX-License-Identifier: GPL-2.0-or-later
/* hash.c - an index by hash over the items of an array the caller owns (hash.h) */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/hash.h"

/* the bucket of @x: after a final mix (splitmix64's finaliser), FNV's low bits are poor */
static uint32_t bucket(const struct lb_hidx *h, uint64_t x)
{
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return (uint32_t)(x ^ (x >> 31)) & h->mask;
}

static void chain(struct lb_hidx *h, uint32_t i)
{
	uint32_t b = bucket(h, h->hash[i]);

	h->next[i] = LB_HIDX_END;
	if (h->tail[b] == LB_HIDX_END)
		h->head[b] = i;
	else
		h->next[h->tail[b]] = i;
	h->tail[b] = i;
}

/* twice the room: twice the buckets too (at most one item per bucket on average) */
static int grow(struct lb_hidx *h)
{
	size_t cap = h->cap ? 2 * (size_t)h->cap : 16;
	uint32_t *head, *tail, *next;
	uint64_t *hash;

	if (cap >= LB_HIDX_END)
		return -1;
	head = malloc(cap * sizeof(*head));
	tail = malloc(cap * sizeof(*tail));
	next = realloc(h->next, cap * sizeof(*next));
	if (next)
		h->next = next;
	hash = realloc(h->hash, cap * sizeof(*hash));
	if (hash)
		h->hash = hash;
	if (!head || !tail || !next || !hash) {
		free(head);
		free(tail);
		return -1;
	}
	free(h->head);
	free(h->tail);
	h->head = head;
	h->tail = tail;
	memset(head, 0xff, cap * sizeof(*head));
	memset(tail, 0xff, cap * sizeof(*tail));
	h->cap = (uint32_t)cap;
	h->mask = (uint32_t)cap - 1;
	for (uint32_t i = 0; i < h->n; i++)	/* in their order: a chain lists the oldest first */
		chain(h, i);
	return 0;
}

uint32_t lb_hidx_add(struct lb_hidx *h, uint64_t hash)
{
	if (h->n == h->cap && grow(h))
		return LB_HIDX_END;
	h->hash[h->n] = hash;
	chain(h, h->n);
	return h->n++;
}

uint32_t lb_hidx_first(const struct lb_hidx *h, uint64_t hash)
{
	uint32_t i;

	if (!h->n)
		return LB_HIDX_END;
	i = h->head[bucket(h, hash)];
	while (i != LB_HIDX_END && h->hash[i] != hash)
		i = h->next[i];
	return i;
}

uint32_t lb_hidx_next(const struct lb_hidx *h, uint32_t item)
{
	uint32_t i = h->next[item];

	while (i != LB_HIDX_END && h->hash[i] != h->hash[item])
		i = h->next[i];
	return i;
}

void lb_hidx_free(struct lb_hidx *h)
{
	free(h->head);
	free(h->tail);
	free(h->next);
	free(h->hash);
	memset(h, 0, sizeof(*h));
}

int lb_grow(void **v, unsigned *cap, unsigned n, size_t size, unsigned first)
{
	unsigned c = *cap ? 2 * *cap : first;
	void *g;

	if (n < *cap)
		return 0;
	if (c <= *cap)
		return -1;
	g = realloc(*v, (size_t)c * size);
	if (!g)
		return -1;
	*v = g;
	*cap = c;
	return 0;
}

uint64_t lb_hash(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 0x100000001b3ull;
	return h;
}

uint64_t lb_hash_str(uint64_t h, const char *s)
{
	return lb_hash(h, s, strlen(s) + 1);
}

uint64_t lb_hash_u64(uint64_t h, uint64_t v)
{
	return lb_hash(h, &v, sizeof(v));
}

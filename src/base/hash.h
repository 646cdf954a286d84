/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hash.h - an index by hash over the items of an array the caller owns
 *
 * The readers of files (--baseline, lockbench report) and the tables built
 * from them look items up by a key (a point's lock, ratio, threads, load);
 * a linear search per item made them quadratic in the file. The index
 * numbers the items in the order they are added (the caller's array
 * index, when it appends to its array in the same order) and chains them
 * by bucket, oldest first: the caller hashes the key, walks the items
 * with that hash and compares their keys itself.
 */
#ifndef LB_SRC_BASE_HASH_H
#define LB_SRC_BASE_HASH_H

#include <stddef.h>
#include <stdint.h>

#define LB_HIDX_END UINT32_MAX	/* the end of a chain */

/* struct lb_hidx - @n items in @mask + 1 buckets; zeroed, an empty index */
struct lb_hidx {
	uint32_t *head, *tail;	/* per bucket: its first and last item, or LB_HIDX_END */
	uint32_t *next;		/* per item: the next item of its bucket */
	uint64_t *hash;		/* per item: its hash */
	uint32_t mask, n, cap;
};

/**
 * lb_hidx_add() - add the next item (number @h->n) under @hash
 *
 * Return: its number, or LB_HIDX_END when out of memory.
 */
uint32_t lb_hidx_add(struct lb_hidx *h, uint64_t hash);
/* lb_hidx_first() - the oldest item whose hash is @hash, or LB_HIDX_END */
uint32_t lb_hidx_first(const struct lb_hidx *h, uint64_t hash);
/* lb_hidx_next() - the next item after @item with the same hash, or LB_HIDX_END */
uint32_t lb_hidx_next(const struct lb_hidx *h, uint32_t item);
/* lb_hidx_free() - free the index, empty again */
void lb_hidx_free(struct lb_hidx *h);

/**
 * lb_grow() - room for one more element in the array *@v of *@cap
 * elements of @size bytes, @n of them used: doubled (from @first) when full
 *
 * The arrays an index is over grow with it. Return: 0, or -1 when out of
 * memory (the array unchanged).
 */
int lb_grow(void **v, unsigned *cap, unsigned n, size_t size, unsigned first);

#define LB_HASH_SEED 0xcbf29ce484222325ull
/* lb_hash() - @n bytes at @p mixed into @h (FNV-1a 64; start from LB_HASH_SEED) */
uint64_t lb_hash(uint64_t h, const void *p, size_t n);
/* lb_hash_str() - the string @s with its NUL (so "a","bc" and "ab","c" differ) mixed into @h */
uint64_t lb_hash_str(uint64_t h, const char *s);
/* lb_hash_u64() - @v mixed into @h */
uint64_t lb_hash_u64(uint64_t h, uint64_t v);

#endif /* LB_SRC_BASE_HASH_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * maps.h - what memory a process has of its own (/proc/self/maps)
 *
 * --processes shares a lock between processes made by fork(): what the
 * lock's object and per-thread areas point to must be memory they share
 * (a MAP_SHARED mapping). A pointer into the heap, the data or any other
 * private writable mapping means a copy per process after the fork, so
 * each worker would use its own (bravo's readers' table once did).
 */
#ifndef LB_SRC_BASE_MAPS_H
#define LB_SRC_BASE_MAPS_H

#include <stddef.h>

/**
 * lb_private_pointer() - the first pointer-aligned word of [@p, @p + @len)
 * whose value is an address in a private, writable mapping of this
 * process (the heap, .data and .bss, a private mmap(), a stack)
 *
 * Read-only and shared mappings do not count (code and constants are the
 * same in every process after fork()), nor mappings over 64 GiB (a
 * sanitizer's shadow memory, which any large number would fall in).
 * Return: the word's offset in bytes, -1 when there is none, -2 when
 * /proc/self/maps cannot be read.
 */
long lb_private_pointer(const void *p, size_t len);

#endif /* LB_SRC_BASE_MAPS_H */

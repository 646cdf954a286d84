/* SPDX-License-Identifier: GPL-2.0-or-later */
/* limits.h - sizes every part agrees on */
#ifndef LB_SRC_BASE_LIMITS_H
#define LB_SRC_BASE_LIMITS_H

#define LB_MAX_THREADS 8192u	/* threads in one point (a lock's tid is below it) */

#endif /* LB_SRC_BASE_LIMITS_H */

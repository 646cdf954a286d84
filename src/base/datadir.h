/* SPDX-License-Identifier: GPL-2.0-or-later */
/* datadir.h - where this lockbench's installed data is */
#ifndef LB_SRC_BASE_DATADIR_H
#define LB_SRC_BASE_DATADIR_H

#include <stddef.h>

/**
 * lb_data_dir() - the installed data directory ($(pkgdatadir): topologies/,
 * kshim/, reproduce/) of the installation this binary is part of
 * @buf: room for the directory
 * @len: its size
 *
 * The binary's own directory (/proc/self/exe) and from there the way from
 * bindir to pkgdatadir as built ("../share/lockbench"), when that is a
 * directory: an installation moved or installed with another prefix
 * ("make install prefix=DIR", DESTDIR) finds its own data, never that of
 * another installation in the prefix it was built for. Else the compiled-in
 * pkgdatadir, when that is a directory (the binary copied elsewhere).
 *
 * Return: 0 with the directory in @buf; -1 for a binary of the build tree
 * (it uses its source tree's data/, kshim/ and scripts/) and when neither
 * directory exists.
 */
int lb_data_dir(char *buf, size_t len);

#endif /* LB_SRC_BASE_DATADIR_H */

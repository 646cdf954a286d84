# SPDX-License-Identifier: GPL-2.0-or-later
# man/lockbench.1 is made by make from lockbench.1.in (version, date, the
# installation's directories), and installed by Makefile.am's install-data-local.
EXTRA_DIST += man/lockbench.1.in

# SPDX-License-Identifier: GPL-2.0-or-later
# man/lockbench.1 is made by configure from lockbench.1.in (version, date).
nodist_man_MANS = man/lockbench.1
EXTRA_DIST += man/lockbench.1.in

# SPDX-License-Identifier: GPL-2.0-or-later
# lockbench-plot is installed beside lockbench; the reproductions, named for
# the postings they reproduce, into $(pkgdatadir)/reproduce.
reproduce_scripts = scripts/reproduce/rwsem-spinning-2014 scripts/reproduce/rwsem-reader-exit-2018 \
	scripts/reproduce/qrwlock-byte-cmpxchg-2015 scripts/reproduce/aqticket-2013 \
	scripts/reproduce/fair-rwlock-2008
reproducedir = $(pkgdatadir)/reproduce
dist_bin_SCRIPTS = scripts/lockbench-plot
dist_reproduce_SCRIPTS = $(reproduce_scripts)
dist_noinst_SCRIPTS += scripts/selfbench scripts/simagree scripts/tree-compare scripts/bootstrap
EXTRA_DIST += scripts/bareloop.c
# the simulator's benchmark (HACKING.md, The simulator): built with the tests, never run by them
check_PROGRAMS += scripts/simbench
scripts_simbench_SOURCES = scripts/simbench.c
scripts_simbench_CFLAGS = $(AM_CFLAGS) -DLB_SIM
# what another CPU's touch of a line costs the CPU running on it, here and simulated
check_PROGRAMS += scripts/touchcost
scripts_touchcost_SOURCES = scripts/touchcost.c
scripts_touchcost_CFLAGS = $(AM_CFLAGS) -DLB_SIM

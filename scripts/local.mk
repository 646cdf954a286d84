# SPDX-License-Identifier: GPL-2.0-or-later
# The reproductions are named for the postings they reproduce.
reproduce_scripts = scripts/reproduce/rwsem-spinning-2014 scripts/reproduce/rwsem-reader-exit-2018 \
	scripts/reproduce/qrwlock-byte-cmpxchg-2015 scripts/reproduce/aqticket-2013 \
	scripts/reproduce/fair-rwlock-2008
dist_noinst_SCRIPTS += scripts/selfbench scripts/bootstrap scripts/lockbench-plot $(reproduce_scripts)

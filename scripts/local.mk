# SPDX-License-Identifier: GPL-2.0-or-later
dist_noinst_SCRIPTS += scripts/selfbench scripts/bootstrap scripts/reproduce-seed000 \
	scripts/reproduce-seed001 scripts/reproduce-seed003 \
	scripts/reproduce-rwsem-reader-exit-2018 \
	scripts/lockbench-plot

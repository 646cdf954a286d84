# SPDX-License-Identifier: GPL-2.0-or-later
dist_noinst_SCRIPTS += scripts/selfbench scripts/bootstrap scripts/reproduce-seed000 \
	scripts/reproduce-seed001 scripts/reproduce-seed003 \
	scripts/lockbench-plot

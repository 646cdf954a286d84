# SPDX-License-Identifier: GPL-2.0-or-later
# Installed data: the saved machines for --topology=NAME (src/machine/topology.c
# looks for NAME.xml here, found from the binary's place, then in the source
# tree) and the bash completion.
topologiesdir = $(pkgdatadir)/topologies
dist_topologies_DATA = \
	data/topologies/build-vm-2c.xml \
	data/topologies/epyc-2s128c256t.xml \
	data/topologies/icelake-snc2-2s80c160t.xml \
	data/topologies/skylake-2s40c80t.xml \
	data/topologies/westmere-ex-4s40c.xml \
	data/topologies/westmere-ex-8s80c.xml \
	data/topologies/xeon-e5405-2s8c.xml
# The completion is made by make from lockbench.in (the topologies'
# directory goes into it), and installed by Makefile.am's install-data-local
# into bashcompletiondir (configure's; none with --with-bash-completion-dir=no).
EXTRA_DIST += data/topologies/README data/bash-completion/lockbench.in

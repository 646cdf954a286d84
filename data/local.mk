# SPDX-License-Identifier: GPL-2.0-or-later
EXTRA_DIST += data/topologies/README \
	data/topologies/build-vm-2c.xml \
	data/topologies/epyc-2s128c256t.xml \
	data/topologies/icelake-snc2-2s80c160t.xml \
	data/topologies/skylake-2s40c80t.xml \
	data/topologies/westmere-ex-4s40c.xml \
	data/topologies/westmere-ex-8s80c.xml \
	data/topologies/xeon-e5405-2s8c.xml

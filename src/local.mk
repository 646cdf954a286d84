# SPDX-License-Identifier: GPL-2.0-or-later
lockbench_SOURCES = src/main.c

liblockbench_a_SOURCES += \
	src/compiler.h src/lb-atomic.h \
	src/log.c src/log.h \
	src/parse.c src/parse.h \
	src/options.c src/options.h \
	src/clock.c src/clock.h \
	src/c2c.c src/c2c.h \
	src/perf.c src/perf.h \
	src/trace.c src/trace.h \
	src/topology.c src/topology.h \
	src/domain.c src/domain.h \
	src/harness.c src/harness.h \
	src/stats.c src/stats.h \
	src/hist.c src/hist.h \
	src/roles.c src/roles.h \
	src/fair.c src/fair.h \
	src/run.c src/run.h \
	src/output.c src/output.h \
	src/baseline.c src/baseline.h \
	src/output-table.c src/output-stats.c src/output-sweep.c src/output-csv.c \
	src/output-json.c src/output-latency.c src/output-compare.c src/output-aim7.c

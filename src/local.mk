# SPDX-License-Identifier: GPL-2.0-or-later
# src/ in parts, lowest first (HACKING.md has the map and the rule of the doors):
# base < machine < measure, kernel < sim < harness < (locks/) < tree < plan < output < cli < main.c
lockbench_SOURCES = src/main.c
# --kernel-tree: a tree's shared object calls these of the binary (the list says why)
lockbench_LDFLAGS = -Wl,--dynamic-list=$(top_srcdir)/src/tree/exports.list
EXTRA_DIST += src/tree/exports.list

liblockbench_a_SOURCES += \
	src/base/compiler.h src/base/lb-atomic.h src/base/limits.h \
	src/base/log.c src/base/log.h \
	src/base/file.c src/base/file.h \
	src/base/datadir.c src/base/datadir.h \
	src/base/hash.c src/base/hash.h \
	src/base/maps.c src/base/maps.h \
	src/base/parse.c src/base/parse.h \
	src/base/clock.c src/base/clock.h \
	src/base/futex.c src/base/futex.h src/base/sim.h \
	src/machine/topology.c src/machine/topology.h src/machine/synthetic.c \
	src/machine/hygiene.c src/machine/hygiene.h \
	src/measure/hist.c src/measure/hist.h \
	src/measure/statistics.c src/measure/statistics.h \
	src/measure/c2c.c src/measure/c2c.h \
	src/kernel/perf.c src/kernel/perf.h \
	src/kernel/trace.c src/kernel/trace.h \
	src/kernel/sched.c src/kernel/sched.h \
	src/sim/sim.h src/sim/internal.h src/sim/coro.c src/sim/coro.h \
	src/sim/setup.c src/sim/engine.c src/sim/heap.c src/sim/mem.c src/sim/machine.c \
	src/sim/profile.c \
	src/harness/harness.c src/harness/harness.h src/harness/point.h src/harness/loop.h \
	src/harness/worker.h src/harness/setup.c src/harness/simpoint.c \
	src/harness/watch.c src/harness/collect.c src/harness/validate.c \
	src/harness/check.c src/harness/check.h src/harness/interval.c \
	src/harness/process.c src/harness/process.h src/harness/abandon.c \
	src/harness/roles.c src/harness/roles.h \
	src/harness/figures.c src/harness/figures.h \
	src/tree/tree.h src/tree/build.h src/tree/util.c src/tree/util.h \
	src/tree/source.c src/tree/build.c src/tree/flags.c src/tree/diagnose.c src/tree/load.c \
	src/plan/configuration.h src/plan/plan.c src/plan/plan.h \
	src/plan/defaults.c src/plan/defaults.h \
	src/plan/domain.c src/plan/domain.h \
	src/plan/fair.c src/plan/fair.h \
	src/plan/run.c src/plan/run.h \
	src/plan/torture.c src/plan/torture.h \
	src/plan/simulate.c src/plan/simulate.h \
	src/plan/estimate.c \
	src/output/output.c src/output/output.h src/output/fmt.c src/output/disturbed.c src/output/columns.c src/output/columns.h \
	src/output/colget.c src/output/colput.c \
	src/output/file.c src/output/file.h \
	src/output/table.c src/output/stats.c src/output/sweep.c src/output/csv.c \
	src/output/json.c src/output/latency.c src/output/compare.c src/output/aim7.c \
	src/cli/job.c src/cli/job.h \
	src/cli/options.c src/cli/options.h \
	src/cli/table.h src/cli/rules.c src/cli/help.c src/cli/select.c \
	src/cli/baseline.c src/cli/baseline.h src/cli/baseline-csv.c src/cli/instance.c \
	src/cli/report.c src/cli/report.h

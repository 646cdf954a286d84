# SPDX-License-Identifier: GPL-2.0-or-later
# The test suites (HACKING.md): unit programs, validate and topology data
# files run through their drivers, and shell tests of the command line.

# --- unit tests: pure logic, linked against liblockbench.a
UNIT_TESTS = \
	tests/unit/test-parse \
	tests/unit/test-harness \
	tests/unit/test-stats \
	tests/unit/test-registry \
	tests/unit/test-output \
	tests/unit/test-latency \
	tests/unit/test-roles \
	tests/unit/test-qrwlock \
	tests/unit/test-rwsem \
	tests/unit/test-percpu-rwsem \
	tests/unit/test-numa-locks \
	tests/unit/test-counters \
	tests/unit/test-frwlock \
	tests/unit/test-skeleton \
	tests/unit/test-layout \
	tests/unit/test-plugin-abi \
	tests/unit/test-wrong-verb \
	tests/unit/test-lock-area \
	tests/unit/test-sim \
	tests/unit/test-sim-locks
check_PROGRAMS += $(UNIT_TESTS)
tests_unit_test_parse_SOURCES = tests/unit/test-parse.c tests/unit/check.h
tests_unit_test_harness_SOURCES = tests/unit/test-harness.c tests/unit/check.h
tests_unit_test_stats_SOURCES = tests/unit/test-stats.c tests/unit/check.h
tests_unit_test_registry_SOURCES = tests/unit/test-registry.c tests/unit/check.h
tests_unit_test_output_SOURCES = tests/unit/test-output.c tests/unit/check.h
tests_unit_test_latency_SOURCES = tests/unit/test-latency.c tests/unit/check.h
tests_unit_test_roles_SOURCES = tests/unit/test-roles.c tests/unit/check.h
tests_unit_test_skeleton_SOURCES = tests/unit/test-skeleton.c tests/unit/check.h
tests_unit_test_qrwlock_SOURCES = tests/unit/test-qrwlock.c tests/unit/check.h tests/unit/actors.h
tests_unit_test_rwsem_SOURCES = tests/unit/test-rwsem.c tests/unit/check.h tests/unit/actors.h
tests_unit_test_percpu_rwsem_SOURCES = tests/unit/test-percpu-rwsem.c tests/unit/check.h tests/unit/actors.h
tests_unit_test_numa_locks_SOURCES = tests/unit/test-numa-locks.c tests/unit/check.h
tests_unit_test_counters_SOURCES = tests/unit/test-counters.c tests/unit/check.h
tests_unit_test_frwlock_SOURCES = tests/unit/test-frwlock.c tests/unit/check.h
tests_unit_test_layout_SOURCES = tests/unit/test-layout.c tests/unit/check.h
tests_unit_test_plugin_abi_SOURCES = tests/unit/test-plugin-abi.c tests/unit/plugin-abi-public.c \
	tests/unit/plugin-abi.h tests/unit/check.h
tests_unit_test_wrong_verb_SOURCES = tests/unit/test-wrong-verb.c tests/unit/check.h
tests_unit_test_lock_area_SOURCES = tests/unit/test-lock-area.c tests/unit/check.h
# the simulator: compiled with -DLB_SIM, so that lb-atomic.h, clock.h and futex.h go to it
tests_unit_test_sim_SOURCES = tests/unit/test-sim.c tests/unit/check.h
tests_unit_test_sim_CFLAGS = $(AM_CFLAGS) -DLB_SIM
# the build's copies of real lock files compiled for the simulator (locks/local.mk)
tests_unit_test_sim_locks_SOURCES = tests/unit/test-sim-locks.c tests/unit/check.h
tests_unit_test_sim_locks_CFLAGS = $(AM_CFLAGS) -DLB_SIM

# --- every lock under --validate: every listed lock in four shards (run-validate.sh
# reads --list-locks, so a new lock needs no entry), and the controls and the
# locks' variants (options, thread counts the shards do not try) one file each
VALIDATE_TESTS = \
	tests/validate/every-lock-1.shard \
	tests/validate/every-lock-2.shard \
	tests/validate/every-lock-3.shard \
	tests/validate/every-lock-4.shard \
	tests/validate/sim-every-lock-1.shard \
	tests/validate/sim-every-lock-2.shard \
	tests/validate/busted.validate \
	tests/validate/busted-rw.validate \
	tests/validate/sim-busted.validate \
	tests/validate/sim-busted-rw.validate \
	tests/validate/aqticket-queued.validate \
	tests/validate/bravo-small.validate \
	tests/validate/cna-domains2.validate \
	tests/validate/cohort-mcs-domains2.validate \
	tests/validate/cohort-tkt-domains2.validate \
	tests/validate/frwlock-cmpxchg.validate \
	tests/validate/hmcs-domains2.validate \
	tests/validate/mutex-budget.validate \
	tests/validate/mutex-osq-budget.validate \
	tests/validate/mutex-osq-later.validate \
	tests/validate/osq-unqueue.validate \
	tests/validate/percpu-rwsem-fence.validate \
	tests/validate/qrwlock-ticket.validate \
	tests/validate/qspinlock-cmpxchg.validate \
	tests/validate/qspinlock-nopending.validate \
	tests/validate/rwsem-4.18-4threads.validate \
	tests/validate/rwsem-budget.validate \
	tests/validate/rwsem-qexit-4threads.validate \
	tests/validate/rwsem-qexit-budget.validate \
	tests/validate/rwsem-rspin-budget.validate \
	tests/validate/rwsem-wspin-budget.validate \
	tests/validate/rwsem-wspin-qspinlock.validate \
	tests/validate/rwsem-xadd-x86.validate \
	tests/validate/ttas-nobackoff.validate

# --- placements on saved and synthetic topologies
TOPO_TESTS = \
	tests/topology/westmere-socket.topo \
	tests/topology/westmere-spread.topo \
	tests/topology/skylake-socket-smt.topo \
	tests/topology/skylake-compact.topo \
	tests/topology/skylake-spread.topo \
	tests/topology/e5405-cpus-physical.topo \
	tests/topology/synthetic-2x.topo \
	tests/topology/epyc-cache.topo \
	tests/topology/epyc-cache-smt.topo \
	tests/topology/epyc-numa.topo \
	tests/topology/epyc-spread.topo \
	tests/topology/epyc-socket-package.topo \
	tests/topology/icelake-snc-numa.topo \
	tests/topology/icelake-snc-socket.topo \
	tests/topology/icelake-snc-cache.topo

# --- the command line
CLI_TESTS = \
	tests/cli/bad-input.sh \
	tests/cli/frictions.sh \
	tests/cli/docs-sync.sh \
	tests/cli/defaults.sh \
	tests/cli/list-locks.sh \
	tests/cli/house.sh \
	tests/cli/table.sh \
	tests/cli/sweep.sh \
	tests/cli/percpu-rwsem.sh \
	tests/cli/csv.sh \
	tests/cli/csv-schema.sh \
	tests/cli/interval.sh \
	tests/cli/job.sh \
	tests/cli/marks.sh \
	tests/cli/paired.sh \
	tests/cli/readme.sh \
	tests/cli/json.sh \
	tests/cli/output-file.sh \
	tests/cli/output-links.sh \
	tests/cli/plan.sh \
	tests/cli/estimate.sh \
	tests/cli/default.sh \
	tests/cli/osq-unqueue.sh \
	tests/cli/fair.sh \
	tests/cli/watchdog.sh \
	tests/cli/time-budget.sh \
	tests/cli/validate-controls.sh \
	tests/cli/torture.sh \
	tests/cli/stats.sh \
	tests/cli/aqticket-switch.sh \
	tests/cli/c2c.sh \
	tests/cli/perf.sh \
	tests/cli/plot.sh \
	tests/cli/kernel-locks.sh \
	tests/cli/roles.sh \
	tests/cli/baseline.sh \
	tests/cli/hostile-files.sh \
	tests/cli/hostile-inputs.sh \
	tests/cli/baseline-check.sh \
	tests/cli/reproduce.sh \
	tests/cli/numa-locks.sh \
	tests/cli/completion.sh \
	tests/cli/hygiene.sh \
	tests/cli/install.sh \
	tests/cli/processes.sh \
	tests/cli/plugin.sh \
	tests/cli/plugin-contract.sh \
	tests/cli/instance.sh \
	tests/cli/report.sh \
	tests/cli/simulate.sh \
	tests/cli/sim-sweep.sh \
	tests/cli/sim-numa.sh \
	tests/cli/kernel-tree.sh \
	tests/cli/kernel-tree-bugs.sh \
	tests/cli/kernel-tree-compare.sh \
	tests/cli/kernel-tree-shim.sh \
	tests/cli/kernel-tree-torture.sh \
	tests/cli/tree-compare.sh

# --trace: with libtracefs, the root-only tests (they skip, exit 77, for other
# users); without it, --trace must say so (exit 5)
TRACE_TESTS = tests/cli/trace.sh tests/cli/trace-kernel.sh tests/cli/trace-instances.sh
NOTRACE_TESTS = tests/cli/trace-nobuild.sh
TESTS += $(UNIT_TESTS) $(VALIDATE_TESTS) $(TOPO_TESTS) $(CLI_TESTS)
if HAVE_LIBTRACEFS
TESTS += $(TRACE_TESTS)
else
TESTS += $(NOTRACE_TESTS)
endif

TEST_EXTENSIONS = .validate .shard .topo .sh
VALIDATE_LOG_COMPILER = $(SHELL) $(srcdir)/tests/validate/run-validate.sh
SHARD_LOG_COMPILER = $(VALIDATE_LOG_COMPILER)
TOPO_LOG_COMPILER = $(SHELL) $(srcdir)/tests/topology/run-topology.sh
SH_LOG_COMPILER = $(SHELL)
AM_TESTS_ENVIRONMENT = \
	srcdir='$(srcdir)'; export srcdir; \
	top_builddir='$(abs_top_builddir)'; export top_builddir; \
	LOCKBENCH='$(abs_top_builddir)/lockbench'; export LOCKBENCH; \
	LSAN_OPTIONS='suppressions=$(abs_top_srcdir)/tests/lsan.supp:print_suppressions=0'; \
	export LSAN_OPTIONS; \
	UBSAN_OPTIONS='print_stacktrace=1:halt_on_error=1'; export UBSAN_OPTIONS; \
	LOCKBENCH_BUSY_WARN=101; export LOCKBENCH_BUSY_WARN;

# the kernel-tree tests' shared cache (kernel-tree-lib.sh)
clean-local: clean-kcache
clean-kcache:
	-rm -rf tests/kcache
.PHONY: clean-kcache

EXTRA_DIST += tests/lsan.supp tests/lib.sh tests/cli/house.py tests/cli/hostile-plugin.c tests/cli/kernel-tree-lib.sh tests/validate/run-validate.sh tests/topology/run-topology.sh \
	tests/golden/README tests/golden/rwsem-spinning-2014-table.txt tests/golden/fair-rwlock-2008-latency.txt \
	tests/golden/aqticket-2013-stats.txt tests/golden/qrwlock-byte-cmpxchg-2015-sweep.txt tests/golden/rwsem-spinning-2014-aim7.txt \
	$(VALIDATE_TESTS) $(TOPO_TESTS) $(TOPO_TESTS:.topo=.expected) $(CLI_TESTS) \
	$(TRACE_TESTS) $(NOTRACE_TESTS)

include tests/fuzz/local.mk

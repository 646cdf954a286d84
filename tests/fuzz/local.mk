# SPDX-License-Identifier: GPL-2.0-or-later
# Fuzzing (HACKING.md): one libFuzzer target per reader of untrusted text,
# its starting corpus in tests/fuzz/<target>/. Every build replays each
# corpus through the target's entry point (replay.c, part of make check);
# ./configure --enable-fuzzing (clang) also builds the fuzzers, and
# `make fuzz` runs each for FUZZ_SECONDS, keeping what it finds in
# fuzz-corpus/<target>/ of the build directory.
FUZZ_TARGETS = parse topology topology-xml baseline
FUZZ_SECONDS = 60
FUZZ_REPLAYS = tests/fuzz/replay-parse tests/fuzz/replay-topology tests/fuzz/replay-topology-xml \
	tests/fuzz/replay-baseline
check_PROGRAMS += $(FUZZ_REPLAYS)
TESTS += $(FUZZ_REPLAYS)
tests_fuzz_replay_parse_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz-parse.c tests/fuzz/fuzz.h
tests_fuzz_replay_parse_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_TARGET=\"parse\"
tests_fuzz_replay_topology_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz-topology.c tests/fuzz/fuzz.h
tests_fuzz_replay_topology_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_TARGET=\"topology\"
tests_fuzz_replay_topology_xml_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz-topology-xml.c \
	tests/fuzz/fuzz.h
tests_fuzz_replay_topology_xml_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_TARGET=\"topology-xml\"
tests_fuzz_replay_baseline_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz-baseline.c tests/fuzz/fuzz.h
tests_fuzz_replay_baseline_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_TARGET=\"baseline\"
EXTRA_DIST += tests/fuzz/parse tests/fuzz/topology tests/fuzz/topology-xml tests/fuzz/baseline

if FUZZING
noinst_PROGRAMS = tests/fuzz/fuzz-parse tests/fuzz/fuzz-topology tests/fuzz/fuzz-topology-xml \
	tests/fuzz/fuzz-baseline
tests_fuzz_fuzz_parse_SOURCES = tests/fuzz/fuzz-parse.c tests/fuzz/fuzz.h
tests_fuzz_fuzz_parse_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_topology_SOURCES = tests/fuzz/fuzz-topology.c tests/fuzz/fuzz.h
tests_fuzz_fuzz_topology_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_topology_xml_SOURCES = tests/fuzz/fuzz-topology-xml.c tests/fuzz/fuzz.h
tests_fuzz_fuzz_topology_xml_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_baseline_SOURCES = tests/fuzz/fuzz-baseline.c tests/fuzz/fuzz.h
tests_fuzz_fuzz_baseline_LDFLAGS = $(FUZZ_LDFLAGS)

# every target for FUZZ_SECONDS; new inputs go to fuzz-corpus/<target>/
fuzz: $(noinst_PROGRAMS)
	@for t in $(FUZZ_TARGETS); do \
		mkdir -p fuzz-corpus/$$t || exit 1; \
		echo "fuzz: $$t for $(FUZZ_SECONDS) s"; \
		LSAN_OPTIONS=suppressions=$(abs_top_srcdir)/tests/lsan.supp:print_suppressions=0 \
		./tests/fuzz/fuzz-$$t -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
			-artifact_prefix=fuzz-corpus/$$t- fuzz-corpus/$$t \
			$(srcdir)/tests/fuzz/$$t 2>fuzz-$$t.log || \
			{ tail -n 40 fuzz-$$t.log; exit 1; }; \
		grep -E '^stat::(number_of_executed_units|average_exec_per_sec)' fuzz-$$t.log; \
	done
else
fuzz:
	@echo "make fuzz: the fuzzers need ./configure --enable-fuzzing (clang)" >&2; exit 1
endif
.PHONY: fuzz
CLEANFILES += fuzz-parse.log fuzz-topology.log fuzz-topology-xml.log fuzz-baseline.log
clean-local: clean-fuzz
clean-fuzz:
	-rm -rf fuzz-corpus

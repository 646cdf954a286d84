# SPDX-License-Identifier: GPL-2.0-or-later
# locks/: the lock files are read from locks/locks.def, one per LB_LOCK(id)
# line (the file is locks/<id>.c, '_' written '-' and '.' between two
# digits: rwsem_4_18 is rwsem-4.18.c), so a new lock is its file and its
# line there. The shared parts of several locks are listed here.
liblockbench_a_SOURCES += \
	locks/lock.h locks/inner.h locks/locks.def locks/registry.c locks/registry.h locks/plugin.c \
	locks/pthread-common.h locks/wait-lock.h locks/qrwlock-common.h \
	locks/frwlock.h locks/park.h \
	locks/osq.h locks/resched.h \
	locks/qspinlock-common.h \
	locks/sleep.c locks/sleep.h \
	locks/rwsem-common.c locks/rwsem-common.h \
	locks/kernel-common.c locks/kernel-common.h \
	locks/ck-peer.h

LB_LOCK_NAMES := $(shell sed -n 's/^LB_LOCK(\([a-z0-9_]*\))$$/\1/p' $(srcdir)/locks/locks.def | \
	sed 's/_/-/g; s/\([0-9]\)-\([0-9]\)/\1.\2/g')
LB_LOCK_SRCS := $(LB_LOCK_NAMES:%=locks/%.c)
LB_LOCK_OBJS := $(LB_LOCK_NAMES:%=locks/%.$(OBJEXT))
LB_LOCK_DEPS := $(LB_LOCK_NAMES:%=locks/$(DEPDIR)/%.Po)
liblockbench_a_LIBADD = $(LB_LOCK_OBJS)
liblockbench_a_DEPENDENCIES = $(LB_LOCK_OBJS)
EXTRA_DIST += $(LB_LOCK_SRCS) locks/skeleton.c
DISTCLEANFILES = $(LB_LOCK_DEPS)

# compiled as automake compiles the listed sources, with the same flags and
# dependency tracking
$(LB_LOCK_OBJS): locks/%.$(OBJEXT): locks/%.c
	@$(MKDIR_P) locks/$(DEPDIR)
	$(AM_V_CC)$(COMPILE) -MT $@ -MD -MP -MF locks/$(DEPDIR)/$*.Tpo -c -o $@ $<
	@mv -f locks/$(DEPDIR)/$*.Tpo locks/$(DEPDIR)/$*.Po
-include $(LB_LOCK_DEPS)

# --simulate (HACKING.md, The simulator): every lock file without an
# LB_NOSIM() line, the shared parts those use and the checked sections
# (src/harness/check.c) compiled a second time with -DLB_SIM into locks/sim/,
# linked into one relocatable object whose global symbols are renamed
# lbsim_NAME (nm, objcopy), so that both copies of a lock live in one
# lockbench; locks/sim-registry.c is the table of the copies, from the same
# list (locks/sim-locks.def, made here).
LB_SIM_NAMES := $(shell cd $(srcdir)/locks && grep -LE '^[[:space:]]+LB_NOSIM[^_A-Z]' $(LB_LOCK_NAMES:%=%.c) | sed 's/[.]c$$//')
LB_SIM_IDS := $(subst .,_,$(subst -,_,$(LB_SIM_NAMES)))
LB_SIM_PARTS := sleep rwsem-common
LB_SIM_RAW := $(LB_SIM_NAMES:%=locks/sim/%.$(OBJEXT)) $(LB_SIM_PARTS:%=locks/sim/%.$(OBJEXT)) \
	locks/sim/check.$(OBJEXT)
LB_SIM_DEPS := $(LB_SIM_RAW:locks/sim/%.$(OBJEXT)=locks/sim/$(DEPDIR)/%.Po)
liblockbench_a_SOURCES += locks/sim-registry.c
liblockbench_a_LIBADD += locks/lbsim.$(OBJEXT)
liblockbench_a_DEPENDENCIES += locks/lbsim.$(OBJEXT)
BUILT_SOURCES = locks/sim-locks.def
MOSTLYCLEANFILES = $(LB_SIM_RAW) locks/sim/all.$(OBJEXT) locks/sim/rename.txt \
	locks/lbsim.$(OBJEXT)
CLEANFILES += locks/sim-locks.def
DISTCLEANFILES += $(LB_SIM_DEPS)

LB_SIM_COMPILE = $(AM_V_CC)$(MKDIR_P) locks/sim/$(DEPDIR) && \
	$(COMPILE) -DLB_SIM -MT $@ -MD -MP -MF locks/sim/$(DEPDIR)/$*.Tpo -c -o $@ $< && \
	mv -f locks/sim/$(DEPDIR)/$*.Tpo locks/sim/$(DEPDIR)/$*.Po
locks/sim/%.$(OBJEXT): locks/%.c
	$(LB_SIM_COMPILE)
locks/sim/check.$(OBJEXT): src/harness/check.c
	$(AM_V_CC)$(MKDIR_P) locks/sim/$(DEPDIR) && \
	$(COMPILE) -DLB_SIM -MT $@ -MD -MP -MF locks/sim/$(DEPDIR)/check.Tpo -c -o $@ $< && \
	mv -f locks/sim/$(DEPDIR)/check.Tpo locks/sim/$(DEPDIR)/check.Po
# one object, every global symbol it defines renamed (its own references with them)
locks/lbsim.$(OBJEXT): $(LB_SIM_RAW)
	$(AM_V_GEN)$(CC) -r -nostdlib -o locks/sim/all.$(OBJEXT) $(LB_SIM_RAW) && \
	$(NM) -g --defined-only locks/sim/all.$(OBJEXT) | \
		$(AWK) 'NF == 3 { print $$3, "lbsim_" $$3 }' >locks/sim/rename.txt && \
	$(OBJCOPY) --redefine-syms=locks/sim/rename.txt locks/sim/all.$(OBJEXT) $@
# the simulable locks, one LB_LOCK(id) a line, for locks/sim-registry.c
locks/sim-locks.def: $(LB_LOCK_SRCS) locks/local.mk
	$(AM_V_GEN)$(MKDIR_P) locks && \
	for id in $(LB_SIM_IDS); do echo "LB_LOCK($$id)"; done >$@.tmp && \
	{ cmp -s $@.tmp $@ || mv -f $@.tmp $@; } && rm -f $@.tmp
-include $(LB_SIM_DEPS)
locks/sim-registry.$(OBJEXT): locks/sim-locks.def

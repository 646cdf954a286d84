# SPDX-License-Identifier: GPL-2.0-or-later
# locks/: the lock files are read from locks/locks.def, one per LB_LOCK(id)
# line (the file is locks/<id>.c, '_' written '-' and '.' between two
# digits: rwsem_4_18 is rwsem-4.18.c), so a new lock is its file and its
# line there. The shared parts of several locks are listed here.
liblockbench_a_SOURCES += \
	locks/lock.h locks/inner.h locks/locks.def locks/tree-check.def \
	locks/registry.c locks/registry.h locks/plugin.c \
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
# lockbench; locks/sim-registry.c, the table of the copies (built from
# locks.def: a lock without a copy is a NULL entry, a weak reference),
# compiled natively and linked into the same object, which the native
# code's first call of lb_sim_lock_find() brings into the link.
LB_SIM_NAMES := $(shell cd $(srcdir)/locks && grep -LE '^[[:space:]]+LB_NOSIM[^_A-Z]' $(LB_LOCK_NAMES:%=%.c) | sed 's/[.]c$$//')
LB_SIM_PARTS := sleep rwsem-common
LB_SIM_RAW := $(LB_SIM_NAMES:%=locks/sim/%.$(OBJEXT)) $(LB_SIM_PARTS:%=locks/sim/%.$(OBJEXT)) \
	locks/sim/check.$(OBJEXT)
LB_SIM_DEPS := $(LB_SIM_RAW:locks/sim/%.$(OBJEXT)=locks/sim/$(DEPDIR)/%.Po) \
	locks/sim/$(DEPDIR)/registry.Po
liblockbench_a_LIBADD += locks/lbsim.$(OBJEXT)
liblockbench_a_DEPENDENCIES += locks/lbsim.$(OBJEXT)
EXTRA_DIST += locks/sim-registry.c
MOSTLYCLEANFILES = $(LB_SIM_RAW) locks/sim/all.$(OBJEXT) locks/sim/renamed.$(OBJEXT) \
	locks/sim/registry.$(OBJEXT) locks/sim/rename.txt locks/lbsim.$(OBJEXT)
DISTCLEANFILES += $(LB_SIM_DEPS)

# compiled as the lock objects above are, with -DLB_SIM (or without, $(2))
LB_SIM_COMPILE = $(AM_V_CC)$(MKDIR_P) locks/sim/$(DEPDIR) && \
	$(COMPILE) $(1) -MT $@ -MD -MP -MF locks/sim/$(DEPDIR)/$(2).Tpo -c -o $@ $< && \
	mv -f locks/sim/$(DEPDIR)/$(2).Tpo locks/sim/$(DEPDIR)/$(2).Po
locks/sim/%.$(OBJEXT): locks/%.c
	$(call LB_SIM_COMPILE,-DLB_SIM,$*)
locks/sim/check.$(OBJEXT): src/harness/check.c
	$(call LB_SIM_COMPILE,-DLB_SIM,check)
locks/sim/registry.$(OBJEXT): locks/sim-registry.c
	$(call LB_SIM_COMPILE,,registry)
# one object, every global symbol of the copies renamed (their own references
# with them), then the table of the copies, whose weak references it resolves
locks/lbsim.$(OBJEXT): $(LB_SIM_RAW) locks/sim/registry.$(OBJEXT)
	$(AM_V_GEN)$(CC) -r -nostdlib -o locks/sim/all.$(OBJEXT) $(LB_SIM_RAW) && \
	$(NM) -g --defined-only locks/sim/all.$(OBJEXT) | \
		$(AWK) 'NF == 3 { print $$3, "lbsim_" $$3 }' >locks/sim/rename.txt && \
	$(OBJCOPY) --redefine-syms=locks/sim/rename.txt locks/sim/all.$(OBJEXT) \
		locks/sim/renamed.$(OBJEXT) && \
	$(CC) -r -nostdlib -o $@ locks/sim/renamed.$(OBJEXT) locks/sim/registry.$(OBJEXT)
-include $(LB_SIM_DEPS)

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

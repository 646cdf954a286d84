# SPDX-License-Identifier: GPL-2.0-or-later
# One line per lock file; locks/locks.def lists the same locks for the registry.
liblockbench_a_SOURCES += \
	locks/lock.h locks/inner.h locks/locks.def locks/registry.c locks/registry.h locks/plugin.c \
	locks/pthread-common.h locks/wait-lock.h locks/qrwlock-common.h \
	locks/frwlock.h locks/park.h \
	locks/null.c \
	locks/busted.c \
	locks/busted-rw.c \
	locks/stall.c \
	locks/stall-sleep.c \
	locks/tas.c \
	locks/ttas.c \
	locks/ticket.c \
	locks/aqticket.c \
	locks/mcs.c \
	locks/osq.c locks/osq.h locks/resched.h \
	locks/qspinlock.c locks/qspinlock-common.h \
	locks/pthread-spin.c \
	locks/cna.c \
	locks/cohort-tkt.c \
	locks/cohort-mcs.c \
	locks/hmcs.c \
	locks/sleep.c locks/sleep.h \
	locks/mutex.c \
	locks/mutex-osq.c \
	locks/rwsem.c \
	locks/rwsem-common.c locks/rwsem-common.h \
	locks/rwsem-xadd.c \
	locks/rwsem-wspin.c \
	locks/rwsem-rspin.c \
	locks/rwsem-4.18.c \
	locks/rwsem-qexit.c \
	locks/pthread-mutex.c \
	locks/pthread-adaptive.c \
	locks/pthread-mutex-shared.c \
	locks/pthread-rwlock.c \
	locks/pthread-rwlock-wp.c \
	locks/pthread-rwlock-shared.c \
	locks/qrwlock-wcas.c \
	locks/qrwlock-bcas.c \
	locks/qrwlock.c \
	locks/rwlock-bias.c \
	locks/frwlock.c \
	locks/percpu-rwsem.c \
	locks/bravo.c \
	locks/kernel-common.c locks/kernel-common.h \
	locks/kernel-mmap.c \
	locks/kernel-futex.c \
	locks/kernel-flock.c \
	locks/kernel-file.c \
	locks/ck-peer.h \
	locks/ck-ticket.c \
	locks/ck-mcs.c \
	locks/ck-clh.c \
	locks/ck-fas.c \
	locks/ck-rwlock.c

EXTRA_DIST += locks/skeleton.c

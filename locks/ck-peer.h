/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ck-peer.h - what the Concurrency Kit peer locks share
 *
 * The peers (family "peer", LB_LOCK_F_PEER) run Concurrency Kit's own lock
 * code (Samy Al Bahra et al., https://github.com/concurrencykit/ck, BSD-2),
 * compiled in from the installed libck-dev headers, in lockbench's harness
 * and measured loop: the same algorithms from a library users already
 * trust, so that a comparison with lockbench's models is fair (spec
 * sections 3 and 7). lockbench only adapts the calls to its ops; the lock
 * code is ck's, described (not copied) in each file's header. A build
 * without ck still lists every peer, unavailable, with the reason below.
 */
#ifndef LB_LOCKS_CK_PEER_H
#define LB_LOCKS_CK_PEER_H

#include "lock.h"

#define LB_CK_UNAVAILABLE	"built without Concurrency Kit (libck-dev)"

/*
 * The ck release the peers were written against and describe (Debian 12's
 * libck-dev; ck's headers carry no version of their own): what they follow.
 */
#define LB_CK_VERSION		"0.7.1"

/* LB_CK_FIELDS() - the fields every peer's ops share, built with ck or not; @ck_lock: ck's name */
#define LB_CK_FIELDS(cli_name, kind_, extra_flags, description, ck_lock)	\
	.name = (cli_name),							\
	.desc = (description),							\
	.follows = "Concurrency Kit " LB_CK_VERSION " " ck_lock,		\
	.deviations = "none: ck's own code from its headers",			\
	.family = "peer",							\
	.kind = (kind_),							\
	.flags = LB_LOCK_F_PEER | LB_LOCK_F_PSHARED | (extra_flags)

#endif /* LB_LOCKS_CK_PEER_H */

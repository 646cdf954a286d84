// SPDX-License-Identifier: GPL-2.0-or-later
/* defaults.c - the one table of defaults (defaults.h) */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/log.h"
#include "base/parse.h"
#include "plan/defaults.h"

const struct lb_default lb_defaults[LB_NDEFAULTS] = {
	[LB_D_SCENARIO] = { "scenario", "mix" },
	[LB_D_RATIO] = { "ratio", "0:1" },
	[LB_D_THREADS] = { "threads", "2,max" },
	[LB_D_LOAD] = { "load", "1,5,10" },
	[LB_D_DELAY] = { "delay", "0" },
	[LB_D_LOAD_UNIT] = { "load-unit", "pause" },
	/* Long 2014's */
	[LB_D_OPS] = { "ops", "1000000" },
	[LB_D_REPEAT] = { "repeat", "1" },
	[LB_D_PLACE] = { "place", "socket" },
	[LB_D_LOCK_DOMAIN] = { "lock-domain", "numa" },
	[LB_D_TIMEOUT] = { "timeout", "60", NULL, "0 disables, else at least 0.5" },
	[LB_D_LATENCY_SAMPLE] = { "latency-sample", "1", NULL, "every one" },
	/*
	 * The fair scenario's: Desnoyers 2008's thread mix and
	 * periods (its Aug 17 2008 run): "4 thread readers", "2 thread trylock
	 * readers", "2 thread writers (10us period)", "2 thread trylock writers
	 * (10us period)", one interrupt reader of each kind "every 100 ms"; the
	 * trylock writers' give-up after 100 tries is the Aug 18 module's.
	 */
	[LB_D_FAIR_READERS] = { "fair-readers", "4" },
	[LB_D_FAIR_TRYLOCK_READERS] = { "fair-trylock-readers", "2" },
	[LB_D_FAIR_WRITERS] = { "fair-writers", "2" },
	[LB_D_FAIR_TRYLOCK_WRITERS] = { "fair-trylock-writers", "2" },
	[LB_D_FAIR_IRQ_READERS] = { "fair-irq-readers", "1", NULL,
				    "0 if the read side is not signal-safe" },
	[LB_D_FAIR_TRYLOCK_IRQ_READERS] = { "fair-trylock-irq-readers", "1", NULL,
					    "0 if the lock cannot" },
	[LB_D_FAIR_WRITER_PERIOD] = { "fair-writer-period", "10" },
	[LB_D_FAIR_TRYLOCK_WRITER_PERIOD] = { "fair-trylock-writer-period", "10" },
	[LB_D_FAIR_TRYLOCK_WRITER_TRIES] = { "fair-trylock-writer-tries", "100", NULL,
					     "0: never give up" },
	[LB_D_FAIR_IRQ_PERIOD] = { "fair-irq-period", "100" },
	[LB_D_FORMAT] = { "format", "table" },
	/* --simulate: the same command runs the same; a small jitter; Linux's CFS-era slice */
	[LB_D_SEED] = { "seed", "1" },
	[LB_D_SIM_JITTER] = { "sim-jitter", "2" },
	[LB_D_SIM_SLICE] = { "sim-slice", "3ms" },

	/*
	 * The default experiment (no --lock): the 2014 rwsem-spinning
	 * posting's mutex and rwsem rows, its ratios, a fifth of its
	 * operations (about 4 s for mutex,rwsem on a 2-core VM); the C
	 * library's locks, one for one, where this build lacks the models.
	 */
	[LB_D_EXPERIMENT_LOCKS] = { "lock", "mutex,rwsem", "the default experiment" },
	[LB_D_EXPERIMENT_LOCKS_LIBC] = { "lock", "pthread-mutex,pthread-rwlock",
					 "the default experiment, in a build without the models" },
	[LB_D_EXPERIMENT_RATIOS] = { "ratio", "0:1,1:1,10:1", "the default experiment" },
	[LB_D_EXPERIMENT_OPS] = { "ops", "200000", "the default experiment" },
	/* McKenney 2013's table: a second per point, five times */
	[LB_D_STATS_REPEAT] = { "repeat", "5", "-f stats" },
	[LB_D_STATS_DURATION] = { "duration", "1", "-f stats" },
	/* the 2015 qrwlock sweep has one critical-section length */
	[LB_D_SWEEP_LOAD] = { "load", "1", "-f sweep" },
	/*
	 * Desnoyers 2008's lock where this build has it; 10 s of
	 * high contention (the posting ran 60); its critical section is its
	 * array alone.
	 */
	[LB_D_FAIR_LOCK] = { "lock", "frwlock", "--scenario=fair" },
	[LB_D_FAIR_LOCK_LIBC] = { "lock", "pthread-rwlock",
				  "--scenario=fair, in a build without frwlock" },
	[LB_D_FAIR_DURATION] = { "duration", "10", "--scenario=fair" },
	[LB_D_FAIR_LOAD] = { "load", "0", "--scenario=fair" },
	/* seconds per lock when --duration (the whole torture's) is not given */
	[LB_D_TORTURE_DURATION] = { "duration", "10", "--torture, per lock" },
	/* a point's time budget: generous, but a stuck point ends */
	[LB_D_POINT_TIMEOUT_WORK] = { "point-timeout", "60", "fixed work" },
	[LB_D_POINT_TIMEOUT_TIME] = { "point-timeout", "3x+10", "fixed time" },
};

double lb_default_seconds(enum lb_default_id id)
{
	char why[256];
	double s;

	if (lb_parse_seconds(lb_default(id), 0, 86400, &s, why, sizeof(why)))
		lb_die(LB_EXIT_RUNTIME, "internal error: the default of --%s: %s",
		       lb_defaults[id].option, why);
	return s;
}

double lb_default_budget(double duration)
{
	double times, slack;
	int end = 0;

	if (sscanf(lb_default(LB_D_POINT_TIMEOUT_TIME), "%lfx+%lf%n", &times, &slack, &end) != 2 ||
	    lb_default(LB_D_POINT_TIMEOUT_TIME)[end])
		lb_die(LB_EXIT_RUNTIME, "internal error: the fixed-time default of --point-timeout");
	return times * duration + slack;
}

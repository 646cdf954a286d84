// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-frwlock.c - Desnoyers' lock in every context class
 *
 * The harness runs every thread in thread context; this test calls the
 * lock with struct lb_tctx.context set to softirq and hardirq, so that
 * the per-context paths run: the word layout against Desnoyers' NR_CPUS=16
 * example, the exclusion each class sees at each writer stage (subscribed,
 * WRITER_MUTEX, SOFTIRQ_WMASK, HARDIRQ_WMASK), the writer trylock with
 * subscription, the thread-only write_lock, a writer really waiting for
 * interrupt readers (two threads), an interrupt reader nested in a thread
 * reader while a writer is subscribed (no deadlock), and the emulated
 * interrupt mask: a signal-raised reader is deferred while the writer has
 * "interrupts off" and runs when it turns them on.
 */
#include "config.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"
#include "locks/frwlock.h"
#include "locks/registry.h"

static const struct lb_lock_ops *ops;
static uint64_t ctr[4][LB_LOCK_MAX_COUNTERS];
static char priv[4][64] __attribute__((aligned(64)));
static struct lb_tctx tc[4];	/* [0] thread, [1] softirq, [2] hardirq: the main thread; [3] writer */
static struct lb_irq wirq;	/* the writer's emulated interrupt mask */

static struct lb_frwlock *new_lock(unsigned nthreads)
{
	static const uint64_t opts[1] = { 0 };
	struct lb_lock_cfg cfg = { .nthreads = nthreads, .opts = opts };
	size_t sz = (ops->lock_size + 63) / 64 * 64;
	struct lb_frwlock *l = aligned_alloc(64, sz);

	memset(l, 0, sz);
	CHECK(ops->init(l, &cfg) == 0, "init with %u threads", nthreads);
	memset(priv, 0, sizeof(priv));
	for (unsigned i = 0; i < 4; i++)
		tc[i] = (struct lb_tctx){ .tid = i, .nthreads = 4, .priv = priv[i], .ctr = ctr[i],
					  .context = i < 3 ? (enum lb_context)i : LB_CTX_THREAD,
					  .cpu = -1 };
	memset(&wirq, 0, sizeof(wirq));
	tc[3].irq = &wirq;
	return l;
}

static uint64_t word(struct lb_frwlock *l)
{
	return __atomic_load_n(&l->word, __ATOMIC_ACQUIRE);
}

/* Which of thread, softirq and hardirq readers get in now (bit per class)? */
static unsigned who_reads(struct lb_frwlock *l)
{
	unsigned in = 0;

	for (unsigned c = 0; c < 3; c++)
		if (ops->read_trylock(l, &tc[c])) {
			in |= 1u << c;
			ops->read_unlock(l, &tc[c]);
		}
	return in;
}

static void layout(void)
{
	struct lb_frwlock *l = new_lock(15);

	/* Desnoyers' example with NR_CPUS = 16 */
	CHECK(l->nr == 16, "15 threads: NR 16, got %llu", (unsigned long long)l->nr);
	CHECK(l->rmask[0] == 0xf && l->rmask[1] == 0xf0 && l->rmask[2] == 0xf00 &&
	      l->sub_mask == 0xf000 && l->mutex == 0x10000 && l->soft_wmask == 0x20000 &&
	      l->hard_wmask == 0x40000, "the v5 layout for NR_CPUS = 16");
	free(l);
	l = new_lock(16);
	CHECK(l->nr == 32, "16 threads: NR must be strictly greater, got %llu",
	      (unsigned long long)l->nr);
	free(l);
	l = new_lock(1);
	CHECK(l->nr == 2 && l->hard_wmask == 1ull << 6, "1 thread: NR 2, HARDIRQ_WMASK bit 6");
	free(l);
}

static void contexts(void)
{
	struct lb_frwlock *l = new_lock(4);
	struct lb_tctx *w = &tc[3];

	/* readers of every class share the lock and nest */
	ops->read_lock(l, &tc[2]);
	ops->read_lock(l, &tc[0]);
	ops->read_lock(l, &tc[1]);
	CHECK(word(l) == (1 | l->roffset[1] | l->roffset[2]), "one reader per class: 0x%llx",
	      (unsigned long long)word(l));
	CHECK(who_reads(l) == 7, "everyone reads beside readers");
	CHECK(!ops->trylock(l, w), "no writer beside readers");
	/* the failed trylock left a subscription: thread readers out, interrupt readers in */
	CHECK(lb_frwlock_subscribed(w) && (word(l) & l->sub_mask) == l->sub_off, "subscribed");
	CHECK(who_reads(l) == 6, "subscribed writer: softirq and hardirq only, got %u", who_reads(l));
	ops->read_unlock(l, &tc[0]);
	CHECK(!ops->trylock(l, w), "interrupt readers still in");
	ops->read_unlock(l, &tc[1]);
	ops->read_unlock(l, &tc[2]);
	CHECK(ops->trylock(l, w), "the subscribed trylock wins once the readers are gone");
	CHECK(!lb_frwlock_subscribed(w) && word(l) == (l->mutex | l->soft_wmask | l->hard_wmask),
	      "subscription turned into ownership: 0x%llx", (unsigned long long)word(l));
	CHECK(wirq.bh_depth == 1 && wirq.depth == 1, "bh and irq masked while held");
	CHECK(who_reads(l) == 0, "no reader of any class beside the irq writer");
	CHECK(ops->is_locked(l), "is_locked");
	ops->unlock(l, w);
	CHECK(word(l) == 0 && wirq.bh_depth == 0 && wirq.depth == 0, "unlock clears all");
	CHECK(ctr[3][2] == 2, "two trylock-fails counted, got %llu", (unsigned long long)ctr[3][2]);

	/* the thread-only write_lock keeps out thread readers only, masks nothing */
	lb_frwlock_write_lock(l, w);
	CHECK(word(l) == l->mutex && wirq.depth == 0, "write_lock: WRITER_MUTEX only");
	CHECK(who_reads(l) == 6, "write_lock: interrupt readers still get in");
	lb_frwlock_write_unlock(l, w);
	/* and the write_lock_irq fast path masks both classes */
	ops->lock(l, w);
	CHECK(who_reads(l) == 0 && wirq.depth == 1 && wirq.bh_depth == 1, "write_lock_irq");
	ops->unlock(l, w);

	/* subscribe and give up */
	lb_frwlock_write_subscribe(l, w);
	lb_frwlock_write_subscribe(l, w);	/* once per thread */
	CHECK((word(l) & l->sub_mask) == l->sub_off, "one subscription");
	CHECK(who_reads(l) == 6, "subscribed: thread readers wait");
	lb_frwlock_write_unsubscribe(l, w);
	CHECK(word(l) == 0 && who_reads(l) == 7, "unsubscribed");
	lb_frwlock_write_subscribe(l, w);
	ops->thread_fini(l, w);
	CHECK(word(l) == 0, "thread_fini drops a leftover subscription");
	free(l);
}

/* The writer thread: write_lock_irq, report, wait for the word to let go, unlock. */
static struct {
	struct lb_frwlock *l;
	int held, release;
} wr;

static void *writer(void *arg)
{
	(void)arg;
	ops->lock(wr.l, &tc[3]);
	__atomic_store_n(&wr.held, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&wr.release, __ATOMIC_ACQUIRE))
		sched_yield();
	ops->unlock(wr.l, &tc[3]);
	return NULL;
}

/* Wait up to 10 s for the word to show @bits. */
static bool wait_bits(struct lb_frwlock *l, uint64_t bits)
{
	struct timespec ts = { 0, 1000000 };

	for (int i = 0; i < 10000; i++) {
		if ((word(l) & bits) == bits)
			return true;
		nanosleep(&ts, NULL);
	}
	return false;
}

static bool wait_held(void)
{
	struct timespec ts = { 0, 1000000 };

	for (int i = 0; i < 10000; i++) {
		if (__atomic_load_n(&wr.held, __ATOMIC_ACQUIRE))
			return true;
		nanosleep(&ts, NULL);
	}
	return false;
}

/* The writer must get the lock now; let it go. A broken lock fails here, never hangs. */
static void finish_writer(pthread_t th)
{
	bool held = wait_held();

	CHECK(held, "the writer gets the lock once the readers are gone: 0x%llx",
	      (unsigned long long)word(wr.l));
	if (!held) {
		pthread_detach(th);
		exit(check_done());
	}
	CHECK(who_reads(wr.l) == 0, "held: no reader");
	__atomic_store_n(&wr.release, 1, __ATOMIC_RELEASE);
	pthread_join(th, NULL);
}

static void two_threads(void)
{
	pthread_t th;

	/* a writer waits for a hardirq reader with everything else already excluded */
	wr.l = new_lock(4);
	wr.held = wr.release = 0;
	ops->read_lock(wr.l, &tc[2]);
	pthread_create(&th, NULL, writer, NULL);
	CHECK(wait_bits(wr.l, wr.l->mutex | wr.l->soft_wmask | wr.l->hard_wmask),
	      "the writer reaches its last stage: 0x%llx", (unsigned long long)word(wr.l));
	CHECK(!__atomic_load_n(&wr.held, __ATOMIC_ACQUIRE), "not while a hardirq reader is in");
	CHECK(who_reads(wr.l) == 0, "last stage: no new reader of any class");
	ops->read_unlock(wr.l, &tc[2]);
	finish_writer(th);
	CHECK(word(wr.l) == 0, "released");
	free(wr.l);

	/* a subscribed writer waits for a thread reader; an interrupt on that reader still reads */
	wr.l = new_lock(4);
	wr.held = wr.release = 0;
	ops->read_lock(wr.l, &tc[0]);
	pthread_create(&th, NULL, writer, NULL);
	CHECK(wait_bits(wr.l, wr.l->sub_off), "the writer subscribes");
	CHECK(who_reads(wr.l) == 6, "a hardirq and a softirq reader nested in the thread reader, "
	      "but no new thread reader: got %u", who_reads(wr.l));
	CHECK(!__atomic_load_n(&wr.held, __ATOMIC_ACQUIRE), "not while the thread reader is in");
	ops->read_unlock(wr.l, &tc[0]);
	finish_writer(th);
	CHECK(word(wr.l) == 0, "released");
	free(wr.l);
}

/* An emulated interrupt: a signal whose handler takes the read lock in hardirq context. */
static struct lb_frwlock *sig_lock;
static volatile sig_atomic_t irq_reads, irq_refused;

static void irq_read(void)
{
	if (ops->read_trylock(sig_lock, &tc[2])) {
		irq_reads++;
		ops->read_unlock(sig_lock, &tc[2]);
	} else {
		irq_refused++;
	}
}

/* the handler runs on the main thread, which plays the writer (tc[3]) when masked */
static void on_irq(int sig)
{
	(void)sig;
	if (lb_irq_masked(&wirq, LB_CTX_HARDIRQ))
		wirq.pending |= 1;
	else
		irq_read();
}

static void replay(struct lb_tctx *t)
{
	if (t->irq->pending) {
		t->irq->pending = 0;
		irq_read();
	}
}

static void signals(void)
{
	struct sigaction sa = { .sa_handler = on_irq };

	sig_lock = new_lock(4);
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	wirq.replay = replay;
	raise(SIGUSR1);
	CHECK(irq_reads == 1, "an interrupt reader on a free lock reads at once");
	ops->lock(sig_lock, &tc[3]);
	raise(SIGUSR1);
	CHECK(irq_reads == 1 && irq_refused == 0, "masked: the handler is deferred, not refused");
	CHECK(wirq.pending == 1, "recorded as pending");
	ops->unlock(sig_lock, &tc[3]);
	CHECK(irq_reads == 2 && wirq.pending == 0, "unlock's irq enable runs it, after the release");
	signal(SIGUSR1, SIG_DFL);
	free(sig_lock);
}

int main(void)
{
	ops = lb_lock_find("frwlock");
	CHECK(ops != NULL, "frwlock is registered");
	if (!ops)
		return check_done();
	CHECK(ops->flags & LB_LOCK_F_SIGSAFE_READ, "its read side is marked signal-safe");
	CHECK(ops->trylock && ops->read_trylock, "it has both trylocks");
	layout();
	contexts();
	two_threads();
	signals();
	return check_done();
}

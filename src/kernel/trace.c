// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * trace.c - the kernel's view of a run through tracefs (--trace)
 *
 * The call sequence and its pitfalls are in platform-notes.md section 4:
 * tracefs_tracing_dir() mounts tracefs where it is not mounted; an instance
 * a killed process left behind survives with its buffers and events, and
 * tracefs_instance_create() silently returns it, so the name carries the
 * pid, stale ones are swept, and ours is removed on every way out; count
 * switch-outs (prev_pid), not switch-ins, which some kernels lose; libtracefs
 * 1.6 has no tracefs_filter_pid_events(), so the workers' thread ids go to
 * set_event_pid directly. trace_clock is "mono" so that a contention that
 * begins on one CPU and ends on another pairs correctly.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/log.h"
#include "kernel/trace.h"

static const char *const flag_names[LB_TRACE_NFLAGS] = {
	"SPIN", "READ", "WRITE", "RT", "PERCPU", "MUTEX",
};

const char *lb_trace_flag_name(unsigned bit)
{
	return bit < LB_TRACE_NFLAGS ? flag_names[bit] : "?";
}

char *lb_trace_flags_str(uint32_t flags, char *buf, size_t len)
{
	size_t l = 0;

	buf[0] = '\0';
	if (!flags) {
		snprintf(buf, len, "none");
		return buf;
	}
	for (unsigned b = 0; b < LB_TRACE_NFLAGS && l < len; b++)
		if (flags & (1u << b))
			l += (size_t)snprintf(buf + l, len - l, "%s%s", l ? "|" : "", flag_names[b]);
	if (flags >> LB_TRACE_NFLAGS && l < len)
		snprintf(buf + l, len - l, "%s0x%x", l ? "|" : "",
			 flags & ~((1u << LB_TRACE_NFLAGS) - 1));
	return buf;
}

void lb_trace_bit_stat(const struct lb_trace_vals *v, unsigned bit, uint64_t *count,
		       uint64_t *wait_ns)
{
	*count = *wait_ns = 0;
	for (unsigned c = 0; c < LB_TRACE_NCLASSES; c++)
		if (c & (1u << bit)) {
			*count += v->classes[c].count;
			*wait_ns += v->classes[c].wait_ns;
		}
}

void lb_trace_vals_free(struct lb_trace_vals *v)
{
	if (v) {
		free(v->threads);
		free(v);
	}
}

#ifdef HAVE_LIBTRACEFS

#include <event-parse.h>
#include <tracefs.h>

#define TRACE_BUF_KB_MAX	32768		/* per CPU: 1 s of a contended futex run */
#define TRACE_BUF_KB_MIN	1410		/* the kernel's default for an instance */
#define TRACE_BUF_KB_TOTAL	(512 * 1024)	/* over all CPUs */

struct lb_trace {
	struct tracefs_instance *inst;
	struct tep_handle *tep;
	int id_switch, id_begin, id_end;
	struct tep_format_field *f_prev_pid, *f_prev_state;
	struct tep_format_field *f_begin_addr, *f_begin_flags, *f_end_addr;
	int ncpus;
	pid_t *tids;			/* the point's workers, by index */
	unsigned ntids;
	uint64_t t_on, t_off;		/* ns */
};

/*
 * What a signal handler needs to remove the instance: its path, prepared
 * while it is created, and whether it exists.
 */
static char sig_inst_path[4096];
static volatile sig_atomic_t sig_inst_live;
static struct lb_trace *open_trace;	/* for the exit hook */

/*
 * On every terminating signal (lb_at_signal(); async-signal-safe: rmdir, close,
 * nanosleep).
 * The kernel refuses to remove an instance while one of its files is open
 * (EBUSY): ours, when the signal came while the buffer was being read. The
 * process is about to _exit(), which would close them anyway: close every
 * descriptor above stderr and try again, a few times, in case the main
 * thread was opening one when a worker took the signal.
 */
static void trace_signal_cleanup(void)
{
	int saved = errno;

	if (!sig_inst_live)
		return;
	for (int i = 0; i < 50; i++) {
		struct timespec ms = { 0, 1000000 };

		if (rmdir(sig_inst_path) == 0 || errno != EBUSY)
			break;
#ifdef SYS_close_range
		if (syscall(SYS_close_range, 3u, ~0u, 0u) != 0)
#endif
			for (int fd = 3; fd < 4096; fd++)
				close(fd);
		nanosleep(&ms, NULL);
	}
	sig_inst_live = 0;
	errno = saved;
}

static void trace_exit_hook(void)
{
	lb_trace_close(open_trace);
}

bool lb_trace_available(void)
{
	return true;
}

/*
 * Is the instance @name (after "lockbench-") a dead run's? The name is
 * <pid>-<start>, the process start time of /proc/PID/stat: it is dead when
 * that pid does not exist or started at another time (the pid was reused),
 * whatever the binary is called. Our own pid and start time cannot be
 * there yet: a leftover in our name counts as dead too. A name of the old
 * form, <pid> alone, is dead unless a lockbench runs under that pid; any
 * other name is not ours.
 */
static bool instance_is_stale(const char *name)
{
	unsigned long long start, now;
	char *end;
	long pid;

	errno = 0;
	pid = strtol(name, &end, 10);
	if (errno || end == name || pid <= 0)
		return false;
	if (!*end)
		return pid == (long)getpid() || !lb_pid_is_lockbench(pid);
	if (*end != '-' || !isdigit((unsigned char)end[1]))
		return false;
	name = end + 1;
	start = strtoull(name, &end, 10);
	if (errno || *end)
		return false;
	if (pid == (long)getpid())
		return true;
	return lb_pid_start_time(pid, &now) != 0 || now != start;
}

/*
 * Remove the instances of runs that are gone (killed with SIGKILL, or
 * crashed): their buffers stay allocated and their events enabled until
 * someone does. A live run keeps its own, whatever its binary's name.
 */
static void sweep_stale(void)
{
	char **names = tracefs_instances("^lockbench-[0-9][0-9]*")	/* a basic regex */;

	for (unsigned i = 0; names && names[i]; i++) {
		struct tracefs_instance *inst;

		if (!instance_is_stale(names[i] + strlen("lockbench-")))
			continue;
		inst = tracefs_instance_alloc(NULL, names[i]);
		if (inst) {
			if (tracefs_instance_destroy(inst) == 0)
				lb_info("trace: removed the instance %s a killed lockbench left behind",
					names[i]);
			tracefs_instance_free(inst);
		}
	}
	tracefs_list_free(names);
}

static int find_fields(struct lb_trace *t, char *why, size_t len)
{
	struct tep_event *sw = tep_find_event_by_name(t->tep, "sched", "sched_switch");
	struct tep_event *b = tep_find_event_by_name(t->tep, "lock", "contention_begin");
	struct tep_event *e = tep_find_event_by_name(t->tep, "lock", "contention_end");

	if (!sw)
		return lb_why(why, len, "this kernel has no sched:sched_switch tracepoint");
	if (!b || !e)
		return lb_why(why, len, "this kernel has no lock:contention_begin/end tracepoints "
			      "(Linux 5.19 or later)");
	t->id_switch = sw->id;
	t->id_begin = b->id;
	t->id_end = e->id;
	t->f_prev_pid = tep_find_field(sw, "prev_pid");
	t->f_prev_state = tep_find_field(sw, "prev_state");
	t->f_begin_addr = tep_find_field(b, "lock_addr");
	t->f_begin_flags = tep_find_field(b, "flags");
	t->f_end_addr = tep_find_field(e, "lock_addr");
	if (!t->f_prev_pid || !t->f_prev_state || !t->f_begin_addr || !t->f_begin_flags ||
	    !t->f_end_addr)
		return lb_why(why, len, "the sched_switch or lock:contention events of this kernel "
			      "lack the fields lockbench reads (prev_pid, prev_state, lock_addr, "
			      "flags)");
	return 0;
}

int lb_trace_open(struct lb_trace **out, char *why, size_t len)
{
	static const char *const systems[] = { "sched", "lock", NULL };
	static const char *const clocks[] = { "mono", "global", NULL };
	char name[64];
	unsigned long long start = 0;
	const char *dir;
	struct lb_trace *t;
	long ncpus = sysconf(_SC_NPROCESSORS_CONF);
	size_t kb;

	*out = NULL;
	tracefs_set_loglevel(TEP_LOG_NONE);
	tep_set_loglevel(TEP_LOG_NONE);
	dir = tracefs_tracing_dir();	/* mounts tracefs on /sys/kernel/tracing if need be */
	if (!dir) {
		if (geteuid() != 0)
			lb_why(why, len, "needs root: tracefs is not mounted and only root may mount "
			       "it (and read the kernel's tracepoints)");
		else
			lb_why(why, len, "tracefs is not available: it is not mounted and cannot be "
			       "mounted on /sys/kernel/tracing (a kernel without CONFIG_TRACING?)");
		return LB_EXIT_UNAVAIL;
	}
	if (access(dir, R_OK | W_OK | X_OK) != 0) {
		lb_why(why, len, "needs root: cannot use tracefs at %s: %s", dir, strerror(errno));
		return LB_EXIT_UNAVAIL;
	}
	t = calloc(1, sizeof(*t));
	if (!t) {
		lb_why(why, len, "out of memory");
		return LB_EXIT_RUNTIME;
	}
	t->ncpus = ncpus > 0 ? (int)ncpus : 1;
	t->tep = tracefs_local_events_system(NULL, systems);
	if (!t->tep) {
		free(t);
		lb_why(why, len, "cannot read the event formats of tracefs at %s: %s", dir,
		       strerror(errno));
		return LB_EXIT_UNAVAIL;
	}
	if (find_fields(t, why, len)) {
		tep_free(t->tep);
		free(t);
		return LB_EXIT_UNAVAIL;
	}
	sweep_stale();

	/* pid and start time: no other process, now or later, has both */
	if (lb_pid_start_time((long)getpid(), &start))
		lb_warn("--trace: cannot read our own start time in /proc/self/stat");
	snprintf(name, sizeof(name), "lockbench-%ld-%llu", (long)getpid(), start);
	/* the path first: a signal may come while the directory is being made */
	snprintf(sig_inst_path, sizeof(sig_inst_path), "%s/instances/%s", dir, name);
	lb_at_signal(trace_signal_cleanup);
	sig_inst_live = 1;
	t->inst = tracefs_instance_create(name);
	if (!t->inst) {
		int err = errno;

		sig_inst_live = 0;
		tep_free(t->tep);
		free(t);
		lb_why(why, len, "cannot create the tracefs instance %s: %s", sig_inst_path,
		       strerror(err));
		return err == EACCES || err == EPERM ? LB_EXIT_UNAVAIL : LB_EXIT_RUNTIME;
	}
	open_trace = t;
	lb_at_exit(trace_exit_hook);
	/* a new instance records from the start: off until a point starts */
	if (tracefs_trace_off(t->inst)) {
		lb_why(why, len, "cannot turn recording off in %s: %s", sig_inst_path,
		       strerror(errno));
		lb_trace_close(t);
		return LB_EXIT_RUNTIME;
	}
	for (unsigned i = 0; clocks[i]; i++)
		if (tracefs_instance_file_write(t->inst, "trace_clock", clocks[i]) > 0)
			break;
	kb = TRACE_BUF_KB_TOTAL / (size_t)t->ncpus;
	kb = kb > TRACE_BUF_KB_MAX ? TRACE_BUF_KB_MAX : kb < TRACE_BUF_KB_MIN ? TRACE_BUF_KB_MIN : kb;
	if (tracefs_instance_set_buffer_size(t->inst, kb, -1))
		lb_warn("--trace: cannot set the trace buffers to %zu KiB per CPU: %s", kb,
			strerror(errno));
	if (tracefs_event_enable(t->inst, "sched", "sched_switch") ||
	    tracefs_event_enable(t->inst, "lock", "contention_begin") ||
	    tracefs_event_enable(t->inst, "lock", "contention_end")) {
		lb_why(why, len, "cannot enable sched_switch and lock:contention_* in %s: %s",
		       sig_inst_path, strerror(errno));
		lb_trace_close(t);
		return LB_EXIT_RUNTIME;
	}
	lb_info("trace: instance %s, %zu KiB per CPU, events sched:sched_switch "
		"lock:contention_begin lock:contention_end", sig_inst_path, kb);
	*out = t;
	return 0;
}

void lb_trace_close(struct lb_trace *t)
{
	if (!t)
		return;
	if (t->inst) {
		tracefs_trace_off(t->inst);
		if (tracefs_instance_destroy(t->inst) && errno != ENOENT)
			lb_err("--trace: cannot remove the tracefs instance %s: %s", sig_inst_path,
			       strerror(errno));
		sig_inst_live = 0;
		tracefs_instance_free(t->inst);
	}
	if (t->tep)
		tep_free(t->tep);
	free(t->tids);
	if (open_trace == t)
		open_trace = NULL;
	free(t);
}

int lb_trace_point_start(struct lb_trace *t, const pid_t *tids, unsigned n)
{
	size_t len = (size_t)n * 12 + 2, l = 0;
	char *list = malloc(len);

	free(t->tids);
	t->tids = malloc((n ? n : 1) * sizeof(*t->tids));
	if (!list || !t->tids) {
		free(list);
		lb_err("--trace: out of memory for %u thread ids", n);
		return LB_EXIT_RUNTIME;
	}
	if (n)
		memcpy(t->tids, tids, n * sizeof(*tids));
	t->ntids = n;
	list[0] = '\0';
	for (unsigned i = 0; i < n; i++)
		l += (size_t)snprintf(list + l, len - l, "%s%ld", i ? " " : "", (long)tids[i]);
	/* clear the previous point's events, and the overrun counts with them */
	if (tracefs_instance_file_clear(t->inst, "trace") ||
	    tracefs_instance_file_write(t->inst, "set_event_pid", list) < 0 ||
	    tracefs_trace_on(t->inst)) {
		lb_err("--trace: cannot start recording in %s: %s", sig_inst_path, strerror(errno));
		free(list);
		return LB_EXIT_RUNTIME;
	}
	free(list);
	t->t_on = lb_now_ns();
	return 0;
}

void lb_trace_point_stop(struct lb_trace *t)
{
	tracefs_trace_off(t->inst);
	t->t_off = lb_now_ns();
}

/* One lock:contention_* event of a worker, kept for pairing. */
struct cev {
	uint64_t ts, addr;
	uint32_t flags;
	uint32_t thread;
	uint32_t seq;		/* read order, for equal timestamps */
	bool begin;
};

struct tid_idx {
	pid_t tid;
	unsigned idx;
};

struct collect {
	struct lb_trace *t;
	struct lb_trace_vals *v;
	struct tid_idx *map;	/* sorted by tid */
	struct cev *ev;
	size_t nev, cap;
	bool oom;
};

static int cmp_tid(const void *a, const void *b)
{
	const struct tid_idx *x = a, *y = b;

	return (x->tid > y->tid) - (x->tid < y->tid);
}

static int thread_of(const struct collect *c, long pid)
{
	struct tid_idx key = { .tid = (pid_t)pid }, *hit;

	hit = bsearch(&key, c->map, c->t->ntids, sizeof(*c->map), cmp_tid);
	return hit ? (int)hit->idx : -1;
}

static int on_event(struct tep_event *ev, struct tep_record *rec, int cpu, void *ctx)
{
	struct collect *c = ctx;
	struct lb_trace *t = c->t;
	unsigned long long pid, state, addr, flags = 0;
	int th;

	c->v->events++;
	if (ev->id == t->id_switch) {
		struct lb_trace_thread *tt;

		if (tep_read_number_field(t->f_prev_pid, rec->data, &pid) ||
		    (th = thread_of(c, (long)pid)) < 0 ||
		    tep_read_number_field(t->f_prev_state, rec->data, &state))
			return 0;
		tt = &c->v->threads[th];
		tt->switch_outs++;
		/*
		 * prev_state is the task_state_index bit (S 1, D 2, T 4, ...), or
		 * TASK_REPORT_MAX (above the low byte) for a preemption, or 0
		 */
		if ((state & 0xff) == 0)
			tt->preempted++;
		else if (state & 1)
			tt->sleeping++;
		else if (state & 2)
			tt->blocked++;
		return 0;
	}
	if (ev->id != t->id_begin && ev->id != t->id_end)
		return 0;
	th = thread_of(c, tep_data_pid(t->tep, rec));
	if (th < 0)
		return 0;
	if (ev->id == t->id_begin) {
		if (tep_read_number_field(t->f_begin_addr, rec->data, &addr) ||
		    tep_read_number_field(t->f_begin_flags, rec->data, &flags))
			return 0;
	} else if (tep_read_number_field(t->f_end_addr, rec->data, &addr)) {
		return 0;
	}
	if (c->nev == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 4096;
		struct cev *n = realloc(c->ev, cap * sizeof(*n));

		if (!n) {
			c->oom = true;
			return 1;	/* stop */
		}
		c->ev = n;
		c->cap = cap;
	}
	c->ev[c->nev] = (struct cev){
		.ts = rec->ts, .addr = addr, .flags = (uint32_t)flags, .thread = (uint32_t)th,
		.seq = (uint32_t)c->nev, .begin = ev->id == t->id_begin,
	};
	c->nev++;
	return 0;
}

static int cmp_cev(const void *a, const void *b)
{
	const struct cev *x = a, *y = b;

	if (x->ts != y->ts)
		return (x->ts > y->ts) - (x->ts < y->ts);
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/* Per-address contention: an open-addressing table, grown at half full. */
struct locktab {
	struct lb_trace_lockstat *slot;
	size_t cap, n;
};

static struct lb_trace_lockstat *lock_get(struct locktab *lt, uint64_t addr)
{
	size_t i;

	if (2 * (lt->n + 1) > lt->cap) {
		struct locktab big = { .cap = lt->cap ? lt->cap * 2 : 256 };

		big.slot = calloc(big.cap, sizeof(*big.slot));
		if (!big.slot)
			return NULL;
		for (size_t k = 0; k < lt->cap; k++)
			if (lt->slot[k].count || lt->slot[k].addr) {
				struct lb_trace_lockstat *s = lock_get(&big, lt->slot[k].addr);

				*s = lt->slot[k];
			}
		free(lt->slot);
		*lt = big;
	}
	i = (size_t)((addr >> 3) * 0x9e3779b97f4a7c15ull) & (lt->cap - 1);
	while (lt->slot[i].count || lt->slot[i].addr) {
		if (lt->slot[i].addr == addr)
			return &lt->slot[i];
		i = (i + 1) & (lt->cap - 1);
	}
	lt->slot[i].addr = addr;
	lt->n++;
	return &lt->slot[i];
}

static int cmp_lock(const void *a, const void *b)
{
	const struct lb_trace_lockstat *x = a, *y = b;

	if (x->wait_ns != y->wait_ns)
		return (x->wait_ns < y->wait_ns) - (x->wait_ns > y->wait_ns);
	return (x->count < y->count) - (x->count > y->count);
}

static void account_wait(struct lb_trace_lockstat *s, uint64_t d)
{
	s->waits++;
	s->wait_ns += d;
	if (d > s->max_ns)
		s->max_ns = d;
}

#define PAIR_DEPTH 8	/* nested contention: an rwsem, then its wait_lock */

/*
 * Pair each thread's begins and ends in time order: an end closes the
 * latest open begin of the same lock (and any begins opened after it,
 * whose end was lost); an end without a begin started before recording.
 */
static int pair_events(struct collect *c)
{
	struct lb_trace_vals *v = c->v;
	struct locktab lt = { 0 };
	struct {
		struct cev *open[PAIR_DEPTH];
		unsigned depth;
	} *st = calloc(v->nthreads ? v->nthreads : 1, sizeof(*st));

	if (!st)
		return -1;
	if (c->nev)	/* no events: c->ev is NULL, which qsort() may not get */
		qsort(c->ev, c->nev, sizeof(*c->ev), cmp_cev);
	for (size_t i = 0; i < c->nev; i++) {
		struct cev *e = &c->ev[i];
		struct lb_trace_thread *tt = &v->threads[e->thread];
		struct lb_trace_lockstat *lk;

		if (e->begin) {
			lk = lock_get(&lt, e->addr);
			if (!lk) {
				free(st);
				free(lt.slot);
				return -1;
			}
			lk->count++;
			lk->flags |= e->flags;
			v->classes[e->flags % LB_TRACE_NCLASSES].count++;
			v->contentions++;
			tt->contentions++;
			if (st[e->thread].depth < PAIR_DEPTH)
				st[e->thread].open[st[e->thread].depth++] = e;
			continue;
		}
		for (unsigned d = st[e->thread].depth; d-- > 0;) {
			struct cev *b = st[e->thread].open[d];
			uint64_t wait = e->ts > b->ts ? e->ts - b->ts : 0;

			if (b->addr != e->addr)
				continue;
			st[e->thread].depth = d;
			lk = lock_get(&lt, b->addr);
			if (!lk) {
				free(st);
				free(lt.slot);
				return -1;
			}
			account_wait(lk, wait);
			account_wait(&v->classes[b->flags % LB_TRACE_NCLASSES], wait);
			v->waits++;
			v->wait_ns += wait;
			tt->wait_ns += wait;
			break;
		}
	}
	free(st);
	/* the most waited-on locks */
	v->nlock_addrs = (unsigned)lt.n;
	{
		size_t k = 0;

		for (size_t i = 0; i < lt.cap; i++)
			if (lt.slot[i].count || lt.slot[i].addr)
				lt.slot[k++] = lt.slot[i];
		v->nlocks = k < LB_TRACE_MAX_LOCKS ? (unsigned)k : LB_TRACE_MAX_LOCKS;
		if (k) {	/* no contention: lt.slot is NULL */
			qsort(lt.slot, k, sizeof(*lt.slot), cmp_lock);
			memcpy(v->locks, lt.slot, v->nlocks * sizeof(*v->locks));
		}
	}
	free(lt.slot);
	return 0;
}

/* Events each CPU's ring buffer overwrote (overrun) or refused (dropped). */
static uint64_t lost_events(struct lb_trace *t)
{
	uint64_t lost = 0;

	for (int cpu = 0; cpu < t->ncpus; cpu++) {
		char file[64], *text, *p;

		snprintf(file, sizeof(file), "per_cpu/cpu%d/stats", cpu);
		text = tracefs_instance_file_read(t->inst, file, NULL);
		if (!text)
			continue;
		for (p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
			unsigned long long n;

			if (sscanf(p, "overrun: %llu", &n) == 1 ||
			    sscanf(p, "dropped events: %llu", &n) == 1)
				lost += n;
		}
		free(text);
	}
	return lost;
}

int lb_trace_point_collect(struct lb_trace *t, struct lb_trace_vals **out)
{
	struct lb_trace_vals *v = calloc(1, sizeof(*v));
	struct collect c = { .t = t, .v = v };
	int rc = 0;

	*out = NULL;
	if (v) {
		v->threads = calloc(t->ntids ? t->ntids : 1, sizeof(*v->threads));
		c.map = calloc(t->ntids ? t->ntids : 1, sizeof(*c.map));
	}
	if (!v || !v->threads || !c.map) {
		lb_err("--trace: out of memory for the trace of %u threads", t->ntids);
		rc = LB_EXIT_RUNTIME;
		goto out;
	}
	v->nthreads = t->ntids;
	for (unsigned k = 0; k < LB_TRACE_NCLASSES; k++)
		v->classes[k].flags = k;
	for (unsigned i = 0; i < t->ntids; i++) {
		v->threads[i].tid_os = t->tids[i];
		c.map[i] = (struct tid_idx){ t->tids[i], i };
	}
	if (t->ntids)
		qsort(c.map, t->ntids, sizeof(*c.map), cmp_tid);
	v->traced_ms = (double)(t->t_off - t->t_on) / 1e6;
	v->lost = lost_events(t);
	if (tracefs_iterate_raw_events(t->tep, t->inst, NULL, 0, on_event, &c) < 0 && !c.oom) {
		lb_err("--trace: cannot read the events of %s: %s", sig_inst_path, strerror(errno));
		rc = LB_EXIT_RUNTIME;
		goto out;
	}
	if (c.oom || pair_events(&c)) {
		lb_err("--trace: out of memory for %zu lock events", c.nev);
		rc = LB_EXIT_RUNTIME;
		goto out;
	}
	for (unsigned i = 0; i < v->nthreads; i++) {
		v->switch_outs += v->threads[i].switch_outs;
		v->preempted += v->threads[i].preempted;
		v->sleeping += v->threads[i].sleeping;
		v->blocked += v->threads[i].blocked;
	}
out:
	free(c.ev);
	free(c.map);
	if (rc)
		lb_trace_vals_free(v);
	else
		*out = v;
	return rc;
}

#else /* !HAVE_LIBTRACEFS */

struct lb_trace {
	int unused;
};

bool lb_trace_available(void)
{
	return false;
}

int lb_trace_open(struct lb_trace **out, char *why, size_t len)
{
	*out = NULL;
	lb_why(why, len, "this build has no libtracefs/libtraceevent (configure found none, or "
	       "--without-libtracefs: apt-get install libtracefs-dev libtraceevent-dev)");
	return LB_EXIT_UNAVAIL;
}

void lb_trace_close(struct lb_trace *t)
{
}

int lb_trace_point_start(struct lb_trace *t, const pid_t *tids, unsigned n)
{
	return LB_EXIT_UNAVAIL;
}

void lb_trace_point_stop(struct lb_trace *t)
{
}

int lb_trace_point_collect(struct lb_trace *t, struct lb_trace_vals **out)
{
	*out = NULL;
	return LB_EXIT_UNAVAIL;
}

#endif /* HAVE_LIBTRACEFS */

/* at-queue.c: per-file system calls run by worker threads, their
   failures reported in the order the calls were queued.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   This program is free software: you can redistribute it and/or modify
   it under the terms of the GNU General Public License as published by
   the Free Software Foundation, either version 3 of the License, or
   (at your option) any later version.

   This program is distributed in the hope that it will be useful,
   but WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
   GNU General Public License for more details.

   You should have received a copy of the GNU General Public License
   along with this program.  If not, see <https://www.gnu.org/licenses/>.  */

/* Why: a recursive chown spends 80% of its time in the kernel, in
   fchownat (path lookup, then an inode update under the file system's
   journal), and GNU's spends the same there, so no saving of system
   calls makes ours measurably faster.  Those calls scale with threads:
   on ext4 (2 processors), the 85,001 fchownat of the kernel-like
   benchmark tree take 0.38 s from one thread and 0.19 s from two; cold,
   1.06 s from one and 0.78 s from two, whose inode reads then overlap.
   chmod -R is alike: its fchmodat2 calls go to the workers, while the
   walking thread reads and stats.

   How: the walking thread queues each call (a slot holds the file's name
   and which parent directory it is in) and goes on reading; workers take
   the calls in order and run them on a duplicate of the parent's
   descriptor, so libfts may close its own meanwhile.  When the queue is
   full, the walking thread runs calls too rather than wait.  It reports
   failures in queue order, as it reaps finished slots, so messages come
   out as a sequential walk would print them.  A call may ask to wait
   for all before it: a directory, changed after its contents as in a
   sequential walk (changing it first could take away the access its
   contents need).  Such a call is put aside until then, so that waiting
   for it holds up no thread.

   Each call is still made on a bare name relative to a descriptor of a
   directory that libfts opened and verified, so threads change nothing
   of the walk's safety against a tree changed under it.  */

#include <config.h>

#include "at-queue.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nproc.h"
#include "xalloc.h"

enum
{
  /* Calls queued and not yet reported, at most.  A slot holds a name of
     up to NAME_MAX bytes, so 256 slots take 68 KiB.  The walking thread
     queues faster than workers run the calls (reading a directory costs
     well under a microsecond an entry, fchownat about 4), so the queue
     stays full and needs only to be deep enough to ride out a
     directory read.  */
  AT_QUEUE_SLOTS = 256,

  /* Parent directories that queued calls may name at once.  Each holds a
     duplicated descriptor.  A walk's calls go to the directory it reads
     and, when it comes back up, to that directory's parent; a few more
     absorb the calls still in flight from directories just left.  */
  AT_QUEUE_DIRS = 8,

  /* Calls a worker takes at once, so as to lock the queue less often.  */
  AT_QUEUE_BATCH = 8,

  /* Threads running calls at most, the walking thread included: one a
     processor.  On 2 processors, on the kernel-like tree, the walking
     thread and one worker took 0.60 of GNU's time warm and 0.54 cold;
     two workers beside it did no better; two workers with the walking
     thread only queueing, 0.65 and 0.53; three or four, 0.65 cold.  No
     machine with more processors was at hand to measure.  */
  AT_QUEUE_MAX_THREADS = 4,

  /* Longest path of a parent directory whose entries' calls are queued.
     Each parent's path is copied (for the messages) and compared when
     its entries are queued: with no limit, that would cost O(depth) a
     directory, and grow quadratic in a deep tree.  Deeper calls are not
     queued: the caller makes them itself.  */
  AT_QUEUE_MAX_PREFIX = 4096,

  /* The queue is not used when the process may open fewer descriptors:
     its duplicates would compete with libfts's own.  */
  AT_QUEUE_MIN_NOFILE = 256,

  /* A worker only runs the operation and locks the queue.  */
  AT_QUEUE_WORKER_STACK = 256 * 1024
};

/* A parent directory of queued calls.  */
struct at_dir
{
  dev_t dev;                    /* its identity, as libfts stat-ed it */
  ino_t ino;
  int fd;                       /* its duplicated descriptor, or -1 */
  char *prefix;                 /* the paths of its entries, less name */
  size_t prefixlen;
  size_t prefixalloc;
  size_t pending;               /* its calls not yet reaped */
  unsigned long used;           /* when it was last named: least is LRU */
};

/* A queued call.  */
struct at_slot
{
  int err;                      /* the call's outcome, once done */
  unsigned int value;           /* for the operation */
  unsigned char dir;            /* its parent, an index in dirs */
  bool after_all;               /* waits until all before it are done */
  bool done;                    /* finished, not yet reaped */
  char name[NAME_MAX + 1];
};

struct at_queue
{
  at_queue_op op;
  at_queue_report report;
  void *arg;

  /* Everything below that workers touch is under LOCK, except a slot's
     err (written by the worker that took it, read once it is done).  */
  pthread_mutex_t lock;
  pthread_cond_t work_ready;    /* for idle workers: a call was queued */
  pthread_cond_t progress;      /* for the walking thread: calls finished */
  int idle;                     /* workers waiting for work_ready */
  bool reaper_waits;            /* the walking thread waits for progress */
  size_t reap_goal;             /* ... until FINISHED reaches it */
  bool stop;                    /* workers are to exit when idle */

  /* Counts since creation: the call numbered N is in slot N % SLOTS.  */
  size_t queued;                /* by the walking thread */
  size_t taken;                 /* by workers, or put aside */
  size_t finished;
  size_t all_done_below;        /* every call numbered below has finished */
  size_t reaped;                /* and reported, by the walking thread:
                                   never more than ALL_DONE_BELOW */

  /* Calls put aside until all before them have finished, by number; a
     FIFO, from ASIDE_FIRST to ASIDE_END.  */
  size_t aside[AT_QUEUE_SLOTS];
  size_t aside_first;
  size_t aside_end;

  int nworkers;                 /* wanted, beside the walking thread */
  int started;                  /* running; -1: they failed to start */
  bool failed;                  /* a reported failure counted */
  pthread_t workers[AT_QUEUE_MAX_THREADS - 1];

  struct at_dir dirs[AT_QUEUE_DIRS];
  unsigned long clock;
  struct at_slot slots[AT_QUEUE_SLOTS];
};

static struct at_slot *
slot_of (struct at_queue *q, size_t n)
{
  return &q->slots[n % AT_QUEUE_SLOTS];
}

/* Calls a worker of Q may run now (lock held), the first numbered
   *FIRST: the oldest call put aside if all before it have finished, or
   up to AT_QUEUE_BATCH new calls, stopping before one that waits for all
   before it.  Such a call is run alone if all before it have finished,
   or else put aside, so that waiting for it holds up no worker.  Returns
   how many, or 0.  */
static size_t
takeable (struct at_queue *q, size_t *first)
{
  size_t n = 0;

  if (q->aside_first < q->aside_end
      && q->aside[q->aside_first % AT_QUEUE_SLOTS] == q->all_done_below)
    {
      *first = q->aside[q->aside_first++ % AT_QUEUE_SLOTS];
      return 1;
    }
  while (n < AT_QUEUE_BATCH && q->taken + n < q->queued)
    {
      if (slot_of (q, q->taken + n)->after_all)
        {
          if (n == 0 && q->all_done_below == q->taken)
            n = 1;
          else if (n == 0)
            {
              q->aside[q->aside_end++ % AT_QUEUE_SLOTS] = q->taken++;
              continue;
            }
          break;
        }
      n++;
    }
  *first = q->taken;
  q->taken += n;
  return n;
}

/* Wait until a worker of Q has calls to run (lock held), the first
   numbered *FIRST, and return how many; or return 0 when told to stop
   and nothing is left.  A worker waits only when it has nothing it may
   run: a call put aside will be run by the worker that finishes the
   last call before it.  */
static size_t
wait_takeable (struct at_queue *q, size_t *first)
{
  size_t n;

  while ((n = takeable (q, first)) == 0)
    {
      if (q->stop && q->aside_first == q->aside_end)
        return 0;
      q->idle++;
      pthread_cond_wait (&q->work_ready, &q->lock);
      q->idle--;
    }
  return n;
}

/* Mark Q's N calls from FIRST on done (lock held), and wake the walking
   thread if it has reached what it waits for.  */
static void
finish (struct at_queue *q, size_t first, size_t n)
{
  size_t i;

  for (i = first; i < first + n; i++)
    slot_of (q, i)->done = true;
  q->finished += n;
  while (q->all_done_below < q->taken
         && slot_of (q, q->all_done_below)->done)
    q->all_done_below++;
  if (q->reaper_waits && q->reap_goal <= q->finished)
    pthread_cond_signal (&q->progress);
}

/* Run Q's N calls from FIRST on, which the caller has taken, with the
   lock released meanwhile, and mark them done.  */
static void
run_calls (struct at_queue *q, size_t first, size_t n)
{
  size_t i;

  pthread_mutex_unlock (&q->lock);
  for (i = first; i < first + n; i++)
    {
      struct at_slot *s = slot_of (q, i);
      s->err = q->op (q->dirs[s->dir].fd, s->name, s->value, q->arg);
    }
  pthread_mutex_lock (&q->lock);
  finish (q, first, n);
}

/* A worker: take calls, run them, mark them done, until told to stop
   and nothing is left.  */
static void *
work (void *arg)
{
  struct at_queue *q = arg;
  size_t first, n;

  pthread_mutex_lock (&q->lock);
  while ((n = wait_takeable (q, &first)) != 0)
    run_calls (q, first, n);
  pthread_mutex_unlock (&q->lock);
  return NULL;
}

/* The number of threads that should run calls: the processors this
   process may run on (or what OMP_NUM_THREADS and OMP_THREAD_LIMIT say,
   as for GNU nproc), at most AT_QUEUE_MAX_THREADS.  */
static int
thread_count (void)
{
  unsigned long n = num_processors (NPROC_CURRENT_OVERRIDABLE);

  return n < AT_QUEUE_MAX_THREADS ? n : AT_QUEUE_MAX_THREADS;
}

struct at_queue *
at_queue_create (at_queue_op op, at_queue_report report, void *arg)
{
  struct rlimit nofile;
  struct at_queue *q;
  int i, n = thread_count ();

  if (n < 2)
    return NULL;
  if (getrlimit (RLIMIT_NOFILE, &nofile) == 0
      && nofile.rlim_cur != RLIM_INFINITY
      && nofile.rlim_cur < AT_QUEUE_MIN_NOFILE)
    return NULL;
  q = xzalloc (sizeof *q);
  q->op = op;
  q->report = report;
  q->arg = arg;
  q->nworkers = n - 1;
  if (pthread_mutex_init (&q->lock, NULL) != 0
      || pthread_cond_init (&q->work_ready, NULL) != 0
      || pthread_cond_init (&q->progress, NULL) != 0)
    xalloc_die ();
  for (i = 0; i < AT_QUEUE_DIRS; i++)
    q->dirs[i].fd = -1;
  return q;
}

/* Start Q's workers, with every signal blocked (they belong to the
   walking thread).  Returns false if none started.  */
static bool
start_workers (struct at_queue *q)
{
  pthread_attr_t attr;
  sigset_t all, old;

  if (pthread_attr_init (&attr) != 0)
    return false;
  pthread_attr_setstacksize (&attr, AT_QUEUE_WORKER_STACK);
  sigfillset (&all);
  pthread_sigmask (SIG_SETMASK, &all, &old);
  while (q->started < q->nworkers
         && pthread_create (&q->workers[q->started], &attr, work, q) == 0)
    q->started++;
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  pthread_attr_destroy (&attr);
  if (q->started == 0)
    q->started = -1;
  return 0 < q->started;
}

/* Report the failure of the call in slot S: its path is its parent's
   prefix and its name.  */
static void
report_failure (struct at_queue *q, struct at_slot const *s)
{
  struct at_dir const *d = &q->dirs[s->dir];
  size_t namelen = strlen (s->name);
  char *path = xmalloc (d->prefixlen + namelen + 1);

  memcpy (path, d->prefix, d->prefixlen);
  memcpy (path + d->prefixlen, s->name, namelen + 1);
  if (q->report (path, s->err, q->arg))
    q->failed = true;
  free (path);
}

/* Reap Q's finished calls in order, reporting their failures, until at
   most KEEP are left unreaped, waiting for workers as needed.  */
static void
reap (struct at_queue *q, size_t keep)
{
  struct at_slot *s;
  size_t first, n;

  pthread_mutex_lock (&q->lock);
  for (;;)
    {
      while (q->reaped < q->queued && (s = slot_of (q, q->reaped))->done)
        {
          if (s->err)
            {
              /* The slot is the walking thread's once done: report
                 without holding up the workers.  */
              pthread_mutex_unlock (&q->lock);
              report_failure (q, s);
              pthread_mutex_lock (&q->lock);
            }
          s->done = false;
          q->dirs[s->dir].pending--;
          q->reaped++;
        }
      if (q->queued - q->reaped <= keep)
        break;
      /* Rather than wait, work.  */
      if ((n = takeable (q, &first)) != 0)
        {
          run_calls (q, first, n);
          continue;
        }
      /* Finishing fewer calls cannot do; more may be needed, if some
         finished out of order.  */
      q->reap_goal = q->queued - keep;
      q->reaper_waits = true;
      pthread_cond_wait (&q->progress, &q->lock);
      q->reaper_waits = false;
    }
  pthread_mutex_unlock (&q->lock);
}

/* Whether D is ENT's parent directory, whose identity is ST and whose
   entries' paths begin with ENT's first PREFIXLEN bytes.  */
static bool
is_parent (struct at_dir const *d, struct stat const *st,
           FTSENT const *ent, size_t prefixlen)
{
  return (0 <= d->fd && d->ino == st->st_ino && d->dev == st->st_dev
          && d->prefixlen == prefixlen
          && memcmp (d->prefix, ent->fts_path, prefixlen) == 0);
}

/* The least recently named of Q's directories that no unreaped call
   names, reaping everything if there is none.  */
static struct at_dir *
free_dir (struct at_queue *q)
{
  struct at_dir *d, *lru;

  for (;;)
    {
      lru = NULL;
      for (d = q->dirs; d < q->dirs + AT_QUEUE_DIRS; d++)
        if (d->pending == 0 && (!lru || d->used < lru->used))
          lru = d;
      if (lru)
        return lru;
      reap (q, 0);
    }
}

/* The index in Q->dirs of ENT's parent directory, open as DIRFD, whose
   path is ENT's first PREFIXLEN bytes: one already there, or a new one
   with DIRFD duplicated.  Returns -1 (errno set) if DIRFD cannot be
   duplicated.  */
static int
find_dir (struct at_queue *q, int dirfd, FTSENT const *ent, size_t prefixlen)
{
  struct stat const *st = ent->fts_parent->fts_statp;
  struct at_dir *d;

  for (d = q->dirs; d < q->dirs + AT_QUEUE_DIRS; d++)
    if (is_parent (d, st, ent, prefixlen))
      goto found;
  d = free_dir (q);
  if (0 <= d->fd)
    close (d->fd);
  d->fd = fcntl (dirfd, F_DUPFD_CLOEXEC, 0);
  if (d->fd < 0)
    return -1;
  d->dev = st->st_dev;
  d->ino = st->st_ino;
  if (d->prefixalloc < prefixlen)
    {
      free (d->prefix);
      d->prefix = xmalloc (prefixlen);
      d->prefixalloc = prefixlen;
    }
  memcpy (d->prefix, ent->fts_path, prefixlen);
  d->prefixlen = prefixlen;
 found:
  d->used = ++q->clock;
  return d - q->dirs;
}

bool
at_queue_add (struct at_queue *q, int dirfd, FTSENT const *ent,
              unsigned int value, bool after_all)
{
  size_t prefixlen = libfts_pathlen (ent) - ent->fts_namelen;
  struct at_slot *s;
  int dir;

  if (q->started < 0 || NAME_MAX < ent->fts_namelen
      || AT_QUEUE_MAX_PREFIX < prefixlen)
    return false;
  if (q->started == 0 && !start_workers (q))
    return false;
  if (q->queued - q->reaped == AT_QUEUE_SLOTS)
    reap (q, AT_QUEUE_SLOTS / 2);
  dir = find_dir (q, dirfd, ent, prefixlen);
  if (dir < 0)
    return false;
  q->dirs[dir].pending++;
  s = slot_of (q, q->queued);
  s->dir = dir;
  s->value = value;
  s->after_all = after_all;
  memcpy (s->name, ent->fts_name, ent->fts_namelen + 1);

  pthread_mutex_lock (&q->lock);
  q->queued++;
  if (q->idle)
    pthread_cond_signal (&q->work_ready);
  pthread_mutex_unlock (&q->lock);
  return true;
}

void
at_queue_drain (struct at_queue *q)
{
  if (q)
    reap (q, 0);
}

bool
at_queue_free (struct at_queue *q)
{
  struct at_dir *d;
  bool ok;
  int i;

  if (!q)
    return true;
  reap (q, 0);
  ok = !q->failed;
  pthread_mutex_lock (&q->lock);
  q->stop = true;
  pthread_cond_broadcast (&q->work_ready);
  pthread_mutex_unlock (&q->lock);
  for (i = 0; i < q->started; i++)
    pthread_join (q->workers[i], NULL);
  for (d = q->dirs; d < q->dirs + AT_QUEUE_DIRS; d++)
    {
      if (0 <= d->fd)
        close (d->fd);
      free (d->prefix);
    }
  pthread_cond_destroy (&q->work_ready);
  pthread_cond_destroy (&q->progress);
  pthread_mutex_destroy (&q->lock);
  free (q);
  return ok;
}

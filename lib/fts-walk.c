/* fts-walk.c: the parallel walk: directories as tasks over N threads,
   and its scheduler.

   A directory is a task: the thread that takes it opens it relative to its
   parent's descriptor (O_NOFOLLOW), visits it in pre-order, and reads it
   (fts-walk-read.c: a chunk at a time, each subdirectory pushed as a new
   task, the other entries visited through the directory's descriptor and
   bare names).  A directory is finished when its own reading and every
   subdirectory are: whichever thread finishes the last of them visits it
   in post-order, through its parent's descriptor, and goes on up.  Tasks
   wait in one heap (fts-walk-heap.c), ordered as a sequential walk meets
   them: the walk stays depth first, the set of waiting records small,
   and the threads read first the directories whose reports are due.
   This file holds a directory's task, its finishing, the scheduler (the
   steps each thread repeats: work) and libfts_walk_run.  Threads are
   started and woken by fts-walk-threads.c, lazily, when two directories
   wait and no thread is idle: a walk of one small directory starts none.
   Records, reports and visits are in fts-walk-node.c, descriptors in
   fts-walk-fd.c, the delivery of reports in fts-walk-emit.c, holds and
   hand-outs in fts-walk-hold.c, the rest of the API and VISIT's calls in
   fts-walk-api.c.

   The roots are fed to the tasks a window at a time (fts-walk-roots.c):
   the threads walk several at once, but a root that may overlap those
   before it waits for them, as in a sequential walk.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-walk-int.h"
#include "fts-report-int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- finishing directories ---------------------------------------------- */

/* N's reports are all queued, or in CTX's batch: hand N to the emitter,
   or free it.  */
static void
retire (struct fts__wctx *ctx, struct fts__wnode *n)
{
  if (ctx->w->em.ordered)
    fts__wemit_done (ctx->w, n, &ctx->batch);
  else
    fts__wnodes_free (ctx->w, &n, 1);
}

/* How many levels of directories read N's subtree spans, N included (0:
   N was not read), at most FTS__UNCHECKED_ASCENTS; N's subdirectories
   are all finished.  */
static unsigned
read_height (const struct fts__wnode *n)
{
  unsigned below = atomic_load (&n->below);
  if (!(below & 1))
    return 0;
  unsigned h = FTS__UNCHECKED_ASCENTS;
  while (h > 0 && !(below & (1u << h)))
    h--;
  return h < FTS__UNCHECKED_ASCENTS ? h + 1 : h;
}

/* N, finished, tells its parent how deep it was read.  Before the
   parent's pending count drops, so that whoever finishes the parent sees
   it.  */
static void
tell_parent_height (struct fts__wnode *n)
{
  unsigned h = read_height (n);
  if (h == 0 || n->parent->level < FTS_ROOTLEVEL)
    return;
  /* Most siblings tell the same: a read first spares the write to a line
     that the others read.  */
  unsigned char bit = 1u << h;
  if (!(atomic_load_explicit (&n->parent->below, memory_order_relaxed) & bit))
    atomic_fetch_or (&n->parent->below, bit);
}

/* Whether the walk, leaving N for its parent, checks that N has not moved:
   where fts_read checks it with FTS_DIRFD (see ascent_checked in fts.c),
   that is where gnulib's fts runs out of the descriptors it keeps: below
   a non-root directory with directories read FTS__UNCHECKED_ASCENTS
   levels beneath it.  */
static bool
ascent_checked (const struct fts__wnode *n)
{
  return n->level > FTS_ROOTLEVEL
         && (atomic_load (&n->below) & (1u << FTS__UNCHECKED_ASCENTS));
}

/* N, a directory that was read, is finished: visit it in post-order
   (FTS_ERR when its read was cut short) through its parent's descriptor,
   *PFD if the caller holds it pinned (-1 if not: then pinned here, in
   *PFD); N's own descriptor is closed.  Its reports go through the
   thread's batch, to be added with the end of N's list (retire).
   Returns false when the parent cannot be had or N has moved (the walk
   then fails; no pin is left).  */
static bool
visit_post (struct fts__wctx *ctx, struct fts__wnode *n, int *pfd)
{
  struct libfts_walk *w = ctx->w;
  *pfd = fts__wfd_ascend (&w->fdc, n, ascent_checked (n), *pfd);
  if (*pfd == -1)
    {
      fts__walk_fail (w, n, errno);
      return false;
    }
  struct fts__wentry e;
  fts__wentry_of_node (&e, ctx->w, &ctx->slab, n, *pfd,
                       n->read_errno ? FTS_ERR : FTS_DP, n->read_errno, NULL);
  e.pub.d_type = DT_DIR;
  e.pub.dir_data = &n->data;
  e.batch = w->em.ordered ? &ctx->batch : NULL;
  fts__wvisit_call (w, &e);
  return true;
}

/* One of N's pending parts (its own read, or a subdirectory) is done; if it
   was the last, finish N (POST: visit it in post-order) and go on up.
   PFD is N's parent's descriptor when the caller holds it pinned, left to
   release to unpin; -1 when it does not.  The caller may hold it only
   when its part of N is the last pending (nobody else can then finish N,
   and its parent, before the pin is let go).  */
static void
release (struct fts__wctx *ctx, struct fts__wnode *n, bool post, int pfd)
{
  struct libfts_walk *w = ctx->w;
  for (;;)
    {
      if (atomic_fetch_sub_explicit (&n->pending, 1, memory_order_acq_rel)
          != 1)
        return;
      struct fts__wnode *p = n->parent;
      if (!post || fts__wstopped (w))
        fts__wfd_close (&w->fdc, n);
      else if (!visit_post (ctx, n, &pfd))
        return;
      tell_parent_height (n);
      retire (ctx, n);
      /* Before P's count drops: then another thread may finish P.  */
      if (pfd != -1)
        fts__wfd_unpin (&w->fdc, p);
      pfd = -1;
      if (p->level < FTS_ROOTLEVEL)
        {
          pthread_mutex_lock (&w->lock);
          atomic_fetch_sub (&p->pending, 1);
          fts__wroots_finished (w);
          fts__wthreads_wake_all (w);
          pthread_mutex_unlock (&w->lock);
          return;
        }
      n = p;
      post = true;
    }
}

/* ---- a directory's task ------------------------------------------------- */

/* Whether N, just opened with identity ST, repeats an ancestor.  Without
   directory hard links only a path through the root of a mount can come
   back to a directory (a directory bind-mounted below itself): the root
   of a mount shows another inode number than the one getdents gave, or
   another device than its parent's.  So N is looked up among its
   ancestors only when it, or an ancestor below its root, is such a root
   (N->mounted, then inherited): the directory that repeats one is often
   a level or more below the mount, at the same device.  A tree without
   mounts costs one comparison a directory; below a mount, one per
   ancestor.  */
static bool
is_cycle (struct fts__wnode *n, const struct stat *st)
{
  if (n->level <= FTS_ROOTLEVEL)
    return false;
  n->mounted = n->parent->mounted || st->st_ino != n->ino
               || st->st_dev != n->parent->dev;
  if (!n->mounted)
    return false;
  for (const struct fts__wnode *a = n->parent; a->level >= FTS_ROOTLEVEL;
       a = a->parent)
    if (a->dev == st->st_dev && a->ino == st->st_ino)
      return true;
  return false;
}

/* N, which d_type or the root's stat said was a directory, is something
   else or cannot be opened: visit it as what it is, with no post-order
   visit.  INFO, ERR, ST: what is known of it.  */
static void
visit_as_other (struct fts__wctx *ctx, struct fts__wnode *n, int pfd, int info,
                int err, const struct stat *st)
{
  struct fts__wentry e;
  fts__wentry_of_node (&e, ctx->w, &ctx->slab, n, pfd, info, err, st);
  e.pub.dir_data = NULL;
  fts__wvisit_call (ctx->w, &e);
}

/* What finding out about a directory's record gave.  */
enum probe
{
  PROBE_OTHER,             /* not a directory, or gone: visited as such */
  PROBE_OPEN,              /* opened, and its fstat is known */
  PROBE_STATED,            /* stat'ed, to be opened after FTS_D */
  PROBE_UNREADABLE         /* a directory that cannot be opened */
};

/* Find out what N is, as fts_read does before its FTS_D: with
   LIBFTS_WALK_STAT and for roots (but with LIBFTS_WALK_ROOTS_OPEN), by a
   stat (a change that VISIT makes at FTS_D, such as chmod's, then
   applies to the reading); else by opening it (pinned, on *FD) and
   fstat-ing the descriptor, one call less.  A directory that cannot be
   opened is stat'ed for its FTS_D, its error in *ERR for the FTS_DNR
   that follows.  Anything else is visited as what it is.  *ST is N's
   stat.  */
static enum probe
probe_node (struct fts__wctx *ctx, struct fts__wnode *n, int pfd,
            struct stat *st, int *fd, int *err)
{
  struct libfts_walk *w = ctx->w;
  bool follow = (n->level == FTS_ROOTLEVEL
                 && fts__wisset (w, LIBFTS_WALK_COMFOLLOW));
  bool stat_first = ((n->level == FTS_ROOTLEVEL
                      && (follow || !fts__wisset (w, LIBFTS_WALK_ROOTS_OPEN)))
                     || fts__wisset (w, LIBFTS_WALK_STAT));
  int open_err = 0;
  *err = 0;
  if (!stat_first)
    {
      *fd = fts__wfd_open (&w->fdc, n, pfd, false);
      if (*fd >= 0)
        {
          ctx->st.stat_calls++;
          if (fstat (*fd, st) == 0)
            return PROBE_OPEN;
          *err = errno;
          fts__wfd_close (&w->fdc, n);
          visit_as_other (ctx, n, pfd, FTS_NS, *err, NULL);
          return PROBE_OTHER;
        }
      open_err = errno;
    }
  int info = fts__wstat_into (ctx, pfd, n->name, follow, st, err);
  if (info != FTS_D)
    {
      visit_as_other (ctx, n, pfd, info, *err, info == FTS_NS ? NULL : st);
      return PROBE_OTHER;
    }
  n->followed = follow;
  *err = open_err;
  return stat_first ? PROBE_STATED : PROBE_UNREADABLE;
}

/* The pre-order visit of N, whose stat is ST, and what follows from it.
   Returns true when N is to be read; *POST tells whether N gets a
   post-order visit (not after a skip, nor for a cycle).  */
static bool
enter_node (struct fts__wctx *ctx, struct fts__wnode *n, int pfd,
            const struct stat *st, bool *post)
{
  struct libfts_walk *w = ctx->w;
  struct fts__wentry e;
  n->dev = st->st_dev;
  if (n->level == FTS_ROOTLEVEL)
    n->root_dev = st->st_dev;
  bool cycle = is_cycle (n, st);
  n->ino = st->st_ino;
  fts__wentry_of_node (&e, ctx->w, &ctx->slab, n, pfd,
                       cycle ? FTS_DC : FTS_D, 0, st);
  int r = fts__wvisit_call (w, &e);
  *post = false;
  if (cycle || r == LIBFTS_WALK_SKIP || r == LIBFTS_WALK_STOP)
    return false;
  *post = true;
  return !(fts__wisset (w, LIBFTS_WALK_XDEV) && st->st_dev != n->root_dev);
}

/* Open N, stat'ed and visited at FTS_D, and check that it is still the
   directory that was stat'ed.  Returns the pinned descriptor, or -1 with
   errno.  */
static int
open_stated (struct fts__wctx *ctx, struct fts__wnode *n, int pfd)
{
  struct libfts_walk *w = ctx->w;
  int fd = fts__wfd_open (&w->fdc, n, pfd, n->followed);
  if (fd < 0)
    return -1;
  struct stat now;
  ctx->st.stat_calls++;
  int err = fstat (fd, &now) != 0 ? errno
            : now.st_dev != n->dev || now.st_ino != n->ino ? ENOENT : 0;
  if (!err)
    return fd;
  fts__wfd_close (&w->fdc, n);
  errno = err;
  return -1;
}

/* Read N, a directory entered (its descriptor FD, -1 when it could not be
   opened, with ERR), or visit it as FTS_DNR.  Returns whether N gets its
   post-order visit; if so N's descriptor is still pinned.  */
static bool
read_node (struct fts__wctx *ctx, struct fts__wnode *n, int pfd, int fd,
           int err, const struct stat *st)
{
  struct libfts_walk *w = ctx->w;
  if (fd >= 0 && fts__wread_dir (ctx, n, fd) == 0)
    {
      atomic_fetch_or (&n->below, 1);
      return true;
    }
  if (fd >= 0)
    err = errno;
  if (err == ENOMEM)
    fts__walk_fail (w, n, ENOMEM);
  fts__wfd_close (&w->fdc, n);
  struct fts__wentry e;
  fts__wentry_of_node (&e, ctx->w, &ctx->slab, n, pfd, FTS_DNR, err, st);
  fts__wvisit_call (w, &e);
  return false;
}

/* Take the task of directory N: find out what it is, visit it, read it,
   and release it.  */
static void
process_dir (struct fts__wctx *ctx, struct fts__wnode *n)
{
  struct libfts_walk *w = ctx->w;
  int pfd = fts__wfd_pin (&w->fdc, n->parent);
  if (pfd == -1)
    {
      fts__walk_fail (w, n->parent, errno);
      return;
    }
  struct stat st;
  int fd = -1, err;
  bool post = false, pinned = false;
  enum probe what = probe_node (ctx, n, pfd, &st, &fd, &err);
  if (what != PROBE_OTHER && enter_node (ctx, n, pfd, &st, &post))
    {
      if (what == PROBE_STATED)
        {
          fd = open_stated (ctx, n, pfd);
          err = fd < 0 ? errno : 0;
        }
      post = pinned = read_node (ctx, n, pfd, fd, err, &st);
    }
  else if (what == PROBE_OPEN)
    fts__wfd_close (&w->fdc, n);
  /* When no subdirectory of N is pending (most directories), this part
     of N is the last: N keeps its pin and its parent's, for release to
     finish N with both descriptors at hand; nobody else can come to
     them any more.  Otherwise both go before N's count drops.  (Who
     holds which pin: the table in fts-walk-int.h.)  */
  bool stop = fts__wstopped (w);
  bool last = !stop && atomic_load (&n->pending) == 1;
  if (!last)
    {
      /* Not POST: a directory LIBFTS_WALK_XDEV left unread gets its
         post-order visit with no descriptor of its own.  */
      if (pinned)
        fts__wfd_unpin (&w->fdc, n);
      fts__wfd_unpin (&w->fdc, n->parent);
      pfd = -1;
    }
  if (!stop)
    release (ctx, n, post, pfd);
}

/* ---- threads ------------------------------------------------------------ */

static int
ctx_init (struct fts__wctx *ctx, struct libfts_walk *w)
{
  memset (ctx, 0, sizeof *ctx);
  ctx->w = w;
  fts__fs_cache_init (&ctx->fs);
  ctx->buf = malloc (FTS__GETDENTS_BUFSIZE);
  return ctx->buf ? 0 : -1;
}

/* Add CTX's counters to the walk's and free it.  */
static void
ctx_end (struct fts__wctx *ctx)
{
  struct libfts_walk *w = ctx->w;
  pthread_mutex_lock (&w->lock);
  w->stats.dirs_read += ctx->st.dirs_read;
  w->stats.dirs_sorted += ctx->st.dirs_sorted;
  w->stats.entries += ctx->st.entries;
  w->stats.stat_calls += ctx->st.stat_calls;
  w->stats.statfs_calls += ctx->st.statfs_calls;
  w->stats.sort_nsec += ctx->st.sort_nsec;
  pthread_mutex_unlock (&w->lock);
  fts__wslab_end (w, &ctx->slab);
  fts__fs_cache_free (&ctx->fs);
  free (ctx->buf);
  free (ctx->kids);
}

/* Read the subdirectories that CTX kept for itself (push_tasks), one
   after another, while the backlog lets it; one that it does not goes to
   the heap, for whoever may take it.  A stopped walk leaves it to
   run_end.  */
static void
run_kept (struct fts__wctx *ctx)
{
  struct libfts_walk *w = ctx->w;
  struct fts__wnode *n;
  while ((n = ctx->next) && !fts__wstopped (w))
    {
      ctx->next = NULL;
      if (fts__wtask_may_take (w, n))
        process_dir (ctx, n);
      else
        fts__wtasks_push (w, &n, 1, NULL);
    }
}

/* Feed W the roots that are due, and wake or start threads for them.
   Lock held.  */
static void
feed_roots (struct libfts_walk *w)
{
  size_t k = fts__wroots_feed (w);
  if (k == 0)
    return;
  fts__wthreads_wake (w, k);
  fts__wthreads_grow (w);
}

/* The scheduler: each thread of the walk runs work, which repeats the
   first of these steps that applies until the walk ends (for the calling
   thread, CALLER, also once every root is finished):
     1. feed the roots that are due (fts-walk-roots.c);
     2. take a unit of the budget shared with other walks, if there is
        one and anything to do, or sleep for one;
     3. finish a directory whose hold was let go;
     4. help with a share's slices (a large directory's entries);
     5. take a task, the first in the sequential walk's order that the
        emitter's backlog allows;
     6. else sleep until woken.
   Steps 4 and 5 are not taken beyond the bound on requests in flight
   where requests wait on a server (at_bound); step 3 is taken whatever
   the bound.  W's lock is held between the steps, and let go while one
   does its work or sleeps.  */

/* Whether the calling thread (CALLER: libfts_walk_run's) is to leave
   W's work.  Lock held.  */
static bool
work_over (struct libfts_walk *w, bool caller)
{
  return fts__wstopped (w) || w->finished || (caller && fts__wroots_done (w));
}

/* Whether W's threads at work are as many as the requests it may keep
   in flight on a server: then a thread takes no more.  Lock held.  */
static bool
at_bound (struct libfts_walk *w)
{
  return fts__walk_waiting (w) && w->th.busy >= w->th.max;
}

/* Step 2: a unit of W's budget for the calling thread, when W shares one
   and there is anything to do.  Returns whether the thread may go on
   (it holds a unit, or needs none); false after it slept for one and
   found another took it, to choose again.  A thread woken for a unit
   takes it whether or not its walk still has anything to do: with
   nothing, it gives the unit back before it rests (unit_back_changed),
   which wakes the next sleeper, so the wake-up is passed on, never lost.
   Lock held; let go while asleep.  */
static bool
take_unit (struct libfts_walk *w)
{
  struct libfts_walk_budget *b = w->budget;
  if (!b || !(w->n_released || w->shares || w->tasks))
    return true;
  atomic_fetch_add (&b->sleepers, 1);
  bool got = fts__budget_try_take (b);
  if (!got)
    {
      w->th.idle++;
      w->th.for_unit++;
      fts__budget_nap (&w->unit_wake, &w->lock);
      w->th.for_unit--;
      w->th.idle--;
      got = fts__budget_try_take (b);
    }
  atomic_fetch_sub (&b->sleepers, 1);
  return got;
}

/* Give back the unit of W's budget that the calling thread holds, if
   any.  No lock held.  */
static void
put_unit (struct libfts_walk *w)
{
  if (w->budget)
    fts__budget_put (w->budget);
}

/* Step 3: finish a directory whose hold was let go
   (libfts_walk_release), or one handed out (libfts_walk_give) and
   finished unread: its part of the walk.  Lock held; let go
   meanwhile.  */
static void
finish_released (struct fts__wctx *ctx)
{
  struct libfts_walk *w = ctx->w;
  struct fts__wnode *d = w->released[--w->n_released];
  w->holds--;
  w->th.busy++;
  pthread_mutex_unlock (&w->lock);
  release (ctx, d, !d->given, -1);
  put_unit (w);
  pthread_mutex_lock (&w->lock);
  w->th.busy--;
}

/* Step 4: help with the slices of W's first share; withdraw it once all
   are claimed, so that nobody comes in again.  Lock held; let go
   meanwhile.  */
static void
join_share (struct fts__wctx *ctx)
{
  struct libfts_walk *w = ctx->w;
  struct fts__wshare *s = w->shares;
  s->users++;
  w->th.busy++;
  pthread_mutex_unlock (&w->lock);
  fts__wshare_help (ctx, s);
  put_unit (w);
  pthread_mutex_lock (&w->lock);
  w->th.busy--;
  if (atomic_load (&s->next_slice) >= s->nslices)
    fts__wshare_withdraw (w, s);
  if (--s->users == 0)
    pthread_cond_broadcast (&w->share_done);
}

/* Step 5: read N, a task taken, and the subdirectories its reading kept
   for this thread.  Lock held; let go meanwhile.  */
static void
run_task (struct fts__wctx *ctx, struct fts__wnode *n)
{
  struct libfts_walk *w = ctx->w;
  if (fts__walk_waiting (w))
    fts__wthreads_grow (w);
  w->th.busy++;
  pthread_mutex_unlock (&w->lock);
  process_dir (ctx, n);
  run_kept (ctx);
  put_unit (w);
  pthread_mutex_lock (&w->lock);
  w->th.busy--;
}

/* Give back the budget unit the calling thread took for nothing, out of
   W's lock (another walk may wait for it).  Returns whether anything
   came meanwhile that the thread would have missed asleep: what the
   lock kept from changing while it was held.  Lock held; let go
   meanwhile.  */
static bool
unit_back_changed (struct libfts_walk *w, bool caller)
{
  size_t ntasks = w->ntasks;
  struct fts__wshare *shares = w->shares;
  const struct fts__wnode *at = atomic_load (&w->em.at);
  size_t backlog = atomic_load (&w->em.backlog);
  pthread_mutex_unlock (&w->lock);
  fts__budget_put (w->budget);
  pthread_mutex_lock (&w->lock);
  return (w->n_released || w->shares != shares || w->ntasks != ntasks
          || atomic_load (&w->em.at) != at
          || atomic_load (&w->em.backlog) != backlog
          || work_over (w, caller) || fts__wroots_due (w));
}

/* Step 6: sleep until woken, nothing there for the calling thread (OVER:
   W is at its bound on requests in flight); not when its budget unit,
   given back, let it miss something.  The emitter wakes those held back
   by the backlog when it shrinks or moves on (fts-walk-emit.c).  Lock
   held; let go while asleep.  */
static void
rest (struct libfts_walk *w, bool caller, bool over)
{
  if (w->budget && unit_back_changed (w, caller))
    return;
  bool held = w->tasks != NULL && !over;
  w->th.idle++;
  w->th.held += held;
  pthread_cond_wait (&w->wake, &w->lock);
  w->th.idle--;
  w->th.held -= held;
}

/* Run the scheduler's steps (above) until the walk ends, or for CALLER
   until every root is finished too.  */
static void
work (struct fts__wctx *ctx, bool caller)
{
  struct libfts_walk *w = ctx->w;
  pthread_mutex_lock (&w->lock);
  if (!caller)
    w->th.starting--;
  while (!work_over (w, caller))
    {
      if (fts__wroots_due (w))
        {
          feed_roots (w);
          continue;
        }
      if (!take_unit (w))
        continue;
      if (w->n_released)
        {
          finish_released (ctx);
          continue;
        }
      bool over = at_bound (w);
      struct fts__wnode *n = NULL;
      if (w->shares && !over)
        join_share (ctx);
      else if (w->tasks && !over && (n = fts__wtask_take (w)))
        run_task (ctx, n);
      else
        rest (w, caller, over);
    }
  pthread_mutex_unlock (&w->lock);
}

/* A worker thread of the walk ARG: the scheduler's steps until the walk
   ends.  */
static void *
worker_main (void *arg)
{
  struct libfts_walk *w = arg;
  struct fts__wctx ctx;
  if (ctx_init (&ctx, w) == 0)
    work (&ctx, false);
  else
    {
      pthread_mutex_lock (&w->lock);
      w->th.starting--;
      pthread_mutex_unlock (&w->lock);
    }
  ctx_end (&ctx);
  return NULL;
}

/* ---- running ------------------------------------------------------------ */

/* THREADS, or fewer when a descriptor budget of BUDGET cannot give each
   its pins.  */
static unsigned
threads_within (unsigned threads, unsigned budget)
{
  unsigned by_fds = budget / FTS__WALK_PINS_PER_THREAD;
  if (threads > by_fds)
    threads = by_fds ? by_fds : 1;
  return threads;
}

/* Set W up to run; returns 0 or -1 with errno.  */
static int
run_init (struct libfts_walk *w, libfts_walk_visit_fn visit,
          libfts_walk_report_fn report, void *arg)
{
  w->visit = visit;
  w->arg = arg;
  w->th.main = worker_main;
  unsigned room = fts__wfd_room ();
  unsigned budget = fts__wfd_budget (FTS__WALK_FD_BUDGET, room);
  w->th.cpu_max = threads_within (w->threads ? w->threads
                                   : libfts_default_threads (), budget);
  unsigned inflight = fts__walk_inflight (w);
  unsigned want = inflight * FTS__WALK_PINS_PER_THREAD;
  w->wait_fd_budget = fts__wfd_budget (want > budget ? want : budget, room);
  w->th.wait_max = threads_within (inflight, w->wait_fd_budget);
  unsigned most = (w->th.cpu_max > w->th.wait_max ? w->th.cpu_max
                   : w->th.wait_max);
  w->th.max = w->th.cpu_max;
  w->tids = most > 1 ? calloc (most - 1, sizeof *w->tids) : NULL;
  if (most > 1 && !w->tids)
    return -1;
  pthread_cond_init (&w->share_done, NULL);
  fts__mutex_init (&w->all_lock);
  w->all.all_next = w->all.all_prev = &w->all;
  fts__wfd_init (&w->fdc, budget);
  w->fdc.threads = most;
  w->top.level = FTS_ROOTLEVEL - 1;
  w->top.tail = &w->top.head;
  w->top.fd = -1;
  w->top.parent = &w->top;
  atomic_init (&w->top.pending, 0);
  fts__wemit_init (&w->em, &w->top, fts__wisset (w, LIBFTS_WALK_ORDERED),
                   report, arg);
  return 0;
}

/* Free what a stopped walk left: records, their descriptors, their
   reports; and the run's locks.  */
static void
run_end (struct libfts_walk *w)
{
  /* Reports first: a list runs through the records of subdirectories,
     which must still be there.  */
  for (struct fts__wnode *n = w->all.all_next; n != &w->all; n = n->all_next)
    fts__wnode_free_items (w, n);
  fts__wnode_free_items (w, &w->top);
  struct fts__wnode *n = w->all.all_next;
  while (n != &w->all)
    {
      struct fts__wnode *next = n->all_next;
      if (n->fd >= 0)
        close (n->fd);
      free (n);
      n = next;
    }
  w->all.all_next = w->all.all_prev = &w->all;
  w->stats.dir_opens = w->fdc.opens;
  w->stats.dir_reopens = w->fdc.reopens;
  w->stats.stat_calls += w->fdc.stats;
  fts__wemit_destroy (&w->em);
  fts__wfd_destroy (&w->fdc);
  pthread_mutex_destroy (&w->all_lock);
  pthread_cond_destroy (&w->share_done);
  free (w->tids);
  w->tids = NULL;
  free (w->released);
  w->released = NULL;
  w->n_released = w->holds = 0;
}

/* Add W's counters to the process's totals (LIBFTS_STATS_FILE).  */
static void
report_totals (struct libfts_walk *w)
{
  struct fts__stream s;
  memset (&s, 0, sizeof s);
  s.stats = w->stats;
  s.sort_threshold = w->sort_threshold;
  s.fs_policy = w->fs_policy;
  fts__report_stream (&s);
}

/* Deliver the report that says why the walk failed.  */
static void
report_failure (struct libfts_walk *w)
{
  struct libfts_walk_report rep = {
    .path = w->fail_path ? w->fail_path : "",
    .pathlen = w->fail_path ? strlen (w->fail_path) : 0,
    .info = FTS_ERR,
    .code = LIBFTS_WALK_FAILED,
    .err = w->fail_errno,
  };
  if (w->em.report)
    w->em.report (&rep, w->em.arg);
}

int
libfts_walk_run (LIBFTS_WALK *w, libfts_walk_visit_fn visit,
                 libfts_walk_report_fn report, void *arg)
{
  if (!w || !visit || w->ran)
    {
      errno = EINVAL;
      return -1;
    }
  w->ran = true;
  if (run_init (w, visit, report, arg) != 0)
    return -1;
  if (w->budget)
    fts__budget_attach (w);
  pthread_mutex_lock (&w->lock);
  w->running = true;
  pthread_mutex_unlock (&w->lock);
  struct fts__wctx ctx;
  if (ctx_init (&ctx, w) != 0)
    fts__walk_fail (w, &w->top, ENOMEM);
  else
    work (&ctx, true);
  pthread_mutex_lock (&w->lock);
  w->finished = true;
  fts__wthreads_wake_all (w);
  pthread_mutex_unlock (&w->lock);
  for (unsigned i = 0; i < w->th.started; i++)
    pthread_join (w->tids[i], NULL);
  /* A stopped walk may end while a directory is being given.  */
  pthread_mutex_lock (&w->lock);
  w->running = false;
  while (w->th.givers)
    pthread_cond_wait (&w->wake, &w->lock);
  pthread_mutex_unlock (&w->lock);
  pthread_mutex_lock (&w->give_lock);
  fts__wslab_end (w, &w->give_slab);
  pthread_mutex_unlock (&w->give_lock);
  if (w->budget)
    fts__budget_detach (w);
  ctx_end (&ctx);

  int stop = atomic_load (&w->stop);
  if (stop == FTS__WALK_FAILED)
    report_failure (w);
  run_end (w);
  report_totals (w);
  if (stop == FTS__WALK_FAILED)
    {
      errno = w->fail_errno;
      return -1;
    }
  return stop == FTS__WALK_STOPPED;
}

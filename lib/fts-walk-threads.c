/* fts-walk-threads.c: the parallel walk's threads and the pushing of its
   tasks: worker threads started lazily, more of them once requests wait
   on a server (up to the bound on requests in flight), idle ones woken
   one per task.  A worker runs what the walk gives it (TH.MAIN: the
   scheduler, fts-walk.c's work), so that the files that read
   directories and push tasks need not know the scheduler.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-walk-int.h"

#include <signal.h>

/* Start one more worker thread, with every signal blocked (the caller's
   handlers run on its own threads).  Lock held.  */
void
fts__wthreads_start (struct libfts_walk *w)
{
  sigset_t all, old;
  sigfillset (&all);
  pthread_sigmask (SIG_SETMASK, &all, &old);
  if (pthread_create (&w->tids[w->th.started], NULL, w->th.main, w) == 0)
    {
      w->th.started++;
      w->th.starting++;
    }
  else
    w->th.max = w->th.started + 1;   /* go on with those we have */
  pthread_sigmask (SIG_SETMASK, &old, NULL);
}

/* Start workers for the tasks that wait, if the walk may.  Where the
   processor is the limit (local file systems, warm caches), one more when
   two tasks wait and no thread is idle: threads beyond the processors
   would only queue for them.  Where requests wait on a server, one for
   each task that no thread is free to take, up to the in-flight bound:
   every thread is then taken to be blocked, and each one more keeps one
   more request in flight.  Not while the backlog holds threads back: a
   new one would be held too.  Lock held.  */
void
fts__wthreads_grow (struct libfts_walk *w)
{
  if (!fts__walk_waiting (w))
    {
      if (!w->th.idle && w->ntasks >= 2 && w->th.started + 1 < w->th.max)
        fts__wthreads_start (w);
      return;
    }
  while (!w->th.held && w->ntasks > w->th.idle + w->th.starting
         && w->th.started + 1 < w->th.max)
    {
      unsigned before = w->th.started;
      fts__wthreads_start (w);
      if (w->th.started == before)
        return;
    }
}

/* Requests wait on a server: from now on W keeps up to its in-flight
   bound of them going, with the descriptors that many threads pin; and
   never more, even when more threads were started before (work parks
   those beyond it).  */
void
fts__walk_start_waiting (struct libfts_walk *w)
{
  if (fts__walk_waiting (w))
    return;
  fts__wfd_raise (&w->fdc, w->wait_fd_budget);
  pthread_mutex_lock (&w->lock);
  if (!fts__walk_waiting (w))
    {
      atomic_store (&w->waiting, true);
      w->th.max = w->th.wait_max;
      size_t bound = (size_t) w->th.wait_max
                     * FTS__WALK_WAIT_BACKLOG_PER_THREAD;
      if (bound > FTS__WALK_BACKLOG)
        atomic_store (&w->em.bound, bound);
      fts__wthreads_grow (w);
    }
  pthread_mutex_unlock (&w->lock);
}

/* Wake up to N of W's idle threads that sleep on WAKE (not those asleep
   for a unit of the budget, on UNIT_WAKE), one per signal: a broadcast to
   dozens of idle threads (where requests wait on a server) for one or
   two tasks had them all fight for the lock, most to find nothing (du
   -s of an npm-like tree on FUSE at 0.2 ms a request: 2.2 s with 48
   threads, 12.9 s with 64, 18 s with 80, mostly futex wake-ups).  Lock
   held.  */
void
fts__wthreads_wake (struct libfts_walk *w, size_t n)
{
  for (size_t i = 0; i < n && i < w->th.idle - w->th.for_unit; i++)
    pthread_cond_signal (&w->wake);
}

/* Push the K records of KIDS as tasks.  */
void
fts__wtasks_push (struct libfts_walk *w, struct fts__wnode **kids, size_t k,
                  struct fts__wctx *keeper)
{
  if (k == 0)
    return;
  pthread_mutex_lock (&w->lock);
  /* With no thread idle, the first subdirectory, which comes next in a
     sequential walk's order, is kept by the thread that found it, to read
     once it is done here (run_kept): no heap for that one, and its
     parent's descriptor and entries are still at hand.  */
  size_t i = 0;
  if (keeper && !keeper->next && !w->th.idle)
    keeper->next = kids[i++];
  k -= i;
  for (kids += i, i = 0; i < k; i++)
    fts__wtask_push (w, kids[i]);
  fts__wthreads_wake (w, k);
  fts__wthreads_grow (w);
  pthread_mutex_unlock (&w->lock);
}


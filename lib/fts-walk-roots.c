/* fts-walk-roots.c: the parallel walk's roots, fed to its tasks a window
   at a time.

   A root is a task like any directory: a record whose parent is the
   walk's top, pushed to the heap in its order (its place among the roots
   is its SEQ, so the heap gives the threads an earlier root's
   directories first), its placeholder added to the top's list, so that
   its reports come after those of every root before it.  Up to
   FTS__WALK_ROOT_WINDOW roots are taken and not finished at once: many
   small roots are walked by the threads together, as the directories of
   one root are.  A root that may overlap those before it
   (LIBFTS_WALK_ROOT_ALONE; each root of libfts_walk_open) waits until
   they are finished and their reports delivered, so that it meets what
   they left as a sequential walk would.

   The source (libfts_walk_open_next's NEXT, or the list given to
   libfts_walk_open) is called by one thread at a time, with no lock
   held: it may read a pipe.  Asked not to wait, it may say EAGAIN; it is
   then asked again when a root is finished, and told it may wait once
   no root is left to walk, so that the roots it gave are walked before
   it waits for more.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-walk-int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Roots taken and not finished.  Lock held.  */
static size_t
roots_open (const struct libfts_walk *w)
{
  return w->roots_fed - w->roots_finished;
}

/* Whether a thread should feed W a root now: there is room in the window
   and a root to take (or one held may go), nobody else is at it, and the
   source, if it said EAGAIN, may have one by now.  Lock held.  */
bool
fts__wroots_due (struct libfts_walk *w)
{
  if (w->feeding || atomic_load (&w->stop)
      || roots_open (w) >= FTS__WALK_ROOT_WINDOW)
    return false;
  if (w->held_root)
    return !w->held_alone || fts__wroots_alone_may_go (w);
  if (w->roots_end)
    return false;
  return (!w->source_later || w->roots_finished != w->later_at
          || roots_open (w) == 0);
}

/* Whether every root W will ever have is finished.  Lock held.  */
bool
fts__wroots_done (struct libfts_walk *w)
{
  return w->roots_end && !w->held_root && roots_open (w) == 0;
}

/* A root of W is finished (all its visits done).  Lock held.  */
void
fts__wroots_finished (struct libfts_walk *w)
{
  w->roots_finished++;
}

/* The next root of the list libfts_walk_open was given: each alone.  */
static int
next_listed (struct libfts_walk *w, char **root)
{
  const char *path = w->roots[w->roots_fed];
  if (!path)
    return 0;
  *root = strdup (path);
  return *root ? LIBFTS_WALK_ROOT_ALONE : -1;
}

/* Take the next root from W's source into HELD_ROOT, with the lock let
   go meanwhile.  Returns false when none was taken (the end, EAGAIN, or
   a failure: the walk is failed).  Lock held.  */
static bool
take_root (struct libfts_walk *w)
{
  int wait = roots_open (w) == 0;
  char *root = NULL;
  pthread_mutex_unlock (&w->lock);
  int r = (w->next_root ? w->next_root (w->next_arg, wait, &root)
           : next_listed (w, &root));
  int err = errno;
  if (r < 0 && !(err == EAGAIN && !wait))
    fts__walk_fail (w, &w->top, err ? err : EIO);
  pthread_mutex_lock (&w->lock);
  if (r < 0 && err == EAGAIN && !wait)
    {
      w->source_later = true;
      w->later_at = w->roots_finished;
      return false;
    }
  w->source_later = false;
  if (r <= 0)
    {
      free (root);
      w->roots_end = true;
      /* The caller may be asleep, every root finished, waiting for the
         end that this thread found (fts__wroots_done).  */
      fts__wthreads_wake_all (w);
      return false;
    }
  w->held_root = root;
  w->held_alone = r == LIBFTS_WALK_ROOT_ALONE;
  return true;
}

/* Push the held root as W's next task, its placeholder at the end of the
   top's list, with the lock let go meanwhile.  Returns false when memory
   ran out (the walk is failed).  Lock held.  */
static bool
push_root (struct libfts_walk *w)
{
  char *path = w->held_root;
  w->held_root = NULL;
  pthread_mutex_unlock (&w->lock);
  struct fts__wnode *r = fts__wnode_new (&w->top, path, strlen (path), 0);
  free (path);
  if (!r)
    {
      fts__walk_fail (w, &w->top, ENOMEM);
      pthread_mutex_lock (&w->lock);
      return false;
    }
  r->seq = (uint32_t) w->roots_fed;
  fts__wnodes_register (w, &r, 1);
  atomic_fetch_add (&w->top.pending, 1);
  if (w->em.ordered)
    fts__wemit_add (w, &w->top, &r->hdr);
  pthread_mutex_lock (&w->lock);
  w->roots_fed++;
  fts__wtask_push (w, r);
  return true;
}

/* Feed W's tasks the roots that are due (fts__wroots_due), one thread at
   a time.  Returns how many were pushed.  Lock held; let go while the
   source is asked and a root's record made.  */
size_t
fts__wroots_feed (struct libfts_walk *w)
{
  size_t pushed = 0;
  while (fts__wroots_due (w))
    {
      w->feeding = true;
      bool ok = w->held_root || take_root (w);
      if (ok && (!w->held_alone || fts__wroots_alone_may_go (w)))
        pushed += push_root (w);
      w->feeding = false;
      if (!ok)
        break;
    }
  return pushed;
}

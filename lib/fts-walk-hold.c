/* fts-walk-hold.c: what VISIT and the walk's caller may do to the order
   in which directories are finished: hold a directory open past its
   reading (libfts_walk_hold) and let it go (libfts_walk_release), hand a
   waiting directory out to be walked elsewhere (libfts_walk_give), and
   flag a directory's ancestors for their post-order visits
   (libfts_walk_flag_ancestors).  A directory let go or handed out goes
   on RELEASED, for the scheduler to finish (fts-walk.c); room there is
   made when the hold is taken, so that letting go cannot fail.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-walk-int.h"

#include <errno.h>
#include <stdlib.h>

/* ---- flagging ----------------------------------------------------------- */

/* Flag D and its ancestors up to the first flagged already.  */
static void
flag_from (struct fts__wnode *d)
{
  for (struct fts__wnode *q = d;
       !atomic_load_explicit (&q->flagged, memory_order_relaxed);
       q = q->parent)
    {
      atomic_store_explicit (&q->flagged, 1, memory_order_relaxed);
      if (q->level < FTS_ROOTLEVEL)
        break;
    }
}

void
libfts_walk_flag_ancestors (struct libfts_walk_entry *pub)
{
  struct fts__wentry *e = fts__wentry_of (pub);
  /* Up to the roots' parent (level -1), which no visit sees: for
     libfts_walk_roots_flagged.  */
  flag_from (e->child ? e->node : e->node->parent);
}

int
libfts_walk_roots_flagged (LIBFTS_WALK *w)
{
  return atomic_load (&w->top.flagged);
}

/* ---- holding ------------------------------------------------------------ */

void *
libfts_walk_hold (struct libfts_walk_entry *pub)
{
  struct fts__wentry *e = fts__wentry_of (pub);
  struct libfts_walk *w = e->w;
  struct fts__wnode *d = e->child ? e->node : e->node->parent;
  if (d->level < FTS_ROOTLEVEL)
    {
      errno = EINVAL;
      return NULL;
    }
  /* Room in RELEASED now, so that letting go cannot fail.  */
  pthread_mutex_lock (&w->lock);
  struct fts__wnode **r = realloc (w->released,
                                   (w->holds + 1) * sizeof *r);
  if (r)
    {
      w->released = r;
      w->holds++;
      /* D's read is pending while an entry of it is visited: D cannot be
         finished before this one more part of it.  */
      atomic_fetch_add (&d->pending, 1);
    }
  pthread_mutex_unlock (&w->lock);
  return r ? d : NULL;
}

int
libfts_walk_release (LIBFTS_WALK *w, void *hold, int flag)
{
  if (!w || !hold)
    {
      errno = EINVAL;
      return -1;
    }
  pthread_mutex_lock (&w->lock);
  if (!w->running)
    {
      /* The run is over: its holds were dropped with the directories
         they held (a stopped walk), or it never began.  */
      pthread_mutex_unlock (&w->lock);
      errno = EINVAL;
      return -1;
    }
  if (flag)
    flag_from (hold);
  w->released[w->n_released++] = hold;
  pthread_cond_broadcast (&w->wake);
  pthread_mutex_unlock (&w->lock);
  return 0;
}

/* ---- handing out -------------------------------------------------------- */

/* The first task of W, taken to be handed out, with room in RELEASED
   made for it; null when there is none to hand out (a root is not: it is
   a path, reached from no directory of the walk), or when memory ran out
   (*ENOMEM_OUT then true).  GIVE_LOCK held; takes W's lock.  */
static struct fts__wnode *
take_to_give (struct libfts_walk *w, bool *enomem_out)
{
  struct fts__wnode *n = NULL;
  *enomem_out = false;
  pthread_mutex_lock (&w->lock);
  if (w->running && !fts__wstopped (w) && w->tasks
      && w->tasks->level != FTS_ROOTLEVEL)
    {
      /* Room first, so that finishing it cannot fail.  */
      struct fts__wnode **room = realloc (w->released,
                                          (w->holds + 1) * sizeof *room);
      if (!room)
        *enomem_out = true;
      else
        {
          w->released = room;
          w->holds++;
          w->th.givers++;
          n = fts__wtask_take_first (w);
        }
    }
  pthread_mutex_unlock (&w->lock);
  return n;
}

/* Put N, taken by take_to_give, where GIVE's answer (GIVEN) sends it: on
   RELEASED, for the scheduler to finish unread, or back among the
   tasks.  Takes W's lock.  */
static void
put_given (struct libfts_walk *w, struct fts__wnode *n, bool given)
{
  pthread_mutex_lock (&w->lock);
  if (given)
    {
      n->given = true;
      w->released[w->n_released++] = n;
    }
  else
    {
      w->holds--;
      fts__wtask_push (w, n);
    }
  w->th.givers--;
  pthread_cond_broadcast (&w->wake);
  pthread_mutex_unlock (&w->lock);
}

int
libfts_walk_give (LIBFTS_WALK *w, libfts_walk_visit_fn give, void *arg)
{
  if (!w || !give || fts__wisset (w, LIBFTS_WALK_XDEV))
    {
      errno = EINVAL;
      return -1;
    }
  /* One at a time: their reports share a block (a block each would
     count 4 KiB of backlog for a placeholder).  */
  pthread_mutex_lock (&w->give_lock);
  bool enomem;
  struct fts__wnode *n = take_to_give (w, &enomem);
  if (!n)
    {
      pthread_mutex_unlock (&w->give_lock);
      if (enomem)
        errno = ENOMEM;
      return enomem ? -1 : 0;
    }

  /* Its reports wait on its list for the thread that finishes it, which
     delivers them when their turn has come (ordered walks).  */
  struct fts__wbatch batch = { .keep = true };
  struct fts__wentry e;
  fts__wentry_of_node (&e, w, &w->give_slab, n, -1, FTS_D, 0, NULL);
  e.batch = w->em.ordered ? &batch : NULL;
  bool given = give (&e.pub, arg) == LIBFTS_WALK_SKIP;
  fts__wemit_stash (w, &batch);
  put_given (w, n, given);
  pthread_mutex_unlock (&w->give_lock);
  return given;
}

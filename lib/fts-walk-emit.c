/* fts-walk-emit.c: the parallel walk's reports, delivered one at a time
   and, for LIBFTS_WALK_ORDERED, in the order a sequential walk meets
   their entries.

   Each directory keeps a list of what a sequential walk would report in
   it, in order: its own reports, those of its other entries, and its
   subdirectories (each with a list of its own).  The thread that reads a
   directory appends to its list as it goes; the emitter is a cursor that
   walks these lists depth first, delivering reports and entering
   subdirectories, and waits at the first list that is not finished.
   Whichever thread makes progress possible there (an addition to the
   list under the cursor, or its end) moves the cursor on, under the one
   lock that guards the lists but for the REPORT calls themselves, and
   others leave it their additions meanwhile; so REPORT is called from any
   thread but one call at a time.  The cursor keeps the path of the
   directory it is in, as fts_read keeps fts_path, so a report's path
   costs no more than its name.  A directory's record is freed when the cursor leaves it.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-walk-int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void
fts__wemit_init (struct fts__wemit *e, struct fts__wnode *top, bool ordered,
                 libfts_walk_report_fn report, void *arg)
{
  memset (e, 0, sizeof *e);
  fts__mutex_init (&e->lock);
  e->cur = top;
  atomic_init (&e->backlog, 0);
  atomic_init (&e->bound, FTS__WALK_BACKLOG);
  atomic_init (&e->at, top);
  atomic_init (&e->roots_left, 0);
  e->ordered = ordered;
  e->report = report;
  e->arg = arg;
}

void
fts__wemit_destroy (struct fts__wemit *e)
{
  free (e->path);
  pthread_mutex_destroy (&e->lock);
}

/* Where a child's "/name" goes after a directory path of LEN bytes in
   PATH: at its end less one trailing slash ("d/" gives "d/x", "/" gives
   "/x"), as fts_read does.  */
static size_t
append_point (const char *path, size_t len)
{
  return len > 0 && path[len - 1] == '/' ? len - 1 : len;
}

/* Make room for NEED bytes in the cursor's path.  */
static bool
path_room (struct fts__wemit *e, size_t need)
{
  if (need <= e->cap)
    return true;
  size_t cap = e->cap ? e->cap : 256;
  while (cap < need)
    cap *= 2;
  char *p = realloc (e->path, cap);
  if (!p)
    return false;
  e->path = p;
  e->cap = cap;
  return true;
}

/* Append NAME, a root's path (ROOT) or an entry's, to the cursor's path.
   Returns false when memory runs out.  */
static bool
path_push (struct fts__wemit *e, const char *name, size_t namelen, bool root)
{
  size_t base = root ? 0 : append_point (e->path, e->len);
  if (!path_room (e, base + namelen + 2))
    return false;
  if (!root)
    e->path[base++] = '/';
  memcpy (e->path + base, name, namelen);
  e->path[base + namelen] = '\0';
  e->len = base + namelen;
  return true;
}

/* R, a report about N (or about N's entry named in R), as REPORT
   receives it, with the path PATH of LEN bytes.  */
static struct libfts_walk_report
report_of (const struct fts__wnode *n, const struct fts__wreport *r,
           const char *path, size_t len)
{
  return (struct libfts_walk_report) {
    .path = path,
    .pathlen = len,
    .level = n->level + (r->hdr.kind == FTS__WI_CHILD),
    .info = r->info,
    .code = r->code,
    .err = r->err,
    .value = r->value,
    .data = fts__wreport_data (r),
    .size = r->size,
  };
}

/* Deliver R, a report in the list of N, whose path is the cursor's;
   MORE: another follows at once.  */
static void
deliver (struct libfts_walk *w, struct fts__wnode *n,
         const struct fts__wreport *r, bool more)
{
  struct fts__wemit *e = &w->em;
  size_t len = e->len;
  bool child = r->hdr.kind == FTS__WI_CHILD;
  if (child && !path_push (e, r->name, r->namelen, false))
    {
      e->broken = true;
      fts__walk_fail (w, n, ENOMEM);
      return;
    }
  struct libfts_walk_report rep = report_of (n, r, e->path ? e->path : "",
                                              e->len);
  rep.more = more;
  if (e->report && e->report (&rep, e->arg) != 0)
    {
      e->broken = true;
      fts__walk_stop (w);
    }
  e->len = len;
  if (e->path)
    e->path[len] = '\0';
}

/* Enter C, the next item of the cursor's list: its list is next.  */
static bool
enter (struct fts__wemit *e, struct fts__wnode *c)
{
  c->em_base = e->len;
  c->em_up = e->cur;
  /* A slice's list is its parent's, continued: its path is the
     parent's.  */
  if (!c->slice
      && !path_push (e, c->name, c->namelen, c->level == FTS_ROOTLEVEL))
    return false;
  e->cur = c;
  return true;
}

/* The threads that the backlog holds back from the tasks there are
   (fts__wtask_take) are woken to choose again when it has shrunk to half
   its bound, or when the cursor waits for a list while it is above that.
   Not at each move of the cursor, nor as soon as the backlog is back
   under its bound, which on a tree of small directories woke them all
   for each directory, to be held back again at once.  */

/* Deliver the reports of RUN, a chain taken off N's list, and free them,
   a block's run of them at once.  Wakes the threads held back when that
   brought the backlog down to half its bound.  */
static void
deliver_run (struct libfts_walk *w, struct fts__wnode *n,
             struct fts__witem *run)
{
  size_t freed = 0, k = 0;
  struct fts__wslab *s = NULL;
  while (run)
    {
      struct fts__wreport *r = (struct fts__wreport *) run;
      run = run->next;
      if (!w->em.broken)          /* REPORT may have stopped the walk */
        deliver (w, n, r, run != NULL);
      if (r->slab != s)
        {
          if (s)
            freed += fts__wslab_unref (s, k);
          s = r->slab;
          k = 0;
        }
      k++;
    }
  if (s)
    freed += fts__wslab_unref (s, k);
  size_t old = atomic_fetch_sub_explicit (&w->em.backlog, freed,
                                          memory_order_relaxed);
  size_t half = atomic_load_explicit (&w->em.bound, memory_order_relaxed) / 2;
  if (old > half && old - freed <= half)
    fts__walk_wake_held (w, true);
}

/* Publish where the cursor is for the threads that choose a task
   (fts__wtask_take): the directory it is in, a slice's parent for a
   slice.  */
static void
publish_at (struct fts__wemit *e)
{
  atomic_store (&e->at, e->cur->slice ? e->cur->parent : e->cur);
}

/* Deliver the reports at the head of N, the cursor's list, up to its
   next subdirectory, with the lock let go meanwhile.  Lock held.  */
static void
deliver_head (struct libfts_walk *w, struct fts__wnode *n)
{
  struct fts__witem *it = n->head;
  struct fts__witem **end = &it->next;
  while (*end && (*end)->kind != FTS__WI_NODE)
    end = &(*end)->next;
  n->head = *end;
  *end = NULL;
  if (!n->head)
    n->tail = &n->head;
  pthread_mutex_unlock (&w->em.lock);
  deliver_run (w, n, it);
  pthread_mutex_lock (&w->em.lock);
}

/* Enter the subdirectory at the head of N, the cursor's list.  Lock
   held.  */
static void
enter_head (struct libfts_walk *w, struct fts__wnode *n)
{
  struct fts__wemit *e = &w->em;
  struct fts__witem *it = n->head;
  n->head = it->next;
  if (!n->head)
    n->tail = &n->head;
  if (!enter (e, (struct fts__wnode *) it))
    {
      e->broken = true;
      fts__walk_fail (w, n, ENOMEM);
    }
  else
    publish_at (e);
}

/* Leave N, the cursor's list, all delivered, for the list it was entered
   from.  Lock held.  */
static void
leave (struct fts__wemit *e, struct fts__wnode *n)
{
  e->len = n->em_base;
  if (e->path)
    e->path[e->len] = '\0';
  e->cur = n->em_up;
  publish_at (e);
}

/* Move the cursor as far as the lists allow.  Lock held; it is let go
   while a run of reports is delivered, so that the threads adding to the
   lists meanwhile do not wait for the caller's code.  Only one thread moves
   the cursor (DELIVERING): one that finds another at it leaves what it
   added to that one, which looks again before it stops.  */
static void
advance (struct libfts_walk *w)
{
  struct fts__wemit *e = &w->em;
  if (e->delivering)
    return;
  e->delivering = true;
  /* The records the cursor leaves, freed a few at a time.  */
  struct fts__wnode *left[32];
  size_t nleft = 0;
  bool root_left = false;
  while (!e->broken)
    {
      struct fts__wnode *n = e->cur;
      if (n->head && n->head->kind != FTS__WI_NODE)
        deliver_head (w, n);
      else if (n->head)
        enter_head (w, n);
      else if (!n->done || n->level < FTS_ROOTLEVEL)
        break;
      else
        {
          leave (e, n);
          /* A slice of a root's chunk is not the root.  */
          if (n->level == FTS_ROOTLEVEL && !n->slice)
            {
              atomic_fetch_add (&e->roots_left, 1);
              root_left = true;
            }
          left[nleft++] = n;
          if (nleft == sizeof left / sizeof *left)
            {
              fts__wnodes_free (w, left, nleft);
              nleft = 0;
            }
        }
    }
  if (nleft)
    fts__wnodes_free (w, left, nleft);
  e->delivering = false;
  if (root_left)
    fts__wroots_delivered (w);
  if (atomic_load_explicit (&e->backlog, memory_order_relaxed)
      > atomic_load_explicit (&e->bound, memory_order_relaxed) / 2)
    fts__walk_wake_held (w, false);
}

/* Add IT to N's list (ordered), or deliver it now.  Either way IT is the
   emitter's, to free.  Returns 0.  */
int
fts__wemit_add (struct libfts_walk *w, struct fts__wnode *n,
                struct fts__witem *it)
{
  if (!w->em.ordered)
    {
      struct fts__wreport *r = (struct fts__wreport *) it;
      int ret = fts__wemit_direct (w, n, r);
      fts__wreport_free (w, r);
      return ret;
    }
  struct fts__wbatch b = { .n = NULL };
  fts__wemit_batch (w, &b, n, it);
  fts__wemit_flush (w, &b);
  return 0;
}

/* Add B's items to their list (lock held).  */
static void
splice (struct libfts_walk *w, struct fts__wbatch *b)
{
  struct fts__wnode *n = b->n;
  *n->tail = b->head;
  n->tail = b->tail;
  b->n = NULL;
}

/* N's list is complete but for what B holds for it, if anything: add
   that, and once delivered, the cursor leaves N and frees it.  Not for
   unordered walks, whose records are freed by the walk.  */
void
fts__wemit_done (struct libfts_walk *w, struct fts__wnode *n,
                 struct fts__wbatch *b)
{
  struct fts__wemit *e = &w->em;
  if (b->n && b->n != n)
    fts__wemit_flush (w, b);
  pthread_mutex_lock (&e->lock);
  if (b->n)
    splice (w, b);
  n->done = true;
  if (e->cur == n)
    advance (w);
  pthread_mutex_unlock (&e->lock);
}

/* Add the items of B, if any, to their list: one lock for them all.  */
void
fts__wemit_flush (struct libfts_walk *w, struct fts__wbatch *b)
{
  if (!b->n)
    return;
  struct fts__wemit *e = &w->em;
  struct fts__wnode *n = b->n;
  pthread_mutex_lock (&e->lock);
  splice (w, b);
  if (e->cur == n)
    advance (w);
  pthread_mutex_unlock (&e->lock);
}

/* Add IT to N's list through B (ordered walks): held back until B is
   full, or flushed, or for another list.  IT is the emitter's, to
   free.  */
void
fts__wemit_batch (struct libfts_walk *w, struct fts__wbatch *b,
                  struct fts__wnode *n, struct fts__witem *it)
{
  if (b->n != n)
    {
      fts__wemit_flush (w, b);
      b->n = n;
      b->head = NULL;
      b->tail = &b->head;
      b->count = 0;
    }
  it->next = NULL;
  *b->tail = it;
  b->tail = &it->next;
  if (++b->count >= FTS__WALK_BATCH && !b->keep)
    fts__wemit_flush (w, b);
}

/* Add B's items to their list, and leave them there for whoever moves
   the cursor next (fts__wemit_done, from a thread of the walk): the
   caller is not to deliver them.  */
void
fts__wemit_stash (struct libfts_walk *w, struct fts__wbatch *b)
{
  if (!b->n)
    return;
  pthread_mutex_lock (&w->em.lock);
  splice (w, b);
  pthread_mutex_unlock (&w->em.lock);
}

/* Deliver R about N (or N's entry named in R) now, in whatever order the
   threads come: the unordered walk's way.  Returns 0, or -1 with errno
   ENOMEM (the walk is failed).  */
int
fts__wemit_direct (struct libfts_walk *w, const struct fts__wnode *n,
                   const struct fts__wreport *r)
{
  struct fts__wemit *e = &w->em;
  bool child = r->hdr.kind == FTS__WI_CHILD;
  char *path = fts__wnode_path (n, r->name, child ? r->namelen : 0);
  if (!path)
    {
      fts__walk_fail (w, n, ENOMEM);
      return -1;
    }
  struct libfts_walk_report rep = report_of (n, r, path, strlen (path));
  pthread_mutex_lock (&e->lock);
  if (!e->broken && e->report && e->report (&rep, e->arg) != 0)
    {
      e->broken = true;
      fts__walk_stop (w);
    }
  pthread_mutex_unlock (&e->lock);
  free (path);
  return 0;
}

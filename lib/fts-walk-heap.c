/* fts-walk-heap.c: the parallel walk's tasks, the directories waiting
   to be read, in a pairing heap ordered as a sequential walk meets them,
   so that the threads read first what the reports wait for (an ordered
   walk's emitter delivers in that order; taking the task pushed last, as
   a stack does, sent threads into later subtrees while the reports
   waited for an earlier one).  Pushing and taking a task want the
   walk's lock held.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-walk-int.h"

/* How far task_before climbs the tree before it gives up and takes the
   deeper task first: so that a comparison costs little on a deep tree.  */
enum { TASK_CLIMB_MAX = 64 };

/* Whether task A comes before task B in a sequential walk: an ancestor
   before what is below it, else the order of the subdirectories at the
   level where their paths part.  */
static bool
task_before (const struct fts__wnode *a, const struct fts__wnode *b)
{
  const struct fts__wnode *p = a, *q = b;
  int steps = 0;
  for (; p->level > q->level; p = p->parent)
    if (++steps > TASK_CLIMB_MAX)
      return a->level > b->level;
  for (; q->level > p->level; q = q->parent)
    if (++steps > TASK_CLIMB_MAX)
      return a->level > b->level;
  if (p == q)
    return a->level < b->level;          /* one is the other's ancestor */
  for (; p->parent != q->parent; p = p->parent, q = q->parent)
    if (++steps > TASK_CLIMB_MAX)
      return a->level > b->level;
  return p->seq < q->seq;
}

/* The heap of A and B, two heaps (roots without siblings).  */
static struct fts__wnode *
task_meld (struct fts__wnode *a, struct fts__wnode *b)
{
  if (!a)
    return b;
  if (!b)
    return a;
  if (task_before (b, a))
    {
      struct fts__wnode *t = a;
      a = b;
      b = t;
    }
  b->task_next = a->task_child;
  if (b->task_next)
    b->task_next->task_prev = b;
  a->task_child = b;
  b->task_prev = a;
  return a;
}

/* The heap of the sibling list FIRST: melded in pairs from the first,
   then the pairs from the last.  */
static struct fts__wnode *
task_merge_pairs (struct fts__wnode *first)
{
  struct fts__wnode *pairs = NULL;
  while (first)
    {
      struct fts__wnode *a = first, *b = a->task_next;
      first = b ? b->task_next : NULL;
      a->task_next = NULL;
      if (b)
        b->task_next = NULL;
      struct fts__wnode *m = task_meld (a, b);
      m->task_next = pairs;
      pairs = m;
    }
  struct fts__wnode *heap = NULL;
  while (pairs)
    {
      struct fts__wnode *m = pairs;
      pairs = m->task_next;
      m->task_next = NULL;
      heap = task_meld (heap, m);
    }
  if (heap)
    heap->task_prev = NULL;
  return heap;
}

/* Push N, a record no other thread sees yet, as a task.  Lock held.  */
void
fts__wtask_push (struct libfts_walk *w, struct fts__wnode *n)
{
  n->task_child = n->task_next = n->task_prev = NULL;
  w->tasks = task_meld (w->tasks, n);
  w->ntasks++;
}

/* Take task N out of the heap.  Lock held.  */
static struct fts__wnode *
take_out (struct libfts_walk *w, struct fts__wnode *n)
{
  struct fts__wnode *below = task_merge_pairs (n->task_child);
  if (n == w->tasks)
    w->tasks = below;
  else
    {
      struct fts__wnode *p = n->task_prev;
      if (p->task_child == n)
        p->task_child = n->task_next;
      else
        p->task_next = n->task_next;
      if (n->task_next)
        n->task_next->task_prev = p;
      w->tasks = task_meld (w->tasks, below);
    }
  n->task_child = n->task_next = n->task_prev = NULL;
  w->ntasks--;
  return n;
}

/* The task after N in a walk of the heap, depth first, without a stack:
   N's child, else N's next sibling, else that of the nearest node above
   it whose child list it is in; null after the last.  */
static struct fts__wnode *
task_walk_next (struct fts__wnode *n)
{
  if (n->task_child)
    return n->task_child;
  for (;;)
    {
      if (n->task_next)
        return n->task_next;
      /* Up to the node whose child list N is in.  */
      while (n->task_prev && n->task_prev->task_child != n)
        n = n->task_prev;
      n = n->task_prev;
      if (!n)
        return NULL;
    }
}

/* Whether task N is AT or below it (AT is not read).  */
static bool
at_or_below (const struct fts__wnode *n, const struct fts__wnode *at)
{
  for (const struct fts__wnode *q = n;; q = q->parent)
    {
      if (q == at)
        return true;
      if (q->level < FTS_ROOTLEVEL)
        return false;
    }
}

/* Whether a thread may read N now: with the backlog of an ordered walk
   at its bound, only a directory at or below the one being delivered
   (fts__wtask_take).  */
bool
fts__wtask_may_take (struct libfts_walk *w, const struct fts__wnode *n)
{
  return (!w->em.ordered
          || atomic_load_explicit (&w->em.backlog, memory_order_relaxed)
             <= atomic_load_explicit (&w->em.bound, memory_order_relaxed)
          || at_or_below (n, atomic_load (&w->em.at)));
}

/* The task to take next: the first; or, while too many reports wait for
   their turn, the first at or below the directory whose reports are being
   delivered (a slice's: its directory), one that lets them go on; null
   when there is none.  Lock held.  */
struct fts__wnode *
fts__wtask_take (struct libfts_walk *w)
{
  if (fts__wtask_may_take (w, w->tasks))
    return take_out (w, w->tasks);
  /* Only compared: the emitter may free it meanwhile.  */
  const struct fts__wnode *at = atomic_load (&w->em.at);
  /* The first task almost always; another where the order of the heap
     is not the walk's (a subdirectory d_type did not tell, a comparison
     cut short on a deep tree), looked for in all of them, so that the
     reports are never left waiting for a task nobody may take.  */
  for (struct fts__wnode *n = w->tasks; n; n = task_walk_next (n))
    if (at_or_below (n, at))
      return take_out (w, n);
  return NULL;
}

/* The first task, whatever the backlog: null when there is none.  Lock
   held.  */
struct fts__wnode *
fts__wtask_take_first (struct libfts_walk *w)
{
  return w->tasks ? take_out (w, w->tasks) : NULL;
}

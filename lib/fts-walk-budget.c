/* fts-walk-budget.c: a bound on requests in flight that several walks
   share (LIBFTS_WALK_BUDGET).

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Each walk bounds its own threads at work; walks that run at once in one
   process (the MPI walk runs one for each directory it is handed) would
   together keep their sum in flight.  A budget is SIZE units: a thread of
   a walk that has one takes a unit before it reads a directory, helps
   with a share of one or finishes one that was held, and gives it back
   after; with none to be had it sleeps, as a thread over its walk's own
   bound does.  Each thread makes one system call at a time, so the walks
   keep at most SIZE requests in flight between them.

   A thread that waits in VISIT or REPORT for something other than the
   file system (another process, a message) gives its unit back
   meanwhile (libfts_walk_budget_pause), or the walk it waits for could
   find none.  The unit a thread holds is in thread-local storage.

   Taking is lock-free (a compare-and-swap on USED), as it is done under
   a walk's lock.  The sleepers are counted before they try: whoever gives
   a unit back then sees them, or they see the unit (both sequentially
   consistent), so no wake-up is lost.  A unit given back wakes one
   sleeper: one asleep in libfts_walk_budget_acquire, else a thread of
   one walk that has some asleep for a unit (on the walk's UNIT_WAKE,
   where no other thread sleeps), the walks taking turns.  Waking one of
   each walk at each unit given back had a rank of mpi-du -sh with five
   walks running wake five threads for the one unit, four to sleep
   again: at -np 4 on 445 operands, 238,000 futex calls where -np 1 made
   65,000.  The one woken takes the unit if it is still there, and gives
   it back (waking the next) if its walk has nothing left to do with it
   (fts-walk.c's take_unit), so the wake-up passes on.  Sleepers also
   look again every FTS__BUDGET_NAP_MS, should one go astray.  When
   sleepers looked every 10 ms and a unit's wake-up could land on a
   thread with nothing to do, mpi-du -s of 400 x 50 at -np 16 (5 or 6
   walks and 35 threads a rank for 8 units) slept 70,000 times for a
   unit in 2.3 s, where 1,600 wake-ups found one: now 8,700 sleeps.
   LOCK guards the list of walks, the turn and the sleep of
   libfts_walk_budget_acquire; it is taken before a walk's, never under
   one.  */

#include <config.h>

#include "fts-walk-int.h"

#include <errno.h>
#include <stdlib.h>
#include <time.h>

/* The budget whose unit this thread holds, and the one it paused.
   Initial-exec: no __tls_get_addr, so libfts.so needs no library but
   libc (tests/lib/exports.sh); 16 bytes of the static TLS that glibc
   keeps for libraries loaded later, dlopen included.  */
static _Thread_local struct libfts_walk_budget *held
  __attribute__ ((tls_model ("initial-exec")));
static _Thread_local struct libfts_walk_budget *paused
  __attribute__ ((tls_model ("initial-exec")));

LIBFTS_WALK_BUDGET *
libfts_walk_budget_new (unsigned n)
{
  if (n > FTS__WALK_MAX_THREADS)
    {
      errno = EINVAL;
      return NULL;
    }
  struct libfts_walk_budget *b = calloc (1, sizeof *b);
  if (!b)
    return NULL;
  b->size = n ? n : fts__walk_inflight (NULL);
  atomic_init (&b->used, 0);
  atomic_init (&b->sleepers, 0);
  fts__mutex_init (&b->lock);
  pthread_cond_init (&b->freed, NULL);
  fts__wfs_init (&b->fs);
  return b;
}

int
libfts_walk_budget_free (LIBFTS_WALK_BUDGET *b)
{
  if (!b)
    return 0;
  if (b->walks || atomic_load (&b->used) != 0)
    {
      errno = EBUSY;
      return -1;
    }
  pthread_cond_destroy (&b->freed);
  pthread_mutex_destroy (&b->lock);
  fts__wfs_free (&b->fs);
  free (b);
  return 0;
}

unsigned
libfts_walk_budget_size (const LIBFTS_WALK_BUDGET *b)
{
  return b ? b->size : 0;
}

unsigned
libfts_walk_budget_used (const LIBFTS_WALK_BUDGET *b)
{
  return b ? atomic_load (&b->used) : 0;
}

bool
fts__budget_try_take (struct libfts_walk_budget *b)
{
  unsigned used = atomic_load (&b->used);
  do
    if (used >= b->size)
      return false;
  while (!atomic_compare_exchange_weak (&b->used, &used, used + 1));
  held = b;
  return true;
}

void
fts__budget_nap (pthread_cond_t *cond, pthread_mutex_t *lock)
{
  struct timespec ts;
  clock_gettime (CLOCK_REALTIME, &ts);
  ts.tv_nsec += FTS__BUDGET_NAP_MS * 1000000L;
  ts.tv_sec += ts.tv_nsec / 1000000000;
  ts.tv_nsec %= 1000000000;
  pthread_cond_timedwait (cond, lock, &ts);
}

void
fts__budget_take (struct libfts_walk_budget *b)
{
  atomic_fetch_add (&b->sleepers, 1);
  if (!fts__budget_try_take (b))
    {
      pthread_mutex_lock (&b->lock);
      while (!fts__budget_try_take (b))
        {
          b->takers++;
          fts__budget_nap (&b->freed, &b->lock);
          b->takers--;
        }
      pthread_mutex_unlock (&b->lock);
    }
  atomic_fetch_sub (&b->sleepers, 1);
}

/* Wake a thread of one of B's walks that sleeps for a unit, if any: the
   first such walk from B's turn on, after which the turn passes to the
   next.  B's lock held.  */
static void
wake_one_walk (struct libfts_walk_budget *b)
{
  struct libfts_walk *start = b->turn ? b->turn : b->walks;
  struct libfts_walk *w = start;
  if (!w)
    return;
  do
    {
      pthread_mutex_lock (&w->lock);
      bool asleep = w->th.for_unit > 0;
      if (asleep)
        pthread_cond_signal (&w->unit_wake);
      pthread_mutex_unlock (&w->lock);
      w = w->budget_next ? w->budget_next : b->walks;
      if (asleep)
        break;
    }
  while (w != start);
  b->turn = w;
}

void
fts__budget_put (struct libfts_walk_budget *b)
{
  if (held != b)
    return;
  held = NULL;
  atomic_fetch_sub (&b->used, 1);
  if (atomic_load (&b->sleepers) == 0)
    return;
  pthread_mutex_lock (&b->lock);
  if (b->takers)
    pthread_cond_signal (&b->freed);
  else
    wake_one_walk (b);
  pthread_mutex_unlock (&b->lock);
}

void
fts__budget_attach (struct libfts_walk *w)
{
  struct libfts_walk_budget *b = w->budget;
  pthread_mutex_lock (&b->lock);
  w->budget_next = b->walks;
  b->walks = w;
  pthread_mutex_unlock (&b->lock);
}

void
fts__budget_detach (struct libfts_walk *w)
{
  struct libfts_walk_budget *b = w->budget;
  pthread_mutex_lock (&b->lock);
  struct libfts_walk **pp = &b->walks;
  while (*pp != w)
    pp = &(*pp)->budget_next;
  *pp = w->budget_next;
  if (b->turn == w)
    b->turn = w->budget_next;
  pthread_mutex_unlock (&b->lock);
}

int
libfts_walk_set_budget (LIBFTS_WALK *w, LIBFTS_WALK_BUDGET *b)
{
  if (!w || w->ran)
    {
      errno = EINVAL;
      return -1;
    }
  w->budget = b;
  return 0;
}

int
libfts_walk_budget_acquire (LIBFTS_WALK_BUDGET *b)
{
  if (!b || held)
    {
      errno = EINVAL;
      return -1;
    }
  fts__budget_take (b);
  return 0;
}

int
libfts_walk_budget_release (LIBFTS_WALK_BUDGET *b)
{
  if (!b || held != b)
    {
      errno = EINVAL;
      return -1;
    }
  fts__budget_put (b);
  return 0;
}

void
libfts_walk_budget_pause (void)
{
  if (held && !paused)
    {
      paused = held;
      fts__budget_put (paused);
    }
}

void
libfts_walk_budget_resume (void)
{
  if (paused)
    {
      struct libfts_walk_budget *b = paused;
      paused = NULL;
      fts__budget_take (b);
    }
}

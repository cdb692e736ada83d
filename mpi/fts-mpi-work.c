/* fts-mpi-work.c: work requests between ranks: the table of the
   requests that other ranks sent this one and that it holds (who waits
   for a directory, since when, how many it was given), the tickets
   that bound the tasks it has handed out, and this rank's own asking
   (whom it asks, when it asks again).

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The table is M's HUNGRY, HUNGRY_SINCE, HUNGRY_GIVEN and N_HUNGRY, with
   TICKETS; no other file touches them.  The talking thread (fts-mpi.c)
   fills it as requests come and empties it as they expire; the walker's
   threads (fts-mpi-task.c) and the talking thread's gives take from it.
   Every field of it is read and written under M's lock, but for
   N_HUNGRY, which is an atomic (see n_hungry below).  The asking side
   (REQUESTING, GOT, VICTIM, GIVER, MISSES, IDLE_WAIT_MS, NEXT_REQUEST,
   SEED) is the talking thread's alone.  It calls fts-mpi-msg.c only.  */

#include <config.h>

#include "fts-mpi-int.h"

#include <stdlib.h>
#include <time.h>

/* How many requests M holds.  N_HUNGRY is written only under M's lock,
   with the rest of the table, and read and written only through these
   two, as a relaxed atomic: hand_out (fts-mpi-task.c) asks whether any
   request is held at every directory that a walker thread meets, and
   mpiw__give_pending at every turn of the talking thread; taking M's
   lock there would make every walker thread contend with the others and
   with the talking thread, for an answer that is a hint.  A hint is all
   they need: nothing is taken from the table without the lock, where
   take_hungry_locked reads the count again; a request missed is served
   at the next directory, by the next give, or said no to after HOLD_MS.
   Relaxed, since the count publishes nothing: the entries it counts are
   read under the lock.  */
static int
n_hungry (struct libfts_mpi *m)
{
  return __atomic_load_n (&m->n_hungry, __ATOMIC_RELAXED);
}

static void
set_n_hungry (struct libfts_mpi *m, int n)
{
  __atomic_store_n (&m->n_hungry, n, __ATOMIC_RELAXED);
}

/* ---- the table ---------------------------------------------------------- */

int
mpiw__work_init (struct libfts_mpi *m)
{
  m->hungry = calloc (m->size, sizeof *m->hungry);
  m->hungry_since = calloc (m->size, sizeof *m->hungry_since);
  m->hungry_given = calloc (m->size, sizeof *m->hungry_given);
  m->hungry_want = calloc (m->size, sizeof *m->hungry_want);
  m->taken_since = calloc (m->size, sizeof *m->taken_since);
  m->victim = -1;
  m->seed = (unsigned) m->rank * 2654435761u + 1;
  return (m->hungry && m->hungry_since && m->hungry_given && m->hungry_want
          && m->taken_since
          ? 0 : -1);
}

void
mpiw__work_free (struct libfts_mpi *m)
{
  free (m->hungry);
  free (m->hungry_since);
  free (m->hungry_given);
  free (m->hungry_want);
  free (m->taken_since);
}

void
mpiw__work_reset (struct libfts_mpi *m)
{
  set_n_hungry (m, 0);
  long wanted = 2L * libfts_walk_budget_size (m->budget) * (m->size - 1);
  m->tickets_max = (wanted < EXPORT_TICKETS ? EXPORT_TICKETS
                    : wanted > EXPORT_TICKETS_MAX ? EXPORT_TICKETS_MAX
                    : (int) wanted);
  m->tickets = m->tickets_max;
  m->requesting = false;
  m->misses = 0;
  m->giver = 0;
  m->idle_wait_ms = IDLE_MIN_MS;
  m->next_request = 0;
}

bool
mpiw__hungry_waiting (struct libfts_mpi *m)
{
  return n_hungry (m) > 0;
}

int
mpiw__n_held (struct libfts_mpi *m)
{
  return n_hungry (m);
}

void
mpiw__on_request (struct libfts_mpi *m, int src, int64_t want)
{
  if (want < 1 || want > TASKS_ASKED)
    want = TASKS_ASKED;
  pthread_mutex_lock (&m->lock);
  bool hold = (m->running && !m->run_over
               && !(m->options & LIBFTS_MPI_LOCAL));
  if (hold)
    {
      /* SRC asks once its last request is over: one of its still held
         here is (it was answered, and its NOWORK is on its way).  */
      int i = 0;
      while (i < n_hungry (m) && m->hungry[i] != src)
        i++;
      m->hungry[i] = src;
      m->hungry_since[i] = mpiw__now_ms ();
      m->hungry_given[i] = 0;
      m->hungry_want[i] = (int) want;
      if (i == n_hungry (m))
        set_n_hungry (m, i + 1);
      pthread_cond_broadcast (&m->cond);
    }
  pthread_mutex_unlock (&m->lock);
  if (!hold)
    mpiw__post (m, src, TAG_NOWORK, NULL, 0);
}

void
mpiw__on_ticket (struct libfts_mpi *m)
{
  pthread_mutex_lock (&m->lock);
  m->tickets++;
  pthread_mutex_unlock (&m->lock);
}

/* Forget the request held at I: the last takes its place.  M's lock
   held.  */
static void
drop_request (struct libfts_mpi *m, int i)
{
  int last = n_hungry (m) - 1;
  m->hungry[i] = m->hungry[last];
  m->hungry_since[i] = m->hungry_since[last];
  m->hungry_given[i] = m->hungry_given[last];
  m->hungry_want[i] = m->hungry_want[last];
  set_n_hungry (m, last);
}

void
mpiw__release_hungry (struct libfts_mpi *m)
{
  int no[64], n_no = 0;
  double now = mpiw__now_ms ();

  double hold_ms = mpiw__cuts (m) ? HOLD_CUT_MS : HOLD_MS;
  pthread_mutex_lock (&m->lock);
  bool all = !m->running || m->run_over;
  for (int i = 0; i < n_hungry (m) && n_no < 64;)
    if (all || now - m->hungry_since[i] > hold_ms)
      {
        /* The end of the request, tasks given or not.  */
        no[n_no++] = m->hungry[i];
        drop_request (m, i);
      }
    else
      i++;
  pthread_mutex_unlock (&m->lock);
  for (int i = 0; i < n_no; i++)
    mpiw__post (m, no[i], TAG_NOWORK, NULL, 0);
}

/* ---- taking from it: a directory for a rank that waits ------------------ */

/* A task for the request held at I, which ends once it got all it
   asked for, and a ticket for it: the rank to send it to, its id in
   *ID.  M's lock held.  */
static int
take_request (struct libfts_mpi *m, int i, int64_t *id)
{
  int dest = m->hungry[i];
  m->taken_since[dest] = m->hungry_since[i];
  if (++m->hungry_given[i] == m->hungry_want[i])
    drop_request (m, i);
  m->tickets--;
  m->given_all++;
  *id = ((int64_t) m->rank << TASK_RANK_SHIFT) + ++m->next_seq;
  return dest;
}

int
mpiw__take_hungry_locked (struct libfts_mpi *m, int64_t *id)
{
  int dest = -1;

  if (n_hungry (m) > 0 && m->tickets > 0 && !m->run_over)
    dest = take_request (m, n_hungry (m) - 1, id);
  return dest;
}

int
mpiw__take_starved (struct libfts_mpi *m, int64_t *id)
{
  int dest = -1;
  double now = mpiw__now_ms ();

  pthread_mutex_lock (&m->lock);
  for (int i = n_hungry (m) - 1; i >= 0 && dest < 0; i--)
    if (now - m->hungry_since[i] >= STARVED_MS && m->tickets > 0
        && !m->run_over)
      {
        /* Held on, it waits STARVED_MS again before its next part.  */
        bool stays = m->hungry_given[i] + 1 < m->hungry_want[i];
        dest = take_request (m, i, id);
        if (stays)
          m->hungry_since[i] = now;
      }
  pthread_mutex_unlock (&m->lock);
  return dest;
}

int
mpiw__take_hungry (struct libfts_mpi *m, int64_t *id)
{
  pthread_mutex_lock (&m->lock);
  int dest = mpiw__take_hungry_locked (m, id);
  pthread_mutex_unlock (&m->lock);
  return dest;
}

void
mpiw__untake_hungry_locked (struct libfts_mpi *m, int dest)
{
  int i = 0;
  while (i < n_hungry (m) && m->hungry[i] != dest)
    i++;
  if (i == n_hungry (m))
    {
      /* The request was over with this task: held again for it.  */
      m->hungry[i] = dest;
      m->hungry_given[i] = 1;
      m->hungry_want[i] = 1;
      set_n_hungry (m, i + 1);
    }
  /* Held since it was, not since now: the talking thread takes and
     gives back a request at each turn while no directory is there to
     hand out, and the request would never reach HOLD_MS.  */
  m->hungry_since[i] = m->taken_since[dest];
  m->hungry_given[i]--;
  m->tickets++;
  m->given_all--;
}

void
mpiw__untake_hungry (struct libfts_mpi *m, int dest)
{
  pthread_mutex_lock (&m->lock);
  mpiw__untake_hungry_locked (m, dest);
  pthread_mutex_unlock (&m->lock);
}

void
mpiw__wait_for_hungry (struct libfts_mpi *m)
{
  struct timespec ts;

  clock_gettime (CLOCK_REALTIME, &ts);
  ts.tv_nsec += m->spread_ms * 1000000L;
  ts.tv_sec += ts.tv_nsec / 1000000000;
  ts.tv_nsec %= 1000000000;
  pthread_mutex_lock (&m->lock);
  while (n_hungry (m) == 0 && m->tickets > 0 && !m->run_over
         && pthread_cond_timedwait (&m->cond, &m->lock, &ts) == 0)
    continue;
  pthread_mutex_unlock (&m->lock);
}

/* ---- this rank's asking ------------------------------------------------- */

void
mpiw__got_task (struct libfts_mpi *m, int src)
{
  m->got_all++;
  if (++m->got >= m->want)
    m->requesting = false;
  m->misses = 0;
  m->giver = src;
  m->idle_wait_ms = IDLE_MIN_MS;
}

void
mpiw__on_nowork (struct libfts_mpi *m)
{
  m->requesting = false;
  if (m->got > 0)               /* the end of one that got some */
    return;
  if (++m->misses < m->size - 1)
    return;
  m->misses = 0;
  m->next_request = mpiw__now_ms () + m->idle_wait_ms;
  m->idle_wait_ms = m->idle_wait_ms * 2 > IDLE_MAX_MS
                    ? IDLE_MAX_MS : m->idle_wait_ms * 2;
}

/* The most tasks M asks to run at once: its budget's size, less a
   quarter of it where the walks share a directory's entries among their
   threads (TASKS_HEADROOM_DIV).  */
static int
tasks_max (const struct libfts_mpi *m)
{
  int size = (int) libfts_walk_budget_size (m->budget);
  if (m->options & LIBFTS_WALK_SPLIT)
    size -= size / TASKS_HEADROOM_DIV;
  return size;
}

void
mpiw__ask_for_work (struct libfts_mpi *m)
{
  pthread_mutex_lock (&m->lock);
  int free_units = tasks_max (m) - m->n_running;
  /* Where a task keeps to one unit (rm), a task beyond the units free
     would wait for one: rank 0's root task alone, on a wide tree, takes
     them all.  Where threads help with a directory (du), the units they
     take and give back with each part come and go too fast to count.  */
  if (!(m->options & LIBFTS_WALK_SPLIT))
    {
      int left = (int) (libfts_walk_budget_size (m->budget)
                        - libfts_walk_budget_used (m->budget));
      if (left < free_units)
        free_units = left;
    }
  bool idle = free_units > 0 && !m->run_over;
  pthread_mutex_unlock (&m->lock);
  if (!idle || m->requesting || m->size < 2
      || mpiw__now_ms () < m->next_request)
    return;
  int victim = m->giver;
  if (m->misses > 0 || victim < 0 || victim == m->rank)
    {
      if (m->victim < 0)
        m->victim = rand_r (&m->seed) % m->size;
      do
        m->victim = (m->victim + 1) % m->size;
      while (m->victim == m->rank);
      victim = m->victim;
    }
  m->want = free_units < TASKS_ASKED ? free_units : TASKS_ASKED;
  mpiw__post_id (m, victim, TAG_REQUEST, 0, m->want);
  m->requesting = true;
  m->got = 0;
}

/* fts-mpi-trace.c: LIBFTS_MPI_TRACE, what each rank does over a walk, for
   finding where the job's work waits.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later

   With LIBFTS_MPI_TRACE=PREFIX in the environment of every rank, each
   rank appends to the file PREFIX.RANK a line every TRACE_MS of each
   walk, from its talking thread, with tabs between:
     rank        this rank
     ms          the monotonic clock (the same clock on every rank of one
                 machine), milliseconds
     running     tasks being walked here
     inflight    units of the rank's budget in use: requests in flight
                 (libfts_walk_budget_used), of
     budget      its size
     exported    tasks handed out from here that rank 0 has not yet
                 consumed, of
     tickets     how many it may (see EXPORT_TICKETS)
     held        other ranks' requests held here
     asking      1 while a request of this rank's is out
     got         tasks received since libfts_mpi_open
     given       tasks handed out since libfts_mpi_open
     credit      reports waiting for rank 0's credit
     reports     reports its tasks made for rank 0 since libfts_mpi_open
     bytes       and their bytes in the pieces
     visited     entries its walks visited in this walk (as --progress
                 counts them)
   and a line "# walk START_MS" at each walk's start; a last line at its
   end.  A rank whose file cannot be opened traces nothing.
   bench/mpi-trace sums the files.  It reads M's fields and calls
   fts-mpi-msg.c and fts-mpi-work.c.  */

#include <config.h>

#include "fts-mpi-int.h"

#include <stdio.h>
#include <stdlib.h>

enum { TRACE_MS = 10 };

void
mpiw__trace_start (struct libfts_mpi *m)
{
  const char *prefix = getenv ("LIBFTS_MPI_TRACE");

  if (!prefix || !*prefix)
    return;
  if (!m->trace)
    {
      char *name;
      if (asprintf (&name, "%s.%d", prefix, m->rank) < 0)
        return;
      m->trace = fopen (name, "a");
      free (name);
      if (!m->trace)
        return;
    }
  m->trace_next = mpiw__now_ms ();
  fprintf (m->trace, "# walk %.1f\n", m->trace_next);
}

void
mpiw__trace_sample (struct libfts_mpi *m)
{
  double now = mpiw__now_ms ();

  if (!m->trace || now < m->trace_next)
    return;
  m->trace_next = now + TRACE_MS;
  pthread_mutex_lock (&m->lock);
  int running = m->n_running, exported = m->tickets_max - m->tickets;
  int credit = m->credit_waiting;
  long given = m->given_all;
  pthread_mutex_unlock (&m->lock);
  fprintf (m->trace,
           "%d\t%.1f\t%d\t%u\t%u\t%d\t%d\t%d\t%d\t%d\t%ld\t%d\t%ju\t%ju\t%ju\n",
           m->rank, now, running, libfts_walk_budget_used (m->budget),
           libfts_walk_budget_size (m->budget), exported, m->tickets_max,
           mpiw__n_held (m),
           m->requesting, m->got_all, given, credit,
           __atomic_load_n (&m->reports_sent, __ATOMIC_RELAXED),
           __atomic_load_n (&m->report_bytes, __ATOMIC_RELAXED),
           __atomic_load_n (&m->visited, __ATOMIC_RELAXED));
}

void
mpiw__trace_end (struct libfts_mpi *m)
{
  if (!m->trace)
    return;
  m->trace_next = 0;
  mpiw__trace_sample (m);
  fflush (m->trace);
}

void
mpiw__trace_close (struct libfts_mpi *m)
{
  if (m->trace)
    fclose (m->trace);
  m->trace = NULL;
}

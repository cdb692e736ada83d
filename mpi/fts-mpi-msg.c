/* fts-mpi-msg.c: the MPI walk's messages: the clock, the outbox that
   the walker's threads leave messages in, sending (MPI_Isend, counted
   by peer for the end of a walk), and receiving one message.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later

   It calls no other file of mpi/: the talking thread (fts-mpi.c), the
   work requests (fts-mpi-work.c), the walker (fts-mpi-task.c) and rank
   0's delivery in order (fts-mpi-order.c) all send through it.  All of it
   but mpiw__push runs on the talking thread.  */

#include <config.h>

#include "fts-mpi-int.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

double
mpiw__now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* ---- sending ------------------------------------------------------------ */

void
mpiw__push (struct libfts_mpi *m, int dest, int tag, char *buf, size_t len)
{
  struct outmsg *o = malloc (sizeof *o);

  if (!o)
    abort ();                   /* a message lost would hang the walk;
                                   this one is a few bytes */
  *o = (struct outmsg) { .dest = dest, .tag = tag, .len = len, .buf = buf };
  pthread_mutex_lock (&m->lock);
  *m->out_tail = o;
  m->out_tail = &o->next;
  pthread_cond_broadcast (&m->cond);
  pthread_mutex_unlock (&m->lock);
}

/* Post O (MPI_Isend), which this thread owns from now on.  */
static void
post_msg (struct libfts_mpi *m, struct outmsg *o)
{
  MPI_Isend (o->buf, (int) o->len, MPI_BYTE, o->dest, o->tag, m->comm,
             &o->req);
  m->sent[o->dest]++;
  o->next = m->sending;
  m->sending = o;
}

int
mpiw__post (struct libfts_mpi *m, int dest, int tag, char *buf, size_t len)
{
  struct outmsg *o = malloc (sizeof *o);

  if (!o)
    abort ();                   /* as in mpiw__push */
  *o = (struct outmsg) { .dest = dest, .tag = tag, .len = len, .buf = buf };
  post_msg (m, o);
  return 0;
}

int
mpiw__post_id (struct libfts_mpi *m, int dest, int tag, int64_t id,
               int64_t n)
{
  int64_t v[2] = { id, n };
  char *buf = malloc (sizeof v);

  if (!buf)
    abort ();
  memcpy (buf, v, sizeof v);
  return mpiw__post (m, dest, tag, buf, sizeof v);
}

int
mpiw__post_outbox (struct libfts_mpi *m)
{
  pthread_mutex_lock (&m->lock);
  struct outmsg *o = m->out_head;
  m->out_head = NULL;
  m->out_tail = &m->out_head;
  pthread_mutex_unlock (&m->lock);
  int n = 0;
  while (o)
    {
      struct outmsg *next = o->next;
      post_msg (m, o);
      o = next;
      n++;
    }
  return n;
}

void
mpiw__reap_sends (struct libfts_mpi *m)
{
  struct outmsg **pp = &m->sending;

  while (*pp)
    {
      struct outmsg *o = *pp;
      int done = 0;
      MPI_Test (&o->req, &done, MPI_STATUS_IGNORE);
      if (!done)
        {
          pp = &o->next;
          continue;
        }
      *pp = o->next;
      free (o->buf);
      free (o);
    }
}

/* ---- receiving ---------------------------------------------------------- */

char *
mpiw__receive (struct libfts_mpi *m, const MPI_Status *status, size_t *len)
{
  int n;

  MPI_Get_count (status, MPI_BYTE, &n);
  char *buf = malloc ((size_t) n + 1);
  if (!buf)
    abort ();
  MPI_Recv (buf, n, MPI_BYTE, status->MPI_SOURCE, status->MPI_TAG, m->comm,
            MPI_STATUS_IGNORE);
  buf[n] = '\0';
  m->recvd[status->MPI_SOURCE]++;
  *len = (size_t) n;
  return buf;
}

bool
mpiw__id_of (const char *buf, size_t len, int64_t v[2])
{
  if (len != 2 * sizeof *v)
    return false;
  memcpy (v, buf, 2 * sizeof *v);
  return true;
}

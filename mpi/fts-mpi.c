/* fts-mpi.c: the MPI walk's API and each rank's talking thread: what it
   does with the messages between ranks, and the end of a walk (the
   messages themselves are fts-mpi-msg.c's).

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Every MPI call is made here, on the caller's thread (the program's
   main thread: MPI_THREAD_FUNNELED is enough); the walker thread
   (fts-mpi-task.c) and libfts's threads under it leave what they send in
   an outbox and wait on LOCK's condition for what they need.  The thread
   polls (MPI_Iprobe) and sleeps on that condition between polls, a short
   while when something happened, longer when nothing did, so that an idle
   rank costs little processor time: Open MPI's blocking calls spin.  */

#include <config.h>

#include "fts-mpi-int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* Sleep between polls, microseconds: after activity, and at most.  */
enum { POLL_MIN_US = 50, POLL_MAX_US = 2000 };

/* ---- acting on messages ------------------------------------------------- */

/* TAG_TASK: the walker's next.  */
static void
on_task (struct libfts_mpi *m, int src, const char *buf, size_t len)
{
  struct task *t = mpiw__decode_task (buf, len);

  if (!t)
    abort ();                   /* a task lost would hang the walk */
  mpiw__start_task (m, t);
  mpiw__got_task (m, src);
}

/* TAG_ACK: rank 0 consumed a piece of a task of ours; if of the one
   being walked, its size is credit again.  */
static void
on_ack (struct libfts_mpi *m, const char *buf, size_t len)
{
  int64_t v[2];

  pthread_mutex_lock (&m->lock);
  struct task *t = m->running;
  if (mpiw__id_of (buf, len, v))
    while (t && t->id != v[0])
      t = t->next;
  if (t)
    t->unacked -= (size_t) v[1] < t->unacked ? (size_t) v[1] : t->unacked;
  pthread_cond_broadcast (&m->cond);
  pthread_mutex_unlock (&m->lock);
}

/* TAG_CHILD_DONE: a task we handed out was walked; let go of its
   parent's hold, flagged if the task's walk flagged its root's parent.
   Under M's lock: the walker drops the holds of a walk whose run
   returned, and closes it, only under it (walk_task), so the walk is
   open while it is released; a walk that stopped and returned says
   EINVAL, and nothing is done.  M's lock comes before the walk's (as in
   mpiw__give_pending).  */
static void
on_child_done (struct libfts_mpi *m, const char *buf, size_t len)
{
  int64_t v[2];

  if (!mpiw__id_of (buf, len, v))
    return;
  pthread_mutex_lock (&m->lock);
  for (size_t i = 0; i < m->n_held; i++)
    if (m->held[i].id == v[0])
      {
        struct held h = m->held[i];
        m->held[i] = m->held[--m->n_held];
        libfts_walk_release (h.walk, h.hold, v[1] != 0);
        break;
      }
  pthread_mutex_unlock (&m->lock);
}

/* Act on a message of TAG from SRC.  Returns 0, or -1 with errno.  */
static int
handle (struct libfts_mpi *m, int tag, int src, char *buf, size_t len)
{
  int r = 0;

  switch (tag)
    {
    case TAG_REQUEST:
      {
        int64_t v[2];
        mpiw__on_request (m, src, mpiw__id_of (buf, len, v) ? v[1] : 0);
      }
      break;
    case TAG_NOWORK:
      mpiw__on_nowork (m);
      break;
    case TAG_TASK:
      on_task (m, src, buf, len);
      break;
    case TAG_PIECE:
      if (m->rank == 0)
        return mpiw__order_add (m, buf, len, src);  /* owns BUF */
      break;
    case TAG_ACK:
      on_ack (m, buf, len);
      break;
    case TAG_CHILD_DONE:
      on_child_done (m, buf, len);
      break;
    case TAG_PROGRESS:
      {
        int64_t v[2];
        if (m->rank == 0 && m->visited_by && mpiw__id_of (buf, len, v))
          m->visited_by[src] = v[1];
      }
      break;
    case TAG_TICKET:
      mpiw__on_ticket (m);
      break;
    case TAG_DONE:
      pthread_mutex_lock (&m->lock);
      m->run_over = true;
      pthread_cond_broadcast (&m->cond);
      pthread_mutex_unlock (&m->lock);
      break;
    default:                    /* TAG_START, TAG_QUIT: never in a walk */
      errno = EPROTO;
      r = -1;
      break;
    }
  free (buf);
  return r;
}

/* Receive and act on every message that has arrived.  Returns how many
   (*ERR: 0, or errno of a failure).  */
static int
poll_messages (struct libfts_mpi *m, int *err)
{
  int n = 0, flag;
  MPI_Status st;

  for (;;)
    {
      MPI_Iprobe (MPI_ANY_SOURCE, MPI_ANY_TAG, m->comm, &flag, &st);
      if (!flag)
        return n;
      size_t len;
      char *buf = mpiw__receive (m, &st, &len);
      if (handle (m, st.MPI_TAG, st.MPI_SOURCE, buf, len) != 0 && !*err)
        *err = errno ? errno : EIO;
      n++;
    }
}

/* ---- a walk, on every rank ------------------------------------------------- */

/* Sleep on the condition until the walker wakes us or US microseconds
   pass.  */
static void
nap (struct libfts_mpi *m, long us)
{
  struct timespec ts;

  clock_gettime (CLOCK_REALTIME, &ts);
  ts.tv_nsec += us * 1000;
  ts.tv_sec += ts.tv_nsec / 1000000000;
  ts.tv_nsec %= 1000000000;
  pthread_mutex_lock (&m->lock);
  if (!m->out_head && !m->run_over)
    pthread_cond_timedwait (&m->cond, &m->lock, &ts);
  pthread_mutex_unlock (&m->lock);
}

/* Whether the walk is over on this rank.  */
static bool
over (struct libfts_mpi *m)
{
  pthread_mutex_lock (&m->lock);
  bool r = m->run_over;
  pthread_mutex_unlock (&m->lock);
  return r;
}

/* --progress, when its time has come: rank 0 says how many entries every
   rank visited so far, as the others last told it; the others tell it
   theirs.  */
static void
tell_progress (struct libfts_mpi *m)
{
  double now = mpiw__now_ms ();

  if (m->progress_s <= 0 || now < m->next_progress)
    return;
  m->next_progress = now + m->progress_s * 1000;
  uintmax_t mine = __atomic_load_n (&m->visited, __ATOMIC_RELAXED);
  if (m->rank != 0)
    {
      mpiw__post_id (m, 0, TAG_PROGRESS, 0, (int64_t) mine);
      return;
    }
  uintmax_t total = mine;
  for (int p = 1; p < m->size; p++)
    total += m->visited_by[p];
  if (m->progress)
    m->progress (total, (now - m->run_start) / 1000, m->progress_arg);
}

/* Rank 0: the walk is reported to its end; tell the others.  */
static void
finish_run (struct libfts_mpi *m)
{
  pthread_mutex_lock (&m->lock);
  m->run_over = true;
  pthread_cond_broadcast (&m->cond);
  pthread_mutex_unlock (&m->lock);
  for (int p = 1; p < m->size; p++)
    mpiw__post (m, p, TAG_DONE, NULL, 0);
}

/* After the walk: every message of it is received and every send
   complete before the next walk begins.  The counts of messages sent to
   each rank are exchanged (MPI_Alltoall), and each rank receives, from
   each other, as many as were sent to it, dropping them: nothing is
   sent after the exchange.  */
static void
drain (struct libfts_mpi *m)
{
  long *expect = calloc (m->size, sizeof *expect);

  if (!expect)
    abort ();
  mpiw__post_outbox (m);
  MPI_Alltoall (m->sent, 1, MPI_LONG, expect, 1, MPI_LONG, m->comm);
  for (int p = 0; p < m->size; p++)
    while (m->recvd[p] < expect[p])
      {
        MPI_Status st;
        int flag;
        MPI_Iprobe (p, MPI_ANY_TAG, m->comm, &flag, &st);
        if (!flag)
          {
            nap (m, POLL_MAX_US);
            continue;
          }
        size_t len;
        free (mpiw__receive (m, &st, &len));
      }
  while (m->sending)
    {
      mpiw__reap_sends (m);
      if (m->sending)
        nap (m, POLL_MIN_US);
    }
  free (expect);
  memset (m->sent, 0, m->size * sizeof *m->sent);
  memset (m->recvd, 0, m->size * sizeof *m->recvd);
}

/* Walk with the others until the walk is over: start the walker (with
   FIRST, the root task on rank 0), talk, then drain.  Returns 0, or -1
   with errno.  */
static int
run (struct libfts_mpi *m, struct task *first)
{
  int err = 0;
  long us = POLL_MIN_US;

  m->run_over = false;
  m->running = NULL;
  m->n_running = 0;
  mpiw__work_reset (m);
  m->visited = 0;
  if (m->visited_by)
    memset (m->visited_by, 0, m->size * sizeof *m->visited_by);
  m->run_start = mpiw__now_ms ();
  m->next_progress = m->run_start + m->progress_s * 1000;
  m->root_fd = -1;
  mpiw__trace_start (m);
  if (first)
    mpiw__start_task (m, first);
  while (!over (m))
    {
      mpiw__trace_sample (m);
      int n = poll_messages (m, &err) + mpiw__post_outbox (m);
      if (err)
        MPI_Abort (m->comm, EXIT_FAILURE);  /* a message not acted on
                                               would hang the walk */
      mpiw__reap_sends (m);
      mpiw__give_pending (m);
      mpiw__release_hungry (m);
      mpiw__ask_for_work (m);
      tell_progress (m);
      if (m->rank == 0 && mpiw__order_done (m->order))
        finish_run (m);
      else
        {
          us = n ? POLL_MIN_US : us * 2 > POLL_MAX_US ? POLL_MAX_US : us * 2;
          nap (m, us);
        }
    }
  mpiw__end_tasks (m);
  drain (m);
  mpiw__trace_end (m);
  errno = err;
  return err ? -1 : 0;
}

/* ---- the API ---------------------------------------------------------------- */

int
libfts_mpi_set_progress (LIBFTS_MPI *m, double seconds,
                         void (*fn) (uintmax_t entries, double seconds,
                                     void *arg),
                         void *arg)
{
  if (!m || !(seconds >= 0) || (m->rank == 0 && seconds > 0 && !fn))
    {
      errno = EINVAL;
      return -1;
    }
  if (m->rank == 0 && seconds > 0 && !m->visited_by)
    {
      m->visited_by = calloc (m->size, sizeof *m->visited_by);
      if (!m->visited_by)
        return -1;
    }
  m->progress_s = seconds;
  m->progress = fn;
  m->progress_arg = arg;
  return 0;
}

/* LIBFTS_MPI_SPREAD, for tests: a number of milliseconds from 1 to
   1000 that a walk waits, at each directory it could hand out, for a
   rank to ask for one (and so spreads a small tree over every rank).
   0 otherwise.  */
static long
spread_ms (void)
{
  const char *s = getenv ("LIBFTS_MPI_SPREAD");
  char *end;
  long n = s ? strtol (s, &end, 10) : 0;

  return s && *s && !*end && 0 < n && n <= 1000 ? n : 0;
}

LIBFTS_MPI *
libfts_mpi_open (MPI_Comm comm)
{
  int inited = 0, level = 0, main_thread = 0;

  MPI_Initialized (&inited);
  if (inited)
    {
      MPI_Query_thread (&level);
      MPI_Is_thread_main (&main_thread);
    }
  if (!inited || level < MPI_THREAD_FUNNELED || !main_thread)
    {
      errno = EINVAL;
      return NULL;
    }
  struct libfts_mpi *m = calloc (1, sizeof *m);
  if (!m)
    return NULL;
  if (MPI_Comm_dup (comm, &m->comm) != MPI_SUCCESS)
    {
      free (m);
      errno = EIO;
      return NULL;
    }
  /* A rank that fails ends the job: no walk may wait for it forever.  */
  MPI_Comm_set_errhandler (m->comm, MPI_ERRORS_ARE_FATAL);
  MPI_Comm_rank (m->comm, &m->rank);
  MPI_Comm_size (m->comm, &m->size);
  m->sent = calloc (m->size, sizeof *m->sent);
  m->recvd = calloc (m->size, sizeof *m->recvd);
  int work = mpiw__work_init (m);
  m->budget = libfts_walk_budget_new (0);
  m->out_tail = &m->out_head;
  m->root_fd = -1;
  m->spread_ms = spread_ms ();
  pthread_mutex_init (&m->lock, NULL);
  pthread_cond_init (&m->cond, NULL);
  if (!m->sent || !m->recvd || work != 0 || !m->budget)
    {
      libfts_mpi_close (m);
      errno = ENOMEM;
      return NULL;
    }
  return m;
}

int
libfts_mpi_rank (const LIBFTS_MPI *m)
{
  return m->rank;
}

int
libfts_mpi_set_threads (LIBFTS_MPI *m, unsigned n)
{
  if (!m || n > 1024)
    {
      errno = EINVAL;
      return -1;
    }
  LIBFTS_WALK_BUDGET *b = libfts_walk_budget_new (n);
  if (!b)
    return -1;
  libfts_walk_budget_free (m->budget);
  m->budget = b;
  m->threads = n;
  return 0;
}

/* Send TAG_START (OPTIONS, ROOT) to every other rank.  */
static void
start_others (struct libfts_mpi *m)
{
  size_t rlen = strlen (m->root);
  struct start_wire s = { .options = m->options };

  for (int p = 1; p < m->size; p++)
    {
      char *buf = malloc (sizeof s + rlen);
      if (!buf)
        abort ();
      memcpy (buf, &s, sizeof s);
      memcpy (buf + sizeof s, m->root, rlen);
      mpiw__post (m, p, TAG_START, buf, sizeof s + rlen);
    }
}

/* Walk ROOT (the directory the other ranks open) with M, as
   libfts_mpi_walk says; ROOTS (null: ROOT alone) in it are what rank 0's
   root task walks, T the root task (ROOT_TASK, from calloc; owned from
   now on).  */
static int
walk_root_task (LIBFTS_MPI *m, const char *root, char *const *roots,
                struct task *t, int options, libfts_walk_visit_fn visit,
                libfts_walk_report_fn report, void *arg)
{
  m->root = strdup (root);
  m->order = mpiw__order_new ();
  if (!t || !m->root || !m->order || !(t->rel = strdup ("")))
    {
      mpiw__free_task (t);
      free (m->root);
      m->root = NULL;
      mpiw__order_free (m->order);
      m->order = NULL;
      errno = ENOMEM;
      return -1;
    }
  t->id = ROOT_TASK;
  m->roots = roots;
  m->options = options;
  m->visit = visit;
  m->report = report;
  m->arg = arg;
  m->fail_err = 0;
  m->stopped = false;
  start_others (m);
  int r = run (m, t);
  int err = errno;
  free (m->root);
  m->root = NULL;
  m->roots = NULL;
  mpiw__order_free (m->order);
  m->order = NULL;
  if (r == 0 && m->fail_err)
    err = m->fail_err, r = -1;
  else if (r == 0 && m->stopped)
    r = 1;
  errno = err;
  return r;
}

int
libfts_mpi_walk (LIBFTS_MPI *m, const char *root, int options,
                 libfts_walk_visit_fn visit, libfts_walk_report_fn report,
                 void *arg)
{
  if (!m || m->rank != 0 || !visit || !root)
    {
      errno = EINVAL;
      return -1;
    }
  return walk_root_task (m, root, NULL, calloc (1, sizeof (struct task)),
                         options, visit, report, arg);
}

/* The bytes of NAME up to its last component (trailing slashes aside):
   its directory as it names it ("" for a bare name).  */
static size_t
dir_length (const char *name)
{
  size_t n = strlen (name);

  while (n > 1 && name[n - 1] == '/')
    n--;
  while (n > 0 && name[n - 1] != '/')
    n--;
  return n;
}

/* Whether NAME's last component (trailing slashes aside), from byte
   AT, is "." or "..": the walk would leave its directory.  */
static bool
dot_name (const char *name, size_t at)
{
  size_t n = strcspn (name + at, "/");

  return ((n == 1 && name[at] == '.')
          || (n == 2 && name[at] == '.' && name[at + 1] == '.'));
}

bool
libfts_mpi_roots_together (char *const *roots)
{
  size_t dlen = roots && roots[0] ? dir_length (roots[0]) : 0;

  if (!roots || !roots[0])
    return false;
  for (size_t i = 0; roots[i]; i++)
    {
      const char *r = roots[i];
      if (dir_length (r) != dlen || strncmp (r, roots[0], dlen) != 0
          || !r[dlen] || r[dlen] == '/' || dot_name (r, dlen))
        return false;
    }
  return true;
}

int
libfts_mpi_walk_roots (LIBFTS_MPI *m, char *const *roots, int options,
                       libfts_walk_visit_fn visit,
                       libfts_walk_report_fn report, void *arg)
{
  if (!m || m->rank != 0 || !visit || !libfts_mpi_roots_together (roots))
    {
      errno = EINVAL;
      return -1;
    }
  size_t dlen = dir_length (roots[0]);
  char *dir = dlen ? strndup (roots[0], dlen) : strdup (".");
  struct task *t = calloc (1, sizeof *t);
  struct stat st;
  int r = -1;

  if (!dir || !t)
    errno = ENOMEM;
  else if (stat (dir, &st) == 0)
    {
      /* The other ranks check the directory they open against it.  */
      t->root_dev = st.st_dev;
      t->root_ino = st.st_ino;
      r = walk_root_task (m, dir, roots, t, options, visit, report, arg);
      t = NULL;
    }
  free (dir);
  mpiw__free_task (t);
  return r;
}

/* Wait for rank 0's next TAG_START or TAG_QUIT.  Returns the message
   (its tag in *TAG, its size in *LEN).  */
static char *
wait_for_zero (struct libfts_mpi *m, int *tag, size_t *len)
{
  for (;;)
    {
      MPI_Status st;
      int flag;
      MPI_Iprobe (0, MPI_ANY_TAG, m->comm, &flag, &st);
      if (flag)
        {
          *tag = st.MPI_TAG;
          return mpiw__receive (m, &st, len);
        }
      nap (m, POLL_MAX_US);
    }
}

int
libfts_mpi_serve (LIBFTS_MPI *m, libfts_walk_visit_fn visit, void *arg)
{
  if (!m || m->rank == 0 || !visit)
    {
      errno = EINVAL;
      return -1;
    }
  m->visit = visit;
  m->arg = arg;
  for (;;)
    {
      int tag;
      size_t len;
      char *buf = wait_for_zero (m, &tag, &len);
      struct start_wire s;
      if (tag == TAG_QUIT || len < sizeof s)
        {
          free (buf);
          return tag == TAG_QUIT ? 0 : (errno = EPROTO, -1);
        }
      memcpy (&s, buf, sizeof s);
      m->options = s.options;
      m->root = strdup (buf + sizeof s);
      free (buf);
      if (!m->root)
        abort ();               /* rank 0 would wait for us forever */
      int r = run (m, NULL);
      free (m->root);
      m->root = NULL;
      if (r != 0)
        return -1;
    }
}

int
libfts_mpi_close (LIBFTS_MPI *m)
{
  if (!m)
    {
      errno = EINVAL;
      return -1;
    }
  if (m->rank == 0 && m->sent)
    {
      for (int p = 1; p < m->size; p++)
        mpiw__post (m, p, TAG_QUIT, NULL, 0);
      while (m->sending)
        {
          mpiw__reap_sends (m);
          if (m->sending)
            nap (m, POLL_MIN_US);
        }
    }
  MPI_Comm_free (&m->comm);
  pthread_mutex_destroy (&m->lock);
  pthread_cond_destroy (&m->cond);
  free (m->sent);
  free (m->recvd);
  mpiw__work_free (m);
  free (m->visited_by);
  free (m->held);
  libfts_walk_budget_free (m->budget);
  mpiw__trace_close (m);
  free (m);
  return 0;
}

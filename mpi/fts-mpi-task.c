/* fts-mpi-task.c: a rank's walker: the tasks it is handed, each walked
   with libfts's parallel walk, their reports cut into pieces for rank 0,
   and the subdirectories it hands to idle ranks.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-mpi-int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* One task being walked.  */
struct tctx
{
  struct libfts_mpi *m;
  struct task *t;
  uint64_t root_dev, root_ino;  /* the root's: the task's, or on the
                                   root task what its visit saw */
  size_t rel_skip;              /* bytes of a walk's path that name the
                                   task's directory, for the paths below
                                   the root of what it hands out */
  size_t report_skip;           /* bytes of a report's path that are not
                                   sent (rank 0 knows the task's path) */
  char *buf;                    /* the piece being filled */
  size_t len, cap;
  char *last;                   /* the path below the task's directory of
                                   its report before (rec_wire's KEEP) */
  size_t last_len, last_cap;
  bool placeholder;             /* it holds a placeholder */
  int err;                      /* ENOMEM met: the walk stops */
  LIBFTS_WALK *walk;            /* the task's walk */
  bool flagged;                 /* libfts_walk_roots_flagged, after it */
};

/* ---- tasks on the wire ---------------------------------------------------- */

char *
mpiw__encode_task (const struct task *t, size_t *len)
{
  size_t rlen = strlen (t->rel);
  size_t wlen = t->whole ? strlen (t->whole) : 0;
  size_t alen = t->n_above * sizeof t->above[0];
  struct task_wire w = { .id = t->id, .depth = t->depth, .dev = t->dev,
                         .ino = t->ino, .root_dev = t->root_dev,
                         .root_ino = t->root_ino, .n_above = t->n_above,
                         .rel_len = rlen, .whole_len = wlen,
                         .self_dev = t->self_dev, .self_ino = t->self_ino,
                         .sorted = t->sorted };
  size_t n = sizeof w + alen + rlen + wlen;
  char *buf = malloc (n + t->names_len);

  if (!buf)
    return NULL;
  memcpy (buf, &w, sizeof w);
  memcpy (buf + sizeof w, t->above, alen);
  memcpy (buf + sizeof w + alen, t->rel, rlen);
  if (wlen)
    memcpy (buf + sizeof w + alen + rlen, t->whole, wlen);
  if (t->names_len)
    memcpy (buf + n, t->names, t->names_len);
  *len = n + t->names_len;
  return buf;
}

struct task *
mpiw__decode_task (const char *buf, size_t len)
{
  struct task_wire w;
  struct task *t = calloc (1, sizeof *t);

  if (!t || len < sizeof w)
    goto out_free;
  memcpy (&w, buf, sizeof w);
  if (w.n_above > TASK_ABOVE_MAX)
    goto out_free;
  size_t alen = w.n_above * sizeof t->above[0];
  size_t left = len - sizeof w;
  if (alen > left || w.rel_len > left - alen
      || w.whole_len > left - alen - w.rel_len)
    goto out_free;
  const char *rel = buf + sizeof w + alen;
  size_t nlen = left - alen - w.rel_len - w.whole_len;
  t->rel = strndup (rel, w.rel_len);
  t->whole = strndup (rel + w.rel_len, w.whole_len);
  if (!t->rel || !t->whole)
    goto out_free;
  if (nlen)
    {
      /* Names, each ended by a NUL.  */
      const char *names = rel + w.rel_len + w.whole_len;
      if (names[nlen - 1] != '\0' || !(t->names = malloc (nlen)))
        goto out_free;
      memcpy (t->names, names, nlen);
      t->names_len = nlen;
    }
  memcpy (t->above, buf + sizeof w, alen);
  t->n_above = w.n_above;
  t->id = w.id;
  t->depth = w.depth;
  t->dev = w.dev;
  t->ino = w.ino;
  t->root_dev = w.root_dev;
  t->root_ino = w.root_ino;
  t->sorted = w.sorted != 0;
  t->self_dev = w.self_dev;
  t->self_ino = w.self_ino;
  return t;

 out_free:
  mpiw__free_task (t);
  return NULL;
}

void
mpiw__free_task (struct task *t)
{
  if (t)
    {
      free (t->rel);
      free (t->whole);
      free (t->names);
    }
  free (t);
}

/* ---- pieces of reports ---------------------------------------------------- */

/* Make room for N more bytes in TC's piece.  Returns 0, or -1 (ENOMEM).  */
static int
piece_reserve (struct tctx *tc, size_t n)
{
  if (!tc->buf)
    {
      tc->cap = PIECE_BYTES + 4096;
      if (!(tc->buf = malloc (tc->cap)))
        return -1;
      tc->len = sizeof (struct piece_wire);
    }
  if (tc->cap - tc->len >= n)
    return 0;
  size_t cap = tc->len + n + PIECE_BYTES;
  char *b = realloc (tc->buf, cap);
  if (!b)
    return -1;
  tc->buf = b;
  tc->cap = cap;
  return 0;
}

static size_t
pad8 (size_t n)
{
  return (n + 7) & ~(size_t) 7;
}

/* How many bytes A and B, of N bytes each at least, begin with alike.  By
   blocks first: a path thousands of levels deep is compared at memcmp's
   speed.  */
static size_t
shared_prefix (const char *a, const char *b, size_t n)
{
  enum { BLOCK = 256 };
  size_t i = 0;

  while (n - i >= BLOCK && memcmp (a + i, b + i, BLOCK) == 0)
    i += BLOCK;
  while (i < n && a[i] == b[i])
    i++;
  return i;
}

/* Append a report REC with its DATA to TC's piece, its path below the
   task's directory being the LEN bytes at PATH: REC's KEEP and PATHLEN
   are set here.  Returns 0, or -1 (ENOMEM).  */
static int
piece_add (struct tctx *tc, struct rec_wire *rec, const void *data,
           const char *path, size_t len)
{
  size_t keep = shared_prefix (path, tc->last,
                               len < tc->last_len ? len : tc->last_len);

  rec->keep = keep;
  rec->pathlen = len - keep;
  if (len > tc->last_cap)
    {
      size_t cap = len > 2 * tc->last_cap ? len : 2 * tc->last_cap;
      char *l = realloc (tc->last, cap);
      if (!l)
        return -1;
      tc->last = l;
      tc->last_cap = cap;
    }
  size_t dlen = pad8 (rec->size), plen = pad8 (rec->pathlen);
  if (piece_reserve (tc, sizeof *rec + dlen + plen) != 0)
    return -1;
  if (len > keep)
    memcpy (tc->last + keep, path + keep, len - keep);
  tc->last_len = len;
  char *p = tc->buf + tc->len;
  memcpy (p, rec, sizeof *rec);
  memset (p + sizeof *rec, 0, dlen + plen);
  if (rec->size)
    memcpy (p + sizeof *rec, data, rec->size);
  memcpy (p + sizeof *rec + dlen, path + keep, rec->pathlen);
  tc->len += sizeof *rec + dlen + plen;
  return 0;
}

/* Send TC's piece to rank 0 (LAST: the task's last), once rank 0 holds
   less than CREDIT_BYTES of the task's pieces, or none.  Returns 0, or -1
   (ENOMEM).  */
static int
piece_ship (struct tctx *tc, bool last)
{
  struct libfts_mpi *m = tc->m;

  if (!tc->buf && piece_reserve (tc, 0) != 0)
    return -1;
  struct piece_wire h = { .id = tc->t->id, .last = last };
  memcpy (tc->buf, &h, sizeof h);
  struct task *t = tc->t;
  pthread_mutex_lock (&m->lock);
  if (t->unacked > 0 && t->unacked + tc->len > CREDIT_BYTES && !m->run_over)
    {
      /* Rank 0 may be waiting for another task of this rank's, which
         needs the room in flight that this thread has.  */
      pthread_mutex_unlock (&m->lock);
      libfts_walk_budget_pause ();
      pthread_mutex_lock (&m->lock);
      m->credit_waiting++;
      while (t->unacked > 0 && t->unacked + tc->len > CREDIT_BYTES
             && !m->run_over)
        pthread_cond_wait (&m->cond, &m->lock);
      m->credit_waiting--;
      pthread_mutex_unlock (&m->lock);
      libfts_walk_budget_resume ();
      pthread_mutex_lock (&m->lock);
    }
  t->unacked += tc->len;
  pthread_mutex_unlock (&m->lock);
  mpiw__push (m, 0, TAG_PIECE, tc->buf, tc->len);
  tc->buf = NULL;
  tc->len = tc->cap = 0;
  tc->placeholder = false;
  return 0;
}

/* The walk's REPORT: into the piece, sent when full.  */
static int
task_report (const struct libfts_walk_report *r, void *arg)
{
  struct tctx *tc = arg;
  size_t skip = r->pathlen < tc->report_skip ? r->pathlen : tc->report_skip;
  struct rec_wire rec = {
    .code = r->code, .info = r->info, .err = r->err,
    .level = r->level + tc->t->depth, .value = r->value,
    .size = r->data ? r->size : 0
  };

  tc->placeholder |= r->code == CODE_CHILD;
  size_t before = tc->len;
  /* A piece is sent when full, or with a placeholder in it when no other
     report is ready: the child's reports are consumed only once rank 0
     has met the placeholder, and the child waits for that once it has
     sent CREDIT_BYTES, while the rest of this task may be long in
     coming.  */
  size_t len = r->pathlen - skip;
  /* A part of a directory given as a root with a slash at its end
     ("dir/"): its entries are "dir/NAME", as a walk names them, not
     "dir//NAME".  */
  if (r->code == CODE_CHILD && len > 0 && r->path[skip + len - 1] == '/')
    len--;
  if (piece_add (tc, &rec, r->data, r->path + skip, len) != 0)
    {
      tc->err = ENOMEM;
      return 1;
    }
  /* For the trace: relaxed, a count that publishes nothing.  */
  __atomic_add_fetch (&tc->m->reports_sent, 1, __ATOMIC_RELAXED);
  __atomic_add_fetch (&tc->m->report_bytes, tc->len - before,
                      __ATOMIC_RELAXED);
  if ((tc->len >= PIECE_BYTES || (tc->placeholder && !r->more))
      && piece_ship (tc, false) != 0)
    {
      tc->err = ENOMEM;
      return 1;
    }
  return 0;
}

/* A failure of the whole task, ERR, as its only report.  */
static void
task_failed (struct tctx *tc, int err)
{
  struct rec_wire rec = { .code = LIBFTS_WALK_FAILED, .info = FTS_ERR,
                          .err = err, .level = tc->t->depth };

  if (piece_add (tc, &rec, NULL, "", 0) != 0)
    tc->err = ENOMEM;
}

/* ---- handing directories out ---------------------------------------------- */

/* The path below the root of E, met in TC's task: a string from malloc,
   or null (ENOMEM).  */
static char *
rel_path (struct tctx *tc, const struct libfts_walk_entry *e)
{
  char *walked = libfts_walk_path (e);

  if (!walked)
    return NULL;
  const char *below = walked + tc->rel_skip;
  while (*below == '/')
    below++;
  const char *rel = tc->t->rel;
  size_t n = strlen (rel) + 1 + strlen (below) + 1;
  char *p = malloc (n);
  if (p)
    snprintf (p, n, "%s%s%s", rel, *rel ? "/" : "", below);
  free (walked);
  return p;
}

/* The path of E, met in TC's task, as rank 0's reports name it: a
   string from malloc, or null (ENOMEM).  The root task's walk has it;
   another task's walk goes by /proc/self/fd/N/NAME, which its task's
   WHOLE replaces.  */
static char *
whole_path (const struct tctx *tc, const struct libfts_walk_entry *e)
{
  char *walked = libfts_walk_path (e);

  if (!walked || !tc->t->whole)
    return walked;
  const char *below = walked + tc->rel_skip;
  char *p;
  if (asprintf (&p, "%s%s", tc->t->whole, below) < 0)
    p = NULL;
  free (walked);
  return p;
}

/* LIBFTS_MPI_POSTORDER: remember HOLD, on the parent of task ID in
   WALK, until the task is walked (TAG_CHILD_DONE).  Returns 0, or -1
   (ENOMEM).  */
static int
add_held_locked (struct libfts_mpi *m, int64_t id, LIBFTS_WALK *walk,
                 void *hold)
{
  int r = 0;

  if (m->n_held == m->held_cap)
    {
      size_t cap = m->held_cap ? 2 * m->held_cap : 16;
      struct held *h = realloc (m->held, cap * sizeof *h);
      if (h)
        {
          m->held = h;
          m->held_cap = cap;
        }
      else
        r = -1;
    }
  if (r == 0)
    m->held[m->n_held++] = (struct held) { .id = id, .walk = walk,
                                           .hold = hold };
  return r;
}

/* Forget task ID's hold, which add_held remembered.  Lock held.  */
static void
drop_held_locked (struct libfts_mpi *m, int64_t id)
{
  for (size_t i = 0; i < m->n_held; i++)
    if (m->held[i].id == id)
      {
        m->held[i] = m->held[--m->n_held];
        break;
      }
}

/* Forget the holds of WALK, which returned: none is out after a
   complete walk; a stopped one dropped them (libfts_walk_hold), and a
   TAG_CHILD_DONE that comes later must find nothing to let go.  */
static void
drop_walk_holds (struct libfts_mpi *m, LIBFTS_WALK *walk)
{
  pthread_mutex_lock (&m->lock);
  for (size_t i = 0; i < m->n_held;)
    if (m->held[i].walk == walk)
      m->held[i] = m->held[--m->n_held];
    else
      i++;
  pthread_mutex_unlock (&m->lock);
}

/* Whether E is a root of libfts_mpi_walk_roots, in rank 0's root task.  */
static bool
root_of_many (const struct tctx *tc, const struct libfts_walk_entry *e)
{
  return e->level == 0 && tc->m->roots && tc->t->id == ROOT_TASK;
}

/* With LIBFTS_MPI_POSTORDER, a hold on E's parent: in *HOLD, null
   without the option or on a root's parent.  Returns 0, or -1 (ENOMEM).
   Nothing remembered yet: hold_parent's or hold_parent_locked's work.  */
static int
take_parent_hold (struct tctx *tc, struct libfts_walk_entry *e, void **hold)
{
  *hold = NULL;
  /* A root's parent is no directory of the walk: nothing to finish.  */
  if (!(tc->m->options & LIBFTS_MPI_POSTORDER) || root_of_many (tc, e))
    return 0;
  return (*hold = libfts_walk_hold (e)) ? 0 : -1;
}

/* With LIBFTS_MPI_POSTORDER, hold E's parent for task ID, which E is to
   become: in *HOLD, null without the option.  Returns 0, or -1
   (ENOMEM), with nothing held.  M's lock held.  */
static int
hold_parent_locked (struct tctx *tc, struct libfts_walk_entry *e, int64_t id,
                    void **hold)
{
  if (take_parent_hold (tc, e, hold) != 0)
    return -1;
  if (!*hold || add_held_locked (tc->m, id, tc->walk, *hold) == 0)
    return 0;
  libfts_walk_release (tc->walk, *hold, 0);
  *hold = NULL;
  return -1;
}

/* As hold_parent_locked, taking M's lock to remember the hold.  */
static int
hold_parent (struct tctx *tc, struct libfts_walk_entry *e, int64_t id,
             void **hold)
{
  struct libfts_mpi *m = tc->m;

  if (take_parent_hold (tc, e, hold) != 0)
    return -1;
  if (!*hold)
    return 0;
  pthread_mutex_lock (&m->lock);
  int r = add_held_locked (m, id, tc->walk, *hold);
  pthread_mutex_unlock (&m->lock);
  if (r == 0)
    return 0;
  libfts_walk_release (tc->walk, *hold, 0);
  *hold = NULL;
  return -1;
}

/* Undo hold_parent_locked's HOLD for task ID.  M's lock held.  */
static void
unhold_parent_locked (struct tctx *tc, int64_t id, void *hold)
{
  if (!hold)
    return;
  drop_held_locked (tc->m, id);
  libfts_walk_release (tc->walk, hold, 0);
}

/* Undo hold_parent's HOLD for task ID, taking M's lock to forget it.  */
static void
unhold_parent (struct tctx *tc, int64_t id, void *hold)
{
  if (!hold)
    return;
  pthread_mutex_lock (&tc->m->lock);
  drop_held_locked (tc->m, id);
  pthread_mutex_unlock (&tc->m->lock);
  libfts_walk_release (tc->walk, hold, 0);
}

/* Device numbers differ from machine to machine (each numbers its mounts
   its own way; NFS, Lustre and FUSE mounts among them), inode numbers
   do not.  So what ranks tell each other names the root's device as
   rank 0 numbers it, and any other device as the sender numbers it:
   only the root's device can be checked on another machine.  */

/* ST's device as the other ranks are told it: the root's as rank 0's
   number, TC's root device.  */
static uint64_t
dev_to_send (struct tctx const *tc, dev_t dev)
{
  return (dev == __atomic_load_n (&tc->m->root_dev_here, __ATOMIC_RELAXED)
          ? tc->root_dev : dev);
}

/* E's ancestors, for T, E's task: those in TC's walk (the directory
   that holds E first, up to TC's task's directory), then those TC's task
   carries, the nearest TASK_ABOVE_MAX of them; devices as the other
   ranks are told them.  No request to the file system.  */
static void
fill_above (struct tctx *tc, const struct libfts_walk_entry *e,
            struct task *t)
{
  dev_t dev[TASK_ABOVE_MAX];
  ino_t ino[TASK_ABOVE_MAX];
  size_t n = libfts_walk_ancestor_ids (e, dev, ino, TASK_ABOVE_MAX);
  const struct task *up = tc->t;

  for (size_t i = 0; i < n; i++)
    {
      t->above[i].dev = dev_to_send (tc, dev[i]);
      t->above[i].ino = ino[i];
    }
  for (int64_t i = 0; n < TASK_ABOVE_MAX && i < up->n_above; i++)
    t->above[n++] = up->above[i];
  t->n_above = n;
}

/* E, a directory met in TC's task, as task ID for another rank: its
   path below the root, its parent's identity (as the walk had it open:
   no request to the file system), in a TAG_TASK message from malloc of
   *LEN bytes; null (ENOMEM).  */
static char *
encode_child (struct tctx *tc, struct libfts_walk_entry *e, int64_t id,
              size_t *len)
{
  struct task t = { .id = id, .depth = tc->t->depth + e->level,
                    .root_dev = tc->root_dev, .root_ino = tc->root_ino };
  dev_t pdev;
  ino_t pino;
  char *buf = NULL;

  if (root_of_many (tc, e))
    {
      /* A root of libfts_mpi_walk_roots: its parent is their directory,
         which every rank opens.  */
      pdev = tc->root_dev;
      pino = tc->root_ino;
    }
  else if (libfts_walk_parent_id (e, &pdev, &pino) != 0)
    return NULL;
  if ((t.rel = rel_path (tc, e)) && (t.whole = whole_path (tc, e)))
    {
      t.dev = dev_to_send (tc, pdev);
      t.ino = pino;
      fill_above (tc, e, &t);
      buf = mpiw__encode_task (&t, len);
    }
  free (t.rel);
  free (t.whole);
  return buf;
}

/* Put E, about to become task ID, in its place: hold its parent (with
   LIBFTS_MPI_POSTORDER) and report the placeholder.  Returns 0, or -1
   (ENOMEM), with nothing held.  M's lock held.  */
static int
leave_placeholder_locked (struct tctx *tc, struct libfts_walk_entry *e,
                          int64_t id)
{
  void *hold;

  if (hold_parent_locked (tc, e, id, &hold) != 0)
    return -1;
  if (libfts_walk_report (e, CODE_CHILD, 0, id) == 0)
    return 0;
  unhold_parent_locked (tc, id, hold);
  return -1;
}

/* As leave_placeholder_locked, M's lock not held: it is taken only to
   remember or forget the hold, never around libfts_walk_hold, _report
   or _release, which a walker thread calls unlocked.  */
static int
leave_placeholder (struct tctx *tc, struct libfts_walk_entry *e, int64_t id)
{
  void *hold;

  if (hold_parent (tc, e, id, &hold) != 0)
    return -1;
  if (libfts_walk_report (e, CODE_CHILD, 0, id) == 0)
    return 0;
  unhold_parent (tc, id, hold);
  return -1;
}

/* Hand E, a directory met in pre-order, to a rank that waits for one, if
   any does: its task goes there, a placeholder takes its place in the
   reports.  Returns whether it was handed out.  */
static bool
hand_out (struct tctx *tc, struct libfts_walk_entry *e)
{
  struct libfts_mpi *m = tc->m;
  int64_t id;

  if (m->spread_ms > 0 && m->size > 1)
    {
      libfts_walk_budget_pause ();
      mpiw__wait_for_hungry (m);
      libfts_walk_budget_resume ();
    }
  if (!mpiw__hungry_waiting (m))
    return false;
  int dest = mpiw__take_hungry (m, &id);
  if (dest < 0)
    return false;
  size_t len;
  char *buf = encode_child (tc, e, id, &len);
  /* The hold first: once the task is sent, it may be walked at once.  */
  if (!buf || leave_placeholder (tc, e, id) != 0)
    {
      free (buf);
      mpiw__untake_hungry (m, dest);
      return false;
    }
  mpiw__push (m, dest, TAG_TASK, buf, len);
  return true;
}

/* A part of a directory being made into a task: the TAG_TASK message,
   the directory's task without names, names appended as they come.  */
struct cut
{
  char *buf;
  size_t len, cap;
};

/* libfts_walk_cut's TAKE: NAME appended to the message.  */
static int
cut_take (const char *name, unsigned char d_type, void *arg)
{
  struct cut *c = arg;
  size_t n = strlen (name) + 1;

  (void) d_type;
  if (c->cap - c->len < n)
    {
      size_t cap = 2 * c->cap + n;
      char *b = realloc (c->buf, cap);
      if (!b)
        return -1;
      c->buf = b;
      c->cap = cap;
    }
  memcpy (c->buf + c->len, name, n);
  c->len += n;
  return 0;
}

/* The directory that holds E, met in TC's task, as task ID for another
   rank, without the names of its entries: in C's message.  Returns 0, or
   -1 (ENOMEM).  */
static int
encode_dir_of (struct tctx *tc, struct libfts_walk_entry *e, int64_t id,
               struct cut *c)
{
  const struct task *up = tc->t;
  struct task t = { .id = id, .depth = up->depth + e->level - 1,
                    .root_dev = tc->root_dev, .root_ino = tc->root_ino };
  dev_t dev[TASK_ABOVE_MAX];
  ino_t ino[TASK_ABOVE_MAX];
  size_t n = libfts_walk_ancestor_ids (e, dev, ino, TASK_ABOVE_MAX);

  if (e->level > 1)
    {
      /* The directory's parent is in this walk: the ancestors after it.  */
      t.dev = dev_to_send (tc, dev[1]);
      t.ino = ino[1];
      for (size_t i = 1; i < n; i++)
        t.above[t.n_above++] = (struct task_id) { dev_to_send (tc, dev[i]),
                                                  ino[i] };
      for (int64_t i = 0; t.n_above < TASK_ABOVE_MAX && i < up->n_above; i++)
        t.above[t.n_above++] = up->above[i];
    }
  else
    {
      /* The directory is the walk's root: the task's directory, whose
         parent the task names, one of the roots of libfts_mpi_walk_roots,
         whose parent is their directory, or the root itself, named as
         the root is.  */
      t.dev = up->id != ROOT_TASK ? up->dev : tc->root_dev;
      t.ino = up->id != ROOT_TASK ? up->ino : tc->root_ino;
      memcpy (t.above, up->above, up->n_above * sizeof t.above[0]);
      t.n_above = up->n_above;
    }
  char *rel = rel_path (tc, e), *whole = whole_path (tc, e);
  if (rel && whole)
    {
      /* E's paths, less E's name.  */
      char *slash = strrchr (rel, '/');
      *(slash ? slash : rel) = '\0';
      slash = strrchr (whole, '/');
      if (slash)
        *slash = '\0';
      t.rel = rel;
      t.whole = whole;
      t.self_dev = dev_to_send (tc, dev[0]);
      t.self_ino = ino[0];
      c->buf = mpiw__encode_task (&t, &c->len);
      c->cap = c->len;
    }
  free (rel);
  free (whole);
  return c->buf ? 0 : -1;
}

/* Where a walk visits a directory's entries on one thread (rm: Linux
   unlinks a directory's files one at a time on each client), hand the
   second half of what is left of E's directory to a rank that waits for
   work, if any does (libfts_walk_cut): a placeholder takes its place,
   and the directory waits for it before its post-order visit.  */
static void
hand_out_rest (struct tctx *tc, struct libfts_walk_entry *e)
{
  struct libfts_mpi *m = tc->m;
  int64_t id;

  if (!mpiw__hungry_waiting (m)
      || libfts_walk_cut (e, CUT_MIN, 0, 0, NULL, NULL, NULL) <= 0)
    return;
  int dest = mpiw__take_starved (m, &id);
  if (dest < 0)
    return;
  struct cut c = { .buf = NULL };
  void *hold = NULL;
  int sorted = 0;
  long n = -1;
  if (encode_dir_of (tc, e, id, &c) == 0 && hold_parent (tc, e, id, &hold) == 0)
    n = libfts_walk_cut (e, CUT_MIN, CODE_CHILD, id, cut_take, &c, &sorted);
  if (n <= 0)
    {
      unhold_parent (tc, id, hold);
      free (c.buf);
      mpiw__untake_hungry (m, dest);
      return;
    }
  struct task_wire w;
  memcpy (&w, c.buf, sizeof w);
  w.sorted = sorted;
  memcpy (c.buf, &w, sizeof w);
  mpiw__push (m, dest, TAG_TASK, c.buf, c.len);
}

/* What mpiw__give_pending and give_one tell each other.  */
struct give
{
  struct tctx *tc;
  int64_t id;                   /* the task's */
  char *buf;                    /* its TAG_TASK message, once given */
  size_t len;
};

/* libfts_walk_give's GIVE, on the talking thread, M's lock held: E, a
   directory that a walk found and has not read, becomes G's task.  */
static int
give_one (struct libfts_walk_entry *e, void *arg)
{
  struct give *g = arg;

  g->buf = encode_child (g->tc, e, g->id, &g->len);
  if (g->buf && leave_placeholder_locked (g->tc, e, g->id) == 0)
    return LIBFTS_WALK_SKIP;
  free (g->buf);
  g->buf = NULL;
  return LIBFTS_WALK_CONTINUE;
}

/* A walk's threads hand out a directory only as they come to it, each
   after reading one of its own (200 ms apart on a wide tree over a 2 ms
   mount): the talking thread hands out those they found and have not
   come to, at once.  Not with -x: whether a directory may be entered
   depends on its device, which only its stat says.  */
void
mpiw__give_pending (struct libfts_mpi *m)
{
  if ((m->options & (LIBFTS_MPI_LOCAL | LIBFTS_WALK_XDEV)) || m->size < 2)
    return;
  while (mpiw__hungry_waiting (m))
    {
      struct give g = { .buf = NULL };
      int dest = -1;

      pthread_mutex_lock (&m->lock);
      /* give_one sets G.BUF only when it takes the directory.  */
      for (struct task *t = m->running; t && !g.buf; t = t->next)
        if (t->tc)
          {
            if (dest < 0
                && (dest = mpiw__take_hungry_locked (m, &g.id)) < 0)
              break;
            g.tc = t->tc;
            libfts_walk_give (g.tc->walk, give_one, &g);
          }
      if (dest >= 0 && !g.buf)
        mpiw__untake_hungry_locked (m, dest);
      pthread_mutex_unlock (&m->lock);
      if (!g.buf)
        return;
      mpiw__post (m, dest, TAG_TASK, g.buf, g.len);
    }
}

static int visit_task_entry (struct tctx *tc, struct libfts_walk_entry *e);

/* The walk's VISIT: hand E out, or visit it at its real depth, with its
   root's device as the root's.  */
static int
task_visit (struct libfts_walk_entry *e, void *arg)
{
  struct tctx *tc = arg;
  struct libfts_mpi *m = tc->m;

  if (e->info == FTS_D && e->level == 0 && tc->t->id == ROOT_TASK
      && !m->roots)
    {
      tc->root_dev = e->st->st_dev;
      __atomic_store_n (&m->root_dev_here, tc->root_dev, __ATOMIC_RELAXED);
      tc->root_ino = e->st->st_ino;
    }
  /* The program sees the root's device as rank 0 numbers it, on every
     rank: for -x, and for du's hard links, counted on rank 0.  */
  struct stat st_sent;
  const struct stat *st = e->st;
  uint64_t here = __atomic_load_n (&m->root_dev_here, __ATOMIC_RELAXED);
  if (st && st->st_dev == here && st->st_dev != tc->root_dev)
    {
      st_sent = *st;
      st_sent.st_dev = tc->root_dev;
      e->st = &st_sent;
    }
  int r = visit_task_entry (tc, e);
  e->st = st;
  return r;
}

/* The task whose entry this thread's VISIT is given, during the call
   (libfts_mpi_path).  */
static __thread struct tctx *visiting;

char *
libfts_mpi_path (const struct libfts_walk_entry *e)
{
  return visiting ? whole_path (visiting, e) : libfts_walk_path (e);
}

/* Whether ST, a directory's status as the program sees it in TC's task,
   is that of one of the ancestors the task carries: a cycle through the
   directories above the task's, which its walk, rooted at the task's
   directory, cannot see.  One machine's walk compares a directory with
   its ancestors only at or below a mount's root (lib/fts-walk.c's
   is_cycle); this compares every one, at most TASK_ABOVE_MAX
   comparisons in memory, once a directory: without directory hard
   links only a mount makes a directory repeat another, so where the
   file system shows its mounts the answer is the same.  */
static bool
repeats_above (const struct tctx *tc, const struct stat *st)
{
  const struct task *t = tc->t;

  for (int64_t i = 0; i < t->n_above; i++)
    if (t->above[i].dev == (uint64_t) st->st_dev
        && t->above[i].ino == (uint64_t) st->st_ino)
      return true;
  return false;
}

/* task_visit's work, with E's status as the program sees it.  */
static int
visit_task_entry (struct tctx *tc, struct libfts_walk_entry *e)
{
  struct libfts_mpi *m = tc->m;
  bool cycle = (e->info == FTS_D && e->st && repeats_above (tc, e->st));

  /* Visited as one machine's walk would visit it: FTS_DC, neither read
     nor visited in post-order (as after a skip), never handed out.  */
  if (cycle)
    e->info = FTS_DC;
  /* Below a root of libfts_mpi_walk_roots on another device than their
     directory's, nothing is handed out: the other ranks would take the
     directory's device for the root's (-x, du's hard links).  */
  if (tc->t->names && e->level == 0)
    /* A part of a directory: the directory is visited where it was
       met, its entries here, if it is still the directory that was
       met (a directory renamed in its place is left alone, as its
       entries were not listed where it was met).  */
    return (e->info == FTS_DP
            || (e->info == FTS_D && e->st
                && e->st->st_ino == (ino_t) tc->t->self_ino
                && (uint64_t) e->st->st_dev == tc->t->self_dev)
            ? LIBFTS_WALK_CONTINUE : LIBFTS_WALK_SKIP);
  if (e->level > 0 && e->info != FTS_D && e->info != FTS_DP
      && mpiw__cuts (m))
    hand_out_rest (tc, e);
  if (e->info == FTS_D && (e->level > 0 || root_of_many (tc, e)) && e->st
      && !(m->options & LIBFTS_MPI_LOCAL)
      && !(m->roots && tc->t->id == ROOT_TASK && e->root_dev != tc->root_dev)
      && !((m->options & LIBFTS_WALK_XDEV) && e->st->st_dev != tc->root_dev)
      && hand_out (tc, e))
    return LIBFTS_WALK_SKIP;
  long level = e->level;
  dev_t root_dev = e->root_dev;
  e->level += tc->t->depth;
  if (tc->t->id != ROOT_TASK)
    e->root_dev = tc->root_dev;
  visiting = tc;
  int r = m->visit (e, m->arg);
  visiting = NULL;
  if (e->info != FTS_DP && r != LIBFTS_WALK_AGAIN)
    __atomic_add_fetch (&m->visited, 1, __ATOMIC_RELAXED);
  e->level = level;
  e->root_dev = root_dev;
  if (!cycle)
    return r;
  e->info = FTS_D;
  return r == LIBFTS_WALK_STOP ? r : LIBFTS_WALK_SKIP;
}

/* ---- walking a task ------------------------------------------------------- */

/* The roots of a walk opened with libfts_walk_open_next from a
   null-terminated list that meet nothing of each other.  */
struct roots_source
{
  char *const *roots;
  size_t next;
};

/* libfts_walk_open_next's source over a struct roots_source ARG: each
   root at once, several walked together.  */
static int
next_root (void *arg, int wait, char **root)
{
  struct roots_source *src = arg;

  (void) wait;
  if (!src->roots[src->next])
    return 0;
  *root = strdup (src->roots[src->next]);
  if (!*root)
    return -1;
  src->next++;
  return LIBFTS_WALK_ROOT;
}

/* T's names (a part of a directory) as an array of pointers into
   T->NAMES, from malloc; T->N_NAMES set.  Null (ENOMEM).  */
static char **
names_of (struct task *t)
{
  size_t n = 0;
  for (size_t i = 0; i < t->names_len; i++)
    n += t->names[i] == '\0';
  char **v = malloc ((n ? n : 1) * sizeof *v);
  if (!v)
    return NULL;
  t->n_names = 0;
  for (size_t i = 0; i < t->names_len; i += strlen (t->names + i) + 1)
    v[t->n_names++] = t->names + i;
  return v;
}

/* Walk ROOTS, TC's task, as M's run says: with TOGETHER, several at once
   (they meet nothing of each other), else one after another.  */
static void
walk_task (struct tctx *tc, char *const *roots, bool together, int options)
{
  struct libfts_mpi *m = tc->m;
  struct roots_source src = { .roots = roots };
  LIBFTS_WALK *w = (together
                    ? libfts_walk_open_next (next_root, &src,
                                             options | LIBFTS_WALK_ORDERED)
                    : libfts_walk_open (roots, options | LIBFTS_WALK_ORDERED));

  if (!w)
    {
      task_failed (tc, errno);
      return;
    }
  libfts_walk_set_threads (w, m->threads);
  libfts_walk_set_budget (w, m->budget);
  char **names = tc->t->names ? names_of (tc->t) : NULL;
  if (tc->t->names
      && (!names || libfts_walk_set_root_names (w, names, tc->t->n_names,
                                                tc->t->sorted) != 0))
    {
      task_failed (tc, ENOMEM);
      free (names);
      libfts_walk_close (w);
      return;
    }
  tc->walk = w;
  pthread_mutex_lock (&m->lock);
  tc->t->tc = tc;
  pthread_mutex_unlock (&m->lock);
  int r = libfts_walk_run (w, task_visit, task_report, tc);
  /* No give on W from now on (mpiw__give_pending holds the lock).  */
  pthread_mutex_lock (&m->lock);
  tc->t->tc = NULL;
  pthread_mutex_unlock (&m->lock);
  if (r < 0 && errno != 0 && (errno == EINVAL || errno == ENOMEM)
      && !tc->err)
    task_failed (tc, errno);
  tc->flagged = libfts_walk_roots_flagged (w);
  drop_walk_holds (m, w);
  libfts_walk_close (w);
  free (names);
}

/* Walk T, then send its last piece.  Returns whether the walk flagged
   T's parent (libfts_walk_roots_flagged).  */
static bool
run_task (struct libfts_mpi *m, struct task *t)
{
  struct tctx tc = { .m = m, .t = t, .root_dev = t->root_dev,
                     .root_ino = t->root_ino };
  int opts = m->options & LIBFTS_WALK_OPTIONMASK;

  if (t->id == ROOT_TASK && m->roots)
    {
      /* Roots in one directory, which the other ranks open: what is
         below it is what they reach (an empty directory: a bare name).  */
      tc.rel_skip = strcmp (m->root, ".") == 0 ? 0 : strlen (m->root);
      __atomic_store_n (&m->root_dev_here, t->root_dev, __ATOMIC_RELAXED);
      walk_task (&tc, m->roots, true, opts);
    }
  else if (t->id == ROOT_TASK)
    {
      char *roots[] = { m->root, NULL };
      tc.rel_skip = strlen (m->root);
      walk_task (&tc, roots, false, opts);
    }
  else
    {
      libfts_walk_budget_acquire (m->budget);
      int fd = mpiw__reach_parent (m, t);
      libfts_walk_budget_release (m->budget);
      const char *slash = strrchr (t->rel, '/');
      /* A part of the root itself: the root, reached as such.  */
      const char *name = (slash ? slash + 1 : !*t->rel ? "." : t->rel);
      char *path;
      if (fd < 0)
        task_failed (&tc, errno);
      else if (asprintf (&path, "/proc/self/fd/%d/%s", fd, name) < 0)
        task_failed (&tc, ENOMEM);
      else
        {
          /* The walk is given the directory by its name in its parent,
             through the parent's descriptor's name in /proc: a magic
             link to the very directory checked above, which the kernel
             follows (it is not the last component), then NAME, which
             libfts takes as a root not to follow: opened with O_NOFOLLOW
             before any stat, as it was a directory when handed out
             (LIBFTS_WALK_ROOTS_OPEN: two requests less to a server than
             an lstat first; lstat-ed first with LIBFTS_WALK_STAT, and
             when the open fails), and visited as what it is now (a
             directory that cannot be read: FTS_DNR; gone: FTS_NS), as
             one machine's walk would.  Reopened by that path if it must
             be, while FD is open.  */
          char *roots[] = { path, NULL };
          tc.rel_skip = tc.report_skip = strlen (path);
          walk_task (&tc, roots, false,
                     (opts & ~LIBFTS_WALK_COMFOLLOW) | LIBFTS_WALK_ROOTS_OPEN);
          free (path);
        }
      if (fd >= 0)
        close (fd);
    }
  if (tc.err)
    task_failed (&tc, tc.err);
  if (piece_ship (&tc, true) != 0)
    abort ();                   /* a piece's header cannot be had: no
                                   way to tell rank 0 the task ended */
  free (tc.last);
  return tc.flagged;
}

/* A walker thread: walk its task, then leave the running tasks.  */
static void *
walker (void *arg)
{
  struct task *t = arg;
  struct libfts_mpi *m = t->m;
  bool flagged = run_task (m, t);

  if (t->id != ROOT_TASK && (m->options & LIBFTS_MPI_POSTORDER))
    {
      int64_t *done = malloc (2 * sizeof *done);
      if (!done)
        abort ();               /* the exporter would wait forever */
      done[0] = t->id;
      done[1] = flagged;
      mpiw__push (m, (int) (t->id >> TASK_RANK_SHIFT), TAG_CHILD_DONE,
                  (char *) done, 2 * sizeof *done);
    }
  pthread_mutex_lock (&m->lock);
  m->n_running--;
  struct task **p = &m->running;
  while (*p != t)
    p = &(*p)->next;
  *p = t->next;
  pthread_cond_broadcast (&m->cond);
  pthread_mutex_unlock (&m->lock);
  mpiw__free_task (t);
  return NULL;
}

void
mpiw__start_task (struct libfts_mpi *m, struct task *t)
{
  pthread_attr_t attr;
  pthread_t thread;

  t->m = m;
  t->unacked = 0;
  t->tc = NULL;
  pthread_mutex_lock (&m->lock);
  t->next = m->running;
  m->running = t;
  m->n_running++;
  pthread_mutex_unlock (&m->lock);
  if (pthread_attr_init (&attr) != 0
      || pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED) != 0
      || pthread_create (&thread, &attr, walker, t) != 0)
    abort ();
  pthread_attr_destroy (&attr);
}

void
mpiw__end_tasks (struct libfts_mpi *m)
{
  pthread_mutex_lock (&m->lock);
  while (m->running)
    pthread_cond_wait (&m->cond, &m->lock);
  pthread_mutex_unlock (&m->lock);
  mpiw__close_root (m);
}

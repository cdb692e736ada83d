/* fts-mpi-order.c: on rank 0, the reports of every task, delivered in
   the sequential walk's order.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Each task's reports arrive in order (its walk is LIBFTS_WALK_ORDERED),
   in pieces.  A subdirectory handed to another rank left a placeholder in
   its parent's reports, where its own go: the delivery is a depth-first
   walk of the tasks, with a stack of the tasks under way (the current one
   on top), and the pieces of the others waiting until their turn.  A
   piece consumed is acknowledged, with its size, to the rank that sent
   it (which has at most CREDIT_BYTES unacknowledged), a task consumed to the rank that
   handed it out (which has at most EXPORT_TICKETS out).  The walk is over
   when the root task's last piece is consumed: every task handed out
   left a placeholder in a stream consumed before it.  */

#include <config.h>

#include "fts-mpi-int.h"

#include <errno.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct opiece
{
  struct opiece *next;
  char *buf;
  size_t len;
  int src;
  bool last;
};

/* A task whose pieces arrived or whose placeholder was met.  */
struct otask
{
  struct otask *next;
  int64_t id;
  struct opiece *head, **tail;
};

/* A task under way: where its path ends and its reports are read.  */
struct frame
{
  int64_t id;
  size_t base;                  /* its directory's path: the first BASE
                                   bytes of the order's PATH */
  size_t pos;                   /* in its first piece */
};

struct order
{
  struct otask *tasks;          /* a list: at most the tasks alive and
                                   those ahead of their turn, a few per
                                   rank */
  struct frame *stack;
  size_t depth, cap;
  bool done;
  char *path;                   /* the path of the last report delivered,
                                   or of the placeholder met last: each
                                   frame's directory's begins it */
  size_t len, path_cap;
};

static int push_frame (struct order *o, int64_t id);

struct order *
mpiw__order_new (void)
{
  struct order *o = calloc (1, sizeof *o);

  if (o && push_frame (o, ROOT_TASK) != 0)
    {
      free (o);
      return NULL;
    }
  return o;
}

static void
free_pieces (struct opiece *p)
{
  while (p)
    {
      struct opiece *next = p->next;
      free (p->buf);
      free (p);
      p = next;
    }
}

void
mpiw__order_free (struct order *o)
{
  if (!o)
    return;
  while (o->tasks)
    {
      struct otask *t = o->tasks;
      o->tasks = t->next;
      free_pieces (t->head);
      free (t);
    }
  free (o->stack);
  free (o->path);
  free (o);
}

bool
mpiw__order_done (const struct order *o)
{
  return o->done;
}

/* Task ID's record, made if MAKE; null if none (or ENOMEM).  */
static struct otask *
find_task (struct order *o, int64_t id, bool make)
{
  for (struct otask *t = o->tasks; t; t = t->next)
    if (t->id == id)
      return t;
  if (!make)
    return NULL;
  struct otask *t = calloc (1, sizeof *t);
  if (!t)
    return NULL;
  t->id = id;
  t->tail = &t->head;
  t->next = o->tasks;
  o->tasks = t;
  return t;
}

static void
drop_task (struct order *o, struct otask *t)
{
  struct otask **pp = &o->tasks;

  while (*pp != t)
    pp = &(*pp)->next;
  *pp = t->next;
  free (t);
}

/* Push task ID, whose directory's path is O's PATH as it is, on the
   stack.  Returns 0, or -1 (ENOMEM).  */
static int
push_frame (struct order *o, int64_t id)
{
  if (o->depth == o->cap)
    {
      size_t cap = o->cap ? 2 * o->cap : 16;
      struct frame *s = realloc (o->stack, cap * sizeof *s);
      if (!s)
        return -1;
      o->stack = s;
      o->cap = cap;
    }
  o->stack[o->depth++] = (struct frame) { .id = id, .base = o->len,
                                          .pos = sizeof (struct piece_wire) };
  return 0;
}

/* The path of REC, a report of frame F whose path's end is at END, made
   in O's PATH from the one there: F's directory's, REC's KEEP bytes of
   what follows, and END.  Null with errno: ENOMEM, or EPROTO when REC
   keeps more than there is.  */
static const char *
whole_path (struct order *o, const struct frame *f,
            const struct rec_wire *rec, const char *end)
{
  if (rec->keep > o->len - f->base)
    {
      errno = EPROTO;
      return NULL;
    }
  size_t at = f->base + rec->keep, n = at + rec->pathlen;
  if (n + 1 > o->path_cap)
    {
      size_t cap = n + 1 > 2 * o->path_cap ? n + 1 : 2 * o->path_cap;
      char *p = realloc (o->path, cap);
      if (!p)
        return NULL;
      o->path = p;
      o->path_cap = cap;
    }
  memcpy (o->path + at, end, rec->pathlen);
  o->path[n] = '\0';
  o->len = n;
  return o->path;
}

/* Deliver the report REC (its data DATA, its path's end END) of frame F
   to M's REPORT; MORE: another follows at once.  */
static int
deliver (struct libfts_mpi *m, struct frame *f, const struct rec_wire *rec,
         const char *data, const char *end, bool more)
{
  struct order *o = m->order;
  const char *path = whole_path (o, f, rec, end);
  alignas (max_align_t) char small[256];
  void *copy = rec->size <= sizeof small ? small : malloc (rec->size);

  if (!path || !copy)
    return -1;
  memcpy (copy, data, rec->size);
  if (rec->code == LIBFTS_WALK_FAILED && !m->fail_err)
    m->fail_err = rec->err;
  struct libfts_walk_report r = {
    .path = path, .pathlen = o->len, .level = rec->level,
    .info = rec->info, .code = rec->code, .err = rec->err,
    .value = rec->value, .data = rec->size ? copy : NULL,
    .size = rec->size, .more = more
  };
  if (!m->stopped && m->report && m->report (&r, m->arg) != 0)
    m->stopped = true;
  if (copy != small)
    free (copy);
  return 0;
}

/* Consume the report at the top frame's position in piece P.  Returns 0,
   or -1 (ENOMEM, EPROTO).  */
static int
consume_one (struct libfts_mpi *m, struct opiece *p)
{
  struct order *o = m->order;
  struct frame *f = &o->stack[o->depth - 1];
  struct rec_wire rec;

  memcpy (&rec, p->buf + f->pos, sizeof rec);
  const char *data = p->buf + f->pos + sizeof rec;
  const char *end = data + ((rec.size + 7) & ~(size_t) 7);
  f->pos = end - p->buf + ((rec.pathlen + 7) & ~(size_t) 7);
  if (rec.code != CODE_CHILD)
    return deliver (m, f, &rec, data, end, f->pos < p->len);
  if (!whole_path (o, f, &rec, end))
    return -1;
  return push_frame (o, rec.value);
}

/* The top frame's first piece P (of task T) is consumed: acknowledge it;
   if it was the task's last, the task is over.  */
static void
piece_consumed (struct libfts_mpi *m, struct otask *t, struct opiece *p)
{
  struct order *o = m->order;
  struct frame *f = &o->stack[o->depth - 1];
  int64_t id = t->id;

  mpiw__post_id (m, p->src, TAG_ACK, id, (int64_t) p->len);
  t->head = p->next;
  if (!t->head)
    t->tail = &t->head;
  bool last = p->last;
  free (p->buf);
  free (p);
  f->pos = sizeof (struct piece_wire);
  if (!last)
    return;
  drop_task (o, t);
  o->len = f->base;             /* the placeholder's path, in its parent */
  o->depth--;
  if (id != ROOT_TASK)
    mpiw__post_id (m, (int) (id >> TASK_RANK_SHIFT), TAG_TICKET, id, 1);
  if (o->depth == 0)
    o->done = true;
}

/* Deliver whatever is ready in turn.  Returns 0, or -1 (ENOMEM).  */
static int
advance (struct libfts_mpi *m)
{
  struct order *o = m->order;

  while (o->depth > 0)
    {
      struct otask *t = find_task (o, o->stack[o->depth - 1].id, false);
      if (!t || !t->head)
        return 0;
      struct opiece *p = t->head;
      if (o->stack[o->depth - 1].pos < p->len)
        {
          if (consume_one (m, p) != 0)
            return -1;
        }
      else
        piece_consumed (m, t, p);
    }
  return 0;
}

int
mpiw__order_add (struct libfts_mpi *m, char *buf, size_t len, int src)
{
  struct order *o = m->order;
  struct piece_wire h;

  if (len < sizeof h)
    {
      free (buf);
      errno = EPROTO;
      return -1;
    }
  memcpy (&h, buf, sizeof h);
  struct otask *t = find_task (o, h.id, true);
  struct opiece *p = malloc (sizeof *p);
  if (!t || !p)
    {
      free (p);
      free (buf);
      return -1;
    }
  *p = (struct opiece) { .buf = buf, .len = len, .src = src,
                         .last = h.last != 0 };
  *t->tail = p;
  t->tail = &p->next;
  return advance (m);
}

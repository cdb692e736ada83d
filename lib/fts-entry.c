/* fts-entry.c: fts_read's entries: each allocated with its name and,
   unless it shares one of the stream's, a stat buffer of its own; freed
   with what it holds as a directory (its children, its place in the
   cycle set or the watch, its descriptor).

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-int.h"

#include <stdlib.h>
#include <string.h>

/* A new entry named NAME (NAMELEN bytes), with EXTRA more bytes after the
   name's NUL for the caller, then a stat buffer of its own unless
   SHARED_ST (one of S's shared_st) is not null: its fts_statp is then
   that.  Returns it, or null with errno ENOMEM.  */
FTSENT *
fts__ent_alloc (const struct fts__stream *s, const char *name,
                size_t namelen, size_t extra, struct stat *shared_st)
{
  size_t head = offsetof (struct fts__ent, pub.fts_name);
  size_t size = head + namelen + 1 + extra;
  size_t st_at = 0;
  if (!shared_st)
    {
      size_t align = _Alignof (struct stat);
      st_at = (size + align - 1) / align * align;
      size = st_at + sizeof (struct stat);
    }
  if (size < sizeof (struct fts__ent))
    size = sizeof (struct fts__ent);
  struct fts__ent *e = malloc (size);
  if (!e)
    return NULL;
  memset (e, 0, head);
  e->fd = -1;
  FTSENT *p = &e->pub;
  memcpy (p->fts_name, name, namelen);
  p->fts_name[namelen] = '\0';
  p->fts_namelen = fts__saturate_ushort (namelen);
  p->fts_statp = shared_st ? shared_st
                             : (struct stat *) ((char *) e + st_at);
  p->fts_instr = FTS_NOINSTR;
  p->fts_symfd = -1;
  p->fts_path = p->fts_accpath = s->pub.fts_path;
  return p;
}

/* Free the list of children E holds (FTS__E_LIST).  */
static void
free_list (struct fts__stream *s, struct fts__ent *e)
{
  if (e->kids.list && s->pub.fts_child == e->kids.list)
    s->pub.fts_child = NULL;
  while (e->kids.list)
    {
      FTSENT *next = e->kids.list->fts_link;
      fts__ent_free (s, e->kids.list);
      e->kids.list = next;
    }
}

/* The list of children E holds, or null when it holds none as a list.  */
FTSENT *
fts__kids_list (const struct fts__ent *e)
{
  return e->flags & FTS__E_LIST ? e->kids.list : NULL;
}

/* Free the children P still holds (compact or as a list) and take P out
   of the cycle set or the watch; P's descriptor stays open.  */
void
fts__drop_children (struct fts__stream *s, FTSENT *p)
{
  struct fts__ent *e = fts__priv (p);
  if (e->flags & FTS__E_LIST)
    free_list (s, e);
  else if (e->kids.dir)
    {
      fts__dir_free (e->kids.dir);
      free (e->kids.dir);
      e->kids.dir = NULL;
    }
  e->flags &= ~(FTS__E_NAMEONLY | FTS__E_LIST);
  if (s->watched == p)
    s->watched = NULL;
  if (e->flags & FTS__E_ACTIVE)
    {
      fts__cycle_leave (&s->cycle, p);
      e->flags &= ~FTS__E_ACTIVE;
    }
}

/* Free what P holds as a directory: children, cycle-set entry and
   descriptor.  */
void
fts__drop_dir_state (struct fts__stream *s, FTSENT *p)
{
  fts__drop_children (s, p);
  fts__close_dir (s, p);
}

void
fts__ent_free (struct fts__stream *s, FTSENT *p)
{
  fts__drop_dir_state (s, p);
  if (s->cwd_dir == p)
    s->cwd_dir = NULL;
  free (fts__priv (p));
}

/* The walk comes back up to directory D, or to its parent, from below:
   if D's stat buffer is shared (FTS_NOSTAT, physical), entries below took
   it, so give it back D's type and identity, which D keeps in its public
   part.  */
void
fts__restore_shared_st (struct fts__stream *s, const FTSENT *d)
{
  struct stat *st = d->fts_statp;
  if (st != &s->shared_st[0] && st != &s->shared_st[1])
    return;
  memset (st, 0, sizeof *st);
  st->st_mode = S_IFDIR;
  st->st_dev = d->fts_dev;
  st->st_ino = d->fts_ino;
  st->st_nlink = d->fts_nlink;
}

/* change-walk.c: the walk of chmod, chown and chgrp, and what it says.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   This program is free software: you can redistribute it and/or modify
   it under the terms of the GNU General Public License as published by
   the Free Software Foundation, either version 3 of the License, or
   (at your option) any later version.

   This program is distributed in the hope that it will be useful,
   but WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
   GNU General Public License for more details.

   You should have received a copy of the GNU General Public License
   along with this program.  If not, see <https://www.gnu.org/licenses/>.  */

#include <config.h>

#include "change-walk.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>

#include "quoting.h"
#include "walk-util.h"

#include "error.h"
#include "gettext.h"
#include "hash.h"
#include "xalloc.h"

#define _(msgid) gettext (msgid)

/* Whether -f silences CODE: the diagnostics of failures, not the
   warnings (cycle, '/').  */
static bool
silenced (struct change_walk const *cw, int code)
{
  switch (code)
    {
    case WM_CANNOT_ACCESS: case WM_TRAVERSAL: case WM_CANNOT_READ:
      return true;
    case WM_CYCLE: case WM_DANGEROUS_ROOT:
      return false;
    default:
      return cw->silenced (code);
    }
}

void
cw_say (struct change_walk const *cw, struct walk_file const *f, int code,
        int err, intmax_t value)
{
  if (!(cw->force_silent && silenced (cw, code)))
    walk_say (&cw->voice, f, code, err, value);
}

bool
cw_vanished (struct change_walk const *cw, struct walk_file const *f, int err)
{
  return cw->recurse && entry_vanished (err, f->level);
}

bool
cw_stat_followed (struct change_walk const *cw, struct walk_file const *f)
{
  return (cw->fts_flags & FTS_LOGICAL)
         || (f->level == FTS_ROOTLEVEL && (cw->fts_flags & FTS_COMFOLLOW));
}

void
cw_settle_dangling (struct change_walk const *cw, struct walk_file *f)
{
  struct stat st;

  if (f->info != FTS_SLNONE || !cw_stat_followed (cw, f)
      || fstatat (f->dirfd, f->name, &st, 0) == 0 || errno == ENOENT)
    return;
  f->info = FTS_NS;
  f->err = errno;
  f->st = NULL;
}

bool
cw_refuse_root (struct change_walk const *cw, struct walk_file const *f,
                struct stat const *st)
{
  if (!is_dev_ino (cw->root, st))
    return false;
  cw_say (cw, f, WM_DANGEROUS_ROOT, 0, 0);
  return true;
}

enum cw_state
cw_diagnose (struct change_walk const *cw, struct walk_file const *f)
{
  int code;

  switch (f->info)
    {
    case FTS_NS:
      code = WM_CANNOT_ACCESS;
      break;
    case FTS_ERR:
      cw_say (cw, f, WM_TRAVERSAL, f->err, 0);
      return CW_FAILED;
    case FTS_DNR:
      code = WM_CANNOT_READ;
      break;
    case FTS_DC:
      /* Through a followed symlink a cycle is no error (a link to an
         ancestor); where none is followed, the file system is corrupt or
         a bind mount loops.  */
      if (cw_stat_followed (cw, f))
        return CW_FINE;
      cw_say (cw, f, WM_CYCLE, 0, 0);
      return CW_FAILED;
    default:
      return CW_FINE;
    }
  if (cw_vanished (cw, f, f->err))
    return CW_VANISHED;
  cw_say (cw, f, code, f->err, 0);
  return CW_FAILED;
}

/* ---- files with more than one name ---- */

/* The hash and equality of struct cw_link, by dev and inode.  */
static size_t
link_hash (void const *p, size_t n)
{
  struct cw_link const *l = p;

  return (l->id.ino ^ (l->id.dev * 0x9e3779b97f4a7c15u)) % n;
}

static bool
link_equal (void const *a, void const *b)
{
  struct cw_link const *x = a, *y = b;

  return x->id.ino == y->id.ino && x->id.dev == y->id.dev;
}

/* The files with more than one name of a walk: struct cw_link, by dev
   and inode, from any thread.  */
struct cw_links
{
  pthread_mutex_t lock;
  Hash_table *table;
};

bool
cw_is_link (struct change_walk const *cw, struct walk_file const *f)
{
  return (cw->links && f->e && f->st && 1 < f->st->st_nlink
          && !S_ISDIR (f->st->st_mode));
}

void
cw_note_link (struct change_walk const *cw, struct walk_file const *f,
              uintmax_t before)
{
  struct cw_link *l = xmalloc (sizeof *l);
  struct cw_link *in;

  *l = (struct cw_link) { .id = { f->st->st_dev, f->st->st_ino },
                          .names_left = f->st->st_nlink, .before = before };
  pthread_mutex_lock (&cw->links->lock);
  in = hash_insert (cw->links->table, l);
  if (in)
    in->pending++;              /* said by say_link_report, under the lock */
  pthread_mutex_unlock (&cw->links->lock);
  if (!in)
    xalloc_die ();
  if (in != l)
    free (l);                   /* another name came first */
}

void
cw_say_link (struct change_walk const *cw, struct walk_file const *f,
             int code, int err, intmax_t value)
{
  /* The report carries the file's device and inode.  */
  struct dev_ino id = { f->st->st_dev, f->st->st_ino };

  if (!(cw->force_silent && silenced (cw, code))
      && libfts_walk_report_data (f->e, code, err, value, &id, sizeof id) != 0)
    xalloc_die ();
}

/* Say the report R about a file with more than one name, through CW's
   say_link, in the sequential walk's order.  */
static void
say_link_report (struct change_walk const *cw,
                 struct libfts_walk_report const *r)
{
  struct cw_link key = { .id = *(struct dev_ino const *) r->data };
  struct cw_link *l;
  bool forget;

  pthread_mutex_lock (&cw->links->lock);
  l = hash_lookup (cw->links->table, &key);
  pthread_mutex_unlock (&cw->links->lock);
  if (!l)
    {
      /* Not noted: a bug, but what the thread saw is still true.  */
      walk_speak (&cw->voice, r->path, r->code, r->err, r->value);
      return;
    }
  cw->say_link (cw, r->path, r->code, r->err, r->value, l);
  /* Each name is said once: after the last, the inode is forgotten (a
     name outside the walk keeps it to the end), but not while a visit
     that noted it is still to be said: an operand that names the file
     again (t t/f t) noted it, and its names are to say what the earlier
     ones left.  */
  pthread_mutex_lock (&cw->links->lock);
  l->pending--;
  if (l->names_left)
    l->names_left--;
  forget = l->names_left == 0 && l->pending == 0;
  if (forget)
    hash_remove (cw->links->table, l);
  pthread_mutex_unlock (&cw->links->lock);
  if (forget)
    free (l);
}

/* ---- the sequential walk ---- */

bool
cw_retry_operand (struct change_walk *cw, FTSENT *ent)
{
  if (ent->fts_info != FTS_NS || ent->fts_level != FTS_ROOTLEVEL
      || ent->fts_number)
    return false;
  ent->fts_number = 1;
  return fts_set (cw->fts, ent, FTS_AGAIN) == 0;
}

bool
cw_walk_sequential (struct change_walk *cw, char *const *files,
                    int fts_options,
                    bool (*visit) (struct change_walk *cw, FTSENT *ent))
{
  bool ok = true;
  FTSENT *ent;

  cw->fts = open_walk (files, fts_options | FTS_DIRFD | FTS_LAZY_CYCLE_CHECK);
  while ((ent = fts_read (cw->fts)))
    ok &= visit (cw, ent);
  return finish_walk (cw->fts, errno, cw->force_silent) && ok;
}

/* ---- the parallel walk ---- */

bool
cw_parallel (struct change_walk const *cw, char *const *files)
{
  return (cw->recurse && !(cw->fts_flags & FTS_LOGICAL)
          && walk_threads (cw->remote) && !mounts_may_cycle (files));
}

void
cw_fail (struct change_walk *cw)
{
  atomic_store_explicit (&cw->failed, true, memory_order_relaxed);
}

/* Say what the report R says, as the sequential walk says it.  */
static int
report_message (struct libfts_walk_report const *r, void *arg)
{
  struct change_walk const *cw = arg;

  if (r->data)
    say_link_report (cw, r);
  else if (r->code != LIBFTS_WALK_FAILED)
    walk_speak (&cw->voice, r->path, r->code, r->err, r->value);
  else if (!cw->force_silent)
    warn_walk_failed (r->err);
  return 0;
}

/* cw_walk_parallel on CW's remote machines too (the program's visits
   decide alone: nothing met under one operand changes what is done under
   another): operands that do not meet in one walk, others each in a walk
   of its own, in turn; FOLLOW: symbolic links given are followed.  With
   -v or -c, each in a walk of its own: which name of a file with several
   says "changed" is decided on the rank that changes it first (no
   struct cw_link across ranks), and one walk would let an operand's
   name come before an earlier operand's.  */
static bool
walk_remotely (struct change_walk *cw, char *const *files, int options,
               bool follow, libfts_walk_visit_fn visit)
{
  bool apart = !cw->say_link && operands_apart (files, follow);

  if (walk_remote_roots (cw->remote, files, apart, options,
                         WALK_REMOTE_SHARE, visit, report_message, cw) != 0)
    cw_fail (cw);
  return !atomic_load_explicit (&cw->failed, memory_order_relaxed);
}

bool
cw_serve (struct change_walk *cw, libfts_walk_visit_fn visit)
{
  if (cw->remote->serve (cw->remote->ctx, visit, cw) != 0)
    {
      warn_serve_failed (errno);
      cw_fail (cw);
    }
  return !atomic_load_explicit (&cw->failed, memory_order_relaxed);
}

bool
cw_walk_parallel (struct change_walk *cw, char *const *files,
                  int walk_options, libfts_walk_visit_fn visit)
{
  int options = walk_options | LIBFTS_WALK_ORDERED | LIBFTS_WALK_SPLIT;
  struct operands ops = { .files = files };

  if (cw->fts_flags & FTS_COMFOLLOW)
    options |= LIBFTS_WALK_COMFOLLOW;
  if (cw->remote)
    return walk_remotely (cw, files, options, ops.follow, visit);
  if (cw->say_link)
    {
      cw->links = xmalloc (sizeof *cw->links);
      cw->links->table = hash_initialize (0, NULL, link_hash, link_equal,
                                          free);
      if (!cw->links->table)
        xalloc_die ();
      pthread_mutex_init (&cw->links->lock, NULL);
    }
  if (walk_operands (&ops, options, visit, report_message, cw) != 0)
    cw_fail (cw);
  if (cw->links)
    {
      hash_free (cw->links->table);
      pthread_mutex_destroy (&cw->links->lock);
      free (cw->links);
      cw->links = NULL;
    }
  return !atomic_load_explicit (&cw->failed, memory_order_relaxed);
}

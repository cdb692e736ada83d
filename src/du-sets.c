/* du-sets.c: what du remembers of the entries it met, by (device,
   inode): the hard links and, when they may be met again, the files and
   directories counted (SEEN); what a later operand may name but was not
   counted all through (UNCOUNTED); and the mount points, read when a
   cycle is met, that tell a bind mount from a corrupted file system
   (MOUNTS).  The parallel walk's threads share them under one lock.

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

#include <stdlib.h>
#include <sys/stat.h>

#include "basename-lgpl.h"
#include "di-set.h"
#include "mountlist.h"
#include "xalloc.h"

#include "du-int.h"

/* On the parallel walk, lock the sets that its threads share (SEEN,
   UNCOUNTED, MOUNTS and the flags beside them); the sequential walk has
   no other thread to wait for.  Never held while saying anything: a
   report may be delivered on the thread that makes it.  */
static void
lock_sets (struct du_walk *w)
{
  if (w->parallel)
    pthread_mutex_lock (&w->lock);
}

static void
unlock_sets (struct du_walk *w)
{
  if (w->parallel)
    pthread_mutex_unlock (&w->lock);
}

/* Whether SET holds ST's (device, inode).  */
static bool
in_set (struct di_set *set, struct stat const *st)
{
  int r = di_set_lookup (set, st->st_dev, st->st_ino);

  if (r < 0)
    xalloc_die ();
  return r;
}

/* Add ST's (device, inode) to SET; returns whether it was not there.  */
static bool
add_to_set (struct di_set *set, struct stat const *st)
{
  int r = di_set_insert (set, st->st_dev, st->st_ino);

  if (r < 0)
    xalloc_die ();
  return r;
}

/* Remember ST, met below an operand and not counted all through: a file
   with one link left out, or a directory not read to its end.  Only a
   later operand asks (counted_in_dir), so nothing is remembered unless
   SEEN holds directories but not every file (several operands, without
   -l or -L); nor a file with several links, which SEEN holds once it is
   counted.  */
void
du_remember_uncounted (struct du_walk *w, struct stat const *st)
{
  struct du_options const *x = w->x;

  if (!x->several || x->hash_all || x->count_links
      || (!S_ISDIR (st->st_mode) && 1 < st->st_nlink))
    return;
  lock_sets (w);
  if (!w->uncounted && !(w->uncounted = di_set_alloc ()))
    xalloc_die ();
  add_to_set (w->uncounted, st);
  unlock_sets (w);
}

/* The directory that holds FILE, an operand (following the symbolic link
   FILE with -D and -H, whose directory may be elsewhere): a new string,
   or null if FILE cannot be resolved.  */
static char *
operand_dir (struct du_walk const *w, char const *file)
{
  char *real = NULL;

  if (w->x->fts_flags & FTS_COMFOLLOW)
    {
      real = realpath (file, NULL);
      if (!real)
        return NULL;
      file = real;
    }
  size_t len = last_component (file) - file;
  char *dir = len ? ximemdup0 (file, len) : xstrdup (".");
  free (real);
  return dir;
}

/* Whether operand PATH (stat ST), a file with one link that SEEN does
   not hold, was counted below an operand walked before: its one
   directory was walked, and neither that directory nor the file was left
   uncounted there.  */
static bool
counted_in_dir (struct du_walk *w, char const *path, struct stat const *st)
{
  char *dir = operand_dir (w, path);
  struct stat dst;
  bool counted = (dir && stat (dir, &dst) == 0 && in_set (w->seen, &dst)
                  && !(w->uncounted
                       && (in_set (w->uncounted, &dst)
                           || in_set (w->uncounted, st))));

  free (dir);
  return counted;
}

/* Whether du_seen_before remembers the directories it is asked about:
   with several operands, or with every file and directory hashed (-L),
   unless -l counts everything wherever it is met.  */
static bool
dirs_remembered (struct du_options const *x)
{
  return !x->count_links && (x->hash_all || x->several);
}

/* Whether the entry at PATH and depth LEVEL, whose stat is ST, was
   counted already: a hard link to a file met before, or, when every entry
   is remembered, any file or directory met before; with several
   operands, a directory met before, or a file with one link that an
   operand before counted (see the head of du-core.c).  Remembers the
   entry otherwise, if it may be met again.  PATH is only read for an
   operand (LEVEL 0) that is not a directory.  */
bool
du_seen_before (struct du_walk *w, size_t level, char const *path,
             struct stat const *st)
{
  struct du_options const *x = w->x;
  bool dir = S_ISDIR (st->st_mode);
  bool add = x->hash_all || (dir ? x->several : 1 < st->st_nlink);
  bool seen;

  if (dir ? !dirs_remembered (x) : x->count_links)
    return false;
  /* A file with one link is only looked up as an operand, or if SEEN
     holds such files: the threads of the parallel walk need not wait for
     each other otherwise.  */
  if (!add && !(x->several
                && (level == 0
                    || atomic_load_explicit (&w->files_seen,
                                             memory_order_relaxed))))
    return false;
  lock_sets (w);
  if (add)
    {
      seen = !add_to_set (w->seen, st);
      w->dirs_seen |= dir;
    }
  else if (0 < level)
    seen = in_set (w->seen, st);
  else if (!(seen = (in_set (w->seen, st)
                     || (w->dirs_seen && counted_in_dir (w, path, st)))))
    {
      add_to_set (w->seen, st);
      atomic_store_explicit (&w->files_seen, true, memory_order_relaxed);
    }
  unlock_sets (w);
  return seen;
}

/* Fill W->mounts with the (device, inode) of every local, real mount
   point.  A mount point that cannot be stat-ed is left out.  */
static void
read_mounts (struct du_walk *w)
{
  struct mount_entry *me = read_file_system_list (false);

  w->mounts = di_set_alloc ();
  if (!w->mounts)
    xalloc_die ();
  while (me)
    {
      struct mount_entry *next = me->me_next;
      struct stat st;

      if (!me->me_remote && !me->me_dummy && stat (me->me_mountdir, &st) == 0)
        add_to_set (w->mounts, &st);
      free_mount_entry (me);
      me = next;
    }
}

/* Whether a mount point lies between F, an FTS_DC directory, and the
   ancestor it repeats (F included, the ancestor not): then the cycle is
   a bind mount, made on purpose, not a corrupted file system.  The
   sequential walk knows that ancestor (fts_cycle); the parallel one goes
   up its directories' records to the one with F's identity.  */
bool
du_mount_point_in_cycle (struct du_walk *w, struct walk_file const *f)
{
  struct stat const *st = f->st;
  bool found = false;

  lock_sets (w);
  if (!w->mounts)
    read_mounts (w);
  if (!f->e)
    for (FTSENT const *p = f->ent; !found && p && p != f->ent->fts_cycle;
         p = p->fts_parent)
      found = in_set (w->mounts, p->fts_statp);
  else
    {
      found = in_set (w->mounts, st);
      for (struct du_dir const *d = f->e->parent_data;
           !found && d && !(d->dev == st->st_dev && d->ino == st->st_ino);
           d = d->parent)
        found = di_set_lookup (w->mounts, d->dev, d->ino) > 0;
    }
  unlock_sets (w);
  return found;
}

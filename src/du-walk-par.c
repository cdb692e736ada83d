/* du-walk-par.c: du's parallel walk, on libfts's threads or on the
   machines of a walker (mpi-du's ranks): the visit each thread makes
   (du_visit, du-core.c) and the reports, counted and printed in the
   sequential walk's order.  Walking elsewhere is here too: its ranks
   make the same visits and send the same reports.

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

#include <errno.h>
#include <pthread.h>
#include <string.h>

#include "xalloc.h"

#include "du-int.h"

/* With more than one thread, a physical walk (not -L) goes on libfts's
   parallel walk, one operand at a time, and prints exactly what the
   sequential walk (du-walk-seq.c) prints.  Every line and message is
   printed from REPORT, which libfts calls one report at a time in the
   order fts_read would have met the entries; all the counting by depth
   (du_count_at) is done there too, so that sums and lines are the
   sequential walk's.

   What the threads do without waiting for their turn: stat the files,
   and add up, per directory, the files that can only be counted there (a
   file with one link: no other name can reach it; or -l).  A directory's
   post-order report carries that sum beside its own.  A file is reported
   by itself when it has a line of its own (-a, an operand) or when where
   it is counted depends on the order (a file with several links: it
   counts where the sequential walk meets it first, which REPORT, in that
   order, decides).

   What waits for its turn, then, is a report for each directory finished
   before the directories ahead of it (one thread may be slow in a large
   directory while others finish the rest of the tree), and one per file
   with several links or, with -a, per file.  libfts bounds it: once
   256 KiB of reports wait (about 2,500 directories' or files'), the
   threads take only the directories that let the reports go on
   (FTS__WALK_BACKLOG), and what they add before they finish the
   directories they are in comes on top (at most a chunk of 256 Ki
   entries each).  A large directory's files are shared among the threads
   in slices (LIBFTS_WALK_SPLIT), under the same bound.  Peak RSS, 8
   threads, npm-like tree: du 2.9 MB, du -a 3.4 MB; GNU du 2.0 and 2.1.  */

/* Make the walk's outcome at least S.  */
static void
pw_update (struct du_walk *w, enum du_status s)
{
  pthread_mutex_lock (&w->lock);
  DU_UPDATE_STATUS (w->pstatus, s);
  pthread_mutex_unlock (&w->lock);
}

/* The parallel walk's VISIT of E, on whichever thread reaches it.  */
int
du_visit_entry (struct libfts_walk_entry *e, void *arg)
{
  struct du_walk *w = arg;
  struct walk_file f = walk_file_of_entry (e);
  enum du_status s = du_visit (w, &f);

  if (s != DU_OK)
    pw_update (w, s);
  return f.next;
}

/* REPORT about a file with several links: count it in its turn, unless
   it was met before.  */
static void
count_link (struct du_walk *w, struct libfts_walk_report const *r,
            struct du_rdata const *d)
{
  struct stat st = du_rdata_stat (d);

  if (!du_seen_before (w, r->level, r->path, &st))
    du_count_at (w, r->level, r->path, &d->own, false);
}

/* REPORT of the parallel walk: count and print in the sequential order.  */
static int
report (struct libfts_walk_report const *r, void *arg)
{
  struct du_walk *w = arg;
  enum du_status s = DU_OK;

  du_output_held = r->more;
  switch (r->code)
    {
    case DU_R_FILE:
      du_count_at (w, r->level, r->path, r->data, false);
      break;
    case DU_R_LINK:
      count_link (w, r, r->data);
      break;
    case DU_R_DIR:
      s = du_count_dir (w, r->path, r->level, r->info, r->err, r->data);
      break;
    default:                    /* a message: a failure, of its visit or
                                   of the walk (LIBFTS_WALK_FAILED) */
      walk_speak (&w->voice, r->path, r->code, r->err, 0);
      s = DU_ERROR;
      break;
    }
  du_output_held = false;
  if (!r->more)
    du_flush_or_die ();
  if (s != DU_OK)
    pw_update (w, s);
  return 0;
}

/* Walk ROOTS (null-terminated, as given) with W->x's walker (mpi-du's
   ranks), with libfts_walk_open's OPTIONS: shared by the ranks if SHARE,
   and then in one walk if there are several.  --exclude matches whole
   paths on every rank (the walker's path).  */
static void
walk_elsewhere (struct du_walk *w, char *const *roots, int options,
                bool share)
{
  size_t n = 0;

  while (roots[n])
    n++;
  char **trimmed = trim_operands (roots, n);
  walk_remote_roots (w->x->walker, trimmed, share && 1 < n, options,
                     share ? WALK_REMOTE_SHARE : 0, du_visit_entry, report, w);
  free_operands (trimmed, roots);
}

/* Whether OPS's operands may be walked by several machines: their
   visits decide alone.  With several operands they remember the
   directories they met (du_seen_before), each machine its own: safe only
   where no operand may meet what one before it met (operands_apart);
   names read as the walk goes cannot be told ahead.  Hard links are
   decided where the reports come in order (DU_R_LINK), on one machine.  */
static bool
may_share (struct du_walk const *w, struct operands const *ops)
{
  if (!w->x->several)
    return true;
  return ops->files && operands_apart (ops->files, ops->follow);
}

/* Whether NAME, an operand, is one du speaks of in its turn with its
   number among the operands (operand_ok): walked alone, so that the
   number is the count of those before it.  */
static bool
odd_name (char const *name, void *arg)
{
  struct du_walk const *w = arg;
  char const *from = w->x->files_from;

  return !*name || (from && strcmp (from, "-") == 0 && strcmp (name, "-") == 0);
}

/* Walk OPS's operands on the parallel walk (or W->x's walker), all in
   one: the threads walk several at once.  */
enum du_status
du_walk_parallel (struct du_walk *w, struct operands *ops)
{
  int options = LIBFTS_WALK_ORDERED | LIBFTS_WALK_SPLIT;
  char *name;

  if (w->x->fts_flags & FTS_COMFOLLOW)
    options |= LIBFTS_WALK_COMFOLLOW;
  ops->alone = odd_name;
  ops->alone_arg = w;
  w->pstatus = DU_OK;
  w->prev_level = 0;
  w->parallel = true;
  if (!w->x->walker)
    {
      if (walk_operands (ops, options, du_visit_entry, report, w) < 0
          && errno == ENOMEM)
        xalloc_die ();
    }
  else if (ops->files)
    walk_elsewhere (w, ops->files, options, may_share (w, ops));
  else
    while (next_operand_name (ops, &name))
      walk_elsewhere (w, (char *[]) { name, NULL }, options, false);
  w->parallel = false;
  return w->pstatus;
}

/* du-walk-seq.c: du's sequential walk: the operands in libfts streams
   read with fts_read, each entry handed to du_visit (du-core.c) as it
   comes, and what du says said at once.

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
#include <stdatomic.h>

#include "du-int.h"

/* fts_read failed in W's stream: the directories it was in were not read
   to their end.  */
static void
remember_unfinished (struct du_walk *w)
{
  for (FTSENT const *p = w->fts->fts_cur; p && FTS_ROOTLEVEL <= p->fts_level;
       p = p->fts_parent)
    if (p->fts_info == FTS_D)
      du_remember_uncounted (w, p->fts_statp);
}

/* Walk FILES (N names) from the first, in one libfts stream, until the
   end or until fts_read fails.  Returns the worst outcome; *DONE is the
   number of operands begun.  */
static enum du_status
walk_from (struct du_walk *w, char *const *files, size_t n, size_t *done)
{
  enum du_status status = DU_OK;
  char **roots = trim_operands (files, n);
  size_t roots_before = atomic_load (&w->n_roots);
  FTSENT *ent;

  w->fts = open_walk (roots, w->x->fts_flags | FTS_DIRFD);
  w->prev_level = 0;
  while ((ent = fts_read (w->fts)))
    {
      struct walk_file f = walk_file_of (w->fts, ent);

      DU_UPDATE_STATUS (status, du_visit (w, &f));
    }
  if (errno != 0)
    {
      walk_speak (&w->voice, w->fts->fts_path, LIBFTS_WALK_FAILED, errno,
                  0);
      remember_unfinished (w);
      status = DU_ERROR;
    }
  if (!finish_walk (w->fts, 0, false))
    status = DU_ERROR;
  free_operands (roots, files);
  *done = atomic_load (&w->n_roots) - roots_before;
  return status;
}

/* Walk OPS's operands with fts_read: those of the command line in one
   stream, but that a failed fts_read stops the stream, and the operands
   after the one it failed in are walked by a new one, as GNU du walks
   each by itself; names read one at a time.  */
enum du_status
du_walk_sequential (struct du_walk *w, struct operands *ops)
{
  enum du_status status = DU_OK;
  size_t n = 0;
  char *name;

  if (ops->files)
    {
      while (ops->files[n])
        n++;
      for (size_t start = 0, done; start < n; start += done ? done : n)
        DU_UPDATE_STATUS (status, walk_from (w, ops->files + start,
                                             n - start, &done));
      return status;
    }
  for (size_t done; next_operand_name (ops, &name); )
    DU_UPDATE_STATUS (status, walk_from (w, &name, 1, &done));
  return status;
}

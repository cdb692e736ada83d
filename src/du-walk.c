/* du-walk.c: a du walk from its start to its end, and which walk takes
   its operands: fts_read (du-walk-seq.c), or libfts's threads or a
   walker's machines (du-walk-par.c); du_serve for a machine that only
   walks what a walker hands it.

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
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "di-set.h"
#include "error.h"
#include "gettext.h"
#include "xalloc.h"

#include "du-int.h"

#define _(msgid) gettext (msgid)

/* Whether W's operands go on the parallel walk.  */
static bool
use_threads (struct du_walk const *w)
{
  return (!(w->x->fts_flags & FTS_LOGICAL) && walk_threads (w->x->walker));
}

struct du_walk *
du_walk_start (struct du_options const *x, struct du_sum *total)
{
  struct du_walk *w = xzalloc (sizeof *w);

  w->voice.speak = du_speak;
  w->x = x;
  w->total = total;
  w->seen = di_set_alloc ();
  if (!w->seen)
    xalloc_die ();
  pthread_mutex_init (&w->lock, NULL);
  return w;
}

/* Whether OPS is one operand that is not a directory (following a
   symbolic link with -D and -H): a file alone is walked sooner without a
   walk that could start threads, which asks for the processors and the
   descriptor limit.  */
static bool
one_file (struct du_walk const *w, struct operands const *ops)
{
  struct stat st;
  int flags = w->x->fts_flags & FTS_COMFOLLOW ? 0 : AT_SYMLINK_NOFOLLOW;

  return (ops->files && ops->files[0] && !ops->files[1]
          && fstatat (AT_FDCWD, ops->files[0], &st, flags) == 0
          && !S_ISDIR (st.st_mode));
}

enum du_status
du_walk_operands (struct du_walk *w, struct operands *ops)
{
  return (!one_file (w, ops) && use_threads (w) ? du_walk_parallel (w, ops)
          : du_walk_sequential (w, ops));
}

enum du_status
du_serve (struct du_options const *x)
{
  struct du_sum total;
  struct du_walk *w;

  du_sum_init (&total);
  w = du_walk_start (x, &total);
  w->parallel = true;
  w->pstatus = DU_OK;
  if (x->walker->serve (x->walker->ctx, du_visit_entry, w) != 0)
    {
      warn_serve_failed (errno);
      DU_UPDATE_STATUS (w->pstatus, DU_ERROR);
    }
  enum du_status status = w->pstatus;
  du_walk_end (w);
  return status;
}

void
du_walk_end (struct du_walk *w)
{
  di_set_free (w->seen);
  if (w->uncounted)
    di_set_free (w->uncounted);
  if (w->mounts)
    di_set_free (w->mounts);
  free (w->lvl);
  pthread_mutex_destroy (&w->lock);
  free (w);
}

enum du_status
du_files (char *const *files, struct du_options const *x,
          struct du_sum *total)
{
  struct du_walk *w = du_walk_start (x, total);
  struct operands ops = { .files = files };
  enum du_status status = du_walk_operands (w, &ops);

  du_walk_end (w);
  return status;
}

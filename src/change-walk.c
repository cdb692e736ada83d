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
#include <stdlib.h>

#include "quoting.h"
#include "walk-util.h"

#include "error.h"
#include "gettext.h"
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
          && 1 < libfts_default_threads () && !mounts_may_cycle (files));
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

  if (r->code != LIBFTS_WALK_FAILED)
    walk_speak (&cw->voice, r->path, r->code, r->err, r->value);
  else if (!cw->force_silent)
    warn_walk_failed (r->err);
  return 0;
}

bool
cw_walk_parallel (struct change_walk *cw, char *const *files,
                  int walk_options, libfts_walk_visit_fn visit)
{
  int options = walk_options | LIBFTS_WALK_ORDERED | LIBFTS_WALK_SPLIT;
  LIBFTS_WALK *walk;

  if (cw->fts_flags & FTS_COMFOLLOW)
    options |= LIBFTS_WALK_COMFOLLOW;
  walk = libfts_walk_open (files, options);
  if (!walk)
    xalloc_die ();
  if (libfts_walk_run (walk, visit, report_message, cw) != 0)
    cw_fail (cw);
  libfts_walk_close (walk);
  return !atomic_load_explicit (&cw->failed, memory_order_relaxed);
}

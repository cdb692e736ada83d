/* walk-util.c: opening and closing the programs' libfts streams.

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

#include "walk-util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "gettext.h"
#include "quotearg.h"
#include "xalloc.h"

#define _(msgid) gettext (msgid)

FTS *
open_walk (char *const *files, int options)
{
  FTS *fts = fts_open (files, options, NULL);

  if (!fts)
    {
      if (errno == EINVAL)
        abort ();
      xalloc_die ();
    }
  return fts;
}

bool
finish_walk (FTS *fts, int read_err, bool quiet)
{
  bool ok = read_err == 0;

  if (!ok && !quiet)
    error (0, read_err, _("fts_read failed"));
  if (fts_close (fts) != 0)
    {
      error (0, errno, _("fts_close failed"));
      ok = false;
    }
  return ok;
}

void
warn_dangerous_root (char const *file)
{
  enum quoting_style q = shell_escape_always_quoting_style;

  if (strcmp (file, "/") == 0)
    error (0, 0, _("it is dangerous to operate recursively on %s"),
           quotearg_style (q, file));
  else
    error (0, 0, _("it is dangerous to operate recursively on %s (same as %s)"),
           quotearg_n_style (0, q, file), quotearg_n_style (1, q, "/"));
  error (0, 0, _("use --no-preserve-root to override this failsafe"));
}

void
warn_cycle (char const *file)
{
  error (0, 0, _("\
WARNING: Circular directory structure.\n\
This almost certainly means that you have a corrupted file system.\n\
NOTIFY YOUR SYSTEM MANAGER.\n\
The following directory is part of the cycle:\n  %s\n"),
         quotearg_n_style_colon (0, shell_escape_quoting_style, file));
}

/* du-core.h: the disk usage core of du, on libfts.

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

#ifndef LIBFTS_DU_CORE_H
#define LIBFTS_DU_CORE_H 1

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "exclude.h"
#include "walk-util.h"
#include "quoting.h"

/* Which time --time shows.  */
enum du_time
{
  DU_MTIME,                     /* the default */
  DU_ATIME,                     /* atime, access, use */
  DU_CTIME                      /* ctime, status */
};

/* What the command line asked for.  */
struct du_options
{
  bool all;                     /* -a: a line for every file too */
  bool apparent_size;           /* --apparent-size, -A, -b */
  bool count_links;             /* -l: count hard links every time */
  bool separate_dirs;           /* -S */
  bool inodes;                  /* --inodes */
  bool null_terminate;          /* -0 */
  enum quoting_style name_style;  /* how the names of the lines are
                                   quoted (literal_quoting_style: as they
                                   are) */
  bool show_time;               /* --time */
  enum du_time time_type;
  char const *time_format;      /* for fprintftime, with --time */
  timezone_t tz;                /* with --time */
  size_t max_depth;             /* -d; SIZE_MAX when not given */
  intmax_t threshold;           /* -t: at least this; at most -this when
                                   negative */
  int human_opts;               /* for human_readable */
  uintmax_t block_size;         /* output unit */
  struct exclude *exclude;      /* --exclude, -X (null: none) */
  int fts_flags;                /* FTS_PHYSICAL, FTS_LOGICAL or
                                   FTS_PHYSICAL | FTS_COMFOLLOW; FTS_XDEV */
  bool hash_all;                /* remember every file and directory, not
                                   only hard links: with -L, any file may
                                   be met twice */
  bool several;                 /* several operands (or --files0-from):
                                   remember directories and file operands
                                   too */
  char const *files_from;       /* --files0-from (null: operands), for the
                                   diagnostics about operands */
  struct walk_remote const *walker;  /* null: libfts's walks here */
};

/* What is summed up for one line: bytes, inodes and the latest time.  */
struct du_sum
{
  uintmax_t size;               /* saturates at UINTMAX_MAX */
  uintmax_t inodes;
  struct timespec tmax;
};

/* Outcome, worst last.  */
enum du_status
{
  DU_OK = 2,
  DU_ERROR
};

#define DU_UPDATE_STATUS(s, new) \
  do { enum du_status s_new_ = (new); \
       if ((s) < s_new_) (s) = s_new_; } while (0)

/* An empty sum (its time earlier than any).  */
void du_sum_init (struct du_sum *s);

/* A walk of operands given in turns (the names of --files0-from, one at
   a time), which remembers what it counted from one turn to the next.  */
struct du_walk;

/* A new walk as X says, adding everything it counts to *TOTAL; X and
   TOTAL must outlive it.  Exits if memory runs out.  */
struct du_walk *du_walk_start (struct du_options const *x,
                               struct du_sum *total);

/* Walk the operands OPS gives (its FILES or NAMES; empty names and,
   with --files0-from=-, "-" are diagnosed in their turn) in W, printing a
   line per directory (and per file with -a) as W's options say.  Returns
   the worst outcome.  Exits with status 1 at once when standard output
   cannot be written.  */
enum du_status du_walk_operands (struct du_walk *w, struct operands *ops);

/* Free W.  */
void du_walk_end (struct du_walk *w);

/* du_walk_operands on a walk of its own: FILES (null-terminated) are
   all the operands.  */
enum du_status du_files (char *const *files, struct du_options const *x,
                         struct du_sum *total);

/* On a machine that only walks what X->walker's serve hands it: visit
   that as du does, until told to stop.  Returns the outcome.  */
enum du_status du_serve (struct du_options const *x);

/* Print S's line for NAME as X says: "SIZE[<TAB>TIME]<TAB>NAME\n" (NUL
   with -0), and flush it; exits with status 1 on a write error.  */
void du_print (struct du_options const *x, struct du_sum const *s,
               char const *name);

#endif /* LIBFTS_DU_CORE_H */

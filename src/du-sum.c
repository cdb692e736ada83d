/* du-sum.c: du's sums and the lines that show them: an entry's sum, the
   sums by depth as the walk goes down and up (one accumulator per depth,
   nothing per entry), the total, and the printing of a line.

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
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "error.h"
#include "fprintftime.h"
#include "gettext.h"
#include "human.h"
#include "inttostr.h"
#include "quote.h"
#include "stat-size.h"
#include "stat-time.h"
#include "timespec.h"
#include "xalloc.h"

#include "du-int.h"

#define _(msgid) gettext (msgid)

void
du_sum_init (struct du_sum *s)
{
  s->size = 0;
  s->inodes = 0;
  s->tmax.tv_sec = TYPE_MINIMUM (time_t);
  s->tmax.tv_nsec = -1;
}

/* Add B to A; sizes saturate.  */
void
du_sum_add (struct du_sum *a, struct du_sum const *b)
{
  a->size = UINTMAX_MAX - a->size < b->size ? UINTMAX_MAX : a->size + b->size;
  a->inodes += b->inodes;
  if (timespec_cmp (a->tmax, b->tmax) < 0)
    a->tmax = b->tmax;
}

/* Whether du_print leaves its line in stdout's buffer: while the
   parallel walk delivers a run of reports, whose last flushes them all
   (one write for a directory's files rather than one for each; what a
   line waits for is the lines ready behind it, never the walk).  Error
   messages flush stdout first (error), so that they come between the
   same lines as GNU du's.  */
bool du_output_held;

/* Write what the last output call left in the buffer, and exit with
   status 1 if it cannot be written, saying why.  GNU du 9.10 and later
   exit here, at once; 9.1 walked the whole tree first.  The
   buffer is then discarded and the error flag cleared, so that close_stdout
   at exit says nothing more.  */
void
du_flush_or_die (void)
{
  if (fflush (stdout) == 0)
    return;
  int err = errno;
  __fpurge (stdout);
  clearerr (stdout);
  error (EXIT_FAILURE, err, _("write error"));
}

/* Print WHEN in X's time format and time zone.  A time localtime cannot
   convert is printed as a number of seconds, and diagnosed.  */
static void
print_time (struct du_options const *x, struct timespec when)
{
  struct tm tm;

  if (localtime_rz (x->tz, &when.tv_sec, &tm))
    fprintftime (stdout, x->time_format, &tm, x->tz, when.tv_nsec);
  else
    {
      char buf[INT_BUFSIZE_BOUND (intmax_t)];
      char *s = imaxtostr (when.tv_sec, buf);

      error (0, 0, _("time %s is out of range"), quote (s));
      fputs (s, stdout);
    }
}

void
du_print (struct du_options const *x, struct du_sum const *s,
          char const *name)
{
  char buf[LONGEST_HUMAN_READABLE + 1];
  uintmax_t n = x->inodes ? s->inodes : s->size;

  fputs (n == UINTMAX_MAX ? _("Infinity")
         : human_readable (n, buf, x->human_opts, 1, x->block_size),
         stdout);
  if (x->show_time)
    {
      putchar ('\t');
      print_time (x, s->tmax);
    }
  printf ("\t%s%c", name, x->null_terminate ? '\0' : '\n');
  if (!du_output_held)
    du_flush_or_die ();
}

/* NAME as the line of its entry shows it: quoted in X's style (GNU du
   after 9.11, coreutils commit d18b73bb6, in no release yet, quotes names
   for a terminal, as ls does, but not "total").  Returns
   NAME itself or quotearg's slot 1.  */
static char const *
line_name (struct du_options const *x, char const *name)
{
  if (x->name_style == literal_quoting_style)
    return name;
  return quotearg_n_style (1, x->name_style, name);
}

/* ---- what is counted ------------------------------------------------------ */

/* Whether ST's apparent size counts: regular files and symbolic links
   only (GNU du 9.2 and later; 9.1 counted directories too).  */
static bool
usable_st_size (struct stat const *st)
{
  return S_ISREG (st->st_mode) || S_ISLNK (st->st_mode);
}

/* The sum of one entry whose stat is ST.  */
void
du_entry_sum (struct du_options const *x, struct stat const *st,
           struct du_sum *s)
{
  if (x->apparent_size)
    s->size = usable_st_size (st) && 0 < st->st_size ? st->st_size : 0;
  else
    s->size = (uintmax_t) ST_NBLOCKS (*st) * ST_NBLOCKSIZE;
  s->inodes = 1;
  s->tmax = (x->time_type == DU_ATIME ? get_stat_atime (st)
             : x->time_type == DU_CTIME ? get_stat_ctime (st)
             : get_stat_mtime (st));
}

/* Depths the accumulators are first made for: deeper than most trees, so
   that one allocation usually does; doubled past it.  */
enum { LEVELS_INITIAL = 32 };

/* Make room for the accumulators of depth LEVEL.  */
static void
reserve_level (struct du_walk *w, size_t level)
{
  if (level < w->n_lvl)
    return;
  size_t old = w->n_lvl;
  w->n_lvl = level < 2 * old ? 2 * old : level + LEVELS_INITIAL;
  w->lvl = xnrealloc (w->lvl, w->n_lvl, sizeof *w->lvl);
  for (size_t i = old; i < w->n_lvl; i++)
    {
      du_sum_init (&w->lvl[i].ent);
      du_sum_init (&w->lvl[i].subdir);
    }
}

/* Move from the depth of the entry counted last to LEVEL: clear the
   depths the walk enters, or fold the depths it leaves into their parent
   and into *SHOWN, what the directory at LEVEL shows (with -S, not what
   is below its subdirectories).  */
void
du_change_level (struct du_walk *w, size_t level, struct du_sum *shown)
{
  reserve_level (w, level);
  if (w->prev_level < level)
    for (size_t i = w->prev_level + 1; i <= level; i++)
      {
        du_sum_init (&w->lvl[i].ent);
        du_sum_init (&w->lvl[i].subdir);
      }
  for (size_t i = w->prev_level; level < i; i--)
    {
      struct du_level *below = &w->lvl[i], *up = &w->lvl[i - 1];

      if (i == level + 1)
        {
          du_sum_add (shown, &below->ent);
          if (!w->x->separate_dirs)
            du_sum_add (shown, &below->subdir);
        }
      du_sum_add (&up->subdir, &below->ent);
      du_sum_add (&up->subdir, &below->subdir);
    }
  w->prev_level = level;
}

/* Count OWN, the sum of the entry at PATH and depth LEVEL; print its
   line if the options ask for it.  IS_DIR: the entry is a directory being
   left (or one that could not be read).  */
void
du_count_at (struct du_walk *w, size_t level, char const *path,
          struct du_sum const *own, bool is_dir)
{
  struct du_options const *x = w->x;
  struct du_sum shown = *own;

  du_change_level (w, level, &shown);
  if (!(x->separate_dirs && is_dir))
    du_sum_add (&w->lvl[level].ent, own);
  du_sum_add (w->total, own);

  if (level == 0 || (level <= x->max_depth && (is_dir || x->all)))
    {
      uintmax_t v = x->inodes ? shown.inodes : shown.size;

      if (x->threshold < 0 ? v <= - (uintmax_t) x->threshold
          : v >= (uintmax_t) x->threshold)
        du_print (x, &shown, line_name (x, path));
    }
}

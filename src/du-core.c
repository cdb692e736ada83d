/* du-core.c: the disk usage core of du, on libfts.

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

/* One libfts stream walks every operand, descriptor-relative (FTS_DIRFD:
   libfts stats each entry with fstatat on its bare name, relative to its
   directory's descriptor, once; a directory is then opened and fstat-ed
   once more to check that it is still the one stat-ed).  Large
   directories come in inode order, which is what makes a cold walk of a
   flat directory fast on ext4.

   Sizes are summed per depth, as the walk goes down and up, in one array
   of accumulators indexed by depth: nothing is kept per entry, so memory
   does not grow with the size of a directory, only with depth (and with
   the set of hard links).

   Hard links are counted once by (device, inode): only files with more
   than one link are remembered, unless an entry may be met twice by other
   ways.  With -L every file and directory is, as in GNU du.  With several
   operands, GNU du remembers every entry too; here only directories
   (whose contents are then skipped whole when met again), hard links, and
   the files that are operands themselves (stat-ed before the walk, so
   that they are recognized when met inside another operand) are: the
   same answers, with a set that does not grow with the number of files.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fts.h"
#include "walk-util.h"

#include "di-set.h"
#include "error.h"
#include "fprintftime.h"
#include "gettext.h"
#include "human.h"
#include "inttostr.h"
#include "mountlist.h"
#include "quote.h"
#include "stat-size.h"
#include "stat-time.h"
#include "timespec.h"
#include "xalloc.h"

#include "du-core.h"

#define _(msgid) gettext (msgid)

/* The sums of one depth while the walk is below it: ENT, the entries
   met at this depth; SUBDIR, everything below them.  */
struct du_level
{
  struct du_sum ent;
  struct du_sum subdir;
};

/* Depths the accumulators are first made for: deeper than most trees, so
   that one allocation usually does; doubled past it.  */
enum { LEVELS_INITIAL = 32 };

/* One walk in progress.  */
struct walk
{
  FTS *fts;
  struct du_options const *x;
  struct di_set *seen;          /* (dev, ino) already counted */
  struct di_set *operands;      /* with several operands: those that are
                                   files with one link */
  struct di_set *mounts;        /* mount points, read when a cycle is met */
  struct du_level *lvl;         /* accumulators, by depth */
  size_t n_lvl;
  size_t prev_level;            /* depth of the entry counted last */
  size_t n_roots;               /* operands met so far, this one included,
                                   in every stream */
  struct du_sum *total;
};

void
du_sum_init (struct du_sum *s)
{
  s->size = 0;
  s->inodes = 0;
  s->tmax.tv_sec = TYPE_MINIMUM (time_t);
  s->tmax.tv_nsec = -1;
}

/* Add B to A; sizes saturate.  */
static void
sum_add (struct du_sum *a, struct du_sum const *b)
{
  a->size = UINTMAX_MAX - a->size < b->size ? UINTMAX_MAX : a->size + b->size;
  a->inodes += b->inodes;
  if (timespec_cmp (a->tmax, b->tmax) < 0)
    a->tmax = b->tmax;
}

/* Write what the last output call left in the buffer, and exit with
   status 1 if it cannot be written, saying why.  Newer GNU du than 9.1
   exits here, at once, rather than after walking the whole tree.  The
   buffer is then discarded and the error flag cleared, so that close_stdout
   at exit says nothing more.  */
static void
flush_or_die (void)
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
  flush_or_die ();
}

/* NAME as the line of its entry shows it: quoted in X's style (newer GNU
   du quotes names for a terminal, as ls does, but not "total").  Returns
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
   only (newer GNU du; 9.1 counted directories too).  */
static bool
usable_st_size (struct stat const *st)
{
  return S_ISREG (st->st_mode) || S_ISLNK (st->st_mode);
}

/* The sum of one entry whose stat is ST.  */
static void
entry_sum (struct du_options const *x, struct stat const *st,
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

/* Make room for the accumulators of depth LEVEL.  */
static void
reserve_level (struct walk *w, size_t level)
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
static void
change_level (struct walk *w, size_t level, struct du_sum *shown)
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
          sum_add (shown, &below->ent);
          if (!w->x->separate_dirs)
            sum_add (shown, &below->subdir);
        }
      sum_add (&up->subdir, &below->ent);
      sum_add (&up->subdir, &below->subdir);
    }
  w->prev_level = level;
}

/* Count ENT, whose stat is valid, at its depth; print its line if the
   options ask for it.  IS_DIR: ENT is a directory being left (or one that
   could not be read).  */
static void
count_entry (struct walk *w, FTSENT const *ent, bool is_dir)
{
  struct du_options const *x = w->x;
  size_t level = libfts_level (ent);
  struct du_sum own, shown;

  entry_sum (x, ent->fts_statp, &own);
  shown = own;
  change_level (w, level, &shown);
  if (!(x->separate_dirs && is_dir))
    sum_add (&w->lvl[level].ent, &own);
  sum_add (w->total, &own);

  if (level == 0 || (level <= x->max_depth && (is_dir || x->all)))
    {
      uintmax_t v = x->inodes ? shown.inodes : shown.size;

      if (x->threshold < 0 ? v <= - (uintmax_t) x->threshold
          : v >= (uintmax_t) x->threshold)
        du_print (x, &shown, line_name (x, ent->fts_path));
    }
}

/* ---- entries not counted -------------------------------------------------- */

/* Do not descend into ENT, a directory fts_read just returned in
   pre-order; consume its post-order visit.  */
static void
skip_tree (FTS *fts, FTSENT *ent)
{
  if (ent->fts_info == FTS_D)
    {
      fts_set (fts, ent, FTS_SKIP);
      fts_read (fts);
    }
}

/* Whether ENT (stat-ed) was counted already: a hard link to a file met
   before, or, when every entry is remembered, any file or directory met
   before.  Remembers ENT otherwise.  */
static bool
seen_before (struct walk *w, FTSENT const *ent)
{
  struct stat const *st = ent->fts_statp;
  bool dir = S_ISDIR (st->st_mode);
  int r;

  if (w->x->count_links)
    return false;
  if (!(w->x->hash_all || (!dir && 1 < st->st_nlink)
        || (w->operands
            && (dir || libfts_level (ent) == 0
                || 0 < di_set_lookup (w->operands, st->st_dev, st->st_ino)))))
    return false;
  r = di_set_insert (w->seen, st->st_dev, st->st_ino);
  if (r < 0)
    xalloc_die ();
  return r == 0;
}

/* Fill W->mounts with the (device, inode) of every local, real mount
   point.  A mount point that cannot be stat-ed is left out.  */
static void
read_mounts (struct walk *w)
{
  struct mount_entry *me = read_file_system_list (false);

  w->mounts = di_set_alloc ();
  if (!w->mounts)
    xalloc_die ();
  while (me)
    {
      struct mount_entry *next = me->me_next;
      struct stat st;

      if (!me->me_remote && !me->me_dummy && stat (me->me_mountdir, &st) == 0
          && di_set_insert (w->mounts, st.st_dev, st.st_ino) < 0)
        xalloc_die ();
      free_mount_entry (me);
      me = next;
    }
}

/* Whether a mount point lies between ENT, an FTS_DC entry, and the
   ancestor it repeats (ENT included, the ancestor not): then the cycle is
   a bind mount, made on purpose, not a corrupted file system.  */
static bool
mount_point_in_cycle (struct walk *w, FTSENT const *ent)
{
  if (!w->mounts)
    read_mounts (w);
  for (FTSENT const *p = ent; p && p != ent->fts_cycle; p = p->fts_parent)
    if (0 < di_set_lookup (w->mounts, p->fts_statp->st_dev,
                           p->fts_statp->st_ino))
      return true;
  return false;
}

/* FTS_DC: ENT is a directory that is also one of its ancestors.  It is
   not entered, nor counted.  A physical walk warns, unless a mount point
   explains the cycle (a bind mount); -L does not (a symlink to an
   ancestor is no corruption), nor does -D/-H for an operand.  */
static enum du_status
cycle (struct walk *w, FTSENT const *ent)
{
  int opts = w->fts->fts_options;

  if (!(opts & FTS_PHYSICAL)
      || ((opts & FTS_COMFOLLOW) && libfts_level (ent) == 0)
      || mount_point_in_cycle (w, ent))
    return DU_OK;
  error (0, 0, _("\
WARNING: Circular directory structure.\n\
This almost certainly means that you have a corrupted file system.\n\
NOTIFY YOUR SYSTEM MANAGER.\n\
The following directory is part of the cycle:\n  %s\n"),
         quotef (ent->fts_path));
  return DU_ERROR;
}

/* ---- visiting entries ----------------------------------------------------- */

/* Whether operand ENT (number W->n_roots) may be walked; diagnoses it if
   not: an empty name, or "-" among names read from standard input.  */
static bool
operand_ok (struct walk const *w, FTSENT const *ent)
{
  char const *from = w->x->files_from;
  char const *name = ent->fts_accpath;

  if (from && strcmp (from, "-") == 0 && strcmp (name, "-") == 0)
    {
      /* Newer GNU du than 9.1 says "standard input", not "stdin".  */
      error (0, 0, _("when reading file names from standard input, "
                     "no file name of %s allowed"), quoteaf (name));
      return false;
    }
  if (*name)
    return true;
  if (!from)
    error (0, 0, "%s", _("invalid zero-length file name"));
  else
    /* Newer GNU du than 9.1 calls standard input so, not "-".  */
    error (0, 0, "%s:%lu: %s",
           quotef (strcmp (from, "-") == 0 ? _("standard input") : from),
           (unsigned long) w->n_roots, _("invalid zero-length file name"));
  return false;
}

/* Whether ENT's failed stat is a file that vanished since its directory
   was read: no error for newer GNU du.  */
static bool
vanished (FTSENT const *ent)
{
  return ent->fts_errno == ENOENT && 0 < libfts_level (ent);
}

/* Diagnose ENT, whose stat failed (FTS_NS), or a symbolic link that
   could not be followed (FTS_SLNONE: libfts does not say why; the stat is
   tried again to find out, and "No such file" is left unsaid, as GNU
   does).  */
static enum du_status
cannot_access (struct walk *w, FTSENT const *ent)
{
  int err = ent->fts_errno;

  if (ent->fts_info == FTS_SLNONE)
    {
      struct stat st;

      err = (fstatat (libfts_dirfd (w->fts), ent->fts_accpath, &st, 0) != 0
             && errno != ENOENT) ? errno : 0;
    }
  else if (vanished (ent))
    return DU_OK;
  error (0, err, _("cannot access %s"), quoteaf (ent->fts_path));
  return DU_ERROR;
}

/* Whether ENT is left out by -x: below an operand, on another device.  */
static bool
other_device (struct walk const *w, FTSENT const *ent)
{
  return ((w->fts->fts_options & FTS_XDEV) && 0 < libfts_level (ent)
          && ent->fts_statp->st_dev != w->fts->fts_dev);
}

/* Pre-order visit of ENT (any fts_info but FTS_DP, FTS_DNR and FTS_ERR):
   decide whether it counts; count it if it is not a directory (those are
   counted when left).  */
static enum du_status
enter (struct walk *w, FTSENT *ent)
{
  if (libfts_level (ent) == 0)
    {
      w->n_roots++;
      if (!operand_ok (w, ent))
        {
          skip_tree (w->fts, ent);
          return DU_ERROR;
        }
    }
  if (w->x->exclude && excluded_file_name (w->x->exclude, ent->fts_path))
    {
      skip_tree (w->fts, ent);
      return DU_OK;
    }
  if (ent->fts_info == FTS_NS || ent->fts_info == FTS_SLNONE)
    return cannot_access (w, ent);
  if (other_device (w, ent) || seen_before (w, ent))
    {
      skip_tree (w->fts, ent);
      return DU_OK;
    }
  switch (ent->fts_info)
    {
    case FTS_D:
      return DU_OK;
    case FTS_DC:
      return cycle (w, ent);
    default:
      count_entry (w, ent, false);
      return DU_OK;
    }
}

/* Do what du does with ENT, which fts_read just returned.  */
static enum du_status
visit (struct walk *w, FTSENT *ent)
{
  switch (ent->fts_info)
    {
    case FTS_DP:
      count_entry (w, ent, true);
      return DU_OK;
    case FTS_DNR:
      /* Unreadable: its own size is known, and counts.  */
      count_entry (w, ent, true);
      if (vanished (ent))
        return DU_OK;
      error (0, ent->fts_errno, _("cannot read directory %s"),
             quoteaf (ent->fts_path));
      return DU_ERROR;
    case FTS_ERR:
      /* Read part way: what was read counts.  */
      count_entry (w, ent, true);
      error (0, ent->fts_errno, "%s", quotef (ent->fts_path));
      return DU_ERROR;
    case FTS_D: case FTS_DC: case FTS_F: case FTS_SL: case FTS_SLNONE:
    case FTS_DEFAULT: case FTS_NS:
      return enter (w, ent);
    default:                    /* FTS_DOT, FTS_NSOK, FTS_INIT: never */
      error (0, 0, _("unexpected failure: fts_info=%d: %s"),
             ent->fts_info, quotef (ent->fts_path));
      abort ();
    }
}

/* FILE as gnulib's fts shows it, and so GNU du: trailing slashes cut
   down to one when there are two or more and FILE is longer than two
   bytes ("d//" is "d/", "//" stays, "///" is "/").  Returns FILE itself,
   or a new string.  */
static char *
trim_slashes (char *file)
{
  size_t len = strlen (file);
  size_t n = len;

  if (len <= 2 || file[len - 1] != '/' || file[len - 2] != '/')
    return file;
  while (1 < n && file[n - 2] == '/')
    n--;
  return ximemdup0 (file, n);
}

/* Walk FILES (N names) from the first, in one libfts stream, until the
   end or until fts_read fails.  Returns the worst outcome; *DONE is the
   number of operands begun.  */
static enum du_status
walk_from (struct walk *w, char *const *files, size_t n, size_t *done)
{
  enum du_status status = DU_OK;
  char **roots = xnmalloc (n + 1, sizeof *roots);
  size_t roots_before = w->n_roots;
  FTSENT *ent;

  for (size_t i = 0; i < n; i++)
    roots[i] = trim_slashes (files[i]);
  roots[n] = NULL;
  w->fts = open_walk (roots, w->x->fts_flags | FTS_DIRFD);
  w->prev_level = 0;
  while ((ent = fts_read (w->fts)))
    DU_UPDATE_STATUS (status, visit (w, ent));
  /* GNU du names the file it was at, so finish_walk is not told.  */
  if (errno != 0)
    {
      error (0, errno, _("fts_read failed: %s"), quotef (w->fts->fts_path));
      status = DU_ERROR;
    }
  if (!finish_walk (w->fts, 0, false))
    status = DU_ERROR;
  for (size_t i = 0; i < n; i++)
    if (roots[i] != files[i])
      free (roots[i]);
  free (roots);
  *done = w->n_roots - roots_before;
  return status;
}

/* The (device, inode) of those of FILES (N names) that are files with one
   link, stat-ed as the walk will (following a symlink with -D or -L).
   Names that cannot be stat-ed are left for the walk to diagnose.  */
static struct di_set *
file_operands (char *const *files, size_t n, struct du_options const *x)
{
  struct di_set *set = di_set_alloc ();
  int flags = (x->fts_flags & (FTS_COMFOLLOW | FTS_LOGICAL)
               ? 0 : AT_SYMLINK_NOFOLLOW);

  if (!set)
    xalloc_die ();
  for (size_t i = 0; i < n; i++)
    {
      struct stat st;

      if (*files[i] && fstatat (AT_FDCWD, files[i], &st, flags) == 0
          && !S_ISDIR (st.st_mode) && st.st_nlink <= 1
          && di_set_insert (set, st.st_dev, st.st_ino) < 0)
        xalloc_die ();
    }
  return set;
}

enum du_status
du_files (char *const *files, size_t n, struct du_options const *x,
          struct du_sum *total)
{
  enum du_status status = DU_OK;
  struct walk w = { .x = x, .total = total };

  w.seen = di_set_alloc ();
  if (!w.seen)
    xalloc_die ();
  if (x->several && !x->hash_all && !x->count_links)
    w.operands = file_operands (files, n, x);
  /* A failed fts_read stops the stream: the operands after the one it
     failed in are walked by a new one, as GNU du walks each by itself.  */
  for (size_t start = 0, done; start < n; start += done ? done : n)
    DU_UPDATE_STATUS (status, walk_from (&w, files + start, n - start,
                                         &done));
  di_set_free (w.seen);
  if (w.operands)
    di_set_free (w.operands);
  if (w.mounts)
    di_set_free (w.mounts);
  free (w.lvl);
  return status;
}

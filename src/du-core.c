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

/* One libfts stream walks the operands given together (all those of the
   command line; each name of --files0-from as it is read, so that memory
   does not grow with their number), descriptor-relative (FTS_DIRFD:
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
   the files that are operands themselves are, so that the set does not
   grow with the number of files below the operands.  A file with one link
   has one directory: met below an operand, it was counted before if it is
   in the set (an operand); given as an operand, it was counted before if
   its directory was walked, unless it was left out there (excluded, on
   another file system) or the directory could not be read to its end,
   which the few such entries are remembered for.  The answers are GNU's,
   but for a file created in a directory after the directory was walked
   and then given as an operand, which GNU counts and this du does not.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fts.h"
#include "walk-util.h"

#include "basename-lgpl.h"
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
struct du_walk
{
  FTS *fts;
  struct du_options const *x;
  struct di_set *seen;          /* (dev, ino) already counted */
  struct di_set *uncounted;     /* with several operands, what a later
                                   operand may name, met but not counted
                                   all through: files with one link left
                                   out, directories not read to the end */
  bool dirs_seen;               /* SEEN holds a directory */
  bool files_seen;              /* SEEN holds a file with one link */
  struct di_set *mounts;        /* mount points, read when a cycle is met */
  struct du_level *lvl;         /* accumulators, by depth */
  size_t n_lvl;
  size_t prev_level;            /* depth of the entry counted last */
  size_t n_roots;               /* operands met so far, this one included,
                                   in every stream */
  struct du_sum *total;
  pthread_mutex_t lock;         /* the parallel walk: SEEN, UNCOUNTED,
                                   MOUNTS and the flags beside them, which
                                   visits and reports use from any thread */
  enum du_status pstatus;       /* the parallel walk's outcome, which
                                   reports make worse */
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

/* Whether du_print leaves its line in stdout's buffer: while the
   parallel walk delivers a run of reports, whose last flushes them all
   (one write for a directory's files rather than one for each; what a
   line waits for is the lines ready behind it, never the walk).  Error
   messages flush stdout first (error), so that they come between the
   same lines as GNU du's.  */
static bool output_held;

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
  if (!output_held)
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
static void
change_level (struct du_walk *w, size_t level, struct du_sum *shown)
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

/* Count OWN, the sum of the entry at PATH and depth LEVEL; print its
   line if the options ask for it.  IS_DIR: the entry is a directory being
   left (or one that could not be read).  */
static void
count_at (struct du_walk *w, size_t level, char const *path,
          struct du_sum const *own, bool is_dir)
{
  struct du_options const *x = w->x;
  struct du_sum shown = *own;

  change_level (w, level, &shown);
  if (!(x->separate_dirs && is_dir))
    sum_add (&w->lvl[level].ent, own);
  sum_add (w->total, own);

  if (level == 0 || (level <= x->max_depth && (is_dir || x->all)))
    {
      uintmax_t v = x->inodes ? shown.inodes : shown.size;

      if (x->threshold < 0 ? v <= - (uintmax_t) x->threshold
          : v >= (uintmax_t) x->threshold)
        du_print (x, &shown, line_name (x, path));
    }
}

/* Count ENT, whose stat is valid, as count_at does.  */
static void
count_entry (struct du_walk *w, FTSENT const *ent, bool is_dir)
{
  struct du_sum own;

  entry_sum (w->x, ent->fts_statp, &own);
  count_at (w, libfts_level (ent), ent->fts_path, &own, is_dir);
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
static void
remember_uncounted (struct du_walk *w, struct stat const *st)
{
  struct du_options const *x = w->x;

  if (!x->several || x->hash_all || x->count_links
      || (!S_ISDIR (st->st_mode) && 1 < st->st_nlink))
    return;
  if (!w->uncounted && !(w->uncounted = di_set_alloc ()))
    xalloc_die ();
  add_to_set (w->uncounted, st);
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

/* Whether seen_before remembers the directories it is asked about:
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
   operand before counted (see the head of this file).  Remembers the
   entry otherwise, if it may be met again.  */
static bool
seen_before (struct du_walk *w, size_t level, char const *path,
             struct stat const *st)
{
  struct du_options const *x = w->x;
  bool dir = S_ISDIR (st->st_mode);

  if (dir ? !dirs_remembered (x) : x->count_links)
    return false;
  if (x->hash_all || (dir ? x->several : 1 < st->st_nlink))
    {
      if (!add_to_set (w->seen, st))
        return true;
      w->dirs_seen |= dir;
      return false;
    }
  if (!x->several)
    return false;
  /* A file with one link.  */
  if (0 < level)
    return w->files_seen && in_set (w->seen, st);
  if (in_set (w->seen, st) || (w->dirs_seen && counted_in_dir (w, path, st)))
    return true;
  add_to_set (w->seen, st);
  w->files_seen = true;
  return false;
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

/* Whether a mount point lies between ENT, an FTS_DC entry, and the
   ancestor it repeats (ENT included, the ancestor not): then the cycle is
   a bind mount, made on purpose, not a corrupted file system.  */
static bool
mount_point_in_cycle (struct du_walk *w, FTSENT const *ent)
{
  if (!w->mounts)
    read_mounts (w);
  for (FTSENT const *p = ent; p && p != ent->fts_cycle; p = p->fts_parent)
    if (in_set (w->mounts, p->fts_statp))
      return true;
  return false;
}

/* FTS_DC: ENT is a directory that is also one of its ancestors.  It is
   not entered, nor counted.  A physical walk warns, unless a mount point
   explains the cycle (a bind mount); -L does not (a symlink to an
   ancestor is no corruption), nor does -D/-H for an operand.  */
static enum du_status
cycle (struct du_walk *w, FTSENT const *ent)
{
  int opts = w->fts->fts_options;

  if (!(opts & FTS_PHYSICAL)
      || ((opts & FTS_COMFOLLOW) && libfts_level (ent) == 0)
      || mount_point_in_cycle (w, ent))
    return DU_OK;
  warn_cycle (ent->fts_path);
  return DU_ERROR;
}

/* ---- visiting entries ----------------------------------------------------- */

/* Whether operand NAME (number W->n_roots) may be walked; diagnoses it if
   not: an empty name, or "-" among names read from standard input.  An
   empty name read from --files0-from=F is placed as "F:N:", with F as
   given, so "-:N:" for standard input, as GNU du says (9.1 and later).  */
static bool
operand_ok (struct du_walk const *w, char const *name)
{
  char const *from = w->x->files_from;

  if (from && strcmp (from, "-") == 0 && strcmp (name, "-") == 0)
    {
      /* GNU du 9.8 and later say "standard input" here, 9.1 "stdin"
         (coreutils commit c9a30d678): the only message that names
         standard input so.  */
      error (0, 0, _("when reading file names from standard input, "
                     "no file name of %s allowed"), quoteaf (name));
      return false;
    }
  if (*name)
    return true;
  if (!from)
    error (0, 0, "%s", _("invalid zero-length file name"));
  else
    error (0, 0, "%s:%lu: %s", quotef (from), (unsigned long) w->n_roots,
           _("invalid zero-length file name"));
  return false;
}

/* Whether an entry at LEVEL that could not be stat-ed or read for ERR
   vanished since its directory was read: no error for newer GNU du.  */
static bool
vanished_at (int err, size_t level)
{
  return err == ENOENT && 0 < level;
}

static bool
vanished (FTSENT const *ent)
{
  return vanished_at (ent->fts_errno, libfts_level (ent));
}

/* Diagnose ENT, whose stat failed (FTS_NS), or a symbolic link that
   could not be followed (FTS_SLNONE: libfts does not say why; the stat is
   tried again to find out, and "No such file" is left unsaid, as GNU
   does).  */
static enum du_status
cannot_access (struct du_walk *w, FTSENT const *ent)
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
other_device (struct du_walk const *w, FTSENT const *ent)
{
  return ((w->fts->fts_options & FTS_XDEV) && 0 < libfts_level (ent)
          && ent->fts_statp->st_dev != w->fts->fts_dev);
}

/* Leave ENT, just met, out of the count (excluded, or on another file
   system), and what is below it; remember it if it is a file below an
   operand.  */
static enum du_status
leave_out (struct du_walk *w, FTSENT *ent)
{
  if (0 < libfts_level (ent)
      && (ent->fts_info == FTS_F || ent->fts_info == FTS_SL
          || ent->fts_info == FTS_DEFAULT))
    remember_uncounted (w, ent->fts_statp);
  skip_tree (w->fts, ent);
  return DU_OK;
}

/* Pre-order visit of ENT (any fts_info but FTS_DP, FTS_DNR and FTS_ERR):
   decide whether it counts; count it if it is not a directory (those are
   counted when left).  */
static enum du_status
enter (struct du_walk *w, FTSENT *ent)
{
  if (libfts_level (ent) == 0)
    {
      w->n_roots++;
      if (!operand_ok (w, ent->fts_accpath))
        {
          skip_tree (w->fts, ent);
          return DU_ERROR;
        }
    }
  if (w->x->exclude && excluded_file_name (w->x->exclude, ent->fts_path))
    return leave_out (w, ent);
  if (ent->fts_info == FTS_NS || ent->fts_info == FTS_SLNONE)
    return cannot_access (w, ent);
  if (other_device (w, ent))
    return leave_out (w, ent);
  if (seen_before (w, libfts_level (ent), ent->fts_path, ent->fts_statp))
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
visit (struct du_walk *w, FTSENT *ent)
{
  switch (ent->fts_info)
    {
    case FTS_DP:
      count_entry (w, ent, true);
      return DU_OK;
    case FTS_DNR:
      {
        /* Unreadable: its own size is known, and counts.  The message
           comes before its line, as GNU du's.  */
        bool gone = vanished (ent);
        if (!gone)
          error (0, ent->fts_errno, _("cannot read directory %s"),
                 quoteaf (ent->fts_path));
        count_entry (w, ent, true);
        remember_uncounted (w, ent->fts_statp);
        return gone ? DU_OK : DU_ERROR;
      }
    case FTS_ERR:
      /* Read part way: what was read counts.  */
      error (0, ent->fts_errno, "%s", quotef (ent->fts_path));
      count_entry (w, ent, true);
      remember_uncounted (w, ent->fts_statp);
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

/* fts_read failed in W's stream: the directories it was in were not read
   to their end.  */
static void
remember_unfinished (struct du_walk *w)
{
  for (FTSENT const *p = w->fts->fts_cur; p && FTS_ROOTLEVEL <= p->fts_level;
       p = p->fts_parent)
    if (p->fts_info == FTS_D)
      remember_uncounted (w, p->fts_statp);
}

/* Walk FILES (N names) from the first, in one libfts stream, until the
   end or until fts_read fails.  Returns the worst outcome; *DONE is the
   number of operands begun.  */
static enum du_status
walk_from (struct du_walk *w, char *const *files, size_t n, size_t *done)
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
      remember_unfinished (w);
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

/* ---- the parallel walk ------------------------------------------------------ */

/* With more than one thread, a physical walk (not -L) goes on libfts's
   parallel walk, one operand at a time, and prints exactly what the
   sequential walk above prints.  Every line and message is printed from
   REPORT, which libfts calls one report at a time in the order fts_read
   would have met the entries; all the counting by depth (count_at) is
   done there too, so that sums and lines are the sequential walk's.

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

/* What a directory's visits keep between its pre-order and its
   post-order visit.  */
struct du_dir
{
  struct du_dir const *parent;  /* null for an operand */
  dev_t dev;
  ino_t ino;
  struct du_sum own;            /* the directory itself */
  struct du_sum files;          /* its files counted only here */
};

/* What a report is about.  */
enum du_code
{
  DU_R_FILE = 1,                /* a file with one link (or -l) with a
                                   line of its own: its sum as data */
  DU_R_LINK,                    /* a file with several links, counted in
                                   its turn if met first: struct
                                   du_rdata */
  DU_R_DIR,                     /* a directory left (FTS_DP, FTS_ERR) or
                                   not read (FTS_DNR) */
  DU_R_NS,                      /* an entry that cannot be stat-ed */
  DU_R_CYCLE                    /* a directory that is its own ancestor */
};

/* A report's data: the sums and identity of its entry.  */
struct du_rdata
{
  struct du_sum own;
  struct du_sum files;          /* DU_R_DIR: its files counted only there */
  dev_t dev;
  ino_t ino;
  nlink_t nlink;
  mode_t mode;
};

/* Locks for the sums of directories whose files several threads count
   at once (LIBFTS_WALK_SPLIT: a large directory), by the address of the
   directory's record: a few, so that two such directories seldom share
   one, and none in the record, which deep trees have many of.  */
enum { DIR_LOCKS = 16 };
static pthread_mutex_t dir_locks[DIR_LOCKS] = {
  PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
  PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
  PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
  PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
  PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
  PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
  PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
  PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER
};

static pthread_mutex_t *
dir_lock (struct du_dir const *d)
{
  return &dir_locks[((uintptr_t) d / sizeof *d) % DIR_LOCKS];
}

/* Make the walk's outcome at least S.  */
static void
pw_update (struct du_walk *w, enum du_status s)
{
  pthread_mutex_lock (&w->lock);
  DU_UPDATE_STATUS (w->pstatus, s);
  pthread_mutex_unlock (&w->lock);
}

/* Queue a report of CODE (ERR) about E, with the sums OWN and FILES
   (either may be null) and E's stat ST (may be null).  Out of memory, du
   cannot keep its promise of a line: it dies, as xalloc does.  */
static void
pw_report (struct libfts_walk_entry *e, enum du_code code, int err,
           struct du_sum const *own, struct du_sum const *files,
           struct stat const *st)
{
  struct du_rdata d;

  memset (&d, 0, sizeof d);
  if (own)
    d.own = *own;
  if (files)
    d.files = *files;
  else
    du_sum_init (&d.files);
  if (st)
    {
      d.dev = st->st_dev;
      d.ino = st->st_ino;
      d.nlink = st->st_nlink;
      d.mode = st->st_mode;
    }
  if (libfts_walk_report_data (e, code, err, 0, &d, sizeof d) != 0)
    xalloc_die ();
}

/* Whether E, below an operand, is on another file system than its
   operand, which -x leaves out.  */
static bool
pw_other_device (struct du_walk const *w, struct libfts_walk_entry const *e)
{
  return ((w->x->fts_flags & FTS_XDEV) && 0 < e->level
          && e->st->st_dev != e->root_dev);
}

/* Whether --exclude leaves E out.  */
static bool
pw_excluded (struct du_walk const *w, struct libfts_walk_entry const *e)
{
  if (!w->x->exclude)
    return false;
  char *path = libfts_walk_path (e);
  if (!path)
    xalloc_die ();
  bool out = excluded_file_name (w->x->exclude, path);
  free (path);
  return out;
}

/* Whether a mount point lies between E, an FTS_DC directory, and the
   ancestor it repeats (E included, the ancestor not), as
   mount_point_in_cycle says for the sequential walk.  Lock held.  */
static bool
pw_mount_in_cycle (struct du_walk *w, struct libfts_walk_entry const *e)
{
  if (!w->mounts)
    read_mounts (w);
  if (in_set (w->mounts, e->st))
    return true;
  for (struct du_dir const *d = e->parent_data; d; d = d->parent)
    {
      if (d->dev == e->st->st_dev && d->ino == e->st->st_ino)
        break;
      if (di_set_lookup (w->mounts, d->dev, d->ino) > 0)
        return true;
    }
  return false;
}

/* Pre-order visit of E, a directory (FTS_D or FTS_DC): decide whether it
   is walked and counted, as enter does.  */
static int
pw_enter_dir (struct du_walk *w, struct libfts_walk_entry *e)
{
  bool seen, warn = false;

  if (pw_excluded (w, e) || pw_other_device (w, e))
    return LIBFTS_WALK_SKIP;
  /* No directory is remembered (one operand, no -L): the threads need
     not wait for each other here.  */
  struct du_options const *x = w->x;
  if (e->info == FTS_D && !dirs_remembered (x))
    seen = false;
  else
    {
      pthread_mutex_lock (&w->lock);
      seen = seen_before (w, e->level, e->name, e->st);
      warn = (!seen && e->info == FTS_DC
              && !((x->fts_flags & FTS_COMFOLLOW) && e->level == 0)
              && !pw_mount_in_cycle (w, e));
      pthread_mutex_unlock (&w->lock);
    }
  if (seen || e->info == FTS_DC)
    {
      if (warn)
        pw_report (e, DU_R_CYCLE, 0, NULL, NULL, NULL);
      return LIBFTS_WALK_SKIP;
    }
  struct du_dir *d = xmalloc (sizeof *d);
  d->parent = e->parent_data;
  d->dev = e->st->st_dev;
  d->ino = e->st->st_ino;
  entry_sum (w->x, e->st, &d->own);
  du_sum_init (&d->files);
  *e->dir_data = d;
  return LIBFTS_WALK_CONTINUE;
}

/* Whether E, a file with a stat below an operand, has no other name that
   could be met first (or -l counts each): then where it counts does not
   depend on the order.  */
static bool
pw_alone (struct du_walk const *w, struct libfts_walk_entry const *e)
{
  return (0 < e->level
          && (w->x->count_links || e->st->st_nlink <= 1));
}

/* Visit E, which is not a directory (or an FTS_NS one): count it, leave
   it out, or say why it cannot be, as enter does.  */
static int
pw_file (struct du_walk *w, struct libfts_walk_entry *e)
{
  if (pw_excluded (w, e))
    goto leave_out;
  if (e->info == FTS_NS || e->info == FTS_SLNONE)
    {
      int err = e->err;
      struct stat st;

      if (e->info == FTS_SLNONE)
        err = (fstatat (e->dirfd, e->name, &st, 0) != 0 && errno != ENOENT
               ? errno : 0);
      else if (vanished_at (err, e->level))
        return LIBFTS_WALK_CONTINUE;
      pw_report (e, DU_R_NS, err, NULL, NULL, NULL);
      return LIBFTS_WALK_CONTINUE;
    }
  if (pw_other_device (w, e))
    goto leave_out;
  struct du_sum own;
  entry_sum (w->x, e->st, &own);
  if (!pw_alone (w, e))
    pw_report (e, DU_R_LINK, 0, &own, NULL, e->st);
  else if (w->x->all)
    {
      /* A line of its own, nothing to remember.  */
      if (libfts_walk_report_data (e, DU_R_FILE, 0, 0, &own, sizeof own) != 0)
        xalloc_die ();
    }
  else
    {
      /* Counted in its directory's sum by the thread that meets it.  */
      if (w->x->several && w->files_seen)
        {
          pthread_mutex_lock (&w->lock);
          bool seen = in_set (w->seen, e->st);
          pthread_mutex_unlock (&w->lock);
          if (seen)
            return LIBFTS_WALK_CONTINUE;
        }
      struct du_dir *d = e->parent_data;
      if (e->shared)
        {
          pthread_mutex_t *m = dir_lock (d);
          pthread_mutex_lock (m);
          sum_add (&d->files, &own);
          pthread_mutex_unlock (m);
        }
      else
        sum_add (&d->files, &own);
    }
  return LIBFTS_WALK_CONTINUE;

 leave_out:
  if (0 < e->level)
    {
      pthread_mutex_lock (&w->lock);
      remember_uncounted (w, e->st);
      pthread_mutex_unlock (&w->lock);
    }
  return LIBFTS_WALK_CONTINUE;
}

/* What the sets of seen and uncounted files need of a directory's stat:
   its identity (DEV, INO) and type.  */
static struct stat
dir_stat (dev_t dev, ino_t ino)
{
  return (struct stat) { .st_dev = dev, .st_ino = ino, .st_nlink = 2,
                         .st_mode = S_IFDIR };
}

/* Post-order visit of E (FTS_DP, FTS_ERR, FTS_DNR): report its sums.  */
static int
pw_leave_dir (struct libfts_walk_entry *e)
{
  struct du_dir *d = *e->dir_data;

  if (!d)
    return LIBFTS_WALK_CONTINUE;
  struct stat st = dir_stat (d->dev, d->ino);
  pw_report (e, DU_R_DIR, e->err, &d->own, &d->files, &st);
  free (d);
  *e->dir_data = NULL;
  return LIBFTS_WALK_CONTINUE;
}

/* VISIT of the parallel walk.  */
static int
pw_visit (struct libfts_walk_entry *e, void *arg)
{
  struct du_walk *w = arg;

  switch (e->info)
    {
    case FTS_D: case FTS_DC:
      return pw_enter_dir (w, e);
    case FTS_DP: case FTS_ERR: case FTS_DNR:
      return pw_leave_dir (e);
    case FTS_NSOK:
      return LIBFTS_WALK_AGAIN;   /* stat it, then come back */
    case FTS_F: case FTS_SL: case FTS_SLNONE: case FTS_DEFAULT: case FTS_NS:
      return pw_file (w, e);
    default:
      error (0, 0, _("unexpected failure: fts_info=%d: %s"), e->info,
             quotef (e->name));
      abort ();
    }
}

/* REPORT about a file with several links, or an operand: count it in its
   turn, unless it was met before.  */
static void
pr_file (struct du_walk *w, struct libfts_walk_report const *r,
         struct du_rdata const *d)
{
  struct stat st = { .st_dev = d->dev, .st_ino = d->ino,
                     .st_nlink = d->nlink, .st_mode = d->mode };

  pthread_mutex_lock (&w->lock);
  bool seen = seen_before (w, r->level, r->path, &st);
  pthread_mutex_unlock (&w->lock);
  if (!seen)
    count_at (w, r->level, r->path, &d->own, false);
}

/* REPORT about a directory: count its files, then itself, as the
   sequential walk does when it leaves it; say why it was not read to its
   end, if it was not, before its line.  */
static enum du_status
pr_dir (struct du_walk *w, struct libfts_walk_report const *r,
        struct du_rdata const *d)
{
  size_t level = r->level;
  bool gone = r->info == FTS_DNR && vanished_at (r->err, level);

  if (d->files.inodes)
    {
      struct du_sum shown;

      change_level (w, level + 1, &shown);
      sum_add (&w->lvl[level + 1].ent, &d->files);
      sum_add (w->total, &d->files);
    }
  if (r->info == FTS_ERR)
    error (0, r->err, "%s", quotef (r->path));
  else if (r->info == FTS_DNR && !gone)
    error (0, r->err, _("cannot read directory %s"), quoteaf (r->path));
  count_at (w, level, r->path, &d->own, true);
  if (r->info == FTS_DP)
    return DU_OK;
  struct stat st = dir_stat (d->dev, d->ino);
  pthread_mutex_lock (&w->lock);
  remember_uncounted (w, &st);
  pthread_mutex_unlock (&w->lock);
  return gone ? DU_OK : DU_ERROR;
}

/* REPORT of the parallel walk: count and print in the sequential order.  */
static int
pw_say (struct libfts_walk_report const *r, void *arg)
{
  struct du_walk *w = arg;
  struct du_rdata const *d = r->data;
  enum du_status s = DU_OK;

  output_held = r->more;
  switch (r->code)
    {
    case DU_R_FILE:
      count_at (w, r->level, r->path, r->data, false);
      break;
    case DU_R_LINK:
      pr_file (w, r, d);
      break;
    case DU_R_DIR:
      s = pr_dir (w, r, d);
      break;
    case DU_R_NS:
      error (0, r->err, _("cannot access %s"), quoteaf (r->path));
      s = DU_ERROR;
      break;
    case DU_R_CYCLE:
      warn_cycle (r->path);
      s = DU_ERROR;
      break;
    case LIBFTS_WALK_FAILED:
      /* As the sequential walk's fts_read failure, naming the directory
         it was in.  */
      error (0, r->err, _("fts_read failed: %s"), quotef (r->path));
      s = DU_ERROR;
      break;
    }
  output_held = false;
  if (!r->more)
    flush_or_die ();
  if (s != DU_OK)
    pw_update (w, s);
  return 0;
}

/* Whether W's operands go on the parallel walk.  */
static bool
use_threads (struct du_walk const *w)
{
  return !(w->x->fts_flags & FTS_LOGICAL) && 1 < libfts_default_threads ();
}

/* Whether FILE, an operand, is a directory (following a symbolic link
   with -D and -H): threads are for directories; a file alone is walked
   sooner without starting a walk that could start them (2 us less per
   name, as find -print0 | du --files0-from=- gives them).  */
static bool
is_dir_operand (struct du_walk const *w, char const *file)
{
  struct stat st;
  int flags = w->x->fts_flags & FTS_COMFOLLOW ? 0 : AT_SYMLINK_NOFOLLOW;

  return fstatat (AT_FDCWD, file, &st, flags) == 0 && S_ISDIR (st.st_mode);
}

/* Walk FILE, an operand, on the parallel walk.  */
static enum du_status
walk_parallel (struct du_walk *w, char *file)
{
  char *root = trim_slashes (file);
  char *roots[] = { root, NULL };
  int options = LIBFTS_WALK_ORDERED | LIBFTS_WALK_SPLIT;

  if (w->x->fts_flags & FTS_COMFOLLOW)
    options |= LIBFTS_WALK_COMFOLLOW;
  w->n_roots++;
  if (!operand_ok (w, root))
    {
      if (root != file)
        free (root);
      return DU_ERROR;
    }
  LIBFTS_WALK *walk = libfts_walk_open (roots, options);
  if (!walk)
    xalloc_die ();
  w->pstatus = DU_OK;
  w->prev_level = 0;
  if (libfts_walk_run (walk, pw_visit, pw_say, w) < 0 && errno == ENOMEM)
    xalloc_die ();
  libfts_walk_close (walk);
  if (root != file)
    free (root);
  return w->pstatus;
}

struct du_walk *
du_walk_start (struct du_options const *x, struct du_sum *total)
{
  struct du_walk *w = xzalloc (sizeof *w);

  w->x = x;
  w->total = total;
  w->seen = di_set_alloc ();
  if (!w->seen)
    xalloc_die ();
  pthread_mutex_init (&w->lock, NULL);
  return w;
}

enum du_status
du_walk_files (struct du_walk *w, char *const *files, size_t n)
{
  enum du_status status = DU_OK;

  if (use_threads (w))
    {
      for (size_t i = 0, done; i < n; i++)
        DU_UPDATE_STATUS (status, (is_dir_operand (w, files[i])
                                   ? walk_parallel (w, files[i])
                                   : walk_from (w, files + i, 1, &done)));
      return status;
    }
  /* A failed fts_read stops the stream: the operands after the one it
     failed in are walked by a new one, as GNU du walks each by itself.  */
  for (size_t start = 0, done; start < n; start += done ? done : n)
    DU_UPDATE_STATUS (status, walk_from (w, files + start, n - start, &done));
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
du_files (char *const *files, size_t n, struct du_options const *x,
          struct du_sum *total)
{
  struct du_walk *w = du_walk_start (x, total);
  enum du_status status = du_walk_files (w, files, n);

  du_walk_end (w);
  return status;
}

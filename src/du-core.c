/* du-core.c: the disk usage core of du, on libfts: what du does with
   each entry a walk hands over (whether and where it counts, whether
   the walk goes below it), and what du says of it.  The sums and lines
   are du-sum.c's, what was met du-sets.c's, the walks du-walk-seq.c's
   (fts_read) and du-walk-par.c's (threads, a walker's machines), started
   and ended in du-walk.c; du-int.h is what they share.

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
   and then given as an operand, which GNU counts and this du does not.

   With threads, a physical walk goes on libfts's parallel walk instead
   (see du-walk-par.c).  Either walk hands each entry to the same
   decisions as a struct walk_file; what du says goes through say:
   printed at once on the sequential walk, a report on the parallel one,
   delivered in the sequential walk's order.  Where a count depends on
   that order, the parallel walk defers it to the report too.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "error.h"
#include "gettext.h"
#include "quote.h"
#include "xalloc.h"

#include "du-int.h"

#define _(msgid) gettext (msgid)

/* ---- what du says ------------------------------------------------------- */

/* Say du's own message CODE (or LIBFTS_WALK_FAILED), with ERR, about
   FILE, for the walk V: on the thread that prints, one message at a
   time.  */
void
du_speak (struct walk_voice const *v, char const *file, int code, int err,
       intmax_t value)
{
  struct du_walk const *w = (struct du_walk const *) v;
  char const *from = w->x->files_from;
  char const *msg;

  switch (code)
    {
    case M_DASH_FROM_STDIN:
      /* GNU du 9.8 and later say "standard input" here, 9.1 "stdin"
         (coreutils commit c9a30d678): the only message that names
         standard input so.  */
      error (0, 0, _("when reading file names from standard input, "
                     "no file name of %s allowed"), quoteaf (file));
      break;
    case M_EMPTY_NAME:
      /* Read from --files0-from=F: placed as "F:N:", with F as given, so
         "-:N:" for standard input, as GNU du says (9.1 and later).  */
      msg = _("invalid zero-length file name");
      if (!from)
        error (0, 0, "%s", msg);
      else
        error (0, 0, "%s:%lu: %s", quotef (from), (unsigned long) atomic_load (&w->n_roots),
               msg);
      break;
    case LIBFTS_WALK_FAILED:
      /* GNU du names the file it was at.  */
      error (0, err, _("fts_read failed: %s"), quotef (file));
      break;
    default:
      abort ();
    }
}

/* ---- how each walk hands an entry over ------------------------------------ */

/* Queue a report of CODE (ERR) about E, with the SIZE bytes at DATA.  Out
   of memory, du cannot keep its promise of a line: it dies, as xalloc
   does.  */
static void
report_data (struct libfts_walk_entry *e, enum du_code code, int err,
             void const *data, size_t size)
{
  if (libfts_walk_report_data (e, code, err, 0, data, size) != 0)
    xalloc_die ();
}

/* Whether --exclude leaves F out (its whole path is matched: the
   parallel walk builds it; a walker's rank as rank 0 names it).  */
static bool
excluded (struct du_walk const *w, struct walk_file const *f)
{
  struct walk_remote const *dw = w->x->walker;

  if (!w->x->exclude)
    return false;
  if (!f->e)
    return excluded_file_name (w->x->exclude, f->path);
  char *path = dw && dw->path ? dw->path (f->e) : libfts_walk_path (f->e);
  if (!path)
    xalloc_die ();
  bool out = excluded_file_name (w->x->exclude, path);
  free (path);
  return out;
}

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

/* The sums and identity of an entry whose stat is ST, as X counts it.  */
static struct du_rdata
rdata_of (struct du_options const *x, struct stat const *st)
{
  struct du_rdata d = { .dev = st->st_dev, .ino = st->st_ino,
                        .nlink = st->st_nlink, .mode = st->st_mode };

  du_entry_sum (x, st, &d.own);
  du_sum_init (&d.files);
  return d;
}

/* What the sets of seen and uncounted entries need of D's stat.  */
struct stat
du_rdata_stat (struct du_rdata const *d)
{
  return (struct stat) { .st_dev = d->dev, .st_ino = d->ino,
                         .st_nlink = d->nlink, .st_mode = d->mode };
}

/* Start the sums of F, a directory to be walked: the parallel walk's
   threads add its files to them, and its report carries them.  The
   sequential walk counts as it goes.  */
static void
start_dir (struct du_walk const *w, struct walk_file const *f)
{
  if (!f->e)
    return;
  struct du_dir *d = xmalloc (sizeof *d);
  d->parent = f->e->parent_data;
  d->dev = f->st->st_dev;
  d->ino = f->st->st_ino;
  du_entry_sum (w->x, f->st, &d->own);
  du_sum_init (&d->files);
  *f->e->dir_data = d;
}

/* Count OWN, the sum of F, a file that was not counted before: at once
   on the sequential walk.  On the parallel one, a line of its own (-a)
   in its turn; else in its directory's sum, which its directory's report
   carries.  */
static void
add_file (struct du_walk *w, struct walk_file const *f, struct du_sum *own)
{
  if (!f->e)
    du_count_at (w, f->level, f->path, own, false);
  else if (w->x->all)
    report_data (f->e, DU_R_FILE, 0, own, sizeof *own);
  else
    {
      struct du_dir *d = f->e->parent_data;
      pthread_mutex_t *m = f->e->shared ? dir_lock (d) : NULL;

      if (m)
        pthread_mutex_lock (m);
      du_sum_add (&d->files, own);
      if (m)
        pthread_mutex_unlock (m);
    }
}

/* ---- visiting entries ----------------------------------------------------- */

/* Whether operand F (number W->n_roots) may be walked; says why not: an
   empty name, or "-" among names read from standard input.  */
static bool
operand_ok (struct du_walk const *w, struct walk_file const *f)
{
  char const *from = w->x->files_from;

  if (from && strcmp (from, "-") == 0 && strcmp (f->name, "-") == 0)
    walk_say (&w->voice, f, M_DASH_FROM_STDIN, 0, 0);
  else if (!*f->name)
    walk_say (&w->voice, f, M_EMPTY_NAME, 0, 0);
  else
    return true;
  return false;
}

/* Diagnose F, whose stat failed (FTS_NS), or a symbolic link that could
   not be followed (FTS_SLNONE: libfts does not say why; the stat is
   tried again to find out, and "No such file" is left unsaid, as GNU
   does); an entry that vanished is no error (entry_vanished).  */
static enum du_status
cannot_access (struct du_walk const *w, struct walk_file const *f)
{
  int err = f->err;

  if (f->info == FTS_SLNONE)
    {
      struct stat st;

      err = (fstatat (f->dirfd, f->name, &st, 0) != 0
             && errno != ENOENT) ? errno : 0;
    }
  else if (entry_vanished (err, f->level))
    return DU_OK;
  walk_say (&w->voice, f, WM_CANNOT_ACCESS, err, 0);
  return DU_ERROR;
}

/* Whether F is left out by -x: below an operand, on another device.  */
static bool
other_device (struct du_walk const *w, struct walk_file const *f)
{
  return ((w->x->fts_flags & FTS_XDEV) && 0 < f->level
          && f->st->st_dev != f->root_dev);
}

/* Leave F, just met, out of the count (excluded, or on another file
   system), and what is below it; remember it if it is a file below an
   operand.  */
static enum du_status
leave_out (struct du_walk *w, struct walk_file *f)
{
  if (0 < f->level
      && (f->info == FTS_F || f->info == FTS_SL || f->info == FTS_DEFAULT))
    du_remember_uncounted (w, f->st);
  walk_skip_dir (f);
  return DU_OK;
}

/* FTS_DC: F is a directory that is also one of its ancestors.  It is not
   entered, nor counted.  A physical walk warns, unless a mount point
   explains the cycle (a bind mount); -L does not (a symlink to an
   ancestor is no corruption), nor does -D/-H for an operand.  */
static enum du_status
cycle (struct du_walk *w, struct walk_file const *f)
{
  int flags = w->x->fts_flags;

  if (!(flags & FTS_PHYSICAL)
      || ((flags & FTS_COMFOLLOW) && f->level == 0)
      || du_mount_point_in_cycle (w, f))
    return DU_OK;
  walk_say (&w->voice, f, WM_CYCLE, 0, 0);
  return DU_ERROR;
}

/* Pre-order visit of F, a directory (FTS_D or FTS_DC) not left out: walk
   it, unless it was counted before or is a cycle.  */
static enum du_status
enter_dir (struct du_walk *w, struct walk_file *f)
{
  enum du_status s = DU_OK;

  if (du_seen_before (w, f->level, f->path, f->st))
    walk_skip_dir (f);
  else if (f->info == FTS_DC)
    {
      s = cycle (w, f);
      walk_skip_dir (f);
    }
  else
    start_dir (w, f);
  return s;
}

/* Count F, a file (not a directory) not left out, unless it was counted
   before.  On the parallel walk, a file with several links counts where
   the sequential walk meets it first: that is decided in its turn
   (count_link); so is an operand's.  */
static void
count_file (struct du_walk *w, struct walk_file const *f)
{
  struct du_rdata d = rdata_of (w->x, f->st);
  bool alone = (0 < f->level
                && (w->x->count_links || f->st->st_nlink <= 1));

  if (f->e && !alone)
    report_data (f->e, DU_R_LINK, 0, &d, sizeof d);
  else if (!du_seen_before (w, f->level, f->path, f->st))
    add_file (w, f, &d.own);
}

/* Pre-order visit of F (any info but FTS_DP, FTS_DNR, FTS_ERR and
   FTS_NSOK): decide whether it counts; count it if it is not a directory
   (those are counted when left).  */
static enum du_status
enter (struct du_walk *w, struct walk_file *f)
{
  if (f->level == 0)
    {
      atomic_fetch_add (&w->n_roots, 1);
      if (!operand_ok (w, f))
        {
          walk_skip_dir (f);
          return DU_ERROR;
        }
    }
  if (excluded (w, f))
    return leave_out (w, f);
  if (f->info == FTS_NS || f->info == FTS_SLNONE)
    return cannot_access (w, f);
  if (other_device (w, f))
    return leave_out (w, f);
  if (f->info == FTS_D || f->info == FTS_DC)
    return enter_dir (w, f);
  count_file (w, f);
  return DU_OK;
}

/* Count the directory PATH at LEVEL, left (INFO FTS_DP), not read
   (FTS_DNR) or read part way (FTS_ERR) for ERR, whose sums and identity
   D has: the files that only it counts (the parallel walk's), then
   itself, as GNU du does when it leaves it.  Why it was not read to its
   end is said before its line, as GNU du says it; an unreadable
   directory's own size is known, and counts.  */
enum du_status
du_count_dir (struct du_walk *w, char const *path, size_t level, int info,
           int err, struct du_rdata const *d)
{
  bool gone = info == FTS_DNR && entry_vanished (err, level);

  if (d->files.inodes)
    {
      struct du_sum shown;

      du_change_level (w, level + 1, &shown);
      du_sum_add (&w->lvl[level + 1].ent, &d->files);
      du_sum_add (w->total, &d->files);
    }
  if (info == FTS_ERR)
    walk_speak (&w->voice, path, WM_TRAVERSAL, err, 0);
  else if (info == FTS_DNR && !gone)
    walk_speak (&w->voice, path, WM_CANNOT_READ, err, 0);
  du_count_at (w, level, path, &d->own, true);
  if (info == FTS_DP)
    return DU_OK;
  struct stat st = du_rdata_stat (d);
  du_remember_uncounted (w, &st);
  return gone ? DU_OK : DU_ERROR;
}

/* Post-order visit of F (FTS_DP, FTS_DNR, FTS_ERR): count it, at once on
   the sequential walk; on the parallel one in its turn (a report), with
   the sums its files added to (start_dir).  */
static enum du_status
leave (struct du_walk *w, struct walk_file *f)
{
  struct du_rdata d;

  if (!f->e)
    {
      d = rdata_of (w->x, f->st);
      return du_count_dir (w, f->path, f->level, f->info, f->err, &d);
    }
  struct du_dir *dir = *f->e->dir_data;
  if (!dir)
    return DU_OK;
  d = (struct du_rdata) { .own = dir->own, .files = dir->files,
                         .dev = dir->dev, .ino = dir->ino, .nlink = 2,
                         .mode = S_IFDIR };
  report_data (f->e, DU_R_DIR, f->err, &d, sizeof d);
  free (dir);
  *f->e->dir_data = NULL;
  return DU_OK;
}

/* Do what du does with F, which a walk just handed over.  */
enum du_status
du_visit (struct du_walk *w, struct walk_file *f)
{
  switch (f->info)
    {
    case FTS_DP: case FTS_DNR: case FTS_ERR:
      return leave (w, f);
    case FTS_NSOK:              /* only from the parallel walk, which stats
                                   it when asked, and hands it over again */
      f->next = LIBFTS_WALK_AGAIN;
      return DU_OK;
    case FTS_D: case FTS_DC: case FTS_F: case FTS_SL: case FTS_SLNONE:
    case FTS_DEFAULT: case FTS_NS:
      return enter (w, f);
    default:                    /* FTS_DOT, FTS_INIT: never */
      unexpected_entry (f->info, f->path ? f->path : f->name);
    }
}

/* du-core.c: the disk usage core of du, on libfts: what du does with
   each entry a walk hands over, what it says of it, and the walks.  The
   sums and lines are du-sum.c's, what was met du-sets.c's; du-int.h is
   what they share.

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
   (see there).  Either walk hands each entry to the same decisions as a
   struct walk_file; what du says goes through say: printed at once on the
   sequential walk, a report on the parallel one, delivered in the
   sequential walk's order.  Where a count depends on that order, the
   parallel walk defers it to the report too.  */

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

/* What a report of the parallel walk is about: a count, with data (a
   struct du_rdata, or a struct du_sum), or a message, which the
   sequential walk says at once: one of enum walk_message (cannot access,
   cannot read, traversal, cycle), or du's own.  */
enum du_code
{
  DU_R_FILE = WM_OWN,           /* a file with one link (or -l) with a
                                   line of its own: its sum */
  DU_R_LINK,                    /* a file with several links, counted in
                                   its turn if met first */
  DU_R_DIR,                     /* a directory left (FTS_DP, FTS_ERR) or
                                   not read (FTS_DNR) */
  M_DASH_FROM_STDIN,            /* "-" among names read from stdin */
  M_EMPTY_NAME                  /* a zero-length operand */
};

/* Say du's own message CODE (or LIBFTS_WALK_FAILED), with ERR, about
   FILE, for the walk V: on the thread that prints, one message at a
   time.  */
static void
speak (struct walk_voice const *v, char const *file, int code, int err,
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
static struct stat
rdata_stat (struct du_rdata const *d)
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
static enum du_status
count_dir (struct du_walk *w, char const *path, size_t level, int info,
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
  struct stat st = rdata_stat (d);
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
      return count_dir (w, f->path, f->level, f->info, f->err, &d);
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
static enum du_status
visit (struct du_walk *w, struct walk_file *f)
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

/* ---- the sequential walk ------------------------------------------------ */

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

      DU_UPDATE_STATUS (status, visit (w, &f));
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

/* ---- the parallel walk ------------------------------------------------------ */

/* With more than one thread, a physical walk (not -L) goes on libfts's
   parallel walk, one operand at a time, and prints exactly what the
   sequential walk above prints.  Every line and message is printed from
   REPORT, which libfts calls one report at a time in the order fts_read
   would have met the entries; all the counting by depth (du_count_at) is
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

/* Make the walk's outcome at least S.  */
static void
pw_update (struct du_walk *w, enum du_status s)
{
  pthread_mutex_lock (&w->lock);
  DU_UPDATE_STATUS (w->pstatus, s);
  pthread_mutex_unlock (&w->lock);
}

/* The parallel walk's VISIT of E, on whichever thread reaches it.  */
static int
visit_entry (struct libfts_walk_entry *e, void *arg)
{
  struct du_walk *w = arg;
  struct walk_file f = walk_file_of_entry (e);
  enum du_status s = visit (w, &f);

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
  struct stat st = rdata_stat (d);

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
      s = count_dir (w, r->path, r->level, r->info, r->err, r->data);
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

/* Whether W's operands go on the parallel walk.  */
static bool
use_threads (struct du_walk const *w)
{
  return (!(w->x->fts_flags & FTS_LOGICAL) && walk_threads (w->x->walker));
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
                     share ? WALK_REMOTE_SHARE : 0, visit_entry, report, w);
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
static enum du_status
walk_parallel (struct du_walk *w, struct operands *ops)
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
      if (walk_operands (ops, options, visit_entry, report, w) < 0
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

/* Walk OPS's operands with fts_read: those of the command line in one
   stream, but that a failed fts_read stops the stream, and the operands
   after the one it failed in are walked by a new one, as GNU du walks
   each by itself; names read one at a time.  */
static enum du_status
walk_sequential (struct du_walk *w, struct operands *ops)
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

struct du_walk *
du_walk_start (struct du_options const *x, struct du_sum *total)
{
  struct du_walk *w = xzalloc (sizeof *w);

  w->voice.speak = speak;
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
  return (!one_file (w, ops) && use_threads (w) ? walk_parallel (w, ops)
          : walk_sequential (w, ops));
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
  if (x->walker->serve (x->walker->ctx, visit_entry, w) != 0)
    {
      if (errno == ENOMEM)
        xalloc_die ();
      error (0, errno, _("cannot take part in the walk"));
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

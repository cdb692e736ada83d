/* walk-util.c: what the programs' walks share: opening and closing their
   libfts streams, the rules they all follow, the messages they all say.

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
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "argv-iter.h"
#include "basename-lgpl.h"
#include "di-set.h"
#include "error.h"
#include "freadahead.h"
#include "gettext.h"
#include "quote.h"
#include "xalloc.h"

#include "quoting.h"

#define _(msgid) gettext (msgid)

void
stat_or_die (char const *file, struct stat *st)
{
  if (stat (file, st) != 0)
    die_no_attributes (file, errno);
}

struct dev_ino const *
get_root_dev_ino (struct dev_ino *root)
{
  struct stat st;

  stat_or_die ("/", &st);
  root->dev = st.st_dev;
  root->ino = st.st_ino;
  return root;
}

bool
is_dev_ino (struct dev_ino const *root, struct stat const *st)
{
  return root && st && st->st_dev == root->dev && st->st_ino == root->ino;
}

struct walk_file
walk_file_of (FTS *fts, FTSENT *ent)
{
  bool stated = ent->fts_info != FTS_NSOK && ent->fts_info != FTS_NS;

  return (struct walk_file) {
    .dirfd = libfts_dirfd (fts), .name = ent->fts_accpath,
    .path = ent->fts_path, .fts = fts, .ent = ent,
    .level = libfts_level (ent), .info = ent->fts_info,
    .err = ent->fts_errno, .st = stated ? ent->fts_statp : NULL,
    .root_dev = fts->fts_dev, .flagged = ent->fts_number != 0,
  };
}

struct walk_file
walk_file_of_entry (struct libfts_walk_entry *e)
{
  return (struct walk_file) {
    .dirfd = e->dirfd, .name = e->name, .e = e, .level = e->level,
    .info = e->info, .err = e->err, .st = e->st, .root_dev = e->root_dev,
    .flagged = e->flagged, .next = LIBFTS_WALK_CONTINUE,
  };
}

void
walk_skip_dir (struct walk_file *f)
{
  if (f->e)
    f->next = LIBFTS_WALK_SKIP;
  else if (f->info == FTS_D)
    {
      fts_set (f->fts, f->ent, FTS_SKIP);
      fts_read (f->fts);
    }
}

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
    warn_walk_failed (read_err);
  if (fts_close (fts) != 0)
    {
      error (0, errno, _("fts_close failed"));
      ok = false;
    }
  return ok;
}

void
warn_walk_failed (int err)
{
  error (0, err, _("fts_read failed"));
}

void
unexpected_entry (int info, char const *file)
{
  error (0, 0, _("unexpected failure: fts_info=%d: %s"), info, quotef (file));
  abort ();
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
}

void
warn_refuse_dot (char const *file)
{
  error (0, 0, _("refusing to remove %s or %s directory: skipping %s"),
         quoteaf_n (0, "."), quoteaf_n (1, ".."), quoteaf_n (2, file));
}

void
warn_cannot_remove (char const *file, int err)
{
  error (0, err, _("cannot remove %s"), quoteaf (file));
}

void
warn_serve_failed (int err)
{
  if (err == ENOMEM)
    xalloc_die ();
  error (0, err, _("cannot take part in the walk"));
}

void
warn_missing_operand (char const *after)
{
  if (!after)
    error (0, 0, _("missing operand"));
  else
    error (0, 0, _("missing operand after %s"), quote (after));
}

void
die_no_attributes (char const *file, int err)
{
  error (EXIT_FAILURE, err, _("failed to get attributes of %s"),
         quoteaf (file));
  abort ();                     /* error does not return */
}

void
die_dereference_needs_traversal (void)
{
  error (EXIT_FAILURE, 0, _("-R --dereference requires either -H or -L"));
  abort ();                     /* error does not return */
}

char const *
symlink_unchanged_format (void)
{
  return _("neither symbolic link %s nor referent has been changed\n");
}

/* Say that the directory FILE is part of a cycle.  */
static void
warn_cycle (char const *file)
{
  error (0, 0, _("\
WARNING: Circular directory structure.\n\
This almost certainly means that you have a corrupted file system.\n\
NOTIFY YOUR SYSTEM MANAGER.\n\
The following directory is part of the cycle:\n  %s\n"),
         quotearg_n_style_colon (0, shell_escape_quoting_style, file));
}

void
walk_speak (struct walk_voice const *v, char const *file, int code, int err,
            intmax_t value)
{
  switch (code)
    {
    case WM_CANNOT_ACCESS:
      error (0, err, _("cannot access %s"), quoteaf (file));
      break;
    case WM_CANNOT_READ:
      error (0, err, _("cannot read directory %s"), quoteaf (file));
      break;
    case WM_TRAVERSAL:
      error (0, err, "%s", quotef (file));
      break;
    case WM_CYCLE:
      warn_cycle (file);
      break;
    case WM_DANGEROUS_ROOT:
      warn_dangerous_root (file);
      error (0, 0, _("use --no-preserve-root to override this failsafe"));
      break;
    default:
      v->speak (v, file, code, err, value);
      break;
    }
}

void
walk_say (struct walk_voice const *v, struct walk_file const *f, int code,
          int err, intmax_t value)
{
  if (!f->e)
    walk_speak (v, f->path, code, err, value);
  else if (libfts_walk_report (f->e, code, err, value) != 0)
    xalloc_die ();
}

int
walk_report_message (struct libfts_walk_report const *r, void *voice)
{
  walk_speak (voice, r->path, r->code, r->err, r->value);
  return 0;
}

/* Whether FILE ends in two or more slashes and is longer than two bytes:
   then trim_operands cuts them down to one.  */
static bool
needs_trim (char const *file)
{
  size_t len = strlen (file);

  return 2 < len && file[len - 1] == '/' && file[len - 2] == '/';
}

char **
trim_operands (char *const *files, size_t n)
{
  char **out = xnmalloc (n + 1, sizeof *out);

  for (size_t i = 0; i < n; i++)
    {
      size_t len = strlen (files[i]);

      if (!needs_trim (files[i]))
        {
          out[i] = files[i];
          continue;
        }
      while (1 < len && files[i][len - 2] == '/')
        len--;
      out[i] = ximemdup0 (files[i], len);
    }
  out[n] = NULL;
  return out;
}

void
free_operands (char **roots, char *const *files)
{
  for (size_t i = 0; roots[i]; i++)
    if (roots[i] != files[i])
      free (roots[i]);
  free (roots);
}

bool
entry_vanished (int err, long level)
{
  return err == ENOENT && FTS_ROOTLEVEL < level;
}

/* ---- mounts that may make a cycle ---- */

/* A mount as /proc/self/mountinfo lists it: its mount point, and its file
   system's device as major:minor there (on btrfs not what stat says, so
   the mounts are only ever compared with each other).  */
struct mount
{
  char *dir;
  size_t len;
  unsigned long long dev;
};

/* Decode in place the octal escapes (\040 for a space, \011, \012,
   \134) that mountinfo writes in a mount point.  */
static void
unescape_octal (char *s)
{
  char *out = s;

  for (; *s; s++)
    if (s[0] == '\\' && '0' <= s[1] && s[1] <= '3'
        && '0' <= s[2] && s[2] <= '7' && '0' <= s[3] && s[3] <= '7')
      {
        *out++ = (s[1] - '0') << 6 | (s[2] - '0') << 3 | (s[3] - '0');
        s += 3;
      }
    else
      *out++ = *s;
  *out = '\0';
}

/* Fill M from LINE, a line of /proc/self/mountinfo ("ID PARENT
   MAJOR:MINOR ROOT MOUNT-POINT ..."), which it changes.  Returns false
   if LINE is not such a line.  */
static bool
parse_mount (char *line, struct mount *m)
{
  char *field[5];
  unsigned int major, minor;

  for (int i = 0; i < 5; i++)
    {
      field[i] = line;
      line = strchr (line, ' ');
      if (!line)
        return false;
      *line++ = '\0';
    }
  if (sscanf (field[2], "%u:%u", &major, &minor) != 2)
    return false;
  unescape_octal (field[4]);
  m->dir = xstrdup (field[4]);
  m->len = strlen (m->dir);
  m->dev = (unsigned long long) major << 32 | minor;
  return true;
}

/* The mounts listed in /proc/self/mountinfo, in its order (a mount on
   top of another comes after it), in *MOUNTS; returns how many, or -1
   when it cannot be read.  */
static ptrdiff_t
read_mounts (struct mount **mounts)
{
  FILE *f = fopen ("/proc/self/mountinfo", "re");
  char *line = NULL;
  size_t size = 0;
  idx_t n = 0, cap = 0;

  *mounts = NULL;
  if (!f)
    return -1;
  while (getline (&line, &size, f) > 0)
    {
      if (n == cap)
        *mounts = xpalloc (*mounts, &cap, 1, -1, sizeof **mounts);
      n += parse_mount (line, &(*mounts)[n]);
    }
  free (line);
  fclose (f);
  return n;
}

/* Whether the absolute, canonical name NAME is DIR or lies below it.  */
static bool
at_or_below (char const *name, char const *dir, size_t dirlen)
{
  if (dirlen == 1)              /* "/" */
    return true;
  return strncmp (name, dir, dirlen) == 0
         && (name[dirlen] == '/' || name[dirlen] == '\0');
}

static int
compare_devs (void const *a, void const *b)
{
  unsigned long long x = *(unsigned long long const *) a;
  unsigned long long y = *(unsigned long long const *) b;

  return (x > y) - (x < y);
}

/* Whether two of the N MOUNTS are of one file system.  */
static bool
any_mounted_twice (struct mount const *mounts, ptrdiff_t n)
{
  unsigned long long *devs = xnmalloc (n, sizeof *devs);
  bool twice = false;

  for (ptrdiff_t i = 0; i < n; i++)
    devs[i] = mounts[i].dev;
  qsort (devs, n, sizeof *devs, compare_devs);
  for (ptrdiff_t i = 1; i < n && !twice; i++)
    twice = devs[i] == devs[i - 1];
  free (devs);
  return twice;
}

/* Whether, among the mount that holds DIR (the last listed of those whose
   mount point is the longest prefix of DIR) and the N MOUNTS below DIR,
   one file system is mounted twice.  */
static bool
dev_mounted_twice (char const *dir, struct mount const *mounts, ptrdiff_t n)
{
  unsigned long long *devs = xnmalloc (n + 1, sizeof *devs);
  struct mount const *host = NULL;
  ptrdiff_t k = 0;
  bool twice = false;

  for (ptrdiff_t i = 0; i < n; i++)
    if (at_or_below (dir, mounts[i].dir, mounts[i].len))
      {
        if (!host || host->len <= mounts[i].len)
          host = &mounts[i];
      }
    else if (at_or_below (mounts[i].dir, dir, strlen (dir)))
      devs[k++] = mounts[i].dev;
  if (host)
    devs[k++] = host->dev;
  qsort (devs, k, sizeof *devs, compare_devs);
  for (ptrdiff_t i = 1; i < k && !twice; i++)
    twice = devs[i] == devs[i - 1];
  free (devs);
  return twice;
}

/* ---- names looked up together ---- */

/* Names looked up at once, at most, and the threads that do it: on a
   server each lookup waits a round trip, and one after another the 445
   entries of an npm tree's node_modules held back the start of an MPI
   walk at 0.5 ms a request by 0.6 s for their stats and 1.1 s for their
   real names.  */
enum { NAMES_AT_ONCE = 4096, NAME_THREADS = 8 };

/* A batch of names, each given to FN on whichever thread takes it.  */
struct name_batch
{
  char *const *names;
  size_t n;
  void (*fn) (char const *name, size_t i, void *arg);
  void *arg;
  atomic_size_t next;           /* the next to take */
};

static void *
take_names (void *arg)
{
  struct name_batch *b = arg;
  size_t i;

  while ((i = atomic_fetch_add (&b->next, 1)) < b->n)
    b->fn (b->names[i], i, b->arg);
  return NULL;
}

/* Call FN (NAMES[I], I, ARG) for each I below N, on several threads when
   the names are many (FN must be safe to call so).  */
static void
for_names (char *const *names, size_t n,
           void (*fn) (char const *name, size_t i, void *arg), void *arg)
{
  pthread_t t[NAME_THREADS];
  size_t threads = n / 16 < NAME_THREADS ? n / 16 : NAME_THREADS;
  size_t started = 0;
  struct name_batch b = { .names = names, .n = n, .fn = fn, .arg = arg };

  atomic_init (&b.next, 0);
  while (started < threads
         && pthread_create (&t[started], NULL, take_names, &b) == 0)
    started++;
  take_names (&b);
  for (size_t i = 0; i < started; i++)
    pthread_join (t[i], NULL);
}

/* How many of FILES, from the first, up to NAMES_AT_ONCE.  */
static size_t
batch_of (char *const *files)
{
  size_t n = 0;

  while (n < NAMES_AT_ONCE && files[n])
    n++;
  return n;
}

/* Operands looked at, at most, for one that may hold a mount: past them,
   reading the mounts is cheaper.  */
enum { SUBDIRS_LOOKED_AT = 64 };

/* Whether a walk of FILE may meet a mount below it: FILE (followed, if a
   symlink) is a directory that may have subdirectories, in one of which
   a mount would be.  A directory's st_nlink is 2 plus its subdirectories
   on the file systems that count them (ext4, xfs, tmpfs; btrfs says 1):
   2, it has none.  What cannot be stat-ed is not walked below.  */
static bool
may_hold_mounts (char const *file)
{
  struct stat st;

  if (stat (file, &st) != 0 && lstat (file, &st) != 0)
    return false;
  return S_ISDIR (st.st_mode) && st.st_nlink != 2;
}

/* for_names' FN: whether NAME may hold a mount below it, into
   ((bool *) MAY)[I].  */
static void
may_hold_name (char const *name, size_t i, void *may)
{
  ((bool *) may)[i] = may_hold_mounts (name);
}

/* Whether one of FILES may hold a mount below it (may_hold_mounts), or
   they are too many to tell cheaply.  Their stats are taken at once, on
   several threads where they are many (for_names): one after another,
   the 64 operands of rm -rf * on a server waited a round trip each
   before anything was removed (0.67 s at 5 ms a request).  */
static bool
any_may_hold_mounts (char *const *files)
{
  size_t n = 0;
  bool may[SUBDIRS_LOOKED_AT], any = false;

  while (files[n])
    if (++n > SUBDIRS_LOOKED_AT)
      return true;
  for_names (files, n, may_hold_name, may);
  for (size_t i = 0; i < n; i++)
    any = any || may[i];
  return any;
}

/* for_names' FN: NAME's canonical name into ((char **) REAL)[I], or a
   null pointer.  */
static void
real_name (char const *name, size_t i, void *real)
{
  ((char **) real)[i] = realpath (name, NULL);
}

bool
mounts_may_cycle (char *const *files)
{
  /* rm -rf of a directory of files reads no mount table (a tenth of its
     time).  */
  if (!any_may_hold_mounts (files))
    return false;

  struct mount *mounts;
  ptrdiff_t n = read_mounts (&mounts);
  bool may = false;

  /* Without /proc (a container may have none) nothing rules a mount's
     cycle out: the walk must then be the one that finds it where GNU's
     programs find it.  */
  if (n < 0)
    return true;
  /* Most systems mount no file system twice: no operand need be
     resolved then.  */
  bool check = 0 < n && any_mounted_twice (mounts, n);

  for (size_t i = 0; check && files[i] && !may; )
    {
      size_t k = batch_of (&files[i]);
      char **real = xnmalloc (k, sizeof *real);

      for_names (&files[i], k, real_name, real);
      for (size_t j = 0; j < k; j++)
        {
          may = may || (real[j] && dev_mounted_twice (real[j], mounts, n));
          free (real[j]);
        }
      free (real);
      i += k;
    }
  for (ptrdiff_t i = 0; i < n; i++)
    free (mounts[i].dir);
  free (mounts);
  return may;
}

/* ---- the operands, walked together ---- */

/* Operands remembered since the last one walked alone, at most: past it,
   the next is walked alone and they are forgotten, so that memory stays
   bounded with names read from a pipe that never ends.  64 Ki
   identities are a few MiB; an alone operand costs a pause of the walk's
   threads until those before it are done.  */
enum { OPERANDS_REMEMBERED = 64 * 1024 };

/* Operands stat-ed at once, ahead of the walk (root_kind_ahead): as many
   as the walk takes and has not finished (its window of roots, 256).  */
enum { STATS_AHEAD = 256 };

/* Directories above an operand that are looked at, at most: an operand
   deeper than this is walked alone.  */
enum { CHAIN_MAX = 4096 };

/* The directory of NAME: a new string ("." for a bare name).  */
static char *
dir_of (char const *name)
{
  size_t len = last_component (name) - name;

  return len ? ximemdup0 (name, len) : xstrdup (".");
}

/* Add ST's identity to SET.  */
static void
set_add (struct di_set *set, dev_t dev, ino_t ino)
{
  if (di_set_insert (set, dev, ino) < 0)
    xalloc_die ();
}

static bool
set_has (struct di_set *set, dev_t dev, ino_t ino)
{
  int r = di_set_lookup (set, dev, ino);

  if (r < 0)
    xalloc_die ();
  return r;
}

/* Fill O->chain with DIR's identity and those of the directories above
   it, up to "/", found through "..": the directories whose walk would
   meet an operand in DIR.  Returns false when one cannot be opened (or
   there are more than CHAIN_MAX).  */
static bool
read_chain (struct operands *o, char const *dir)
{
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  struct stat st;
  bool ok = false;

  o->chain_len = 0;
  while (0 <= fd && fstat (fd, &st) == 0 && o->chain_len < CHAIN_MAX)
    {
      struct dev_ino *last = o->chain_len ? &o->chain[o->chain_len - 1] : 0;

      if (last && last->dev == st.st_dev && last->ino == st.st_ino)
        {
          ok = true;            /* ".." of "/" is "/" */
          break;
        }
      if ((idx_t) o->chain_len == o->chain_cap)
        o->chain = xpalloc (o->chain, &o->chain_cap, 1, -1, sizeof *o->chain);
      o->chain[o->chain_len++] = (struct dev_ino) { st.st_dev, st.st_ino };
      int up = openat (fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      close (fd);
      fd = up;
    }
  if (0 <= fd)
    close (fd);
  return ok;
}

/* O->chain for ROOT's directory: the last one's again when it is the
   same directory (every operand of `*`).  Returns false as read_chain.  */
static bool
chain_of (struct operands *o, char const *root)
{
  char *dir = dir_of (root);

  if (o->chain_dir && strcmp (dir, o->chain_dir) == 0)
    {
      free (dir);
      return true;
    }
  free (o->chain_dir);
  o->chain_dir = NULL;
  if (!read_chain (o, dir))
    {
      free (dir);
      return false;
    }
  o->chain_dir = dir;
  return true;
}

/* Read the mount table into O, once.  */
static void
read_mounts_once (struct operands *o)
{
  if (o->n_mounts < 0)
    {
      o->n_mounts = read_mounts (&o->mounts);
      o->any_twice = o->n_mounts < 0 || any_mounted_twice (o->mounts,
                                                            o->n_mounts);
    }
}

/* The canonical name of ROOT, whose stat is ST (null: unknown), or null
   where it cannot be found.  For one that is no symbolic link, named in a
   directory (a bare name, as du -sh * gives them), it is the directory's
   canonical name, found once for all the operands in it, and its own
   name: on a server, realpath of each would look up every name of its
   path (445 operands at 200 us took du -sh * a quarter longer than
   their directory as one operand).  */
static char *
real_name_of (struct operands *o, char const *root, struct stat const *st)
{
  char const *base = last_component (root);
  size_t len = strlen (base);

  if (!st || S_ISLNK (st->st_mode) || len == 0 || base[len - 1] == '/'
      || strcmp (base, ".") == 0 || strcmp (base, "..") == 0)
    return realpath (root, NULL);
  char *dir = dir_of (root);
  if (o->real_dir && strcmp (o->real_dir, dir) == 0)
    free (dir);
  else
    {
      free (o->real_dir);
      free (o->real_dir_real);
      o->real_dir = dir;
      o->real_dir_real = realpath (dir, NULL);
    }
  char const *d = o->real_dir_real;
  if (!d)
    return NULL;
  size_t dlen = strlen (d);
  char *real = xmalloc (dlen + 1 + len + 1);
  sprintf (real, "%s%s%s", d, d[dlen - 1] == '/' ? "" : "/", base);
  return real;
}

/* Whether ROOT, whose stat is ST, lies where a file system mounted twice
   may show one directory under two names (mounts_may_cycle's rule): then
   no identity tells that two operands do not meet.  The mount table is
   read once.  */
static bool
mounted_twice (struct operands *o, char const *root, struct stat const *st)
{
  read_mounts_once (o);
  if (!o->any_twice || o->n_mounts < 0)
    return o->any_twice;
  char *dir = real_name_of (o, root, st);
  bool twice = !dir || dev_mounted_twice (dir, o->mounts, o->n_mounts);
  free (dir);
  return twice;
}

/* Forget the operands remembered: the next is walked alone.  */
static void
forget_operands (struct operands *o)
{
  if (o->ids)
    di_set_free (o->ids);
  if (o->above)
    di_set_free (o->above);
  o->ids = di_set_alloc ();
  o->above = di_set_alloc ();
  if (!o->ids || !o->above)
    xalloc_die ();
  o->n_ids = 0;
}

/* Whether the operand whose stat is ST, in the directory O->chain is of,
   may meet what an operand remembered meets: it is one of them, or
   holds one, or one of them holds it.  */
static bool
meets_remembered (struct operands *o, struct stat const *st)
{
  if (set_has (o->ids, st->st_dev, st->st_ino)
      || set_has (o->above, st->st_dev, st->st_ino))
    return true;
  for (size_t i = 0; i < o->chain_len; i++)
    if (set_has (o->ids, o->chain[i].dev, o->chain[i].ino))
      return true;
  return false;
}

/* Whether what ROOT, the next operand, may meet is known from its
   identity (ST, its stat, not following it; null where it cannot be
   stat-ed) and those of the directories above it (into O->chain): it
   can be stat-ed, is not a symbolic link to follow, and no file system
   mounted twice may show it under another name.  */
static bool
root_known (struct operands *o, char const *root, struct stat const *st)
{
  return (st && !(o->follow && S_ISLNK (st->st_mode))
          && !mounted_twice (o, root, st) && chain_of (o, root));
}

/* How ROOT, the next operand, is to be walked, ST being its stat (null:
   it cannot be stat-ed): LIBFTS_WALK_ROOT_ALONE when it may meet what an
   operand before it meets (or that cannot be known: it cannot be stat-ed,
   it is a symbolic link to follow, mounts may show it twice; then the
   one after it is alone too), else LIBFTS_WALK_ROOT; and remember it.  */
static int
root_kind_as (struct operands *o, char const *root, struct stat const *st)
{
  bool known = root_known (o, root, st);
  bool alone = (!known || o->next_alone || OPERANDS_REMEMBERED <= o->n_ids
                || meets_remembered (o, st));

  if (alone)
    forget_operands (o);
  /* One that cannot be known may meet anything after it too.  */
  o->next_alone = !known;
  if (known)
    {
      set_add (o->ids, st->st_dev, st->st_ino);
      o->n_ids++;
      for (size_t i = 0; i < o->chain_len; i++)
        set_add (o->above, o->chain[i].dev, o->chain[i].ino);
    }
  return alone ? LIBFTS_WALK_ROOT_ALONE : LIBFTS_WALK_ROOT;
}

/* The stats of a batch of names, not following them: for_names' ARG.  */
struct stats
{
  struct stat *st;
  bool *ok;
};

static void
stat_name (char const *name, size_t i, void *arg)
{
  struct stats *a = arg;

  a->ok[i] = fstatat (AT_FDCWD, name, &a->st[i], AT_SYMLINK_NOFOLLOW) == 0;
}

/* root_kind_as, ROOT stat-ed now.  */
static int
root_kind (struct operands *o, char const *root)
{
  struct stat st;
  bool ok = fstatat (AT_FDCWD, root, &st, AT_SYMLINK_NOFOLLOW) == 0;

  return root_kind_as (o, root, ok ? &st : NULL);
}

/* root_kind_as for ROOT, the operand O->files[O->given] trimmed, with
   the stats of the operands taken ahead, STATS_AHEAD at once, on several
   threads where they are many (for_names), as GNU's fts_open takes every
   operand's before it walks: one at a time, the walk waited a round
   trip for each before it started on a server (rm -rf * of 100
   directories at 5 ms a request: 9.8 s, against 7.6 s for their
   directory as one operand).  The walk stats each root again as it
   comes to it; these say only how it is to be walked.  */
static int
root_kind_ahead (struct operands *o, char const *root)
{
  size_t i = o->given;

  /* GIVEN only grows: past the batch, the next batch.  */
  if (o->ahead_first + o->ahead_n <= i)
    {
      size_t n = 0;
      while (n < STATS_AHEAD && o->files[i + n])
        n++;
      char **trimmed = trim_operands (&o->files[i], n);
      if (!o->ahead_st)
        {
          o->ahead_st = xnmalloc (STATS_AHEAD, sizeof *o->ahead_st);
          o->ahead_ok = xnmalloc (STATS_AHEAD, sizeof *o->ahead_ok);
        }
      struct stats a = { .st = o->ahead_st, .ok = o->ahead_ok };

      for_names (trimmed, n, stat_name, &a);
      free_operands (trimmed, &o->files[i]);
      o->ahead_first = i;
      o->ahead_n = n;
    }
  i -= o->ahead_first;
  return root_kind_as (o, root, o->ahead_ok[i] ? &o->ahead_st[i] : NULL);
}

/* Whether reading the next of O's names would wait: none is in the
   stream's buffer and its descriptor has nothing to read.  */
static bool
names_would_wait (struct operands const *o)
{
  struct pollfd p = { .fd = fileno (o->names_from), .events = POLLIN };

  return freadahead (o->names_from) == 0 && poll (&p, 1, 0) == 0;
}

/* The next of O's names into *NAME (O's, valid until the next call):
   returns 1, 0 at the end, -1 with errno EAGAIN when WAIT is 0 and it
   is not there yet.  */
static int
next_name (struct operands *o, int wait, char **name)
{
  enum argv_iter_err err;

  if (o->files)
    {
      *name = o->files[o->given];
      return *name != NULL;
    }
  if (!wait && names_would_wait (o))
    {
      errno = EAGAIN;
      return -1;
    }
  *name = argv_iter (o->names, &err);
  if (*name)
    return 1;
  if (err == AI_ERR_MEM)
    xalloc_die ();
  if (err == AI_ERR_READ)
    {
      o->read_failed = true;
      o->read_errno = errno;
    }
  return 0;
}

bool
next_operand_name (struct operands *ops, char **name)
{
  if (next_name (ops, 1, name) <= 0)
    return false;
  ops->given++;
  return true;
}

/* libfts_walk_open_next's source: the next operand, trimmed as
   trim_operands trims it, and how it is to be walked.  */
static int
next_operand (void *arg, int wait, char **root)
{
  struct operands *o = arg;
  char *name;
  int r = next_name (o, wait, &name);

  if (r <= 0)
    return r;
  char **trimmed = trim_operands (&name, 1);
  *root = trimmed[0] == name ? xstrdup (name) : trimmed[0];
  free (trimmed);
  /* One operand alone meets nothing before it: nothing to stat.  */
  int kind = (o->files && !o->files[1] ? LIBFTS_WALK_ROOT
              : o->files ? root_kind_ahead (o, *root)
              : root_kind (o, *root));
  if (o->alone && o->alone (name, o->alone_arg))
    {
      kind = LIBFTS_WALK_ROOT_ALONE;
      o->next_alone = true;
    }
  o->given++;
  return kind;
}

/* Free what O remembers of its operands.  */
static void
forget_all (struct operands *o)
{
  di_set_free (o->ids);
  di_set_free (o->above);
  free (o->chain_dir);
  free (o->chain);
  free (o->real_dir);
  free (o->real_dir_real);
  free (o->ahead_st);
  free (o->ahead_ok);
  for (ptrdiff_t i = 0; i < o->n_mounts; i++)
    free (o->mounts[i].dir);
  free (o->mounts);
}

int
walk_operands (struct operands *ops, int options, libfts_walk_visit_fn visit,
               libfts_walk_report_fn report, void *arg)
{
  ops->n_mounts = -1;
  ops->follow = options & LIBFTS_WALK_COMFOLLOW;
  ops->ahead_n = 0;
  forget_operands (ops);
  LIBFTS_WALK *walk = libfts_walk_open_next (next_operand, ops, options);
  if (!walk)
    xalloc_die ();
  int r = libfts_walk_run (walk, visit, report, arg);
  int err = errno;
  libfts_walk_close (walk);
  forget_all (ops);
  errno = err;
  return r;
}

bool
operands_apart (char *const *files, bool follow)
{
  struct operands o = { .files = files, .follow = follow, .n_mounts = -1 };
  bool apart = true;
  size_t i = 0;

  forget_operands (&o);
  while (apart && files[i])
    {
      size_t first = i, n = batch_of (&files[first]);
      char **trimmed = trim_operands (&files[first], n);
      struct stats a = { .st = xnmalloc (n, sizeof *a.st),
                         .ok = xnmalloc (n, sizeof *a.ok) };

      for_names (trimmed, n, stat_name, &a);
      for (size_t k = 0; apart && k < n; k++, i++)
        {
          struct stat const *st = a.ok[k] ? &a.st[k] : NULL;
          /* The first too must be known: one that is not is not
             remembered, and root_kind would let the next one be walked
             beside it.  */
          apart = (i ? root_kind_as (&o, trimmed[k], st) == LIBFTS_WALK_ROOT
                   : root_known (&o, trimmed[k], st));
          if (i == 0 && apart)
            root_kind_as (&o, trimmed[k], st);
        }
      free (a.st);
      free (a.ok);
      free_operands (trimmed, &files[first]);
    }
  forget_all (&o);
  return apart;
}

/* Merge R, a walk's return, into *WORST as walk_remote_roots says;
   ENOMEM dies.  */
static void
merge_walk_result (int r, int *worst, int *err)
{
  if (r < 0 && errno == ENOMEM)
    xalloc_die ();
  if (r < 0)
    *err = errno;
  if (r < 0 || (r > 0 && *worst == 0))
    *worst = r;
}

int
walk_remote_roots (struct walk_remote const *remote, char *const *roots,
                   bool apart, int options, int how,
                   libfts_walk_visit_fn visit, libfts_walk_report_fn report,
                   void *arg)
{
  int worst = 0, err = 0;

  if (apart && roots[0] && roots[1] && remote->walk_roots)
    {
      int r = remote->walk_roots (remote->ctx, roots, options, how, visit,
                                  report, arg);
      if (r != 2)
        {
          merge_walk_result (r, &worst, &err);
          errno = err;
          return worst;
        }
    }
  for (size_t i = 0; roots[i]; i++)
    merge_walk_result (remote->walk (remote->ctx, roots[i], options, how,
                                     visit, report, arg), &worst, &err);
  errno = err;
  return worst;
}

bool
walk_threads (struct walk_remote const *remote)
{
  static unsigned threads;

  if (!threads)
    threads = libfts_default_threads ();
  return remote || 1 < threads;
}

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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "gettext.h"
#include "xalloc.h"

#include "quoting.h"

#define _(msgid) gettext (msgid)

void
stat_or_die (char const *file, struct stat *st)
{
  if (stat (file, st) != 0)
    error (EXIT_FAILURE, errno, _("failed to get attributes of %s"),
           quoteaf (file));
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

/* Say that FILE, an operand that is '/' or resolves to it, is refused
   under --preserve-root.  */
static void
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

bool
mounts_may_cycle (char *const *files)
{
  struct mount *mounts;
  ptrdiff_t n = read_mounts (&mounts);
  bool may = false;

  /* Most systems mount no file system twice: no operand need be
     resolved then.  */
  bool check = 0 < n && any_mounted_twice (mounts, n);

  for (size_t i = 0; check && files[i] && !may; i++)
    {
      char *dir = realpath (files[i], NULL);

      if (dir)
        may = dev_mounted_twice (dir, mounts, n);
      free (dir);
    }
  for (ptrdiff_t i = 0; i < n; i++)
    free (mounts[i].dir);
  free (mounts);
  return may;
}

/* remove.c: the removal core of rm, on libfts.

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

/* One libfts stream walks every operand, physically, descriptor-relative
   (FTS_DIRFD) and without stat-ing what d_type already names (FTS_NOSTAT).
   Each entry is removed with unlinkat on the descriptor of its parent and
   its bare name, so that nothing outside the operands is ever reached,
   whatever is renamed or replaced by a symlink while rm runs: libfts opens
   each directory with O_NOFOLLOW relative to its verified parent.

   A file costs one system call (unlinkat); a directory costs what libfts
   needs to read it (openat, fstat, getdents64, close) and its rmdir.
   Nothing is stat-ed unless a prompt needs the file's type or mode.

   Directories are removed in post-order (FTS_DP).  When a removal fails,
   or the user declines to have a directory entered, the ancestors are
   marked through fts_number and skipped silently on the way up, as their
   removal could only fail with ENOTEMPTY: GNU rm prints nothing for them
   either.  As in GNU rm, declining a file or a directory's own removal
   marks nothing: the parent is still asked about, and fails noisily.  */

#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fts.h"
#include "walk-util.h"

#include "error.h"
#include "file-type.h"
#include "gettext.h"
#include "progname.h"
#include "xalloc.h"
#include "yesno.h"

#include "remove.h"

#define _(msgid) gettext (msgid)

/* What rm knows of a directory's contents: not looked at yet, empty, not
   empty, or (a positive errno value) why it could not be read.  Only
   prompts and -d need to know; a plain rm -r never asks.  */
enum
{
  DS_UNKNOWN = -2,
  DS_EMPTY = -1,
  DS_NONEMPTY = 0
};

/* The two questions asked about a directory: before its contents
   (pre-order), and before the directory itself.  */
enum prompt_action
{
  PA_DESCEND_INTO_DIR,
  PA_REMOVE_DIR
};

/* One removal in progress.  */
struct walk
{
  FTS *fts;
  struct rm_options const *x;
};

static enum RM_status visit (struct walk *w, FTSENT *ent);

/* Whether this process may write any file whatever its mode (it is the
   super-user): then nothing is write-protected for it.  */
static bool
can_write_any_file (void)
{
  static int can_write = -1;

  if (can_write < 0)
    can_write = geteuid () == 0;
  return can_write;
}

/* Whether NAME is "." or "..", possibly followed by slashes.  */
static bool
is_dot_or_dotdot (char const *name)
{
  size_t n = name[0] != '.' ? 0 : name[1] != '.' ? 1 : 2;

  return n != 0 && (name[n] == '\0' || name[n] == '/');
}

/* The last component of FILE, trailing slashes included: "b/" for
   "a/b/"; FILE itself when it has no other ("/", "b").  */
static char const *
last_component_of (char const *file)
{
  char const *base = file;
  bool after_slash = false;

  for (char const *p = file; *p; p++)
    if (*p == '/')
      after_slash = true;
    else if (after_slash)
      {
        base = p;
        after_slash = false;
      }
  return base;
}

/* Mark the ancestors of ENT as not to be removed: something below them
   stays, so their rmdir could only fail.  Stops at the first one already
   marked (all above it are), so that a deep tree costs O(1) per entry.  */
static void
mark_ancestors (FTSENT *ent)
{
  for (FTSENT *p = ent->fts_parent;
       FTS_ROOTLEVEL <= p->fts_level && !p->fts_number; p = p->fts_parent)
    p->fts_number = 1;
}

/* Do not descend into ENT, a directory fts_read just returned in
   pre-order.  libfts then returns it once more, in post-order: that visit
   is consumed here, as there is nothing left to do with ENT.  */
static void
skip_tree (FTS *fts, FTSENT *ent)
{
  fts_set (fts, ent, FTS_SKIP);
  fts_read (fts);
}

/* The status of directory NAME in DIRFD: DS_EMPTY, DS_NONEMPTY, or the
   errno value that kept it from being read.  Never follows a symlink.  */
static int
directory_status (int dirfd, char const *name)
{
  int fd = openat (dirfd, name, (O_RDONLY | O_DIRECTORY | O_NOCTTY
                                 | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  int status = DS_EMPTY;
  struct dirent const *de;
  DIR *dir;

  if (fd < 0)
    return errno;
  dir = fdopendir (fd);
  if (!dir)
    {
      status = errno;
      close (fd);
      return status;
    }
  errno = 0;
  while ((de = readdir (dir)))
    if (!is_dot_or_dotdot (de->d_name))
      {
        status = DS_NONEMPTY;
        break;
      }
  if (!de && errno)
    status = errno;
  closedir (dir);
  return status;
}

/* *STATUS, the status of directory ENT (the entry fts_read returned
   last), found out the first time it is asked for.  */
static int
get_dir_status (struct walk const *w, FTSENT const *ent, int *status)
{
  if (*status == DS_UNKNOWN)
    *status = directory_status (libfts_dirfd (w->fts), ent->fts_accpath);
  return *status;
}

/* Whether rm may ask anything about a file: before each with -i; by
   default and with -I, only about write-protected files, and only when
   standard input is a terminal, without -f, and for a user who cannot
   write to everything.  */
static bool
may_prompt (struct rm_options const *x)
{
  switch (x->interactive)
    {
    case RMI_ALWAYS:
      return true;
    case RMI_SOMETIMES:
      return x->stdin_tty && !x->ignore_missing_files
             && !can_write_any_file ();
    case RMI_NEVER:
      return false;
    }
  abort ();
}

/* ENT's lstat, or null when it failed (FTS_NS, with the reason in
   fts_errno).  A prompt is only reached by entries that were stat-ed.
   Under FTS_NOSTAT a directory's, in post-order, holds only its type and
   identity (libfts keeps no more of it while below it): a prompt reads
   the type alone, and its access through faccessat.  */
static struct stat const *
entry_stat (FTSENT const *ent)
{
  return ent->fts_info == FTS_NS ? NULL : ent->fts_statp;
}

/* Whether ENT, whose lstat is ST (null if it failed), is write-protected
   for this process: 1 if it is (not writable, and not a symlink, whose
   mode means nothing), 0 if not, -1 with *ERR set when that cannot be
   told.  */
static int
write_protected (struct walk const *w, FTSENT const *ent,
                 struct stat const *st, int *err)
{
  if (can_write_any_file ())
    return 0;
  if (!st)
    {
      *err = ent->fts_errno;
      return -1;
    }
  if (S_ISLNK (st->st_mode))
    return 0;
  if (faccessat (libfts_dirfd (w->fts), ent->fts_accpath, W_OK,
                 AT_EACCESS) == 0)
    return 0;
  *err = errno;
  return errno == EACCES ? 1 : -1;
}

/* Ask on stderr, without a newline, whether to act on ENT, a directory
   (IS_DIR) or what ST says.  WP: whether ENT is write-protected.  */
static void
ask (struct walk const *w, FTSENT const *ent, struct stat const *st,
     bool is_dir, enum prompt_action mode, int wp, int *dir_status)
{
  char const *name = quoteaf (ent->fts_path);

  if (is_dir && mode == PA_DESCEND_INTO_DIR)
    {
      int status = get_dir_status (w, ent, dir_status);

      if (status == DS_NONEMPTY)
        {
          fprintf (stderr,
                   (wp ? _("%s: descend into write-protected directory %s? ")
                    : _("%s: descend into directory %s? ")),
                   program_name, name);
          return;
        }
      /* Newer than coreutils 9.1, which asked to descend into it.  */
      if (0 < status)
        {
          fprintf (stderr,
                   _("%s: attempt removal of inaccessible directory %s? "),
                   program_name, name);
          return;
        }
    }
  fprintf (stderr,
           wp ? _("%s: remove write-protected %s %s? ") : _("%s: remove %s %s? "),
           program_name, file_type (st), name);
}

/* Decide whether to act on ENT, a directory when IS_DIR, before MODE.
   Returns RM_OK to go ahead, RM_USER_DECLINED when the answer was no or
   something below ENT stays, RM_ERROR (diagnosed) when ENT cannot be
   removed: a directory without -r or -d, or one whose stat failed.
   *DIR_STATUS caches ENT's status as a directory.  */
static enum RM_status
prompt (struct walk *w, FTSENT *ent, bool is_dir, enum prompt_action mode,
        int *dir_status)
{
  struct rm_options const *x = w->x;
  struct stat const *st = entry_stat (ent);
  int wp = 0;
  int err = 0;

  if (ent->fts_number)
    return RM_USER_DECLINED;
  if (!may_prompt (x))
    return RM_OK;
  if (!x->ignore_missing_files)
    wp = write_protected (w, ent, st, &err);
  if (wp == 0 && x->interactive != RMI_ALWAYS)
    return RM_OK;
  if (0 <= wp && !st)
    {
      wp = -1;
      err = ent->fts_errno;
    }
  if (0 <= wp && !is_dir && S_ISLNK (st->st_mode)
      && x->interactive != RMI_ALWAYS)
    return RM_OK;
  if (0 <= wp && (is_dir || S_ISDIR (st->st_mode))
      && !(x->recursive
           || (x->remove_empty_directories
               && get_dir_status (w, ent, dir_status) != DS_NONEMPTY)))
    {
      wp = -1;
      err = EISDIR;
    }
  if (wp < 0)
    {
      error (0, err, _("cannot remove %s"), quoteaf (ent->fts_path));
      return RM_ERROR;
    }
  ask (w, ent, st, is_dir, mode, wp, dir_status);
  return yesno () ? RM_OK : RM_USER_DECLINED;
}

/* Say that ENT was removed, with -v.  */
static void
report_removed (struct walk const *w, FTSENT const *ent, bool is_dir)
{
  if (w->x->verbose)
    printf ((is_dir ? _("removed directory %s\n") : _("removed %s\n")),
            quoteaf (ent->fts_path));
}

/* ERR, the error unlinkat gave for NAME in DIRFD on a read-only file system, or
   ENOENT when ENT is missing: Linux checks for a read-only file system
   before it looks the name up, and a missing file is what -f ignores.  */
static int
erofs_or_missing (int dirfd, char const *name, int err)
{
  struct stat st;

  if (fstatat (dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT)
    return ENOENT;
  return err;
}

/* What rm does after unlinkat failed to remove an entry.  */
enum after_failure
{
  AF_FAIL,                      /* diagnose the error (or ignore it, -f) */
  AF_AGAIN,                     /* not stat'ed, and a directory after all:
                                   have the walk stat it and come back */
  AF_AS_FILE                    /* "rmdir" found no directory: unlink it */
};

/* Classify the failure *ERR of unlinkat to remove NAME in DIRFD, a
   directory when IS_DIR, which was not stat'ed (NSOK), below the operands
   (BELOW_ROOT), READ_ERRNO saying why it could not be read to its end.
   d_type is only a hint: a file that unlink finds to be a directory comes
   back (AF_AGAIN), and a directory below the operands that rmdir finds to
   be something else by now is unlinked (AF_AS_FILE).  *ERR may be made
   more precise: ENOENT for a missing file on a read-only file system, the
   read error behind a directory that is not empty.  */
static enum after_failure
classify_failure (int dirfd, char const *name, bool is_dir, bool nsok,
                  bool below_root, int read_errno, int *err)
{
  switch (*err)
    {
    case EISDIR: case EPERM:    /* Linux says EISDIR, POSIX allows EPERM */
      if (!is_dir && nsok)
        return AF_AGAIN;
      break;
    case ENOTDIR:               /* an operand "link/" is reported */
      if (is_dir && below_root)
        return AF_AS_FILE;
      break;
    case EROFS:
      *err = erofs_or_missing (dirfd, name, *err);
      break;
    case ENOTEMPTY: case EEXIST:
      /* Read to its end, or did an error cut the read short?  Newer GNU
         reports the error that kept entries from being seen.  */
      if (is_dir && !read_errno)
        {
          int status = directory_status (dirfd, name);
          if (0 < status)
            *err = status;
        }
      break;
    default:                    /* the kernel's reason is the one to give */
      break;
    }
  return AF_FAIL;
}

/* The error to report for the failure ERR to remove a directory (IS_DIR)
   or file, READ_ERRNO saying why it could not be read: the rmdir of an
   unreadable directory fails with ENOTEMPTY and the like, which say less.
   0 when X says to ignore it (-f, and the file is missing).  */
static int
error_to_report (struct rm_options const *x, bool is_dir, int err,
                 int read_errno)
{
  if (x->ignore_missing_files && (err == ENOENT || err == ENOTDIR))
    return 0;
  if (is_dir && read_errno
      && (err == ENOTEMPTY || err == EEXIST || err == EISDIR
          || err == ENOTDIR))
    return read_errno;
  return err;
}

/* Diagnose the failure ERR to remove ENT, a directory when IS_DIR, and
   mark its ancestors; or, with -f, ignore it if ENT is missing.
   READ_ERRNO: why ENT could not be read, if it could not.  The rmdir of
   an unreadable directory fails with ENOTEMPTY and the like, which say
   less than that.  */
static enum RM_status
removal_failed (struct walk const *w, FTSENT *ent, bool is_dir, int err,
                int read_errno)
{
  err = error_to_report (w->x, is_dir, err, read_errno);
  if (!err)
    return RM_OK;
  error (0, err, _("cannot remove %s"), quoteaf (ent->fts_path));
  mark_ancestors (ent);
  return RM_ERROR;
}

/* Remove ENT, a directory when IS_DIR, with unlinkat on its parent's
   descriptor and its bare name.  READ_ERRNO as for removal_failed.
   d_type is only a hint: a file that unlink finds to be a directory is
   handed back to libfts to be stat-ed and returned again (FTS_AGAIN),
   and a directory below the operands that rmdir finds to be something
   else by now is unlinked.  Returns RM_OK (removed; gone already, with
   -f; or coming back), or RM_ERROR, diagnosed, with ENT's ancestors
   marked.  */
static enum RM_status
excise (struct walk *w, FTSENT *ent, bool is_dir, int read_errno)
{
  int err;

  if (unlinkat (libfts_dirfd (w->fts), ent->fts_accpath,
                is_dir ? AT_REMOVEDIR : 0) == 0)
    {
      report_removed (w, ent, is_dir);
      return RM_OK;
    }
  err = errno;
  switch (classify_failure (libfts_dirfd (w->fts), ent->fts_accpath, is_dir,
                            ent->fts_info == FTS_NSOK,
                            FTS_ROOTLEVEL < ent->fts_level, read_errno, &err))
    {
    case AF_AGAIN:
      if (fts_set (w->fts, ent, FTS_AGAIN) == 0)
        return RM_OK;
      break;
    case AF_AS_FILE:
      return excise (w, ent, false, 0);
    case AF_FAIL:
      break;
    }
  return removal_failed (w, ent, is_dir, err, read_errno);
}

/* Refuse ENT, an operand that is the root directory ("/", "//", a
   symlink to it with a trailing slash...) under --preserve-root.  */
static enum RM_status
refuse_root (FTSENT const *ent)
{
  warn_dangerous_root (ent->fts_path);
  return RM_ERROR;
}

/* The name by which --preserve-root=all looks at the parent of operand
   FILE: FILE less its trailing slashes, then "/.." ("/" gives "/..").
   From malloc.  */
static char *
parent_of (char const *file)
{
  size_t len = strlen (file);
  char *parent;

  while (1 < len && file[len - 1] == '/')
    len--;
  parent = xmalloc (len + sizeof "/..");
  memcpy (parent, file, len);
  strcpy (parent + len, file[len - 1] == '/' ? ".." : "/..");
  return parent;
}

/* --preserve-root=all: refuse ENT, an operand that is a directory, when
   it is on another device than its parent (a mount point).  */
static enum RM_status
check_parent_device (struct walk const *w, FTSENT const *ent)
{
  char const *file = ent->fts_accpath;
  enum RM_status s = RM_OK;
  struct stat st;
  char *parent = parent_of (file);

  if (lstat (parent, &st) != 0)
    {
      error (0, 0, _("failed to stat %s: skipping %s"),
             quoteaf_n (0, parent), quoteaf_n (1, file));
      s = RM_ERROR;
    }
  else if (st.st_dev != w->fts->fts_dev)
    {
      error (0, 0, _("skipping %s, since it's on a different device"),
             quoteaf (ent->fts_path));
      error (0, 0, _("and --preserve-root=all is in effect"));
      s = RM_ERROR;
    }
  free (parent);
  return s;
}

/* What POSIX and --preserve-root require of ENT, an operand that is a
   directory, before anything is done to it: "." and ".." (as the last
   component) are refused, and so is the root directory.  Returns RM_OK
   or RM_ERROR, diagnosed.  */
static enum RM_status
check_operand_dir (struct walk const *w, FTSENT const *ent)
{
  struct rm_root const *root = w->x->root;

  if (is_dot_or_dotdot (last_component_of (ent->fts_accpath)))
    {
      error (0, 0, _("refusing to remove %s or %s directory: skipping %s"),
             quoteaf_n (0, "."), quoteaf_n (1, ".."),
             quoteaf_n (2, ent->fts_path));
      return RM_ERROR;
    }
  if (root && ent->fts_dev == root->dev && ent->fts_ino == root->ino)
    return refuse_root (ent);
  if (w->x->preserve_all_root)
    return check_parent_device (w, ent);
  return RM_OK;
}

/* Remove ENT, a directory whose contents are gone (FTS_DP), or that could
   not be read (FTS_DNR, READ_ERRNO saying why: an empty one can still be
   removed).  */
static enum RM_status
remove_dir (struct walk *w, FTSENT *ent, int read_errno)
{
  int dir_status = DS_UNKNOWN;
  enum RM_status s = prompt (w, ent, true, PA_REMOVE_DIR, &dir_status);

  return s == RM_OK ? excise (w, ent, true, read_errno) : s;
}

/* Pre-order visit of directory ENT (FTS_D): refuse it without -r (or -d
   and empty), check it if it is an operand, ask, and then either let
   libfts descend into it (RM_OK) or deal with it now and skip its
   contents: an empty directory, or one that cannot be read, is removed
   at once.  */
static enum RM_status
enter_dir (struct walk *w, FTSENT *ent)
{
  struct rm_options const *x = w->x;
  int dir_status = DS_UNKNOWN;
  enum RM_status s = RM_OK;

  if (!x->recursive
      && !(x->remove_empty_directories
           && get_dir_status (w, ent, &dir_status) != DS_NONEMPTY))
    {
      error (0, x->remove_empty_directories ? ENOTEMPTY : EISDIR,
             _("cannot remove %s"), quoteaf (ent->fts_path));
      s = RM_ERROR;
    }
  else if (ent->fts_level == FTS_ROOTLEVEL)
    s = check_operand_dir (w, ent);
  if (s == RM_OK)
    s = prompt (w, ent, true, PA_DESCEND_INTO_DIR, &dir_status);
  /* An empty directory, or one that cannot be read (whose prompt, if any,
     was "attempt removal of inaccessible directory"), goes at once, with
     no second prompt.  */
  if (s == RM_OK && (dir_status == DS_EMPTY || 0 < dir_status))
    s = excise (w, ent, true, dir_status == DS_EMPTY ? 0 : dir_status);
  else if (s == RM_OK)
    return RM_OK;
  if (s != RM_OK)
    mark_ancestors (ent);
  skip_tree (w->fts, ent);
  return s;
}

/* Post-order visit of directory ENT (FTS_DP).  With --one-file-system, a
   directory on another device than its operand was not descended into
   (FTS_XDEV): it is skipped, and so are its ancestors.  */
static enum RM_status
leave_dir (struct walk *w, FTSENT *ent)
{
  if (w->x->one_file_system && FTS_ROOTLEVEL < ent->fts_level
      && ent->fts_dev != w->fts->fts_dev)
    {
      mark_ancestors (ent);
      error (0, 0, _("skipping %s, since it's on a different device"),
             quoteaf (ent->fts_path));
      return RM_ERROR;
    }
  return remove_dir (w, ent, 0);
}

/* Remove ENT, not a directory as far as libfts knows: stat-ed, or not
   (FTS_NSOK: its type comes from d_type), or whose stat failed (FTS_NS:
   unlink then says why, as it is what GNU rm reports).  A prompt needs
   the real type and mode: an entry not stat-ed yet is stat-ed first, and
   visited as a directory if that is what it is.  */
static enum RM_status
remove_file (struct walk *w, FTSENT *ent)
{
  int dir_status = DS_UNKNOWN;
  enum RM_status s;

  if (ent->fts_info == FTS_NSOK && may_prompt (w->x))
    {
      int info = libfts_stat (w->fts, ent, 0);

      if (info == FTS_D || info == FTS_DC)
        return visit (w, ent);
    }
  s = prompt (w, ent, false, PA_REMOVE_DIR, &dir_status);
  return s == RM_OK ? excise (w, ent, false, 0) : s;
}

/* FTS_DC: ENT is a directory that is also one of its ancestors (a bind
   mount of a directory inside itself, or a corrupted file system), found
   where GNU rm finds it (FTS_LAZY_CYCLE_CHECK).  It is not entered.  GNU
   rm (9.1) then asks its fts to skip ENT and reads one entry more, which
   is not ENT's post-order visit (a cycle has none) but the entry after
   it: that one is left alone, unvisited, and its parent's rmdir says
   "Directory not empty".  So is it here, since scripts see it.  */
static enum RM_status
cycle (struct walk *w, FTSENT *ent)
{
  warn_cycle (ent->fts_path);
  fts_set (w->fts, ent, FTS_SKIP);
  fts_read (w->fts);
  return RM_ERROR;
}

/* FTS_ERR: reading directory ENT failed part way (e.g. EIO after some
   entries; libfts hands out those it read and then returns ENT so).  What
   was read is removed; ENT and its ancestors are kept.  */
static enum RM_status
report_traversal_error (FTSENT *ent)
{
  error (0, ent->fts_errno, _("traversal failed: %s"), quotef (ent->fts_path));
  mark_ancestors (ent);
  return RM_ERROR;
}

/* Do what rm does with ENT, which fts_read just returned.  */
static enum RM_status
visit (struct walk *w, FTSENT *ent)
{
  switch (ent->fts_info)
    {
    case FTS_D:
      return enter_dir (w, ent);
    case FTS_DP:
      return leave_dir (w, ent);
    case FTS_DNR:
      return remove_dir (w, ent, ent->fts_errno);
    case FTS_F: case FTS_SL: case FTS_SLNONE: case FTS_DEFAULT:
    case FTS_NSOK: case FTS_NS:
      return remove_file (w, ent);
    case FTS_DC:
      return cycle (w, ent);
    case FTS_ERR:
      return report_traversal_error (ent);
    default:                    /* FTS_DOT, FTS_INIT, FTS_W: never here */
      error (0, 0, _("unexpected failure: fts_info=%d: %s"),
             ent->fts_info, quotef (ent->fts_path));
      abort ();
    }
}

/* Whether FILE ends in two or more slashes and is longer than two bytes:
   gnulib's fts cuts those down to one, and so GNU rm shows "d//" as "d/"
   ("//" stays, "///" is "/").  */
static bool
needs_trim (char const *file)
{
  size_t len = strlen (file);

  return 2 < len && file[len - 1] == '/' && file[len - 2] == '/';
}

/* A null-terminated copy of FILES in which the names that needs_trim
   selects end in one slash.  Only those names are copied.  */
static char **
trim_operands (char *const *files)
{
  size_t n = 0;
  char **out;

  while (files[n])
    n++;
  out = xnmalloc (n + 1, sizeof *out);
  for (size_t i = 0; i < n; i++)
    {
      size_t len = strlen (files[i]);

      if (needs_trim (files[i]))
        while (1 < len && files[i][len - 2] == '/')
          len--;
      out[i] = len < strlen (files[i]) ? ximemdup0 (files[i], len) : files[i];
    }
  out[n] = NULL;
  return out;
}

/* Free OUT, which trim_operands made from FILES.  */
static void
free_operands (char **out, char *const *files)
{
  for (size_t i = 0; out[i]; i++)
    if (out[i] != files[i])
      free (out[i]);
  free (out);
}

/* ---- the parallel walk ------------------------------------------------- */

/* rm -r without prompts walks with libfts's worker threads: each entry is
   removed from whichever thread reaches it, through its parent's
   descriptor and bare name as above, each directory after its contents.
   What rm says (-v lines, diagnostics) is queued as reports, which libfts
   delivers in the order of the sequential walk, so that the output is the
   same byte for byte; pr_say prints them, from one thread at a time.  */

/* What a report asks pr_say to print.  */
enum pr_code
{
  PR_REMOVED,                   /* -v: removed 'f' */
  PR_REMOVED_DIR,               /* -v: removed directory 'd' */
  PR_CANNOT_REMOVE,             /* cannot remove 'f': ERR */
  PR_REFUSE_DOT,                /* refusing to remove '.' or '..' */
  PR_DANGEROUS_ROOT,            /* it is dangerous to operate on '/' */
  PR_PARENT_STAT_FAILED,        /* --preserve-root=all, parent unknown */
  PR_ROOT_OTHER_DEVICE,         /* --preserve-root=all, a mount point */
  PR_OTHER_DEVICE,              /* --one-file-system */
  PR_CYCLE,                     /* FTS_DC */
  PR_TRAVERSAL_FAILED           /* FTS_ERR */
};

/* One parallel removal: the options and the worst status so far.  */
struct pr_walk
{
  struct rm_options const *x;
  _Atomic int status;
};

/* Merge S into PW's status (the worst wins).  */
static void
pr_update (struct pr_walk *pw, enum RM_status s)
{
  int old = atomic_load (&pw->status);
  while (old < (int) s
         && !atomic_compare_exchange_weak (&pw->status, &old, (int) s))
    continue;
}

/* Queue a report of CODE (and ERR) about E.  Out of memory, rm cannot
   keep its promise of a message: it dies, as xalloc does.  */
static void
pr_report (struct libfts_walk_entry *e, enum pr_code code, int err)
{
  if (libfts_walk_report (e, code, err, 0) != 0)
    xalloc_die ();
}

/* Print what the report R says, as the sequential walk prints it.  */
static int
pr_say (struct libfts_walk_report const *r, void *arg)
{
  char const *path = r->path;

  switch (r->code)
    {
    case PR_REMOVED:
      printf (_("removed %s\n"), quoteaf (path));
      break;
    case PR_REMOVED_DIR:
      printf (_("removed directory %s\n"), quoteaf (path));
      break;
    case PR_CANNOT_REMOVE:
      error (0, r->err, _("cannot remove %s"), quoteaf (path));
      break;
    case PR_REFUSE_DOT:
      error (0, 0, _("refusing to remove %s or %s directory: skipping %s"),
             quoteaf_n (0, "."), quoteaf_n (1, ".."), quoteaf_n (2, path));
      break;
    case PR_DANGEROUS_ROOT:
      warn_dangerous_root (path);
      break;
    case PR_PARENT_STAT_FAILED:
      {
        char *parent = parent_of (path);
        error (0, 0, _("failed to stat %s: skipping %s"),
               quoteaf_n (0, parent), quoteaf_n (1, path));
        free (parent);
      }
      break;
    case PR_ROOT_OTHER_DEVICE:
      error (0, 0, _("skipping %s, since it's on a different device"),
             quoteaf (path));
      error (0, 0, _("and --preserve-root=all is in effect"));
      break;
    case PR_OTHER_DEVICE:
      error (0, 0, _("skipping %s, since it's on a different device"),
             quoteaf (path));
      break;
    case PR_CYCLE:
      warn_cycle (path);
      break;
    case PR_TRAVERSAL_FAILED:
      error (0, r->err, _("traversal failed: %s"), quotef (path));
      break;
    case LIBFTS_WALK_FAILED:
      error (0, r->err, _("fts_read failed"));
      break;
    default:
      abort ();
    }
  return 0;
}

/* The failure ERR to remove E (a directory when IS_DIR; READ_ERRNO as
   for removal_failed): queue the diagnostic and flag E's ancestors, or
   ignore it with -f if E is missing.  */
static enum RM_status
pr_failed (struct pr_walk *pw, struct libfts_walk_entry *e, bool is_dir,
           int err, int read_errno)
{
  err = error_to_report (pw->x, is_dir, err, read_errno);
  if (!err)
    return RM_OK;
  pr_report (e, PR_CANNOT_REMOVE, err);
  libfts_walk_flag_ancestors (e);
  return RM_ERROR;
}

/* Remove E as excise does (same fallbacks, same errors).  *AGAIN is set
   when E, not stat'ed, turned out to be a directory: libfts then stats it
   and visits it again.  */
static enum RM_status
pr_excise (struct pr_walk *pw, struct libfts_walk_entry *e, bool is_dir,
           int read_errno, bool *again)
{
  int err;

  if (unlinkat (e->dirfd, e->name, is_dir ? AT_REMOVEDIR : 0) == 0)
    {
      if (pw->x->verbose)
        pr_report (e, is_dir ? PR_REMOVED_DIR : PR_REMOVED, 0);
      return RM_OK;
    }
  err = errno;
  switch (classify_failure (e->dirfd, e->name, is_dir, e->info == FTS_NSOK,
                            FTS_ROOTLEVEL < e->level, read_errno, &err))
    {
    case AF_AGAIN:
      *again = true;
      return RM_OK;
    case AF_AS_FILE:
      return pr_excise (pw, e, false, 0, again);
    case AF_FAIL:
      break;
    }
  return pr_failed (pw, e, is_dir, err, read_errno);
}

/* What check_operand_dir checks, for E, an operand that is a directory.  */
static enum RM_status
pr_check_operand (struct pr_walk *pw, struct libfts_walk_entry *e)
{
  struct rm_root const *root = pw->x->root;

  if (is_dot_or_dotdot (last_component_of (e->name)))
    pr_report (e, PR_REFUSE_DOT, 0);
  else if (root && e->st->st_dev == root->dev && e->st->st_ino == root->ino)
    pr_report (e, PR_DANGEROUS_ROOT, 0);
  else if (pw->x->preserve_all_root)
    {
      struct stat st;
      char *parent = parent_of (e->name);
      int r = lstat (parent, &st);

      free (parent);
      if (r != 0)
        pr_report (e, PR_PARENT_STAT_FAILED, 0);
      else if (st.st_dev != e->st->st_dev)
        pr_report (e, PR_ROOT_OTHER_DEVICE, 0);
      else
        return RM_OK;
    }
  else
    return RM_OK;
  return RM_ERROR;
}

/* Pre-order visit of directory E: refuse an operand as check_operand_dir
   does; with --one-file-system, skip (and keep) a directory on another
   device, which the sequential walk does on its post-order visit, with
   nothing between.  */
static int
pr_enter_dir (struct pr_walk *pw, struct libfts_walk_entry *e)
{
  enum RM_status s = RM_OK;

  if (e->level == FTS_ROOTLEVEL)
    s = pr_check_operand (pw, e);
  else if (pw->x->one_file_system && e->st->st_dev != e->root_dev)
    {
      pr_report (e, PR_OTHER_DEVICE, 0);
      libfts_walk_flag_ancestors (e);
      s = RM_ERROR;
    }
  pr_update (pw, s);
  return s == RM_OK ? LIBFTS_WALK_CONTINUE : LIBFTS_WALK_SKIP;
}

/* What rm does with E, on whichever thread libfts calls it from.  */
static int
pr_visit (struct libfts_walk_entry *e, void *arg)
{
  struct pr_walk *pw = arg;
  enum RM_status s;
  bool again = false;

  switch (e->info)
    {
    case FTS_D:
      return pr_enter_dir (pw, e);
    case FTS_DP: case FTS_DNR:
      /* Something below stays: the removal could only fail, silently
         skipped as in the sequential walk (whose prompt says "declined").  */
      s = e->flagged ? RM_USER_DECLINED
          : pr_excise (pw, e, true, e->info == FTS_DNR ? e->err : 0, &again);
      break;
    case FTS_F: case FTS_SL: case FTS_SLNONE: case FTS_DEFAULT:
    case FTS_NSOK: case FTS_NS:
      s = pr_excise (pw, e, false, 0, &again);
      break;
    case FTS_DC:
      pr_report (e, PR_CYCLE, 0);
      libfts_walk_flag_ancestors (e);
      s = RM_ERROR;
      break;
    case FTS_ERR:
      pr_report (e, PR_TRAVERSAL_FAILED, e->err);
      libfts_walk_flag_ancestors (e);
      s = RM_ERROR;
      break;
    default:                    /* FTS_DOT, FTS_INIT, FTS_W: never here */
      abort ();
    }
  pr_update (pw, s);
  return again ? LIBFTS_WALK_AGAIN : LIBFTS_WALK_CONTINUE;
}

/* Whether rm with X removes FILES with the worker threads: recursively,
   with nothing to ask, and more than one thread to run; not where a mount
   may make a cycle (mounts_may_cycle), which GNU rm finds where fts_read's
   lazy check does.  */
static bool
use_threads (char *const *files, struct rm_options const *x)
{
  return (x->recursive && !may_prompt (x) && 1 < libfts_default_threads ()
          && !mounts_may_cycle (files));
}

/* Remove ROOTS, as X says, with the worker threads.  */
static enum RM_status
rm_parallel (char *const *roots, struct rm_options const *x)
{
  struct pr_walk pw = { .x = x, .status = RM_OK };
  LIBFTS_WALK *walk = libfts_walk_open (roots, (LIBFTS_WALK_ORDERED
                                                | LIBFTS_WALK_TRUST_SHORT_READS));

  if (!walk)
    xalloc_die ();
  if (libfts_walk_run (walk, pr_visit, pr_say, &pw) < 0)
    pr_update (&pw, RM_ERROR);
  libfts_walk_close (walk);
  return atomic_load (&pw.status);
}

/* Remove FILES, a null-terminated list of at least one name, as X says.
   Returns the worst outcome of all.  */
enum RM_status
rm (char *const *files, struct rm_options const *x)
{
  enum RM_status status = RM_OK;
  char **roots = trim_operands (files);
  struct walk w = { .x = x };
  FTSENT *ent;

  if (use_threads (roots, x))
    {
      status = rm_parallel (roots, x);
      free_operands (roots, files);
      return status;
    }

  /* FTS_TRUST_SHORT_READS: a directory read short (by a read error the
     kernel would only report on the next getdents) cannot be removed;
     excise then re-reads it to say why.  */
  w.fts = open_walk (roots, (FTS_PHYSICAL | FTS_NOSTAT | FTS_DIRFD
                             | FTS_TRUST_SHORT_READS | FTS_LAZY_CYCLE_CHECK
                             | (x->one_file_system ? FTS_XDEV : 0)));
  while ((ent = fts_read (w.fts)))
    {
      enum RM_status s = visit (&w, ent);

      if (!VALID_STATUS (s))
        abort ();
      UPDATE_STATUS (status, s);
    }
  if (!finish_walk (w.fts, errno, false))
    status = RM_ERROR;
  free_operands (roots, files);
  return status;
}

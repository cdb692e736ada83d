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

/* rm walks every operand physically and descriptor-relative: each entry
   is removed with unlinkat on the descriptor of its parent and its bare
   name, so that nothing outside the operands is ever reached, whatever
   is renamed or replaced by a symlink while rm runs: libfts opens each
   directory with O_NOFOLLOW relative to its verified parent.

   A file costs one system call (unlinkat); a directory costs what libfts
   needs to read it (openat, fstat, getdents64, close) and its rmdir.
   Nothing is stat-ed unless a prompt needs the file's type or mode.

   Directories are removed in post-order (FTS_DP).  When a removal fails,
   or the user declines to have a directory entered, the ancestors are
   kept: their removal could only fail with ENOTEMPTY, and they are
   skipped silently on the way up, as GNU rm skips them.  As in GNU rm,
   declining a file or a directory's own removal keeps nothing: the
   parent is still asked about, and fails noisily.

   Two walks hand the entries over: one libfts stream (fts_read with
   FTS_DIRFD and FTS_NOSTAT), or, for rm -r without prompts, libfts's
   parallel walk, whose worker threads remove each entry from whichever
   thread reaches it, each directory after its contents.  Either hands
   each entry to the same decisions as a struct walk_file; what rm says
   goes through say: printed at once on the sequential walk, queued as a
   report on the parallel one, which libfts delivers in the sequential
   walk's order, so that the output is the same byte for byte.  */

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

/* One removal in progress, on either walk.  */
struct rm_walk
{
  struct walk_voice voice;      /* first: speak gets the walk back */
  struct rm_options const *x;
  _Atomic int status;           /* the parallel walk's worst so far */
};

/* Each entry comes as a struct walk_file, whose st, for a directory in
   post-order, holds only its type and identity (FTS_NOSTAT), and whose
   flagged says, in post-order, that something below it stays
   (keep_ancestors).  */

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

/* ---- what rm says ------------------------------------------------------ */

/* What rm says about an entry, besides the messages it shares (enum
   walk_message: '/' under --preserve-root, a cycle): the code of a report
   of the parallel walk, which the sequential walk says at once.  */
enum rm_message
{
  M_REMOVED = WM_OWN,           /* -v: removed 'f' */
  M_REMOVED_DIR,                /* -v: removed directory 'd' */
  M_CANNOT_REMOVE,              /* cannot remove 'f': ERR */
  M_REFUSE_DOT,                 /* refusing to remove '.' or '..' */
  M_PARENT_STAT_FAILED,         /* --preserve-root=all, parent unknown */
  M_ROOT_OTHER_DEVICE,          /* --preserve-root=all, a mount point */
  M_OTHER_DEVICE,               /* --one-file-system */
  M_TRAVERSAL_FAILED            /* FTS_ERR: ERR */
};

/* Say rm's own message CODE (or LIBFTS_WALK_FAILED), with ERR, about
   FILE: on the thread that prints, one message at a time.  */
static void
speak (struct walk_voice const *v, char const *file, int code, int err,
       intmax_t value)
{
  char *parent;

  switch (code)
    {
    case M_REMOVED:
      printf (_("removed %s\n"), quoteaf (file));
      break;
    case M_REMOVED_DIR:
      printf (_("removed directory %s\n"), quoteaf (file));
      break;
    case M_CANNOT_REMOVE:
      warn_cannot_remove (file, err);
      break;
    case M_REFUSE_DOT:
      warn_refuse_dot (file);
      break;
    case M_PARENT_STAT_FAILED:
      parent = parent_of (file);
      error (0, 0, _("failed to stat %s: skipping %s"),
             quoteaf_n (0, parent), quoteaf_n (1, file));
      free (parent);
      break;
    case M_ROOT_OTHER_DEVICE:
    case M_OTHER_DEVICE:
      error (0, 0, _("skipping %s, since it's on a different device"),
             quoteaf (file));
      if (code == M_ROOT_OTHER_DEVICE)
        error (0, 0, _("and --preserve-root=all is in effect"));
      break;
    case M_TRAVERSAL_FAILED:
      error (0, err, _("traversal failed: %s"), quotef (file));
      break;
    case LIBFTS_WALK_FAILED:
      warn_walk_failed (err);
      break;
    default:
      abort ();
    }
}

/* Say message CODE, with ERR, about F, in W (walk_say).  */
static void
say (struct rm_walk const *w, struct walk_file const *f, int code, int err)
{
  walk_say (&w->voice, f, code, err, 0);
}

/* ---- how each walk hands an entry over and takes it back -------------- */

/* Keep the ancestors of F: something below them stays, so their rmdir
   could only fail.  fts_read's walk marks them in fts_number, stopping at
   the first one marked already (all above it are), so that a deep tree
   costs O(1) per entry; the parallel walk flags them likewise.  */
static void
keep_ancestors (struct walk_file const *f)
{
  if (f->e)
    {
      libfts_walk_flag_ancestors (f->e);
      return;
    }
  for (FTSENT *p = f->ent->fts_parent;
       FTS_ROOTLEVEL <= p->fts_level && !p->fts_number; p = p->fts_parent)
    p->fts_number = 1;
}

/* Have the walk stat F, which it did not (FTS_NSOK), and hand it over
   again as what it is (a directory, if d_type was wrong).  Returns false
   if it cannot.  */
static bool
stat_again (struct walk_file *f)
{
  if (f->e)
    {
      f->next = LIBFTS_WALK_AGAIN;
      return true;
    }
  return fts_set (f->fts, f->ent, FTS_AGAIN) == 0;
}

/* ---- prompts ------------------------------------------------------------ */

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

/* *STATUS, the status of directory F, found out the first time it is
   asked for.  */
static int
get_dir_status (struct walk_file const *f, int *status)
{
  if (*status == DS_UNKNOWN)
    *status = directory_status (f->dirfd, f->name);
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

/* Whether F is write-protected for this process: 1 if it is (not
   writable, and not a symlink, whose mode means nothing), 0 if not, -1
   with *ERR set when that cannot be told.  A prompt is only reached by
   entries that were stat-ed (F->st null: the stat failed).  Under
   FTS_NOSTAT a directory's stat, in post-order, holds only its type and
   identity: its access is asked of faccessat.  */
static int
write_protected (struct walk_file const *f, int *err)
{
  if (can_write_any_file ())
    return 0;
  if (!f->st)
    {
      *err = f->err;
      return -1;
    }
  if (S_ISLNK (f->st->st_mode))
    return 0;
  if (faccessat (f->dirfd, f->name, W_OK, AT_EACCESS) == 0)
    return 0;
  *err = errno;
  return errno == EACCES ? 1 : -1;
}

/* Ask on stderr, without a newline, whether to act on F, a directory
   (IS_DIR) or what its stat says.  WP: whether F is write-protected.  */
static void
ask (struct walk_file const *f, bool is_dir, enum prompt_action mode, int wp,
     int *dir_status)
{
  char const *name = quoteaf (f->path);

  if (is_dir && mode == PA_DESCEND_INTO_DIR)
    {
      int status = get_dir_status (f, dir_status);

      if (status == DS_NONEMPTY)
        {
          fprintf (stderr,
                   (wp ? _("%s: descend into write-protected directory %s? ")
                    : _("%s: descend into directory %s? ")),
                   program_name, name);
          return;
        }
      /* GNU rm 9.2 and later; 9.1 asked to descend into it.  */
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
           program_name, file_type (f->st), name);
}

/* Decide whether to act on F, a directory when IS_DIR, before MODE.
   Returns RM_OK to go ahead, RM_USER_DECLINED when the answer was no or
   something below F stays, RM_ERROR (diagnosed) when F cannot be
   removed: a directory without -r or -d, or one whose stat failed.
   *DIR_STATUS caches F's status as a directory.  The parallel walk,
   which never prompts, only gets its first answer.  */
static enum RM_status
prompt (struct rm_walk const *w, struct walk_file const *f, bool is_dir,
        enum prompt_action mode, int *dir_status)
{
  struct rm_options const *x = w->x;
  struct stat const *st = f->st;
  int wp = 0;
  int err = 0;

  if (f->flagged)
    return RM_USER_DECLINED;
  if (!may_prompt (x))
    return RM_OK;
  if (!x->ignore_missing_files)
    wp = write_protected (f, &err);
  if (wp == 0 && x->interactive != RMI_ALWAYS)
    return RM_OK;
  if (0 <= wp && !st)
    {
      wp = -1;
      err = f->err;
    }
  if (0 <= wp && !is_dir && S_ISLNK (st->st_mode)
      && x->interactive != RMI_ALWAYS)
    return RM_OK;
  if (0 <= wp && (is_dir || S_ISDIR (st->st_mode))
      && !(x->recursive
           || (x->remove_empty_directories
               && get_dir_status (f, dir_status) != DS_NONEMPTY)))
    {
      wp = -1;
      err = EISDIR;
    }
  if (wp < 0)
    {
      say (w, f, M_CANNOT_REMOVE, err);
      return RM_ERROR;
    }
  ask (f, is_dir, mode, wp, dir_status);
  return yesno () ? RM_OK : RM_USER_DECLINED;
}

/* ---- removing ----------------------------------------------------------- */

/* ERR, the error unlinkat gave for NAME in DIRFD on a read-only file
   system, or ENOENT when NAME is missing: Linux checks for a read-only
   file system before it looks the name up, and a missing file is what
   -f ignores.  */
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

/* Classify the failure *ERR of unlinkat to remove F, a directory when
   IS_DIR, READ_ERRNO saying why it could not be read to its end.  d_type
   is only a hint: a file that unlink finds to be a directory comes back
   (AF_AGAIN), and a directory below the operands that rmdir finds to be
   something else by now is unlinked (AF_AS_FILE).  *ERR may be made more
   precise: ENOENT for a missing file on a read-only file system, the
   read error behind a directory that is not empty.  */
static enum after_failure
classify_failure (struct walk_file const *f, bool is_dir, int read_errno,
                  int *err)
{
  switch (*err)
    {
    case EISDIR: case EPERM:    /* Linux says EISDIR, POSIX allows EPERM */
      if (!is_dir && f->info == FTS_NSOK)
        return AF_AGAIN;
      break;
    case ENOTDIR:               /* an operand "link/" is reported */
      if (is_dir && FTS_ROOTLEVEL < f->level)
        return AF_AS_FILE;
      break;
    case EROFS:
      *err = erofs_or_missing (f->dirfd, f->name, *err);
      break;
    case ENOTEMPTY: case EEXIST:
      /* Read to its end, or did an error cut the read short?  GNU rm 9.2
         and later report the error that kept entries from being seen.  */
      if (is_dir && !read_errno)
        {
          int status = directory_status (f->dirfd, f->name);
          if (0 < status)
            *err = status;
        }
      break;
    default:                    /* the kernel's reason is the one to give */
      break;
    }
  return AF_FAIL;
}

/* Diagnose the failure ERR to remove F, a directory when IS_DIR, and
   keep its ancestors; or, with -f, ignore it if F is missing.
   READ_ERRNO: why F could not be read, if it could not.  The rmdir of an
   unreadable directory fails with ENOTEMPTY and the like, which say less
   than that.  */
static enum RM_status
removal_failed (struct rm_walk const *w, struct walk_file const *f,
                bool is_dir, int err, int read_errno)
{
  if (w->x->ignore_missing_files && (err == ENOENT || err == ENOTDIR))
    return RM_OK;
  if (is_dir && read_errno
      && (err == ENOTEMPTY || err == EEXIST || err == EISDIR
          || err == ENOTDIR))
    err = read_errno;
  say (w, f, M_CANNOT_REMOVE, err);
  keep_ancestors (f);
  return RM_ERROR;
}

/* Remove F, a directory when IS_DIR, with unlinkat on its parent's
   descriptor and its bare name.  READ_ERRNO as for removal_failed.
   d_type is only a hint: a file that unlink finds to be a directory is
   handed back to the walk to be stat-ed and handed over again, and a
   directory below the operands that rmdir finds to be something else by
   now is unlinked.  Returns RM_OK (removed; gone already, with -f; or
   coming back), or RM_ERROR, diagnosed, with F's ancestors kept.  */
static enum RM_status
excise (struct rm_walk *w, struct walk_file *f, bool is_dir, int read_errno)
{
  int err;

  if (unlinkat (f->dirfd, f->name, is_dir ? AT_REMOVEDIR : 0) == 0)
    {
      if (w->x->verbose)
        say (w, f, is_dir ? M_REMOVED_DIR : M_REMOVED, 0);
      return RM_OK;
    }
  err = errno;
  switch (classify_failure (f, is_dir, read_errno, &err))
    {
    case AF_AGAIN:
      if (stat_again (f))
        return RM_OK;
      break;
    case AF_AS_FILE:
      return excise (w, f, false, 0);
    case AF_FAIL:
      break;
    }
  return removal_failed (w, f, is_dir, err, read_errno);
}

/* ---- visiting entries ----------------------------------------------------- */

/* --preserve-root=all: the message that refuses F, an operand that is a
   directory, when it is on another device than its parent (a mount
   point) or its parent cannot be stat-ed; -1 when F may go.  */
static int
mount_point_refusal (struct walk_file const *f)
{
  struct stat st;
  char *parent = parent_of (f->name);
  int r = lstat (parent, &st);

  free (parent);
  if (r != 0)
    return M_PARENT_STAT_FAILED;
  return st.st_dev != f->st->st_dev ? M_ROOT_OTHER_DEVICE : -1;
}

/* What POSIX and --preserve-root require of F, an operand that is a
   directory, before anything is done to it: "." and ".." (as the last
   component) are refused, and so is the root directory ("/", "//", a
   symlink to it with a trailing slash...).  Returns RM_OK or RM_ERROR,
   diagnosed.  */
static enum RM_status
check_operand_dir (struct rm_walk const *w, struct walk_file const *f)
{
  int code = -1;

  if (is_dot_or_dotdot (last_component_of (f->name)))
    code = M_REFUSE_DOT;
  else if (is_dev_ino (w->x->root, f->st))
    code = WM_DANGEROUS_ROOT;
  else if (w->x->preserve_all_root)
    code = mount_point_refusal (f);
  if (code < 0)
    return RM_OK;
  say (w, f, code, 0);
  return RM_ERROR;
}

/* Whether F, a directory met in pre-order, may be entered at all: not
   without -r (or -d, and F empty), nor if it is an operand that
   check_operand_dir refuses.  Returns RM_OK or RM_ERROR, diagnosed.  */
static enum RM_status
check_dir (struct rm_walk const *w, struct walk_file const *f, int *dir_status)
{
  struct rm_options const *x = w->x;

  if (!x->recursive
      && !(x->remove_empty_directories
           && get_dir_status (f, dir_status) != DS_NONEMPTY))
    {
      say (w, f, M_CANNOT_REMOVE,
           x->remove_empty_directories ? ENOTEMPTY : EISDIR);
      return RM_ERROR;
    }
  if (f->level == FTS_ROOTLEVEL)
    return check_operand_dir (w, f);
  return RM_OK;
}

/* Pre-order visit of directory F (FTS_D): check it, ask, and then either
   let the walk descend into it (RM_OK) or deal with it now and skip its
   contents: an empty directory, or one that cannot be read, is removed
   at once; with --one-file-system, a directory on another device than
   its operand is skipped, and kept with its ancestors (GNU rm says so at
   its post-order visit, which follows at once: FTS_XDEV).  */
static enum RM_status
enter_dir (struct rm_walk *w, struct walk_file *f)
{
  int dir_status = DS_UNKNOWN;
  enum RM_status s = check_dir (w, f, &dir_status);

  if (s == RM_OK)
    s = prompt (w, f, true, PA_DESCEND_INTO_DIR, &dir_status);
  /* An empty directory, or one that cannot be read (whose prompt, if any,
     was "attempt removal of inaccessible directory"), goes at once, with
     no second prompt.  */
  if (s == RM_OK && (dir_status == DS_EMPTY || 0 < dir_status))
    s = excise (w, f, true, dir_status == DS_EMPTY ? 0 : dir_status);
  else if (s == RM_OK && w->x->one_file_system
           && FTS_ROOTLEVEL < f->level && f->st->st_dev != f->root_dev)
    {
      say (w, f, M_OTHER_DEVICE, 0);
      s = RM_ERROR;
    }
  else if (s == RM_OK)
    return RM_OK;
  if (s != RM_OK)
    keep_ancestors (f);
  walk_skip_dir (f);
  return s;
}

/* Remove F, a directory whose contents are gone (FTS_DP), or that could
   not be read (FTS_DNR, READ_ERRNO saying why: an empty one can still be
   removed).  */
static enum RM_status
remove_dir (struct rm_walk *w, struct walk_file *f, int read_errno)
{
  int dir_status = DS_UNKNOWN;
  enum RM_status s = prompt (w, f, true, PA_REMOVE_DIR, &dir_status);

  return s == RM_OK ? excise (w, f, true, read_errno) : s;
}

/* Remove F, not a directory as far as the walk knows: stat-ed, or not
   (FTS_NSOK: its type comes from d_type), or whose stat failed (FTS_NS:
   unlink then says why, as it is what GNU rm reports).  A prompt needs
   the real type and mode: an entry not stat-ed yet is handed back to the
   walk, which stats it and hands it over again as what it is.  */
static enum RM_status
remove_file (struct rm_walk *w, struct walk_file *f)
{
  int dir_status = DS_UNKNOWN;
  enum RM_status s;

  if (f->info == FTS_NSOK && may_prompt (w->x) && stat_again (f))
    return RM_OK;
  s = prompt (w, f, false, PA_REMOVE_DIR, &dir_status);
  return s == RM_OK ? excise (w, f, false, 0) : s;
}

/* FTS_DC: F is a directory that is also one of its ancestors (a bind
   mount of a directory inside itself, or a corrupted file system).  It is
   not entered.  The sequential walk finds it where GNU rm finds it
   (FTS_LAZY_CYCLE_CHECK); GNU rm (9.1) then asks its fts to skip F and
   reads one entry more, which is not F's post-order visit (a cycle has
   none) but the entry after it: that one is left alone, unvisited, and
   its parent's rmdir says "Directory not empty".  So is it here, since
   scripts see it.  The parallel walk meets a cycle only where no local
   mount shows it (a corrupted file system, or a server whose export
   loops: where a local mount may make one, rm walks sequentially:
   use_threads), and at its first repeat; it cannot leave an entry out
   as GNU's does, but skips F and, like GNU's, leaves F's ancestors to
   their rmdir: the parent's fails, "Directory not empty", and marks
   those above it.  */
static enum RM_status
cycle (struct rm_walk const *w, struct walk_file *f)
{
  say (w, f, WM_CYCLE, 0);
  if (!f->e)
    fts_read (f->fts);          /* the entry after F, left alone */
  else
    walk_skip_dir (f);
  return RM_ERROR;
}

/* FTS_ERR: reading directory F failed part way (e.g. EIO after some
   entries; libfts hands out those it read and then F so).  What was read
   is removed; F is kept, with no rmdir.  Its ancestors are not marked, as
   GNU rm marks none at FTS_ERR (9.1 and later): their rmdir is tried,
   and fails, "Directory not empty".  */
static enum RM_status
traversal_failed (struct rm_walk const *w, struct walk_file const *f)
{
  say (w, f, M_TRAVERSAL_FAILED, f->err);
  return RM_ERROR;
}

/* Do what rm does with F, which a walk just handed over.  */
static enum RM_status
visit (struct rm_walk *w, struct walk_file *f)
{
  switch (f->info)
    {
    case FTS_D:
      return enter_dir (w, f);
    case FTS_DP:
      return remove_dir (w, f, 0);
    case FTS_DNR:
      return remove_dir (w, f, f->err);
    case FTS_F: case FTS_SL: case FTS_SLNONE: case FTS_DEFAULT:
    case FTS_NSOK: case FTS_NS:
      return remove_file (w, f);
    case FTS_DC:
      return cycle (w, f);
    case FTS_ERR:
      return traversal_failed (w, f);
    default:                    /* FTS_DOT, FTS_INIT, FTS_W: never here */
      unexpected_entry (f->info, f->path ? f->path : f->name);
    }
}

/* ---- the two walks ------------------------------------------------------ */

/* Whether rm with X removes FILES with the worker threads: recursively,
   with nothing to ask, and more than one thread to run; not where a mount
   may make a cycle (mounts_may_cycle), which GNU rm finds where fts_read's
   lazy check does.  */
static bool
use_threads (char *const *files, struct rm_options const *x)
{
  return (x->recursive && !may_prompt (x) && walk_threads (x->remote)
          && !mounts_may_cycle (files));
}

/* The parallel walk's VISIT of E, on whichever thread reaches it: merge
   its outcome into W's status (the worst wins).  */
static int
visit_entry (struct libfts_walk_entry *e, void *arg)
{
  struct rm_walk *w = arg;
  struct walk_file f = walk_file_of_entry (e);
  int s = visit (w, &f);
  int old = atomic_load (&w->status);

  while (old < s && !atomic_compare_exchange_weak (&w->status, &old, s))
    continue;
  return f.next;
}

/* Remove ROOTS, as X says, with the worker threads: all in one walk,
   several at once (walk_operands).  Not LIBFTS_WALK_SPLIT, as du and
   chmod have: Linux holds a directory's lock through each unlink in it,
   the round trip to a server included, so the files of one directory go
   one at a time however many threads share them (a flat directory of 400
   files over a 5 ms FUSE mount: 4.16 s with one thread, 4.21 s with
   eight unlinking).  */
static enum RM_status
rm_parallel (char *const *roots, struct rm_options const *x)
{
  struct rm_walk w = { .voice = { speak }, .x = x, .status = RM_OK };
  struct operands ops = { .files = roots };

  if (walk_operands (&ops, (LIBFTS_WALK_ORDERED
                            | LIBFTS_WALK_TRUST_SHORT_READS),
                     visit_entry, walk_report_message, &w) < 0)
    w.status = RM_ERROR;
  return atomic_load (&w.status);
}

/* Remove ROOTS, as X says, on X's remote machines too: each operand a
   walk of its own, whose directories are removed only once what they
   handed out is gone (WALK_REMOTE_POSTORDER).  rm's visits decide alone:
   nothing one operand met changes another's.  */
static enum RM_status
rm_remote (char *const *roots, struct rm_options const *x)
{
  struct rm_walk w = { .voice = { speak }, .x = x, .status = RM_OK };
  struct walk_remote const *r = x->remote;

  if (walk_remote_roots (r, roots, operands_apart (roots, false),
                         LIBFTS_WALK_ORDERED | LIBFTS_WALK_TRUST_SHORT_READS,
                         WALK_REMOTE_SHARE | WALK_REMOTE_POSTORDER,
                         visit_entry, walk_report_message, &w) < 0)
    w.status = RM_ERROR;
  return atomic_load (&w.status);
}

enum RM_status
rm_serve (struct rm_options const *x)
{
  struct rm_walk w = { .voice = { speak }, .x = x, .status = RM_OK };

  if (x->remote->serve (x->remote->ctx, visit_entry, &w) != 0)
    {
      warn_serve_failed (errno);
      return RM_ERROR;
    }
  return atomic_load (&w.status);
}

/* Remove ROOTS, as X says, with fts_read.  FTS_TRUST_SHORT_READS: a
   directory read short (by a read error the kernel would only report on
   the next getdents) cannot be removed; excise then re-reads it to say
   why.  */
static enum RM_status
rm_sequential (char *const *roots, struct rm_options const *x)
{
  enum RM_status status = RM_OK;
  struct rm_walk w = { .voice = { speak }, .x = x };
  FTS *fts = open_walk (roots, (FTS_PHYSICAL | FTS_NOSTAT | FTS_DIRFD
                                | FTS_TRUST_SHORT_READS | FTS_LAZY_CYCLE_CHECK
                                | (x->one_file_system ? FTS_XDEV : 0)));
  FTSENT *ent;

  while ((ent = fts_read (fts)))
    {
      struct walk_file f = walk_file_of (fts, ent);
      enum RM_status s = visit (&w, &f);

      if (!VALID_STATUS (s))
        abort ();
      UPDATE_STATUS (status, s);
    }
  if (!finish_walk (fts, errno, false))
    status = RM_ERROR;
  return status;
}

/* Remove FILES, a null-terminated list of at least one name, as X says.
   Returns the worst outcome of all.  */
enum RM_status
rm (char *const *files, struct rm_options const *x)
{
  size_t n = 0;

  while (files[n])
    n++;

  char **roots = trim_operands (files, n);
  enum RM_status status = (!use_threads (roots, x) ? rm_sequential (roots, x)
                           : x->remote ? rm_remote (roots, x)
                           : rm_parallel (roots, x));

  free_operands (roots, files);
  return status;
}

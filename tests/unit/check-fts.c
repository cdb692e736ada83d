/* check-fts.c: the fts API of lib/fts.c, as a caller sees it.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include "config.h"

#include "unit.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <malloc.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fts.h"
#include "fts-int.h"

/* While this is set, strdup fails with ENOMEM: libfts must not need it
   where it has no way to report a failure (see
   test_root_links_without_memory).  Everything else here still gets
   working copies.  */
static bool strdup_fails;

char *
strdup (const char *s)
{
  if (strdup_fails)
    {
      errno = ENOMEM;
      return NULL;
    }
  size_t size = strlen (s) + 1;
  char *copy = malloc (size);
  return copy ? memcpy (copy, s, size) : NULL;
}

/* While set, reading the directory of this inode fails with EIO once
   getdents has returned its entries (where it would return 0, at the
   end; an empty directory's first read too): a read cut short, as a
   corrupted ext4 block makes one.  The library calls getdents64, which
   this definition takes the place of.  */
static ino_t getdents_fails_past;

ssize_t
getdents64 (int fd, void *buf, size_t size)
{
  ssize_t n = syscall (SYS_getdents64, fd, buf, size);
  struct stat st;
  if (n == 0 && getdents_fails_past && fstat (fd, &st) == 0
      && st.st_ino == getdents_fails_past)
    {
      errno = EIO;
      return -1;
    }
  return n;
}

/* The ways a tree can be walked that must all give the same answers.  */
static const int walk_modes[] = {
  FTS_PHYSICAL,
  FTS_PHYSICAL | FTS_NOCHDIR,
  FTS_PHYSICAL | FTS_DIRFD,
  FTS_PHYSICAL | FTS_NOCHDIR | FTS_DIRFD,
  FTS_LOGICAL,
  FTS_LOGICAL | FTS_DIRFD,
  0,
};
enum { N_WALK_MODES = sizeof walk_modes / sizeof *walk_modes };

/* The three ways of reaching entries: chdir, full names, descriptors.  */
static const int access_modes[] = {
  FTS_PHYSICAL,
  FTS_PHYSICAL | FTS_NOCHDIR,
  FTS_PHYSICAL | FTS_DIRFD,
};
enum { N_ACCESS_MODES = sizeof access_modes / sizeof *access_modes };

static const char *
mode_name (int options)
{
  return unit_fmt ("options %#x", (unsigned) options);
}

static FTS *
open1 (const char *root, int options,
       int (*compar) (const FTSENT **, const FTSENT **))
{
  char *argv[] = { (char *) root, NULL };
  FTS *sp = fts_open (argv, options, compar);
  ck_assert_msg (sp != NULL, "fts_open %s: %s", root, strerror (errno));
  return sp;
}

static bool
chdir_mode (int options)
{
  return !(options & (FTS_NOCHDIR | FTS_LOGICAL | FTS_DIRFD));
}

/* The working directory's identity.  */
static struct stat
cwd_stat (void)
{
  struct stat st;
  ck_assert_int_eq (stat (".", &st), 0);
  return st;
}

/* Check that P can be reached the way OPTIONS promise: through
   fts_accpath relative to libfts_dirfd (FTS_DIRFD) or to the working
   directory, finding the file fts_statp describes.  */
static void
check_access (FTS *sp, const FTSENT *p, int options)
{
  switch (p->fts_info)
    {
    case FTS_NS:
    case FTS_NSOK:
    case FTS_DOT:
    case FTS_ERR:
      return;
    }
  int flags = (p->fts_info == FTS_SL || p->fts_info == FTS_SLNONE)
              ? AT_SYMLINK_NOFOLLOW : 0;
  int dirfd = AT_FDCWD;
  if (options & FTS_DIRFD)
    {
      dirfd = libfts_dirfd (sp);
      if (p->fts_level == FTS_ROOTLEVEL)
        ck_assert_msg (dirfd == AT_FDCWD, "root %s: libfts_dirfd %d",
                       p->fts_path, dirfd);
      else
        ck_assert_msg (dirfd >= 0 && strcmp (p->fts_accpath, p->fts_name) == 0,
                       "%s: dirfd %d, accpath %s", p->fts_path, dirfd,
                       p->fts_accpath);
    }
  struct stat st;
  ck_assert_msg (fstatat (dirfd, p->fts_accpath, &st, flags) == 0,
                 "%s (%s): accpath %s: %s", p->fts_path, mode_name (options),
                 p->fts_accpath, strerror (errno));
  ck_assert_msg (st.st_ino == p->fts_statp->st_ino
                 && st.st_dev == p->fts_statp->st_dev,
                 "%s (%s): accpath %s is another file", p->fts_path,
                 mode_name (options), p->fts_accpath);
}

/* Walk ROOT like unit_walk, and check at every entry that it can be
   reached through fts_accpath and that the working directory stays put
   unless OPTIONS ask for chdir; check that fts_close restores it.  */
static const char *
walk_checked (const char *root, int options,
              int (*compar) (const FTSENT **, const FTSENT **))
{
  struct stat cwd0 = cwd_stat ();
  FTS *sp = open1 (root, options, compar);
  char *buf = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&buf, &size);
  FTSENT *p;

  while ((errno = 0, p = fts_read (sp)))
    {
      fputs (unit_line (p), out);
      check_access (sp, p, options);
      if (!chdir_mode (options))
        {
          struct stat cwd = cwd_stat ();
          ck_assert_msg (cwd.st_ino == cwd0.st_ino, "%s: cwd moved",
                         p->fts_path);
        }
    }
  int e = errno;
  fclose (out);
  unit_keep (buf);
  ck_assert_msg (e == 0, "fts_read: %s after\n%s", errno_name (e), buf);
  ck_assert_int_eq (fts_close (sp), 0);
  struct stat cwd = cwd_stat ();
  ck_assert_msg (cwd.st_ino == cwd0.st_ino && cwd.st_dev == cwd0.st_dev,
                 "fts_close did not restore the working directory");
  return buf;
}

/* ---- order and types ---------------------------------------------------- */

START_TEST (test_pre_and_post_order)
{
  int options = walk_modes[_i];
  unit_make ("root/a root/d/b root/d/e/ root/z");
  ck_assert_str_eq (walk_checked ("root", options, unit_by_name),
                    "D 0 root\n"
                    "F 1 root/a\n"
                    "D 1 root/d\n"
                    "F 2 root/d/b\n"
                    "D 2 root/d/e\n"
                    "DP 2 root/d/e\n"
                    "DP 1 root/d\n"
                    "F 1 root/z\n"
                    "DP 0 root\n");
}
END_TEST

/* At FTS_DP, fts_statp still describes the directory as stat'ed on the
   way down, however many children were stat'ed in between.  */
START_TEST (test_postorder_keeps_stat)
{
  unit_make ("root/d1/f1 root/d1/f2 root/d1/d2/f3 root/d1/l->f1");
  FTS *sp = open1 ("root", access_modes[_i], unit_by_name);
  struct { const FTSENT *ent; ino_t ino; mode_t mode; nlink_t nlink; } down[8];
  int n = 0, dp = 0;
  FTSENT *p;
  while ((p = fts_read (sp)))
    {
      if (p->fts_info == FTS_D)
        {
          ck_assert_int_lt (n, 8);
          down[n].ent = p;
          down[n].ino = p->fts_statp->st_ino;
          down[n].mode = p->fts_statp->st_mode;
          down[n].nlink = p->fts_statp->st_nlink;
          ck_assert (S_ISDIR (down[n].mode));
          ck_assert (p->fts_ino == down[n].ino);
          n++;
        }
      else if (p->fts_info == FTS_DP)
        {
          int i = 0;
          while (i < n && down[i].ent != p)
            i++;
          ck_assert_msg (i < n, "%s: FTS_DP is not the FTS_D entry",
                         p->fts_path);
          ck_assert (p->fts_statp->st_ino == down[i].ino);
          ck_assert (p->fts_statp->st_mode == down[i].mode);
          ck_assert (p->fts_statp->st_nlink == down[i].nlink);
          ck_assert (p->fts_ino == down[i].ino);
          dp++;
        }
    }
  ck_assert_int_eq (errno, 0);
  ck_assert_int_eq (n, 3);
  ck_assert_int_eq (dp, 3);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* Entries describe themselves consistently.  */
START_TEST (test_entry_fields)
{
  unit_make ("root/dir/file root/name-of-some-length");
  FTS *sp = open1 ("root", access_modes[_i], unit_by_name);
  FTSENT *p, *root = NULL, *dir = NULL;
  while ((p = fts_read (sp)))
    {
      ck_assert_uint_eq (p->fts_namelen, strlen (p->fts_name));
      ck_assert_uint_eq (p->fts_pathlen, strlen (p->fts_path));
      ck_assert_uint_eq (libfts_pathlen (p), strlen (p->fts_path));
      ck_assert_int_eq (libfts_level (p), p->fts_level);
      ck_assert_ptr_nonnull (p->fts_parent);
      if (p->fts_level == 0)
        {
          root = p;
          ck_assert_int_eq (p->fts_parent->fts_level, FTS_ROOTPARENTLEVEL);
          ck_assert_str_eq (p->fts_name, "root");
        }
      else
        {
          ck_assert_ptr_nonnull (root);
          ck_assert_ptr_eq (p->fts_parent, p->fts_level == 1 ? root : dir);
          const char *slash = strrchr (p->fts_path, '/');
          ck_assert_str_eq (slash + 1, p->fts_name);
        }
      if (p->fts_level == 1 && p->fts_info == FTS_D)
        dir = p;
      ck_assert (p->fts_dev == p->fts_statp->st_dev);
      ck_assert (p->fts_nlink == p->fts_statp->st_nlink);
      ck_assert (p->fts_ino == p->fts_statp->st_ino);
    }
  ck_assert_int_eq (errno, 0);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* fts_number and fts_pointer belong to the caller, from FTS_D to FTS_DP.  */
START_TEST (test_user_fields_kept)
{
  unit_make ("root/d/a root/d/b/c");
  FTS *sp = open1 ("root", access_modes[_i], unit_by_name);
  FTSENT *p;
  int seen = 0;
  while ((p = fts_read (sp)))
    if (p->fts_info == FTS_D)
      {
        p->fts_number = 1000 + p->fts_level;
        p->fts_pointer = p;
      }
    else if (p->fts_info == FTS_DP)
      {
        ck_assert_int_eq (p->fts_number, 1000 + p->fts_level);
        ck_assert_ptr_eq (p->fts_pointer, p);
        seen++;
      }
  ck_assert_int_eq (seen, 3);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

START_TEST (test_root_forms)
{
  int options = access_modes[_i];
  unit_make ("root/a");
  ck_assert_str_eq (walk_checked ("root/", options, NULL),
                    "D 0 root/\nF 1 root/a\nDP 0 root/\n");
  ck_assert_str_eq (walk_checked ("./root", options, NULL),
                    "D 0 ./root\nF 1 ./root/a\nDP 0 ./root\n");
  ck_assert_str_eq (walk_checked ("root/a", options, NULL), "F 0 root/a\n");
  ck_assert_int_eq (chdir ("root"), 0);
  ck_assert_str_eq (walk_checked (".", options, NULL),
                    "D 0 .\nF 1 ./a\nDP 0 .\n");
  char *abs = unit_fmt ("%s/root", unit_dir);
  ck_assert_str_eq (walk_checked (abs, options, NULL),
                    unit_fmt ("D 0 %s\nF 1 %s/a\nDP 0 %s\n", abs, abs, abs));
}
END_TEST

/* Without a comparison function the order of siblings is the library's,
   but every entry comes exactly once, each directory's entries between
   its FTS_D and its FTS_DP.  */
static int
cmp_lines (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static const char *
sorted_lines (const char *text)
{
  char *copy = unit_keep (strdup (text));
  char *lines[256];
  size_t n = 0;
  char *save;
  for (char *l = strtok_r (copy, "\n", &save); l;
       l = strtok_r (NULL, "\n", &save))
    {
      ck_assert_uint_lt (n, 256);
      lines[n++] = l;
    }
  qsort (lines, n, sizeof *lines, cmp_lines);
  char *buf = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&buf, &size);
  for (size_t i = 0; i < n; i++)
    fprintf (out, "%s\n", lines[i]);
  fclose (out);
  return unit_keep (buf);
}

START_TEST (test_no_compar)
{
  int options = walk_modes[_i];
  unit_make ("root/a root/b root/c root/d/x root/d/y root/e/ root/f");
  const char *walk = walk_checked ("root", options, NULL);
  ck_assert_str_eq (sorted_lines (walk),
                    "D 0 root\nD 1 root/d\nD 1 root/e\n"
                    "DP 0 root\nDP 1 root/d\nDP 1 root/e\n"
                    "F 1 root/a\nF 1 root/b\nF 1 root/c\nF 1 root/f\n"
                    "F 2 root/d/x\nF 2 root/d/y\n");
  const char *d = strstr (walk, "D 1 root/d\n");
  const char *x = strstr (walk, "F 2 root/d/x\n");
  const char *y = strstr (walk, "F 2 root/d/y\n");
  const char *dp = strstr (walk, "DP 1 root/d\n");
  ck_assert (d < x && d < y && x < dp && y < dp);
  ck_assert (strncmp (walk, "D 0 root\n", 9) == 0);
  ck_assert (strcmp (walk + strlen (walk) - 10, "DP 0 root\n") == 0);
}
END_TEST

/* ---- every fts_info value -------------------------------------------- */

START_TEST (test_symlinks_physical)
{
  int options = access_modes[_i];
  unit_make ("root/f root/d/ root/l->f root/ld->d root/dl->nowhere");
  ck_assert_str_eq (walk_checked ("root", options, unit_by_name),
                    "D 0 root\n"
                    "D 1 root/d\n"
                    "DP 1 root/d\n"
                    "SL 1 root/dl\n"
                    "F 1 root/f\n"
                    "SL 1 root/l\n"
                    "SL 1 root/ld\n"
                    "DP 0 root\n");
}
END_TEST

START_TEST (test_symlinks_logical)
{
  unit_make ("root/f root/d/x root/l->f root/ld->d root/dl->nowhere");
  ck_assert_str_eq (walk_checked ("root", FTS_LOGICAL, unit_by_name),
                    "D 0 root\n"
                    "D 1 root/d\n"
                    "F 2 root/d/x\n"
                    "DP 1 root/d\n"
                    "SLNONE 1 root/dl\n"
                    "F 1 root/f\n"
                    "F 1 root/l\n"
                    "D 1 root/ld\n"
                    "F 2 root/ld/x\n"
                    "DP 1 root/ld\n"
                    "DP 0 root\n");
}
END_TEST

START_TEST (test_symlink_roots)
{
  int options = access_modes[_i];
  unit_make ("dang->nowhere d/x ld->d");
  ck_assert_str_eq (walk_checked ("dang", options, NULL), "SL 0 dang\n");
  ck_assert_str_eq (walk_checked ("dang", options | FTS_COMFOLLOW, NULL),
                    "SLNONE 0 dang\n");
  ck_assert_str_eq (walk_checked ("ld", options, NULL), "SL 0 ld\n");
  ck_assert_str_eq (walk_checked ("ld", options | FTS_COMFOLLOW, NULL),
                    "D 0 ld\nF 1 ld/x\nDP 0 ld\n");
  ck_assert_str_eq (walk_checked ("dang", FTS_LOGICAL, NULL),
                    "SLNONE 0 dang\n");
}
END_TEST

/* Fail unless P, whose path is PATH, is a symbolic link whose target
   could not be stat'ed, followed: FTS_SLNONE with no error and the
   link's own lstat in its stat buffer.  */
static void
check_slnone (const FTSENT *p, const char *path)
{
  struct stat want;
  ck_assert_int_eq (lstat (unit_fmt ("%s/%s", unit_dir, path), &want), 0);
  ck_assert_msg (p->fts_info == FTS_SLNONE && p->fts_errno == 0,
                 "%s: %s", path, unit_line (p));
  ck_assert (S_ISLNK (p->fts_statp->st_mode));
  ck_assert (p->fts_statp->st_ino == want.st_ino);
  ck_assert (p->fts_ino == want.st_ino);
}

/* Following a symbolic link whose target cannot be stat'ed (dangling,
   or a loop: ENOENT, ELOOP) gives FTS_SLNONE and the link's lstat,
   however it is followed: a root with FTS_COMFOLLOW, an entry with
   FTS_FOLLOW or with libfts_stat (P, 1).  A missing root is FTS_NS.
   (check-fts-walk.c asks the same of the parallel walk.)  */
START_TEST (test_follow_dangling)
{
  int options = access_modes[_i];
  unit_make ("dang->nowhere loop->loop root/dang->nowhere root/loop->loop");
  char *roots[] = { (char *) "dang", (char *) "loop", (char *) "nope",
                    (char *) "root", NULL };
  FTS *sp = fts_open (roots, options | FTS_COMFOLLOW, unit_by_name);
  ck_assert_ptr_nonnull (sp);
  FTSENT *p;
  int slnone = 0;
  while ((p = fts_read (sp)))
    {
      const char *path = unit_fmt ("%s", p->fts_path);
      if (p->fts_info == FTS_SL && strcmp (p->fts_name, "dang") == 0)
        {
          /* Handed out again, followed, by the next fts_read.  */
          ck_assert_int_eq (fts_set (sp, p, FTS_FOLLOW), 0);
          continue;
        }
      if (p->fts_info == FTS_SL)
        ck_assert_int_eq (libfts_stat (sp, p, 1), FTS_SLNONE);
      if (p->fts_info == FTS_SLNONE)
        {
          check_slnone (p, path);
          slnone++;
        }
      else if (p->fts_info != FTS_D && p->fts_info != FTS_DP)
        ck_assert_str_eq (unit_line (p), "NS 0 nope ENOENT\n");
    }
  ck_assert_int_eq (errno, 0);
  ck_assert_int_eq (fts_close (sp), 0);
  ck_assert_int_eq (slnone, 4);
}
END_TEST

/* An unreadable directory is FTS_DNR with EACCES, possibly after an
   FTS_D (glibc returns both), never with FTS_DP or children.  */
START_TEST (test_dnr)
{
  int options = access_modes[_i];
  if (!unit_forking)
    {
      unit_skip ("test_dnr", "needs CK_FORK=yes to change credentials");
      return;
    }
  unit_make ("root/a root/u/inside root/z");
  /* Whatever the umask, everything but u is the other user's to read.  */
  ck_assert_int_eq (chmod ("root", 0755), 0);
  ck_assert_int_eq (chmod ("root/a", 0644), 0);
  ck_assert_int_eq (chmod ("root/z", 0644), 0);
  ck_assert_int_eq (chmod ("root/u", 0), 0);
  if (!unit_drop_privileges ())
    {
      unit_skip ("test_dnr", "cannot become an unprivileged user");
      return;
    }
  const char *walk = walk_checked ("root", options, unit_by_name);
  const char *glibc = "D 0 root\nF 1 root/a\nD 1 root/u\n"
                      "DNR 1 root/u EACCES\nF 1 root/z\nDP 0 root\n";
  const char *direct = "D 0 root\nF 1 root/a\n"
                       "DNR 1 root/u EACCES\nF 1 root/z\nDP 0 root\n";
  ck_assert_msg (strcmp (walk, glibc) == 0 || strcmp (walk, direct) == 0,
                 "%s: walk was\n%s", mode_name (options), walk);
}
END_TEST

/* A directory that can be read but not searched (mode 0444) still has
   its entries handed out, each FTS_NS with EACCES since it cannot be
   stat'ed, in every mode, as gnulib's and BSD's fts do (glibc's hands out
   none in chdir mode).  In chdir mode the working directory cannot enter
   it: it stays the parent's, from which the entries' fts_accpath leads
   to them.  Its post-order visit is FTS_DP in every mode, with fts_errno
   EACCES in chdir mode (as glibc's), 0 in the others; so is an empty
   one's, right after its FTS_D.  */
START_TEST (test_unsearchable)
{
  int options = access_modes[_i];
  if (!unit_forking)
    {
      unit_skip ("test_unsearchable", "needs CK_FORK=yes to change credentials");
      return;
    }
  unit_make ("root/a root/e/ root/u/f root/u/sub/ root/z");
  ck_assert_int_eq (chmod ("root", 0755), 0);
  ck_assert_int_eq (chmod ("root/a", 0644), 0);
  ck_assert_int_eq (chmod ("root/z", 0644), 0);
  ck_assert_int_eq (chmod ("root/e", 0444), 0);
  ck_assert_int_eq (chmod ("root/u", 0444), 0);
  if (!unit_drop_privileges ())
    {
      unit_skip ("test_unsearchable", "cannot become an unprivileged user");
      return;
    }
  ck_assert_str_eq (walk_checked ("root", options, unit_by_name),
                    "D 0 root\nF 1 root/a\nD 1 root/e\nDP 1 root/e\n"
                    "D 1 root/u\nNS 2 root/u/f EACCES\n"
                    "NS 2 root/u/sub EACCES\nDP 1 root/u\n"
                    "F 1 root/z\nDP 0 root\n");

  /* Where the working directory is, fts_accpath leads to the entry (and
     fails as its path does).  */
  FTS *sp = open1 ("root", options, NULL);
  FTSENT *p;
  int seen = 0, left = 0;
  while ((p = fts_read (sp)))
    if (p->fts_info == FTS_DP && p->fts_level == 1)
      {
        ck_assert_int_eq (p->fts_errno, chdir_mode (options) ? EACCES : 0);
        left++;
      }
    else if (p->fts_info == FTS_NS)
      {
        struct stat st;
        const char *want = (options & FTS_NOCHDIR) ? p->fts_path
                           : (options & FTS_DIRFD) ? p->fts_name
                           : unit_fmt ("u/%s", p->fts_name);
        ck_assert_str_eq (p->fts_accpath, want);
        errno = 0;
        ck_assert_int_eq (fstatat (libfts_dirfd (sp), p->fts_name, &st,
                                   AT_SYMLINK_NOFOLLOW), -1);
        ck_assert_int_eq (errno, EACCES);
        if (chdir_mode (options))
          {
            ck_assert_int_eq (lstat (p->fts_accpath, &st), -1);
            ck_assert_int_eq (errno, EACCES);
          }
        seen++;
      }
  ck_assert_int_eq (errno, 0);
  ck_assert_int_eq (seen, 2);
  ck_assert_int_eq (left, 2);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* A directory that can be read but not searched (mode 0444), whose
   reading fails part way (EIO after its entries): its entries are handed
   out (FTS_NS, EACCES) and its post-order visit is FTS_ERR with the read
   error, in chdir mode as in the others; not FTS_DP, which would tell
   the caller it had seen all of it.  */
START_TEST (test_unsearchable_read_cut_short)
{
  int options = access_modes[_i];
  if (!unit_forking)
    {
      unit_skip ("test_unsearchable_read_cut_short",
                 "needs CK_FORK=yes to change credentials");
      return;
    }
  unit_make ("root/u/a root/u/b");
  ck_assert_int_eq (chmod ("root", 0755), 0);
  ck_assert_int_eq (chmod ("root/u", 0444), 0);
  struct stat st;
  ck_assert_int_eq (stat ("root/u", &st), 0);
  if (!unit_drop_privileges ())
    {
      unit_skip ("test_unsearchable_read_cut_short",
                 "cannot become an unprivileged user");
      return;
    }
  getdents_fails_past = st.st_ino;
  /* Read whole for the comparison function, or a chunk at a time.  */
  const char *want = "D 0 root\nD 1 root/u\nNS 2 root/u/a EACCES\n"
                     "NS 2 root/u/b EACCES\nERR 1 root/u EIO\nDP 0 root\n";
  ck_assert_str_eq (walk_checked ("root", options, unit_by_name), want);
  ck_assert_str_eq (walk_checked ("root", options, unit_by_name_desc),
                    "D 0 root\nD 1 root/u\nNS 2 root/u/b EACCES\n"
                    "NS 2 root/u/a EACCES\nERR 1 root/u EIO\nDP 0 root\n");
  const char *walk = walk_checked ("root", options, NULL);
  const char *swapped = "D 0 root\nD 1 root/u\nNS 2 root/u/b EACCES\n"
                        "NS 2 root/u/a EACCES\nERR 1 root/u EIO\nDP 0 root\n";
  ck_assert_msg (strcmp (walk, want) == 0 || strcmp (walk, swapped) == 0,
                 "%s: walk was\n%s", mode_name (options), walk);
}
END_TEST

/* Whether ACCPATH, from the working directory, and PATH, from directory
   START, are the same file, or neither can be looked up.  */
static bool
same_file (const char *accpath, int start, const char *path)
{
  struct stat a, b;
  bool a_ok = lstat (accpath, &a) == 0;
  bool b_ok = fstatat (start, path, &b, AT_SYMLINK_NOFOLLOW) == 0;
  return a_ok == b_ok && (!a_ok || (a.st_ino == b.st_ino
                                    && a.st_dev == b.st_dev));
}

/* Chdir mode: a directory that could be read but not entered (mode
   0444), made searchable by the caller while its entries are handed out
   (they are stat'ed as they are handed out when no comparison function
   wants them all at once).  The walk decided when it read it: every
   entry of it is FTS_NS with EACCES (or FTS_NSOK under FTS_NOSTAT where
   d_type says no directory), as glibc's and gnulib's fts decide, and
   none is entered, so that each fts_accpath still leads from the working
   directory to the entry its fts_path names, and fts_close finds the
   working directory it left.  */
START_TEST (test_unsearchable_made_searchable)
{
  int options = FTS_PHYSICAL | (_i ? FTS_NOSTAT : 0);
  if (!unit_forking)
    {
      unit_skip ("test_unsearchable_made_searchable",
                 "needs CK_FORK=yes to change credentials");
      return;
    }
  unit_make ("root/u/d1/f root/u/d2/f root/u/d3/f root/z");
  const char *tree[] = { "root", "root/u", "root/u/d1", "root/u/d1/f",
                         "root/u/d2", "root/u/d2/f", "root/u/d3",
                         "root/u/d3/f", "root/z" };
  for (size_t i = 0; i < sizeof tree / sizeof *tree; i++)
    ck_assert_int_eq (lchown (tree[i], 65534, 65534), 0);
  ck_assert_int_eq (chmod ("root", 0755), 0);
  ck_assert_int_eq (chmod ("root/u", 0444), 0);
  if (!unit_drop_privileges ())
    {
      unit_skip ("test_unsearchable_made_searchable",
                 "cannot become an unprivileged user");
      return;
    }
  int start = open (".", O_RDONLY | O_DIRECTORY);
  ck_assert_int_ge (start, 0);
  struct stat cwd0 = cwd_stat ();
  FTS *sp = open1 ("root", options, NULL);
  FTSENT *p;
  char *buf = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&buf, &size);
  while ((errno = 0, p = fts_read (sp)))
    {
      ck_assert_msg (same_file (p->fts_accpath, start, p->fts_path),
                     "%s: accpath %s is another file", p->fts_path,
                     p->fts_accpath);
      if (p->fts_level == 2)
        ck_assert_int_eq (fchmodat (start, "root/u", 0755, 0), 0);
      if (p->fts_level >= 2)
        fputs (unit_line (p), out);
    }
  ck_assert_int_eq (errno, 0);
  fclose (out);
  unit_keep (buf);
  /* In the order getdents gave them.  */
  for (const char *d = "123"; *d; d++)
    ck_assert_msg (strstr (buf, unit_fmt ("NS 2 root/u/d%c EACCES\n", *d)),
                   "root/u/d%c missing or not FTS_NS:\n%s", *d, buf);
  ck_assert_int_eq (strlen (buf), 3 * strlen ("NS 2 root/u/d1 EACCES\n"));
  ck_assert_int_eq (fts_close (sp), 0);
  struct stat cwd = cwd_stat ();
  ck_assert (cwd.st_ino == cwd0.st_ino && cwd.st_dev == cwd0.st_dev);
  close (start);
}
END_TEST

START_TEST (test_ns_missing_root)
{
  int options = walk_modes[_i];
  ck_assert_str_eq (walk_checked ("nope", options, NULL),
                    "NS 0 nope ENOENT\n");
  ck_assert_str_eq (walk_checked ("", options, NULL), "NS 0  ENOENT\n");
  unit_make ("a b");
  ck_assert_str_eq (unit_walk (options, unit_by_name, "b", "nope", "a", NULL),
                    "F 0 a\nF 0 b\nNS 0 nope ENOENT\n");
  ck_assert_str_eq (unit_walk (options, unit_by_name, "a/x", NULL),
                    "NS 0 a/x ENOTDIR\n");
}
END_TEST

/* A symbolic link to an ancestor, followed, is FTS_DC pointing at the
   ancestor's entry, and is not descended.  */
START_TEST (test_cycle)
{
  int options = _i ? FTS_LOGICAL | FTS_DIRFD : FTS_LOGICAL;
  unit_make ("root/a/loop->.. root/a/self->. root/a/f");
  FTS *sp = open1 ("root", options, unit_by_name);
  FTSENT *p, *root = NULL, *a = NULL;
  int dc = 0;
  char *buf = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&buf, &size);
  while ((p = fts_read (sp)))
    {
      fputs (unit_line (p), out);
      if (p->fts_info == FTS_D && p->fts_level == 0)
        root = p;
      if (p->fts_info == FTS_D && p->fts_level == 1)
        a = p;
      if (p->fts_info == FTS_DC)
        {
          dc++;
          ck_assert_ptr_eq (p->fts_cycle,
                            strcmp (p->fts_name, "loop") == 0 ? root : a);
        }
    }
  ck_assert_int_eq (errno, 0);
  fclose (out);
  unit_keep (buf);
  ck_assert_str_eq (buf, "D 0 root\n"
                         "D 1 root/a\n"
                         "F 2 root/a/f\n"
                         "DC 2 root/a/loop\n"
                         "DC 2 root/a/self\n"
                         "DP 1 root/a\n"
                         "DP 0 root\n");
  ck_assert_int_eq (dc, 2);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* A logical walk counts the symbolic links followed on each entry's way
   from the root, as the kernel would resolving its path: 1/s -> ../2,
   2/s -> ../3 ..., and the entry reached through a 41st link is FTS_NS
   with ELOOP, not followed; a file beside it, reached through 40, is
   still FTS_F.  (Physical walks follow nothing: nothing to count.)  */
START_TEST (test_logical_link_limit)
{
  int options = _i ? FTS_LOGICAL | FTS_DIRFD : FTS_LOGICAL;
  for (int i = 1; i <= 45; i++)
    unit_make (unit_fmt ("%d/s->../%d", i, i + 1));
  unit_make ("45/ 41/f");
  FTS *sp = open1 ("1", options, NULL);
  FTSENT *p;
  long deepest_dir = -1;
  const char *ns = NULL, *f = NULL;
  while ((p = fts_read (sp)))
    {
      if (p->fts_info == FTS_D && p->fts_level > deepest_dir)
        deepest_dir = p->fts_level;
      if (p->fts_info == FTS_NS)
        ns = unit_fmt ("%s", unit_line (p));
      if (p->fts_info == FTS_F)
        f = unit_fmt ("%s", unit_line (p));
    }
  ck_assert_int_eq (errno, 0);
  ck_assert_int_eq (deepest_dir, 40);
  char *s40 = unit_fmt ("1%0*d", 80, 0);
  for (int i = 1; i < 81; i += 2)
    memcpy (s40 + i, "/s", 2);
  ck_assert_ptr_nonnull (ns);
  ck_assert_str_eq (ns, unit_fmt ("NS 41 %s/s ELOOP\n", s40));
  ck_assert_ptr_nonnull (f);
  ck_assert_str_eq (f, unit_fmt ("F 41 %s/f\n", s40));
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* The symbolic links in a root's own path count towards the limit too,
   even when memory is short: root 1/s/.../s (30 links, its last
   included) leaves 10 for the walk below it, and the entry reached
   through the 41st is FTS_NS with ELOOP, whether or not a copy of the
   root's path can be made.  */
START_TEST (test_root_links_without_memory)
{
  int options = _i ? FTS_LOGICAL | FTS_DIRFD : FTS_LOGICAL;
  for (int i = 1; i <= 45; i++)
    unit_make (unit_fmt ("%d/s->../%d", i, i + 1));
  unit_make ("46/");
  char *root = unit_fmt ("1%0*d", 60, 0);
  for (int i = 1; i < 61; i += 2)
    memcpy (root + i, "/s", 2);
  FTS *sp = open1 (root, options, NULL);
  strdup_fails = true;
  FTSENT *p;
  long deepest_dir = -1;
  const char *ns = NULL;
  while ((p = fts_read (sp)))
    {
      if (p->fts_info == FTS_D && p->fts_level > deepest_dir)
        deepest_dir = p->fts_level;
      if (p->fts_info == FTS_NS && !ns)
        ns = unit_fmt ("%d %ld %s", p->fts_errno, (long) p->fts_level,
                       p->fts_name);
    }
  int err = errno;
  strdup_fails = false;
  ck_assert_int_eq (err, 0);
  ck_assert_int_eq (deepest_dir, 10);
  ck_assert_ptr_nonnull (ns);
  ck_assert_str_eq (ns, unit_fmt ("%d 11 s", ELOOP));
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

START_TEST (test_seedot)
{
  int options = access_modes[_i] | FTS_SEEDOT;
  unit_make ("root/a");
  ck_assert_str_eq (walk_checked ("root", options, unit_by_name),
                    "D 0 root\n"
                    "DOT 1 root/.\n"
                    "DOT 1 root/..\n"
                    "F 1 root/a\n"
                    "DP 0 root\n");
}
END_TEST

/* As in glibc, every directory's "." and ".." come back, not only the
   root's.  */
START_TEST (test_seedot_nested)
{
  int options = access_modes[_i] | FTS_SEEDOT;
  unit_make ("root/d/");
  ck_assert_str_eq (walk_checked ("root", options, unit_by_name),
                    "D 0 root\n"
                    "DOT 1 root/.\n"
                    "DOT 1 root/..\n"
                    "D 1 root/d\n"
                    "DOT 2 root/d/.\n"
                    "DOT 2 root/d/..\n"
                    "DP 1 root/d\n"
                    "DP 0 root\n");
}
END_TEST

/* FTS_NOSTAT: regular files are not stat'ed; st_mode's type comes from
   d_type; libfts_stat does the stat on demand.  */
START_TEST (test_nostat)
{
  int options = access_modes[_i] | FTS_NOSTAT;
  unit_make ("root/f root/d/g");
  struct stat want;
  ck_assert_int_eq (lstat ("root/f", &want), 0);
  FTS *sp = open1 ("root", options, unit_by_name);
  char *buf = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&buf, &size);
  FTSENT *p;
  int nsok = 0;
  while ((p = fts_read (sp)))
    {
      fputs (unit_line (p), out);
      if (p->fts_info == FTS_NSOK)
        {
          ck_assert_msg (S_ISREG (p->fts_statp->st_mode), "%s: st_mode %o",
                         p->fts_path, (unsigned) p->fts_statp->st_mode);
          nsok++;
        }
      if (p->fts_info == FTS_NSOK && strcmp (p->fts_name, "f") == 0)
        {
          ck_assert_int_eq (libfts_stat (sp, p, 0), FTS_F);
          ck_assert_int_eq (p->fts_info, FTS_F);
          ck_assert (p->fts_statp->st_ino == want.st_ino);
          ck_assert (p->fts_statp->st_dev == want.st_dev);
          ck_assert (p->fts_ino == want.st_ino);
          ck_assert (p->fts_statp->st_size == 0);
        }
    }
  ck_assert_int_eq (errno, 0);
  fclose (out);
  unit_keep (buf);
  ck_assert_str_eq (buf, "D 0 root\n"
                         "D 1 root/d\n"
                         "NSOK 2 root/d/g\n"
                         "DP 1 root/d\n"
                         "NSOK 1 root/f\n"
                         "DP 0 root\n");
  ck_assert_int_eq (nsok, 2);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* FTS_NOSTAT on a logical walk: every entry is stat-ed (as in glibc);
   with FTS_NOSTAT_LOGICAL too, those d_type says are neither directories
   nor symlinks are not (as in gnulib): FTS_NSOK, st_mode's type from
   d_type; a symlink is followed, to a file or a directory.  */
START_TEST (test_nostat_logical)
{
  unit_make ("root/f root/d/g");
  ck_assert_int_eq (symlink ("f", "root/l"), 0);
  ck_assert_int_eq (symlink ("d", "root/m"), 0);
  static const char *const want[] = {
    "D 0 root\n" "D 1 root/d\n" "F 2 root/d/g\n" "DP 1 root/d\n"
    "F 1 root/f\n" "F 1 root/l\n" "D 1 root/m\n" "F 2 root/m/g\n"
    "DP 1 root/m\n" "DP 0 root\n",
    "D 0 root\n" "D 1 root/d\n" "NSOK 2 root/d/g\n" "DP 1 root/d\n"
    "NSOK 1 root/f\n" "F 1 root/l\n" "D 1 root/m\n" "NSOK 2 root/m/g\n"
    "DP 1 root/m\n" "DP 0 root\n",
  };
  for (int i = 0; i < 2; i++)
    {
      int options = (FTS_LOGICAL | FTS_NOSTAT
                     | (i ? FTS_NOSTAT_LOGICAL : 0));
      FTS *sp = open1 ("root", options, unit_by_name);
      char *buf = NULL;
      size_t size = 0;
      FILE *out = open_memstream (&buf, &size);
      FTSENT *p;
      while ((p = fts_read (sp)))
        {
          fputs (unit_line (p), out);
          if (p->fts_info == FTS_NSOK)
            ck_assert_msg (S_ISREG (p->fts_statp->st_mode), "%s: st_mode %o",
                           p->fts_path, (unsigned) p->fts_statp->st_mode);
          if (p->fts_info == FTS_NSOK && strcmp (p->fts_name, "f") == 0)
            ck_assert_int_eq (libfts_stat (sp, p, 0), FTS_F);
        }
      ck_assert_int_eq (errno, 0);
      fclose (out);
      unit_keep (buf);
      ck_assert_str_eq (buf, want[i]);
      ck_assert_int_eq (fts_close (sp), 0);
    }
}
END_TEST

/* libfts_stat on a directory the walk is done with (FTS_DP; FTS_DNR as
   a non-root user) refreshes its stat buffer but keeps its fts_info and
   fts_errno: the walk goes on, not back into the directory.  */
START_TEST (test_stat_visited_directory)
{
  int options = access_modes[_i] | FTS_NOSTAT;
  unit_make ("root/d/g root/u/x");
  ck_assert_int_eq (chmod ("root/u", 0), 0);
  /* Unreadable unless we are (still) root.  */
  bool dnr = unit_drop_privileges ();
  struct stat want;
  ck_assert_int_eq (lstat ("root/d", &want), 0);
  FTS *sp = open1 ("root", options, unit_by_name);
  char *buf = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&buf, &size);
  FTSENT *p;
  while ((p = fts_read (sp)))
    {
      fputs (unit_line (p), out);
      if (p->fts_level != 1 || (p->fts_info != FTS_DP && p->fts_info != FTS_DNR))
        continue;
      int info = p->fts_info, err = p->fts_errno;
      memset (p->fts_statp, 0, sizeof *p->fts_statp);
      ck_assert_int_eq (libfts_stat (sp, p, 0), info);
      ck_assert_int_eq (p->fts_info, info);
      ck_assert_int_eq (p->fts_errno, err);
      ck_assert (S_ISDIR (p->fts_statp->st_mode));
      if (strcmp (p->fts_name, "d") == 0)
        ck_assert (p->fts_statp->st_ino == want.st_ino);
    }
  ck_assert_int_eq (errno, 0);
  fclose (out);
  unit_keep (buf);
  ck_assert_str_eq (buf, dnr ? "D 0 root\n"
                               "D 1 root/d\n"
                               "NSOK 2 root/d/g\n"
                               "DP 1 root/d\n"
                               "D 1 root/u\n"
                               "DNR 1 root/u EACCES\n"
                               "DP 0 root\n"
                             : "D 0 root\n"
                               "D 1 root/d\n"
                               "NSOK 2 root/d/g\n"
                               "DP 1 root/d\n"
                               "D 1 root/u\n"
                               "NSOK 2 root/u/x\n"
                               "DP 1 root/u\n"
                               "DP 0 root\n");
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

START_TEST (test_default_fifo)
{
  unit_make ("root/p|");
  ck_assert_str_eq (walk_checked ("root", access_modes[_i], NULL),
                    "D 0 root\nDEFAULT 1 root/p\nDP 0 root\n");
}
END_TEST

/* ---- fts_set ------------------------------------------------------------ */

START_TEST (test_set_skip)
{
  int options = walk_modes[_i];
  unit_make ("root/d/x root/d/y/z root/e");
  FTS *sp = open1 ("root", options, unit_by_name);
  char *buf = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&buf, &size);
  FTSENT *p, *skipped = NULL;
  while ((p = fts_read (sp)))
    {
      fputs (unit_line (p), out);
      if (p->fts_info == FTS_D && strcmp (p->fts_name, "d") == 0)
        {
          ck_assert_int_eq (fts_set (sp, p, FTS_SKIP), 0);
          skipped = p;
        }
      else if (p->fts_info == FTS_DP && strcmp (p->fts_name, "d") == 0)
        ck_assert_ptr_eq (p, skipped);
    }
  ck_assert_int_eq (errno, 0);
  fclose (out);
  unit_keep (buf);
  ck_assert_str_eq (buf, "D 0 root\nD 1 root/d\nDP 1 root/d\n"
                         "F 1 root/e\nDP 0 root\n");
  ck_assert_int_eq (fts_close (sp), 0);

  /* A skipped root.  */
  sp = open1 ("root", options, unit_by_name);
  p = fts_read (sp);
  ck_assert_int_eq (p->fts_info, FTS_D);
  ck_assert_int_eq (fts_set (sp, p, FTS_SKIP), 0);
  p = fts_read (sp);
  ck_assert_ptr_nonnull (p);
  ck_assert_int_eq (p->fts_info, FTS_DP);
  ck_assert_str_eq (p->fts_path, "root");
  errno = 0;
  ck_assert_ptr_null (fts_read (sp));
  ck_assert_int_eq (errno, 0);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* FTS_AGAIN: the same entry comes back, stat'ed anew.  */
START_TEST (test_set_again)
{
  int options = walk_modes[_i];
  unit_make ("root/x");
  FTS *sp = open1 ("root", options, unit_by_name);
  char *buf = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&buf, &size);
  FTSENT *p, *x = NULL;
  while ((p = fts_read (sp)))
    {
      fputs (unit_line (p), out);
      if (p->fts_info == FTS_F && !x)
        {
          x = p;
          /* By absolute names: a chdir walk moved the cwd.  */
          ck_assert_int_eq (unlink (unit_fmt ("%s/root/x", unit_dir)), 0);
          unit_make (unit_fmt ("%s/root/x/y", unit_dir));
          ck_assert_int_eq (fts_set (sp, p, FTS_AGAIN), 0);
        }
      else if (p->fts_info == FTS_D && p->fts_level == 1)
        {
          ck_assert_ptr_eq (p, x);
          ck_assert (S_ISDIR (p->fts_statp->st_mode));
        }
    }
  ck_assert_int_eq (errno, 0);
  fclose (out);
  unit_keep (buf);
  ck_assert_str_eq (buf, "D 0 root\nF 1 root/x\nD 1 root/x\n"
                         "F 2 root/x/y\nDP 1 root/x\nDP 0 root\n");
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* FTS_FOLLOW on a symbolic link to a directory in a physical walk: it
   comes back as FTS_D and is descended; the walk then goes on in the
   link's own directory, although the link points elsewhere.  */
START_TEST (test_set_follow)
{
  int options = access_modes[_i];
  unit_make ("root/d/x root/l->../other/d2 root/m other/d2/y");
  FTS *sp = open1 ("root", options, unit_by_name);
  char *buf = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&buf, &size);
  FTSENT *p, *l = NULL;
  struct stat cwd0 = cwd_stat ();
  while ((p = fts_read (sp)))
    {
      fputs (unit_line (p), out);
      check_access (sp, p, options);
      if (p->fts_info == FTS_SL && !l)
        {
          l = p;
          ck_assert_int_eq (fts_set (sp, p, FTS_FOLLOW), 0);
        }
      else if (p->fts_info == FTS_D && p->fts_level == 1
               && strcmp (p->fts_name, "l") == 0)
        ck_assert_ptr_eq (p, l);
    }
  ck_assert_int_eq (errno, 0);
  fclose (out);
  unit_keep (buf);
  ck_assert_str_eq (buf, "D 0 root\n"
                         "D 1 root/d\n"
                         "F 2 root/d/x\n"
                         "DP 1 root/d\n"
                         "SL 1 root/l\n"
                         "D 1 root/l\n"
                         "F 2 root/l/y\n"
                         "DP 1 root/l\n"
                         "F 1 root/m\n"
                         "DP 0 root\n");
  ck_assert_int_eq (fts_close (sp), 0);
  struct stat cwd = cwd_stat ();
  ck_assert (cwd.st_ino == cwd0.st_ino);
}
END_TEST

START_TEST (test_set_invalid)
{
  unit_make ("root/a");
  FTS *sp = open1 ("root", FTS_PHYSICAL, NULL);
  FTSENT *p = fts_read (sp);
  ck_assert_ptr_nonnull (p);
  static const int bad[] = { -1, 5, 99, FTS_NAMEONLY, 0x10000 };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      errno = 0;
      ck_assert_int_eq (fts_set (sp, p, bad[i]), -1);
      ck_assert_int_eq (errno, EINVAL);
    }
  ck_assert_int_eq (fts_set (sp, p, 0), 0);
  ck_assert_int_eq (fts_set (sp, p, FTS_NOINSTR), 0);
  /* Nothing was set: the walk goes on normally.  */
  ck_assert_str_eq (unit_walk_stream (sp), "F 1 root/a\nDP 0 root\n");
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* ---- fts_children ------------------------------------------------------ */

static const char *
list_names (const FTSENT *list, bool with_info)
{
  char *buf = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&buf, &size);
  for (const FTSENT *c = list; c; c = c->fts_link)
    {
      if (with_info)
        fprintf (out, "%s %d %s\n", info_name (c->fts_info),
                 c->fts_level, c->fts_name);
      else
        fprintf (out, "%d %s\n", c->fts_level, c->fts_name);
    }
  fclose (out);
  return unit_keep (buf);
}

START_TEST (test_children_of_directory)
{
  int options = walk_modes[_i];
  for (int nameonly = 0; nameonly <= 1; nameonly++)
    {
      unit_make ("root/b root/a root/d/x");
      FTS *sp = open1 ("root", options, unit_by_name);
      FTSENT *p = fts_read (sp);
      ck_assert_int_eq (p->fts_info, FTS_D);
      errno = 0;
      FTSENT *list = fts_children (sp, nameonly ? FTS_NAMEONLY : 0);
      ck_assert_int_eq (errno, 0);
      ck_assert_ptr_nonnull (list);
      if (nameonly)
        ck_assert_str_eq (list_names (list, false), "1 a\n1 b\n1 d\n");
      else
        ck_assert_str_eq (list_names (list, true),
                          "F 1 a\nF 1 b\nD 1 d\n");
      for (const FTSENT *c = list; c; c = c->fts_link)
        ck_assert_ptr_eq (c->fts_parent, p);
      /* The walk goes on as if fts_children had not been called.  */
      ck_assert_str_eq (unit_walk_stream (sp),
                        "F 1 root/a\nF 1 root/b\nD 1 root/d\nF 2 root/d/x\n"
                        "DP 1 root/d\nDP 0 root\n");
      ck_assert_int_eq (fts_close (sp), 0);
    }
}
END_TEST

START_TEST (test_children_twice)
{
  unit_make ("root/b root/a");
  FTS *sp = open1 ("root", access_modes[_i], unit_by_name);
  ck_assert_ptr_nonnull (fts_read (sp));
  ck_assert_str_eq (list_names (fts_children (sp, 0), true),
                    "F 1 a\nF 1 b\n");
  ck_assert_str_eq (list_names (fts_children (sp, 0), true),
                    "F 1 a\nF 1 b\n");
  ck_assert_str_eq (unit_walk_stream (sp),
                    "F 1 root/a\nF 1 root/b\nDP 0 root\n");
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

START_TEST (test_children_at_start)
{
  int options = walk_modes[_i];
  unit_make ("c/ a/x b");
  char *argv[] = { "c", "a", "b", NULL };
  FTS *sp = fts_open (argv, options, unit_by_name);
  ck_assert_ptr_nonnull (sp);
  FTSENT *list = fts_children (sp, 0);
  ck_assert_str_eq (list_names (list, false), "0 a\n0 b\n0 c\n");
  ck_assert_str_eq (unit_walk_stream (sp),
                    "D 0 a\nF 1 a/x\nDP 0 a\nF 0 b\nD 0 c\nDP 0 c\n");
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

START_TEST (test_children_of_file)
{
  unit_make ("root/a");
  FTS *sp = open1 ("root", access_modes[_i], NULL);
  ck_assert_ptr_nonnull (fts_read (sp));
  FTSENT *p = fts_read (sp);
  ck_assert_int_eq (p->fts_info, FTS_F);
  errno = EBUSY;
  ck_assert_ptr_null (fts_children (sp, 0));
  ck_assert_int_eq (errno, 0);
  errno = 0;
  ck_assert_ptr_null (fts_children (sp, 42));
  ck_assert_int_eq (errno, EINVAL);
  ck_assert_str_eq (unit_walk_stream (sp), "DP 0 root\n");
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* An empty directory has no children: null, errno 0.  */
START_TEST (test_children_empty)
{
  unit_make ("root/");
  FTS *sp = open1 ("root", access_modes[_i], NULL);
  ck_assert_ptr_nonnull (fts_read (sp));
  errno = EBUSY;
  ck_assert_ptr_null (fts_children (sp, 0));
  ck_assert_int_eq (errno, 0);
  ck_assert_str_eq (unit_walk_stream (sp), "DP 0 root\n");
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* ---- fts_open ----------------------------------------------------------- */

START_TEST (test_compar_orders_roots_and_siblings)
{
  int options = walk_modes[_i];
  unit_make ("r2/z r2/x r2/y r1 r3/");
  ck_assert_str_eq (unit_walk (options, unit_by_name, "r3", "r1", "r2", NULL),
                    "F 0 r1\nD 0 r2\nF 1 r2/x\nF 1 r2/y\nF 1 r2/z\n"
                    "DP 0 r2\nD 0 r3\nDP 0 r3\n");
  ck_assert_str_eq (unit_walk (options, unit_by_name_desc, "r1", "r3", "r2",
                               NULL),
                    "D 0 r3\nDP 0 r3\nD 0 r2\nF 1 r2/z\nF 1 r2/y\nF 1 r2/x\n"
                    "DP 0 r2\nF 0 r1\n");
}
END_TEST

/* Without a comparison function roots come in the order given.  */
START_TEST (test_roots_in_given_order)
{
  unit_make ("b a c/");
  ck_assert_str_eq (unit_walk (FTS_PHYSICAL, NULL, "b", "c", "a", "b", NULL),
                    "F 0 b\nD 0 c\nDP 0 c\nF 0 a\nF 0 b\n");
}
END_TEST

/* fts_open rejects every bit it does not define with EINVAL, as glibc's
   and the BSDs' do: portable code probes for another fts's options so
   (0x10000 and 0x20000, say, which libfts 0.1 took for its own
   extensions).  Those extensions use bits no other fts defines: gnulib's
   reach 0x4000.  */
START_TEST (test_open_options)
{
  unit_make ("root/a");
  char *argv[] = { "root", NULL };
  static const int bad[] = { FTS_NAMEONLY, FTS_STOP, 0x400, 0x4000, 0x8000,
                             0x10000, FTS_PHYSICAL | 0x10000, 0x20000,
                             0x40000, FTS_PHYSICAL | 0x40000000, -1 };
  ck_assert_int_eq ((FTS_DIRFD | FTS_TRUST_SHORT_READS | FTS_LAZY_CYCLE_CHECK
                     | FTS_NOSTAT_LOGICAL) & 0xffff, 0);
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      errno = 0;
      ck_assert_msg (fts_open (argv, bad[i], NULL) == NULL,
                     "options %#x accepted", (unsigned) bad[i]);
      ck_assert_int_eq (errno, EINVAL);
    }
  static const int good[] = { 0, FTS_DIRFD, FTS_OPTIONMASK,
                              FTS_OPTIONMASK | FTS_DIRFD, FTS_WHITEOUT,
                              FTS_PHYSICAL | FTS_TRUST_SHORT_READS,
                              FTS_PHYSICAL | FTS_LAZY_CYCLE_CHECK,
                              FTS_LOGICAL | FTS_NOSTAT | FTS_NOSTAT_LOGICAL };
  for (size_t i = 0; i < sizeof good / sizeof *good; i++)
    {
      FTS *sp = fts_open (argv, good[i], NULL);
      ck_assert_msg (sp != NULL, "options %#x: %s", (unsigned) good[i],
                     strerror (errno));
      ck_assert_int_eq (fts_close (sp), 0);
    }
  ck_assert_str_eq (unit_walk (0, NULL, "root", NULL),
                    "D 0 root\nF 1 root/a\nDP 0 root\n");
}
END_TEST

START_TEST (test_open_empty_argv)
{
  char *argv[] = { NULL };
  errno = 0;
  ck_assert_ptr_null (fts_open (argv, FTS_PHYSICAL, NULL));
  ck_assert_int_eq (errno, EINVAL);
}
END_TEST

START_TEST (test_read_end)
{
  unit_make ("root/a");
  FTS *sp = open1 ("root", walk_modes[_i], NULL);
  int n = 0;
  while (fts_read (sp))
    n++;
  ck_assert_int_eq (n, 3);
  for (int i = 0; i < 3; i++)
    {
      errno = 0;
      ck_assert_ptr_null (fts_read (sp));
      ck_assert_int_eq (errno, 0);
    }
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

START_TEST (test_fts64_names)
{
  unit_make ("root/a");
  char *argv[] = { "root", NULL };
  FTS64 *sp = fts64_open (argv, FTS_PHYSICAL, NULL);
  ck_assert_ptr_nonnull (sp);
  FTSENT64 *p = fts64_read (sp);
  ck_assert_int_eq (p->fts_info, FTS_D);
  ck_assert_str_eq (list_names (fts64_children (sp, 0), false), "1 a\n");
  ck_assert_int_eq (fts64_set (sp, p, FTS_SKIP), 0);
  p = fts64_read (sp);
  ck_assert_int_eq (p->fts_info, FTS_DP);
  ck_assert_ptr_null (fts64_read (sp));
  ck_assert_int_eq (fts64_close (sp), 0);
}
END_TEST

/* ---- working directory and descriptors ---------------------------------- */

/* Closing in the middle of a chdir walk puts the working directory back.  */
START_TEST (test_close_restores_cwd)
{
  unit_make ("root/a/b/c/d/e");
  struct stat cwd0 = cwd_stat ();
  FTS *sp = open1 ("root", FTS_PHYSICAL, NULL);
  FTSENT *p;
  while ((p = fts_read (sp)) && strcmp (p->fts_name, "e") != 0)
    continue;
  ck_assert_ptr_nonnull (p);
  /* fts_accpath works from the working directory fts_read left.  */
  struct stat st;
  ck_assert_int_eq (lstat (p->fts_accpath, &st), 0);
  ck_assert (st.st_ino == p->fts_statp->st_ino);
  ck_assert_int_eq (fts_close (sp), 0);
  struct stat cwd = cwd_stat ();
  ck_assert (cwd.st_ino == cwd0.st_ino && cwd.st_dev == cwd0.st_dev);
}
END_TEST

START_TEST (test_dirfd_roots_and_errors)
{
  unit_make ("root/a");
  FTS *sp = open1 ("root", FTS_PHYSICAL | FTS_DIRFD, NULL);
  errno = 0;
  ck_assert_int_eq (libfts_dirfd (sp), -1);
  ck_assert_int_eq (errno, EINVAL);
  FTSENT *p = fts_read (sp);
  ck_assert_int_eq (libfts_dirfd (sp), AT_FDCWD);
  ck_assert_str_eq (p->fts_accpath, "root");
  p = fts_read (sp);
  ck_assert_str_eq (p->fts_accpath, "a");
  int fd = libfts_dirfd (sp);
  ck_assert_int_ge (fd, 0);
  /* The descriptor is the root directory's, usable for *at calls.  */
  struct stat st, want;
  ck_assert_int_eq (fstat (fd, &st), 0);
  ck_assert_int_eq (stat ("root", &want), 0);
  ck_assert (st.st_ino == want.st_ino);
  ck_assert_int_eq (unlinkat (fd, p->fts_name, 0), 0);
  ck_assert_int_eq (access ("root/a", F_OK), -1);
  ck_assert_ptr_nonnull (fts_read (sp));
  ck_assert_ptr_null (fts_read (sp));
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* FTS_XDEV: a mount point is returned (FTS_D, then FTS_DP), not
   descended.  Needs a tmpfs mounted in a mount namespace of our own.  */
START_TEST (test_xdev)
{
  int options = access_modes[_i];
  if (!unit_forking || geteuid () != 0)
    {
      unit_skip ("test_xdev", "needs root and CK_FORK=yes to mount a tmpfs");
      return;
    }
  if (unshare (CLONE_NEWNS) != 0
      || mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
    {
      unit_skip ("test_xdev", "cannot make a private mount namespace");
      return;
    }
  unit_make ("root/a root/mnt/ root/z/");
  if (mount ("tmpfs", "root/mnt", "tmpfs", 0, "size=1m") != 0)
    {
      unit_skip ("test_xdev", "cannot mount a tmpfs");
      return;
    }
  unit_make ("root/mnt/inside root/mnt/sub/deeper");
  ck_assert_str_eq (walk_checked ("root", options | FTS_XDEV, unit_by_name),
                    "D 0 root\nF 1 root/a\nD 1 root/mnt\nDP 1 root/mnt\n"
                    "D 1 root/z\nDP 1 root/z\nDP 0 root\n");
  ck_assert_str_eq (walk_checked ("root", options, unit_by_name),
                    "D 0 root\nF 1 root/a\nD 1 root/mnt\nF 2 root/mnt/inside\n"
                    "D 2 root/mnt/sub\nF 3 root/mnt/sub/deeper\n"
                    "DP 2 root/mnt/sub\nDP 1 root/mnt\n"
                    "D 1 root/z\nDP 1 root/z\nDP 0 root\n");
  /* A root on the other file system is walked: FTS_XDEV is relative to
     each root's device.  */
  ck_assert_str_eq (walk_checked ("root/mnt/sub", options | FTS_XDEV, NULL),
                    "D 0 root/mnt/sub\nF 1 root/mnt/sub/deeper\n"
                    "DP 0 root/mnt/sub\n");
  ck_assert_int_eq (umount2 ("root/mnt", MNT_DETACH), 0);
}
END_TEST

/* Walk ROOT physically with OPTIONS, without a comparison function (as rm
   walks); the lines of the entries, each FTS_DC one followed by the level
   and name of the entry its fts_cycle points at.  */
static const char *
walk_cycles (const char *root, int options)
{
  FTS *sp = open1 (root, options, NULL);
  char *buf = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&buf, &size);
  FTSENT *p;
  while ((p = fts_read (sp)))
    {
      fputs (unit_line (p), out);
      if (p->fts_info == FTS_DC)
        fprintf (out, "  cycle: %d %s\n", p->fts_cycle->fts_level,
                 p->fts_cycle->fts_name);
    }
  ck_assert_int_eq (errno, 0);
  fclose (out);
  ck_assert_int_eq (fts_close (sp), 0);
  return unit_keep (buf);
}

/* In a mount namespace of the test's own (root, CK_FORK=yes), make TREE
   (unit_make) and bind-mount top on top/r/m.  Returns false, the test
   TEST skipped with the reason, when that cannot be done.  */
static bool
bind_top_below_itself (const char *test, const char *tree)
{
  if (!unit_forking || geteuid () != 0)
    return unit_skip (test, "needs root and CK_FORK=yes"), false;
  if (unshare (CLONE_NEWNS) != 0
      || mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
    return unit_skip (test, "cannot make a mount namespace"), false;
  unit_make (tree);
  if (mount ("top", "top/r/m", NULL, MS_BIND, NULL) != 0)
    return unit_skip (test, "cannot bind-mount"), false;
  return true;
}

/* A physical walk meets a cycle only through a mount.  A directory
   bind-mounted inside itself is FTS_DC at the mount point, its fts_cycle
   the ancestor it repeats; and below such a mount, the walk's root met
   again is FTS_DC too, though it is no mount point itself.  With and
   without FTS_NOSTAT (whose directories are opened before they are
   stat'ed).  Root only, in a mount namespace of our own.  */
START_TEST (test_bind_mount_cycle)
{
  int options = access_modes[_i % N_ACCESS_MODES]
                | (_i >= N_ACCESS_MODES ? FTS_NOSTAT : 0);
  if (!bind_top_below_itself ("test_bind_mount_cycle", "top/r/m/ top/s/"))
    return;
  const char *top = walk_cycles ("top", options);
  ck_assert_msg (strstr (top, "DC 2 top/r/m\n  cycle: 0 top\n"), "%s", top);
  ck_assert_msg (!strstr (top, "top/r/m/"), "%s", top);
  const char *r = walk_cycles ("top/r", options);
  ck_assert_msg (strstr (r, "D 1 top/r/m\n"), "%s", r);
  ck_assert_msg (strstr (r, "DC 2 top/r/m/r\n  cycle: 0 r\n"), "%s", r);
  ck_assert_msg (strstr (r, "D 2 top/r/m/s\n"), "%s", r);
  ck_assert_msg (!strstr (r, "top/r/m/r/"), "%s", r);
  ck_assert_int_eq (umount2 ("top/r/m", MNT_DETACH), 0);
}
END_TEST

/* FTS_LAZY_CYCLE_CHECK, as gnulib's fts checks by default (GNU rm, chmod,
   chown): each directory is compared with the one entered at the last
   power of two, or its ancestor on the path once it is left.  top/r/m
   shows top: walked from top, top (1st, kept) and top/r (2nd, kept) are
   entered, top/r/m (3rd) is top again but compared with top/r only, so
   the cycle is found a level further, at top/r/m/r, whose fts_cycle is
   itself; walked from top/r, the repeat top/r/m/r is compared with
   top/r/m (kept as 2nd) and walked through, down to the empty top/r/m/r/m
   (the bind is not recursive): no FTS_DC at all.  Root only, in a mount
   namespace of our own.  */
START_TEST (test_lazy_cycle_check)
{
  int options = access_modes[_i] | FTS_LAZY_CYCLE_CHECK;
  if (!bind_top_below_itself ("test_lazy_cycle_check", "top/r/m/"))
    return;
  ck_assert_str_eq (walk_cycles ("top", options),
                    "D 0 top\nD 1 top/r\nD 2 top/r/m\n"
                    "DC 3 top/r/m/r\n  cycle: 3 r\n"
                    "DP 2 top/r/m\nDP 1 top/r\nDP 0 top\n");
  ck_assert_str_eq (walk_cycles ("top/r", options),
                    "D 0 top/r\nD 1 top/r/m\nD 2 top/r/m/r\n"
                    "D 3 top/r/m/r/m\nDP 3 top/r/m/r/m\nDP 2 top/r/m/r\n"
                    "DP 1 top/r/m\nDP 0 top/r\n");
  ck_assert_int_eq (umount2 ("top/r/m", MNT_DETACH), 0);
}
END_TEST

/* ---- limits ------------------------------------------------------------- */

/* Deeper than any short and any path buffer: every level once in pre-
   and once in post-order, the real level and length from libfts_level
   and libfts_pathlen, the saturated ones in the glibc fields.  */
enum { DEEP = 10000 };
#define DEEP_NAME "abcdefgh"

static void
check_deep_entry (FTS *sp, const FTSENT *p, int options)
{
  long lv = libfts_level (p);
  size_t len = 4 + lv * (sizeof DEEP_NAME);   /* "root" + "/abcdefgh"... */
  struct stat st;

  unit_check_msg (lv >= 0 && lv <= DEEP, "level %ld", lv);
  unit_check_msg (libfts_pathlen (p) == len, "level %ld: pathlen %zu",
                  lv, libfts_pathlen (p));
  unit_check (p->fts_pathlen == (len > USHRT_MAX ? USHRT_MAX : len));
  unit_check (p->fts_level == lv);
  unit_check (lv == 0 || strcmp (p->fts_name, DEEP_NAME) == 0);
  if (options & FTS_DIRFD)
    {
      unit_check_msg (fstatat (libfts_dirfd (sp), p->fts_accpath, &st,
                               AT_SYMLINK_NOFOLLOW) == 0,
                      "level %ld: %s", lv, strerror (errno));
      unit_check (st.st_ino == p->fts_statp->st_ino);
    }
  else if (chdir_mode (options))
    {
      unit_check_msg (lstat (p->fts_accpath, &st) == 0, "level %ld: %s", lv,
                      strerror (errno));
      unit_check (st.st_ino == p->fts_statp->st_ino);
    }
}

START_TEST (test_deep_tree)
{
  int options = access_modes[_i];
  unit_make ("root/");
  unit_make_chain ("root", DEEP, DEEP_NAME, NULL);
  unsigned char *pre = unit_keep (calloc (DEEP + 1, 1));
  unsigned char *post = unit_keep (calloc (DEEP + 1, 1));
  bool deepest_seen = false;

  FTS *sp = open1 ("root", options, NULL);
  FTSENT *p;
  while ((errno = 0, p = fts_read (sp)))
    {
      long lv = libfts_level (p);
      check_deep_entry (sp, p, options);
      if (p->fts_info == FTS_D)
        pre[lv]++;
      else if (p->fts_info == FTS_DP)
        post[lv]++;
      else
        ck_abort_msg ("%s at level %ld", info_name (p->fts_info), lv);
      if (lv == DEEP && p->fts_info == FTS_D)
        {
          size_t len = strlen (p->fts_path);
          ck_assert_uint_gt (len, 65535);
          ck_assert_uint_eq (libfts_pathlen (p), len);
          ck_assert_int_eq (p->fts_level, DEEP);
          deepest_seen = true;
        }
    }
  ck_assert_int_eq (errno, 0);
  ck_assert (deepest_seen);
  for (long i = 0; i <= DEEP; i++)
    unit_check_msg (pre[i] == 1 && post[i] == 1,
                    "level %ld: %d times FTS_D, %d times FTS_DP", i, pre[i],
                    post[i]);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* ---- large directories, a chunk at a time ---------------------------- */

/* A directory larger than a chunk (FTS__DIR_CHUNK_ENTRIES), sorted by
   inode, with a subdirectory chain deeper than the descriptor budget in it,
   so that the directory's descriptor is closed while its first chunk is
   handed out and reopened before its second is read.  Every entry comes
   out once, each chunk in inode order (so the order drops at most once),
   as a stat walk (_i == 0) and as a removal walk unlinking each entry as
   it comes (_i == 1), which leaves nothing behind.  */
enum { BIG = FTS__DIR_CHUNK_ENTRIES + 5000, BIG_CHAIN = FTS__FD_BUDGET + 8 };

/* Where the big directory goes: a tmpfs of our own when we can mount one
   (in a private mount namespace, gone with this test's process), for
   speed; else the test directory's own file system.  */
static void
make_big (void)
{
  unit_make ("root/");
  if (unit_forking && geteuid () == 0 && unshare (CLONE_NEWNS) == 0
      && mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0)
    mount ("tmpfs", "root", "tmpfs", 0, "size=512m,nr_inodes=1m");
  unit_make ("root/big/");
  int dfd = open ("root/big", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ck_assert_int_ge (dfd, 0);
  for (int i = 0; i < BIG; i++)
    {
      char name[16];
      snprintf (name, sizeof name, "%06d", i);
      int fd = openat (dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
                       0644);
      unit_check_msg (fd >= 0, "%s: %s", name, strerror (errno));
      close (fd);
    }
  close (dfd);
  unit_make_chain ("root/big", BIG_CHAIN, "sub", NULL);
}

/* Act on P, a removal walk's entry; return whether it was a file of the
   big directory, marked in SEEN.  */
static bool
big_entry (FTS *sp, FTSENT *p, unsigned char *seen, bool remove)
{
  bool file = p->fts_level == 2 && strcmp (p->fts_name, "sub") != 0;
  if (file)
    {
      int i = atoi (p->fts_name);
      unit_check_msg (i >= 0 && i < BIG && !seen[i], "entry %s", p->fts_name);
      seen[i] = 1;
    }
  if (remove && p->fts_level > 0 && p->fts_info != FTS_D)
    unit_check_msg (unlinkat (libfts_dirfd (sp), p->fts_accpath,
                              p->fts_info == FTS_DP ? AT_REMOVEDIR : 0) == 0,
                    "%s: %s", p->fts_path, strerror (errno));
  return file;
}

START_TEST (test_large_directory_in_chunks)
{
  bool remove = _i == 1;
  make_big ();
  int options = FTS_PHYSICAL | FTS_DIRFD | (remove ? FTS_NOSTAT : 0);
  FTS *sp = open1 ("root", options, NULL);
  ck_assert_int_eq (libfts_set_inode_sort_threshold (sp, 0), 0);
  ck_assert_int_eq (libfts_set_fs_policy (sp, LIBFTS_FS_POLICY_ALL), 0);
  unsigned char *seen = unit_keep (calloc (BIG, 1));
  FTSENT *p;
  ino_t prev = 0;
  int files = 0, drops = 0;
  while ((errno = 0, p = fts_read (sp)))
    if (big_entry (sp, p, seen, remove))
      {
        drops += files > 0 && p->fts_ino < prev;
        prev = p->fts_ino;
        files++;
      }
  ck_assert_int_eq (errno, 0);
  ck_assert_int_eq (files, BIG);
  unit_check_msg (drops <= 1, "%d drops in inode order", drops);
  struct libfts_stats st;
  ck_assert_int_eq (libfts_get_stats (sp, &st, sizeof st), 0);
  ck_assert_uint_eq (st.dirs_sorted, 1);
  ck_assert_uint_ge (st.dir_reopens, 1);
  ck_assert_int_eq (fts_close (sp), 0);
  struct stat sb;
  errno = 0;
  ck_assert_int_eq (lstat ("root/big/000000", &sb), remove ? -1 : 0);
  ck_assert_int_eq (lstat ("root/big", &sb), remove ? -1 : 0);
  ck_assert_int_eq (errno, remove ? ENOENT : 0);
}
END_TEST

/* Under FTS_NOSTAT, a physical walk keeps no stat buffer for each
   directory on the path (the caller said it needs none): a 2,000-level
   chain costs less than 240 bytes a level at its deepest (a 144-byte
   stat buffer in each made it more than 300).  A directory's stat is
   whole when it is handed out in pre-order; in post-order it holds its
   type and identity, and a file's its type, as glibc's FTS_NSOK; and
   the parent of the entry handed out has its type and identity in its
   stat buffer (a caller may compare the two, as fts-int.h says).
   (mallinfo2 counts glibc's heap only: under a sanitizer it says 0.)  */
START_TEST (test_nostat_deep_chain)
{
  int options = access_modes[_i] | FTS_NOSTAT;
  /* Deep, with full paths still below PATH_MAX (FTS_NOCHDIR).  */
  enum { DEPTH = 2000, MAX_PER_LEVEL = 240 };
  unit_make ("root/");
  unit_make_chain ("root", DEPTH, "d", "f");
  FTS *sp = open1 ("root", options, NULL);
  size_t before = mallinfo2 ().uordblks, peak = before;
  long dirs = 0, dps = 0, files = 0;
  FTSENT *p;
  while ((errno = 0, p = fts_read (sp)))
    {
      struct stat want;
      int dirfd = options & FTS_DIRFD ? libfts_dirfd (sp) : AT_FDCWD;
      ck_assert_msg (fstatat (dirfd, p->fts_accpath, &want,
                              AT_SYMLINK_NOFOLLOW) == 0,
                     "%s: %s", unit_line (p), strerror (errno));
      const struct stat *st = p->fts_statp;
      ck_assert_ptr_nonnull (st);
      ck_assert_msg ((st->st_mode & S_IFMT) == (want.st_mode & S_IFMT),
                     "%s", unit_line (p));
      const FTSENT *up = p->fts_parent;
      if (p->fts_level > 0)
        ck_assert_msg (S_ISDIR (up->fts_statp->st_mode)
                       && up->fts_statp->st_dev == up->fts_dev
                       && up->fts_statp->st_ino == up->fts_ino,
                       "%s: the parent's stat is another's", unit_line (p));
      if (p->fts_info == FTS_D)
        {
          ck_assert (st->st_mode == want.st_mode);
          ck_assert (st->st_uid == want.st_uid);
          ck_assert (st->st_mtim.tv_sec == want.st_mtim.tv_sec);
          dirs++;
          if (mallinfo2 ().uordblks > peak)
            peak = mallinfo2 ().uordblks;
        }
      else if (p->fts_info == FTS_DP)
        {
          ck_assert (st->st_dev == want.st_dev && st->st_ino == want.st_ino);
          ck_assert (st->st_nlink == want.st_nlink);
          ck_assert (p->fts_dev == want.st_dev && p->fts_ino == want.st_ino);
          dps++;
        }
      else
        {
          ck_assert_msg (p->fts_info == FTS_NSOK, "%s", unit_line (p));
          files++;
        }
    }
  ck_assert_msg (errno == 0, "fts_read: %s", strerror (errno));
  ck_assert_int_eq (dirs, DEPTH + 1);
  ck_assert_int_eq (dps, DEPTH + 1);
  ck_assert_int_eq (files, DEPTH + 1);
  unit_check_msg ((peak - before) / DEPTH < MAX_PER_LEVEL,
                  "%zu bytes a level", (peak - before) / DEPTH);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* With 32 descriptors in all, a walk 200 levels deep still finishes.  */
START_TEST (test_rlimit_nofile)
{
  int options = access_modes[_i];
  enum { DEPTH = 200 };
  if (!unit_forking)
    {
      unit_skip ("test_rlimit_nofile", "needs CK_FORK=yes to lower limits");
      return;
    }
  unit_make ("root/");
  unit_make_chain ("root", DEPTH, "d", "f");
  struct rlimit rl = { 32, 32 };
  ck_assert_int_eq (setrlimit (RLIMIT_NOFILE, &rl), 0);

  FTS *sp = open1 ("root", options, NULL);
  long d = 0, dp = 0, f = 0, maxlevel = 0;
  FTSENT *p;
  while ((errno = 0, p = fts_read (sp)))
    {
      switch (p->fts_info)
        {
        case FTS_D:
          d++;
          break;
        case FTS_DP:
          dp++;
          break;
        case FTS_F:
          f++;
          break;
        default:
          ck_abort_msg ("%s", unit_line (p));
        }
      if (p->fts_level > maxlevel)
        maxlevel = p->fts_level;
    }
  ck_assert_msg (errno == 0, "fts_read: %s", strerror (errno));
  ck_assert_int_eq (d, DEPTH + 1);
  ck_assert_int_eq (dp, DEPTH + 1);
  ck_assert_int_eq (f, DEPTH + 1);
  ck_assert_int_eq (maxlevel, DEPTH + 1);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* Entries removed after their directory was read: no crash, no failed
   walk; each is FTS_NS with ENOENT or missing.  */
START_TEST (test_vanishing_entries)
{
  int options = walk_modes[_i];
  static const char *const names[] = {
    "f00", "f01", "f02", "f03", "f04", "f05", "f06", "f07", "f08", "f09",
    "sub",
  };
  enum { N = sizeof names / sizeof *names };
  unit_make ("root/f00 root/f01 root/f02 root/f03 root/f04 root/f05 "
             "root/f06 root/f07 root/f08 root/f09 root/sub/x");
  FTS *sp = open1 ("root", options, NULL);
  const char *first = NULL;
  FTSENT *p;
  int vanished = 0;
  while ((errno = 0, p = fts_read (sp)))
    {
      if (p->fts_level != 1)
        continue;
      if (!first)
        {
          first = unit_keep (strdup (p->fts_name));
          for (int i = 0; i < N; i++)
            if (strcmp (names[i], first) != 0)
              ck_assert_int_eq (unit_remove_tree (unit_fmt ("%s/root/%s",
                                                            unit_dir,
                                                            names[i])), 0);
          continue;
        }
      if (strcmp (p->fts_name, first) == 0 && p->fts_info == FTS_DP)
        continue;
      ck_assert_msg ((p->fts_info == FTS_NS || p->fts_info == FTS_DNR
                      || p->fts_info == FTS_ERR)
                     && p->fts_errno == ENOENT,
                     "removed entry returned as %s", unit_line (p));
      vanished++;
    }
  ck_assert_msg (errno == 0, "fts_read: %s", strerror (errno));
  ck_assert_ptr_nonnull (first);
  ck_assert_int_le (vanished, N - 1);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* ---- ABI ---------------------------------------------------------------- */

START_TEST (test_glibc_layout)
{
#if defined __x86_64__ && !defined __ILP32__
  ck_assert_uint_eq (sizeof (FTSENT), 120);
  ck_assert_uint_eq (offsetof (FTSENT, fts_cycle), 0);
  ck_assert_uint_eq (offsetof (FTSENT, fts_parent), 8);
  ck_assert_uint_eq (offsetof (FTSENT, fts_link), 16);
  ck_assert_uint_eq (offsetof (FTSENT, fts_number), 24);
  ck_assert_uint_eq (offsetof (FTSENT, fts_pointer), 32);
  ck_assert_uint_eq (offsetof (FTSENT, fts_accpath), 40);
  ck_assert_uint_eq (offsetof (FTSENT, fts_path), 48);
  ck_assert_uint_eq (offsetof (FTSENT, fts_errno), 56);
  ck_assert_uint_eq (offsetof (FTSENT, fts_symfd), 60);
  ck_assert_uint_eq (offsetof (FTSENT, fts_pathlen), 64);
  ck_assert_uint_eq (offsetof (FTSENT, fts_namelen), 66);
  ck_assert_uint_eq (offsetof (FTSENT, fts_ino), 72);
  ck_assert_uint_eq (offsetof (FTSENT, fts_dev), 80);
  ck_assert_uint_eq (offsetof (FTSENT, fts_nlink), 88);
  ck_assert_uint_eq (offsetof (FTSENT, fts_level), 96);
  ck_assert_uint_eq (offsetof (FTSENT, fts_info), 98);
  ck_assert_uint_eq (offsetof (FTSENT, fts_flags), 100);
  ck_assert_uint_eq (offsetof (FTSENT, fts_instr), 102);
  ck_assert_uint_eq (offsetof (FTSENT, fts_statp), 104);
  ck_assert_uint_eq (offsetof (FTSENT, fts_name), 112);
  ck_assert_uint_eq (sizeof (FTS), 72);
  ck_assert_uint_eq (offsetof (FTS, fts_cur), 0);
  ck_assert_uint_eq (offsetof (FTS, fts_child), 8);
  ck_assert_uint_eq (offsetof (FTS, fts_array), 16);
  ck_assert_uint_eq (offsetof (FTS, fts_dev), 24);
  ck_assert_uint_eq (offsetof (FTS, fts_path), 32);
  ck_assert_uint_eq (offsetof (FTS, fts_rfd), 40);
  ck_assert_uint_eq (offsetof (FTS, fts_pathlen), 44);
  ck_assert_uint_eq (offsetof (FTS, fts_nitems), 48);
  ck_assert_uint_eq (offsetof (FTS, fts_compar), 56);
  ck_assert_uint_eq (offsetof (FTS, fts_options), 64);
#else
  unit_skip ("test_glibc_layout", "the reference layout is x86_64's");
#endif
}
END_TEST

/* The public stream fields a glibc caller may read.  */
START_TEST (test_stream_fields)
{
  unit_make ("root/a");
  FTS *sp = open1 ("root", FTS_PHYSICAL | FTS_DIRFD, NULL);
  ck_assert_int_eq (sp->fts_options, FTS_PHYSICAL | FTS_DIRFD);
  FTSENT *p = fts_read (sp);
  ck_assert_ptr_eq (sp->fts_cur, p);
  p = fts_read (sp);
  ck_assert_ptr_eq (sp->fts_cur, p);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* What fts_read returns, and in which order.  */
static void
add_walk_cases (Suite *s)
{
  TCase *tc;

  tc = unit_tcase ("order");
  tcase_add_loop_test (tc, test_pre_and_post_order, 0, N_WALK_MODES);
  tcase_add_loop_test (tc, test_postorder_keeps_stat, 0, N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_entry_fields, 0, N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_user_fields_kept, 0, N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_root_forms, 0, N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_no_compar, 0, N_WALK_MODES);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("info");
  tcase_add_loop_test (tc, test_symlinks_physical, 0, N_ACCESS_MODES);
  tcase_add_test (tc, test_symlinks_logical);
  tcase_add_loop_test (tc, test_symlink_roots, 0, N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_follow_dangling, 0, N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_dnr, 0, N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_unsearchable, 0, N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_unsearchable_made_searchable, 0, 2);
  tcase_add_loop_test (tc, test_unsearchable_read_cut_short, 0,
                       N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_ns_missing_root, 0, N_WALK_MODES);
  tcase_add_loop_test (tc, test_cycle, 0, 2);
  tcase_add_loop_test (tc, test_logical_link_limit, 0, 2);
  tcase_add_loop_test (tc, test_root_links_without_memory, 0, 2);
  tcase_add_loop_test (tc, test_seedot, 0, N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_seedot_nested, 0, N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_nostat, 0, N_ACCESS_MODES);
  tcase_add_test (tc, test_nostat_logical);
  tcase_add_loop_test (tc, test_stat_visited_directory, 0, N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_default_fifo, 0, N_ACCESS_MODES);
  suite_add_tcase (s, tc);
}

/* The rest of the API, and the limits.  */
static void
add_api_cases (Suite *s)
{
  TCase *tc;

  tc = unit_tcase ("fts_set");
  tcase_add_loop_test (tc, test_set_skip, 0, N_WALK_MODES);
  tcase_add_loop_test (tc, test_set_again, 0, N_WALK_MODES);
  tcase_add_loop_test (tc, test_set_follow, 0, N_ACCESS_MODES);
  tcase_add_test (tc, test_set_invalid);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("fts_children");
  tcase_add_loop_test (tc, test_children_of_directory, 0, N_WALK_MODES);
  tcase_add_loop_test (tc, test_children_twice, 0, N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_children_at_start, 0, N_WALK_MODES);
  tcase_add_loop_test (tc, test_children_of_file, 0, N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_children_empty, 0, N_ACCESS_MODES);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("fts_open");
  tcase_add_loop_test (tc, test_compar_orders_roots_and_siblings, 0,
                       N_WALK_MODES);
  tcase_add_test (tc, test_roots_in_given_order);
  tcase_add_test (tc, test_open_options);
  tcase_add_test (tc, test_open_empty_argv);
  tcase_add_loop_test (tc, test_read_end, 0, N_WALK_MODES);
  tcase_add_test (tc, test_fts64_names);
  tcase_add_test (tc, test_stream_fields);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("access");
  tcase_add_test (tc, test_close_restores_cwd);
  tcase_add_test (tc, test_dirfd_roots_and_errors);
  tcase_add_loop_test (tc, test_xdev, 0, N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_bind_mount_cycle, 0, 2 * N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_lazy_cycle_check, 0, N_ACCESS_MODES);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("limits");
  tcase_add_loop_test (tc, test_deep_tree, 0, N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_nostat_deep_chain, 0, N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_rlimit_nofile, 0, N_ACCESS_MODES);
  tcase_add_loop_test (tc, test_vanishing_entries, 0, N_WALK_MODES);
  tcase_add_loop_test (tc, test_large_directory_in_chunks, 0, 2);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("abi");
  tcase_add_test (tc, test_glibc_layout);
  suite_add_tcase (s, tc);
}

static Suite *
fts_suite (void)
{
  Suite *s = suite_create ("fts");
  add_walk_cases (s);
  add_api_cases (s);
  return s;
}

int
main (void)
{
  return unit_main (fts_suite ());
}

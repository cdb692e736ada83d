/* check-fts-fd.c: a bounded number of directory descriptors, however deep
   the tree (lib/fts-fd.c), seen through the public API.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include "config.h"

#include "unit.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fts-int.h"

/* Deep enough that ancestors must be closed and reopened.  */
enum { DEPTH = 4 * FTS__FD_BUDGET };

/* Every level holds the chain's next directory "d", a file "e" and a
   directory "z" with a file: with names in order, "e" and "z" come after
   the climb back from "d", through reopened descriptors.  */
#define LEVEL_EXTRA "e z/zf"

static const int modes[] = {
  FTS_PHYSICAL,
  FTS_PHYSICAL | FTS_NOCHDIR,
  FTS_PHYSICAL | FTS_DIRFD,
  FTS_LOGICAL,
};
enum { N_MODES = sizeof modes / sizeof *modes };

static FTS *
open1 (const char *root, int options,
       int (*compar) (const FTSENT **, const FTSENT **))
{
  char *argv[] = { (char *) root, NULL };
  FTS *sp = fts_open (argv, options, compar);
  ck_assert_msg (sp != NULL, "fts_open %s: %s", root, strerror (errno));
  return sp;
}

static struct libfts_stats
stats_of (FTS *sp)
{
  struct libfts_stats st;
  ck_assert_int_eq (libfts_get_stats (sp, &st, sizeof st), 0);
  return st;
}

static void
make_deep (long depth)
{
  unit_make ("root/");
  unit_make_chain ("root", depth, "d", LEVEL_EXTRA);
}

/* Entries of a tree made by make_deep (DEPTH): directories root + DEPTH
   of the chain + one "z" per level, files "e" and "zf" per level.  */
struct counts
{
  long d, dp, f;
};

static void
count (struct counts *c, const FTSENT *p)
{
  switch (p->fts_info)
    {
    case FTS_D:
      c->d++;
      break;
    case FTS_DP:
      c->dp++;
      break;
    case FTS_F:
      c->f++;
      break;
    default:
      ck_abort_msg ("unexpected %s", unit_line (p));
    }
}

static void
check_counts (const struct counts *c, long depth)
{
  long levels = depth + 1;
  ck_assert_int_eq (c->d, levels + levels);
  ck_assert_int_eq (c->dp, levels + levels);
  ck_assert_int_eq (c->f, 2 * levels);
}

/* ---- the budget ----------------------------------------------------- */

START_TEST (test_descriptors_bounded)
{
  int options = modes[_i];
  make_deep (DEPTH);
  int base = unit_count_fds ();
  FTS *sp = open1 ("root", options, unit_by_name);
  struct counts c = { 0 };
  int most = 0;
  FTSENT *p;
  while ((errno = 0, p = fts_read (sp)))
    {
      int n = unit_count_fds () - base;
      ck_assert_msg (n <= FTS__FD_BUDGET + 3, "%d descriptors open at %s",
                     n, unit_line (p));
      if (n > most)
        most = n;
      count (&c, p);
    }
  ck_assert_int_eq (errno, 0);
  check_counts (&c, DEPTH);
  /* The count saw the stream's descriptors (so the bound above means
     something), and the climb back reopened what it had closed.  */
  ck_assert_int_ge (most, 1);
  struct libfts_stats st = stats_of (sp);
  ck_assert_uint_gt (st.dir_reopens, 0);
  ck_assert_int_eq (fts_close (sp), 0);
  ck_assert_int_eq (unit_count_fds (), base);
}
END_TEST

/* Closing a stream in the middle of a deep walk closes all it opened.  */
START_TEST (test_close_midway_releases)
{
  int options = modes[_i];
  make_deep (DEPTH);
  int base = unit_count_fds ();
  FTS *sp = open1 ("root", options, unit_by_name);
  FTSENT *p;
  while ((p = fts_read (sp)) && libfts_level (p) < DEPTH - 5)
    continue;
  ck_assert_ptr_nonnull (p);
  ck_assert_int_gt (unit_count_fds (), base);
  ck_assert_int_eq (fts_close (sp), 0);
  ck_assert_int_eq (unit_count_fds (), base);
}
END_TEST

/* An ordinary tree never reopens.  */
START_TEST (test_shallow_no_reopen)
{
  int options = modes[_i];
  make_deep (FTS__FD_BUDGET - 4);
  FTS *sp = open1 ("root", options, unit_by_name);
  struct counts c = { 0 };
  FTSENT *p;
  while ((errno = 0, p = fts_read (sp)))
    count (&c, p);
  ck_assert_int_eq (errno, 0);
  check_counts (&c, FTS__FD_BUDGET - 4);
  struct libfts_stats st = stats_of (sp);
  ck_assert_uint_eq (st.dir_reopens, 0);
  ck_assert_uint_ge (st.dir_opens, c.d);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* In a FTS_DIRFD walk, every libfts_dirfd holds the entry it is given
   for, including after reopens: on the climb back and for the entries
   handed out after it.  */
START_TEST (test_dirfd_always_right)
{
  make_deep (DEPTH);
  FTS *sp = open1 ("root", FTS_PHYSICAL | FTS_DIRFD, _i ? NULL : unit_by_name);
  struct counts c = { 0 };
  FTSENT *p;
  while ((errno = 0, p = fts_read (sp)))
    {
      count (&c, p);
      int fd = libfts_dirfd (sp);
      struct stat st;
      if (p->fts_level == 0)
        {
          ck_assert_int_eq (fd, AT_FDCWD);
          continue;
        }
      ck_assert_msg (fstatat (fd, p->fts_name, &st, AT_SYMLINK_NOFOLLOW) == 0,
                     "%s: %s", unit_line (p), strerror (errno));
      ck_assert_msg (st.st_ino == p->fts_statp->st_ino
                     && st.st_dev == p->fts_statp->st_dev,
                     "%s: libfts_dirfd holds another file of that name",
                     unit_line (p));
      ck_assert_str_eq (p->fts_accpath, p->fts_name);
    }
  ck_assert_int_eq (errno, 0);
  check_counts (&c, DEPTH);
  ck_assert_uint_gt (stats_of (sp).dir_reopens, 0);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* Out of descriptors: the ring shrinks and the walk still finishes.  */
START_TEST (test_emfile_shrinks)
{
  int options = modes[_i];
  if (!unit_forking)
    {
      unit_skip ("test_emfile_shrinks", "needs CK_FORK=yes to lower limits");
      return;
    }
  make_deep (DEPTH);
  int base = unit_count_fds ();
  /* Room for the stream's own few and about half the budget.  */
  rlim_t limit = base + 3 + FTS__FD_BUDGET / 2;
  struct rlimit rl = { limit, limit };
  ck_assert_int_eq (setrlimit (RLIMIT_NOFILE, &rl), 0);
  FTS *sp = open1 ("root", options, unit_by_name);
  struct counts c = { 0 };
  FTSENT *p;
  while ((errno = 0, p = fts_read (sp)))
    count (&c, p);
  ck_assert_msg (errno == 0, "fts_read: %s", strerror (errno));
  check_counts (&c, DEPTH);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* ---- a tree changed under the walk -------------------------------------- */

/* The inode numbers of the tree under DIRFD, recursively (the trees here
   are 40 deep at most).  Closes DIRFD.  */
struct inodes
{
  ino_t *v;
  size_t n, cap;
};

static void
add_inode (struct inodes *s, ino_t ino)
{
  if (s->n == s->cap)
    {
      s->cap = s->cap ? 2 * s->cap : 256;
      s->v = realloc (s->v, s->cap * sizeof *s->v);
      ck_assert_ptr_nonnull (s->v);
    }
  s->v[s->n++] = ino;
}

static void
collect_inodes (struct inodes *s, int dirfd)
{
  DIR *d = fdopendir (dirfd);
  ck_assert_ptr_nonnull (d);
  struct dirent *e;
  while ((e = readdir (d)))
    {
      if (e->d_name[0] == '.')
        continue;
      struct stat st;
      ck_assert_int_eq (fstatat (dirfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW),
                        0);
      add_inode (s, st.st_ino);
      if (S_ISDIR (st.st_mode))
        {
          int fd = openat (dirfd, e->d_name,
                           O_RDONLY | O_DIRECTORY | O_CLOEXEC);
          ck_assert_int_ge (fd, 0);
          collect_inodes (s, fd);
        }
    }
  closedir (d);
}

static bool
has_inode (const struct inodes *s, ino_t ino)
{
  for (size_t i = 0; i < s->n; i++)
    if (s->v[i] == ino)
      return true;
  return false;
}

/* The absolute name of the chain's directory at LEVEL.  */
static char *
level_name (int level)
{
  char *name = unit_fmt ("%s/root", unit_dir);
  for (int i = 0; i < level; i++)
    name = unit_fmt ("%s/d", name);
  return name;
}

enum
{
  RENAME_DEPTH = 40,
  RENAME_AT = 35,     /* deeper than MOVED + FTS__FD_BUDGET */
  MOVED = 15          /* moved away, so that ".." from it leads elsewhere */
};

/* Move level MOVED into "elsewhere"; with REPLACE, also move level
   MOVED - 1 to the trash and make a decoy in its place.  By absolute
   names: a chdir walk has moved the working directory.  */
static void
change_tree (bool replace)
{
  ck_assert_int_eq (rename (level_name (MOVED),
                            unit_fmt ("%s/elsewhere/moved", unit_dir)), 0);
  if (!replace)
    return;
  const char *parent = level_name (MOVED - 1);
  ck_assert_int_eq (rename (parent, unit_fmt ("%s/trash/old", unit_dir)), 0);
  unit_make (unit_fmt ("%s/e/SENTINEL %s/z/SENTINEL %s/d/SENTINEL",
                       parent, parent, parent));
}

/* Walk a RENAME_DEPTH-deep tree; at level RENAME_AT, move level MOVED
   into "elsewhere", which holds decoys named like the entries that level
   MOVED - 1 has still to hand out.  With REPLACE, also move level
   MOVED - 1 away and put a decoy directory in its place, so that neither
   ".." nor its name lead back to it.  The walk must never return a file
   from outside the original tree; with REPLACE it must say that it could
   not go on; without, it must either say so or walk the whole tree.  */
static void
walk_renamed (int options, bool replace)
{
  make_deep (RENAME_DEPTH);
  unit_make ("elsewhere/SENTINEL elsewhere/e/SENTINEL elsewhere/z/SENTINEL "
             "elsewhere/d/SENTINEL trash/");
  struct inodes orig = { 0 };
  int rootfd = open ("root", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ck_assert_int_ge (rootfd, 0);
  struct stat st;
  ck_assert_int_eq (fstat (rootfd, &st), 0);
  add_inode (&orig, st.st_ino);
  collect_inodes (&orig, rootfd);         /* closes rootfd */
  unit_keep (orig.v);

  FTS *sp = open1 ("root", options, unit_by_name);
  FTSENT *p;
  struct counts c = { 0 };
  bool renamed = false;
  int errors = 0, reads = 0;
  while ((errno = 0, p = fts_read (sp)))
    {
      ck_assert_int_lt (++reads, 100000);
      ck_assert_msg (strstr (p->fts_path, "SENTINEL") == NULL
                     && strcmp (p->fts_name, "SENTINEL") != 0,
                     "walked outside the tree: %s", unit_line (p));
      switch (p->fts_info)
        {
        case FTS_ERR:
        case FTS_DNR:
        case FTS_NS:
          errors++;
          break;
        case FTS_D:
        case FTS_DP:
        case FTS_F:
          ck_assert_msg (has_inode (&orig, p->fts_statp->st_ino),
                         "not from the original tree: %s", unit_line (p));
          count (&c, p);
          break;
        default:
          ck_abort_msg ("unexpected %s", unit_line (p));
        }
      if (!renamed && p->fts_info == FTS_D && libfts_level (p) == RENAME_AT)
        {
          renamed = true;
          change_tree (replace);
        }
    }
  int e = errno;
  ck_assert (renamed);
  if (e != 0)
    errors++;
  if (replace)
    ck_assert_msg (errors > 0, "the walk went on as if nothing had changed");
  else if (errors == 0)
    /* Moved, not replaced: every directory can still be found (by ".."
       inside the moved part, by name above it), so a walk that reports
       no error must have walked all of the tree.  */
    check_counts (&c, RENAME_DEPTH);
  /* Closing works even after the walk stopped.  */
  ck_assert_int_eq (fts_close (sp), 0);
}

START_TEST (test_moved_ancestor)
{
  walk_renamed (modes[_i], false);
}
END_TEST

START_TEST (test_replaced_ancestor)
{
  walk_renamed (modes[_i], true);
}
END_TEST

static Suite *
fd_suite (void)
{
  Suite *s = suite_create ("fts-fd");
  TCase *tc;

  tc = unit_tcase ("budget");
  tcase_add_loop_test (tc, test_descriptors_bounded, 0, N_MODES);
  tcase_add_loop_test (tc, test_close_midway_releases, 0, N_MODES);
  tcase_add_loop_test (tc, test_shallow_no_reopen, 0, N_MODES);
  tcase_add_loop_test (tc, test_dirfd_always_right, 0, 2);
  tcase_add_loop_test (tc, test_emfile_shrinks, 0, N_MODES);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("changed-tree");
  /* FTS_LOGICAL too: its descriptors are checked the same way.  */
  tcase_add_loop_test (tc, test_moved_ancestor, 0, N_MODES);
  tcase_add_loop_test (tc, test_replaced_ancestor, 0, N_MODES);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return unit_main (fd_suite ());
}

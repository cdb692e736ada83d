/* check-fts-tune.c: the inode-sort threshold and policy knobs, and the
   counters (lib/fts-tune.c).

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include "config.h"

#include "unit.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>

#include "fts-int.h"

static FTS *
open1 (const char *root, int options,
       int (*compar) (const FTSENT **, const FTSENT **))
{
  char *argv[] = { (char *) root, NULL };
  FTS *sp = fts_open (argv, options, compar);
  ck_assert_msg (sp != NULL, "fts_open %s: %s", root, strerror (errno));
  return sp;
}

/* ---- parsing ------------------------------------------------------------ */

START_TEST (test_parse_valid)
{
  static const struct { const char *s; size_t v; } ok[] = {
    { "0", 0 },
    { "1", 1 },
    { "10000", 10000 },
    { "007", 7 },
    { "18446744073709551614", SIZE_MAX - 1 },
    { "off", LIBFTS_INODE_SORT_NEVER },
  };
  for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
    {
      size_t v = 4242;
      ck_assert_msg (fts__parse_threshold (ok[i].s, &v), "\"%s\" refused",
                     ok[i].s);
      ck_assert_msg (v == ok[i].v, "\"%s\" gave %zu", ok[i].s, v);
    }
}
END_TEST

/* Anything else is refused and the output left alone.  Numbers that do
   not fit size_t are invalid, and so is SIZE_MAX itself, which is
   LIBFTS_INODE_SORT_NEVER: "off" is the way to say that.  */
START_TEST (test_parse_invalid)
{
  static const char *const bad[] = {
    "", "-1", "-0", "+5", "abc", "12abc", " 5", "5 ", "5\n", "0x10", "1e3",
    "OFF", "Off", "off ", "never", "1,000", "1.5",
    "18446744073709551615", "18446744073709551616",
    "99999999999999999999999999",
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      size_t v = 4242;
      ck_assert_msg (!fts__parse_threshold (bad[i], &v), "\"%s\" accepted",
                     bad[i]);
      ck_assert_msg (v == 4242, "\"%s\" changed the output", bad[i]);
    }
}
END_TEST

/* ---- the environment ------------------------------------------------- */

START_TEST (test_env_threshold)
{
  ck_assert_uint_eq (LIBFTS_DEFAULT_INODE_SORT_THRESHOLD, 10000);
  unsetenv ("LIBFTS_INODE_SORT_THRESHOLD");
  ck_assert_uint_eq (fts__env_threshold (),
                     LIBFTS_DEFAULT_INODE_SORT_THRESHOLD);
  setenv ("LIBFTS_INODE_SORT_THRESHOLD", "123", 1);
  ck_assert_uint_eq (fts__env_threshold (), 123);
  setenv ("LIBFTS_INODE_SORT_THRESHOLD", "0", 1);
  ck_assert_uint_eq (fts__env_threshold (), 0);
  setenv ("LIBFTS_INODE_SORT_THRESHOLD", "off", 1);
  ck_assert_uint_eq (fts__env_threshold (), LIBFTS_INODE_SORT_NEVER);
  static const char *const bad[] = { "", "bogus", "-5", "12abc", " 7" };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      setenv ("LIBFTS_INODE_SORT_THRESHOLD", bad[i], 1);
      ck_assert_msg (fts__env_threshold ()
                     == LIBFTS_DEFAULT_INODE_SORT_THRESHOLD,
                     "\"%s\" not ignored", bad[i]);
    }
}
END_TEST

START_TEST (test_env_fs_policy)
{
  unsetenv ("LIBFTS_INODE_SORT_FS");
  ck_assert_int_eq (fts__env_fs_policy (), LIBFTS_FS_POLICY_TABLE);
  setenv ("LIBFTS_INODE_SORT_FS", "all", 1);
  ck_assert_int_eq (fts__env_fs_policy (), LIBFTS_FS_POLICY_ALL);
  static const char *const other[] = { "", "table", "ALL", "all ", "none" };
  for (size_t i = 0; i < sizeof other / sizeof *other; i++)
    {
      setenv ("LIBFTS_INODE_SORT_FS", other[i], 1);
      ck_assert_msg (fts__env_fs_policy () == LIBFTS_FS_POLICY_TABLE,
                     "\"%s\"", other[i]);
    }
}
END_TEST

/* fts_open reads the environment; the API overrides it per stream.  */
START_TEST (test_stream_threshold)
{
  unit_make ("root/a");
  unsetenv ("LIBFTS_INODE_SORT_THRESHOLD");
  FTS *sp = open1 ("root", FTS_PHYSICAL, NULL);
  ck_assert_uint_eq (libfts_inode_sort_threshold (sp),
                     LIBFTS_DEFAULT_INODE_SORT_THRESHOLD);
  ck_assert_int_eq (fts_close (sp), 0);

  setenv ("LIBFTS_INODE_SORT_THRESHOLD", "77", 1);
  sp = open1 ("root", FTS_PHYSICAL, NULL);
  FTS *other = open1 ("root", FTS_PHYSICAL, NULL);
  ck_assert_uint_eq (libfts_inode_sort_threshold (sp), 77);
  ck_assert_int_eq (libfts_set_inode_sort_threshold (sp, 5), 0);
  ck_assert_uint_eq (libfts_inode_sort_threshold (sp), 5);
  ck_assert_uint_eq (libfts_inode_sort_threshold (other), 77);
  ck_assert_int_eq (libfts_set_inode_sort_threshold (sp,
                                                     LIBFTS_INODE_SORT_NEVER),
                    0);
  ck_assert_uint_eq (libfts_inode_sort_threshold (sp),
                     LIBFTS_INODE_SORT_NEVER);
  /* Changing the environment later does not change open streams.  */
  setenv ("LIBFTS_INODE_SORT_THRESHOLD", "88", 1);
  ck_assert_uint_eq (libfts_inode_sort_threshold (other), 77);
  ck_assert_int_eq (fts_close (sp), 0);
  ck_assert_int_eq (fts_close (other), 0);

  setenv ("LIBFTS_INODE_SORT_THRESHOLD", "garbage", 1);
  sp = open1 ("root", FTS_PHYSICAL, NULL);
  ck_assert_uint_eq (libfts_inode_sort_threshold (sp),
                     LIBFTS_DEFAULT_INODE_SORT_THRESHOLD);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

START_TEST (test_api_errors)
{
  errno = 0;
  ck_assert_int_eq (libfts_set_inode_sort_threshold (NULL, 5), -1);
  ck_assert_int_eq (errno, EINVAL);
  errno = 0;
  ck_assert_int_eq (libfts_set_fs_policy (NULL, LIBFTS_FS_POLICY_ALL), -1);
  ck_assert_int_eq (errno, EINVAL);

  unit_make ("root/");
  FTS *sp = open1 ("root", FTS_PHYSICAL, NULL);
  errno = 0;
  ck_assert_int_eq (libfts_set_fs_policy (sp, (enum libfts_fs_policy) 7), -1);
  ck_assert_int_eq (errno, EINVAL);
  ck_assert_int_eq (libfts_set_fs_policy (sp, LIBFTS_FS_POLICY_ALL), 0);
  ck_assert_int_eq (libfts_set_fs_policy (sp, LIBFTS_FS_POLICY_TABLE), 0);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* ---- counters ----------------------------------------------------------- */

/* 3 directories read (root, d1, d2), 7 entries (a b d1 d2; c d; e).  */
#define SMALL_TREE "root/a root/b root/d1/c root/d1/d root/d2/e"

static void
walk_all (FTS *sp)
{
  while (fts_read (sp))
    continue;
  ck_assert_int_eq (errno, 0);
}

/* What a removal walk (FTS_NOSTAT, physical, descriptor-relative) costs:
   files are not stat'ed at all, and each directory is opened once and
   fstat'ed once, that fstat serving both as its stat and as the check
   that what was opened is what was listed; the root alone is stat'ed
   before it is opened.  A regression here is a system call per entry or
   per directory in rm.  */
START_TEST (test_stats_nostat_economy)
{
  unit_make (SMALL_TREE);
  FTS *sp = open1 ("root", FTS_PHYSICAL | FTS_NOSTAT | FTS_DIRFD, NULL);
  walk_all (sp);
  struct libfts_stats st;
  ck_assert_int_eq (libfts_get_stats (sp, &st, sizeof st), 0);
  ck_assert_uint_eq (st.dirs_read, 3);
  ck_assert_uint_eq (st.dir_opens, 3);
  ck_assert_uint_eq (st.stat_calls, 3 + 1);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

START_TEST (test_stats_small_tree)
{
  static const int modes[] = { FTS_PHYSICAL, FTS_PHYSICAL | FTS_NOCHDIR,
                               FTS_PHYSICAL | FTS_DIRFD, FTS_LOGICAL };
  int options = modes[_i];
  unit_make (SMALL_TREE);
  FTS *sp = open1 ("root", options, NULL);
  struct libfts_stats st;
  memset (&st, 0xAA, sizeof st);
  ck_assert_int_eq (libfts_get_stats (sp, &st, sizeof st), 0);
  ck_assert_uint_eq (st.dirs_read, 0);
  ck_assert_uint_eq (st.entries, 0);
  walk_all (sp);
  ck_assert_int_eq (libfts_get_stats (sp, &st, sizeof st), 0);
  ck_assert_uint_eq (st.dirs_read, 3);
  ck_assert_uint_eq (st.entries, 7);
  ck_assert_uint_eq (st.dirs_sorted, 0);
  ck_assert_uint_ge (st.dir_opens, 3);
  ck_assert_uint_eq (st.dir_reopens, 0);
  ck_assert_uint_ge (st.stat_calls, 1);
  ck_assert_uint_le (st.statfs_calls, 1);
  ck_assert_uint_eq (st.sort_nsec, 0);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* FTS_SEEDOT: "." and ".." are not counted as entries.  */
START_TEST (test_stats_seedot)
{
  unit_make (SMALL_TREE);
  FTS *sp = open1 ("root", FTS_PHYSICAL | FTS_SEEDOT, NULL);
  walk_all (sp);
  struct libfts_stats st;
  ck_assert_int_eq (libfts_get_stats (sp, &st, sizeof st), 0);
  ck_assert_uint_eq (st.dirs_read, 3);
  ck_assert_uint_eq (st.entries, 7);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

START_TEST (test_stats_errors_and_size)
{
  struct libfts_stats st;
  errno = 0;
  ck_assert_int_eq (libfts_get_stats (NULL, &st, sizeof st), -1);
  ck_assert_int_eq (errno, EINVAL);

  unit_make (SMALL_TREE);
  FTS *sp = open1 ("root", FTS_PHYSICAL, NULL);
  walk_all (sp);

  /* An older caller that knows only dirs_read.  */
  memset (&st, 0xAA, sizeof st);
  size_t size = offsetof (struct libfts_stats, dirs_sorted);
  ck_assert_int_eq (libfts_get_stats (sp, &st, size), 0);
  ck_assert_uint_eq (st.dirs_read, 3);
  const unsigned char *rest = (const unsigned char *) &st + size;
  for (size_t i = 0; i < sizeof st - size; i++)
    ck_assert_msg (rest[i] == 0xAA, "byte %zu past SIZE written", size + i);

  /* Size 0 copies nothing; a larger size than we know copies ours.  */
  memset (&st, 0xAA, sizeof st);
  ck_assert_int_eq (libfts_get_stats (sp, &st, 0), 0);
  for (size_t i = 0; i < sizeof st; i++)
    ck_assert (((const unsigned char *) &st)[i] == 0xAA);
  struct { struct libfts_stats s; unsigned char more[64]; } big;
  memset (&big, 0xAA, sizeof big);
  ck_assert_int_eq (libfts_get_stats (sp, &big.s, sizeof big), 0);
  ck_assert_uint_eq (big.s.entries, 7);
  for (size_t i = 0; i < sizeof big.more; i++)
    ck_assert_msg (big.more[i] == 0xAA, "wrote past struct libfts_stats");
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* ---- inode order -------------------------------------------------------- */

enum { FLAT = 50 };

/* Make DIR with FLAT files whose directory order is not their inode
   order: created in one directory (inode numbers usually ascending with
   creation) and renamed into DIR in a shuffled order (a small directory
   lists its entries in insertion order on ext4, in the reverse order on
   tmpfs; neither is then monotonic).  */
static void
make_flat (const char *dir)
{
  unit_make (unit_fmt ("%s/ stage/", dir));
  for (int i = 0; i < FLAT; i++)
    unit_make (unit_fmt ("stage/file-%03d", i));
  for (int k = 0; k < FLAT; k++)
    {
      int i = (k * 37) % FLAT;          /* 37 is prime to FLAT */
      ck_assert_int_eq (rename (unit_fmt ("stage/file-%03d", i),
                                unit_fmt ("%s/file-%03d", dir, i)), 0);
    }
}

/* Whether DIR's own order (readdir's) is ascending by inode: then a walk
   in inode order proves nothing about sorting.  */
static bool
readdir_ascending (const char *dir)
{
  DIR *d = opendir (dir);
  ck_assert_ptr_nonnull (d);
  struct dirent *e;
  ino_t prev = 0;
  bool ascending = true;
  while ((e = readdir (d)))
    if (e->d_name[0] != '.')
      {
        if (e->d_ino < prev)
          ascending = false;
        prev = e->d_ino;
      }
  closedir (d);
  return ascending;
}

/* Stop a test whose directory is in inode order already.  */
static bool
order_is_informative (const char *test, const char *dir)
{
  if (!readdir_ascending (dir))
    return true;
  unit_skip (test, "the file system lists the directory in inode order "
             "already");
  return false;
}

/* Walk SP; return whether the children of the level-LEVEL directory came
   in ascending st_ino order, and check there were FLAT of them.  */
static bool
walk_in_inode_order (FTS *sp, int level)
{
  FTSENT *p;
  ino_t prev = 0;
  int n = 0;
  bool ascending = true;
  while ((p = fts_read (sp)))
    if (p->fts_level == level + 1 && p->fts_info == FTS_F)
      {
        if (n > 0 && p->fts_statp->st_ino < prev)
          ascending = false;
        prev = p->fts_statp->st_ino;
        n++;
      }
  ck_assert_int_eq (errno, 0);
  ck_assert_int_eq (n, FLAT);
  return ascending;
}

static struct libfts_stats
stats_of (FTS *sp)
{
  struct libfts_stats st;
  ck_assert_int_eq (libfts_get_stats (sp, &st, sizeof st), 0);
  return st;
}

START_TEST (test_sorted_by_api)
{
  unsetenv ("LIBFTS_INODE_SORT_THRESHOLD");
  unsetenv ("LIBFTS_INODE_SORT_FS");
  make_flat ("root");
  if (!order_is_informative ("test_sorted_by_api", "root"))
    return;
  FTS *sp = open1 ("root", FTS_PHYSICAL, NULL);
  ck_assert_int_eq (libfts_set_inode_sort_threshold (sp, 10), 0);
  ck_assert_int_eq (libfts_set_fs_policy (sp, LIBFTS_FS_POLICY_ALL), 0);
  ck_assert (walk_in_inode_order (sp, 0));
  struct libfts_stats st = stats_of (sp);
  ck_assert_uint_eq (st.dirs_sorted, 1);
  ck_assert_uint_eq (st.dirs_read, 1);
  ck_assert_uint_eq (st.entries, FLAT);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* A sorted subdirectory, below a root too small to be sorted.  */
START_TEST (test_sorted_subdirectory)
{
  make_flat ("root/big");
  unit_make ("root/x root/y");
  if (!order_is_informative ("test_sorted_subdirectory", "root/big"))
    return;
  FTS *sp = open1 ("root", FTS_PHYSICAL | FTS_DIRFD, NULL);
  ck_assert_int_eq (libfts_set_inode_sort_threshold (sp, FLAT), 0);
  ck_assert_int_eq (libfts_set_fs_policy (sp, LIBFTS_FS_POLICY_ALL), 0);
  ck_assert (walk_in_inode_order (sp, 1));
  struct libfts_stats st = stats_of (sp);
  ck_assert_uint_eq (st.dirs_sorted, 1);
  ck_assert_uint_eq (st.dirs_read, 2);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

START_TEST (test_not_sorted)
{
  make_flat ("root");
  if (!order_is_informative ("test_not_sorted", "root"))
    return;
  /* Never; more than there are; and by environment "off".  */
  for (int k = 0; k < 3; k++)
    {
      setenv ("LIBFTS_INODE_SORT_THRESHOLD", k == 2 ? "off" : "0", 1);
      FTS *sp = open1 ("root", FTS_PHYSICAL, NULL);
      ck_assert_int_eq (libfts_set_fs_policy (sp, LIBFTS_FS_POLICY_ALL), 0);
      if (k == 0)
        libfts_set_inode_sort_threshold (sp, LIBFTS_INODE_SORT_NEVER);
      else if (k == 1)
        libfts_set_inode_sort_threshold (sp, FLAT + 1);
      ck_assert_msg (!walk_in_inode_order (sp, 0), "case %d sorted", k);
      ck_assert_msg (stats_of (sp).dirs_sorted == 0, "case %d counted", k);
      ck_assert_int_eq (fts_close (sp), 0);
    }
}
END_TEST

/* The environment alone: threshold and "all".  */
START_TEST (test_sorted_by_environment)
{
  make_flat ("root");
  if (!order_is_informative ("test_sorted_by_environment", "root"))
    return;
  setenv ("LIBFTS_INODE_SORT_THRESHOLD", "10", 1);
  setenv ("LIBFTS_INODE_SORT_FS", "all", 1);
  FTS *sp = open1 ("root", FTS_PHYSICAL | FTS_NOCHDIR, NULL);
  ck_assert (walk_in_inode_order (sp, 0));
  ck_assert_uint_eq (stats_of (sp).dirs_sorted, 1);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* With the table's policy, the test directory's file system decides, and
   its type is asked once.  */
START_TEST (test_sorted_by_table)
{
  unsetenv ("LIBFTS_INODE_SORT_FS");
  make_flat ("root");
  struct statfs sfs;
  ck_assert_int_eq (statfs ("root", &sfs), 0);
  const char *name;
  bool sorts = libfts_fs_sorts (sfs.f_type, &name);
  FTS *sp = open1 ("root", FTS_PHYSICAL, NULL);
  ck_assert_int_eq (libfts_set_inode_sort_threshold (sp, 0), 0);
  bool ascending = walk_in_inode_order (sp, 0);
  struct libfts_stats st = stats_of (sp);
  ck_assert_msg (st.dirs_sorted == (sorts ? 1 : 0),
                 "%s (%#lx): dirs_sorted %llu", name,
                 (unsigned long) sfs.f_type, st.dirs_sorted);
  if (!readdir_ascending ("root"))
    ck_assert_int_eq (ascending, sorts);
  ck_assert_uint_eq (st.statfs_calls, 1);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* A comparison function decides the order: no inode sort.  */
START_TEST (test_compar_wins)
{
  make_flat ("root");
  FTS *sp = open1 ("root", FTS_PHYSICAL, unit_by_name_desc);
  ck_assert_int_eq (libfts_set_inode_sort_threshold (sp, 0), 0);
  ck_assert_int_eq (libfts_set_fs_policy (sp, LIBFTS_FS_POLICY_ALL), 0);
  FTSENT *p;
  int n = 0;
  while ((p = fts_read (sp)))
    if (p->fts_level == 1)
      {
        ck_assert_str_eq (p->fts_name, unit_fmt ("file-%03d", FLAT - 1 - n));
        n++;
      }
  ck_assert_int_eq (n, FLAT);
  ck_assert_uint_eq (stats_of (sp).dirs_sorted, 0);
  ck_assert_int_eq (fts_close (sp), 0);
}
END_TEST

/* Each test starts from an environment without the knobs, whatever the
   one make check runs in.  */
static void
clear_env (void)
{
  unsetenv ("LIBFTS_INODE_SORT_THRESHOLD");
  unsetenv ("LIBFTS_INODE_SORT_FS");
}

static TCase *
tune_tcase (const char *name)
{
  TCase *tc = unit_tcase (name);
  tcase_add_checked_fixture (tc, clear_env, NULL);
  return tc;
}

static Suite *
tune_suite (void)
{
  Suite *s = suite_create ("fts-tune");
  TCase *tc;

  tc = tune_tcase ("parse");
  tcase_add_test (tc, test_parse_valid);
  tcase_add_test (tc, test_parse_invalid);
  tcase_add_test (tc, test_env_threshold);
  tcase_add_test (tc, test_env_fs_policy);
  tcase_add_test (tc, test_stream_threshold);
  tcase_add_test (tc, test_api_errors);
  suite_add_tcase (s, tc);

  tc = tune_tcase ("stats");
  tcase_add_loop_test (tc, test_stats_small_tree, 0, 4);
  tcase_add_test (tc, test_stats_nostat_economy);
  tcase_add_test (tc, test_stats_seedot);
  tcase_add_test (tc, test_stats_errors_and_size);
  suite_add_tcase (s, tc);

  tc = tune_tcase ("inode-order");
  tcase_add_test (tc, test_sorted_by_api);
  tcase_add_test (tc, test_sorted_subdirectory);
  tcase_add_test (tc, test_not_sorted);
  tcase_add_test (tc, test_sorted_by_environment);
  tcase_add_test (tc, test_sorted_by_table);
  tcase_add_test (tc, test_compar_wins);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return unit_main (tune_suite ());
}

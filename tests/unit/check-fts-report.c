/* check-fts-report.c: the process-wide totals and the report written to
   $LIBFTS_STATS_FILE at exit (lib/fts-report.c).

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The totals belong to the process, so every test but the formatting of
   an empty report needs a process of its own (CK_FORK=yes, the default
   of make check) and skips itself otherwise.  */

#include "config.h"

#include "unit.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fts-int.h"
#include "fts-report-int.h"

/* 3 directories read (root, d1, d2), 5 entries (a d1 d2; c; e).  */
#define SMALL_TREE "root/a root/d1/c root/d2/e"

/* The report so far, kept until the end of the test.  */
static const char *
report (void)
{
  size_t len = fts__report_format (NULL, 0);
  char *buf = unit_keep (malloc (len + 1));
  ck_assert_uint_eq (fts__report_format (buf, len + 1), len);
  ck_assert_uint_eq (strlen (buf), len);
  return buf;
}

/* Whether REPORT has the line LINE.  */
static bool
has_line (const char *report, const char *line)
{
  size_t n = strlen (line);
  for (const char *p = report; (p = strstr (p, line)); p++)
    if ((p == report || p[-1] == '\n') && p[n] == '\n')
      return true;
  return false;
}

#define ck_assert_line(report, line)                                    \
  ck_assert_msg (has_line (report, line), "no line \"%s\" in:\n%s",     \
                 line, report)

/* Walk ROOT with OPTIONS to its end, with THRESHOLD and POLICY, and
   close the stream.  */
static void
walk (const char *root, int options, size_t threshold,
      enum libfts_fs_policy policy)
{
  char *argv[] = { (char *) root, NULL };
  FTS *sp = fts_open (argv, options, NULL);
  ck_assert_msg (sp != NULL, "fts_open: %s", strerror (errno));
  ck_assert_int_eq (libfts_set_inode_sort_threshold (sp, threshold), 0);
  ck_assert_int_eq (libfts_set_fs_policy (sp, policy), 0);
  errno = 0;
  while (fts_read (sp))
    continue;
  ck_assert_int_eq (errno, 0);
  ck_assert_int_eq (fts_close (sp), 0);
}

/* The policy line libfts's table gives the file system of PATH.  */
static const char *
fs_line (const char *path, const char *devices)
{
  struct statfs sfs;
  ck_assert_int_eq (statfs (path, &sfs), 0);
  const char *name;
  int sorts = libfts_fs_sorts (sfs.f_type, &name);
  return unit_fmt ("fs=%s devices=%s policy=%s", name, devices,
                   sorts ? "sort" : "no-sort");
}

static bool
need_own_process (const char *test)
{
  if (!unit_forking)
    unit_skip (test, "the totals are the process's: needs CK_FORK=yes");
  return !unit_forking;
}

/* ---- the totals ------------------------------------------------------- */

/* Before any stream is closed there is nothing to report, and the
   buffer is left an empty string.  */
START_TEST (test_nothing_to_report)
{
  if (need_own_process ("nothing_to_report"))
    return;
  char buf[16] = "junk";
  ck_assert_uint_eq (fts__report_format (buf, sizeof buf), 0);
  ck_assert_str_eq (buf, "");
  ck_assert_int_eq (fts__report_write ("never-created"), 0);
  ck_assert_int_eq (access ("never-created", F_OK), -1);
}
END_TEST

/* One walk: its counters, the threshold and policy it ran with, and the
   file system it met.  */
START_TEST (test_one_stream)
{
  if (need_own_process ("one_stream"))
    return;
  unit_make (SMALL_TREE);
  walk ("root", FTS_PHYSICAL, 10000, LIBFTS_FS_POLICY_TABLE);
  const char *r = report ();
  ck_assert_line (r, unit_fmt ("pid=%ld", (long) getpid ()));
  ck_assert_line (r, "streams=1");
  ck_assert_line (r, "dirs_read=3");
  ck_assert_line (r, "dirs_sorted=0");
  ck_assert_line (r, "entries=5");
  ck_assert_line (r, "statfs_calls=1");
  ck_assert_line (r, "inode_sort_threshold=10000");
  ck_assert_line (r, "fs_policy=table");
  ck_assert_line (r, fs_line (".", "1"));
}
END_TEST

/* Streams add up; a threshold of 0 sorts every directory (of 2 entries
   or more: root and nothing else here), and differing thresholds and
   policies are reported as mixed.  */
START_TEST (test_streams_add_up)
{
  if (need_own_process ("streams_add_up"))
    return;
  unit_make (SMALL_TREE);
  walk ("root", FTS_PHYSICAL, 0, LIBFTS_FS_POLICY_ALL);
  const char *r = report ();
  ck_assert_line (r, "inode_sort_threshold=0");
  ck_assert_line (r, "fs_policy=all");
  ck_assert_line (r, "dirs_sorted=1");

  walk ("root/d1", FTS_PHYSICAL | FTS_NOSTAT, LIBFTS_INODE_SORT_NEVER,
        LIBFTS_FS_POLICY_TABLE);
  r = report ();
  ck_assert_line (r, "streams=2");
  ck_assert_line (r, "dirs_read=4");
  ck_assert_line (r, "entries=6");
  ck_assert_line (r, "dirs_sorted=1");
  ck_assert_line (r, "inode_sort_threshold=mixed");
  ck_assert_line (r, "fs_policy=mixed");
  /* One fstatfs per stream and device: the same file system, twice.  */
  ck_assert_line (r, "statfs_calls=2");
  ck_assert_line (r, fs_line (".", "2"));
}
END_TEST

START_TEST (test_threshold_off)
{
  if (need_own_process ("threshold_off"))
    return;
  unit_make (SMALL_TREE);
  walk ("root", FTS_PHYSICAL, LIBFTS_INODE_SORT_NEVER,
        LIBFTS_FS_POLICY_TABLE);
  walk ("root", FTS_LOGICAL, LIBFTS_INODE_SORT_NEVER,
        LIBFTS_FS_POLICY_TABLE);
  ck_assert_line (report (), "inode_sort_threshold=off");
}
END_TEST

/* File systems are listed once each, in the order met, with the number
   of devices and the table's decision.  */
START_TEST (test_fs_rows)
{
  if (need_own_process ("fs_rows"))
    return;
  fts__report_fs (fts__fs_lookup (0xEF53));
  fts__report_fs (fts__fs_lookup (0x01021994));
  fts__report_fs (fts__fs_lookup (0xEF53));
  fts__report_fs (fts__fs_lookup (0x12345678));
  const char *r = report ();
  ck_assert_line (r, "streams=0");
  ck_assert_line (r, "inode_sort_threshold=none");
  ck_assert_line (r, "fs_policy=none");
  const char *ext4 = strstr (r, "fs=ext2/3/4 devices=2 policy=sort\n");
  const char *tmpfs = strstr (r, "fs=tmpfs devices=1 policy=no-sort\n");
  const char *unknown = strstr (r, "fs=unknown devices=1 policy=sort\n");
  ck_assert_msg (ext4 && tmpfs && unknown && ext4 < tmpfs && tmpfs < unknown,
                 "%s", r);
}
END_TEST

/* A buffer too small gets a NUL-terminated prefix, and the length the
   whole report needs.  */
START_TEST (test_format_truncated)
{
  if (need_own_process ("format_truncated"))
    return;
  fts__report_fs (fts__fs_lookup (0xEF53));
  const char *whole = report ();
  char buf[10];
  ck_assert_uint_eq (fts__report_format (buf, sizeof buf), strlen (whole));
  ck_assert_uint_eq (strlen (buf), sizeof buf - 1);
  ck_assert (strncmp (buf, whole, sizeof buf - 1) == 0);
}
END_TEST

/* A child of fork does not report its parent's totals as its own.  */
START_TEST (test_fork_forgets)
{
  if (need_own_process ("fork_forgets"))
    return;
  unit_make (SMALL_TREE);
  walk ("root", FTS_PHYSICAL, 10000, LIBFTS_FS_POLICY_TABLE);
  pid_t pid = fork ();
  ck_assert_int_ne (pid, -1);
  if (pid == 0)
    {
      bool empty = fts__report_format (NULL, 0) == 0;
      walk ("root/d1", FTS_PHYSICAL, 10000, LIBFTS_FS_POLICY_TABLE);
      char buf[4096];
      fts__report_format (buf, sizeof buf);
      _exit (empty && has_line (buf, "streams=1")
             && has_line (buf, "dirs_read=1") ? 0 : 1);
    }
  int status;
  ck_assert_int_eq (waitpid (pid, &status, 0), pid);
  ck_assert_msg (WIFEXITED (status) && WEXITSTATUS (status) == 0,
                 "the child saw its parent's totals");
  ck_assert_line (report (), "streams=1");
}
END_TEST

/* ---- the report at exit ------------------------------------------------- */

/* Run a child that walks root with LIBFTS_STATS_FILE set to FILE (unset
   when null) and then returns from exit; its pid.  */
static pid_t
child_walks (const char *file)
{
  pid_t pid = fork ();
  ck_assert_int_ne (pid, -1);
  if (pid == 0)
    {
      if (file)
        setenv ("LIBFTS_STATS_FILE", file, 1);
      else
        unsetenv ("LIBFTS_STATS_FILE");
      char *argv[] = { "root", NULL };
      FTS *sp = fts_open (argv, FTS_PHYSICAL, NULL);
      while (sp && fts_read (sp))
        continue;
      exit (sp && fts_close (sp) == 0 ? 0 : 1);
    }
  int status;
  ck_assert_int_eq (waitpid (pid, &status, 0), pid);
  ck_assert_msg (WIFEXITED (status) && WEXITSTATUS (status) == 0,
                 "the child's walk failed");
  return pid;
}

static char *
slurp (const char *file)
{
  FILE *f = fopen (file, "r");
  ck_assert_msg (f != NULL, "%s: %s", file, strerror (errno));
  char *buf = unit_keep (calloc (1, 65536));
  fread (buf, 1, 65535, f);
  fclose (f);
  return buf;
}

/* Each process appends its own report at exit; the file is created.  */
START_TEST (test_written_at_exit)
{
  unit_make (SMALL_TREE);
  pid_t first = child_walks ("stats");
  pid_t second = child_walks ("stats");
  char *r = slurp ("stats");
  char *second_at = strstr (r, unit_fmt ("pid=%ld\n", (long) second));
  ck_assert_msg (strncmp (r, unit_fmt ("pid=%ld\n", (long) first),
                          strlen (unit_fmt ("pid=%ld\n", (long) first))) == 0
                 && second_at, "%s", r);
  *second_at = '\0';
  ck_assert_line (r, "streams=1");
  ck_assert_line (r, "dirs_read=3");
  ck_assert_line (second_at + 1, "streams=1");
}
END_TEST

/* Without the variable, or with it empty, nothing is written anywhere.  */
START_TEST (test_not_written_unless_asked)
{
  unit_make (SMALL_TREE "  out/");
  ck_assert_int_eq (chdir ("out"), 0);
  ck_assert_int_eq (symlink ("../root", "root"), 0);
  child_walks (NULL);
  child_walks ("");
  ck_assert_int_eq (chdir (".."), 0);
  const char *lines = unit_walk (FTS_PHYSICAL, unit_by_name, "out", NULL);
  ck_assert_str_eq (lines, "D 0 out\nSL 1 out/root\nDP 0 out\n");
}
END_TEST

/* A file that cannot be written is an error for fts__report_write, which
   the exit-time report swallows: the program's status is unchanged.  */
START_TEST (test_unwritable_file)
{
  if (need_own_process ("unwritable_file"))
    return;
  unit_make (SMALL_TREE);
  walk ("root", FTS_PHYSICAL, 10000, LIBFTS_FS_POLICY_TABLE);
  errno = 0;
  ck_assert_int_eq (fts__report_write ("no/such/dir/stats"), -1);
  ck_assert_int_eq (errno, ENOENT);
  child_walks ("no/such/dir/stats");
}
END_TEST

static Suite *
report_suite (void)
{
  Suite *s = suite_create ("fts-report");
  TCase *tc;

  tc = unit_tcase ("totals");
  tcase_add_test (tc, test_nothing_to_report);
  tcase_add_test (tc, test_one_stream);
  tcase_add_test (tc, test_streams_add_up);
  tcase_add_test (tc, test_threshold_off);
  tcase_add_test (tc, test_fs_rows);
  tcase_add_test (tc, test_format_truncated);
  tcase_add_test (tc, test_fork_forgets);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("at-exit");
  tcase_add_test (tc, test_written_at_exit);
  tcase_add_test (tc, test_not_written_unless_asked);
  tcase_add_test (tc, test_unwritable_file);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  unsetenv ("LIBFTS_STATS_FILE");
  return unit_main (report_suite ());
}

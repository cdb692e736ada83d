/* check-fts-walk-emit.c: the parallel walk's reports (lib/fts-walk-emit.c),
   seen through the contract at the end of fts.h: the REPORT callback,
   libfts_walk_report and libfts_walk_report_data, reports in the order
   of a sequential walk (LIBFTS_WALK_ORDERED) or as they come, and the
   bound on the reports that wait.  The harness, shared with
   check-fts-walk.c, is walk-harness.h.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include "config.h"

#include "walk-harness.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- reports in sequential order ---------------------------------------- */

/* 200 directories of 20 files, and every kind of entry: enough for the
   threads to interleave.  */
START_TEST (test_ordered_wide)
{
  make_mixed ();
  make_wide ("root", 10, 20, 20);
  check_ordered (root_only, THREADS (_i), KEEP_THRESHOLD, false);
}
END_TEST

/* With LIBFTS_WALK_SPLIT, large directories are visited by several
   threads at once, and reports still come in fts_read's order, every
   entry once; variant 1: in inode order.  */
START_TEST (test_split_ordered)
{
  make_flat_with_dirs (6000);
  bool sort = VARIANT (_i) == 1;
  check_ordered_with (root_only, THREADS (_i),
                      sort ? 0 : LIBFTS_INODE_SORT_NEVER, sort,
                      LIBFTS_WALK_SPLIT);
}
END_TEST

/* Where requests wait on a server (LIBFTS_STORAGE=remote), every
   directory of 8 entries or more is shared among the threads in slices
   of 4 or more: the reports still come in fts_read's order, every entry
   once.  Variant 0: directories of 20 entries; 1: the mixed tree (files,
   links, empty and unreadable directories) beside them; 2: one of 3,000
   with subdirectories among the files.  */
START_TEST (test_remote_split_ordered)
{
  int v = VARIANT (_i);
  if (v == 2)
    make_flat_with_dirs (3000);
  else
    {
      if (v == 1)
        make_mixed ();
      make_wide ("root", 4, 10, 20);
    }
  ck_assert_int_eq (setenv ("LIBFTS_STORAGE", "remote", 1), 0);
  check_ordered_with (root_only, THREADS (_i), LIBFTS_INODE_SORT_NEVER,
                      false, LIBFTS_WALK_SPLIT);
  ck_assert_int_eq (unsetenv ("LIBFTS_STORAGE"), 0);
}
END_TEST

/* Reports made and delivered, and the most made but not yet delivered.  */
struct backlog_ctx
{
  struct ctx c;
  atomic_long made, delivered, most;
};

/* VISIT: report every entry with 1 KiB of data, and note how many
   reports wait.  */
static int
visit_heavy_report (struct libfts_walk_entry *e, void *arg)
{
  struct backlog_ctx *b = arg;
  static const char data[1024];
  atomic_fetch_add (&b->c.nvisits, 1);
  if (libfts_walk_report_data (e, e->info, e->err, e->level, data,
                               sizeof data) != 0)
    log_fault (&b->c.visits, "report: %s", strerror (errno));
  long waiting = atomic_fetch_add (&b->made, 1) + 1
                 - atomic_load (&b->delivered);
  long most = atomic_load (&b->most);
  while (waiting > most
         && !atomic_compare_exchange_weak (&b->most, &most, waiting))
    continue;
  return LIBFTS_WALK_CONTINUE;
}

/* REPORT: count, slowly at first (1 ms for each of the first 200).  */
static int
report_count (const struct libfts_walk_report *r, void *arg)
{
  struct backlog_ctx *b = arg;
  (void) r;
  if (atomic_fetch_add (&b->delivered, 1) < 200)
    usleep (1000);
  return 0;
}

/* While the reports are slow to be delivered, the threads do not walk
   ahead without bound: with 256 KiB of reports waiting, they take only
   the tasks that let the reports go on.  30 directories of 200 files:
   6,000 reports of 1 KiB that would otherwise all wait.  */
START_TEST (test_backlog_bounded)
{
  unit_make ("root/");
  make_wide ("root", 1, 30, 200);
  struct backlog_ctx b = { .c = CTX_INIT };
  LIBFTS_WALK *w = walk_open (root_only, LIBFTS_WALK_ORDERED, 4,
                              KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (w, visit_heavy_report, report_count, &b.c), 0);
  ck_assert_int_eq (atomic_load (&b.delivered), atomic_load (&b.made));
  /* 256 reports (of 1 KiB and a few bytes) up to the bound, and what each
     of the 4 threads adds while it finishes the directory it is in
     (200 files and the directory).  */
  ck_assert_msg (atomic_load (&b.most) <= 256 + 4 * 202,
                 "%ld reports waited at once", atomic_load (&b.most));
}
END_TEST

/* REPORT: as report_count, and log the report.  */
static int
report_count_log (const struct libfts_walk_report *r, void *arg)
{
  report_count (r, arg);
  return report_log (r, &((struct backlog_ctx *) arg)->c);
}

/* The name of ROOT's entry that readdir gives first.  */
static const char *
first_entry (const char *root)
{
  DIR *d = opendir (root);
  ck_assert_ptr_nonnull (d);
  const char *name = NULL;
  struct dirent *e;
  while (!name && (e = readdir (d)))
    if (e->d_name[0] != '.')
      name = unit_fmt ("%s", e->d_name);
  closedir (d);
  ck_assert_ptr_nonnull (name);
  return name;
}

/* Reports held back on two chains of 100 levels, deeper than the
   threads' ordering of tasks looks (64 levels, beyond which it guesses:
   the deeper task first): the one delivered first has a side directory of
   40 files and 10 files at every level, the other one file a level.  The
   walk ends, every report delivered, in the sequential order.  */
START_TEST (test_backlog_deep)
{
  unit_make ("root/x/ root/y/");
  const char *first = first_entry ("root");
  const char *second = strcmp (first, "x") == 0 ? "y" : "x";
  char *level = unit_fmt ("s/");
  for (int i = 0; i < 40; i++)
    level = unit_fmt ("%s s/f%02d", level, i);
  for (int i = 0; i < 10; i++)
    level = unit_fmt ("%s g%d", level, i);
  unit_make_chain (unit_fmt ("root/%s", first), 100, "d", level);
  unit_make_chain (unit_fmt ("root/%s", second), 100, "d", "f");
  const char *expected = seq_lines (root_only, SEQ_OPTIONS, KEEP_THRESHOLD,
                                    false);
  struct backlog_ctx b = { .c = CTX_INIT };
  LIBFTS_WALK *w = walk_open (root_only, LIBFTS_WALK_ORDERED, 4,
                              KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (w, visit_heavy_report, report_count_log,
                              &b.c), 0);
  ck_assert_int_eq (atomic_load (&b.delivered), atomic_load (&b.made));
  assert_same_lines (expected, log_text (&b.c.reports, false), "reports");
}
END_TEST

/* Directories over the inode-sort threshold (set on both walks, and the
   sort forced on every file system) are handed out in inode order, in
   the same order by both.  Variant 0: threshold 5, so that small
   directories are not sorted; variant 1: threshold 0, all are.  */
START_TEST (test_ordered_inode_sort)
{
  static const size_t thresholds[] = { 5, 0 };
  size_t threshold = thresholds[VARIANT (_i)];
  make_mixed ();
  make_big_dir ("root/big", 300, 30);
  make_big_dir ("root/w03/big", 120, 7);
  struct libfts_stats st = seq_stats (root_only, threshold, true);
  ck_assert_uint_gt (st.dirs_sorted, 0);
  check_ordered (root_only, THREADS (_i), threshold, true);
}
END_TEST

/* Entries in a directory larger than a chunk of fts_read's (256 Ki
   entries: it hands out and sorts a chunk at a time), with
   subdirectories in both chunks, on 8 threads, sorted or not (variant 1:
   the sort forced, threshold 0; variant 0: never sorted).  */
enum { CHUNKED = 256 * 1024 + 3000 };

START_TEST (test_ordered_chunked)
{
  bool sort = _i & 1;
  int split = _i & 2 ? LIBFTS_WALK_SPLIT : 0;
  use_tmpfs ();
  unit_make ("root/big/");
  int fd = open ("root/big", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ck_assert_int_ge (fd, 0);
  for (int i = 0; i < CHUNKED; i++)
    {
      char name[16];
      snprintf (name, sizeof name, "%06d", i);
      if (i % 50000 == 7)
        unit_check_msg (mkdirat (fd, name, 0755) == 0, "%s: %s", name,
                        strerror (errno));
      else
        {
          int f = openat (fd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
                          0644);
          unit_check_msg (f >= 0, "%s: %s", name, strerror (errno));
          close (f);
        }
    }
  close (fd);
  unit_make ("root/big/000007/f root/big/250007/g/h root/a/f");
  check_ordered_with (root_only, 8, sort ? 0 : LIBFTS_INODE_SORT_NEVER, sort,
                      split);
}
END_TEST

/* Several roots, some with trailing or doubled slashes, one missing, one
   a file, one a symbolic link, one given twice: paths and order as
   fts_read's.  */
START_TEST (test_ordered_roots)
{
  make_mixed ();
  char *roots[] = { (char *) "root/", (char *) "root//a/",
                    (char *) "./root/w01", (char *) "nope",
                    (char *) "root/f1", (char *) "root/l1",
                    (char *) "root/w02//s//", (char *) "root/f2/",
                    (char *) "./root/w01", NULL };
  check_ordered (roots, THREADS (_i), KEEP_THRESHOLD, false);
}
END_TEST

/* Whether the sparse-report test reports PATH seen with INFO: at FTS_DP,
   and for names ending in '1'.  */
static bool
sparse_wants (int info, const char *path)
{
  size_t n = strlen (path);
  return info == FTS_DP || (n > 0 && path[n - 1] == '1');
}

static int
visit_report_sparse (struct libfts_walk_entry *e, void *arg)
{
  struct ctx *c = arg;
  atomic_fetch_add (&c->nvisits, 1);
  if (!sparse_wants (e->info, e->name))
    return LIBFTS_WALK_CONTINUE;
  if (libfts_walk_report (e, e->info, e->err, e->level) != 0)
    log_fault (&c->visits, "libfts_walk_report: %s", strerror (errno));
  return LIBFTS_WALK_CONTINUE;
}

/* The lines of TEXT that sparse_wants.  */
static const char *
sparse_lines (const char *text)
{
  struct log l = LOG_INIT;
  for (char *line; (line = next_line (&text));)
    {
      char info[16], path[4096];
      ck_assert_int_eq (sscanf (line, "%15s %*d %4095s", info, path), 2);
      if (sparse_wants (strcmp (info, "DP") == 0 ? FTS_DP : FTS_F, path))
        log_add (&l, line);
      else
        free (line);
    }
  return log_text (&l, false);
}

/* Reports for some entries only still come in fts_read's order.  */
START_TEST (test_ordered_sparse)
{
  make_mixed ();
  make_wide ("root", 5, 20, 12);
  const char *expected = sparse_lines (seq_lines (root_only, SEQ_OPTIONS,
                                                  KEEP_THRESHOLD, false));
  struct ctx c = CTX_INIT;
  c.report_codes = 1;
  LIBFTS_WALK *w = walk_open (root_only, LIBFTS_WALK_ORDERED, THREADS (_i),
                              KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (w, visit_report_sparse, report_log, &c), 0);
  assert_same_lines (expected, log_text (&c.reports, false),
                     "sparse ordered reports");
}
END_TEST

/* Without LIBFTS_WALK_ORDERED, every report still arrives, one at a time
   (report_log checks that), with the caller's code, error and value.  */
START_TEST (test_unordered_reports)
{
  make_mixed ();
  make_wide ("root", 5, 10, 10);
  const char *expected = sorted_lines (seq_lines (root_only, SEQ_OPTIONS,
                                                  KEEP_THRESHOLD, false));
  struct ctx c = CTX_INIT;
  c.report_codes = 1;
  LIBFTS_WALK *w = walk_open (root_only, 0, THREADS (_i), KEEP_THRESHOLD,
                              false);
  ck_assert_int_eq (walk_run (w, visit_report_all, report_log, &c), 0);
  assert_same_lines (expected, log_text (&c.reports, true), "reports");
}
END_TEST

/* Data given with a report: the name of the entry and its level, and a
   long double, which must be aligned.  */
struct report_payload
{
  long double level;
  char name[64];
};

/* VISIT: report every entry with a copy of its name and level as data,
   every other one (by the name's length) without.  */
static int
visit_report_data (struct libfts_walk_entry *e, void *arg)
{
  struct ctx *c = arg;
  atomic_fetch_add (&c->nvisits, 1);
  struct report_payload p = { .level = e->level };
  snprintf (p.name, sizeof p.name, "%s", e->name);
  int r = e->namelen % 2
          ? libfts_walk_report_data (e, e->info, e->err, e->level, &p,
                                     sizeof p)
          : libfts_walk_report (e, e->info, e->err, e->level);
  if (r != 0)
    log_fault (&c->visits, "libfts_walk_report_data: %s", strerror (errno));
  return LIBFTS_WALK_CONTINUE;
}

/* REPORT: check the data against the report's path and level, then log
   it as report_log does.  */
static int
report_data_check (const struct libfts_walk_report *r, void *arg)
{
  struct ctx *c = arg;
  const char *base = strrchr (r->path, '/');
  base = base && base[1] ? base + 1 : r->path;
  const struct report_payload *p = r->data;
  if (strlen (base) % 2 == 0)
    {
      if (p || r->size)
        log_fault (&c->reports, "%s: data without asking", r->path);
    }
  else if (!p || r->size != sizeof *p
           || (uintptr_t) p % _Alignof (max_align_t) != 0)
    log_fault (&c->reports, "%s: data %p size %zu", r->path, (void *) p,
               r->size);
  else if (p->level != r->level || strstr (r->path, p->name) == NULL)
    log_fault (&c->reports, "%s: data says %s at %Lg", r->path, p->name,
               p->level);
  return report_log (r, arg);
}

/* libfts_walk_report_data hands its copy to REPORT, aligned, in the
   order of the reports.  */
START_TEST (test_report_data)
{
  make_mixed ();
  make_wide ("root", 4, 10, 9);
  const char *expected = seq_lines (root_only, SEQ_OPTIONS, KEEP_THRESHOLD,
                                    false);
  struct ctx c = CTX_INIT;
  c.report_codes = 1;
  LIBFTS_WALK *w = walk_open (root_only, LIBFTS_WALK_ORDERED, THREADS (_i),
                              KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (w, visit_report_data, report_data_check, &c),
                    0);
  assert_same_lines (expected, log_text (&c.reports, false),
                     "reports with data");
}
END_TEST

struct more_ctx
{
  struct ctx c;
  long reports, more;           /* REPORT's calls, those with more */
  int last_more;                /* the last call's */
};

/* REPORT: count the reports that say another follows.  */
static int
report_more (const struct libfts_walk_report *r, void *arg)
{
  struct more_ctx *m = arg;
  m->reports++;
  m->more += r->more != 0;
  m->last_more = r->more;
  return 0;
}

/* A report says whether another is ready behind it: the last never
   does; with ORDERED, runs of a directory's files do (they are queued
   together); unordered reports never do (variant 1).  */
START_TEST (test_report_more)
{
  bool ordered = VARIANT (_i) == 0;
  unit_make ("root/");
  make_wide ("root", 1, 3, 200);
  struct more_ctx m = { .c = CTX_INIT };
  LIBFTS_WALK *w = walk_open (root_only, ordered ? LIBFTS_WALK_ORDERED : 0,
                              THREADS (_i), KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (w, visit_report_all, report_more, &m.c), 0);
  /* root and g00 twice, 3 directories twice, 600 files.  */
  ck_assert_int_eq (m.reports, 2 * 5 + 600);
  ck_assert_int_eq (m.last_more, 0);
  if (ordered)
    ck_assert_int_ge (m.more, 600 / 2);
  else
    ck_assert_int_eq (m.more, 0);
}
END_TEST

/* REPORT may be null: reports queued are then dropped.  */
START_TEST (test_null_report)
{
  make_mixed ();
  struct ctx c = CTX_INIT;
  LIBFTS_WALK *w = walk_open (root_only, LIBFTS_WALK_ORDERED, THREADS (_i),
                              KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (w, visit_report_all, NULL, &c), 0);
  ck_assert_int_gt (atomic_load (&c.nvisits), 100);
}
END_TEST

/* ---- the suite ---------------------------------------------------------- */

static Suite *
emit_suite (void)
{
  Suite *s = suite_create ("fts-walk-emit");
  TCase *tc;

  tc = unit_tcase ("ordered");
  add_threaded (tc, test_ordered_wide, 1);
  add_threaded (tc, test_split_ordered, 2);
  add_threaded (tc, test_remote_split_ordered, 3);
  add_threaded (tc, test_ordered_inode_sort, 2);
  add_threaded (tc, test_ordered_roots, 1);
  tcase_add_loop_test (tc, test_ordered_chunked, 0, 4);
  add_threaded (tc, test_ordered_sparse, 1);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("backlog");
  tcase_add_test (tc, test_backlog_bounded);
  tcase_add_test (tc, test_backlog_deep);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("reports");
  add_threaded (tc, test_unordered_reports, 1);
  add_threaded (tc, test_null_report, 1);
  add_threaded (tc, test_report_data, 1);
  add_threaded (tc, test_report_more, 2);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return unit_main (emit_suite ());
}

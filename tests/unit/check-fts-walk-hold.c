/* check-fts-walk-hold.c: what VISIT may do to the order in which the
   parallel walk finishes directories (lib/fts-walk-hold.c): flag a
   directory's ancestors, hold a directory past its reading and let it
   go, hand a waiting directory out (libfts_walk_give).

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include "config.h"

#include "walk-harness.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- flagging ancestors ------------------------------------------------------ */

struct flag_ctx
{
  struct ctx c;                 /* visits: "<flagged> <path>" at each FTS_DP */
};

/* rm that cannot remove "keep" (a file) nor root/m/q (a directory): they
   flag their ancestors, whose removal is then not attempted.  */
static int
visit_rm_keeping (struct libfts_walk_entry *e, void *arg)
{
  struct flag_ctx *f = arg;
  if (e->info == FTS_D)
    return LIBFTS_WALK_CONTINUE;
  char *path = must (libfts_walk_path (e));
  bool keep = strcmp (e->name, "keep") == 0
              || (e->info == FTS_DP && strcmp (path, "root/m/q") == 0);
  if (e->info == FTS_DP)
    log_add (&f->c.visits, xasprintf ("%d %s\n", e->flagged, path));
  else if (e->flagged)
    log_fault (&f->c.visits, "%s: flagged, info %d", path, e->info);
  if (keep)
    libfts_walk_flag_ancestors (e);
  else if (!e->flagged
           && unlinkat (e->dirfd, e->name,
                        e->info == FTS_DP ? AT_REMOVEDIR : 0) != 0)
    log_fault (&f->c.visits, "remove %s: %s", path, strerror (errno));
  free (path);
  return LIBFTS_WALK_CONTINUE;
}

/* The ancestors of what stays, and only they, have `flagged' at FTS_DP.  */
START_TEST (test_flag_ancestors)
{
  make_mixed ();
  unit_make ("root/a/b/c/keep root/a/b/c/gone root/a/b/other/f root/a/z/f "
             "root/x/y/f root/m/q/f root/m/r/f");
  struct flag_ctx f = { .c = CTX_INIT };
  LIBFTS_WALK *w = walk_open (root_only, 0, THREADS (_i), KEEP_THRESHOLD,
                              false);
  ck_assert_int_eq (walk_run (w, visit_rm_keeping, NULL, &f.c), 0);
  const char *dps = log_text (&f.c.visits, true);
  static const char *const flagged[] = {
    "root", "root/a", "root/a/b", "root/a/b/c", "root/m"
  };
  int nflagged = 0;
  for (char *line; (line = next_line (&dps));)
    {
      unit_keep (line);
      bool want = false;
      for (size_t i = 0; i < sizeof flagged / sizeof *flagged; i++)
        want |= path_is (line + 2, flagged[i]);
      ck_assert_msg ((line[0] == '1') == want, "FTS_DP: %s", line);
      nflagged += want;
    }
  ck_assert_int_eq (nflagged, 5);
  ck_assert (exists ("root/a/b/c/keep"));
  ck_assert (exists ("root/m/q"));
  ck_assert (!exists ("root/m/q/f"));
  ck_assert (!exists ("root/a/b/c/gone"));
  ck_assert (!exists ("root/a/b/other"));
  ck_assert (!exists ("root/a/z"));
  ck_assert (!exists ("root/m/r"));
  ck_assert (!exists ("root/x"));
  ck_assert (!exists ("root/w07"));
}
END_TEST

/* ---- holds (libfts_walk_hold, libfts_walk_release) ---------------------- */

/* What test_hold_release's callbacks share.  */
struct hold_ctx
{
  struct ctx c;
  LIBFTS_WALK *w;
  pthread_t remover;
  void *hold;
  atomic_int released;          /* the remover let go of the hold */
  atomic_int a_finished;        /* root/a had its post-order visit */
  int keep;                     /* the remover leaves root/a/b, and lets
                                   go with the flag */
};

/* The remover: removes root/a/b, skipped by the walk, a while later (as
   another machine would), then lets go of its parent's hold.  */
static void *
remove_held (void *arg)
{
  struct hold_ctx *h = arg;
  usleep (100 * 1000);
  if (!h->keep
      && (unlink ("root/a/b/c/f") != 0 || rmdir ("root/a/b/c") != 0
          || rmdir ("root/a/b") != 0))
    log_fault (&h->c.visits, "remove root/a/b: %s", strerror (errno));
  atomic_store (&h->released, 1);
  if (libfts_walk_release (h->w, h->hold, h->keep) != 0)
    log_fault (&h->c.visits, "release: %s", strerror (errno));
  return NULL;
}

/* VISIT: remove everything, as rm does, but root/a/b, which is skipped
   with its parent held and removed by the remover.  */
static int
visit_rm_holding (struct libfts_walk_entry *e, void *arg)
{
  struct hold_ctx *h = arg;
  char *path = must (libfts_walk_path (e));
  int r = LIBFTS_WALK_CONTINUE;
  if (e->info == FTS_D && strcmp (path, "root/a/b") == 0)
    {
      if (!(h->hold = libfts_walk_hold (e)))
        log_fault (&h->c.visits, "hold: %s", strerror (errno));
      else if (pthread_create (&h->remover, NULL, remove_held, h) != 0)
        log_fault (&h->c.visits, "no remover thread");
      r = LIBFTS_WALK_SKIP;
    }
  else if (e->info == FTS_D && e->level == 0 && libfts_walk_hold (e))
    log_fault (&h->c.visits, "a root was held");
  else if (e->info != FTS_D)
    {
      if (e->info == FTS_DP && strcmp (path, "root/a") == 0)
        {
          if (!atomic_load (&h->released))
            log_fault (&h->c.visits, "root/a finished while held");
          atomic_store (&h->a_finished, 1);
        }
      if (e->info == FTS_DP && e->flagged)
        log_add (&h->c.visits, xasprintf ("%s\n", path));
      else if (unlinkat (e->dirfd, e->name,
                         e->info == FTS_DP ? AT_REMOVEDIR : 0) != 0)
        log_fault (&h->c.visits, "remove %s: %s", path, strerror (errno));
    }
  free (path);
  return r;
}

/* A directory held by a visit (its subdirectory handed to someone else)
   is finished only once the hold is let go, from another thread: its
   post-order visit, and so its rmdir and its parents', come after the
   subdirectory is gone; the walk waits for it, then ends.  */
START_TEST (test_hold_release)
{
  unit_make ("root/a/b/c/f root/a/k/f root/a/g root/x/f root/y/");
  struct hold_ctx h = { .c = CTX_INIT };
  h.w = walk_open (root_only, _i >= N_THREADS ? LIBFTS_WALK_ORDERED : 0,
                   THREADS (_i), KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (h.w, visit_rm_holding, NULL, &h.c), 0);
  ck_assert (h.hold != NULL);
  pthread_join (h.remover, NULL);
  ck_assert_int_eq (atomic_load (&h.a_finished), 1);
  ck_assert (!exists ("root"));
}
END_TEST

/* A hold let go with the flag (what was handed out left something
   behind): the held directory and its ancestors are flagged at their
   post-order visits, and left; the roots' parent is flagged
   (libfts_walk_roots_flagged).  */
START_TEST (test_hold_release_flagged)
{
  unit_make ("root/a/b/c/f root/a/k/f root/a/g root/x/f root/y/");
  struct hold_ctx h = { .c = CTX_INIT, .keep = 1 };
  h.w = walk_open (root_only, 0, THREADS (_i), KEEP_THRESHOLD, false);
  ck_assert_int_eq (libfts_walk_run (h.w, visit_rm_holding, NULL, &h.c), 0);
  ck_assert_int_eq (libfts_walk_roots_flagged (h.w), 1);
  ck_assert_int_eq (libfts_walk_close (h.w), 0);
  pthread_join (h.remover, NULL);
  ck_assert_msg (h.c.visits.faults == 0, "problem in a callback: %s",
                 h.c.visits.fault ? h.c.visits.fault : "(no memory)");
  assert_same_lines ("root\nroot/a\n", log_text (&h.c.visits, true),
                     "flagged directories");
  ck_assert (exists ("root/a/b/c/f"));
  ck_assert (!exists ("root/a/k"));
  ck_assert (!exists ("root/x"));
}
END_TEST

/* VISIT: hold root/a/b's parent, and stop the walk there (a REPORT
   that ran out of memory, say).  Not at the next directory met: on
   threads, root/a/k, root/x and root/y may all be met before, and the
   walk would then wait for the release for ever.  */
static int
visit_hold_then_stop (struct libfts_walk_entry *e, void *arg)
{
  struct hold_ctx *h = arg;
  char *path = must (libfts_walk_path (e));
  int r = LIBFTS_WALK_CONTINUE;
  if (e->info == FTS_D && strcmp (path, "root/a/b") == 0)
    {
      if (!(h->hold = libfts_walk_hold (e)))
        log_fault (&h->c.visits, "hold: %s", strerror (errno));
      r = LIBFTS_WALK_STOP;
    }
  free (path);
  return r;
}

/* A walk that stops drops the holds out, and returns; a release that
   comes after (from the MPI walk's talking thread, say, which learnt
   late that the held subdirectory was done elsewhere) fails with EINVAL
   and touches nothing, with the flag or without; the walk then closes.
   (It wrote to the dropped holds' list, freed, before.)  */
START_TEST (test_release_after_stop)
{
  unit_make ("root/a/b/c/f root/a/k/f root/a/g root/x/f root/y/");
  struct hold_ctx h = { .c = CTX_INIT };
  h.w = walk_open (root_only, _i >= N_THREADS ? LIBFTS_WALK_ORDERED : 0,
                   THREADS (_i), KEEP_THRESHOLD, false);
  ck_assert_int_eq (libfts_walk_run (h.w, visit_hold_then_stop, NULL, &h.c),
                    1);
  ck_assert_msg (h.c.visits.faults == 0, "problem in a callback: %s",
                 h.c.visits.fault ? h.c.visits.fault : "(no memory)");
  ck_assert (h.hold != NULL);
  for (int flag = 0; flag <= 1; flag++)
    {
      errno = 0;
      ck_assert_int_eq (libfts_walk_release (h.w, h.hold, flag), -1);
      ck_assert_int_eq (errno, EINVAL);
    }
  ck_assert_int_eq (libfts_walk_roots_flagged (h.w), 0);
  ck_assert_int_eq (libfts_walk_close (h.w), 0);
  ck_assert (exists ("root/a/b/c/f"));
}
END_TEST

/* ---- handing out (libfts_walk_give) ------------------------------------ */

/* What test_give's callbacks and giver share.  */
struct give_ctx
{
  struct ctx c;
  LIBFTS_WALK *w;
  struct log given;             /* the paths handed out */
  atomic_int over;              /* the walk returned */
  bool refuse;                  /* GIVE puts every directory back */
  unsigned threads;
  atomic_int gave_at_visit;     /* VISIT gave one (one thread) */
};

#define THREADS_OF(g) ((g)->threads)

/* GIVE: note E's path, check its parent's identity against lstat, and
   report E in its place as its FTS_D would be (the line is the same).  */
static int
give_noting (struct libfts_walk_entry *e, void *arg)
{
  struct give_ctx *g = arg;
  char *path = must (libfts_walk_path (e));
  char *parent = must (strdup (path));
  *strrchr (parent, '/') = '\0';
  struct stat st;
  dev_t dev;
  ino_t ino;
  if (e->info != FTS_D || e->st || e->dirfd != -1 || e->level < 1)
    log_fault (&g->c.visits, "%s: info %d, level %ld", path, e->info,
               e->level);
  else if (libfts_walk_parent_id (e, &dev, &ino) != 0
           || lstat (parent, &st) != 0 || st.st_dev != dev
           || st.st_ino != ino)
    log_fault (&g->c.visits, "%s: not its parent's identity", path);
  free (parent);
  if (g->refuse)
    {
      free (path);
      return LIBFTS_WALK_CONTINUE;
    }
  if (libfts_walk_report (e, e->info, 0, e->level) != 0)
    log_fault (&g->c.visits, "report: %s", strerror (errno));
  log_add (&g->given, xasprintf ("%s\n", path));
  free (path);
  return LIBFTS_WALK_SKIP;
}

/* Another thread, as the MPI walk's talking thread: hand out a directory
   now and then until the walk is over.  */
static void *
giver (void *arg)
{
  struct give_ctx *g = arg;
  while (!atomic_load (&g->over))
    {
      if (libfts_walk_give (g->w, give_noting, g) < 0)
        log_fault (&g->c.visits, "give: %s", strerror (errno));
      usleep (300);
    }
  return NULL;
}

/* VISIT: log and report as check_ordered's walk does, slowly (a file
   system that makes requests wait); one thread gives a directory away at
   a file it visits (nothing else takes tasks then).  */
static int
visit_slowly_giving (struct libfts_walk_entry *e, void *arg)
{
  struct give_ctx *g = arg;
  bool file = e->info != FTS_D && e->info != FTS_DP;
  if (file)
    usleep (200);
  if (file && strcmp (e->name, "f00") == 0 && THREADS_OF (g) == 1
      && !atomic_exchange (&g->gave_at_visit, 1)
      && libfts_walk_give (g->w, give_noting, g) != (g->refuse ? 0 : 1))
    log_fault (&g->c.visits, "no directory given at %s", e->name);
  return visit_log_report (e, &g->c);
}

/* TEXT without the lines of GIVEN's paths and what they hold, but (with
   KEEP_D) their FTS_D lines: what is left of a walk whose directories
   GIVEN were handed out, each reported as its FTS_D.  */
static const char *
without_given (const char *text, const char *given, bool keep_d)
{
  struct log l = LOG_INIT;
  for (char *line; (line = next_line (&text));)
    {
      const char *path = line_path (line);
      bool drop = false;
      const char *q = given;
      for (char *g; !drop && (g = next_line (&q));)
        {
          g[strcspn (g, "\n")] = '\0';
          drop = path_below (path, g)
                 || (path_is (path, g)
                     && !(keep_d && strncmp (line, "D ", 2) == 0));
          free (g);
        }
      if (drop)
        free (line);
      else
        log_add (&l, line);
    }
  return log_text (&l, false);
}

/* Close G's walk; fail on a problem its callbacks met.  */
static void
close_checked (struct give_ctx *g)
{
  ck_assert_int_eq (libfts_walk_close (g->w), 0);
  ck_assert_msg (g->c.visits.faults == 0 && g->c.reports.faults == 0,
                 "problem in a callback: %s",
                 g->c.visits.fault ? g->c.visits.fault
                 : g->c.reports.fault ? g->c.reports.fault : "(no memory)");
}

/* Directories handed out while an ordered walk runs, from another thread
   and (one thread) from a visit, are neither read nor visited; the reports
   their GIVE made take their places: the reports are fts_read's with each
   given subtree cut down to its FTS_D line.  GIVE sees each as a
   directory with no stat, with its parent's identity.  */
START_TEST (test_give)
{
  make_wide ("root", 4, 4, 20);
  const char *seq = seq_lines (root_only, SEQ_OPTIONS, KEEP_THRESHOLD,
                               false);
  struct give_ctx g = { .c = CTX_INIT, .given = LOG_INIT };
  g.c.report_codes = 1;
  g.c.roots = root_only;
  g.threads = THREADS (_i);
  g.w = walk_open (root_only, LIBFTS_WALK_ORDERED, g.threads, KEEP_THRESHOLD,
                   false);
  ck_assert_int_eq (libfts_walk_give (g.w, give_noting, &g), 0);  /* not
                                                                   run */
  /* One thread: VISIT gives; several: another thread does.  */
  pthread_t t;
  if (g.threads > 1)
    ck_assert_int_eq (pthread_create (&t, NULL, giver, &g), 0);
  ck_assert_int_eq (libfts_walk_run (g.w, visit_slowly_giving, report_log,
                                     &g.c), 0);
  atomic_store (&g.over, 1);
  if (g.threads > 1)
    pthread_join (t, NULL);
  ck_assert_int_eq (libfts_walk_give (g.w, give_noting, &g), 0);  /* over */
  close_checked (&g);
  const char *given = log_text (&g.given, true);
  ck_assert_msg (*given, "nothing was given");
  const char *expected = without_given (seq, given, true);
  const char *act = log_text (&g.c.reports, false);
  assert_same_lines (expected, act,
                     "ordered reports");
  assert_same_lines (sorted_lines (without_given (seq, given, false)),
                     log_text (&g.c.visits, true), "visits");
}
END_TEST

/* A GIVE that puts every directory back changes nothing; and the
   function's errors.  */
START_TEST (test_give_refused)
{
  make_wide ("root", 2, 3, 4);
  const char *seq = seq_lines (root_only, SEQ_OPTIONS, KEEP_THRESHOLD,
                               false);
  struct give_ctx g = { .c = CTX_INIT, .given = LOG_INIT, .refuse = true,
                        .threads = 1 };
  g.c.report_codes = 1;
  g.c.roots = root_only;
  g.w = walk_open (root_only, LIBFTS_WALK_ORDERED, 1, KEEP_THRESHOLD, false);
  ck_assert_int_eq (libfts_walk_run (g.w, visit_slowly_giving, report_log,
                                     &g.c), 0);
  close_checked (&g);
  assert_same_lines (seq, log_text (&g.c.reports, false), "ordered reports");
  assert_same_lines (sorted_lines (seq), log_text (&g.c.visits, true),
                     "visits");

  errno = 0;
  ck_assert_int_eq (libfts_walk_give (NULL, give_noting, NULL), -1);
  ck_assert_int_eq (errno, EINVAL);
  LIBFTS_WALK *w = walk_open (root_only, 0, 1, KEEP_THRESHOLD, false);
  errno = 0;
  ck_assert_int_eq (libfts_walk_give (w, NULL, NULL), -1);
  ck_assert_int_eq (errno, EINVAL);
  ck_assert_int_eq (libfts_walk_close (w), 0);
  w = walk_open (root_only, LIBFTS_WALK_XDEV, 1, KEEP_THRESHOLD, false);
  errno = 0;
  ck_assert_int_eq (libfts_walk_give (w, give_noting, NULL), -1);
  ck_assert_int_eq (errno, EINVAL);
  ck_assert_int_eq (libfts_walk_close (w), 0);
}
END_TEST

/* ---- the suite ---------------------------------------------------------- */

static Suite *
hold_suite (void)
{
  Suite *s = suite_create ("fts-walk-hold");
  TCase *tc;

  tc = unit_tcase ("flag");
  add_threaded (tc, test_flag_ancestors, 1);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("hold");
  add_threaded (tc, test_hold_release, 2);
  add_threaded (tc, test_hold_release_flagged, 1);
  add_threaded (tc, test_release_after_stop, 2);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("give");
  add_threaded (tc, test_give, 1);
  tcase_add_test (tc, test_give_refused);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return unit_main (hold_suite ());
}

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

/* ---- cutting a directory's end off (libfts_walk_cut) ---------------------- */

enum { CUT_FILES = 40, CUT_CODE = 9, CUT_VALUE = 77 };

struct cut_ctx
{
  struct log reports;           /* "CODE PATH" per report */
  struct log visits;            /* the path of each entry visited */
  struct log taken;             /* the names handed over */
  long min;                     /* libfts_walk_cut's MIN; -1: no cut */
  long cut;                     /* what it returned */
  long dry;                     /* and its dry run */
  bool done;
};

static int
cut_take_name (const char *name, unsigned char d_type, void *arg)
{
  struct cut_ctx *c = arg;
  if (d_type == DT_DIR || d_type == DT_UNKNOWN)
    log_fault (&c->taken, "%s: d_type %d", name, d_type);
  log_add (&c->taken, xasprintf ("%s\n", name));
  return 0;
}

/* VISIT: log and report every entry (its info as code); at the first
   file, cut the directory's end off once.  */
static int
visit_cutting (struct libfts_walk_entry *e, void *arg)
{
  struct cut_ctx *c = arg;
  char *path = must (libfts_walk_path (e));
  log_add (&c->visits, xasprintf ("%s\n", path));
  free (path);
  if (e->level == 1 && c->min >= 0 && !c->done)
    {
      int sorted = -1;
      c->done = true;
      c->dry = libfts_walk_cut (e, c->min, 0, 0, NULL, NULL, NULL);
      c->cut = libfts_walk_cut (e, c->min, CUT_CODE, CUT_VALUE,
                                cut_take_name, c, &sorted);
      if (c->cut > 0 && sorted != 0)
        log_fault (&c->taken, "sorted %d in a small directory", sorted);
    }
  if (libfts_walk_report (e, e->info, 0, 0) != 0)
    log_fault (&c->reports, "report: %s", strerror (errno));
  return LIBFTS_WALK_CONTINUE;
}

static int
report_code (const struct libfts_walk_report *r, void *arg)
{
  struct cut_ctx *c = arg;
  if (r->code == CUT_CODE && r->value != CUT_VALUE)
    log_fault (&c->reports, "cut report with value %jd", r->value);
  log_add (&c->reports, xasprintf ("%d %s\n", r->code, r->path));
  return 0;
}

/* Free what C's logs hold that the test did not read (log_text frees
   a log's lines).  */
static void
cut_drain (struct cut_ctx *c)
{
  log_text (&c->reports, false);
  log_text (&c->visits, false);
  log_text (&c->taken, false);
}

/* Walk root ordered on THREADS threads (names: only those), cutting
   with MIN (-1: not) into C.  */
static void
walk_cutting (struct cut_ctx *c, unsigned threads, long min,
              char *const *names, size_t n)
{
  *c = (struct cut_ctx) { .reports = LOG_INIT, .visits = LOG_INIT,
                          .taken = LOG_INIT, .min = min };
  LIBFTS_WALK *w = walk_open (root_only, LIBFTS_WALK_ORDERED, threads,
                              KEEP_THRESHOLD, false);
  if (names)
    ck_assert_int_eq (libfts_walk_set_root_names (w, names, n, 0), 0);
  ck_assert_int_eq (libfts_walk_run (w, visit_cutting, report_code, c), 0);
  errno = 0;
  ck_assert_int_eq (libfts_walk_set_root_names (w, names, n, 0), -1);
  ck_assert_int_eq (errno, EINVAL);
  ck_assert_int_eq (libfts_walk_close (w), 0);
  const struct log *logs[] = { &c->reports, &c->visits, &c->taken };
  for (size_t i = 0; i < 3; i++)
    ck_assert_msg (logs[i]->faults == 0, "problem in a callback: %s",
                   logs[i]->fault ? logs[i]->fault : "(no memory)");
}

/* From the first file of a directory of 40, libfts_walk_cut hands over
   the last 19 of the 39 left, in the walk's order; the walk visits the
   21 before them, and the cut's report comes after theirs, before the
   directory's post-order one.  A walk given those names with
   libfts_walk_set_root_names visits them alone, in the same order.  A
   MIN above what there is cuts nothing.  */
START_TEST (test_cut)
{
  unit_check (mkdir ("root", 0755) == 0);
  int fd = open ("root", O_RDONLY | O_DIRECTORY);
  ck_assert_int_ge (fd, 0);
  make_files_at (fd, "f", CUT_FILES);
  close (fd);
  unsigned threads = THREADS (_i);

  struct cut_ctx all;
  walk_cutting (&all, threads, -1, NULL, 0);
  const char *order = log_text (&all.visits, false);
  char *files[CUT_FILES];
  size_t n = 0;
  for (char *line; (line = next_line (&order));)
    if (strncmp (line, "root/", 5) == 0 && n < CUT_FILES)
      {
        line[strcspn (line, "\n")] = '\0';
        files[n++] = (char *) unit_keep (line) + 5;
      }
    else
      free (line);
  ck_assert_int_eq (n, CUT_FILES);

  struct cut_ctx c;
  walk_cutting (&c, threads, 4, NULL, 0);
  ck_assert_int_eq (c.dry, (CUT_FILES - 1) / 2);
  ck_assert_int_eq (c.cut, (CUT_FILES - 1) / 2);
  size_t kept = CUT_FILES - (size_t) c.cut;
  struct log want_taken = LOG_INIT, want_reports = LOG_INIT;
  log_add (&want_reports, xasprintf ("%d root\n", FTS_D));
  for (size_t i = 0; i < CUT_FILES; i++)
    if (i < kept)
      log_add (&want_reports, xasprintf ("%d root/%s\n", FTS_NSOK, files[i]));
    else
      log_add (&want_taken, xasprintf ("%s\n", files[i]));
  log_add (&want_reports, xasprintf ("%d root\n", CUT_CODE));
  log_add (&want_reports, xasprintf ("%d root\n", FTS_DP));
  const char *taken = log_text (&c.taken, false);
  assert_same_lines (log_text (&want_taken, false), taken, "names taken");
  assert_same_lines (log_text (&want_reports, false),
                     log_text (&c.reports, false), "reports");

  struct cut_ctx rest;
  walk_cutting (&rest, threads, -1, files + kept, CUT_FILES - kept);
  struct log want_visits = LOG_INIT;
  log_add (&want_visits, must (strdup ("root\n")));
  for (size_t i = kept; i < CUT_FILES; i++)
    log_add (&want_visits, xasprintf ("root/%s\n", files[i]));
  log_add (&want_visits, must (strdup ("root\n")));
  assert_same_lines (log_text (&want_visits, false),
                     log_text (&rest.visits, false), "visits of the rest");

  struct cut_ctx none;
  walk_cutting (&none, threads, CUT_FILES, NULL, 0);
  ck_assert_int_eq (none.cut, 0);
  ck_assert_int_eq (none.dry, 0);
  assert_same_lines (log_text (&all.reports, false),
                     log_text (&none.reports, false), "reports, no cut");
  struct cut_ctx *used[] = { &all, &c, &rest, &none };
  for (size_t i = 0; i < sizeof used / sizeof *used; i++)
    cut_drain (used[i]);
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

  tc = unit_tcase ("cut");
  add_threaded (tc, test_cut, 1);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return unit_main (hold_suite ());
}

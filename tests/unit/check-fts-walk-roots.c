/* check-fts-walk-roots.c: the parallel walk's roots from a source
   (libfts_walk_open_next, lib/fts-walk-roots.c): several walked at once,
   reports still in the sequential walk's order, a root that may overlap
   those before it after them, a source that says EAGAIN or fails, and
   the window that bounds the roots taken.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "walk-harness.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A source over a list of roots, each of KIND (ALONE: the roots whose
   index it holds), with what the tests watch.  */
struct source
{
  char *const *roots;
  size_t next;
  const bool *alone;            /* null: none */
  int eagain_every;             /* say EAGAIN on every Nth call with WAIT 0 */
  int calls;
  int fail_at;                  /* -1, or the root at which to fail: EIO */
  atomic_long finished;         /* roots whose last visit came */
  long most_open;               /* roots given and not finished, at most */
  bool waited_with_open;        /* WAIT 1 while a root was open */
};

static int
next_root (void *arg, int wait, char **root)
{
  struct source *s = arg;
  long open = (long) s->next - atomic_load (&s->finished);
  if (open > s->most_open)
    s->most_open = open;
  if (wait && open > 0)
    s->waited_with_open = true;
  if (!wait && s->eagain_every && ++s->calls % s->eagain_every == 0)
    {
      errno = EAGAIN;
      return -1;
    }
  if ((int) s->next == s->fail_at)
    {
      errno = EIO;
      return -1;
    }
  if (!s->roots[s->next])
    return 0;
  *root = must (strdup (s->roots[s->next]));
  bool alone = s->alone && s->alone[s->next];
  s->next++;
  return alone ? LIBFTS_WALK_ROOT_ALONE : LIBFTS_WALK_ROOT;
}

/* What the callbacks of these tests share: the harness's and a source.  */
struct rctx
{
  struct ctx c;                 /* first: the harness's callbacks get it */
  struct source *src;
};

/* Whether E's visit is its root's last: a root's post-order visit, or
   the one visit of a root that is not read.  */
static bool
root_done (const struct libfts_walk_entry *e)
{
  return e->level == 0 && e->info != FTS_D;
}

static int
visit_counting (struct libfts_walk_entry *e, void *arg)
{
  struct rctx *r = arg;
  int ret = visit_log_report (e, &r->c);
  if (root_done (e))
    atomic_fetch_add (&r->src->finished, 1);
  return ret;
}

static LIBFTS_WALK *
open_next (struct source *s, int options, unsigned threads)
{
  LIBFTS_WALK *w = libfts_walk_open_next (next_root, s, options);
  ck_assert_ptr_nonnull (w);
  ck_assert_int_eq (libfts_walk_set_threads (w, threads), 0);
  return w;
}

/* Walk ROOTS from a source (S), ordered, and compare with fts_read's walk
   of the same roots: reports in its order, visits the same.  */
static void
check_source (char *const *roots, struct source *s, unsigned threads)
{
  const char *expected = seq_lines (roots, SEQ_OPTIONS, KEEP_THRESHOLD,
                                    false);
  struct rctx r = { .c = CTX_INIT, .src = s };
  r.c.report_codes = 1;
  r.c.roots = roots;
  LIBFTS_WALK *w = open_next (s, LIBFTS_WALK_ORDERED, threads);
  ck_assert_int_eq (walk_run (w, visit_counting, report_log, &r.c), 0);
  assert_same_lines (expected, log_text (&r.c.reports, false),
                     "ordered reports");
  assert_same_lines (sorted_lines (expected), log_text (&r.c.visits, true),
                     "visits");
}

/* The roots "root/gGG/dDD" of make_wide ("root", G, D, F), then a file,
   a missing name and a directory again, null-terminated, from malloc.  */
static char **
wide_roots (int groups, int dirs)
{
  size_t n = (size_t) groups * dirs;
  char **roots = must (calloc (n + 4, sizeof *roots));
  size_t k = 0;
  for (int g = 0; g < groups; g++)
    for (int d = 0; d < dirs; d++)
      roots[k++] = xasprintf ("root/g%02d/d%02d", g, d);
  roots[k++] = xasprintf ("root/g00/d00/f00");
  roots[k++] = xasprintf ("nope");
  roots[k++] = xasprintf ("root/g01");
  return roots;
}

/* Free ROOTS, from wide_roots or made so.  */
static void
free_roots (char **roots)
{
  for (size_t i = 0; roots[i]; i++)
    free (roots[i]);
  free (roots);
}

/* Many roots from a source: reports and visits as fts_read's walk of
   them.  The last root holds some before it: it is given alone.  */
START_TEST (test_source_ordered)
{
  make_wide ("root", 4, 30, 5);
  char **roots = wide_roots (4, 30);
  bool alone[4 * 30 + 3] = { [4 * 30 + 2] = true };
  struct source s = { .roots = roots, .alone = alone, .fail_at = -1 };
  check_source (roots, &s, THREADS (_i));
  free_roots (roots);
}
END_TEST

/* ---- several roots at once ---------------------------------------------- */

/* VISIT: the first root's pre-order visit waits (up to its limit) until the
   second root has been visited, which only another thread can do while
   it waits: the roots are walked at once.  */
struct meet
{
  int limit_ms;                 /* how long the first root waits */
  atomic_bool second_seen;
  atomic_bool timed_out;
};

static int
visit_meet (struct libfts_walk_entry *e, void *arg)
{
  struct meet *m = arg;
  if (e->level != 0)
    return LIBFTS_WALK_CONTINUE;
  if (strcmp (e->name, "root/g00/d01") == 0)
    atomic_store (&m->second_seen, true);
  if (strcmp (e->name, "root/g00/d00") == 0 && e->info == FTS_D)
    {
      struct timespec tick = { 0, 1000000 };
      for (int i = 0; i < m->limit_ms && !atomic_load (&m->second_seen); i++)
        nanosleep (&tick, NULL);
      if (!atomic_load (&m->second_seen))
        atomic_store (&m->timed_out, true);
    }
  return LIBFTS_WALK_CONTINUE;
}

START_TEST (test_roots_at_once)
{
  make_wide ("root", 1, 3, 3);
  char *roots[] = { (char *) "root/g00/d00", (char *) "root/g00/d01",
                    (char *) "root/g00/d02", NULL };
  struct source s = { .roots = roots, .fail_at = -1 };
  struct meet m = { .limit_ms = 10000 };
  LIBFTS_WALK *w = open_next (&s, LIBFTS_WALK_ORDERED, 4);
  ck_assert_int_eq (libfts_walk_run (w, visit_meet, NULL, &m), 0);
  ck_assert_int_eq (libfts_walk_close (w), 0);
  ck_assert_msg (!atomic_load (&m.timed_out),
                 "the second root waited for the first");
}
END_TEST

/* The same roots from libfts_walk_open: one after another, as before.  */
START_TEST (test_listed_roots_one_by_one)
{
  make_wide ("root", 1, 3, 3);
  char *roots[] = { (char *) "root/g00/d00", (char *) "root/g00/d01", NULL };
  struct meet m = { .limit_ms = 300 };
  LIBFTS_WALK *w = walk_open (roots, LIBFTS_WALK_ORDERED, 4, KEEP_THRESHOLD,
                              false);
  /* The wait runs out: the second root comes after it.  */
  ck_assert_int_eq (libfts_walk_run (w, visit_meet, NULL, &m), 0);
  ck_assert_int_eq (libfts_walk_close (w), 0);
  ck_assert (atomic_load (&m.timed_out));
}
END_TEST

/* ---- a root alone --------------------------------------------------------- */

/* REPORT notes that the first root's last report came; VISIT, that the
   alone root was visited before it.  */
struct alone_ctx
{
  atomic_bool first_reported;
  atomic_bool too_early;
};

static int
visit_alone (struct libfts_walk_entry *e, void *arg)
{
  struct alone_ctx *a = arg;
  if (e->level == 0 && strcmp (e->name, "root/g00") == 0
      && !atomic_load (&a->first_reported))
    atomic_store (&a->too_early, true);
  /* Time for another thread to take the second root, if it may.  */
  if (e->level == 0 && e->info == FTS_D
      && strcmp (e->name, "root/g00/d00") == 0)
    nanosleep (&(struct timespec) { 0, 50000000 }, NULL);
  if (libfts_walk_report (e, e->info, 0, e->level) != 0)
    abort ();
  return LIBFTS_WALK_CONTINUE;
}

static int
report_alone (const struct libfts_walk_report *r, void *arg)
{
  struct alone_ctx *a = arg;
  if (r->level == 0 && r->info == FTS_DP
      && strcmp (r->path, "root/g00/d00") == 0)
    atomic_store (&a->first_reported, true);
  return 0;
}

/* A root given alone (root/g00, which holds the first) is walked only
   once the first is finished and its reports delivered.  */
START_TEST (test_alone_waits)
{
  make_wide ("root", 1, 20, 20);
  char *roots[] = { (char *) "root/g00/d00", (char *) "root/g00", NULL };
  bool alone[] = { false, true };
  struct source s = { .roots = roots, .alone = alone, .fail_at = -1 };
  struct alone_ctx a = { 0 };
  LIBFTS_WALK *w = open_next (&s, LIBFTS_WALK_ORDERED, THREADS (_i));
  ck_assert_int_eq (libfts_walk_run (w, visit_alone, report_alone, &a), 0);
  ck_assert_int_eq (libfts_walk_close (w), 0);
  ck_assert (atomic_load (&a.first_reported));
  ck_assert_msg (!atomic_load (&a.too_early),
                 "the alone root was walked before the first was reported");
}
END_TEST

/* A root alone after one whose large directory the threads shared in
   slices (LIBFTS_WALK_SPLIT): it waits for that root, not for its
   slices (which once counted as roots, and left it waiting for ever).  */
START_TEST (test_alone_after_split)
{
  make_big_dir ("big", 3000, 3000);
  char *roots[] = { (char *) "big", (char *) "big", NULL };
  bool alone[] = { false, true };
  struct source s = { .roots = roots, .alone = alone, .fail_at = -1 };
  struct rctx r = { .c = CTX_INIT, .src = &s };
  r.c.report_codes = 1;
  r.c.roots = roots;
  const char *expected = seq_lines (roots, SEQ_OPTIONS, KEEP_THRESHOLD,
                                    false);
  LIBFTS_WALK *w = open_next (&s, LIBFTS_WALK_ORDERED | LIBFTS_WALK_SPLIT,
                              THREADS (_i));
  ck_assert_int_eq (walk_run (w, visit_counting, report_log, &r.c), 0);
  assert_same_lines (expected, log_text (&r.c.reports, false),
                     "ordered reports");
  assert_same_lines (sorted_lines (expected), log_text (&r.c.visits, true),
                     "visits");
}
END_TEST

/* A source whose end a thread of the walk finds after every root is
   finished, while the calling thread sleeps, waiting for that end: it
   must be woken (it once slept for good; tests/chown/overlap-big-dir.sh
   hung so under ThreadSanitizer).  The end is told late, so that the
   caller is asleep by then.  */
struct late_end
{
  pthread_t caller;
  int next;
  atomic_int ends_by_others;    /* ends found by threads of the walk */
};

static int
next_alone_late_end (void *arg, int wait, char **root)
{
  struct late_end *l = arg;
  if (l->next == 3)
    {
      bool caller = pthread_equal (pthread_self (), l->caller);
      /* Not yet, to the caller: so that another thread, more often,
         meets the end.  */
      if (caller && !wait)
        {
          errno = EAGAIN;
          return -1;
        }
      if (!caller)
        {
          atomic_fetch_add (&l->ends_by_others, 1);
          nanosleep (&(struct timespec) { 0, 20000000 }, NULL);
        }
      return 0;
    }
  *root = xasprintf ("root/g%02d", l->next++);
  return LIBFTS_WALK_ROOT_ALONE;
}

/* VISIT: visit_report_all, slower on the calling thread (ARG's c first,
   then the caller's id), so that the others finish the roots more
   often.  */
struct late_ctx
{
  struct ctx c;
  pthread_t caller;
};

static int
visit_slow_caller (struct libfts_walk_entry *e, void *arg)
{
  struct late_ctx *lc = arg;
  if (e->level == 1 && e->info == FTS_D
      && pthread_equal (pthread_self (), lc->caller))
    nanosleep (&(struct timespec) { 0, 2000000 }, NULL);
  return visit_report_all (e, &lc->c);
}

START_TEST (test_end_found_by_another)
{
  make_wide ("root", 3, 8, 2);
  int ends_by_others = 0;
  /* Until another thread met the end 3 times: in most rounds the
     caller meets it, and 400 rounds met none 2 times in 10 on an idle
     machine (8350a90).  One round with one thread: no other there.  */
  int rounds = THREADS (_i) > 1 ? 2000 : 1;
  /* One log for all the rounds, freed at the end by log_text.  */
  struct late_ctx lc = { .c = CTX_INIT, .caller = pthread_self () };
  for (int round = 0; round < rounds && ends_by_others < 3; round++)
    {
      struct late_end l = { .caller = pthread_self () };
      long before = atomic_load (&lc.c.nreports);
      LIBFTS_WALK *w = libfts_walk_open_next (next_alone_late_end, &l,
                                              LIBFTS_WALK_ORDERED);
      ck_assert_ptr_nonnull (w);
      ck_assert_int_eq (libfts_walk_set_threads (w, THREADS (_i)), 0);
      ck_assert_int_eq (walk_run (w, visit_slow_caller, report_log, &lc.c),
                        0);
      /* Each root: itself before and after, its 8 directories, each
         before and after, and their two files.  */
      ck_assert_int_eq (atomic_load (&lc.c.nreports) - before,
                        3 * (2 + 8 * 4));
      ends_by_others += atomic_load (&l.ends_by_others);
    }
  log_text (&lc.c.reports, false);        /* frees the log's lines */
  log_text (&lc.c.visits, false);
  /* Else the case was never met: the test would prove nothing.  */
  if (THREADS (_i) > 1)
    ck_assert_int_gt (ends_by_others, 0);
}
END_TEST

/* ---- the source ----------------------------------------------------------- */

/* A source that often has nothing ready: every root is still walked, in
   order, and it is told it may wait only when no root is open.  */
START_TEST (test_source_eagain)
{
  make_wide ("root", 3, 10, 3);
  char **roots = wide_roots (3, 10);
  struct source s = { .roots = roots, .eagain_every = 2, .fail_at = -1 };
  check_source (roots, &s, THREADS (_i));
  ck_assert (!s.waited_with_open);
  free_roots (roots);
}
END_TEST

/* A source that fails: the walk reports it (LIBFTS_WALK_FAILED, EIO)
   after the roots given before, and returns -1 with EIO.  */
struct fail_ctx
{
  struct ctx c;                 /* first: visit_report_all gets it */
  int failed;                   /* the failure's errno, as reported */
};

static int
report_failed (const struct libfts_walk_report *r, void *arg)
{
  struct fail_ctx *f = arg;
  if (r->code == LIBFTS_WALK_FAILED)
    f->failed = r->err;
  return 0;
}

START_TEST (test_source_fails)
{
  make_wide ("root", 1, 5, 3);
  char **roots = wide_roots (1, 5);
  struct source s = { .roots = roots, .fail_at = 2 };
  struct fail_ctx f = { .c = CTX_INIT };
  LIBFTS_WALK *w = open_next (&s, LIBFTS_WALK_ORDERED, THREADS (_i));
  ck_assert_int_eq (libfts_walk_run (w, visit_report_all, report_failed,
                                     &f), -1);
  ck_assert_int_eq (errno, EIO);
  ck_assert_int_eq (f.failed, EIO);
  ck_assert_int_eq (libfts_walk_close (w), 0);
  free_roots (roots);
}
END_TEST

/* 1,000 roots: never more than the window's 256 given and not finished.  */
START_TEST (test_window_bounded)
{
  ck_assert_int_eq (mkdir ("root", 0700), 0);
  char **roots = must (calloc (1001, sizeof *roots));
  for (int i = 0; i < 1000; i++)
    {
      roots[i] = xasprintf ("root/e%04d", i);
      ck_assert_int_eq (mkdir (roots[i], 0700), 0);
    }
  struct source s = { .roots = roots, .fail_at = -1 };
  check_source (roots, &s, THREADS (_i));
  ck_assert_int_le (s.most_open, 256);
  ck_assert_int_eq (s.next, 1000);
  free_roots (roots);
}
END_TEST

START_TEST (test_open_next_einval)
{
  errno = 0;
  ck_assert_ptr_null (libfts_walk_open_next (NULL, NULL, 0));
  ck_assert_int_eq (errno, EINVAL);
  ck_assert_ptr_null (libfts_walk_open_next (next_root, NULL, 0x10000));
  ck_assert_int_eq (errno, EINVAL);
}
END_TEST

/* ---- the suite ------------------------------------------------------------ */

static Suite *
roots_suite (void)
{
  Suite *s = suite_create ("fts-walk-roots");
  TCase *tc;

  tc = unit_tcase ("order");
  add_threaded (tc, test_source_ordered, 1);
  add_threaded (tc, test_alone_waits, 1);
  add_threaded (tc, test_alone_after_split, 1);
  add_threaded (tc, test_end_found_by_another, 1);
  tcase_add_test (tc, test_roots_at_once);
  tcase_add_test (tc, test_listed_roots_one_by_one);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("source");
  add_threaded (tc, test_source_eagain, 1);
  add_threaded (tc, test_source_fails, 1);
  add_threaded (tc, test_window_bounded, 1);
  tcase_add_test (tc, test_open_next_einval);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return unit_main (roots_suite ());
}

/* check-fts-walk-threads.c: the parallel walk's threads (started
   lazily, bounded, more where requests wait on a server,
   LIBFTS_THREADS) and a budget of requests in flight shared by walks.

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

/* ---- threads ---------------------------------------------------------------- */

/* Tasks (threads) of this process, or -1; callable from any thread.  */
static int
count_tasks (void)
{
  DIR *d = opendir ("/proc/self/task");
  if (!d)
    return -1;
  int n = 0;
  struct dirent *e;
  while ((e = readdir (d)))
    n += e->d_name[0] != '.';
  closedir (d);
  return n;
}

/* Whether the thread TID is still in /proc: a joined thread may linger
   there a moment, so give it a second.  */
static bool
thread_lingers (pid_t tid)
{
  char *path = unit_fmt ("/proc/self/task/%d", (int) tid);
  for (int i = 0; i < 100; i++)
    {
      if (access (path, F_OK) != 0)
        return false;
      usleep (10000);
    }
  return true;
}

/* Start and join a thread: a runtime (a sanitizer's) may start a helper
   thread of its own at the first pthread_create, which must not count as
   one of the walk's.  The joined thread itself must be gone from /proc
   before counting, or it would count as one of those there before.  */
static void *
note_tid (void *arg)
{
  *(pid_t *) arg = gettid ();
  return arg;
}

static int
tasks_before_walk (void)
{
  pthread_t t;
  pid_t tid = 0;
  ck_assert_int_eq (pthread_create (&t, NULL, note_tid, &tid), 0);
  ck_assert_int_eq (pthread_join (t, NULL), 0);
  ck_assert_msg (!thread_lingers (tid), "thread %d still there", (int) tid);
  return count_tasks ();
}

enum { MAX_TIDS = 1100 };

struct threads_ctx
{
  struct ctx c;
  pid_t caller;
  atomic_int max_tasks;
  pthread_mutex_t lock;
  pid_t tids[MAX_TIDS];         /* the threads VISIT ran on */
  int ntids;
};

static int
visit_threads (struct libfts_walk_entry *e, void *arg)
{
  struct threads_ctx *t = arg;
  atomic_fetch_add (&t->c.nvisits, 1);
  atomic_max_int (&t->max_tasks, count_tasks ());
  pid_t tid = gettid ();
  pthread_mutex_lock (&t->lock);
  int i = 0;
  while (i < t->ntids && t->tids[i] != tid)
    i++;
  if (i == t->ntids && i < MAX_TIDS)
    t->tids[t->ntids++] = tid;
  pthread_mutex_unlock (&t->lock);
  return LIBFTS_WALK_CONTINUE;
}

/* Walk a wide tree with W (just opened); return the tasks seen at most
   during the walk, beyond those there were before (BASE, from
   tasks_before_walk).  */
static int
walk_counting_threads (LIBFTS_WALK *w, struct threads_ctx *t, int base)
{
  t->caller = gettid ();
  ck_assert_int_eq (count_tasks (), base);      /* open starts none */
  ck_assert_int_eq (walk_run (w, visit_threads, NULL, &t->c), 0);
  /* root and g00 twice, 100 directories twice, 500 files.  */
  ck_assert_int_eq (atomic_load (&t->c.nvisits), 2 * 102 + 500);
  for (int i = 0; i < t->ntids; i++)              /* all gone */
    ck_assert_msg (t->tids[i] == t->caller || !thread_lingers (t->tids[i]),
                   "thread %d still there after the run", (int) t->tids[i]);
  return atomic_load (&t->max_tasks) - base;
}

#define THREADS_CTX_INIT { .c = CTX_INIT, .lock = PTHREAD_MUTEX_INITIALIZER }

/* One thread: the walk runs on the caller alone and starts none.  */
START_TEST (test_one_thread)
{
  unit_make ("root/");
  make_wide ("root", 1, 100, 5);
  int base = tasks_before_walk ();
  struct threads_ctx t = THREADS_CTX_INIT;
  LIBFTS_WALK *w = walk_open (root_only, 0, 1, KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_counting_threads (w, &t, base), 0);
  ck_assert_int_eq (t.ntids, 1);
  ck_assert_int_eq (t.tids[0], t.caller);
}
END_TEST

/* N threads, the caller included: never more, and on a wide tree (100
   directories to read) some are started.  The explicit count wins over
   LIBFTS_THREADS.  */
START_TEST (test_threads_bounded)
{
  static const unsigned counts[] = { 2, 8, 64 };
  unsigned n = counts[_i];
  unit_make ("root/");
  make_wide ("root", 1, 100, 5);
  ck_assert_int_eq (setenv ("LIBFTS_THREADS", "1", 1), 0);
  int base = tasks_before_walk ();
  struct threads_ctx t = THREADS_CTX_INIT;
  LIBFTS_WALK *w = walk_open (root_only, 0, n, KEEP_THRESHOLD, false);
  int extra = walk_counting_threads (w, &t, base);
  ck_assert_int_le (extra, n - 1);
  ck_assert_int_ge (extra, 1);
  ck_assert_int_le (t.ntids, n);
}
END_TEST

/* Where requests wait on a server (LIBFTS_STORAGE=remote), the walk
   starts a thread for each directory waiting, up to its in-flight bound
   (16 here), beyond the 2 threads it has where the processor is the
   limit; variant 1: LIBFTS_STORAGE=local, the CPU rule (one thread more
   per push, at most 2 in all); variant 2: remote, no bound set but the
   threads (3), which then bound it.  */
START_TEST (test_remote_threads)
{
  static const char *const storage[] = { "remote", "local", "remote" };
  unit_make ("root/");
  make_wide ("root", 1, 100, 5);
  ck_assert_int_eq (setenv ("LIBFTS_STORAGE", storage[_i], 1), 0);
  int base = tasks_before_walk ();
  struct threads_ctx t = THREADS_CTX_INIT;
  LIBFTS_WALK *w = walk_open (root_only, 0, _i == 2 ? 3 : 2, KEEP_THRESHOLD,
                              false);
  if (_i < 2)
    ck_assert_int_eq (libfts_walk_set_inflight (w, 16), 0);
  int extra = walk_counting_threads (w, &t, base);
  ck_assert_int_eq (unsetenv ("LIBFTS_STORAGE"), 0);
  if (_i == 0)
    {
      ck_assert_int_gt (extra, 2);
      ck_assert_int_le (extra, 15);
    }
  else
    ck_assert_int_le (extra, _i == 1 ? 1 : 2);
}
END_TEST

/* ---- a budget shared by walks ------------------------------------------ */

/* What the walks sharing a budget note: how many threads are in VISIT at
   once, at most, over all of them.  */
struct budget_ctx
{
  atomic_int in_visit, most, visits;
};

/* VISIT: inside for 200 us, as a request to a server would be.  */
static int
visit_budget (struct libfts_walk_entry *e, void *arg)
{
  struct budget_ctx *b = arg;
  (void) e;
  int now = atomic_fetch_add (&b->in_visit, 1) + 1;
  int most = atomic_load (&b->most);
  while (now > most && !atomic_compare_exchange_weak (&b->most, &most, now))
    continue;
  usleep (200);
  atomic_fetch_sub (&b->in_visit, 1);
  atomic_fetch_add (&b->visits, 1);
  return LIBFTS_WALK_CONTINUE;
}

struct budget_run
{
  LIBFTS_WALK *w;
  libfts_walk_report_fn report;
  void *arg;
  int r;
};

static void *
budget_runner (void *arg)
{
  struct budget_run *r = arg;
  r->r = libfts_walk_run (r->w, visit_budget, r->report, r->arg);
  return NULL;
}

/* Trees a and b, 40 directories of 5 files each below a directory,
   where requests wait on a server (LIBFTS_STORAGE=remote, unset by the
   test), and a budget of N.  */
static LIBFTS_WALK_BUDGET *
remote_trees_and_budget (unsigned n)
{
  unit_make ("a/");
  unit_make ("b/");
  make_wide ("a", 1, 40, 5);
  make_wide ("b", 1, 40, 5);
  ck_assert_int_eq (setenv ("LIBFTS_STORAGE", "remote", 1), 0);
  LIBFTS_WALK_BUDGET *budget = libfts_walk_budget_new (n);
  ck_assert_ptr_nonnull (budget);
  return budget;
}

/* Two walks of 8 threads each, where requests wait on a server, run at
   once with a budget of 3 between them: never more than 3 threads in
   VISIT at once in all, and more than 1 (variant 1, no budget: up to 16,
   more than 3).  Every entry visited once.  */
START_TEST (test_budget_shared)
{
  LIBFTS_WALK_BUDGET *budget = remote_trees_and_budget (3);
  ck_assert_uint_eq (libfts_walk_budget_size (budget), 3);
  struct budget_ctx c = { 0 };
  char *ra[] = { (char *) "a", NULL }, *rb[] = { (char *) "b", NULL };
  struct budget_run runs[2] = {
    { .w = walk_open (ra, 0, 8, KEEP_THRESHOLD, false), .arg = &c },
    { .w = walk_open (rb, 0, 8, KEEP_THRESHOLD, false), .arg = &c }
  };
  pthread_t tids[2];
  for (int i = 0; i < 2; i++)
    {
      if (_i == 0)
        ck_assert_int_eq (libfts_walk_set_budget (runs[i].w, budget), 0);
      ck_assert_int_eq (pthread_create (&tids[i], NULL, budget_runner,
                                        &runs[i]), 0);
    }
  for (int i = 0; i < 2; i++)
    {
      ck_assert_int_eq (pthread_join (tids[i], NULL), 0);
      ck_assert_int_eq (runs[i].r, 0);
      errno = 0;
      ck_assert_int_eq (libfts_walk_set_budget (runs[i].w, budget), -1);
      ck_assert_int_eq (errno, EINVAL);
      ck_assert_int_eq (libfts_walk_close (runs[i].w), 0);
    }
  ck_assert_int_eq (unsetenv ("LIBFTS_STORAGE"), 0);
  /* root, g00, 40 directories: twice each; 200 files; in each tree.  */
  ck_assert_int_eq (atomic_load (&c.visits), 2 * (2 * 42 + 200));
  if (_i == 0)
    {
      ck_assert_int_le (atomic_load (&c.most), 3);
      ck_assert_int_gt (atomic_load (&c.most), 1);
    }
  else
    ck_assert_int_gt (atomic_load (&c.most), 3);
  ck_assert_int_eq (libfts_walk_budget_free (budget), 0);
}
END_TEST

/* A file system's type is asked once for all a walk's threads, and once
   for all the walks of a budget: variant 0, a walk of 8 threads where
   requests wait on a server, whose visits overlap; variant 1, two such
   walks sharing a budget, one after the other (an MPI rank's tasks: one
   statfs to the server for each thread of each task was 1,865 for the
   9 of one walk).  */
START_TEST (test_statfs_once)
{
  LIBFTS_WALK_BUDGET *budget = remote_trees_and_budget (8);
  struct budget_ctx c = { 0 };
  char *roots[][2] = { { (char *) "a", NULL }, { (char *) "b", NULL } };
  unsigned long long calls = 0;
  for (int i = 0; i <= _i; i++)
    {
      LIBFTS_WALK *w = walk_open (roots[i], 0, 8, KEEP_THRESHOLD, false);
      if (_i == 1)
        ck_assert_int_eq (libfts_walk_set_budget (w, budget), 0);
      ck_assert_int_eq (libfts_walk_run (w, visit_budget, NULL, &c), 0);
      struct libfts_stats st;
      ck_assert_int_eq (libfts_walk_get_stats (w, &st, sizeof st), 0);
      calls += st.statfs_calls;
      ck_assert_int_eq (libfts_walk_close (w), 0);
    }
  ck_assert_int_eq (unsetenv ("LIBFTS_STORAGE"), 0);
  ck_assert_int_gt (atomic_load (&c.most), 1);
  ck_assert_uint_eq (calls, 1);
  ck_assert_int_eq (libfts_walk_budget_free (budget), 0);
}
END_TEST

/* Walk A's REPORT waits until walk B, which shares a budget of 1 with
   it, is over: it pauses first (libfts_walk_budget_pause), so B finds
   room and both end; without the pause they would wait for each other
   forever.  */
struct pause_ctx
{
  struct budget_ctx c;
  pthread_mutex_t lock;
  pthread_cond_t cond;
  bool b_over;
  int reports;
};

static int
report_waits_for_b (const struct libfts_walk_report *r, void *arg)
{
  struct pause_ctx *p = arg;
  (void) r;
  libfts_walk_budget_pause ();
  pthread_mutex_lock (&p->lock);
  while (!p->b_over)
    pthread_cond_wait (&p->cond, &p->lock);
  p->reports++;
  pthread_mutex_unlock (&p->lock);
  libfts_walk_budget_resume ();
  return 0;
}

static int
visit_reporting (struct libfts_walk_entry *e, void *arg)
{
  visit_budget (e, arg);
  return libfts_walk_report (e, 0, 0, 0) == 0 ? LIBFTS_WALK_CONTINUE
                                                : LIBFTS_WALK_STOP;
}

static void *
pause_runner (void *arg)
{
  struct budget_run *r = arg;
  r->r = libfts_walk_run (r->w, visit_reporting, r->report, r->arg);
  return NULL;
}

START_TEST (test_budget_pause)
{
  unit_make ("a/");
  unit_make ("b/");
  make_wide ("a", 1, 3, 2);
  make_wide ("b", 1, 3, 2);
  LIBFTS_WALK_BUDGET *budget = libfts_walk_budget_new (1);
  ck_assert_ptr_nonnull (budget);
  struct pause_ctx p = { .lock = PTHREAD_MUTEX_INITIALIZER,
                         .cond = PTHREAD_COND_INITIALIZER };
  char *ra[] = { (char *) "a", NULL }, *rb[] = { (char *) "b", NULL };
  struct budget_run a = { .w = walk_open (ra, LIBFTS_WALK_ORDERED, 2,
                                          KEEP_THRESHOLD, false),
                          .report = report_waits_for_b, .arg = &p };
  LIBFTS_WALK *b = walk_open (rb, 0, 2, KEEP_THRESHOLD, false);
  ck_assert_int_eq (libfts_walk_set_budget (a.w, budget), 0);
  ck_assert_int_eq (libfts_walk_set_budget (b, budget), 0);
  pthread_t tid;
  ck_assert_int_eq (pthread_create (&tid, NULL, pause_runner, &a), 0);
  while (atomic_load (&p.c.visits) == 0)     /* A holds the room */
    usleep (1000);
  ck_assert_int_eq (libfts_walk_run (b, visit_budget, NULL, &p.c), 0);
  pthread_mutex_lock (&p.lock);
  p.b_over = true;
  pthread_cond_broadcast (&p.cond);
  pthread_mutex_unlock (&p.lock);
  ck_assert_int_eq (pthread_join (tid, NULL), 0);
  ck_assert_int_eq (a.r, 0);
  /* root, g00, 3 directories: twice each; 6 files; in each tree.  */
  ck_assert_int_eq (atomic_load (&p.c.visits), 2 * (2 * 5 + 6));
  ck_assert_int_eq (p.reports, 2 * 5 + 6);
  ck_assert_int_eq (atomic_load (&p.c.most), 1);
  ck_assert_int_eq (libfts_walk_close (a.w), 0);
  ck_assert_int_eq (libfts_walk_close (b), 0);
  ck_assert_int_eq (libfts_walk_budget_free (budget), 0);
}
END_TEST

/* The budget's API: sizes, the environment's default, a thread's own
   unit outside any walk, and the errors.  */
START_TEST (test_budget_api)
{
  errno = 0;
  ck_assert_ptr_null (libfts_walk_budget_new (1025));
  ck_assert_int_eq (errno, EINVAL);
  ck_assert_int_eq (setenv ("LIBFTS_INFLIGHT", "5", 1), 0);
  LIBFTS_WALK_BUDGET *b = libfts_walk_budget_new (0);
  ck_assert_int_eq (unsetenv ("LIBFTS_INFLIGHT"), 0);
  ck_assert_ptr_nonnull (b);
  ck_assert_uint_eq (libfts_walk_budget_size (b), 5);
  ck_assert_uint_eq (libfts_walk_budget_size (NULL), 0);
  errno = 0;
  ck_assert_int_eq (libfts_walk_budget_release (b), -1);   /* none held */
  ck_assert_int_eq (errno, EINVAL);
  ck_assert_uint_eq (libfts_walk_budget_used (b), 0);
  ck_assert_uint_eq (libfts_walk_budget_used (NULL), 0);
  ck_assert_int_eq (libfts_walk_budget_acquire (b), 0);
  ck_assert_uint_eq (libfts_walk_budget_used (b), 1);
  errno = 0;
  ck_assert_int_eq (libfts_walk_budget_acquire (b), -1);   /* one held */
  ck_assert_int_eq (errno, EINVAL);
  errno = 0;
  ck_assert_int_eq (libfts_walk_budget_free (b), -1);
  ck_assert_int_eq (errno, EBUSY);
  libfts_walk_budget_pause ();          /* outside a walk too */
  ck_assert_int_eq (libfts_walk_budget_acquire (b), 0);
  ck_assert_int_eq (libfts_walk_budget_release (b), 0);
  libfts_walk_budget_resume ();
  ck_assert_int_eq (libfts_walk_budget_release (b), 0);
  ck_assert_uint_eq (libfts_walk_budget_used (b), 0);
  errno = 0;
  ck_assert_int_eq (libfts_walk_budget_acquire (NULL), -1);
  ck_assert_int_eq (errno, EINVAL);
  errno = 0;
  ck_assert_int_eq (libfts_walk_set_budget (NULL, b), -1);
  ck_assert_int_eq (errno, EINVAL);
  ck_assert_int_eq (libfts_walk_budget_free (b), 0);
  ck_assert_int_eq (libfts_walk_budget_free (NULL), 0);
}
END_TEST

/* A chain never has two directories to read at once (each has one
   subdirectory, read after it): no thread is started, whatever the
   count.  */
START_TEST (test_chain_starts_no_thread)
{
  unit_make ("root/");
  unit_make_chain ("root", 50, "d", "e f");
  int base = tasks_before_walk ();
  struct threads_ctx t = THREADS_CTX_INIT;
  LIBFTS_WALK *w = walk_open (root_only, 0, 8, KEEP_THRESHOLD, false);
  t.caller = gettid ();
  ck_assert_int_eq (walk_run (w, visit_threads, NULL, &t.c), 0);
  ck_assert_int_eq (atomic_load (&t.c.nvisits), 4 * 51);
  ck_assert_int_eq (atomic_load (&t.max_tasks), base);
  ck_assert_int_eq (t.ntids, 1);
}
END_TEST

/* libfts_default_threads: LIBFTS_THREADS from 1 to 1024, else four per
   processor the process may run on, at most 32.  */
START_TEST (test_default_threads)
{
  cpu_set_t set;
  ck_assert_int_eq (sched_getaffinity (0, sizeof set, &set), 0);
  unsigned usable = CPU_COUNT (&set);
  unsigned fallback = 4 * usable < 32 ? 4 * usable : 32;
  static const char *const valid[] = { "1", "3", "1024" };
  static const unsigned value[] = { 1, 3, 1024 };
  for (int i = 0; i < 3; i++)
    {
      ck_assert_int_eq (setenv ("LIBFTS_THREADS", valid[i], 1), 0);
      ck_assert_uint_eq (libfts_default_threads (), value[i]);
    }
  static const char *const invalid[] = { "0", "1025", "-2", "abc", "", "3x",
                                         "99999999999999999999" };
  for (size_t i = 0; i < sizeof invalid / sizeof *invalid; i++)
    {
      ck_assert_int_eq (setenv ("LIBFTS_THREADS", invalid[i], 1), 0);
      ck_assert_msg (libfts_default_threads () == fallback,
                     "LIBFTS_THREADS=\"%s\": %u threads, %u expected",
                     invalid[i], libfts_default_threads (), fallback);
    }
  ck_assert_int_eq (unsetenv ("LIBFTS_THREADS"), 0);
  ck_assert_uint_eq (libfts_default_threads (), fallback);
}
END_TEST

/* LIBFTS_THREADS, set before the walk is opened, is the thread count when
   none is set (variant 0) or when 0 is (variant 1): "1" keeps the walk
   on the caller, "3" uses 3 threads at most.  */
START_TEST (test_threads_env)
{
  unit_make ("root/");
  make_wide ("root", 1, 100, 5);
  int base = tasks_before_walk ();
  static const char *const env[] = { "1", "3" };
  for (int k = 0; k < 2; k++)
    {
      ck_assert_int_eq (setenv ("LIBFTS_THREADS", env[k], 1), 0);
      struct threads_ctx t = THREADS_CTX_INIT;
      LIBFTS_WALK *w = libfts_walk_open (root_only, 0);
      ck_assert_ptr_nonnull (w);
      if (_i == 1)
        ck_assert_int_eq (libfts_walk_set_threads (w, 0), 0);
      int extra = walk_counting_threads (w, &t, base);
      if (k == 0)
        {
          ck_assert_int_eq (extra, 0);
          ck_assert_int_eq (t.ntids, 1);
        }
      else
        {
          ck_assert_int_le (extra, 2);
          ck_assert_int_le (t.ntids, 3);
        }
    }
}
END_TEST

/* 64 threads on trees with next to nothing to share.  Variant 0: an
   empty directory, 1: a file as root, 2: one directory with two.  */
START_TEST (test_many_threads_small_tree)
{
  static const char *const trees[] = {
    "root/", "root", "root/a/f root/b/"
  };
  unit_make (trees[_i]);
  const char *expected = sorted_lines (seq_lines (root_only, SEQ_OPTIONS,
                                                  KEEP_THRESHOLD, false));
  struct ctx c = CTX_INIT;
  LIBFTS_WALK *w = walk_open (root_only, 0, 64, KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (w, visit_log, NULL, &c), 0);
  assert_same_lines (expected, log_text (&c.visits, true), "visits");
}
END_TEST

/* ---- the suite ---------------------------------------------------------- */

static Suite *
threads_suite (void)
{
  Suite *s = suite_create ("fts-walk-threads");
  TCase *tc;

  tc = unit_tcase ("threads");
  tcase_add_test (tc, test_one_thread);
  tcase_add_test (tc, test_chain_starts_no_thread);
  tcase_add_loop_test (tc, test_remote_threads, 0, 3);
  tcase_add_loop_test (tc, test_threads_bounded, 0, 3);
  tcase_add_test (tc, test_default_threads);
  tcase_add_loop_test (tc, test_threads_env, 0, 2);
  tcase_add_loop_test (tc, test_many_threads_small_tree, 0, 3);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("budget");
  tcase_add_loop_test (tc, test_budget_shared, 0, 2);
  tcase_add_test (tc, test_budget_pause);
  tcase_add_test (tc, test_budget_api);
  tcase_add_loop_test (tc, test_statfs_once, 0, 2);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return unit_main (threads_suite ());
}

/* check-fts-walk.c: the parallel walk (lib/fts-walk*.c), seen through the
   contract at the end of fts.h: libfts_walk_open, _set_threads, _run,
   _close, the VISIT callback and the helpers VISIT may call: every entry
   once, post-order, large directories shared, stopping, vanishing
   entries, permissions, counters and the API's edges.  Removal, deep
   chains and the symlink-swap race are check-fts-walk-rm.c's; holds,
   hand-outs and flags check-fts-walk-hold.c's; descriptors, threads and
   budgets check-fts-walk-threads.c's; reports and their order
   check-fts-walk-emit.c's; the roots check-fts-walk-roots.c's.  What the
   suites share (trees, the reference walk, the callbacks' log) is in
   walk-harness.h, which says how the tests keep clear of the walk's
   threads.

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

/* ---- lines and files ---------------------------------------------------- */

/* Whether TEXT has LINE (newline included) as one of its lines.  */
static bool
has_line (const char *text, const char *line)
{
  for (const char *p = text; (p = strstr (p, line)); p++)
    if (p == text || p[-1] == '\n')
      return true;
  return false;
}

/* ---- every entry once, as fts_read says ------------------------------------ */

/* Whether E is well formed: a root by its path with AT_FDCWD, others by a
   bare name that is in E->dirfd; the type the walk says is the one the
   entry has; a stat buffer exactly when the contract promises one (at
   FTS_D, for roots, for all with LIBFTS_WALK_STAT; never at FTS_NSOK,
   FTS_NS or in post-order).  */
static void
check_entry (struct log *l, const struct libfts_walk_entry *e, bool stat_all,
             dev_t root_dev)
{
  if (e->namelen != strlen (e->name))
    log_fault (l, "%s: namelen %zu", e->name, e->namelen);
  if ((e->level == 0) != (e->dirfd == AT_FDCWD))
    log_fault (l, "%s: level %ld with dirfd %d", e->name, e->level, e->dirfd);
  if (e->level > 0 && strchr (e->name, '/'))
    log_fault (l, "%s: not a bare name", e->name);
  if (e->root_dev != root_dev)
    log_fault (l, "%s: root_dev differs", e->name);

  bool want_st;
  switch (e->info)
    {
    case FTS_NS:
    case FTS_NSOK:
    case FTS_DP:
    case FTS_ERR:
      want_st = false;
      break;
    case FTS_D:
      want_st = true;
      break;
    default:
      want_st = stat_all || e->level == 0;
      break;
    }
  if ((e->st != NULL) != want_st)
    log_fault (l, "%s: info %d level %ld with st %p", e->name, e->info,
               e->level, (void *) e->st);
  if (e->info == FTS_NSOK && stat_all)
    log_fault (l, "%s: FTS_NSOK with LIBFTS_WALK_STAT", e->name);

  struct stat st;
  if (fstatat (e->dirfd, e->name, &st, AT_SYMLINK_NOFOLLOW) != 0)
    {
      log_fault (l, "%s: not in its dirfd: %s", e->name, strerror (errno));
      return;
    }
  if (DTTOIF (e->d_type) != (st.st_mode & S_IFMT))
    log_fault (l, "%s: d_type %d, mode %o", e->name, e->d_type, st.st_mode);
  if (e->st && (e->st->st_ino != st.st_ino || e->st->st_dev != st.st_dev))
    log_fault (l, "%s: st is of another file", e->name);
}

struct once_ctx
{
  struct ctx c;
  bool stat_all;
  dev_t root_dev;
};

static int
visit_check_log (struct libfts_walk_entry *e, void *arg)
{
  struct once_ctx *o = arg;
  check_entry (&o->c.visits, e, o->stat_all, o->root_dev);
  return visit_log (e, &o->c);
}

/* Walk the mixed tree with OPTIONS and compare the visits, as a set, with
   a sequential walk with SEQ_OPTIONS.  */
static void
check_visited_once (unsigned threads, int options, int seq_options)
{
  make_mixed ();
  struct stat st;
  ck_assert_int_eq (lstat ("root", &st), 0);
  const char *expected = sorted_lines (seq_lines (root_only, seq_options,
                                                  KEEP_THRESHOLD, false));
  struct once_ctx o = { .c = CTX_INIT, .root_dev = st.st_dev,
                        .stat_all = options & LIBFTS_WALK_STAT };
  LIBFTS_WALK *w = walk_open (root_only, options, threads, KEEP_THRESHOLD,
                              false);
  ck_assert_int_eq (walk_run (w, visit_check_log, NULL, &o.c), 0);
  assert_same_lines (expected, log_text (&o.c.visits, true), "visits");
}

/* Every file, symlink, fifo and directory is visited exactly once (each
   directory once more at FTS_DP), with fts_read's info and path.  */
START_TEST (test_visit_once)
{
  check_visited_once (THREADS (_i), 0, SEQ_OPTIONS);
}
END_TEST

/* With LIBFTS_WALK_STAT, infos are those of a walk without FTS_NOSTAT.  */
START_TEST (test_visit_once_stat)
{
  check_visited_once (THREADS (_i), LIBFTS_WALK_STAT,
                      FTS_PHYSICAL | FTS_DIRFD);
}
END_TEST

/* LIBFTS_WALK_TRUST_SHORT_READS changes nothing on a tree left alone.  */
START_TEST (test_visit_once_short_reads)
{
  check_visited_once (THREADS (_i), LIBFTS_WALK_TRUST_SHORT_READS,
                      SEQ_OPTIONS);
}
END_TEST

/* ---- post-order ---------------------------------------------------------- */

/* A visit: path, info and when it happened.  */
struct event
{
  char *path;
  int info;
  long seq;
};

struct order_ctx
{
  struct ctx c;
  atomic_long seq;
  pthread_mutex_t lock;
  struct event *v;
  size_t n, cap;
};

static int
visit_sequence (struct libfts_walk_entry *e, void *arg)
{
  struct order_ctx *o = arg;
  long seq = atomic_fetch_add (&o->seq, 1);
  char *path = must (libfts_walk_path (e));
  pthread_mutex_lock (&o->lock);
  if (o->n == o->cap)
    {
      o->cap = o->cap ? 2 * o->cap : 1024;
      o->v = must (realloc (o->v, o->cap * sizeof *o->v));
    }
  o->v[o->n++] = (struct event) { path, e->info, seq };
  pthread_mutex_unlock (&o->lock);
  return LIBFTS_WALK_CONTINUE;
}

static int
compare_events (const void *a, const void *b)
{
  const struct event *x = a, *y = b;
  int c = strcmp (x->path, y->path);
  return c ? c : x->info - y->info;
}

/* The event of PATH with INFO in V (sorted), or null.  */
static const struct event *
find_event (const struct event *v, size_t n, const char *path, int info)
{
  struct event key = { (char *) path, info, 0 };
  return bsearch (&key, v, n, sizeof *v, compare_events);
}

/* Check that EV came after its ancestors' FTS_D and before their FTS_DP
   visits.  */
static void
check_within_ancestors (const struct event *v, size_t n,
                        const struct event *ev)
{
  char *anc = strdup (ev->path);
  ck_assert_ptr_nonnull (anc);
  for (char *slash; (slash = strrchr (anc, '/'));)
    {
      *slash = '\0';
      const struct event *d = find_event (v, n, anc, FTS_D);
      const struct event *dp = find_event (v, n, anc, FTS_DP);
      unit_check_msg (d && dp, "no FTS_D or FTS_DP visit of %s", anc);
      unit_check_msg (d->seq < ev->seq, "%s (%d) visited before %s's FTS_D",
                      ev->path, ev->info, anc);
      unit_check_msg (ev->seq < dp->seq, "%s (%d) visited after %s's FTS_DP",
                      ev->path, ev->info, anc);
    }
  free (anc);
}

/* A directory's FTS_DP comes after every visit of everything below it,
   and its FTS_D before.  */
START_TEST (test_post_order)
{
  unsigned threads = THREADS (_i);
  unit_make ("root/");
  make_wide ("root", 10, 10, 10);
  unit_make ("root/deep/1/2/3/4/5/6/7/8/f root/g03/d04/e/");
  struct order_ctx o = { .c = CTX_INIT, .lock = PTHREAD_MUTEX_INITIALIZER };
  LIBFTS_WALK *w = walk_open (root_only, 0, threads, KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (w, visit_sequence, NULL, &o.c), 0);
  qsort (o.v, o.n, sizeof *o.v, compare_events);
  /* 1 + 10 + 100 + 10 directories twice, 1,000 + 1 files.  */
  ck_assert_uint_eq (o.n, 2 * (1 + 10 + 100 + 10) + 1001);
  for (size_t i = 0; i < o.n; i++)
    {
      const struct event *ev = &o.v[i];
      if (ev->info == FTS_D)
        {
          const struct event *dp = find_event (o.v, o.n, ev->path, FTS_DP);
          unit_check_msg (dp && ev->seq < dp->seq, "%s: FTS_DP before FTS_D",
                          ev->path);
        }
      check_within_ancestors (o.v, o.n, ev);
    }
  for (size_t i = 0; i < o.n; i++)
    free (o.v[i].path);
  free (o.v);
}
END_TEST

/* ---- large directories shared by the threads ---------------------------- */

/* Which threads visited the files of root/flat.  */
struct split_ctx
{
  struct ctx c;
  pthread_mutex_t lock;
  pid_t tids[64];
  int ntids;
  atomic_int nshared;           /* visits marked shared */
};

/* VISIT: note the thread that visits a file of root/flat itself, slowly
   enough (20 us) for the other threads to come and help.  */
static int
visit_note_thread (struct libfts_walk_entry *e, void *arg)
{
  struct split_ctx *t = arg;
  atomic_fetch_add (&t->c.nvisits, 1);
  if (e->shared)
    atomic_fetch_add (&t->nshared, 1);
  if (e->level != 2 || e->name[0] != 'f' || e->d_type == DT_DIR)
    return LIBFTS_WALK_CONTINUE;
  usleep (20);
  pid_t me = gettid ();
  pthread_mutex_lock (&t->lock);
  int i = 0;
  while (i < t->ntids && t->tids[i] != me)
    i++;
  if (i == t->ntids && i < 64)
    t->tids[t->ntids++] = me;
  pthread_mutex_unlock (&t->lock);
  return LIBFTS_WALK_CONTINUE;
}

/* Without LIBFTS_WALK_SPLIT one thread visits the files of a directory;
   with it, more than one does (on 4 threads), each file once, and the
   visits say they are shared.  */
START_TEST (test_split_threads)
{
  make_flat_with_dirs (6000);
  for (int split = 0; split <= 1; split++)
    {
      struct split_ctx t = { .c = CTX_INIT,
                             .lock = PTHREAD_MUTEX_INITIALIZER };
      LIBFTS_WALK *w = walk_open (root_only, split ? LIBFTS_WALK_SPLIT : 0, 4,
                                  LIBFTS_INODE_SORT_NEVER, false);
      ck_assert_int_eq (walk_run (w, visit_note_thread, NULL, &t.c), 0);
      /* root, flat, d00000 and big twice; 61 dNNNNN and their s twice,
         their f; 5938 fNNNNN; 2999 gNNNNN.  */
      ck_assert_int_eq (atomic_load (&t.c.nvisits),
                        2 * 4 + 61 * 5 + 5938 + 2999);
      if (split)
        {
          ck_assert_msg (t.ntids > 1, "one thread visited the shared files");
          /* The files of flat and big, not the 5 entries of dNNNNN.  */
          ck_assert_int_eq (atomic_load (&t.nshared), 5938 + 2999);
        }
      else
        {
          ck_assert_int_eq (t.ntids, 1);
          ck_assert_int_eq (atomic_load (&t.nshared), 0);
        }
    }
}
END_TEST

/* ---- stopping early ---------------------------------------------------------- */

/* The stop tests' tree: STOP_DIRS directories of STOP_FILES files under
   root, 200 * 22 + 2 visits in all, and the visit that stops.  */
enum { STOP_DIRS = 200, STOP_FILES = 20, STOP_AT = 100,
       STOP_ALL = STOP_DIRS * (STOP_FILES + 2) + 2 };

struct stop_ctx
{
  struct ctx c;
  long stop_at;                 /* visits or reports before stopping */
  atomic_bool stopped;
  atomic_long late;             /* visits begun after the stop */
};

/* Count a visit that begins after the stop.  Between the callback that
   stopped the walk returning and the walk marking itself stopped, that
   thread may be preempted, and the others go on meanwhile: no bound holds
   for that window, so the first late visit of each thread leaves the
   processor to it for a while.  */
static void
count_late (struct stop_ctx *s)
{
  static _Thread_local bool waited;
  if (!atomic_load (&s->stopped))
    return;
  atomic_fetch_add (&s->late, 1);
  if (!waited)
    {
      waited = true;
      usleep (50000);
    }
}

static int
visit_stop (struct libfts_walk_entry *e, void *arg)
{
  struct stop_ctx *s = arg;
  count_late (s);
  if (atomic_fetch_add (&s->c.nvisits, 1) + 1 == s->stop_at)
    {
      atomic_store (&s->stopped, true);
      return LIBFTS_WALK_STOP;
    }
  return LIBFTS_WALK_CONTINUE;
}

/* VISIT returns LIBFTS_WALK_STOP at the 100th visit: the run returns 1.
   Visits that other threads had already begun may end, and each of them
   may finish the directory in hand (its entries are visited by one
   thread, in order), but no more: on one thread, no visit at all follows
   the one that stopped; on N, at most N - 1 directories' worth (their
   entries and their FTS_D and FTS_DP).  */
START_TEST (test_stop_visit)
{
  use_tmpfs ();
  unsigned threads = THREADS (_i);
  unit_make ("root/");
  make_wide ("root", 1, STOP_DIRS, STOP_FILES);
  struct stop_ctx s = { .c = CTX_INIT, .stop_at = STOP_AT };
  LIBFTS_WALK *w = walk_open (root_only, 0, threads, KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (w, visit_stop, NULL, &s.c), 1);
  long more = atomic_load (&s.late);
  long most = (threads - 1) * (STOP_FILES + 2);
  ck_assert_msg (more <= most, "%ld visits after the first %d with %u "
                 "threads (at most %ld expected)", more, STOP_AT, threads,
                 most);
}
END_TEST

/* Stopped at the root's FTS_D: nothing was read, so nothing else can be
   visited, on any number of threads.  */
START_TEST (test_stop_at_root)
{
  unit_make ("root/");
  make_wide ("root", 1, 20, 5);
  struct stop_ctx s = { .c = CTX_INIT, .stop_at = 1 };
  LIBFTS_WALK *w = walk_open (root_only, 0, THREADS (_i), KEEP_THRESHOLD,
                              false);
  ck_assert_int_eq (walk_run (w, visit_stop, NULL, &s.c), 1);
  ck_assert_int_eq (atomic_load (&s.c.nvisits), 1);
}
END_TEST

static int
report_stop (const struct libfts_walk_report *r, void *arg)
{
  struct stop_ctx *s = arg;
  if (atomic_load (&s->stopped))
    log_fault (&s->c.reports, "report of %s after the stop", r->path);
  if (atomic_fetch_add (&s->c.nreports, 1) + 1 == s->stop_at)
    {
      atomic_store (&s->stopped, true);
      return 1;
    }
  return 0;
}

/* VISIT: visit_report_all, counting the visits begun after the stop.  */
static int
visit_report_late (struct libfts_walk_entry *e, void *arg)
{
  count_late (arg);
  return visit_report_all (e, arg);
}

/* REPORT returning nonzero stops the walk: the run returns 1 and REPORT
   is not called again (reports come one at a time, so none can be in
   flight).  Visits that begin after it are those of the directories in
   hand, at most one per thread: the report that stops may be delivered
   by any of them.  With ordered reports on several threads, the
   hundredth report may wait for a slow directory while the others walk
   the rest of the tree, so only the late visits are bounded; on one
   thread the walk is also cut short.  Variant 0: ordered reports, 1:
   unordered.  */
START_TEST (test_stop_report)
{
  use_tmpfs ();
  int options = VARIANT (_i) == 0 ? LIBFTS_WALK_ORDERED : 0;
  unsigned threads = THREADS (_i);
  unit_make ("root/");
  make_wide ("root", 1, STOP_DIRS, STOP_FILES);
  struct stop_ctx s = { .c = CTX_INIT, .stop_at = STOP_AT };
  LIBFTS_WALK *w = walk_open (root_only, options, threads, KEEP_THRESHOLD,
                              false);
  ck_assert_int_eq (walk_run (w, visit_report_late, report_stop, &s.c), 1);
  ck_assert_int_eq (atomic_load (&s.c.nreports), STOP_AT);
  long more = atomic_load (&s.late);
  long most = threads * (STOP_FILES + 2);
  ck_assert_msg (more <= most, "%ld visits after the stop with %u threads "
                 "(at most %ld expected)", more, threads, most);
  if (threads == 1)
    ck_assert_int_lt (atomic_load (&s.c.nvisits), STOP_ALL);
}
END_TEST

/* ---- entries that vanish during the walk ---------------------------------- */

/* The lines of TEXT whose path is not PREFIX nor below it.  */
static const char *
lines_outside (const char *text, const char *prefix)
{
  struct log l = LOG_INIT;
  for (char *line; (line = next_line (&text));)
    {
      const char *path = line_path (line);
      if (path_is (path, prefix) || path_below (path, prefix))
        free (line);
      else
        log_add (&l, line);
    }
  return log_text (&l, false);
}

/* Whether LINE (a visit) is of a vanished entry: FTS_NS, FTS_DNR or
   FTS_ERR with ENOENT.  */
static bool
vanished_line (const char *line)
{
  size_t n = strlen (line);
  const char *tail = " ENOENT\n";
  return (strncmp (line, "NS ", 3) == 0 || strncmp (line, "DNR ", 4) == 0
          || strncmp (line, "ERR ", 4) == 0)
         && n > strlen (tail) && strcmp (line + n - strlen (tail), tail) == 0;
}

/* Check that TEXT's lines of PREFIX and below are at most the line of
   PREFIX itself as a vanished entry.  */
static void
check_gone_visits (const char *text, const char *prefix)
{
  for (char *line; (line = next_line (&text));)
    {
      unit_keep (line);
      const char *path = line_path (line);
      if (path_below (path, prefix))
        ck_abort_msg ("visited below a removed directory: %s", line);
      if (path_is (path, prefix))
        ck_assert_msg (vanished_line (line), "removed, yet visited: %s", line);
    }
}

struct vanish_ctx
{
  struct ctx c;
  const char *dir;              /* at FTS_D of this path... */
  const char *victim;           /* ...remove this tree */
  atomic_int done;
};

static int
visit_remove_at_d (struct libfts_walk_entry *e, void *arg)
{
  struct vanish_ctx *v = arg;
  char *line = entry_line (e);
  if (e->info == FTS_D)
    {
      char *path = must (libfts_walk_path (e));
      if (strcmp (path, v->dir) == 0)
        {
          if (unit_remove_tree (v->victim) != 0)
            log_fault (&v->c.visits, "removing %s: %s", v->victim,
                       strerror (errno));
          atomic_store (&v->done, 1);
        }
      free (path);
    }
  log_add (&v->c.visits, line);
  return LIBFTS_WALK_CONTINUE;
}

/* A subdirectory removed (with all it holds) at its parent's FTS_D, before
   the parent is read: it is not visited, or as vanished (FTS_NS,
   FTS_DNR with ENOENT), nothing below it is, and the rest of the tree
   is walked as usual.  */
START_TEST (test_vanish_before_read)
{
  make_mixed ();
  unit_make ("root/a/sub/f1 root/a/sub/f2 root/a/sub/inner/f3 root/a/keep");
  const char *expected = lines_outside (seq_lines (root_only, SEQ_OPTIONS,
                                                   KEEP_THRESHOLD, false),
                                        "root/a/sub");
  struct vanish_ctx v = { .c = CTX_INIT, .dir = "root/a",
                          .victim = "root/a/sub" };
  LIBFTS_WALK *w = walk_open (root_only, 0, THREADS (_i), KEEP_THRESHOLD,
                              false);
  ck_assert_int_eq (walk_run (w, visit_remove_at_d, NULL, &v.c), 0);
  ck_assert (atomic_load (&v.done));
  ck_assert (!exists ("root/a/sub"));
  const char *actual = log_text (&v.c.visits, true);
  check_gone_visits (actual, "root/a/sub");
  assert_same_lines (sorted_lines (expected),
                     sorted_lines (lines_outside (actual, "root/a/sub")),
                     "visits outside the removed directory");
}
END_TEST

/* A directory that removes itself at its own FTS_D: nothing below it is
   visited, and it gets exactly one post-order visit (FTS_DP, or FTS_DNR or
   FTS_ERR with ENOENT).  */
START_TEST (test_vanish_self_at_d)
{
  make_mixed ();
  unit_make ("root/a/sub/f1 root/a/sub/inner/f3");
  const char *expected = lines_outside (seq_lines (root_only, SEQ_OPTIONS,
                                                   KEEP_THRESHOLD, false),
                                        "root/a");
  struct vanish_ctx v = { .c = CTX_INIT, .dir = "root/a",
                          .victim = "root/a" };
  LIBFTS_WALK *w = walk_open (root_only, 0, THREADS (_i), KEEP_THRESHOLD,
                              false);
  ck_assert_int_eq (walk_run (w, visit_remove_at_d, NULL, &v.c), 0);
  ck_assert (atomic_load (&v.done));
  const char *actual = log_text (&v.c.visits, true);
  int d = 0, post = 0;
  const char *p = actual;
  for (char *line; (line = next_line (&p));)
    {
      unit_keep (line);
      if (path_below (line_path (line), "root/a"))
        ck_abort_msg ("visited below a removed directory: %s", line);
      if (!path_is (line_path (line), "root/a"))
        continue;
      if (strcmp (line, "D 1 root/a\n") == 0)
        d++;
      else if (strcmp (line, "DP 1 root/a\n") == 0 || vanished_line (line))
        post++;
      else
        ck_abort_msg ("unexpected visit: %s", line);
    }
  ck_assert_int_eq (d, 1);
  ck_assert_int_eq (post, 1);
  assert_same_lines (sorted_lines (expected),
                     sorted_lines (lines_outside (actual, "root/a")),
                     "visits outside the removed directory");
}
END_TEST

struct siblings_ctx
{
  struct ctx c;
  atomic_int removed;
};

/* At the visit of root/c/f00, remove its siblings f01...f09 and the
   directory sub: entries the walk has already read.  */
static int
visit_remove_siblings (struct libfts_walk_entry *e, void *arg)
{
  struct siblings_ctx *s = arg;
  if (e->level == 2 && strcmp (e->name, "f00") == 0)
    {
      char *path = must (libfts_walk_path (e));
      if (strcmp (path, "root/c/f00") == 0)
        {
          for (int i = 1; i < 10; i++)
            {
              char name[8];
              snprintf (name, sizeof name, "f%02d", i);
              if (unlinkat (e->dirfd, name, 0) != 0)
                log_fault (&s->c.visits, "unlink %s: %s", name,
                           strerror (errno));
            }
          if (unit_remove_tree ("root/c/sub") != 0)
            log_fault (&s->c.visits, "remove root/c/sub: %s",
                       strerror (errno));
          atomic_store (&s->removed, 1);
        }
      free (path);
    }
  log_add (&s->c.visits, entry_line (e));
  return LIBFTS_WALK_CONTINUE;
}

/* Siblings removed after their directory was read, while the walk hands
   its entries out: the walk completes; each entry is visited at most once,
   either as it was (when it came first) or, if at all, as vanished; with
   LIBFTS_WALK_STAT a vanished file cannot pass for present, without it
   FTS_NSOK (from d_type) may.  Variant 0: no stat, 1: LIBFTS_WALK_STAT.  */
START_TEST (test_vanish_listed_siblings)
{
  bool stat_all = VARIANT (_i) == 1;
  make_mixed ();
  unit_make ("root/c/sub/f1 root/c/sub/inner/f2 root/c/sub/inner/deeper/");
  int fd = open ("root/c", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ck_assert_int_ge (fd, 0);
  make_files_at (fd, "f", 10);
  close (fd);
  const char *seq = seq_lines (root_only, stat_all ? FTS_PHYSICAL | FTS_DIRFD
                               : SEQ_OPTIONS, KEEP_THRESHOLD, false);
  struct siblings_ctx s = { .c = CTX_INIT };
  LIBFTS_WALK *w = walk_open (root_only, stat_all ? LIBFTS_WALK_STAT : 0,
                              THREADS (_i), KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (w, visit_remove_siblings, NULL, &s.c), 0);
  ck_assert (atomic_load (&s.removed));
  const char *actual = log_text (&s.c.visits, true);
  assert_same_lines (sorted_lines (lines_outside (seq, "root/c")),
                     sorted_lines (lines_outside (actual, "root/c")),
                     "visits outside root/c");
  /* In root/c: a subset of the sequential walk's lines, or vanished
     entries, each path at most once per info.  */
  const char *prev = "", *p = actual;
  for (char *line; (line = next_line (&p));)
    {
      unit_keep (line);
      ck_assert_msg (strcmp (line, prev) != 0, "visited twice: %s", line);
      prev = line;
      const char *path = line_path (line);
      if (!(path_is (path, "root/c") || path_below (path, "root/c"))
          || vanished_line (line))
        continue;
      ck_assert_msg (has_line (seq, line), "unexpected visit: %s", line);
    }
  ck_assert (exists ("root/c/f00"));
  ck_assert (!exists ("root/c/f05"));
}
END_TEST

/* ---- the API's edges ------------------------------------------------------ */

/* What visit_ancestors found wrong, and how many entries it checked.  */
struct ancestors_ctx
{
  atomic_long wrong, checked;
};

/* VISIT: E's ancestors from libfts_walk_ancestor_ids, each the lstat of
   its path's directories in turn up to the root; at most 2 of them when
   asked for 2.  */
static int
visit_ancestors (struct libfts_walk_entry *e, void *arg)
{
  struct ancestors_ctx *a = arg;
  dev_t dev[8];
  ino_t ino[8];
  size_t n = libfts_walk_ancestor_ids (e, dev, ino, 8);
  char *path = libfts_walk_path (e);
  size_t up = 0;
  struct stat st;
  for (char *slash; (slash = strrchr (path, '/')); up++)
    {
      *slash = '\0';
      if (up >= n || lstat (path, &st) != 0 || st.st_dev != dev[up]
          || st.st_ino != ino[up])
        atomic_fetch_add (&a->wrong, 1);
    }
  if (up != n || libfts_walk_ancestor_ids (e, dev, ino, 2) != (n < 2 ? n : 2))
    atomic_fetch_add (&a->wrong, 1);
  atomic_fetch_add (&a->checked, 1);
  free (path);
  return LIBFTS_WALK_CONTINUE;
}

/* libfts_walk_ancestor_ids gives every entry's ancestors, nearest first,
   up to the root and no further (none for the root).  */
START_TEST (test_ancestor_ids)
{
  unit_make ("root/a/b/c/f root/a/g");
  struct ancestors_ctx a = { 0 };
  LIBFTS_WALK *w = walk_open (root_only, 0, THREADS (_i), KEEP_THRESHOLD,
                              false);
  ck_assert_int_eq (libfts_walk_run (w, visit_ancestors, NULL, &a), 0);
  ck_assert_int_eq (libfts_walk_close (w), 0);
  long wrong = atomic_load (&a.wrong), checked = atomic_load (&a.checked);
  ck_assert_int_eq (wrong, 0);
  ck_assert_int_ge (checked, 6);
}
END_TEST

START_TEST (test_open_no_roots)
{
  errno = 0;
  ck_assert_ptr_null (libfts_walk_open (NULL, 0));
  ck_assert_int_eq (errno, EINVAL);
  char *none[] = { NULL };
  errno = 0;
  ck_assert_ptr_null (libfts_walk_open (none, 0));
  ck_assert_int_eq (errno, EINVAL);
}
END_TEST

START_TEST (test_open_unknown_option)
{
  unit_make ("root/");
  static const int bad[] = { LIBFTS_WALK_OPTIONMASK + 1, 0x100, INT_MIN,
                             LIBFTS_WALK_STAT | 0x4000 };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      errno = 0;
      ck_assert_ptr_null (libfts_walk_open (root_only, bad[i]));
      ck_assert_int_eq (errno, EINVAL);
    }
  LIBFTS_WALK *w = libfts_walk_open (root_only, LIBFTS_WALK_OPTIONMASK);
  ck_assert_ptr_nonnull (w);
  ck_assert_int_eq (libfts_walk_close (w), 0);
}
END_TEST

/* "Once per walk": a second run walks nothing and fails with EINVAL.  */
START_TEST (test_run_twice)
{
  make_mixed ();
  struct ctx c = CTX_INIT;
  LIBFTS_WALK *w = walk_open (root_only, 0, THREADS (_i), KEEP_THRESHOLD,
                              false);
  ck_assert_int_eq (libfts_walk_run (w, visit_log, NULL, &c), 0);
  long visits = atomic_load (&c.nvisits);
  ck_assert_int_gt (visits, 0);
  errno = 0;
  ck_assert_int_eq (libfts_walk_run (w, visit_log, NULL, &c), -1);
  ck_assert_int_eq (errno, EINVAL);
  ck_assert_int_eq (atomic_load (&c.nvisits), visits);
  ck_assert_int_eq (libfts_walk_close (w), 0);
  log_text (&c.visits, false);
}
END_TEST

/* A run without VISIT fails with EINVAL, and visits nothing: a later
   run with one still works.  */
START_TEST (test_run_without_visit)
{
  unit_make ("root/a/f");
  LIBFTS_WALK *w = walk_open (root_only, 0, 2, KEEP_THRESHOLD, false);
  errno = 0;
  ck_assert_int_eq (libfts_walk_run (w, NULL, NULL, NULL), -1);
  ck_assert_int_eq (errno, EINVAL);
  ck_assert_int_eq (libfts_walk_close (w), 0);
  ck_assert (exists ("root/a/f"));
}
END_TEST

/* The setters: 0, or -1 with EINVAL for a null walk, more than 1024
   threads or an unknown policy.  */
START_TEST (test_setters)
{
  unit_make ("root/");
  LIBFTS_WALK *w = libfts_walk_open (root_only, 0);
  ck_assert_ptr_nonnull (w);
  ck_assert_int_eq (libfts_walk_set_threads (w, 1024), 0);
  ck_assert_int_eq (libfts_walk_set_threads (w, 0), 0);
  errno = 0;
  ck_assert_int_eq (libfts_walk_set_threads (w, 1025), -1);
  ck_assert_int_eq (errno, EINVAL);
  ck_assert_int_eq (libfts_walk_set_inflight (w, 1024), 0);
  ck_assert_int_eq (libfts_walk_set_inflight (w, 0), 0);
  errno = 0;
  ck_assert_int_eq (libfts_walk_set_inflight (w, 1025), -1);
  ck_assert_int_eq (errno, EINVAL);
  errno = 0;
  ck_assert_int_eq (libfts_walk_set_inflight (NULL, 2), -1);
  ck_assert_int_eq (errno, EINVAL);
  ck_assert_int_eq (libfts_walk_set_inode_sort_threshold
                    (w, LIBFTS_INODE_SORT_NEVER), 0);
  ck_assert_int_eq (libfts_walk_set_fs_policy (w, LIBFTS_FS_POLICY_ALL), 0);
  errno = 0;
  ck_assert_int_eq (libfts_walk_set_fs_policy
                    (w, (enum libfts_fs_policy) 7), -1);
  ck_assert_int_eq (errno, EINVAL);
  errno = 0;
  ck_assert_int_eq (libfts_walk_set_threads (NULL, 2), -1);
  ck_assert_int_eq (errno, EINVAL);
  errno = 0;
  ck_assert_int_eq (libfts_walk_set_inode_sort_threshold (NULL, 5), -1);
  ck_assert_int_eq (errno, EINVAL);
  errno = 0;
  ck_assert_int_eq (libfts_walk_set_fs_policy (NULL, LIBFTS_FS_POLICY_ALL),
                    -1);
  ck_assert_int_eq (errno, EINVAL);
  ck_assert_int_eq (libfts_walk_close (w), 0);
}
END_TEST

/* Closing: null is EINVAL; a walk never run closes cleanly, leaving no
   descriptor.  */
START_TEST (test_close)
{
  unit_make ("root/a/f");
  errno = 0;
  ck_assert_int_eq (libfts_walk_close (NULL), -1);
  ck_assert_int_eq (errno, EINVAL);
  int fds = unit_count_fds ();
  LIBFTS_WALK *w = walk_open (root_only, 0, 8, KEEP_THRESHOLD, false);
  ck_assert_int_eq (libfts_walk_close (w), 0);
  ck_assert_int_eq (unit_count_fds (), fds);
}
END_TEST

struct roots_ctx
{
  struct ctx c;
};

/* VISIT for roots: log, and check that a root is named by the path given,
   relative to AT_FDCWD, at level 0, with a stat buffer unless FTS_NS.  */
static int
visit_roots (struct libfts_walk_entry *e, void *arg)
{
  struct roots_ctx *r = arg;
  if (e->level == 0)
    {
      if (e->dirfd != AT_FDCWD)
        log_fault (&r->c.visits, "%s: dirfd %d", e->name, e->dirfd);
      if (e->info != FTS_DP && (e->st == NULL) != (e->info == FTS_NS))
        log_fault (&r->c.visits, "%s: info %d, st %p", e->name, e->info,
                   (void *) e->st);
      if (e->parent_data)
        log_fault (&r->c.visits, "%s: parent_data", e->name);
    }
  return visit_log (e, &r->c);
}

/* Roots of every kind, as fts_read sees them: missing (FTS_NS with
   ENOENT, also under a missing directory or a file), a file (FTS_F with
   its stat), symbolic links not followed (FTS_SL), and followed with
   LIBFTS_WALK_COMFOLLOW (variants 1 and 3); the same when roots are
   opened before they are stat'ed (LIBFTS_WALK_ROOTS_OPEN, variants 2 and
   3).  The walk completes (0).  */
START_TEST (test_roots)
{
  bool follow = VARIANT (_i) % 2 == 1;
  int open_first = VARIANT (_i) >= 2 ? LIBFTS_WALK_ROOTS_OPEN : 0;
  unit_make ("dir/f dir/sub/g file link->file dangling->nowhere "
             "dirlink->dir");
  char *roots[] = { (char *) "nope", (char *) "file", (char *) "link",
                    (char *) "dangling", (char *) "dirlink",
                    (char *) "nope2/x", (char *) "file/x", (char *) "dir",
                    NULL };
  const char *expected = seq_lines (roots, SEQ_OPTIONS
                                    | (follow ? FTS_COMFOLLOW : 0),
                                    KEEP_THRESHOLD, false);
  struct roots_ctx r = { .c = CTX_INIT };
  LIBFTS_WALK *w = walk_open (roots,
                              (follow ? LIBFTS_WALK_COMFOLLOW : 0)
                              | open_first,
                              THREADS (_i), KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (w, visit_roots, NULL, &r.c), 0);
  assert_same_lines (sorted_lines (expected),
                     log_text (&r.c.visits, true), "visits");
  ck_assert (has_line (expected, "NS 0 nope ENOENT\n"));
  ck_assert (has_line (expected, "F 0 file\n"));
}
END_TEST

/* The stat-family calls of a walk of ROOTS with OPTIONS on THREADS
   threads.  */
static unsigned long long
stat_calls_of (char *const *roots, int options, unsigned threads)
{
  struct ctx c = CTX_INIT;
  LIBFTS_WALK *w = walk_open (roots, options, threads, KEEP_THRESHOLD,
                              false);
  ck_assert_int_eq (libfts_walk_run (w, visit_log, NULL, &c), 0);
  struct libfts_stats st;
  ck_assert_int_eq (libfts_walk_get_stats (w, &st, sizeof st), 0);
  ck_assert_int_eq (libfts_walk_close (w), 0);
  log_text (&c.visits, false);  /* the log's lines, freed with the test */
  return st.stat_calls;
}

/* LIBFTS_WALK_ROOTS_OPEN opens a root before any stat: a directory costs
   one stat less (its fstat only), a file as many (its lstat, after the
   open that fails); with LIBFTS_WALK_STAT or LIBFTS_WALK_COMFOLLOW roots
   are stat'ed first as before.  */
START_TEST (test_roots_open_calls)
{
  unit_make ("d1/f d2/g/h file");
  char *dirs[] = { (char *) "d1", (char *) "d2", NULL };
  unsigned t = THREADS (_i);
  ck_assert_uint_eq (stat_calls_of (dirs, LIBFTS_WALK_ROOTS_OPEN, t),
                     stat_calls_of (dirs, 0, t) - 2);
  char *files[] = { (char *) "file", NULL };
  ck_assert_uint_eq (stat_calls_of (files, LIBFTS_WALK_ROOTS_OPEN, t),
                     stat_calls_of (files, 0, t));
  static const int same[] = { LIBFTS_WALK_STAT, LIBFTS_WALK_COMFOLLOW };
  for (size_t i = 0; i < sizeof same / sizeof *same; i++)
    ck_assert_uint_eq (stat_calls_of (dirs, same[i] | LIBFTS_WALK_ROOTS_OPEN,
                                      t),
                       stat_calls_of (dirs, same[i], t));
}
END_TEST

/* ---- permissions ------------------------------------------------------------- */

static int
chown_entry (const char *path, const struct stat *st, int flag,
             struct FTW *ftw)
{
  return lchown (path, 65534, 65534);
}

/* Become unprivileged (the user unit_drop_privileges becomes), owning
   the tree at PATH: permissions then matter, and the tree's modes are
   ours to change.  False (and a note) when that cannot be done here.  */
static bool
unprivileged_owner (const char *test, const char *path)
{
  if (!unit_forking)
    {
      unit_skip (test, "needs CK_FORK=yes to change credentials");
      return false;
    }
  if (geteuid () == 0)
    ck_assert_int_eq (nftw (path, chown_entry, 16, FTW_PHYS), 0);
  if (!unit_drop_privileges ())
    {
      unit_skip (test, "cannot become an unprivileged user");
      return false;
    }
  return true;
}

/* An unreadable directory: FTS_D, then FTS_DNR with EACCES in post-order,
   nothing below, as fts_read says, and in its order.  */
START_TEST (test_unreadable_dir)
{
  umask (022);
  make_mixed ();
  unit_make ("root/u/inside root/u/sub/f root/w05/v/g");
  if (!unprivileged_owner ("test_unreadable_dir", "root"))
    return;
  ck_assert_int_eq (chmod ("root/u", 0), 0);
  ck_assert_int_eq (chmod ("root/w05/v", 0300), 0);
  const char *expected = seq_lines (root_only, SEQ_OPTIONS, KEEP_THRESHOLD,
                                    false);
  ck_assert (has_line (expected, "DNR 1 root/u EACCES\n"));
  check_ordered (root_only, THREADS (_i), KEEP_THRESHOLD, false);
}
END_TEST

/* Make E readable (u+rx) when its mode says it is not.  */
static int
make_readable (int dirfd, const char *name, const struct stat *st)
{
  if (!st || (st->st_mode & 0500) == 0500)
    return 0;
  return fchmodat (dirfd, name, st->st_mode | 0700, 0);
}

static int
visit_chmod_at_d (struct libfts_walk_entry *e, void *arg)
{
  struct ctx *c = arg;
  if (e->info == FTS_D && make_readable (e->dirfd, e->name, e->st) != 0)
    log_fault (&c->visits, "chmod %s: %s", e->name, strerror (errno));
  return visit_log_report (e, c);
}

/* The unreadable directories of the chmod test, made so again.  */
static void
lock_dirs (void)
{
  ck_assert_int_eq (chmod ("root/u/sub", 0), 0);
  ck_assert_int_eq (chmod ("root/u", 0), 0);
  ck_assert_int_eq (chmod ("root/w05/v", 0300), 0);
}

/* With LIBFTS_WALK_STAT a directory is stat'ed before it is opened, so
   that chmod -R's change at FTS_D (here: making it readable) applies to
   its reading: the directories are read after all, as by fts_read
   without FTS_NOSTAT doing the same, and in its order.  */
START_TEST (test_chmod_at_d)
{
  umask (022);
  make_mixed ();
  unit_make ("root/u/inside root/u/sub/f root/w05/v/g");
  if (!unprivileged_owner ("test_chmod_at_d", "root"))
    return;
  lock_dirs ();
  FTS *sp = seq_open (root_only, FTS_PHYSICAL | FTS_DIRFD, KEEP_THRESHOLD,
                      false);
  struct log l = LOG_INIT;
  FTSENT *p;
  while ((errno = 0, p = fts_read (sp)))
    {
      log_add (&l, must (strdup (unit_line (p))));
      if (p->fts_info == FTS_D)
        ck_assert_int_eq (make_readable (libfts_dirfd (sp), p->fts_accpath,
                                         p->fts_statp), 0);
    }
  ck_assert_int_eq (errno, 0);
  ck_assert_int_eq (fts_close (sp), 0);
  const char *expected = log_text (&l, false);
  ck_assert (has_line (expected, "F 3 root/u/sub/f\n"));
  ck_assert_ptr_null (strstr (expected, "DNR"));
  lock_dirs ();
  struct ctx c = CTX_INIT;
  c.report_codes = 1;
  c.roots = root_only;
  LIBFTS_WALK *w = walk_open (root_only,
                              LIBFTS_WALK_STAT | LIBFTS_WALK_ORDERED,
                              THREADS (_i), KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (w, visit_chmod_at_d, report_log, &c), 0);
  assert_same_lines (expected, log_text (&c.reports, false),
                     "ordered reports");
  assert_same_lines (sorted_lines (expected), log_text (&c.visits, true),
                     "visits");
}
END_TEST

/* ---- counters --------------------------------------------------------------- */

/* libfts_walk_get_stats: every directory read once, every entry counted
   once, as by a sequential walk; with the sort forced (variant 1), the
   same directories sorted.  */
START_TEST (test_stats)
{
  bool sort = VARIANT (_i) == 1;
  size_t threshold = sort ? 0 : KEEP_THRESHOLD;
  make_mixed ();
  make_wide ("root", 4, 10, 5);
  make_big_dir ("root/big", 100, 10);
  struct libfts_stats seq = seq_stats (root_only, threshold, sort);
  struct ctx c = CTX_INIT;
  LIBFTS_WALK *w = walk_open (root_only, 0, THREADS (_i), threshold, sort);
  ck_assert_int_eq (libfts_walk_run (w, visit_log, NULL, &c), 0);
  struct libfts_stats st;
  ck_assert_int_eq (libfts_walk_get_stats (w, &st, sizeof st), 0);
  ck_assert_int_eq (libfts_walk_close (w), 0);
  const char *visits = log_text (&c.visits, false);
  unsigned long long dirs = 0;
  for (char *line; (line = next_line (&visits)); free (line))
    dirs += strncmp (line, "D ", 2) == 0;
  ck_assert_uint_eq (st.dirs_read, dirs);
  ck_assert_uint_eq (st.dirs_read, seq.dirs_read);
  ck_assert_uint_eq (st.entries, seq.entries);
  if (sort)
    ck_assert_uint_eq (st.dirs_sorted, seq.dirs_sorted);
}
END_TEST

/* A caller that knows fewer counters gets those only.  */
START_TEST (test_stats_size)
{
  unit_make ("root/a/f root/b/");
  LIBFTS_WALK *w = walk_open (root_only, 0, 2, KEEP_THRESHOLD, false);
  struct ctx c = CTX_INIT;
  ck_assert_int_eq (libfts_walk_run (w, visit_log, NULL, &c), 0);
  log_text (&c.visits, false);
  struct libfts_stats st;
  memset (&st, 0xff, sizeof st);
  size_t size = offsetof (struct libfts_stats, entries);
  ck_assert_int_eq (libfts_walk_get_stats (w, &st, size), 0);
  ck_assert_uint_eq (st.dirs_read, 3);
  ck_assert_uint_eq (st.entries, ~0ULL);
  ck_assert_uint_eq (st.sort_nsec, ~0ULL);
  ck_assert_int_eq (libfts_walk_close (w), 0);
}
END_TEST

/* ---- what VISIT may say and do ------------------------------------------------- */

/* Whether the skip test skips the directory NAME at PATH.  */
static bool
skipped (const char *name, const char *path)
{
  return strcmp (name, "s") == 0 || strcmp (path, "root/a") == 0;
}

static int
visit_skip (struct libfts_walk_entry *e, void *arg)
{
  struct ctx *c = arg;
  visit_report_all (e, c);
  if (e->info != FTS_D)
    return LIBFTS_WALK_CONTINUE;
  char *path = must (libfts_walk_path (e));
  bool skip = skipped (e->name, path);
  free (path);
  return skip ? LIBFTS_WALK_SKIP : LIBFTS_WALK_CONTINUE;
}

/* LIBFTS_WALK_SKIP at FTS_D: the directory is not read, as with fts_set
   (FTS_SKIP), and unlike there it gets no FTS_DP; reports stay in
   fts_read's order.  */
START_TEST (test_skip)
{
  make_mixed ();
  FTS *sp = seq_open (root_only, SEQ_OPTIONS, KEEP_THRESHOLD, false);
  struct log l = LOG_INIT;
  FTSENT *p;
  while ((errno = 0, p = fts_read (sp)))
    {
      log_add (&l, must (strdup (unit_line (p))));
      if (p->fts_info == FTS_D && skipped (p->fts_name, p->fts_path))
        {
          /* fts_read, like glibc's, returns a skipped directory once
             more as FTS_DP, right away.  */
          ck_assert_int_eq (fts_set (sp, p, FTS_SKIP), 0);
          FTSENT *dp = fts_read (sp);
          ck_assert (dp == p && dp->fts_info == FTS_DP);
        }
    }
  ck_assert_int_eq (errno, 0);
  ck_assert_int_eq (fts_close (sp), 0);
  const char *expected = log_text (&l, false);
  ck_assert (!has_line (expected, "DP 1 root/a\n"));
  struct ctx c = CTX_INIT;
  c.report_codes = 1;
  LIBFTS_WALK *w = walk_open (root_only, LIBFTS_WALK_ORDERED, THREADS (_i),
                              KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (w, visit_skip, report_log, &c), 0);
  assert_same_lines (expected, log_text (&c.reports, false), "reports");
}
END_TEST

static int
visit_again_unless_nsok (struct libfts_walk_entry *e, void *arg)
{
  visit_log (e, arg);
  return e->info == FTS_NSOK ? LIBFTS_WALK_CONTINUE : LIBFTS_WALK_AGAIN;
}

/* LIBFTS_WALK_AGAIN is for FTS_NSOK; for any other entry it is the same
   as LIBFTS_WALK_CONTINUE: every entry still visited once.  Variant 0: no
   stat (directories and roots get it), 1: LIBFTS_WALK_STAT (all do).  */
START_TEST (test_again_elsewhere)
{
  bool stat_all = VARIANT (_i) == 1;
  make_mixed ();
  const char *expected = sorted_lines (seq_lines (root_only, stat_all
                                                  ? FTS_PHYSICAL | FTS_DIRFD
                                                  : SEQ_OPTIONS,
                                                  KEEP_THRESHOLD, false));
  struct ctx c = CTX_INIT;
  LIBFTS_WALK *w = walk_open (root_only, stat_all ? LIBFTS_WALK_STAT : 0,
                              THREADS (_i), KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (w, visit_again_unless_nsok, NULL, &c), 0);
  assert_same_lines (expected, log_text (&c.visits, true), "visits");
}
END_TEST

/* What the dir_data test keeps for each directory.  */
struct dir_note
{
  char *path;
  atomic_int children;          /* visits of entries directly inside */
};

/* Number of entries in the directory PATH; any thread.  */
static int
entries_in (const char *path)
{
  DIR *d = opendir (path);
  if (!d)
    return -1;
  int n = 0;
  struct dirent *e;
  while ((e = readdir (d)))
    n += strcmp (e->d_name, ".") != 0 && strcmp (e->d_name, "..") != 0;
  closedir (d);
  return n;
}

/* Check E's parent_data: the parent's note.  */
static void
check_parent_data (struct ctx *c, struct libfts_walk_entry *e,
                   const char *path)
{
  struct dir_note *parent = e->parent_data;
  if (e->level == 0)
    {
      if (parent)
        log_fault (&c->visits, "%s: parent_data at a root", path);
      return;
    }
  const char *slash = strrchr (path, '/');
  if (!parent || !slash || strlen (parent->path) != (size_t) (slash - path)
      || strncmp (parent->path, path, slash - path) != 0)
    log_fault (&c->visits, "%s: parent_data of %s", path,
               parent ? parent->path : "(null)");
  else if (e->info != FTS_DP)
    atomic_fetch_add (&parent->children, 1);
}

static int
visit_dir_data (struct libfts_walk_entry *e, void *arg)
{
  struct ctx *c = arg;
  char *path = must (libfts_walk_path (e));
  check_parent_data (c, e, path);
  bool dir = e->info == FTS_D || e->info == FTS_DP;
  if (!dir)
    {
      if (e->dir_data)
        log_fault (&c->visits, "%s: dir_data, info %d", path, e->info);
      free (path);
      return LIBFTS_WALK_CONTINUE;
    }
  if (!e->dir_data)
    log_fault (&c->visits, "%s: no dir_data, info %d", path, e->info);
  else if (e->info == FTS_D)
    {
      if (*e->dir_data)
        log_fault (&c->visits, "%s: *dir_data not null at FTS_D", path);
      struct dir_note *n = must (calloc (1, sizeof *n));
      n->path = path;
      *e->dir_data = n;
      return LIBFTS_WALK_CONTINUE;
    }
  else
    {
      struct dir_note *n = *e->dir_data;
      if (!n || strcmp (n->path, path) != 0)
        log_fault (&c->visits, "%s: *dir_data at FTS_DP is %s", path,
                   n ? n->path : "(null)");
      else if (atomic_load (&n->children) != entries_in (path))
        log_fault (&c->visits, "%s: %d children visited before FTS_DP, "
                   "%d entries", path, atomic_load (&n->children),
                   entries_in (path));
      if (n)
        {
          free (n->path);
          free (n);
        }
    }
  free (path);
  return LIBFTS_WALK_CONTINUE;
}

/* A directory's *dir_data is its own from FTS_D to FTS_DP, and what its
   entries find in parent_data: all of them are visited before FTS_DP.  */
START_TEST (test_dir_data)
{
  make_mixed ();
  make_wide ("root", 4, 10, 10);
  struct ctx c = CTX_INIT;
  LIBFTS_WALK *w = walk_open (root_only, 0, THREADS (_i), KEEP_THRESHOLD,
                              false);
  ck_assert_int_eq (walk_run (w, visit_dir_data, NULL, &c), 0);
}
END_TEST

static int
visit_walk_stat (struct libfts_walk_entry *e, void *arg)
{
  struct ctx *c = arg;
  int before = e->info;
  if (before == FTS_NSOK || before == FTS_DP)
    {
      int info = libfts_walk_stat (e, 0);
      if (info != e->info || !e->st)
        log_fault (&c->visits, "%s: libfts_walk_stat gave %d, info %d, st %p",
                   e->name, info, e->info, (void *) e->st);
      if (before == FTS_DP && info != FTS_DP)
        log_fault (&c->visits, "%s: FTS_DP became %d", e->name, info);
    }
  log_add (&c->visits, entry_line (e));
  if (strcmp (e->name, "l1") == 0)
    {
      /* l1 -> f1: followed, a regular file.  */
      int info = libfts_walk_stat (e, 1);
      if (info != FTS_F || !e->st || !S_ISREG (e->st->st_mode))
        log_fault (&c->visits, "l1 followed: info %d", info);
    }
  return LIBFTS_WALK_CONTINUE;
}

/* libfts_walk_stat on FTS_NSOK entries gives what fts_read without
   FTS_NOSTAT says; on FTS_DP, it refreshes st and keeps FTS_DP.  */
START_TEST (test_walk_stat)
{
  make_mixed ();
  const char *expected = sorted_lines (seq_lines (root_only,
                                                  FTS_PHYSICAL | FTS_DIRFD,
                                                  KEEP_THRESHOLD, false));
  struct ctx c = CTX_INIT;
  LIBFTS_WALK *w = walk_open (root_only, 0, THREADS (_i), KEEP_THRESHOLD,
                              false);
  ck_assert_int_eq (walk_run (w, visit_walk_stat, NULL, &c), 0);
  assert_same_lines (expected, log_text (&c.visits, true), "visits");
}
END_TEST

/* Note a fault unless E, a symbolic link whose target could not be
   stat'ed, followed, is FTS_SLNONE as fts_read says (check-fts.c's
   test_follow_dangling): no error, its d_type a link's, and its own
   lstat in E->st.  */
static void
check_slnone (struct log *l, const struct libfts_walk_entry *e)
{
  struct stat want;
  if (fstatat (e->dirfd, e->name, &want, AT_SYMLINK_NOFOLLOW) != 0)
    log_fault (l, "%s: %s", e->name, strerror (errno));
  else if (e->info != FTS_SLNONE || e->err != 0 || e->d_type != DT_LNK
           || !e->st || !S_ISLNK (e->st->st_mode)
           || e->st->st_ino != want.st_ino)
    log_fault (l, "%s: info %d, err %d, d_type %d, st %p", e->name, e->info,
               e->err, e->d_type, (void *) e->st);
}

/* VISIT: a root that is a symbolic link must have been followed
   (FTS_SLNONE, with LIBFTS_WALK_COMFOLLOW); a link below, FTS_NSOK, is
   followed with libfts_walk_stat.  Everything is logged.  */
static int
visit_follow_dangling (struct libfts_walk_entry *e, void *arg)
{
  struct ctx *c = arg;
  if (e->info == FTS_NSOK && e->d_type == DT_LNK)
    {
      int info = libfts_walk_stat (e, 1);
      if (info != e->info)
        log_fault (&c->visits, "%s: libfts_walk_stat gave %d, info %d",
                   e->name, info, e->info);
    }
  if (e->d_type == DT_LNK || e->info == FTS_SLNONE)
    check_slnone (&c->visits, e);
  return visit_log (e, c);
}

/* Following a symbolic link whose target cannot be stat'ed (dangling,
   or a loop: ENOENT, ELOOP) gives FTS_SLNONE and the link's lstat, as
   in fts_read: a root with LIBFTS_WALK_COMFOLLOW, an entry with
   libfts_walk_stat (E, 1).  A missing root is FTS_NS.  */
START_TEST (test_follow_dangling)
{
  unit_make ("dang->nowhere loop->loop root/dang->nowhere root/loop->loop");
  char *roots[] = { (char *) "dang", (char *) "loop", (char *) "nope",
                    (char *) "root", NULL };
  struct ctx c = CTX_INIT;
  LIBFTS_WALK *w = walk_open (roots, LIBFTS_WALK_COMFOLLOW, THREADS (_i),
                              KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (w, visit_follow_dangling, NULL, &c), 0);
  assert_same_lines ("D 0 root\n"
                     "DP 0 root\n"
                     "NS 0 nope ENOENT\n"
                     "SLNONE 0 dang\n"
                     "SLNONE 0 loop\n"
                     "SLNONE 1 root/dang\n"
                     "SLNONE 1 root/loop\n",
                     log_text (&c.visits, true), "visits");
}
END_TEST

struct xdev_ctx
{
  struct ctx c;
  dev_t root_dev;
};

/* VISIT for the XDEV test: log "<path> <info> other|same" for
   directories, whose *dir_data says whether they are on another device
   (FTS_DP has no stat); nothing is visited inside one that is.  */
static int
visit_xdev (struct libfts_walk_entry *e, void *arg)
{
  struct xdev_ctx *x = arg;
  if (e->info == FTS_D && e->st && e->st->st_dev != x->root_dev)
    *e->dir_data = (void *) e;          /* anything not null */
  if (e->info == FTS_D || e->info == FTS_DP)
    {
      bool other = *e->dir_data != NULL;
      char *path = must (libfts_walk_path (e));
      log_add (&x->c.visits, xasprintf ("%s %d %s\n", path, e->info, other
                                        ? "other" : "same"));
      free (path);
    }
  if (e->parent_data)
    log_fault (&x->c.visits, "%s: read inside a directory on another "
               "device", e->name);
  return LIBFTS_WALK_CONTINUE;
}

/* LIBFTS_WALK_XDEV: a directory on another device than its root (a mount
   point under /dev, where there is one) is visited as FTS_D and FTS_DP
   with nothing between: no entry has it as parent.  */
START_TEST (test_xdev)
{
  struct stat dev, sub;
  const char *mount = NULL;
  static const char *const candidates[] = { "/dev/pts", "/dev/shm",
                                            "/dev/mqueue" };
  ck_assert_int_eq (lstat ("/dev", &dev), 0);
  for (int i = 0; i < 3 && !mount; i++)
    if (lstat (candidates[i], &sub) == 0 && S_ISDIR (sub.st_mode)
        && sub.st_dev != dev.st_dev)
      mount = candidates[i];
  if (!mount)
    {
      unit_skip ("test_xdev", "no file system mounted under /dev");
      return;
    }
  char *roots[] = { (char *) "/dev", NULL };
  struct xdev_ctx x = { .c = CTX_INIT, .root_dev = dev.st_dev };
  LIBFTS_WALK *w = walk_open (roots, LIBFTS_WALK_XDEV, THREADS (_i),
                              KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (w, visit_xdev, NULL, &x.c), 0);
  const char *dirs = log_text (&x.c.visits, true);
  ck_assert (has_line (dirs, unit_fmt ("%s %d other\n", mount, FTS_D)));
  ck_assert (has_line (dirs, unit_fmt ("%s %d other\n", mount, FTS_DP)));
}
END_TEST

/* ---- the suite ---------------------------------------------------------- */

/* The test cases of what the walk visits, and how it stops.  */
static void
add_visit_cases (Suite *s)
{
  TCase *tc;

  tc = unit_tcase ("visits");
  add_threaded (tc, test_visit_once, 1);
  add_threaded (tc, test_visit_once_stat, 1);
  add_threaded (tc, test_visit_once_short_reads, 1);
  add_threaded (tc, test_post_order, 1);
  add_threaded (tc, test_dir_data, 1);
  add_threaded (tc, test_walk_stat, 1);
  add_threaded (tc, test_follow_dangling, 1);
  add_threaded (tc, test_skip, 1);
  add_threaded (tc, test_xdev, 1);
  add_threaded (tc, test_again_elsewhere, 2);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("shares");
  tcase_add_test (tc, test_split_threads);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("permissions");
  add_threaded (tc, test_unreadable_dir, 1);
  add_threaded (tc, test_chmod_at_d, 1);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("stop");
  add_threaded (tc, test_stop_visit, 1);
  add_threaded (tc, test_stop_at_root, 1);
  add_threaded (tc, test_stop_report, 2);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("vanishing");
  add_threaded (tc, test_vanish_before_read, 1);
  add_threaded (tc, test_vanish_self_at_d, 1);
  add_threaded (tc, test_vanish_listed_siblings, 2);
  suite_add_tcase (s, tc);
}

/* The test cases of the walk's API.  */
static void
add_api_cases (Suite *s)
{
  TCase *tc;

  tc = unit_tcase ("api");
  tcase_add_test (tc, test_open_no_roots);
  tcase_add_loop_test (tc, test_ancestor_ids, 0, N_THREADS);
  tcase_add_test (tc, test_open_unknown_option);
  add_threaded (tc, test_run_twice, 1);
  tcase_add_test (tc, test_run_without_visit);
  tcase_add_test (tc, test_setters);
  tcase_add_test (tc, test_close);
  add_threaded (tc, test_roots, 4);
  add_threaded (tc, test_roots_open_calls, 1);
  add_threaded (tc, test_stats, 2);
  tcase_add_test (tc, test_stats_size);
  suite_add_tcase (s, tc);
}

static Suite *
walk_suite (void)
{
  Suite *s = suite_create ("fts-walk");
  add_visit_cases (s);
  add_api_cases (s);
  return s;
}

int
main (void)
{
  return unit_main (walk_suite ());
}

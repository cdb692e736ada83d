/* check-fts-walk.c: the parallel walk (lib/fts-walk*.c), seen through the
   contract at the end of fts.h: libfts_walk_open, _set_threads, _run,
   _close, the VISIT callback and the helpers VISIT may call.  Its
   reports, and their order, are check-fts-walk-emit.c's; what both
   suites share (trees, the reference walk, the callbacks' log) is in
   walk-harness.h, which says how the tests keep clear of the walk's
   threads.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later

   LIBFTS_STRESS_ROUNDS sets how many rounds the symlink-swap race runs
   per thread count (make check-stress runs many).  */

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

/* The path in LINE ("<info> <level> <path>[ <errno>]\n").  */
static const char *
line_path (const char *line)
{
  return strchr (strchr (line, ' ') + 1, ' ') + 1;
}

/* Whether PATH, in a line, is PREFIX itself, or something below it.  */
static bool
path_is (const char *path, const char *prefix)
{
  size_t n = strlen (prefix);
  return strncmp (path, prefix, n) == 0
         && (path[n] == '\n' || path[n] == ' ' || !path[n]);
}

static bool
path_below (const char *path, const char *prefix)
{
  size_t n = strlen (prefix);
  return strncmp (path, prefix, n) == 0 && path[n] == '/';
}

/* Whether TEXT has LINE (newline included) as one of its lines.  */
static bool
has_line (const char *text, const char *line)
{
  for (const char *p = text; (p = strstr (p, line)); p++)
    if (p == text || p[-1] == '\n')
      return true;
  return false;
}

/* Whether PATH exists (as anything, symlinks not followed).  */
static bool
exists (const char *path)
{
  struct stat st;
  return lstat (path, &st) == 0;
}

/* VISIT: log every entry.  */
static int
visit_log (struct libfts_walk_entry *e, void *arg)
{
  struct ctx *c = arg;
  atomic_fetch_add (&c->nvisits, 1);
  log_add (&c->visits, entry_line (e));
  return LIBFTS_WALK_CONTINUE;
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

/* ---- removing the tree as rm does ------------------------------------------- */

struct rm_ctx
{
  struct ctx c;
  atomic_long agains;           /* LIBFTS_WALK_AGAIN returned */
  atomic_long failed_reports;   /* LIBFTS_WALK_FAILED reports */
  bool quiet;                   /* failures are expected (races) */
};

/* VISIT for rm: unlink what is not a directory, remove each directory at
   its FTS_DP, and when unlinkat says a "file" is a directory (d_type was
   wrong), ask for the entry again.  */
static int
visit_rm (struct libfts_walk_entry *e, void *arg)
{
  struct rm_ctx *r = arg;
  atomic_fetch_add (&r->c.nvisits, 1);
  switch (e->info)
    {
    case FTS_D:
      return LIBFTS_WALK_CONTINUE;
    case FTS_DP:
      if (unlinkat (e->dirfd, e->name, AT_REMOVEDIR) != 0 && !r->quiet)
        log_fault (&r->c.visits, "rmdir %s (level %ld): %s", e->name,
                   e->level, strerror (errno));
      return LIBFTS_WALK_CONTINUE;
    case FTS_DNR:
    case FTS_ERR:
    case FTS_NS:
    case FTS_DC:
      if (!r->quiet)
        log_fault (&r->c.visits, "%s (level %ld): info %d, %s", e->name,
                   e->level, e->info, strerror (e->err));
      return LIBFTS_WALK_CONTINUE;
    default:
      if (unlinkat (e->dirfd, e->name, 0) == 0)
        return LIBFTS_WALK_CONTINUE;
      if (errno == EISDIR)
        {
          atomic_fetch_add (&r->agains, 1);
          return LIBFTS_WALK_AGAIN;
        }
      if (!r->quiet)
        log_fault (&r->c.visits, "unlink %s (level %ld): %s", e->name,
                   e->level, strerror (errno));
      return LIBFTS_WALK_CONTINUE;
    }
}

static int
report_count_failed (const struct libfts_walk_report *rep, void *arg)
{
  struct rm_ctx *r = arg;
  if (rep->code == LIBFTS_WALK_FAILED)
    atomic_fetch_add (&r->failed_reports, 1);
  return 0;
}

/* Remove the tree at ROOTS[0] with THREADS threads; it must be gone, and
   the walk must not keep a descriptor.  */
static void
check_rm (char *const *roots, unsigned threads)
{
  int fds = unit_count_fds ();
  struct rm_ctx r = { .c = CTX_INIT };
  LIBFTS_WALK *w = walk_open (roots, 0, threads, KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (w, visit_rm, report_count_failed, &r.c), 0);
  ck_assert_int_eq (atomic_load (&r.failed_reports), 0);
  ck_assert_msg (!exists (roots[0]), "%s is still there", roots[0]);
  ck_assert_int_eq (unit_count_fds (), fds);
}

/* An rm-like walk removes every kind of entry, and the root.  */
START_TEST (test_rm)
{
  make_mixed ();
  make_wide ("root", 5, 10, 10);
  make_big_dir ("root/big", 200, 20);
  check_rm (root_only, THREADS (_i));
}
END_TEST

/* The same, given the root with a trailing slash.  */
START_TEST (test_rm_trailing_slash)
{
  make_mixed ();
  char *roots[] = { (char *) "root/", NULL };
  check_rm (roots, THREADS (_i));
  ck_assert (!exists ("root"));
}
END_TEST

struct again_ctx
{
  struct rm_ctx r;
  pthread_mutex_t lock;
  char **names;                 /* entries of root/a, in no useful order */
  bool *started;                /* their visits that have begun */
  size_t count;
  const char *victim;           /* the one replaced by a directory */
  atomic_int saw_victim_dir;    /* its FTS_D */
};

/* Mark NAME (in root/a) as visited, and at the first such visit replace
   an entry not yet visited by a directory holding a file: the walk read
   it as a regular file (d_type), and will hand it out as one.  */
static void
replace_a_sibling (struct again_ctx *a, struct libfts_walk_entry *e)
{
  pthread_mutex_lock (&a->lock);
  bool first = true;
  size_t mine = a->count;
  for (size_t i = 0; i < a->count; i++)
    {
      first &= !a->started[i];
      if (strcmp (a->names[i], e->name) == 0)
        mine = i;
    }
  if (mine < a->count)
    a->started[mine] = true;
  for (size_t i = 0; first && !a->victim && i < a->count; i++)
    if (!a->started[i])
      {
        a->victim = a->names[i];
        char *inner = xasprintf ("%s/inner", a->victim);
        int fd = -1;
        if (unlinkat (e->dirfd, a->victim, 0) != 0
            || mkdirat (e->dirfd, a->victim, 0755) != 0
            || (fd = openat (e->dirfd, inner,
                             O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
                             0644)) < 0)
          log_fault (&a->r.c.visits, "replacing %s: %s", a->victim,
                     strerror (errno));
        if (fd >= 0)
          close (fd);
        free (inner);
      }
  pthread_mutex_unlock (&a->lock);
}

static int
visit_rm_replacing (struct libfts_walk_entry *e, void *arg)
{
  struct again_ctx *a = arg;
  if (e->level == 2 && e->info != FTS_DP)
    {
      char *path = must (libfts_walk_path (e));
      if (strncmp (path, "root/a/", 7) == 0)
        {
          if (e->info == FTS_D)
            atomic_store (&a->saw_victim_dir, 1);
          else
            replace_a_sibling (a, e);
        }
      free (path);
    }
  return visit_rm (e, &a->r);
}

/* LIBFTS_WALK_AGAIN: an entry that d_type called a file turns out to be a
   directory (unlinkat says EISDIR); asked again, the walk lstats it and
   visits it as the directory it is, so that rm removes it too.  */
START_TEST (test_rm_again)
{
  unit_make ("root/b/f root/c/");
  unit_make ("root/a/");
  int fd = open ("root/a", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ck_assert_int_ge (fd, 0);
  make_files_at (fd, "f", 10);
  close (fd);
  struct again_ctx a = { .r.c = CTX_INIT, .lock = PTHREAD_MUTEX_INITIALIZER };
  a.names = unit_keep (malloc (10 * sizeof *a.names));
  a.started = unit_keep (calloc (10, sizeof *a.started));
  for (int i = 0; i < 10; i++)
    a.names[i] = unit_fmt ("f%02d", i);
  a.count = 10;
  LIBFTS_WALK *w = walk_open (root_only, 0, THREADS (_i), KEEP_THRESHOLD,
                              false);
  ck_assert_int_eq (walk_run (w, visit_rm_replacing, NULL, &a.r.c), 0);
  ck_assert_ptr_nonnull (a.victim);
  ck_assert_int_eq (atomic_load (&a.r.agains), 1);
  ck_assert (atomic_load (&a.saw_victim_dir));
  ck_assert (!exists ("root"));
}
END_TEST

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

/* ---- out of descriptors ---------------------------------------------------- */

/* A chain deeper than any reasonable descriptor budget, with siblings at
   every level, and some width at the top.  */
enum { EMFILE_DEPTH = 40, EMFILE_THREADS = 8 };
static const rlim_t fd_limits[] = { 32, 16 };
enum { N_FD_LIMITS = sizeof fd_limits / sizeof *fd_limits };

static void
make_deep_wide (void)
{
  unit_make ("root/");
  unit_make_chain ("root", EMFILE_DEPTH, "d", "e z/zf s/t/u");
  make_wide ("root", 2, 10, 3);
}

/* Lower this process's RLIMIT_NOFILE to LIMIT; false (and a note) when
   that cannot be done here.  */
static bool
lower_fd_limit (const char *test, rlim_t limit)
{
  if (!unit_forking)
    {
      unit_skip (test, "needs CK_FORK=yes to lower limits");
      return false;
    }
  int base = unit_count_fds ();
  if ((rlim_t) base + 4 > limit)
    {
      unit_skip (test, unit_fmt ("%d descriptors already open", base));
      return false;
    }
  struct rlimit rl = { limit, limit };
  ck_assert_int_eq (setrlimit (RLIMIT_NOFILE, &rl), 0);
  return true;
}

/* With 8 threads and room for only a few descriptors, the walk still
   visits the whole tree, without an error, and leaves none open.  (The
   kernel keeps the count under the limit; what can go wrong is EMFILE
   turned into FTS_DNR, FTS_ERR or a failed walk.)  */
START_TEST (test_emfile_walk)
{
  rlim_t limit = fd_limits[_i];
  make_deep_wide ();
  const char *expected = sorted_lines (seq_lines (root_only, SEQ_OPTIONS,
                                                  KEEP_THRESHOLD, false));
  if (!lower_fd_limit ("test_emfile_walk", limit))
    return;
  int fds = unit_count_fds ();
  struct rm_ctx r = { .c = CTX_INIT };
  LIBFTS_WALK *w = walk_open (root_only, 0, EMFILE_THREADS, KEEP_THRESHOLD,
                              false);
  ck_assert_int_eq (walk_run (w, visit_log, report_count_failed, &r.c), 0);
  ck_assert_int_eq (atomic_load (&r.failed_reports), 0);
  assert_same_lines (expected, log_text (&r.c.visits, true), "visits");
  ck_assert_int_eq (unit_count_fds (), fds);
}
END_TEST

/* The same limits, removing the tree.  */
START_TEST (test_emfile_rm)
{
  rlim_t limit = fd_limits[_i];
  make_deep_wide ();
  if (!lower_fd_limit ("test_emfile_rm", limit))
    return;
  check_rm (root_only, EMFILE_THREADS);
}
END_TEST

/* Reports still come in fts_read's order when directories are closed and
   reopened for want of descriptors.  */
START_TEST (test_emfile_ordered)
{
  rlim_t limit = fd_limits[_i];
  make_deep_wide ();
  if (!lower_fd_limit ("test_emfile_ordered", limit))
    return;
  check_ordered (root_only, EMFILE_THREADS, KEEP_THRESHOLD, false);
}
END_TEST

/* Keep descriptors open until only FREE are left under the soft limit;
   returns how many were opened (closed again by close_held).  */
static int
hold_descriptors (int free_left, int *held, int max)
{
  struct rlimit rl;
  ck_assert_int_eq (getrlimit (RLIMIT_NOFILE, &rl), 0);
  int n = 0;
  while (n < max && unit_count_fds () + free_left < (int) rl.rlim_cur)
    {
      held[n] = open ("/dev/null", O_RDONLY | O_CLOEXEC);
      ck_assert_int_ge (held[n], 0);
      n++;
    }
  return n;
}

/* The walk's share of descriptors under a low RLIMIT_NOFILE, as the manual
   states it: half of what the limit leaves after 12 for the program, but
   never fewer than 4.  */
static int
documented_budget (rlim_t limit)
{
  int half = limit > 12 ? (int) (limit - 12) / 2 : 0;
  return half < 4 ? 4 : half;
}

/* The program holds every descriptor the walk leaves it, so that the
   walk has exactly its documented budget free, no more: the tree is still
   walked whole, with no directory given up for EMFILE.  */
START_TEST (test_emfile_program_share)
{
  rlim_t limit = fd_limits[_i];
  make_deep_wide ();
  const char *expected = sorted_lines (seq_lines (root_only, SEQ_OPTIONS,
                                                  KEEP_THRESHOLD, false));
  if (!lower_fd_limit ("test_emfile_program_share", limit))
    return;
  int held[64];
  int n = hold_descriptors (documented_budget (limit), held, 64);
  struct rm_ctx r = { .c = CTX_INIT };
  LIBFTS_WALK *w = walk_open (root_only, 0, EMFILE_THREADS, KEEP_THRESHOLD,
                              false);
  ck_assert_int_eq (walk_run (w, visit_log, report_count_failed, &r.c), 0);
  ck_assert_int_eq (atomic_load (&r.failed_reports), 0);
  assert_same_lines (expected, log_text (&r.c.visits, true), "visits");
  for (int i = 0; i < n; i++)
    close (held[i]);
}
END_TEST

/* ---- deep chains ------------------------------------------------------------- */

enum
{
  DEEP = 3000,
  DEEPER = 100000,
  DEEPER_THREADS = 4,
  /* Far below the depths: a walk that kept a descriptor per level, or per
     pending directory, would need thousands.  Room for the threads'
     own and the test's count.  */
  DEEP_FD_SLACK = 200
};

/* Number of descriptors open, or -1; callable from any thread.  */
static int
count_fds_quiet (void)
{
  DIR *d = opendir ("/proc/self/fd");
  if (!d)
    return -1;
  int n = 0;
  struct dirent *e;
  while ((e = readdir (d)))
    n += e->d_name[0] != '.';
  closedir (d);
  return n - 1;
}

struct deep_ctx
{
  struct rm_ctx r;
  long depth;
  bool rm;
  atomic_long seq;
  atomic_long *d_seq, *dp_seq, *e_seq;  /* by level: 1 + when, 0 unseen */
  atomic_int max_fds;
  atomic_long deepest_pathlen;
  atomic_long max_level;
};

static void
atomic_max_int (atomic_int *a, int v)
{
  int old = atomic_load (a);
  while (v > old && !atomic_compare_exchange_weak (a, &old, v))
    continue;
}

/* Note when E (at LEVEL) was visited, in SLOTS.  */
static void
note_seq (struct deep_ctx *d, atomic_long *slots, const char *what,
          long level, long seq)
{
  if (level < 0 || level > d->depth + 1)
    log_fault (&d->r.c.visits, "%s at level %ld", what, level);
  else if (atomic_exchange (&slots[level], seq + 1) != 0)
    log_fault (&d->r.c.visits, "%s at level %ld visited twice", what, level);
}

static int
visit_deep (struct libfts_walk_entry *e, void *arg)
{
  struct deep_ctx *d = arg;
  long seq = atomic_fetch_add (&d->seq, 1);
  long old = atomic_load (&d->max_level);
  while (e->level > old
         && !atomic_compare_exchange_weak (&d->max_level, &old, e->level))
    continue;
  if (e->level % 512 == 0 || e->level == d->depth)
    atomic_max_int (&d->max_fds, count_fds_quiet ());
  if (d->e_seq)
    {
      if (e->info == FTS_D)
        note_seq (d, d->d_seq, "FTS_D", e->level, seq);
      else if (e->info == FTS_DP)
        note_seq (d, d->dp_seq, "FTS_DP", e->level, seq);
      else if (strcmp (e->name, "e") == 0)
        note_seq (d, d->e_seq, "e", e->level, seq);
      else
        log_fault (&d->r.c.visits, "%s at level %ld: info %d", e->name,
                   e->level, e->info);
    }
  if (e->info == FTS_D && e->level == d->depth && !d->rm)
    {
      char *path = must (libfts_walk_path (e));
      atomic_store (&d->deepest_pathlen, strlen (path));
      free (path);
    }
  if (d->rm)
    return visit_rm (e, &d->r);
  atomic_fetch_add (&d->r.c.nvisits, 1);
  return LIBFTS_WALK_CONTINUE;
}

/* Check the order of the visits of a chain DEPTH deep with a file "e" in
   each directory: pre-order going down, post-order coming back.  */
static void
check_chain_order (const struct deep_ctx *d)
{
  for (long l = 0; l <= d->depth; l++)
    {
      long dl = atomic_load (&d->d_seq[l]), dpl = atomic_load (&d->dp_seq[l]);
      long el = atomic_load (&d->e_seq[l + 1]);
      unit_check_msg (dl && dpl && el, "level %ld: D %ld DP %ld e %ld", l,
                      dl, dpl, el);
      unit_check_msg (dl < el && el < dpl, "level %ld: D %ld e %ld DP %ld",
                      l, dl, el, dpl);
      if (l < d->depth)
        unit_check_msg (dl < atomic_load (&d->d_seq[l + 1])
                        && atomic_load (&d->dp_seq[l + 1]) < dpl,
                        "level %ld: out of order with level %ld", l, l + 1);
    }
}

static atomic_long *
seq_slots (long depth)
{
  return unit_keep (calloc (depth + 2, sizeof (atomic_long)));
}

/* A chain 3,000 deep: every level visited once, in order, with paths
   that long; descriptors bounded far below the depth, and none left.  */
START_TEST (test_deep_chain)
{
  use_tmpfs ();
  unit_make ("root/");
  unit_make_chain ("root", DEEP, "d", "e");
  int fds = unit_count_fds ();
  struct deep_ctx d = { .r.c = CTX_INIT, .depth = DEEP,
                        .d_seq = seq_slots (DEEP), .dp_seq = seq_slots (DEEP),
                        .e_seq = seq_slots (DEEP) };
  LIBFTS_WALK *w = walk_open (root_only, 0, THREADS (_i), KEEP_THRESHOLD,
                              false);
  ck_assert_int_eq (walk_run (w, visit_deep, NULL, &d.r.c), 0);
  check_chain_order (&d);
  ck_assert_int_eq (atomic_load (&d.seq), 3 * (DEEP + 1));
  ck_assert_int_eq (atomic_load (&d.deepest_pathlen), 4 + 2 * DEEP);
  ck_assert_int_le (atomic_load (&d.max_fds) - fds, DEEP_FD_SLACK);
  ck_assert_int_eq (unit_count_fds (), fds);
}
END_TEST

/* The same chain, removed.  */
START_TEST (test_deep_chain_rm)
{
  use_tmpfs ();
  unit_make ("root/");
  unit_make_chain ("root", DEEP, "d", "e");
  int fds = unit_count_fds ();
  struct deep_ctx d = { .r.c = CTX_INIT, .depth = DEEP, .rm = true,
                        .d_seq = seq_slots (DEEP), .dp_seq = seq_slots (DEEP),
                        .e_seq = seq_slots (DEEP) };
  LIBFTS_WALK *w = walk_open (root_only, 0, THREADS (_i), KEEP_THRESHOLD,
                              false);
  ck_assert_int_eq (walk_run (w, visit_deep, NULL, &d.r.c), 0);
  check_chain_order (&d);
  ck_assert (!exists ("root"));
  ck_assert_int_le (atomic_load (&d.max_fds) - fds, DEEP_FD_SLACK);
  ck_assert_int_eq (unit_count_fds (), fds);
}
END_TEST

/* A chain 100,000 deep, removed with 4 threads: no recursion (the
   threads' stacks would not hold it), no descriptor per level, no path
   ever built (VISIT asks for none).  */
START_TEST (test_deeper_chain_rm)
{
  use_tmpfs ();
  unit_make ("root/");
  unit_make_chain ("root", DEEPER, "d", NULL);
  int fds = unit_count_fds ();
  struct deep_ctx d = { .r.c = CTX_INIT, .depth = DEEPER, .rm = true };
  LIBFTS_WALK *w = walk_open (root_only, 0, DEEPER_THREADS, KEEP_THRESHOLD,
                              false);
  ck_assert_int_eq (walk_run (w, visit_deep, NULL, &d.r.c), 0);
  ck_assert (!exists ("root"));
  ck_assert_int_eq (atomic_load (&d.max_level), DEEPER);
  ck_assert_int_eq (atomic_load (&d.seq), 2 * (DEEPER + 1));
  ck_assert_int_le (atomic_load (&d.max_fds) - fds, DEEP_FD_SLACK);
  ck_assert_int_eq (unit_count_fds (), fds);
}
END_TEST

/* ---- a directory swapped for a symbolic link during removal ------------------ */

/* The tree: SWAP_TOWERS towers root/tK, each with files "e" and "f" and
   SWAP_WIDTH subdirectories sJ, each a chain of SWAP_DEPTH directories "d"
   with "e" and "f" at every level.  The subdirectories of a tower wait as
   tasks while its descriptor may be closed (many towers, few
   descriptors), so that the walk often reopens a tower from the root to
   read one of them.  outside/ has the shape of a tower: a walk that
   followed a swapped-in link, or reopened a directory by a path through
   one, would remove files there.  */
enum
{
  SWAP_TOWERS = 6, SWAP_WIDTH = 4, SWAP_DEPTH = 12,
  /* Rounds per thread count by default: about a second's worth on a
     tmpfs, where a plain regression is caught in a few rounds and a
     reopen through a link (rarer, it needs the helper to be quick) in
     a few tens; a tenth of that on a disk file system.  */
  SWAP_ROUNDS_TMPFS = 100, SWAP_ROUNDS_DISK = 10
};

/* Make a tower at PATH (a new directory).  */
static void
make_tower (const char *path)
{
  unit_make (unit_fmt ("%s/e %s/f", path, path));
  for (int j = 0; j < SWAP_WIDTH; j++)
    {
      char *sub = unit_fmt ("%s/s%d", path, j);
      unit_make (unit_fmt ("%s/", sub));
      unit_make_chain (sub, SWAP_DEPTH, "d", "e f");
    }
}

/* Rounds per thread count: LIBFTS_STRESS_ROUNDS when it is a positive
   number, else the default for a tmpfs (TMPFS) or a disk.  */
static long
stress_rounds (bool tmpfs)
{
  const char *s = getenv ("LIBFTS_STRESS_ROUNDS");
  char *end;
  long n = s ? strtol (s, &end, 10) : 0;
  if (s && *s && !*end && n > 0)
    return n;
  return tmpfs ? SWAP_ROUNDS_TMPFS : SWAP_ROUNDS_DISK;
}

struct swapper
{
  atomic_bool stop;
  atomic_bool started;          /* the first links are in place */
  atomic_long swaps;
  const char *outside;          /* absolute name of outside/ */
};

/* The names the helper works with: tower K itself (N even), or its
   subdirectory s<N / 2 % SWAP_WIDTH>.  */
static void
swap_names (struct swapper *s, int k, unsigned n, char *dir, char *aside,
            char *target)
{
  if (n % 2 == 0)
    {
      snprintf (dir, 64, "root/t%d", k);
      snprintf (aside, 64, "root/aside%d", k);
      snprintf (target, PATH_MAX, "%s", s->outside);
    }
  else
    {
      unsigned j = n / 2 % SWAP_WIDTH;
      snprintf (dir, 64, "root/t%d/s%u", k, j);
      snprintf (aside, 64, "root/t%d/aside", k);
      snprintf (target, PATH_MAX, "%s/s%u", s->outside, j);
    }
}

/* The helper thread, until told to stop: swap every tower, or a
   subdirectory of every tower, for a link to the same place in outside/,
   leave the links a moment (most of the time, so that the walk's opens
   and reopens meet them), and put the directories back.  Any step may
   fail: the walk is removing all this.  */
static void *
swap_loop (void *arg)
{
  struct swapper *s = arg;
  char dir[64], aside[64], target[PATH_MAX];
  bool swapped[SWAP_TOWERS];
  for (unsigned n = 0; !atomic_load (&s->stop); n++)
    {
      for (int k = 0; k < SWAP_TOWERS; k++)
        {
          swap_names (s, k, n, dir, aside, target);
          swapped[k] = rename (dir, aside) == 0;
          if (swapped[k] && symlink (target, dir) == 0)
            atomic_fetch_add (&s->swaps, 1);
        }
      atomic_store (&s->started, true);
      usleep (20 + n % 50);
      for (int k = 0; k < SWAP_TOWERS; k++)
        if (swapped[k])
          {
            swap_names (s, k, n, dir, aside, target);
            unlink (dir);
            rename (aside, dir);
          }
      sched_yield ();
    }
  return NULL;
}

/* VISIT for the race: rm's, giving the helper a chance at each directory,
   so that the walk and the swaps interleave even on few processors.  */
static int
visit_rm_yielding (struct libfts_walk_entry *e, void *arg)
{
  if (e->info == FTS_D)
    sched_yield ();
  return visit_rm (e, arg);
}

/* Regular files under PATH, symbolic links not followed.  */
static long files_counted;

static int
count_file (const char *path, const struct stat *st, int flag,
            struct FTW *ftw)
{
  files_counted += flag == FTW_F && S_ISREG (st->st_mode);
  return 0;
}

static long
count_files (const char *path)
{
  files_counted = 0;
  ck_assert_int_eq (nftw (path, count_file, 16, FTW_PHYS), 0);
  return files_counted;
}

/* What the rounds add up.  */
struct swap_totals
{
  long swaps;                   /* links swapped in while the walk ran */
  unsigned long long reopens;   /* directories the walk reopened */
};

/* With a soft RLIMIT_NOFILE this low, the walk's descriptor budget is
   small (a few; fts-walk-fd.c halves what is left after a reserve), so
   that the towers' directories are closed and reopened from above or
   through "..": the paths a swapped-in link would lead astray.  */
enum { SWAP_FD_LIMIT = 24 };

/* Set the soft limit on descriptors to LIMIT (RLIM_INFINITY: back to the
   hard limit).  */
static void
set_soft_fd_limit (rlim_t limit)
{
  struct rlimit rl;
  ck_assert_int_eq (getrlimit (RLIMIT_NOFILE, &rl), 0);
  rl.rlim_cur = limit == RLIM_INFINITY || limit > rl.rlim_max
                ? rl.rlim_max : limit;
  ck_assert_int_eq (setrlimit (RLIMIT_NOFILE, &rl), 0);
}

/* One round: make the towers, remove them with THREADS threads while the
   helper swaps, and check that outside/ holds all its files.  Odd rounds
   run with few descriptors.  */
static void
swap_round (unsigned threads, long round, long outside_files,
            struct swap_totals *totals)
{
  for (int k = 0; k < SWAP_TOWERS; k++)
    make_tower (unit_fmt ("root/t%d", k));
  struct swapper s = { .outside = unit_fmt ("%s/outside", unit_dir) };
  struct rm_ctx r = { .c = CTX_INIT, .quiet = true };
  set_soft_fd_limit (round % 2 ? SWAP_FD_LIMIT : RLIM_INFINITY);
  LIBFTS_WALK *w = walk_open (root_only, 0, threads, KEEP_THRESHOLD, false);
  pthread_t helper;
  ck_assert_int_eq (pthread_create (&helper, NULL, swap_loop, &s), 0);
  while (!atomic_load (&s.started))
    sched_yield ();
  int ret = libfts_walk_run (w, visit_rm_yielding, report_count_failed, &r.c);
  atomic_store (&s.stop, true);
  ck_assert_int_eq (pthread_join (helper, NULL), 0);
  struct libfts_stats st;
  ck_assert_int_eq (libfts_walk_get_stats (w, &st, sizeof st), 0);
  ck_assert_int_eq (libfts_walk_close (w), 0);
  set_soft_fd_limit (RLIM_INFINITY);
  totals->swaps += atomic_load (&s.swaps);
  totals->reopens += st.dir_reopens;
  /* Failing (-1) is allowed: a directory may not be where it was.  */
  ck_assert_msg (ret == 0 || ret == -1, "round %ld: run returned %d",
                 round, ret);
  ck_assert_msg (count_files ("outside") == outside_files,
                 "round %ld with %u threads: %ld of %ld files left outside",
                 round, threads, count_files ("outside"), outside_files);
  ck_assert_int_eq (unit_remove_tree ("root"), 0);
}

/* Directories swapped for symbolic links to outside/ while an rm-like
   walk removes the tree: nothing outside is ever removed, whether the walk
   opens the directories by name from their parents or reopens them.  */
START_TEST (test_symlink_swap)
{
  bool tmpfs = use_tmpfs ();
  unsigned threads = THREADS (_i);
  make_tower ("outside");
  long outside_files = count_files ("outside");
  ck_assert_int_eq (outside_files, 2 + SWAP_WIDTH * 2 * (SWAP_DEPTH + 1));
  long rounds = stress_rounds (tmpfs);
  struct swap_totals totals = { 0 };
  for (long i = 0; i < rounds; i++)
    swap_round (threads, i, outside_files, &totals);
  /* The race was run, and reopening was part of it.  */
  ck_assert_int_gt (totals.swaps, 0);
  if (rounds > 1)
    ck_assert_uint_gt (totals.reopens, 0);
}
END_TEST

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

/* Two walks of 8 threads each, where requests wait on a server, run at
   once with a budget of 3 between them: never more than 3 threads in
   VISIT at once in all, and more than 1 (variant 1, no budget: up to 16,
   more than 3).  Every entry visited once.  */
START_TEST (test_budget_shared)
{
  unit_make ("a/");
  unit_make ("b/");
  make_wide ("a", 1, 40, 5);
  make_wide ("b", 1, 40, 5);
  ck_assert_int_eq (setenv ("LIBFTS_STORAGE", "remote", 1), 0);
  LIBFTS_WALK_BUDGET *budget = libfts_walk_budget_new (3);
  ck_assert_ptr_nonnull (budget);
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
  ck_assert_int_eq (libfts_walk_budget_acquire (b), 0);
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
   online processor, at most 32.  */
START_TEST (test_default_threads)
{
  unsigned online = sysconf (_SC_NPROCESSORS_ONLN);
  unsigned fallback = 4 * online < 32 ? 4 * online : 32;
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

/* ---- the API's edges ------------------------------------------------------ */

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
   LIBFTS_WALK_COMFOLLOW (variant 1).  The walk completes (0).  */
START_TEST (test_roots)
{
  bool follow = VARIANT (_i) == 1;
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
  LIBFTS_WALK *w = walk_open (roots, follow ? LIBFTS_WALK_COMFOLLOW : 0,
                              THREADS (_i), KEEP_THRESHOLD, false);
  ck_assert_int_eq (walk_run (w, visit_roots, NULL, &r.c), 0);
  assert_same_lines (sorted_lines (expected),
                     log_text (&r.c.visits, true), "visits");
  ck_assert (has_line (expected, "NS 0 nope ENOENT\n"));
  ck_assert (has_line (expected, "F 0 file\n"));
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

  tc = unit_tcase ("rm");
  add_threaded (tc, test_rm, 1);
  add_threaded (tc, test_rm_trailing_slash, 1);
  add_threaded (tc, test_rm_again, 1);
  add_threaded (tc, test_flag_ancestors, 1);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("hold");
  add_threaded (tc, test_hold_release, 2);
  add_threaded (tc, test_hold_release_flagged, 1);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("give");
  add_threaded (tc, test_give, 1);
  tcase_add_test (tc, test_give_refused);
  suite_add_tcase (s, tc);
}

/* The test cases of the walk's resources (descriptors, threads) and of
   its API.  */
static void
add_resource_cases (Suite *s)
{
  TCase *tc;

  tc = unit_tcase ("descriptors");
  tcase_add_loop_test (tc, test_emfile_walk, 0, N_FD_LIMITS);
  tcase_add_loop_test (tc, test_emfile_rm, 0, N_FD_LIMITS);
  tcase_add_loop_test (tc, test_emfile_ordered, 0, N_FD_LIMITS);
  tcase_add_loop_test (tc, test_emfile_program_share, 0, N_FD_LIMITS);
  add_threaded (tc, test_deep_chain, 1);
  add_threaded (tc, test_deep_chain_rm, 1);
  tcase_add_test (tc, test_deeper_chain_rm);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("symlink-swap");
  add_threaded (tc, test_symlink_swap, 1);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("threads");
  tcase_add_test (tc, test_split_threads);
  tcase_add_test (tc, test_one_thread);
  tcase_add_test (tc, test_chain_starts_no_thread);
  tcase_add_loop_test (tc, test_remote_threads, 0, 3);
  tcase_add_loop_test (tc, test_threads_bounded, 0, 3);
  tcase_add_test (tc, test_default_threads);
  tcase_add_loop_test (tc, test_threads_env, 0, 2);
  tcase_add_loop_test (tc, test_many_threads_small_tree, 0, 3);
  tcase_add_loop_test (tc, test_budget_shared, 0, 2);
  tcase_add_test (tc, test_budget_pause);
  tcase_add_test (tc, test_budget_api);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("api");
  tcase_add_test (tc, test_open_no_roots);
  tcase_add_test (tc, test_open_unknown_option);
  add_threaded (tc, test_run_twice, 1);
  tcase_add_test (tc, test_run_without_visit);
  tcase_add_test (tc, test_setters);
  tcase_add_test (tc, test_close);
  add_threaded (tc, test_roots, 2);
  add_threaded (tc, test_stats, 2);
  tcase_add_test (tc, test_stats_size);
  suite_add_tcase (s, tc);
}

static Suite *
walk_suite (void)
{
  Suite *s = suite_create ("fts-walk");
  add_visit_cases (s);
  add_resource_cases (s);
  return s;
}

int
main (void)
{
  return unit_main (walk_suite ());
}

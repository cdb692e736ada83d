/* check-fts-walk-rm.c: the parallel walk removing a tree as rm does
   (post-order visits, a directory removed from its parent's descriptor),
   out of descriptors (EMFILE at every limit), deep chains of
   directories (descriptors bounded whatever the depth), and the
   symlink-swap race: a directory swapped for a symbolic link during
   removal never leads the walk outside the tree.

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

/* ---- the suite ---------------------------------------------------------- */

static Suite *
rm_suite (void)
{
  Suite *s = suite_create ("fts-walk-rm");
  TCase *tc;

  tc = unit_tcase ("rm");
  add_threaded (tc, test_rm, 1);
  add_threaded (tc, test_rm_trailing_slash, 1);
  add_threaded (tc, test_rm_again, 1);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("descriptors");
  tcase_add_loop_test (tc, test_emfile_walk, 0, N_FD_LIMITS);
  tcase_add_loop_test (tc, test_emfile_rm, 0, N_FD_LIMITS);
  tcase_add_loop_test (tc, test_emfile_ordered, 0, N_FD_LIMITS);
  tcase_add_loop_test (tc, test_emfile_program_share, 0, N_FD_LIMITS);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("chains");
  add_threaded (tc, test_deep_chain, 1);
  add_threaded (tc, test_deep_chain_rm, 1);
  tcase_add_test (tc, test_deeper_chain_rm);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("symlink-swap");
  add_threaded (tc, test_symlink_swap, 1);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return unit_main (rm_suite ());
}

/* walk-harness.c: what the suites of the parallel walk share (see
   walk-harness.h).

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include "config.h"

#include "walk-harness.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

const unsigned thread_counts[N_THREADS] = { 1, 2, 8, 64 };

char *root_only[] = { (char *) "root", NULL };

void
add_threaded (TCase *tc, const TTest *test, int variants)
{
  tcase_add_loop_test (tc, test, 0, N_THREADS * variants);
}


/* ---- memory and text, safe on any thread -------------------------------- */

void *
must (void *p)
{
  if (!p)
    abort ();
  return p;
}

char *
xasprintf (const char *fmt, ...)
{
  va_list ap;
  char *s;
  va_start (ap, fmt);
  int n = vasprintf (&s, fmt, ap);
  va_end (ap);
  if (n < 0)
    abort ();
  return s;
}

static bool
info_has_errno (int info)
{
  return info == FTS_NS || info == FTS_DNR || info == FTS_ERR;
}

/* One line as unit_line writes it ("<info> <level> <path>[ <errno>]\n"),
   from malloc.  On any thread: info_name and errno_name keep what they
   make in the calling thread's buffer.  */
static char *
line_of (int info, long level, const char *path, int err)
{
  if (info_has_errno (info))
    return xasprintf ("%s %ld %s %s\n", info_name (info), level, path,
                      errno_name (err));
  return xasprintf ("%s %ld %s\n", info_name (info), level, path);
}

char *
entry_line (const struct libfts_walk_entry *e)
{
  char *path = must (libfts_walk_path (e));
  char *line = line_of (e->info, e->level, path, e->err);
  free (path);
  return line;
}

static int
compare_strings (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

char *
next_line (const char **p)
{
  if (!**p)
    return NULL;
  size_t n = strcspn (*p, "\n");
  n += (*p)[n] == '\n';
  char *line = must (strndup (*p, n));
  *p += n;
  return line;
}

/* ---- what callbacks see: a log shared by the walk's threads ------------- */

void
log_add (struct log *l, char *line)
{
  pthread_mutex_lock (&l->lock);
  if (l->n == l->cap)
    {
      l->cap = l->cap ? 2 * l->cap : 256;
      l->v = must (realloc (l->v, l->cap * sizeof *l->v));
    }
  l->v[l->n++] = line;
  pthread_mutex_unlock (&l->lock);
}

void
log_fault (struct log *l, const char *fmt, ...)
{
  va_list ap;
  char *s;
  va_start (ap, fmt);
  if (vasprintf (&s, fmt, ap) < 0)
    s = NULL;
  va_end (ap);
  pthread_mutex_lock (&l->lock);
  if (!l->fault)
    l->fault = s;
  else
    free (s);
  l->faults++;
  pthread_mutex_unlock (&l->lock);
}

/* Fail when a callback noted a problem.  */
static void
log_check (struct log *l)
{
  if (l->fault)
    unit_keep (l->fault);
  ck_assert_msg (l->faults == 0, "%lu problem(s) seen in callbacks; first: %s",
                 l->faults, l->fault ? l->fault : "(no memory)");
  l->fault = NULL;
}

const char *
log_text (struct log *l, bool sorted)
{
  if (sorted && l->n > 1)
    qsort (l->v, l->n, sizeof *l->v, compare_strings);
  size_t len = 0;
  for (size_t i = 0; i < l->n; i++)
    len += strlen (l->v[i]);
  char *text = unit_keep (must (malloc (len + 1)));
  char *end = text;
  for (size_t i = 0; i < l->n; i++)
    {
      end = stpcpy (end, l->v[i]);
      free (l->v[i]);
    }
  *end = '\0';
  free (l->v);
  l->v = NULL;
  l->n = l->cap = 0;
  return text;
}

const char *
sorted_lines (const char *text)
{
  struct log l = LOG_INIT;
  for (char *line; (line = next_line (&text));)
    log_add (&l, line);
  return log_text (&l, true);
}

void
assert_same_lines (const char *expected, const char *actual, const char *what)
{
  if (strcmp (expected, actual) == 0)
    return;
  size_t i = 0, line = 1, start = 0;
  while (expected[i] && expected[i] == actual[i])
    if (expected[i++] == '\n')
      {
        line++;
        start = i;
      }
  int elen = strcspn (expected + start, "\n");
  int alen = strcspn (actual + start, "\n");
  ck_abort_msg ("%s: line %zu differs: expected \"%.*s\", got \"%.*s\"",
                what, line, elen, expected + start, alen, actual + start);
}

/* ---- trees -------------------------------------------------------------- */

void
make_files_at (int dirfd, const char *prefix, int count)
{
  for (int i = 0; i < count; i++)
    {
      char name[64];
      snprintf (name, sizeof name, "%s%02d", prefix, i);
      int fd = openat (dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
                       0644);
      if (fd < 0)
        ck_abort_msg ("create %s: %s", name, strerror (errno));
      close (fd);
    }
}

void
make_wide (const char *root, int groups, int dirs, int files)
{
  for (int g = 0; g < groups; g++)
    for (int d = 0; d < dirs; d++)
      {
        char *path = unit_fmt ("%s/g%02d/d%02d/", root, g, d);
        unit_make (path);
        int fd = open (path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        ck_assert_int_ge (fd, 0);
        make_files_at (fd, "f", files);
        close (fd);
      }
}

void
make_mixed (void)
{
  unit_make ("root/f1 root/f2 root/l1->f1 root/l2->nowhere root/p| "
             "root/empty/ root/a/b/c/f root/a/b/g root/a/x->../f1 root/a/q| "
             "root/a/empty/ root/deep/1/2/3/4/5/6/7/8/f");
  for (int i = 0; i < 30; i++)
    unit_make (unit_fmt ("root/w%02d/f0 root/w%02d/f1 root/w%02d/s/l->../f0 "
                         "root/w%02d/s/e/", i, i, i, i));
}

void
make_big_dir (const char *path, int count, int subdir_every)
{
  unit_make (unit_fmt ("%s/", path));
  int fd = open (path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ck_assert_int_ge (fd, 0);
  make_files_at (fd, "tmp", 40);
  for (int k = 0; k < count; k++)
    {
      int i = (k * 37) % count;            /* 37 is prime to the counts used */
      char name[32];
      snprintf (name, sizeof name, "n%03d", i);
      if (i % subdir_every == 0)
        {
          ck_assert_int_eq (mkdirat (fd, name, 0755), 0);
          int sub = openat (fd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
          ck_assert_int_ge (sub, 0);
          make_files_at (sub, "s", 8);
          close (sub);
        }
      else
        make_files_at (fd, name, 1);
      if (k % 2 == 0 && k / 2 < 40)
        {
          snprintf (name, sizeof name, "tmp%02d", k / 2);
          ck_assert_int_eq (unlinkat (fd, name, 0), 0);
        }
    }
  close (fd);
}

void
make_flat_with_dirs (int n)
{
  unit_make ("root/flat/d00000/big/");
  for (int i = 1; i < n; i++)
    {
      char path[64];
      if (i % 97 == 0)
        {
          snprintf (path, sizeof path, "root/flat/d%05d/s/ root/flat/d%05d/f",
                    i, i);
          unit_make (path);
        }
      else
        {
          snprintf (path, sizeof path, "root/flat/f%05d", i);
          unit_make (path);
        }
      if (i < n / 2)
        {
          snprintf (path, sizeof path, "root/flat/d00000/big/g%05d", i);
          unit_make (path);
        }
    }
}

bool
use_tmpfs (void)
{
  if (!unit_forking || geteuid () != 0)
    return false;
  if (unshare (CLONE_NEWNS) != 0
      || mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
    return false;
  if (mount ("tmpfs", unit_dir, "tmpfs", 0, "size=256m,nr_inodes=1m") != 0)
    return false;
  ck_assert_int_eq (chdir (unit_dir), 0);
  return true;
}

/* ---- the reference: a sequential fts_read walk -------------------------- */

FTS *
seq_open (char *const *roots, int options, size_t threshold, bool all_fs)
{
  FTS *sp = fts_open (roots, options, NULL);
  ck_assert_msg (sp != NULL, "fts_open: %s", strerror (errno));
  if (threshold != KEEP_THRESHOLD)
    ck_assert_int_eq (libfts_set_inode_sort_threshold (sp, threshold), 0);
  if (all_fs)
    ck_assert_int_eq (libfts_set_fs_policy (sp, LIBFTS_FS_POLICY_ALL), 0);
  return sp;
}

const char *
seq_lines (char *const *roots, int options, size_t threshold, bool all_fs)
{
  FTS *sp = seq_open (roots, options, threshold, all_fs);
  const char *text = unit_walk_stream (sp);
  ck_assert_int_eq (fts_close (sp), 0);
  return text;
}

struct libfts_stats
seq_stats (char *const *roots, size_t threshold, bool all_fs)
{
  FTS *sp = seq_open (roots, SEQ_OPTIONS, threshold, all_fs);
  errno = 0;
  while (fts_read (sp))
    continue;
  ck_assert_int_eq (errno, 0);
  struct libfts_stats st;
  ck_assert_int_eq (libfts_get_stats (sp, &st, sizeof st), 0);
  ck_assert_int_eq (fts_close (sp), 0);
  return st;
}

/* ---- the walk ----------------------------------------------------------- */

LIBFTS_WALK *
walk_open (char *const *roots, int options, unsigned threads,
           size_t threshold, bool all_fs)
{
  LIBFTS_WALK *w = libfts_walk_open (roots, options);
  ck_assert_msg (w != NULL, "libfts_walk_open: %s", strerror (errno));
  ck_assert_int_eq (libfts_walk_set_threads (w, threads), 0);
  if (threshold != KEEP_THRESHOLD)
    ck_assert_int_eq (libfts_walk_set_inode_sort_threshold (w, threshold), 0);
  if (all_fs)
    ck_assert_int_eq (libfts_walk_set_fs_policy (w, LIBFTS_FS_POLICY_ALL), 0);
  return w;
}

int
visit_report_all (struct libfts_walk_entry *e, void *arg)
{
  struct ctx *c = arg;
  atomic_fetch_add (&c->nvisits, 1);
  if (libfts_walk_report (e, e->info, e->err, e->level) != 0)
    log_fault (&c->visits, "libfts_walk_report: %s", strerror (errno));
  return LIBFTS_WALK_CONTINUE;
}

/* Whether NAME is one of ROOTS.  */
static bool
is_root_name (char *const *roots, const char *name)
{
  for (; *roots; roots++)
    if (strcmp (*roots, name) == 0)
      return true;
  return false;
}

int
visit_log_report (struct libfts_walk_entry *e, void *arg)
{
  struct ctx *c = arg;
  if (e->level == 0 && !is_root_name (c->roots, e->name))
    log_fault (&c->visits, "root visited as \"%s\"", e->name);
  log_add (&c->visits, entry_line (e));
  return visit_report_all (e, c);
}

int
report_log (const struct libfts_walk_report *r, void *arg)
{
  struct ctx *c = arg;
  if (atomic_exchange (&c->in_report, 1) != 0)
    log_fault (&c->reports, "two reports at once (%s)", r->path);
  atomic_fetch_add (&c->nreports, 1);
  if (r->pathlen != strlen (r->path))
    log_fault (&c->reports, "pathlen %zu for %s", r->pathlen, r->path);
  if (c->report_codes && (r->code != r->info || r->value != r->level))
    log_fault (&c->reports, "%s: code %d value %jd, visit gave %d and %ld",
               r->path, r->code, r->value, r->info, r->level);
  log_add (&c->reports, line_of (r->info, r->level, r->path, r->err));
  atomic_store (&c->in_report, 0);
  return 0;
}

int
walk_run (LIBFTS_WALK *w, libfts_walk_visit_fn visit,
          libfts_walk_report_fn report, struct ctx *c)
{
  int r = libfts_walk_run (w, visit, report, c);
  int e = errno;
  ck_assert_int_eq (libfts_walk_close (w), 0);
  log_check (&c->visits);
  log_check (&c->reports);
  errno = e;
  return r;
}

void
check_ordered_with (char *const *roots, unsigned threads, size_t threshold,
                    bool all_fs, int options)
{
  const char *expected = seq_lines (roots, SEQ_OPTIONS, threshold, all_fs);
  struct ctx c = CTX_INIT;
  c.report_codes = 1;
  c.roots = roots;
  LIBFTS_WALK *w = walk_open (roots, LIBFTS_WALK_ORDERED | options, threads,
                              threshold, all_fs);
  ck_assert_int_eq (walk_run (w, visit_log_report, report_log, &c), 0);
  ck_assert_int_eq (atomic_load (&c.nreports), atomic_load (&c.nvisits));
  assert_same_lines (expected, log_text (&c.reports, false),
                     "ordered reports");
  assert_same_lines (sorted_lines (expected), log_text (&c.visits, true),
                     "visits");
}

void
check_ordered (char *const *roots, unsigned threads, size_t threshold,
               bool all_fs)
{
  check_ordered_with (roots, threads, threshold, all_fs, 0);
}

void
atomic_max_int (atomic_int *a, int v)
{
  int old = atomic_load (a);
  while (v > old && !atomic_compare_exchange_weak (a, &old, v))
    continue;
}

int
visit_log (struct libfts_walk_entry *e, void *arg)
{
  struct ctx *c = arg;
  atomic_fetch_add (&c->nvisits, 1);
  log_add (&c->visits, entry_line (e));
  return LIBFTS_WALK_CONTINUE;
}

const char *
line_path (const char *line)
{
  return strchr (strchr (line, ' ') + 1, ' ') + 1;
}

bool
path_is (const char *path, const char *prefix)
{
  size_t n = strlen (prefix);
  return strncmp (path, prefix, n) == 0
         && (path[n] == '\n' || path[n] == ' ' || !path[n]);
}

bool
path_below (const char *path, const char *prefix)
{
  size_t n = strlen (prefix);
  return strncmp (path, prefix, n) == 0 && path[n] == '/';
}

bool
exists (const char *path)
{
  struct stat st;
  return lstat (path, &st) == 0;
}

/* walk-harness.h: what the suites of the parallel walk share
   (check-fts-walk.c, check-fts-walk-emit.c): the trees they walk, the
   reference walk, a log the callbacks write from any thread, and the
   walk's set-up and run.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The reference is always the sequential walk of the same tree:
   fts_open with FTS_PHYSICAL | FTS_NOSTAT | FTS_DIRFD, which is what the
   walk promises to agree with (its infos, its paths, and, for ordered
   reports, its order).  Most tests run with 1, 2, 8 and 64 threads.

   VISIT and REPORT run on the walk's threads: they never call Check
   (whose failure path exits from the thread that fails) nor the unit_
   helpers that keep memory; they note what they see under a mutex or in
   atomics (struct log), and the test asserts once libfts_walk_run has
   returned.  This keeps the test's own code free of data races under
   ThreadSanitizer.  */

#ifndef LIBFTS_WALK_HARNESS_H
#define LIBFTS_WALK_HARNESS_H 1

#include "unit.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

/* The thread counts of a loop test, which iterates over them, possibly
   with other variants above them: test _I runs with THREADS (_I) threads,
   as variant VARIANT (_I).  */
enum { N_THREADS = 4 };
extern const unsigned thread_counts[N_THREADS];
#define THREADS(i) (thread_counts[(i) % N_THREADS])
#define VARIANT(i) ((i) / N_THREADS)

/* Add TEST to TC once per thread count, times VARIANTS.  */
void add_threaded (TCase *tc, const TTest *test, int variants);

/* What the reference walk is opened with.  */
enum { SEQ_OPTIONS = FTS_PHYSICAL | FTS_NOSTAT | FTS_DIRFD };

/* Leave the inode-sort threshold as fts_open and libfts_walk_open set it
   (environment, configure).  */
#define KEEP_THRESHOLD ((size_t) -2)

/* ---- memory and text, safe on any thread ------------------------------ */

/* P, or abort: a test that runs out of memory has nothing to report.  */
void *must (void *p);

/* printf into a string from malloc, or abort.  */
char *xasprintf (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

/* The line of E, a visited entry, with its path from libfts_walk_path, as
   unit_line writes one ("<info> <level> <path>[ <errno>]\n"), from
   malloc.  */
char *entry_line (const struct libfts_walk_entry *e);

/* A copy (from malloc) of the line at *P, its newline included, and move
   *P past it; null at the end of the text.  */
char *next_line (const char **p);

/* ---- what callbacks see: a log shared by the walk's threads ----------- */

struct log
{
  pthread_mutex_t lock;
  char **v;                     /* lines, in the order added */
  size_t n, cap;
  char *fault;                  /* first problem a callback met */
  unsigned long faults;
};

#define LOG_INIT { .lock = PTHREAD_MUTEX_INITIALIZER }

/* Add LINE (from malloc; the log takes it) to L.  */
void log_add (struct log *l, char *line);

/* Note a problem met in a callback; the test fails on it after the run
   (walk_run).  */
void log_fault (struct log *l, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));

/* L's lines as one string (sorted first when SORTED), kept until the end
   of the test; L is emptied.  Only once the walk is over.  */
const char *log_text (struct log *l, bool sorted);

/* TEXT (lines) sorted, kept until the end of the test.  */
const char *sorted_lines (const char *text);

/* Fail, showing the first line where ACTUAL departs from EXPECTED (an
   empty one when it has ended).  The whole texts can be long.  */
void assert_same_lines (const char *expected, const char *actual,
                        const char *what);

/* ---- trees ------------------------------------------------------------ */

/* Make COUNT empty files named "<prefix><i>" in DIRFD.  */
void make_files_at (int dirfd, const char *prefix, int count);

/* ROOT/gGG/dDD/fFF: GROUPS x DIRS directories of FILES files each, two
   levels below ROOT (which must exist).  */
void make_wide (const char *root, int groups, int dirs, int files);

/* Every kind of entry under root: files, symbolic links (good and
   dangling), fifos, empty and nested directories, and enough directories
   for threads to share.  */
void make_mixed (void);

/* A directory of COUNT entries "nNNN", every SUBDIR_EVERY-th of which is
   a directory of 8 files, made in an order unrelated to their names and
   with holes left by removals, so that name, readdir and inode orders
   all differ.  */
void make_big_dir (const char *path, int count, int subdir_every);

/* ROOT/flat: N files with a subdirectory (holding a file and a directory)
   every 97th entry, and ROOT/flat/d00000/big: N / 2 more files.  */
void make_flat_with_dirs (int n);

/* Make the test's directory a tmpfs of its own, when the test may (root,
   CK_FORK=yes: the mount lives in a private mount namespace that ends
   with the test's process), for the tests whose trees are large and whose
   file system does not matter: on a disk file system, creating and
   removing a directory costs a journal entry and a block (discarded, on
   some mounts), and the deep chains and races would take most of make
   check's time.  Elsewhere the test runs where it is, only slower.
   Returns whether it did.  */
bool use_tmpfs (void);

/* ---- the reference: a sequential fts_read walk ------------------------- */

/* { "root", NULL }.  */
extern char *root_only[];

/* fts_open ROOTS with OPTIONS, THRESHOLD (unless KEEP_THRESHOLD) and, with
   ALL_FS, the inode sort on every file system.  */
FTS *seq_open (char *const *roots, int options, size_t threshold,
               bool all_fs);

/* The lines of a sequential walk of ROOTS, in its order.  */
const char *seq_lines (char *const *roots, int options, size_t threshold,
                       bool all_fs);

/* The counters of a sequential walk of ROOTS.  */
struct libfts_stats seq_stats (char *const *roots, size_t threshold,
                               bool all_fs);

/* ---- the walk ----------------------------------------------------------- */

/* Open a walk of ROOTS with OPTIONS on THREADS threads; THRESHOLD (unless
   KEEP_THRESHOLD) and ALL_FS as for seq_open.  */
LIBFTS_WALK *walk_open (char *const *roots, int options, unsigned threads,
                        size_t threshold, bool all_fs);

/* What the callbacks of most tests share.  */
struct ctx
{
  struct log visits;            /* a line per visit */
  struct log reports;           /* a line per report, as REPORT got them */
  atomic_long nvisits, nreports;
  atomic_int in_report;         /* REPORT is running */
  int report_codes;             /* reports carry code=info, value=level */
  char *const *roots;           /* what the walk was opened with */
};

#define CTX_INIT { .visits = LOG_INIT, .reports = LOG_INIT }

/* VISIT: log every entry.  */
int visit_log (struct libfts_walk_entry *e, void *arg);

/* VISIT: queue a report for every entry, its info as code and its level
   as value.  */
int visit_report_all (struct libfts_walk_entry *e, void *arg);

/* VISIT: log every entry and queue a report for it as visit_report_all;
   a root must be named by the path given (the ctx's roots).  */
int visit_log_report (struct libfts_walk_entry *e, void *arg);

/* REPORT: log the report as a line; check that reports come one at a
   time and carry what VISIT gave.  */
int report_log (const struct libfts_walk_report *r, void *arg);

/* Run W with VISIT, REPORT and C, close it and check what the callbacks
   noted.  Returns what libfts_walk_run returned.  */
int walk_run (LIBFTS_WALK *w, libfts_walk_visit_fn visit,
              libfts_walk_report_fn report, struct ctx *c);

/* Walk ROOTS with LIBFTS_WALK_ORDERED and OPTIONS and a report per visit;
   the reports must come in the order of fts_read's walk of the same tree,
   with the same threshold and policy, and the visits' own paths be
   fts_read's.  check_ordered: with no other option.  */
void check_ordered_with (char *const *roots, unsigned threads,
                         size_t threshold, bool all_fs, int options);
void check_ordered (char *const *roots, unsigned threads, size_t threshold,
                    bool all_fs);

/* ---- lines and paths ------------------------------------------------------- */

/* The path in LINE ("<info> <level> <path>[ <errno>]\n").  */
const char *line_path (const char *line);
/* Whether PATH, in a line, is PREFIX itself (path_is), or something
   below it (path_below).  */
bool path_is (const char *path, const char *prefix);
bool path_below (const char *path, const char *prefix);
/* Whether PATH exists (as anything, symlinks not followed).  */
bool exists (const char *path);

/* Raise *A to V if V is greater (threads may race to raise it).  */
void atomic_max_int (atomic_int *a, int v);

#endif /* LIBFTS_WALK_HARNESS_H */

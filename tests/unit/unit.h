/* unit.h: helpers shared by the Check suites of tests/unit.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Every test runs in a process of its own (CK_FORK=yes) and in a fresh
   temporary directory, which is also its working directory: trees are
   made with relative names ("root/a") and walks print them back the same
   way.  A test may therefore chdir, setuid, lower its limits or unshare
   its mount namespace without disturbing the next one.  */

#ifndef LIBFTS_UNIT_H
#define LIBFTS_UNIT_H 1

#include <check.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "fts.h"
#include "fts-names.h"       /* info_name, errno_name */

/* Seconds a single test may take: the deep trees take a few seconds,
   more under the sanitizers, and Check's default of 4 is too tight.  */
enum { UNIT_TIMEOUT = 300 };

/* Assertions for hot loops.  Every passing ck_assert records its
   location with a system call (so that a crash can be placed); in a loop
   over 100,000 items that costs seconds.  These record nothing until they
   fail, where Check's report still gives the file and line.  */
#define unit_check(expr)                                                \
  do                                                                    \
    if (!(expr))                                                        \
      ck_abort_msg ("Assertion '%s' failed", #expr);                    \
  while (0)
#define unit_check_msg(expr, ...)                                       \
  do                                                                    \
    if (!(expr))                                                        \
      ck_abort_msg (__VA_ARGS__);                                       \
  while (0)

/* Absolute name of the current test's directory (its working directory
   when the test starts).  */
extern char *unit_dir;

/* Whether tests run in processes of their own; a test that changes its
   credentials or limits skips itself when they do not.  */
extern bool unit_forking;

/* A test case whose tests each get a fresh directory.  */
TCase *unit_tcase (const char *name);

/* Run suite S with CK_NORMAL output; return EXIT_SUCCESS or EXIT_FAILURE.
   Every test directory lives under one directory of the run, removed at
   the end even when a failed test could not clean up behind itself.  */
int unit_main (Suite *s);

/* Say why a test does not run what it is for; the caller then returns.
   Check has no "skipped" result: this note on stdout is the record.  */
void unit_skip (const char *test, const char *why);

/* Create the files described by SPEC relative to DIRFD (AT_FDCWD: the
   working directory).  SPEC is a list of words separated by white space:
     "d/"        a directory (and its parents)
     "d/f"       an empty regular file (and its parents)
     "d/l->t"    a symbolic link whose contents are "t"
     "d/p|"      a fifo
   Any failure fails the test.  */
void unit_make_at (int dirfd, const char *spec);
void unit_make (const char *spec);

/* Make a chain of DEPTH directories named NAME under ROOT (which must
   exist): ROOT/NAME/NAME/...; in ROOT and in each directory of the chain,
   also create EXTRA (a spec as above; null for nothing).  Works relative
   to descriptors, so the depth is not limited by PATH_MAX.  */
void unit_make_chain (const char *root, long depth, const char *name,
                      const char *extra);

/* Remove the tree PATH (relative to the working directory, or absolute)
   without recursion and without building long names: one directory
   descriptor at a time, climbing back through "..".  Does not use libfts.
   Returns 0, or -1 with errno set.  */
int unit_remove_tree (const char *path);

/* One line for P: "<info> <level> <path>\n", and for FTS_NS, FTS_DNR and
   FTS_ERR also the error: "NS 0 nope ENOENT\n".  Returns a string that
   lives until the end of the test.  */
const char *unit_line (const FTSENT *p);

/* Read SP to its end and return every line as above, concatenated.  The
   test fails if fts_read ends with errno set.  */
const char *unit_walk_stream (FTS *sp);

/* Open the roots (a null-terminated list of names) with OPTIONS and
   COMPAR, walk them with unit_walk_stream, close the stream (which must
   return 0) and return the lines.  */
const char *unit_walk (int options,
                       int (*compar) (const FTSENT **, const FTSENT **),
                       const char *root, ...);

/* Comparison functions: by fts_name, and the reverse.  */
int unit_by_name (const FTSENT **a, const FTSENT **b);
int unit_by_name_desc (const FTSENT **a, const FTSENT **b);

/* Keep P (from malloc) until the end of the test, then free it, so that
   tests stay leak-free under LeakSanitizer without bookkeeping.  */
void *unit_keep (void *p);

/* printf into a string kept until the end of the test.  */
char *unit_fmt (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

/* Number of descriptors this process has open.  */
int unit_count_fds (void);

/* Become the unprivileged user 65534 when running as root, after making
   the test directory reachable by it and entering it.  Returns true when
   the process is (now) unprivileged.  */
bool unit_drop_privileges (void);

#endif /* LIBFTS_UNIT_H */

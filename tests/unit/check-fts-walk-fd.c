/* check-fts-walk-fd.c: the parallel walk's descriptors (lib/fts-walk-fd.c):
   a bounded number open, and directories reopened where they were, or not
   at all.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include "config.h"

#include "unit.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fts-walk-int.h"

/* The roots' parent, as the walk has it.  */
static struct fts__wnode top = { .level = FTS_ROOTLEVEL - 1, .fd = -1 };

/* A record for NAME below PARENT whose identity is ST's, as if the walk
   had entered it.  */
static struct fts__wnode *
node_st (struct fts__wnode *parent, const char *name, const struct stat *st)
{
  struct fts__wnode *n = unit_keep (calloc (1, sizeof *n + strlen (name) + 1));
  strcpy (n->name, name);
  n->namelen = strlen (name);
  n->parent = parent;
  n->level = parent->level + 1;
  n->fd = -1;
  n->dev = st->st_dev;
  n->ino = st->st_ino;
  return n;
}

/* The same, the identity that of the directory at PATH (relative to the
   test's directory).  */
static struct fts__wnode *
node (struct fts__wnode *parent, const char *name, const char *path)
{
  struct stat st;
  ck_assert_msg (lstat (path, &st) == 0, "lstat %s: %s", path,
                 strerror (errno));
  return node_st (parent, name, &st);
}

/* The inode of the directory open on FD.  */
static ino_t
ino_of (int fd)
{
  struct stat st;
  ck_assert_int_eq (fstat (fd, &st), 0);
  return st.st_ino;
}

/* No ancestor open: a directory two levels below the root is reopened
   through the root's path, then below it.  */
START_TEST (reopen_below_closed_root)
{
  unit_make ("r/p/x/");
  struct fts__wfd c;
  fts__wfd_init (&c, 8);
  struct fts__wnode *r = node (&top, "r", "r");
  struct fts__wnode *p = node (r, "p", "r/p");
  struct fts__wnode *x = node (p, "x", "r/p/x");

  int fd = fts__wfd_pin (&c, p);
  ck_assert_msg (fd >= 0, "pin: %s", strerror (errno));
  ck_assert_uint_eq (ino_of (fd), p->ino);
  int xfd = fts__wfd_open (&c, x, fd, false);
  ck_assert_int_ge (xfd, 0);
  ck_assert_uint_eq (ino_of (xfd), x->ino);
  fts__wfd_unpin (&c, p);
  fts__wfd_close (&c, x);
  fts__wfd_close (&c, p);
  fts__wfd_close (&c, r);
  ck_assert_uint_eq (c.open, 0);
  fts__wfd_destroy (&c);
}
END_TEST

/* The parent of a finished directory is reopened through its "..", and
   a parent moved elsewhere is not taken for the one that was there.
   Unchecked, a directory moved away from its parent is not noticed.  */
START_TEST (parent_through_dotdot)
{
  unit_make ("r/p/x/ elsewhere/");
  struct fts__wfd c;
  fts__wfd_init (&c, 8);
  struct fts__wnode *r = node (&top, "r", "r");
  struct fts__wnode *p = node (r, "p", "r/p");
  struct fts__wnode *x = node (p, "x", "r/p/x");
  int pfd = fts__wfd_pin (&c, p);
  ck_assert_int_ge (fts__wfd_open (&c, x, pfd, false), 0);
  fts__wfd_unpin (&c, x);
  fts__wfd_close (&c, p);
  fts__wfd_close (&c, r);

  unsigned long long reopens = c.reopens;
  pfd = fts__wfd_pin_parent (&c, x, false);
  ck_assert_int_ge (pfd, 0);
  ck_assert_uint_eq (ino_of (pfd), p->ino);
  ck_assert_uint_eq (c.reopens, reopens + 1);
  fts__wfd_unpin (&c, p);
  fts__wfd_close (&c, p);

  /* Move x elsewhere: its ".." is no longer p, and p, reopened from
     above, is still found by its path.  Move p away too: nothing is.  */
  ck_assert_int_eq (rename ("r/p/x", "elsewhere/x"), 0);
  pfd = fts__wfd_pin_parent (&c, x, false);
  ck_assert_int_ge (pfd, 0);
  ck_assert_uint_eq (ino_of (pfd), p->ino);
  fts__wfd_unpin (&c, p);
  fts__wfd_close (&c, p);
  ck_assert_int_eq (rename ("r/p", "elsewhere/p"), 0);
  unit_make ("r/p/");
  errno = 0;
  ck_assert_int_eq (fts__wfd_pin_parent (&c, x, false), -1);
  ck_assert_int_eq (errno, ENOENT);
  fts__wfd_close (&c, x);
  fts__wfd_close (&c, r);
  ck_assert_uint_eq (c.open, 0);
  fts__wfd_destroy (&c);
}
END_TEST

static void
expect_moved (struct fts__wfd *c, struct fts__wnode *x)
{
  errno = 0;
  ck_assert_int_eq (fts__wfd_pin_parent (c, x, true), -1);
  ck_assert_int_eq (errno, ENOENT);
}

/* Checked, a finished directory moved out of its parent is noticed
   whether the parent's descriptor was kept open or not, and whether its
   own still is: ENOENT, as gnulib's fts says.  */
START_TEST (parent_check_moved)
{
  unit_make ("r/p/x/ elsewhere/");
  struct fts__wfd c;
  fts__wfd_init (&c, 8);
  struct fts__wnode *r = node (&top, "r", "r");
  struct fts__wnode *p = node (r, "p", "r/p");
  struct fts__wnode *x = node (p, "x", "r/p/x");
  int pfd = fts__wfd_pin (&c, p);
  ck_assert_int_ge (fts__wfd_open (&c, x, pfd, false), 0);
  fts__wfd_unpin (&c, x);
  fts__wfd_unpin (&c, p);
  pfd = fts__wfd_pin_parent (&c, x, true);
  ck_assert_int_ge (pfd, 0);
  fts__wfd_unpin (&c, p);

  ck_assert_int_eq (rename ("r/p/x", "elsewhere/x"), 0);
  /* Both open (".." through x's); p closed (x's ".." reopens it); both
     closed (p reopened from above, x looked up by name in it); p, left
     open by that, and x closed (x by name).  */
  expect_moved (&c, x);
  fts__wfd_close (&c, p);
  expect_moved (&c, x);
  fts__wfd_close (&c, x);
  expect_moved (&c, x);
  ck_assert_int_ge (p->fd, 0);
  expect_moved (&c, x);
  fts__wfd_close (&c, p);
  fts__wfd_close (&c, x);
  fts__wfd_close (&c, r);
  ck_assert_uint_eq (c.open, 0);
  fts__wfd_destroy (&c);
}
END_TEST

/* A directory on the way down replaced by a symlink to another tree with
   the same shape: the reopen refuses it rather than follow it.  */
START_TEST (symlink_on_the_way)
{
  unit_make ("r/a/b/c/ out/b/c/");
  struct fts__wfd c;
  fts__wfd_init (&c, 8);
  struct fts__wnode *r = node (&top, "r", "r");
  struct fts__wnode *a = node (r, "a", "r/a");
  struct fts__wnode *b = node (a, "b", "r/a/b");
  struct fts__wnode *cc = node (b, "c", "r/a/b/c");
  int rfd = fts__wfd_pin (&c, r);
  ck_assert_int_ge (rfd, 0);

  ck_assert_int_eq (rename ("r/a", "moved"), 0);
  ck_assert_int_eq (symlink ("../out", "r/a"), 0);
  errno = 0;
  ck_assert_int_eq (fts__wfd_pin (&c, cc), -1);
  ck_assert_msg (errno == ELOOP || errno == ENOENT || errno == EXDEV,
                 "errno %s", errno_name (errno));

  /* Same with the symlink's target made of the very directories: still
     refused (the check is on the path, not only the last inode).  */
  ck_assert_int_eq (unlink ("r/a"), 0);
  ck_assert_int_eq (symlink ("../moved", "r/a"), 0);
  errno = 0;
  ck_assert_int_eq (fts__wfd_pin (&c, cc), -1);
  fts__wfd_unpin (&c, r);
  fts__wfd_close (&c, r);
  ck_assert_uint_eq (c.open, 0);
  fts__wfd_destroy (&c);
}
END_TEST

/* A path longer than PATH_MAX below the open ancestor: reopened one
   directory at a time.  */
START_TEST (reopen_past_path_max)
{
  enum { DEPTH = 300 };
  static const char name[] = "0123456789abcdefghij";
  unit_make ("r/");
  unit_make_chain ("r", DEPTH, name, NULL);
  struct fts__wfd c;
  fts__wfd_init (&c, 8);
  struct fts__wnode *r = node (&top, "r", "r");
  int rfd = fts__wfd_pin (&c, r);
  ck_assert_int_ge (rfd, 0);

  /* Identities, found one level at a time.  */
  struct fts__wnode *q = r;
  int fd = dup (rfd);
  for (int i = 0; i < DEPTH; i++)
    {
      int next = openat (fd, name, O_RDONLY | O_DIRECTORY);
      ck_assert_int_ge (next, 0);
      close (fd);
      fd = next;
      struct stat st;
      ck_assert_int_eq (fstat (fd, &st), 0);
      q = node_st (q, name, &st);
    }
  int deep = fts__wfd_pin (&c, q);
  ck_assert_msg (deep >= 0, "pin: %s", strerror (errno));
  ck_assert_uint_eq (ino_of (deep), q->ino);
  ck_assert_uint_eq (ino_of (fd), q->ino);
  close (fd);
  fts__wfd_close (&c, q);
  fts__wfd_unpin (&c, r);
  fts__wfd_close (&c, r);
  fts__wfd_destroy (&c);
}
END_TEST

/* More directories opened than the budget: the least recently used
   unpinned ones are closed, never a pinned one.  */
START_TEST (budget_evicts_unpinned)
{
  unit_make ("r/0/ r/1/ r/2/ r/3/ r/4/ r/5/ r/6/ r/7/");
  struct fts__wfd c;
  fts__wfd_init (&c, 4);
  struct fts__wnode *r = node (&top, "r", "r");
  int rfd = fts__wfd_pin (&c, r);
  ck_assert_int_ge (rfd, 0);
  struct fts__wnode *kids[8];
  for (int i = 0; i < 8; i++)
    {
      char name[2] = { '0' + i, 0 };
      kids[i] = node (r, name, unit_fmt ("r/%s", name));
      ck_assert_int_ge (fts__wfd_open (&c, kids[i], rfd, false), 0);
      fts__wfd_unpin (&c, kids[i]);
      ck_assert_uint_le (c.open, 4);
    }
  ck_assert_int_ge (r->fd, 0);           /* pinned throughout */
  ck_assert_int_lt (kids[0]->fd, 0);     /* the oldest went first */
  ck_assert_int_ge (kids[7]->fd, 0);
  for (int i = 0; i < 8; i++)
    fts__wfd_close (&c, kids[i]);
  fts__wfd_unpin (&c, r);
  fts__wfd_close (&c, r);
  ck_assert_uint_eq (c.open, 0);
  fts__wfd_destroy (&c);
}
END_TEST

static Suite *
suite (void)
{
  Suite *s = suite_create ("fts-walk-fd");
  TCase *tc = unit_tcase ("descriptors");
  tcase_add_test (tc, reopen_below_closed_root);
  tcase_add_test (tc, parent_through_dotdot);
  tcase_add_test (tc, parent_check_moved);
  tcase_add_test (tc, symlink_on_the_way);
  tcase_add_test (tc, reopen_past_path_max);
  tcase_add_test (tc, budget_evicts_unpinned);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return unit_main (suite ());
}

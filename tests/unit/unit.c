/* unit.c: helpers shared by the Check suites of tests/unit.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include "config.h"

#include "unit.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

char *unit_dir;
bool unit_forking = true;

/* Directory of this run, holding one directory per test.  */
static char *run_dir;

/* ---- memory kept until the end of a test -------------------------------- */

static void **kept;
static size_t kept_count, kept_cap;

void *
unit_keep (void *p)
{
  ck_assert_ptr_nonnull (p);
  if (kept_count == kept_cap)
    {
      size_t cap = kept_cap ? 2 * kept_cap : 64;
      void **k = realloc (kept, cap * sizeof *k);
      ck_assert_ptr_nonnull (k);
      kept = k;
      kept_cap = cap;
    }
  kept[kept_count++] = p;
  return p;
}

static void
free_kept (void)
{
  for (size_t i = 0; i < kept_count; i++)
    free (kept[i]);
  free (kept);
  kept = NULL;
  kept_count = kept_cap = 0;
}

char *
unit_fmt (const char *fmt, ...)
{
  va_list ap;
  char *s;

  va_start (ap, fmt);
  int n = vasprintf (&s, fmt, ap);
  va_end (ap);
  ck_assert_int_ge (n, 0);
  return unit_keep (s);
}

/* ---- removing trees, without libfts, recursion or long names ------------ */

/* Open NAME, a directory in DIRFD, for reading; make it readable first
   when it is not (a test may leave a mode-0 directory behind).  */
static int
open_subdir (int dirfd, const char *name)
{
  int flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
  int fd = openat (dirfd, name, flags);
  if (fd < 0 && errno == EACCES
      && fchmodat (dirfd, name, S_IRWXU, 0) == 0)
    fd = openat (dirfd, name, flags);
  return fd;
}

/* Remove NAME from DIRFD if it is anything but a non-empty directory.
   Returns 0 when it is gone, 1 when it is a non-empty directory, -1 with
   errno on failure.  d_type is only a hint: the cheap call is tried and
   its errno decides.  */
static int
remove_entry (int dirfd, const char *name, unsigned char d_type)
{
  if (d_type != DT_DIR && d_type != DT_UNKNOWN)
    {
      if (unlinkat (dirfd, name, 0) == 0)
        return 0;
      if (errno != EISDIR)
        return errno == ENOENT ? 0 : -1;
    }
  if (unlinkat (dirfd, name, AT_REMOVEDIR) == 0)
    return 0;
  switch (errno)
    {
    case ENOTEMPTY:
    case EEXIST:
      return 1;
    case ENOTDIR:
      return unlinkat (dirfd, name, 0) == 0 || errno == ENOENT ? 0 : -1;
    case ENOENT:
      return 0;
    default:
      return -1;
    }
}

/* Remove what can be removed in the directory FD without descending.
   Returns 0 when FD is now empty, 1 with *CHILD open on a non-empty
   subdirectory to descend into, -1 with errno on failure.  */
static int
empty_dir_step (int fd, int *child)
{
  int dfd = dup (fd);
  if (dfd < 0)
    return -1;
  DIR *dir = fdopendir (dfd);
  if (!dir)
    {
      int e = errno;
      close (dfd);
      errno = e;
      return -1;
    }
  rewinddir (dir);

  int result = 0;
  struct dirent *d;
  while ((d = readdir (dir)))
    {
      const char *n = d->d_name;
      if (n[0] == '.' && (!n[1] || (n[1] == '.' && !n[2])))
        continue;
      int r = remove_entry (fd, n, d->d_type);
      if (r == 0)
        continue;
      if (r == 1)
        {
          *child = open_subdir (fd, n);
          r = *child < 0 ? -1 : 1;
        }
      result = r;
      break;
    }

  int e = errno;
  closedir (dir);
  errno = e;
  return result;
}

int
unit_remove_tree (const char *path)
{
  int fd = open_subdir (AT_FDCWD, path);
  if (fd < 0)
    {
      if (errno == ENOENT)
        return 0;
      if (errno == ENOTDIR || errno == ELOOP)
        return unlink (path);
      return -1;
    }

  /* Empty the deepest directory reached, climb, and rescan the parent:
     the emptied child then goes with a plain rmdir.  Only DEPTH is
     remembered, never a name.  */
  long depth = 0;
  for (;;)
    {
      int child = -1;
      int r = empty_dir_step (fd, &child);
      if (r < 0)
        goto out_close;
      if (r == 1)
        {
          close (fd);
          fd = child;
          depth++;
          continue;
        }
      if (depth == 0)
        break;
      int up = openat (fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (up < 0)
        goto out_close;
      close (fd);
      fd = up;
      depth--;
    }
  close (fd);
  return rmdir (path);

 out_close:;
  int e = errno;
  close (fd);
  errno = e;
  return -1;
}

/* ---- making trees ----------------------------------------------------- */

/* Create every directory above the last component of NAME.  */
static void
make_parents (int dirfd, const char *name)
{
  char *copy = strdup (name);
  ck_assert_ptr_nonnull (copy);
  for (char *s = strchr (copy + 1, '/'); s; s = strchr (s + 1, '/'))
    {
      *s = '\0';
      if (mkdirat (dirfd, copy, 0755) != 0 && errno != EEXIST)
        ck_abort_msg ("mkdir %s: %s", copy, strerror (errno));
      *s = '/';
    }
  free (copy);
}

static void
make_one (int dirfd, char *word)
{
  size_t len = strlen (word);
  char *arrow = strstr (word, "->");

  if (arrow)
    {
      *arrow = '\0';
      make_parents (dirfd, word);
      if (symlinkat (arrow + 2, dirfd, word) != 0)
        ck_abort_msg ("symlink %s: %s", word, strerror (errno));
    }
  else if (word[len - 1] == '|')
    {
      word[len - 1] = '\0';
      make_parents (dirfd, word);
      if (mkfifoat (dirfd, word, 0644) != 0)
        ck_abort_msg ("mkfifo %s: %s", word, strerror (errno));
    }
  else if (word[len - 1] == '/')
    {
      make_parents (dirfd, word);
      word[len - 1] = '\0';
      if (mkdirat (dirfd, word, 0755) != 0 && errno != EEXIST)
        ck_abort_msg ("mkdir %s: %s", word, strerror (errno));
    }
  else
    {
      make_parents (dirfd, word);
      int fd = openat (dirfd, word, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
                       0644);
      if (fd < 0)
        ck_abort_msg ("create %s: %s", word, strerror (errno));
      close (fd);
    }
}

void
unit_make_at (int dirfd, const char *spec)
{
  char *copy = strdup (spec);
  char *save;
  ck_assert_ptr_nonnull (copy);
  for (char *w = strtok_r (copy, " \t\n", &save); w;
       w = strtok_r (NULL, " \t\n", &save))
    make_one (dirfd, w);
  free (copy);
}

void
unit_make (const char *spec)
{
  unit_make_at (AT_FDCWD, spec);
}

void
unit_make_chain (const char *root, long depth, const char *name,
                 const char *extra)
{
  int flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC;
  int fd = open (root, flags);
  if (fd < 0)
    ck_abort_msg ("open %s: %s", root, strerror (errno));
  for (long i = 0;; i++)
    {
      if (extra)
        unit_make_at (fd, extra);
      if (i == depth)
        break;
      if (mkdirat (fd, name, 0755) != 0)
        ck_abort_msg ("mkdir at depth %ld: %s", i + 1, strerror (errno));
      int next = openat (fd, name, flags);
      if (next < 0)
        ck_abort_msg ("open at depth %ld: %s", i + 1, strerror (errno));
      close (fd);
      fd = next;
    }
  close (fd);
}

/* ---- describing walks ------------------------------------------------- */

static bool
info_has_errno (int info)
{
  return info == FTS_NS || info == FTS_DNR || info == FTS_ERR;
}

static void
write_line (FILE *out, const FTSENT *p)
{
  fprintf (out, "%s %d %s", info_name (p->fts_info), p->fts_level,
           p->fts_path);
  if (info_has_errno (p->fts_info))
    fprintf (out, " %s", errno_name (p->fts_errno));
  putc ('\n', out);
}

const char *
unit_line (const FTSENT *p)
{
  char *buf = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&buf, &size);
  ck_assert_ptr_nonnull (out);
  write_line (out, p);
  fclose (out);
  return unit_keep (buf);
}

const char *
unit_walk_stream (FTS *sp)
{
  char *buf = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&buf, &size);
  ck_assert_ptr_nonnull (out);

  FTSENT *p;
  for (;;)
    {
      errno = 0;
      p = fts_read (sp);
      if (!p)
        break;
      write_line (out, p);
    }
  int e = errno;
  fclose (out);
  unit_keep (buf);
  ck_assert_msg (e == 0, "fts_read ended with errno %s after:\n%s",
                 errno_name (e), buf);
  return buf;
}

const char *
unit_walk (int options, int (*compar) (const FTSENT **, const FTSENT **),
           const char *root, ...)
{
  char *roots[64];
  size_t n = 0;
  va_list ap;

  va_start (ap, root);
  for (const char *r = root; r; r = va_arg (ap, const char *))
    {
      ck_assert_uint_lt (n, sizeof roots / sizeof *roots - 1);
      roots[n++] = (char *) r;
    }
  va_end (ap);
  roots[n] = NULL;

  FTS *sp = fts_open (roots, options, compar);
  ck_assert_msg (sp != NULL, "fts_open: %s", strerror (errno));
  const char *lines = unit_walk_stream (sp);
  ck_assert_int_eq (fts_close (sp), 0);
  return lines;
}

int
unit_by_name (const FTSENT **a, const FTSENT **b)
{
  return strcmp ((*a)->fts_name, (*b)->fts_name);
}

int
unit_by_name_desc (const FTSENT **a, const FTSENT **b)
{
  return strcmp ((*b)->fts_name, (*a)->fts_name);
}

/* ---- the process ------------------------------------------------------- */

int
unit_count_fds (void)
{
  DIR *d = opendir ("/proc/self/fd");
  ck_assert_msg (d != NULL, "/proc/self/fd: %s", strerror (errno));
  int n = 0;
  struct dirent *e;
  while ((e = readdir (d)))
    if (e->d_name[0] != '.')
      n++;
  closedir (d);
  return n - 1;                 /* the descriptor of D itself */
}

bool
unit_drop_privileges (void)
{
  if (geteuid () != 0)
    return true;
  if (chmod (run_dir, 0755) != 0 || chmod (unit_dir, 0755) != 0
      || chdir (unit_dir) != 0)
    return false;
  if (setgroups (0, NULL) != 0 || setgid (65534) != 0 || setuid (65534) != 0)
    return false;
  /* setuid makes the process non-dumpable, which keeps LeakSanitizer
     from inspecting it at exit.  */
  prctl (PR_SET_DUMPABLE, 1, 0, 0, 0);
  return geteuid () != 0;
}

void
unit_skip (const char *test, const char *why)
{
  printf ("%s: skipped: %s\n", test, why);
  fflush (stdout);
}

/* ---- fixtures and the runner ------------------------------------------- */

static void
setup (void)
{
  char *name;
  ck_assert_int_ge (asprintf (&name, "%s/t-XXXXXX", run_dir), 0);
  if (!mkdtemp (name))
    ck_abort_msg ("mkdtemp %s: %s", name, strerror (errno));
  if (chdir (name) != 0)
    ck_abort_msg ("chdir %s: %s", name, strerror (errno));
  unit_dir = name;
}

static void
teardown (void)
{
  /* After a test that dropped its privileges this may fail; unit_main
     removes what is left.  */
  if (chdir (run_dir) == 0)
    unit_remove_tree (unit_dir);
  free (unit_dir);
  unit_dir = NULL;
  free_kept ();
}

TCase *
unit_tcase (const char *name)
{
  TCase *tc = tcase_create (name);
  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_set_timeout (tc, UNIT_TIMEOUT);
  return tc;
}

static char *
make_run_dir (void)
{
  const char *tmp = getenv ("TMPDIR");
  char *name, *abs;

  if (!tmp || !*tmp)
    tmp = "/tmp";
  if (asprintf (&name, "%s/libfts-unit-XXXXXX", tmp) < 0)
    return NULL;
  if (!mkdtemp (name))
    {
      fprintf (stderr, "mkdtemp %s: %s\n", name, strerror (errno));
      free (name);
      return NULL;
    }
  abs = realpath (name, NULL);
  free (name);
  return abs;
}

int
unit_main (Suite *s)
{
  int cwd = open (".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  run_dir = make_run_dir ();
  if (!run_dir)
    return EXIT_FAILURE;

  SRunner *sr = srunner_create (s);
  unit_forking = srunner_fork_status (sr) == CK_FORK;
  srunner_run_all (sr, CK_NORMAL);
  int failed = srunner_ntests_failed (sr);
  srunner_free (sr);

  if (cwd >= 0)
    {
      if (fchdir (cwd) != 0)
        perror ("fchdir");
      close (cwd);
    }
  if (unit_remove_tree (run_dir) != 0)
    {
      fprintf (stderr, "cannot remove %s: %s\n", run_dir, strerror (errno));
      failed++;
    }
  free (run_dir);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

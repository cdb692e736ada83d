/* check-fts-dir.c: reading directories compactly and sorting them by inode
   (lib/fts-dir.c).

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include "config.h"

#include "unit.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fts-int.h"

/* How the tests read: with BUF of BUFSIZE bytes, CHUNK entries at a
   time.  */
static struct fts__dir_reader
reader (char *buf, size_t bufsize, size_t chunk, bool seedot,
        bool short_batch_ends)
{
  return (struct fts__dir_reader) {
    .buf = buf, .bufsize = bufsize, .chunk = chunk, .seedot = seedot,
    .short_batch_ends = short_batch_ends
  };
}

/* A fixed sequence of pseudo-random numbers (splitmix64), so that a
   failure can be replayed.  */
static uint64_t rng_state;

static void
rng_seed (uint64_t seed)
{
  rng_state = seed;
}

static uint64_t
rng_next (void)
{
  uint64_t z = (rng_state += UINT64_C (0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* Add COUNT entries named "n<i>" with inode numbers INOS[i] to D.  */
static void
add_numbered (struct fts__dir *d, const uint64_t *inos, size_t count)
{
  for (size_t i = 0; i < count; i++)
    {
      char name[32];
      int len = snprintf (name, sizeof name, "n%zu", i);
      unit_check (fts__dir_add (d, name, len, inos[i], DT_REG) == 0);
    }
}

/* Check that D, filled by add_numbered from INOS, is sorted by inode
   with every name still beside its own inode number and each exactly
   once; with STABLE, equal numbers also keep their order of addition.  */
static void
check_sorted (const struct fts__dir *d, const uint64_t *inos, size_t count,
              bool stable)
{
  ck_assert_uint_eq (d->count, count);
  ck_assert (d->sorted);
  unsigned char *seen = calloc (count ? count : 1, 1);
  ck_assert_ptr_nonnull (seen);
  size_t prev_i = 0;
  for (size_t k = 0; k < count; k++)
    {
      const struct fts__dent *e = &d->ents[k];
      const char *name = fts__dent_name (d, e);
      unit_check_msg (name[0] == 'n', "entry %zu: name %s", k, name);
      char *end;
      size_t i = strtoul (name + 1, &end, 10);
      unit_check_msg (*end == '\0' && i < count, "entry %zu: name %s", k,
                      name);
      unit_check_msg (!seen[i], "%s appears twice", name);
      seen[i] = 1;
      unit_check_msg (e->ino == inos[i], "%s: ino %llu, added with %llu",
                      name, (unsigned long long) e->ino,
                      (unsigned long long) inos[i]);
      unit_check (e->type == DT_REG);
      if (k > 0)
        {
          unit_check_msg (d->ents[k - 1].ino <= e->ino,
                          "entries %zu and %zu out of order", k - 1, k);
          if (stable && d->ents[k - 1].ino == e->ino)
            unit_check_msg (prev_i < i, "n%zu and n%zu, equal inodes, "
                            "swapped", prev_i, i);
        }
      prev_i = i;
    }
  free (seen);
}

static void
sort_and_check (uint64_t *inos, size_t count)
{
  struct fts__dir d;
  fts__dir_init (&d);
  add_numbered (&d, inos, count);
  fts__dir_sort_by_inode (&d);
  check_sorted (&d, inos, count, true);
  fts__dir_free (&d);
}

/* ---- sorting ------------------------------------------------------------ */

START_TEST (test_sort_random)
{
  enum { N = 100000 };
  uint64_t *inos = unit_keep (malloc (N * sizeof *inos));
  rng_seed (20260101);
  for (size_t i = 0; i < N; i++)
    inos[i] = rng_next ();
  sort_and_check (inos, N);
}
END_TEST

/* Inode numbers as a real file system hands them out: a dense range with
   a few bits varying, and duplicates (hard links in one directory).  */
START_TEST (test_sort_dense_with_duplicates)
{
  enum { N = 100000 };
  uint64_t *inos = unit_keep (malloc (N * sizeof *inos));
  rng_seed (42);
  for (size_t i = 0; i < N; i++)
    inos[i] = 1000000 + rng_next () % 30000;
  sort_and_check (inos, N);
}
END_TEST

START_TEST (test_sort_equal)
{
  enum { N = 1000 };
  uint64_t inos[N];
  for (size_t i = 0; i < N; i++)
    inos[i] = 77;
  sort_and_check (inos, N);
}
END_TEST

START_TEST (test_sort_already_sorted)
{
  enum { N = 5000 };
  uint64_t inos[N];
  for (size_t i = 0; i < N; i++)
    inos[i] = 3 * i + 1;
  sort_and_check (inos, N);
}
END_TEST

START_TEST (test_sort_reversed)
{
  enum { N = 5000 };
  uint64_t inos[N];
  for (size_t i = 0; i < N; i++)
    inos[i] = UINT64_MAX - 7 * i;
  sort_and_check (inos, N);
}
END_TEST

/* Numbers that differ only in their highest byte, and the extremes.  */
START_TEST (test_sort_high_bits)
{
  uint64_t inos[] = {
    UINT64_C (0xff00000000000000), UINT64_C (0x0100000000000000), 0,
    UINT64_MAX, UINT64_C (0x8000000000000000), 1,
    UINT64_C (0x7fffffffffffffff),
    UINT64_C (0x0100000000000000),
  };
  sort_and_check (inos, sizeof inos / sizeof *inos);
}
END_TEST

START_TEST (test_sort_tiny)
{
  struct fts__dir d;
  fts__dir_init (&d);
  fts__dir_sort_by_inode (&d);
  ck_assert_uint_eq (d.count, 0);
  fts__dir_free (&d);

  uint64_t one[] = { 12345 };
  sort_and_check (one, 1);
  uint64_t two[] = { 9, 4 };
  sort_and_check (two, 2);
}
END_TEST

/* ---- names -------------------------------------------------------------- */

START_TEST (test_dent_names)
{
  enum { N = 3000 };
  struct fts__dir d;
  fts__dir_init (&d);
  char name[256];
  for (size_t i = 0; i < N; i++)
    {
      /* Lengths 1 to 255, contents derived from I; names are not
         NUL-terminated when added.  */
      size_t len = 1 + i % 255;
      for (size_t k = 0; k < len; k++)
        name[k] = 'a' + (i + k) % 26;
      name[len] = 'X';
      unit_check (fts__dir_add (&d, name, len, i, i % 16) == 0);
    }
  ck_assert_uint_eq (d.count, N);
  for (size_t i = 0; i < N; i++)
    {
      size_t len = 1 + i % 255;
      for (size_t k = 0; k < len; k++)
        name[k] = 'a' + (i + k) % 26;
      name[len] = '\0';
      unit_check_msg (strcmp (fts__dent_name (&d, &d.ents[i]), name) == 0,
                      "entry %zu: %s, want %s", i,
                      fts__dent_name (&d, &d.ents[i]), name);
      unit_check (d.ents[i].ino == i);
      unit_check (d.ents[i].type == i % 16);
    }
  fts__dir_free (&d);
}
END_TEST

START_TEST (test_free_then_init)
{
  struct fts__dir d;
  fts__dir_init (&d);
  ck_assert_uint_eq (d.count, 0);
  ck_assert_uint_eq (d.next, 0);
  ck_assert (!d.sorted);
  ck_assert_int_eq (fts__dir_add (&d, "x", 1, 5, DT_REG), 0);
  fts__dir_sort_by_inode (&d);
  fts__dir_free (&d);
  fts__dir_init (&d);
  ck_assert_uint_eq (d.count, 0);
  ck_assert_uint_eq (d.next, 0);
  ck_assert_uint_eq (d.names_len, 0);
  ck_assert_int_eq (d.read_errno, 0);
  ck_assert (!d.sorted);
  /* And it is usable again.  */
  ck_assert_int_eq (fts__dir_add (&d, "yz", 2, 6, DT_DIR), 0);
  ck_assert_uint_eq (d.count, 1);
  ck_assert_str_eq (fts__dent_name (&d, &d.ents[0]), "yz");
  fts__dir_free (&d);
  /* Freeing twice is harmless: free leaves an empty dir.  */
  fts__dir_free (&d);
  ck_assert_uint_eq (d.count, 0);
}
END_TEST

/* The first arrays share a block; growing either gives the names their
   own, with the names already there kept.  */
START_TEST (test_grow_out_of_first_block)
{
  struct fts__dir d;
  char longname[201];
  memset (longname, 'n', 200);
  longname[200] = '\0';
  fts__dir_init (&d);
  ck_assert_int_eq (fts__dir_add (&d, "x", 1, 5, DT_REG), 0);
  ck_assert (d.names_in_ents);
  ck_assert_int_eq (fts__dir_add (&d, "yz", 2, 6, DT_DIR), 0);
  ck_assert (!d.names_in_ents);
  ck_assert_int_eq (fts__dir_add (&d, longname, 200, 7, DT_REG), 0);
  ck_assert_uint_eq (d.count, 3);
  ck_assert_str_eq (fts__dent_name (&d, &d.ents[0]), "x");
  ck_assert_str_eq (fts__dent_name (&d, &d.ents[1]), "yz");
  ck_assert_str_eq (fts__dent_name (&d, &d.ents[2]), longname);
  ck_assert_uint_eq (d.ents[2].ino, 7);
  fts__dir_free (&d);
}
END_TEST

/* ---- reading real directories ------------------------------------------ */

static int
open_dir (const char *name)
{
  int fd = open (name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ck_assert_msg (fd >= 0, "open %s: %s", name, strerror (errno));
  return fd;
}

static const char *
expected_type_name (unsigned char t)
{
  switch (t)
    {
    case DT_REG: return "reg";
    case DT_DIR: return "dir";
    case DT_LNK: return "lnk";
    case DT_FIFO: return "fifo";
    case DT_UNKNOWN: return "unknown";
    default: return "other";
    }
}

/* Read DIR with a BUFSIZE buffer; return its names with their types as
   "name type\n" lines sorted by name, checking each d_ino against
   fstatat.  */
static int
cmp_str (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static const char *
read_listing (const char *dir, bool seedot, size_t bufsize)
{
  struct fts__dir d;
  fts__dir_init (&d);
  int fd = open_dir (dir);
  char *buf = unit_keep (malloc (bufsize));
  struct fts__dir_reader r = reader (buf, bufsize, SIZE_MAX, seedot, false);
  ck_assert_int_eq (fts__dir_read (&d, fd, &r), 0);
  ck_assert (!d.more);
  ck_assert_int_eq (d.read_errno, 0);

  char **lines = unit_keep (calloc (d.count + 1, sizeof *lines));
  for (size_t i = 0; i < d.count; i++)
    {
      const char *name = fts__dent_name (&d, &d.ents[i]);
      struct stat st;
      unit_check_msg (fstatat (fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0,
                      "%s: %s", name, strerror (errno));
      unit_check_msg (d.ents[i].ino == st.st_ino,
                      "%s: d_ino %llu, st_ino %llu",
                      name, (unsigned long long) d.ents[i].ino,
                      (unsigned long long) st.st_ino);
      unsigned char t = d.ents[i].type;
      unsigned char want = S_ISDIR (st.st_mode) ? DT_DIR
                           : S_ISLNK (st.st_mode) ? DT_LNK
                           : S_ISFIFO (st.st_mode) ? DT_FIFO : DT_REG;
      unit_check_msg (t == want || t == DT_UNKNOWN, "%s: d_type %s, is %s",
                      name, expected_type_name (t), expected_type_name (want));
      lines[i] = unit_fmt ("%s %s\n", name, expected_type_name (want));
    }
  qsort (lines, d.count, sizeof *lines, cmp_str);
  char *out = NULL;
  size_t size = 0;
  FILE *f = open_memstream (&out, &size);
  for (size_t i = 0; i < d.count; i++)
    fputs (lines[i], f);
  fclose (f);
  close (fd);
  fts__dir_free (&d);
  return unit_keep (out);
}

START_TEST (test_read_directory)
{
  unit_make ("dir/file dir/sub/inner dir/link->file dir/fifo| dir/.hidden");
  ck_assert_str_eq (read_listing ("dir", false, FTS__GETDENTS_BUFSIZE),
                    ".hidden reg\nfifo fifo\nfile reg\nlink lnk\nsub dir\n");
  ck_assert_str_eq (read_listing ("dir", true, FTS__GETDENTS_BUFSIZE),
                    ". dir\n.. dir\n.hidden reg\nfifo fifo\nfile reg\n"
                    "link lnk\nsub dir\n");
}
END_TEST

START_TEST (test_read_empty_directory)
{
  unit_make ("empty/");
  ck_assert_str_eq (read_listing ("empty", false, 512), "");
  ck_assert_str_eq (read_listing ("empty", true, 512), ". dir\n.. dir\n");
}
END_TEST

/* 5,000 entries, some with 255-byte names, through a 512-byte buffer:
   many batches, none lost or repeated; also when a short batch is taken
   as the last (_i == 1), which this file system (ext4 or tmpfs) allows.  */
START_TEST (test_read_small_buffer)
{
  enum { N = 5000 };
  ck_assert_int_eq (mkdir ("big", 0755), 0);
  int dfd = open_dir ("big");
  char name[256];
  for (int i = 0; i < N; i++)
    {
      if (i % 100 == 0)
        {
          memset (name, 'L', 255);
          snprintf (name, sizeof name, "%05d", i);
          name[5] = 'L';
          name[255] = '\0';
        }
      else
        snprintf (name, sizeof name, "%05d", i);
      int fd = openat (dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
                       0644);
      unit_check_msg (fd >= 0, "%s: %s", name, strerror (errno));
      close (fd);
    }
  close (dfd);

  struct fts__dir d;
  fts__dir_init (&d);
  dfd = open_dir ("big");
  char buf[512];
  struct fts__dir_reader r = reader (buf, sizeof buf, SIZE_MAX, false, _i);
  ck_assert_int_eq (fts__dir_read (&d, dfd, &r), 0);
  ck_assert_int_eq (d.read_errno, 0);
  ck_assert_uint_eq (d.count, N);
  unsigned char seen[N] = { 0 };
  for (size_t k = 0; k < d.count; k++)
    {
      const char *n = fts__dent_name (&d, &d.ents[k]);
      int i = atoi (n);
      unit_check_msg (i >= 0 && i < N && !seen[i], "entry %s", n);
      seen[i] = 1;
      unit_check (strlen (n) == (i % 100 == 0 ? 255 : 5));
    }
  close (dfd);
  fts__dir_free (&d);
}
END_TEST

START_TEST (test_read_not_a_directory)
{
  unit_make ("file");
  int fd = open ("file", O_RDONLY | O_CLOEXEC);
  ck_assert_int_ge (fd, 0);
  struct fts__dir d;
  fts__dir_init (&d);
  char buf[4096];
  errno = 0;
  struct fts__dir_reader r = reader (buf, sizeof buf, SIZE_MAX, false, false);
  ck_assert_int_eq (fts__dir_read (&d, fd, &r), -1);
  ck_assert_int_eq (errno, ENOTDIR);
  ck_assert_uint_eq (d.count, 0);
  close (fd);
  fts__dir_free (&d);
}
END_TEST

START_TEST (test_read_bad_descriptor)
{
  struct fts__dir d;
  fts__dir_init (&d);
  char buf[4096];
  errno = 0;
  struct fts__dir_reader r = reader (buf, sizeof buf, SIZE_MAX, false, false);
  ck_assert_int_eq (fts__dir_read (&d, -1, &r), -1);
  ck_assert_int_eq (errno, EBADF);
  fts__dir_free (&d);
}
END_TEST

/* A directory read and then sorted keeps every name with its d_ino.  */
START_TEST (test_read_then_sort)
{
  unit_make ("dir/a dir/b dir/c dir/d dir/e dir/f dir/g dir/h dir/sub/");
  struct fts__dir d;
  fts__dir_init (&d);
  int fd = open_dir ("dir");
  char buf[1024];
  struct fts__dir_reader r = reader (buf, sizeof buf, SIZE_MAX, false, false);
  ck_assert_int_eq (fts__dir_read (&d, fd, &r), 0);
  fts__dir_sort_by_inode (&d);
  ck_assert_uint_eq (d.count, 9);
  for (size_t i = 0; i < d.count; i++)
    {
      struct stat st;
      const char *name = fts__dent_name (&d, &d.ents[i]);
      ck_assert_int_eq (fstatat (fd, name, &st, AT_SYMLINK_NOFOLLOW), 0);
      ck_assert (st.st_ino == d.ents[i].ino);
      if (i > 0)
        ck_assert (d.ents[i - 1].ino < d.ents[i].ino);
    }
  close (fd);
  fts__dir_free (&d);
}
END_TEST

/* Make N empty files named "00000".. in a new directory DIR; returns
   DIR's descriptor.  */
static int
make_numbered_files (const char *dir, int n)
{
  ck_assert_int_eq (mkdir (dir, 0755), 0);
  int dfd = open_dir (dir);
  for (int i = 0; i < n; i++)
    {
      char name[16];
      snprintf (name, sizeof name, "%05d", i);
      int fd = openat (dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
                       0644);
      unit_check_msg (fd >= 0, "%s: %s", name, strerror (errno));
      close (fd);
    }
  return dfd;
}

/* Mark the numbered names of D's chunk in SEEN, failing on a repeat;
   returns how many there were.  */
static size_t
mark_chunk (const struct fts__dir *d, unsigned char *seen, int n)
{
  for (size_t k = 0; k < d->count; k++)
    {
      const char *name = fts__dent_name (d, &d->ents[k]);
      int i = atoi (name);
      unit_check_msg (i >= 0 && i < n && !seen[i], "entry %s", name);
      seen[i] = 1;
    }
  return d->count;
}

/* 3,000 entries read 1,000 at a time (through a 4 KiB buffer, so each
   chunk ends within a batch's worth past 1,000), with the descriptor
   closed and reopened between chunks (_i & 1), and each chunk's entries
   unlinked before the next is read, as rm does (_i & 2): every entry comes
   out exactly once, and the last chunk says there is no more.  */
START_TEST (test_read_chunks)
{
  enum { N = 3000, CHUNK = 1000 };
  bool reopen = _i & 1, unlink_chunks = _i & 2;
  int dfd = make_numbered_files ("big", N);
  char buf[4096];
  struct fts__dir_reader r = reader (buf, sizeof buf, CHUNK, false, false);
  struct fts__dir d;
  fts__dir_init (&d);
  unsigned char seen[N] = { 0 };
  size_t total = 0, chunks = 0;
  ck_assert_int_eq (fts__dir_read (&d, dfd, &r), 0);
  for (;;)
    {
      chunks++;
      unit_check (d.count >= CHUNK || !d.more);
      unit_check (d.count < CHUNK + sizeof buf / 24);
      total += mark_chunk (&d, seen, N);
      ck_assert_uint_eq (d.total, total);
      for (size_t k = 0; unlink_chunks && k < d.count; k++)
        ck_assert_int_eq (unlinkat (dfd, fts__dent_name (&d, &d.ents[k]),
                                    0), 0);
      if (!d.more)
        break;
      if (reopen)
        {
          close (dfd);
          dfd = open_dir ("big");
        }
      ck_assert_int_eq (fts__dir_read_more (&d, dfd, &r), 0);
      ck_assert_int_eq (d.read_errno, 0);
    }
  ck_assert_uint_eq (total, N);
  unit_check (chunks >= 3 && chunks <= 4);
  close (dfd);
  fts__dir_free (&d);
}
END_TEST

/* A chunk that ends exactly where the directory does: the next read
   finds nothing, and says so.  */
START_TEST (test_read_chunk_at_end)
{
  int dfd = make_numbered_files ("dir", 10);
  char buf[4096];
  struct fts__dir_reader r = reader (buf, sizeof buf, 10, false, false);
  struct fts__dir d;
  fts__dir_init (&d);
  ck_assert_int_eq (fts__dir_read (&d, dfd, &r), 0);
  ck_assert_uint_eq (d.count, 10);
  ck_assert (d.more);
  ck_assert_int_eq (fts__dir_read_more (&d, dfd, &r), 0);
  ck_assert_uint_eq (d.count, 0);
  ck_assert (!d.more);
  ck_assert_int_eq (d.read_errno, 0);
  ck_assert_uint_eq (d.total, 10);
  close (dfd);
  fts__dir_free (&d);
}
END_TEST

/* A directory of a few entries costs what its entries need, not a
   default-sized array: the first allocation is exact.  */
START_TEST (test_read_exact_size)
{
  unit_make ("dir/a dir/bb dir/ccc");
  int dfd = open_dir ("dir");
  char buf[4096];
  struct fts__dir_reader r = reader (buf, sizeof buf, SIZE_MAX, false, false);
  struct fts__dir d;
  fts__dir_init (&d);
  ck_assert_int_eq (fts__dir_read (&d, dfd, &r), 0);
  ck_assert_uint_eq (d.count, 3);
  /* Nor room for "." and "..", which are skipped.  */
  unit_check_msg (d.cap == 3, "cap %zu", d.cap);
  unit_check_msg (d.names_cap == 2 + 3 + 4, "names_cap %zu", d.names_cap);
  /* In one block: the names right after the entries.  */
  ck_assert (d.names_in_ents);
  ck_assert_ptr_eq (d.names, (char *) (d.ents + d.cap));
  close (dfd);
  fts__dir_free (&d);
}
END_TEST

static Suite *
dir_suite (void)
{
  Suite *s = suite_create ("fts-dir");
  TCase *tc;

  tc = unit_tcase ("sort");
  tcase_add_test (tc, test_sort_random);
  tcase_add_test (tc, test_sort_dense_with_duplicates);
  tcase_add_test (tc, test_sort_equal);
  tcase_add_test (tc, test_sort_already_sorted);
  tcase_add_test (tc, test_sort_reversed);
  tcase_add_test (tc, test_sort_high_bits);
  tcase_add_test (tc, test_sort_tiny);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("names");
  tcase_add_test (tc, test_dent_names);
  tcase_add_test (tc, test_free_then_init);
  tcase_add_test (tc, test_grow_out_of_first_block);
  suite_add_tcase (s, tc);

  tc = unit_tcase ("read");
  tcase_add_test (tc, test_read_directory);
  tcase_add_test (tc, test_read_empty_directory);
  tcase_add_loop_test (tc, test_read_small_buffer, 0, 2);
  tcase_add_test (tc, test_read_not_a_directory);
  tcase_add_test (tc, test_read_bad_descriptor);
  tcase_add_test (tc, test_read_then_sort);
  tcase_add_loop_test (tc, test_read_chunks, 0, 4);
  tcase_add_test (tc, test_read_chunk_at_end);
  tcase_add_test (tc, test_read_exact_size);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return unit_main (dir_suite ());
}

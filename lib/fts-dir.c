/* fts-dir.c: read a whole directory compactly, and sort it by inode.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-int.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

/* What getdents64 stores, as the kernel defines it (linux/dirent.h).  */
struct fts__linux_dirent64
{
  uint64_t d_ino;
  int64_t d_off;
  unsigned short d_reclen;
  unsigned char d_type;
  char d_name[];
};

/* Initial sizes: small, so that the many small directories of an ordinary
   tree cost little; doubled as needed.  */
enum { DIR_INITIAL_ENTRIES = 32, DIR_INITIAL_NAMES = 512 };

/* The arena offset is 48 bits wide (see struct fts__dent).  */
#define DIR_MAX_NAMES ((size_t) 1 << 47)

void
fts__dir_init (struct fts__dir *d)
{
  memset (d, 0, sizeof *d);
}

void
fts__dir_free (struct fts__dir *d)
{
  free (d->ents);
  free (d->names);
  fts__dir_init (d);
}

/* Grow *P, an array of *CAP elements of SIZE bytes, so that it holds at
   least NEED.  Returns 0, or -1 with errno ENOMEM leaving *P as it was.  */
static int
grow (void **p, size_t *cap, size_t need, size_t size, size_t initial)
{
  if (need <= *cap)
    return 0;
  size_t n = *cap ? *cap : initial;
  while (n < need)
    {
      if (n > SIZE_MAX / 2 / size)
        {
          errno = ENOMEM;
          return -1;
        }
      n *= 2;
    }
  void *q = realloc (*p, n * size);
  if (!q)
    return -1;
  *p = q;
  *cap = n;
  return 0;
}

/* Append NAME (NAMELEN bytes, no NUL needed) with its inode number and
   type to D.  Returns 0, or -1 with errno ENOMEM (D unchanged).  */
int
fts__dir_add (struct fts__dir *d, const char *name, size_t namelen,
              uint64_t ino, unsigned char type)
{
  size_t off = d->names_len;
  if (namelen >= DIR_MAX_NAMES - off)
    {
      errno = ENOMEM;
      return -1;
    }
  if (grow ((void **) &d->ents, &d->cap, d->count + 1, sizeof *d->ents,
            DIR_INITIAL_ENTRIES) != 0
      || grow ((void **) &d->names, &d->names_cap, off + namelen + 1, 1,
               DIR_INITIAL_NAMES) != 0)
    return -1;
  memcpy (d->names + off, name, namelen);
  d->names[off + namelen] = '\0';
  d->names_len = off + namelen + 1;

  struct fts__dent *e = &d->ents[d->count++];
  e->ino = ino;
  e->name_lo = (uint32_t) off;
  e->name_hi = (uint16_t) ((uint64_t) off >> 32);
  e->type = type;
  return 0;
}

const char *
fts__dent_name (const struct fts__dir *d, const struct fts__dent *e)
{
  return d->names + ((size_t) e->name_hi << 32 | e->name_lo);
}

static ssize_t
read_batch (int fd, char *buf, size_t bufsize)
{
#ifdef HAVE_GETDENTS64
  return getdents64 (fd, buf, bufsize);
#else
  return syscall (SYS_getdents64, fd, buf, bufsize);
#endif
}

static bool
is_dot_or_dotdot (const char *name)
{
  return name[0] == '.' && (name[1] == '\0'
                            || (name[1] == '.' && name[2] == '\0'));
}

/* Add the entries of one getdents batch (LEN bytes of BUF) to D, skipping
   "." and ".." unless SEEDOT.  Returns 0 or -1 with errno ENOMEM.  */
static int
add_batch (struct fts__dir *d, const char *buf, size_t len, bool seedot)
{
  for (size_t pos = 0; pos < len; )
    {
      const struct fts__linux_dirent64 *de
        = (const struct fts__linux_dirent64 *) (buf + pos);
      pos += de->d_reclen;
      if (!seedot && is_dot_or_dotdot (de->d_name))
        continue;
      if (fts__dir_add (d, de->d_name, strlen (de->d_name), de->d_ino,
                        de->d_type) != 0)
        return -1;
    }
  return 0;
}

/* The largest record getdents64 makes: its header, a 255-byte name and
   its NUL, rounded up to 8 bytes.  */
enum { DIRENT_MAX_RECLEN = (offsetof (struct fts__linux_dirent64, d_name)
                            + 256 + 7) & ~7 };

/* Read every entry of the directory open on FD into D (which must be
   empty), with getdents64 batches of BUFSIZE bytes in BUF.  With
   SHORT_BATCH_ENDS (the file system fills each batch as far as the
   directory goes, see fs-policy.c), a batch that left room for another
   entry of any name is taken as the last, which saves the call that would
   only return 0: one system call per directory.  Returns 0 when
   something was read or the directory is empty; if a later batch failed,
   its errno is in D->read_errno and what came before is kept (the caller
   reports it after handing those out).  Returns -1 with errno when the
   first batch fails (e.g. ENOTDIR, EACCES on some file systems, EIO) or
   memory runs out; D is then freed.  */
int
fts__dir_read (struct fts__dir *d, int fd, bool seedot,
               bool short_batch_ends, char *buf, size_t bufsize)
{
  bool first = true;
  for (;;)
    {
      ssize_t n = read_batch (fd, buf, bufsize);
      if (n == 0)
        return 0;
      if (n < 0)
        {
          if (first)
            goto out_free;
          /* Linux cannot resume a getdents stream after an error such as
             EIO: keep what was read and report the error.  */
          d->read_errno = errno;
          return 0;
        }
      first = false;
      if (add_batch (d, buf, n, seedot) != 0)
        goto out_free;
      if (short_batch_ends && (size_t) n + DIRENT_MAX_RECLEN <= bufsize)
        return 0;
    }

 out_free:;
  int e = errno;
  fts__dir_free (d);
  errno = e;
  return -1;
}

/* Sort D's entries by ascending inode number, equal numbers in readdir
   order.  An LSD radix sort over the bytes in which the inode numbers
   differ: linear, and stable.  It needs a second array as large as the
   first for its duration; if that cannot be had, fall back on qsort, which
   needs none (and may reorder equal numbers, i.e. hard links to one file
   within the directory, which is harmless).  */
static int
cmp_ino (const void *a, const void *b)
{
  uint64_t x = ((const struct fts__dent *) a)->ino;
  uint64_t y = ((const struct fts__dent *) b)->ino;
  return (x > y) - (x < y);
}

static void
radix_pass (const struct fts__dent *src, struct fts__dent *dst, size_t n,
            unsigned shift)
{
  size_t count[256] = { 0 };
  for (size_t i = 0; i < n; i++)
    count[(src[i].ino >> shift) & 0xff]++;
  size_t sum = 0;
  for (unsigned b = 0; b < 256; b++)
    {
      size_t c = count[b];
      count[b] = sum;
      sum += c;
    }
  for (size_t i = 0; i < n; i++)
    dst[count[(src[i].ino >> shift) & 0xff]++] = src[i];
}

void
fts__dir_sort_by_inode (struct fts__dir *d)
{
  size_t n = d->count;
  d->sorted = true;
  if (n < 2)
    return;

  uint64_t all_or = 0, all_and = UINT64_MAX;
  for (size_t i = 0; i < n; i++)
    {
      all_or |= d->ents[i].ino;
      all_and &= d->ents[i].ino;
    }
  uint64_t varying = all_or ^ all_and;   /* bits that differ somewhere */

  struct fts__dent *tmp = malloc (n * sizeof *tmp);
  if (!tmp)
    {
      qsort (d->ents, n, sizeof *d->ents, cmp_ino);
      return;
    }
  struct fts__dent *src = d->ents, *dst = tmp;
  for (unsigned shift = 0; shift < 64; shift += 8)
    if ((varying >> shift) & 0xff)
      {
        radix_pass (src, dst, n, shift);
        struct fts__dent *t = src;
        src = dst;
        dst = t;
      }
  if (src != d->ents)
    memcpy (d->ents, src, n * sizeof *src);
  free (tmp);
}

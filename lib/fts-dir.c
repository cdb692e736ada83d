/* fts-dir.c: read a directory compactly, a chunk at a time, and sort it
   by inode.

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

/* The first allocation of a directory's arrays is exactly what its first
   getdents batch needs, and one block for both (the entries, then the
   names), so that the many small directories of a tree (and each level
   of a deep one, which keeps its entries while the walk is below it)
   cost one allocation and little memory; later ones are separate and
   double.  */

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
  if (!d->names_in_ents)
    free (d->names);
  fts__dir_init (d);
}

/* Grow *P, an array of *CAP elements of SIZE bytes, so that it holds at
   least NEED: exactly NEED the first time, then by doubling.  Returns 0,
   or -1 with errno ENOMEM leaving *P as it was.  */
static int
grow (void **p, size_t *cap, size_t need, size_t size)
{
  if (need <= *cap)
    return 0;
  size_t n = *cap ? *cap : need;
  while (n < need)
    {
      if (n > SIZE_MAX / 2 / size)
        {
          errno = ENOMEM;
          return -1;
        }
      n *= 2;
    }
  if (n > SIZE_MAX / size)
    {
      errno = ENOMEM;
      return -1;
    }
  void *q = realloc (*p, n * size);
  if (!q)
    return -1;
  *p = q;
  *cap = n;
  return 0;
}

/* D's first arrays, for COUNT entries and NAMES_LEN bytes of names, in
   one block.  Returns 0, or -1 with errno ENOMEM.  */
static int
alloc_first (struct fts__dir *d, size_t count, size_t names_len)
{
  if (count > (SIZE_MAX - names_len) / sizeof *d->ents)
    {
      errno = ENOMEM;
      return -1;
    }
  d->ents = malloc (count * sizeof *d->ents + names_len);
  if (!d->ents)
    return -1;
  d->names = (char *) (d->ents + count);
  d->cap = count;
  d->names_cap = names_len;
  d->names_in_ents = true;
  return 0;
}

/* Give D's names a block of their own, so that either array may grow.
   Returns 0, or -1 with errno ENOMEM (D unchanged).  */
static int
detach_names (struct fts__dir *d)
{
  char *names = malloc (d->names_cap);
  if (!names)
    return -1;
  memcpy (names, d->names, d->names_len);
  d->names = names;
  d->names_in_ents = false;
  return 0;
}

/* Make room in D for COUNT more entries with NAMES_LEN more bytes of
   names (NULs included).  Returns 0, or -1 with errno ENOMEM.  */
static int
reserve (struct fts__dir *d, size_t count, size_t names_len)
{
  if (names_len >= DIR_MAX_NAMES - d->names_len)
    {
      errno = ENOMEM;
      return -1;
    }
  if (count == 0)
    return 0;
  if (!d->ents)
    return alloc_first (d, count, names_len);
  bool fits = d->count + count <= d->cap
              && d->names_len + names_len <= d->names_cap;
  if (fits)
    return 0;
  if (d->names_in_ents && detach_names (d) != 0)
    return -1;
  if (grow ((void **) &d->ents, &d->cap, d->count + count,
            sizeof *d->ents) != 0
      || grow ((void **) &d->names, &d->names_cap, d->names_len + names_len,
               1) != 0)
    return -1;
  return 0;
}

/* Append NAME (NAMELEN bytes, no NUL needed) with its inode number and
   type to D, which has room for it (see reserve).  */
static void
append (struct fts__dir *d, const char *name, size_t namelen, uint64_t ino,
        unsigned char type)
{
  size_t off = d->names_len;
  memcpy (d->names + off, name, namelen);
  d->names[off + namelen] = '\0';
  d->names_len = off + namelen + 1;

  struct fts__dent *e = &d->ents[d->count++];
  e->ino = ino;
  e->name_lo = (uint32_t) off;
  e->name_hi = (uint16_t) ((uint64_t) off >> 32);
  e->type = type;
  d->total++;
}

/* Append NAME (NAMELEN bytes, no NUL needed) with its inode number and
   type to D.  Returns 0, or -1 with errno ENOMEM (D unchanged).  */
int
fts__dir_add (struct fts__dir *d, const char *name, size_t namelen,
              uint64_t ino, unsigned char type)
{
  if (namelen >= DIR_MAX_NAMES || reserve (d, 1, namelen + 1) != 0)
    return -1;
  append (d, name, namelen, ino, type);
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
   "." and ".." unless SEEDOT, and note where the batch ended.  Room for
   the entries kept is made first: not for the dots, which in a small
   directory would double its entries array (each level of a deep tree
   keeps one while it is walked below).  Returns 0 or -1 with errno
   ENOMEM.  */
static int
add_batch (struct fts__dir *d, const char *buf, size_t len, bool seedot)
{
  size_t count = 0, names_len = 0;
  const struct fts__linux_dirent64 *de;
  for (size_t pos = 0; pos < len; pos += de->d_reclen)
    {
      de = (const struct fts__linux_dirent64 *) (buf + pos);
      if (!seedot && is_dot_or_dotdot (de->d_name))
        continue;
      count++;
      names_len += strlen (de->d_name) + 1;
    }
  if (reserve (d, count, names_len) != 0)
    return -1;
  for (size_t pos = 0; pos < len; pos += de->d_reclen)
    {
      de = (const struct fts__linux_dirent64 *) (buf + pos);
      d->resume = de->d_off;
      if (!seedot && is_dot_or_dotdot (de->d_name))
        continue;
      append (d, de->d_name, strlen (de->d_name), de->d_ino, de->d_type);
    }
  return 0;
}

/* The largest record getdents64 makes: its header, a 255-byte name and
   its NUL, rounded up to 8 bytes.  */
enum { DIRENT_MAX_RECLEN = (offsetof (struct fts__linux_dirent64, d_name)
                            + 256 + 7) & ~7 };

/* Read the next chunk of the directory open on FD, from FD's offset, into
   D (emptied first), as R says.  FIRST: a failure of the first batch is
   the caller's to report (ENOTDIR, EACCES on some file systems, EIO),
   not a read cut short.  Returns 0, or -1 with errno (then D's entries
   are unspecified).  */
static int
read_chunk (struct fts__dir *d, int fd, const struct fts__dir_reader *r,
            bool first)
{
  d->count = d->next = d->names_len = 0;
  d->more = d->sorted = false;
  for (;;)
    {
      ssize_t n = read_batch (fd, r->buf, r->bufsize);
      if (n == 0)
        return 0;
      if (n < 0)
        {
          if (first)
            return -1;
          /* Linux cannot resume a getdents stream after an error such as
             EIO: keep what was read and report the error.  */
          d->read_errno = errno;
          return 0;
        }
      first = false;
      if (add_batch (d, r->buf, n, r->seedot) != 0)
        return -1;
      if (r->short_batch_ends && (size_t) n + DIRENT_MAX_RECLEN <= r->bufsize)
        return 0;
      if (d->count >= r->chunk)
        {
          d->more = true;
          return 0;
        }
    }
}

/* Read the first chunk of the directory open on FD (at its start) into D,
   which must be fresh from fts__dir_init, as R says: R->chunk entries or
   a little more (the rest of the batch that reached it), or all of them.
   With R->short_batch_ends (the file system fills each batch as far as
   the directory goes, see fs-policy.c), a batch that left room for
   another entry of any name is taken as the last, which saves the call
   that would only return 0: one system call per directory.  Returns 0
   when something was read or the directory is empty, D->more telling
   whether there is more to read (fts__dir_read_more); if a later batch
   failed, its errno is in D->read_errno and what came before is kept (the
   caller reports it after handing those out).  Returns -1 with errno when
   the first batch fails or memory runs out; D is then freed.  */
int
fts__dir_read (struct fts__dir *d, int fd, const struct fts__dir_reader *r)
{
  if (read_chunk (d, fd, r, true) == 0)
    return 0;
  int e = errno;
  fts__dir_free (d);
  errno = e;
  return -1;
}

/* Read the next chunk of a directory whose previous chunk (in D, handed
   out by now) ended with D->more, from the descriptor FD, which may have
   been closed and reopened since: the offset is set again from D first.
   Returns 0 with D holding the chunk: possibly empty when the directory
   ended; a failure to seek or read is then in D->read_errno.  Returns -1
   with errno ENOMEM (D is then freed).  */
int
fts__dir_read_more (struct fts__dir *d, int fd,
                    const struct fts__dir_reader *r)
{
  if (lseek (fd, d->resume, SEEK_SET) == -1)
    {
      d->count = d->next = 0;
      d->more = false;
      d->read_errno = errno;
      return 0;
    }
  if (read_chunk (d, fd, r, false) == 0)
    return 0;
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

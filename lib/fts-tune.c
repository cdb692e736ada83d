/* fts-tune.c: the inode-sort threshold and policy knobs, and the counters.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Parse S as a threshold: a decimal number of entries that fits size_t
   (LIBFTS_INODE_SORT_NEVER excluded) or "off".  Returns true and stores it
   in *OUT; false, leaving *OUT alone, for anything else (empty, signs,
   spaces, trailing junk, overflow).  */
bool
fts__parse_threshold (const char *s, size_t *out)
{
  if (strcmp (s, "off") == 0)
    {
      *out = LIBFTS_INODE_SORT_NEVER;
      return true;
    }
  if (!*s)
    return false;
  size_t v = 0;
  for (; *s; s++)
    {
      if (*s < '0' || '9' < *s)
        return false;
      unsigned digit = *s - '0';
      if (v > (LIBFTS_INODE_SORT_NEVER - 1 - digit) / 10)
        return false;
      v = v * 10 + digit;
    }
  *out = v;
  return true;
}

/* The threshold a new stream starts with: LIBFTS_INODE_SORT_THRESHOLD when
   it is valid, else the configure default.  An invalid value is ignored,
   never fatal: a library cannot report it, and a typo must not change how
   a program behaves.  */
size_t
fts__env_threshold (void)
{
  size_t v = LIBFTS_DEFAULT_INODE_SORT_THRESHOLD;
  const char *s = getenv ("LIBFTS_INODE_SORT_THRESHOLD");
  if (s)
    fts__parse_threshold (s, &v);
  return v;
}

/* The file-system policy a new stream starts with: LIBFTS_INODE_SORT_FS=all
   sorts on every file system; anything else means the table.  */
enum libfts_fs_policy
fts__env_fs_policy (void)
{
  const char *s = getenv ("LIBFTS_INODE_SORT_FS");
  return s && strcmp (s, "all") == 0 ? LIBFTS_FS_POLICY_ALL
                                     : LIBFTS_FS_POLICY_TABLE;
}

/* Whether a directory of COUNT entries, on a file system whose policy is
   FS, is to be handed out in inode order under THRESHOLD and POLICY (a
   stream's or a parallel walk's).  */
static bool
want_inode_sort (size_t threshold, enum libfts_fs_policy policy,
                 size_t count, const struct fts__fs_row *fs)
{
  if (threshold == LIBFTS_INODE_SORT_NEVER || count < threshold || count < 2)
    return false;
  return policy == LIBFTS_FS_POLICY_ALL || fs->sort;
}

static unsigned long long
now_nsec (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* DIR holds a chunk just read: sort it by inode when the directory has
   reached THRESHOLD and the file system's policy FS (or POLICY) says so,
   counting the time and the directory sorted whole in STATS.  */
void
fts__sort_chunk (struct fts__dir *dir, size_t threshold,
                 enum libfts_fs_policy policy, const struct fts__fs_row *fs,
                 struct libfts_stats *stats)
{
  if (!want_inode_sort (threshold, policy, dir->total, fs))
    return;
  unsigned long long t0 = now_nsec ();
  fts__dir_sort_by_inode (dir);
  stats->sort_nsec += now_nsec () - t0;
  if (dir->total == dir->count)
    stats->dirs_sorted++;
}

/* How many entries of a directory are read, sorted and handed out at a
   time under THRESHOLD: FTS__DIR_CHUNK_ENTRIES, or the threshold when it
   is larger, so that a directory that reaches it has each chunk sorted.  */
size_t
fts__chunk_entries (size_t threshold)
{
  return threshold != LIBFTS_INODE_SORT_NEVER
         && threshold > FTS__DIR_CHUNK_ENTRIES
         ? threshold : FTS__DIR_CHUNK_ENTRIES;
}

int
libfts_set_inode_sort_threshold (FTS *ftsp, size_t threshold)
{
  if (!ftsp)
    {
      errno = EINVAL;
      return -1;
    }
  fts__stream (ftsp)->sort_threshold = threshold;
  return 0;
}

size_t
libfts_inode_sort_threshold (FTS *ftsp)
{
  return ftsp ? fts__stream (ftsp)->sort_threshold : LIBFTS_INODE_SORT_NEVER;
}

int
libfts_set_fs_policy (FTS *ftsp, enum libfts_fs_policy policy)
{
  if (!ftsp || (policy != LIBFTS_FS_POLICY_TABLE
                && policy != LIBFTS_FS_POLICY_ALL))
    {
      errno = EINVAL;
      return -1;
    }
  fts__stream (ftsp)->fs_policy = policy;
  return 0;
}

int
libfts_get_stats (FTS *ftsp, struct libfts_stats *stats, size_t size)
{
  if (!ftsp || !stats)
    {
      errno = EINVAL;
      return -1;
    }
  const struct libfts_stats *src = &fts__stream (ftsp)->stats;
  memcpy (stats, src, size < sizeof *src ? size : sizeof *src);
  return 0;
}

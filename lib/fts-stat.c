/* fts-stat.c: an entry's stat and what it says the entry is, one rule
   for fts_read and libfts_stat (fts-info.c), and for the parallel walk and
   libfts_walk_stat (fts-walk.c, fts-walk-api.c).

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-int.h"

#include <errno.h>
#include <fcntl.h>

/* The fts_info of a file of mode MODE, as far as the mode tells: FTS_D,
   FTS_SL, FTS_F or FTS_DEFAULT (cycles and "." are the caller's).  */
int
fts__info_of_mode (mode_t mode)
{
  return S_ISDIR (mode) ? FTS_D : S_ISLNK (mode) ? FTS_SL
         : S_ISREG (mode) ? FTS_F : FTS_DEFAULT;
}

/* Stat NAME in DIRFD into *ST, following a final symbolic link when
   FOLLOW, then lstat it if that failed: a symbolic link whose target
   cannot be stat'ed, for whatever reason (ENOENT, ELOOP, EACCES...), is
   FTS_SLNONE, as in glibc, with the link's lstat in *ST.  Counts each
   call in *CALLS, unless CALLS is null.  Returns what *ST says NAME is
   (fts__info_of_mode), FTS_SLNONE, or FTS_NS with errno from the first
   call (*ST then holds nothing of use).  */
int
fts__stat_follow (int dirfd, const char *name, bool follow, struct stat *st,
                  unsigned long long *calls)
{
  unsigned long long ignored;
  if (!calls)
    calls = &ignored;
  ++*calls;
  if (fstatat (dirfd, name, st, follow ? 0 : AT_SYMLINK_NOFOLLOW) == 0)
    return fts__info_of_mode (st->st_mode);
  if (follow)
    {
      int err = errno;
      ++*calls;
      if (fstatat (dirfd, name, st, AT_SYMLINK_NOFOLLOW) == 0
          && S_ISLNK (st->st_mode))
        return FTS_SLNONE;
      errno = err;
    }
  return FTS_NS;
}

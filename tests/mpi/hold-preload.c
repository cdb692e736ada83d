/* hold-preload: stop a walk at a chosen point, for tests/mpi/vanished.sh.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   Built by the test itself ($CC -shared -fPIC) and preloaded
   (LD_PRELOAD) into du and every rank of mpi-du.  With HOLD_MARKER=FILE
   and one of

     HOLD_OPEN=NAME    the opening of the directory NAME (openat with
                       O_DIRECTORY of a path whose last component is
                       NAME), which is libfts's parallel walk's first
                       look at it: it opens a directory met in a listing
                       and fstats the descriptor;
     HOLD_HANDED=NAME  on the rank of the MPI walk that was handed the
                       directory NAME, its first look at it: the opening
                       (openat with O_DIRECTORY) or the lstat (fstatat,
                       with LIBFTS_WALK_STAT) of /proc/self/fd/N/NAME, N
                       its parent;
     HOLD_READ=NAME    the first fstatat of an entry (a bare name)
                       relative to a descriptor of a directory NAME: the
                       walk has read NAME's entries and stats none of
                       them yet;

   the first process of the job to get there creates FILE (O_EXCL: one
   hold in the whole job), writes into it one line "PID WHERE PATH RANK"
   (WHERE: open, handed or read; RANK: OMPI_COMM_WORLD_RANK or PMI_RANK, or -) and
   stops itself with SIGSTOP, all its threads, before the call is made.
   The test does what it wants meanwhile (removes NAME, or its entries)
   and sends SIGCONT; the call then runs on what is there.  No timing:
   the process is stopped right where the walk is.  */

#define _GNU_SOURCE 1

#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int held;

/* Whether PATH's last component is NAME.  */
static int
ends_in (const char *path, const char *name)
{
  const char *slash = strrchr (path, '/');

  return strcmp (slash ? slash + 1 : path, name) == 0;
}

/* Hold here (WHERE, PATH), unless this process or another of the job
   held already.  */
static void
hold (const char *where, const char *path)
{
  const char *marker = getenv ("HOLD_MARKER");
  const char *rank = getenv ("OMPI_COMM_WORLD_RANK");  /* MPICH: PMI_RANK */

  if (!rank)
    rank = getenv ("PMI_RANK");

  if (!marker || __atomic_exchange_n (&held, 1, __ATOMIC_SEQ_CST))
    return;
  int fd = open (marker, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0)
    return;
  dprintf (fd, "%ld %s %s %s\n", (long) getpid (), where, path,
           rank ? rank : "-");
  close (fd);
  raise (SIGSTOP);
}

/* Whether DIRFD is a descriptor of a directory named NAME.  */
static int
is_dir_named (int dirfd, const char *name)
{
  char link[64], target[PATH_MAX];

  snprintf (link, sizeof link, "/proc/self/fd/%d", dirfd);
  ssize_t n = readlink (link, target, sizeof target - 1);
  if (n < 0)
    return 0;
  target[n] = '\0';
  return ends_in (target, name);
}

int
openat (int dirfd, const char *path, int flags, ...)
{
  static int (*real) (int, const char *, int, ...);
  const char *name = getenv ("HOLD_OPEN");
  const char *handed = getenv ("HOLD_HANDED");
  mode_t mode = 0;

  if (flags & (O_CREAT | O_TMPFILE))
    {
      va_list ap;
      va_start (ap, flags);
      mode = va_arg (ap, mode_t);
      va_end (ap);
    }
  if (!real)
    real = (int (*) (int, const char *, int, ...)) dlsym (RTLD_NEXT, "openat");
  if (name && (flags & O_DIRECTORY) && ends_in (path, name))
    hold ("open", path);
  if (handed && (flags & O_DIRECTORY)
      && strncmp (path, "/proc/self/fd/", 14) == 0 && ends_in (path, handed))
    hold ("handed", path);
  return real (dirfd, path, flags, mode);
}

int
fstatat (int dirfd, const char *path, struct stat *st, int flags)
{
  static int (*real) (int, const char *, struct stat *, int);
  const char *handed = getenv ("HOLD_HANDED");
  const char *read = getenv ("HOLD_READ");

  if (!real)
    real = (int (*) (int, const char *, struct stat *, int))
      dlsym (RTLD_NEXT, "fstatat");
  if (handed && strncmp (path, "/proc/self/fd/", 14) == 0
      && ends_in (path, handed))
    hold ("handed", path);
  if (read && *path && !strchr (path, '/') && dirfd >= 0
      && is_dir_named (dirfd, read))
    hold ("read", path);
  return real (dirfd, path, st, flags);
}

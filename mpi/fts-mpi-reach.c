/* fts-mpi-reach.c: how a rank reaches the directory of a task it was
   handed: the root of the walk, opened by its path on the rank's first
   task and checked against what rank 0 saw, then the task's parent
   below it, opened without leaving it and without following a symbolic
   link, and checked by device and inode.  It owns M's ROOT_FD.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later

   It calls no other file of mpi/.  */

#include <config.h>

#include "fts-mpi-int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifdef __linux__
# include <linux/openat2.h>
#endif

/* The flags of a directory opened on the way to a task: only a place in
   the tree, never read (O_PATH): on a server the open and the close of
   a directory read are two requests, for nothing here (mpi-du -sh of
   445 operands at -np 4: 1,180 opens and closes).  Its descriptor is a
   base for openat and names it in /proc/self/fd, which is all the task
   asks of it; fstat works on it.  */
#define PASS_FLAGS (O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)

/* Open REL below DIRFD one name at a time, never following a symbolic
   link (O_NOFOLLOW on each), where openat2 is missing.  */
static int
open_beneath_by_steps (int dirfd, const char *rel)
{
  int fd = fcntl (dirfd, F_DUPFD_CLOEXEC, 0);
  const char *p = rel;

  while (fd >= 0 && *p)
    {
      const char *slash = strchr (p, '/');
      size_t n = slash ? (size_t) (slash - p) : strlen (p);
      char *name = strndup (p, n);
      int next = -1;

      if (!name)
        errno = ENOMEM;
      else if (strcmp (name, "..") == 0)
        errno = EXDEV;
      else
        next = openat (fd, name, PASS_FLAGS);
      int err = errno;
      free (name);
      close (fd);
      fd = next;
      errno = err;
      p += n;
      while (*p == '/')
        p++;
    }
  return fd;
}

/* Open REL below DIRFD (DIRFD itself, again, when REL is empty) as a
   place (PASS_FLAGS), without leaving it and without following any
   symbolic link (openat2 RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS, Linux
   5.6; name by name with O_NOFOLLOW before, and where REL is PATH_MAX or
   longer, which openat2 refuses: about 2,000 levels down).  */
static int
open_beneath (int dirfd, const char *rel)
{
  if (!*rel)
    return fcntl (dirfd, F_DUPFD_CLOEXEC, 0);
#if defined __linux__ && defined SYS_openat2
  struct open_how how = {
    .flags = PASS_FLAGS,
    .resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS
  };
  int fd = syscall (SYS_openat2, dirfd, rel, &how, sizeof how);
  if (fd >= 0 || (errno != ENOSYS && errno != EPERM && errno != E2BIG
                  && errno != ENAMETOOLONG))
    return fd;
#endif
  return open_beneath_by_steps (dirfd, rel);
}

/* Whether FD is the directory DEV/INO, DEV sent as dev_to_send made it
   for a walk whose root's device is ROOT_DEV; sets errno (ESTALE) when
   not.  A device other than the root's is not checked (see
   fts-mpi-task.c, before dev_to_send).  */
static bool
is_expected (struct libfts_mpi *m, int fd, uint64_t dev, uint64_t ino,
             uint64_t root_dev)
{
  struct stat st;

  if (fstat (fd, &st) != 0)
    return false;
  uint64_t here = __atomic_load_n (&m->root_dev_here, __ATOMIC_RELAXED);
  if (st.st_ino == ino
      && (dev == root_dev ? st.st_dev == here : st.st_dev != here))
    return true;
  errno = ESTALE;
  return false;
}

static int open_root (struct libfts_mpi *m, const struct task *t);

int
mpiw__reach_parent (struct libfts_mpi *m, const struct task *t)
{
  pthread_mutex_lock (&m->lock);
  int root_fd = m->root_fd >= 0 ? m->root_fd : open_root (m, t);
  pthread_mutex_unlock (&m->lock);
  if (root_fd < 0)
    return -1;
  const char *slash = strrchr (t->rel, '/');
  char *parent = strndup (t->rel, slash ? (size_t) (slash - t->rel) : 0);
  if (!parent)
    return -1;
  /* The root's descriptor was checked when it was opened, and names
     the same directory since: a task just below it needs no fstat (one
     request to the server less for each).  */
  bool root = !*parent && t->dev == t->root_dev && t->ino == t->root_ino;
  int fd = open_beneath (root_fd, parent);
  free (parent);
  if (fd >= 0 && !root && !is_expected (m, fd, t->dev, t->ino, t->root_dev))
    {
      int err = errno;
      close (fd);
      errno = err;
      fd = -1;
    }
  return fd;
}

/* Open the root of M's walk by its path, as M's first task T of the walk
   on this rank needs it, and check it against what rank 0 saw: M's
   root_fd, or -1 with errno.  Under M's lock.  */
static int
open_root (struct libfts_mpi *m, const struct task *t)
{
  int follow = m->options & LIBFTS_WALK_COMFOLLOW;
  int fd = open (m->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC
                 | (follow ? 0 : O_NOFOLLOW));
  struct stat st;

  if (fd < 0)
    return -1;
  if (fstat (fd, &st) != 0)
    {
      int err = errno;
      close (fd);
      errno = err;
      return -1;
    }
  __atomic_store_n (&m->root_dev_here, st.st_dev, __ATOMIC_RELAXED);
  if (!is_expected (m, fd, t->root_dev, t->root_ino, t->root_dev))
    {
      int err = errno;
      close (fd);
      errno = err;
      return -1;
    }
  m->root_fd = fd;
  return fd;
}

void
mpiw__close_root (struct libfts_mpi *m)
{
  if (m->root_fd >= 0)
    close (m->root_fd);
  m->root_fd = -1;
}

/* fts-fd.c: directory descriptors, a bounded number of them.

   The directories on the path from a root to the current entry are open
   only while they are among the FTS__FD_BUDGET deepest; the others are
   closed and reopened when the walk climbs back to them, through ".."
   from the child (O(1) per level) or, when ".." cannot be trusted, by name
   from the nearest open ancestor.  Every reopened directory is checked
   against the dev/ino recorded on the way down, so a tree changed under
   the walk makes it stop rather than continue somewhere else.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static FTSENT **
ring_slot (struct fts__fd_ring *r, unsigned k)
{
  return &r->ent[(r->first + k) % FTS__FD_RING_SIZE];
}

static void
ring_push (struct fts__fd_ring *r, FTSENT *p)
{
  *ring_slot (r, r->count++) = p;
  fts__priv (p)->flags |= FTS__E_INRING;
}

/* Take P out of the ring, wherever it is (almost always the deepest).  */
static void
ring_remove (struct fts__fd_ring *r, FTSENT *p)
{
  unsigned k = r->count;
  while (k-- > 0)
    if (*ring_slot (r, k) == p)
      {
        for (; k + 1 < r->count; k++)
          *ring_slot (r, k) = *ring_slot (r, k + 1);
        r->count--;
        fts__priv (p)->flags &= ~FTS__E_INRING;
        return;
      }
}

/* Close the shallowest open directory unless its descriptor is KEEP.
   Returns false when there is nothing that may be closed.  */
static bool
evict_shallowest (struct fts__stream *s, int keep)
{
  struct fts__fd_ring *r = &s->ring;
  if (r->count == 0)
    return false;
  FTSENT *p = *ring_slot (r, 0);
  struct fts__ent *e = fts__priv (p);
  if (e->fd == keep)
    return false;
  r->first = (r->first + 1) % FTS__FD_RING_SIZE;
  r->count--;
  e->flags &= ~(FTS__E_INRING | FTS__E_READ);
  close (e->fd);
  e->fd = -1;
  return true;
}

/* openat (DIRFD, NAME) as a directory, following a final symlink only if
   FOLLOW; when the process is out of descriptors, close the shallowest of
   ours (never DIRFD) and try again.  Returns the descriptor, or -1 with
   errno.  */
static int
open_dir_at (struct fts__stream *s, int dirfd, const char *name, bool follow)
{
  int flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOCTTY
              | (follow ? 0 : O_NOFOLLOW);
  if (s->ring.count >= FTS__FD_BUDGET)
    evict_shallowest (s, dirfd);
  for (;;)
    {
      int fd = openat (dirfd, name, flags);
      if (fd >= 0)
        {
          s->stats.dir_opens++;
          return fd;
        }
      if ((errno != EMFILE && errno != ENFILE)
          || !evict_shallowest (s, dirfd))
        return -1;
    }
}

/* Whether FD is the directory P was when it was stat'ed.  If not, FD is
   closed and errno is ENOENT: the directory P named is gone from where it
   was (BSD's fts_safe_changedir reports it so).  */
static bool
is_same_dir (struct fts__stream *s, int fd, const FTSENT *p)
{
  struct stat st;
  s->stats.stat_calls++;
  int err = fstat (fd, &st) != 0 ? errno
            : st.st_dev != p->fts_dev || st.st_ino != p->fts_ino ? ENOENT
            : 0;
  if (!err)
    return true;
  close (fd);
  errno = err;
  return false;
}

/* Open P by its name relative to its parent's descriptor PARENT_FD, check
   it and record it in the ring.  Returns the descriptor or -1 with errno.  */
static int
open_by_name (struct fts__stream *s, FTSENT *p, int parent_fd)
{
  struct fts__ent *e = fts__priv (p);
  const char *arg = fts__root_arg (p);
  const char *name = arg ? arg : p->fts_name;
  int fd = open_dir_at (s, parent_fd, name, e->flags & FTS__E_FOLLOWED);
  if (fd < 0 || !is_same_dir (s, fd, p))
    return -1;
  e->fd = fd;
  ring_push (&s->ring, p);
  return fd;
}

/* Open directory P, the entry fts_read returned as FTS_D, to read it.  Its
   parent is open (fts_read keeps the parent of the current entry open).
   Returns P's descriptor, owned by the stream, or -1 with errno: that of
   openat, or ENOENT when what P names is no longer the directory that was
   stat'ed.  */
int
fts__open_dir (struct fts__stream *s, FTSENT *p)
{
  struct fts__ent *e = fts__priv (p);
  if (e->fd >= 0)
    return e->fd;
  int parent_fd = fts__dir_fd (s, p->fts_parent);
  if (parent_fd == -1)
    return -1;
  return open_by_name (s, p, parent_fd);
}

/* Open P, a child of the directory just read whose d_type says it is a
   directory, before it is stat'ed: fstat the new descriptor into P's stat
   buffer (fts_statp).  Returns the descriptor, recorded in P and the ring, or -1 with
   errno (P's stat buffer is then unspecified).  */
int
fts__open_child_dir (struct fts__stream *s, FTSENT *p)
{
  struct fts__ent *e = fts__priv (p);
  int parent_fd = fts__dir_fd (s, p->fts_parent);
  if (parent_fd == -1)
    return -1;
  int fd = open_dir_at (s, parent_fd, p->fts_name, false);
  if (fd < 0)
    return -1;
  s->stats.stat_calls++;
  if (fstat (fd, p->fts_statp) != 0)
    {
      int err = errno;
      close (fd);
      errno = err;
      return -1;
    }
  e->fd = fd;
  ring_push (&s->ring, p);
  return fd;
}

/* Reopen the closed directory P by name from its nearest open ancestor
   (or the base of the roots), reopening each directory in between.  Used
   when ".." cannot lead to P.  Returns P's descriptor or -1 with errno.  */
static int
reopen_from_above (struct fts__stream *s, FTSENT *p)
{
  size_t n = 0;
  for (FTSENT *q = p; q->fts_level >= FTS_ROOTLEVEL && fts__priv (q)->fd < 0;
       q = q->fts_parent)
    n++;
  FTSENT **down = malloc (n * sizeof *down);
  if (!down)
    return -1;
  FTSENT *q = p;
  for (size_t i = n; i-- > 0; q = q->fts_parent)
    down[i] = q;

  int fd = fts__dir_fd (s, q);
  for (size_t i = 0; i < n && fd != -1; i++)
    {
      fd = open_by_name (s, down[i], fd);
      if (fd >= 0)
        s->stats.dir_reopens++;
    }
  int e = errno;
  free (down);
  errno = e;
  return fd;
}

/* Descriptor of directory P, or S's base for the parent of the roots:
   AT_FDCWD, or fts_rfd when the walk changes directories.  Reopens P if it
   was closed.  Returns -1 with errno on failure (never AT_FDCWD's value
   by accident: AT_FDCWD is -100).  */
int
fts__dir_fd (struct fts__stream *s, FTSENT *p)
{
  if (p->fts_level < FTS_ROOTLEVEL)
    return s->base_fd;
  int fd = fts__priv (p)->fd;
  return fd >= 0 ? fd : reopen_from_above (s, p);
}

/* Whether directory SELF, which the walk reached by NAME in its parent
   PARENT, is still there: when SELF is open on FD (>= 0), whether its
   ".." is still PARENT (as gnulib's fts checks an ascent); else whether
   PARENT, open on PARENT_FD, still holds NAME as SELF.  One fstatat.  If
   not, errno is ENOENT, as when a reopened directory fails its check
   (SELF was moved), or fstatat's.  Shared by fts_read's walk and the
   parallel one (fts-walk-fd.c).  */
bool
fts__still_below (int fd, struct fts__id parent, int parent_fd,
                  const char *name, struct fts__id self)
{
  struct fts__id want = fd >= 0 ? parent : self;
  struct stat st;
  int r = fd >= 0 ? fstatat (fd, "..", &st, 0)
          : fstatat (parent_fd, name, &st, AT_SYMLINK_NOFOLLOW);
  if (r != 0)
    return false;
  if (st.st_dev == want.dev && st.st_ino == want.ino)
    return true;
  errno = ENOENT;
  return false;
}

static struct fts__id
id_of (const FTSENT *p)
{
  return (struct fts__id) { p->fts_dev, p->fts_ino };
}

/* Whether CHILD's parent P, open, is still the directory CHILD's ".."
   leads to, that is whether CHILD is still where the path says (see
   fts__still_below).  */
static bool
parent_still_holds (struct fts__stream *s, FTSENT *child)
{
  const FTSENT *p = child->fts_parent;
  s->stats.stat_calls++;
  return fts__still_below (fts__priv (child)->fd, id_of (p), fts__priv (p)->fd,
                           child->fts_name, id_of (child));
}

/* Make sure CHILD's parent is open, CHILD being the directory the walk is
   leaving, and with CHECK that CHILD is still in it.  A closed parent is
   reopened through ".." (one openat, one fstat), which checks it on the
   way; an open one is checked with parent_still_holds.  When ".." leads
   elsewhere and no check was asked for, or CHILD was reached through a
   symlink (its ".." is not the parent the walk came from), the parent is
   reopened by name from above.  Returns 0, or -1 with errno (ENOENT when
   CHILD has been moved: the walk cannot go on from where the path says it
   is, and gnulib's and glibc's fts stop there too).  */
int
fts__reopen_parent (struct fts__stream *s, FTSENT *child, bool check)
{
  FTSENT *p = child->fts_parent;
  struct fts__ent *ce = fts__priv (child);
  if (p->fts_level < FTS_ROOTLEVEL)
    return 0;
  check = check && !(ce->flags & FTS__E_FOLLOWED);
  if (fts__priv (p)->fd >= 0)
    return !check || parent_still_holds (s, child) ? 0 : -1;
  if (ce->fd >= 0)
    {
      int fd = open_dir_at (s, ce->fd, "..", false);
      if (fd >= 0 && is_same_dir (s, fd, p))
        {
          fts__priv (p)->fd = fd;
          ring_push (&s->ring, p);
          s->stats.dir_reopens++;
          return 0;
        }
      if (check)
        return -1;
    }
  if (reopen_from_above (s, p) < 0)
    return -1;
  return !check || parent_still_holds (s, child) ? 0 : -1;
}

/* Close directory P's descriptor, if open.  */
void
fts__close_dir (struct fts__stream *s, FTSENT *p)
{
  struct fts__ent *e = fts__priv (p);
  if (e->fd < 0)
    return;
  if (e->flags & FTS__E_INRING)
    ring_remove (&s->ring, p);
  close (e->fd);
  e->fd = -1;
  e->flags &= ~FTS__E_READ;
}

/* Close every descriptor in the ring (fts_close).  */
void
fts__close_all (struct fts__stream *s)
{
  while (s->ring.count)
    fts__close_dir (s, *ring_slot (&s->ring, s->ring.count - 1));
}

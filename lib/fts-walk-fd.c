/* fts-walk-fd.c: the parallel walk's directory descriptors, a bounded
   number of them shared by all threads.

   A directory's descriptor is pinned while a thread uses it (to read the
   directory, to open or act on its entries); unpinned, it stays open in
   LRU order so that the tasks of its subdirectories find it, until the
   budget needs its slot.  A directory whose descriptor was closed is
   reopened from below through ".." or from its nearest open ancestor,
   with openat2 (RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS) or, where the
   kernel lacks it, one O_NOFOLLOW step at a time; either way the result
   is checked against the device and inode recorded when the directory
   was first opened, so that a tree changed under the walk makes it fail
   rather than go on elsewhere.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-walk-int.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
# include <linux/openat2.h>
#endif

enum { DIR_FLAGS = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOCTTY };

/* The descriptors a new walk may have: what RLIMIT_NOFILE leaves after
   FTS__WALK_FD_RESERVE descriptors, halved (the process has others
   open); UINT_MAX without a limit.  */
unsigned
fts__wfd_room (void)
{
  struct rlimit rl;
  if (getrlimit (RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
    return UINT_MAX;
  rlim_t room = rl.rlim_cur > FTS__WALK_FD_RESERVE
                ? (rl.rlim_cur - FTS__WALK_FD_RESERVE) / 2 : 0;
  return room < UINT_MAX ? (unsigned) room : UINT_MAX;
}

/* The budget for a new walk that wants WANT descriptors
   (FTS__WALK_FD_BUDGET, or more for many requests in flight) where ROOM
   are to be had (fts__wfd_room): the less of the two, but never under 4:
   with 4 the walk still completes, one or two threads at a time.  */
unsigned
fts__wfd_budget (unsigned want, unsigned room)
{
  unsigned budget = want < room ? want : room;
  return budget < 4 ? 4 : budget;
}

/* Let C hold up to BUDGET descriptors from now on (never fewer than it
   has): the walk found requests waiting on a server and starts more
   threads, each with its pins.  */
void
fts__wfd_raise (struct fts__wfd *c, unsigned budget)
{
  pthread_mutex_lock (&c->lock);
  if (c->budget < budget)
    c->budget = budget;
  pthread_mutex_unlock (&c->lock);
}

void
fts__wfd_init (struct fts__wfd *c, unsigned budget)
{
  memset (c, 0, sizeof *c);
  fts__mutex_init (&c->lock);
  c->lru.lru_next = c->lru.lru_prev = &c->lru;
  c->budget = budget;
}

void
fts__wfd_destroy (struct fts__wfd *c)
{
  pthread_mutex_destroy (&c->lock);
}

/* ---- the LRU of open, unpinned descriptors (lock held) ------------------- */

static void
lru_unlink (struct fts__wnode *n)
{
  n->lru_prev->lru_next = n->lru_next;
  n->lru_next->lru_prev = n->lru_prev;
  n->lru_next = n->lru_prev = NULL;
}

static void
lru_append (struct fts__wfd *c, struct fts__wnode *n)
{
  n->lru_prev = c->lru.lru_prev;
  n->lru_next = &c->lru;
  c->lru.lru_prev->lru_next = n;
  c->lru.lru_prev = n;
}

/* Close the least recently used unpinned descriptor and return its
   number, to be closed by the caller outside the lock; -1 when every open
   descriptor is pinned.  */
static int
evict_one (struct fts__wfd *c)
{
  struct fts__wnode *n = c->lru.lru_next;
  if (n == &c->lru)
    return -1;
  lru_unlink (n);
  int fd = n->fd;
  n->fd = -1;
  c->open--;
  return fd;
}

/* ---- slots ------------------------------------------------------------------ */

/* Take a slot of the budget, making room by closing the least recently
   used unpinned descriptor when the budget is spent.  Pinned descriptors
   are bounded by FTS__WALK_PINS_PER_THREAD per thread, which the thread
   count respects, so the budget may be exceeded only by those.  */
static void
take_slot (struct fts__wfd *c)
{
  int victim = -1;
  pthread_mutex_lock (&c->lock);
  if (c->open >= c->budget)
    victim = evict_one (c);
  c->open++;
  pthread_mutex_unlock (&c->lock);
  if (victim >= 0)
    close (victim);
}

static void
give_slot (struct fts__wfd *c)
{
  pthread_mutex_lock (&c->lock);
  c->open--;
  pthread_mutex_unlock (&c->lock);
}

/* When the process is out of descriptors, close one of ours that is not
   pinned.  Returns false when there is none.  */
static bool
relieve (struct fts__wfd *c)
{
  pthread_mutex_lock (&c->lock);
  int victim = evict_one (c);
  pthread_mutex_unlock (&c->lock);
  if (victim < 0)
    return false;
  close (victim);
  return true;
}

/* Whether some of the walk's descriptors are open beyond the one the
   calling thread is asking for: another thread may give one back.  */
static bool
others_hold (struct fts__wfd *c)
{
  pthread_mutex_lock (&c->lock);
  bool some = c->open > 1;
  pthread_mutex_unlock (&c->lock);
  return some;
}

/* How long a thread waits, in all, for another to give back a descriptor
   when the process has none left and all of the walk's are in use: other
   threads hold theirs for a system call or two, so a short wait usually
   ends it; past it, the caller gets EMFILE (FTS_DNR).  */
enum { EMFILE_WAIT_NSEC = 1000000, EMFILE_WAIT_TRIES = 1000 };

/* openat (DIRFD, NAME, FLAGS), retried after closing one of ours while the
   process is out of descriptors, or, when none of ours can be closed but
   other threads hold some, after a moment.  */
static int
open_retrying (struct fts__wfd *c, int dirfd, const char *name, int flags)
{
  for (int tries = 0;;)
    {
      int fd = openat (dirfd, name, flags);
      if (fd >= 0 || (errno != EMFILE && errno != ENFILE))
        return fd;
      if (relieve (c))
        continue;
      if (c->threads < 2 || ++tries > EMFILE_WAIT_TRIES || !others_hold (c))
        {
          errno = EMFILE;
          return -1;
        }
      struct timespec ts = { 0, EMFILE_WAIT_NSEC };
      nanosleep (&ts, NULL);
    }
}

/* Whether FD is the directory N was when first opened; if not, errno is
   ENOENT (what N names is gone from where it was) or fstat's.  */
static bool
is_node (struct fts__wfd *c, int fd, const struct fts__wnode *n)
{
  struct stat st;
  __atomic_fetch_add (&c->stats, 1, __ATOMIC_RELAXED);
  if (fstat (fd, &st) != 0)
    return false;
  if (st.st_dev == n->dev && st.st_ino == n->ino)
    return true;
  errno = ENOENT;
  return false;
}

/* ---- opening ---------------------------------------------------------------- */

/* Pin N's descriptor, open (lock held).  */
static void
pin_locked (struct fts__wnode *n)
{
  if (n->pins++ == 0 && n->lru_next)
    lru_unlink (n);
}

/* Take N's descriptor off its record (lock held), dropping its pins:
   returns it, to be closed by the caller outside the lock, or -1.  */
static int
detach (struct fts__wfd *c, struct fts__wnode *n)
{
  int fd = n->fd;
  if (fd >= 0)
    {
      if (n->lru_next)
        lru_unlink (n);
      n->fd = -1;
      c->open--;
    }
  n->pins = 0;
  return fd;
}

/* Record FD, just opened, as N's open, pinned descriptor, in a slot of
   the budget: the one taken before the open (HAS_SLOT), else one taken
   now, closing the least recently used unpinned descriptor when the
   budget is spent.  Another thread may have reopened N meanwhile: then
   FD is closed and theirs pinned.  Returns the descriptor pinned.  */
static int
install (struct fts__wfd *c, struct fts__wnode *n, int fd, bool has_slot)
{
  int victim = -1;
  pthread_mutex_lock (&c->lock);
  int theirs = n->fd;
  if (theirs >= 0)
    {
      pin_locked (n);
      if (has_slot)
        c->open--;
    }
  else
    {
      if (!has_slot)
        {
          if (c->open >= c->budget)
            victim = evict_one (c);
          c->open++;
        }
      n->fd = fd;
      n->pins = 1;
    }
  pthread_mutex_unlock (&c->lock);
  if (victim >= 0)
    close (victim);
  if (theirs < 0)
    return fd;
  close (fd);
  return theirs;
}

/* Open N, whose descriptor is closed, by its name relative to DIRFD (its
   parent's), O_NOFOLLOW unless FOLLOW, and pin it.  Nothing is checked:
   the caller fstats the result to learn or check N's identity.  The slot
   is taken once the descriptor is open, with the pin, under one lock: so
   the calling thread holds one descriptor more than the budget allows
   for a moment, within the pins it may hold (FTS__WALK_PINS_PER_THREAD).
   Returns the descriptor or -1 with errno.  */
int
fts__wfd_open (struct fts__wfd *c, struct fts__wnode *n, int dirfd,
               bool follow)
{
  int fd = open_retrying (c, dirfd, n->name,
                          DIR_FLAGS | (follow ? 0 : O_NOFOLLOW));
  if (fd < 0)
    return -1;
  __atomic_fetch_add (&c->opens, 1, __ATOMIC_RELAXED);
  return install (c, n, fd, false);
}

/* Close N's descriptor for good (N is finished).  N must not be pinned by
   anyone else; a pin of the caller's is dropped.  */
void
fts__wfd_close (struct fts__wfd *c, struct fts__wnode *n)
{
  pthread_mutex_lock (&c->lock);
  int fd = detach (c, n);
  pthread_mutex_unlock (&c->lock);
  if (fd >= 0)
    close (fd);
}

/* Drop a pin on N's descriptor; unpinned, it joins the LRU.  */
void
fts__wfd_unpin (struct fts__wfd *c, struct fts__wnode *n)
{
  if (n->level < FTS_ROOTLEVEL)
    return;
  pthread_mutex_lock (&c->lock);
  if (--n->pins == 0 && n->fd >= 0)
    lru_append (c, n);
  pthread_mutex_unlock (&c->lock);
}

/* Pin N's descriptor if it is open.  Returns it, or -1 when closed.  */
static int
try_pin (struct fts__wfd *c, struct fts__wnode *n)
{
  pthread_mutex_lock (&c->lock);
  int fd = n->fd;
  if (fd >= 0)
    pin_locked (n);
  pthread_mutex_unlock (&c->lock);
  return fd;
}

/* ---- reopening ---------------------------------------------------------------- */

/* Open N below its ancestor A (open on AFD) in one call, refusing symlinks
   and anything outside A.  Returns the descriptor or -1 with errno
   (ENOSYS where the kernel has no openat2).  */
static int
open_beneath (struct fts__wfd *c, int afd, const struct fts__wnode *a,
              const struct fts__wnode *n)
{
#if defined __linux__ && defined SYS_openat2
  char *rel = fts__wnode_path_below (a, n);
  if (!rel)
    return -1;
  struct open_how how = {
    .flags = DIR_FLAGS,
    .resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS,
  };
  int fd;
  do
    fd = syscall (SYS_openat2, afd, rel, &how, sizeof how);
  while (fd < 0 && (errno == EAGAIN || errno == EINTR
                    || ((errno == EMFILE || errno == ENFILE) && relieve (c))));
  int err = errno;
  free (rel);
  errno = err;
  return fd;
#else
  (void) c, (void) afd, (void) a, (void) n;
  errno = ENOSYS;
  return -1;
#endif
}

/* Open N below its ancestor A (open on AFD) one directory at a time, each
   opened O_NOFOLLOW relative to the one above and checked.  Returns the
   descriptor or -1 with errno.  */
static int
open_stepwise (struct fts__wfd *c, int afd, const struct fts__wnode *a,
               const struct fts__wnode *n)
{
  size_t depth = 0;
  for (const struct fts__wnode *q = n; q != a; q = q->parent)
    depth++;
  const struct fts__wnode **down = malloc (depth * sizeof *down);
  if (!down)
    return -1;
  size_t i = depth;
  for (const struct fts__wnode *q = n; q != a; q = q->parent)
    down[--i] = q;

  int fd = afd;
  for (i = 0; i < depth && fd != -1; i++)
    {
      int next = open_retrying (c, fd, down[i]->name, DIR_FLAGS | O_NOFOLLOW);
      int err = errno;
      if (fd != afd)
        close (fd);
      if (next >= 0 && !is_node (c, next, down[i]))
        {
          err = errno;
          close (next);
          next = -1;
        }
      fd = next;
      errno = err;
    }
  int err = errno;
  free (down);
  errno = err;
  return fd;
}

/* Open root N, closed, by the path given, as fts_read reopens a root.  */
static int
open_root (struct fts__wfd *c, struct fts__wnode *n)
{
  return open_retrying (c, AT_FDCWD, n->name,
                        DIR_FLAGS | (n->followed ? 0 : O_NOFOLLOW));
}

static int reopen_from_above (struct fts__wfd *c, struct fts__wnode *n);

/* The nearest ancestor of N whose descriptor is open, pinned, in *A; when
   none is, N's root, reopened.  Returns the ancestor's descriptor, or -1
   with errno when the root cannot be reopened.  */
static int
pin_open_ancestor (struct fts__wfd *c, struct fts__wnode *n,
                   struct fts__wnode **a)
{
  struct fts__wnode *q = n->parent;
  for (; q->level >= FTS_ROOTLEVEL; q = q->parent)
    {
      int fd = try_pin (c, q);
      if (fd >= 0)
        {
          *a = q;
          return fd;
        }
    }
  struct fts__wnode *root = n;
  while (root->level > FTS_ROOTLEVEL)
    root = root->parent;
  *a = root;
  return reopen_from_above (c, root);
}

/* Reopen N, closed, from its nearest open ancestor (a root: by its path,
   relative to the working directory), check it and pin it.  Returns the
   descriptor or -1 with errno.  */
static int
reopen_from_above (struct fts__wfd *c, struct fts__wnode *n)
{
  struct fts__wnode *a = NULL;
  int afd = -1;
  if (n->level > FTS_ROOTLEVEL)
    {
      afd = pin_open_ancestor (c, n, &a);
      if (afd < 0)
        return -1;
    }

  take_slot (c);
  int fd;
  if (!a)
    fd = open_root (c, n);
  else
    {
      fd = open_beneath (c, afd, a, n);
      if (fd < 0 && (errno == ENOSYS || errno == EPERM || errno == E2BIG
                     || errno == ENAMETOOLONG || errno == EXDEV))
        fd = open_stepwise (c, afd, a, n);
    }
  int err = errno;
  if (a)
    fts__wfd_unpin (c, a);
  if (fd >= 0 && !is_node (c, fd, n))
    {
      err = errno;
      close (fd);
      fd = -1;
    }
  if (fd < 0)
    {
      give_slot (c);
      errno = err;
      return -1;
    }
  __atomic_fetch_add (&c->opens, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add (&c->reopens, 1, __ATOMIC_RELAXED);
  return install (c, n, fd, true);
}

/* Pin N's descriptor, reopening N from above if it was closed.  Returns
   the descriptor (AT_FDCWD for the roots' parent) or -1 with errno.  */
int
fts__wfd_pin (struct fts__wfd *c, struct fts__wnode *n)
{
  if (n->level < FTS_ROOTLEVEL)
    return AT_FDCWD;
  int fd = try_pin (c, n);
  return fd >= 0 ? fd : reopen_from_above (c, n);
}

/* Whether N, finished, is still where the walk came to it from its
   parent P (open on PFD): whether N's ".." is P, through N's descriptor
   when it is open (as gnulib's fts checks an ascent), else whether P
   still holds N under its name.  If not, errno is ENOENT (N was moved) or
   fstatat's.  */
static bool
still_below (struct fts__wfd *c, struct fts__wnode *n, int pfd)
{
  struct fts__id parent = { n->parent->dev, n->parent->ino };
  struct fts__id self = { n->dev, n->ino };
  int nfd = try_pin (c, n);
  __atomic_fetch_add (&c->stats, 1, __ATOMIC_RELAXED);
  bool ok = fts__still_below (nfd, parent, pfd, n->name, self);
  if (nfd >= 0)
    {
      int err = errno;
      fts__wfd_unpin (c, n);
      errno = err;
    }
  return ok;
}

/* Reopen P, N's parent, closed, through N's "..", which is O(1) however
   deep the tree, and check it.  Returns P's pinned descriptor, or -1 with
   errno: ENOENT when ".." leads elsewhere (N was moved), -1 with errno 0
   when N's descriptor is closed too.  */
static int
reopen_through_dotdot (struct fts__wfd *c, struct fts__wnode *n)
{
  struct fts__wnode *p = n->parent;
  int nfd = n->followed ? -1 : try_pin (c, n);
  if (nfd < 0)
    {
      errno = 0;
      return -1;
    }
  take_slot (c);
  int fd = open_retrying (c, nfd, "..", DIR_FLAGS | O_NOFOLLOW);
  fts__wfd_unpin (c, n);
  if (fd >= 0 && is_node (c, fd, p))
    {
      __atomic_fetch_add (&c->opens, 1, __ATOMIC_RELAXED);
      __atomic_fetch_add (&c->reopens, 1, __ATOMIC_RELAXED);
      return install (c, p, fd, true);
    }
  int err = errno;
  if (fd >= 0)
    close (fd);
  give_slot (c);
  errno = err;
  return -1;
}

/* Pin the descriptor of N's parent P, N being finished, and with CHECK
   make sure N is still in P (still_below) as gnulib's fts checks an
   ascent.  When P's descriptor was closed, reopen it through N's ".."
   (a check in itself); when ".." leads elsewhere and there is no CHECK,
   reopen P from above.  Returns the descriptor or -1 with errno (ENOENT:
   N was moved, the walk cannot go on from where its path says).  */
int
fts__wfd_pin_parent (struct fts__wfd *c, struct fts__wnode *n, bool check)
{
  struct fts__wnode *p = n->parent;
  if (p->level < FTS_ROOTLEVEL)
    return AT_FDCWD;
  int fd = try_pin (c, p);
  bool checked = false;
  if (fd < 0)
    {
      fd = reopen_through_dotdot (c, n);
      checked = fd >= 0;
      if (fd < 0 && check && errno != 0)
        return -1;
    }
  if (fd < 0)
    fd = reopen_from_above (c, p);
  if (fd < 0 || !check || checked || still_below (c, n, fd))
    return fd;
  int err = errno;
  fts__wfd_unpin (c, p);
  errno = err;
  return -1;
}

/* N is finished: close its descriptor and pin its parent's, unless the
   caller holds it pinned (PFD; -1 when it does not), with CHECK making
   sure that N is still in its parent (as fts__wfd_pin_parent).  When the
   parent's descriptor is open and there is nothing to check, that is one
   lock.  Returns the parent's pinned descriptor, or -1 with errno and no
   pin (the caller's dropped).  */
int
fts__wfd_ascend (struct fts__wfd *c, struct fts__wnode *n, bool check,
                 int pfd)
{
  struct fts__wnode *p = n->parent;
  if (pfd == -1 && !check && p->level >= FTS_ROOTLEVEL)
    {
      int nfd = -1;
      pthread_mutex_lock (&c->lock);
      pfd = p->fd;
      if (pfd >= 0)
        {
          pin_locked (p);
          nfd = detach (c, n);
        }
      pthread_mutex_unlock (&c->lock);
      if (pfd >= 0)
        {
          if (nfd >= 0)
            close (nfd);
          return pfd;
        }
    }
  if (pfd == -1)
    pfd = fts__wfd_pin_parent (c, n, check);
  else if (check && !still_below (c, n, pfd))
    {
      int err = errno;
      fts__wfd_unpin (c, p);
      errno = err;
      pfd = -1;
    }
  int err = errno;
  fts__wfd_close (c, n);
  errno = err;
  return pfd;
}

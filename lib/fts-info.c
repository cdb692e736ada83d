/* fts-info.c: what fts_read, fts_children and libfts_stat say an entry
   is (its fts_info): its stat relative to its parent's descriptor,
   following symbolic links no further than the kernel would (the stat
   itself is fts-stat.c's rule, every walk's); none under FTS_NOSTAT
   where d_type answers, or the fstat of the descriptor fts_read opens
   anyway; and FTS_DC for a directory that is one of its ancestors.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
/* Whether directory P, just stat'ed as ST, may be one of its own
   ancestors.  On a logical walk any may: a symbolic link leads anywhere.
   On a physical one, directories have no hard links (on a sound file
   system), so a path that comes back to a directory crosses the root of
   a mount below it, as a directory bind-mounted inside itself does: P
   may repeat an ancestor only if P or one of its ancestors below its
   root is such a root (FTS__E_MOUNTED).  A mount's root shows another
   inode than the one its parent's getdents gave (the covered
   directory's, in fts_ino until now), or another device than its
   parent's.  The other directories cost no lookup and no room in the
   cycle set: a 100,000-level tree saves 2 MiB.  */
static bool
may_repeat (const struct fts__stream *s, FTSENT *p, const struct stat *st)
{
  if (fts__isset (s, FTS_LOGICAL))
    return true;
  if (p->fts_level <= FTS_ROOTLEVEL)
    return false;
  struct fts__ent *e = fts__priv (p);
  const FTSENT *parent = p->fts_parent;
  if ((fts__priv (parent)->flags & FTS__E_MOUNTED)
      || st->st_ino != p->fts_ino || st->st_dev != parent->fts_dev)
    e->flags |= FTS__E_MOUNTED;
  return e->flags & FTS__E_MOUNTED;
}

/* The ancestor of directory P that is (DEV, INO), or null.  When a cycle
   may run through P (REPEATS: see may_repeat), looked up in the cycle set
   if P's parent is in it, and then so are all of P's ancestors (see
   enter_cycle_set); else, only at the first root of a mount on the path,
   compared with each.  When not, only the watched ancestor is compared
   (see watch).  */
static FTSENT *
find_ancestor (const struct fts__stream *s, const FTSENT *p, bool repeats,
               dev_t dev, ino_t ino)
{
  if (fts__lazy_cycle_check (s))
    return NULL;
  if (!repeats)
    {
      FTSENT *w = s->watched;
      return w && w != p && w->fts_dev == dev && w->fts_ino == ino ? w : NULL;
    }
  if (fts__priv (p->fts_parent)->flags & FTS__E_ACTIVE)
    return fts__cycle_find (&s->cycle, dev, ino);
  for (FTSENT *a = p->fts_parent; a->fts_level >= FTS_ROOTLEVEL;
       a = a->fts_parent)
    if (a->fts_dev == dev && a->fts_ino == ino)
      return a;
  return NULL;
}

/* fts_info for P, whose stat in its stat buffer succeeded.  */
static int
classify (struct fts__stream *s, FTSENT *p)
{
  const struct stat *st = p->fts_statp;
  bool repeats = S_ISDIR (st->st_mode) && may_repeat (s, p, st);
  p->fts_dev = st->st_dev;
  p->fts_ino = st->st_ino;
  p->fts_nlink = st->st_nlink;
  if (S_ISDIR (st->st_mode))
    {
      if (p->fts_level > FTS_ROOTLEVEL && fts__is_dot_or_dotdot (p->fts_name))
        return FTS_DOT;
      FTSENT *ancestor = find_ancestor (s, p, repeats, st->st_dev, st->st_ino);
      if (ancestor)
        {
          p->fts_cycle = ancestor;
          return FTS_DC;
        }
      return FTS_D;
    }
  return fts__info_of_mode (st->st_mode);
}

/* Linux follows at most this many symbolic links in the resolution of
   one path, nested or not (MAXSYMLINKS, fs/namei.c); the next fails with
   ELOOP.  Other fts (gnulib's, BSD's) stat each entry of a logical walk
   by its whole path, so that is where they stop: a chain of links to
   directories ends at the entry whose path holds one link too many.  */
enum { MAX_PATH_SYMLINKS = 40 };

/* P's stat failed with errno: FTS_NS, with fts_errno set and the stat
   buffer zeroed.  */
static int
stat_failed (FTSENT *p)
{
  p->fts_errno = errno;
  memset (p->fts_statp, 0, sizeof *p->fts_statp);
  return FTS_NS;
}

/* Whether P, NAME in DIRFD, whose stat followed a final symbolic link if
   there was one, was one: d_type says, or when getdents gave none (a
   root, some file systems) an lstat.  */
static bool
followed_a_link (struct fts__stream *s, FTSENT *p, int dirfd,
                 const char *name)
{
  unsigned char type = fts__priv (p)->d_type;
  if (type != DT_UNKNOWN)
    return type == DT_LNK;
  struct stat st;
  s->stats.stat_calls++;
  return fstatat (dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0
         && S_ISLNK (st.st_mode);
}

/* Count in P's links the symbolic link its stat followed, if any.  Only
   a directory's count matters (its children start from it), so only a
   directory may cost an lstat.  */
static void
count_followed_link (struct fts__stream *s, FTSENT *p, int dirfd,
                     const char *name)
{
  if (S_ISDIR (p->fts_statp->st_mode) && followed_a_link (s, p, dirfd, name))
    fts__priv (p)->links++;
}

/* Stat P, NAME in DIRFD, to be followed but reached through
   MAX_PATH_SYMLINKS links already: a symbolic link fails with ELOOP, as
   resolving P's path would; anything else is lstat'ed, which is what
   following means for it.  Returns P's fts_info, FTS_NS on failure.  */
static int
stat_at_link_limit (struct fts__stream *s, FTSENT *p, int dirfd,
                    const char *name)
{
  s->stats.stat_calls++;
  if (fstatat (dirfd, name, p->fts_statp, AT_SYMLINK_NOFOLLOW) == 0)
    {
      if (!S_ISLNK (p->fts_statp->st_mode))
        return classify (s, p);
      errno = ELOOP;
    }
  return stat_failed (p);
}

/* Symbolic links among the directories that lead to root P, relative to
   S's base ("a" and "a/b" of "a/b/c", or "a/b/c/" whole), which resolving
   P's path follows, at most MAX_PATH_SYMLINKS.  A lower bound, as the
   kernel also counts the links met in their contents.  Each leading
   directory is lstat'ed by cutting P's own copy of its path at a slash
   for the time of the call, so that nothing is allocated: no lack of
   memory can make the count wrong.  */
static unsigned char
root_leading_links (struct fts__stream *s, const FTSENT *p)
{
  /* The copy is P's (see make_root): writable, and no one else reads it
     while fts_read or libfts_stat runs.  */
  char *path = (char *) fts__root_arg (p);
  unsigned char n = 0;
  for (char *slash = path; n < MAX_PATH_SYMLINKS
       && (slash = strchr (slash, '/')); slash++)
    {
      struct stat st;
      if (slash == path || slash[-1] == '/')
        continue;
      *slash = '\0';
      s->stats.stat_calls++;
      if (fstatat (s->base_fd, path, &st, AT_SYMLINK_NOFOLLOW) == 0
          && S_ISLNK (st.st_mode))
        n++;
      *slash = '/';
    }
  return n;
}

/* Symbolic links followed on the way to P before P itself, when P's stat
   is to follow one: its parent's count, or for a root those in its
   path.  */
static unsigned char
links_before (struct fts__stream *s, const FTSENT *p, bool follow)
{
  if (fts__root_arg (p) && follow)
    return root_leading_links (s, p);
  return fts__priv (p->fts_parent)->links;
}

/* Stat P relative to its parent's descriptor (a root: relative to where
   the walk started), following a final symlink if FOLLOW, unless P's
   path then holds more links than the kernel would follow (ELOOP).
   Returns P's new fts_info and sets fts_errno: FTS_NS when the stat
   failed (the stat buffer is then zeroed), FTS_SLNONE for a followed
   symlink to nothing (see fts__stat_follow).  */
int
fts__stat_entry (struct fts__stream *s, FTSENT *p, bool follow)
{
  struct fts__ent *e = fts__priv (p);
  const char *arg = fts__root_arg (p);
  const char *name = arg ? arg : p->fts_name;
  p->fts_errno = 0;
  p->fts_cycle = NULL;
  e->flags &= ~FTS__E_FOLLOWED;
  e->links = links_before (s, p, follow);
  int dirfd = fts__dir_fd (s, p->fts_parent);
  if (dirfd == -1)
    return stat_failed (p);
  if (follow && e->links >= MAX_PATH_SYMLINKS)
    return stat_at_link_limit (s, p, dirfd, name);

  int info = fts__stat_follow (dirfd, name, follow, p->fts_statp,
                               &s->stats.stat_calls);
  if (info == FTS_NS)
    return stat_failed (p);
  if (info == FTS_SLNONE)
    {
      classify (s, p);
      return FTS_SLNONE;
    }
  if (follow)
    {
      e->flags |= FTS__E_FOLLOWED;
      count_followed_link (s, p, dirfd, name);
    }
  return classify (s, p);
}

/* FTS_NSOK for P, whose type TYPE (from d_type) is known: st_mode holds
   the type, st_ino the inode number getdents gave.  */
static int
nostat (FTSENT *p, unsigned char type)
{
  struct stat *st = p->fts_statp;
  memset (st, 0, sizeof *st);
  st->st_mode = DTTOIF (type);
  st->st_ino = p->fts_ino;
  return FTS_NSOK;
}

/* Whether child P needs no stat: FTS_NOSTAT on a physical walk (as in
   glibc) and d_type says it is not a directory; or, on a logical walk
   with FTS_NOSTAT_LOGICAL, not a directory nor a symbolic link (as in
   gnulib).  d_type is a hint: the caller that finds otherwise uses
   fts_set (FTS_AGAIN) or libfts_stat.  */
static bool
may_skip_stat (const struct fts__stream *s, unsigned char type)
{
  if (type == DT_UNKNOWN || type == DT_DIR)
    return false;
  if (fts__nostat_walk (s))
    return true;
  return (fts__isset (s, FTS_NOSTAT) && fts__isset (s, FTS_NOSTAT_LOGICAL)
          && fts__isset (s, FTS_LOGICAL) && type != DT_LNK);
}

/* Stat child P by opening it, when FTS_NOSTAT on a physical walk and
   d_type says it is a directory: the descriptor is one fts_read needs
   anyway to read P, and the fstat that checks it also answers for the
   stat, so a directory costs one system call less (this is what keeps rm
   under 1.5 calls per entry).  Not without FTS_NOSTAT: a caller that
   changes P's mode at FTS_D (chmod -R) must see the effect when P is
   opened afterwards.  Returns P's fts_info, or -1 when P cannot be opened
   (no read permission, or not a directory after all), for the caller to
   fall back on fstatat.  */
static int
open_child_dir (struct fts__stream *s, FTSENT *p)
{
  if (!fts__nostat_walk (s) || fts__priv (p)->d_type != DT_DIR)
    return -1;
  p->fts_errno = 0;
  p->fts_cycle = NULL;
  if (fts__open_child_dir (s, p) < 0)
    return -1;
  return classify (s, p);
}

/* Stat child P as the options say.  HANDING_OUT: P is about to be
   returned by fts_read, so opening it early is worthwhile (not when a whole
   list of children is built: that would open them all).  */
int
fts__stat_child (struct fts__stream *s, FTSENT *p, bool nameonly,
                 bool handing_out)
{
  unsigned char type = fts__priv (p)->d_type;
  if (nameonly || may_skip_stat (s, type))
    return nostat (p, type);
  int info = handing_out ? open_child_dir (s, p) : -1;
  return info >= 0 ? info
         : fts__stat_entry (s, p, fts__isset (s, FTS_LOGICAL));
}

/* Chdir mode: child P of a directory the working directory could not
   enter, ERR being why.  Its stat through that directory failed with ERR
   when it was read, and is taken to fail so still: FTS_NS with ERR, or
   FTS_NSOK where no stat is due.  A stat now could succeed, the caller
   having made the directory searchable since, and a directory P so
   found would be entered from a working directory that is not its
   parent's; glibc's and gnulib's fts likewise decide when they read the
   directory.  */
int
fts__unentered_child (struct fts__stream *s, FTSENT *p, int err)
{
  unsigned char type = fts__priv (p)->d_type;
  if (may_skip_stat (s, type))
    return nostat (p, type);
  p->fts_cycle = NULL;
  errno = err;
  return stat_failed (p);
}

int
fts__stat_root (struct fts__stream *s, FTSENT *p)
{
  fts__priv (p)->flags &= ~FTS__E_UNSTATED;
  int info = fts__stat_entry (s, p,
                              fts__isset (s, FTS_COMFOLLOW | FTS_LOGICAL));
  return info == FTS_DOT ? FTS_D : info;
}

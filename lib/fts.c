/* fts.c: the fts API.  fts_read is a state machine driven by the current
   entry's fts_info, as in BSD's fts, over descriptor-relative operations:
   a directory is opened relative to its parent's descriptor, read whole,
   optionally sorted by inode, and its entries are materialized and
   stat'ed one at a time as they are handed out.  The entries are made
   in fts-entry.c, stat'ed in fts-info.c, and a directory is read into
   them in fts-children.c.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-int.h"
#include "fts-report-int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* glibc's fts and fts64 are one ABI only where ino_t and off_t are 64-bit.  */
_Static_assert (sizeof (ino_t) == 8 && sizeof (off_t) == 8,
                "libfts supports LP64 targets only");

/* First size of the path buffer; it doubles as paths grow.  */
enum { PATH_INITIAL = 1024 };

/* Whether the caller asked for chdir semantics: fts_accpath relative to a
   working directory that fts_read moves.  */
static bool
chdir_mode (const struct fts__stream *s)
{
  return !fts__isset (s, FTS_NOCHDIR | FTS_LOGICAL | FTS_DIRFD);
}

/* Stop the walk for good: fts_read returns NULL with ERR from now on.  */
static FTSENT *
stop (struct fts__stream *s, int err)
{
  s->stopped = true;
  s->last_errno = err;
  errno = err;
  return NULL;
}

/* ---- the path buffer ----------------------------------------------------- */

/* After the path buffer moved from OLD to NEW, repoint the entries that
   use it: FROM and its ancestors, and the list fts_children returned.  */
static void
rebase_paths (struct fts__stream *s, FTSENT *from, char *old, char *new)
{
  for (FTSENT *p = from; p; p = p->fts_parent)
    {
      if (p->fts_path == old)
        p->fts_path = new;
      if (p->fts_accpath == old)
        p->fts_accpath = new;
    }
  for (FTSENT *p = s->pub.fts_child; p; p = p->fts_link)
    {
      if (p->fts_path == old)
        p->fts_path = new;
      if (p->fts_accpath == old)
        p->fts_accpath = new;
    }
}

/* Make the path buffer at least NEED bytes, FROM being the deepest entry
   whose path is in it.  No limit but memory: paths may be far longer than
   PATH_MAX.  Returns 0, or -1 with errno ENOMEM.  */
static int
path_reserve (struct fts__stream *s, size_t need, FTSENT *from)
{
  if (need <= s->path_cap)
    return 0;
  size_t cap = s->path_cap ? s->path_cap : PATH_INITIAL;
  while (cap < need)
    {
      if (cap > SIZE_MAX / 2)
        {
          errno = ENOMEM;
          return -1;
        }
      cap *= 2;
    }
  char *old = s->pub.fts_path;
  char *buf = realloc (old, cap);
  if (!buf)
    return -1;
  s->pub.fts_path = buf;
  s->path_cap = cap;
  s->pub.fts_pathlen = cap > INT_MAX ? INT_MAX : (int) cap;
  if (buf != old && old)
    rebase_paths (s, from, old, buf);
  return 0;
}

/* Where a child's "/name" goes in the path of directory P: at its end,
   less one trailing slash (so "d/" gives "d/x" and "/" gives "/x", as in
   glibc).  */
static size_t
append_point (const struct fts__stream *s, const FTSENT *p)
{
  size_t len = fts__priv (p)->pathlen;
  return len > 0 && s->pub.fts_path[len - 1] == '/' ? len - 1 : len;
}

static void
set_pathlen (FTSENT *p, size_t len)
{
  fts__priv (p)->pathlen = len;
  p->fts_pathlen = fts__saturate_ushort (len);
}

/* Chdir mode, directory D could not be entered (FTS_DONTCHDIR): the
   working directory stayed D's parent's, so its children's fts_accpath
   is their path from there, which starts at D's name in the path buffer;
   the whole path for a root's, the working directory being where the
   walk started.  An accpath inside the buffer that is not its start
   needs no rebase_paths: such a child is never a directory that is read,
   nor the parent of a list, so the buffer cannot move while it is the
   current entry.  */
static size_t
unentered_child_start (const FTSENT *d)
{
  if (d->fts_level <= FTS_ROOTLEVEL)
    return 0;
  return fts__priv (d)->pathlen - strlen (d->fts_name);
}

/* Write child P's path after its parent's in the buffer and point P's
   fts_path and fts_accpath at it.  Returns 0 or -1 with errno ENOMEM.  */
static int
load_child_path (struct fts__stream *s, FTSENT *p)
{
  size_t base = append_point (s, p->fts_parent);
  size_t namelen = strlen (p->fts_name);
  if (path_reserve (s, base + namelen + 2, p->fts_parent) != 0)
    return -1;
  char *buf = s->pub.fts_path;
  buf[base] = '/';
  memcpy (buf + base + 1, p->fts_name, namelen + 1);
  set_pathlen (p, base + 1 + namelen);
  p->fts_path = buf;
  p->fts_accpath = fts__isset (s, FTS_NOCHDIR) && !fts__isset (s, FTS_DIRFD)
                   ? buf : p->fts_name;
  if (chdir_mode (s) && (p->fts_parent->fts_flags & FTS_DONTCHDIR))
    p->fts_accpath = buf + unentered_child_start (p->fts_parent);
  return 0;
}

/* Put root P's path in the buffer and, as glibc's fts_load does, cut its
   fts_name down to the last component ("a/b" gives "b"; "/" stays).  */
static int
load_root_path (struct fts__stream *s, FTSENT *p)
{
  const char *arg = fts__root_arg (p);
  size_t len = strlen (arg);
  if (path_reserve (s, len + 1, s->rootparent) != 0)
    return -1;
  memcpy (s->pub.fts_path, arg, len + 1);
  set_pathlen (p, len);
  p->fts_path = p->fts_accpath = s->pub.fts_path;

  char *slash = strrchr (p->fts_name, '/');
  if (slash && (slash != p->fts_name || slash[1]))
    {
      size_t n = strlen (slash + 1);
      memmove (p->fts_name, slash + 1, n + 1);
      p->fts_namelen = fts__saturate_ushort (n);
    }
  return 0;
}

/* ---- the working directory (chdir mode only) -------------------------------- */

/* Make the working directory DIR (the roots' parent: where the walk
   started), so that fts_accpath of DIR's children works.  Returns 0 or -1
   with errno.  */
static int
enter_cwd (struct fts__stream *s, FTSENT *dir)
{
  if (!chdir_mode (s) || s->cwd_dir == dir)
    return 0;
  /* DIR is readable but not searchable: its children are handed out
     from its parent (see descend).  */
  if (dir->fts_flags & FTS_DONTCHDIR)
    return 0;
  int fd = fts__dir_fd (s, dir);
  if (fd == -1 || fchdir (fd) != 0)
    return -1;
  s->cwd_dir = dir;
  return 0;
}

/* ---- handing entries out -------------------------------------------------- */

/* FTS_LAZY_CYCLE_CHECK: directory P is being handed out as FTS_D.  The
   walk keeps one directory to compare with: the one it entered last when
   the count of directories entered below the current root (counted
   afresh at each root) reached a power of two, or, once that
   one is left, the nearest of its ancestors still on the path (lazy_leave).
   P is FTS_DC, its fts_cycle itself, if it is that directory again.  An
   endless cycle is so reported once the count has doubled and one more
   turn is made, with O(1) memory and one comparison a directory; this is
   gnulib's fts's check when not asked for tight ones, so that programs
   built on it warn exactly where GNU rm, chmod and chown warn, and walk
   through what they walk through (a directory bind-mounted below itself
   repeats once, and that repeat may go unnoticed).  */
static void
lazy_enter (struct fts__stream *s, FTSENT *p)
{
  if (!fts__lazy_cycle_check (s) || p->fts_info != FTS_D)
    return;
  if (s->lazy.entered && p->fts_dev == s->lazy.dev
      && p->fts_ino == s->lazy.ino)
    {
      p->fts_info = FTS_DC;
      p->fts_cycle = p;
      return;
    }
  uintmax_t n = ++s->lazy.entered;
  if ((n & (n - 1)) == 0)
    {
      s->lazy.dev = p->fts_dev;
      s->lazy.ino = p->fts_ino;
    }
}

/* FTS_LAZY_CYCLE_CHECK: directory D is left (its post-order visit with
   no error, a skip, or it could not be read): if it is the one compared
   with, its parent is from now on, unless D is a root.  */
static void
lazy_leave (struct fts__stream *s, const FTSENT *d)
{
  const FTSENT *up = d->fts_parent;
  if (fts__lazy_cycle_check (s) && d->fts_level > FTS_ROOTLEVEL
      && d->fts_dev == s->lazy.dev && d->fts_ino == s->lazy.ino)
    {
      s->lazy.dev = up->fts_dev;
      s->lazy.ino = up->fts_ino;
    }
}

static FTSENT *
hand_out (struct fts__stream *s, FTSENT *p)
{
  if (enter_cwd (s, p->fts_parent) != 0)
    return stop (s, errno);
  s->pub.fts_cur = p;
  return p;
}

static FTSENT *
hand_out_child (struct fts__stream *s, FTSENT *p)
{
  if (load_child_path (s, p) != 0)
    return stop (s, errno);
  if (p->fts_info == 0 && chdir_mode (s)
      && (p->fts_parent->fts_flags & FTS_DONTCHDIR))
    p->fts_info = fts__unentered_child (s, p, s->unentered_errno);
  else if (p->fts_info == 0)
    p->fts_info = fts__stat_child (s, p, false, true);
  lazy_enter (s, p);
  return hand_out (s, p);
}

static FTSENT *
hand_out_root (struct fts__stream *s, FTSENT *p)
{
  if (fts__priv (p)->flags & FTS__E_UNSTATED)
    p->fts_info = fts__stat_root (s, p);
  if (load_root_path (s, p) != 0)
    return stop (s, errno);
  s->pub.fts_dev = p->fts_dev;
  s->lazy.entered = 0;          /* each root afresh, as gnulib's fts */
  lazy_enter (s, p);
  return hand_out (s, p);
}

/* The walk has just descended into a directory: it may climb back out
   of it unchecked, as gnulib's walk does through the descriptor it keeps
   (see FTS__UNCHECKED_ASCENTS).  In chdir mode glibc's fts keeps none.  */
static void
note_descent (struct fts__stream *s)
{
  unsigned kept = chdir_mode (s) ? 0 : FTS__UNCHECKED_ASCENTS;
  if (s->unchecked_ascents < kept)
    s->unchecked_ascents++;
}

/* Whether climbing out of directory D, back to its parent, must check
   that D is still where its path says: not without a working directory
   to move (FTS_NOCHDIR, FTS_LOGICAL: glibc and gnulib check nothing
   then), nor out of a root (they go back to where the walk started), nor
   when gnulib's walk would have a descriptor of the parent at hand, nor
   out of a directory it could not enter (FTS_DONTCHDIR: there is no
   ascent, and its ".." cannot be looked up).  */
static bool
ascent_checked (struct fts__stream *s, const FTSENT *d)
{
  if (d->fts_flags & FTS_DONTCHDIR)
    return false;
  if (d->fts_level <= FTS_ROOTLEVEL)
    {
      s->unchecked_ascents = 0;
      return false;
    }
  if (s->unchecked_ascents > 0)
    {
      s->unchecked_ascents--;
      return false;
    }
  return !fts__isset (s, FTS_NOCHDIR | FTS_LOGICAL);
}

/* All of D's children have been handed out: return D in post-order,
   FTS_ERR if reading it failed part way, whether or not it could be
   entered; else FTS_DP, also when it could not be entered, whatever its
   fts_errno (FTS_DONTCHDIR: see descend).
   D's parent is reopened first if its descriptor was closed, as the
   caller may act on D through it, and checked when ascent_checked says
   so: if D has moved, fts_read returns null with errno ENOENT and
   fts_path naming D, as gnulib's and glibc's fts_read do.  */
static FTSENT *
leave_dir (struct fts__stream *s, FTSENT *d)
{
  s->pub.fts_path[fts__priv (d)->pathlen] = '\0';
  if (fts__reopen_parent (s, d, ascent_checked (s, d)) != 0)
    return stop (s, errno);
  fts__drop_dir_state (s, d);
  bool unentered = d->fts_flags & FTS_DONTCHDIR;
  d->fts_info = d->fts_errno && (fts__priv (d)->cut_short || !unentered)
                ? FTS_ERR : FTS_DP;
  if (d->fts_info == FTS_DP)
    lazy_leave (s, d);
  fts__restore_shared_st (s, d);
  fts__restore_shared_st (s, d->fts_parent);
  return hand_out (s, d);
}

/* D, read and found empty, in post-order (leave_dir).  With
   FTS_NOCHDIR (and so FTS_LOGICAL), glibc's fts, and gnulib's after it
   (GNU du -L, chown -L), then gives D's path without the trailing slash
   an operand may end in ("d/" is "d"): the path is cut where a child's
   name would have gone.  Returns what leave_dir returns.  */
static FTSENT *
leave_empty_dir (struct fts__stream *s, FTSENT *d)
{
  FTSENT *r = leave_dir (s, d);
  size_t len = fts__priv (d)->pathlen;

  if (r == d && fts__isset (s, FTS_NOCHDIR) && len > 1
      && s->pub.fts_path[len - 1] == '/')
    s->pub.fts_path[len - 1] = '\0';
  return r;
}

/* Chdir mode, directory D could be read but not entered: whether to
   say so in fts_errno.  As glibc's fts does: yes, but on a physical
   FTS_NOSTAT walk only when D's link count says it holds a directory
   (without one, none of its entries was to be stat'ed anyway).  */
static bool
unentered_is_error (const struct fts__stream *s, const FTSENT *d)
{
  nlink_t subdir_links = d->fts_nlink - (fts__isset (s, FTS_SEEDOT) ? 0 : 2);
  return !fts__nostat_walk (s) || subdir_links != 0;
}

/* Descend into D, just returned as FTS_D: read it and hand out its first
   child; or return D again as FTS_DNR when it cannot be read, as FTS_DP
   when it is empty.  */
static FTSENT *
descend (struct fts__stream *s, FTSENT *d)
{
  struct fts__ent *de = fts__priv (d);
  d->fts_flags &= ~FTS_DONTCHDIR;
  if (!fts__kids_list (de) || (de->flags & FTS__E_NAMEONLY))
    {
      if (fts__read_dir (s, d, s->compar != NULL, false) != 0)
        {
          if (errno == ENOMEM)
            return stop (s, errno);
          d->fts_errno = errno;
          d->fts_info = FTS_DNR;
          lazy_leave (s, d);
          return d;
        }
    }
  if (enter_cwd (s, d) != 0)
    {
      /* Readable but not searchable, in chdir mode: as with gnulib's and
         BSD's fts, and as in the other modes, the children are still
         handed out, each FTS_NS with EACCES as it cannot be stat'ed (not
         none, as glibc: a caller could not tell a tree it saw whole);
         the working directory stays D's parent, and none of them is
         stat'ed, even should D become searchable meanwhile
         (fts__unentered_child).  D's post-order visit
         is FTS_DP with the error in fts_errno, as glibc's visit (which
         comes at once, without the entries) and as FreeBSD's tests want
         of an empty D.  A read cut short keeps its error in fts_errno
         (it says more), and makes the visit FTS_ERR, as in the other
         modes: FTS_DP would tell the caller it saw all of D (glibc's
         fts, which does not read D then, cannot meet the error).  */
      s->unentered_errno = errno;
      if (!d->fts_errno && unentered_is_error (s, d))
        d->fts_errno = errno;
      d->fts_flags |= FTS_DONTCHDIR;
    }
  else
    note_descent (s);
  FTSENT *p = fts__next_child (s, d, false);
  if (p)
    return hand_out_child (s, p);
  if (errno)
    return stop (s, errno);
  return leave_empty_dir (s, d);
}

/* P is done: hand out the entry after it (next sibling, next root) or,
   when P was its directory's last, the directory in post-order.  */
static FTSENT *
advance (struct fts__stream *s, FTSENT *p)
{
  if (p->fts_level <= FTS_ROOTLEVEL)
    {
      FTSENT *root = s->rootparent->fts_link;
      if (p != s->rootparent)
        fts__ent_free (s, p);
      if (!root)
        {
          s->pub.fts_cur = NULL;
          errno = 0;
          return NULL;
        }
      s->rootparent->fts_link = root->fts_link;
      return hand_out_root (s, root);
    }

  FTSENT *d = p->fts_parent;
  fts__ent_free (s, p);
  s->pub.fts_cur = d;
  FTSENT *next = fts__next_child (s, d, false);
  if (next)
    return hand_out_child (s, next);
  if (errno)
    return stop (s, errno);
  return leave_dir (s, d);
}

/* ---- the API -------------------------------------------------------------- */

/* Whether stream SP may go on; if not, errno says why: EINVAL for no
   stream, or the error that stopped it.  */
static bool
usable (FTS *sp)
{
  if (!sp)
    {
      errno = EINVAL;
      return false;
    }
  if (fts__stream (sp)->stopped)
    {
      errno = fts__stream (sp)->last_errno;
      return false;
    }
  return true;
}

FTSENT *
fts_read (FTS *sp)
{
  struct fts__stream *s = fts__stream (sp);
  if (!usable (sp))
    return NULL;
  FTSENT *p = sp->fts_cur;
  if (!p)
    {
      errno = 0;
      return NULL;
    }
  int instr = p->fts_instr;
  p->fts_instr = FTS_NOINSTR;

  if (instr == FTS_AGAIN && p != s->rootparent)
    {
      fts__drop_dir_state (s, p);
      p->fts_info = p->fts_level == FTS_ROOTLEVEL
                    ? fts__stat_root (s, p)
                    : fts__stat_entry (s, p, fts__isset (s, FTS_LOGICAL));
      lazy_enter (s, p);
      return p;
    }
  if (instr == FTS_FOLLOW
      && (p->fts_info == FTS_SL || p->fts_info == FTS_SLNONE))
    {
      p->fts_info = fts__stat_entry (s, p, true);
      if (p->fts_info == FTS_D)
        p->fts_flags |= FTS_SYMFOLLOW;
      lazy_enter (s, p);
      return p;
    }
  if (p->fts_info == FTS_D)
    {
      if (instr == FTS_SKIP
          || (fts__isset (s, FTS_XDEV) && p->fts_dev != sp->fts_dev))
        {
          fts__drop_dir_state (s, p);
          p->fts_info = FTS_DP;
          lazy_leave (s, p);
          return p;
        }
      return descend (s, p);
    }
  return advance (s, p);
}

FTSENT *
fts_children (FTS *sp, int instr)
{
  struct fts__stream *s = fts__stream (sp);
  if (instr != 0 && instr != FTS_NAMEONLY)
    {
      errno = EINVAL;
      return NULL;
    }
  if (!usable (sp))
    return NULL;
  FTSENT *p = sp->fts_cur;
  errno = 0;
  if (p == s->rootparent)
    {
      for (FTSENT *r = p->fts_link; r; r = r->fts_link)
        if (fts__priv (r)->flags & FTS__E_UNSTATED)
          r->fts_info = fts__stat_root (s, r);
      errno = 0;
      return p->fts_link;
    }
  if (!p || p->fts_info != FTS_D)
    return NULL;
  if (fts__read_dir (s, p, true, instr == FTS_NAMEONLY) != 0)
    return NULL;
  for (FTSENT *c = fts__kids_list (fts__priv (p)); c; c = c->fts_link)
    c->fts_path = sp->fts_path;
  sp->fts_child = fts__kids_list (fts__priv (p));
  errno = 0;
  return sp->fts_child;
}

int
fts_set (FTS *sp, FTSENT *p, int instr)
{
  if (!p || (instr != 0 && instr != FTS_AGAIN && instr != FTS_FOLLOW
             && instr != FTS_NOINSTR && instr != FTS_SKIP))
    {
      errno = EINVAL;
      return -1;
    }
  p->fts_instr = instr;
  return 0;
}

/* A root entry for ARG, kept whole in the entry (its fts_name is cut to
   the last component when it is handed out).  */
static FTSENT *
make_root (struct fts__stream *s, const char *arg)
{
  size_t len = strlen (arg);
  FTSENT *p = fts__ent_alloc (s, arg, len, len + 1, NULL);
  if (!p)
    return NULL;
  /* fts__root_arg finds the copy from the root's level and pathlen.  */
  char *copy = p->fts_name + len + 1;
  memcpy (copy, arg, len + 1);
  fts__priv (p)->flags |= FTS__E_UNSTATED;
  p->fts_parent = s->rootparent;
  p->fts_path = p->fts_accpath = copy;
  p->fts_info = FTS_INIT;
  set_pathlen (p, len);
  return p;
}

/* Link the roots of ARGV, in order, under S's root parent; stat and sort
   them when there is a comparison function.  Returns 0 or -1 with errno.  */
static int
make_roots (struct fts__stream *s, char *const *argv)
{
  FTSENT **tail = &s->rootparent->fts_link;
  for (; *argv; argv++)
    {
      FTSENT *p = make_root (s, *argv);
      if (!p)
        return -1;
      *tail = p;
      tail = &p->fts_link;
    }
  if (!s->compar)
    return 0;
  for (FTSENT *p = s->rootparent->fts_link; p; p = p->fts_link)
    p->fts_info = fts__stat_root (s, p);
  return fts__sort_list (s, &s->rootparent->fts_link);
}

/* Open the directory the walk starts in, for chdir mode; without it (no
   search permission on "."), fall back on FTS_NOCHDIR as glibc does.  */
static void
open_start_dir (struct fts__stream *s)
{
  if (!chdir_mode (s))
    return;
  s->pub.fts_rfd = open (".", O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (s->pub.fts_rfd < 0)
    s->pub.fts_options |= FTS_NOCHDIR;
  else
    s->base_fd = s->pub.fts_rfd;
}

FTS *
fts_open (char *const *argv, int options,
          int (*compar) (const FTSENT **, const FTSENT **))
{
  if ((options & ~(FTS_OPTIONMASK | FTS_DIRFD | FTS_TRUST_SHORT_READS
                   | FTS_LAZY_CYCLE_CHECK | FTS_NOSTAT_LOGICAL))
      || !argv || !argv[0])
    {
      errno = EINVAL;
      return NULL;
    }
  struct fts__stream *s = calloc (1, sizeof *s);
  if (!s)
    return NULL;
  s->pub.fts_options = options | (options & FTS_LOGICAL ? FTS_NOCHDIR : 0);
  s->pub.fts_compar = (int (*) (const void *, const void *)) compar;
  s->pub.fts_rfd = -1;
  s->compar = compar;
  s->share_st = fts__nostat_walk (s);
  s->base_fd = AT_FDCWD;
  s->sort_threshold = fts__env_threshold ();
  s->fs_policy = fts__env_fs_policy ();
  fts__cycle_init (&s->cycle);
  fts__fs_cache_init (&s->fs);

  if (path_reserve (s, PATH_INITIAL, NULL) != 0
      || !(s->rootparent = fts__ent_alloc (s, "", 0, 0, NULL)))
    goto out_free;
  s->rootparent->fts_level = FTS_ROOTPARENTLEVEL;
  fts__priv (s->rootparent)->level = FTS_ROOTPARENTLEVEL;
  s->rootparent->fts_info = FTS_INIT;
  open_start_dir (s);
  s->cwd_dir = s->rootparent;
  if (make_roots (s, argv) != 0)
    goto out_free;
  s->pub.fts_cur = s->rootparent;
  return &s->pub;

 out_free:;
  int err = errno;
  fts_close (&s->pub);
  errno = err;
  return NULL;
}

int
fts_close (FTS *sp)
{
  struct fts__stream *s = fts__stream (sp);
  if (!sp)
    return 0;
  fts__report_stream (s);
  FTSENT *p = sp->fts_cur;
  while (p && p->fts_level >= FTS_ROOTLEVEL)
    {
      FTSENT *parent = p->fts_parent;
      fts__ent_free (s, p);
      p = parent;
    }
  if (s->rootparent)
    {
      while (s->rootparent->fts_link)
        {
          FTSENT *next = s->rootparent->fts_link->fts_link;
          fts__ent_free (s, s->rootparent->fts_link);
          s->rootparent->fts_link = next;
        }
      fts__ent_free (s, s->rootparent);
    }
  fts__close_all (s);

  int ret = 0, err = 0;
  if (sp->fts_rfd >= 0)
    {
      if (fchdir (sp->fts_rfd) != 0)
        {
          ret = -1;
          err = errno;
        }
      close (sp->fts_rfd);
    }
  fts__cycle_free (&s->cycle);
  fts__fs_cache_free (&s->fs);
  free (s->getdents_buf);
  free (sp->fts_path);
  free (s);
  if (ret)
    errno = err;
  return ret;
}

/* ---- extensions ------------------------------------------------------------ */

int
libfts_dirfd (FTS *sp)
{
  FTSENT *p = sp ? sp->fts_cur : NULL;
  if (!p || p->fts_level < FTS_ROOTLEVEL)
    {
      errno = EINVAL;
      return -1;
    }
  if (p->fts_level == FTS_ROOTLEVEL)
    return AT_FDCWD;
  return fts__dir_fd (fts__stream (sp), p->fts_parent);
}

/* Whether P is a directory the walk is done with, or could not read: its
   fts_info and fts_errno say so, and a new stat must not undo that.  */
static bool
visited_dir (const FTSENT *p)
{
  return p->fts_info == FTS_DP || p->fts_info == FTS_DNR
         || p->fts_info == FTS_ERR;
}

int
libfts_stat (FTS *sp, FTSENT *p, int follow)
{
  if (!sp || !p || p->fts_level < FTS_ROOTLEVEL)
    {
      errno = EINVAL;
      return -1;
    }
  int old_info = p->fts_info, old_errno = p->fts_errno;
  int info = fts__stat_entry (fts__stream (sp), p, follow);
  fts__priv (p)->flags &= ~FTS__E_UNSTATED;
  if (visited_dir (p))
    {
      /* Refresh the stat buffer only: as FTS_D, fts_read would descend
         into the directory again.  */
      if (info == FTS_NS)
        errno = p->fts_errno;
      p->fts_errno = old_errno;
      p->fts_cycle = NULL;
      return info == FTS_NS ? FTS_NS : old_info;
    }
  if (p->fts_level == FTS_ROOTLEVEL && info == FTS_DOT)
    info = FTS_D;
  return p->fts_info = info;
}

long
libfts_level (const FTSENT *p)
{
  return fts__priv (p)->level;
}

size_t
libfts_pathlen (const FTSENT *p)
{
  return fts__priv (p)->pathlen;
}

/* glibc's large-file names, the same functions on LP64.  */
FTS *fts64_open (char *const *, int,
                 int (*) (const FTSENT **, const FTSENT **))
  __attribute__ ((alias ("fts_open")));
FTSENT *fts64_read (FTS *) __attribute__ ((alias ("fts_read")));
FTSENT *fts64_children (FTS *, int) __attribute__ ((alias ("fts_children")));
int fts64_set (FTS *, FTSENT *, int) __attribute__ ((alias ("fts_set")));
int fts64_close (FTS *) __attribute__ ((alias ("fts_close")));

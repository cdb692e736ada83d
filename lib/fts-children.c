/* fts-children.c: a directory's children, as fts_read and fts_children
   get them.  The directory is opened relative to its parent and read a
   chunk at a time into compact entries (fts-dir.c), each chunk sorted by
   inode when the threshold and the file system's policy say so, and
   entered in the cycle set or watched; its children are materialized
   one at a time as they are handed out, or all at once as a list
   (fts_children, a comparison function).

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-int.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static short
saturate_short (long n)
{
  return n > SHRT_MAX ? SHRT_MAX : n;
}

static int
compar_thunk (const void *a, const void *b, void *arg)
{
  int (*compar) (const FTSENT **, const FTSENT **) = *(void **) arg;
  return compar ((const FTSENT **) a, (const FTSENT **) b);
}

/* Sort the list at *HEAD with the caller's comparison function.  Returns
   0 or -1 with errno ENOMEM (the list is then left as it was).  */
int
fts__sort_list (struct fts__stream *s, FTSENT **head)
{
  size_t n = 0;
  for (FTSENT *p = *head; p; p = p->fts_link)
    n++;
  if (n < 2)
    return 0;
  FTSENT **v = malloc (n * sizeof *v);
  if (!v)
    return -1;
  n = 0;
  for (FTSENT *p = *head; p; p = p->fts_link)
    v[n++] = p;
  void *arg = (void *) s->compar;
  qsort_r (v, n, sizeof *v, compar_thunk, &arg);
  for (size_t i = 0; i + 1 < n; i++)
    v[i]->fts_link = v[i + 1];
  v[n - 1]->fts_link = NULL;
  *head = v[0];
  free (v);
  return 0;
}

static size_t
count_entries (const struct fts__dir *dir, bool seedot)
{
  size_t n = dir->count;
  if (seedot)
    for (size_t i = 0; i < dir->count; i++)
      n -= fts__is_dot_or_dotdot (fts__dent_name (dir, &dir->ents[i]));
  return n;
}

static int read_more (struct fts__stream *s, FTSENT *d);

/* The next child of directory D to hand out, taken from its list or
   materialized from its compact entries (reading the next chunk of a
   large directory when one is used up; the compact entries are freed with
   the directory's last).  FOR_LIST: the child goes into a list, to be
   held beside its siblings, and so needs a stat buffer of its own.  Null
   when there is none, or with errno ENOMEM or the error that kept D from
   being reopened.  */
FTSENT *
fts__next_child (struct fts__stream *s, FTSENT *d, bool for_list)
{
  struct fts__ent *de = fts__priv (d);
  errno = 0;
  if (de->flags & FTS__E_LIST)
    {
      FTSENT *p = de->kids.list;
      if (!p)
        return NULL;
      de->kids.list = p->fts_link;
      if (s->pub.fts_child == p)
        s->pub.fts_child = NULL;
      return p;
    }
  struct fts__dir *dir = de->kids.dir;
  if (dir && dir->next == dir->count && dir->more)
    {
      if (read_more (s, d) != 0)
        return NULL;
      errno = 0;
    }
  if (!dir || dir->next == dir->count)
    return NULL;

  const struct fts__dent *ent = &dir->ents[dir->next++];
  const char *name = fts__dent_name (dir, ent);
  long level = de->level + 1;
  struct stat *shared = s->share_st && !for_list
                        ? &s->shared_st[level & 1] : NULL;
  FTSENT *p = fts__ent_alloc (s, name, strlen (name), 0, shared);
  if (p)
    {
      struct fts__ent *pe = fts__priv (p);
      pe->level = level;
      pe->d_type = ent->type;
      p->fts_level = saturate_short (pe->level);
      p->fts_parent = d;
      p->fts_ino = ent->ino;
    }
  if (dir->next == dir->count && !dir->more)
    {
      fts__dir_free (dir);
      free (dir);
      de->kids.dir = NULL;
    }
  return p;
}

/* Materialize all of D's children as a list (for fts_children, or to sort
   them with the caller's function), stat'ed unless NAMEONLY.  */
static int
build_list (struct fts__stream *s, FTSENT *d, bool nameonly)
{
  struct fts__ent *de = fts__priv (d);
  FTSENT *head = NULL, **tail = &head;
  FTSENT *p;
  while ((p = fts__next_child (s, d, true)))
    {
      p->fts_info = fts__stat_child (s, p, nameonly, false);
      *tail = p;
      tail = &p->fts_link;
    }
  int err = errno;
  if (de->kids.dir)
    {
      /* Cut short by an error: the rest goes, the list takes its place.  */
      fts__dir_free (de->kids.dir);
      free (de->kids.dir);
    }
  de->kids.list = head;
  de->flags |= FTS__E_LIST;
  errno = err;
  if (errno)
    return -1;
  if (s->compar)
    return fts__sort_list (s, &de->kids.list);
  return 0;
}

/* How S reads a directory on a file system of policy FS: all of it for
   LIST (fts_children, or a comparison function, which need every entry at
   once); otherwise a chunk at a time, of FTS__DIR_CHUNK_ENTRIES or of the
   threshold when that is larger, so that a directory that reaches the
   threshold has each of its chunks sorted.  */
static struct fts__dir_reader
reader_for (const struct fts__stream *s, const struct fts__fs_row *fs,
            bool list)
{
  return (struct fts__dir_reader) {
    .buf = s->getdents_buf,
    .bufsize = FTS__GETDENTS_BUFSIZE,
    .chunk = list ? SIZE_MAX : fts__chunk_entries (s->sort_threshold),
    .seedot = fts__isset (s, FTS_SEEDOT),
    .short_batch_ends = fs->fills_batches
                        && fts__isset (s, FTS_TRUST_SHORT_READS),
  };
}

/* D's compact entries hold a chunk just read: count it, note a read error
   for D's post-order visit, and sort it by inode when the directory has
   reached the threshold and the file system's policy FS says so.  */
static void
take_chunk (struct fts__stream *s, FTSENT *d, const struct fts__fs_row *fs)
{
  struct fts__dir *dir = fts__priv (d)->kids.dir;
  s->stats.entries += count_entries (dir, fts__isset (s, FTS_SEEDOT));
  if (dir->read_errno)
    {
      d->fts_errno = dir->read_errno;
      fts__priv (d)->cut_short = true;
    }
  if (!s->compar)
    fts__sort_chunk (dir, s->sort_threshold, s->fs_policy, fs, &s->stats);
}

/* On a corrupted file system, a directory hard-linked into its own
   subtree makes a cycle that no mount explains.  A physical walk does not
   keep the cycle set for it, only a watch: one directory on the path,
   replaced by D, which the walk has just entered, when D is twice as deep
   (or there is none), so that a cycle of length L that starts at depth T
   is reported at the latest about 2 * max (T, L) + L levels down, as
   FTS_DC, the watched directory in fts_cycle.  O(1) memory, one
   comparison per directory; fts__drop_children forgets a directory left.  */
static void
watch (struct fts__stream *s, FTSENT *d)
{
  if (!s->watched
      || fts__priv (d)->level >= 2 * fts__priv (s->watched)->level)
    s->watched = d;
}

/* Enter directory D in the cycle set if a cycle may run through it (see
   may_repeat), with those of its ancestors not in it yet, so that the set
   holds all of them whenever it holds D's parent; else watch it.  Returns
   0, or -1 with errno ENOMEM (the set is then unchanged).  */
static int
enter_cycle_set (struct fts__stream *s, FTSENT *d)
{
  if (fts__lazy_cycle_check (s))
    return 0;
  if (!fts__isset (s, FTS_LOGICAL) && !(fts__priv (d)->flags & FTS__E_MOUNTED))
    {
      watch (s, d);
      return 0;
    }
  size_t n = 0;
  FTSENT *a;
  for (a = d; a->fts_level >= FTS_ROOTLEVEL
       && !(fts__priv (a)->flags & FTS__E_ACTIVE); a = a->fts_parent)
    n++;
  if (fts__cycle_reserve (&s->cycle, n) != 0)
    return -1;
  for (a = d; n-- > 0; a = a->fts_parent)
    {
      fts__cycle_enter (&s->cycle, a);
      fts__priv (a)->flags |= FTS__E_ACTIVE;
    }
  return 0;
}

/* Read directory D (an FTS_D entry): open it relative to its parent, read
   its first chunk (all of it with LIST: fts_children, or a comparison
   function) compactly, sorted by inode when the threshold and the file
   system's policy say so, and enter D in the cycle set if a cycle may
   run through it.  With LIST the children are also materialized.
   Returns 0; or -1 with errno when D cannot be read, after which D's
   descriptor is closed.  */
int
fts__read_dir (struct fts__stream *s, FTSENT *d, bool list, bool nameonly)
{
  struct fts__ent *de = fts__priv (d);
  fts__drop_children (s, d);
  de->cut_short = false;
  int fd = fts__open_dir (s, d);
  if (fd < 0)
    return -1;
  /* Read again (fts_children, then fts_read): from the start.  */
  if ((de->flags & FTS__E_READ) && lseek (fd, 0, SEEK_SET) != 0)
    goto out_close;
  de->flags |= FTS__E_READ;
  if (!s->getdents_buf && !(s->getdents_buf = malloc (FTS__GETDENTS_BUFSIZE)))
    goto out_close;
  de->kids.dir = malloc (sizeof *de->kids.dir);
  if (!de->kids.dir)
    goto out_close;
  fts__dir_init (de->kids.dir);
  const struct fts__fs_row *fs
    = fts__fs_of (&s->fs, d->fts_dev, fd, &s->stats.statfs_calls);
  struct fts__dir_reader r = reader_for (s, fs, list);
  if (fts__dir_read (de->kids.dir, fd, &r) != 0)
    goto out_close;
  s->stats.dirs_read++;
  take_chunk (s, d, fs);
  if (enter_cycle_set (s, d) != 0)
    goto out_close;
  if (list && build_list (s, d, nameonly) != 0)
    goto out_close;
  if (nameonly)
    de->flags |= FTS__E_NAMEONLY;
  return 0;

 out_close:;
  int err = errno;
  fts__drop_dir_state (s, d);
  errno = err;
  return -1;
}

/* Read the next chunk of D, whose compact entries have all been handed
   out and which has more (see reader_for), through its descriptor,
   reopened if it was closed meanwhile.  Returns 0 (the chunk is empty
   when the directory ended; a read error goes to D's fts_errno), or -1
   with errno when D cannot be reopened or memory runs out.  */
static int
read_more (struct fts__stream *s, FTSENT *d)
{
  struct fts__ent *de = fts__priv (d);
  int fd = fts__dir_fd (s, d);
  if (fd < 0)
    return -1;
  const struct fts__fs_row *fs
    = fts__fs_of (&s->fs, d->fts_dev, fd, &s->stats.statfs_calls);
  struct fts__dir_reader r = reader_for (s, fs, false);
  if (fts__dir_read_more (de->kids.dir, fd, &r) != 0)
    {
      free (de->kids.dir);
      de->kids.dir = NULL;
      return -1;
    }
  take_chunk (s, d, fs);
  return 0;
}

/* fts-walk-api.c: the parallel walk's API but its run (libfts_walk_run,
   in fts-walk.c): the walk's set-up and end, its counters, the default
   thread count, and what VISIT may call about the entry it is given
   (but holds and flags: fts-walk-hold.c).

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-walk-int.h"

#include <dirent.h>
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- the walk ------------------------------------------------------------ */

static bool
parse_threads (const char *s, unsigned *out)
{
  if (!s || *s < '1' || *s > '9')
    return false;
  unsigned long v = 0;
  for (; *s; s++)
    {
      if (*s < '0' || *s > '9' || v > FTS__WALK_MAX_THREADS)
        return false;
      v = v * 10 + (*s - '0');
    }
  if (v < 1 || v > FTS__WALK_MAX_THREADS)
    return false;
  *out = v;
  return true;
}

unsigned
libfts_default_threads (void)
{
  unsigned n;
  if (parse_threads (getenv ("LIBFTS_THREADS"), &n))
    return n;
  /* The processors this process may run on (taskset, a cpuset), as
     nproc counts them: one system call, where sysconf's count of those
     online reads /sys (a twentieth of rm -rf of a few files).  Asked
     once per process.  */
  static atomic_long usable;
  long cpus = atomic_load_explicit (&usable, memory_order_relaxed);
  if (cpus == 0)
    {
      cpu_set_t set;
      cpus = (sched_getaffinity (0, sizeof set, &set) == 0
              ? CPU_COUNT (&set) : sysconf (_SC_NPROCESSORS_ONLN));
      atomic_store_explicit (&usable, cpus, memory_order_relaxed);
    }
  if (cpus < 1)
    return 1;
  return cpus >= FTS__WALK_DEFAULT_MAX_THREADS / FTS__WALK_THREADS_PER_CPU
         ? FTS__WALK_DEFAULT_MAX_THREADS
         : (unsigned) cpus * FTS__WALK_THREADS_PER_CPU;
}

/* A new walk with OPTIONS, and no roots yet; null with errno.  */
static LIBFTS_WALK *
walk_new (int options)
{
  /* Aligned as its cache-line groups are; the top's empty name after.  */
  size_t size = (sizeof (struct libfts_walk) + FTS__CACHE_LINE)
                / FTS__CACHE_LINE
                * FTS__CACHE_LINE;
  struct libfts_walk *w = aligned_alloc (FTS__CACHE_LINE, size);
  if (!w)
    return NULL;
  memset (w, 0, size);
  /* From open to close: libfts_walk_give may come before the run or
     after it.  */
  fts__mutex_init (&w->lock);
  pthread_cond_init (&w->wake, NULL);
  pthread_cond_init (&w->unit_wake, NULL);
  fts__mutex_init (&w->give_lock);
  fts__wfs_init (&w->fs);
  w->options = options;
  w->sort_threshold = fts__env_threshold ();
  w->fs_policy = fts__env_fs_policy ();
  w->storage = fts__env_storage ();
  return w;
}

LIBFTS_WALK *
libfts_walk_open (char *const *roots, int options)
{
  if (!roots || !roots[0] || (options & ~LIBFTS_WALK_OPTIONMASK))
    {
      errno = EINVAL;
      return NULL;
    }
  size_t n = 0;
  while (roots[n])
    n++;
  struct libfts_walk *w = walk_new (options);
  if (!w)
    return NULL;
  w->roots = calloc (n + 1, sizeof *w->roots);
  if (!w->roots)
    goto out_free;
  for (size_t i = 0; i < n; i++)
    if (!(w->roots[i] = strdup (roots[i])))
      goto out_free;
  return w;

 out_free:;
  int err = errno;
  libfts_walk_close (w);
  errno = err;
  return NULL;
}

LIBFTS_WALK *
libfts_walk_open_next (libfts_walk_next_fn next, void *arg, int options)
{
  if (!next || (options & ~LIBFTS_WALK_OPTIONMASK))
    {
      errno = EINVAL;
      return NULL;
    }
  struct libfts_walk *w = walk_new (options);
  if (!w)
    return NULL;
  w->next_root = next;
  w->next_arg = arg;
  return w;
}

int
libfts_walk_set_threads (LIBFTS_WALK *w, unsigned n)
{
  if (!w || n > FTS__WALK_MAX_THREADS)
    {
      errno = EINVAL;
      return -1;
    }
  w->threads = n;
  return 0;
}

int
libfts_walk_set_inflight (LIBFTS_WALK *w, unsigned n)
{
  if (!w || n > FTS__WALK_MAX_THREADS)
    {
      errno = EINVAL;
      return -1;
    }
  w->inflight = n;
  return 0;
}

/* The most requests W keeps in flight where they wait on a server: the
   first of libfts_walk_set_inflight, libfts_walk_set_threads,
   LIBFTS_INFLIGHT and LIBFTS_THREADS that says, else
   FTS__WALK_DEFAULT_INFLIGHT; for a null W, the last three.  So a
   thread count that the caller or the user fixed still bounds the walk
   everywhere.  */
unsigned
fts__walk_inflight (const struct libfts_walk *w)
{
  unsigned n;
  if (w && w->inflight)
    return w->inflight;
  if (w && w->threads)
    return w->threads;
  if (parse_threads (getenv ("LIBFTS_INFLIGHT"), &n)
      || parse_threads (getenv ("LIBFTS_THREADS"), &n))
    return n;
  return FTS__WALK_DEFAULT_INFLIGHT;
}

/* LIBFTS_STORAGE: "remote" treats every file system as one whose
   requests wait on a server, "local" none; otherwise (FTS__FS_MEASURE)
   fs-policy.c's table says, or the walk measures.  */
enum fts__fs_wait
fts__env_storage (void)
{
  const char *s = getenv ("LIBFTS_STORAGE");
  return (!s ? FTS__FS_MEASURE
          : strcmp (s, "remote") == 0 ? FTS__FS_SERVER
          : strcmp (s, "local") == 0 ? FTS__FS_LOCAL : FTS__FS_MEASURE);
}

int
libfts_walk_set_inode_sort_threshold (LIBFTS_WALK *w, size_t threshold)
{
  if (!w)
    {
      errno = EINVAL;
      return -1;
    }
  w->sort_threshold = threshold;
  return 0;
}

int
libfts_walk_set_root_names (LIBFTS_WALK *w, char *const *names, size_t n,
                            int sorted)
{
  if (!w || w->ran || (n && !names))
    {
      errno = EINVAL;
      return -1;
    }
  char **v = malloc ((n ? n : 1) * sizeof *v);
  if (!v)
    return -1;
  memcpy (v, names, n * sizeof *v);
  qsort (v, n, sizeof *v, fts__cmp_names);
  free (w->root_names);
  w->root_names = v;
  w->n_root_names = n;
  w->root_names_sorted = sorted != 0;
  /* Their order is the directory's, or made by inode once they are
     kept: never the order of a sort of the whole directory.  */
  w->sort_threshold = LIBFTS_INODE_SORT_NEVER;
  return 0;
}

int
libfts_walk_set_fs_policy (LIBFTS_WALK *w, enum libfts_fs_policy policy)
{
  if (!w || (policy != LIBFTS_FS_POLICY_TABLE
             && policy != LIBFTS_FS_POLICY_ALL))
    {
      errno = EINVAL;
      return -1;
    }
  w->fs_policy = policy;
  return 0;
}

int
libfts_walk_close (LIBFTS_WALK *w)
{
  if (!w)
    {
      errno = EINVAL;
      return -1;
    }
  if (w->roots)
    for (size_t i = 0; w->roots[i]; i++)
      free (w->roots[i]);
  free (w->roots);
  free (w->root_names);
  free (w->held_root);
  free (w->fail_path);
  pthread_cond_destroy (&w->wake);
  pthread_cond_destroy (&w->unit_wake);
  pthread_mutex_destroy (&w->lock);
  pthread_mutex_destroy (&w->give_lock);
  fts__wfs_free (&w->fs);
  free (w);
  return 0;
}

int
libfts_walk_get_stats (LIBFTS_WALK *w, struct libfts_stats *stats,
                       size_t size)
{
  if (!w || !stats)
    {
      errno = EINVAL;
      return -1;
    }
  memcpy (stats, &w->stats, size < sizeof w->stats ? size : sizeof w->stats);
  return 0;
}

/* ---- from VISIT ---------------------------------------------------------- */

int
libfts_walk_report_data (struct libfts_walk_entry *pub, int code, int err,
                         intmax_t value, const void *data, size_t size)
{
  struct fts__wentry *e = fts__wentry_of (pub);
  size_t namelen = e->child ? pub->namelen : 0;
  struct fts__wreport *r = fts__wreport_new (e->w, e->slab,
                                             fts__wreport_size (namelen,
                                                                size));
  if (!r)
    return -1;
  r->hdr.kind = e->child ? FTS__WI_CHILD : FTS__WI_SELF;
  r->info = pub->info;
  r->code = code;
  r->err = err;
  r->value = value;
  r->size = size;
  r->namelen = namelen;
  memcpy (r->name, pub->name, namelen);
  r->name[namelen] = '\0';
  if (size)
    memcpy ((char *) r + fts__wreport_data_offset (namelen), data, size);
  struct fts__wnode *n = e->list ? e->list : e->node;
  if (e->batch)
    {
      fts__wemit_batch (e->w, e->batch, n, &r->hdr);
      return 0;
    }
  return fts__wemit_add (e->w, n, &r->hdr);
}

int
libfts_walk_report (struct libfts_walk_entry *pub, int code, int err,
                    intmax_t value)
{
  return libfts_walk_report_data (pub, code, err, value, NULL, 0);
}

int
libfts_walk_parent_id (const struct libfts_walk_entry *pub, dev_t *dev,
                       ino_t *ino)
{
  struct fts__wentry *e = fts__wentry_of (pub);
  const struct fts__wnode *d = e->child ? e->node : e->node->parent;
  if (d->level < FTS_ROOTLEVEL)
    {
      errno = EINVAL;
      return -1;
    }
  *dev = d->dev;
  *ino = d->ino;
  return 0;
}

size_t
libfts_walk_ancestor_ids (const struct libfts_walk_entry *pub, dev_t *dev,
                          ino_t *ino, size_t max)
{
  struct fts__wentry *e = fts__wentry_of (pub);
  const struct fts__wnode *d = e->child ? e->node : e->node->parent;
  size_t n = 0;
  for (; n < max && d && d->level >= FTS_ROOTLEVEL; d = d->parent, n++)
    {
      dev[n] = d->dev;
      ino[n] = d->ino;
    }
  return n;
}

char *
libfts_walk_path (const struct libfts_walk_entry *pub)
{
  struct fts__wentry *e = fts__wentry_of (pub);
  if (e->child)
    return fts__wnode_path (e->node, pub->name, pub->namelen);
  return fts__wnode_path (e->node, "", 0);
}

int
libfts_walk_stat (struct libfts_walk_entry *pub, int follow)
{
  struct fts__wentry *e = fts__wentry_of (pub);
  struct stat st;
  int info = fts__stat_follow (pub->dirfd, pub->name, follow, &st, NULL);
  bool visited = (pub->info == FTS_DP || pub->info == FTS_DNR
                  || pub->info == FTS_ERR);
  if (info == FTS_NS)
    {
      int err = errno;
      pub->err = err;
      if (!visited)
        {
          pub->info = FTS_NS;
          pub->st = NULL;
        }
      errno = err;
      return FTS_NS;
    }
  e->st = st;
  pub->st = &e->st;
  pub->d_type = IFTODT (st.st_mode);
  if (visited)
    return pub->info;
  pub->info = info;
  pub->err = 0;
  return pub->info;
}

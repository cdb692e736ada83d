/* fts-walk-node.c: what the parallel walk's files share: its records
   (directories, and the reports in their lists, carved from blocks) and
   their freeing, the paths they make, the set-up of its locks, and the
   calls that fail, stop or wake the walk's threads.

   It uses nothing else of the walk, so that the walk's other files
   (fts-walk.c, fts-walk-api.c, fts-walk-emit.c, fts-walk-fd.c) build on
   it and none of them calls back into another: tests/lib/no-circle.sh
   checks that no file of lib/ does.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-walk-int.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Initialize M, one of the walk's locks, which are held for a few
   instructions: a thread that finds one taken spins a moment before it
   sleeps, where the C library can (glibc's adaptive mutexes).  Put to
   sleep, it would leave its processor idle until woken, which on a
   virtual machine takes tens of microseconds.  */
void
fts__mutex_init (pthread_mutex_t *m)
{
#ifdef PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP
  pthread_mutexattr_t a;
  if (pthread_mutexattr_init (&a) == 0)
    {
      bool ok = (pthread_mutexattr_settype (&a, PTHREAD_MUTEX_ADAPTIVE_NP) == 0
                 && pthread_mutex_init (m, &a) == 0);
      pthread_mutexattr_destroy (&a);
      if (ok)
        return;
    }
#endif
  pthread_mutex_init (m, NULL);
}

/* ---- directories' records ----------------------------------------------- */

/* A record for NAME (NAMELEN bytes) below PARENT, to be registered as
   live (fts__wnodes_register) before anyone else sees it.  Null with
   errno ENOMEM.  */
struct fts__wnode *
fts__wnode_new (struct fts__wnode *parent, const char *name, size_t namelen,
                uint64_t ino)
{
  struct fts__wnode *n = malloc (offsetof (struct fts__wnode, name)
                                 + namelen + 1);
  if (!n)
    return NULL;
  memset (n, 0, offsetof (struct fts__wnode, name));
  memcpy (n->name, name, namelen);
  n->name[namelen] = '\0';
  n->namelen = namelen;
  n->hdr.kind = FTS__WI_NODE;
  n->parent = parent;
  n->tail = &n->head;
  n->level = parent->level + 1;
  n->root_dev = parent->root_dev;
  n->ino = ino;
  n->fd = -1;
  atomic_init (&n->pending, 1);
  atomic_init (&n->flagged, 0);
  atomic_init (&n->below, 0);
  return n;
}

/* Register the K records of NODES as live, for a stopped walk to free
   (see run_end in fts-walk.c): one lock for them all.  */
void
fts__wnodes_register (struct libfts_walk *w, struct fts__wnode *const *nodes,
                      size_t k)
{
  pthread_mutex_lock (&w->all_lock);
  for (size_t i = 0; i < k; i++)
    {
      struct fts__wnode *n = nodes[i];
      n->all_next = w->all.all_next;
      n->all_prev = &w->all;
      w->all.all_next->all_prev = n;
      w->all.all_next = n;
    }
  pthread_mutex_unlock (&w->all_lock);
}

/* Free N's report list (what was never delivered).  */
void
fts__wnode_free_items (struct libfts_walk *w, struct fts__wnode *n)
{
  struct fts__witem *it = n->head;
  while (it)
    {
      struct fts__witem *next = it->next;
      if (it->kind != FTS__WI_NODE)
        fts__wreport_free (w, (struct fts__wreport *) it);
      it = next;
    }
  n->head = NULL;
  n->tail = &n->head;
}

/* Free the K records of NODES, which nobody uses any more: one lock for
   them all.  */
void
fts__wnodes_free (struct libfts_walk *w, struct fts__wnode *const *nodes,
                  size_t k)
{
  if (k == 0)
    return;
  pthread_mutex_lock (&w->all_lock);
  for (size_t i = 0; i < k; i++)
    {
      struct fts__wnode *n = nodes[i];
      n->all_prev->all_next = n->all_next;
      n->all_next->all_prev = n->all_prev;
    }
  pthread_mutex_unlock (&w->all_lock);
  for (size_t i = 0; i < k; i++)
    {
      fts__wnode_free_items (w, nodes[i]);
      free (nodes[i]);
    }
}

/* The path of N below its ancestor A, A's own path left out (A null: all
   of it, from its root), followed by "/NAME" when NAMELEN is not 0, in a
   buffer from malloc; null with errno ENAMETOOLONG when it would take MAX
   bytes or more (at most: a name given with a trailing slash may end up
   a byte shorter), ENOMEM when memory runs out.  O(depth).  */
static char *
path_of (const struct fts__wnode *a, const struct fts__wnode *n,
         const char *name, size_t namelen, size_t max)
{
  size_t len = namelen ? namelen + 1 : 0;
  for (const struct fts__wnode *q = n; q != a && q->level >= FTS_ROOTLEVEL;
       q = q->parent)
    len += q->namelen + 1;
  if (len >= max)
    {
      errno = ENAMETOOLONG;
      return NULL;
    }
  len += len == 0;              /* "" */
  char *p = malloc (len);
  if (!p)
    return NULL;
  /* Build from the end: each name is placed before what follows it, and
     a slash between them unless the directory's path ends in one.  */
  size_t end = len;
  p[--end] = '\0';
  if (namelen)
    {
      end -= namelen;
      memcpy (p + end, name, namelen);
    }
  bool need_slash = namelen != 0;
  for (const struct fts__wnode *q = n; q != a && q->level >= FTS_ROOTLEVEL;
       q = q->parent)
    {
      bool ends_in_slash = q->namelen > 0 && q->name[q->namelen - 1] == '/';
      if (need_slash)
        p[--end] = '/';
      size_t take = q->namelen - (need_slash && ends_in_slash);
      end -= take;
      memcpy (p + end, q->name, take);
      need_slash = true;
    }
  memmove (p, p + end, len - end);
  return p;
}

/* The path of N, as fts_read would have it, followed by "/NAME" when
   NAMELEN is not 0, in a buffer from malloc; null with errno ENOMEM.
   For reports and failures.  */
char *
fts__wnode_path (const struct fts__wnode *n, const char *name,
                 size_t namelen)
{
  return path_of (NULL, n, name, namelen, SIZE_MAX);
}

/* The path of N relative to its ancestor A, in a buffer from malloc:
   "b/c/n".  Null with errno ENAMETOOLONG when it would reach PATH_MAX
   (openat2 could not take it), ENOMEM when memory runs out.  For
   reopening N below A.  */
char *
fts__wnode_path_below (const struct fts__wnode *a, const struct fts__wnode *n)
{
  return path_of (a, n, "", 0, PATH_MAX);
}

/* ---- reports' records, in blocks ---------------------------------------- */

/* Drop K references to S, and free it if they were the last.  Returns the
   bytes freed, for the caller to take off the backlog.  */
size_t
fts__wslab_unref (struct fts__wslab *s, size_t k)
{
  if (atomic_fetch_sub_explicit (&s->refs, k, memory_order_acq_rel) != k)
    return 0;
  size_t size = s->size;
  free (s);
  return size;
}

/* A report of SIZE bytes, carved from *CUR, the calling thread's block,
   or from a new block (which becomes *CUR unless the report has it to
   itself), counted in W's backlog.  Null with errno ENOMEM.  */
struct fts__wreport *
fts__wreport_new (struct libfts_walk *w, struct fts__wslab **cur,
                  size_t size)
{
  size_t a = _Alignof (max_align_t);
  size_t head = (sizeof (struct fts__wslab) + a - 1) / a * a;
  size = (size + a - 1) / a * a;
  struct fts__wslab *s = *cur;
  if (!s || s->used + size > s->size)
    {
      bool own = size > (FTS__WALK_SLAB - head) / 4;
      size_t bytes = own ? head + size : FTS__WALK_SLAB;
      struct fts__wslab *fresh = malloc (bytes);
      if (!fresh)
        return NULL;
      atomic_init (&fresh->refs, !own);
      fresh->size = bytes;
      fresh->used = head;
      atomic_fetch_add_explicit (&w->em.backlog, bytes, memory_order_relaxed);
      if (!own)
        {
          fts__wslab_end (w, cur);
          *cur = fresh;
        }
      s = fresh;
    }
  struct fts__wreport *r = (struct fts__wreport *) ((char *) s + s->used);
  s->used += size;
  atomic_fetch_add_explicit (&s->refs, 1, memory_order_relaxed);
  r->slab = s;
  return r;
}

/* Drop one reference to S, and take it off W's backlog if it is freed.  */
static void
slab_put (struct libfts_walk *w, struct fts__wslab *s)
{
  size_t freed = fts__wslab_unref (s, 1);
  if (freed)
    atomic_fetch_sub_explicit (&w->em.backlog, freed, memory_order_relaxed);
}

/* Free R, a report delivered or never to be.  */
void
fts__wreport_free (struct libfts_walk *w, struct fts__wreport *r)
{
  slab_put (w, r->slab);
}

/* The calling thread carves no more from *CUR, if any.  */
void
fts__wslab_end (struct libfts_walk *w, struct fts__wslab **cur)
{
  if (*cur)
    slab_put (w, *cur);
  *cur = NULL;
}

/* ---- failing, stopping, waking ------------------------------------------ */

/* The walk cannot go on at N: keep ERR and N's path for the last report.  */
void
fts__walk_fail (struct libfts_walk *w, const struct fts__wnode *n, int err)
{
  int expected = 0;
  char *path = n->level >= FTS_ROOTLEVEL ? fts__wnode_path (n, "", 0) : NULL;
  pthread_mutex_lock (&w->lock);
  if (atomic_compare_exchange_strong (&w->stop, &expected, FTS__WALK_FAILED))
    {
      w->fail_errno = err;
      w->fail_path = path;
      path = NULL;
    }
  fts__wthreads_wake_all (w);
  pthread_mutex_unlock (&w->lock);
  free (path);
}

/* Whether W's held root, one that may overlap the roots before it
   (fts-walk-roots.c), may be walked: they are all finished and, in an
   ordered walk, delivered.  Lock held.  */
bool
fts__wroots_alone_may_go (struct libfts_walk *w)
{
  return (w->roots_fed == w->roots_finished
          && (!w->em.ordered
              || atomic_load (&w->em.roots_left) == w->roots_fed));
}

/* The emitter left a root of W, all its reports delivered: if a root
   waits for those before it and may go now, wake a thread to feed it (a
   broadcast for each root would wake every idle thread for nothing).
   Takes the lock.  */
void
fts__wroots_delivered (struct libfts_walk *w)
{
  pthread_mutex_lock (&w->lock);
  if (w->held_root && w->held_alone && fts__wroots_alone_may_go (w))
    pthread_cond_signal (&w->wake);
  pthread_mutex_unlock (&w->lock);
}

/* Stop W at the caller's request: threads waiting for a task wake up and
   leave.  */
void
fts__walk_stop (struct libfts_walk *w)
{
  int expected = 0;
  pthread_mutex_lock (&w->lock);
  atomic_compare_exchange_strong (&w->stop, &expected, FTS__WALK_STOPPED);
  fts__wthreads_wake_all (w);
  pthread_mutex_unlock (&w->lock);
}

/* Wake threads that the backlog holds back from the tasks there are, if
   any, to choose again (fts__wtask_take): as many as there are tasks
   when the backlog has shrunk (ALL: any task may be taken now), else one
   (the cursor waits: only a task at or below it may be).  The emitter
   calls it (see fts-walk-emit.c) after each run of deliveries while the
   backlog is high: a broadcast there woke every held thread to fight for
   the lock and find nothing, which with 64 threads on FUSE (du -s of an
   npm-like tree, 0.2 ms a request) took 12.9 s instead of 2.2.  */
void
fts__walk_wake_held (struct libfts_walk *w, bool all)
{
  pthread_mutex_lock (&w->lock);
  size_t n = all ? w->ntasks : 1;
  for (size_t i = 0; i < n && i < w->th.held; i++)
    pthread_cond_signal (&w->wake);
  pthread_mutex_unlock (&w->lock);
}

/* ---- visiting: what the walk's files call to visit ---------------------- */

/* Call the caller's VISIT with E; a request to stop stops the walk.  */
int
fts__wvisit_call (struct libfts_walk *w, struct fts__wentry *e)
{
  int r = w->visit (&e->pub, w->arg);
  if (r == LIBFTS_WALK_STOP)
    fts__walk_stop (w);
  return r;
}

/* Set E up for directory N itself of W (its pre-order, post-order or
   failure visit, or libfts_walk_give's), through its parent's
   descriptor PFD; its reports come from SLAB.  */
void
fts__wentry_of_node (struct fts__wentry *e, struct libfts_walk *w,
                     struct fts__wslab **slab, struct fts__wnode *n, int pfd,
                     int info, int err, const struct stat *st)
{
  memset (&e->pub, 0, sizeof e->pub);
  e->w = w;
  e->node = n;
  e->list = NULL;
  e->child = false;
  e->batch = NULL;
  e->slab = slab;
  e->pub.dirfd = pfd;
  e->pub.name = n->name;
  e->pub.namelen = n->namelen;
  e->pub.level = n->level;
  e->pub.info = info;
  e->pub.err = err;
  if (st)
    {
      e->st = *st;
      e->pub.st = &e->st;
      e->pub.d_type = IFTODT (st->st_mode);
    }
  else
    e->pub.d_type = info == FTS_NS ? DT_UNKNOWN : DT_DIR;
  e->pub.dir_data = st && S_ISDIR (st->st_mode) ? &n->data : NULL;
  e->pub.parent_data = n->parent->data;
  e->pub.root_dev = n->root_dev;
  e->pub.flagged = atomic_load_explicit (&n->flagged, memory_order_relaxed);
  e->pub.priv[0] = e;
}

/* lstat NAME in DIRFD (stat for a followed root) into ST, counted in
   CTX; returns the fts_info it gets, as fts_read's stat of an entry
   (fts__stat_follow), and sets *ERR.  */
int
fts__wstat_into (struct fts__wctx *ctx, int dirfd, const char *name,
                 bool follow, struct stat *st, int *err)
{
  int info = fts__stat_follow (dirfd, name, follow, st, &ctx->st.stat_calls);
  *err = info == FTS_NS ? errno : 0;
  return info;
}

/* fts-walk.c: the parallel walk: directories as tasks over N threads.

   A directory is a task: the thread that takes it opens it relative to its
   parent's descriptor (O_NOFOLLOW), visits it in pre-order, reads it a
   chunk at a time (in inode order when the threshold and the file
   system's policy say so, as fts_read does), makes a compact record of
   each subdirectory and pushes them all as new tasks, then visits the
   chunk's other entries through the directory's descriptor and bare
   names.  A directory is finished when its own reading and every
   subdirectory are: whichever thread finishes the last of them visits it
   in post-order, through its parent's descriptor, and goes on up.  Tasks
   wait in one heap (fts-walk-heap.c), ordered as a sequential walk meets
   them: the walk stays depth first, the set of waiting records small,
   and the threads read first the directories whose reports are due.
   Records, reports and what every part of the walk calls are in
   fts-walk-node.c, descriptors in fts-walk-fd.c, the delivery of
   reports in fts-walk-emit.c, the rest of the API and VISIT's calls in
   fts-walk-api.c.  Threads start lazily, when two directories wait and
   no thread is idle: a walk of one small directory starts none.

   The roots are fed to the tasks a window at a time (fts-walk-roots.c):
   the threads walk several at once, but a root that may overlap those
   before it waits for them, as in a sequential walk.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-walk-int.h"
#include "fts-report-int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* What each thread keeps for itself.  */
struct wctx
{
  struct libfts_walk *w;
  char *buf;                       /* getdents64 */
  struct fts__fs_cache fs;
  struct libfts_stats st;
  struct fts__wnode **kids;        /* a chunk's subdirectories */
  size_t kids_cap;
  struct fts__wnode *list;         /* the slice whose entries it visits */
  bool sharing;                    /* it visits a slice (unordered walks,
                                      which have no slice lists) */
  struct fts__wbatch batch;        /* its reports on the run it visits */
  struct fts__wslab *slab;         /* the block its reports come from */
  struct fts__wnode *next;         /* a subdirectory it read, kept to be
                                      read next, out of the heap */
  uint32_t kid_seq;                /* subdirectories of the directory it
                                      reads, so far */
};

static bool
isset (const struct libfts_walk *w, int opt)
{
  return (w->options & opt) != 0;
}

static bool
stopped (struct libfts_walk *w)
{
  return atomic_load_explicit (&w->stop, memory_order_relaxed) != 0;
}

/* ---- visiting ------------------------------------------------------------ */

/* Call the caller's VISIT with E; a request to stop stops the walk.  */
static int
call_visit (struct libfts_walk *w, struct fts__wentry *e)
{
  int r = w->visit (&e->pub, w->arg);
  if (r == LIBFTS_WALK_STOP)
    fts__walk_stop (w);
  return r;
}

/* Set E up for directory N itself of W (its pre-order, post-order or
   failure visit, or libfts_walk_give's), through its parent's
   descriptor PFD; its reports come from SLAB.  */
static void
entry_of_node (struct fts__wentry *e, struct libfts_walk *w,
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
static int
stat_into (struct wctx *ctx, int dirfd, const char *name, bool follow,
           struct stat *st, int *err)
{
  int info = fts__stat_follow (dirfd, name, follow, st, &ctx->st.stat_calls);
  *err = info == FTS_NS ? errno : 0;
  return info;
}

/* ---- tasks and threads ---------------------------------------------------- */

static void *worker_main (void *arg);

/* Start one more worker thread, with every signal blocked (the caller's
   handlers run on its own threads).  Lock held.  */
static void
start_worker (struct libfts_walk *w)
{
  sigset_t all, old;
  sigfillset (&all);
  pthread_sigmask (SIG_SETMASK, &all, &old);
  if (pthread_create (&w->tids[w->th.started], NULL, worker_main, w) == 0)
    {
      w->th.started++;
      w->th.starting++;
    }
  else
    w->th.max = w->th.started + 1;   /* go on with those we have */
  pthread_sigmask (SIG_SETMASK, &old, NULL);
}

static bool
waiting (struct libfts_walk *w)
{
  return atomic_load_explicit (&w->waiting, memory_order_relaxed);
}

/* Start workers for the tasks that wait, if the walk may.  Where the
   processor is the limit (local file systems, warm caches), one more when
   two tasks wait and no thread is idle: threads beyond the processors
   would only queue for them.  Where requests wait on a server, one for
   each task that no thread is free to take, up to the in-flight bound:
   every thread is then taken to be blocked, and each one more keeps one
   more request in flight.  Not while the backlog holds threads back: a
   new one would be held too.  Lock held.  */
static void
grow (struct libfts_walk *w)
{
  if (!waiting (w))
    {
      if (!w->th.idle && w->ntasks >= 2 && w->th.started + 1 < w->th.max)
        start_worker (w);
      return;
    }
  while (!w->th.held && w->ntasks > w->th.idle + w->th.starting
         && w->th.started + 1 < w->th.max)
    {
      unsigned before = w->th.started;
      start_worker (w);
      if (w->th.started == before)
        return;
    }
}

/* Requests wait on a server: from now on W keeps up to its in-flight
   bound of them going, with the descriptors that many threads pin; and
   never more, even when more threads were started before (work parks
   those beyond it).  */
static void
start_waiting (struct libfts_walk *w)
{
  if (waiting (w))
    return;
  fts__wfd_raise (&w->fdc, w->wait_fd_budget);
  pthread_mutex_lock (&w->lock);
  if (!waiting (w))
    {
      atomic_store (&w->waiting, true);
      w->th.max = w->th.wait_max;
      size_t bound = (size_t) w->th.wait_max
                     * FTS__WALK_WAIT_BACKLOG_PER_THREAD;
      if (bound > FTS__WALK_BACKLOG)
        atomic_store (&w->em.bound, bound);
      grow (w);
    }
  pthread_mutex_unlock (&w->lock);
}

/* Wake up to N of W's idle threads, one per signal: a broadcast to
   dozens of idle threads (where requests wait on a server) for one or
   two tasks had them all fight for the lock, most to find nothing (du
   -s of an npm-like tree on FUSE at 0.2 ms a request: 2.2 s with 48
   threads, 12.9 s with 64, 18 s with 80, mostly futex wake-ups).  Lock
   held.  */
static void
wake_idle (struct libfts_walk *w, size_t n)
{
  for (size_t i = 0; i < n && i < w->th.idle; i++)
    pthread_cond_signal (&w->wake);
}

/* Push the K records of KIDS as tasks.  */
static void
push_tasks (struct libfts_walk *w, struct fts__wnode **kids, size_t k,
            struct wctx *keeper)
{
  if (k == 0)
    return;
  pthread_mutex_lock (&w->lock);
  /* With no thread idle, the first subdirectory, which comes next in a
     sequential walk's order, is kept by the thread that found it, to read
     once it is done here (run_kept): no heap for that one, and its
     parent's descriptor and entries are still at hand.  */
  size_t i = 0;
  if (keeper && !keeper->next && !w->th.idle)
    keeper->next = kids[i++];
  k -= i;
  for (kids += i, i = 0; i < k; i++)
    fts__wtask_push (w, kids[i]);
  wake_idle (w, k);
  grow (w);
  pthread_mutex_unlock (&w->lock);
}

/* ---- finishing directories --------------------------------------------------- */

/* N's reports are all queued, or in CTX's batch: hand N to the emitter,
   or free it.  */
static void
retire (struct wctx *ctx, struct fts__wnode *n)
{
  if (ctx->w->em.ordered)
    fts__wemit_done (ctx->w, n, &ctx->batch);
  else
    fts__wnodes_free (ctx->w, &n, 1);
}

/* How many levels of directories read N's subtree spans, N included (0:
   N was not read), at most FTS__UNCHECKED_ASCENTS; N's subdirectories
   are all finished.  */
static unsigned
read_height (const struct fts__wnode *n)
{
  unsigned below = atomic_load (&n->below);
  if (!(below & 1))
    return 0;
  unsigned h = FTS__UNCHECKED_ASCENTS;
  while (h > 0 && !(below & (1u << h)))
    h--;
  return h < FTS__UNCHECKED_ASCENTS ? h + 1 : h;
}

/* N, finished, tells its parent how deep it was read.  Before the
   parent's pending count drops, so that whoever finishes the parent sees
   it.  */
static void
tell_parent_height (struct fts__wnode *n)
{
  unsigned h = read_height (n);
  if (h == 0 || n->parent->level < FTS_ROOTLEVEL)
    return;
  /* Most siblings tell the same: a read first spares the write to a line
     that the others read.  */
  unsigned char bit = 1u << h;
  if (!(atomic_load_explicit (&n->parent->below, memory_order_relaxed) & bit))
    atomic_fetch_or (&n->parent->below, bit);
}

/* Whether the walk, leaving N for its parent, checks that N has not moved:
   where fts_read checks it with FTS_DIRFD (see ascent_checked in fts.c),
   that is where gnulib's fts runs out of the descriptors it keeps: below
   a non-root directory with directories read FTS__UNCHECKED_ASCENTS
   levels beneath it.  */
static bool
ascent_checked (const struct fts__wnode *n)
{
  return n->level > FTS_ROOTLEVEL
         && (atomic_load (&n->below) & (1u << FTS__UNCHECKED_ASCENTS));
}

/* N, a directory that was read, is finished: visit it in post-order
   (FTS_ERR when its read was cut short) through its parent's descriptor,
   *PFD if the caller holds it pinned (-1 if not: then pinned here, in
   *PFD); N's own descriptor is closed.  Its reports go through the
   thread's batch, to be added with the end of N's list (retire).
   Returns false when the parent cannot be had or N has moved (the walk
   then fails; no pin is left).  */
static bool
visit_post (struct wctx *ctx, struct fts__wnode *n, int *pfd)
{
  struct libfts_walk *w = ctx->w;
  *pfd = fts__wfd_ascend (&w->fdc, n, ascent_checked (n), *pfd);
  if (*pfd == -1)
    {
      fts__walk_fail (w, n, errno);
      return false;
    }
  struct fts__wentry e;
  entry_of_node (&e, ctx->w, &ctx->slab, n, *pfd,
                 n->read_errno ? FTS_ERR : FTS_DP, n->read_errno, NULL);
  e.pub.d_type = DT_DIR;
  e.pub.dir_data = &n->data;
  e.batch = w->em.ordered ? &ctx->batch : NULL;
  call_visit (w, &e);
  return true;
}

/* One of N's pending parts (its own read, or a subdirectory) is done; if it
   was the last, finish N (POST: visit it in post-order) and go on up.
   PFD is N's parent's descriptor when the caller holds it pinned, left to
   release to unpin; -1 when it does not.  The caller may hold it only
   when its part of N is the last pending (nobody else can then finish N,
   and its parent, before the pin is let go).  */
static void
release (struct wctx *ctx, struct fts__wnode *n, bool post, int pfd)
{
  struct libfts_walk *w = ctx->w;
  for (;;)
    {
      if (atomic_fetch_sub_explicit (&n->pending, 1, memory_order_acq_rel)
          != 1)
        return;
      struct fts__wnode *p = n->parent;
      if (!post || stopped (w))
        fts__wfd_close (&w->fdc, n);
      else if (!visit_post (ctx, n, &pfd))
        return;
      tell_parent_height (n);
      retire (ctx, n);
      /* Before P's count drops: then another thread may finish P.  */
      if (pfd != -1)
        fts__wfd_unpin (&w->fdc, p);
      pfd = -1;
      if (p->level < FTS_ROOTLEVEL)
        {
          pthread_mutex_lock (&w->lock);
          atomic_fetch_sub (&p->pending, 1);
          fts__wroots_finished (w);
          pthread_cond_broadcast (&w->wake);
          pthread_mutex_unlock (&w->lock);
          return;
        }
      n = p;
      post = true;
    }
}

/* ---- reading a directory ------------------------------------------------------ */

/* D's chunk was just read: count it and sort it when it should be.  */
static void
take_chunk (struct wctx *ctx, struct fts__dir *dir,
            const struct fts__fs_row *fs)
{
  ctx->st.entries += dir->count;
  fts__sort_chunk (dir, ctx->w->sort_threshold, ctx->w->fs_policy, fs,
                   &ctx->st);
}

/* Make a record for each subdirectory (by d_type) of DIR's chunk, in
   order, count them as pending parts of D and push them as tasks.
   Returns 0 or -1 with errno ENOMEM.  */
static int
push_subdirs (struct wctx *ctx, struct fts__wnode *d, struct fts__dir *dir)
{
  struct libfts_walk *w = ctx->w;
  size_t want = 0;
  for (size_t i = 0; i < dir->count; i++)
    want += dir->ents[i].type == DT_DIR;
  if (want > ctx->kids_cap)
    {
      free (ctx->kids);
      ctx->kids = malloc (want * sizeof *ctx->kids);
      ctx->kids_cap = ctx->kids ? want : 0;
      if (!ctx->kids)
        return -1;
    }
  size_t k = 0;
  for (size_t i = 0; i < dir->count; i++)
    {
      const struct fts__dent *de = &dir->ents[i];
      if (de->type != DT_DIR)
        continue;
      const char *name = fts__dent_name (dir, de);
      struct fts__wnode *c = fts__wnode_new (d, name, strlen (name), de->ino);
      if (!c)
        break;
      c->seq = ctx->kid_seq++;
      ctx->kids[k++] = c;
    }
  fts__wnodes_register (w, ctx->kids, k);
  atomic_fetch_add_explicit (&d->pending, k, memory_order_relaxed);
  push_tasks (w, ctx->kids, k, ctx);
  if (k == want)
    return 0;
  errno = ENOMEM;
  return -1;
}

/* Queue C, a subdirectory found at this point of D's entries, in D's report
   list, or CTX->list's, a slice of it (ordered walks), after what CTX
   reported before it.  */
static void
queue_subdir (struct wctx *ctx, struct fts__wnode *d, struct fts__wnode *c)
{
  if (ctx->w->em.ordered)
    fts__wemit_batch (ctx->w, &ctx->batch, ctx->list ? ctx->list : d,
                      &c->hdr);
}

/* NAME in D (open on DFD) turned out to be a directory although d_type
   did not say so: make it a task of its own, in its place.  */
static void
late_subdir (struct wctx *ctx, struct fts__wnode *d, const char *name,
             const struct stat *st)
{
  struct libfts_walk *w = ctx->w;
  struct fts__wnode *c = fts__wnode_new (d, name, strlen (name), st->st_ino);
  if (!c)
    {
      fts__walk_fail (w, d, ENOMEM);
      return;
    }
  fts__wnodes_register (w, &c, 1);
  c->seq = UINT32_MAX;          /* its place is not known here */
  atomic_fetch_add_explicit (&d->pending, 1, memory_order_relaxed);
  queue_subdir (ctx, d, c);
  push_tasks (w, &c, 1, NULL);
}

/* Visit NAME, an entry of D (open on DFD) that d_type says is not a
   directory: as FTS_NSOK, or stat'ed first when the walk stats everything
   or d_type says nothing; again when VISIT asks (its d_type was wrong).  */
static void
visit_file (struct wctx *ctx, struct fts__wnode *d, int dfd,
            const char *name, const struct fts__dent *de)
{
  struct libfts_walk *w = ctx->w;
  struct fts__wentry e;
  memset (&e.pub, 0, sizeof e.pub);
  e.w = w;
  e.node = d;
  e.list = ctx->list;
  e.child = true;
  e.batch = w->em.ordered ? &ctx->batch : NULL;
  e.slab = &ctx->slab;
  e.pub.dirfd = dfd;
  e.pub.name = name;
  e.pub.namelen = strlen (name);
  e.pub.level = d->level + 1;
  e.pub.d_type = de->type;
  e.pub.parent_data = d->data;
  e.pub.root_dev = d->root_dev;
  e.pub.shared = ctx->list != NULL || ctx->sharing;
  e.pub.priv[0] = &e;
  /* Not stat'ed (FTS_NSOK) unless it must be; then once more, stat'ed,
     if VISIT says d_type was wrong.  */
  bool nsok = de->type != DT_UNKNOWN && !isset (w, LIBFTS_WALK_STAT);
  e.pub.info = FTS_NSOK;
  for (;;)
    {
      if (!nsok)
        {
          e.pub.info = stat_into (ctx, dfd, name, false, &e.st, &e.pub.err);
          e.pub.st = e.pub.info == FTS_NS ? NULL : &e.st;
          if (e.pub.st)
            e.pub.d_type = IFTODT (e.st.st_mode);
          if (e.pub.info == FTS_D)
            {
              late_subdir (ctx, d, name, &e.st);
              return;
            }
        }
      if (call_visit (w, &e) != LIBFTS_WALK_AGAIN || !nsok)
        return;
      nsok = false;
    }
}

/* Visit entries FROM to TO (excluded) of DIR's chunk of D (open on DFD)
   that are not subdirectories, and queue the subdirectories (KIDS, from
   push_subdirs, from the one at KID) in their places, in D's report list
   or in the slice's CTX->list: all in CTX->batch, added by the end.  */
static void
visit_range (struct wctx *ctx, struct fts__wnode *d, int dfd,
             const struct fts__dir *dir, size_t from, size_t to,
             struct fts__wnode *const *kids, size_t kid)
{
  struct libfts_walk *w = ctx->w;
  for (size_t i = from; i < to && !stopped (w); i++)
    {
      const struct fts__dent *de = &dir->ents[i];
      if (de->type == DT_DIR)
        queue_subdir (ctx, d, kids[kid++]);
      else
        visit_file (ctx, d, dfd, fts__dent_name (dir, de), de);
    }
  fts__wemit_flush (w, &ctx->batch);
}

/* Visit slice K of share S: its entries, its report list finished.  */
static void
visit_slice (struct wctx *ctx, struct fts__wshare *s, size_t k)
{
  size_t from = k * s->slice;
  size_t to = from + s->slice;
  if (to > s->dir->count)
    to = s->dir->count;
  ctx->list = s->lists ? s->lists[k] : NULL;
  ctx->sharing = true;
  visit_range (ctx, s->d, s->dfd, s->dir, from, to, s->kids,
               s->kid_base[k]);
  ctx->list = NULL;
  ctx->sharing = false;
  if (s->lists)
    fts__wemit_done (ctx->w, s->lists[k], &ctx->batch);
}

/* Visit the slices of S that nobody has claimed yet.  */
static void
help_share (struct wctx *ctx, struct fts__wshare *s)
{
  size_t k;
  while ((k = atomic_fetch_add (&s->next_slice, 1)) < s->nslices)
    visit_slice (ctx, s, k);
}

/* How many entries of chunk DIR make a slice when the chunk is worth
   sharing among the threads, else 0.  */
static size_t
slice_size (struct libfts_walk *w, const struct fts__dir *dir)
{
  if (!isset (w, LIBFTS_WALK_SPLIT))
    return 0;
  if (!waiting (w))
    return (w->th.cpu_max > 1 && dir->count >= FTS__WALK_SPLIT_MIN
            ? FTS__WALK_SLICE : 0);
  if (w->th.wait_max < 2 || dir->count < FTS__WALK_WAIT_SPLIT_MIN)
    return 0;
  size_t n = dir->count / ((size_t) w->th.wait_max
                           * FTS__WALK_WAIT_SLICES_PER_THREAD);
  return (n < FTS__WALK_WAIT_SLICE_MIN ? FTS__WALK_WAIT_SLICE_MIN
          : n > FTS__WALK_SLICE ? FTS__WALK_SLICE : n);
}

/* Prepare S, the share of DIR's chunk of D: where each slice's
   subdirectories start in KIDS, and (ordered walks) a report list for
   each slice, queued in D's list in order.  Returns 0, or -1 with errno
   ENOMEM.  */
static int
share_init (struct libfts_walk *w, struct fts__wshare *s)
{
  s->nslices = (s->dir->count + s->slice - 1) / s->slice;
  s->kid_base = malloc (s->nslices * sizeof *s->kid_base);
  s->lists = w->em.ordered ? calloc (s->nslices, sizeof *s->lists) : NULL;
  if (!s->kid_base || (w->em.ordered && !s->lists))
    return -1;
  size_t kid = 0;
  for (size_t k = 0; k < s->nslices; k++)
    {
      s->kid_base[k] = kid;
      size_t to = (k + 1) * s->slice;
      for (size_t i = k * s->slice; i < to && i < s->dir->count; i++)
        kid += s->dir->ents[i].type == DT_DIR;
      if (!s->lists)
        continue;
      struct fts__wnode *l = fts__wnode_new (s->d, "", 0, 0);
      if (!l)
        return -1;
      fts__wnodes_register (w, &l, 1);
      l->slice = true;
      l->level = s->d->level;
      s->lists[k] = l;
      fts__wemit_add (w, s->d, &l->hdr);
    }
  return 0;
}

/* Take S out of W's shares, if it is still there.  Lock held.  */
static void
withdraw_share (struct libfts_walk *w, struct fts__wshare *s)
{
  for (struct fts__wshare **p = &w->shares; *p; p = &(*p)->next)
    if (*p == s)
      {
        *p = s->next;
        return;
      }
}

/* Offer S to the other threads (starting as many as its slices can use,
   if the walk may), visit what they leave of it, and wait until none of
   them is in it.  */
static void
share_run (struct wctx *ctx, struct fts__wshare *s)
{
  struct libfts_walk *w = ctx->w;
  pthread_mutex_lock (&w->lock);
  s->next = w->shares;
  w->shares = s;
  while (w->th.started + 1 < w->th.max && w->th.started + 1 < s->nslices)
    {
      unsigned before = w->th.started;
      start_worker (w);
      if (w->th.started == before)
        break;
    }
  wake_idle (w, s->nslices);
  pthread_mutex_unlock (&w->lock);

  help_share (ctx, s);

  pthread_mutex_lock (&w->lock);
  withdraw_share (w, s);
  while (s->users)
    pthread_cond_wait (&w->share_done, &w->lock);
  pthread_mutex_unlock (&w->lock);
}

/* Visit the entries of DIR's chunk of D (open on DFD) that are not
   subdirectories, and queue the subdirectories (KIDS, from push_subdirs)
   in their places: on this thread, or with LIBFTS_WALK_SPLIT and a chunk
   worth it (large, or any where requests wait), on every thread that is
   free.  */
static void
visit_chunk (struct wctx *ctx, struct fts__wnode *d, int dfd,
             struct fts__dir *dir)
{
  struct libfts_walk *w = ctx->w;
  size_t slice = slice_size (w, dir);
  if (slice)
    {
      struct fts__wshare s = { .d = d, .dfd = dfd, .dir = dir,
                               .kids = ctx->kids, .slice = slice };
      atomic_init (&s.next_slice, 0);
      if (share_init (w, &s) == 0)
        share_run (ctx, &s);
      else
        fts__walk_fail (w, d, ENOMEM);
      free (s.kid_base);
      free (s.lists);
      return;
    }
  visit_range (ctx, d, dfd, dir, 0, dir->count, ctx->kids, 0);
}

/* How D is read on a file system of policy FS.  */
static struct fts__dir_reader
reader_for (struct wctx *ctx, const struct fts__fs_row *fs)
{
  struct libfts_walk *w = ctx->w;
  return (struct fts__dir_reader) {
    .buf = ctx->buf,
    .bufsize = FTS__GETDENTS_BUFSIZE,
    .chunk = fts__chunk_entries (w->sort_threshold),
    .short_batch_ends = fs->fills_batches
                        && isset (w, LIBFTS_WALK_TRUST_SHORT_READS),
  };
}

/* The time on the wall and on the thread's clock, in nanoseconds.  */
static void
clocks (long long t[2])
{
  struct timespec wall, cpu;
  clock_gettime (CLOCK_MONOTONIC, &wall);
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &cpu);
  t[0] = wall.tv_sec * 1000000000LL + wall.tv_nsec;
  t[1] = cpu.tv_sec * 1000000000LL + cpu.tv_nsec;
}

/* Whether the first read of a directory on FS is to be timed: a file
   system that fs-policy.c (or LIBFTS_STORAGE) cannot place, while W has
   not decided.  Where requests wait on a server, W starts waiting at
   once.  */
static bool
to_probe (struct libfts_walk *w, const struct fts__fs_row *fs)
{
  enum fts__fs_wait wait = (w->storage != FTS__FS_MEASURE ? w->storage
                            : fs->wait);
  if (wait == FTS__FS_LOCAL || waiting (w))
    return false;
  if (wait == FTS__FS_SERVER)
    {
      start_waiting (w);
      return false;
    }
  return atomic_load_explicit (&w->probes, memory_order_relaxed)
         < FTS__WALK_PROBES;
}

/* A directory read that began at T0 (clocks) is over: count it among
   W's probes, and once more than half of them waited long off the
   processor, start waiting.  */
static void
end_probe (struct libfts_walk *w, const long long t0[2])
{
  long long t[2];
  clocks (t);
  if (atomic_fetch_add (&w->probes, 1) >= FTS__WALK_PROBES)
    return;
  long long waited = (t[0] - t0[0]) - (t[1] - t0[1]);
  if (waited > FTS__WALK_SLOW_WAIT_NS
      && (atomic_fetch_add (&w->slow_probes, 1) + 1) * 2 > FTS__WALK_PROBES)
    start_waiting (w);
}

/* Read D, open and pinned on FD, a chunk at a time: push its
   subdirectories, visit the rest.  A read error part way is kept for D's
   post-order visit.  Returns 0, or -1 with errno when the first read
   fails (D cannot be read: FTS_DNR) or memory runs out.  */
static int
read_dir (struct wctx *ctx, struct fts__wnode *d, int fd)
{
  const struct fts__fs_row *fs
    = fts__fs_of (&ctx->fs, d->dev, fd, &ctx->st.statfs_calls);
  struct fts__dir_reader r = reader_for (ctx, fs);
  struct fts__dir dir;
  fts__dir_init (&dir);
  bool probe = to_probe (ctx->w, fs);
  long long t0[2];
  if (probe)
    clocks (t0);
  int read = fts__dir_read (&dir, fd, &r);
  if (probe)
    end_probe (ctx->w, t0);
  if (read != 0)
    return -1;
  ctx->st.dirs_read++;
  ctx->kid_seq = 0;
  for (;;)
    {
      take_chunk (ctx, &dir, fs);
      if (push_subdirs (ctx, d, &dir) != 0)
        {
          fts__dir_free (&dir);
          fts__walk_fail (ctx->w, d, ENOMEM);
          return 0;
        }
      visit_chunk (ctx, d, fd, &dir);
      if (!dir.more || stopped (ctx->w))
        break;
      if (fts__dir_read_more (&dir, fd, &r) != 0)
        return -1;
    }
  d->read_errno = dir.read_errno;
  fts__dir_free (&dir);
  return 0;
}

/* ---- a directory's task -------------------------------------------------------- */

/* Whether N, just opened with identity ST, repeats an ancestor.  Without
   directory hard links only a path through the root of a mount can come
   back to a directory (a directory bind-mounted below itself): the root
   of a mount shows another inode number than the one getdents gave, or
   another device than its parent's.  So N is looked up among its
   ancestors only when it, or an ancestor below its root, is such a root
   (N->mounted, then inherited): the directory that repeats one is often
   a level or more below the mount, at the same device.  A tree without
   mounts costs one comparison a directory; below a mount, one per
   ancestor.  */
static bool
is_cycle (struct fts__wnode *n, const struct stat *st)
{
  if (n->level <= FTS_ROOTLEVEL)
    return false;
  n->mounted = n->parent->mounted || st->st_ino != n->ino
               || st->st_dev != n->parent->dev;
  if (!n->mounted)
    return false;
  for (const struct fts__wnode *a = n->parent; a->level >= FTS_ROOTLEVEL;
       a = a->parent)
    if (a->dev == st->st_dev && a->ino == st->st_ino)
      return true;
  return false;
}

/* N, which d_type or the root's stat said was a directory, is something
   else or cannot be opened: visit it as what it is, with no post-order
   visit.  INFO, ERR, ST: what is known of it.  */
static void
visit_as_other (struct wctx *ctx, struct fts__wnode *n, int pfd, int info,
                int err, const struct stat *st)
{
  struct fts__wentry e;
  entry_of_node (&e, ctx->w, &ctx->slab, n, pfd, info, err, st);
  e.pub.dir_data = NULL;
  call_visit (ctx->w, &e);
}

/* What finding out about a directory's record gave.  */
enum probe
{
  PROBE_OTHER,             /* not a directory, or gone: visited as such */
  PROBE_OPEN,              /* opened, and its fstat is known */
  PROBE_STATED,            /* stat'ed, to be opened after FTS_D */
  PROBE_UNREADABLE         /* a directory that cannot be opened */
};

/* Find out what N is, as fts_read does before its FTS_D: with
   LIBFTS_WALK_STAT and for roots, by a stat (a change that VISIT makes at
   FTS_D, such as chmod's, then applies to the reading); else by opening
   it (pinned, on *FD) and fstat-ing the descriptor, one call less.  A
   directory that cannot be opened is stat'ed for its FTS_D, its error in
   *ERR for the FTS_DNR that follows.  Anything else is visited as what
   it is.  *ST is N's stat.  */
static enum probe
probe_node (struct wctx *ctx, struct fts__wnode *n, int pfd, struct stat *st,
            int *fd, int *err)
{
  struct libfts_walk *w = ctx->w;
  bool follow = n->level == FTS_ROOTLEVEL && isset (w, LIBFTS_WALK_COMFOLLOW);
  bool stat_first = n->level == FTS_ROOTLEVEL || isset (w, LIBFTS_WALK_STAT);
  int open_err = 0;
  *err = 0;
  if (!stat_first)
    {
      *fd = fts__wfd_open (&w->fdc, n, pfd, false);
      if (*fd >= 0)
        {
          ctx->st.stat_calls++;
          if (fstat (*fd, st) == 0)
            return PROBE_OPEN;
          *err = errno;
          fts__wfd_close (&w->fdc, n);
          visit_as_other (ctx, n, pfd, FTS_NS, *err, NULL);
          return PROBE_OTHER;
        }
      open_err = errno;
    }
  int info = stat_into (ctx, pfd, n->name, follow, st, err);
  if (info != FTS_D)
    {
      visit_as_other (ctx, n, pfd, info, *err, info == FTS_NS ? NULL : st);
      return PROBE_OTHER;
    }
  n->followed = follow;
  *err = open_err;
  return stat_first ? PROBE_STATED : PROBE_UNREADABLE;
}

/* The pre-order visit of N, whose stat is ST, and what follows from it.
   Returns true when N is to be read; *POST tells whether N gets a
   post-order visit (not after a skip, nor for a cycle).  */
static bool
enter_node (struct wctx *ctx, struct fts__wnode *n, int pfd,
            const struct stat *st, bool *post)
{
  struct libfts_walk *w = ctx->w;
  struct fts__wentry e;
  n->dev = st->st_dev;
  if (n->level == FTS_ROOTLEVEL)
    n->root_dev = st->st_dev;
  bool cycle = is_cycle (n, st);
  n->ino = st->st_ino;
  entry_of_node (&e, ctx->w, &ctx->slab, n, pfd, cycle ? FTS_DC : FTS_D, 0,
                 st);
  int r = call_visit (w, &e);
  *post = false;
  if (cycle || r == LIBFTS_WALK_SKIP || r == LIBFTS_WALK_STOP)
    return false;
  *post = true;
  return !(isset (w, LIBFTS_WALK_XDEV) && st->st_dev != n->root_dev);
}

/* Open N, stat'ed and visited at FTS_D, and check that it is still the
   directory that was stat'ed.  Returns the pinned descriptor, or -1 with
   errno.  */
static int
open_stated (struct wctx *ctx, struct fts__wnode *n, int pfd)
{
  struct libfts_walk *w = ctx->w;
  int fd = fts__wfd_open (&w->fdc, n, pfd, n->followed);
  if (fd < 0)
    return -1;
  struct stat now;
  ctx->st.stat_calls++;
  int err = fstat (fd, &now) != 0 ? errno
            : now.st_dev != n->dev || now.st_ino != n->ino ? ENOENT : 0;
  if (!err)
    return fd;
  fts__wfd_close (&w->fdc, n);
  errno = err;
  return -1;
}

/* Read N, a directory entered (its descriptor FD, -1 when it could not be
   opened, with ERR), or visit it as FTS_DNR.  Returns whether N gets its
   post-order visit; if so N's descriptor is still pinned.  */
static bool
read_node (struct wctx *ctx, struct fts__wnode *n, int pfd, int fd, int err,
           const struct stat *st)
{
  struct libfts_walk *w = ctx->w;
  if (fd >= 0 && read_dir (ctx, n, fd) == 0)
    {
      atomic_fetch_or (&n->below, 1);
      return true;
    }
  if (fd >= 0)
    err = errno;
  if (err == ENOMEM)
    fts__walk_fail (w, n, ENOMEM);
  fts__wfd_close (&w->fdc, n);
  struct fts__wentry e;
  entry_of_node (&e, ctx->w, &ctx->slab, n, pfd, FTS_DNR, err, st);
  call_visit (w, &e);
  return false;
}

/* Take the task of directory N: find out what it is, visit it, read it,
   and release it.  */
static void
process_dir (struct wctx *ctx, struct fts__wnode *n)
{
  struct libfts_walk *w = ctx->w;
  int pfd = fts__wfd_pin (&w->fdc, n->parent);
  if (pfd == -1)
    {
      fts__walk_fail (w, n->parent, errno);
      return;
    }
  struct stat st;
  int fd = -1, err;
  bool post = false;
  enum probe what = probe_node (ctx, n, pfd, &st, &fd, &err);
  if (what != PROBE_OTHER && enter_node (ctx, n, pfd, &st, &post))
    {
      if (what == PROBE_STATED)
        {
          fd = open_stated (ctx, n, pfd);
          err = fd < 0 ? errno : 0;
        }
      post = read_node (ctx, n, pfd, fd, err, &st);
    }
  else if (what == PROBE_OPEN)
    fts__wfd_close (&w->fdc, n);
  /* When no subdirectory of N is pending (most directories), this part
     of N is the last: N keeps its pin and its parent's, for release to
     finish N with both descriptors at hand; nobody else can come to
     them any more.  Otherwise both go before N's count drops.  (Who
     holds which pin: the table in fts-walk-int.h.)  */
  bool stop = stopped (w);
  bool last = !stop && atomic_load (&n->pending) == 1;
  if (!last)
    {
      if (post)
        fts__wfd_unpin (&w->fdc, n);
      fts__wfd_unpin (&w->fdc, n->parent);
      pfd = -1;
    }
  if (!stop)
    release (ctx, n, post, pfd);
}

/* ---- threads ---------------------------------------------------------------------- */

static int
ctx_init (struct wctx *ctx, struct libfts_walk *w)
{
  memset (ctx, 0, sizeof *ctx);
  ctx->w = w;
  fts__fs_cache_init (&ctx->fs);
  ctx->buf = malloc (FTS__GETDENTS_BUFSIZE);
  return ctx->buf ? 0 : -1;
}

/* Add CTX's counters to the walk's and free it.  */
static void
ctx_end (struct wctx *ctx)
{
  struct libfts_walk *w = ctx->w;
  pthread_mutex_lock (&w->lock);
  w->stats.dirs_read += ctx->st.dirs_read;
  w->stats.dirs_sorted += ctx->st.dirs_sorted;
  w->stats.entries += ctx->st.entries;
  w->stats.stat_calls += ctx->st.stat_calls;
  w->stats.statfs_calls += ctx->st.statfs_calls;
  w->stats.sort_nsec += ctx->st.sort_nsec;
  pthread_mutex_unlock (&w->lock);
  fts__wslab_end (w, &ctx->slab);
  fts__fs_cache_free (&ctx->fs);
  free (ctx->buf);
  free (ctx->kids);
}

/* Read the subdirectories that CTX kept for itself (push_tasks), one
   after another, while the backlog lets it; one that it does not goes to
   the heap, for whoever may take it.  A stopped walk leaves it to
   run_end.  */
static void
run_kept (struct wctx *ctx)
{
  struct libfts_walk *w = ctx->w;
  struct fts__wnode *n;
  while ((n = ctx->next) && !stopped (w))
    {
      ctx->next = NULL;
      if (fts__wtask_may_take (w, n))
        process_dir (ctx, n);
      else
        push_tasks (w, &n, 1, NULL);
    }
}

/* Feed W the roots that are due, and wake or start threads for them.
   Lock held.  */
static void
feed_roots (struct libfts_walk *w)
{
  size_t k = fts__wroots_feed (w);
  if (k == 0)
    return;
  wake_idle (w, k);
  grow (w);
}

/* The scheduler: each thread of the walk runs work, which repeats the
   first of these steps that applies until the walk ends (for the calling
   thread, CALLER, also once every root is finished):
     1. feed the roots that are due (fts-walk-roots.c);
     2. take a unit of the budget shared with other walks, if there is
        one and anything to do, or sleep for one;
     3. finish a directory whose hold was let go;
     4. help with a share's slices (a large directory's entries);
     5. take a task, the first in the sequential walk's order that the
        emitter's backlog allows;
     6. else sleep until woken.
   Steps 3 to 5 are not taken beyond the bound on requests in flight
   where requests wait on a server (at_bound).  W's lock is held between
   the steps, and let go while one does its work or sleeps.  */

/* Whether the calling thread (CALLER: libfts_walk_run's) is to leave
   W's work.  Lock held.  */
static bool
work_over (struct libfts_walk *w, bool caller)
{
  return stopped (w) || w->finished || (caller && fts__wroots_done (w));
}

/* Whether W's threads at work are as many as the requests it may keep
   in flight on a server: then a thread takes no more.  Lock held.  */
static bool
at_bound (struct libfts_walk *w)
{
  return waiting (w) && w->th.busy >= w->th.max;
}

/* Step 2: a unit of W's budget for the calling thread, when W shares one
   and there is anything to do.  Returns whether the thread may go on
   (it holds a unit, or needs none); false after it slept for one, to
   choose again.  Lock held; let go while asleep.  */
static bool
take_unit (struct libfts_walk *w)
{
  struct libfts_walk_budget *b = w->budget;
  if (!b || !(w->n_released || w->shares || w->tasks))
    return true;
  atomic_fetch_add (&b->sleepers, 1);
  bool got = fts__budget_try_take (b);
  if (!got)
    {
      w->th.idle++;
      pthread_cond_wait (&w->wake, &w->lock);
      w->th.idle--;
    }
  atomic_fetch_sub (&b->sleepers, 1);
  return got;
}

/* Give back the unit of W's budget that the calling thread holds, if
   any.  No lock held.  */
static void
put_unit (struct libfts_walk *w)
{
  if (w->budget)
    fts__budget_put (w->budget);
}

/* Step 3: finish a directory whose hold was let go
   (libfts_walk_release), or one handed out (libfts_walk_give) and
   finished unread: its part of the walk.  Lock held; let go
   meanwhile.  */
static void
finish_released (struct wctx *ctx)
{
  struct libfts_walk *w = ctx->w;
  struct fts__wnode *d = w->released[--w->n_released];
  w->holds--;
  w->th.busy++;
  pthread_mutex_unlock (&w->lock);
  release (ctx, d, !d->given, -1);
  put_unit (w);
  pthread_mutex_lock (&w->lock);
  w->th.busy--;
}

/* Step 4: help with the slices of W's first share; withdraw it once all
   are claimed, so that nobody comes in again.  Lock held; let go
   meanwhile.  */
static void
join_share (struct wctx *ctx)
{
  struct libfts_walk *w = ctx->w;
  struct fts__wshare *s = w->shares;
  s->users++;
  w->th.busy++;
  pthread_mutex_unlock (&w->lock);
  help_share (ctx, s);
  put_unit (w);
  pthread_mutex_lock (&w->lock);
  w->th.busy--;
  if (atomic_load (&s->next_slice) >= s->nslices)
    withdraw_share (w, s);
  if (--s->users == 0)
    pthread_cond_broadcast (&w->share_done);
}

/* Step 5: read N, a task taken, and the subdirectories its reading kept
   for this thread.  Lock held; let go meanwhile.  */
static void
run_task (struct wctx *ctx, struct fts__wnode *n)
{
  struct libfts_walk *w = ctx->w;
  if (waiting (w))
    grow (w);
  w->th.busy++;
  pthread_mutex_unlock (&w->lock);
  process_dir (ctx, n);
  run_kept (ctx);
  put_unit (w);
  pthread_mutex_lock (&w->lock);
  w->th.busy--;
}

/* Give back the budget unit the calling thread took for nothing, out of
   W's lock (another walk may wait for it).  Returns whether anything
   came meanwhile that the thread would have missed asleep: what the
   lock kept from changing while it was held.  Lock held; let go
   meanwhile.  */
static bool
unit_back_changed (struct libfts_walk *w, bool caller)
{
  size_t ntasks = w->ntasks;
  struct fts__wshare *shares = w->shares;
  const struct fts__wnode *at = atomic_load (&w->em.at);
  size_t backlog = atomic_load (&w->em.backlog);
  pthread_mutex_unlock (&w->lock);
  fts__budget_put (w->budget);
  pthread_mutex_lock (&w->lock);
  return (w->n_released || w->shares != shares || w->ntasks != ntasks
          || atomic_load (&w->em.at) != at
          || atomic_load (&w->em.backlog) != backlog
          || work_over (w, caller) || fts__wroots_due (w));
}

/* Step 6: sleep until woken, nothing there for the calling thread (OVER:
   W is at its bound on requests in flight); not when its budget unit,
   given back, let it miss something.  The emitter wakes those held back
   by the backlog when it shrinks or moves on (fts-walk-emit.c).  Lock
   held; let go while asleep.  */
static void
rest (struct libfts_walk *w, bool caller, bool over)
{
  if (w->budget && unit_back_changed (w, caller))
    return;
  bool held = w->tasks != NULL && !over;
  w->th.idle++;
  w->th.held += held;
  pthread_cond_wait (&w->wake, &w->lock);
  w->th.idle--;
  w->th.held -= held;
}

/* Run the scheduler's steps (above) until the walk ends, or for CALLER
   until every root is finished too.  */
static void
work (struct wctx *ctx, bool caller)
{
  struct libfts_walk *w = ctx->w;
  pthread_mutex_lock (&w->lock);
  if (!caller)
    w->th.starting--;
  while (!work_over (w, caller))
    {
      if (fts__wroots_due (w))
        {
          feed_roots (w);
          continue;
        }
      if (!take_unit (w))
        continue;
      if (w->n_released)
        {
          finish_released (ctx);
          continue;
        }
      bool over = at_bound (w);
      struct fts__wnode *n = NULL;
      if (w->shares && !over)
        join_share (ctx);
      else if (w->tasks && !over && (n = fts__wtask_take (w)))
        run_task (ctx, n);
      else
        rest (w, caller, over);
    }
  pthread_mutex_unlock (&w->lock);
}

/* A worker thread of the walk ARG: the scheduler's steps until the walk
   ends.  */
static void *
worker_main (void *arg)
{
  struct libfts_walk *w = arg;
  struct wctx ctx;
  if (ctx_init (&ctx, w) == 0)
    work (&ctx, false);
  else
    {
      pthread_mutex_lock (&w->lock);
      w->th.starting--;
      pthread_mutex_unlock (&w->lock);
    }
  ctx_end (&ctx);
  return NULL;
}

/* ---- running ------------------------------------------------------------------ */

/* THREADS, or fewer when a descriptor budget of BUDGET cannot give each
   its pins.  */
static unsigned
threads_within (unsigned threads, unsigned budget)
{
  unsigned by_fds = budget / FTS__WALK_PINS_PER_THREAD;
  if (threads > by_fds)
    threads = by_fds ? by_fds : 1;
  return threads;
}

/* Set W up to run; returns 0 or -1 with errno.  */
static int
run_init (struct libfts_walk *w, libfts_walk_visit_fn visit,
          libfts_walk_report_fn report, void *arg)
{
  w->visit = visit;
  w->arg = arg;
  unsigned room = fts__wfd_room ();
  unsigned budget = fts__wfd_budget (FTS__WALK_FD_BUDGET, room);
  w->th.cpu_max = threads_within (w->threads ? w->threads
                                   : libfts_default_threads (), budget);
  unsigned inflight = fts__walk_inflight (w);
  unsigned want = inflight * FTS__WALK_PINS_PER_THREAD;
  w->wait_fd_budget = fts__wfd_budget (want > budget ? want : budget, room);
  w->th.wait_max = threads_within (inflight, w->wait_fd_budget);
  unsigned most = (w->th.cpu_max > w->th.wait_max ? w->th.cpu_max
                   : w->th.wait_max);
  w->th.max = w->th.cpu_max;
  w->tids = most > 1 ? calloc (most - 1, sizeof *w->tids) : NULL;
  if (most > 1 && !w->tids)
    return -1;
  pthread_cond_init (&w->share_done, NULL);
  fts__mutex_init (&w->all_lock);
  w->all.all_next = w->all.all_prev = &w->all;
  fts__wfd_init (&w->fdc, budget);
  w->fdc.threads = most;
  w->top.level = FTS_ROOTLEVEL - 1;
  w->top.tail = &w->top.head;
  w->top.fd = -1;
  w->top.parent = &w->top;
  atomic_init (&w->top.pending, 0);
  fts__wemit_init (&w->em, &w->top, isset (w, LIBFTS_WALK_ORDERED), report,
                   arg);
  return 0;
}

/* ---- handing out ----------------------------------------------------------------- */

int
libfts_walk_give (LIBFTS_WALK *w, libfts_walk_visit_fn give, void *arg)
{
  if (!w || !give || isset (w, LIBFTS_WALK_XDEV))
    {
      errno = EINVAL;
      return -1;
    }
  /* One at a time: their reports share a block (a block each would
     count 4 KiB of backlog for a placeholder).  */
  pthread_mutex_lock (&w->give_lock);
  pthread_mutex_lock (&w->lock);
  /* A root is not handed out: it is a path, reached from no directory
     of the walk.  */
  if (!w->running || stopped (w) || !w->tasks
      || w->tasks->level == FTS_ROOTLEVEL)
    {
      pthread_mutex_unlock (&w->lock);
      pthread_mutex_unlock (&w->give_lock);
      return 0;
    }
  /* Room in RELEASED first, so that finishing it cannot fail.  */
  struct fts__wnode **room = realloc (w->released,
                                      (w->holds + 1) * sizeof *room);
  if (!room)
    {
      pthread_mutex_unlock (&w->lock);
      pthread_mutex_unlock (&w->give_lock);
      errno = ENOMEM;
      return -1;
    }
  w->released = room;
  w->holds++;
  w->th.givers++;
  struct fts__wnode *n = fts__wtask_take_first (w);
  pthread_mutex_unlock (&w->lock);

  /* Its reports wait on its list for the thread that finishes it, which
     delivers them when their turn has come (ordered walks).  */
  struct fts__wbatch batch = { .keep = true };
  struct fts__wentry e;
  entry_of_node (&e, w, &w->give_slab, n, -1, FTS_D, 0, NULL);
  e.batch = w->em.ordered ? &batch : NULL;
  bool given = give (&e.pub, arg) == LIBFTS_WALK_SKIP;
  fts__wemit_stash (w, &batch);

  pthread_mutex_lock (&w->lock);
  if (given)
    {
      n->given = true;
      w->released[w->n_released++] = n;
    }
  else
    {
      w->holds--;
      fts__wtask_push (w, n);
    }
  w->th.givers--;
  pthread_cond_broadcast (&w->wake);
  pthread_mutex_unlock (&w->lock);
  pthread_mutex_unlock (&w->give_lock);
  return given;
}

/* Free what a stopped walk left: records, their descriptors, their
   reports; and the run's locks.  */
static void
run_end (struct libfts_walk *w)
{
  /* Reports first: a list runs through the records of subdirectories,
     which must still be there.  */
  for (struct fts__wnode *n = w->all.all_next; n != &w->all; n = n->all_next)
    fts__wnode_free_items (w, n);
  fts__wnode_free_items (w, &w->top);
  struct fts__wnode *n = w->all.all_next;
  while (n != &w->all)
    {
      struct fts__wnode *next = n->all_next;
      if (n->fd >= 0)
        close (n->fd);
      free (n);
      n = next;
    }
  w->all.all_next = w->all.all_prev = &w->all;
  w->stats.dir_opens = w->fdc.opens;
  w->stats.dir_reopens = w->fdc.reopens;
  w->stats.stat_calls += w->fdc.stats;
  fts__wemit_destroy (&w->em);
  fts__wfd_destroy (&w->fdc);
  pthread_mutex_destroy (&w->all_lock);
  pthread_cond_destroy (&w->share_done);
  free (w->tids);
  w->tids = NULL;
  free (w->released);
  w->released = NULL;
  w->n_released = w->holds = 0;
}

/* Add W's counters to the process's totals (LIBFTS_STATS_FILE).  */
static void
report_totals (struct libfts_walk *w)
{
  struct fts__stream s;
  memset (&s, 0, sizeof s);
  s.stats = w->stats;
  s.sort_threshold = w->sort_threshold;
  s.fs_policy = w->fs_policy;
  fts__report_stream (&s);
}

/* Deliver the report that says why the walk failed.  */
static void
report_failure (struct libfts_walk *w)
{
  struct libfts_walk_report rep = {
    .path = w->fail_path ? w->fail_path : "",
    .pathlen = w->fail_path ? strlen (w->fail_path) : 0,
    .info = FTS_ERR,
    .code = LIBFTS_WALK_FAILED,
    .err = w->fail_errno,
  };
  if (w->em.report)
    w->em.report (&rep, w->em.arg);
}

int
libfts_walk_run (LIBFTS_WALK *w, libfts_walk_visit_fn visit,
                 libfts_walk_report_fn report, void *arg)
{
  if (!w || !visit || w->ran)
    {
      errno = EINVAL;
      return -1;
    }
  w->ran = true;
  if (run_init (w, visit, report, arg) != 0)
    return -1;
  if (w->budget)
    fts__budget_attach (w);
  pthread_mutex_lock (&w->lock);
  w->running = true;
  pthread_mutex_unlock (&w->lock);
  struct wctx ctx;
  if (ctx_init (&ctx, w) != 0)
    fts__walk_fail (w, &w->top, ENOMEM);
  else
    work (&ctx, true);
  pthread_mutex_lock (&w->lock);
  w->finished = true;
  pthread_cond_broadcast (&w->wake);
  pthread_mutex_unlock (&w->lock);
  for (unsigned i = 0; i < w->th.started; i++)
    pthread_join (w->tids[i], NULL);
  /* A stopped walk may end while a directory is being given.  */
  pthread_mutex_lock (&w->lock);
  w->running = false;
  while (w->th.givers)
    pthread_cond_wait (&w->wake, &w->lock);
  pthread_mutex_unlock (&w->lock);
  pthread_mutex_lock (&w->give_lock);
  fts__wslab_end (w, &w->give_slab);
  pthread_mutex_unlock (&w->give_lock);
  if (w->budget)
    fts__budget_detach (w);
  ctx_end (&ctx);

  int stop = atomic_load (&w->stop);
  if (stop == FTS__WALK_FAILED)
    report_failure (w);
  run_end (w);
  report_totals (w);
  if (stop == FTS__WALK_FAILED)
    {
      errno = w->fail_errno;
      return -1;
    }
  return stop == FTS__WALK_STOPPED;
}

/* fts-walk-read.c: the parallel walk's reading of a directory: a chunk
   of entries at a time (in inode order where the threshold and the file
   system's policy say so), each subdirectory made a record and pushed as
   a task, the other entries visited through the directory's descriptor;
   a large chunk cut into slices that idle threads share (the shares);
   the timing of the first reads on a file system fs-policy.c does not
   know (the probes), which decides whether requests wait on a server;
   and the file systems' policy rows that a walk's threads, or a
   budget's walks, share.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-walk-int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* D's chunk was just read: count it and sort it when it should be.  */
static void
take_chunk (struct fts__wctx *ctx, struct fts__dir *dir,
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
push_subdirs (struct fts__wctx *ctx, struct fts__wnode *d,
              struct fts__dir *dir)
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
  fts__wtasks_push (w, ctx->kids, k, ctx);
  if (k == want)
    return 0;
  errno = ENOMEM;
  return -1;
}

/* Queue C, a subdirectory found at this point of D's entries, in D's report
   list, or CTX->list's, a slice of it (ordered walks), after what CTX
   reported before it.  */
static void
queue_subdir (struct fts__wctx *ctx, struct fts__wnode *d,
              struct fts__wnode *c)
{
  if (ctx->w->em.ordered)
    fts__wemit_batch (ctx->w, &ctx->batch, ctx->list ? ctx->list : d,
                      &c->hdr);
}

/* NAME in D (open on DFD) turned out to be a directory although d_type
   did not say so: make it a task of its own, in its place.  */
static void
late_subdir (struct fts__wctx *ctx, struct fts__wnode *d, const char *name,
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
  fts__wtasks_push (w, &c, 1, NULL);
}

/* Visit NAME, an entry of D (open on DFD) that d_type says is not a
   directory: as FTS_NSOK, or stat'ed first when the walk stats everything
   or d_type says nothing; again when VISIT asks (its d_type was wrong).  */
static void
visit_file (struct fts__wctx *ctx, struct fts__wnode *d, int dfd,
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
  e.ctx = ctx;
  e.de = de;
  /* Not stat'ed (FTS_NSOK) unless it must be; then once more, stat'ed,
     if VISIT says d_type was wrong.  */
  bool nsok = de->type != DT_UNKNOWN && !fts__wisset (w, LIBFTS_WALK_STAT);
  e.pub.info = FTS_NSOK;
  for (;;)
    {
      if (!nsok)
        {
          e.pub.info = fts__wstat_into (ctx, dfd, name, false, &e.st,
                                        &e.pub.err);
          e.pub.st = e.pub.info == FTS_NS ? NULL : &e.st;
          if (e.pub.st)
            e.pub.d_type = IFTODT (e.st.st_mode);
          if (e.pub.info == FTS_D)
            {
              late_subdir (ctx, d, name, &e.st);
              return;
            }
        }
      if (fts__wvisit_call (w, &e) != LIBFTS_WALK_AGAIN || !nsok)
        return;
      nsok = false;
    }
}

/* Visit entries FROM to TO (excluded) of DIR's chunk of D (open on DFD)
   that are not subdirectories, and queue the subdirectories (KIDS, from
   push_subdirs, from the one at KID) in their places, in D's report list
   or in the slice's CTX->list: all in CTX->batch, added by the end.  */
static void
visit_range (struct fts__wctx *ctx, struct fts__wnode *d, int dfd,
             const struct fts__dir *dir, size_t from, size_t to,
             struct fts__wnode *const *kids, size_t kid)
{
  struct libfts_walk *w = ctx->w;
  ctx->range_dir = dir;
  ctx->range_to = to;
  for (size_t i = from; i < ctx->range_to && !fts__wstopped (w); i++)
    {
      const struct fts__dent *de = &dir->ents[i];
      if (de->type == DT_DIR)
        queue_subdir (ctx, d, kids[kid++]);
      else
        visit_file (ctx, d, dfd, fts__dent_name (dir, de), de);
    }
  ctx->range_dir = NULL;
  if (ctx->cut)
    {
      fts__wemit_batch (w, &ctx->batch, d, &ctx->cut->hdr);
      ctx->cut = NULL;
    }
  fts__wemit_flush (w, &ctx->batch);
}

/* Entries a run handed over by libfts_walk_cut holds at least for each
   entry of the directory read so far: whoever takes them reads the
   directory again.  */
enum { FTS__WALK_CUT_PER_READ = 64 };

long
libfts_walk_cut (struct libfts_walk_entry *pub, size_t min, int code,
                 intmax_t value, libfts_walk_cut_fn take, void *arg,
                 int *sorted)
{
  struct fts__wentry *e = fts__wentry_of (pub);
  struct fts__wctx *ctx = e->child ? e->ctx : NULL;
  if (!ctx || !ctx->range_dir || ctx->list || ctx->sharing || ctx->cut
      || !e->batch)
    return 0;
  const struct fts__dir *dir = ctx->range_dir;
  size_t i = e->de - dir->ents, to = ctx->range_to;
  if (i >= to)
    return 0;
  /* The run of entries not directories (by d_type) at the end.  */
  size_t from = to;
  while (from > i + 1 && dir->ents[from - 1].type != DT_DIR
         && dir->ents[from - 1].type != DT_UNKNOWN)
    from--;
  size_t give = (to - i - 1) / 2;
  if (give > to - from)
    give = to - from;
  if (give == 0 || give < min || give * FTS__WALK_CUT_PER_READ < dir->total)
    return 0;
  if (!take)
    return (long) give;
  struct fts__wreport *r = fts__wreport_new (e->w, e->slab,
                                             fts__wreport_size (0, 0));
  if (!r)
    return -1;
  for (size_t k = to - give; k < to; k++)
    if (take (fts__dent_name (dir, &dir->ents[k]), dir->ents[k].type,
              arg) != 0)
      {
        fts__wreport_free (e->w, r);
        return 0;
      }
  r->hdr.kind = FTS__WI_SELF;
  r->info = FTS_D;
  r->code = code;
  r->err = 0;
  r->value = value;
  r->size = 0;
  r->namelen = 0;
  r->name[0] = '\0';
  ctx->cut = r;
  ctx->range_to = to - give;
  if (sorted)
    *sorted = dir->sorted;
  return (long) give;
}

int
fts__cmp_names (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* libfts_walk_set_root_names: keep of DIR's chunk of a root only the
   names W was given, in inode order if it was told so.  */
static void
keep_root_names (struct libfts_walk *w, struct fts__dir *dir)
{
  size_t k = 0;
  for (size_t i = 0; i < dir->count; i++)
    {
      const char *name = fts__dent_name (dir, &dir->ents[i]);
      if (bsearch (&name, w->root_names, w->n_root_names,
                   sizeof *w->root_names, fts__cmp_names))
        dir->ents[k++] = dir->ents[i];
    }
  dir->count = k;
  if (w->root_names_sorted && !dir->sorted)
    fts__dir_sort_by_inode (dir);
}

/* Visit slice K of share S: its entries, its report list finished.  */
static void
visit_slice (struct fts__wctx *ctx, struct fts__wshare *s, size_t k)
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
void
fts__wshare_help (struct fts__wctx *ctx, struct fts__wshare *s)
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
  if (!fts__wisset (w, LIBFTS_WALK_SPLIT))
    return 0;
  if (!fts__walk_waiting (w))
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
void
fts__wshare_withdraw (struct libfts_walk *w, struct fts__wshare *s)
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
share_run (struct fts__wctx *ctx, struct fts__wshare *s)
{
  struct libfts_walk *w = ctx->w;
  pthread_mutex_lock (&w->lock);
  s->next = w->shares;
  w->shares = s;
  while (w->th.started + 1 < w->th.max && w->th.started + 1 < s->nslices)
    {
      unsigned before = w->th.started;
      fts__wthreads_start (w);
      if (w->th.started == before)
        break;
    }
  fts__wthreads_wake (w, s->nslices);
  pthread_mutex_unlock (&w->lock);

  fts__wshare_help (ctx, s);

  pthread_mutex_lock (&w->lock);
  fts__wshare_withdraw (w, s);
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
visit_chunk (struct fts__wctx *ctx, struct fts__wnode *d, int dfd,
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
reader_for (struct fts__wctx *ctx, const struct fts__fs_row *fs)
{
  struct libfts_walk *w = ctx->w;
  return (struct fts__dir_reader) {
    .buf = ctx->buf,
    .bufsize = FTS__GETDENTS_BUFSIZE,
    .chunk = fts__chunk_entries (w->sort_threshold),
    .short_batch_ends = fs->fills_batches
                        && fts__wisset (w, LIBFTS_WALK_TRUST_SHORT_READS),
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
  if (wait == FTS__FS_LOCAL || fts__walk_waiting (w))
    return false;
  if (wait == FTS__FS_SERVER)
    {
      fts__walk_start_waiting (w);
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
    fts__walk_start_waiting (w);
}

void
fts__wfs_init (struct fts__wfs *s)
{
  fts__mutex_init (&s->lock);
  fts__fs_cache_init (&s->cache);
}

void
fts__wfs_free (struct fts__wfs *s)
{
  pthread_mutex_destroy (&s->lock);
  fts__fs_cache_free (&s->cache);
}

/* The policy row of device DEV's file system, FD open on it: from the
   thread's own cache; else from the one its walk's threads share, or,
   where the walk has a budget, all the budget's walks; else by fstatfs.
   An MPI rank's tasks are walks of one file system, and each thread of
   each asked the server: mpi-du -sh of npm's 445 operands at -np 4 made
   1,865 statfs, where one walk makes 9.  A device number names one file
   system for as long as the walk, or the budget, lives.  */
static const struct fts__fs_row *
fs_of (struct fts__wctx *ctx, dev_t dev, int fd)
{
  const struct fts__fs_row *row = fts__fs_cached (&ctx->fs, dev);
  if (row)
    return row;
  struct libfts_walk *w = ctx->w;
  struct fts__wfs *s = w->budget ? &w->budget->fs : &w->fs;
  pthread_mutex_lock (&s->lock);
  row = fts__fs_of (&s->cache, dev, fd, &ctx->st.statfs_calls);
  pthread_mutex_unlock (&s->lock);
  fts__fs_remember (&ctx->fs, dev, row);
  return row;
}

/* Read D, open and pinned on FD, a chunk at a time: push its
   subdirectories, visit the rest.  A read error part way is kept for D's
   post-order visit.  Returns 0, or -1 with errno when the first read
   fails (D cannot be read: FTS_DNR) or memory runs out.  */
int
fts__wread_dir (struct fts__wctx *ctx, struct fts__wnode *d, int fd)
{
  const struct fts__fs_row *fs = fs_of (ctx, d->dev, fd);
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
      if (ctx->w->root_names && d->level == FTS_ROOTLEVEL)
        keep_root_names (ctx->w, &dir);
      if (push_subdirs (ctx, d, &dir) != 0)
        {
          fts__dir_free (&dir);
          fts__walk_fail (ctx->w, d, ENOMEM);
          return 0;
        }
      visit_chunk (ctx, d, fd, &dir);
      if (!dir.more || fts__wstopped (ctx->w))
        break;
      if (fts__dir_read_more (&dir, fd, &r) != 0)
        return -1;
    }
  d->read_errno = dir.read_errno;
  fts__dir_free (&dir);
  return 0;
}


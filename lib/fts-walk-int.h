/* fts-walk-int.h: the parallel walk's internals, shared by fts-walk.c
   (a directory's task, the scheduler, the run), fts-walk-threads.c (the
   threads and the pushing of tasks), fts-walk-read.c (reading a
   directory, shares, probes), fts-walk-hold.c (holds, hand-outs,
   flags), fts-walk-api.c (the API around it), fts-walk-heap.c (the
   tasks), fts-walk-roots.c (the roots), fts-walk-fd.c (descriptors),
   fts-walk-budget.c (a budget shared by walks), fts-walk-emit.c (reports
   in sequential order) and fts-walk-node.c (the records and calls they
   all use).  Not installed.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

/* ---- locks and who owns what ----------------------------------------------

   The locks, outermost first; a thread holding one takes only those
   below it, never one above:
     1. the budget's (struct libfts_walk_budget, fts-walk-budget.c): its
        list of walks and the sleep for a unit; it wakes each walk under
        that walk's lock;
     2. GIVE_LOCK: one libfts_walk_give at a time (fts-walk-hold.c);
     3. the emitter's (EM.LOCK, fts-walk-emit.c): the report lists and
        the cursor; let go while a run of reports is delivered;
     4. LOCK, the walk's: the tasks, the shares, the released holds, the
        thread counters (TH), the roots' feeding (fts-walk-roots.c), the
        end; let go around any reading, visiting or reporting;
     5. ALL_LOCK (the list of live records, fts-walk-node.c) and the
        descriptors' (FDC.LOCK, fts-walk-fd.c): leaves, holding no other.

   Counters shared without a lock, each changed only where it says:
   - a record's PENDING (struct fts__wnode): its parts not done, its own
     read and each subdirectory pushed.  Set to 1 when made
     (fts-walk-node.c); added to for each subdirectory pushed
     (fts-walk-read.c) and for a directory held (libfts_walk_hold,
     fts-walk-hold.c); taken
     from only by release (fts-walk.c), whose thread finishes the record
     when it takes the last.  The top's counts the roots (fts-walk-roots.c
     adds).
   - EM.BACKLOG: the bytes of the blocks that reports not yet freed are
     carved from.  Added to when a report takes a new block, taken from
     when a block's last report is freed undelivered (fts-walk-node.c)
     or delivered (fts-walk-emit.c); read to hold threads back
     (fts-walk-heap.c, fts-walk.c's scheduler).
   - EM.AT: the directory whose reports are being delivered; written only
     by the emitter as its cursor moves, read by the threads choosing a
     task (fts-walk-heap.c) and compared, never followed, by the
     scheduler.  */

#ifndef LIBFTS_FTS_WALK_INT_H
#define LIBFTS_FTS_WALK_INT_H 1

#include "fts-int.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- records: reports and directories (fts-walk-node.c) ----------------- */

/* What a directory's report list holds, in the order a sequential walk
   meets it: its own reports (FTS_D, FTS_DNR, FTS_DP...), reports about
   its non-directory entries, and its subdirectories, each with a list of
   its own.  */
enum fts__witem_kind
{
  FTS__WI_NODE,            /* a subdirectory: struct fts__wnode */
  FTS__WI_SELF,            /* a report about the directory itself */
  FTS__WI_CHILD            /* a report about an entry, named in it */
};

struct fts__witem
{
  struct fts__witem *next;
  unsigned char kind;      /* enum fts__witem_kind */
};

struct fts__wslab;

struct fts__wreport
{
  struct fts__witem hdr;
  struct fts__wslab *slab; /* the block it was carved from */
  int info;
  int code;
  int err;
  intmax_t value;
  size_t size;             /* the caller's data: at fts__wreport_data */
  size_t namelen;          /* FTS__WI_CHILD: the name follows */
  char name[];
};

/* Where R's data (R->size bytes) lies: after its name, aligned for any
   type.  */
static inline size_t
fts__wreport_data_offset (size_t namelen)
{
  size_t a = _Alignof (max_align_t);
  return (offsetof (struct fts__wreport, name) + namelen + 1 + a - 1)
         / a * a;
}

static inline const void *
fts__wreport_data (const struct fts__wreport *r)
{
  return r->size ? (const char *) r + fts__wreport_data_offset (r->namelen)
         : NULL;
}

/* A directory of the walk (or a root of any type): a compact record while
   it waits to be read, and while its report list waits for its turn.
   About 180 bytes and its name.  */
struct fts__wnode
{
  struct fts__witem hdr;           /* in its parent's report list */
  struct fts__wnode *parent;       /* the roots: the walk's top */
  /* A task waiting in the heap is never open, and an open directory is
     no longer a task: the two share these links (null: in neither).  */
  union
  {
    struct
    {
      struct fts__wnode *task_child;  /* in the task heap: its first
                                         child, */
      struct fts__wnode *task_next;   /* and its next sibling */
    };
    struct
    {
      struct fts__wnode *lru_prev;    /* open and unpinned: in the LRU */
      struct fts__wnode *lru_next;
    };
  };
  struct fts__wnode *task_prev;    /* in the task heap: the one whose
                                      child or next sibling it is (null:
                                      the top) */
  struct fts__wnode *all_prev;     /* every live record (for the end) */
  struct fts__wnode *all_next;
  struct fts__witem *head;         /* report list, under the emit lock */
  struct fts__witem **tail;
  void *data;                      /* the caller's slot */
  dev_t dev;                       /* identity, once opened */
  dev_t root_dev;
  ino_t ino;                       /* d_ino until entered, then st_ino */
  long level;
  size_t em_base;                  /* emitter: its parent's path length */
  struct fts__wnode *em_up;        /* emitter: the list it was entered
                                      from (its parent's, or a slice's of
                                      it) */
  atomic_long pending;             /* its own read + subdirectories not
                                      finished */
  atomic_uchar flagged;            /* libfts_walk_flag_ancestors */
  atomic_uchar below;              /* bit 0: it was read; bit K: a
                                      subdirectory read K levels deep
                                      (at most FTS__UNCHECKED_ASCENTS):
                                      whether its ascent is checked */
  int fd;                          /* -1: closed; under the fd lock */
  unsigned pins;                   /* users of fd; under the fd lock */
  int read_errno;                  /* a read cut short: FTS_ERR */
  bool followed;                   /* a root opened through a symlink */
  bool slice;                      /* a slice of its parent's entries
                                      (LIBFTS_WALK_SPLIT): a report list
                                      only, at its parent's level */
  bool done;                       /* last report queued; emit lock */
  bool given;                      /* handed out (libfts_walk_give) */
  bool mounted;                    /* it or an ancestor below its root is
                                      the root of a mount (is_cycle) */
  uint32_t seq;                    /* its place among its parent's
                                      subdirectories, for the tasks
                                      (UINT32_MAX: found late) */
  size_t namelen;
  char name[];                     /* bare name; a root: the path given */
};

/* The size of a cache line, to keep what threads write often apart from
   what they only read: a write to a line makes every other processor
   fetch it again.  */
enum { FTS__CACHE_LINE = 64 };
#define FTS__LINE _Alignas (FTS__CACHE_LINE)

/* The size of a report with a name of NAMELEN bytes and SIZE bytes of the
   caller's data.  */
static inline size_t
fts__wreport_size (size_t namelen, size_t size)
{
  return size ? fts__wreport_data_offset (namelen) + size
         : offsetof (struct fts__wreport, name) + namelen + 1;
}

/* Reports are carved out of blocks of FTS__WALK_SLAB bytes, a block at a
   time for each thread, and a block is freed once all its reports are:
   one malloc and free for some tens of reports rather than one for each,
   and no thread frees, at each report, memory that another allocated.  A
   report larger than a quarter of a block gets a block of its own.  The
   backlog counts whole blocks from their malloc to their free, so that
   its bound (FTS__WALK_BACKLOG) is on the memory that reports hold, a
   block not yet full included (one per thread).  */
struct fts__wslab
{
  atomic_size_t refs;              /* its reports not freed yet, and one
                                      while its thread carves from it */
  size_t size;                     /* bytes, this header included */
  size_t used;
};

enum { FTS__WALK_SLAB = 4096 };

struct libfts_walk;

void fts__mutex_init (pthread_mutex_t *m);

struct fts__wnode *fts__wnode_new (struct fts__wnode *parent,
                                   const char *name, size_t namelen,
                                   uint64_t ino);
void fts__wnodes_register (struct libfts_walk *w,
                           struct fts__wnode *const *nodes, size_t k);
void fts__wnode_free_items (struct libfts_walk *w, struct fts__wnode *n);
void fts__wnodes_free (struct libfts_walk *w, struct fts__wnode *const *nodes,
                       size_t k);
char *fts__wnode_path (const struct fts__wnode *n, const char *name,
                       size_t namelen);
char *fts__wnode_path_below (const struct fts__wnode *a,
                             const struct fts__wnode *n);

struct fts__wreport *fts__wreport_new (struct libfts_walk *w,
                                       struct fts__wslab **cur, size_t size);
void fts__wreport_free (struct libfts_walk *w, struct fts__wreport *r);
void fts__wslab_end (struct libfts_walk *w, struct fts__wslab **cur);
size_t fts__wslab_unref (struct fts__wslab *s, size_t k);

void fts__walk_fail (struct libfts_walk *w, const struct fts__wnode *n,
                     int err);
void fts__walk_stop (struct libfts_walk *w);
void fts__walk_wake_held (struct libfts_walk *w, bool all);

/* ---- descriptors (fts-walk-fd.c) ---------------------------------------- */

/* Who holds which pin, and when it passes on.  A pin keeps a directory's
   descriptor open and out of the LRU; fts__wfd_unpin lets it go, and
   fts__wfd_close lets it go with the descriptor.  The thread that takes
   the task of directory N, child of P (fts-walk.c), holds at most three
   (FTS__WALK_PINS_PER_THREAD):

   pin taken by             used for             passed on, or let go by
   --- -------------------- -------------------- -----------------------
   P   process_dir          N's stat, open and   process_dir, unless N's
       (fts__wfd_pin)       FTS_D or FTS_DNR     part is the last pending:
                                                 then release passes it
                                                 to visit_post and
                                                 fts__wfd_ascend, for
                                                 N's FTS_DP, and lets it
                                                 go once N is retired
   N   probe_node or        reading N, visiting  as P's, at the same time;
       open_stated          its entries (and a   fts__wfd_ascend closes N
       (fts__wfd_open)      shared chunk's, by   with it; fts__wfd_close
                            helpers without pins when N is not read
                            for whom the reader
                            waits: share_run)
   P   fts__wfd_ascend, if  N's FTS_DP           release, once N is
       none was passed on                        retired, before P's
       (another part of N                        count drops
       finished last)
   A   fts-walk-fd.c, an    reopening P or N     at once
       open ancestor of     from above
       what it reopens

   Only the last pending part of N may pass its pins on: nobody else can
   then finish N, and P, before they are let go.  */

/* Directory descriptors open at once, by all threads together, when
   RLIMIT_NOFILE allows: the directories a walk has read and whose
   subdirectories wait their turn stay open in LRU order up to this many,
   so that on ordinary trees a task never reopens its parent (npm-like and
   kernel-like trees keep well under 64 open on 2 to 8 threads); beyond
   it the least recently used unpinned descriptor is closed, and reopened
   when needed, checked by device and inode.  Each thread pins at most
   three at a time (FTS__WALK_PINS_PER_THREAD), so the bound also caps the
   number of threads.  */
enum { FTS__WALK_FD_BUDGET = 128 };
enum { FTS__WALK_PINS_PER_THREAD = 3 };
/* Descriptors left to the caller (its own files, stdio, its callbacks'
   use) when the budget comes from a low RLIMIT_NOFILE.  */
enum { FTS__WALK_FD_RESERVE = 12 };

struct fts__wfd
{
  pthread_mutex_t lock;
  struct fts__wnode lru;           /* sentinel: lru_next is the oldest */
  unsigned open;
  unsigned budget;
  unsigned threads;                /* of the walk: set before it starts */
  unsigned long long opens;        /* for the statistics */
  unsigned long long reopens;
  unsigned long long stats;
};

unsigned fts__wfd_room (void);
unsigned fts__wfd_budget (unsigned want, unsigned room);
void fts__wfd_raise (struct fts__wfd *c, unsigned budget);
void fts__wfd_init (struct fts__wfd *c, unsigned budget);
void fts__wfd_destroy (struct fts__wfd *c);
int fts__wfd_pin (struct fts__wfd *c, struct fts__wnode *n);
void fts__wfd_unpin (struct fts__wfd *c, struct fts__wnode *n);
int fts__wfd_open (struct fts__wfd *c, struct fts__wnode *n, int dirfd,
                   bool follow);
void fts__wfd_close (struct fts__wfd *c, struct fts__wnode *n);
int fts__wfd_pin_parent (struct fts__wfd *c, struct fts__wnode *n,
                         bool check);
int fts__wfd_ascend (struct fts__wfd *c, struct fts__wnode *n, bool check,
                     int pfd);

/* ---- reports in order (fts-walk-emit.c) --------------------------------- */

struct fts__wemit
{
  /* Set before the walk starts.  */
  bool ordered;
  libfts_walk_report_fn report;
  void *arg;

  FTS__LINE pthread_mutex_t lock;
  struct fts__wnode *cur;          /* whose list is being delivered */
  char *path;                      /* cur's path */
  size_t len;
  size_t cap;
  bool broken;                     /* out of memory for a path: stopped */
  bool delivering;                 /* a thread is moving the cursor */

  FTS__LINE atomic_size_t backlog;  /* bytes of the blocks that hold
                                       reports (struct fts__wslab) */
  atomic_size_t bound;             /* the backlog's: FTS__WALK_BACKLOG,
                                      more where requests wait */
  _Atomic (struct fts__wnode *) at;  /* CUR's directory, for the threads
                                      that choose a task, which only
                                      compare it: it may be freed */
  atomic_size_t roots_left;        /* roots the cursor left, all their
                                      reports delivered */
};

void fts__wemit_init (struct fts__wemit *e, struct fts__wnode *top,
                      bool ordered, libfts_walk_report_fn report, void *arg);
void fts__wemit_destroy (struct fts__wemit *e);
int fts__wemit_add (struct libfts_walk *w, struct fts__wnode *n,
                    struct fts__witem *it);

/* What a thread visiting a run of a directory's entries reports, held
   back to be added to the directory's list (or its slice's) in one go:
   the emit lock is taken once for FTS__WALK_BATCH items rather than for
   each.  Only the thread visiting the run adds to that list meanwhile,
   so the order is the same.  */
struct fts__wbatch
{
  struct fts__wnode *n;            /* whose list; null when empty */
  struct fts__witem *head;
  struct fts__witem **tail;
  unsigned count;
  bool keep;                       /* never added by itself: for
                                      fts__wemit_stash */
};

enum { FTS__WALK_BATCH = 64 };

void fts__wemit_batch (struct libfts_walk *w, struct fts__wbatch *b,
                       struct fts__wnode *n, struct fts__witem *it);
void fts__wemit_flush (struct libfts_walk *w, struct fts__wbatch *b);
void fts__wemit_done (struct libfts_walk *w, struct fts__wnode *n,
                      struct fts__wbatch *b);
void fts__wemit_stash (struct libfts_walk *w, struct fts__wbatch *b);
int fts__wemit_direct (struct libfts_walk *w, const struct fts__wnode *n,
                       const struct fts__wreport *r);

/* Bytes of reports that may wait for their turn (ordered walks) before
   the threads take only the tasks below the directory whose reports are
   being delivered, those that let the emitter go on: a cursor stuck behind
   one slow directory while the others walk the rest of the tree would
   otherwise hold the whole tree's reports (du -a on an npm-like tree, 8
   threads: 10 MB peak where GNU du needs 2.2).  What the threads already
   in a directory add before they finish its chunk comes on top: at most
   a chunk's reports each.  The smaller the bound, the more often the
   threads wait: on a kernel-like tree (tmpfs, 2 processors, the tasks
   then taken last in, first out), du -a took 0.090 s with 128 KiB, 0.080
   with 256, 0.060 with 1 MiB, for a peak RSS of 3.2, 3.8 and 5.5 MB (GNU
   du: 0.12 s and 2.1 MB); 256 KiB keeps it within twice GNU's.  */
enum { FTS__WALK_BACKLOG = 256 * 1024 };

/* Where requests wait on a server, the threads read ahead of the cursor
   by as many directories as they have requests in flight, and a bound
   made for a few threads holds them back to one: du -s of an npm-like
   tree on FUSE at 0.2 ms a request took 7.6 s with 64 threads and 256
   KiB, all but one of them waiting, against 2.3 s with 4 MiB (peak RSS
   4.4 MB; the file system's own limit, 64 threads stat-ing the same
   files, is 1.9 s).  So the bound is this much per thread there, when
   that is more.  */
enum { FTS__WALK_WAIT_BACKLOG_PER_THREAD = 32 * 1024 };

/* ---- the walk (fts-walk.c) ---------------------------------------------- */

/* A chunk of a directory's entries that the threads visit together
   (LIBFTS_WALK_SPLIT), in slices of FTS__WALK_SLICE entries claimed one
   at a time.  Lives on the stack of the thread that read the chunk,
   which waits until no other thread uses it.  */
struct fts__wshare
{
  struct fts__wshare *next;        /* in the walk's list; under its lock */
  struct fts__wnode *d;            /* the directory */
  int dfd;                         /* its descriptor, pinned by the reader */
  const struct fts__dir *dir;      /* the chunk */
  struct fts__wnode *const *kids;  /* its subdirectories' records, in order */
  struct fts__wnode **lists;       /* ordered walks: each slice's report
                                      list; null otherwise */
  size_t *kid_base;                /* index in KIDS of each slice's first */
  size_t slice;                    /* entries per slice */
  size_t nslices;
  atomic_size_t next_slice;        /* the next to claim */
  unsigned users;                  /* other threads in it; walk's lock */
};

/* Entries per slice of a shared chunk, and the fewest entries a chunk has
   for it to be shared: a slice is some hundreds of microseconds of stat
   calls warm, so that claiming it (one atomic addition) and its report
   list (one record) cost nothing in comparison.  */
enum { FTS__WALK_SLICE = 512, FTS__WALK_SPLIT_MIN = 2 * FTS__WALK_SLICE };

/* Where requests wait on a server (fts__fs_row's wait), a chunk is
   shared from FTS__WALK_WAIT_SPLIT_MIN entries, in slices of about
   FTS__WALK_WAIT_SLICES_PER_THREAD per thread the walk may have, of at
   least FTS__WALK_WAIT_SLICE_MIN entries: there each entry is a round
   trip of 0.1 ms or more, which dwarfs a slice's record, and the slices
   must outnumber the threads for all of them to have one.  */
enum { FTS__WALK_WAIT_SPLIT_MIN = 8, FTS__WALK_WAIT_SLICE_MIN = 4,
       FTS__WALK_WAIT_SLICES_PER_THREAD = 2 };

/* Roots a walk of libfts_walk_open_next walks at once, at most: enough
   to keep the in-flight bound's 64 requests going where each root is a
   few small directories on a server (an npm-like tree's 1,050 top-level
   entries hold 44 entries each), while those taken and not finished cost
   a record each (about 150 bytes) and their reports, which the backlog
   bounds.  */
enum { FTS__WALK_ROOT_WINDOW = 256 };

/* A walk's threads, counted under its lock (fts-walk.c's scheduler
   keeps them; fts-walk-node.c reads HELD to wake those held back).  A
   thread of the walk is at any time starting, busy, idle or in the
   scheduler's own steps (feeding roots, choosing), which nothing
   counts.  */
struct fts__wthreads
{
  unsigned started;                /* worker threads started (the calling
                                      thread is not one) */
  unsigned starting;               /* of them, those not yet at work */
  unsigned busy;                   /* on a task, a share's slices or a
                                      released hold */
  unsigned idle;                   /* asleep, waiting for something to do */
  unsigned held;                   /* of the idle, those the backlog holds
                                      back from the tasks there are */
  unsigned for_unit;               /* of the idle, those asleep for a unit
                                      of the budget (take_unit) */
  unsigned max;                    /* the most at once, the calling thread
                                      included: CPU_MAX, then WAIT_MAX */
  unsigned cpu_max;                /* the most while the CPU is the limit */
  unsigned wait_max;               /* and once requests wait on a server */
  unsigned givers;                 /* libfts_walk_give calls under way */
  void *(*main) (void *);          /* what a worker runs, given the walk:
                                      the scheduler (set by its run) */
};

/* The file systems' policy rows that several threads share: a walk's
   threads, or the walks of a budget (fs_of in fts-walk-read.c).  */
struct fts__wfs
{
  pthread_mutex_t lock;
  struct fts__fs_cache cache;
};

void fts__wfs_init (struct fts__wfs *s);
void fts__wfs_free (struct fts__wfs *s);

struct libfts_walk
{
  /* Set before the walk starts, read by every thread.  */
  char **roots;                    /* copies of the paths given, or null
                                      with NEXT_ROOT */
  libfts_walk_next_fn next_root;   /* libfts_walk_open_next's source */
  void *next_arg;
  int options;
  unsigned threads;                /* asked for; 0: the default */
  unsigned inflight;               /* asked for; 0: the default */
  struct libfts_walk_budget *budget;  /* shared with other walks, or null */
  struct libfts_walk *budget_next; /* in its list of walks, while run */
  enum fts__fs_wait storage;       /* LIBFTS_STORAGE: every file system
                                      local or remote; FTS__FS_MEASURE:
                                      the table's, or measured */
  size_t sort_threshold;
  enum libfts_fs_policy fs_policy;
  char **root_names;               /* libfts_walk_set_root_names: sorted
                                      copies, or null */
  size_t n_root_names;
  bool root_names_sorted;          /* visited in inode order */
  bool ran;
  libfts_walk_visit_fn visit;
  void *arg;
  atomic_int stop;                 /* 0, FTS__WALK_STOPPED, _FAILED:
                                      read at each entry, set once */

  FTS__LINE pthread_mutex_t lock;  /* the tasks, threads, the end */
  pthread_cond_t wake;
  pthread_cond_t unit_wake;        /* for the threads asleep for a unit of
                                      the budget (take_unit) alone: a unit
                                      given back wakes one of them, never
                                      a thread with nothing to do */
  struct fts__wnode *tasks;        /* a pairing heap: the first in a
                                      sequential walk's order first */
  struct fts__wshare *shares;      /* chunks whose slices wait for threads */
  struct fts__wnode **released;    /* directories whose holds were let go
                                      (libfts_walk_release), to finish */
  size_t n_released;
  size_t holds;                    /* holds taken, not yet finished: room
                                      in RELEASED for each (and for each
                                      directory being given) */
  bool running;                    /* between libfts_walk_run's start and
                                      its end */
  pthread_mutex_t give_lock;       /* one libfts_walk_give at a time: */
  struct fts__wslab *give_slab;    /* the block its reports come from */
  pthread_cond_t share_done;       /* a share lost its last helper */
  size_t ntasks;
  struct fts__wthreads th;
  unsigned wait_fd_budget;         /* the descriptor budget then */
  atomic_bool waiting;             /* requests wait on a server: set once */
  atomic_uint probes, slow_probes; /* directory reads timed, slow ones */
  pthread_t *tids;
  struct fts__wfs fs;              /* its threads', without a budget:
                                      under its own lock */
  bool finished;                   /* every root is done */
  /* The roots as they are fed to the tasks (fts-walk-roots.c).  */
  size_t roots_fed;                /* pushed as tasks */
  size_t roots_finished;           /* of them, those whose visits are all
                                      done */
  size_t later_at;                 /* ROOTS_FINISHED when the source said
                                      EAGAIN */
  char *held_root;                 /* taken from the source, waiting for
                                      those before it (HELD_ALONE) */
  bool held_alone;
  bool roots_end;                  /* the source has no more */
  bool feeding;                    /* a thread takes or pushes a root */
  bool source_later;               /* the source said EAGAIN */
  int fail_errno;
  char *fail_path;

  FTS__LINE pthread_mutex_t all_lock;  /* the list of live records */
  struct fts__wnode all;

  FTS__LINE struct fts__wfd fdc;
  FTS__LINE struct fts__wemit em;
  FTS__LINE struct libfts_stats stats;  /* summed as threads end; under
                                           lock */
  FTS__LINE struct fts__wnode top;  /* the roots' parent; must be last */
};

enum { FTS__WALK_STOPPED = 1, FTS__WALK_FAILED = 2 };

/* A bound on requests in flight that walks share (fts-walk-budget.c).  */
struct libfts_walk_budget
{
  unsigned size;
  atomic_uint used;                /* units taken */
  atomic_uint sleepers;            /* threads about to sleep for one */
  pthread_mutex_t lock;            /* WALKS, TURN, TAKERS; the sleep of
                                      _acquire */
  pthread_cond_t freed;
  unsigned takers;                 /* threads asleep on FREED */
  struct libfts_walk *walks;       /* those running, by budget_next */
  struct libfts_walk *turn;        /* of them, the first asked whether a
                                      thread of its sleeps for a unit */
  struct fts__wfs fs;              /* its walks', for their threads:
                                      under its own lock */
};

/* Take a unit of B for the calling thread if there is one: whether it
   did.  Lock-free.  */
bool fts__budget_try_take (struct libfts_walk_budget *b);
/* Take a unit of B, sleeping until there is one.  No walk's lock held.  */
void fts__budget_take (struct libfts_walk_budget *b);
/* Give back the unit of B that the calling thread holds, if it does,
   waking one thread that sleeps for one.  No walk's lock held.  */
void fts__budget_put (struct libfts_walk_budget *b);
/* Count W, about to run, among its budget's walks; and no longer.  */
void fts__budget_attach (struct libfts_walk *w);
void fts__budget_detach (struct libfts_walk *w);

/* A thread asleep for a unit of a budget wakes up to look again after
   this long at most, should a wake-up have gone astray
   (fts-walk-budget.c says why none should).  */
enum { FTS__BUDGET_NAP_MS = 100 };
/* Sleep on COND with LOCK for at most FTS__BUDGET_NAP_MS.  */
void fts__budget_nap (pthread_cond_t *cond, pthread_mutex_t *lock);

/* The most threads a walk uses, whatever it is asked.  */
enum { FTS__WALK_MAX_THREADS = 1024 };

/* Threads per usable processor by default, and the most by default.
   Measured with bench/run on 2 processors, ext4 on a loop image, rm -rf,
   medians of 5 interleaved rounds, time relative to GNU rm 9.1's:
                  1 thread  2     4     8     (rmz 3.2.1)
     npm, cold    0.96      0.66  0.51  0.48  0.85
     kernel, cold 0.99      0.70  0.56  0.55  0.72
     npm, warm    0.94      0.74  0.73  0.75  0.76
     kernel, warm 0.94      0.87  0.87  0.87  0.88
   On a cold cache most threads wait for the disk, and more of them keep
   more reads in flight; warm, threads beyond the processors cost
   nothing measurable (they start only when directories wait).  More
   than 32 was not measured.  */
enum { FTS__WALK_THREADS_PER_CPU = 4, FTS__WALK_DEFAULT_MAX_THREADS = 32 };

/* Where requests wait on a server, a walk's threads are its requests in
   flight: each makes one system call at a time, and nothing else of the
   walk reaches the file system.  The default bound, when neither
   LIBFTS_THREADS nor libfts_walk_set_threads or _set_inflight says.
   Time ≈ requests × latency / in flight, until the server or the
   processors saturate.  Measured with bench/run (2 processors, latfs,
   medians of 3, ratio to GNU's time): du -s of 60 directories of 40
   files at 1 ms a request, 0.97 / 0.24 / 0.086 / 0.030 with 1 / 4 / 16 /
   64 in flight (chmod -R 1.01 / 0.24 / 0.066 / 0.022); du -s of an
   npm-like tree at 0.2 ms, 0.065 with 16, 0.041 with 64, and 80 no
   faster than 64 (2.4 s against 2.3: latfs saturates the processors at
   58,000 requests a second).  */
enum { FTS__WALK_DEFAULT_INFLIGHT = 64 };

/* On a file system that fs-policy.c does not know (FTS__FS_MEASURE), the
   first FTS__WALK_PROBES directory reads (the first getdents of each) are
   timed by the wall clock and the thread's clock; when more than half of
   them waited over FTS__WALK_SLOW_WAIT_NS off the processor, the walk
   treats requests as waiting on a server.  Measured here (2 processors,
   loaded), wall minus thread time of a first getdents: tmpfs and ext4
   warm 0-11 µs (one 30 µs under load), ext4 on a cold virtio disk
   36-57 µs, sshfs over loopback 460-2,000 µs.  100 µs is half a LAN NFS
   server's round trip, twice a cold local disk's.  */
enum { FTS__WALK_PROBES = 8 };
#define FTS__WALK_SLOW_WAIT_NS 100000

/* One visit in progress: the public entry and what libfts keeps with it
   (fts-walk.c makes them, fts-walk-api.c serves VISIT's calls on them).  */
struct fts__wentry
{
  struct libfts_walk_entry pub;    /* must be first */
  struct libfts_walk *w;
  struct fts__wnode *node;         /* E's directory, or E */
  struct fts__wnode *list;         /* whose report list E's reports join,
                                      when not NODE's: a slice's */
  bool child;                      /* E is an entry of NODE, not NODE */
  struct fts__wbatch *batch;       /* where its reports wait, or null */
  struct fts__wslab **slab;        /* its thread's block for reports */
  struct fts__wctx *ctx;           /* a child's: the thread visiting it */
  const struct fts__dent *de;      /* and its entry in CTX->range_dir */
  struct stat st;
};

/* What each thread of a walk keeps for itself.  */
struct fts__wctx
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
  /* The run of a chunk's entries it visits (visit_range), and what
     libfts_walk_cut left in place of its end.  */
  const struct fts__dir *range_dir;
  size_t range_to;                 /* the run's end: cut short by
                                      libfts_walk_cut */
  struct fts__wreport *cut;        /* the report queued at the run's end */
};

/* qsort's and bsearch's order of two names, given pointers to them
   (libfts_walk_set_root_names).  */
int fts__cmp_names (const void *a, const void *b);

/* Whether W was opened with any of the options OPT.  */
static inline bool
fts__wisset (const struct libfts_walk *w, int opt)
{
  return (w->options & opt) != 0;
}

/* Whether W is stopped or failed (read at each entry).  */
static inline bool
fts__wstopped (struct libfts_walk *w)
{
  return atomic_load_explicit (&w->stop, memory_order_relaxed) != 0;
}

/* Whether requests of W wait on a server (fts__walk_start_waiting).  */
static inline bool
fts__walk_waiting (struct libfts_walk *w)
{
  return atomic_load_explicit (&w->waiting, memory_order_relaxed);
}

/* The visit in progress whose public entry is E.  */
static inline struct fts__wentry *
fts__wentry_of (const struct libfts_walk_entry *e)
{
  return (struct fts__wentry *) e->priv[0];
}

/* ---- visiting (fts-walk-node.c) ------------------------------------------ */

int fts__wvisit_call (struct libfts_walk *w, struct fts__wentry *e);
void fts__wentry_of_node (struct fts__wentry *e, struct libfts_walk *w,
                          struct fts__wslab **slab, struct fts__wnode *n,
                          int pfd, int info, int err, const struct stat *st);
int fts__wstat_into (struct fts__wctx *ctx, int dirfd, const char *name,
                     bool follow, struct stat *st, int *err);

/* Wake every thread of W, those asleep for a budget's unit too: the walk
   is over, stopped or failed, or a root is finished.  Inline: the files
   that end or stop a walk are below fts-walk-threads.c (no circle).  Lock
   held.  */
static inline void
fts__wthreads_wake_all (struct libfts_walk *w)
{
  pthread_cond_broadcast (&w->wake);
  pthread_cond_broadcast (&w->unit_wake);
}

/* ---- threads and pushing tasks (fts-walk-threads.c) ---------------------- */

void fts__wthreads_start (struct libfts_walk *w);
void fts__wthreads_grow (struct libfts_walk *w);
void fts__wthreads_wake (struct libfts_walk *w, size_t n);
void fts__walk_start_waiting (struct libfts_walk *w);
void fts__wtasks_push (struct libfts_walk *w, struct fts__wnode **kids,
                       size_t k, struct fts__wctx *keeper);

/* ---- reading a directory, shares (fts-walk-read.c) ----------------------- */

int fts__wread_dir (struct fts__wctx *ctx, struct fts__wnode *d, int fd);
void fts__wshare_help (struct fts__wctx *ctx, struct fts__wshare *s);
void fts__wshare_withdraw (struct libfts_walk *w, struct fts__wshare *s);

/* ---- the API (fts-walk-api.c) ------------------------------------------- */

unsigned fts__walk_inflight (const struct libfts_walk *w);
enum fts__fs_wait fts__env_storage (void);

/* ---- tasks (fts-walk-heap.c) -------------------------------------------- */

void fts__wtask_push (struct libfts_walk *w, struct fts__wnode *n);

/* ---- the roots, fed to the tasks (fts-walk-roots.c) ---------------------- */

bool fts__wroots_due (struct libfts_walk *w);
size_t fts__wroots_feed (struct libfts_walk *w);
bool fts__wroots_done (struct libfts_walk *w);
void fts__wroots_finished (struct libfts_walk *w);
/* In fts-walk-node.c, which the emitter may call.  */
bool fts__wroots_alone_may_go (struct libfts_walk *w);
void fts__wroots_delivered (struct libfts_walk *w);
bool fts__wtask_may_take (struct libfts_walk *w, const struct fts__wnode *n);
struct fts__wnode *fts__wtask_take (struct libfts_walk *w);
struct fts__wnode *fts__wtask_take_first (struct libfts_walk *w);

#endif /* LIBFTS_FTS_WALK_INT_H */

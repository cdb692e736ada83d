/* fts-int.h: libfts internals shared by the files of lib/.  Not installed.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#ifndef LIBFTS_FTS_INT_H
#define LIBFTS_FTS_INT_H 1

#include "fts.h"

#include <stdbool.h>
#include <stddef.h>
#include <limits.h>
#include <stdint.h>
#include <sys/stat.h>

/* ---- directory contents, compactly (fts-dir.c) ------------------------- */

/* One entry of a directory as getdents returned it: 16 bytes plus the
   name in the directory's name arena.  A 1,000,000-entry directory with
   short names costs about 24 MB, not the 300 MB full FTSENTs would.  */
struct fts__dent
{
  uint64_t ino;            /* d_ino */
  uint32_t name_lo;        /* offset of the NUL-terminated name in the */
  uint16_t name_hi;        /*   arena: 48 bits, up to 256 TiB of names */
  unsigned char type;      /* d_type: a hint, never a fact */
};

struct fts__dir
{
  struct fts__dent *ents;  /* in readdir order, or sorted by ino */
  size_t count;            /* entries in this chunk */
  size_t next;             /* index of the next entry to hand out */
  size_t cap;
  char *names;             /* arena of NUL-terminated names: at first in
                              the block of ENTS, after its CAP entries */
  size_t names_len;
  size_t names_cap;
  size_t total;            /* entries read from the directory so far */
  int64_t resume;          /* d_off where the next chunk starts */
  int read_errno;          /* error that stopped the read early, or 0 */
  bool more;               /* the chunk ended before the directory */
  bool sorted;             /* this chunk is in inode order */
  bool names_in_ents;      /* NAMES lies in ENTS's block, not its own */
};

/* How one directory is read: with which buffer, how far at a time.  */
struct fts__dir_reader
{
  char *buf;               /* for getdents64 */
  size_t bufsize;
  size_t chunk;            /* stop after the batch that reaches this many
                              entries (SIZE_MAX: read the whole directory) */
  bool seedot;             /* keep "." and ".." */
  bool short_batch_ends;   /* a batch with room to spare was the last */
};

void fts__dir_init (struct fts__dir *d);
void fts__dir_free (struct fts__dir *d);
int fts__dir_add (struct fts__dir *d, const char *name, size_t namelen,
                  uint64_t ino, unsigned char type);
int fts__dir_read (struct fts__dir *d, int fd,
                   const struct fts__dir_reader *r);
int fts__dir_read_more (struct fts__dir *d, int fd,
                        const struct fts__dir_reader *r);
const char *fts__dent_name (const struct fts__dir *d,
                            const struct fts__dent *e);
void fts__dir_sort_by_inode (struct fts__dir *d);

/* A large directory is read, sorted and handed out this many entries at a
   time (plus the rest of the getdents batch that reaches it), not whole.
   Measured on ext4, flat 1,000,000 entries (see NEWS and the manual):
   sorting 250,000-entry chunks beat sorting the whole directory, stat'ing
   under a 160 MiB memory cap (22-23 s against 28-37 s; GNU's 100,000-
   entry batches: 26-28 s) and unlinking warm (22-27 s against 29-36 s):
   stat and unlink by name walk the directory's own hash-ordered blocks as
   well as the inode table, and a chunk keeps the first local while still
   climbing the second in order.  100,000-entry chunks were in between.
   It also bounds the memory per directory: a chunk's entries (at most
   8 MiB, doubling included) and names, however large the directory.  */
enum { FTS__DIR_CHUNK_ENTRIES = 256 * 1024 };

/* Size of the getdents buffer, one per stream: 64 KiB returns ~2,000
   entries of a large directory per system call; glibc's readdir uses 32.  */
enum { FTS__GETDENTS_BUFSIZE = 64 * 1024 };

/* ---- directories being walked, by (dev, ino) (fts-cycle.c) ------------- */

/* The directories fts_read has descended into and not yet left, so that a
   cycle is found in O(1) however deep the tree (glibc compares with every
   ancestor: O(depth) per directory).  A physical walk keeps there only the
   directories a cycle could run through (see may_repeat in fts-info.c).
   Open addressing, linear probing; a slot is the entry, whose fts_dev and
   fts_ino are its key.  */
struct fts__cycle
{
  FTSENT **slots;          /* null: empty slot */
  size_t cap;              /* a power of two, or 0 */
  size_t count;
};

void fts__cycle_init (struct fts__cycle *c);
void fts__cycle_free (struct fts__cycle *c);
int fts__cycle_reserve (struct fts__cycle *c, size_t more);
int fts__cycle_enter (struct fts__cycle *c, FTSENT *p);
FTSENT *fts__cycle_find (const struct fts__cycle *c, dev_t dev, ino_t ino);
void fts__cycle_leave (struct fts__cycle *c, const FTSENT *p);

/* ---- file-system policy (fs-policy.c) --------------------------------- */

/* Whether a file system's requests wait on something other than the
   processor, which decides how many the parallel walk keeps in flight
   (fts-walk.c): a local file system is served by the processor when its
   caches are warm; a server's file system (network, FUSE, cluster) waits
   a round trip in every request; for the others the walk measures how
   long its directory reads wait.  */
enum fts__fs_wait
{
  FTS__FS_LOCAL,
  FTS__FS_SERVER,
  FTS__FS_MEASURE
};

struct fts__fs_row
{
  unsigned long magic;     /* statfs f_type */
  const char *name;
  bool sort;               /* hand large directories out in inode order */
  bool fills_batches;      /* getdents fills its buffer until the end of
                              the directory, so a batch that left room for
                              one more entry of any name was the last */
  enum fts__fs_wait wait;  /* what its requests wait on */
  const char *why;         /* the measurement or reason behind SORT */
};

const struct fts__fs_row *fts__fs_lookup (unsigned long magic);

/* One fstatfs per device: the rows of the devices met so far.  */
struct fts__fs_cache_item
{
  dev_t dev;
  const struct fts__fs_row *row;
};

struct fts__fs_cache
{
  struct fts__fs_cache_item *items;
  size_t count;
  size_t cap;
};

void fts__fs_cache_init (struct fts__fs_cache *c);
void fts__fs_cache_free (struct fts__fs_cache *c);
const struct fts__fs_row *fts__fs_of (struct fts__fs_cache *c, dev_t dev,
                                      int fd, unsigned long long *calls);
/* C's row for DEV, or null; and DEV's ROW remembered in C.  */
const struct fts__fs_row *fts__fs_cached (const struct fts__fs_cache *c,
                                          dev_t dev);
void fts__fs_remember (struct fts__fs_cache *c, dev_t dev,
                       const struct fts__fs_row *row);

/* ---- entries and streams (fts.c) -------------------------------------- */

/* Private part of an entry, which precedes the public FTSENT so that the
   public layout stays glibc's and fts_name can run past its end.  Every
   directory on the path holds one, so it is kept to 32 bytes.  The stat
   buffer, when the entry has one of its own, follows the name (see
   fts__ent_alloc in fts-entry.c): with it, an entry with a name of up to
   7 bytes is a 304-byte malloc chunk; without it (FTS_NOSTAT on a
   physical walk: see shared_st in fts__stream) a 160-byte one.  */
struct fts__ent
{
  union
  {
    struct fts__dir *dir;  /* children still to hand out, compactly */
    FTSENT *list;          /* FTS__E_LIST: children built as a list */
  } kids;
  size_t pathlen;          /* real strlen (fts_path); of a root, the
                              length of the path as given */
  long level;              /* real depth */
  int fd;                  /* this directory's descriptor, or -1 */
  unsigned char d_type;    /* from getdents: a hint */
  unsigned char flags;     /* FTS__E_* */
  unsigned char links;     /* symbolic links followed on the way from
                              the roots' parent to this directory, at most
                              MAX_PATH_SYMLINKS (fts-info.c) */
  bool cut_short;          /* its reading failed part way: fts_errno
                              says why (the byte was padding) */
  FTSENT pub;              /* must be last */
};

enum
{
  FTS__E_ACTIVE = 0x01,    /* in the cycle set: descended, not left */
  FTS__E_FOLLOWED = 0x02,  /* its stat followed a symbolic link */
  FTS__E_UNSTATED = 0x04,  /* root not stat'ed yet */
  FTS__E_INRING = 0x08,    /* its fd is in the descriptor ring */
  FTS__E_NAMEONLY = 0x10,  /* its list came from fts_children (NAMEONLY) */
  FTS__E_READ = 0x20,      /* its open descriptor was read to the end */
  FTS__E_LIST = 0x40,      /* kids is a list (fts_children, compar) */
  FTS__E_MOUNTED = 0x80    /* physical walk: it or an ancestor below its
                              root is the root of a mount (may_repeat) */
};

static inline struct fts__ent *
fts__priv (const FTSENT *p)
{
  return (struct fts__ent *) ((char *) p - offsetof (struct fts__ent, pub));
}

/* The path given for root P, kept after its name's NUL (see make_root in
   fts.c: the name may be cut to its last component, never lengthened);
   null when P is not a root.  */
static inline const char *
fts__root_arg (const FTSENT *p)
{
  const struct fts__ent *e = fts__priv (p);
  return e->level == FTS_ROOTLEVEL ? p->fts_name + e->pathlen + 1 : NULL;
}

/* At most this many directory descriptors are open at once, however deep
   the tree: deeper ancestors are closed and reopened through ".." (checked
   by dev/ino) on the way back up.  16 covers the depth of ordinary trees
   (npm-like: 12, kernel-like: 9) so that they never reopen, and leaves
   room under an RLIMIT_NOFILE of 32.  On EMFILE the ring shrinks further.  */
enum { FTS__FD_BUDGET = 16 };
/* The ring has two spare slots: a reopen may briefly hold the directory
   being left and its parent beyond the budget.  */
enum { FTS__FD_RING_SIZE = FTS__FD_BUDGET + 2 };

struct fts__fd_ring
{
  FTSENT *ent[FTS__FD_RING_SIZE]; /* open directories, shallowest first */
  unsigned first;
  unsigned count;
};

/* gnulib's fts (GNU du, rm, chmod, chown) climbs back into the last few
   directories it descended from through the descriptors it kept, with no
   check, and checks every other ascent by dev/ino through "..": the
   number it keeps is its I_RING_SIZE.  With FTS_DIRFD, fts_read checks
   the same ascents, so that it stops where GNU's tools stop when the
   tree moves under them, and makes no check they do not make, whatever
   descriptors of its own it keeps (FTS__FD_BUDGET).  */
enum { FTS__UNCHECKED_ASCENTS = 4 };

struct fts__stream
{
  FTS pub;                       /* must be first: callers hold &pub */
  FTSENT *rootparent;            /* level -1 parent of every root; its
                                    fts_link lists the roots not yet
                                    handed out */
  char *getdents_buf;
  size_t path_cap;               /* real size of pub.fts_path */
  int base_fd;                   /* what roots are relative to */
  FTSENT *cwd_dir;               /* chdir mode: where the cwd is */
  int unentered_errno;           /* chdir mode: why the directory whose
                                    children are handed out could not
                                    be entered (FTS_DONTCHDIR) */
  struct fts__fd_ring ring;
  struct fts__cycle cycle;
  FTSENT *watched;               /* a physical walk's watch on the path
                                    for cycles no mount explains (see
                                    watch in fts-children.c), or null */
  struct
  {
    uintmax_t entered;           /* directories handed out as FTS_D */
    dev_t dev;                   /* the one compared with: entered at */
    ino_t ino;                   /* a power of two, or an ancestor */
  } lazy;                        /* FTS_LAZY_CYCLE_CHECK (see lazy_enter
                                    in fts.c) */
  struct fts__fs_cache fs;
  size_t sort_threshold;
  enum libfts_fs_policy fs_policy;
  struct libfts_stats stats;
  int (*compar) (const FTSENT **, const FTSENT **);
  unsigned unchecked_ascents;    /* how many of the next ascents gnulib
                                    would take unchecked (at most
                                    FTS__UNCHECKED_ASCENTS) */
  int last_errno;                /* for a stream that stopped */
  bool stopped;
  /* Under FTS_NOSTAT on a physical walk, the entries fts_read hands out
     one at a time have no stat buffer of their own: their fts_statp is
     one of these two, by the parity of their level.  Each directory on
     the path would otherwise keep 144 bytes the caller said it does not
     need (14 MB on a 100,000-level tree).  The entry handed out has its
     stat there, and its parent (in the other buffer) its type and
     identity at least (st_mode's file-type bits, st_dev, st_ino,
     st_nlink), given back when the walk comes up from a directory below
     it: a caller may compare an entry with its parent (to know whether
     a descriptor it keeps is the parent's, say), not with further
     ancestors.  */
  struct stat shared_st[2];
  bool share_st;                 /* FTS_NOSTAT on a physical walk */
};

static inline struct fts__stream *
fts__stream (FTS *sp)
{
  return (struct fts__stream *) sp;
}

static inline bool
fts__isset (const struct fts__stream *s, int opt)
{
  return (s->pub.fts_options & opt) != 0;
}

static inline unsigned short
fts__saturate_ushort (size_t n)
{
  return n > USHRT_MAX ? USHRT_MAX : n;
}

/* Whether S walks physically under FTS_NOSTAT, as rm does: then entries
   that d_type says are not directories are not stat'ed (as in glibc), and
   the entries handed out one at a time share two stat buffers (see
   shared_st above).  */
static inline bool
fts__nostat_walk (const struct fts__stream *s)
{
  return fts__isset (s, FTS_NOSTAT) && fts__isset (s, FTS_PHYSICAL);
}

static inline bool
fts__is_dot_or_dotdot (const char *name)
{
  return name[0] == '.' && (name[1] == '\0'
                            || (name[1] == '.' && name[2] == '\0'));
}

/* Whether cycles are looked for as gnulib's fts does by default, at the
   moment a directory is handed out (lazy_enter in fts.c), not when it is
   stat'ed: FTS_LAZY_CYCLE_CHECK on a physical walk (a logical one checks
   tightly, as gnulib's does).  */
static inline bool
fts__lazy_cycle_check (const struct fts__stream *s)
{
  return fts__isset (s, FTS_LAZY_CYCLE_CHECK) && !fts__isset (s, FTS_LOGICAL);
}

/* ---- descriptors (fts-fd.c) ------------------------------------------- */

/* A directory's identity, as the walk saw it on the way down.  */
struct fts__id
{
  dev_t dev;
  ino_t ino;
};

bool fts__still_below (int fd, struct fts__id parent, int parent_fd,
                       const char *name, struct fts__id self);

int fts__dir_fd (struct fts__stream *s, FTSENT *p);
int fts__open_dir (struct fts__stream *s, FTSENT *p);
int fts__open_child_dir (struct fts__stream *s, FTSENT *p);
void fts__close_dir (struct fts__stream *s, FTSENT *p);
void fts__close_all (struct fts__stream *s);
int fts__reopen_parent (struct fts__stream *s, FTSENT *child, bool check);

/* ---- an entry's memory (fts-entry.c) ---------------------------------- */

FTSENT *fts__ent_alloc (const struct fts__stream *s, const char *name,
                        size_t namelen, size_t extra,
                        struct stat *shared_st);
void fts__ent_free (struct fts__stream *s, FTSENT *p);
FTSENT *fts__kids_list (const struct fts__ent *e);
void fts__drop_children (struct fts__stream *s, FTSENT *p);
void fts__drop_dir_state (struct fts__stream *s, FTSENT *p);
void fts__restore_shared_st (struct fts__stream *s, const FTSENT *d);

/* ---- what fts_read says an entry is (fts-info.c) ---------------------- */

int fts__stat_entry (struct fts__stream *s, FTSENT *p, bool follow);
int fts__stat_child (struct fts__stream *s, FTSENT *p, bool nameonly,
                     bool handing_out);
int fts__stat_root (struct fts__stream *s, FTSENT *p);
int fts__unentered_child (struct fts__stream *s, FTSENT *p, int err);

/* ---- a directory's children (fts-children.c) -------------------------- */

int fts__sort_list (struct fts__stream *s, FTSENT **head);
FTSENT *fts__next_child (struct fts__stream *s, FTSENT *d, bool for_list);
int fts__read_dir (struct fts__stream *s, FTSENT *d, bool list,
                   bool nameonly);

/* ---- an entry's stat (fts-stat.c) ------------------------------------- */

int fts__info_of_mode (mode_t mode);
int fts__stat_follow (int dirfd, const char *name, bool follow,
                      struct stat *st, unsigned long long *calls);

/* ---- tuning and counters (fts-tune.c) --------------------------------- */

bool fts__parse_threshold (const char *s, size_t *out);
size_t fts__env_threshold (void);
enum libfts_fs_policy fts__env_fs_policy (void);
void fts__sort_chunk (struct fts__dir *dir, size_t threshold,
                      enum libfts_fs_policy policy,
                      const struct fts__fs_row *fs,
                      struct libfts_stats *stats);
size_t fts__chunk_entries (size_t threshold);

#endif /* LIBFTS_FTS_INT_H */

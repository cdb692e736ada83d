/* fts.h: the fts file hierarchy traversal API, as provided by libfts.

   Copyright (C) 2026 The libfts authors.

   This library is free software; you can redistribute it and/or modify it
   under the terms of the GNU Lesser General Public License as published by
   the Free Software Foundation; either version 2.1 of the License, or (at
   your option) any later version.

   The structures below have exactly the layout of glibc's <fts.h> on LP64
   GNU/Linux, so that a binary compiled against glibc works unchanged when
   libfts.so is linked or preloaded in its place.  Everything libfts keeps
   for itself lives outside these public prefixes.  */

#ifndef LIBFTS_FTS_H
#define LIBFTS_FTS_H 1
/* glibc's guard: with ours included first, <fts.h> from libc is a no-op.  */
#ifndef _FTS_H
# define _FTS_H 1
#endif

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/stat.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  struct _ftsent *fts_cur;      /* entry last returned */
  struct _ftsent *fts_child;    /* list built by fts_children */
  struct _ftsent **fts_array;   /* unused by libfts; kept for layout */
  dev_t fts_dev;                /* device of the root being walked */
  char *fts_path;               /* buffer holding the current path */
  int fts_rfd;                  /* descriptor of the starting directory */
  int fts_pathlen;              /* size of fts_path (saturates at INT_MAX) */
  int fts_nitems;               /* unused by libfts; kept for layout */
  int (*fts_compar) (const void *, const void *);
  int fts_options;              /* options given to fts_open */
} FTS;

typedef struct _ftsent {
  struct _ftsent *fts_cycle;    /* ancestor this FTS_DC entry repeats */
  struct _ftsent *fts_parent;   /* parent directory */
  struct _ftsent *fts_link;     /* next entry of an fts_children list */
  long fts_number;              /* free for the caller */
  void *fts_pointer;            /* free for the caller */
  char *fts_accpath;            /* path to use to access the file */
  char *fts_path;               /* path from the root */
  int fts_errno;                /* errno for FTS_DNR, FTS_ERR, FTS_NS */
  int fts_symfd;                /* unused by libfts; kept for layout */
  unsigned short fts_pathlen;   /* strlen (fts_path), saturated */
  unsigned short fts_namelen;   /* strlen (fts_name) */
  ino_t fts_ino;
  dev_t fts_dev;
  nlink_t fts_nlink;
  short fts_level;              /* depth, saturated; see libfts_level */
  unsigned short fts_info;      /* FTS_D, FTS_F, ... */
  unsigned short fts_flags;
  unsigned short fts_instr;     /* set by fts_set */
  struct stat *fts_statp;
  char fts_name[1];             /* really as long as the name */
} FTSENT;

/* Options of fts_open.  */
#define FTS_COMFOLLOW   0x0001  /* follow symlinks given as roots */
#define FTS_LOGICAL     0x0002  /* follow every symlink (implies FTS_NOCHDIR) */
#define FTS_NOCHDIR     0x0004  /* never change the working directory */
#define FTS_NOSTAT      0x0008  /* with FTS_PHYSICAL: trust d_type, FTS_NSOK */
#define FTS_PHYSICAL    0x0010  /* never follow symlinks below the roots */
#define FTS_SEEDOT      0x0020  /* also return "." and ".." as FTS_DOT */
#define FTS_XDEV        0x0040  /* do not descend into other file systems */
#define FTS_WHITEOUT    0x0080  /* accepted; Linux has no whiteouts */
#define FTS_OPTIONMASK  0x00ff
#define FTS_NAMEONLY    0x0100  /* fts_children: names only */
#define FTS_STOP        0x0200  /* (private to glibc; unused here) */

/* libfts extensions, in high bits that no other fts defines (glibc's
   and the BSDs' options end at 0x0200, gnulib's at 0x4000): fts_open
   rejects every bit it does not know with EINVAL, as theirs do, and a
   program that probes for another fts's option that way must not get
   one of these instead.  0.1 had them at 0x10000 and 0x20000.  */
#define FTS_DIRFD       0x01000000 /* descriptor-relative: never chdir;
                                      fts_accpath is relative to
                                      libfts_dirfd () */
#define FTS_TRUST_SHORT_READS 0x02000000
                                   /* on file systems whose getdents fills
                                      each batch (ext4, xfs, btrfs, tmpfs),
                                      take a batch with room to spare as the
                                      last, saving a system call per
                                      directory.  A read error met part way
                                      then goes unseen: only for callers
                                      that find out otherwise (rm: rmdir
                                      fails with ENOTEMPTY) and re-read */
#define FTS_LAZY_CYCLE_CHECK 0x04000000
                                   /* physical walk: look for cycles as
                                      gnulib's fts does unless asked for
                                      tight checks (GNU rm, chmod, chown):
                                      each directory handed out as FTS_D
                                      is compared with one directory on
                                      its path, the one entered last at a
                                      power of two below its root; a cycle
                                      is reported later than its first
                                      repeat (fts_cycle is the entry
                                      itself), a finite one (a bind mount)
                                      may be walked through */
#define FTS_NOSTAT_LOGICAL 0x08000000
                                   /* with FTS_NOSTAT on a logical walk:
                                      trust d_type there too, as gnulib's
                                      fts does: an entry that d_type says
                                      is neither a directory nor a
                                      symbolic link is FTS_NSOK, not
                                      stat-ed (glibc's fts stats every
                                      entry of a logical walk; GNU chown
                                      -R -L -h changes such an entry where
                                      it cannot be stat-ed) */

#define FTS_ROOTPARENTLEVEL (-1)
#define FTS_ROOTLEVEL        0

/* Values of fts_info.  */
#define FTS_D        1   /* directory, pre-order */
#define FTS_DC       2   /* directory that would make a cycle */
#define FTS_DEFAULT  3   /* anything else */
#define FTS_DNR      4   /* directory that cannot be read */
#define FTS_DOT      5   /* "." or ".." */
#define FTS_DP       6   /* directory, post-order */
#define FTS_ERR      7   /* error; fts_errno says which */
#define FTS_F        8   /* regular file */
#define FTS_INIT     9   /* not visited yet */
#define FTS_NS      10   /* stat failed; fts_errno says why */
#define FTS_NSOK    11   /* not stat'ed (FTS_NOSTAT); st_mode from d_type */
#define FTS_SL      12   /* symbolic link */
#define FTS_SLNONE  13   /* symbolic link to nothing */
#define FTS_W       14   /* whiteout (never on Linux) */

/* Values of fts_flags.  */
#define FTS_DONTCHDIR 0x01
#define FTS_SYMFOLLOW 0x02       /* reached by following a symlink */

/* Instructions for fts_set.  */
#define FTS_AGAIN    1   /* stat and return the entry again */
#define FTS_FOLLOW   2   /* follow this symbolic link */
#define FTS_NOINSTR  3
#define FTS_SKIP     4   /* do not descend into this directory */

FTS *fts_open (char *const *argv, int options,
               int (*compar) (const FTSENT **, const FTSENT **));
FTSENT *fts_read (FTS *ftsp);
FTSENT *fts_children (FTS *ftsp, int instr);
int fts_set (FTS *ftsp, FTSENT *f, int instr);
int fts_close (FTS *ftsp);

/* glibc's large-file names; on LP64 they are the same functions.  */
typedef FTS FTS64;
typedef FTSENT FTSENT64;
FTS *fts64_open (char *const *argv, int options,
                 int (*compar) (const FTSENT **, const FTSENT **));
FTSENT *fts64_read (FTS *ftsp);
FTSENT *fts64_children (FTS *ftsp, int instr);
int fts64_set (FTS *ftsp, FTSENT *f, int instr);
int fts64_close (FTS *ftsp);

/* ---- libfts extensions ------------------------------------------------ */

/* Descriptor of the directory that holds the entry fts_read last returned
   (its parent), to be used with the entry's fts_name in unlinkat, fchmodat,
   fchownat, fstatat...  AT_FDCWD for a root: its fts_accpath is relative to
   the working directory.  Owned by the stream: valid until the next
   fts_read, fts_children or fts_close.  Returns -1 with errno EINVAL when
   there is no current entry.  */
int libfts_dirfd (FTS *ftsp);

/* Deferred stat: stat P, an entry fts_read just returned (typically
   FTS_NSOK), relative to its directory's descriptor, following a symbolic
   link when FOLLOW is nonzero.  Fills *P->fts_statp and sets fts_info,
   fts_errno, fts_ino, fts_dev and fts_nlink as fts_read would have, and
   returns the new fts_info (FTS_NS on failure, with fts_errno set).  A
   directory the walk is done with (FTS_DP, FTS_DNR, FTS_ERR) keeps its
   fts_info and fts_errno: only the stat buffer and the identity fields are
   refreshed, and the call returns that fts_info, or FTS_NS with errno set
   when the stat failed.  */
int libfts_stat (FTS *ftsp, FTSENT *p, int follow);

/* Real depth of P, which fts_level (a short) cannot hold past 32767.  */
long libfts_level (const FTSENT *p);

/* Real length of P's path, which fts_pathlen cannot hold past 65535.  */
size_t libfts_pathlen (const FTSENT *p);

/* Inode order.  A directory read without a comparison function is handed
   out in ascending d_ino order when it has at least THRESHOLD entries and
   its file system's policy asks for it: by fts_read, in chunks of 262,144
   entries (or THRESHOLD, when larger), each sorted, so that memory stays
   bounded; by fts_children, whole.  The default comes from configure
   (--with-inode-sort-threshold, 10000 unless changed) and may be
   overridden by the environment variable LIBFTS_INODE_SORT_THRESHOLD,
   read by fts_open: a decimal number of entries ("0" sorts every
   directory) or "off".  Other values are ignored.  This call overrides
   both for FTSP; LIBFTS_INODE_SORT_NEVER turns the sort off.  */
#define LIBFTS_INODE_SORT_NEVER ((size_t) -1)
int libfts_set_inode_sort_threshold (FTS *ftsp, size_t threshold);
size_t libfts_inode_sort_threshold (FTS *ftsp);

/* Which file systems are sorted: LIBFTS_FS_POLICY_TABLE (the default)
   follows libfts's per-file-system table; LIBFTS_FS_POLICY_ALL sorts on
   every file system, for experiments.  LIBFTS_INODE_SORT_FS=all in the
   environment selects the latter at fts_open.  */
enum libfts_fs_policy { LIBFTS_FS_POLICY_TABLE, LIBFTS_FS_POLICY_ALL };
int libfts_set_fs_policy (FTS *ftsp, enum libfts_fs_policy policy);

/* Whether libfts's table sorts directories of the file system whose
   statfs f_type is FS_TYPE; its short name (e.g. "ext2/3/4", "tmpfs",
   "unknown") is stored in *NAME when NAME is not null.  */
int libfts_fs_sorts (unsigned long fs_type, const char **name);

/* What a stream did so far.  */
struct libfts_stats
{
  unsigned long long dirs_read;      /* directories whose entries were read */
  unsigned long long dirs_sorted;    /* of those, handed out in inode order */
  unsigned long long entries;        /* entries read, "." and ".." excluded */
  unsigned long long stat_calls;     /* stat-family calls made by libfts */
  unsigned long long dir_opens;      /* directories opened, reopens included */
  unsigned long long dir_reopens;    /* ancestors reopened after eviction */
  unsigned long long statfs_calls;   /* file-system type queries */
  unsigned long long sort_nsec;      /* time spent sorting by inode */
};

/* Copy FTSP's counters into *STATS, of which SIZE bytes are valid (pass
   sizeof *STATS; a smaller size from an older caller copies less).
   Returns 0, or -1 with errno EINVAL.  */
int libfts_get_stats (FTS *ftsp, struct libfts_stats *stats, size_t size);


/* ---- the parallel walk -------------------------------------------------- */

/* libfts_walk_open, libfts_walk_run and libfts_walk_close walk trees with
   several threads.  Directories are tasks shared among the threads; each
   entry is handed to the caller's VISIT function on one of them, with its
   parent's descriptor and its bare name (for unlinkat, fchmodat,
   fchownat, fstatat...), and each directory once more after everything
   below it was visited (post-order).  Large directories are read in
   chunks and handed out in inode order under the same threshold and
   file-system policy as fts_read.  What the caller wants to say about an
   entry (a message, a line of output) it queues with libfts_walk_report;
   with LIBFTS_WALK_ORDERED the REPORT function receives those reports one
   at a time in exactly the order a sequential fts_read walk would have
   met their entries.  The walk is physical and descriptor-relative: no
   symbolic link below the roots is followed, no path is ever passed to a
   system call but a root's, and every directory is opened with O_NOFOLLOW
   relative to its parent and checked by device and inode when it has to
   be opened again.  fts_open and fts_read never start a thread.  */

typedef struct libfts_walk LIBFTS_WALK;

/* Options of libfts_walk_open.  */
#define LIBFTS_WALK_STAT      0x0001 /* lstat every entry before its
                                        visit, a directory before it is
                                        opened (so that a change made at
                                        FTS_D, such as chmod's, applies to
                                        its reading); without it only roots
                                        and directories (at FTS_D) have a
                                        stat, the others are FTS_NSOK */
#define LIBFTS_WALK_ORDERED   0x0002 /* reports in sequential fts order */
#define LIBFTS_WALK_COMFOLLOW 0x0004 /* follow symbolic links given as roots */
#define LIBFTS_WALK_XDEV      0x0008 /* do not read directories on another
                                        device than their root: visited as
                                        FTS_D and FTS_DP, nothing between */
#define LIBFTS_WALK_TRUST_SHORT_READS 0x0010 /* as FTS_TRUST_SHORT_READS */
#define LIBFTS_WALK_SPLIT     0x0020 /* the threads may share the visits of
                                        a large directory's entries: then
                                        several visit entries of one
                                        directory at once (reports still
                                        in order) */
#define LIBFTS_WALK_ROOTS_OPEN 0x0040 /* the roots are most likely
                                        directories: each is opened (with
                                        O_NOFOLLOW) before it is stat'ed,
                                        as directories below them are, and
                                        stat'ed only when that fails: one
                                        call less for a directory (two
                                        requests less on a server), one
                                        more for anything else.  No effect
                                        with LIBFTS_WALK_STAT or
                                        LIBFTS_WALK_COMFOLLOW */
#define LIBFTS_WALK_OPTIONMASK 0x007f

/* One entry, as VISIT sees it.  Valid during the call only; read-only but
   for *dir_data.  */
struct libfts_walk_entry
{
  int dirfd;              /* the parent's descriptor; AT_FDCWD for a root */
  const char *name;       /* bare name in dirfd; a root: the path given */
  size_t namelen;
  long level;             /* 0 for a root */
  int info;               /* FTS_D, FTS_DP, FTS_DNR, FTS_ERR, FTS_DC, FTS_F,
                             FTS_SL, FTS_SLNONE, FTS_DEFAULT, FTS_NSOK,
                             FTS_NS, as fts_read would say */
  int err;                /* errno for FTS_DNR, FTS_ERR and FTS_NS */
  unsigned char d_type;   /* DT_*: from getdents (a hint) or from *st */
  unsigned char flagged;  /* FTS_DP, FTS_DNR, FTS_ERR: some entry below
                             called libfts_walk_flag_ancestors */
  unsigned char shared;   /* other threads may be visiting entries of the
                             same directory at the same time
                             (LIBFTS_WALK_SPLIT) */
  const struct stat *st;  /* lstat (stat for followed roots); null for
                             FTS_NSOK, FTS_NS and the post-order FTS_DP
                             and FTS_ERR.  An entry whose d_type is
                             DT_UNKNOWN is stat'ed even without
                             LIBFTS_WALK_STAT */
  void **dir_data;        /* a directory's slot for the caller, null at its
                             FTS_D, kept until its post-order visit (FTS_DP,
                             FTS_ERR or FTS_DNR); FTS_DC and a skipped
                             directory have none; null for others.  A walk
                             that stops visits no directory in post-order:
                             keep what the slots hold reachable otherwise */
  void *parent_data;      /* the parent's *dir_data (null for a root) */
  dev_t root_dev;         /* device of the entry's root */
  void *priv[2];          /* libfts's */
};

/* What VISIT returns.  */
enum
{
  LIBFTS_WALK_CONTINUE = 0,
  LIBFTS_WALK_SKIP,       /* FTS_D: do not read this directory; it gets no
                             FTS_DP visit */
  LIBFTS_WALK_AGAIN,      /* FTS_NSOK: d_type was wrong (unlinkat said
                             EISDIR): lstat the entry and visit it again as
                             what it is (a directory: as a directory, in
                             its place); for others the same as CONTINUE */
  LIBFTS_WALK_STOP        /* end the walk as soon as possible */
};

/* A report, as REPORT receives it.  Valid during the call only.  */
struct libfts_walk_report
{
  const char *path;       /* the entry's path, as fts_path would be */
  size_t pathlen;
  long level;
  int info;               /* the entry's info when it was reported */
  int code;               /* as given to libfts_walk_report, or
                             LIBFTS_WALK_FAILED */
  int err;
  intmax_t value;
  const void *data;       /* a copy of what libfts_walk_report_data was
                             given, aligned for any type; null for
                             libfts_walk_report */
  size_t size;            /* its size in bytes */
  int more;               /* not 0: another report is ready and comes
                             next, at once (a REPORT that writes may
                             flush its output only after the last) */
};

/* Code of the report that says the walk cannot go on (a directory that
   cannot be reopened where it was, memory exhausted): its err says why;
   it is the last report, and libfts_walk_run then returns -1.  */
#define LIBFTS_WALK_FAILED (-1)

typedef int (*libfts_walk_visit_fn) (struct libfts_walk_entry *e, void *arg);
/* Returns 0 to go on, anything else to stop the walk.  */
typedef int (*libfts_walk_report_fn) (const struct libfts_walk_report *r,
                                      void *arg);

/* Prepare a walk of ROOTS (a null-terminated list of paths) with OPTIONS
   (LIBFTS_WALK_*), one root after another (each as
   LIBFTS_WALK_ROOT_ALONE: roots that overlap behave as in a sequential
   walk).  Starts no thread.  Returns the walk, or null with
   errno (EINVAL: no roots or an unknown option; ENOMEM).  The inode-sort
   threshold and policy start as fts_open's do (environment, configure).  */
struct libfts_walk *libfts_walk_open (char *const *roots, int options);

/* Where a walk's roots come from when it is opened with
   libfts_walk_open_next: NEXT stores in *ROOT the next root's path, in a
   buffer from malloc that the walk then owns, and returns
   LIBFTS_WALK_ROOT, or LIBFTS_WALK_ROOT_ALONE for a root that may
   overlap those before it (below one of them, or above, or the same):
   that one is walked only once every root before it is finished and its
   reports are delivered, as a sequential walk of the roots would meet it.
   Returns 0 when there are no more, -1 with errno otherwise: EAGAIN,
   when WAIT is 0 and no root is ready without waiting (the walk asks
   again once a root is finished, with WAIT 1 once none is left to walk);
   any other errno fails the walk (a LIBFTS_WALK_FAILED report with it).
   Called on any of the walk's threads, one call at a time, with none of
   the walk's locks held; never again once it returned 0.  */
enum { LIBFTS_WALK_ROOT = 1, LIBFTS_WALK_ROOT_ALONE = 2 };
typedef int (*libfts_walk_next_fn) (void *arg, int wait, char **root);

/* Prepare a walk of the roots that NEXT gives (called with ARG) as the
   walk goes, with OPTIONS as libfts_walk_open's.  Up to
   LIBFTS_WALK_ROOT_WINDOW roots are walked at once, by any thread: a
   root's reports still come in their turn, after those of every root
   before it, so that many small roots cost one walk and its threads,
   not one each; the window bounds the roots taken from NEXT and not
   finished, whatever their number.  Returns the walk, or null with errno
   (EINVAL: NEXT null or an unknown option; ENOMEM).  */
struct libfts_walk *libfts_walk_open_next (libfts_walk_next_fn next,
                                           void *arg, int options);

/* Use N threads (the calling thread included), at most 1024: 0 (the
   default) means libfts_default_threads ().  1 walks on the calling thread
   alone.  Fewer run when the descriptor budget (see the manual: 128, less
   under a low RLIMIT_NOFILE) cannot give each thread three.  These
   setters return 0, or -1 with errno EINVAL.  */
int libfts_walk_set_threads (LIBFTS_WALK *w, unsigned n);
/* Keep at most N requests in flight (N threads, the calling thread
   included, at most 1024) where requests wait on a server: a network,
   FUSE or cluster file system, or one whose directory reads are measured
   to wait (see the manual).  0 (the default) means the threads set by
   libfts_walk_set_threads, else LIBFTS_INFLIGHT, else LIBFTS_THREADS,
   else 64.  Each thread makes one system call at a time, so no server
   sees more than N requests from the walk.  */
int libfts_walk_set_inflight (LIBFTS_WALK *w, unsigned n);

/* A bound on requests in flight that walks running at once share: the
   walks given it (libfts_walk_set_budget) have at most N threads at work
   between them, wherever they walk, on top of each walk's own bound: so
   N requests in flight at most.  0 means LIBFTS_INFLIGHT, else
   LIBFTS_THREADS, else 64; at most 1024.  Null with errno (EINVAL,
   ENOMEM).  */
typedef struct libfts_walk_budget LIBFTS_WALK_BUDGET;
struct libfts_walk_budget *libfts_walk_budget_new (unsigned n);
/* Its N; and how many of its units are taken now (a moment's figure,
   for tracing: threads of its walks at work and acquired units).  */
unsigned libfts_walk_budget_size (const LIBFTS_WALK_BUDGET *b);
unsigned libfts_walk_budget_used (const LIBFTS_WALK_BUDGET *b);
/* Free B, which no walk runs with any more.  Returns 0, or -1 with errno
   EBUSY when one does or a thread holds a unit of it.  */
int libfts_walk_budget_free (LIBFTS_WALK_BUDGET *b);
/* Make W take its share of B (null: none, the default) as it runs.
   Before libfts_walk_run.  Returns 0, or -1 with errno EINVAL.  */
int libfts_walk_set_budget (LIBFTS_WALK *w, LIBFTS_WALK_BUDGET *b);
/* Outside any walk: count the calling thread's own requests until
   libfts_walk_budget_release against B, waiting for room.  Returns 0, or
   -1 with errno EINVAL (B null, or a unit held already).  */
int libfts_walk_budget_acquire (LIBFTS_WALK_BUDGET *b);
int libfts_walk_budget_release (LIBFTS_WALK_BUDGET *b);
/* From VISIT or REPORT, before waiting for something other than the file
   system (another thread or process, a message): the calling thread's
   room in its walk's budget goes to the others until
   libfts_walk_budget_resume, which waits for room again; or a walk that
   the wait depends on could find none.  Nothing without a budget.  */
void libfts_walk_budget_pause (void);
void libfts_walk_budget_resume (void);
int libfts_walk_set_inode_sort_threshold (LIBFTS_WALK *w, size_t threshold);
int libfts_walk_set_fs_policy (LIBFTS_WALK *w, enum libfts_fs_policy policy);

/* Threads a walk uses by default: LIBFTS_THREADS when set to a number from
   1 to 1024, else four per processor it may run on (sched_getaffinity),
   at most 32: on a cold cache, threads waiting for the disk leave the
   processors to others (see fts-walk-int.h for the measurements).  */
unsigned libfts_default_threads (void);

/* Walk, calling VISIT for each entry on whichever thread reaches it, and
   REPORT (may be null) for each report, one at a time, from any of the
   threads (possibly from within libfts_walk_report, on the thread of a
   VISIT call: REPORT must not wait for a lock that VISIT holds).  The
   entries of one directory other than its subdirectories are visited by
   one thread, in order (with LIBFTS_WALK_SPLIT, those of a large
   directory by several threads, in slices); subdirectories are tasks of their own, visited on
   any thread, their post-order visit after every visit below them.
   Threads are started only when there are two directories to read at
   once, and are gone when this returns.  Returns 0 when the walk is
   complete, 1 when VISIT or REPORT stopped it, -1 with errno when it could
   not go on (after a LIBFTS_WALK_FAILED report, unless it could not start:
   EINVAL for a second run or no VISIT, ENOMEM).  Once per walk.  The
   walk's counters are added to LIBFTS_STATS_FILE's totals.  */
int libfts_walk_run (LIBFTS_WALK *w, libfts_walk_visit_fn visit,
                     libfts_walk_report_fn report, void *arg);

/* Free W.  Returns 0, or -1 with errno EINVAL.  */
int libfts_walk_close (LIBFTS_WALK *w);

/* Counters of W's run, summed over its threads.  */
int libfts_walk_get_stats (LIBFTS_WALK *w, struct libfts_stats *stats,
                           size_t size);

/* From VISIT, about E: queue a report (CODE, ERR, VALUE are the caller's)
   for REPORT.  Returns 0, or -1 with errno ENOMEM.  */
int libfts_walk_report (struct libfts_walk_entry *e, int code, int err,
                        intmax_t value);

/* As libfts_walk_report, with a copy of the SIZE bytes at DATA for REPORT
   (a program's sums for a directory, say): the report's data and size.
   Returns 0, or -1 with errno ENOMEM.  */
int libfts_walk_report_data (struct libfts_walk_entry *e, int code, int err,
                             intmax_t value, const void *data, size_t size);

/* From VISIT: set `flagged' in the post-order visit of each of E's
   ancestors (rm: something below stays, so their removal would fail).  */
void libfts_walk_flag_ancestors (struct libfts_walk_entry *e);

/* From VISIT: keep the directory that holds E (its parent; for a
   directory's own visits, the directory above it) from being finished:
   its post-order visit, and so those of its ancestors, wait until
   libfts_walk_release is given the hold returned, from any thread, once
   the caller is done with what it took over (a subdirectory it skipped
   and had removed elsewhere, by another machine of an MPI job, which must
   be gone before the rmdir of its parent).  libfts_walk_run does not
   return while a hold is out, unless the walk stops: then the holds out
   are dropped, and releasing them once libfts_walk_run returned is an
   error.  Returns the hold, or null with errno (EINVAL: E is a root;
   ENOMEM).  */
void *libfts_walk_hold (struct libfts_walk_entry *e);

/* Let go of HOLD, taken in W's run: the directory is finished once
   everything else below it is, on one of the walk's threads; with FLAG
   not 0, its post-order visit and its ancestors' are `flagged', as if an
   entry below it had called libfts_walk_flag_ancestors (what was handed
   out left something behind).  From any thread, while libfts_walk_run
   runs.  Returns 0, or -1 with errno EINVAL (and nothing done) once
   libfts_walk_run is over, so that a caller racing a stopped walk's
   end need only keep W open (not yet closed) while it releases.  */
int libfts_walk_release (LIBFTS_WALK *w, void *hold, int flag);

/* Hand out a directory that W has found and not yet read, from any
   thread while libfts_walk_run runs on W (one that answers the other
   machines of an MPI job, say), without a request to the file system:
   the one W would read next is taken out, and GIVE is called with an
   entry for it (info FTS_D; st null, dirfd -1; its name, level and
   parent's data; libfts_walk_path, libfts_walk_parent_id,
   libfts_walk_hold, libfts_walk_report and libfts_walk_report_data take
   it).  When GIVE returns LIBFTS_WALK_SKIP, W never reads nor visits
   the directory, as after a skip at its FTS_D: the reports GIVE made
   about it take its place, and in an ordered walk they are delivered by
   W's threads, never on the caller's.  Anything else puts it back.  Not
   for LIBFTS_WALK_XDEV, whose walk must know a directory's device before
   it may go in.  Returns 1 when GIVE took one, 0 when W had none to
   give (or is not running, or stopped), -1 with errno (EINVAL; ENOMEM).
   W must not be closed meanwhile.  */
int libfts_walk_give (LIBFTS_WALK *w, libfts_walk_visit_fn give, void *arg);

/* What libfts_walk_cut calls for each entry it hands over: its NAME and
   d_type.  Returns 0, or anything else to refuse them all.  */
typedef int (*libfts_walk_cut_fn) (const char *name, unsigned char d_type,
                                   void *arg);

/* From VISIT, about E, an entry that is not a directory, in a directory
   whose entries one thread visits (not shared among the threads, as
   LIBFTS_WALK_SPLIT shares a large one) in an ordered walk: hand over
   part of what is left of the directory, for another machine of an MPI
   job to visit there.  Of the entries that the walk read after E and
   has not visited yet, the second half, as far as d_type says that none
   of it is a directory, goes to TAKE one name at a time, in the walk's
   order, when that is at least MIN entries and one for each 64 entries
   of the directory read so far (whoever takes them reads the directory
   again); the walk then never visits them, and a report of the
   directory (as its own: its path, FTS_D) with CODE and VALUE takes their
   place, after the last entry it visits before them.  The caller keeps
   the directory from being finished (libfts_walk_hold) until it has
   what it handed over done.  *SORTED (if SORTED is not null) tells
   whether they were in inode order (for libfts_walk_set_root_names).
   Returns how many entries went to TAKE, 0 when none did (nothing to
   hand over, or TAKE refused), or -1 with errno ENOMEM.  With TAKE null,
   nothing is handed over: returns how many entries would be.  */
long libfts_walk_cut (struct libfts_walk_entry *e, size_t min, int code,
                      intmax_t value, libfts_walk_cut_fn take, void *arg,
                      int *sorted);

/* Before libfts_walk_run, on a walk whose root is a directory: of its
   entries, visit only the N in NAMES (the strings must last until
   libfts_walk_close; W copies the array), in inode order if SORTED, else
   in the order the directory gives them; the others are neither
   stat-ed nor visited.  What libfts_walk_cut handed over, walked on
   another machine.  Returns 0, or -1 with errno (EINVAL: W ran already;
   ENOMEM).  */
int libfts_walk_set_root_names (LIBFTS_WALK *w, char *const *names, size_t n,
                                int sorted);

/* From VISIT, or GIVE (libfts_walk_give): the device and inode of the
   directory that holds E (for a directory's own visits, the one above
   it), as its fstat said when the walk opened it; no request to the
   file system.  Returns 0, or -1 with errno EINVAL (E is a root).  */
int libfts_walk_parent_id (const struct libfts_walk_entry *e, dev_t *dev,
                           ino_t *ino);

/* From VISIT, or GIVE (libfts_walk_give): the device and inode of E's
   ancestors up to its root, the directory that holds E first (as
   libfts_walk_parent_id gives it), at most MAX of them, in DEV[] and
   INO[]; no request to the file system.  Returns how many it gave: 0
   for a root.  A walk that carries on another's below one of its
   directories (the MPI walk's tasks) needs them to find a directory
   cycle through the directories above its own root.  */
size_t libfts_walk_ancestor_ids (const struct libfts_walk_entry *e,
                                 dev_t *dev, ino_t *ino, size_t max);

/* Whether libfts_walk_flag_ancestors was called, in W's run, about a
   root or an entry below it: after libfts_walk_run, whether the roots'
   parent would have been flagged (the MPI walk passes it on to the
   directory that handed the root out).  */
int libfts_walk_roots_flagged (LIBFTS_WALK *w);

/* From VISIT: E's path, as fts_path would be, in a buffer from malloc
   that the caller frees; null with errno ENOMEM.  O(depth): for reports,
   libfts_walk_report builds paths for nothing.  */
char *libfts_walk_path (const struct libfts_walk_entry *e);

/* From VISIT: lstat E now (FOLLOW: stat), as libfts_stat does; updates
   e->st, e->info, e->err and e->d_type and returns the new info.  */
int libfts_walk_stat (struct libfts_walk_entry *e, int follow);

#ifdef __cplusplus
}
#endif

#endif /* LIBFTS_FTS_H */

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

/* libfts extensions, above every bit glibc uses.  */
#define FTS_DIRFD       0x00010000 /* descriptor-relative: never chdir;
                                      fts_accpath is relative to
                                      libfts_dirfd () */
#define FTS_TRUST_SHORT_READS 0x00020000
                                   /* on file systems whose getdents fills
                                      each batch (ext4, xfs, btrfs, tmpfs),
                                      take a batch with room to spare as the
                                      last, saving a system call per
                                      directory.  A read error met part way
                                      then goes unseen: only for callers
                                      that find out otherwise (rm: rmdir
                                      fails with ENOTEMPTY) and re-read */

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

#ifdef __cplusplus
}
#endif

#endif /* LIBFTS_FTS_H */

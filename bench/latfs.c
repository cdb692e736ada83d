/* latfs: a FUSE passthrough of a directory that is slow on purpose.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   latfs [-f] [-d] [-o OPTION[,OPTION]...] SOURCE_DIR MOUNTPOINT
     -o delay_us=N       wait N microseconds in every request before
                         serving it (default 0)
     -o max_inflight=K   serve at most K requests at once, counting their
                         waits; the others queue (0, the default: no limit)
     -o parallel_lookups let the kernel look up names of one directory
                         in parallel, as an NFS client does (libfuse
                         3.14 and later; see patch_init)
     -o stats=FILE       at unmount, write to FILE the lines
                           requests N          requests served
                           max_inflight M      most requests served at once
                                               that a caller waited for
                           max_inflight_all A  most requests served at
                                               once, the kernel's own too
                           inflight_now C      requests being served (0)
                           parallel_lookups P  1 if the kernel looks up
                                               names of one directory in
                                               parallel, else 0
                           faults F            requests answered with an
                                               injected error (fault=)
                           stalls S            requests held back (stall=)
                           during_stalls D     other requests that began
                                               while a stall was under way
                           requests_OP N       requests of kind OP served
                                               (getattr, opendir, ...:
                                               those of -o fault=), one
                                               line per kind met;
                                               requests_release the
                                               releases
     -o fault=OP:PATH:ERROR
                         answer every request OP on PATH with ERROR, without
                         serving it (repeatable: one option per rule)
     -o stall=OP:PATH:MS hold every request OP on PATH back MS milliseconds
                         before serving it (repeatable)
     -f                  stay in the foreground
     -d                  print FUSE's debugging trace (implies -f)
   and FUSE's own mount options.

   Remote file systems (NFS, SMB, sshfs) answer each request after a
   round trip, and serve many at once: a walk is fast on them only if it
   keeps many requests in flight.  latfs makes a local directory behave
   so, for the benchmarks and for the tests (tests/init.sh,
   latfs_mount_), and says how many requests a walk had in flight at
   most.  Every request is a cold one: the kernel caches no attributes,
   names or absent names (all timeouts 0), and gets no attributes with a
   directory's listing (no READDIRPLUS), so each stat(2) is a round trip.
   With -o parallel_lookups, the names of one directory are looked up in
   parallel, as an NFS client looks them up (patch_init, with libfuse
   3.14 and later); bench/run asks for it.
   max_inflight=K stands for a client's own cap on requests in flight,
   like Lustre's max_rpcs_in_flight.

   fault= and stall= make it a server that fails or stalls, for the
   tests of what the programs say and leave behind when it does.  OP is
   the request, as libfuse names its handler: getattr (every lookup of
   a name and every stat(2): with caching off, each name a path goes
   through is looked up, so a failing getattr makes PATH unreachable),
   access, readlink, statfs, mkdir, rmdir, unlink, rename (PATH is the
   old name), symlink, link (PATH is the existing name), chmod, chown,
   truncate, utimens, open, create, read, write, opendir, readdir (each
   piece of a directory's listing; the directory opens), readdir_more
   (each piece but the first: a listing cut short; how many names the
   first piece holds follows the caller's getdents buffer, on Linux 6.18
   1,022 short names for GNU's 32 KiB), or 'any' for all of them.  The releases are never failed nor held: the kernel sends
   them in the background and no caller would see it.  PATH is relative
   to SOURCE_DIR, as below the mount point ("t/d3/f1"; "." the root);
   "PATH/..." is PATH and every name below it, and "..." alone the whole
   tree (the "..." of Go's package patterns): a subtree whose server is
   gone is fault=any:t/d3/...:ENOTCONN.  ERROR is a number or a name
   from errno.h among EPERM, ENOENT, EIO, ENXIO, EACCES, EBUSY, EEXIST,
   ENOTDIR, EISDIR, EINVAL, ENOSPC, EROFS, ENAMETOOLONG, ENOTEMPTY,
   ELOOP, EOVERFLOW, EBADMSG, ENOTCONN, ETIMEDOUT, EHOSTDOWN, ESTALE,
   EREMOTEIO, EDQUOT, ENOMEM; MS a number above 0.  A request matching
   several rules gets the stall of each, then the error of the first
   fault.  tests/latfs-faults-lib.sh runs the programs on them.  With
   "-o stall=opendir:t/d5:3000", opening t/d5 takes 3 s each time, after
   delay_us like every request, and the stats say how many other
   requests began meanwhile: what a walk got on with while it waited.
   The kernel may retry a lookup that fails with ESTALE once (the VFS's
   retry_estale), so such a rule can see two requests for one call.

   The kernel sends RELEASE and RELEASEDIR in the background: close(2)
   returns before they are served (fs/fuse/file.c, fuse_file_put: only a
   fuseblk mount waits).  They wait and take a slot like the others, but
   no caller waits for them, so max_inflight leaves them out: it says how
   many requests the callers had in flight, which a walk with N threads
   keeps to N.  Measured on Linux 6.18 with 'du -s' of 40 directories of
   30 files and a subdirectory, delay_us=200: max_inflight 1, 4, 8 with 1,
   4, 8 threads; counting the releases too, 2, 6, 11.

   Like any FUSE file system it returns once mounted, serving from the
   background; unmount it with 'fusermount3 -u MOUNTPOINT' (or umount as
   root).  The stats file is written by the server as it exits, a moment
   after the unmount returns: read it once it exists.  Everything is done
   relative to a descriptor of SOURCE_DIR opened at start (*at calls), as
   root would see it: mount as root, walk as root.  Plain C, libc and
   libfuse3 only.  */

#define _GNU_SOURCE 1

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <semaphore.h>
#include <stdbool.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

/* configure sets FUSE_USE_VERSION: 312 where libfuse has the loop
   configuration of 3.12 (a cap on threads), 35 before.  fuse_lowlevel.h
   for fuse_parse_cmdline, which reads -f, -d and the mount point.  */
#include <fuse.h>
#include <fuse_lowlevel.h>
/* The kernel's FUSE protocol: struct fuse_init_out, for patch_init.  */
#include <linux/fuse.h>

/* Server threads: enough that 64 and more requests can wait at once
   (libfuse's default cap is 10, which would be the bottleneck measured
   instead of the walk).  As many kept idle, so that a burst does not pay
   for starting threads again.  */
enum { SERVER_THREADS = 256, IDLE_THREADS = 256 };

/* A number of requests being served, and the most there ever were.  */
struct gauge
{
  atomic_long now;
  atomic_long max;
};

/* The requests a rule can name: one per handler of lat_ops but the
   releases, and OP_ANY for all.  op_names spells them for the command
   line, in the same order.  */
enum op
{
  OP_GETATTR, OP_ACCESS, OP_READLINK, OP_STATFS, OP_MKDIR, OP_RMDIR,
  OP_UNLINK, OP_RENAME, OP_SYMLINK, OP_LINK, OP_CHMOD, OP_CHOWN,
  OP_TRUNCATE, OP_UTIMENS, OP_OPEN, OP_CREATE, OP_READ, OP_WRITE,
  OP_OPENDIR, OP_READDIR, OP_READDIR_MORE, OP_ANY
};

static char const *const op_names[] = {
  "getattr", "access", "readlink", "statfs", "mkdir", "rmdir",
  "unlink", "rename", "symlink", "link", "chmod", "chown",
  "truncate", "utimens", "open", "create", "read", "write",
  "opendir", "readdir", "readdir_more", "any"
};

/* One -o fault= or -o stall=: requests OP (or any, OP_ANY) on PATH, or
   below it too if BELOW, are held back STALL_MS milliseconds, then
   answered with -ERROR unless ERROR is 0.  Read at start, never changed
   after: the server's threads read them without a lock.  */
struct rule
{
  enum op op;
  char *path;                   /* relative to SOURCE_DIR, "." the root */
  bool below;                   /* "PATH/...": and every name below */
  int error;                    /* 0 for a stall */
  unsigned long stall_ms;
};

/* The options, and what the requests did.  */
struct latfs
{
  /* From the command line.  */
  char *source;                 /* SOURCE_DIR, then its absolute name */
  unsigned long delay_us;
  unsigned int max_inflight;
  char *stats;                  /* the stats file, then its absolute name */
  int want_parallel;            /* -o parallel_lookups */
  int source_fd;                /* O_PATH descriptor of SOURCE_DIR */
  struct rule *rules;           /* -o fault= and -o stall=, in order */
  size_t n_rules;

  /* Queue for max_inflight (unused when it is 0).  */
  sem_t slots;

  /* Counted across the server's threads.  */
  atomic_ulong requests;
  atomic_ulong by_op[OP_ANY + 1]; /* requests of each kind; the releases
                                     at OP_ANY */
  struct gauge waited;          /* requests a caller waits for */
  struct gauge all;             /* those and the background releases */
  atomic_bool parallel_lookups; /* the INIT reply asked for them */
  atomic_ulong faults;          /* requests answered with a rule's error */
  atomic_ulong stalls;          /* requests held back by a rule */
  atomic_long stalling;         /* stalls under way now */
  atomic_ulong during_stalls;   /* other requests begun while stalling */
};

static struct latfs fs = { .source_fd = -1 };

/* ---- the wrapper every request goes through -------------------------- */

/* Count one more request in G, and keep the most there ever were.  */
static void
gauge_up (struct gauge *g)
{
  long now = atomic_fetch_add (&g->now, 1) + 1;
  long max = atomic_load (&g->max);
  while (now > max && !atomic_compare_exchange_weak (&g->max, &max, now))
    continue;                   /* max was reloaded: compare again */
}

/* Enter a request, one that a caller waits for unless BACKGROUND: take a
   slot if max_inflight caps them, count it in flight, then wait
   delay_us.  The wait is nanosleep in the serving thread, so that waits
   overlap across threads as round trips do; it counts as in flight, as a
   round trip does.  */
static void
enter (bool background)
{
  if (fs.max_inflight)
    while (sem_wait (&fs.slots) != 0)
      continue;                 /* EINTR: a signal, wait again */
  atomic_fetch_add (&fs.requests, 1);
  gauge_up (&fs.all);
  if (!background)
    gauge_up (&fs.waited);

  struct timespec wait = { .tv_sec = fs.delay_us / 1000000,
                           .tv_nsec = fs.delay_us % 1000000 * 1000 };
  while (nanosleep (&wait, &wait) != 0 && errno == EINTR)
    continue;
}

/* Leave a request entered with enter (BACKGROUND), and return RESULT,
   its answer (0 or more, or -errno).  */
static int
leave (bool background, int result)
{
  if (!background)
    atomic_fetch_sub (&fs.waited.now, 1);
  atomic_fetch_sub (&fs.all.now, 1);
  if (fs.max_inflight)
    sem_post (&fs.slots);
  return result;
}

/* PATH, as libfuse gives it ("/" or "/a/b"), relative to SOURCE_DIR.  */
static char const *
rel (char const *path)
{
  return path[1] ? path + 1 : ".";
}

/* Whether rule R names request OP on NAME (relative to SOURCE_DIR, as
   rel gives it).  */
static bool
rule_matches (struct rule const *r, enum op op, char const *name)
{
  if (r->op != OP_ANY && r->op != op
      && !(r->op == OP_READDIR && op == OP_READDIR_MORE))
    return false;
  if (r->below && strcmp (r->path, ".") == 0)
    return true;
  size_t len = strlen (r->path);
  return (strncmp (name, r->path, len) == 0
          && (name[len] == '\0' || (r->below && name[len] == '/')));
}

/* Hold a request back MS milliseconds, counted as a stall under way.  */
static void
stall (unsigned long ms)
{
  atomic_fetch_add (&fs.stalls, 1);
  atomic_fetch_add (&fs.stalling, 1);
  struct timespec wait = { .tv_sec = ms / 1000,
                           .tv_nsec = ms % 1000 * 1000000 };
  while (nanosleep (&wait, &wait) != 0 && errno == EINTR)
    continue;
  atomic_fetch_sub (&fs.stalling, 1);
}

/* Apply the rules to request OP on PATH (libfuse's, "/a/b"; NULL for a
   file open but unlinked, which no rule names): hold it back for each
   stall that matches, and return -errno of the first fault that
   matches, or 0 to serve it.  */
static int
apply_rules (enum op op, char const *path)
{
  int result = 0;
  if (!path)
    return 0;
  for (size_t i = 0; i < fs.n_rules; i++)
    {
      struct rule const *r = &fs.rules[i];
      if (!rule_matches (r, op, rel (path)))
        continue;
      if (r->stall_ms)
        stall (r->stall_ms);
      if (r->error && !result)
        result = -r->error;
    }
  if (result)
    atomic_fetch_add (&fs.faults, 1);
  return result;
}

/* Each operation starts with 'int r = request_enter (OP, path)', serves
   the request only if r is 0 (else r is a rule's -errno, its answer),
   and ends with 'return request_leave (r)'; the releases, which the
   kernel sends in the background, with release_enter and
   release_leave.  */
static int
request_enter (enum op op, char const *path)
{
  if (atomic_load (&fs.stalling) > 0)
    atomic_fetch_add (&fs.during_stalls, 1);
  atomic_fetch_add (&fs.by_op[op], 1);
  enter (false);
  return apply_rules (op, path);
}

static int
request_leave (int result)
{
  return leave (false, result);
}

static void
release_enter (void)
{
  atomic_fetch_add (&fs.by_op[OP_ANY], 1);
  enter (true);
}

static int
release_leave (int result)
{
  return leave (true, result);
}

/* RESULT as a request's answer: RESULT itself, or -errno if it is -1 (a
   failed system call).  */
static int
answer (int result)
{
  return result == -1 ? -errno : result;
}

/* ---- attributes and names ------------------------------------------------ */

static int
lat_getattr (char const *path, struct stat *st, struct fuse_file_info *fi)
{
  int r = request_enter (OP_GETATTR, path);
  if (r == 0)
    r = answer (fi ? fstat (fi->fh, st)
                   : fstatat (fs.source_fd, rel (path), st,
                              AT_SYMLINK_NOFOLLOW));
  return request_leave (r);
}

static int
lat_access (char const *path, int mask)
{
  int r = request_enter (OP_ACCESS, path);
  if (r == 0)
    r = answer (faccessat (fs.source_fd, rel (path), mask,
                           AT_SYMLINK_NOFOLLOW));
  return request_leave (r);
}

/* Read PATH's target into BUF of SIZE bytes, NUL-terminated, cut short if
   need be (as libfuse asks).  */
static int
lat_readlink (char const *path, char *buf, size_t size)
{
  int r = request_enter (OP_READLINK, path);
  if (r == 0)
    {
      ssize_t n = readlinkat (fs.source_fd, rel (path), buf, size - 1);
      if (n >= 0)
        buf[n] = '\0';
      r = n < 0 ? -errno : 0;
    }
  return request_leave (r);
}

static int
lat_statfs (char const *path, struct statvfs *sv)
{
  int r = request_enter (OP_STATFS, path);
  if (r == 0)
    r = answer (fstatvfs (fs.source_fd, sv));
  return request_leave (r);
}

/* ---- changes to names ---------------------------------------------------- */

static int
lat_mkdir (char const *path, mode_t mode)
{
  int r = request_enter (OP_MKDIR, path);
  if (r == 0)
    r = answer (mkdirat (fs.source_fd, rel (path), mode));
  return request_leave (r);
}

static int
lat_rmdir (char const *path)
{
  int r = request_enter (OP_RMDIR, path);
  if (r == 0)
    r = answer (unlinkat (fs.source_fd, rel (path), AT_REMOVEDIR));
  return request_leave (r);
}

static int
lat_unlink (char const *path)
{
  int r = request_enter (OP_UNLINK, path);
  if (r == 0)
    r = answer (unlinkat (fs.source_fd, rel (path), 0));
  return request_leave (r);
}

/* FLAGS are renameat2's (RENAME_NOREPLACE, RENAME_EXCHANGE).  */
static int
lat_rename (char const *from, char const *to, unsigned int flags)
{
  int r = request_enter (OP_RENAME, from);
  if (r == 0)
    r = answer (renameat2 (fs.source_fd, rel (from), fs.source_fd, rel (to),
                           flags));
  return request_leave (r);
}

static int
lat_symlink (char const *target, char const *path)
{
  int r = request_enter (OP_SYMLINK, path);
  if (r == 0)
    r = answer (symlinkat (target, fs.source_fd, rel (path)));
  return request_leave (r);
}

static int
lat_link (char const *from, char const *to)
{
  int r = request_enter (OP_LINK, from);
  if (r == 0)
    r = answer (linkat (fs.source_fd, rel (from), fs.source_fd, rel (to), 0));
  return request_leave (r);
}

/* ---- changes to attributes ----------------------------------------------- */

/* The kernel changes no symbolic link's mode (chmod follows it, and
   lchmod is refused before the request), so following is right here.  */
static int
lat_chmod (char const *path, mode_t mode, struct fuse_file_info *fi)
{
  int r = request_enter (OP_CHMOD, path);
  if (r == 0)
    r = answer (fi ? fchmod (fi->fh, mode)
                   : fchmodat (fs.source_fd, rel (path), mode, 0));
  return request_leave (r);
}

/* The request names the inode itself: a symbolic link's own owner when
   the caller used lchown, hence AT_SYMLINK_NOFOLLOW.  -1 keeps an id.  */
static int
lat_chown (char const *path, uid_t uid, gid_t gid, struct fuse_file_info *fi)
{
  int r = request_enter (OP_CHOWN, path);
  if (r == 0)
    r = answer (fi ? fchown (fi->fh, uid, gid)
                   : fchownat (fs.source_fd, rel (path), uid, gid,
                               AT_SYMLINK_NOFOLLOW));
  return request_leave (r);
}

/* Truncate NAME, relative to SOURCE_DIR, to SIZE bytes: there is no
   truncateat, so open it.  Return 0, or -1 with errno set.  */
static int
truncate_name (char const *name, off_t size)
{
  int fd = openat (fs.source_fd, name, O_WRONLY | O_CLOEXEC);
  int r = fd < 0 ? -1 : ftruncate (fd, size);
  if (fd >= 0)
    {
      int saved = errno;
      close (fd);
      errno = saved;
    }
  return r;
}

static int
lat_truncate (char const *path, off_t size, struct fuse_file_info *fi)
{
  int r = request_enter (OP_TRUNCATE, path);
  if (r == 0)
    r = answer (fi ? ftruncate (fi->fh, size)
                   : truncate_name (rel (path), size));
  return request_leave (r);
}

static int
lat_utimens (char const *path, struct timespec const ts[2],
             struct fuse_file_info *fi)
{
  int r = request_enter (OP_UTIMENS, path);
  if (r == 0)
    r = answer (fi ? futimens (fi->fh, ts)
                   : utimensat (fs.source_fd, rel (path), ts,
                                AT_SYMLINK_NOFOLLOW));
  return request_leave (r);
}

/* ---- files: a descriptor of the source's file in fi->fh ----------------- */

static int
lat_open (char const *path, struct fuse_file_info *fi)
{
  int r = request_enter (OP_OPEN, path);
  if (r == 0)
    {
      int fd = openat (fs.source_fd, rel (path), fi->flags | O_CLOEXEC);
      if (fd >= 0)
        fi->fh = fd;
      r = answer (fd < 0 ? -1 : 0);
    }
  return request_leave (r);
}

static int
lat_create (char const *path, mode_t mode, struct fuse_file_info *fi)
{
  int r = request_enter (OP_CREATE, path);
  if (r == 0)
    {
      int fd = openat (fs.source_fd, rel (path),
                       fi->flags | O_CREAT | O_CLOEXEC, mode);
      if (fd >= 0)
        fi->fh = fd;
      r = answer (fd < 0 ? -1 : 0);
    }
  return request_leave (r);
}

static int
lat_read (char const *path, char *buf, size_t size, off_t off,
          struct fuse_file_info *fi)
{
  int r = request_enter (OP_READ, path);
  if (r == 0)
    {
      ssize_t n = pread (fi->fh, buf, size, off);
      r = n < 0 ? -errno : (int) n;
    }
  return request_leave (r);
}

static int
lat_write (char const *path, char const *buf, size_t size, off_t off,
           struct fuse_file_info *fi)
{
  int r = request_enter (OP_WRITE, path);
  if (r == 0)
    {
      ssize_t n = pwrite (fi->fh, buf, size, off);
      r = n < 0 ? -errno : (int) n;
    }
  return request_leave (r);
}

static int
lat_release (char const *path, struct fuse_file_info *fi)
{
  release_enter ();
  close (fi->fh);
  return release_leave (0);
}

/* ---- directories: a struct dir in fi->fh --------------------------------- */

/* An open directory.  libfuse hands a listing out in pieces, each from an
   offset that telldir gave: PENDING is the entry read but not taken
   (the reply was full), and NEXT the offset where the listing stands.  */
struct dir
{
  DIR *stream;
  struct dirent *pending;
  off_t next;
};

/* Open NAME, relative to SOURCE_DIR, as a struct dir of its own; NULL
   with errno set if that fails.  */
static struct dir *
dir_open (char const *name)
{
  int saved;
  struct dir *d = calloc (1, sizeof *d);
  if (!d)
    return NULL;
  int fd = openat (fs.source_fd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    goto out_free_dir;
  d->stream = fdopendir (fd);
  if (!d->stream)
    goto out_close_fd;
  return d;

 out_close_fd:
  saved = errno;
  close (fd);
  errno = saved;
 out_free_dir:
  saved = errno;
  free (d);
  errno = saved;
  return NULL;
}

static int
lat_opendir (char const *path, struct fuse_file_info *fi)
{
  int r = request_enter (OP_OPENDIR, path);
  if (r == 0)
    {
      struct dir *d = dir_open (rel (path));
      if (d)
        fi->fh = (uintptr_t) d;
      r = d ? 0 : -errno;
    }
  return request_leave (r);
}

/* Fill BUF from the listing of D, starting at OFF: each name with its
   inode number and type (d_ino and d_type, which the walk relies on;
   libfuse passes st_ino on since use_ino is set) until FILL says the
   reply is full.  Return 0, or -errno if reading D failed.  */
static int
dir_fill (struct dir *d, void *buf, fuse_fill_dir_t fill, off_t off)
{
  if (off != d->next)
    {
      seekdir (d->stream, off);
      d->pending = NULL;
      d->next = off;
    }
  int r = 0;
  for (;;)
    {
      struct dirent *e = d->pending;
      errno = 0;
      if (!e && !(e = readdir (d->stream)))
        {
          r = -errno;           /* 0 at the end of the listing */
          break;
        }
      struct stat st = { .st_ino = e->d_ino, .st_mode = DTTOIF (e->d_type) };
      off_t after = telldir (d->stream);
      if (fill (buf, e->d_name, &st, after, 0))
        {
          d->pending = e;
          break;
        }
      d->pending = NULL;
      d->next = after;
    }
  return r;
}

static int
lat_readdir (char const *path, void *buf, fuse_fill_dir_t fill, off_t off,
             struct fuse_file_info *fi, enum fuse_readdir_flags flags)
{
  int r = request_enter (off ? OP_READDIR_MORE : OP_READDIR, path);
  if (r == 0)
    r = dir_fill ((struct dir *) (uintptr_t) fi->fh, buf, fill, off);
  return request_leave (r);
}

static int
lat_releasedir (char const *path, struct fuse_file_info *fi)
{
  release_enter ();
  struct dir *d = (struct dir *) (uintptr_t) fi->fh;
  closedir (d->stream);
  free (d);
  return release_leave (0);
}

/* ---- the file system's start and end --------------------------------------- */

/* Every request a cold one (see the head comment): no cached attributes,
   names or absent names, and no attributes with listings.  Inode numbers
   pass through (use_ino).  hard_remove: an open file unlinked is gone,
   not renamed .fuse_hidden*, so that SOURCE_DIR is left as the walk left
   it.  */
static void *
lat_init (struct fuse_conn_info *conn, struct fuse_config *cfg)
{
  cfg->use_ino = 1;
  cfg->readdir_ino = 1;
  cfg->attr_timeout = 0;
  cfg->entry_timeout = 0;
  cfg->negative_timeout = 0;
  cfg->hard_remove = 1;
  conn->want &= ~FUSE_CAP_READDIRPLUS;
  return NULL;
}

/* Write the stats file, if asked for: through a temporary name renamed
   into place, so that whoever waits for it reads it whole.  */
static void
lat_destroy (void *private_data)
{
  if (!fs.stats)
    return;
  size_t len = strlen (fs.stats);
  char *tmp = malloc (len + sizeof ".tmp");
  if (!tmp)
    return;
  memcpy (tmp, fs.stats, len);
  strcpy (tmp + len, ".tmp");
  FILE *f = fopen (tmp, "w");
  if (f)
    {
      fprintf (f, "requests %lu\nmax_inflight %ld\nmax_inflight_all %ld\n"
               "inflight_now %ld\nparallel_lookups %d\n"
               "faults %lu\nstalls %lu\nduring_stalls %lu\n",
               atomic_load (&fs.requests), atomic_load (&fs.waited.max),
               atomic_load (&fs.all.max), atomic_load (&fs.all.now),
               atomic_load (&fs.parallel_lookups) ? 1 : 0,
               atomic_load (&fs.faults), atomic_load (&fs.stalls),
               atomic_load (&fs.during_stalls));
      for (size_t i = 0; i <= OP_ANY; i++)
        if (atomic_load (&fs.by_op[i]))
          fprintf (f, "requests_%s %lu\n",
                   i == OP_ANY ? "release" : op_names[i],
                   atomic_load (&fs.by_op[i]));
      if (fclose (f) == 0)
        rename (tmp, fs.stats);
    }
  free (tmp);
}

static struct fuse_operations const lat_ops = {
  .init = lat_init,
  .destroy = lat_destroy,
  .getattr = lat_getattr,
  .access = lat_access,
  .readlink = lat_readlink,
  .statfs = lat_statfs,
  .mkdir = lat_mkdir,
  .rmdir = lat_rmdir,
  .unlink = lat_unlink,
  .rename = lat_rename,
  .symlink = lat_symlink,
  .link = lat_link,
  .chmod = lat_chmod,
  .chown = lat_chown,
  .truncate = lat_truncate,
  .utimens = lat_utimens,
  .open = lat_open,
  .create = lat_create,
  .read = lat_read,
  .write = lat_write,
  .release = lat_release,
  .opendir = lat_opendir,
  .readdir = lat_readdir,
  .releasedir = lat_releasedir,
};

/* ---- the command line ------------------------------------------------------ */

#define LATFS_OPT(spec, member) { spec, offsetof (struct latfs, member), 0 }

/* The keys of the options that take_arg reads itself.  */
enum { KEY_FAULT, KEY_STALL };

static struct fuse_opt const lat_opts[] = {
  LATFS_OPT ("delay_us=%lu", delay_us),
  LATFS_OPT ("max_inflight=%u", max_inflight),
  LATFS_OPT ("stats=%s", stats),
  { "parallel_lookups", offsetof (struct latfs, want_parallel), 1 },
  FUSE_OPT_KEY ("fault=", KEY_FAULT),
  FUSE_OPT_KEY ("stall=", KEY_STALL),
  FUSE_OPT_END
};

/* The error names fault= takes (any number too): those a server or a
   disk can answer with, and those the programs classify.  */
static struct
{
  char const *name;
  int value;
} const error_names[] = {
  { "EPERM", EPERM }, { "ENOENT", ENOENT }, { "EIO", EIO },
  { "ENXIO", ENXIO }, { "EACCES", EACCES }, { "EBUSY", EBUSY },
  { "EEXIST", EEXIST }, { "ENOTDIR", ENOTDIR }, { "EISDIR", EISDIR },
  { "EINVAL", EINVAL }, { "ENOSPC", ENOSPC }, { "EROFS", EROFS },
  { "ENAMETOOLONG", ENAMETOOLONG }, { "ENOTEMPTY", ENOTEMPTY },
  { "ELOOP", ELOOP }, { "EOVERFLOW", EOVERFLOW }, { "EBADMSG", EBADMSG },
  { "ENOTCONN", ENOTCONN }, { "ETIMEDOUT", ETIMEDOUT },
  { "EHOSTDOWN", EHOSTDOWN }, { "ESTALE", ESTALE },
  { "EREMOTEIO", EREMOTEIO }, { "EDQUOT", EDQUOT }, { "ENOMEM", ENOMEM },
};

/* NAME as an operation of a rule; -1 if it names none.  */
static int
parse_op (char const *name, size_t len)
{
  for (size_t i = 0; i < sizeof op_names / sizeof *op_names; i++)
    if (strlen (op_names[i]) == len && strncmp (op_names[i], name, len) == 0)
      return i;
  return -1;
}

/* TEXT as a positive number below LIMIT; 0 if it is none.  */
static unsigned long
parse_number (char const *text, unsigned long limit)
{
  char *end;
  errno = 0;
  unsigned long n = strtoul (text, &end, 10);
  return (end == text || *end || errno || text[0] == '-' || n >= limit
          ? 0 : n);
}

/* TEXT as an error number, by name or number; 0 if it is neither.  */
static int
parse_error (char const *text)
{
  for (size_t i = 0; i < sizeof error_names / sizeof *error_names; i++)
    if (strcmp (error_names[i].name, text) == 0)
      return error_names[i].value;
  return parse_number (text, 4096);
}

/* Set R's path from TEXT, LEN bytes: without leading slashes, without a
   trailing "/..." (then R->below), "." for the root.  Return 0, or -1
   if out of memory.  */
static int
parse_path (struct rule *r, char const *text, size_t len)
{
  while (len && *text == '/')
    text++, len--;
  r->below = (len == 3 && memcmp (text, "...", 3) == 0)
             || (len >= 4 && memcmp (text + len - 4, "/...", 4) == 0);
  if (r->below)
    len = len == 3 ? 0 : len - 4;
  r->path = len ? strndup (text, len) : strdup (".");
  return r->path ? 0 : -1;
}

/* Add the rule of ARG ("fault=OP:PATH:ERROR" or, if STALL,
   "stall=OP:PATH:MS") to fs.rules.  PATH is what lies between the first
   colon and the last, so that it may hold colons.  Return 0, or print
   why not and return -1.  */
static int
add_rule (char const *arg, bool stall)
{
  char const *spec = strchr (arg, '=') + 1;
  char const *colon = strchr (spec, ':');
  char const *last = strrchr (spec, ':');
  struct rule r = { 0 };
  int op = colon ? parse_op (spec, colon - spec) : -1;
  if (op < 0 || last == colon)
    goto out_invalid;
  r.op = op;
  if (stall ? !(r.stall_ms = parse_number (last + 1, ULONG_MAX / 1000))
            : !(r.error = parse_error (last + 1)))
    goto out_invalid;
  struct rule *rules = realloc (fs.rules, (fs.n_rules + 1) * sizeof *rules);
  if (rules)
    fs.rules = rules;
  if (!rules || parse_path (&r, colon + 1, last - colon - 1) != 0)
    {
      fprintf (stderr, "latfs: %s: %s\n", arg, strerror (ENOMEM));
      return -1;
    }
  fs.rules[fs.n_rules++] = r;
  return 0;

 out_invalid:
  fprintf (stderr, "latfs: invalid rule '%s': want %s=OP:PATH:%s\n", arg,
           stall ? "stall" : "fault", stall ? "MS" : "ERROR");
  return -1;
}

/* fuse_opt_parse's callback: read fault= and stall=, take the first
   name that is no option as SOURCE_DIR, and leave the rest (the mount
   point, FUSE's options) to fuse_parse_cmdline and fuse_new.  */
static int
take_arg (void *data, char const *arg, int key, struct fuse_args *args)
{
  if (key == KEY_FAULT || key == KEY_STALL)
    return add_rule (arg, key == KEY_STALL);
  if (key == FUSE_OPT_KEY_NONOPT && !fs.source)
    {
      fs.source = strdup (arg);
      return 0;
    }
  return 1;
}

/* NAME made absolute (the server runs from "/" once in the background),
   in memory of its own; NULL with errno set if that fails.  */
static char *
absolute (char const *name)
{
  if (name[0] == '/')
    return strdup (name);
  char *cwd = getcwd (NULL, 0);
  char *abs = NULL;
  if (cwd && asprintf (&abs, "%s/%s", cwd, name) < 0)
    abs = NULL;
  free (cwd);
  return abs;
}

static void
usage (FILE *out)
{
  fprintf (out, "Usage: latfs [-f] [-d] [-o delay_us=N,max_inflight=K,"
           "stats=FILE,...] SOURCE_DIR MOUNTPOINT\n"
           "A passthrough of SOURCE_DIR that waits N microseconds in every"
           " request\n(see the head comment of bench/latfs.c).\n"
           "  -o fault=OP:PATH:ERROR   fail request OP on PATH with ERROR\n"
           "  -o stall=OP:PATH:MS      hold request OP on PATH MS ms\n");
}

/* Check the options read into fs, open SOURCE_DIR and make the names
   absolute.  Return 0, or print why not and return -1.  */
static int
prepare (void)
{
  fs.source_fd = open (fs.source, O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (fs.source_fd < 0)
    {
      fprintf (stderr, "latfs: %s: %s\n", fs.source, strerror (errno));
      return -1;
    }
  if (fs.stats && !(fs.stats = absolute (fs.stats)))
    {
      fprintf (stderr, "latfs: stats file name: %s\n", strerror (errno));
      return -1;
    }
  if (fs.max_inflight && sem_init (&fs.slots, 0, fs.max_inflight) != 0)
    {
      fprintf (stderr, "latfs: max_inflight=%u: %s\n", fs.max_inflight,
               strerror (errno));
      return -1;
    }
  return 0;
}

/* ---- serving ------------------------------------------------------------------ */

/* Lookups in one directory in parallel, as an NFS client makes them.
   The kernel serializes a directory's LOOKUPs and READDIRs unless the
   INIT reply has FUSE_PARALLEL_DIROPS, and libfuse 3.14 leaves it out
   (reply flags 0x4040d039 on Linux 6.18, whatever conn->want says):
   measured, 20 stats of one directory's files from 20 processes at
   delay_us=100000 took 2.2 s, one LOOKUP after the other.  So the reply
   gets the flag on its way to the kernel: the first message libfuse
   writes is always the INIT reply (the kernel sends nothing before INIT
   is answered).  The same 20 stats then take 0.33 s.  libfuse's
   high-level layer locks the paths it works on itself, so it serves
   lookups of one directory at once safely.  */
#ifdef LATFS_CUSTOM_IO
static atomic_flag init_patched = ATOMIC_FLAG_INIT;

static ssize_t
io_read (int fd, void *buf, size_t len, void *userdata)
{
  (void) userdata;
  return read (fd, buf, len);
}

static ssize_t
io_writev (int fd, struct iovec *iov, int count, void *userdata)
{
  (void) userdata;
  if (!atomic_flag_test_and_set (&init_patched) && count >= 2
      && iov[0].iov_len == sizeof (struct fuse_out_header)
      && ((struct fuse_out_header *) iov[0].iov_base)->error == 0
      && iov[1].iov_len >= offsetof (struct fuse_init_out, flags)
                           + sizeof (uint32_t))
    {
      ((struct fuse_init_out *) iov[1].iov_base)->flags |= FUSE_PARALLEL_DIROPS;
      atomic_store (&fs.parallel_lookups, true);
    }
  return writev (fd, iov, count);
}

/* Route the session's messages through io_read and io_writev.  */
static int
patch_init (struct fuse_session *se)
{
  static const struct fuse_custom_io io = { .read = io_read,
                                            .writev = io_writev };
  if (!fs.want_parallel)
    return 0;
  return fuse_session_custom_io (se, &io, fuse_session_fd (se));
}
#else
/* Before 3.14 the lookups of one directory stay serial.  */
static int
patch_init (struct fuse_session *se)
{
  (void) se;
  return 0;
}
#endif

/* Serve F's requests on up to SERVER_THREADS threads until it is
   unmounted or signalled; return fuse_loop_mt's status.  */
static int
serve (struct fuse *f)
{
#if FUSE_USE_VERSION >= 312
  struct fuse_loop_config *cfg = fuse_loop_cfg_create ();
  if (!cfg)
    return -1;
  fuse_loop_cfg_set_max_threads (cfg, SERVER_THREADS);
  fuse_loop_cfg_set_idle_threads (cfg, IDLE_THREADS);
  int r = fuse_loop_mt (f, cfg);
  fuse_loop_cfg_destroy (cfg);
  return r;
#else
  /* Before 3.12, libfuse started a thread whenever none was idle, with
     no cap: only the idle ones are set.  */
  struct fuse_loop_config cfg = { .clone_fd = 0,
                                  .max_idle_threads = IDLE_THREADS };
  return fuse_loop_mt (f, &cfg);
#endif
}

/* Mount F on MOUNTPOINT, go to the background unless FOREGROUND, serve
   until unmounted.  Return the exit status.  */
static int
mount_and_serve (struct fuse *f, char const *mountpoint, int foreground)
{
  if (fuse_mount (f, mountpoint) != 0)
    return EXIT_FAILURE;
  int status = EXIT_FAILURE;
  struct fuse_session *se = fuse_get_session (f);
  if (patch_init (se) == 0 && fuse_daemonize (foreground) == 0
      && fuse_set_signal_handlers (se) == 0)
    {
      status = serve (f) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
      fuse_remove_signal_handlers (se);
    }
  fuse_unmount (f);
  return status;
}

int
main (int argc, char **argv)
{
  struct fuse_args args = FUSE_ARGS_INIT (argc, argv);
  struct fuse_cmdline_opts opts = { 0 };
  int status = EXIT_FAILURE;

  if (fuse_opt_parse (&args, &fs, lat_opts, take_arg) != 0
      || fuse_parse_cmdline (&args, &opts) != 0)
    goto out_free_args;
  if (opts.show_help || opts.show_version)
    {
      if (opts.show_help)
        {
          usage (stdout);
          fuse_cmdline_help ();
        }
      else
        printf ("latfs (libfts bench), libfuse %s\n", fuse_pkgversion ());
      status = EXIT_SUCCESS;
      goto out_free_args;
    }
  if (!fs.source || !opts.mountpoint)
    {
      usage (stderr);
      goto out_free_args;
    }
  if (prepare () != 0)
    goto out_free_args;

  struct fuse *f = fuse_new (&args, &lat_ops, sizeof lat_ops, NULL);
  if (f)
    {
      status = mount_and_serve (f, opts.mountpoint, opts.foreground);
      /* Calls lat_destroy: the stats are written here.  */
      fuse_destroy (f);
    }

 out_free_args:
  free (opts.mountpoint);
  fuse_opt_free_args (&args);
  return status;
}

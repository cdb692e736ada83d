/* fts-report.c: what every stream of the process did, added up, and
   written to $LIBFTS_STATS_FILE when the process exits (the library
   otherwise never prints).  This is how libfts-run shows what libfts did
   inside a program that knows nothing of it.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include "fts-report-int.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The counters of struct libfts_stats, by name, in the report's order.  */
static const struct
{
  const char *name;
  size_t offset;
} counters[] =
{
#define COUNTER(f) { #f, offsetof (struct libfts_stats, f) }
  COUNTER (dirs_read),
  COUNTER (dirs_sorted),
  COUNTER (entries),
  COUNTER (stat_calls),
  COUNTER (dir_opens),
  COUNTER (dir_reopens),
  COUNTER (statfs_calls),
  COUNTER (sort_nsec),
#undef COUNTER
};

/* At most this many distinct policy rows are remembered: more than the
   table has (13 and "unknown"), so none is ever dropped today.  */
enum { MAX_FS = 32 };

struct fs_seen
{
  const struct fts__fs_row *row;  /* static in fs-policy.c */
  unsigned long long devices;     /* devices looked up with this row */
};

/* The totals, and the process they belong to: a child of fork inherits
   its parent's totals, which are not its own to report.  */
static struct
{
  pid_t owner;
  unsigned long long streams;
  struct libfts_stats sum;
  size_t threshold;               /* of the first stream closed */
  bool threshold_mixed;           /* a later one had another */
  unsigned policies;              /* 1 << enum libfts_fs_policy, or'ed */
  struct fs_seen fs[MAX_FS];
  size_t fs_count;
} totals;

/* Guards the totals, for a few dozen instructions once per stream, per
   device looked up and per report.  */
static pthread_mutex_t totals_lock = PTHREAD_MUTEX_INITIALIZER;

/* With the lock held: make the totals this process's, forgetting those
   inherited through fork.  */
static void
own_totals (void)
{
  pid_t pid = getpid ();
  if (totals.owner != pid)
    {
      memset (&totals, 0, sizeof totals);
      totals.owner = pid;
    }
}

void
fts__report_stream (const struct fts__stream *s)
{
  int saved = errno;
  pthread_mutex_lock (&totals_lock);
  own_totals ();
  for (size_t i = 0; i < sizeof counters / sizeof *counters; i++)
    *(unsigned long long *) ((char *) &totals.sum + counters[i].offset)
      += *(const unsigned long long *) ((const char *) &s->stats
                                        + counters[i].offset);
  if (totals.streams == 0)
    totals.threshold = s->sort_threshold;
  else if (totals.threshold != s->sort_threshold)
    totals.threshold_mixed = true;
  totals.policies |= 1u << s->fs_policy;
  totals.streams++;
  pthread_mutex_unlock (&totals_lock);
  errno = saved;
}

void
fts__report_fs (const struct fts__fs_row *row)
{
  int saved = errno;
  pthread_mutex_lock (&totals_lock);
  own_totals ();
  size_t i = 0;
  while (i < totals.fs_count && totals.fs[i].row != row)
    i++;
  if (i < MAX_FS)
    {
      totals.fs[i].row = row;
      totals.fs[i].devices++;
      if (i == totals.fs_count)
        totals.fs_count++;
    }
  pthread_mutex_unlock (&totals_lock);
  errno = saved;
}

/* A growing text in a caller's buffer, which never overflows: LEN counts
   what the whole text needs, as snprintf's return value does.  */
struct text
{
  char *buf;
  size_t size;
  size_t len;
};

static void __attribute__ ((format (printf, 2, 3)))
add (struct text *t, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  size_t room = t->len < t->size ? t->size - t->len : 0;
  int n = vsnprintf (room ? t->buf + t->len : NULL, room, fmt, ap);
  va_end (ap);
  if (n > 0)
    t->len += n;
}

/* The policy line's value: which fs policies the streams used.  */
static const char *
policies_name (unsigned policies)
{
  switch (policies)
    {
    case 1u << LIBFTS_FS_POLICY_TABLE:
      return "table";
    case 1u << LIBFTS_FS_POLICY_ALL:
      return "all";
    case 0:
      return "none";
    default:
      return "mixed";
    }
}

/* With the lock held: the report, into T.  */
static void
format_totals (struct text *t)
{
  add (t, "pid=%ld\nprogram=%s\nstreams=%llu\n", (long) totals.owner,
       program_invocation_short_name, totals.streams);
  for (size_t i = 0; i < sizeof counters / sizeof *counters; i++)
    add (t, "%s=%llu\n", counters[i].name,
         *(const unsigned long long *) ((const char *) &totals.sum
                                        + counters[i].offset));
  if (totals.streams == 0)
    add (t, "inode_sort_threshold=none\n");
  else if (totals.threshold_mixed)
    add (t, "inode_sort_threshold=mixed\n");
  else if (totals.threshold == LIBFTS_INODE_SORT_NEVER)
    add (t, "inode_sort_threshold=off\n");
  else
    add (t, "inode_sort_threshold=%zu\n", totals.threshold);
  add (t, "fs_policy=%s\n", policies_name (totals.policies));
  for (size_t i = 0; i < totals.fs_count; i++)
    add (t, "fs=%s devices=%llu policy=%s\n", totals.fs[i].row->name,
         totals.fs[i].devices, totals.fs[i].row->sort ? "sort" : "no-sort");
}

size_t
fts__report_format (char *buf, size_t size)
{
  struct text t = { buf, size, 0 };
  if (size)
    buf[0] = '\0';
  pthread_mutex_lock (&totals_lock);
  if (totals.owner == getpid () && (totals.streams || totals.fs_count))
    format_totals (&t);
  pthread_mutex_unlock (&totals_lock);
  return t.len;
}

int
fts__report_write (const char *path)
{
  char small[4096];
  char *buf = small;
  size_t len = fts__report_format (small, sizeof small);
  if (len == 0)
    return 0;
  if (len >= sizeof small)
    {
      /* Only if the file-system list ever grows past what fits.  */
      size_t cap = len + 1;
      buf = malloc (cap);
      if (!buf)
        return -1;
      len = fts__report_format (buf, cap);
      if (len >= cap)
        len = cap - 1;
    }
  int ret = -1;
  int fd = open (path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOCTTY,
                 0666);
  if (fd >= 0)
    {
      /* One write: O_APPEND makes it atomic with respect to other
         processes appending to the same regular file.  */
      ssize_t n = write (fd, buf, len);
      int err = n < 0 ? errno : n == (ssize_t) len ? 0 : EIO;
      if (close (fd) != 0 && !err)
        err = errno;
      if (!err)
        ret = 0;
      errno = err;
    }
  if (buf != small)
    {
      int err = errno;
      free (buf);
      errno = err;
    }
  return ret;
}

/* At exit, the report goes to $LIBFTS_STATS_FILE when that is set.
   secure_getenv: a set-user-ID program must not append to a file its
   caller names.  Failures are silent: a library cannot report them, and
   the program's own exit status must not change.  */
static void __attribute__ ((destructor))
report_at_exit (void)
{
  int saved = errno;
  const char *path = secure_getenv ("LIBFTS_STATS_FILE");
  if (path && *path)
    fts__report_write (path);
  errno = saved;
}

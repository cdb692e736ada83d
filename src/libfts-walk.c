/* libfts-walk: walk directories through libfts and report what it did.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   This program is free software: you can redistribute it and/or modify
   it under the terms of the GNU General Public License as published by
   the Free Software Foundation, either version 3 of the License, or
   (at your option) any later version.

   This program is distributed in the hope that it will be useful,
   but WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
   GNU General Public License for more details.

   You should have received a copy of the GNU General Public License
   along with this program.  If not, see <https://www.gnu.org/licenses/>.  */

/* The benchmarks and the demo run this program: it walks each DIR with
   one libfts stream, does nothing, stats or removes each entry, and then
   prints the stream's counters (libfts_get_stats), the file-system types
   of the operands, the elapsed time and the peak RSS.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <time.h>
#include <unistd.h>

#include "fts.h"
#include "package-info.h"
#include "quoting.h"
#include "walk-util.h"

#include "argmatch.h"
#include "closeout.h"
#include "di-set.h"
#include "error.h"
#include "gettext.h"
#include "progname.h"
#include "quote.h"
#include "quotearg.h"
#include "xalloc.h"
#include "xstrtol.h"

#define _(msgid) gettext (msgid)

#define PROGRAM_NAME "libfts-walk"

/* Exit status, worst last: merged with WALK_MERGE so the worst wins
   (as coreutils' remove.h does with RM_OK < RM_ERROR).  */
enum walk_status
{
  WALK_OK = 0,
  WALK_ERROR = 1
};

/* Make *S the worse of *S and T.  A function, not a macro: T is often
   a call that must run once.  */
static void
walk_merge (enum walk_status *s, enum walk_status t)
{
  if (*s < t)
    *s = t;
}
#define WALK_MERGE(s, t) walk_merge (&(s), t)

enum action
{
  ACTION_NONE,
  ACTION_STAT,
  ACTION_UNLINK
};

static char const *const action_args[] = { "none", "stat", "unlink", NULL };
static enum action const action_types[] =
  { ACTION_NONE, ACTION_STAT, ACTION_UNLINK };
ARGMATCH_VERIFY (action_args, action_types);

static char const *const policy_args[] = { "table", "all", NULL };
static enum libfts_fs_policy const policy_types[] =
  { LIBFTS_FS_POLICY_TABLE, LIBFTS_FS_POLICY_ALL };
ARGMATCH_VERIFY (policy_args, policy_types);

/* For long options that have no equivalent short option.  */
enum
{
  FS_POLICY_OPTION = CHAR_MAX + 1,
  HELP_OPTION,
  VERSION_OPTION
};

static struct option const long_options[] =
{
  {"action", required_argument, NULL, 'a'},
  {"fs-policy", required_argument, NULL, FS_POLICY_OPTION},
  {"kv", no_argument, NULL, 'k'},
  {"list", no_argument, NULL, 'l'},
  {"logical", no_argument, NULL, 'L'},
  {"one-file-system", no_argument, NULL, 'x'},
  {"quiet", no_argument, NULL, 'q'},
  {"threshold", required_argument, NULL, 't'},
  {"help", no_argument, NULL, HELP_OPTION},
  {"version", no_argument, NULL, VERSION_OPTION},
  {NULL, 0, NULL, 0}
};

/* What the command line asked for.  */
struct options
{
  enum action action;
  bool logical;
  bool one_file_system;
  bool set_threshold;           /* --threshold given */
  size_t threshold;
  bool set_policy;              /* --fs-policy given */
  enum libfts_fs_policy policy;
  bool list;
  bool kv;
  bool quiet;
};

/* The file-system types of the operands, each once.  */
enum { MAX_FS_TYPES = 16 };
struct fs_types
{
  unsigned long type[MAX_FS_TYPES];
  size_t count;
};

/* One walk in progress.  */
struct walk
{
  FTS *fts;
  struct options const *opt;
  unsigned long long bytes;     /* --action=stat: st_blocks * 512, summed */
  struct di_set *seen;          /* hard-linked files already counted */
  enum walk_status status;
};

/* What the report prints, gathered after the walk.  */
struct report
{
  struct libfts_stats stats;
  size_t threshold;
  struct fs_types fs;
  double elapsed;               /* seconds, fts_open to fts_close */
  long maxrss_kib;
  unsigned long long bytes;
};

static _Noreturn void
usage (int status)
{
  if (status != EXIT_SUCCESS)
    try_help (status);
  printf (_("Usage: %s [OPTION]... DIR...\n"), program_name);
  fputs (_("\
Walk each DIR through libfts and report what the library did: directories\n\
read and handed out in inode order, entries, system calls, time, memory.\n\
\n"), stdout);
  fputs (_("\
  -a, --action=ACTION    'none' (the default): only read the directories;\n\
                           'stat': stat every entry and report the bytes\n\
                           used, as du -s -B1 does; 'unlink': remove\n\
                           everything, each DIR included, as rm -rf does\n\
      --fs-policy=POLICY  'table' (the default): sort large directories on\n\
                           the file systems libfts's table names; 'all':\n\
                           sort them on every file system\n\
  -k, --kv               print the report as one line of key=value pairs\n\
  -l, --list             print 'INFO LEVEL PATH' for each entry\n\
  -L, --logical          follow symbolic links (not with --action=unlink)\n\
  -q, --quiet            print no report\n\
  -t, --threshold=N      hand directories of N or more entries out in\n\
                           inode order; 'off' never does\n\
  -x, --one-file-system  skip directories on other file systems\n\
"), stdout);
  fputs (_("      --help             display this help and exit\n"), stdout);
  fputs (_("      --version          output version information and exit\n"),
         stdout);
  fputs (_("\n\
Without --threshold, LIBFTS_INODE_SORT_THRESHOLD and LIBFTS_INODE_SORT_FS\n\
in the environment apply, then libfts's configured default.\n\
Exit status is 0 if all went well, 1 if any entry could not be handled.\n"),
         stdout);
  exit (status);
}

/* Return the threshold that ARG names: a number of entries or "off".
   Exits with a diagnostic when ARG is neither.  */
static size_t
parse_threshold (char const *arg)
{
  uintmax_t n;

  if (strcmp (arg, "off") == 0)
    return LIBFTS_INODE_SORT_NEVER;
  if (xstrtoumax (arg, NULL, 10, &n, "") != LONGINT_OK || SIZE_MAX < n)
    error (EXIT_FAILURE, 0, _("invalid threshold: %s"), quote (arg));
  return n;
}

/* Parse the options of ARGV into *OPT; return the index of the first
   operand.  Exits on a usage error, --help and --version.  */
static int
parse_options (int argc, char **argv, struct options *opt)
{
  int c;

  while ((c = getopt_long (argc, argv, "a:klLqt:x", long_options, NULL))
         != -1)
    switch (c)
      {
      case 'a':
        opt->action = XARGMATCH ("--action", optarg, action_args,
                                 action_types);
        break;
      case FS_POLICY_OPTION:
        opt->policy = XARGMATCH ("--fs-policy", optarg, policy_args,
                                 policy_types);
        opt->set_policy = true;
        break;
      case 'k':
        opt->kv = true;
        break;
      case 'l':
        opt->list = true;
        break;
      case 'L':
        opt->logical = true;
        break;
      case 'q':
        opt->quiet = true;
        break;
      case 't':
        opt->threshold = parse_threshold (optarg);
        opt->set_threshold = true;
        break;
      case 'x':
        opt->one_file_system = true;
        break;
      case HELP_OPTION:
        usage (EXIT_SUCCESS);
      case VERSION_OPTION:
        print_version (PROGRAM_NAME);
      default:
        usage (EXIT_FAILURE);
      }
  return optind;
}

/* Return the fts_open options for OPT: physical unless --logical,
   descriptor-relative always, and no stat unless --action=stat needs it
   (FTS_NOSTAT only means something with FTS_PHYSICAL).  */
static int
fts_options_for (struct options const *opt)
{
  int options = FTS_DIRFD;

  options |= opt->logical ? FTS_LOGICAL : FTS_PHYSICAL;
  if (opt->action != ACTION_STAT && !opt->logical)
    options |= FTS_NOSTAT;
  /* A directory read short by an error is then not empty, and its rmdir
     is reported as failing.  */
  if (opt->action == ACTION_UNLINK)
    options |= FTS_TRUST_SHORT_READS;
  if (opt->one_file_system)
    options |= FTS_XDEV;
  return options;
}

/* Whether removing NAME is what rm refuses: "." or ".." as its last
   component, or the root directory.  Diagnoses it when so.  */
static bool
dangerous_to_remove (char const *name)
{
  size_t len = strlen (name);
  char const *base;
  struct stat st, root;

  while (1 < len && name[len - 1] == '/')
    len--;
  base = memrchr (name, '/', len);
  base = base ? base + 1 : name;
  len -= base - name;
  if ((len == 1 && base[0] == '.') || (len == 2 && memcmp (base, "..", 2) == 0))
    {
      warn_refuse_dot (name);
      return true;
    }
  if (lstat (name, &st) == 0 && lstat ("/", &root) == 0
      && st.st_dev == root.st_dev && st.st_ino == root.st_ino)
    {
      warn_dangerous_root (name);
      return true;
    }
  return false;
}

/* Return a null-terminated copy of the N operands of FILES, without
   those --action=unlink must refuse (which set *STATUS to an error).  */
static char **
select_operands (char **files, int n, struct options const *opt,
                 enum walk_status *status)
{
  char **out = xnmalloc (n + 1, sizeof *out);
  int kept = 0;

  for (int i = 0; i < n; i++)
    if (opt->action == ACTION_UNLINK && dangerous_to_remove (files[i]))
      WALK_MERGE (*status, WALK_ERROR);
    else
      out[kept++] = files[i];
  out[kept] = NULL;
  return out;
}

/* Record in *T the file-system type of each of FILES, once per type,
   from statfs.  An operand statfs cannot reach is left to the walk to
   diagnose.  */
static void
note_fs_types (struct fs_types *t, char *const *files)
{
  for (; *files; files++)
    {
      struct statfs sfs;
      unsigned long type;
      size_t i;

      if (statfs (*files, &sfs) != 0)
        continue;
      type = sfs.f_type;
      for (i = 0; i < t->count && t->type[i] != type; i++)
        continue;
      if (i == t->count && t->count < MAX_FS_TYPES)
        t->type[t->count++] = type;
    }
}

/* Return the name of fts_info value INFO, without its "FTS_" prefix.  */
static char const *
info_name (unsigned short info)
{
  static char const *const names[] =
    {
      [FTS_D] = "D", [FTS_DC] = "DC", [FTS_DEFAULT] = "DEFAULT",
      [FTS_DNR] = "DNR", [FTS_DOT] = "DOT", [FTS_DP] = "DP",
      [FTS_ERR] = "ERR", [FTS_F] = "F", [FTS_INIT] = "INIT",
      [FTS_NS] = "NS", [FTS_NSOK] = "NSOK", [FTS_SL] = "SL",
      [FTS_SLNONE] = "SLNONE", [FTS_W] = "W"
    };

  if (info < sizeof names / sizeof *names && names[info])
    return names[info];
  return "?";
}

/* walk_speak's voice for a program with no messages of its own: never
   called, as diagnose says only the shared ones.  */
static void
speak_own (struct walk_voice const *v, char const *file, int code, int err,
           intmax_t value)
{
  abort ();
}

static struct walk_voice const voice = { speak_own };

/* Diagnose P, an entry the walk could not handle (FTS_DC, FTS_DNR,
   FTS_ERR or FTS_NS), with the programs' shared messages (walk_speak:
   GNU's words), and mark the walk as failed.  Any other fts_info is a
   bug: abort.  */
static void
diagnose (struct walk *w, FTSENT const *p)
{
  int code;

  switch (p->fts_info)
    {
    case FTS_DC: code = WM_CYCLE; break;
    case FTS_DNR: code = WM_CANNOT_READ; break;
    case FTS_NS: code = WM_CANNOT_ACCESS; break;
    case FTS_ERR: code = WM_TRAVERSAL; break;
    default: unexpected_entry (p->fts_info, p->fts_path);
    }
  walk_speak (&voice, p->fts_path, code, p->fts_errno, 0);
  WALK_MERGE (w->status, WALK_ERROR);
}

/* --action=stat: add P's st_blocks to the total, counting a file with
   several links once, as du does.  */
static void
add_usage (struct walk *w, FTSENT const *p)
{
  struct stat const *st = p->fts_statp;

  if (!S_ISDIR (st->st_mode) && 1 < st->st_nlink)
    {
      int r = di_set_insert (w->seen, st->st_dev, st->st_ino);
      if (r < 0)
        xalloc_die ();
      if (r == 0)
        return;
    }
  w->bytes += (unsigned long long) st->st_blocks * 512;
}

/* --action=stat: handle P.  */
static void
visit_stat (struct walk *w, FTSENT const *p)
{
  switch (p->fts_info)
    {
    case FTS_D: case FTS_F: case FTS_SL: case FTS_SLNONE: case FTS_DEFAULT:
      add_usage (w, p);
      break;
    case FTS_DNR:
      /* du counts the directory itself, which was stat'ed.  */
      add_usage (w, p);
      diagnose (w, p);
      break;
    case FTS_DC: case FTS_ERR: case FTS_NS:
      diagnose (w, p);
      break;
    case FTS_DP: case FTS_DOT: case FTS_NSOK: case FTS_INIT: case FTS_W:
      break;
    }
}

/* --action=none: handle P.  */
static void
visit_none (struct walk *w, FTSENT const *p)
{
  switch (p->fts_info)
    {
    case FTS_DC: case FTS_DNR: case FTS_ERR: case FTS_NS:
      diagnose (w, p);
      break;
    case FTS_D: case FTS_DP: case FTS_F: case FTS_SL: case FTS_SLNONE:
    case FTS_DEFAULT: case FTS_DOT: case FTS_NSOK: case FTS_INIT: case FTS_W:
      break;
    }
}

/* --action=unlink: remove P, which is not a directory as far as the walk
   knows, relative to its directory's descriptor.  d_type is only a hint:
   when P was not stat'ed and the kernel says it is a directory (EISDIR
   on Linux, EPERM by POSIX for unlink of a directory), have it stat'ed
   and returned again, to be descended into.  */
static void
unlink_file (struct walk *w, FTSENT *p)
{
  if (unlinkat (libfts_dirfd (w->fts), p->fts_accpath, 0) == 0)
    return;
  switch (errno)
    {
    case ENOENT:                /* gone already: what rm -f wants */
      return;
    case EISDIR: case EPERM:
      if (p->fts_info == FTS_NSOK && fts_set (w->fts, p, FTS_AGAIN) == 0)
        return;
      break;
    default:
      break;
    }
  warn_cannot_remove (p->fts_path, errno);
  WALK_MERGE (w->status, WALK_ERROR);
}

/* --action=unlink: remove P, a directory fts_read has left (FTS_DP) or
   could not read (FTS_DNR: an empty one can still go, as with rm).  */
static void
remove_dir (struct walk *w, FTSENT *p)
{
  int err;

  if (unlinkat (libfts_dirfd (w->fts), p->fts_accpath, AT_REMOVEDIR) == 0
      || errno == ENOENT)
    return;
  err = p->fts_info == FTS_DNR ? p->fts_errno : errno;
  warn_cannot_remove (p->fts_path, err);
  WALK_MERGE (w->status, WALK_ERROR);
}

/* --action=unlink: handle P.  */
static void
visit_unlink (struct walk *w, FTSENT *p)
{
  switch (p->fts_info)
    {
    case FTS_NSOK: case FTS_F: case FTS_SL: case FTS_SLNONE: case FTS_DEFAULT:
      unlink_file (w, p);
      break;
    case FTS_DP: case FTS_DNR:
      remove_dir (w, p);
      break;
    case FTS_DC: case FTS_ERR: case FTS_NS:
      diagnose (w, p);
      break;
    case FTS_D: case FTS_DOT: case FTS_INIT: case FTS_W:
      break;
    }
}

/* Hand P to the action, after listing it if asked to.  */
static void
visit (struct walk *w, FTSENT *p)
{
  if (w->opt->list)
    printf ("%s %ld %s\n", info_name (p->fts_info), libfts_level (p),
            p->fts_path);
  switch (w->opt->action)
    {
    case ACTION_NONE: visit_none (w, p); break;
    case ACTION_STAT: visit_stat (w, p); break;
    case ACTION_UNLINK: visit_unlink (w, p); break;
    }
}

/* Apply --threshold and --fs-policy to the new stream FTS.  Exits if
   libfts refuses them.  */
static void
tune_stream (FTS *fts, struct options const *opt)
{
  if (opt->set_threshold
      && libfts_set_inode_sort_threshold (fts, opt->threshold) != 0)
    error (EXIT_FAILURE, errno, _("cannot set the inode-sort threshold"));
  if (opt->set_policy && libfts_set_fs_policy (fts, opt->policy) != 0)
    error (EXIT_FAILURE, errno, _("cannot set the file-system policy"));
}

/* Walk FILES with one stream as OPT says; fill *R with what the stream
   counted.  Return the walk's status.  */
static enum walk_status
walk (char *const *files, struct options const *opt, struct report *r)
{
  struct walk w = { .opt = opt, .status = WALK_OK };
  FTSENT *p;
  int read_err;

  w.fts = fts_open (files, fts_options_for (opt), NULL);
  if (!w.fts)
    error (EXIT_FAILURE, errno, _("cannot start the walk"));
  tune_stream (w.fts, opt);
  if (opt->action == ACTION_STAT && !(w.seen = di_set_alloc ()))
    xalloc_die ();

  errno = 0;
  while ((p = fts_read (w.fts)))
    visit (&w, p);
  read_err = errno;

  if (libfts_get_stats (w.fts, &r->stats, sizeof r->stats) != 0)
    error (EXIT_FAILURE, errno, _("cannot get the walk's counters"));
  r->threshold = libfts_inode_sort_threshold (w.fts);
  if (!finish_walk (w.fts, read_err, false))
    WALK_MERGE (w.status, WALK_ERROR);
  if (w.seen)
    di_set_free (w.seen);
  r->bytes = w.bytes;
  return w.status;
}

/* Return the monotonic clock in seconds.  */
static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Return the peak resident set size of this process, in KiB.  */
static long
peak_rss_kib (void)
{
  struct rusage ru;

  return getrusage (RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : -1;
}

/* Print the threshold T as the report shows it.  */
static void
print_threshold (size_t t)
{
  if (t == LIBFTS_INODE_SORT_NEVER)
    fputs ("off", stdout);
  else
    printf ("%zu", t);
}

/* Print the file-system types of *T for people:
   "ext4 (0xef53, sorted by the table), ...".  */
static void
print_fs_types (struct fs_types const *t)
{
  for (size_t i = 0; i < t->count; i++)
    {
      char const *name = "unknown";
      int sorts = libfts_fs_sorts (t->type[i], &name);

      printf ("%s%s (0x%lx, %s by the table)", i ? ", " : "", name,
              t->type[i], sorts ? "sorted" : "not sorted");
    }
  if (t->count == 0)
    putchar ('?');
}

/* Print the file-system types of *T for scripts:
   " fs=ext4,tmpfs fs_sorts=1,0".  */
static void
print_fs_types_kv (struct fs_types const *t)
{
  fputs (" fs=", stdout);
  for (size_t i = 0; i < t->count; i++)
    {
      char const *name = "unknown";

      libfts_fs_sorts (t->type[i], &name);
      printf ("%s%s", i ? "," : "", name);
    }
  fputs (" fs_sorts=", stdout);
  for (size_t i = 0; i < t->count; i++)
    printf ("%s%d", i ? "," : "", libfts_fs_sorts (t->type[i], NULL) != 0);
}

/* Print R as one line of key=value pairs, for scripts.  */
static void
report_kv (struct report const *r, enum action action)
{
  struct libfts_stats const *s = &r->stats;

  printf ("dirs_read=%llu dirs_sorted=%llu entries=%llu stat_calls=%llu"
          " dir_opens=%llu dir_reopens=%llu statfs_calls=%llu"
          " sort_ms=%.3f threshold=",
          s->dirs_read, s->dirs_sorted, s->entries, s->stat_calls,
          s->dir_opens, s->dir_reopens, s->statfs_calls,
          s->sort_nsec / 1e6);
  print_threshold (r->threshold);
  print_fs_types_kv (&r->fs);
  printf (" elapsed_s=%.6f maxrss_kib=%ld", r->elapsed, r->maxrss_kib);
  if (action == ACTION_STAT)
    printf (" bytes=%llu", r->bytes);
  putchar ('\n');
}

/* Print R for people.  */
static void
report_text (struct report const *r, enum action action)
{
  struct libfts_stats const *s = &r->stats;

  printf ("directories read:           %llu\n", s->dirs_read);
  printf ("directories inode-sorted:   %llu\n", s->dirs_sorted);
  printf ("entries:                    %llu\n", s->entries);
  printf ("stat calls:                 %llu\n", s->stat_calls);
  printf ("directory opens:            %llu\n", s->dir_opens);
  printf ("directory reopens:          %llu\n", s->dir_reopens);
  printf ("statfs calls:               %llu\n", s->statfs_calls);
  printf ("sort time:                  %.3f ms\n", s->sort_nsec / 1e6);
  fputs ("inode-sort threshold:       ", stdout);
  print_threshold (r->threshold);
  fputs ("\nfile systems:               ", stdout);
  print_fs_types (&r->fs);
  printf ("\nelapsed:                    %.3f s\n", r->elapsed);
  printf ("peak RSS:                   %ld KiB\n", r->maxrss_kib);
  if (action == ACTION_STAT)
    printf ("bytes (du -s -B1):          %llu\n", r->bytes);
}

int
main (int argc, char **argv)
{
  struct options opt = { .action = ACTION_NONE };
  struct report r = { 0 };
  enum walk_status status = WALK_OK;
  char **files;
  double start;
  int first;

  set_program_name (argv[0]);
  atexit (close_stdout);

  first = parse_options (argc, argv, &opt);
  if (first == argc)
    {
      warn_missing_operand (NULL);
      usage (EXIT_FAILURE);
    }
  if (opt.logical && opt.action == ACTION_UNLINK)
    error (EXIT_FAILURE, 0,
           _("--logical and --action=unlink are mutually exclusive"));

  files = select_operands (argv + first, argc - first, &opt, &status);
  if (!files[0])
    return EXIT_FAILURE;        /* every operand was refused */
  note_fs_types (&r.fs, files);
  start = now ();
  WALK_MERGE (status, walk (files, &opt, &r));
  r.elapsed = now () - start;
  r.maxrss_kib = peak_rss_kib ();
  free (files);

  if (opt.kv && !opt.quiet)
    report_kv (&r, opt.action);
  else if (!opt.quiet)
    report_text (&r, opt.action);
  return status == WALK_OK ? EXIT_SUCCESS : EXIT_FAILURE;
}

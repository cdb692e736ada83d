/* fts-print: walk PATHs with fts and print what fts_read hands out.

   Copyright (C) 2026 The libfts authors.

   One source, built twice by tests/local.mk: fts-print-ours against libfts
   (USE_LIBFTS) and fts-print-glibc against glibc's own fts, so that the
   shell tests can compare the two outputs line by line.

   Usage: fts-print [-o OPTIONS] [-c name|none] [-s] [-t N|off] PATH...
          fts-print --inodes [-o OPTIONS] [-s] [-t N|off] PATH
          fts-print --layout

   -o  comma-separated fts_open options (COMFOLLOW, LOGICAL, NOCHDIR,
       NOSTAT, PHYSICAL, SEEDOT, XDEV, or 0); PHYSICAL by default
   -c  "name" compares fts_name with strcmp; "none" (the default) passes
       no comparison function
   -s  libfts only: print the stream's counters to stderr at the end
   -t  libfts only: libfts_set_inode_sort_threshold after fts_open
       ("off" is LIBFTS_INODE_SORT_NEVER)

   Output, one line per entry: "INFO LEVEL PATH", followed by
   " errno=NAME" for FTS_DNR, FTS_NS and FTS_ERR and wherever fts_errno is
   not 0.  With --inodes, only the
   entries at level 1 as "INO NAME".  When fts_open or fts_read fails the
   last line is "fts_open: ENAME" or "fts_read: ENAME" and the exit status
   is 1; 2 means bad usage.  */

#ifndef _GNU_SOURCE
# define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <getopt.h>
#ifdef USE_LIBFTS
# include <dlfcn.h>
#endif
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifdef USE_LIBFTS
# include "fts.h"
# ifndef LIBFTS_FTS_H
#  error "USE_LIBFTS but libfts's fts.h was not the one included"
# endif
#else
# include <fts.h>
# ifdef LIBFTS_FTS_H
#  error "the glibc build picked up libfts's fts.h"
# endif
#endif

#include "fts-names.h"

enum { EXIT_USAGE = 2 };

static int
by_name (const FTSENT **a, const FTSENT **b)
{
  return strcmp ((*a)->fts_name, (*b)->fts_name);
}

static void
usage (void)
{
  fputs ("Usage: fts-print [-o OPTIONS] [-c name|none] [-s] [-t N|off]"
         " PATH...\n"
         "       fts-print --inodes [-o OPTIONS] [-s] [-t N|off] PATH\n"
         "       fts-print --layout\n", stderr);
  exit (EXIT_USAGE);
}

/* Parse the comma-separated option names of ARG into fts_open flags.  */
static int
parse_options (const char *arg)
{
  static const struct { const char *name; int flag; } table[] = {
    { "0", 0 }, { "COMFOLLOW", FTS_COMFOLLOW }, { "LOGICAL", FTS_LOGICAL },
    { "NOCHDIR", FTS_NOCHDIR }, { "NOSTAT", FTS_NOSTAT },
    { "PHYSICAL", FTS_PHYSICAL }, { "SEEDOT", FTS_SEEDOT },
    { "XDEV", FTS_XDEV },
  };
  int flags = 0;
  const char *p = arg;

  for (;;)
    {
      size_t len = strcspn (p, ",");
      size_t i;

      for (i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strlen (table[i].name) == len
            && strncmp (table[i].name, p, len) == 0)
          break;
      if (i == sizeof table / sizeof table[0])
        {
          fprintf (stderr, "fts-print: unknown option name in '%s'\n", arg);
          usage ();
        }
      flags |= table[i].flag;
      if (p[len] == '\0')
        return flags;
      p += len + 1;
    }
}

#define LAYOUT_FIELD(type, field)                                         \
  printf ("offsetof(%s, %s)=%zu sizeof=%zu\n", #type, #field,            \
          offsetof (type, field), sizeof ((type *) 0)->field)
#define LAYOUT_CONST(name) printf ("%s=%ld\n", #name, (long) (name))

/* Print the layout of FTSENT and FTS and the values of the constants, all
   of which a binary compiled against glibc depends on.  */
static void
print_layout (void)
{
  printf ("sizeof(FTSENT)=%zu\n", sizeof (FTSENT));
  LAYOUT_FIELD (FTSENT, fts_cycle);
  LAYOUT_FIELD (FTSENT, fts_parent);
  LAYOUT_FIELD (FTSENT, fts_link);
  LAYOUT_FIELD (FTSENT, fts_number);
  LAYOUT_FIELD (FTSENT, fts_pointer);
  LAYOUT_FIELD (FTSENT, fts_accpath);
  LAYOUT_FIELD (FTSENT, fts_path);
  LAYOUT_FIELD (FTSENT, fts_errno);
  LAYOUT_FIELD (FTSENT, fts_symfd);
  LAYOUT_FIELD (FTSENT, fts_pathlen);
  LAYOUT_FIELD (FTSENT, fts_namelen);
  LAYOUT_FIELD (FTSENT, fts_ino);
  LAYOUT_FIELD (FTSENT, fts_dev);
  LAYOUT_FIELD (FTSENT, fts_nlink);
  LAYOUT_FIELD (FTSENT, fts_level);
  LAYOUT_FIELD (FTSENT, fts_info);
  LAYOUT_FIELD (FTSENT, fts_flags);
  LAYOUT_FIELD (FTSENT, fts_instr);
  LAYOUT_FIELD (FTSENT, fts_statp);
  LAYOUT_FIELD (FTSENT, fts_name);
  printf ("sizeof(FTS)=%zu\n", sizeof (FTS));
  LAYOUT_FIELD (FTS, fts_cur);
  LAYOUT_FIELD (FTS, fts_child);
  LAYOUT_FIELD (FTS, fts_array);
  LAYOUT_FIELD (FTS, fts_dev);
  LAYOUT_FIELD (FTS, fts_path);
  LAYOUT_FIELD (FTS, fts_rfd);
  LAYOUT_FIELD (FTS, fts_pathlen);
  LAYOUT_FIELD (FTS, fts_nitems);
  LAYOUT_FIELD (FTS, fts_compar);
  LAYOUT_FIELD (FTS, fts_options);
  LAYOUT_CONST (FTS_COMFOLLOW);
  LAYOUT_CONST (FTS_LOGICAL);
  LAYOUT_CONST (FTS_NOCHDIR);
  LAYOUT_CONST (FTS_NOSTAT);
  LAYOUT_CONST (FTS_PHYSICAL);
  LAYOUT_CONST (FTS_SEEDOT);
  LAYOUT_CONST (FTS_XDEV);
  LAYOUT_CONST (FTS_WHITEOUT);
  LAYOUT_CONST (FTS_OPTIONMASK);
  LAYOUT_CONST (FTS_NAMEONLY);
  LAYOUT_CONST (FTS_STOP);
  LAYOUT_CONST (FTS_ROOTPARENTLEVEL);
  LAYOUT_CONST (FTS_ROOTLEVEL);
  LAYOUT_CONST (FTS_D);
  LAYOUT_CONST (FTS_DC);
  LAYOUT_CONST (FTS_DEFAULT);
  LAYOUT_CONST (FTS_DNR);
  LAYOUT_CONST (FTS_DOT);
  LAYOUT_CONST (FTS_DP);
  LAYOUT_CONST (FTS_ERR);
  LAYOUT_CONST (FTS_F);
  LAYOUT_CONST (FTS_INIT);
  LAYOUT_CONST (FTS_NS);
  LAYOUT_CONST (FTS_NSOK);
  LAYOUT_CONST (FTS_SL);
  LAYOUT_CONST (FTS_SLNONE);
  LAYOUT_CONST (FTS_W);
  LAYOUT_CONST (FTS_DONTCHDIR);
  LAYOUT_CONST (FTS_SYMFOLLOW);
  LAYOUT_CONST (FTS_AGAIN);
  LAYOUT_CONST (FTS_FOLLOW);
  LAYOUT_CONST (FTS_NOINSTR);
  LAYOUT_CONST (FTS_SKIP);
}

/* Print E as "INFO LEVEL PATH[ errno=NAME]": the errno always for
   FTS_DNR, FTS_NS and FTS_ERR, and for any other entry whose fts_errno is
   set (glibc reports a directory it could read but not enter as an FTS_DP
   with fts_errno set).  */
static void
print_entry (const FTSENT *e)
{
  printf ("FTS_%s %d %s", info_name (e->fts_info), (int) e->fts_level,
          e->fts_path);
  if (e->fts_info == FTS_DNR || e->fts_info == FTS_NS
      || e->fts_info == FTS_ERR || e->fts_errno != 0)
    printf (" errno=%s", errno_name (e->fts_errno));
  putchar ('\n');
}

/* --inodes: print level-1 entry E as "INO NAME", and skip its subtree.  */
static void
print_inode (FTS *fts, FTSENT *e)
{
  uintmax_t ino;

  if (e->fts_level != 1 || e->fts_info == FTS_DP)
    return;
  if (e->fts_info == FTS_NSOK || e->fts_info == FTS_NS)
    ino = e->fts_ino;
  else
    ino = e->fts_statp->st_ino;
  printf ("%ju %s\n", ino, e->fts_name);
  if (e->fts_info == FTS_D)
    fts_set (fts, e, FTS_SKIP);
}

#ifdef USE_LIBFTS
static void
print_stats (FTS *fts)
{
  struct libfts_stats st;

  if (libfts_get_stats (fts, &st, sizeof st) != 0)
    {
      fprintf (stderr, "libfts_get_stats: %s\n", errno_name (errno));
      return;
    }
  fprintf (stderr, "dirs_read=%llu\n", st.dirs_read);
  fprintf (stderr, "dirs_sorted=%llu\n", st.dirs_sorted);
  fprintf (stderr, "entries=%llu\n", st.entries);
  fprintf (stderr, "stat_calls=%llu\n", st.stat_calls);
  fprintf (stderr, "dir_opens=%llu\n", st.dir_opens);
  fprintf (stderr, "dir_reopens=%llu\n", st.dir_reopens);
  fprintf (stderr, "statfs_calls=%llu\n", st.statfs_calls);
  fprintf (stderr, "sort_nsec=%llu\n", st.sort_nsec);
}

/* Exit unless the fts functions this program calls come from libfts:
   should libfts.so fail to export one, the link would quietly bind it to
   glibc's and every comparison with fts-print-glibc would pass.  */
static void
check_origin (void)
{
  static const struct { const char *name; void *addr; } funcs[] = {
    { "fts_open", (void *) fts_open }, { "fts_read", (void *) fts_read },
    { "fts_set", (void *) fts_set }, { "fts_close", (void *) fts_close },
  };
  size_t i;

  for (i = 0; i < sizeof funcs / sizeof funcs[0]; i++)
    {
      Dl_info info;
      const char *base;

      if (!dladdr (funcs[i].addr, &info) || !info.dli_fname)
        continue;
      base = strrchr (info.dli_fname, '/');
      base = base ? base + 1 : info.dli_fname;
      if (strncmp (base, "libc.", 5) == 0 || strncmp (base, "libc-", 5) == 0)
        {
          fprintf (stderr, "fts-print-ours: %s comes from %s, not libfts\n",
                   funcs[i].name, info.dli_fname);
          exit (1);
        }
    }
}

/* Parse the argument of -t: a decimal count or "off".  */
static size_t
parse_threshold (const char *arg)
{
  char *end;
  unsigned long long n;

  if (strcmp (arg, "off") == 0)
    return LIBFTS_INODE_SORT_NEVER;
  errno = 0;
  n = strtoull (arg, &end, 10);
  if (errno || end == arg || *end || *arg == '-')
    {
      fprintf (stderr, "fts-print: bad threshold '%s'\n", arg);
      usage ();
    }
  return n;
}
#endif

int
main (int argc, char **argv)
{
  enum { OPT_LAYOUT = 256, OPT_INODES };
  static const struct option long_options[] = {
    { "layout", no_argument, NULL, OPT_LAYOUT },
    { "inodes", no_argument, NULL, OPT_INODES },
    { NULL, 0, NULL, 0 },
  };
  int options = FTS_PHYSICAL;
  int (*compar) (const FTSENT **, const FTSENT **) = NULL;
  int stats = 0, inodes = 0, status = 0;
  int set_threshold = 0;
  size_t threshold = 0;
  FTS *fts;
  int c;

  while ((c = getopt_long (argc, argv, "+o:c:st:", long_options, NULL))
         != -1)
    switch (c)
      {
      case 'o':
        options = parse_options (optarg);
        break;
      case 'c':
        if (strcmp (optarg, "name") == 0)
          compar = by_name;
        else if (strcmp (optarg, "none") == 0)
          compar = NULL;
        else
          usage ();
        break;
      case 's':
        stats = 1;
        break;
      case 't':
#ifdef USE_LIBFTS
        threshold = parse_threshold (optarg);
        set_threshold = 1;
        break;
#else
        fputs ("fts-print: -t needs libfts\n", stderr);
        return EXIT_USAGE;
#endif
      case OPT_LAYOUT:
        print_layout ();
        return fflush (stdout) == 0 && !ferror (stdout) ? 0 : 1;
      case OPT_INODES:
        inodes = 1;
        break;
      default:
        usage ();
      }
  if (optind == argc || (inodes && argc - optind != 1))
    usage ();
#ifdef USE_LIBFTS
  check_origin ();
#endif

  errno = 0;
  fts = fts_open (argv + optind, options, compar);
  if (!fts)
    {
      printf ("fts_open: %s\n", errno_name (errno));
      fflush (stdout);
      return 1;
    }
#ifdef USE_LIBFTS
  if (set_threshold && libfts_set_inode_sort_threshold (fts, threshold) != 0)
    {
      fprintf (stderr, "libfts_set_inode_sort_threshold: %s\n",
               errno_name (errno));
      return 1;
    }
#else
  (void) set_threshold;
  (void) threshold;
#endif

  for (;;)
    {
      FTSENT *e;

      errno = 0;
      e = fts_read (fts);
      if (!e)
        {
          if (errno != 0)
            {
              printf ("fts_read: %s\n", errno_name (errno));
              status = 1;
            }
          break;
        }
      if (inodes)
        print_inode (fts, e);
      else
        print_entry (e);
    }

#ifdef USE_LIBFTS
  if (stats)
    print_stats (fts);
#else
  (void) stats;
#endif
  if (fts_close (fts) != 0)
    {
      printf ("fts_close: %s\n", errno_name (errno));
      status = 1;
    }
  if (fflush (stdout) != 0 || ferror (stdout))
    return 1;
  return status;
}

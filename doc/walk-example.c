/* rmtree: remove each FILE and everything below it, as 'rm -r' does,
   on libfts's parallel walk, and print the errors in the order 'rm -r'
   would.  An example for the libfts manual; build it with
     cc -o rmtree walk-example.c $(pkg-config --cflags --libs libfts)

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: FSFAP  */

#define _POSIX_C_SOURCE 200809L          /* unlinkat */
#include <errno.h>
#include <fcntl.h>
#include <fts.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The codes of this program's reports.  */
enum { CANNOT_REMOVE = 1, CYCLE };

static const char *program_name;

/* Remove E, the directories at their post-order visit, or queue a report
   that says why not.  Runs on any of the walk's threads, several at once:
   it touches nothing but E, through its parent's descriptor.  */
static int
visit (struct libfts_walk_entry *e, void *arg)
{
  int code = CANNOT_REMOVE;
  int err;
  (void) arg;

  switch (e->info)
    {
    case FTS_D:
      return LIBFTS_WALK_CONTINUE;       /* removed at its FTS_DP */
    case FTS_DP:
      if (e->flagged)                    /* something below stays */
        return LIBFTS_WALK_CONTINUE;
      if (unlinkat (e->dirfd, e->name, AT_REMOVEDIR) == 0)
        return LIBFTS_WALK_CONTINUE;
      err = errno;
      break;
    case FTS_DNR:                        /* unreadable, perhaps empty */
      if (unlinkat (e->dirfd, e->name, AT_REMOVEDIR) == 0)
        return LIBFTS_WALK_CONTINUE;
      err = e->err;
      break;
    case FTS_DC:
      code = CYCLE;
      err = 0;
      break;
    case FTS_ERR:
    case FTS_NS:
      err = e->err;
      break;
    default:                             /* FTS_NSOK, FTS_F, FTS_SL... */
      if (unlinkat (e->dirfd, e->name, 0) == 0)
        return LIBFTS_WALK_CONTINUE;
      if (errno == EISDIR && e->info == FTS_NSOK)
        return LIBFTS_WALK_AGAIN;        /* d_type was wrong */
      err = errno;
      break;
    }

  /* E stays, and so do its ancestors: their FTS_DP sees them flagged.  */
  libfts_walk_flag_ancestors (e);
  if (libfts_walk_report (e, code, err, 0) != 0)
    return LIBFTS_WALK_STOP;
  return LIBFTS_WALK_CONTINUE;
}

/* Print R and remember, in *ARG, that something went wrong.  The walk
   calls this one report at a time, so neither stderr, strerror nor *ARG
   needs a lock.  */
static int
report (const struct libfts_walk_report *r, void *arg)
{
  int *status = arg;

  switch (r->code)
    {
    case CYCLE:
      fprintf (stderr, "%s: '%s' is its own ancestor; not removed\n",
               program_name, r->path);
      break;
    case LIBFTS_WALK_FAILED:
      if (r->pathlen == 0)
        fprintf (stderr, "%s: %s\n", program_name, strerror (r->err));
      else
        fprintf (stderr, "%s: cannot go on at '%s': %s\n",
                 program_name, r->path, strerror (r->err));
      break;
    default:
      fprintf (stderr, "%s: cannot remove '%s': %s\n",
               program_name, r->path, strerror (r->err));
      break;
    }
  *status = EXIT_FAILURE;
  return 0;
}

int
main (int argc, char **argv)
{
  const char *slash = strrchr (argv[0], '/');
  program_name = slash ? slash + 1 : argv[0];
  if (argc < 2)
    {
      fprintf (stderr, "usage: %s FILE...\n", program_name);
      return EXIT_FAILURE;
    }

  LIBFTS_WALK *w = libfts_walk_open (argv + 1, LIBFTS_WALK_ORDERED);
  if (!w)
    {
      fprintf (stderr, "%s: %s\n", program_name, strerror (errno));
      return EXIT_FAILURE;
    }

  int status = EXIT_SUCCESS;
  int walked = libfts_walk_run (w, visit, report, &status);
  /* 1: VISIT stopped the walk, which it does only when it cannot queue a
     report.  -1: REPORT has said why, unless the walk could not start,
     and then there was no report at all.  */
  if (walked == 1)
    fprintf (stderr, "%s: memory exhausted\n", program_name);
  else if (walked == -1 && status == EXIT_SUCCESS)
    fprintf (stderr, "%s: %s\n", program_name, strerror (errno));
  if (walked != 0)
    status = EXIT_FAILURE;
  libfts_walk_close (w);
  return status;
}

/* walk-print: walk PATH with libfts-mpi over the ranks of the job and
   print, on rank 0, every entry as the walk reports it.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Usage: mpirun -np N walk-print [--rm|--rm-early] PATH

   Output, one line per entry, in the order REPORT receives them: "INFO
   LEVEL PATH", followed by " errno=NAME" for FTS_DNR, FTS_NS and FTS_ERR
   and wherever the entry's error is not 0: the lines of fts-print-ours
   (tests/lib/fts-print.c) for the same tree, which a sequential walk
   gives.  Every entry is stat'ed (LIBFTS_WALK_STAT), as fts-print's
   are.  With --rm, each entry is also removed where it is visited, as rm
   -r removes it (a directory at FTS_DP), and the walk is
   LIBFTS_MPI_POSTORDER: a failure is a line "remove PATH: ENAME" after
   the entry's, and its ancestors are left (a line "INFO LEVEL PATH
   left"), as rm leaves them; --rm-early removes without
   LIBFTS_MPI_POSTORDER, to show what it prevents.  The exit status is 1 when the walk fails or a
   removal does, 2 on bad usage.  */

#ifndef _GNU_SOURCE
# define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <mpi.h>

#include "fts-mpi.h"
#include "fts-names.h"

/* Whether entries are removed (--rm, --rm-early).  */
static bool removing;

/* VISIT: report every entry, as it is now; remove it with --rm (code 1
   and its errno when that fails: then its ancestors are left, as rm
   leaves them, unreported; code 2 for one so left).  */
static int
visit (struct libfts_walk_entry *e, void *arg)
{
  int code = 0, err = e->err;

  if (!removing || e->info == FTS_D)
    ;
  else if (e->info == FTS_DP && e->flagged)
    code = 2;
  else if (unlinkat (e->dirfd, e->name, e->info == FTS_DP ? AT_REMOVEDIR : 0)
           != 0)
    {
      code = 1, err = errno;
      libfts_walk_flag_ancestors (e);
    }
  return libfts_walk_report (e, code, err, 0) == 0 ? LIBFTS_WALK_CONTINUE
                                                   : LIBFTS_WALK_STOP;
}

/* Whether a removal failed (rank 0).  */
static bool remove_failed;

/* REPORT, on rank 0: print R's entry.  */
static int
report (const struct libfts_walk_report *r, void *arg)
{
  if (r->code == LIBFTS_WALK_FAILED)
    printf ("walk failed: %s %s\n", r->path, errno_name (r->err));
  else if (r->code == 2)
    printf ("FTS_%s %ld %s left\n", info_name (r->info), r->level, r->path);
  else if (r->code == 1)
    {
      printf ("FTS_%s %ld %s\n", info_name (r->info), r->level, r->path);
      printf ("remove %s: %s\n", r->path, errno_name (r->err));
      remove_failed = true;
    }
  else
    {
      printf ("FTS_%s %ld %s", info_name (r->info), r->level, r->path);
      if (r->info == FTS_DNR || r->info == FTS_NS || r->info == FTS_ERR
          || r->err != 0)
        printf (" errno=%s", errno_name (r->err));
      putchar ('\n');
    }
  return 0;
}

int
main (int argc, char **argv)
{
  int provided, status = 0, options = LIBFTS_WALK_STAT | LIBFTS_WALK_SPLIT;

  MPI_Init_thread (&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  LIBFTS_MPI *m = libfts_mpi_open (MPI_COMM_WORLD);
  if (!m)
    {
      perror ("libfts_mpi_open");
      MPI_Abort (MPI_COMM_WORLD, 2);
    }
  if (argc == 3 && strcmp (argv[1], "--rm") == 0)
    options |= LIBFTS_MPI_POSTORDER;
  removing = argc == 3 && (options & LIBFTS_MPI_POSTORDER
                           || strcmp (argv[1], "--rm-early") == 0);
  if (argc != 2 && !removing)
    status = 2;
  else if (libfts_mpi_rank (m) != 0)
    status = libfts_mpi_serve (m, visit, NULL) == 0 ? 0 : 1;
  else if (libfts_mpi_walk (m, argv[argc - 1], options, visit, report, NULL)
           != 0 || remove_failed)
    status = 1;
  if (status == 2 && libfts_mpi_rank (m) == 0)
    fprintf (stderr, "Usage: mpirun -np N walk-print [--rm|--rm-early] PATH\n");
  libfts_mpi_close (m);
  MPI_Finalize ();
  return status;
}

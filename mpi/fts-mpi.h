/* fts-mpi.h: libfts's parallel walk over the ranks of an MPI job.

   Copyright (C) 2026 The libfts authors.
   SPDX-License-Identifier: LGPL-2.1-or-later

   This library is free software; you can redistribute it and/or modify it
   under the terms of the GNU Lesser General Public License as published by
   the Free Software Foundation; either version 2.1 of the License, or (at
   your option) any later version.

   One tree, walked by every rank of a communicator: each rank runs
   libfts's parallel walk (lib/fts.h) on the directories it was handed,
   and hands some of its subdirectories to ranks that ran out of work
   instead of reading them itself.  VISIT is called on the rank that
   reaches an entry, with the entry's real depth (e->level counts from the
   walk's root, whichever rank walks it); REPORT is called on rank 0
   alone, with every report of every rank, one at a time, in exactly the
   order a sequential fts_read walk of the root would have met their
   entries.  A directory is visited in post-order on the rank that read
   it, after everything below it there (with LIBFTS_MPI_POSTORDER, after
   everything below it on the other ranks too); a subdirectory handed to
   another rank is visited there, pre- and post-order, and its reports
   take its place in its parent's.  mpi/README says how.

   The program initializes MPI itself, with at least MPI_THREAD_FUNNELED,
   and calls these functions from its main thread: this library makes
   every MPI call on the thread that calls it, and its walks' threads
   none.  Every rank must see the tree at the same path, from the same
   working directory.  */

#ifndef LIBFTS_FTS_MPI_H
#define LIBFTS_FTS_MPI_H 1

#include <mpi.h>
#include <stdbool.h>
#include <stdint.h>

#include "fts.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct libfts_mpi LIBFTS_MPI;

/* Option of libfts_mpi_walk beside LIBFTS_WALK_*: walk on rank 0 alone,
   handing nothing to the other ranks (for a VISIT whose decisions depend
   on what it met elsewhere in the walk).  */
#define LIBFTS_MPI_LOCAL 0x10000

/* Option of libfts_mpi_walk: a directory's post-order visit comes after
   everything below it on every rank: the subdirectories it handed to
   other ranks are finished there first (rm's rmdir, chmod's post-order
   change).  Without it, the post-order visit of a directory comes after
   what was walked below it on its own rank (enough for du, whose sums
   are made in REPORT): the rank goes on to other work sooner.  */
#define LIBFTS_MPI_POSTORDER 0x20000

/* Prepare walks over COMM (duplicated: the walks' messages never mix with
   the program's).  Collective over COMM.  Returns null with errno
   (EINVAL: MPI is not initialized with MPI_THREAD_FUNNELED at least, or
   this is not its main thread; ENOMEM; EIO: an MPI call failed).  */
LIBFTS_MPI *libfts_mpi_open (MPI_Comm comm);

/* This rank's number in the walk's communicator.  */
int libfts_mpi_rank (const LIBFTS_MPI *m);

/* Threads of each rank's parallel walk, as libfts_walk_set_threads says
   (0, the default: libfts_default_threads ()).  Returns 0, or -1 with
   errno EINVAL.  */
int libfts_mpi_set_threads (LIBFTS_MPI *m, unsigned n);

/* Progress of the walks (mpi-*'s --progress): every SECONDS (0, the
   default: never) during a walk, FN is called on rank 0's calling thread
   with ARG, the entries visited so far on every rank (each visit but a
   directory's post-order one; the other ranks' counts as they last sent
   them, every SECONDS) and the seconds since the walk began.  Every rank
   calls it with the same SECONDS (FN and ARG matter on rank 0 only).
   Returns 0, or -1 with errno (EINVAL: SECONDS negative or not a number,
   or no FN on rank 0; ENOMEM).  */
int libfts_mpi_set_progress (LIBFTS_MPI *m, double seconds,
                             void (*fn) (uintmax_t entries, double seconds,
                                         void *arg),
                             void *arg);

/* On rank 0: walk ROOT over every rank, with OPTIONS (LIBFTS_WALK_COMFOLLOW,
   LIBFTS_WALK_SPLIT, LIBFTS_WALK_STAT, LIBFTS_WALK_XDEV,
   LIBFTS_WALK_TRUST_SHORT_READS; LIBFTS_WALK_ORDERED is implied;
   LIBFTS_MPI_LOCAL), calling VISIT on every rank (on rank 0 with ARG, on
   the others with the ARG of their libfts_mpi_serve) and REPORT here.
   A report's path is the entry's path from ROOT, its level the entry's
   depth below ROOT, as a sequential walk would give them.  Returns 0 when
   the walk is complete, 1 when REPORT stopped it (the other ranks still
   finish their part, unreported), -1 with errno when some part of it could
   not be walked (after its LIBFTS_WALK_FAILED report, whose err is then
   errno) or when it could not start (EINVAL: not rank 0; ENOMEM).  */
int libfts_mpi_walk (LIBFTS_MPI *m, const char *root, int options,
                     libfts_walk_visit_fn visit,
                     libfts_walk_report_fn report, void *arg);

/* Whether the null-terminated ROOTS can be one libfts_mpi_walk_roots's:
   they are in one directory, named alike ("a b", "d/a d/b"), and none
   is "", "/", "." or "..".  Looks at the names alone.  */
bool libfts_mpi_roots_together (char *const *roots);

/* As libfts_mpi_walk, with the null-terminated ROOTS in one walk, their
   reports one root after another, several walked at once as
   libfts_walk_open_next's LIBFTS_WALK_ROOT (a small one does not pay a
   walk's start and end): they must meet nothing of each other (none is
   another, or below another; nothing checks it).  ROOTS must be together (libfts_mpi_roots_together; EINVAL
   otherwise): the other ranks open their directory, and take only
   directories below a root on its device.  */
int libfts_mpi_walk_roots (LIBFTS_MPI *m, char *const *roots, int options,
                           libfts_walk_visit_fn visit,
                           libfts_walk_report_fn report, void *arg);

/* From a VISIT of libfts_mpi_walk or libfts_mpi_serve, on the thread
   that called it: the path of E as rank 0's reports name it (ROOT's
   path, then the names below it), on whichever rank E was met (a rank
   walks a directory handed to it by another name); for matching whole
   paths, as du's --exclude does.  Elsewhere, libfts_walk_path (E).  A
   string from malloc, or null with errno ENOMEM.  */
char *libfts_mpi_path (const struct libfts_walk_entry *e);

/* On every other rank: take part in each walk rank 0 starts, calling
   VISIT with ARG, until rank 0 calls libfts_mpi_close.  Returns 0, or -1
   with errno (ENOMEM; EINVAL: rank 0).  */
int libfts_mpi_serve (LIBFTS_MPI *m, libfts_walk_visit_fn visit, void *arg);

/* Free M; on rank 0, first tell the other ranks' libfts_mpi_serve to
   return.  Every rank calls it; it does not finalize MPI.  Returns 0, or
   -1 with errno EINVAL.  */
int libfts_mpi_close (LIBFTS_MPI *m);

#ifdef __cplusplus
}
#endif

#endif /* LIBFTS_FTS_MPI_H */

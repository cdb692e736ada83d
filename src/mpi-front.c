/* mpi-front.c: what the MPI front ends (mpi-du, mpi-rm, mpi-chmod,
   mpi-chown, mpi-chgrp) share: MPI's start and end, --progress, and the
   walk_remote of their cores on libfts-mpi.

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

/* Run as "mpirun -np N mpi-PROGRAM [OPTION]... [FILE]...": every rank
   reads the same command line; rank 0 runs the program as on one
   machine, but that a directory operand is walked by every rank
   (mpi/fts-mpi.h), and prints; the other ranks visit what they are
   handed, as the program's core does, and print nothing.  The job's
   exit status is rank 0's: the others exit with 0 but where rank 0 fails
   as they do (a usage error).  mpirun adds lines of its own on standard
   error when a status is not 0.  */

#include <config.h>

#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <mpi.h>

#include "fts-mpi.h"

#include "mpi-front.h"
#include "package-info.h"
#include "progname.h"

static LIBFTS_MPI *mpi;

/* Standard error as it was, on the ranks that print nothing.  */
static int saved_stderr = -1;

/* OPTIONS for libfts_mpi_walk with what HOW (WALK_REMOTE_*) asks.  */
static int
mpi_options (int options, int how)
{
  if (!(how & WALK_REMOTE_SHARE))
    options |= LIBFTS_MPI_LOCAL;
  if (how & WALK_REMOTE_POSTORDER)
    options |= LIBFTS_MPI_POSTORDER;
  return options;
}

static int
walk_mpi (void *ctx, char *root, int options, int how,
          libfts_walk_visit_fn visit, libfts_walk_report_fn report,
          void *arg)
{
  return libfts_mpi_walk (ctx, root, mpi_options (options, how), visit,
                          report, arg);
}

/* walk_remote's walk_roots: walk_mpi's, with ROOTS in one walk, or 2
   when they are not together (libfts_mpi_roots_together).  */
static int
walk_roots_mpi (void *ctx, char *const *roots, int options, int how,
                libfts_walk_visit_fn visit, libfts_walk_report_fn report,
                void *arg)
{
  if (!libfts_mpi_roots_together (roots))
    return 2;
  return libfts_mpi_walk_roots (ctx, roots, mpi_options (options, how),
                                visit, report, arg);
}

/* The other ranks' part: from here on, what they say (running out of
   memory) is said.  */
static int
serve_mpi (void *ctx, libfts_walk_visit_fn visit, void *arg)
{
  if (saved_stderr >= 0)
    {
      dup2 (saved_stderr, STDERR_FILENO);
      close (saved_stderr);
      saved_stderr = -1;
    }
  return libfts_mpi_serve (ctx, visit, arg);
}

/* At exit: end the walks and MPI.  */
static void
end_mpi (void)
{
  libfts_mpi_close (mpi);
  MPI_Finalize ();
}

/* Send standard output and, for now, standard error to /dev/null.  */
static void
silence (void)
{
  int null = open ("/dev/null", O_WRONLY | O_CLOEXEC);

  if (null < 0)
    return;
  saved_stderr = fcntl (STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
  dup2 (null, STDOUT_FILENO);
  dup2 (null, STDERR_FILENO);
  close (null);
}

/* --progress's line: what every rank visited so far.  */
static void
say_progress (uintmax_t entries, double seconds, void *arg)
{
  char const *name = arg;

  fprintf (stderr, "%s: %ju entries in %.1f s (%.0f entries/s)\n", name,
           entries, seconds, seconds > 0 ? entries / seconds : 0.0);
}

/* Whether ARG is --progress, or a prefix of it that no other option of
   the programs shares (--pro, --prog...), with its value after '=' in
   *VALUE (null: none).  */
static bool
is_progress (char const *arg, char const **value)
{
  static char const opt[] = "--progress";
  size_t n = strcspn (arg, "=");

  if (n < 5 || n > sizeof opt - 1 || strncmp (arg, opt, n) != 0)
    return false;
  *value = arg[n] ? arg + n + 1 : NULL;
  return true;
}

/* Take --progress=SECONDS (or --progress SECONDS) out of the command line
   *ARGC, *ARGV (options before "--" only), for M: the program never
   sees it.  A bad interval is a usage error.  */
static void
take_progress (int *argc, char **argv, LIBFTS_MPI *m)
{
  char const *name = strrchr (argv[0], '/') ? strrchr (argv[0], '/') + 1
                     : argv[0];
  int out = 1;

  for (int i = 1; i < *argc; i++)
    {
      char const *value;
      if (strcmp (argv[i], "--") == 0)
        {
          while (i < *argc)
            argv[out++] = argv[i++];
          break;
        }
      if (!is_progress (argv[i], &value))
        {
          argv[out++] = argv[i];
          continue;
        }
      if (!value && i + 1 < *argc)
        value = argv[++i];
      char *end;
      double s = value ? strtod (value, &end) : 0;
      if (!value || end == value || *end || !(s > 0) || s > 1e9)
        {
          if (libfts_mpi_rank (m) != 0)
            exit (EXIT_FAILURE);
          fprintf (stderr, value
                   ? "%s: invalid --progress interval: '%s'\n"
                   : "%s: option '--progress' requires an argument\n",
                   name, value);
          set_program_name (name);
          try_help (EXIT_FAILURE);
        }
      if (libfts_mpi_set_progress (m, s, say_progress, (void *) name) != 0)
        {
          perror ("libfts_mpi_set_progress");
          exit (EXIT_FAILURE);
        }
    }
  argv[out] = NULL;
  *argc = out;
}

struct walk_remote const *
mpi_front_start (int *argc, char ***argv)
{
  static struct walk_remote remote = { .walk = walk_mpi,
                                       .walk_roots = walk_roots_mpi,
                                       .path = libfts_mpi_path,
                                       .output_forwarded = true };
  int provided;

  program_prefix = "mpi-";
  if (MPI_Init_thread (argc, argv, MPI_THREAD_FUNNELED, &provided)
      != MPI_SUCCESS)
    {
      fprintf (stderr, "%s: cannot initialize MPI\n", (*argv)[0]);
      exit (EXIT_FAILURE);
    }
  mpi = libfts_mpi_open (MPI_COMM_WORLD);
  if (!mpi)
    {
      perror ("libfts_mpi_open");
      MPI_Abort (MPI_COMM_WORLD, EXIT_FAILURE);
    }
  atexit (end_mpi);
  take_progress (argc, *argv, mpi);
  if (libfts_mpi_rank (mpi) != 0)
    {
      silence ();
      remote.serve = serve_mpi;
    }
  remote.ctx = mpi;
  return &remote;
}

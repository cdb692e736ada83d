/* mpi-front.h: what the MPI front ends (mpi-du, mpi-rm) share.

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

#ifndef LIBFTS_MPI_FRONT_H
#define LIBFTS_MPI_FRONT_H 1

#include "walk-util.h"

/* Initialize MPI (MPI_THREAD_FUNNELED) and the MPI walk over
   MPI_COMM_WORLD; arrange for both to end at exit.  Every rank reads the
   same command line; on ranks other than 0, standard output goes to
   /dev/null, and standard error too until the rank starts serving (each
   would say what rank 0 says about the command line).  Returns the
   walk_remote for the program's core: rank 0 walks with it and prints,
   the others serve.  Exits on failure.  */
struct walk_remote const *mpi_front_start (int *argc, char ***argv);

#endif /* LIBFTS_MPI_FRONT_H */

/* mpi-du: du over the ranks of an MPI job, as GNU du prints it.

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

/* du's command line (du.c) and core (du-core.h), walking directory
   operands over the ranks (mpi-front.c).  */

#include <config.h>

#include "mpi-front.h"
#include "du.h"

int
main (int argc, char **argv)
{
  struct walk_remote const *remote = mpi_front_start (&argc, &argv);

  return du_main (argc, argv, remote);
}

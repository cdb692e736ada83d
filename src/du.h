/* du.h: du's command line, shared by du and mpi-du.

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

#ifndef LIBFTS_DU_H
#define LIBFTS_DU_H 1

#include "du-core.h"

/* Run du with the command line ARGC, ARGV: parse it, walk the operands
   (with WALKER, or libfts's walks on this machine when null), print, and
   return the exit status (it may also exit, as GNU du does, on a usage
   error, --help, --version or a write error).  */
int du_main (int argc, char **argv, struct walk_remote const *walker);

#endif /* LIBFTS_DU_H */

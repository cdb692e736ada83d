/* chmod.h: chmod's command line, shared by chmod and mpi-chmod.

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

#ifndef LIBFTS_CHMOD_H
#define LIBFTS_CHMOD_H 1

#include "walk-util.h"

/* Run chmod with the command line ARGC, ARGV, walking with REMOTE (null:
   here alone); returns the exit status (it may also exit, as GNU chmod
   does).  */
int chmod_main (int argc, char **argv, struct walk_remote const *remote);

#endif /* LIBFTS_CHMOD_H */

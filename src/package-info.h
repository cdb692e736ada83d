/* package-info.h: what the programs' --help and --version share.

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

#ifndef LIBFTS_PACKAGE_INFO_H
#define LIBFTS_PACKAGE_INFO_H 1

/* What the names of the programs start with in --version and in the
   last lines of --help: "mpi-" for the MPI programs (src/mpi-front.c),
   else "".  */
extern char const *program_prefix;

/* Print, on stdout, which package PROGRAM (its name as the package
   builds it, say "chmod") is part of, its home page and where to report
   bugs: the last lines of --help.  */
void print_package_info (char const *program);

/* The lines of --help about --help and --version, on stdout.  */
void print_help_version_options (void);

/* The lines of chmod's, chown's and chgrp's --help about -c, -f and -v,
   on stdout.  */
void print_change_verbosity_options (void);

/* The lines of chmod's, chown's and chgrp's --help about
   --no-preserve-root and --preserve-root, on stdout.  */
void print_preserve_root_options (void);

/* After a usage error: say on stderr how to get --help, as GNU's
   programs do, and exit with STATUS.  */
_Noreturn void try_help (int status);

/* --version: print PROGRAM's version and copyright, and exit
   successfully.  */
_Noreturn void print_version (char const *program);

#endif /* LIBFTS_PACKAGE_INFO_H */

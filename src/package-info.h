/* package-info.h: the end of the programs' --help.

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

/* Print, on stdout, which package PROGRAM (its name as the package
   builds it, say "chmod") is part of, its home page and where to report
   bugs: the last lines of --help.  */
void print_package_info (char const *program);

#endif /* LIBFTS_PACKAGE_INFO_H */
